"""Print the pip requirements of the integrations a Home Assistant config sets up.

Usage: python integration_requirements.py CONFIGURATION_YAML

Starts from the config's top-level keys, the integrations Home Assistant's bootstrap always
sets up (its DEFAULT_INTEGRATIONS, which include the base entity platforms), mcp_server and
ollama (the demo and the browser check set them up through config flows); follows their
dependencies through the manifests of the installed homeassistant package and prints each
requirement once. Custom integrations (not in homeassistant.components) are skipped.
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
    config = Path(sys.argv[1]).read_text(encoding="utf-8")
    todo = sorted({*re.findall(r"^([a-z_][a-z0-9_]*):", config, re.MULTILINE), *ALWAYS})
    seen: set[str] = set()
    requirements: dict[str, None] = {}
    while todo:
        domain = todo.pop()
        manifest_path = COMPONENTS / domain / "manifest.json"
        if domain in seen or not manifest_path.exists():
            continue
        seen.add(domain)
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        requirements.update(dict.fromkeys(manifest.get("requirements", [])))
        todo.extend(manifest.get("dependencies", []))
    print("\n".join(sorted(requirements)))


if __name__ == "__main__":
    main()
