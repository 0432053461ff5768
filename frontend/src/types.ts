// What the panel uses of Home Assistant's frontend object and of LLM Hub's websocket commands.
// Shapes follow the docstrings of custom_components/llm_hub/panel/admin_commands.py and panel/approval_commands.py.

/** The part of the frontend's `hass` object the panel uses. */
export interface HomeAssistant {
  callWS<T>(msg: Record<string, unknown>): Promise<T>;
  connection: {
    subscribeMessage<T>(
      callback: (message: T) => void,
      msg: Record<string, unknown>,
    ): Promise<() => Promise<void>>;
  };
  user?: { id: string; name: string; is_admin: boolean };
  themes?: { darkMode?: boolean };
  /** The profile's language and formats (Home Assistant's `FrontendLocaleData`). */
  locale?: { language: string; number_format?: string; time_format?: string; time_zone?: string };
  language: string;
  config?: { time_zone?: string };
  /** The entities' states (an agent's name, by its entity id). */
  states?: Record<string, { attributes: { friendly_name?: string } }>;
  /** A text of the loaded translations (`component.<domain>.<category>.<key>`), "" if none. */
  localize(key: string, values?: Record<string, string>): string;
  /** Loads an integration's translations of one category into `localize`. */
  loadBackendTranslation(category: string, integration: string): Promise<unknown>;
}

/** The route Home Assistant gives a panel: `path` is what follows the panel's URL. */
export interface Route {
  prefix: string;
  path: string;
}

/** The panel Home Assistant shows: its `config` is what the integration registered it with. */
export interface Panel {
  url_path: string;
  config?: { view?: string } | null;
}

/** A row of `llm_hub/apis/list`. */
export interface ApiRow {
  id: string;
  name: string;
  hub: boolean;
  entry_id: string | null;
  state: string;
  tools: number | null;
  hidden: number | null;
  prompt_chars: number | null;
  tools_chars: number | null;
  tokens: number | null;
  max_tools: number | null;
  over_limit: boolean | null;
  over_client_limit: boolean | null;
  search: SearchSummary | null;
  repairs: string[];
  calls_24h: number;
  /** The user the figures are for: the caller, or one a hub for some users serves. */
  as_user: string;
  error: string | null;
}

/** A hub's tool search (`inspector.search_summary`). */
export interface SearchSummary {
  mode: "all" | "search" | "search_over_limit";
  /** Whether the hub lists the meta-tools instead of its tools now. */
  active: boolean;
  pinned: string[];
  indexed: number | null;
  /** Tools handed to the model. */
  listed: number;
  /** Tools the model can call: listed ones, or in search mode those behind the meta-tools. */
  reachable: number;
  meta_tools: string[];
}

export interface ApiList {
  apis: ApiRow[];
  estimator: string;
  chars_per_token: number;
  client_limit: number;
  since: string;
}

export interface ToolAnnotations {
  read_only?: boolean | null;
  destructive?: boolean | null;
  idempotent?: boolean | null;
  open_world?: boolean | null;
}

/** A tool of `llm_hub/api/describe`. */
export interface DescribedTool {
  name: string;
  key: string | null;
  original_name: string;
  source: { integration: string | null; api: string | null; api_name?: string | null };
  title: string | null;
  description: string | null;
  annotations: ToolAnnotations | null;
  parameters: JsonSchema | null;
  parameters_error?: string;
  /** The Home Assistant selector of each parameter, `{type: config}` (`bench_form.py`). */
  selectors: Record<string, Record<string, unknown>>;
  hidden: string | null;
  /** The key of `hidden` under the panel's `reason` texts, when it is a fixed reason. */
  hidden_key?: string | null;
  /** Handed to the model; a hub's tool neither hidden nor listed is reachable through search. */
  listed: boolean;
  /** A meta-tool of search mode (search_tools, call_tool, call_read_only_tool). */
  meta: boolean;
  confirm?: boolean;
  /** Why calls may ask the user first (the hub's policy), or null. */
  confirm_reason?: string | null;
  /** The key of `confirm_reason` under the panel's `reason` texts, when it is a fixed reason. */
  confirm_key?: string | null;
  /** The conditions on arguments of a tool that asks only when one holds (`known`: its
   * schema has the argument; else every call asks), or null. */
  confirm_when?: { text: string; known: boolean }[] | null;
  schema_fixes?: string[];
  size: { chars: number; tokens: number };
}

export interface Description {
  api: { id: string; name: string; hub: boolean };
  user_id: string;
  /** False when the API is a hub that does not serve that user (it lists no tools then). */
  served?: boolean;
  prompt: string;
  tools: DescribedTool[];
  size: {
    tools: number;
    prompt_chars: number;
    tools_chars: number;
    tokens: number;
    estimator: string;
    max_tools?: number;
    over_limit?: boolean;
    client_limit: number;
    over_client_limit: boolean;
  };
  search: SearchSummary | null;
  warnings: string[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** The result of `llm_hub/tool/call`. */
export interface CallResult {
  tool_name: string;
  result: { data: unknown; error: boolean };
  outcome: string;
  duration_ms: number;
}

/** A call of `llm_hub/activity/subscribe`. */
export interface ActivityCall {
  api_id: string;
  api_name: string;
  tool_name: string;
  original_tool_name: string;
  source: string;
  tool_call_id: string;
  user_id: string | null;
  platform: string;
  agent_id: string | null;
  device_id: string | null;
  outcome: string;
  duration_ms: number;
  arguments?: Record<string, unknown>;
  time: string;
  error: string | null;
  /** What the hub's confirmation settings would have done, for a call shadow mode let run. */
  shadow?: "ask" | "refuse";
  shadow_reason?: string;
}

/** The result of `llm_hub/tool/providers`. */
export interface Providers {
  tool_name: string;
  providers: Record<string, { name: string; definition: unknown; error: string | null }>;
}

/** A user of Home Assistant's `config/auth/list`. */
export interface User {
  id: string;
  name: string;
  is_active: boolean;
  system_generated: boolean;
  group_ids: string[];
}

/** The error a rejected `callWS` gives. */
export interface WsError {
  code: string;
  message: string;
}

/** Returns `code: message` of a rejected `callWS`, or the error as text. */
export function errorText(err: unknown): string {
  if (err && typeof err === "object" && "message" in err) {
    const { code, message } = err as WsError;
    return code ? `${code}: ${message}` : String(message);
  }
  return String(err);
}

/** An approval of `llm_hub/approvals/subscribe` (approvals.Approval.as_dict). */
export interface Approval {
  approval_id: string;
  api_id: string;
  hub_name: string;
  tool_name: string;
  arguments: Record<string, unknown>;
  /** The entities the call acts on, e.g. "Back door (lock.back_door)"; often empty. */
  targets: string[];
  /** How many more entities it acts on than `targets` names. */
  targets_more: number;
  /** What the call names that nothing matches, e.g. `name "Garden"`; or null. */
  targets_unmatched: string | null;
  user_id: string | null;
  /** The user's name, once the approval is announced. */
  user_name: string | null;
  platform: string;
  /** The conversation agent or AI task entity of the request (2026.11 and newer). */
  agent_id: string | null;
  /** What the call came through in words (an agent's name, else an integration's title). */
  through: string | null;
  created: string;
  expires: string;
  status: "pending" | "approved" | "denied" | "used" | "expired";
  decided_by: string | null;
  decided_by_name: string | null;
  decided: string | null;
  /** The minutes the person deciding may let it be remembered for (empty: it cannot be). */
  remember_choices: number[];
  /** Until when it is remembered, if the person who approved it chose so. */
  remember_until: string | null;
}

/** A remembered approval of `llm_hub/approvals/subscribe` (approvals.Remembered.as_dict). */
export interface Remembered {
  approval_id: string;
  api_id: string;
  hub_name: string;
  tool_name: string;
  targets: string[];
  targets_more: number;
  user_id: string | null;
  user_name: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided: string | null;
  /** Until when calls it covers run without asking. */
  until: string;
  /** How many calls ran under it. */
  uses: number;
  last_used: string | null;
}

/** Something a scope names: its id and name (null when it no longer exists). */
export interface ScopeItem {
  id: string;
  name: string | null;
}

/** The result of `llm_hub/hub/scope`. */
export interface HubScope {
  empty: boolean;
  areas: ScopeItem[];
  floors: ScopeItem[];
  labels: ScopeItem[];
  domains: string[];
  entities: ScopeItem[];
  excluded: ScopeItem[];
  allowed_users: ScopeItem[];
  admins_only: boolean;
  exposed: number;
  reached: {
    id: string;
    name: string | null;
    area: string | null;
    acts_outside: boolean;
    outside: ScopeItem[];
    outside_why: string | null;
  }[];
}

/** A count of `llm_hub/hub/limits`: a person (none: a caller without a user), a tool. */
export interface LimitCount {
  user_id: string | null;
  /** The user's name; null for no user, or a user that was removed. */
  user_name: string | null;
  tool_name?: string;
  count: number;
}

/** The result of `llm_hub/hub/limits`: a hub's limits and what they count now. */
export interface HubLimits {
  loaded: boolean;
  calls_per_minute: number | null;
  changes_per_hour: number | null;
  /** Calls in the last minute, by person and tool. */
  calls: LimitCount[];
  /** Changes in the last hour, by person. */
  changes: LimitCount[];
  /** Calls the limits refused in the last hour. */
  refusals: number;
}

/** A call shadow mode let run that the hub's confirmation settings would have stopped. */
export interface ShadowedCall {
  tool_name: string;
  user_id: string | null;
  user_name: string | null;
  platform: string;
  agent_id: string | null;
  time: string;
  /** What the settings would have done: asked, or refused (no conversation). */
  would: "ask" | "refuse";
  reason: string;
  /** The key of `reason` under the panel's `reason` texts, when it is a fixed reason. */
  reason_key: string | null;
  /** The hub's conditions on the tool's arguments, in words, when its reason has them. */
  when: string | null;
  targets: string[];
  targets_more: number;
  targets_unmatched: string | null;
}

/** A hub in shadow mode, as `llm_hub/shadow/list` gives it. */
export interface ShadowedHub {
  entry_id: string;
  api_id: string;
  name: string;
  since: string;
  calls: ShadowedCall[];
}
