"""Episode retrieval in the context: score fusion, timeline neighbours, the query's speakers."""

from __future__ import annotations

from dataclasses import replace

from chronomem.model import ChangeSet, Entity, Episode, EpisodeSource, SearchFilter
from chronomem.search.context import ContextBuilder, ContextConfig
from chronomem.search.rerankers import score_fusion
from chronomem.search.searcher import Searcher
from chronomem.stores import SQLiteStore
from chronomem.testing import HashEmbedder
from tests.contract.builders import NOW, at

G = "chat"
EMBEDDER = HashEmbedder(64)
FILLER = [
    "Carol: the weather was lovely near the river",
    "Dan: traffic on the bridge again this morning",
    "Carol: my cat knocked the vase off the shelf",
    "Dan: I finally fixed the squeaky door",
]


def _episode(n: int, content: str) -> Episode:
    e = Episode(
        id=f"t{n:02d}",
        group_id=G,
        content=content,
        source=EpisodeSource.MESSAGE,
        reference_time=at(n // 10),  # ten turns a day share one reference time
        created_at=at(n // 10),
    )
    return replace(e, embedding=EMBEDDER.embed_batch([content])[0])


def _build(turns: list[str], query: str, **options: object) -> list[str]:
    store = SQLiteStore()
    entities = tuple(
        Entity(id=name.lower(), group_id=G, name=name, created_at=at(0))
        for name in ("Alice", "Bob", "Carol", "Dan")
    )
    episodes = tuple(_episode(n, t) for n, t in enumerate(turns))
    store.apply(ChangeSet(group_id=G, episodes=episodes, entities=entities))
    builder = ContextBuilder(searcher=Searcher(store=store, embedder=EMBEDDER), store=store)
    config = ContextConfig(max_tokens=120, **options)  # type: ignore[arg-type]
    ctx = builder.build(query, group_ids=[G], filter=SearchFilter(), now=NOW, config=config)
    assert ctx.tokens <= 120
    store.close()
    return list(ctx.episode_ids)


def _chat() -> list[str]:
    turns = [FILLER[n % len(FILLER)] + f" ({n})" for n in range(30)]
    turns[14] = "Alice: what are you baking for the summer party on Saturday?"
    turns[15] = "Bob: a lemon tart with fresh raspberries"  # the answer shares no query word
    return turns


def test_the_turn_after_a_strong_match_joins_the_context() -> None:
    query = "baking for the summer party"
    assert "t15" in _build(_chat(), query)
    assert "t15" not in _build(_chat(), query, neighbours=0)
    assert _build(_chat(), query)[0] == "t14"


def test_a_turn_said_by_the_person_the_query_names_ranks_first() -> None:
    turns = _chat()
    turns[3] = "Alice: I love hiking in the hills"
    turns[22] = "Bob: I love hiking in the hills"
    shown = _build(turns, "Does Bob love hiking?", neighbours=0)
    assert shown.index("t22") < shown.index("t03")
    shown = _build(turns, "Does Alice love hiking?", neighbours=0)
    assert shown.index("t03") < shown.index("t22")


def test_score_fusion_keeps_score_gaps_that_rank_fusion_drops() -> None:
    cosine = [("exact", 0.9), ("weak", 0.2)]
    text = [("weak", 12.0), ("exact", 1.0)]
    fused = score_fusion(cosine, [text], weight=0.3)
    assert [i for i, _ in fused] == ["exact", "weak"]
    assert fused[0][1] == 0.9 + 0.3 * 1.0 / 12.0
    assert fused[1][1] == 0.2 + 0.3
    only_text = score_fusion([], [[("a", 4.0), ("b", 2.0)]], weight=1.0)
    assert only_text == [("a", 1.0), ("b", 0.5)]
    assert cosine == [("exact", 0.9), ("weak", 0.2)]  # inputs untouched
