"""``AnthropicLLM``: Claude models, structured output by a forced tool call.

The response model's schema becomes the ``input_schema`` of one tool, and
``tool_choice={"type": "tool", "name": ...}`` forces the model to call it: the tool input is
the answer. Validation, the repair retry and accounting are shared with every provider
(:mod:`chronomem.providers.structured`); retries and the concurrency limit too
(:mod:`chronomem.providers.resilience`). Needs ``pip install "chronomem[anthropic]"``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from chronomem.errors import UsageError
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
from chronomem.providers.settings import Settings
from chronomem.providers.structured import RawAnswer, SchemaSpec, SDKAdapter

if TYPE_CHECKING:
    import anthropic
    from anthropic.types import Message

__all__ = ["AnthropicLLM"]


class AnthropicLLM(SDKAdapter):
    """The :class:`~chronomem.ports.LLM` port over Anthropic's Messages API.

    Arguments win; anything not given comes from ``settings`` (default:
    :meth:`Settings.from_env`, where ``CHRONOMEM_LLM_API_KEY`` falls back to
    ``ANTHROPIC_API_KEY`` when ``CHRONOMEM_LLM_PROVIDER=anthropic``; read only when ``model``
    and ``api_key`` or ``base_url`` are not all given). No sampling
    temperature is sent: the SDK's Messages API no longer takes one. Thread-safe.
    """

    def __init__(
        self,
        *,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout_s: float | None = None,
        max_retries: int | None = None,
        max_concurrency: int | None = None,
        max_output_tokens: int | None = None,
        retry_policy: RetryPolicy | None = None,
        settings: Settings | None = None,
    ) -> None:
        cfg = settings_for(settings, explicit=bool(model and (api_key or base_url)))
        self._model = model or cfg.llm_model or ""
        if not self._model:
            raise UsageError(
                "AnthropicLLM needs a model: pass model='claude-sonnet-4-5' (for example) or "
                "set CHRONOMEM_LLM_MODEL"
            )
        conn = resolve_connection(
            cfg,
            what="AnthropicLLM",
            env_names="CHRONOMEM_LLM_API_KEY or ANTHROPIC_API_KEY",
            base_url=base_url or cfg.llm_base_url,
            api_key=api_key or cfg.llm_api_key,
            timeout_s=timeout_s,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            retry_policy=retry_policy,
        )
        self._base_url, self._timeout_s = conn.base_url, conn.timeout_s
        self._retry, self._limiter = conn.retry, conn.limiter
        self._max_output_tokens = max_output_tokens or cfg.llm_max_output_tokens
        sdk = import_extra("anthropic", "anthropic")
        self._sdk = sdk
        self._client: anthropic.Anthropic = sdk.Anthropic(
            api_key=conn.api_key, base_url=self._base_url, timeout=self._timeout_s, max_retries=0
        )

    # -- Transport -------------------------------------------------------------------------
    def send(self, messages: Sequence[ChatMessage], spec: SchemaSpec) -> RawAnswer:
        request = self._request(messages, spec)
        message, retries = call_with_retries(
            lambda: self._client.messages.create(**request),  # type: ignore[call-overload]
            what=f"prompt {spec.name!r} to {self._base_url or 'api.anthropic.com'} "
            f"(model {self._model!r})",
            policy=self._retry,
            limiter=self._limiter,
            translate=self._translate,
        )
        return _answer(cast("Message", message), spec.name, retries)

    def _request(self, messages: Sequence[ChatMessage], spec: SchemaSpec) -> dict[str, object]:
        system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
        turns = [
            {"role": m["role"], "content": m["content"]} for m in messages if m["role"] != "system"
        ]
        request: dict[str, object] = {
            "model": self._model,
            "max_tokens": self._max_output_tokens,
            "messages": turns,
            "tools": [
                {"name": spec.name, "description": spec.description, "input_schema": spec.schema}
            ],
            "tool_choice": {"type": "tool", "name": spec.name},
        }
        if system:
            request["system"] = system
        return request

    def _translate(self, exc: BaseException) -> Failure | None:
        return sdk_failure(self._sdk, exc, timeout_s=self._timeout_s)


def _answer(message: Message, tool_name: str, retries: int) -> RawAnswer:
    text = ""
    for block in message.content:
        if block.type == "tool_use" and block.name == tool_name:
            text = json.dumps(block.input)
            break
        if block.type == "text" and not text:
            text = block.text
    usage = message.usage
    return RawAnswer(
        text=text,
        input_tokens=usage.input_tokens if usage else 0,
        output_tokens=usage.output_tokens if usage else 0,
        retries=retries,
        truncated=message.stop_reason == "max_tokens",
    )
