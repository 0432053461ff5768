// Approvals: tool calls that wait for a person in Home Assistant (llm_hub/approvals/subscribe,
// updating live), each with Approve and Deny (llm_hub/approvals/approve, /deny). Decided ones
// stay below, greyed, for as long as Home Assistant keeps them, with who decided.
import { LitElement, css, html, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { breakable, followLink, personName, platformName, sharedStyles } from "./common";
import { num, stepName, t, tHtml, timeOfDay } from "./localize";
import { RenderTimer } from "./render-timer";
import { errorText, type Approval, type HomeAssistant, type User } from "./types";

const STATUS_BADGES: Record<Approval["status"], string> = {
  pending: "warning",
  approved: "success",
  used: "success",
  denied: "error",
  expired: "",
};

/** A time left as "4:05" or "1:02:03" (never below zero). */
function left(until: string, now: number): string {
  const seconds = Math.max(0, Math.round((Date.parse(until) - now) / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const pad = (value: number) => String(value).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

@customElement("llm-hub-approvals")
export class LlmHubApprovals extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property({ attribute: false }) public users: User[] = [];

  @property() public prefix = "/llm_hub";

  /** Whether hub names link to the hub's view (not in the panel of approvals alone). */
  @property({ type: Boolean }) public hubLinks = true;

  @state() private _approvals?: Approval[];

  @state() private _error?: string;

  /** The approvals whose Approve or Deny is on its way. */
  @state() private _busy = new Set<string>();

  /** Why deciding an approval failed, by approval id. */
  @state() private _failed = new Map<string, string>();

  @state() private _now = Date.now();

  private _unsubscribe?: Promise<() => Promise<void>>;

  private _tick?: number;

  private _timer = new RenderTimer(this);

  public connectedCallback(): void {
    super.connectedCallback();
    this._timer.restart();
    this._unsubscribe = this.hass.connection.subscribeMessage<{ approvals: Approval[] }>(
      (message) => {
        const first = this._approvals === undefined;
        this._approvals = message.approvals;
        if (first) this._timer.done();
      },
      { type: "llm_hub/approvals/subscribe" },
    );
    this._unsubscribe.catch((err) => {
      this._error = errorText(err);
    });
    // The countdowns: once a second, only while something is open.
    this._tick = window.setInterval(() => {
      if (this._approvals?.some((a) => a.status === "pending" || a.status === "approved")) {
        this._now = Date.now();
      }
    }, 1000);
  }

  public disconnectedCallback(): void {
    super.disconnectedCallback();
    window.clearInterval(this._tick);
    this._unsubscribe?.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    this._unsubscribe = undefined;
    this._approvals = undefined;
  }

  private async _decide(approval: Approval, approve: boolean): Promise<void> {
    const id = approval.approval_id;
    this._busy = new Set(this._busy).add(id);
    const failed = new Map(this._failed);
    failed.delete(id);
    try {
      await this.hass.callWS({
        type: approve ? "llm_hub/approvals/approve" : "llm_hub/approvals/deny",
        approval_id: id,
      });
    } catch (err) {
      failed.set(id, errorText(err));
    }
    this._failed = failed;
    const busy = new Set(this._busy);
    busy.delete(id);
    this._busy = busy;
  }

  private _who(userId: string | null, name: string | null): string {
    if (!userId) return t(this.hass, "approvals.no_user");
    return personName(this.hass, this.users, userId, name);
  }

  private _clock(moment: string): string {
    return timeOfDay(this.hass, moment);
  }

  protected render() {
    const hass = this.hass;
    if (this._error) return html`<div class="alert error">${this._error}</div>`;
    if (!this._approvals) return html`<div class="secondary">${t(hass, "common.loading")}</div>`;
    const pending = this._approvals.filter((a) => a.status === "pending");
    const decided = this._approvals
      .filter((a) => a.status !== "pending")
      .sort((a, b) => (b.decided ?? b.expires).localeCompare(a.decided ?? a.expires));
    return html`<div class="card">
        <div class="toolbar">
          <h2 class="grow">${t(hass, "tabs.approvals")}</h2>
          <span class="secondary live">● ${t(hass, "common.live")}</span>
        </div>
        ${pending.length
          ? pending.map((approval) => this._approval(approval))
          : html`<p class="secondary empty">
              ${t(hass, "approvals.none", { safety: stepName(hass, "safety") })}
            </p>`}
      </div>
      ${decided.length
        ? html`<div class="card decided-card">
            <h2>${t(hass, "approvals.decided")}</h2>
            ${decided.map((approval) => this._approval(approval))}
          </div>`
        : nothing}`;
  }

  private _approval(approval: Approval) {
    const hass = this.hass;
    const id = approval.approval_id;
    const open = approval.status === "pending";
    const args = Object.keys(approval.arguments).length
      ? html`<pre class="arguments">${JSON.stringify(approval.arguments, null, 2)}</pre>`
      : html`<div class="secondary">${t(hass, "approvals.no_arguments")}</div>`;
    const failed = this._failed.get(id);
    return html`<div class=${open ? "approval" : "approval done"} data-approval=${id}
      data-status=${approval.status}>
      <div class="head">
        ${tHtml(hass, "approvals.tool_through", {
          tool: html`<code class="tool">${breakable(approval.tool_name)}</code>`,
          hub: this.hubLinks
            ? html`<a href=${`${this.prefix}/hub/${approval.api_id}`} @click=${followLink}
                >${approval.hub_name}</a
              >`
            : html`<span class="hub">${approval.hub_name}</span>`,
        })}
        <span class="badge ${STATUS_BADGES[approval.status]} status"
          >${t(hass, `approvals.status_${approval.status}`)}</span
        >
        <span class="grow"></span>
        ${this._countdown(approval)}
      </div>
      <div class="secondary meta">
        ${tHtml(hass, "approvals.asked", {
          who: html`<span class="asked-by">${this._who(approval.user_id, approval.user_name)}</span>`,
          platform: html`<span class="through"
            >${approval.platform === "llm_hub" || !approval.through
              ? platformName(hass, approval.platform, approval.agent_id)
              : approval.through}</span
          >`,
          time: this._clock(approval.created),
        })}
        ${this._decision(approval)}
      </div>
      ${approval.targets?.length || approval.targets_unmatched
        ? html`<div class="targets">
            ${t(hass, "approvals.acts_on")}
            ${approval.targets.map((target, i) => html`${i ? ", " : ""}<b>${target}</b>`)}
            ${approval.targets_more
              ? t(hass, "approvals.acts_on_more", { count: num(hass, approval.targets_more) })
              : nothing}
            ${approval.targets_unmatched
              ? t(hass, "approvals.acts_on_nothing", { given: approval.targets_unmatched })
              : nothing}
          </div>`
        : nothing}
      ${args}
      ${failed ? html`<div class="alert error">${failed}</div>` : nothing}
      ${open
        ? html`<div class="actions">
            <button
              class="primary approve"
              ?disabled=${this._busy.has(id)}
              @click=${() => this._decide(approval, true)}
            >
              ${t(hass, "approvals.approve")}
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(id)}
              @click=${() => this._decide(approval, false)}
            >
              ${t(hass, "approvals.deny")}
            </button>
          </div>`
        : nothing}
    </div>`;
  }

  private _countdown(approval: Approval) {
    const hass = this.hass;
    const title = t(hass, "approvals.until", { time: this._clock(approval.expires) });
    const time = left(approval.expires, this._now);
    if (approval.status === "pending") {
      return html`<span class="countdown" title=${title}
        >${t(hass, "approvals.expires_in", { time })}</span
      >`;
    }
    if (approval.status === "approved") {
      return html`<span class="countdown" title=${title}
        >${t(hass, "approvals.call_within", { time })}</span
      >`;
    }
    return nothing;
  }

  private _decision(approval: Approval) {
    const hass = this.hass;
    const params = {
      by: html`<span class="decided-by"
        >${approval.decided_by ? this._who(approval.decided_by, approval.decided_by_name) : ""}</span
      >`,
      time: approval.decided ? this._clock(approval.decided) : "",
      expired: this._clock(approval.expires),
    };
    switch (approval.status) {
      case "approved":
        return tHtml(hass, "approvals.decided_approved", params);
      case "used":
        return tHtml(hass, "approvals.decided_used", params);
      case "denied":
        return tHtml(hass, "approvals.decided_denied", params);
      case "expired":
        return approval.decided_by
          ? tHtml(hass, "approvals.decided_expired", params)
          : t(hass, "approvals.nobody_decided", { expired: params.expired });
      default:
        return nothing;
    }
  }

  static styles = [
    sharedStyles,
    css`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-approvals": LlmHubApprovals;
  }
}
