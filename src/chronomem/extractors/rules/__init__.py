"""The rule-based extractor: the offline default (no LLM, no model download)."""

from chronomem.extractors.rules.extractor import RuleExtractor

__all__ = ["RuleExtractor"]
