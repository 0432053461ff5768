// Hubs: every hub and every other LLM API with its tool count, size, warnings, repairs and
// calls in the last 24 hours (llm_hub/apis/list).
import { LitElement, html, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { followLink, modeText, navigate, sharedStyles, userName } from "./common";
import { dateTime, num, t } from "./localize";
import { RenderTimer } from "./render-timer";
import { errorText, type ApiList, type ApiRow, type HomeAssistant, type User } from "./types";

@customElement("llm-hub-hubs")
export class LlmHubHubs extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property({ attribute: false }) public users: User[] = [];

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
    const hass = this.hass;
    if (this._error) return html`<div class="alert error">${this._error}</div>`;
    if (!this._list) return html`<div class="secondary">${t(hass, "common.loading")}</div>`;
    const hubs = this._list.apis.filter((api) => api.hub);
    const others = this._list.apis.filter((api) => !api.hub);
    return html`
      <div class="card">
        <h2>${t(hass, "hubs.title")}</h2>
        ${hubs.length
          ? this._table(hubs, true)
          : html`<p class="secondary">${t(hass, "hubs.none")}</p>`}
      </div>
      <div class="card">
        <h2>${t(hass, "hubs.others")}</h2>
        ${this._table(others, false)}
      </div>
      <p class="secondary">
        ${t(hass, "hubs.sizes", {
          estimator: t(hass, "common.estimator", { chars: num(hass, this._list.chars_per_token) }),
          since: dateTime(hass, this._list.since),
        })}
        <button @click=${this._reload}>${t(hass, "common.refresh")}</button>
      </p>
    `;
  }

  private _table(rows: ApiRow[], hubs: boolean) {
    const hass = this.hass;
    return html`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>${t(hass, "hubs.name")}</th>
          ${hubs ? html`<th>${t(hass, "hubs.tool_mode")}</th>` : nothing}
          <th class="number">${t(hass, hubs ? "hubs.tools_listed" : "hubs.tools")}</th>
          ${hubs
            ? html`<th class="number">${t(hass, "hubs.reachable")}</th>
                <th class="number">${t(hass, "hubs.hidden")}</th>`
            : nothing}
          <th class="number">${t(hass, "hubs.characters")}</th>
          <th class="number">${t(hass, "hubs.tokens")}</th>
          ${hubs
            ? html`<th>${t(hass, "hubs.warnings")}</th>
                <th class="number">${t(hass, "hubs.calls")}</th>`
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
              <div class="secondary"><code class="api-id">${row.id}</code></div>
              ${row.as_user !== hass.user?.id
                ? html`<div class="secondary as-user">
                    ${t(hass, "hubs.as_user", { user: userName(hass, this.users, row.as_user) })}
                  </div>`
                : nothing}
            </td>
            ${hubs ? html`<td class="mode">${modeText(hass, row.search)}</td>` : nothing}
            <td class="number">${num(hass, row.tools)}</td>
            ${hubs
              ? html`<td class="number">${num(hass, row.search?.reachable)}</td>
                  <td class="number">${num(hass, row.hidden)}</td>`
              : nothing}
            <td class="number">
              ${row.prompt_chars === null
                ? "–"
                : num(hass, (row.prompt_chars ?? 0) + (row.tools_chars ?? 0))}
            </td>
            <td class="number">${num(hass, row.tokens)}</td>
            ${hubs ? html`<td class="warnings">${this._warnings(row)}</td>
                  <td class="number">${num(hass, row.calls_24h)}</td>` : nothing}
          </tr>`,
        )}
      </tbody>
    </table></div>`;
  }

  private _warnings(row: ApiRow) {
    const hass = this.hass;
    const limit = num(hass, this._list!.client_limit);
    const state = t(hass, `entry_state.${row.state}`);
    return html`
      ${row.state !== "loaded"
        ? html`<span class="badge error"
            >${state === `entry_state.${row.state}` ? row.state.replaceAll("_", " ") : state}</span
          >`
        : nothing}
      ${row.error
        ? html`<span class="badge error" title=${row.error}>${t(hass, "hubs.cannot_build")}</span>`
        : nothing}
      ${row.over_limit
        ? html`<span class="badge warning" title=${t(hass, "hubs.over_limit_title")}
            >${t(hass, "hubs.over_limit", { limit: num(hass, row.max_tools) })}</span
          >`
        : nothing}
      ${row.over_client_limit
        ? html`<span class="badge warning" title=${t(hass, "hubs.over_client_title", { limit })}
            >${t(hass, "hubs.over_client", { limit })}</span
          >`
        : nothing}
      ${row.repairs.length
        ? html`<a href="/config/repairs" @click=${followLink}
            ><span class="badge warning"
              >${t(hass, "hubs.repairs", { count: row.repairs.length })}</span
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
