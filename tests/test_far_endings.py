"""Endings told far from the value they end (``engine/held.py``): the memory's held values.

"sold my car", "we had to put Max down", "the knee is finally healed", "cancelled the
membership": an ending that names its value only in part, or by its kind, is tied to the
value the subject holds, however many messages before it was told -- not only within the
four turns re-read as context. Each story tells a value, then a dozen unrelated messages,
then the ending, through ``Memory`` on the default path (rule extractor, local model).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import timedelta

import pytest

from chronomem import EpisodeInput, Memory
from chronomem.engine.held import HeldValues, names_in
from chronomem.extractors import RuleExtractor
from chronomem.extractors.llm import LLMExtractor
from chronomem.model import Episode, Extraction, Fact, Resolution, ResolutionRequest
from chronomem.model.ontology import Ontology
from chronomem.ports import HeldReader
from chronomem.testing import ManualClock, SequentialIds
from tests.helpers import t

START = t("2024-01-01T09:00")
# a dozen messages about nothing the stories hold, in several voices
FILLER = (
    "watched a documentary about octopuses last night, wild stuff",
    "The weather here has been grim all week.",
    "made a huge pot of lentil soup for dinner",
    "Any tips for getting better sleep?",
    "traffic was terrible this morning smh",
    "Finished reading that mystery novel; the ending was meh.",
    "my neighbour's wifi name is hilarious",
    "Thinking about learning to play chess properly.",
    "had pizza for lunch again lol",
    "The power went out for an hour yesterday.",
    "binge watched a baking show all afternoon",
    "It rained the whole weekend, so we stayed in.",
)


@dataclass(frozen=True)
class Story:
    speaker: str
    value: str
    ending: str
    subject: str
    relation: str
    ended: str  # the value that must be closed (its name contains this)
    current: str | None = None  # the value that must be open after it (its name contains this)


STORIES = {
    "car sold, named by its kind": Story(
        "Omar", "I drive a Honda Civic.", "sold my car last week, taking the bus now",
        "Omar", "DRIVES", "Civic",
    ),
    "pet put down, by name": Story(
        "Lena", "We have a dog named Max.", "We had to put Max down last week.",
        "Lena", "HAS_PET", "Max",
    ),
    "parrot lost": Story(
        "Kofi", "My parrot Kiwi talks all day.", "kiwi flew away yesterday, im heartbroken",
        "Kofi", "HAS_PET", "Kiwi",
    ),
    "knee healed": Story(
        "Tomás", "I sprained my knee playing football.", "My knee is finally healed!",
        "Tomás", "HAS_CONDITION", "knee",
    ),
    "membership cancelled, by its kind": Story(
        "Aiko", "I'm a member of PureGym.", "cancelled the membership today, never went anyway",
        "Aiko", "MEMBER_OF", "PureGym",
    ),
    "trip called off": Story(
        "Ines", "I'm planning a trip to Japan in May.", "The Japan trip got cancelled, sadly.",
        "Ines", "HAS_PLAN", "trip",
    ),
    "a brother's job ended": Story(
        "Nina", "My brother Sam works at Tesco.", "Sam quit his job last month.",
        "Sam", "WORKS_AT", "Tesco",
    ),
    "a sister's dog died": Story(
        "Nina", "My sister Emma has a dog named Bruno.", "Emma's dog Bruno died last week.",
        "Emma", "HAS_PET", "Bruno",
    ),
    "a new team lead": Story(
        "Bea", "My team lead is Sarah Cole.", "We got a new team lead, Tom Reed.",
        "Bea", "MANAGED_BY", "Sarah", current="Tom",
    ),
    "graduated, no school named": Story(
        "Yusuf", "I study at Leeds University.", "graduated last week!! so relieved",
        "Yusuf", "STUDIES_AT", "Leeds",
    ),
    "a trip that happened": Story(
        "Ines", "We're flying to Lisbon on January 5 for a holiday.",
        "Just got back from Lisbon, what a trip.", "Ines", "HAS_PLAN", "holiday",
    ),
    "a new phone arrived": Story(
        "Omar", "I use an iPhone 12.", "The new phone arrived, a Pixel 8.",
        "Omar", "USES_PHONE", "iPhone", current="Pixel",
    ),
    "plan upgraded": Story(
        "Raj", "I'm on the basic Netflix plan.", "Upgraded Netflix to the premium plan.",
        "Raj", "SUBSCRIBED_TO_PLAN", "basic", current="premium",
    ),
}  # fmt: skip


def messages(story: Story, gap: int = len(FILLER)) -> list[tuple[str, str]]:
    """The story's messages, one a day: the value, ``gap`` fillers, the ending."""
    said = [story.value, *FILLER[:gap], story.ending]
    return [(story.speaker, text) for text in said]


def tell(memory: Memory, clock: ManualClock, turns: list[tuple[str, str]]) -> None:
    for n, (speaker, text) in enumerate(turns):
        when = START + timedelta(days=n)
        clock.set(when + timedelta(seconds=1))
        memory.add_episode(f"{speaker}: {text}", group_id="g", reference_time=when)


def of_relation(memory: Memory, subject: str, relation: str) -> list[tuple[str, bool]]:
    """(value name, still open) of every fact of ``relation`` the subject has had."""
    timeline = memory.get_timeline(subject, group_id="g")
    facts: list[Fact] = [
        f
        for f in timeline.facts
        if f.relation == relation and f.source_id == timeline.entity.id and not _withdrawn(f)
    ]
    return [(timeline.name_of(f.target_id), f.invalid_at is None) for f in facts]


def _withdrawn(f: Fact) -> bool:
    return f.expired_at is not None and (f.invalid_at is None or f.invalid_at == f.valid_at)


def check(memory: Memory, story: Story) -> None:
    values = of_relation(memory, story.subject, story.relation)
    ended = [(n, is_open) for n, is_open in values if story.ended.lower() in n.lower()]
    assert ended and not any(is_open for _, is_open in ended), values
    if story.current is not None:
        now = [n for n, is_open in values if is_open]
        assert len(now) == 1 and story.current.lower() in now[0].lower(), values


@pytest.mark.parametrize("name", list(STORIES))
def test_an_ending_told_a_dozen_messages_later_closes_its_value(name: str, embedder) -> None:  # type: ignore[no-untyped-def]
    story = STORIES[name]
    clock = ManualClock(START)
    with Memory(embedder=embedder, clock=clock) as memory:
        tell(memory, clock, messages(story))
        check(memory, story)


def test_an_earlier_trip_to_the_place_of_a_plan_ends_nothing(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = messages(
        Story(
            "Ines",
            "We're flying to Lisbon on March 5 for a holiday.",
            "We went to Lisbon in 2019 too, loved it.",
            "",
            "",
            "",
        )
    )
    clock = ManualClock(START)
    with Memory(embedder=embedder, clock=clock) as memory:
        tell(memory, clock, turns)
        assert ("holiday", True) in of_relation(memory, "Ines", "HAS_PLAN")


DENTIST = Story(
    "Ola", "I have a dentist appointment on January 30.",
    "The dentist moved my appointment to February 2.", "Ola", "HAS_PLAN", "dentist",
)  # fmt: skip


def test_the_moved_appointment_holds_on_its_new_day(embedder) -> None:  # type: ignore[no-untyped-def]
    clock = ManualClock(START)
    with Memory(embedder=embedder, clock=clock) as memory:
        tell(memory, clock, messages(DENTIST))
        timeline = memory.get_timeline("Ola", group_id="g")
        days = [
            f.valid_at for f in timeline.facts if f.relation == "HAS_PLAN" and f.invalid_at is None
        ]
        assert days == [t("2024-02-02T00:00")], days


@pytest.mark.parametrize(
    ("told", "ending", "ended"),
    [
        ("I sprained my knee playing football.", "My knee is finally healed!", "knee"),
        ("I have the flu, feeling awful.", "feeling much better now, fully recovered", "flu"),
        # round 29: "fine" or "well" with "now" or "again" (no "fine" alone: a pleasantry)
        ("positive for flu. off sick till monday", "back on shift tonight, I'm fine now", "flu"),
    ],
)
def test_a_recovery_ends_the_illness_it_names_or_the_last_one_told(  # type: ignore[no-untyped-def]
    told: str, ending: str, ended: str, embedder
) -> None:
    """Not every condition the memory holds: the asthma told long before stays."""
    turns = [
        ("Mia", "I have asthma since I was a kid."),
        *messages(Story("Mia", told, ending, "", "", "")),
    ]
    clock = ManualClock(START)
    with Memory(embedder=embedder, clock=clock) as memory:
        tell(memory, clock, turns)
        values = dict(of_relation(memory, "Mia", "HAS_CONDITION"))
        assert values.get("asthma") is True, values
        assert [is_open for name, is_open in values.items() if ended in name] == [False], values


def test_without_the_held_values_the_far_ending_finds_nothing(embedder) -> None:  # type: ignore[no-untyped-def]
    """The control: the same story read with the four context turns alone (the extractor
    without the capability) leaves the car held -- "my car" names it only by its kind,
    which the held values fix."""
    story = STORIES["car sold, named by its kind"]
    clock = ManualClock(START)
    rules = _ContextOnly(RuleExtractor(embedder))
    with Memory(embedder=embedder, clock=clock, extractor=rules) as memory:  # type: ignore[arg-type]
        tell(memory, clock, messages(story))
        assert ("Honda Civic", True) in of_relation(memory, "Omar", "DRIVES")


def test_the_held_stage_switched_off_reads_the_earlier_turns_alone(embedder) -> None:  # type: ignore[no-untyped-def]
    clock = ManualClock(START)
    rules = RuleExtractor(embedder, disable=["held"])  # an ablation: --disable held
    with Memory(embedder=embedder, clock=clock, extractor=rules) as memory:
        tell(memory, clock, messages(STORIES["car sold, named by its kind"]))
        assert ("Honda Civic", True) in of_relation(memory, "Omar", "DRIVES")


class _ContextOnly:
    """The rule extractor without the :class:`HeldReader` capability."""

    def __init__(self, inner: RuleExtractor) -> None:
        self._inner = inner

    def extract(
        self, episode: Episode, previous: Sequence[Episode], *, ontology: Ontology | None = None
    ) -> Extraction:
        return self._inner.extract(episode, previous, ontology=ontology)

    def resolve(self, request: ResolutionRequest) -> Resolution:
        return self._inner.resolve(request)


def test_a_batch_closes_a_value_its_own_earlier_messages_told(embedder) -> None:  # type: ignore[no-untyped-def]
    """One ``add_episodes`` call: the value is not stored yet when the ending is read (the
    call's chunks are prepared ahead of their writes); the call's own extractions carry it."""
    turns = messages(STORIES["car sold, named by its kind"])
    items = [
        EpisodeInput(
            content=f"{speaker}: {text}",
            group_id="g",
            reference_time=START + timedelta(days=n),
            source="message",
        )
        for n, (speaker, text) in enumerate(turns)
    ]
    with Memory(embedder=embedder, clock=ManualClock(START + timedelta(days=30))) as memory:
        memory.add_episodes(items)
        assert of_relation(memory, "Omar", "DRIVES") == [("Honda Civic", False)]


def _memory_of(
    embedder, turns: list[tuple[str, str]], prefix: str, path: str = ":memory:"
) -> Memory:  # type: ignore[no-untyped-def]
    clock = ManualClock(START)
    memory = Memory(path, embedder=embedder, clock=clock, ids=SequentialIds(prefix))
    tell(memory, clock, turns)
    return memory


def _seen(memory: Memory) -> list[tuple[str, str, str, object, object]]:
    """The memory's facts by content: names, relation, interval (no ids)."""
    names = {e.id: e.name for e in memory.store.list_entities("g")}
    return sorted(
        (names[f.source_id], f.relation, names[f.target_id], f.valid_at, f.invalid_at)
        for f in memory.store.list_facts("g")
    )


def test_the_same_story_gives_the_same_memory_whatever_the_ids(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = messages(STORIES["a sister's dog died"]) + messages(
        STORIES["car sold, named by its kind"]
    )
    with _memory_of(embedder, turns, "a") as one, _memory_of(embedder, turns, "zz") as other:
        assert _seen(one) == _seen(other)
        assert ("Emma", "HAS_PET", "Bruno") in [s[:3] for s in _seen(one) if s[4] is not None]


def test_a_late_message_is_not_read_with_values_told_after_it(embedder) -> None:  # type: ignore[no-untyped-def]
    """A backfilled "sold my car" (January) learned after "I drive a Tesla" (March) must
    not end the Tesla: a late episode reads no stored values."""
    clock = ManualClock(START + timedelta(days=90))
    with Memory(embedder=embedder, clock=clock) as memory:
        memory.add_episode(
            "Omar: I drive a Tesla Model 3.", group_id="g", reference_time=t("2024-03-01T09:00")
        )
        memory.add_episode(
            "Omar: sold my car last week, taking the bus now",
            group_id="g",
            reference_time=t("2024-01-15T09:00"),
        )
        drives = of_relation(memory, "Omar", "DRIVES")
        assert ("Tesla Model 3", True) in drives and ("Tesla Model 3", False) not in drives


def test_the_names_an_episode_may_name_its_subjects_by() -> None:
    said = Episode("e", "g", "Nina: my sister Emma's dog died", "message", START, START)
    names = names_in(said)
    assert names[0] == "nina"
    assert {"emma", "sister emma", "dog"} <= set(names)


def test_only_the_rule_extractor_reads_held_values() -> None:
    assert issubclass(RuleExtractor, HeldReader)
    assert not issubclass(LLMExtractor, HeldReader)  # the LLM path does not change


def test_held_values_name_the_subjects_open_facts_only(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        ("Nina", "I live in Leeds."),
        ("Nina", "I moved to York last week."),
        ("Nina", "My brother Sam works at Tesco."),
    ]
    with _memory_of(embedder, turns, "h") as memory:
        later = Episode("x", "g", "Nina: Sam says hi", "message", START + timedelta(days=9), START)
        held = HeldValues(memory.store, [later]).of(later)
        told = {(f.source, f.relation, f.target) for f in held.facts}
        assert ("Nina", "LIVES_IN", "York") in told and ("Sam", "WORKS_AT", "Tesco") in told
        assert not any(f.target == "Leeds" for f in held.facts)  # ended: not held
        alone = Episode("y", "g", "Omar: hi", "message", START + timedelta(days=9), START)
        assert HeldValues(memory.store, [alone]).of(alone).facts == ()  # names no one held


@pytest.fixture
def falkordb_path() -> Iterator[str]:
    import uuid

    from tests.falkordb_server import drop_prefix, session_server_url

    base = session_server_url()
    prefix = f"held{uuid.uuid4().hex[:8]}"
    yield f"{base}/{prefix}"
    drop_prefix(base, prefix)


def test_falkordb_closes_the_far_endings_as_sqlite_does(embedder, falkordb_path: str) -> None:  # type: ignore[no-untyped-def]
    turns = messages(STORIES["a brother's job ended"]) + messages(
        STORIES["car sold, named by its kind"]
    )
    with (
        _memory_of(embedder, turns, "f") as lite,
        _memory_of(embedder, turns, "f", falkordb_path) as server,
    ):
        assert _seen(server) == _seen(lite)
        check(server, STORIES["a brother's job ended"])
        check(server, STORIES["car sold, named by its kind"])
