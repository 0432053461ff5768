// A hub (or any LLM API): its prompt as the model reads it, its tools with what the hub did to
// each, and per tool what each provider's agent sends (llm_hub/api/describe,
// llm_hub/tool/providers). For a hub, links to its options.
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import "./hub-limits";
import "./hub-scope";
import "./hub-shadow";
import {
  annotationBadges,
  breakable,
  followLink,
  modeText,
  sharedStyles,
  userName,
} from "./common";
import { num, stepName, t, tHtml } from "./localize";
import { RenderTimer } from "./render-timer";
import {
  errorText,
  type DescribedTool,
  type Description,
  type HomeAssistant,
  type Providers,
  type User,
} from "./types";

const HUB_PREFIX = "llm_hub-";

/** Rows of the tools table shown at first, and added by "Show more" (a long table renders
 * and lays out slowly: about 1 ms a row). The filter searches every tool. */
const PAGE = 100;

/** The steps of a hub's options menu (translations: options.step.init.menu_options). */
const OPTION_STEPS = ["apis", "tools", "scope", "safety", "overrides", "limits", "search"];

@customElement("llm-hub-view")
export class LlmHubView extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property({ attribute: false }) public users: User[] = [];

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
    const hass = this.hass;
    if (this._error) return html`<div class="alert error">${this._error}</div>`;
    const description = this._description;
    if (!description) return html`<div class="secondary">${t(hass, "common.loading")}</div>`;
    const { api, size, search } = description;
    const hidden = description.tools.filter((tool) => tool.hidden).length;
    const entryId = api.hub ? api.id.slice(HUB_PREFIX.length) : undefined;
    return html`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${api.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(api.id)}`} @click=${followLink}
            ><button>${t(hass, "tabs.bench")}</button></a
          >
        </div>
        ${description.user_id !== hass.user?.id
          ? html`<div class="alert shown-as">
              ${t(hass, "hub.shown_as", {
                user: userName(hass, this.users, description.user_id),
              })}
            </div>`
          : nothing}
        <div class="figures">
          ${this._figure(num(hass, size.tools), t(hass, "hub.figure_listed"))}
          ${search ? this._figure(num(hass, search.reachable), t(hass, "hub.figure_reachable")) : nothing}
          ${api.hub ? this._figure(num(hass, hidden), t(hass, "hub.figure_hidden")) : nothing}
          ${this._figure(num(hass, size.prompt_chars + size.tools_chars), t(hass, "hub.figure_chars"))}
          ${this._figure(num(hass, size.tokens), t(hass, "hub.figure_tokens"))}
          ${size.max_tools !== undefined
            ? this._figure(num(hass, size.max_tools), t(hass, "hub.figure_limit"))
            : nothing}
        </div>
        ${search
          ? html`<p class="mode">
              ${tHtml(hass, "hub.mode", { mode: html`<strong>${modeText(hass, search)}</strong>` })}
              ${search.active
                ? t(
                    hass,
                    search.listed > search.meta_tools.length
                      ? "hub.mode_searching_pinned"
                      : "hub.mode_searching",
                    {
                      listed: num(hass, search.listed),
                      meta: search.meta_tools.join(", "),
                      reachable: num(hass, search.reachable),
                    },
                  )
                : t(hass, "hub.mode_all", { listed: num(hass, search.listed) })}
            </p>`
          : nothing}
        ${size.over_limit
          ? html`<div class="alert">
              ${t(hass, "hub.over_limit", {
                api: api.name,
                tools: num(hass, size.tools),
                limit: num(hass, size.max_tools),
              })}
            </div>`
          : nothing}
        ${size.over_client_limit
          ? html`<div class="alert client-limit">
              ${t(hass, "hub.over_client", {
                api: api.name,
                tools: num(hass, size.tools),
                limit: num(hass, size.client_limit),
              })}
              ${api.hub ? t(hass, "hub.over_client_hub") : ""}
            </div>`
          : nothing}
        <div class="secondary">
          <code>${api.id}</code> ·
          ${t(hass, "hub.tokens", {
            // The backend's estimator reads "characters / 4.2, rounded up".
            estimator: t(hass, "common.estimator", {
              chars: num(hass, Number(/\d+(\.\d+)?/.exec(size.estimator)?.[0] ?? 4.2)),
            }),
          })}
        </div>
        ${entryId
          ? html`<p>
              ${t(hass, "hub.options")}
              ${OPTION_STEPS.map(
                (step, index) => html`${index ? " · " : ""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${entryId}`}
                    title=${t(hass, "hub.options_path", { hub: api.name, step: stepName(hass, step) })}
                    @click=${followLink}
                    >${stepName(hass, step)}</a
                  >`,
              )}
            </p>`
          : nothing}
      </div>
      ${entryId
        ? html`<llm-hub-shadow .hass=${this.hass} .entryId=${entryId}></llm-hub-shadow>
            <llm-hub-scope .hass=${this.hass} .entryId=${entryId}></llm-hub-scope>
            <llm-hub-limits .hass=${this.hass} .entryId=${entryId}></llm-hub-limits>`
        : nothing}
      <div class="card">
        <h2>${t(hass, "hub.prompt")}</h2>
        <p class="secondary">${t(hass, "hub.prompt_help")}</p>
        <pre class="prompt">${description.prompt || t(hass, "hub.no_prompt")}</pre>
      </div>
      <div class="card tools-card">
        <h2>${t(hass, "hub.tools")}</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder=${t(hass, "hub.filter")}
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
                ${t(hass, "hub.show_hidden")}</label
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
    const hass = this.hass;
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
          <th>${t(hass, "hub.col_name")}</th>
          ${searching ? html`<th>${t(hass, "hub.col_model_gets")}</th>` : nothing}
          <th>${t(hass, "hub.col_original")}</th>
          <th>${t(hass, "hub.col_annotations")}</th>
          ${hub
            ? html`<th>${t(hass, "hub.col_confirmation")}</th>
                <th>${t(hass, "hub.col_hidden")}</th>
                <th>${t(hass, "hub.col_schema")}</th>`
            : nothing}
          <th class="number">${t(hass, "hub.col_tokens")}</th>
        </tr>
      </thead>
      <tbody>
        ${shown.slice(0, this._rows).map((tool) => this._toolRow(tool, hub, searching))}
      </tbody>
    </table></div>
    ${shown.length === 0 ? html`<p class="secondary">${t(hass, "hub.no_match")}</p>` : nothing}
    ${shown.length > this._rows
      ? html`<div class="toolbar more">
          <span class="secondary grow"
            >${t(hass, needle ? "hub.showing_match" : "hub.showing", {
              shown: num(hass, this._rows),
              total: num(hass, shown.length),
            })}</span
          >
          <button class="show-more" @click=${() => (this._rows += PAGE)}>
            ${t(hass, "hub.show_more", { count: num(hass, Math.min(PAGE, shown.length - this._rows)) })}
          </button>
          <button class="show-all" @click=${() => (this._rows = shown.length)}>
            ${t(hass, "hub.show_all")}
          </button>
        </div>`
      : nothing}`;
  }

  private _toolRow(tool: DescribedTool, hub: boolean, searching: boolean) {
    const hass = this.hass;
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
        <td>${annotationBadges(hass, tool.annotations)}</td>
        ${hub
          ? html`<td>
                ${tool.confirm
                  ? html`<span class="badge warning">${t(hass, "hub.needs_confirmation")}</span>
                      ${tool.confirm_reason
                        ? html`<div class="secondary">
                            ${this._reason(tool.confirm_key, tool.confirm_reason)}
                          </div>`
                        : nothing}
                      ${tool.confirm_when?.length
                        ? html`<div class="secondary">
                            ${t(hass, "hub.confirm_when", {
                              conditions: tool.confirm_when
                                .map((condition) =>
                                  condition.known
                                    ? condition.text
                                    : t(hass, "hub.condition_unknown", { condition: condition.text }),
                                )
                                .join(", "),
                            })}
                          </div>`
                        : nothing}`
                  : nothing}
              </td>
              <td class="reason">
                ${tool.hidden
                  ? html`<span class="badge">${t(hass, "hub.hidden_badge")}</span>
                      ${this._reason(tool.hidden_key, tool.hidden)}`
                  : nothing}
              </td>
              <td>
                ${tool.schema_fixes?.length
                  ? html`<span class="badge info" title=${tool.schema_fixes.join("\n")}
                      >${t(hass, "hub.changes", { count: tool.schema_fixes.length })}</span
                    >`
                  : nothing}
              </td>`
          : nothing}
        <td class="number">${num(hass, tool.size.tokens)}</td>
      </tr>
      ${open
        ? html`<tr class="details">
            <td colspan=${columns}>${this._details(tool)}</td>
          </tr>`
        : nothing}`;
  }

  /** A reason in the user's language when it is one of the fixed ones, else as given. */
  private _reason(key: string | null | undefined, reason: string): string {
    return key ? t(this.hass, `reason.${key}`) : reason;
  }

  private _listing(tool: DescribedTool) {
    const hass = this.hass;
    if (tool.hidden) return nothing;
    if (tool.meta) return html`<span class="badge info">${t(hass, "hub.listed_meta")}</span>`;
    if (tool.listed) return html`<span class="badge info">${t(hass, "hub.listed")}</span>`;
    return html`<span class="badge">${t(hass, "hub.through_search")}</span>`;
  }

  private _source(tool: DescribedTool): string {
    const hass = this.hass;
    const api = tool.source.api_name ?? tool.source.api ?? "";
    if (tool.meta) return t(hass, "hub.source_meta", { api });
    const { integration } = tool.source;
    if (api && integration) return t(hass, "hub.source_integration_api", { integration, api });
    if (api) return t(hass, "hub.source_api", { api });
    return integration ? t(hass, "hub.source_contributed", { integration }) : "";
  }

  private _details(tool: DescribedTool) {
    const hass = this.hass;
    const providers = this._providers[tool.name];
    return html`
      <p>
        ${tool.description || html`<span class="secondary">${t(hass, "hub.no_description")}</span>`}
      </p>
      ${tool.schema_fixes?.length
        ? html`<div class="secondary">${t(hass, "hub.schema_changes")}</div>
            <ul>
              ${tool.schema_fixes.map((fix) => html`<li>${fix}</li>`)}
            </ul>`
        : nothing}
      ${tool.parameters_error
        ? html`<div class="alert error">
            ${t(hass, "hub.parameters_error", { error: tool.parameters_error })}
          </div>`
        : html`<div class="secondary">${t(hass, "hub.parameters")}</div>
            <pre>${JSON.stringify(tool.parameters, null, 2)}</pre>`}
      ${!tool.hidden && !tool.listed
        ? html`<p class="secondary">${t(hass, "hub.behind_search")}</p>`
        : nothing}
      ${tool.hidden || !tool.listed
        ? nothing
        : html`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(
                  this.apiId,
                )}&tool=${encodeURIComponent(tool.name)}`}
                @click=${followLink}
                ><button class="primary">${t(hass, "hub.try_it")}</button></a
              >
            </div>
            <div class="secondary">${t(hass, "hub.providers")}</div>
            ${providers === undefined
              ? html`<div class="secondary">${t(hass, "common.loading")}</div>`
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
