// A hub's shadow mode on its view, while it is on: since when, and the calls it let run that
// its confirmation settings would have asked about or refused, newest first, with why and
// what each acts on as an approval names it (llm_hub/shadow/list; on Refresh again).
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { breakable, callerName, loadTitles, platformName, sharedStyles } from "./common";
import { dateTime, num, t } from "./localize";
import { errorText, type HomeAssistant, type ShadowedCall, type ShadowedHub } from "./types";

@customElement("llm-hub-shadow")
export class LlmHubShadow extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property() public entryId = "";

  /** The hub in shadow mode; null once known that it is not in shadow mode. */
  @state() private _hub?: ShadowedHub | null;

  @state() private _error?: string;

  protected willUpdate(changed: PropertyValues): void {
    if (changed.has("entryId") && this.entryId) {
      this._hub = undefined;
      this._load();
    }
  }

  private async _load(): Promise<void> {
    try {
      const { hubs } = await this.hass.callWS<{ hubs: ShadowedHub[] }>({
        type: "llm_hub/shadow/list",
      });
      this._hub = hubs.find((hub) => hub.entry_id === this.entryId) ?? null;
      this._error = undefined;
      if (this._hub) loadTitles(this.hass, new Set(this._hub.calls.map((call) => call.platform)));
    } catch (err) {
      this._error = errorText(err);
    }
  }

  protected render() {
    const hass = this.hass;
    if (this._error) return html`<div class="alert error">${this._error}</div>`;
    const hub = this._hub;
    if (!hub) return nothing;
    return html`<div class="card shadow">
      <div class="toolbar">
        <h2 class="grow">${t(hass, "shadow.title")}</h2>
        <button class="refresh" @click=${() => this._load()}>${t(hass, "common.refresh")}</button>
      </div>
      <p>${t(hass, "shadow.intro", { since: dateTime(hass, hub.since) })}</p>
      ${hub.calls.length
        ? html`<div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>${t(hass, "shadow.col_time")}</th>
                  <th>${t(hass, "shadow.col_tool")}</th>
                  <th>${t(hass, "shadow.col_user")}</th>
                  <th>${t(hass, "shadow.col_would")}</th>
                  <th>${t(hass, "shadow.col_why")}</th>
                  <th>${t(hass, "shadow.col_acts_on")}</th>
                </tr>
              </thead>
              <tbody>
                ${hub.calls.map((call) => this._row(call))}
              </tbody>
            </table>
          </div>`
        : html`<p class="secondary">${t(hass, "shadow.none")}</p>`}
    </div>`;
  }

  private _row(call: ShadowedCall) {
    const hass = this.hass;
    const actsOn = [
      ...call.targets,
      ...(call.targets_more ? [t(hass, "approvals.acts_on_more", { count: num(hass, call.targets_more) })] : []),
      ...(call.targets_unmatched
        ? [t(hass, "approvals.acts_on_nothing", { given: call.targets_unmatched })]
        : []),
    ];
    return html`<tr data-tool=${call.tool_name}>
      <td>${dateTime(hass, call.time)}</td>
      <td><code>${breakable(call.tool_name)}</code></td>
      <td>
        ${callerName(hass, call.user_id, call.user_name)}
        <div class="secondary">${platformName(hass, call.platform, call.agent_id)}</div>
      </td>
      <td>
        ${call.would === "refuse"
          ? html`<span class="badge error">${t(hass, "shadow.would_refuse")}</span>`
          : html`<span class="badge warning">${t(hass, "shadow.would_ask")}</span>`}
      </td>
      <td class="why">
        ${call.reason_key ? t(hass, `reason.${call.reason_key}`) : call.reason}
        ${call.when
          ? html`<div class="secondary">${t(hass, "hub.confirm_when", { conditions: call.when })}</div>`
          : nothing}
      </td>
      <td>${actsOn.length ? actsOn.map((line) => html`<div>${line}</div>`) : "–"}</td>
    </tr>`;
  }

  static styles = [
    sharedStyles,
    css`
      .toolbar h2 {
        margin: 0;
      }
      .card.shadow {
        border-left: 4px solid var(--warning-color, #ffa600);
      }
      td.why {
        min-width: 160px;
        max-width: 320px;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-shadow": LlmHubShadow;
  }
}
