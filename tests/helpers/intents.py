"""Intent handlers as integrations register them, for homes the tests cannot set up whole."""

from __future__ import annotations

from typing import Any

import probatio

from homeassistant.helpers import intent


class BroadcastHandler(intent.IntentHandler):
    """Broadcasts a message on the home's satellites, as ``assist_satellite``'s handler does.

    ``assist_satellite`` itself cannot be set up here: its ``tts`` needs ``mutagen``, which
    the test environment lacks.
    """

    intent_type = intent.INTENT_BROADCAST

    @property
    def slot_schema(self) -> dict[Any, Any]:
        """Take ``message``."""
        return {probatio.Required("message"): str}

    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        """Broadcast."""
        return intent_obj.create_response()
