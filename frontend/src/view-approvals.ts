// Approvals: RESERVED for the safety work (issue 12). When its websocket commands exist, this
// view lists the pending approvals (subscribing to them) with Approve / Deny buttons. Until then
// it says so; nothing here calls a command that does not exist.
import { LitElement, html } from "lit";
import { customElement, property } from "lit/decorators.js";

import { sharedStyles } from "./common";
import type { HomeAssistant } from "./types";

@customElement("llm-hub-approvals")
export class LlmHubApprovals extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  protected render() {
    return html`<div class="card">
      <h2>Approvals</h2>
      <p class="secondary">
        Tool calls waiting for a person to approve them will be listed here, with Approve and
        Deny. This version of LLM Hub asks for confirmation in the conversation instead (a
        hub's options → Safety).
      </p>
    </div>`;
  }

  static styles = sharedStyles;
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-approvals": LlmHubApprovals;
  }
}
