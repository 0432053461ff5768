"""Print the pip requirements of the integrations a Home Assistant config sets up.

Usage: python integration_requirements.py CONFIGURATION_YAML [EXTRA_DOMAIN ...]

Reads the top-level keys of the config and, through the manifests of the installed
homeassistant package, their dependencies, and prints each requirement once. Custom
integrations (not in homeassistant.components) are skipped. mcp_server is always included:
the demo sets it up through a config flow.
"""

import json
from pathlib import Path
import re
import sys

from homeassistant import components

COMPONENTS = Path(components.__file__).parent
ALWAYS = ["mcp_server", "homeassistant"]


def main() -> None:
    """Print one requirement per line."""
    config = Path(sys.argv[1]).read_text(encoding="utf-8")
    todo = re.findall(r"^([a-z_][a-z0-9_]*):", config, re.MULTILINE) + ALWAYS + sys.argv[2:]
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
    print("\n".join(requirements))


if __name__ == "__main__":
    main()
