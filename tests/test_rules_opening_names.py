"""A friend's first name opening a chat line is a person, by what follows it (round 18).

Texting opens a line on someone's first name, often in lower case and often a name that is
an ordinary word of the encoder's vocabulary too ("ollie", "marco", "bea"). The name finder
took such a first word for sentence case, so the line named no one and its news became the
speaker's: "Marco got the job at Deloitte" gave the speaker the job, "Ollie came home after
four years in Lima" the speaker a past home. A line's first word that no lexicon class holds
is now a person's name when what follows it is an act only people do
(``analysis/person_acts.py``). Sentences written for these tests.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.entities import find_spans
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.normalise.chat_names import capitalised_names
from tests.real_embedder import read_facts


def _people(sentence: str) -> list[str]:
    return [s.name for s in find_spans(sentence, [], Known()) if s.label == "Person"]


@pytest.mark.parametrize(
    ("sentence", "person"),
    [
        ("Ollie came home after four years in Lima", "Ollie"),  # a vocabulary word
        ("Marco got the job at the bakery on Fenn Street!!", "Marco"),
        ("Rosalind dumped her boyfriend yesterday", "Rosalind"),
        ("Ines just moved to Porto with her sister", "Ines"),
        # what one works as (round 22): a job head, or what one is at a named workplace
        ("Tomas is a nurse at the Royal Infirmary", "Tomas"),
        ("Kwabena has been a junior estimator at Harlow & Pike for three years", "Kwabena"),
    ],
)
def test_a_name_opening_a_line_before_a_persons_act_is_a_person(sentence: str, person: str) -> None:
    assert person in _people(sentence)


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("ollie came home last week", "Ollie came home last week"),
        ("ok so bea dumped fitz lol", "ok so Bea dumped Fitz lol"),
        ("marco got the job!! so proud", "Marco got the job!! so proud"),
        ("lol. tomasz is seeing someone new", "lol. Tomasz is seeing someone new"),
    ],
)
def test_texting_writes_the_opening_name_in_lower_case(line: str, written: str) -> None:
    assert capitalised_names(line) == written


@pytest.mark.parametrize(
    "line",
    [
        "work moved me to nights again",  # a thing of the lexicon
        "uni started again this week",  # "started": things start too
        "this works for me",  # a pronoun
        "moved to leeds last month",  # a line opening on its verb: the speaker's
        "traffic was awful today",  # no act of a person follows
        "netflix got a new show about chess",  # things get things: only a job is a person's
        "Leeds is a great place to live",  # no work told
        "Wimbledon is a tennis tournament in London",
    ],
)
def test_a_line_opening_on_a_thing_or_a_verb_names_no_one(line: str) -> None:
    assert capitalised_names(line).split()[0] == line.split()[0]
    assert _people(line) == []


@pytest.mark.local_model
def test_a_friends_new_job_texted_in_lower_case_is_the_friends() -> None:
    facts = read_facts(["Mira: marco got the job at deloitte!! so happy for him"])
    assert ("Marco", "WORKS_AT", "Deloitte", False) in facts
    assert not any(f[0] == "Mira" and f[1] == "WORKS_AT" for f in facts)


@pytest.mark.local_model
def test_a_friends_home_texted_in_lower_case_is_the_friends() -> None:
    facts = read_facts(["Priya: ok so ollie moved to leeds in march. he loves it"])
    assert ("Ollie", "LIVES_IN", "Leeds", False) in facts
    assert not any(f[0] == "Priya" and f[1] == "LIVES_IN" for f in facts)


@pytest.mark.local_model
def test_a_formal_letter_opening_on_a_colleagues_name_gives_her_home() -> None:
    facts = read_facts(
        ["Dear Mr Okoye, Farida lives in Harrogate and works as our senior analyst."]
    )
    assert ("Farida", "LIVES_IN", "Harrogate", False) in facts


@pytest.mark.local_model
def test_a_friends_home_read_as_chat_goes_to_the_friend_named_first() -> None:
    # the learned reader reads the line as the speaker's chat; the act after the name
    # says whose it is, and the friend's fact stands for the speaker's mention of her
    facts = read_facts(["Priya: soraya lives like ten minutes from me in croydon"])
    assert ("Soraya", "LIVES_IN", "Croydon", False) in facts
    assert not any(f[0] == "Priya" and f[1] == "LIVES_IN" for f in facts)
    assert ("Priya", "MENTIONED", "Soraya", False) not in facts


@pytest.mark.parametrize(
    ("sentence", "person"),
    [
        ("Will moved to Leeds last month", "Will"),  # a modal never takes "moved"
        ("May lives in Bristol now", "May"),  # nor does a month
    ],
)
def test_a_modal_or_a_month_before_a_tensed_act_is_a_name(sentence: str, person: str) -> None:
    assert person in _people(sentence)


@pytest.mark.parametrize(
    "line",
    ["Will move to Leeds next month?", "May was a busy month for us", "will call u later"],
)
def test_a_modal_or_a_month_in_its_own_sense_names_no_one(line: str) -> None:
    assert _people(line) == []
    assert capitalised_names(line.lower()).split()[0] == line.lower().split()[0]


@pytest.mark.local_model
def test_an_assistant_restating_a_friends_news_gives_it_to_the_friend() -> None:
    facts = read_facts(
        [
            "Priya: guess what, my cousin marco got the job at deloitte",
            "Assistant: Congratulations to him! So Marco works at Deloitte now.",
        ]
    )
    assert ("Marco", "WORKS_AT", "Deloitte", False) in facts
    assert not any(f[0] == "Priya" and f[1] == "WORKS_AT" for f in facts)


@pytest.mark.local_model
def test_a_chatty_story_about_a_cousin_gives_the_cousin_her_move() -> None:
    facts = read_facts(
        ["Lana: so my cousin is a mess rn lol. ines moved back to porto last week and she hates it"]
    )
    assert ("Ines", "LIVES_IN", "Porto", False) in facts
    assert not any(f[0] == "Lana" and f[1] == "LIVES_IN" for f in facts)


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Meet Zaatar, our new kitten!", "Zaatar"),
        ("Welcome Pudding to the family", "Pudding"),
        ("Ask Tom if he still wants the bike", "Tom"),
        ("Tell Maria I said hi", "Maria"),
        ("RIP Biscuit, best hamster ever", "Biscuit"),
    ],
)
def test_a_verb_opening_a_line_is_no_part_of_the_name_after_it(sentence: str, name: str) -> None:
    # an imperative or a greeting before a name ("Meet Zaatar") names the one after it: the
    # name read as "Meet Zaatar" was a pet no one has
    assert [s.name for s in find_spans(sentence, [], Known()) if s.named] == [name]
