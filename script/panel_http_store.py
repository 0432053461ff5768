"""Print Home Assistant's stored HTTP configuration for 127.0.0.1:PORT (``.storage/http``).

Made with the installed Home Assistant's own schema and storage version, as if the YAML
configuration had been migrated already, so the UI shows no migration warning.
Usage: python script/panel_http_store.py PORT
"""

import json
import sys

from homeassistant.components.http import config

stable = config.HTTP_STORAGE_SCHEMA({"server_host": ["127.0.0.1"], "server_port": int(sys.argv[1])})
print(
    json.dumps(
        {
            "version": config.STORAGE_VERSION,
            "minor_version": config.STORAGE_MINOR_VERSION,
            "key": config.STORAGE_KEY,
            "data": {"stable": stable, "pending": None, "yaml_migration_done": True},
        }
    )
)
