"""Extractors: turn episodes into entities and facts.

:class:`RuleExtractor` is the offline default. The LLM-backed extractor lives in
:mod:`chronomem.extractors.llm` and is imported from there (it needs an ``LLM``).
"""

from chronomem.extractors.rules import RuleExtractor

__all__ = ["RuleExtractor"]
