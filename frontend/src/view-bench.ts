// Test bench: pick an API and one of its listed tools, fill in its arguments, run it as a user
// (llm_hub/tool/call) and see the result, the time it took and what the model would read.
import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import { customElement, property, query, state } from "lit/decorators.js";

import { outcomeBadge, sharedStyles, userName } from "./common";
import { isScopeRefusal } from "./hub-scope";
import { num, t } from "./localize";
import { RenderTimer } from "./render-timer";
import type { LlmHubSchemaForm } from "./schema-form";
import "./schema-form";
import {
  errorText,
  type ApiList,
  type CallResult,
  type Description,
  type HomeAssistant,
  type User,
} from "./types";

@customElement("llm-hub-bench")
export class LlmHubBench extends LitElement {
  @property({ attribute: false }) public hass!: HomeAssistant;

  @property({ attribute: false }) public users: User[] = [];

  /** The API and tool to start with (from the URL: ?api=&tool=). */
  @property() public apiId = "";

  @property() public toolName = "";

  @state() private _apis?: ApiList;

  @state() private _description?: Description;

  @state() private _api = "";

  @state() private _tool = "";

  @state() private _user = "";

  /** Whether Run as holds the user a hub for others was opened as (not one picked by hand). */
  private _autoUser = false;

  @state() private _args: Record<string, unknown> = {};

  @state() private _argsError?: string;

  @state() private _running = false;

  @state() private _result?: CallResult;

  @state() private _error?: string;

  @query("llm-hub-schema-form") private _form?: LlmHubSchemaForm;

  private _timer = new RenderTimer(this);

  public connectedCallback(): void {
    super.connectedCallback();
    this._timer.restart();
    this._start();
  }

  protected willUpdate(changed: PropertyValues): void {
    if (changed.has("hass") && !this._user && this.hass?.user) this._user = this.hass.user.id;
  }

  private async _start(): Promise<void> {
    // The API named in the URL is described while the list loads (each builds the API).
    const asked = this.apiId ? this._describe(this.apiId) : undefined;
    asked?.catch(() => undefined); // its error shows when it is used
    try {
      this._apis = await this.hass.callWS<ApiList>({ type: "llm_hub/apis/list" });
      const usable = this._apis.apis.filter((api) => api.tools !== null);
      const api = usable.find((row) => row.id === this.apiId) ?? usable[0];
      if (api) await this._loadApi(api.id, this.toolName, api.id === this.apiId ? asked : undefined);
    } catch (err) {
      this._error = errorText(err);
    }
    await this._timer.done();
  }

  private _describe(apiId: string): Promise<Description> {
    return this.hass.callWS<Description>({
      type: "llm_hub/api/describe",
      api_id: apiId,
      user_id: this._user || undefined,
    });
  }

  private async _loadApi(
    apiId: string,
    toolName = "",
    described?: Promise<Description>,
    userPicked = false,
  ): Promise<void> {
    this._api = apiId;
    // A hub for some users that are not you: run as one of them (the hubs list's pick),
    // unless Run as was just set to you by hand (the bench then shows the hub's refusal).
    const asUser = this._apis?.apis.find((row) => row.id === apiId)?.as_user;
    const you = this.hass.user?.id;
    if (this._autoUser && this._user !== asUser) {
      // Run as was the last hub's pick, not yours: back to you for this one.
      this._user = you ?? "";
      this._autoUser = false;
      described = undefined;
    }
    if (asUser && asUser !== you && !userPicked && (!this._user || this._user === you)) {
      this._user = asUser;
      this._autoUser = true;
      described = undefined;
    }
    this._description = undefined;
    this._result = undefined;
    this._description = await (described ?? this._describe(apiId));
    const listed = this._description.tools.filter((tool) => !tool.hidden);
    this._selectTool((listed.find((tool) => tool.name === toolName) ?? listed[0])?.name ?? "");
  }

  private _selectTool(name: string): void {
    this._tool = name;
    this._args = {};
    this._argsError = undefined;
    this._result = undefined;
    this._error = undefined;
    this._form?.reset();
  }

  protected render() {
    const hass = this.hass;
    if (!this._apis) {
      return this._error
        ? html`<div class="alert error">${this._error}</div>`
        : html`<div class="secondary">${t(hass, "common.loading")}</div>`;
    }
    const listed = this._description?.tools.filter((tool) => !tool.hidden) ?? [];
    const tool = listed.find((item) => item.name === this._tool);
    const you = this.hass.user;
    const users = this.users.length ? this.users : you ? [{ id: you.id, name: you.name }] : [];
    return html`
      <div class="card">
        <h2>${t(hass, "tabs.bench")}</h2>
        <p class="secondary">${t(hass, "bench.intro")}</p>
        <div class="pickers">
          <label
            >${t(hass, "bench.api")}
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis
                .filter((api) => api.tools !== null)
                .map(
                  (api) =>
                    html`<option value=${api.id} ?selected=${api.id === this._api}>
                      ${api.hub ? api.name : t(hass, "bench.not_a_hub", { api: api.name })}
                    </option>`,
                )}
            </select></label
          >
          <label
            >${t(hass, "activity.tool")}
            <select
              name="tool"
              @change=${(ev: Event) => this._selectTool((ev.target as HTMLSelectElement).value)}
            >
              ${listed.map(
                (item) =>
                  html`<option value=${item.name} ?selected=${item.name === this._tool}>
                    ${item.name}
                  </option>`,
              )}
            </select></label
          >
          <label
            >${t(hass, "bench.run_as")}
            <select
              name="user"
              @change=${this._userChanged}
            >
              ${users.map(
                (user) =>
                  html`<option value=${user.id} ?selected=${user.id === this._user}>
                    ${user.id === you?.id ? t(hass, "common.you", { name: user.name }) : user.name}
                  </option>`,
              )}
            </select></label
          >
        </div>
      </div>
      ${tool
        ? html`<div class="card">
            <h2>${tool.title || tool.name}</h2>
            <p>${tool.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${tool.parameters}
              .selectors=${tool.selectors ?? {}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError ? html`<div class="alert error">${this._argsError}</div>` : nothing}
            <button
              class="primary run"
              ?disabled=${this._running || Boolean(this._argsError)}
              @click=${this._run}
            >
              ${t(hass, this._running ? "bench.running" : "bench.run")}
            </button>
          </div>`
        : this._description
          ? html`<div class="card secondary no-tools">
              ${this._description.served === false
                ? t(hass, "bench.not_served", {
                    user: userName(hass, this.users, this._description.user_id),
                  })
                : t(hass, "bench.no_tools")}
            </div>`
          : nothing}
      ${this._error ? html`<div class="alert error result-error">${this._error}</div>` : nothing}
      ${this._result ? this._renderResult(this._result) : nothing}
    `;
  }

  private _renderResult(result: CallResult) {
    // What an agent puts into the conversation for the model: the result data as JSON.
    const read = JSON.stringify(result.result.data);
    const perToken = this._apis?.chars_per_token ?? 4;
    const refused = isScopeRefusal(result.result.data);
    const hass = this.hass;
    return html`<div class="card result">
      <h2>${t(hass, "bench.result")}</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">
            ${refused
              ? html`<span class="badge error refusal">${t(hass, "outcome.refused")}</span>`
              : outcomeBadge(hass, result.outcome)}
          </div>
          <div class="label">${t(hass, "bench.outcome")}</div>
        </div>
        <div class="figure">
          <div class="value duration">${t(hass, "common.ms", { ms: num(hass, result.duration_ms) })}</div>
          <div class="label">${t(hass, "bench.time")}</div>
        </div>
        <div class="figure">
          <div class="value">${num(hass, Math.ceil(read.length / perToken))}</div>
          <div class="label">${t(hass, "hub.figure_tokens")}</div>
        </div>
      </div>
      ${refused
        ? html`<div class="alert refusal-text">
            ${t(hass, "bench.refusal")}
            <div class="secondary answer">
              <q>${(result.result.data as { error_text?: string }).error_text ?? ""}</q>
            </div>
          </div>`
        : nothing}
      <div class="secondary">${t(hass, "bench.data")}</div>
      <pre class="data">${JSON.stringify(result.result.data, null, 2)}</pre>
      <div class="secondary">${t(hass, "bench.model_reads", { chars: num(hass, read.length) })}</div>
      <pre class="read">${read}</pre>
    </div>`;
  }

  private async _userChanged(ev: Event): Promise<void> {
    // The tools a hub lists depend on who runs them; a user picked by hand stays.
    this._autoUser = false;
    this._user = (ev.target as HTMLSelectElement).value;
    try {
      await this._loadApi(this._api, this._tool, undefined, true);
    } catch (err) {
      this._error = errorText(err);
    }
  }

  private async _apiChanged(ev: Event): Promise<void> {
    try {
      await this._loadApi((ev.target as HTMLSelectElement).value);
    } catch (err) {
      this._error = errorText(err);
    }
  }

  private _argsChanged(ev: CustomEvent<{ value?: Record<string, unknown>; error?: string }>): void {
    this._argsError = ev.detail.error;
    if (ev.detail.value) this._args = ev.detail.value;
  }

  private async _run(): Promise<void> {
    this._running = true;
    this._result = undefined;
    this._error = undefined;
    try {
      this._result = await this.hass.callWS<CallResult>({
        type: "llm_hub/tool/call",
        api_id: this._api,
        tool_name: this._tool,
        tool_args: this._args,
        user_id: this._user || undefined,
      });
    } catch (err) {
      this._error = errorText(err);
    } finally {
      this._running = false;
    }
  }

  static styles = [
    sharedStyles,
    css`
      .refusal-text .answer {
        margin-top: 4px;
      }
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-bench": LlmHubBench;
  }
}
