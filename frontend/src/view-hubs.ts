// Hubs: every hub and every other LLM API with its tool count, size, warnings, repairs and
// calls in the last 24 hours (llm_hub/apis/list).
import { LitElement, html, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { followLink, modeText, navigate, num, sharedStyles } from "./common";
import { RenderTimer } from "./render-timer";
import { errorText, type ApiList, type ApiRow, type HomeAssistant } from "./types";

@customElement("llm-hub-hubs")
export class LlmHubHubs extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property() public prefix = "";

  @state() private _list?: ApiList;

  @state() private _error?: string;

  private _timer = new RenderTimer(this);

  public connectedCallback(): void {
    super.connectedCallback();
    this._timer.restart();
    this._load();
  }

  private async _load(): Promise<void> {
    try {
      this._list = await this.hass.callWS<ApiList>({ type: "llm_hub/apis/list" });
      this._error = undefined;
    } catch (err) {
      this._error = errorText(err);
    }
    await this._timer.done();
  }

  protected render() {
    if (this._error) return html`<div class="alert error">${this._error}</div>`;
    if (!this._list) return html`<div class="secondary">Loading…</div>`;
    const hubs = this._list.apis.filter((api) => api.hub);
    const others = this._list.apis.filter((api) => !api.hub);
    return html`
      <div class="card">
        <h2>Hubs</h2>
        ${hubs.length
          ? this._table(hubs, true)
          : html`<p class="secondary">
              No hub yet: add one in Settings → Devices &amp; services → Add integration →
              LLM Hub.
            </p>`}
      </div>
      <div class="card">
        <h2>Other LLM APIs</h2>
        ${this._table(others, false)}
      </div>
      <p class="secondary">
        Sizes are what a model gets, built for you: prompt and tool definitions; tokens are
        estimated (${this._list.estimator}). Calls are those of the last 24 hours, counted
        since Home Assistant started (${new Date(this._list.since).toLocaleString()}).
        <button @click=${this._reload}>Refresh</button>
      </p>
    `;
  }

  private _table(rows: ApiRow[], hubs: boolean) {
    return html`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>Name</th>
          ${hubs ? html`<th>Tool mode</th>` : nothing}
          <th class="number">${hubs ? "Tools listed" : "Tools"}</th>
          ${hubs
            ? html`<th class="number">Reachable</th>
                <th class="number">Hidden</th>`
            : nothing}
          <th class="number">Characters</th>
          <th class="number">Tokens (est.)</th>
          ${hubs
            ? html`<th>Warnings</th>
                <th class="number">Calls (24 h)</th>`
            : nothing}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) => html`<tr
            class="clickable"
            data-api=${row.id}
            @click=${() => navigate(`${this.prefix}/hub/${encodeURIComponent(row.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(row.id)}`} @click=${followLink}
                >${row.name}</a
              >
              <div class="secondary"><code>${row.id}</code></div>
            </td>
            ${hubs ? html`<td class="mode">${modeText(row.search)}</td>` : nothing}
            <td class="number">${num(row.tools)}</td>
            ${hubs
              ? html`<td class="number">${num(row.search?.reachable)}</td>
                  <td class="number">${num(row.hidden)}</td>`
              : nothing}
            <td class="number">
              ${row.prompt_chars === null
                ? "–"
                : num((row.prompt_chars ?? 0) + (row.tools_chars ?? 0))}
            </td>
            <td class="number">${num(row.tokens)}</td>
            ${hubs ? html`<td>${this._warnings(row)}</td>
                  <td class="number">${num(row.calls_24h)}</td>` : nothing}
          </tr>`,
        )}
      </tbody>
    </table></div>`;
  }

  private _warnings(row: ApiRow) {
    return html`
      ${row.state !== "loaded"
        ? html`<span class="badge error">${row.state.replaceAll("_", " ")}</span>`
        : nothing}
      ${row.error ? html`<span class="badge error" title=${row.error}>cannot be built</span>` : nothing}
      ${row.over_limit
        ? html`<span class="badge warning" title="More tools than the hub's limit"
            >over the limit of ${row.max_tools}</span
          >`
        : nothing}
      ${row.over_client_limit
        ? html`<span
            class="badge warning"
            title="Some MCP clients, such as Cursor, keep only the first ${this._list!.client_limit} tools"
            >over ${this._list!.client_limit} tools</span
          >`
        : nothing}
      ${row.repairs.length
        ? html`<a href="/config/repairs" @click=${followLink}
            ><span class="badge warning"
              >${row.repairs.length} repair${row.repairs.length > 1 ? "s" : ""}</span
            ></a
          >`
        : nothing}
    `;
  }

  private _reload(): void {
    this._timer.restart();
    this._load();
  }

  static styles = sharedStyles;
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-hubs": LlmHubHubs;
  }
}
