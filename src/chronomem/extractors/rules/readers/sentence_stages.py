"""The per-sentence stages: each wraps one reader behind ``SentenceState -> list[Hit]``.

A wrapper passes the reader what it reads and combines its answer the one way the pipeline
knows: the list it returns replaces ``state.hits``. ``hits or found``: the reader fills a
gap (it runs only when no stage before found anything); ``hits + found``: it adds;
``found``: it rewrites the list. The readers themselves are unchanged.
"""

from __future__ import annotations

from chronomem.extractors.rules.analysis.found import Hit
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.about_user import about_the_user
from chronomem.extractors.rules.readers.been_with import been_with, couple_since
from chronomem.extractors.rules.readers.clauses import match_sentence
from chronomem.extractors.rules.readers.day_fixes import day_set_right, days_corrected
from chronomem.extractors.rules.readers.habits import given_up_before, habit_hits, named_as_habit
from chronomem.extractors.rules.readers.holders import holders
from chronomem.extractors.rules.readers.offers import offered_jobs
from chronomem.extractors.rules.readers.own_texts import own_texts
from chronomem.extractors.rules.readers.pairs import pair_hits
from chronomem.extractors.rules.readers.partners import partner_deaths, partner_hits
from chronomem.extractors.rules.readers.pet_names import pet_name_hits
from chronomem.extractors.rules.readers.plans import (
    arranged_plans,
    called_off,
    name_told_plans,
)
from chronomem.extractors.rules.readers.plans_ended import happened_plans
from chronomem.extractors.rules.readers.plans_moved import redated
from chronomem.extractors.rules.readers.replacements import replaced_values, successors
from chronomem.extractors.rules.readers.reported import reported_corrections
from chronomem.extractors.rules.readers.restated import restated
from chronomem.extractors.rules.readers.retractions import terse_corrections
from chronomem.extractors.rules.readers.start_dates import (
    continued_since,
    dated_ends,
    dated_starts,
)
from chronomem.extractors.rules.readers.stays import told_stays
from chronomem.extractors.rules.readers.successions import succession_hits
from chronomem.extractors.rules.readers.then_values import then_values
from chronomem.extractors.rules.readers.tie_ends import drop_visits, tie_end_hits
from chronomem.extractors.rules.readers.transfers import transfer_hits
from chronomem.extractors.rules.readers.upcoming import upcoming_events
from chronomem.extractors.rules.state import SentenceStage
from chronomem.extractors.rules.state import SentenceState as S


def _patterns(t: S) -> list[Hit]:
    return t.hits + match_sentence(t.sentence, t.known)


def _offers(t: S) -> list[Hit]:
    return offered_jobs(t.sentence, t.hits)


def _restated(t: S) -> list[Hit]:
    return t.hits or restated(t.sentence, t.known)


def _terse(t: S) -> list[Hit]:
    return t.hits or terse_corrections(t.sentence, t.known)


def _reported(t: S) -> list[Hit]:
    return reported_corrections(t.sentence, t.known, t.hits)


def _habits(t: S) -> list[Hit]:
    given_up = t.draft.ended_values("HAS_HABIT")
    speaker = normalize_name(t.sentence.speaker or "")
    held = list(t.known.targets.get((speaker, "HAS_HABIT"), {}).values())
    hits = [given_up_before(named_as_habit(h, held), given_up, t.sentence) for h in t.hits]
    return hits + habit_hits(t.sentence, hits, ended_before=bool(given_up), held=held)


def _successions(t: S) -> list[Hit]:
    return t.hits + succession_hits(t.hits, t.known, t.sentence)


def _own_texts(t: S) -> list[Hit]:
    return own_texts(t.sentence.text, t.hits)


def _holders(t: S) -> list[Hit]:
    return holders(t.sentence, t.hits, t.known)


def _pairs(t: S) -> list[Hit]:
    return t.hits + pair_hits(t.sentence, t.known, t.hits)


def _partners(t: S) -> list[Hit]:
    return t.hits + partner_hits(t.sentence, t.known, t.hits)


def _pet_names(t: S) -> list[Hit]:
    return pet_name_hits(t.sentence, t.index, t.known, t.draft, t.hits)


def _been_with(t: S) -> list[Hit]:
    return been_with(t.sentence, t.known, t.hits)


def _deaths(t: S) -> list[Hit]:
    return partner_deaths(t.sentence, t.hits)


def _couple_since(t: S) -> list[Hit]:
    return couple_since(t.sentence, t.known, t.hits)


def _told_plans(t: S) -> list[Hit]:
    s, k, h = t.sentence, t.known, t.hits
    return name_told_plans(s, k, h) + called_off(s, k, h)


def _redated(t: S) -> list[Hit]:
    return redated(t.sentence, t.known, t.hits)


def _days_set_right(t: S) -> list[Hit]:
    return day_set_right(t.sentence, t.known, t.hits, told=t.draft.facts)


def _days_corrected(t: S) -> list[Hit]:
    return days_corrected(t.sentence, t.hits)


def _arranged(t: S) -> list[Hit]:
    return t.hits + arranged_plans(t.sentence, t.hits)


def _visits(t: S) -> list[Hit]:
    return drop_visits(t.sentence, t.hits)


def _happened(t: S) -> list[Hit]:
    return t.hits + happened_plans(t.sentence, t.known, t.hits)


def _start_dates(t: S) -> list[Hit]:
    return continued_since(t.sentence, t.known, dated_starts(t.sentence, t.known, t.hits))


def _end_dates(t: S) -> list[Hit]:
    return dated_ends(t.sentence, t.known, t.hits)


def _stays(t: S) -> list[Hit]:
    return told_stays(t.sentence, t.known, t.hits)


def _then_values(t: S) -> list[Hit]:
    return then_values(t.sentence, t.hits)


def _upcoming(t: S) -> list[Hit]:
    return upcoming_events(t.sentence, t.known, t.hits, from_assistant=t.draft.assistant)


def _tie_ends(t: S) -> list[Hit]:
    return t.hits + tie_end_hits(t.sentence, t.known, t.hits)


def _assistant(t: S) -> list[Hit]:
    if not t.draft.assistant:
        return t.hits
    who = t.draft.speaker
    return [h for h in t.hits if about_the_user(h, t.sentence, t.known, who)]


def _replacements(t: S) -> list[Hit]:
    return successors(t.sentence, t.known, replaced_values(t.sentence, t.known, t.hits))


def _transfers(t: S) -> list[Hit]:
    return t.hits + transfer_hits(t.sentence, t.known, t.hits)


SENTENCE_STAGES = (
    SentenceStage("patterns", _patterns, "the relation pattern table, clause by clause"),
    SentenceStage("offers", _offers, '"X offered me the role and I said yes": the job taken'),
    SentenceStage("restated", _restated, '"I meant Portland, Oregon": the qualified value'),
    SentenceStage("terse_corrections", _terse, '"not Lyon, Lille", "Lyon -> Lille"'),
    SentenceStage("reported", _reported, '"I said I drive a Skoda but it\'s a Volvo"'),
    SentenceStage("habits", _habits, "habits taken up, kept or given up"),
    SentenceStage("successions", _successions, "open facts a new statement takes over from"),
    SentenceStage("own_texts", _own_texts, "a fact's text names its own value"),
    SentenceStage("holders", _holders, "an ending given to the one known holder (Dad's flu)"),
    SentenceStage("pairs", _pairs, '"X and Y got married": one fact each'),
    SentenceStage("partners", _partners, '"his name is Leo", "X proposed ... we\'re engaged"'),
    SentenceStage("pet_names", _pet_names, '"GOT A HAMSTER. his name is Nugget"'),
    SentenceStage("been_with", _been_with, '"been with Sam since 2019"'),
    SentenceStage(
        "couple_since", _couple_since, "\"we've been together since 2021\": the couple's start"
    ),
    SentenceStage("deaths", _deaths, '"my husband Vernon passed in 2019": the tie ends then'),
    SentenceStage("told_plans", _told_plans, 'plans named, or called off ("fell through")'),
    SentenceStage("redated", _redated, '"the move got pushed to the 8th"'),
    SentenceStage(
        "days_set_right",
        _days_set_right,
        '"sorry, August 8th! not June": the day of the fact told ahead last, set right',
    ),
    SentenceStage("arranged", _arranged, '"seeing the dentist on Friday": a plan'),
    SentenceStage("visits", _visits, '"stopped by the old office": a visit ends nothing'),
    SentenceStage("happened", _happened, '"back from Lisbon": the plan that named it happened'),
    SentenceStage(
        "start_dates",
        _start_dates,
        '"got a job at Halden, I start on the 3rd", "... moving in on the 20th", "I moved on 20'
        ' April", "been here since"',
    ),
    SentenceStage("end_dates", _end_dates, '"my last day is 30 November", "my lease ends ..."'),
    SentenceStage("stays", _stays, '"back in Vancouver after two years in Seoul": a past home'),
    SentenceStage(
        "then_values",
        _then_values,
        '"at Ferncliff until 2024, then Lumen Pay until August": a life told with its dates',
    ),
    SentenceStage("upcoming", _upcoming, '"getting married on the 4th", "got tickets for X"'),
    SentenceStage("tie_ends", _tie_ends, "the end of a held thing (a pet, a car, a club)"),
    SentenceStage("replacements", _replacements, '"civic\'s gone, got a mazda": the old one ends'),
    SentenceStage("transfers", _transfers, '"gave the bike to my nephew Kai": his now'),
    SentenceStage(
        "days_corrected",
        _days_corrected,
        '"on the 14th of November — sorry, the 21st!": the day set right in the same breath',
    ),
    SentenceStage("assistant", _assistant, "an assistant's turn: only facts about the user"),
)
