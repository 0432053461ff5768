// The shadow mode banner: on every tab while a hub is in shadow mode, naming each such hub with
// a link to its view, where the calls its settings would have stopped are listed
// (llm_hub/shadow/list, asked again whenever the route changes).
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { followLink, sharedStyles } from "./common";
import { tHtml } from "./localize";
import type { HomeAssistant, Route, ShadowedHub } from "./types";

@customElement("llm-hub-shadow-banner")
export class LlmHubShadowBanner extends LitElement {
  @property({ attribute: false }) public hass?: HomeAssistant;

  @property({ attribute: false }) public route?: Route;

  @property() public prefix = "/llm_hub";

  @state() private _hubs: ShadowedHub[] = [];

  protected willUpdate(changed: PropertyValues): void {
    if (this.hass && (changed.has("route") || !this.hasUpdated)) void this._load();
  }

  private async _load(): Promise<void> {
    try {
      const { hubs } = await this.hass!.callWS<{ hubs: ShadowedHub[] }>({
        type: "llm_hub/shadow/list",
      });
      this._hubs = hubs;
    } catch {
      // A backend older than the command, or no connection: no banner.
      this._hubs = [];
    }
  }

  protected render() {
    if (!this.hass || !this._hubs.length) return nothing;
    const names = this._hubs.map(
      (hub, index) => html`${index ? ", " : ""}<a
          href=${`${this.prefix}/hub/${encodeURIComponent(hub.api_id)}`}
          @click=${followLink}
          ><strong>${hub.name}</strong></a
        >`,
    );
    return html`<div class="alert" role="status">
      ${tHtml(this.hass, "shadow.banner", { hubs: html`${names}` })}
    </div>`;
  }

  static styles = [
    sharedStyles,
    css`
      .alert {
        margin: 16px 16px 0;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-shadow-banner": LlmHubShadowBanner;
  }
}
