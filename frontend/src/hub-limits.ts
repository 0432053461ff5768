// A hub's limits on its view: calls a minute of one tool by one person, changes an hour by one
// person, and what they count now (llm_hub/hub/limits, fetched when the section shows and on
// Refresh). People by name; a caller without a user as such.
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { callerName, sharedStyles } from "./common";
import { num, t } from "./localize";
import { errorText, type HomeAssistant, type HubLimits, type LimitCount } from "./types";

@customElement("llm-hub-limits")
export class LlmHubLimits extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property() public entryId = "";

  @state() private _limits?: HubLimits;

  @state() private _error?: string;

  protected willUpdate(changed: PropertyValues): void {
    if (changed.has("entryId") && this.entryId) {
      this._limits = undefined;
      this._load();
    }
  }

  private async _load(): Promise<void> {
    try {
      this._limits = await this.hass.callWS<HubLimits>({
        type: "llm_hub/hub/limits",
        entry_id: this.entryId,
      });
      this._error = undefined;
    } catch (err) {
      this._error = errorText(err);
    }
  }

  protected render() {
    const hass = this.hass;
    const limits = this._limits;
    return html`<div class="card limits">
      <div class="toolbar">
        <h2 class="grow">${t(hass, "limits.title")}</h2>
        <button class="refresh" @click=${() => this._load()}>${t(hass, "common.refresh")}</button>
      </div>
      ${this._error
        ? html`<div class="alert error">${this._error}</div>`
        : !limits
          ? html`<div class="secondary">${t(hass, "common.loading")}</div>`
          : this._body(limits)}
    </div>`;
  }

  private _body(limits: HubLimits) {
    const hass = this.hass;
    if (limits.calls_per_minute === null && limits.changes_per_hour === null)
      return html`<p class="secondary">${t(hass, "limits.none")}</p>`;
    const limit = (value: number | null) => (value === null ? t(hass, "limits.no_limit") : num(hass, value));
    return html`
      <ul class="set">
        <li>${t(hass, "limits.calls_per_minute", { limit: limit(limits.calls_per_minute) })}</li>
        <li>${t(hass, "limits.changes_per_hour", { limit: limit(limits.changes_per_hour) })}</li>
      </ul>
      ${!limits.loaded
        ? html`<p class="secondary">${t(hass, "limits.not_loaded")}</p>`
        : html`${limits.calls_per_minute !== null
              ? this._table("calls", t(hass, "limits.calls"), limits.calls, limits.calls_per_minute, true)
              : nothing}
            ${limits.changes_per_hour !== null
              ? this._table("changes", t(hass, "limits.changes"), limits.changes, limits.changes_per_hour, false)
              : nothing}
            <p class="refusals">
              <strong>${t(hass, "limits.refusals", { count: limits.refusals })}</strong>
            </p>
            <p class="secondary">${t(hass, "limits.counted")}</p>`}
    `;
  }

  private _table(part: string, title: string, rows: LimitCount[], limit: number, tools: boolean) {
    const hass = this.hass;
    return html`<h3>${title}</h3>
      ${rows.length
        ? html`<div class="table-wrap">
            <table data-part=${part}>
              <thead>
                <tr>
                  <th>${t(hass, "limits.col_user")}</th>
                  ${tools ? html`<th>${t(hass, "limits.col_tool")}</th>` : nothing}
                  <th class="number">${t(hass, "limits.col_count")}</th>
                </tr>
              </thead>
              <tbody>
                ${rows.map(
                  (row) => html`<tr>
                    <td>${callerName(hass, row.user_id, row.user_name)}</td>
                    ${tools ? html`<td><code>${row.tool_name}</code></td>` : nothing}
                    <td class="number ${row.count >= limit ? "full" : ""}">
                      ${t(hass, "limits.of_limit", { count: row.count, limit })}
                    </td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
        : html`<p class="secondary">${t(hass, "limits.nothing")}</p>`}`;
  }

  static styles = [
    sharedStyles,
    css`
      .toolbar h2 {
        margin: 0;
      }
      h3 {
        margin: 12px 0 4px;
        font-size: 16px;
        font-weight: 500;
      }
      ul.set {
        margin: 0 0 8px;
        padding-left: 20px;
      }
      td.full {
        color: var(--error-color, #db4437);
        font-weight: 500;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-limits": LlmHubLimits;
  }
}
