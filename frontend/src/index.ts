// The module's entry. A page that already runs a build of the panel (LLM Hub was updated while
// it stayed open, and Home Assistant loads the new module URL into it) keeps its elements, as a
// custom element cannot be defined twice; its banner then asks for a reload.
if (!customElements.get("llm-hub-panel")) void import("./llm-hub-panel");
