"""A real HTTP fake of an OpenAI-compatible (and Anthropic Messages, and Gemini
``generateContent``) server, on 127.0.0.1.

Point the real SDKs at it (``base_url=server.base_url``; Anthropic and Gemini:
``server.root_url``) to
test providers end to end without network::

    with FakeOpenAIServer() as server:
        server.enqueue('{"entities": [')            # malformed JSON first...
        server.enqueue({"entities": [], "facts": []})  # ...then a fix
        server.enqueue(status=429, headers={"Retry-After": "0.01"})
        llm = OpenAICompatibleLLM(model="m", base_url=server.base_url, api_key="k")

Answers are taken from the queue in order (for ``/chat/completions``, ``/messages`` and
``/v1beta/models/<model>:generateContent``);
each may be a JSON value (sent as the message content, or as the tool call's arguments when
the request forced a tool), raw text, an HTTP error status, a delay and extra headers, and
may be reserved for one prompt (``task="resolve"``). With no queued answer that fits,
``auto_answer`` (e.g. :class:`~chronomem.testing.fake_oracle.RuleOracle`) answers; with
neither, the server answers 400 so the test fails loudly. ``/embeddings`` returns
deterministic unit vectors of the requested (or configured) dimension.

``latency_s`` is added to every chat request (not to embeddings), like a model's thinking
time. Every request is recorded (``server.requests``) with timing and token counts;
``max_in_flight`` is the highest number of requests the server was handling at once.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Literal, TypedDict

from chronomem.model.graph import JSONValue
from chronomem.providers.hashing import HashEmbedder
from chronomem.testing._fake_wire import (
    TOKENIZER,
    ChatRequest,
    count_tokens,
    describe,
    render_reply,
)
from chronomem.testing._gemini_wire import (
    describe_gemini,
    gemini_error,
    is_gemini,
    render_gemini_reply,
)

__all__ = [
    "TOKENIZER",
    "ChatRequest",
    "FakeOpenAIServer",
    "QueuedAnswer",
    "RecordedRequest",
    "count_tokens",
]


@dataclass(frozen=True, slots=True)
class QueuedAnswer:
    content: JSONValue | str = None
    status: int = 200
    delay_s: float = 0.0
    headers: Mapping[str, str] = field(default_factory=dict)
    task: str | None = None  # only for requests of this task (schema / tool name)
    truncated: bool = False  # finish_reason "length" / stop_reason "max_tokens"


@dataclass(frozen=True, slots=True)
class RecordedRequest:
    path: str
    body: Mapping[str, JSONValue]
    headers: Mapping[str, str]
    started: float  # time.monotonic()
    finished: float
    status: int
    task: str = ""
    prompt_tokens: int = 0
    schema_tokens: int = 0
    output_tokens: int = 0


AutoAnswer = Callable[[ChatRequest], JSONValue | str]


class _Counts(TypedDict, total=False):
    """What a request is recorded with besides its wire form (RecordedRequest's fields)."""

    task: str
    prompt_tokens: int
    schema_tokens: int
    output_tokens: int


class FakeOpenAIServer:
    """See the module docstring. Start with ``with`` or :meth:`start`; thread-safe."""

    def __init__(
        self,
        *,
        auto_answer: AutoAnswer | None = None,
        latency_s: float = 0.0,
        embedding_dimension: int = 64,
    ) -> None:
        self.auto_answer = auto_answer
        self.latency_s = latency_s
        self.embedding_dimension = embedding_dimension
        self._queue: deque[QueuedAnswer] = deque()
        self._embedding_queue: deque[QueuedAnswer] = deque()
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self._in_flight = 0
        self.max_in_flight = 0
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> FakeOpenAIServer:
        handler = type("_BoundHandler", (_Handler,), {"fake": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.02,), name="fake-openai", daemon=True
        )
        self._thread.start()
        return self

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def root_url(self) -> str:
        """``http://127.0.0.1:PORT`` (the Anthropic SDK's base_url)."""
        if self._server is None:
            raise RuntimeError("FakeOpenAIServer is not started: use it in a with block")
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1`` (the OpenAI SDK's base_url)."""
        return self.root_url + "/v1"

    # -- scripting -------------------------------------------------------------------------
    def enqueue(
        self,
        content: JSONValue | str = None,
        *,
        status: int = 200,
        delay_s: float = 0.0,
        headers: Mapping[str, str] | None = None,
        endpoint: Literal["chat", "embeddings"] = "chat",
        task: str | None = None,
        truncated: bool = False,
    ) -> None:
        """Queue one answer: a JSON value or raw text (status 200), or an error status.

        ``task="resolve"`` keeps the answer for the next request of that prompt (others go
        on to earlier answers or ``auto_answer``). ``endpoint="embeddings"`` queues for
        ``/embeddings`` instead (an error status, or a list of vectors returned as they
        are); unqueued embedding requests are answered. ``truncated=True`` reports the
        answer as cut off at the output token cap.
        """
        answer = QueuedAnswer(content, status, delay_s, dict(headers or {}), task, truncated)
        with self._lock:
            (self._embedding_queue if endpoint == "embeddings" else self._queue).append(answer)

    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if not r.path.endswith("/embeddings")]

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self._embedding_queue.clear()
            self._requests.clear()
            self.max_in_flight = 0

    # -- used by the handler ---------------------------------------------------------------
    def _enter(self) -> None:
        with self._lock:
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)

    def _leave(self, record: RecordedRequest) -> None:
        with self._lock:
            self._in_flight -= 1
            self._requests.append(record)

    def _next_embedding_answer(self) -> QueuedAnswer | None:
        with self._lock:
            return self._embedding_queue.popleft() if self._embedding_queue else None

    def _next_answer(self, request: ChatRequest) -> QueuedAnswer:
        with self._lock:
            for answer in self._queue:
                if answer.task is None or answer.task == request.task:
                    self._queue.remove(answer)
                    return answer
        if self.auto_answer is not None:
            return QueuedAnswer(self.auto_answer(request))
        message = "FakeOpenAIServer: no queued answer and no auto_answer for this request"
        return QueuedAnswer({"error": {"message": message, "type": "fake"}}, status=400)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    fake: FakeOpenAIServer

    def log_message(self, fmt: str, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        started = time.monotonic()
        self.fake._enter()
        status, body = 500, _error("fake server error")
        headers: Mapping[str, str] = {}
        extra: _Counts = {}
        payload: dict[str, JSONValue] = {}
        try:
            length = int(self.headers.get("Content-Length", 0))
            payload = json.loads(self.rfile.read(length) or b"{}")
            path = self.path.split("?")[0]
            if path.endswith("/embeddings"):
                status, body, headers, extra = self._embeddings(payload)
            elif path.endswith(("/chat/completions", "/messages")) or is_gemini(path):
                status, body, headers, extra = self._chat(payload, path)
            else:
                status, body = 404, _error(f"unknown path {path}")
            if self.fake.latency_s and not path.endswith("/embeddings"):
                time.sleep(self.fake.latency_s)  # an LLM's thinking time, per chat request
        finally:  # recorded before the reply leaves, so a client never sees it unrecorded
            self.fake._leave(
                RecordedRequest(
                    path=self.path,
                    body=payload,
                    headers=dict(self.headers.items()),
                    started=started,
                    finished=time.monotonic(),
                    status=status,
                    **extra,
                )
            )
        # a client that gave up (a timeout test) has nobody left to answer
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self._send(status, body, headers)

    def _send(self, status: int, body: bytes, headers: Mapping[str, str]) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def _embeddings(
        self, payload: Mapping[str, JSONValue]
    ) -> tuple[int, bytes, Mapping[str, str], _Counts]:
        raw = payload.get("input", [])
        texts = (
            [raw]
            if isinstance(raw, str)
            else [str(t) for t in raw]
            if isinstance(raw, list)
            else []
        )
        tokens = sum(count_tokens(t) for t in texts)
        extra: _Counts = {"task": "embeddings", "prompt_tokens": tokens}
        queued = self.fake._next_embedding_answer()
        if queued is not None and queued.delay_s:
            time.sleep(queued.delay_s)
        if queued is not None and queued.status != 200:
            return queued.status, _error(f"HTTP {queued.status}"), queued.headers, extra
        dims = payload.get("dimensions")
        dimension = dims if isinstance(dims, int) else self.fake.embedding_dimension
        vectors: list[list[float]] = (
            queued.content  # type: ignore[assignment]
            if queued is not None and isinstance(queued.content, list)
            else HashEmbedder(dimension).embed_batch(texts).tolist()
        )
        body: dict[str, object] = {
            "object": "list",
            "model": payload.get("model", "fake-embed"),
            "data": [
                {"object": "embedding", "index": i, "embedding": row}
                for i, row in enumerate(vectors)
            ],
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }
        return 200, json.dumps(body).encode(), {}, extra

    def _chat(
        self, payload: Mapping[str, JSONValue], path: str
    ) -> tuple[int, bytes, Mapping[str, str], _Counts]:
        gemini = is_gemini(path)
        request, prompt_tokens, schema_tokens = (
            describe_gemini(payload)
            if gemini
            else describe(payload, anthropic=path.endswith("/messages"))
        )
        answer = self.fake._next_answer(request)
        if answer.delay_s:
            time.sleep(answer.delay_s)
        extra: _Counts = {
            "task": request.task,
            "prompt_tokens": prompt_tokens,
            "schema_tokens": schema_tokens,
        }
        if answer.status != 200:
            content = answer.content if answer.content is not None else f"HTTP {answer.status}"
            if isinstance(content, dict):
                body = json.dumps(content).encode()
            else:
                body = gemini_error(answer.status, str(content)) if gemini else _error(str(content))
            return answer.status, body, answer.headers, extra
        if gemini:
            reply, output_tokens = render_gemini_reply(
                path, answer.content, prompt_tokens + schema_tokens, answer.truncated
            )
            extra["output_tokens"] = output_tokens
            return 200, json.dumps(reply).encode(), answer.headers, extra
        reply, output_tokens = render_reply(
            payload,
            answer.content,
            prompt_tokens + schema_tokens,
            path.endswith("/messages"),
            answer.truncated,
        )
        extra["output_tokens"] = output_tokens
        return 200, json.dumps(reply).encode(), answer.headers, extra


def _error(message: str) -> bytes:
    return json.dumps({"error": {"message": message, "type": "fake_error"}}).encode()
