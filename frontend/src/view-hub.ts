// A hub (or any LLM API): its prompt as the model reads it, its tools with what the hub did to
// each, and per tool what each provider's agent sends (llm_hub/api/describe,
// llm_hub/tool/providers). For a hub, links to its options.
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { annotationBadges, breakable, followLink, modeText, num, sharedStyles } from "./common";
import { RenderTimer } from "./render-timer";
import {
  errorText,
  type DescribedTool,
  type Description,
  type HomeAssistant,
  type Providers,
} from "./types";

const HUB_PREFIX = "llm_hub-";

/** Rows of the tools table shown at first, and added by "Show more" (a long table renders
 * and lays out slowly: about 1 ms a row). The filter searches every tool. */
const PAGE = 100;

/** The steps of a hub's options menu (translations/en.json, options.step.init). */
const OPTION_STEPS = [
  "APIs and instructions",
  "Tools",
  "Safety",
  "Tool names and descriptions",
  "Limits and logging",
  "Tool search",
];

@customElement("llm-hub-view")
export class LlmHubView extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property() public apiId = "";

  @property() public prefix = "";

  @state() private _description?: Description;

  @state() private _error?: string;

  @state() private _filter = "";

  @state() private _showHidden = true;

  @state() private _open?: string;

  @state() private _rows = PAGE;

  @state() private _providers: Record<string, Providers | string> = {};

  private _timer = new RenderTimer(this);

  protected willUpdate(changed: PropertyValues): void {
    if (changed.has("apiId") && this.apiId) {
      this._timer.restart();
      this._description = undefined;
      this._providers = {};
      this._open = undefined;
      this._rows = PAGE;
      this._load();
    }
  }

  private async _load(): Promise<void> {
    try {
      this._description = await this.hass.callWS<Description>({
        type: "llm_hub/api/describe",
        api_id: this.apiId,
      });
      this._error = undefined;
    } catch (err) {
      this._error = errorText(err);
    }
    await this._timer.done();
  }

  protected render() {
    if (this._error) return html`<div class="alert error">${this._error}</div>`;
    const description = this._description;
    if (!description) return html`<div class="secondary">Loading…</div>`;
    const { api, size, search } = description;
    const hidden = description.tools.filter((tool) => tool.hidden).length;
    const entryId = api.hub ? api.id.slice(HUB_PREFIX.length) : undefined;
    return html`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${api.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(api.id)}`} @click=${followLink}
            ><button>Test bench</button></a
          >
        </div>
        <div class="figures">
          ${this._figure(num(size.tools), "tools listed")}
          ${search ? this._figure(num(search.reachable), "tools reachable") : nothing}
          ${api.hub ? this._figure(num(hidden), "hidden") : nothing}
          ${this._figure(num(size.prompt_chars + size.tools_chars), "characters")}
          ${this._figure(num(size.tokens), "tokens (estimated)")}
          ${size.max_tools !== undefined ? this._figure(num(size.max_tools), "tool limit") : nothing}
        </div>
        ${search
          ? html`<p class="mode">
              Tool mode: <strong>${modeText(search)}</strong>.
              ${search.active
                ? html`The model is handed ${num(search.listed)} tools
                    (${search.meta_tools.join(", ")}${search.listed > search.meta_tools.length
                      ? ", and the tools always listed"
                      : ""})
                    and reaches all ${num(search.reachable)} through search.`
                : html`The model is handed all ${num(search.listed)} tools.`}
            </p>`
          : nothing}
        ${size.over_limit
          ? html`<div class="alert">
              ${api.name} lists ${size.tools} tools, more than its limit of ${size.max_tools}:
              some models refuse that many. Leave tools out in its options.
            </div>`
          : nothing}
        ${size.over_client_limit
          ? html`<div class="alert client-limit">
              ${api.name} lists ${size.tools} tools: some MCP clients, such as Cursor, keep only
              the first ${size.client_limit}.
              ${api.hub ? "Choose a search mode under Tool search, or leave tools out under Tools." : ""}
            </div>`
          : nothing}
        <div class="secondary"><code>${api.id}</code> · tokens: ${size.estimator}</div>
        ${entryId
          ? html`<p>
              Options:
              ${OPTION_STEPS.map(
                (step, index) => html`${index ? " · " : ""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${entryId}`}
                    title="Settings → LLM Hub → ${api.name} → Configure → ${step}"
                    @click=${followLink}
                    >${step}</a
                  >`,
              )}
            </p>`
          : nothing}
      </div>
      <div class="card">
        <h2>Prompt</h2>
        <p class="secondary">What the model reads before your request (for you, in your language).</p>
        <pre class="prompt">${description.prompt || "(no prompt)"}</pre>
      </div>
      <div class="card tools-card">
        <h2>Tools</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder="Filter by name, original name or source"
            .value=${this._filter}
            @input=${(ev: Event) => (this._filter = (ev.target as HTMLInputElement).value)}
          />
          ${api.hub
            ? html`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${(ev: Event) =>
                    (this._showHidden = (ev.target as HTMLInputElement).checked)}
                />
                Show hidden tools</label
              >`
            : nothing}
        </div>
        ${this._toolsTable(description.tools, api.hub, Boolean(search?.active))}
      </div>
    `;
  }

  private _figure(value: string, label: string) {
    return html`<div class="figure">
      <div class="value">${value}</div>
      <div class="label">${label}</div>
    </div>`;
  }

  private _toolsTable(tools: DescribedTool[], hub: boolean, searching: boolean) {
    const needle = this._filter.trim().toLowerCase();
    const shown = tools.filter(
      (tool) =>
        (this._showHidden || !tool.hidden) &&
        (!needle ||
          [
            tool.name,
            tool.original_name,
            tool.source.integration,
            tool.source.api,
            tool.source.api_name,
          ].some(
            (text) => text?.toLowerCase().includes(needle),
          )),
    );
    return html`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>Listed name</th>
          ${searching ? html`<th>Model gets</th>` : nothing}
          <th>Original name and source</th>
          <th>Annotations</th>
          ${hub
            ? html`<th>Confirmation</th>
                <th>Hidden</th>
                <th>Schema changes</th>`
            : nothing}
          <th class="number">Tokens</th>
        </tr>
      </thead>
      <tbody>
        ${shown.slice(0, this._rows).map((tool) => this._toolRow(tool, hub, searching))}
      </tbody>
    </table></div>
    ${shown.length === 0 ? html`<p class="secondary">No tool matches.</p>` : nothing}
    ${shown.length > this._rows
      ? html`<div class="toolbar more">
          <span class="secondary grow"
            >Showing ${num(this._rows)} of ${num(shown.length)} tools${needle
              ? " that match"
              : ""}.</span
          >
          <button class="show-more" @click=${() => (this._rows += PAGE)}>
            Show ${num(Math.min(PAGE, shown.length - this._rows))} more
          </button>
          <button class="show-all" @click=${() => (this._rows = shown.length)}>Show all</button>
        </div>`
      : nothing}`;
  }

  private _toolRow(tool: DescribedTool, hub: boolean, searching: boolean) {
    const id = tool.key ?? tool.name;
    const open = this._open === id;
    const columns = (hub ? 7 : 4) + (searching ? 1 : 0);
    return html`<tr
        class="clickable ${tool.hidden ? "hidden-tool" : ""} ${open ? "open" : ""}"
        data-tool=${tool.name}
        @click=${() => this._toggle(tool)}
      >
        <td>
          <code>${breakable(tool.hidden ? tool.key ?? tool.name : tool.name)}</code>
          ${tool.title ? html`<div class="secondary">${tool.title}</div>` : nothing}
        </td>
        ${searching ? html`<td class="listing">${this._listing(tool)}</td>` : nothing}
        <td>
          <code>${breakable(tool.original_name)}</code>
          <div class="secondary">${this._source(tool)}</div>
        </td>
        <td>${annotationBadges(tool.annotations)}</td>
        ${hub
          ? html`<td>
                ${tool.confirm
                  ? html`<span class="badge warning">needs confirmation</span>
                      ${tool.confirm_reason
                        ? html`<div class="secondary">${tool.confirm_reason}</div>`
                        : nothing}`
                  : nothing}
              </td>
              <td class="reason">
                ${tool.hidden ? html`<span class="badge">hidden</span> ${tool.hidden}` : nothing}
              </td>
              <td>
                ${tool.schema_fixes?.length
                  ? html`<span class="badge info" title=${tool.schema_fixes.join("\n")}
                      >${tool.schema_fixes.length} change${tool.schema_fixes.length > 1 ? "s" : ""}</span
                    >`
                  : nothing}
              </td>`
          : nothing}
        <td class="number">${num(tool.size.tokens)}</td>
      </tr>
      ${open
        ? html`<tr class="details">
            <td colspan=${columns}>${this._details(tool)}</td>
          </tr>`
        : nothing}`;
  }

  private _listing(tool: DescribedTool) {
    if (tool.hidden) return nothing;
    if (tool.meta) return html`<span class="badge info">listed: tool search</span>`;
    if (tool.listed) return html`<span class="badge info">listed</span>`;
    return html`<span class="badge">through search</span>`;
  }

  private _source(tool: DescribedTool): string {
    if (tool.meta) return `tool search of ${tool.source.api_name ?? tool.source.api}`;
    const { integration } = tool.source;
    const api = tool.source.api_name ?? tool.source.api;
    if (api && integration) return `${integration}, through ${api}`;
    if (api) return `through ${api}`;
    return integration ? `${integration} (contributed)` : "";
  }

  private _details(tool: DescribedTool) {
    const providers = this._providers[tool.name];
    return html`
      <p>${tool.description || html`<span class="secondary">(no description)</span>`}</p>
      ${tool.schema_fixes?.length
        ? html`<div class="secondary">Schema changes made so every provider accepts it:</div>
            <ul>
              ${tool.schema_fixes.map((fix) => html`<li>${fix}</li>`)}
            </ul>`
        : nothing}
      ${tool.parameters_error
        ? html`<div class="alert error">Parameters: ${tool.parameters_error}</div>`
        : html`<div class="secondary">Parameters (JSON Schema, as agents convert them):</div>
            <pre>${JSON.stringify(tool.parameters, null, 2)}</pre>`}
      ${!tool.hidden && !tool.listed
        ? html`<p class="secondary">
            Not handed to the model: it finds this tool with search_tools and calls it through
            call_tool (call_read_only_tool for a read-only tool), with the same checks.
          </p>`
        : nothing}
      ${tool.hidden || !tool.listed
        ? nothing
        : html`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(
                  this.apiId,
                )}&tool=${encodeURIComponent(tool.name)}`}
                @click=${followLink}
                ><button class="primary">Try it in the test bench</button></a
              >
            </div>
            <div class="secondary">What each provider's agent in Home Assistant sends:</div>
            ${providers === undefined
              ? html`<div class="secondary">Loading…</div>`
              : typeof providers === "string"
                ? html`<div class="alert error">${providers}</div>`
                : html`<div class="providers">
                    ${Object.entries(providers.providers).map(
                      ([key, provider]) => html`<div class="provider" data-provider=${key}>
                        <strong>${provider.name}</strong>
                        ${provider.error
                          ? html`<div class="secondary">${provider.error}</div>`
                          : html`<pre>${JSON.stringify(provider.definition, null, 2)}</pre>`}
                      </div>`,
                    )}
                  </div>`}`}
    `;
  }

  private async _toggle(tool: DescribedTool): Promise<void> {
    const id = tool.key ?? tool.name;
    this._open = this._open === id ? undefined : id;
    if (!this._open || tool.hidden || !tool.listed || this._providers[tool.name] !== undefined)
      return;
    try {
      const providers = await this.hass.callWS<Providers>({
        type: "llm_hub/tool/providers",
        api_id: this.apiId,
        tool_name: tool.name,
      });
      this._providers = { ...this._providers, [tool.name]: providers };
    } catch (err) {
      this._providers = { ...this._providers, [tool.name]: errorText(err) };
    }
  }

  static styles = [
    sharedStyles,
    css`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-view": LlmHubView;
  }
}
