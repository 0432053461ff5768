// The "reload" banner: shown when the backend's panel build is not the one this page runs.
// LLM Hub was updated and an entry reloaded (or Home Assistant restarted) while this page kept
// the old module; a reload fetches the new one (its URL carries the module's hash). The build
// is asked for when the element connects and each time the websocket connects again.
import { LitElement, css, html, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { sharedStyles } from "./common";
import { t } from "./localize";
import type { HomeAssistant } from "./types";

declare const __LLM_HUB_BUILD__: string;

/** This bundle's build id (frontend/build.mjs: the first 12 hex digits of its sources' hash). */
export const BUILD: string = __LLM_HUB_BUILD__;

/** The connection's events (home-assistant-js-websocket fires "ready" on every reconnect). */
type Connection = HomeAssistant["connection"] & {
  addEventListener(event: "ready", listener: () => void): void;
  removeEventListener(event: "ready", listener: () => void): void;
};

@customElement("llm-hub-update-banner")
export class LlmHubUpdateBanner extends LitElement {
  @property({ attribute: false }) public hass?: HomeAssistant;

  /** The backend's build (`llm_hub/panel/build`), once known. */
  @state() private _backend?: string;

  private _connection?: Connection;

  private readonly _onReady = (): void => void this._check();

  public connectedCallback(): void {
    super.connectedCallback();
    this._listen();
  }

  public disconnectedCallback(): void {
    super.disconnectedCallback();
    this._connection?.removeEventListener("ready", this._onReady);
    this._connection = undefined;
  }

  protected willUpdate(): void {
    if (this.hass && this.hass.connection !== this._connection) this._listen();
  }

  private _listen(): void {
    if (!this.hass || !this.isConnected) return;
    this._connection?.removeEventListener("ready", this._onReady);
    this._connection = this.hass.connection as Connection;
    this._connection.addEventListener("ready", this._onReady);
    void this._check();
  }

  private async _check(): Promise<void> {
    try {
      const answer = await this.hass!.callWS<{ build: string | null }>({ type: "llm_hub/panel/build" });
      this._backend = answer.build ?? undefined;
    } catch {
      // A backend older than the command, or no connection: nothing to compare.
    }
  }

  protected updated(): void {
    this.dataset.build = BUILD;
    this.dataset.backend = this._backend ?? "";
  }

  protected render() {
    if (!this._backend || this._backend === BUILD) return nothing;
    return html`<div class="alert" role="alert">
      <span>${t(this.hass!, "update.message")}</span>
      <button class="primary" @click=${() => location.reload()}>${t(this.hass!, "update.reload")}</button>
    </div>`;
  }

  static styles = [
    sharedStyles,
    css`
      .alert {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 12px;
        margin: 16px 16px 0;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-update-banner": LlmHubUpdateBanner;
  }
}
