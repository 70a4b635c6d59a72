"""``OpenAICompatibleLLM``: any server that speaks OpenAI's chat-completions API.

One adapter serves OpenAI, Azure OpenAI (its ``/openai/v1`` endpoint), Ollama, vLLM,
LM Studio, llama.cpp's server, Groq, DeepSeek, OpenRouter and Gemini's OpenAI-compatible
endpoint: the API *shape* is the same, only ``base_url``, ``api_key`` and ``model`` change.

How structured output is requested is configuration (``output_mode``), never guessed:

* ``"json_schema"`` — ``response_format={"type": "json_schema", ...}`` (OpenAI, vLLM,
  Ollama >= 0.5, LM Studio, Gemini, Groq for some models);
* ``"json_object"`` — JSON mode, the schema pasted into the system prompt (DeepSeek, older
  servers);
* ``"tool"`` — a forced function call whose arguments are the answer (servers that support
  tools but not response formats).

The official ``openai`` SDK is the client (extra ``chronomem[openai]``), with its own retries
off: :mod:`chronomem.providers.resilience` retries, limits concurrency and times out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from chronomem.errors import UsageError
from chronomem.model.graph import JSONValue
from chronomem.ports import ChatMessage
from chronomem.providers._common import (
    import_extra,
    resolve_connection,
    sdk_failure,
    settings_for,
)
from chronomem.providers.resilience import (
    Failure,
    RetryPolicy,
    call_with_retries,
)
from chronomem.providers.settings import OutputMode, Settings
from chronomem.providers.structured import RawAnswer, SchemaSpec, SDKAdapter

if TYPE_CHECKING:
    import openai
    from openai.types.chat import ChatCompletion

__all__ = ["OpenAICompatibleLLM"]

_MODES: tuple[OutputMode, ...] = ("json_schema", "json_object", "tool")


class OpenAICompatibleLLM(SDKAdapter):
    """The :class:`~chronomem.ports.LLM` port over an OpenAI-compatible chat endpoint.

    Arguments win; anything not given comes from ``settings`` (default:
    :meth:`Settings.from_env`, read only when ``model`` and ``api_key`` or ``base_url`` are
    not all given). ``max_concurrency`` is one limit for this client, shared by
    every thread that calls it. Thread-safe.
    """

    def __init__(
        self,
        *,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        output_mode: OutputMode | None = None,
        timeout_s: float | None = None,
        max_retries: int | None = None,
        max_concurrency: int | None = None,
        temperature: float | None = None,
        max_output_tokens: int | None = None,
        retry_policy: RetryPolicy | None = None,
        strict: bool = True,
        extra_body: Mapping[str, JSONValue] | None = None,
        settings: Settings | None = None,
    ) -> None:
        cfg = settings_for(settings, explicit=bool(model and (api_key or base_url)))
        self._model = model or cfg.llm_model or ""
        if not self._model:
            raise UsageError(
                "OpenAICompatibleLLM needs a model: pass model='gpt-4.1-mini' (or your "
                "server's model name) or set CHRONOMEM_LLM_MODEL"
            )
        conn = resolve_connection(
            cfg,
            what="OpenAICompatibleLLM",
            env_names="CHRONOMEM_LLM_API_KEY or OPENAI_API_KEY",
            base_url=base_url or cfg.llm_base_url,
            api_key=api_key or cfg.llm_api_key,
            timeout_s=timeout_s,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            retry_policy=retry_policy,
        )
        self._base_url, self._timeout_s = conn.base_url, conn.timeout_s
        self._retry, self._limiter = conn.retry, conn.limiter
        self._output_mode = output_mode or cfg.llm_output_mode
        if self._output_mode not in _MODES:
            raise UsageError(f"output_mode={self._output_mode!r}: use one of {', '.join(_MODES)}")
        self._temperature = temperature if temperature is not None else cfg.llm_temperature
        self._max_output_tokens = max_output_tokens or cfg.llm_max_output_tokens
        self._strict = strict
        self._extra_body = dict(extra_body or {})
        sdk = import_extra("openai", "openai")
        self._sdk = sdk
        self._client: openai.OpenAI = sdk.OpenAI(
            api_key=conn.api_key, base_url=self._base_url, timeout=self._timeout_s, max_retries=0
        )

    @property
    def output_mode(self) -> OutputMode:
        return self._output_mode

    # -- Transport -------------------------------------------------------------------------
    def send(self, messages: Sequence[ChatMessage], spec: SchemaSpec) -> RawAnswer:
        request = self._request(messages, spec)
        completion, retries = call_with_retries(
            lambda: self._client.chat.completions.create(**request),  # type: ignore[call-overload]
            what=f"prompt {spec.name!r} to {self._base_url or 'api.openai.com'} "
            f"(model {self._model!r})",
            policy=self._retry,
            limiter=self._limiter,
            translate=self._translate,
        )
        return _answer(cast("ChatCompletion", completion), retries)

    def _request(self, messages: Sequence[ChatMessage], spec: SchemaSpec) -> dict[str, object]:
        request: dict[str, object] = {
            "model": self._model,
            "messages": list(messages),
            "max_completion_tokens": self._max_output_tokens,
        }
        if self._temperature is not None:
            request["temperature"] = self._temperature
        if self._output_mode == "json_schema":
            request["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": spec.name, "schema": spec.schema, "strict": self._strict},
            }
        elif self._output_mode == "json_object":
            request["response_format"] = {"type": "json_object"}
            request["messages"] = _with_schema_in_prompt(messages, spec)
        else:
            function: dict[str, object] = {
                "name": spec.name,
                "description": spec.description,
                "parameters": spec.schema,
            }
            if self._strict:
                function["strict"] = True
            request["tools"] = [{"type": "function", "function": function}]
            request["tool_choice"] = {"type": "function", "function": {"name": spec.name}}
        if self._extra_body:
            request["extra_body"] = self._extra_body
        return request

    def _translate(self, exc: BaseException) -> Failure | None:
        return sdk_failure(self._sdk, exc, timeout_s=self._timeout_s)


def _with_schema_in_prompt(messages: Sequence[ChatMessage], spec: SchemaSpec) -> list[ChatMessage]:
    note = (
        "Answer with one JSON object (no prose, no code fence) that matches this JSON schema:\n"
        + json.dumps(spec.schema, separators=(",", ":"))
    )
    out = list(messages)
    if out and out[0]["role"] == "system":
        out[0] = {"role": "system", "content": out[0]["content"] + "\n\n" + note}
    else:
        out.insert(0, {"role": "system", "content": note})
    return out


def _answer(completion: ChatCompletion, retries: int) -> RawAnswer:
    text, truncated = "", False
    if completion.choices:
        truncated = completion.choices[0].finish_reason == "length"
        message = completion.choices[0].message
        calls = message.tool_calls or []
        function = getattr(calls[0], "function", None) if calls else None
        text = function.arguments if function is not None else (message.content or "")
    usage = completion.usage
    return RawAnswer(
        text=text,
        input_tokens=usage.prompt_tokens if usage else 0,
        output_tokens=usage.completion_tokens if usage else 0,
        retries=retries,
        truncated=truncated,
    )
