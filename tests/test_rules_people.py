"""RuleExtractor on third persons, corrections, assistant turns and plans in everyday chat.

Each case is one or more turns; the last is extracted with the others as previous turns, and
names a fact it must find (source, relation, target, ended) or must not find.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, lost, run

# A person introduced by a plain noun before the name is the object.
INTRODUCED = [
    (
        ["Ana: my brother Luis is going out with this woman Marta"],
        ("Luis", "DATING", "Marta", False),
    ),
    (["Ana: my cousin Teo married a girl called Ines"], ("Teo", "MARRIED_TO", "Ines", False)),
    (["Ana: I'm dating someone named Oskar"], ("Ana", "DATING", "Oskar", False)),
    # round 23: "seeing" someone, the name after a comma (no one called by name)
    (
        ["Ana: since September I have been seeing someone, Clara Weiss, she is lovely"],
        ("Ana", "DATING", "Clara Weiss", False),
    ),
    (["Ana: I've been seeing someone, Clara Weiss"], ("Ana", "DATING", "Clara Weiss", False)),
    (
        ["Ana: my dad got remarried to a lady named Gloria"],
        ("Ana's dad", "MARRIED_TO", "Gloria", False),
    ),
]

# Two people named together as the subject of a tie between them.
PAIRS = [
    (
        ["Kim: my neighbour Paul is married to Rosa", "Kim: paul and rosa are separated now"],
        ("Paul", "MARRIED_TO", "Rosa", True),
    ),
    (
        ["Kim: my sister Nora is dating Felix", "Kim: Nora and Felix split up last week"],
        ("Nora", "DATING", "Felix", True),
    ),
    (["Kim: guess what, Hugo and Lena got engaged!!"], ("Hugo", "ENGAGED_TO", "Lena", False)),
    (
        ["Kim: so Omar and Sadie finally got married in June"],
        ("Omar", "MARRIED_TO", "Sadie", False),
    ),
]

# "he"/"she" skip a person the conversation marked as of the other gender.
PRONOUNS = [
    (
        [
            "Jo: my son Eli is dating this girl Priya",
            "Jo: eli and priya broke up, he's with Dana now",
        ],
        ("Eli", "DATING", "Priya", True),
    ),
    (
        ["Jo: my aunt Vera and her husband Karl moved to Oslo. she works at Equinor"],
        ("Vera", "WORKS_AT", "Equinor", False),
    ),
    (
        ["Jo: my uncle Sal is married to Bea", "Jo: uncle sal and bea divorced, he moved to Reno"],
        ("Sal", "LIVES_IN", "Reno", False),
    ),
]

# A move that continues what the subject held: a transfer, a return to an old employer.
CONTINUED = [
    (
        ["Lu: my daughter Mei goes to college at Rutgers", "Lu: Mei transferred to Cornell"],
        ("Mei", "STUDIES_AT", "Cornell", False),
    ),
    (
        ["Lu: my husband Dev works at Intel", "Lu: Dev is transferring to Nvidia next month"],
        ("Dev", "WORKS_AT", "Nvidia", False),
    ),
    (["Lu: I'm back at Deloitte, same desk lol"], ("Lu", "WORKS_AT", "Deloitte", False)),
    (
        ["Lu: my brother Sami quit Pfizer", "Lu: he's back at his old job at Pfizer already"],
        ("Sami", "WORKS_AT", "Pfizer", False),
    ),
]

# Who runs a team, said of a third person.
LEADERS = [
    (["Lu: Marcus runs the design team"], ("Marcus", "LEADS", "design team", False)),
    (["Lu: apparently Ingrid heads the sales team now"], ("Ingrid", "LEADS", "sales team", False)),
]

# Corrections said beside the right value, or restating the wrong one with a qualifier.
CORRECTED = [
    pytest.param(
        [
            "Ola: I'm a line cook at Nando's",
            "Ola: I'm a sous chef, not a line cook, big difference",
        ],
        ("Ola", "HAS_JOB_TITLE", "line cook", True),
        marks=lost("denials"),
    ),
    pytest.param(
        ["Ola: I work at Lyft", "Ola: I work at Uber now, not Lyft"],
        ("Ola", "WORKS_AT", "Lyft", True),
        marks=lost("denials"),
    ),
    (
        ["Ola: we live in Springfield, Illinois", "Ola: oops I meant Springfield, Missouri"],
        ("Ola", "LIVES_IN", "Springfield", True),
    ),
    (
        ["Ola: we live in Springfield, Illinois", "Ola: oops I meant Springfield, Missouri"],
        ("Ola", "LIVES_IN", "Springfield, Missouri", False),
    ),
    # a later clause of a sentence is read like its first ("we're still in X")
    (
        ["Ola: I live in Cork", "Ola: the Dublin flat fell through, so I'm still in Cork"],
        ("Ola", "LIVES_IN", "Cork", False),
    ),
]
# A tie that ended, said by calling the person an ex; a new partner named after the news.
PARTNERS = [
    (["Ty: I'm dating Noor", "Ty: my ex Noor just texted me lol"], ("Ty", "DATING", "Noor", True)),
    (
        ["Ty: my wife Gemma is a vet", "Ty: my ex-wife Gemma got the house"],
        ("Ty", "MARRIED_TO", "Gemma", True),
    ),
    (["Ty: Aiden is my ex-boyfriend, long story"], ("Ty", "DATING", "Aiden", True)),
    (
        ["Ty: so I'm seeing someone!! her name is Lucia, we met at salsa class"],
        ("Ty", "DATING", "Lucia", False),
    ),
    (
        ["Ty: I have a new boyfriend. his name's Mateo and he's a nurse"],
        ("Ty", "DATING", "Mateo", False),
    ),
]
# What an assistant's turn states about the user and the user's people.
ASSISTANT = [
    (
        ["Rui: I'm a teacher", "Assistant: Since you teach at Brookfield Academy, try this."],
        ("Rui", "WORKS_AT", "Brookfield Academy", False),
    ),
    (
        [
            "Rui: ideas for my wife?",
            "Assistant: As your wife Tessa loves gardening, get her gloves.",
        ],
        ("Tessa", "LOVES", "gardening", False),
    ),
    # a verb after ", then" shares the subject of the clause before
    (["Rui: I left Accenture in May, then joined Infosys"], ("Rui", "WORKS_AT", "Infosys", False)),
    # a school is an employer when the verb says work
    (
        ["Rui: I work at Maple Grove Elementary School"],
        ("Rui", "WORKS_AT", "Maple Grove Elementary School", False),
    ),
]
# A retirement is a title as well as a job ended; a degree started is studies there; a
# verbless line can end a diet.
STATUS = [
    (
        ["Ana: my grandpa retired from Boeing in March"],
        ("Ana's grandfather", "HAS_JOB_TITLE", "retired", False),
    ),
    (
        ["Ana: my grandpa retired from Boeing in March"],
        ("Ana's grandfather", "WORKS_AT", "Boeing", True),
    ),
    (
        ["Ana: I finished my BA at Leeds and started a master's at Edinburgh"],
        ("Ana", "STUDIES_AT", "Edinburgh", False),
    ),
    (
        ["Ana: doing a PhD in chemistry at ETH Zurich now"],
        ("Ana", "STUDIES_AT", "ETH Zurich", False),
    ),
    # being at a university or a college is studying there; at a firm, working there
    (
        ["Ana: so my son Tiago is at Porto Polytechnic University now"],
        ("Tiago", "STUDIES_AT", "Porto Polytechnic University", False),
    ),
    (
        ["Ana: my daughter is at Fernhill College"],
        ("Ana's daughter", "STUDIES_AT", "Fernhill College", False),
    ),
    (["Ana: I'm at Deloitte now"], ("Ana", "WORKS_AT", "Deloitte", False)),
    (["Ana: welp, no longer vegetarian. bacon won"], ("Ana", "FOLLOWS_DIET", "vegetarian", True)),
    (["Ana: not keto anymore lol"], ("Ana", "FOLLOWS_DIET", "keto", True)),
    # an engagement called off by the pair; a new job congratulated; a correction naming the
    # wrong value by its last word
    (
        ["Ana: my cousin Bo is engaged to Lise", "Ana: Bo and Lise broke off the engagement"],
        ("Bo", "DATING", "Lise", True),
    ),
    (
        ["Ana: I work at Siemens", "Assistant: Congrats on starting at Bosch on Monday!"],
        ("Ana", "WORKS_AT", "Bosch", False),
    ),
    (
        ["Ana: I drive a Toyota Corolla", "Ana: correction: it's a Toyota Camry, not a Corolla"],
        ("Ana", "DRIVES", "Toyota Corolla", True),
    ),
]
ASSERTED = (
    INTRODUCED + PAIRS + PRONOUNS + CONTINUED + LEADERS + CORRECTED + PARTNERS + ASSISTANT + STATUS
)


@pytest.mark.parametrize(("turns", "expected"), ASSERTED)
def test_third_person_ties(turns: list[str], expected: tuple[str, str, str, bool]) -> None:
    assert expected in found(run(*turns))


@pytest.mark.parametrize(
    ("turns", "unexpected"),
    [
        # a pair that shares a plain activity is no tie between them
        (["Kim: Hugo and Lena went hiking"], ("Hugo", "DATING", "Lena")),
        # seeing someone for an appointment or an evening is no partner
        (["Kim: I'm seeing Dr Osei about my knee on Monday"], ("Kim", "DATING", "Dr Osei")),
        (["Kim: I'm seeing Jonah Price later, want to come?"], ("Kim", "DATING", "Jonah Price")),
        # a transfer with nothing told before asserts no school or job
        (["Lu: Tom transferred to Denver"], ("Tom", "STUDIES_AT", "Denver")),
        (["Lu: Tom transferred to Denver"], ("Tom", "WORKS_AT", "Denver")),
        # someone met and named is no partner without the news of one
        (["Ty: met a guy at the conference, his name is Bruno"], ("Ty", "DATING", "Bruno")),
        # "his name is Mateo and he's a nurse": "he" is the one just named
        (
            [
                "Ty: my bf Jake is a chef",
                "Ty: we broke up. new boyfriend! his name's Mateo, he's a nurse",
            ],
            ("Jake", "HAS_JOB_TITLE", "nurse"),
        ),
        # retiring a thing is no retirement
        (["Ana: I retired my old laptop"], ("Ana", "HAS_JOB_TITLE", "retired")),
        # "not vegan, just vegetarian" denies nothing told, ends nothing
        (["Ana: not vegan, just vegetarian"], ("Ana", "FOLLOWS_DIET", "vegan")),
        # applying for a job is no job
        (["Rui: I applied for the job at Deloitte"], ("Rui", "WORKS_AT", "Deloitte")),
        # going to a school is no job there
        (
            ["Rui: my son goes to Maple Grove Elementary School"],
            ("Rui's son", "WORKS_AT", "Maple Grove Elementary School"),
        ),
        # an assistant's general advice about a stranger is no fact of the user's life
        (
            ["Rui: tips?", "Assistant: Marie Kondo loves tidying, and you could try her method."],
            ("Marie Kondo", "LOVES", "tidying"),
        ),
        # a value denied that no one told ends nothing
        (["Ola: I'm a nurse, not a doctor"], ("Ola", "HAS_JOB_TITLE", "doctor")),
        # "he" is not the woman met last
        (
            ["Jo: my son Eli is dating this girl Priya", "Jo: he's moving to Leeds"],
            ("Priya", "LIVES_IN", "Leeds"),
        ),
    ],
)
def test_no_tie_invented(turns: list[str], unexpected: tuple[str, str, str]) -> None:
    assert unexpected not in {f[:3] for f in found(run(*turns))}


def _plans(*turns: str) -> list[tuple[str, bool, str | None]]:
    """(plan or place, ended, day) of every HAS_PLAN and VISITED fact of the last turn."""
    return [
        (f.target, f.invalid_at is not None, f.valid_at.date().isoformat() if f.valid_at else None)
        for f in run(*turns).facts
        if f.relation in ("HAS_PLAN", "VISITED")
    ]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a plan named again by its head word keeps the name told before
        (
            [
                "Mo: vet appointment for the cat on Wednesday",
                "Mo: they moved my appointment to Friday",
            ],
            ("vet appointment", False, "2024-01-19"),
        ),
        # a plan called off ends the told one
        (
            [
                "Mo: hosting a dinner party on Saturday!",
                "Mo: dinner party is off, half the guests are sick",
            ],
            ("dinner party", True, None),
        ),
        (
            [
                "Mo: we booked a beach trip for next weekend",
                "Mo: we called off the trip, too expensive",
            ],
            ("beach trip", True, None),
        ),
        # a plan called off by a word of its name
        (
            ["Mo: got a vet appointment next Tuesday", "Mo: had to cancel the vet, will rebook"],
            ("vet appointment", True, None),
        ),
        # a trip called off ends the visit told ahead
        (
            ["Mo: flying to Lisbon on the 20th", "Mo: the trip is off, work exploded"],
            ("Lisbon", True, None),
        ),
        # a progressive of arrangement with a bare weekday looks ahead
        (
            ["Mo: throwing a housewarming party on Saturday"],
            ("housewarming party", False, "2024-01-20"),
        ),
        # an arrangement dated ahead, with no other fact, is a plan
        (["Mo: seeing the orthodontist on Thursday"], ("seeing orthodontist", False, "2024-01-18")),
        (["Mo: having brunch with Keiko tomorrow"], ("having brunch", False, "2024-01-16")),
        # an assistant's "for your flight to X on Friday" is the user's plan
        (
            ["Mo: what to pack?", "Assistant: For your flight to Oslo on Friday, bring layers."],
            ("flight", False, "2024-01-19"),
        ),
    ],
)
def test_plans(turns: list[str], expected: tuple[str, bool, str | None]) -> None:
    assert expected in _plans(*turns)


@pytest.mark.parametrize(
    "turns",
    [
        ["Mo: I met my landlord yesterday"],  # a past meeting is no plan
        ["Mo: seeing it tomorrow lol"],  # no object worth a plan
        ["Mo: the party was fun"],  # nothing called off
    ],
)
def test_no_plan_invented(turns: list[str]) -> None:
    assert _plans(*turns) == []
