// A form for a tool's arguments, generated from its parameters. With Home Assistant's `ha-form`
// (ha-form-loader.ts), each parameter gets its selector (`selectors`, from
// `llm_hub/api/describe`); without it, from the JSON Schema (the parameters agents get), each
// property gets the plain input its type asks for; anything else is edited as JSON. Fires
// "value-changed" with the arguments ({} when nothing is filled in) or an error text.
import { LitElement, css, html, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";

import { sharedStyles } from "./common";
import { haFormReady } from "./ha-form-loader";
import { t } from "./localize";
import type { HomeAssistant, JsonSchema } from "./types";

type Args = Record<string, unknown>;

/** The schema's type without "null" (OpenAPI 3.1 writes nullable types as lists). */
function typeOf(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.find((type) => type && type !== "null");
}

@customElement("llm-hub-schema-form")
export class LlmHubSchemaForm extends LitElement {
  @property({ attribute: false }) public hass?: HomeAssistant;

  @property({ attribute: false }) public schema?: JsonSchema | null;

  /** The selector of each parameter, `{type: config}`, for `ha-form`. */
  @property({ attribute: false }) public selectors: Record<string, Record<string, unknown>> = {};

  /** Whether `ha-form` renders the fields (undefined while waiting for it). */
  @state() private _haForm?: boolean;

  /** What `ha-form` holds. */
  @state() private _data: Args = {};

  @state() private _raw: Record<string, string> = {};

  @state() private _errors: Record<string, string> = {};

  @state() private _asJson = false;

  @state() private _json = "{}";

  /** Forgets what was entered (a new tool). */
  public reset(): void {
    this._data = {};
    if (this._haForm === false && customElements.get("ha-form")) this._haForm = true;
    this._raw = {};
    this._errors = {};
    this._json = "{}";
    this._asJson = false;
  }

  public connectedCallback(): void {
    super.connectedCallback();
    if (this._haForm !== undefined) return;
    const started = performance.now();
    this.dataset.formLoaded = customElements.get("ha-form") ? "before" : "by the panel";
    haFormReady().then((ready) => {
      this._haForm = ready;
      // How long the form waited for ha-form (script/panel-check reports it).
      this.dataset.form = ready ? "ha-form" : "plain";
      this.dataset.formMs = String(Math.round(performance.now() - started));
    });
  }

  protected render() {
    const hass = this.hass!;
    const properties = Object.entries(this.schema?.properties ?? {});
    const required = new Set(this.schema?.required ?? []);
    return html`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} />
        ${t(hass, "form.as_json")}</label
      >
      ${this._asJson
        ? html`<textarea
            name="__json__"
            .value=${this._json}
            @input=${(ev: Event) => {
              this._json = (ev.target as HTMLTextAreaElement).value;
              this._emit();
            }}
          ></textarea>`
        : properties.length === 0
          ? html`<p class="secondary">${t(hass, "form.no_arguments")}</p>`
          : this._haForm === undefined
            ? html`<p class="secondary">${t(hass, "form.loading")}</p>`
            : this._haForm
              ? this._renderHaForm(properties, required)
              : properties.map(([name, schema]) => this._field(name, schema, required.has(name)))}
    `;
  }

  private _renderHaForm(properties: [string, JsonSchema][], required: Set<string>) {
    const schema = properties.map(([name]) => ({
      name,
      required: required.has(name),
      selector: this.selectors[name] ?? { object: {} },
    }));
    const descriptions = Object.fromEntries(
      properties.map(([name, property]) => [name, property.description]),
    );
    return html`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${schema}
      .computeLabel=${(item: { name: string }) => item.name}
      .computeHelper=${(item: { name: string }) => descriptions[item.name]}
      @value-changed=${(ev: CustomEvent<{ value: Args }>) => {
        ev.stopPropagation();
        this._data = ev.detail.value;
        this._emit();
      }}
    ></ha-form>`;
  }

  private _field(name: string, schema: JsonSchema, required: boolean) {
    const type = typeOf(schema);
    const raw = this._raw[name] ?? "";
    const set = (value: string) => {
      this._raw = { ...this._raw, [name]: value };
      this._emit();
    };
    const onInput = (ev: Event) => set((ev.target as HTMLInputElement).value);
    let input;
    if (schema.enum) {
      input = html`<select name=${name} @change=${onInput}>
        <option value="" ?selected=${raw === ""}>—</option>
        ${schema.enum.map(
          (option) =>
            html`<option value=${JSON.stringify(option)} ?selected=${raw === JSON.stringify(option)}>
              ${String(option)}
            </option>`,
        )}
      </select>`;
    } else if (type === "boolean") {
      input = html`<select name=${name} @change=${onInput}>
        <option value="" ?selected=${raw === ""}>—</option>
        <option value="true" ?selected=${raw === "true"}>true</option>
        <option value="false" ?selected=${raw === "false"}>false</option>
      </select>`;
    } else if (type === "integer" || type === "number") {
      input = html`<input
        name=${name}
        type="number"
        step=${type === "integer" ? "1" : "any"}
        min=${schema.minimum ?? ""}
        max=${schema.maximum ?? ""}
        .value=${raw}
        @input=${onInput}
      />`;
    } else if (type === "string") {
      input = html`<input name=${name} type="text" .value=${raw} @input=${onInput} />`;
    } else if (type === "array" && typeOf(schema.items ?? {}) === "string" && !schema.items?.enum) {
      input = html`<textarea
        name=${name}
        placeholder=${t(this.hass!, "form.one_per_line")}
        .value=${raw}
        @input=${onInput}
      ></textarea>`;
    } else {
      input = html`<textarea
        name=${name}
        placeholder="JSON"
        .value=${raw}
        @input=${onInput}
      ></textarea>`;
    }
    return html`<div class="field">
      <label
        ><code>${name}</code>${required ? html`<span class="required">*</span>` : nothing}
        ${type ? html`<span class="secondary">${type}</span>` : nothing}</label
      >
      ${input}
      ${schema.description ? html`<div class="secondary">${schema.description}</div>` : nothing}
      ${this._errors[name] ? html`<div class="error">${this._errors[name]}</div>` : nothing}
    </div>`;
  }

  /** Returns the arguments the fields hold, and sets the errors of those that do not parse. */
  private _args(): Args {
    if (this._haForm) {
      // A field emptied again is left out, as a plain input left empty.
      return Object.fromEntries(
        Object.entries(this._data).filter(([, value]) => value !== undefined && value !== ""),
      );
    }
    const args: Args = {};
    const errors: Record<string, string> = {};
    for (const [name, schema] of Object.entries(this.schema?.properties ?? {})) {
      const raw = this._raw[name];
      if (raw === undefined || raw === "") continue;
      const type = typeOf(schema);
      try {
        if (schema.enum || type === "boolean") args[name] = JSON.parse(raw);
        else if (type === "integer" || type === "number") args[name] = Number(raw);
        else if (type === "string") args[name] = raw;
        else if (type === "array" && typeOf(schema.items ?? {}) === "string" && !schema.items?.enum)
          args[name] = raw.split("\n").filter((line) => line.trim());
        else args[name] = JSON.parse(raw);
      } catch {
        errors[name] = t(this.hass!, "form.not_json");
      }
    }
    this._errors = errors;
    return args;
  }

  private _toggleJson(ev: Event): void {
    this._asJson = (ev.target as HTMLInputElement).checked;
    if (this._asJson) this._json = JSON.stringify(this._args(), null, 2);
    else if (this._haForm) {
      try {
        const value = JSON.parse(this._json || "{}");
        if (value && typeof value === "object" && !Array.isArray(value)) this._data = value;
      } catch {
        // Not JSON: the form keeps what it held.
      }
    }
    this._emit();
  }

  private _emit(): void {
    let detail: { value?: Args; error?: string };
    if (this._asJson) {
      try {
        const value = JSON.parse(this._json || "{}");
        detail =
          value && typeof value === "object" && !Array.isArray(value)
            ? { value }
            : { error: t(this.hass!, "form.not_object") };
      } catch (err) {
        detail = { error: t(this.hass!, "form.not_json_because", { error: (err as Error).message }) };
      }
    } else {
      const value = this._args();
      detail = Object.keys(this._errors).length
        ? { error: t(this.hass!, "form.invalid_fields") }
        : { value };
    }
    this.dispatchEvent(new CustomEvent("value-changed", { detail }));
  }

  static styles = [
    sharedStyles,
    css`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    "llm-hub-schema-form": LlmHubSchemaForm;
  }
}
