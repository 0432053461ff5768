"""Print the pip requirements of the integrations a Home Assistant config sets up.

Usage: python integration_requirements.py CONFIGURATION_YAML

Starts from the config's top-level keys, the integrations Home Assistant's bootstrap always
sets up (its DEFAULT_INTEGRATIONS, which include the base entity platforms), mcp_server and
ollama (the demo and the browser check set them up through config flows), and every custom
integration of the config's custom_components folder (LLM Hub is set up through a config flow
too); follows their dependencies through the manifests of the installed homeassistant package
and prints each requirement once.
"""

import json
from pathlib import Path
import re
import sys

from homeassistant import bootstrap, components

COMPONENTS = Path(components.__file__).parent
# hassio: analytics, which bootstrap always sets up, imports hassio's client library.
ALWAYS = {
    "mcp_server",
    "ollama",
    "hassio",
    *bootstrap.CORE_INTEGRATIONS,
    *bootstrap.DEFAULT_INTEGRATIONS,
}


def main() -> None:
    """Print one requirement per line."""
    config_path = Path(sys.argv[1])
    config = config_path.read_text(encoding="utf-8")
    custom = {
        path.parent.name: path
        for path in sorted((config_path.parent / "custom_components").glob("*/manifest.json"))
    }
    todo = sorted({*re.findall(r"^([a-z_][a-z0-9_]*):", config, re.MULTILINE), *ALWAYS, *custom})
    seen: set[str] = set()
    requirements: dict[str, None] = {}
    while todo:
        domain = todo.pop()
        manifest_path = custom.get(domain) or COMPONENTS / domain / "manifest.json"
        if domain in seen or not manifest_path.exists():
            continue
        seen.add(domain)
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        requirements.update(dict.fromkeys(manifest.get("requirements", [])))
        todo.extend(manifest.get("dependencies", []))
    print("\n".join(sorted(requirements)))


if __name__ == "__main__":
    main()
