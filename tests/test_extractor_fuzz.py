"""Adversarial text cannot stall ingestion: every extractor stage is linear in the input.

Each input is about 100k characters (the default episode limit) built to hit a stage's
worst case: abbreviations and initials (sentence splitting), dates (the date finder), runs
of capitalised words (names, vocatives), punctuation runs, one giant sentence, many quotes
and brackets, long numbers, emoji, pronouns (third-person rewriting) and verbs of the
pattern table. Each must ingest through ``Memory`` (rule extractor, hash embedder) in
CPU time that grows linearly: the 100k input may cost at most 20x its first 10k characters
(a quadratic stage costs ~100x), and at most 5 s or 2.5 times what 100k characters of ordinary
prose cost on the same machine, whichever is more (the learned reader encodes every clause:
on a CPU without VNNI the encoder's int8 products cost about three times as much, and an
ordinary 100k episode alone costs over 2 s there). Before the fix,
``"Mr. A. B. C. D. " * N`` took 109 s at 100k characters. The ratio, not a fixed bound,
keeps the test true on a loaded machine, where CPU time itself runs slower; each side is the
least of a few runs (a noisy run costs more, never less, than the work).
"""

from __future__ import annotations

import time

import pytest

from chronomem.extractors.rules.analysis.sentences import MAX_SENTENCE_CHARS, split_sentences
from tests.helpers import t

SIZE = 100_000 - len("Alice: ")  # the whole episode is at the default limit
CPU_LIMIT_S = 5.0
ORDINARY_FACTOR = 2.5  # adversarial text may cost at most this times ordinary prose
MAX_GROWTH = 20.0  # CPU at 100k / CPU at 10k characters


def _repeat(unit: str, size: int = SIZE) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _capitalised(size: int = SIZE) -> str:
    words = [
        "Alice",
        "Bob",
        "Google",
        "Paris",
        "Mr",
        "Dr",
        "New",
        "York",
        "Bank",
        "Of",
        "Mel",
        "Thanks",
    ]
    out = " ".join(words[(i * 7 + i // 5) % len(words)] for i in range(size // 4))
    return out[:size]


ADVERSARIAL: dict[str, str] = {
    "abbreviations": _repeat("Mr. A. B. C. D. "),
    "initials": _repeat("A. "),
    "dates": _repeat("on 8 May, 2023 last Friday 2 weeks ago next Thursday 5/8/2023 "),
    "iso-dates": _repeat("2023-05-08T10:00 since 2023-05-08 until 12/31/2024 "),
    "capitalised-words": _capitalised(),
    "names-and-vocatives": _repeat("Thanks, Mel! Hey John, my sister Emma met Dr. Lee. "),
    "punctuation-run": _repeat("!?.,;:-"),
    "dots": _repeat("."),
    "giant-sentence": _repeat("I work at Google and I like pizza and my sister lives in Rome and "),
    "comma-pronouns": _repeat("I, "),
    "you-and-i": _repeat("you and I and we "),
    "quotes": _repeat('"a" "Becoming Nicole" '),
    "unclosed-quote": _repeat('"Becoming Nicole '),
    "brackets": _repeat("([{<"),
    "long-number": _repeat("1234567890"),
    "emoji": _repeat("\U0001f600\U0001f389 "),
    "possessives": _repeat("Alice's "),
    "patterns": _repeat("the printer keeps jamming and I moved to my favorite food is "),
    "many-facts": " ".join(f"I like thing{i}. I moved to Town{i}." for i in range(4000))[:SIZE],
    "newlines": _repeat("Alice\n"),
    "markdown-code": _repeat("## Plan\n- item `x = 1`\n```python\nx = Foo(1)\n```\nhttps://x.y/z "),
}


def _cpu_of_two_turns(make_memory, text: str) -> float:
    """CPU seconds to ingest ``text`` and then a short turn that reads it as context."""
    memory = make_memory()
    memory.add_episode(
        "Alice: I live in Paris.", group_id="g", reference_time=t("2024-01-01T10:00")
    )
    start = time.process_time()
    memory.add_episode("Alice: " + text, group_id="g", reference_time=t("2024-01-02T10:00"))
    # the next turn reads the big one as context: that must be bounded too
    memory.add_episode("Bob: ok", group_id="g", reference_time=t("2024-01-03T10:00"))
    return time.process_time() - start


def _least_cpu(make_memory, text: str, tries: int) -> float:
    """The least CPU of ``tries`` runs: on a loaded machine (cache and frequency contention)
    a single run can cost much more than the work itself; the least run is the work."""
    return min(_cpu_of_two_turns(make_memory, text) for _ in range(tries))


# ordinary chat prose, told over and over: what this machine spends on 100k characters
ORDINARY = _repeat(
    "We spent the weekend at the lake with the kids, and on Sunday my brother drove up from "
    "Leeds with his new dog, so the cabin was loud but nice. "
)
_ordinary_cpu: list[float] = []  # measured once per session: the least of three runs


def _cpu_limit(make_memory) -> float:
    if not _ordinary_cpu:
        _ordinary_cpu.append(_least_cpu(make_memory, ORDINARY, tries=3))
    return max(CPU_LIMIT_S, ORDINARY_FACTOR * _ordinary_cpu[0])


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_an_adversarial_100k_episode_ingests_in_linear_time(make_memory, name):
    small = _least_cpu(make_memory, ADVERSARIAL[name][: SIZE // 10], tries=3)
    spent = _cpu_of_two_turns(make_memory, ADVERSARIAL[name])
    for _ in range(3):  # measured again, both sizes side by side, before calling it quadratic
        if spent <= MAX_GROWTH * max(small, 0.01):
            break
        spent = min(spent, _cpu_of_two_turns(make_memory, ADVERSARIAL[name]))
        small = min(small, _cpu_of_two_turns(make_memory, ADVERSARIAL[name][: SIZE // 10]))
    limit = CPU_LIMIT_S
    if spent > limit:  # over the fixed bound: weigh it against this machine, least of runs
        limit = _cpu_limit(make_memory)
        spent = min(spent, _least_cpu(make_memory, ADVERSARIAL[name], tries=2))
    assert spent <= limit, (
        f"{name}: {spent:.2f} s of CPU for two turns after 100k chars (limit {limit:.2f} s)"
    )
    assert spent <= MAX_GROWTH * max(small, 0.01), (
        f"{name}: {spent:.2f} s of CPU at 100k characters, {small:.3f} s at 10k: not linear"
    )


def test_a_run_on_sentence_is_cut_into_bounded_pieces_at_spaces():
    pieces = split_sentences(_repeat("I like tea and ", 5_000))
    assert all(len(p) <= MAX_SENTENCE_CHARS for p in pieces)
    assert sum(len(p.split()) for p in pieces) == len(_repeat("I like tea and ", 5_000).split())


def test_abbreviations_and_initials_still_do_not_end_a_sentence():
    text = "Dr. Lee met J. R. Smith at 5 p.m. today. Then I left."
    assert split_sentences(text) == ["Dr. Lee met J. R. Smith at 5 p.m. today.", "Then I left."]
