"""The episodes' second hop: the best first-hop turns' own words as a second query.

A question that gathers ("What activities has Melanie done with her family?") shares few
words with much of its evidence ("Yesterday I took the kids to the museum"), but the turns
the first hop ranks best do share words with the rest: "kids" is said in several of them.
:func:`feedback_words` reads those words -- content words said in at least two of the best
turns, none of the question's own, no speaker's name -- and the context builder runs them as
a second BM25 query over the episodes (pseudo-relevance feedback), adding a share of each
hit's score (scaled to the best hit) to the turn's first-hop score.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from chronomem.model import SearchFilter, Target
from chronomem.ports import Store
from chronomem.search.methods import STOPWORDS
from chronomem.search.rerankers import Ranked

_WORD = re.compile(r"[^\W\d_]{3,}")
HITS = 200  # episodes the second query finds at most (the first hop's episode limit)
_PREFIX = 60  # a "Speaker: " prefix longer than this is not a prefix
# Words of chat talk that say nothing about a topic (the question's stopwords cover the rest).
_CHATTER = frozenset(
    {
        "just", "really", "also", "very", "much", "thanks", "thank", "yeah", "wow", "awesome",
        "great", "glad", "sounds", "sound", "hey", "good", "cool", "amazing", "love", "lot",
        "like", "get", "got", "going", "gonna", "want", "one", "way", "well", "too", "things",
        "thing", "time", "sure", "super",
    }
)  # fmt: skip


def feedback_words(
    texts: Sequence[str],
    background: Sequence[str],
    asked: frozenset[str],
    *,
    words: int,
    min_turns: int = 2,
) -> list[str]:
    """At most ``words`` content words said in at least ``min_turns`` of ``texts``, those
    said most widely there against how widely ``background`` (the candidates the best turns
    were ranked among) says them first: none whose stem is in ``asked`` (the question's),
    nor a function word, nor a speaker's name."""
    names = {_speaker(text) for text in (*texts, *background)} - {""}
    spread = _spread(texts, asked, names)
    common = _spread(background, asked, names)
    size = len(background) + 1

    def lift(word: str) -> float:
        return spread[word] / len(texts) * size / (common[word] + 1)

    ranked = sorted((w for w in spread if spread[w] >= min_turns), key=lambda w: -lift(w))
    return ranked[:words]


def _spread(texts: Sequence[str], asked: frozenset[str], names: set[str]) -> Counter[str]:
    """In how many of ``texts`` each content word is said."""
    spread: Counter[str] = Counter()
    for text in texts:
        said = {w for w in _WORD.findall(_body(text).casefold()) if _content(w, names)}
        spread.update(w for w in said if w[:5] not in asked)
    return spread


def second_hop(
    store: Store,
    group_ids: Sequence[str],
    best: Sequence[str],
    candidates: Sequence[str],
    asked: frozenset[str],
    *,
    words: int,
    flt: SearchFilter,
    limit: int = HITS,
) -> Ranked:
    """The episodes that the words shared by the ``best`` turns' texts find (BM25 over
    the group, at most ``limit``, admitted by ``flt``), each with its score scaled to the
    best hit's (1.0); ``candidates``: the texts the best turns were ranked among;
    ``asked``: the question's stems. Empty when the best turns share no word the question
    lacks."""
    shared = feedback_words(best, candidates, asked, words=words)
    if not shared:
        return []
    query = " ".join(shared)
    hits = store.text_search(Target.EPISODES, group_ids, query, limit=limit, filter=flt)
    top = hits[0][1] if hits else 0.0
    return [(i, score / top) for i, score in hits] if top > 0 else []


def _content(word: str, names: set[str]) -> bool:
    return word not in STOPWORDS and word not in _CHATTER and word not in names


def _speaker(text: str) -> str:
    head, sep, _ = text.partition(": ")
    return head.casefold() if sep and len(head) <= _PREFIX and "\n" not in head else ""


def _body(text: str) -> str:
    head, sep, body = text.partition(": ")
    return body if sep and len(head) <= _PREFIX and "\n" not in head else text
