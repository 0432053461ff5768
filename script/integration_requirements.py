"""Print the pip requirements of the integrations a Home Assistant config sets up.

Usage: python integration_requirements.py CONFIGURATION_YAML SKIP_PACKAGES

Starts from the config's top-level keys, the integrations Home Assistant's bootstrap always
sets up (its DEFAULT_INTEGRATIONS, which include the base entity platforms), and mcp_server
(the demo sets it up through a config flow); follows their dependencies through the manifests
of the installed homeassistant package and prints each requirement once, except the packages
named in SKIP_PACKAGES (comma-separated: those that have no wheel and need a compiler).
Custom integrations (not in homeassistant.components) are skipped.
"""

import json
from pathlib import Path
import re
import sys

from homeassistant import bootstrap, components

COMPONENTS = Path(components.__file__).parent
# hassio: analytics, which bootstrap always sets up, imports hassio's client library.
ALWAYS = {"mcp_server", "hassio", *bootstrap.CORE_INTEGRATIONS, *bootstrap.DEFAULT_INTEGRATIONS}


def main() -> None:
    """Print one requirement per line."""
    config = Path(sys.argv[1]).read_text(encoding="utf-8")
    skip = set(sys.argv[2].split(","))
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
        requirements.update(
            dict.fromkeys(
                requirement
                for requirement in manifest.get("requirements", [])
                if re.split(r"[=<>!~\[ ]", requirement)[0] not in skip
            )
        )
        todo.extend(manifest.get("dependencies", []))
    print("\n".join(sorted(requirements)))


if __name__ == "__main__":
    main()
