// The LLM Hub panel: a header with tabs and the view of the current route.
// Routes (after the panel's own URL, /llm_hub): "" or /hubs, /hub/<api id>, /bench, /activity,
// /approvals. Home Assistant sets `hass`, `narrow`, `route` and `panel` on this element.
// Registered a second time, for every user, with `config.view` "approvals" (/llm_hub_approvals):
// then it shows the Approvals view alone, which lists only what the user may decide.
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { followLink, sharedStyles } from "./common";
import { loadWords, t, wordsLoaded } from "./localize";
import type { HomeAssistant, Panel, Route, User } from "./types";
import "./view-activity";
import "./view-approvals";
import "./view-bench";
import "./view-hub";
import "./view-hubs";
import "./shadow-banner";
import "./update-banner";

/** The tabs: each one's path is also its text's key under `tabs`. */
const TABS = ["hubs", "bench", "activity", "approvals"];

@customElement("llm-hub-panel")
export class LlmHubPanel extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property({ type: Boolean, reflect: true }) public narrow = false;

  @property({ attribute: false }) public route?: Route;

  @property({ attribute: false }) public panel?: Panel;

  @state() private _users: User[] = [];

  /** Whether the panel's words were loaded once (before that, nothing is shown). */
  @state() private _words = false;

  private _usersLoaded = false;

  /** Whether this is the panel of approvals alone (open to users who are no admins). */
  private get _approvalsOnly(): boolean {
    return this.panel?.config?.view === "approvals";
  }

  protected willUpdate(changed: PropertyValues): void {
    // The profile's language changed, or it is the first `hass`: load its words.
    if (changed.has("hass") && this.hass && !wordsLoaded(this.hass)) this._loadWords();
    else if (this.hass && !this._words) this._words = true;
    if (changed.has("hass") && this.hass && !this._usersLoaded && this.hass.user?.is_admin) {
      this._usersLoaded = true;
      this._loadUsers();
    }
  }

  private async _loadWords(): Promise<void> {
    try {
      await loadWords(this.hass);
    } finally {
      // Shown even if they failed to load: each text then shows its key, never nothing.
      this._words = true;
    }
  }

  private async _loadUsers(): Promise<void> {
    try {
      // Home Assistant's own admin command (the config integration); without it, only "you".
      const users = await this.hass.callWS<User[]>({ type: "config/auth/list" });
      this._users = users.filter((user) => user.is_active && !user.system_generated);
    } catch {
      this._users = [];
    }
  }

  /** The route's parts: the view and its argument, e.g. ["hub", "llm_hub-01J..."]. */
  private get _parts(): string[] {
    const path = this.route?.path ?? "";
    return path
      .split("?")[0]
      .split("/")
      .filter((part) => part)
      .map((part) => decodeURIComponent(part));
  }

  private get _prefix(): string {
    return this.route?.prefix ?? "/llm_hub";
  }

  protected render() {
    if (!this.hass || !this._words) return nothing;
    const menu = this.narrow
      ? html`<button class="menu" title=${t(this.hass, "common.sidebar")} @click=${this._toggleMenu}>
          ☰
        </button>`
      : nothing;
    if (this._approvalsOnly) {
      return html`
        <header>
          ${menu}
          <div class="title">${t(this.hass, "approvals.panel_title")}</div>
        </header>
        <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${false}
          ></llm-hub-approvals>
        </main>
      `;
    }
    const [view = "hubs", arg] = this._parts;
    const active = view === "hub" ? "hubs" : view;
    return html`
      <header>
        ${menu}
        <div class="title">LLM Hub</div>
        <nav>
          ${TABS.map(
            (tab) => html`<a
              class=${tab === active ? "tab active" : "tab"}
              href=${`${this._prefix}/${tab}`}
              data-tab=${tab}
              @click=${followLink}
              >${t(this.hass, `tabs.${tab}`)}</a
            >`,
          )}
        </nav>
      </header>
      <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
      <llm-hub-shadow-banner
        .hass=${this.hass}
        .route=${this.route}
        .prefix=${this._prefix}
      ></llm-hub-shadow-banner>
      <main>${this._view(view, arg)}</main>
    `;
  }

  private _view(view: string, arg: string | undefined) {
    const search = new URLSearchParams(window.location.search);
    switch (view) {
      case "hub":
        return html`<llm-hub-view
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${arg ?? ""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;
      case "bench":
        return html`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${search.get("api") ?? ""}
          .toolName=${search.get("tool") ?? ""}
        ></llm-hub-bench>`;
      case "activity":
        return html`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;
      case "approvals":
        return html`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;
      default:
        return html`<llm-hub-hubs
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-hubs>`;
    }
  }

  private _toggleMenu(): void {
    // What Home Assistant's menu button fires: its main view opens or closes the sidebar.
    this.dispatchEvent(new CustomEvent("hass-toggle-menu", { bubbles: true, composed: true }));
  }

  static styles = [
    sharedStyles,
    css`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-panel": LlmHubPanel;
  }
}
