"""The learned core of the offline extractor: small heads trained on the labelled corpus
(``corpus/reader``) that read a clause's relation, whose fact it is, its aspect and its
spans from one forward pass of the default encoder. See ``docs/reader.md``."""

from chronomem.extractors.learned.hits import learned_hits
from chronomem.extractors.learned.reader import Reader, ReadFact, default_reader
from chronomem.extractors.learned.step import LearnedStep, learned_step_for

__all__ = [
    "LearnedStep",
    "ReadFact",
    "Reader",
    "default_reader",
    "learned_hits",
    "learned_step_for",
]
