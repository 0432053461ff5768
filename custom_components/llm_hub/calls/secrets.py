"""The secret-key rule, and secrets redacted from what the audit records and the model reads.

The rule (``docs/inspector.md``, "Secrets") decides by a key's words; results also have
``key: value`` and ``key=value`` in their text redacted (``redact_result``).
"""

from __future__ import annotations

from functools import lru_cache
import re
from typing import Any, Final
import unicodedata

from homeassistant.helpers import intent
from homeassistant.helpers.redact import REDACTED, async_redact_data

__all__ = ["SECRET_KEYS", "is_secret_key", "redact_result", "redact_secrets"]

# The secret-key rule (docs/inspector.md, "Secrets"). A key is split into words (camelCase,
# separators, digits), accents dropped and case folded; ``joined`` is its words run together.
_SECRET_STEMS: Final = (
    # Anywhere in the joined words: ``x_api_key2``, ``userPassword``, ``mot_de_passe``.
    "passw",  # password, passwd, passwort, passwords
    "passphrase",
    "passcode",
    "pincode",
    "pwd",
    "secret",
    "credential",
    "apikey",
    "accesskey",
    "privatekey",
    "secretkey",
    "authkey",
    "signingkey",
    "sshkey",
    "encryptionkey",
    "authorization",
    "bearer",
    "kennwort",  # German
    "contrasena",  # Spanish (contraseña)
    "motdepasse",  # French
    "wachtwoord",  # Dutch
    "losenord",  # Swedish (lösenord)
    "adgangskode",  # Danish
    "passord",  # Norwegian
    "salasana",  # Finnish
    "senha",  # Portuguese
    "jelszo",  # Hungarian (jelszó)
    "haslo",  # Polish (hasło, once its ł is written l)
    "heslo",  # Czech, Slovak
    "sifre",  # Turkish (şifre)
    "пароль",  # Russian, Ukrainian
    "密码",  # Chinese
    "パスワード",  # Japanese
    "비밀번호",  # Korean
)
_SECRET_WORDS: Final = frozenset(
    # Only as a whole word: ``pin`` but not ``spin``, ``auth`` but not ``author``.
    {"auth", "oauth", "cvc", "cvv", "otp", "pass", "pin", "psk", "pw", "totp"}
)
# A secret as a word or at the end of one (``accesstoken``), not in ``max_tokens``.
_TOKEN: Final = "token"  # noqa: S105  # a word to look for, not a secret
# A secret (an alarm's or a lock's) unless a word in the key says what kind of code.
_CODE: Final = "code"
_NOT_SECRET_CODES: Final = frozenset(
    {
        "area",
        "bar",
        "char",
        "color",
        "colour",
        "country",
        "currency",
        "error",
        "exit",
        "format",
        "http",
        "iata",
        "icao",
        "iso",
        "key",
        "lang",
        "language",
        "locale",
        "post",
        "postal",
        "product",
        "qr",
        "region",
        "response",
        "return",
        "source",
        "status",
        "type",
        "zip",
    }
)
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NOT_LETTERS = re.compile(r"[\W\d_]+")


def _words(key: str) -> list[str]:
    """Return a key's words: split at camelCase, separators and digits, accents dropped."""
    spaced = _CAMEL_BOUNDARY.sub(" ", key)
    plain = "".join(
        char for char in unicodedata.normalize("NFKD", spaced) if not unicodedata.combining(char)
    ).casefold()
    return [word for word in _NOT_LETTERS.split(plain.replace("ł", "l")) if word]


# The stems written as keys' words are (e.g. Japanese without its sound marks).
_STEMS: Final = tuple("".join(_words(stem)) for stem in _SECRET_STEMS)


def is_secret_key(key: object) -> bool:
    """Return whether a key of arguments or options names a secret; one that is no text does not."""
    return isinstance(key, str) and _secret(key)


@lru_cache(maxsize=4096)
def _secret(key: str) -> bool:
    """Return whether the text ``key`` names a secret (keys repeat: answers are kept)."""
    words = _words(key)
    joined = "".join(words)
    if any(stem in joined for stem in _STEMS):
        return True
    if any(word in _SECRET_WORDS or word.endswith(_TOKEN) for word in words):
        return True
    return _CODE in words and _NOT_SECRET_CODES.isdisjoint(words)


class _SecretKeys(frozenset[str]):
    """Keys that name a secret, as the set ``async_redact_data`` looks keys up ``in``."""

    def __contains__(self, key: object) -> bool:
        """Return whether ``key`` names a secret."""
        return is_secret_key(key)


# The keys ``redact_secrets`` redacts (``key in SECRET_KEYS``).
SECRET_KEYS: Final = _SecretKeys()


def redact_secrets[T](data: T) -> T:
    """Return ``data`` with the values of secret keys at any depth replaced by ``**REDACTED**``."""
    return async_redact_data(data, SECRET_KEYS)


# ``key: value``, ``key=value``, ``"key": "value"`` in text: the key, its quote, the value.
_KEY_VALUE: Final = re.compile(
    # A key of up to three words (``API key``, ``mot de passe``), its quote, ``:`` or ``=``.
    r"""(?<![\w.-])(?P<q>["']?)(?P<key>(?:[^\W\d][\w-]{0,31}[ \t]){0,2}[^\W\d][\w-]{0,63})"""
    r"""(?P=q)[ \t]*[:=][ \t]*(?P<value>"""
    r"""-----BEGIN[^\n]*-----[\s\S]*?-----END[^\n]*-----"""  # a PEM block
    r"""|(?:[|>][+-]?[ \t]*)?\n(?:[ \t]+\S[^\n]*(?:\n|$))+"""  # YAML: indented lines below
    r"""|"(?:[^"\\]|\\.)*"|'[^']*'"""  # quoted, over lines too
    # A word (after a scheme); one followed by ``:`` or ``=`` is the next key, not a value.
    r"""|(?:(?:bearer|basic|digest|token)[ \t]+)?[^\s,;&"'}\]:=]++(?![:=]))""",
    re.IGNORECASE,
)
# Values a secret key keeps: empty ones, and the error codes of intents' answers (``code``).
_NOT_SECRET_VALUES: Final = frozenset(
    {"", *(code.value for code in intent.IntentResponseErrorCode)}
)


def _kept_value(value: Any) -> bool:
    """Return whether a secret key's ``value`` is none, empty, or an intent's error code."""
    return value is None or (isinstance(value, str) and value in _NOT_SECRET_VALUES)


# How deep ``redact_result`` looks; deeper data is redacted whole (fails closed).
_MAX_DEPTH: Final = 100


def redact_result(data: Any, depth: int = 0) -> Any:
    """Return plain JSON ``data`` with secret keys' values (also in text) redacted; same if none."""
    if isinstance(data, str):
        if not _may_hold_secret(data):
            return data
        redacted = _KEY_VALUE.sub(_redact_value, data)
        return data if redacted == data else redacted
    if not isinstance(data, dict | list):
        return data
    if depth >= _MAX_DEPTH:
        return REDACTED
    if isinstance(data, list):
        items = [redact_result(item, depth + 1) for item in data]
        return data if all(a is b for a, b in zip(items, data, strict=True)) else items
    return _redact_dict(data, depth)


def _redact_dict(data: dict[Any, Any], depth: int) -> dict[Any, Any]:
    """Return ``redact_result`` of a dict (``data`` itself when nothing is redacted)."""
    copy: dict[Any, Any] | None = None
    for key, value in data.items():  # most results: a few keys, nothing to redact
        if isinstance(key, str) and _secret(key) and not _kept_value(value):
            new = REDACTED
        elif isinstance(value, str):
            if "=" not in value and ":" not in value:
                continue  # no text pair in it: the usual answer
            new = redact_result(value, depth + 1)
        elif isinstance(value, dict | list):
            new = redact_result(value, depth + 1)
        else:
            continue
        if new is not value:
            if copy is None:
                copy = dict(data)
            copy[key] = new
    return data if copy is None else copy


# What a secret key's text holds somewhere, case folded: texts without any of these hold none
# (looked for as plain text, which is quick, before any key is looked at).
_MAYBE: Final = tuple(
    word.casefold()
    for word in (
        *_SECRET_STEMS,
        *_SECRET_WORDS,
        _TOKEN,
        _CODE,
        "contraseña",
        "lösenord",
        "jelszó",
        "hasło",
        "şifre",
        "key",
    )
)


def _may_hold_secret(text: str) -> bool:
    """Return whether ``text`` holds a word of a secret key (``_MAYBE``)."""
    if "=" not in text and ":" not in text:
        return False
    folded = text.casefold()
    return any(word in folded for word in _MAYBE)


def _redact_value(found: re.Match[str]) -> str:
    """Return a ``key: value`` found in text, its value redacted when the key names a secret."""
    value = found["value"]
    before = found[0][: found.start("value") - found.start()]
    if not is_secret_key(found["key"]):
        # Its value may hold a secret pair of its own (``url: https://x/?api_key=...``).
        return before + _KEY_VALUE.sub(_redact_value, value)
    if value in {'""', "''"}:
        return found[0]
    if value.startswith("\n") or value[0] in "|>":
        return f"{before}{REDACTED}\n"  # the block below the key
    quote = value[0] if value[0] in "\"'" else ""
    return f"{before}{quote}{REDACTED}{quote}"
