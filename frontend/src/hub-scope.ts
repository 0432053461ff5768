// A hub's scope on its view: what it includes and leaves out by name, who may use it, and the
// entities exposed to Assist it reaches (llm_hub/hub/scope, fetched when the section shows).
// The words of this section and of the test bench's refusal are here, in one place.
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { sharedStyles } from "./common";
import { num } from "./localize";
import { errorText, type HomeAssistant, type HubScope, type ScopeItem } from "./types";

/** The words of the scope section and of a refusal on the test bench (English for now). */
export const SCOPE_WORDS = {
  title: "Scope",
  loading: "Loading…",
  none: "No scope: the hub reaches every entity exposed to Assist, for every user.",
  narrows: "The hub reaches only these entities; a scope never widens what is exposed to Assist.",
  areas: "Areas",
  floors: "Floors",
  labels: "Labels",
  domains: "Domains",
  entities: "Entities",
  excluded: "Left out",
  users: "Users",
  everyone: "every user",
  adminsOnly: "administrators only",
  gone: "(no longer exists)",
  reaches: (reached: string, exposed: string) => `reaches ${reached} of ${exposed} exposed entities`,
  showList: "Entities the hub reaches",
  filter: "Filter by name, entity id or area",
  noArea: "no area",
  noneReached: "None: nothing exposed to Assist is in this scope.",
  refused: "refused",
  refusal:
    "Home Assistant's answer for an entity that is not exposed to Assist: no entity the call " +
    "names is exposed, or within this hub's scope. Nothing was changed.",
};
const W = SCOPE_WORDS;

/** Whether a test bench result is Home Assistant's refusal of an unexposed (or out-of-scope) target. */
export function isScopeRefusal(data: unknown): boolean {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as Record<string, unknown>).error === "MatchFailedError"
  );
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
      <h2>${W.title}</h2>
      ${this._error
        ? html`<div class="alert error">${this._error}</div>`
        : !scope
          ? html`<div class="secondary">${W.loading}</div>`
          : this._body(scope)}
    </div>`;
  }

  private _body(scope: HubScope) {
    const users = scope.allowed_users.length || scope.admins_only;
    return html`
      <p class="reaches"><strong>${W.reaches(num(this.hass, scope.reached.length), num(this.hass, scope.exposed))}</strong></p>
      ${scope.empty && !users
        ? html`<p class="secondary">${W.none}</p>`
        : html`${scope.empty ? nothing : html`<p class="secondary">${W.narrows}</p>`}
            <table class="names">
              ${this._row(W.areas, scope.areas)} ${this._row(W.floors, scope.floors)}
              ${this._row(W.labels, scope.labels)}
              ${this._row(
                W.domains,
                scope.domains.map((domain) => ({ id: domain, name: domain })),
              )}
              ${this._row(W.entities, scope.entities)} ${this._row(W.excluded, scope.excluded)}
              <tr>
                <th>${W.users}</th>
                <td data-part="users">
                  ${[
                    ...(scope.allowed_users.length
                      ? scope.allowed_users.map((user) => this._name(user))
                      : [W.everyone]),
                    ...(scope.admins_only ? [W.adminsOnly] : []),
                  ].map((item, index) => html`${index ? ", " : ""}${item}`)}
                </td>
              </tr>
            </table>`}
      <details class="reached">
        <summary>${W.showList} (${num(this.hass, scope.reached.length)})</summary>
        ${this._reached(scope)}
      </details>
    `;
  }

  private _row(label: string, items: ScopeItem[]) {
    if (!items.length) return nothing;
    return html`<tr>
      <th>${label}</th>
      <td data-part=${label}>
        ${items.map((item, index) => html`${index ? ", " : ""}${this._name(item)}`)}
      </td>
    </tr>`;
  }

  private _name(item: ScopeItem) {
    return item.name === null
      ? html`<code>${item.id}</code> <span class="badge warning">${W.gone}</span>`
      : html`<span title=${item.id}>${item.name}</span>`;
  }

  private _reached(scope: HubScope) {
    if (!scope.reached.length) return html`<p class="secondary">${W.noneReached}</p>`;
    const needle = this._filter.trim().toLowerCase();
    const shown = scope.reached.filter(
      (row) =>
        !needle ||
        [row.id, row.name, row.area].some((text) => text?.toLowerCase().includes(needle)),
    );
    return html`<input
        type="search"
        placeholder=${W.filter}
        .value=${this._filter}
        @input=${(ev: Event) => (this._filter = (ev.target as HTMLInputElement).value)}
      />
      <ul class="entities">
        ${shown.map(
          (row) =>
            html`<li data-entity=${row.id}>
              ${row.name ?? row.id} <code>${row.id}</code>
              <span class="secondary">${row.area ?? W.noArea}</span>
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
