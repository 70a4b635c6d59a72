"""Fakes that ship with the package, for your tests and ours. They implement the real ports."""

from chronomem.testing.fakes import HashEmbedder, ManualClock, SequentialIds

__all__ = ["HashEmbedder", "ManualClock", "SequentialIds"]
