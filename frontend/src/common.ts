// Shared look and small helpers of the panel's views. Only Home Assistant's theme variables
// are used for colours and fonts, so the default, dark and user themes all apply.
import { css, html, nothing, type TemplateResult } from "lit";

import { t } from "./localize";
import type { HomeAssistant, SearchSummary, ToolAnnotations, User } from "./types";

/** Navigates inside Home Assistant's frontend without a reload (as its `navigate` does). */
export function navigate(path: string): void {
  history.pushState(null, "", path);
  window.dispatchEvent(new CustomEvent("location-changed", { detail: { replace: false } }));
}

/** Follows a link inside the panel without a reload (a plain click only; not the row's click). */
export function followLink(ev: MouseEvent): void {
  ev.stopPropagation();
  if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  navigate((ev.currentTarget as HTMLAnchorElement).getAttribute("href")!);
}

/** Names what made a request in words: the test bench, the agent's name, else the title
 * Home Assistant shows for the integration of its ``LLMContext.platform`` (``loadTitles``). */
export function platformName(
  hass: HomeAssistant,
  platform: string,
  agentId: string | null = null,
): string {
  if (platform === "llm_hub") return t(hass, "platform.bench");
  const agent = agentId ? hass.states?.[agentId] : undefined;
  if (agentId) return agent?.attributes.friendly_name ?? agentId;
  return hass.localize(`component.${platform}.title`) || platform;
}

/** The integrations whose titles were asked for (``platformName``). */
const titlesAsked = new Set<string>();

/** Asks Home Assistant once for the titles of the integrations ``platforms``, as its own
 * pages do; Home Assistant then gives the panel a new `hass` that knows them. */
export function loadTitles(hass: HomeAssistant, platforms: Iterable<string>): void {
  for (const platform of platforms) {
    if (titlesAsked.has(`${hass.language}:${platform}`)) continue;
    titlesAsked.add(`${hass.language}:${platform}`);
    hass.loadBackendTranslation("title", platform).catch(() => undefined);
  }
}

/** Names a user in words: "(you)" marked, else their name as Home Assistant gave it, else as
 * the users' list has it, else their id. */
export function personName(
  hass: HomeAssistant,
  users: User[],
  userId: string,
  name: string | null | undefined,
): string {
  if (userId === hass.user?.id || !name) return userName(hass, users, userId);
  return name;
}

/** A user's name (yours marked "(you)"), their id if unknown, "–" for none. */
export function userName(hass: HomeAssistant, users: User[], userId: string | null): string {
  if (!userId) return "–";
  if (userId === hass.user?.id) return t(hass, "common.you", { name: hass.user.name });
  return users.find((user) => user.id === userId)?.name ?? userId;
}

/** Who made a call in words: "(you)" marked, their name, a removed user, or no user at all. */
export function callerName(
  hass: HomeAssistant,
  userId: string | null,
  name: string | null,
): string {
  if (!userId) return t(hass, "approvals.no_user");
  if (userId === hass.user?.id) return t(hass, "common.you", { name: hass.user.name });
  return name ?? t(hass, "limits.removed_user");
}

/** A hub's tool mode in words, and for "search over the limit" what it does now. */
export function modeText(hass: HomeAssistant, search: SearchSummary | null | undefined): string {
  if (!search) return "–";
  if (search.mode === "search") return t(hass, "mode.search");
  if (search.mode === "search_over_limit")
    return t(hass, search.active ? "mode.over_limit_searching" : "mode.over_limit_all");
  return t(hass, "mode.all");
}

/** A tool name that may wrap after "_", "__" or "." (long names in narrow columns). */
export function breakable(name: string): TemplateResult {
  const parts = name.split(/(?<=[_.])(?![_.])/);
  return html`${parts.map((part, index) => html`${index ? html`<wbr />` : nothing}${part}`)}`;
}

/** The badges of a tool's annotations (the hints that are set).
 *
 * As MCP defines them, "destructive" and "idempotent" mean something only for a tool that
 * is not read-only, so a read-only tool shows neither.
 */
export function annotationBadges(
  hass: HomeAssistant,
  annotations: ToolAnnotations | null,
): TemplateResult[] {
  if (!annotations) return [];
  const badge = (kind: string, key: string) =>
    html`<span class="badge ${kind}">${t(hass, `annotation.${key}`)}</span>`;
  const badges: TemplateResult[] = [];
  if (annotations.read_only) badges.push(badge("info", "read_only"));
  else {
    if (annotations.destructive) badges.push(badge("error", "destructive"));
    if (annotations.idempotent) badges.push(badge("", "idempotent"));
  }
  if (annotations.open_world) badges.push(badge("warning", "open_world"));
  return badges;
}

/** How a call ended, in words (``ok``, ``error``, ``refused``, ``needs_confirmation``). */
export function outcomeText(hass: HomeAssistant, outcome: string): string {
  const text = t(hass, `outcome.${outcome}`);
  return text === `outcome.${outcome}` ? outcome.replace("_", " ") : text;
}

/** A badge for how a call ended. */
export function outcomeBadge(hass: HomeAssistant, outcome: string): TemplateResult {
  const kind =
    outcome === "ok" ? "success" : outcome === "needs_confirmation" ? "warning" : "error";
  return html`<span class="badge ${kind}">${outcomeText(hass, outcome)}</span>`;
}

export const sharedStyles = css`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  td code.api-id {
    /* An API id is one long word: it may break anywhere rather than widen the table. */
    overflow-wrap: anywhere;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
  }
  td.number,
  th.number {
    text-align: right;
  }
  td.number {
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  td.warnings .badge {
    /* Long words (German) wrap inside the chip rather than widen the table past the screen. */
    white-space: normal;
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`;
