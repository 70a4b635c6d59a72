"""A question the speaker answers at once, said as a statement.

"favorite food? pizza, no contest" and "fave band?? Radiohead obviously" tell "my favorite
food is pizza": a bare noun phrase asked at the start of a sentence and answered right after
it. Only a favourite is read this way; a question with a wh-word ("what's your favorite
food?") or a verb is a real question and is left alone.
"""

from __future__ import annotations

import re

_ANSWERED = re.compile(
    r"(?m)(?:^|(?<=[.!?] ))(?:my |our )?"
    r"(?P<q>(?:all[- ]time |current |new )?(?:favou?rite|fave|fav|go-to) [a-z]+(?: [a-z]+)?)"
    r"\?+ +(?=[\w\"'])",
    re.I,
)


def answered_questions(text: str) -> str:
    """``text`` with each self-answered favourite question written as a statement."""
    return _ANSWERED.sub(lambda m: f"my {m.group('q')} is ", text)
