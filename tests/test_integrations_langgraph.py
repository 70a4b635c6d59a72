"""The LangGraph adapter through langgraph's public API: the store and the turn node."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip(
    "langgraph", reason='needs chronomem[langgraph]: pip install "chronomem[langgraph]"'
)

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.store.base import InvalidNamespaceError

from chronomem.integrations.langgraph import ChronomemStore, remember_turns
from tests.integrations_support import story_memory


@pytest.fixture()
def store():  # type: ignore[no-untyped-def]
    with story_memory() as memory:
        yield ChronomemStore(memory, group_id="app")


def test_put_get_search_delete_round_trip(store: ChronomemStore) -> None:
    value = {"content": "Sam lives in Lisbon.", "tags": ["home"], "n": 3}
    store.put(("users", "sam"), "home", value)
    item = store.get(("users", "sam"), "home")
    assert item is not None and item.value == value and item.namespace == ("users", "sam")
    hits = store.search(("users", "sam"), query="Where does Sam live?")
    assert hits[0].value["kind"] == "fact" and "Lisbon" in hits[0].value["fact"]
    assert hits[0].value["valid_at"] and hits[0].namespace == ("users", "sam")
    listed = store.search(("users",))
    assert [(i.namespace, i.key) for i in listed] == [(("users", "sam"), "home")]
    store.put(("users", "sam"), "home", {"content": "Sam lives in Oslo."})
    assert store.get(("users", "sam"), "home").value == {"content": "Sam lives in Oslo."}
    assert "Oslo" in store.search(("users", "sam"), query="Where does Sam live?")[0].value["fact"]
    store.delete(("users", "sam"), "home")
    assert store.get(("users", "sam"), "home") is None
    assert store.search(("users", "sam"), query="Where does Sam live?") == []


def test_namespaces_are_isolated_groups_under_the_root(store: ChronomemStore) -> None:
    store.put(("users", "sam"), "a", {"content": "Sam lives in Lisbon."})
    store.put(("users", "ann"), "a", {"content": "Ann lives in Rome."})
    hits = store.search(("users", "ann"), query="Where does Sam live?")
    assert hits and all(h.namespace == ("users", "ann") for h in hits)
    assert not any("Lisbon" in h.value["fact"] for h in hits)
    # the story's own groups ("sam", "ann") are outside the store's root: never listed
    assert store.list_namespaces() == [("users", "ann"), ("users", "sam")]
    assert store.list_namespaces(suffix=("sam",)) == [("users", "sam")]
    assert store.list_namespaces(max_depth=1) == [("users",)]


def test_search_filter_takes_valid_at_and_known_at(store: ChronomemStore) -> None:
    memory = store.memory
    store.put(("u",), "k1", {"content": "Sam lives in Lisbon."})
    memory.clock.advance(86_400)  # type: ignore[attr-defined]
    store.put(("u",), "k2", {"content": "Sam moved to Berlin."})
    later = store.search(("u",), query="Where does Sam live?")
    assert "Berlin" in later[0].value["fact"]
    assert "ValueError" not in repr(later)
    with pytest.raises(ValueError, match="unsupported filter keys"):
        store.search(("u",), query="Sam", filter={"city": "Berlin"})


@pytest.mark.parametrize("namespace", [("a.b",), ("a__b",), ("x" * 61,), ("",)])
def test_bad_namespaces_raise_langgraphs_error(store: ChronomemStore, namespace) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidNamespaceError):
        store.put(namespace, "k", {"content": "x"})


@pytest.mark.parametrize("query", ["", "q" * 50_000])
def test_empty_or_huge_queries_raise_value_error(store: ChronomemStore, query: str) -> None:
    store.put(("u",), "k", {"content": "Sam lives in Lisbon."})
    with pytest.raises(ValueError, match="query"):
        store.search(("u",), query=query)


def test_the_async_interface_gives_the_same_answers(store: ChronomemStore) -> None:
    async def run() -> tuple[object, list[object]]:
        await store.aput(("u",), "k", {"content": "Sam lives in Lisbon."})
        return await store.aget(("u",), "k"), await store.asearch(("u",), query="Sam")

    item, hits = asyncio.run(run())
    assert item.value == {"content": "Sam lives in Lisbon."}  # type: ignore[attr-defined]
    assert hits


def test_the_turn_node_remembers_human_turns_once_and_not_the_assistants(store) -> None:  # type: ignore[no-untyped-def]
    memory = store.memory
    graph = StateGraph(MessagesState)
    graph.add_node("remember", remember_turns(memory, group_id="zoe", user_name="Zoe"))
    graph.add_edge(START, "remember")
    app = graph.compile()
    first = app.invoke({"messages": [HumanMessage("I live in Madrid.")]})
    app.invoke({"messages": [*first["messages"], AIMessage("You lived in Paris, I recall.")]})
    episodes = memory.recent_episodes(group_id="zoe")
    assert [e.content for e in episodes] == ["Zoe: I live in Madrid."]
    found = memory.search("Where does Zoe live?", group_id="zoe")
    assert "Madrid" in found.facts[0].fact and not any("Paris" in f.fact for f in found.facts)
