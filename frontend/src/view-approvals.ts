// Approvals: tool calls that wait for a person in Home Assistant (llm_hub/approvals/subscribe,
// updating live), each with Approve and Deny (llm_hub/approvals/approve, /deny) and, where the
// hub allows it, how long to remember the approval. Remembered approvals follow, each with its
// end and Revoke (llm_hub/approvals/revoke). Decided ones stay below, greyed, for as long as
// Home Assistant keeps them, with who decided.
import { LitElement, css, html, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { breakable, followLink, personName, platformName, sharedStyles } from "./common";
import { num, stepName, t, tHtml, timeOfDay } from "./localize";
import { RenderTimer } from "./render-timer";
import {
  errorText,
  type Approval,
  type HomeAssistant,
  type Remembered,
  type User,
} from "./types";

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

  @state() private _remembered: Remembered[] = [];

  /** The minutes chosen to remember each pending approval for (absent: this call only). */
  @state() private _remember = new Map<string, number>();

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
    this._unsubscribe = this.hass.connection.subscribeMessage<{
      approvals: Approval[];
      remembered: Remembered[];
    }>(
      (message) => {
        const first = this._approvals === undefined;
        this._approvals = message.approvals;
        this._remembered = message.remembered;
        if (first) this._timer.done();
      },
      { type: "llm_hub/approvals/subscribe" },
    );
    this._unsubscribe.catch((err) => {
      this._error = errorText(err);
    });
    // The countdowns: once a second, only while something is open.
    this._tick = window.setInterval(() => {
      const open = this._approvals?.some((a) => a.status === "pending" || a.status === "approved");
      if (open || this._remembered.length) {
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
    const remember = approve ? this._remember.get(approval.approval_id) : undefined;
    await this._send(approval.approval_id, {
      type: approve ? "llm_hub/approvals/approve" : "llm_hub/approvals/deny",
      ...(remember ? { remember } : {}),
    });
  }

  private _choose(id: string, value: string): void {
    const chosen = new Map(this._remember);
    if (value) chosen.set(id, Number(value));
    else chosen.delete(id);
    this._remember = chosen;
  }

  /** Sends a command about the approval `id`; keeps why it failed. */
  private async _send(id: string, message: Record<string, unknown>): Promise<void> {
    this._busy = new Set(this._busy).add(id);
    const failed = new Map(this._failed);
    failed.delete(id);
    try {
      await this.hass.callWS({ ...message, approval_id: id });
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
      ${this._remembered.length
        ? html`<div class="card remembered-card">
            <h2>${t(hass, "approvals.remembered")}</h2>
            <p class="secondary about">${t(hass, "approvals.remembered_about")}</p>
            ${[...this._remembered]
              .sort((a, b) => a.until.localeCompare(b.until))
              .map((item) => this._rememberedRow(item))}
          </div>`
        : nothing}
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
        ${this._toolThrough(approval)}
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
        ${approval.remember_until
          ? html`<span class="remembered-until"
              >${t(hass, "approvals.remembered_until", {
                time: this._clock(approval.remember_until),
              })}</span
            >`
          : nothing}
      </div>
      ${this._targets(approval.targets, approval.targets_more, approval.targets_unmatched)}
      ${args}
      ${failed ? html`<div class="alert error">${failed}</div>` : nothing}
      ${open
        ? html`<div class="actions">
            ${approval.remember_choices?.length ? this._rememberChoice(approval) : nothing}
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

  private _toolThrough(item: { tool_name: string; api_id: string; hub_name: string }) {
    return tHtml(this.hass, "approvals.tool_through", {
      tool: html`<code class="tool">${breakable(item.tool_name)}</code>`,
      hub: this.hubLinks
        ? html`<a href=${`${this.prefix}/hub/${item.api_id}`} @click=${followLink}
            >${item.hub_name}</a
          >`
        : html`<span class="hub">${item.hub_name}</span>`,
    });
  }

  private _targets(targets: string[], more: number, unmatched: string | null = null) {
    const hass = this.hass;
    if (!targets?.length && !unmatched) return nothing;
    return html`<div class="targets">
      ${t(hass, "approvals.acts_on")}
      ${targets.map((target, i) => html`${i ? ", " : ""}<b>${target}</b>`)}
      ${more ? t(hass, "approvals.acts_on_more", { count: num(hass, more) }) : nothing}
      ${unmatched ? t(hass, "approvals.acts_on_nothing", { given: unmatched }) : nothing}
    </div>`;
  }

  /** The choice of how long to remember a pending approval once approved. */
  private _rememberChoice(approval: Approval) {
    const hass = this.hass;
    const id = approval.approval_id;
    const chosen = this._remember.get(id);
    return html`<label class="remember"
      >${t(hass, "approvals.remember")}
      <select
        name="remember"
        ?disabled=${this._busy.has(id)}
        @change=${(ev: Event) => this._choose(id, (ev.target as HTMLSelectElement).value)}
      >
        <option value="" ?selected=${chosen === undefined}>
          ${t(hass, "approvals.remember_none")}
        </option>
        ${approval.remember_choices.map(
          (minutes) =>
            html`<option value=${String(minutes)} ?selected=${chosen === minutes}>
              ${t(hass, "approvals.remember_minutes", { minutes })}
            </option>`,
        )}
      </select></label
    >`;
  }

  private _rememberedRow(item: Remembered) {
    const hass = this.hass;
    const id = item.approval_id;
    const failed = this._failed.get(id);
    return html`<div class="approval remembered" data-remembered=${id}>
      <div class="head">
        ${this._toolThrough(item)}
        <span class="grow"></span>
        <span
          class="countdown"
          title=${t(hass, "approvals.until", { time: this._clock(item.until) })}
          >${t(hass, "approvals.remembered_left", { time: left(item.until, this._now) })}</span
        >
      </div>
      <div class="secondary meta">
        ${tHtml(hass, "approvals.remembered_for", {
          who: html`<span class="asked-by">${this._who(item.user_id, item.user_name)}</span>`,
          by: html`<span class="decided-by"
            >${item.decided_by ? this._who(item.decided_by, item.decided_by_name) : ""}</span
          >`,
          time: item.decided ? this._clock(item.decided) : "",
        })}
        <span class="until"
          >${t(hass, "approvals.remembered_until", { time: this._clock(item.until) })}</span
        >
        ${t(hass, "approvals.remembered_uses", { count: item.uses })}
      </div>
      ${this._targets(item.targets, item.targets_more)}
      ${failed ? html`<div class="alert error">${failed}</div>` : nothing}
      <div class="actions">
        <button
          class="revoke"
          ?disabled=${this._busy.has(id)}
          @click=${() => this._send(id, { type: "llm_hub/approvals/revoke" })}
        >
          ${t(hass, "approvals.revoke")}
        </button>
      </div>
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
      .actions .remember {
        display: flex;
        align-items: center;
        gap: 6px;
      }
      .about {
        margin-top: 0;
        max-width: 720px;
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
