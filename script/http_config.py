"""Write the HTTP settings of a Home Assistant config dir where Home Assistant keeps them.

Usage: python http_config.py CONFIG_DIR PORT

Since 2026.10 Home Assistant keeps its HTTP server settings in ``.storage/http`` (a
``stable`` config, a ``pending`` one on trial, and whether the YAML ``http:`` block was
migrated); an ``http:`` block in configuration.yaml is migrated once as a pending config that
must be confirmed in the UI within 5 minutes, then ignored with a repair. This writes a
confirmed (``stable``) config listening on 127.0.0.1:PORT only, with nothing pending and the
migration marked done, so Home Assistant starts on it without asking. The settings go through
Home Assistant's own schema (``HTTP_STORAGE_SCHEMA``, whose defaults fill in the rest).
Rewritten at every start: the dev config's HTTP settings are the scripts' to choose.
"""

from datetime import UTC, datetime
import json
from pathlib import Path
import sys

from homeassistant.components.http import config as http_config


def main() -> None:
    """Write CONFIG_DIR/.storage/http for 127.0.0.1:PORT."""
    config_dir, port = Path(sys.argv[1]), int(sys.argv[2])
    stable = dict(
        http_config.HTTP_STORAGE_SCHEMA({"server_host": "127.0.0.1", "server_port": port})
    )
    stable.update(created_at=datetime.now(UTC).isoformat(), error=None, error_message=None)
    storage = {
        "version": http_config.STORAGE_VERSION,
        "minor_version": http_config.STORAGE_MINOR_VERSION,
        "key": http_config.STORAGE_KEY,
        "data": {
            http_config.KEY_STABLE: stable,
            http_config.KEY_PENDING: None,
            http_config.KEY_YAML_MIGRATION_DONE: True,
        },
    }
    path = config_dir / ".storage" / http_config.STORAGE_KEY
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(storage, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
