// Gets Home Assistant's `ha-form` (and with it `ha-selector`) defined for the panel.
//
// Home Assistant's frontend loads `ha-form` lazily, with the pages that use it, so a custom
// panel opened first (a bookmark, a reload) finds it undefined. Two ways custom panels and cards
// load it: the card helpers (`window.loadCardHelpers`, defined once a dashboard was shown):
// a card editor imports `ha-form`; otherwise the configuration panel's automation page, loaded
// through the routes of `partial-panel-resolver` (the app's own element). Both use the
// frontend's internals, so each step is optional and the wait is short: the caller falls back
// to plain inputs when `ha-form` is not defined in time.

/** How long the panel waits for `ha-form` before it shows plain inputs (ms). */
export const HA_FORM_WAIT_MS = 5000;

/** The frontend's internals, which have no types the panel can import. */
type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let loading: Promise<boolean> | undefined;

async function load(): Promise<void> {
  const win = window as Loose;
  if (typeof win.loadCardHelpers === "function") {
    const helpers = await win.loadCardHelpers();
    const card = await helpers.createCardElement({ type: "entities", entities: [] });
    await card?.constructor?.getConfigElement?.();
    if (customElements.get("ha-form")) return;
  }
  await customElements.whenDefined("partial-panel-resolver");
  const resolver = document.createElement("partial-panel-resolver") as Loose;
  const routes = resolver._getRoutes?.([{ component_name: "config", url_path: "llm-hub-tmp" }]);
  await routes?.routes?.["llm-hub-tmp"]?.load?.();
  await customElements.whenDefined("ha-panel-config");
  const config = document.createElement("ha-panel-config") as Loose;
  await config.routerOptions?.routes?.automation?.load?.();
}

/** Resolves true once `ha-form` is defined, false if it is not within `HA_FORM_WAIT_MS`. */
export function haFormReady(): Promise<boolean> {
  if (customElements.get("ha-form")) return Promise.resolve(true);
  loading ??= Promise.race([
    load()
      .catch(() => undefined)
      .then(() => customElements.whenDefined("ha-form"))
      .then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HA_FORM_WAIT_MS)),
  ]).then((ready) => {
    if (!ready) loading = undefined; // try again for the next form
    return ready;
  });
  return loading;
}
