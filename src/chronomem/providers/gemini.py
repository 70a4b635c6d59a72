"""``GeminiLLM``: Gemini models through Google's official ``google-genai`` SDK.

Structured output is Gemini's own: ``generationConfig.responseMimeType =
"application/json"`` with the response model's JSON schema as ``responseJsonSchema``; the
answer is the candidate's text. Validation, the repair retry and accounting are shared with
every provider (:mod:`chronomem.providers.structured`); retries, the timeout and the
concurrency limit too (:mod:`chronomem.providers.resilience`): the SDK's own retries stay
off. The SDK is built with ``api_key``, ``vertexai=False`` and an explicit ``base_url`` and
API version, so it never picks its settings from the environment behind chronomem's back.
Needs ``pip install "chronomem[gemini]"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chronomem.errors import UsageError
from chronomem.ports import ChatMessage
from chronomem.providers._common import (
    import_extra,
    resolve_connection,
    settings_for,
    status_failure,
)
from chronomem.providers.resilience import (
    Failure,
    RetryPolicy,
    call_with_retries,
)
from chronomem.providers.settings import Settings
from chronomem.providers.structured import RawAnswer, SchemaSpec, SDKAdapter

if TYPE_CHECKING:
    from google import genai
    from google.genai import types

__all__ = ["GEMINI_BASE_URL", "GeminiLLM"]

GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/"
API_VERSION = "v1beta"
_TIMEOUT_NAMES = frozenset({"TimeoutException", "ReadTimeout", "ConnectTimeout", "Timeout"})
_NETWORK_NAMES = frozenset({"TransportError", "NetworkError", "ConnectError", "ConnectionError"})


class GeminiLLM(SDKAdapter):
    """The :class:`~chronomem.ports.LLM` port over Gemini's ``generateContent``.

    Arguments win; anything not given comes from ``settings`` (the environment is read only
    when neither ``settings`` nor ``model`` and ``api_key`` are given; the key falls back to
    ``GEMINI_API_KEY`` then ``GOOGLE_API_KEY`` when ``CHRONOMEM_LLM_PROVIDER=gemini``).
    ``base_url`` points the SDK at another endpoint (a proxy, or a test server). Thread-safe.
    """

    _client: genai.Client

    def __init__(
        self,
        *,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout_s: float | None = None,
        max_retries: int | None = None,
        max_concurrency: int | None = None,
        temperature: float | None = None,
        max_output_tokens: int | None = None,
        retry_policy: RetryPolicy | None = None,
        settings: Settings | None = None,
    ) -> None:
        cfg = settings_for(settings, explicit=bool(model and api_key))
        self._model = model or cfg.llm_model or ""
        if not self._model:
            raise UsageError(
                "GeminiLLM needs a model: pass model='gemini-2.5-flash' (for example) or set "
                "CHRONOMEM_LLM_MODEL"
            )
        endpoint = base_url or cfg.llm_base_url
        conn = resolve_connection(
            cfg,
            what="GeminiLLM",
            env_names="CHRONOMEM_LLM_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY",
            base_url=endpoint,
            api_key=api_key or cfg.llm_api_key,
            timeout_s=timeout_s,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            retry_policy=retry_policy,
        )
        self._base_url, self._timeout_s = endpoint or GEMINI_BASE_URL, conn.timeout_s
        self._retry, self._limiter = conn.retry, conn.limiter
        self._temperature = temperature if temperature is not None else cfg.llm_temperature
        self._max_output_tokens = max_output_tokens or cfg.llm_max_output_tokens
        import_extra("google.genai", "gemini")
        from google import genai
        from google.genai import errors, types

        self._types, self._errors = types, errors
        self._client = genai.Client(
            vertexai=False,
            api_key=conn.api_key,
            http_options=types.HttpOptions(
                base_url=self._base_url,
                api_version=API_VERSION,
                timeout=int(self._timeout_s * 1000),  # milliseconds
            ),
        )

    # -- Transport -------------------------------------------------------------------------
    def send(self, messages: Sequence[ChatMessage], spec: SchemaSpec) -> RawAnswer:
        contents, config = self._request(messages, spec)
        response, retries = call_with_retries(
            lambda: self._client.models.generate_content(
                model=self._model, contents=contents, config=config
            ),
            what=f"prompt {spec.name!r} to {self._base_url} (model {self._model!r})",
            policy=self._retry,
            limiter=self._limiter,
            translate=self._translate,
        )
        return _answer(response, retries)

    def _request(
        self, messages: Sequence[ChatMessage], spec: SchemaSpec
    ) -> tuple[list[types.Content], types.GenerateContentConfig]:
        types = self._types
        system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
        contents = [
            types.Content(
                role="model" if m["role"] == "assistant" else "user",
                parts=[types.Part(text=m["content"])],
            )
            for m in messages
            if m["role"] != "system"
        ]
        config = types.GenerateContentConfig(
            system_instruction=system or None,
            response_mime_type="application/json",
            response_json_schema={"title": spec.name, **spec.schema},  # names the task
            temperature=self._temperature,
            max_output_tokens=self._max_output_tokens,
        )
        return contents, config

    def _translate(self, exc: BaseException) -> Failure | None:
        if isinstance(exc, self._errors.APIError):
            headers = getattr(getattr(exc, "response", None), "headers", None) or {}
            return status_failure(exc.code, exc.message or str(exc), dict(headers))
        names = {cls.__name__ for cls in type(exc).__mro__}
        if names & _TIMEOUT_NAMES:
            return Failure(f"timed out after {self._timeout_s:g}s", retryable=True)
        if names & _NETWORK_NAMES:
            return Failure(f"connection failed ({exc})", retryable=True)
        return None


def _answer(response: types.GenerateContentResponse, retries: int) -> RawAnswer:
    candidate = response.candidates[0] if response.candidates else None
    parts = candidate.content.parts if candidate and candidate.content else None
    text = "".join(p.text for p in parts or () if p.text and not p.thought)
    usage = response.usage_metadata
    finish = str(candidate.finish_reason) if candidate and candidate.finish_reason else ""
    return RawAnswer(
        text=text,
        input_tokens=(usage.prompt_token_count or 0) if usage else 0,
        output_tokens=(usage.candidates_token_count or 0) if usage else 0,
        retries=retries,
        truncated=finish.endswith("MAX_TOKENS"),
    )
