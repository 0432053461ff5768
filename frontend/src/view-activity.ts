// Activity: the recent tool calls of all hubs, updating live (llm_hub/activity/subscribe),
// filtered by hub, tool, user and outcome. Arguments appear only where the hub records them.
import { LitElement, css, html, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import {
  breakable,
  loadTitles,
  outcomeBadge,
  outcomeText,
  platformName,
  sharedStyles,
  userName,
} from "./common";
import { dateTime, num, t } from "./localize";
import { RenderTimer } from "./render-timer";
import { errorText, type ActivityCall, type HomeAssistant, type User } from "./types";

const OUTCOMES = ["ok", "error", "refused", "needs_confirmation"];

@customElement("llm-hub-activity")
export class LlmHubActivity extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property({ attribute: false }) public users: User[] = [];

  @state() private _calls?: ActivityCall[];

  @state() private _error?: string;

  @state() private _hub = "";

  @state() private _tool = "";

  @state() private _user = "";

  @state() private _outcome = "";

  private _unsubscribe?: Promise<() => Promise<void>>;

  private _timer = new RenderTimer(this);

  public connectedCallback(): void {
    super.connectedCallback();
    this._timer.restart();
    this._unsubscribe = this.hass.connection.subscribeMessage<{ calls: ActivityCall[] }>(
      (message) => {
        const first = this._calls === undefined;
        // Newest first; the first message holds the recent calls, oldest first.
        this._calls = [...message.calls.reverse(), ...(this._calls ?? [])].slice(0, 500);
        if (first) this._timer.done();
      },
      { type: "llm_hub/activity/subscribe" },
    );
    this._unsubscribe.catch((err) => {
      this._error = errorText(err);
    });
  }

  public disconnectedCallback(): void {
    super.disconnectedCallback();
    this._unsubscribe?.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    this._unsubscribe = undefined;
    this._calls = undefined;
  }

  private _userName(userId: string | null): string {
    return userName(this.hass, this.users, userId);
  }

  protected render() {
    const hass = this.hass;
    if (this._error) return html`<div class="alert error">${this._error}</div>`;
    if (!this._calls) return html`<div class="secondary">${t(hass, "common.loading")}</div>`;
    const calls = this._calls;
    loadTitles(hass, new Set(calls.map((call) => call.platform)));
    const hubs = [...new Map(calls.map((call) => [call.api_id, call.api_name])).entries()];
    const users = [...new Set(calls.map((call) => call.user_id ?? ""))];
    const needle = this._tool.trim().toLowerCase();
    const shown = calls.filter(
      (call) =>
        (!this._hub || call.api_id === this._hub) &&
        (!this._user || (call.user_id ?? "") === this._user) &&
        (!this._outcome || call.outcome === this._outcome) &&
        (!needle ||
          call.tool_name.toLowerCase().includes(needle) ||
          call.original_tool_name.toLowerCase().includes(needle)),
    );
    const pick = (field: "_hub" | "_user" | "_outcome") => (ev: Event) => {
      this[field] = (ev.target as HTMLSelectElement).value;
    };
    return html`<div class="card">
      <h2>${t(hass, "tabs.activity")}</h2>
      <div class="toolbar">
        <select name="hub" @change=${pick("_hub")}>
          <option value="">${t(hass, "activity.all_hubs")}</option>
          ${hubs.map(([id, name]) => html`<option value=${id}>${name}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder=${t(hass, "activity.tool")}
          .value=${this._tool}
          @input=${(ev: Event) => (this._tool = (ev.target as HTMLInputElement).value)}
        />
        <select name="user" @change=${pick("_user")}>
          <option value="">${t(hass, "activity.all_users")}</option>
          ${users.map((id) => html`<option value=${id}>${this._userName(id || null)}</option>`)}
        </select>
        <select name="outcome" @change=${pick("_outcome")}>
          <option value="">${t(hass, "activity.all_outcomes")}</option>
          ${OUTCOMES.map(
            (outcome) => html`<option value=${outcome}>${outcomeText(hass, outcome)}</option>`,
          )}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● ${t(hass, "common.live")}</span>
      </div>
      ${shown.length === 0
        ? html`<p class="secondary">
            ${t(hass, calls.length ? "activity.no_match" : "activity.none")}
          </p>`
        : html`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>${t(hass, "activity.col_time")}</th>
                <th>${t(hass, "activity.col_hub")}</th>
                <th>${t(hass, "activity.tool")}</th>
                <th>${t(hass, "activity.col_user")}</th>
                <th>${t(hass, "activity.col_from")}</th>
                <th>${t(hass, "activity.col_outcome")}</th>
                <th class="number">${t(hass, "activity.col_duration")}</th>
              </tr>
            </thead>
            <tbody>
              ${shown.map((call) => this._row(call))}
            </tbody>
          </table></div>`}
    </div>`;
  }

  private _row(call: ActivityCall) {
    const hass = this.hass;
    return html`<tr data-call=${call.tool_call_id}>
      <td class="time">${dateTime(hass, call.time)}</td>
      <td>${call.api_name}</td>
      <td>
        <code>${breakable(call.tool_name)}</code>
        ${call.original_tool_name !== call.tool_name
          ? html`<div class="secondary"><code>${breakable(call.original_tool_name)}</code></div>`
          : nothing}
        ${call.arguments
          ? html`<pre class="arguments">${JSON.stringify(call.arguments)}</pre>`
          : nothing}
        ${call.error ? html`<div class="error-text">${call.error}</div>` : nothing}
      </td>
      <td>${this._userName(call.user_id)}</td>
      <td>${platformName(hass, call.platform, call.agent_id)}</td>
      <td>
        ${outcomeBadge(hass, call.outcome)}
        ${call.shadow
          ? html`<div>
              <span class="badge warning" title=${call.shadow_reason ?? ""}
                >${t(hass, call.shadow === "refuse" ? "shadow.badge_refuse" : "shadow.badge_ask")}</span
              >
            </div>`
          : nothing}
      </td>
      <td class="number">${t(hass, "common.ms", { ms: num(hass, call.duration_ms) })}</td>
    </tr>`;
  }

  static styles = [
    sharedStyles,
    css`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-activity": LlmHubActivity;
  }
}
