"""Structured output, provider-independent: schema, parsing, the repair retry, accounting.

A provider adapter only knows how to send one request and return the model's raw JSON text
(:class:`Transport`). :func:`complete_structured` does the rest, the same for every vendor:

1. send the messages with the response model's compact, strict JSON schema;
2. parse the answer (code fences tolerated), detect a model that echoed the JSON schema
   instead of answering (seen with local models: Graphiti issue #868), validate it;
3. on failure, ONE repair request carrying the model's answer and the validation error;
4. still invalid: :class:`~chronomem.errors.ProviderOutputError` naming the prompt.

Every request is recorded with :func:`chronomem.accounting.record`.
"""

from __future__ import annotations

import copy
import functools
import json
import logging
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from chronomem.accounting import LLMCall, current_round, record
from chronomem.errors import ProviderOutputError
from chronomem.model.graph import JSONValue
from chronomem.ports import ChatMessage
from chronomem.providers.resilience import ConcurrencyLimiter

__all__ = [
    "RawAnswer",
    "SchemaSpec",
    "Transport",
    "complete_structured",
    "schema_spec",
    "strict_schema",
]

log = logging.getLogger("chronomem.providers")
ResponseT = TypeVar("ResponseT", bound=BaseModel)
JSONSchema = dict[str, JSONValue]

_FENCE = re.compile(r"^\s*```(?:json|JSON)?\s*\n?(.*?)\n?\s*```\s*$", re.S)
_SCHEMA_KEYS = frozenset({"properties", "$defs", "$schema", "definitions"})
_MAX_ECHO_CHARS = 2000


@dataclass(frozen=True, slots=True)
class SchemaSpec:
    """What to ask for: the prompt's name (also the schema / tool name) and its schema."""

    name: str
    schema: JSONSchema
    description: str


@dataclass(frozen=True, slots=True)
class RawAnswer:
    """One answered request: the JSON text and the usage the server reported."""

    text: str
    input_tokens: int
    output_tokens: int
    retries: int
    truncated: bool = False  # the answer hit the output token cap


class Transport(Protocol):
    """One vendor's way of sending a structured-output request."""

    @property
    def model(self) -> str: ...

    def send(self, messages: Sequence[ChatMessage], spec: SchemaSpec) -> RawAnswer:
        """Send once (with HTTP retries); raise ProviderHTTPError when it cannot."""
        ...


class _Closable(Protocol):
    def close(self) -> None: ...


class SDKAdapter:
    """What every vendor-SDK adapter shares: the model name, the client's one concurrency
    limiter, :meth:`complete_json` through :func:`complete_structured`, and :meth:`close`.
    A subclass sets ``_model``, ``_limiter`` and ``_client`` and implements ``send``
    (the :class:`Transport`)."""

    _model: str
    _limiter: ConcurrencyLimiter
    _client: _Closable

    @property
    def model(self) -> str:
        return self._model

    @property
    def limiter(self) -> ConcurrencyLimiter:
        """The client's one concurrency limiter (its ``peak`` is handy in tests)."""
        return self._limiter

    def send(self, messages: Sequence[ChatMessage], spec: SchemaSpec) -> RawAnswer:
        raise NotImplementedError

    def complete_json(
        self, messages: Sequence[ChatMessage], schema: type[ResponseT], *, name: str
    ) -> ResponseT:
        return complete_structured(self, messages, schema, name=name)

    def close(self) -> None:
        self._client.close()


def strict_schema(model: type[BaseModel]) -> JSONSchema:
    """The model's JSON schema, compact and strict: no titles or defaults, every property
    required, no additional properties (what OpenAI's ``strict`` mode demands). A fresh
    copy each call: callers may change it."""
    return copy.deepcopy(_strict_schema(model))


@functools.cache
def _strict_schema(model: type[BaseModel]) -> JSONSchema:
    return _strictify(model.model_json_schema())


def schema_spec(model: type[BaseModel], name: str) -> SchemaSpec:
    doc = (model.__doc__ or "").strip().splitlines()
    return SchemaSpec(name=name, schema=_strict_schema(model), description=doc[0] if doc else name)


def _strictify(node: JSONValue) -> JSONSchema:
    assert isinstance(node, dict)
    node.pop("title", None)
    node.pop("default", None)
    props = node.get("properties")
    if isinstance(props, dict):
        node["required"] = list(props)
        node["additionalProperties"] = False
        for value in props.values():
            _strictify(value)
    for key in ("items", "additionalProperties"):
        child = node.get(key)
        if isinstance(child, dict):
            _strictify(child)
    for key in ("anyOf", "oneOf", "allOf"):
        options = node.get(key)
        if isinstance(options, list):
            for option in options:
                _strictify(option)
    defs = node.get("$defs")
    if isinstance(defs, dict):
        for value in defs.values():
            _strictify(value)
    return node


def complete_structured(
    transport: Transport,
    messages: Sequence[ChatMessage],
    schema: type[ResponseT],
    *,
    name: str,
) -> ResponseT:
    """Ask, validate, repair once; see the module docstring."""
    spec = schema_spec(schema, name)
    conversation = list(messages)
    answer = _send_recorded(transport, conversation, spec)
    try:
        return _parse(answer.text, schema)
    except _InvalidAnswer as first:
        log.warning("prompt %r: invalid answer (%s); asking once for a repair", name, first)
        conversation += _repair_messages(answer.text, first)
    answer = _send_recorded(transport, conversation, spec)
    try:
        return _parse(answer.text, schema)
    except _InvalidAnswer as second:
        raise ProviderOutputError(
            _failure_message(name, transport.model, second, truncated=answer.truncated),
            prompt_name=name,
        ) from None


def _send_recorded(
    transport: Transport, messages: Sequence[ChatMessage], spec: SchemaSpec
) -> RawAnswer:
    started = time.perf_counter()
    answer = transport.send(messages, spec)
    record(
        LLMCall(
            prompt=spec.name,
            model=transport.model,
            input_tokens=answer.input_tokens,
            output_tokens=answer.output_tokens,
            latency_s=time.perf_counter() - started,
            retries=answer.retries,
            round=current_round(),
        )
    )
    return answer


class _InvalidAnswer(Exception):
    def __init__(self, reason: str, *, echoed_schema: bool = False) -> None:
        super().__init__(reason)
        self.echoed_schema = echoed_schema


def _parse(text: str, schema: type[ResponseT]) -> ResponseT:
    fenced = _FENCE.match(text)
    body = fenced.group(1) if fenced else text
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise _InvalidAnswer(
            f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    if not isinstance(data, dict):
        raise _InvalidAnswer(f"expected a JSON object, got {type(data).__name__}")
    fields = frozenset(schema.model_fields)
    if _looks_like_schema(data, fields):
        unwrapped = data.get("properties")
        if isinstance(unwrapped, dict) and not _looks_like_schema(unwrapped, fields):
            try:
                return schema.model_validate(unwrapped)
            except ValidationError:
                pass
        raise _InvalidAnswer(
            "you returned the JSON schema itself instead of an answer; return an object with "
            f"the fields {sorted(fields)} filled in from the input",
            echoed_schema=True,
        )
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        raise _InvalidAnswer(_summarise(exc)) from None


def _looks_like_schema(data: Mapping[str, object], fields: frozenset[str]) -> bool:
    """A JSON schema where an answer should be: schema keywords instead of our fields, or
    our fields holding schema fragments (``{"entities": {"type": "array", ...}}``)."""
    keys = set(data)
    if not keys & fields:
        return bool(keys & _SCHEMA_KEYS) or data.get("type") == "object"
    present = [data[k] for k in keys & fields]
    return all(isinstance(v, dict) and ("type" in v or "$ref" in v) for v in present)


def _summarise(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err["loc"]) or "(root)"
        parts.append(f"{where}: {err['msg']}")
    more = exc.error_count() - len(parts)
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


def _repair_messages(text: str, error: _InvalidAnswer) -> list[ChatMessage]:
    shown = text if len(text) <= _MAX_ECHO_CHARS else text[:_MAX_ECHO_CHARS] + "…"
    return [
        {"role": "assistant", "content": shown},
        {
            "role": "user",
            "content": f"That answer was invalid: {error}. Reply again with only the "
            "corrected JSON object.",
        },
    ]


def _failure_message(name: str, model: str, error: _InvalidAnswer, *, truncated: bool) -> str:
    if truncated:
        hint = "the answer was cut off at the output token cap; raise max_output_tokens"
    elif error.echoed_schema:
        hint = (
            "the model echoed the JSON schema instead of answering (common with small local "
            "models); try output_mode='json_object' or 'tool', or a larger model"
        )
    else:
        hint = "try a model that supports structured output, or another output_mode"
    return (
        f"prompt {name!r}: model {model!r} gave invalid output twice (after one repair "
        f"retry): {error}. {hint}"
    )
