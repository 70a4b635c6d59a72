"""What a question tells, said as a statement.

A question asserts nothing, but three kinds of question carry a statement, and every reader
downstream reads it once it stands alone:

- a bare noun phrase asked and answered at once: "favorite food? pizza, no contest" and
  "fave band?? Radiohead obviously" tell "my favorite food is pizza" (only a favourite is
  read this way; "what's your favorite food?" is a real question);
- a statement with a tag asking to confirm it: "So you're in Porto now, right?", "you
  sold the Golf, didn't you?", "he's still at Acme, yeah?" state what they check;
- the grounds a question gives: "Since you volunteer at the lifeboat station on Thursdays,
  would Friday suit you better?" and "now that I'm on the gold plan, can I bring a guest?"
  take the grounds for granted; they become a sentence of their own before the question.

Wishes and conditions ("If I move to Bergen, what should I pack?") are not grounds: they
stay inside the question.
"""

from __future__ import annotations

import re

_ANSWERED = re.compile(
    r"(?m)(?:^|(?<=[.!?] ))(?:my |our )?"
    r"(?P<q>(?:all[- ]time |current |new )?(?:favou?rite|fave|fav|go-to) [a-z]+(?: [a-z]+)?)"
    r"\?+ +(?=[\w\"'])",
    re.I,
)
# a tag after a comma that only asks to confirm what the sentence says
_TAGGED = re.compile(
    r",\s*(?:(?:right|yeah|yes|yep|correct|no|ok|okay|true)"
    r"|(?:is|are|was|were|do|does|did|have|has|had|can|could|would|will)n't"
    r" (?:it|you|he|she|they|we|I|that|there)"
    r"|(?:is that|am I) (?:right|correct)"
    r")\s*\?+(?=\s|$)",
    re.I,
)
# a sentence in a question's word order asks, whatever its tag ("do you think so, right?")
_ASKING = re.compile(
    r"(?:^|[.!?]\s+)\W*(?:(?:so|and|but|ok|okay|well|oh),?\s+)?(?:do|does|did|am|is|are|was|"
    r"were|can|could|should|would|will|shall|may|might|have|has|had|what|where|when|why|how|"
    r"who|which|whose)\b[^.!?]*$",
    re.I,
)
_SENTENCE_START = r"(?:^|(?<=[.!?] )|(?<=[.!?]\n))"
# "Since you X, would ...?": the grounds, then the question (no sentence end between)
_GROUNDS = re.compile(
    _SENTENCE_START + r"(?P<grounds>(?:(?:so|and|oh|ok|okay|well),? )?"
    r"(?:since|because|given that|now that|seeing as|considering that|as(?! (?:for|to|well|"
    r"if|long|soon|much|far|though)\b))"
    r" [^,.!?;:\n]{4,160}),\s+(?P<ask>[^.!?\n]{3,}\?)",
    re.I | re.M,
)


def answered_questions(text: str) -> str:
    """``text`` with what its questions tell written as statements."""
    text = _ANSWERED.sub(lambda m: f"my {m.group('q')} is ", text)
    text = _TAGGED.sub(lambda m: m.group() if _ASKING.search(text, 0, m.start()) else ".", text)
    return _GROUNDS.sub(_grounds_apart, text)


def _grounds_apart(m: re.Match[str]) -> str:
    ask = m.group("ask")
    return f"{m.group('grounds')}. {ask[:1].upper()}{ask[1:]}"
