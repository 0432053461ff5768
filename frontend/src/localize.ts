// The panel's words and formats in the user's language. The words are LLM Hub's translations
// under `config_panel` (custom_components/llm_hub/translations/<language>.json), loaded the way
// Home Assistant's own integration panels load theirs (`hass.loadBackendTranslation`); the
// backend fills each string a language lacks with English. Numbers, dates and times follow the
// profile's language and its number, time and time zone settings.
import { html, type TemplateResult } from "lit";

import type { HomeAssistant } from "./types";

const CATEGORY = "config_panel";
const DOMAIN = "llm_hub";
const PREFIX = `component.${DOMAIN}.${CATEGORY}.`;
/** A key every language has: the panel's words are loaded when it has a text. */
const PROBE = "tabs.hubs";

type Params = Record<string, string | number>;
type LocalizeFunc = HomeAssistant["localize"];

/** The last `hass.localize` that knew the panel's words: used while another language loads. */
let known: LocalizeFunc | undefined;
/** The language whose words were last asked for, and the request. */
let asked: { language: string; loading: Promise<unknown> } | undefined;

/** Whether the panel's words of the user's current language are loaded. */
export function wordsLoaded(hass: HomeAssistant): boolean {
  return Boolean(hass.localize(PREFIX + PROBE));
}

/** Asks Home Assistant for the panel's words of the user's language, once per language.
 *
 * Resolves when they are loaded; Home Assistant then gives the panel a new `hass` whose
 * `localize` knows them, which renders every view again.
 */
export async function loadWords(hass: HomeAssistant): Promise<void> {
  if (asked?.language !== hass.language) {
    const loading = Promise.all([
      hass.loadBackendTranslation(CATEGORY, DOMAIN),
      // The options menu's step names, which the hub view links to.
      hass.loadBackendTranslation("options", DOMAIN),
    ]);
    asked = { language: hass.language, loading };
  }
  await asked.loading;
}

/** Returns the panel's text `key` (e.g. "hubs.title") with its placeholders filled in.
 *
 * Numbers in `params` are formatted as the user's settings write them. A key the loaded
 * words lack gives the text of the language loaded before, then the key itself.
 */
export function t(hass: HomeAssistant, key: string, params: Params = {}): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    values[name] = typeof value === "number" ? num(hass, value) : value;
  const text = hass.localize(PREFIX + key, values);
  if (text) {
    known = hass.localize;
    return text;
  }
  return known?.(PREFIX + key, values) || key;
}

/** The name of a step of a hub's options menu (`options.step.init.menu_options`). */
export function stepName(hass: HomeAssistant, step: string): string {
  return hass.localize(`component.${DOMAIN}.options.step.init.menu_options.${step}`) || step;
}

/** Returns `t` as a template whose placeholders may be templates (links, bold names). */
export function tHtml(
  hass: HomeAssistant,
  key: string,
  params: Record<string, string | number | TemplateResult>,
): TemplateResult {
  const texts: Params = {};
  const parts: Record<string, TemplateResult> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "object") {
      parts[name] = value;
      texts[name] = `\uE000${name}\uE000`;
    } else texts[name] = value;
  }
  const pieces = t(hass, key, texts).split("\uE000");
  // Every odd piece is the name of a template placeholder.
  return html`${pieces.map((piece, index) => (index % 2 ? parts[piece] ?? piece : piece))}`;
}

/** The locale that numbers are written in, from the profile's number format. */
function numberLocale(hass: HomeAssistant): string | string[] | undefined {
  switch (hass.locale?.number_format) {
    case "comma_decimal":
      return ["en-US", "en"];
    case "decimal_comma":
      return ["de", "es", "it"];
    case "space_comma":
      return ["fr", "sv", "cs"];
    case "system":
      return undefined;
    default:
      return hass.locale?.language ?? hass.language;
  }
}

/** A number as the user's settings write it; "–" for none. */
export function num(hass: HomeAssistant, value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  const grouping = hass.locale?.number_format === "none" ? { useGrouping: false } : {};
  return new Intl.NumberFormat(numberLocale(hass), grouping).format(value);
}

/** The date and time options of the user's settings: 12 or 24 hours, local or server time. */
function timeOptions(hass: HomeAssistant): Intl.DateTimeFormatOptions {
  const format = hass.locale?.time_format;
  const options: Intl.DateTimeFormatOptions = {};
  if (format === "12" || format === "24") options.hour12 = format === "12";
  if (hass.locale?.time_zone === "server" && hass.config?.time_zone)
    options.timeZone = hass.config.time_zone;
  return options;
}

function language(hass: HomeAssistant): string {
  return hass.locale?.language ?? hass.language;
}

/** A moment (ISO text) as a date and time in the user's language. */
export function dateTime(hass: HomeAssistant, moment: string): string {
  return new Date(moment).toLocaleString(language(hass), {
    dateStyle: "medium",
    timeStyle: "medium",
    ...timeOptions(hass),
  });
}

/** A moment (ISO text) as a time of day in the user's language. */
export function timeOfDay(hass: HomeAssistant, moment: string): string {
  return new Date(moment).toLocaleTimeString(language(hass), {
    timeStyle: "medium",
    ...timeOptions(hass),
  });
}
