"""The pure temporal rules: merge, contradiction, and the bi-temporal visibility rule."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem.engine.temporal import merge_duplicate, overlaps, resolve_contradiction
from chronomem.errors import UsageError
from chronomem.model import Fact, SearchFilter, is_believed
from tests.helpers import t

NOW = t("2024-06-01T00:00")


CREATED = t("2024-01-01T00:00")


def fact(
    fid="f",
    *,
    valid=None,
    invalid=None,
    created=None,
    expired=None,
    text="A works at B",
    episodes=("e1",),
):
    created = created or CREATED
    return Fact(
        id=fid,
        group_id="g",
        source_id="a",
        target_id="b",
        relation="WORKS_AT",
        fact=text,
        created_at=created,
        valid_at=valid,
        invalid_at=invalid,
        expired_at=expired,
        episodes=episodes,
    )


def test_contradiction_closes_the_older_fact_at_the_newer_start():
    old = fact("old", valid=t("2024-01-01T00:00"))
    new = fact("new", valid=t("2024-03-01T00:00"))
    old2, new2 = resolve_contradiction(old, new, NOW)
    assert old2.invalid_at == t("2024-03-01T00:00") and old2.expired_at == NOW
    assert new2 == new


def test_a_new_fact_that_predates_the_stored_one_is_itself_closed():
    stored = fact("stored", valid=t("2024-03-01T00:00"))
    late_news = fact("late", valid=t("2024-01-01T00:00"))
    stored2, late2 = resolve_contradiction(stored, late_news, NOW)
    assert stored2 == stored
    assert late2.invalid_at == t("2024-03-01T00:00") and late2.expired_at == NOW


def test_an_earlier_end_is_kept():
    old = fact("old", valid=t("2024-01-01T00:00"), invalid=t("2024-02-01T00:00"), expired=NOW)
    old2, _ = resolve_contradiction(
        old, fact("new", valid=t("2024-03-01T00:00")), NOW + timedelta(days=1)
    )
    assert old2 == old  # untouched, expired_at included


def test_merge_keeps_earliest_dates_richer_text_and_all_episodes():
    stored = fact(
        "s",
        valid=None,
        invalid=t("2024-01-08T00:00"),
        expired=NOW,
        text="A left B",
        episodes=("e2",),
    )
    new = fact(
        "n",
        valid=t("2024-01-01T00:00"),
        text="A started a new job at B as an engineer",
        episodes=("e1",),
    )
    merged = merge_duplicate(stored, new, NOW)
    assert merged.id == "s"
    assert merged.valid_at == t("2024-01-01T00:00")
    assert merged.invalid_at == t("2024-01-08T00:00")
    assert merged.fact == "A started a new job at B as an engineer"
    assert merged.episodes == ("e2", "e1")


def test_merge_with_an_ending_closes_and_expires():
    stored = fact("s", valid=t("2024-01-01T00:00"))
    ending = fact("n", invalid=t("2024-01-08T00:00"), text="A left B", episodes=("e2",))
    merged = merge_duplicate(stored, ending, NOW)
    assert merged.invalid_at == t("2024-01-08T00:00") and merged.expired_at == NOW


def test_overlaps_treats_open_ends_as_overlapping():
    assert overlaps(fact(valid=None), fact(valid=t("2024-01-01T00:00")))
    a = fact(valid=t("2024-01-01T00:00"), invalid=t("2024-02-01T00:00"))
    assert not overlaps(a, fact(valid=t("2024-02-01T00:00")))


def test_is_believed_reads_both_timelines():
    f = fact(
        valid=t("2024-01-01T00:00"),
        invalid=t("2024-01-08T00:00"),
        created=t("2024-01-01T10:00"),
        expired=t("2024-01-15T14:00"),
    )
    assert is_believed(f, valid_at=t("2024-01-05T00:00"), known_at=NOW)
    assert not is_believed(f, valid_at=t("2024-01-10T00:00"), known_at=NOW)
    # on 2024-01-10 we had not learned the end yet: believed open-ended
    assert is_believed(f, valid_at=t("2024-01-10T00:00"), known_at=t("2024-01-10T00:00"))
    assert not is_believed(f, valid_at=t("2024-01-05T00:00"), known_at=t("2023-12-31T00:00"))


def test_a_retraction_hides_the_fact_from_then_on():
    f = fact(
        valid=t("2024-01-01T00:00"), created=t("2024-01-01T00:00"), expired=t("2024-02-01T00:00")
    )
    assert is_believed(f, valid_at=t("2024-01-15T00:00"), known_at=t("2024-01-20T00:00"))
    assert not is_believed(f, valid_at=t("2024-01-15T00:00"), known_at=t("2024-02-02T00:00"))


def test_filter_needs_aware_datetimes():
    from datetime import datetime

    with pytest.raises(UsageError, match="naive"):
        SearchFilter(valid_at=datetime(2024, 1, 1))


instants = st.one_of(
    st.none(), st.integers(0, 100).map(lambda d: t("2024-01-01T00:00") + timedelta(days=d))
)


@given(a_valid=instants, b_valid=instants, b_invalid=instants)
def test_contradiction_is_order_independent(a_valid, b_valid, b_invalid):
    """Whichever fact arrives first, the pair ends with the same world intervals."""
    a = fact("a", valid=a_valid)
    b = fact(
        "b",
        valid=b_valid,
        invalid=b_invalid if b_invalid and (not b_valid or b_invalid > b_valid) else None,
    )
    a1, b1 = resolve_contradiction(a, b, NOW)  # a stored, b new
    b2, a2 = resolve_contradiction(b, a, NOW)  # b stored, a new
    if a_valid is not None and b_valid is not None and a_valid != b_valid:
        assert (a1.invalid_at, b1.invalid_at) == (a2.invalid_at, b2.invalid_at)


def test_later_news_ends_a_value_whose_start_was_only_its_hearing():
    heard = t("2024-03-01T10:00")
    madrid = fact("madrid", valid=heard)  # "Lara lives in Madrid", said on 1 March
    seville = fact("seville", valid=t("2024-02-15T00:00"))  # said 31 March: "moved last month"
    said = (heard, t("2024-03-31T10:00"))
    madrid2, seville2 = resolve_contradiction(madrid, seville, NOW, said=said)
    assert seville2 == seville  # the later news holds
    assert madrid2.invalid_at == t("2024-02-15T00:00") and madrid2.valid_at is None
    # arriving the other way round (the later news stored first): the same intervals
    seville3, madrid3 = resolve_contradiction(seville, madrid, NOW, said=said[::-1])
    assert (seville3.invalid_at, madrid3.invalid_at) == (None, madrid2.invalid_at)


def test_a_start_the_text_gave_is_left_to_the_later_start():
    since_2019 = fact("a", valid=t("2019-01-01T00:00"))  # "in Madrid since 2019", said in March
    later = fact("b", valid=t("2018-06-01T00:00"))  # said after, dated before
    said = (t("2024-03-01T10:00"), t("2024-03-31T10:00"))
    a2, b2 = resolve_contradiction(since_2019, later, NOW, said=said)
    assert a2 == since_2019 and b2.invalid_at == t("2019-01-01T00:00")


@given(a_valid=instants, b_valid=instants, a_heard=st.booleans(), b_heard=st.booleans())
def test_contradiction_with_said_times_is_order_independent(a_valid, b_valid, a_heard, b_heard):
    """With when each was said, whichever arrives first, the same world intervals."""
    said_a, said_b = t("2024-02-01T00:00"), t("2024-03-01T00:00")
    a = fact("a", valid=said_a if a_heard else a_valid)
    b = fact("b", valid=said_b if b_heard else b_valid)
    if a.valid_at == b.valid_at:
        return  # a tie of starts is kept as stored (as without said times)
    a1, b1 = resolve_contradiction(a, b, NOW, said=(said_a, said_b))
    b2, a2 = resolve_contradiction(b, a, NOW, said=(said_b, said_a))
    assert (a1.valid_at, a1.invalid_at, b1.valid_at, b1.invalid_at) == (
        a2.valid_at,
        a2.invalid_at,
        b2.valid_at,
        b2.invalid_at,
    )
