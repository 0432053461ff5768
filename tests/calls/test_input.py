"""No input breaks a call or the audit: arguments of any JSON type, size or depth, secrets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
import json
from typing import Any

from hypothesis import strategies as st
import probatio
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events

from custom_components.llm_hub import const
from custom_components.llm_hub.calls.audit import (
    EVENT_TOOL_CALLED,
    MAX_DEPTH,
    MAX_SIZE,
    recorded_arguments,
)
from custom_components.llm_hub.calls.secrets import is_secret_key
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm

from ..helpers.hubs import FixedAPI, RecordingTool, async_add_hub, hub_id, llm_context
from ..helpers.values import examples, json_values

pytestmark = pytest.mark.filterwarnings("ignore:It looks like `register_random`")

ANY_ARGS = probatio.Schema({}, extra=probatio.ALLOW_EXTRA)
DOOR = "door__open"


def _door(arguments: Any) -> llm.ToolInput:
    """Return a call of ``door__open`` with ``arguments``, whatever they are."""
    return llm.ToolInput(tool_name=DOOR, tool_args=arguments)


@pytest.fixture
async def door(hass: HomeAssistant, setup_llm: None) -> tuple[RecordingTool, MockConfigEntry]:
    """Set up a hub that records arguments and confirms ``door__open``; return tool and hub."""
    tool = RecordingTool(DOOR, parameters=ANY_ARGS)
    llm.async_register_api(hass, FixedAPI(hass, "door", "Door", [tool]))
    entry = await async_add_hub(
        hass,
        "Front",
        {
            CONF_LLM_HASS_API: ["door"],
            const.CONF_RECORD_ARGUMENTS: True,
            const.CONF_CONFIRM_TOOLS: [DOOR],
        },
    )
    return tool, entry


async def test_arguments_that_are_not_an_object(
    hass: HomeAssistant, door: tuple[RecordingTool, MockConfigEntry]
) -> None:
    """Any JSON value but an object is invalid before confirmation; the call is recorded."""
    tool, entry = door
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(entry), llm_context())
    values = [value for value in examples(json_values) if not isinstance(value, dict)] + [
        None,
        [],
        [{"confirmation_token": "x"}],
        "{}",
        0,
        1.5,
        True,
        False,
    ]

    for sent in values:
        result = await instance.async_call_tool(_door(sent))

        assert result.error
        data: dict[str, Any] = result.data
        assert data["error"] == "InvalidArguments"
        assert "expected an object of named arguments" in data["error_text"]
        assert const.TOKEN_ARGUMENT not in data

    assert tool.calls == []
    assert len(entry.runtime_data.api.confirmations) == 0
    assert len(events) == len(values)
    assert {event.data["outcome"] for event in events} == {"error"}
    # What was sent is recorded as sent (JSON-safe).
    assert events[0].data["arguments"] == recorded_arguments(values[0])[0]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "got null"),
        ([1], "got a list"),
        ("{}", "got a string"),
        (3, "got a number"),
        (True, "got true (a boolean)"),
        (b"{}", "got a value of type bytes"),
    ],
)
async def test_not_an_object_in_words(
    hass: HomeAssistant, door: tuple[RecordingTool, MockConfigEntry], value: Any, words: str
) -> None:
    """The answer names what came instead of an object."""
    instance = await llm.async_get_api(hass, hub_id(door[1]), llm_context())

    result = await instance.async_call_tool(_door(value))

    assert words in str(result.data["error_text"])


async def test_any_object_never_escapes(
    hass: HomeAssistant, door: tuple[RecordingTool, MockConfigEntry]
) -> None:
    """Any object of any values is answered and recorded; the event stays JSON and small."""
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(door[1]), llm_context())
    values = examples(st.dictionaries(st.text(max_size=20), json_values, max_size=8))

    for value in values:
        result = await instance.async_call_tool(_door(value))
        # Waits for approval (no error), or refuses the token it got.
        assert result.error or result.data["status"] == "approval_required"

    assert len(events) == len(values)
    for event in events:
        assert len(json.dumps(event.data, allow_nan=False)) < MAX_SIZE + 1024


def _nested(depth: int) -> Any:
    value: Any = "bottom"
    for _ in range(depth):
        value = {"next": [value]}
    return value


@pytest.mark.parametrize(
    ("arguments", "marker"),
    [
        ({"text": "x" * 100_000}, "more characters>"),
        ({"items": list(range(1000))}, "more items>"),
        ({f"key{index}": index for index in range(1000)}, "more keys>"),
        (_nested(2000), f"nested deeper than {MAX_DEPTH} levels"),
        ({"many": ["y" * 900] * 60}, "more items>"),
        ({"huge": 10**400}, "<cut: an integer of 1329 bits>"),
    ],
    ids=["long text", "long list", "many keys", "deep", "big total", "huge integer"],
)
async def test_arguments_of_any_size_are_cut_and_marked(
    hass: HomeAssistant, door: tuple[RecordingTool, MockConfigEntry], arguments: Any, marker: str
) -> None:
    """Arguments too big or deep are cut; the event says so and stays well under 32 KB."""
    events = async_capture_events(hass, EVENT_TOOL_CALLED)
    instance = await llm.async_get_api(hass, hub_id(door[1]), llm_context())

    await instance.async_call_tool(_door(arguments))

    [event] = events
    encoded = json.dumps(event.data, allow_nan=False)
    assert marker in encoded
    assert event.data["arguments_cut"] is True
    assert len(encoded) < MAX_SIZE + 1024


def test_values_json_cannot_write() -> None:
    """Non-finite floats, sets, tuples, objects and odd keys are recorded as JSON."""
    recorded, cut = recorded_arguments(
        {"nan": float("nan"), "inf": float("-inf"), "set": {1}, "tuple": (1,), 1: object()}
    )

    assert recorded == {"nan": "nan", "inf": "-inf", "set": [1], "tuple": [1], "1": "<object>"}
    assert not cut
    assert recorded_arguments({(1, 2): "a"}) == ({"<key>": "a"}, False)


def test_unreadable_arguments_are_recorded_as_a_marker() -> None:
    """A mapping that fails when read (passed from Python) never breaks the audit."""

    class Broken(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            raise KeyError(key)

        def __iter__(self) -> Iterator[str]:
            raise RuntimeError("broken")

        def __len__(self) -> int:
            return 1

    assert recorded_arguments(Broken()) == ("<cut: the arguments could not be read>", True)


SECRET_SPELLINGS = [
    "password",
    "Password",
    "PASSWORD",
    "wifi_password",
    "wifiPassword",
    "userpassword",
    "password2",
    "2password",
    "passwd",
    "pwd",
    "user_pwd",
    "pw",
    "pass",
    "passphrase",
    "passcode",
    "secret",
    "client_secret",
    "clientSecret",
    "SECRET_KEY",
    "token",
    "access_token",
    "accessToken",
    "accesstoken",
    "AUTH_TOKEN",
    "refresh-token",
    "token_count",  # errs on the side of redacting
    "api_key",
    "apiKey",
    "apikey",
    "API-KEY",
    "API_KEY",
    "APIKey",
    "x_api_key2",
    "x-api-key",
    "privateKey",
    "ssh_key",
    "auth",
    "Authorization",
    "bearer",
    "credential",
    "credentials",
    "pin",
    "PIN",
    "doorPin",
    "pin1",
    "pin_code",
    "pincode",
    "code",
    "alarm_code",
    "userCode",
    "otp",
    "totp_code",
    "cvv",
    "psk",
    "Passwort",
    "Kennwort",
    "contraseña",
    "contrasena",
    "mot_de_passe",
    "motDePasse",
    "wachtwoord",
    "lösenord",
    "adgangskode",
    "passord",
    "salasana",
    "senha",
    "jelszó",
    "hasło",
    "heslo",
    "şifre",
    "пароль",
    "Пароль",
    "密码",
    "パスワード",
    "비밀번호",
]
NOT_SECRET = [
    "key",
    "keyboard",
    "name",
    "brightness",
    "max_tokens",
    "mapping",
    "spin",
    "pink",
    "author",
    "authority_name",
    "passenger",
    "compass",
    "bypass_mode",
    "code_format",
    "zip_code",
    "postal_code",
    "country_code",
    "language_code",
    "currency_code",
    "status_code",
    "error_code",
    "color_code",
    "barcode",
    "qr_code",
    "unicode",
    "keycode",
    "entity_id",
    "temperature",
    "",
]


@pytest.mark.parametrize("key", SECRET_SPELLINGS)
def test_secret_spellings(key: str) -> None:
    """However a secret's key is written, its value is redacted."""
    assert is_secret_key(key)
    assert recorded_arguments({key: "s3cr3t", "other": 1}) == (
        {key: "**REDACTED**", "other": 1},
        False,
    )


@pytest.mark.parametrize("key", NOT_SECRET)
def test_keys_that_are_not_secret(key: str) -> None:
    """Keys that merely contain a secret word's letters are recorded as they are."""
    assert not is_secret_key(key)


def test_keys_that_are_not_text() -> None:
    """Only texts name secrets."""
    assert not is_secret_key(1)
    assert not is_secret_key(None)


def test_secrets_nested_and_of_any_type_are_redacted() -> None:
    """A secret key's whole value is redacted, whatever it holds, at any depth."""
    recorded, _ = recorded_arguments(
        [{"wifi": {"ssid": "home", "Passwort": {"a": 1}}, "tokens": ["PIN", {"pin": [1, 2]}]}]
    )

    assert recorded == [
        {
            "wifi": {"ssid": "home", "Passwort": "**REDACTED**"},
            "tokens": ["PIN", {"pin": "**REDACTED**"}],
        }
    ]
