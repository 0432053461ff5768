// A hub's scope on its view: what it includes and leaves out by name, who may use it, and the
// entities exposed to Assist it reaches (llm_hub/hub/scope, fetched when the section shows).
// Its words are the panel's (`scope.*` under `config_panel`), in the user's language.
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { sharedStyles } from "./common";
import { t } from "./localize";
import { errorText, type HomeAssistant, type HubScope, type ScopeItem } from "./types";

/** Whether a test bench result refuses a target not exposed (Home Assistant's) or out of scope. */
export function isScopeRefusal(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const error = (data as Record<string, unknown>).error;
  return error === "MatchFailedError" || error === "OutOfScope";
}

@customElement("llm-hub-scope")
export class LlmHubScope extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property() public entryId = "";

  @state() private _scope?: HubScope;

  @state() private _error?: string;

  @state() private _filter = "";

  protected willUpdate(changed: PropertyValues): void {
    if (changed.has("entryId") && this.entryId) {
      this._scope = undefined;
      this._load();
    }
  }

  private async _load(): Promise<void> {
    try {
      this._scope = await this.hass.callWS<HubScope>({
        type: "llm_hub/hub/scope",
        entry_id: this.entryId,
      });
      this._error = undefined;
    } catch (err) {
      this._error = errorText(err);
    }
  }

  protected render() {
    const scope = this._scope;
    return html`<div class="card scope">
      <h2>${t(this.hass, "scope.title")}</h2>
      ${this._error
        ? html`<div class="alert error">${this._error}</div>`
        : !scope
          ? html`<div class="secondary">${t(this.hass, "common.loading")}</div>`
          : this._body(scope)}
    </div>`;
  }

  private _body(scope: HubScope) {
    const hass = this.hass;
    const users = scope.allowed_users.length || scope.admins_only;
    return html`
      <p class="reaches">
        <strong
          >${t(hass, "scope.reaches", { reached: scope.reached.length, exposed: scope.exposed })}</strong
        >
      </p>
      ${scope.empty && !users
        ? html`<p class="secondary">${t(hass, "scope.none")}</p>`
        : html`${scope.empty ? nothing : html`<p class="secondary">${t(hass, "scope.narrows")}</p>`}
            <table class="names">
              ${this._row("areas", t(hass, "scope.areas"), scope.areas)}
              ${this._row("floors", t(hass, "scope.floors"), scope.floors)}
              ${this._row("labels", t(hass, "scope.labels"), scope.labels)}
              ${this._row(
                "domains",
                t(hass, "scope.domains"),
                scope.domains.map((domain) => ({ id: domain, name: domain })),
              )}
              ${this._row("entities", t(hass, "scope.entities"), scope.entities)}
              ${this._row("excluded", t(hass, "scope.excluded"), scope.excluded)}
              <tr>
                <th>${t(hass, "scope.users")}</th>
                <td data-part="users">
                  ${[
                    ...(scope.allowed_users.length
                      ? scope.allowed_users.map((user) => this._name(user))
                      : [t(hass, "scope.everyone")]),
                    ...(scope.admins_only ? [t(hass, "scope.admins_only")] : []),
                  ].map((item, index) => html`${index ? ", " : ""}${item}`)}
                </td>
              </tr>
            </table>`}
      <details class="reached">
        <summary>${t(hass, "scope.show_list", { count: scope.reached.length })}</summary>
        ${this._reached(scope)}
      </details>
    `;
  }

  private _row(part: string, label: string, items: ScopeItem[]) {
    if (!items.length) return nothing;
    return html`<tr>
      <th>${label}</th>
      <td data-part=${part}>
        ${items.map((item, index) => html`${index ? ", " : ""}${this._name(item)}`)}
      </td>
    </tr>`;
  }

  private _name(item: ScopeItem) {
    return item.name === null
      ? html`<code>${item.id}</code> <span class="badge warning">${t(this.hass, "scope.gone")}</span>`
      : html`<span title=${item.id}>${item.name}</span>`;
  }

  private _reached(scope: HubScope) {
    if (!scope.reached.length) return html`<p class="secondary">${t(this.hass, "scope.none_reached")}</p>`;
    const needle = this._filter.trim().toLowerCase();
    const shown = scope.reached.filter(
      (row) =>
        !needle ||
        [row.id, row.name, row.area].some((text) => text?.toLowerCase().includes(needle)),
    );
    return html`<input
        type="search"
        placeholder=${t(this.hass, "scope.filter")}
        .value=${this._filter}
        @input=${(ev: Event) => (this._filter = (ev.target as HTMLInputElement).value)}
      />
      <ul class="entities">
        ${shown.map(
          (row) =>
            html`<li data-entity=${row.id}>
              ${row.name ?? row.id} <code>${row.id}</code>
              <span class="secondary">${row.area ?? t(this.hass, "scope.no_area")}</span>
              ${row.acts_outside
                ? html`<span class="badge warning" title=${t(this.hass, "scope.acts_outside_why")}
                      >${t(this.hass, "scope.acts_outside")}</span
                    >
                    <div class="secondary outside">
                      ${row.outside.length
                        ? t(this.hass, "scope.acts_on", {
                            entities: row.outside.map((item) => item.name ?? item.id).join(", "),
                          })
                        : row.outside_why}
                    </div>`
                : nothing}
            </li>`,
        )}
      </ul>`;
  }

  static styles = [
    sharedStyles,
    css`
      table.names th {
        text-align: left;
        padding-right: 16px;
        font-weight: 500;
        white-space: nowrap;
        vertical-align: top;
      }
      ul.entities {
        max-height: 320px;
        overflow: auto;
        padding-left: 20px;
      }
      details.reached input {
        margin: 8px 0;
        width: 100%;
        box-sizing: border-box;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-scope": LlmHubScope;
  }
}
