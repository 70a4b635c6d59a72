"""Jobs, titles, roles and memberships in everyday chat: the phrasings that change who one
works for, what one's title is, who holds a role, which club or plan one is in.

Extractor cases name the fact they expect as (source, relation, target, ended); the memory
stories run on the default path (rule extractor, real embedder) and check what is closed.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, run, values
from tests.test_rules_states_memory import tell

CASES = [
    # a team's lead, said by a colleague: only people lead, run or head a team
    (["Mo: Priya runs our infra team"], ("Priya", "LEADS", "infra team", False)),
    (["Mo: Jonas heads the design team these days"], ("Jonas", "LEADS", "design team", False)),
    (["Mo: Kemal is the new head of the sales team"], ("Kemal", "LEADS", "sales team", False)),
    # a role written as a label, or named through what it is
    (["Mo: new boss: Harriet. she seems fine"], ("Mo", "MANAGED_BY", "Harriet", False)),
    (["Mo: current dentist: Dr. Novak"], ("Mo", "ROLE_HELD_BY", "Dr. Novak", False)),
    (
        ["Mo: my trainer is a guy called Rashid, he's brutal"],
        ("Mo", "ROLE_HELD_BY", "Rashid", False),
    ),
    (
        ["Mo: our landlord is now some firm named Keystone Homes"],
        ("Mo", "ROLE_HELD_BY", "Keystone Homes", False),
    ),
    # a manager named in apposition to a role
    (
        ["Mo: these days I report to my manager's boss, Ingrid"],
        ("Mo", "MANAGED_BY", "Ingrid", False),
    ),
    # a title said as "my title/role is"
    (["Mo: my title is senior analyst now"], ("Mo", "HAS_JOB_TITLE", "senior analyst", False)),
    (["Mo: my new role is lead designer"], ("Mo", "HAS_JOB_TITLE", "lead designer", False)),
    (
        ["Mo: my official position is staff engineer"],
        ("Mo", "HAS_JOB_TITLE", "staff engineer", False),
    ),
    # the employer after a team between title and company
    (
        ["Mo: I'm a data engineer on the growth team at Zalando"],
        ("Mo", "WORKS_AT", "Zalando", False),
    ),
    (["Mo: I'm a nurse in the cardiology department at Mercy"], ("Mo", "WORKS_AT", "Mercy", False)),
    # names with an abbreviation or a possessive inside
    (["Mo: I'm a nurse at St. Luke's Hospital"], ("Mo", "WORKS_AT", "St. Luke's Hospital", False)),
    # a capitalised common word after "at" is the employer's name
    (["Mo: I'm at Indeed now, started in May"], ("Mo", "WORKS_AT", "Indeed", False)),
    (["Mo: got a job at Best Buy!"], ("Mo", "WORKS_AT", "Best Buy", False)),
    # round 23: the post held, between the verb and the employer
    (
        ["Mo: workin the box office at the orpheum cinema now"],
        ("Mo", "WORKS_AT", "orpheum cinema", False),
    ),
    (["Mo: I work the front desk at Hotel Arlo"], ("Mo", "WORKS_AT", "Hotel Arlo", False)),
    # the last day somewhere ends the job there
    (["Mo: my last shift at Costco was on Saturday"], ("Mo", "WORKS_AT", "Costco", True)),
    (["Mo: today was my final day with Deloitte"], ("Mo", "WORKS_AT", "Deloitte", True)),
    # round 23: a kind of shift, and where in the place, between "last" and the employer
    (
        ["Mo: that was my LAST night shift on ward 7 at St Brennock's. ever"],
        ("Mo", "WORKS_AT", "St Brennock's", True),
    ),
    # a post in a department is a job
    (["Mo: I'm at Siemens, in the finance department"], ("Mo", "WORKS_AT", "Siemens", False)),
    # the job named before or after the word "job"
    (["Mo: my job at walmart is exhausting"], ("Mo", "WORKS_AT", "Walmart", False)),
    (["Mo: the new job at Figma is great so far"], ("Mo", "WORKS_AT", "Figma", False)),
    (["Mo: got the Netflix internship!!"], ("Mo", "WORKS_AT", "Netflix", False)),
    (["Mo: landed the amazon warehouse gig"], ("Mo", "WORKS_AT", "Amazon", False)),
    # a workplace named after a comma
    (["Mo: working at a coffee shop now, Blue Bottle"], ("Mo", "WORKS_AT", "Blue Bottle", False)),
    (
        ["Mo: I work at a tiny startup, Lumen, mostly backend"],
        ("Mo", "WORKS_AT", "Lumen", False),
    ),
    # a name met before, called by a shorter name
    (
        ["Mo: I'm a member of the Northside Book Club", "Mo: left the book club last week"],
        ("Mo", "MEMBER_OF", "Northside Book Club", True),
    ),
    (
        ["Mo: we go to the JCC on weekends", "Mo: cancelled the J, too pricey"],
        ("Mo", "MENTIONED", "JCC", True),
    ),
    # a chat line that opens on a negation speaks of the speaker
    (
        [
            "Mo: I'm a member of the Hillside Tennis Club",
            "Mo: no longer a member of the tennis club lol",
        ],
        ("Mo", "MEMBER_OF", "Hillside Tennis Club", True),
    ),
    # signing up somewhere named
    (["Mo: signed up at Crunch Fitness yesterday"], ("Mo", "MEMBER_OF", "Crunch Fitness", False)),
    # working for oneself
    (
        ["Mo: I'm self-employed now, doing bookkeeping"],
        ("Mo", "HAS_JOB_TITLE", "freelancer", False),
    ),
    (["Mo: quit freelancing last spring"], ("Mo", "HAS_JOB_TITLE", "freelancer", True)),
    # a home with people, for now
    (
        ["Mo: crashing with a buddy in Leeds until I find a flat"],
        ("Mo", "LIVES_IN", "Leeds", False),
    ),
    (["Mo: living with my girlfriend in Lisbon now"], ("Mo", "LIVES_IN", "Lisbon", False)),
    # round 23: the home's street between its kind and its town
    (
        ["Mo: I live in a studio on Via Pordoi in Bolzano, tiny but mine"],
        ("Mo", "LIVES_IN", "Bolzano", False),
    ),
    # a job offer taken, the company named beside the offer
    (["Mo: Stripe made me an offer and I accepted it"], ("Mo", "WORKS_AT", "Stripe", False)),
    (["Mo: Figma upped their offer, so I took it"], ("Mo", "WORKS_AT", "Figma", False)),
    (["Mo: I accepted Canva's offer!"], ("Mo", "WORKS_AT", "Canva", False)),
    # a known company one leaves for is the new employer
    (["Mo: Priya left us for Stripe last month"], ("Priya", "WORKS_AT", "Stripe", False)),
    (["Mo: my colleague Jonas is leaving for Google"], ("Jonas", "WORKS_AT", "Google", False)),
    # more everyday forms of a job, a role and a membership
    (["Mo: my new employer is Netflix"], ("Mo", "WORKS_AT", "Netflix", False)),
    # round 24: a first day "in" a company as "at" it (a first day in a town is none)
    (
        ["Mo: today is my first day in Seoyeon Textiles"],
        ("Mo", "WORKS_AT", "Seoyeon Textiles", False),
    ),
    (["Mo: I now work remotely for Shopify"], ("Mo", "WORKS_AT", "Shopify", False)),
    (["Mo: I work for myself now"], ("Mo", "HAS_JOB_TITLE", "freelancer", False)),
    (["Mo: I got a new boss, Karen"], ("Mo", "MANAGED_BY", "Karen", False)),
    (["Mo: we have a new landlord named Mr. Lee"], ("Mo", "ROLE_HELD_BY", "Mr. Lee", False)),
    (["Mo: Priya took over as team lead"], ("Priya", "LEADS", "Mo's team", False)),
    (["Mo: I joined Planet Fitness"], ("Mo", "MEMBER_OF", "Planet Fitness", False)),
    (["Mo: renewed my Costco membership"], ("Mo", "MEMBER_OF", "Costco", False)),
    (["Mo: I'm in a book club with my neighbours"], ("Mo", "MEMBER_OF", "book club", False)),
    (["Mo: I'm not in the choir anymore"], ("Mo", "MEMBER_OF", "choir", True)),
    # slang for leaving
    (["Mo: dipped from Chipotle finally"], ("Mo", "MENTIONED", "Chipotle", True)),
    # a plan is named with its service
    (["Mo: I'm on the Dropbox Plus plan"], ("Mo", "SUBSCRIBED_TO_PLAN", "Dropbox Plus", False)),
    (["Mo: we have the Hulu Basic tier"], ("Mo", "SUBSCRIBED_TO_PLAN", "Hulu Basic", False)),
    (
        ["Mo: upgraded my Dropbox to Professional, needed the space"],
        ("Mo", "SUBSCRIBED_TO_PLAN", "Dropbox Professional", False),
    ),
    (
        ["Mo: bumped our Peacock up to Premium Plus"],
        ("Mo", "SUBSCRIBED_TO_PLAN", "Peacock Premium Plus", False),
    ),
]


@pytest.mark.parametrize(("turns", "expected"), CASES, ids=[values(c)[0][-1][:60] for c in CASES])
def test_work_and_role_facts(turns: list[str], expected: tuple[str, str, str, bool]) -> None:
    assert expected in found(run(*turns))


def test_the_employer_fact_does_not_repeat_the_title() -> None:
    """A promotion closes the title; the employer fact that stays true must not carry it."""
    facts = run("Mo: I'm a junior accountant at KPMG").facts
    works = [f for f in facts if f.relation == "WORKS_AT"]
    assert [f.fact for f in works] == ["Mo works at KPMG"]
    # a state told with its length in the simple past is over (``text/past_states.py``): the
    # employer and the title held then both end
    past = run("Mo: I was a waiter at Olive Garden for years").facts
    ended = {f.relation: f for f in past if f.invalid_at is not None}
    assert set(ended) == {"WORKS_AT", "HAS_JOB_TITLE"}
    assert ended["WORKS_AT"].target == "Olive Garden"


@pytest.mark.parametrize(
    "turn",
    [
        "Mo: I'm at Wembley with the team",
        "Mo: got a warehouse job",
        "Mo: I love my job",
        "Mo: my first day in London was chaos",
    ],
)
def test_no_employer_without_a_name(turn: str) -> None:
    assert not [f for f in run(turn).facts if f.relation == "WORKS_AT"]


def test_an_app_that_dipped_ends_nothing() -> None:
    assert not [f for f in run("Mo: my Hulu app dipped again").facts if f.invalid_at]


def test_a_short_name_needs_one_fit() -> None:
    """Two clubs met before: "the club" alone names neither, and one word never refers."""
    turns = ("Mo: I'm in the Northside Book Club and the Eastside Chess Club", "Mo: quit the club")
    ended = {f.target for f in run(*turns).facts if f.invalid_at is not None}
    assert not ended & {"Northside Book Club", "Eastside Chess Club"}


def test_an_ending_beside_a_new_fact_keeps_its_own_clause() -> None:
    """The ending merges into the old fact: its text must not name the new value."""
    facts = run("Mo: my coach is Gemma", "Mo: Gemma quit, my coach is Tomas now").facts
    ended = [f for f in facts if f.target == "Gemma" and f.invalid_at is not None]
    assert ended and all("Tomas" not in f.fact for f in ended)


@pytest.mark.parametrize(
    "turn",
    [
        "Mo: staying with friends in Rome for the weekend",
        "Mo: staying with my sister in Denver for a few days",
        "Mo: freelancing is hard",
        "Mo: Google made me an offer but I turned it down",
        "Mo: Zillow made an offer on the house and we took it",
        "Mo: my brother left for Tokyo yesterday",
        "Mo: Sara left for lunch",
    ],
)
def test_a_short_stay_or_a_remark_is_no_state(turn: str) -> None:
    states = ("LIVES_IN", "HAS_JOB_TITLE", "WORKS_AT")
    assert not [f for f in run(turn).facts if f.relation in states]


def test_a_person_in_a_role_is_not_owned() -> None:
    for turn in ("Mo: I got a new boss, Karen", "Mo: I got a new boyfriend"):
        assert not [f for f in run(turn).facts if f.relation == "OWNS"]


def test_someone_elses_job_or_errand_is_not_the_speakers() -> None:
    facts = run("Mo: My friend got the Google job").facts
    assert [(f.source, f.target) for f in facts if f.relation == "WORKS_AT"] == [
        ("Mo's friend", "Google")
    ]
    for turn in ("Mo: Dad left for Walmart an hour ago", "Mo: I'm in the city center right now"):
        assert not [f for f in run(turn).facts if f.relation in ("WORKS_AT", "MEMBER_OF")]


def test_a_gym_joined_is_no_job() -> None:
    assert not [f for f in run("Mo: I joined Planet Fitness").facts if f.relation == "WORKS_AT"]


def test_no_subscription_from_a_plan_of_action() -> None:
    for turn in ("Mo: we have a backup plan", "Mo: I have a game plan for Monday"):
        assert not [f for f in run(turn).facts if f.relation == "SUBSCRIBED_TO_PLAN"]


def test_each_item_of_a_list_has_its_own_text() -> None:
    facts = run("Mo: I pay for Crunchyroll, Audible and Tidal, it adds up").facts
    texts = {f.target: f.fact for f in facts if f.relation == "SUBSCRIBED_TO"}
    assert texts == {
        "Crunchyroll": "Mo pays for Crunchyroll",
        "Audible": "Mo pays for Audible",
        "Tidal": "Mo pays for Tidal",
    }


NOT_NAMES = [
    "Mo: thanks for Everything, really",
    "Mo: see you at Christmas!",
    "Mo: Indeed, that was a long day",
]


@pytest.mark.parametrize("turn", NOT_NAMES)
def test_common_words_stay_common(turn: str) -> None:
    assert not [f for f in run(turn).facts if f.relation != "MENTIONED"]
    assert "Indeed" not in {e.name for e in run(turn).entities} or "at" in turn


STORIES = [
    (["Mo: Priya runs our infra team", "Mo: Priya left. Omar is the new lead of the infra team"],
     [("Omar", "LEADS", "infra team")], [("Priya", "LEADS", "infra team")]),
    (["Mo: my boss is Harriet", "Mo: new boss: Gustavo. Harriet retired"],
     [("Mo", "MANAGED_BY", "Gustavo")], [("Mo", "MANAGED_BY", "Harriet")]),
    (["Mo: our landlord Mrs. Patel is lovely",
      "Mo: the flat was sold, our landlord is a company called Keystone now"],
     [("Mo", "ROLE_HELD_BY", "Keystone")], [("Mo", "ROLE_HELD_BY", "Mrs. Patel")]),
    (["Mo: I'm a data engineer on the growth team at Zalando",
      "Mo: switched tracks, my title is product owner now"],
     [("Mo", "HAS_JOB_TITLE", "product owner"), ("Mo", "WORKS_AT", "Zalando")],
     [("Mo", "HAS_JOB_TITLE", "data engineer")]),
    (["Mo: my job at walmart is exhausting",
      "Mo: finally dipped from walmart. working at a bike shop now, Spokes"],
     [("Mo", "WORKS_AT", "Spokes")], [("Mo", "WORKS_AT", "Walmart")]),
    (["Mo: I'm at Siemens, in the finance department", "Mo: my last day at Siemens was May 2nd"],
     [], [("Mo", "WORKS_AT", "Siemens")]),
    (["Mo: i'm freelancing, mostly logo work", "Mo: Canva hired me, so no more freelancing"],
     [("Mo", "WORKS_AT", "Canva")], [("Mo", "HAS_JOB_TITLE", "freelancer")]),
    (["Mo: I live in Leeds", "Mo: moved out of Leeds, I'm staying with my aunt in York for now"],
     [("Mo", "LIVES_IN", "York")], [("Mo", "LIVES_IN", "Leeds")]),
    (["Mo: I work at KPMG", "Mo: EY sweetened their offer and I took it"],
     [("Mo", "WORKS_AT", "EY")], [("Mo", "WORKS_AT", "KPMG")]),
    (["Mo: I go to the YMCA most mornings",
      "Mo: dropped the Y and signed up at Crunch Fitness instead"],
     [("Mo", "MEMBER_OF", "Crunch Fitness")], [("Mo", "HAS_HABIT", "YMCA")]),
    (["Mo: I'm on the Dropbox Plus plan", "Mo: upgraded my Dropbox to Professional"],
     [("Mo", "SUBSCRIBED_TO_PLAN", "Dropbox Professional")],
     [("Mo", "SUBSCRIBED_TO_PLAN", "Dropbox Plus")]),
    # one plan per service: a second service's plan closes nothing
    (["Mo: I'm on the Dropbox Plus plan", "Mo: we also have the Hulu Basic plan"],
     [("Mo", "SUBSCRIBED_TO_PLAN", "Dropbox Plus"), ("Mo", "SUBSCRIBED_TO_PLAN", "Hulu Basic")],
     []),
]  # fmt: skip


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"), STORIES, ids=[" | ".join(values(s)[0])[:70] for s in STORIES]
)
def test_a_new_holder_closes_the_old_one(embedder, turns, current, closed):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    for triple in current:
        assert facts.get(triple) is True, (triple, facts)
    for triple in closed:
        assert triple in facts and facts[triple] is False, (triple, facts)
