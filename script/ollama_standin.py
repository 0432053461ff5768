"""A scripted stand-in for the Ollama server, so a real conversation agent can use a hub.

Home Assistant's ``ollama`` integration (config flow, conversation subentry, agent) talks to it
as to an Ollama server; only the model is scripted. It answers:

- ``GET /api/tags``: one model, ``MODEL`` (the integration lists models in its flows);
- ``POST /api/chat``: a streamed reply (NDJSON, as Ollama streams). When the last message is
  the user's, the reply is one tool call: the first tool it was sent whose name ends with
  ``tool_suffix``, with ``arguments``; when it is a tool result, the reply is ``answer``. So a
  conversation turn takes two requests: the tool call, then the text.

Every chat request body is kept in ``requests`` (``tools`` in Ollama's format:
``{"type": "function", "function": {"name", "description", "parameters"}}``).

Standard library only: ``script/demo`` (Home Assistant's venv) and ``script/ui-check`` (the
browser check's venv) run it in a thread. Run alone it serves until Ctrl-C, for trying a
hub with an agent under ``script/develop``:
``script/run ha-2026.10.4 python script/ollama_standin.py --port 11434``, then add the Ollama
integration with the URL it prints.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
import json
import threading
from typing import Any

__all__ = ["MODEL", "ScriptedOllama"]

MODEL = "llm-hub-scripted:latest"
"""The one model the stand-in lists; pick it in the agent's options."""


class ScriptedOllama:
    """The stand-in server on 127.0.0.1; ``start`` it, read ``url`` and ``requests``."""

    def __init__(
        self,
        *,
        port: int = 0,
        tool_suffix: str = "HassTurnOn",
        arguments: dict[str, Any] | None = None,
        answer: str = "Done: the porch lights are on.",
    ) -> None:
        """Serve on ``port`` (0: a free one); call the tool ending in ``tool_suffix``."""
        self.tool_suffix = tool_suffix
        self.arguments = arguments if arguments is not None else {"name": "Porch lights"}
        self.answer = answer
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", port), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """Return the server's base URL, e.g. ``http://127.0.0.1:43567``."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> ScriptedOllama:
        """Start serving in a daemon thread; return self."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self._server.shutdown()
        self._server.server_close()

    def reply(self, body: dict[str, Any]) -> dict[str, Any]:
        """Keep a chat request and return the message that answers it."""
        with self._lock:
            self.requests.append(body)
        messages = body.get("messages") or [{}]
        if messages[-1].get("role") == "tool":
            return {"role": "assistant", "content": self.answer}
        names = [tool["function"]["name"] for tool in body.get("tools") or []]
        name = next((name for name in names if name.endswith(self.tool_suffix)), None)
        if name is None:
            return {
                "role": "assistant",
                "content": f"No tool ending in {self.tool_suffix}: {names}",
            }
        return {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"function": {"name": name, "arguments": self.arguments}}],
        }


def _handler(scripted: ScriptedOllama) -> type[BaseHTTPRequestHandler]:
    """Return the request handler class of ``scripted``."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            if self.path == "/api/tags":
                now = datetime.now(UTC).isoformat()
                model = {"name": MODEL, "model": MODEL, "modified_at": now, "size": 1}
                self._send(json.dumps({"models": [model]}) + "\n", "application/json")
            elif self.path == "/":
                self._send("Ollama is running", "text/plain")
            else:
                self._send(json.dumps({"error": "not found"}), "application/json", 404)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            if self.path != "/api/chat":
                self._send(json.dumps({"error": "not found"}), "application/json", 404)
                return
            message = scripted.reply(body)
            now = datetime.now(UTC).isoformat()
            chunks = [
                {"model": body.get("model"), "created_at": now, "message": message, "done": False},
                {
                    "model": body.get("model"),
                    "created_at": now,
                    "message": {"role": "assistant", "content": ""},
                    "done": True,
                    "done_reason": "stop",
                },
            ]
            if not body.get("stream", True):
                chunks = [{**chunks[1], "message": message}]
            self._send(
                "".join(json.dumps(chunk) + "\n" for chunk in chunks), "application/x-ndjson"
            )

        def _send(self, text: str, content_type: str, status: int = 200) -> None:
            data = text.encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
            """Stay quiet: the caller reports what it needs from ``requests``."""

    return Handler


def main() -> None:
    """Serve until Ctrl-C, printing the tools of each chat request."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=11434)
    args = parser.parse_args()
    scripted = ScriptedOllama(port=args.port).start()
    print(
        f"Scripted Ollama stand-in at {scripted.url} (model {MODEL}); Ctrl-C stops it", flush=True
    )
    seen = 0
    try:
        while True:
            threading.Event().wait(0.5)
            for body in scripted.requests[seen:]:
                names = [tool["function"]["name"] for tool in body.get("tools") or []]
                print(f"chat request: {len(body.get('messages') or [])} messages, tools {names}")
            seen = len(scripted.requests)
    except KeyboardInterrupt:
        scripted.stop()


if __name__ == "__main__":
    main()
