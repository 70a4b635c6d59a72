"""The phone-texting voice: chat spellings, subjectless fragments and names in lower case.

People texting write "moved to tbilisi w/ my gf rn lol", "on lisinopril now", "jsut started
at quillfeather analytics". The rule extractor reads such a message like its written-out
form: abbreviations spelled out (``chat_spelling``), the first-person subject put back
(``texting``), names found by where they stand and capitalised (``chat_names``).
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.chat_names import capitalised_names
from chronomem.extractors.rules.normalise.chat_spelling import plain_spelling
from chronomem.extractors.rules.normalise.replies import answered_reply
from chronomem.extractors.rules.normalise.texting import with_subjects
from tests.rules_support import found, run
from tests.test_rules_states_memory import tell


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("moving in w/ my bf rn lol", "moving in with my boyfriend right now"),
        ("staying w my gran rn", "staying with my gran right now"),  # round 28
        ("jsut got teh keys tbh", "just got the keys"),
        ("ngl ur gonna love it bc its cheap", "you're gonna love it because its cheap"),
        ("new flat 🏠 3 wks ago", "new flat. 3 weeks ago"),
        ("so tired 😂😂", "so tired"),
        ("ENGAGED!!! she said yes", "engaged!!! she said yes"),  # shouted, not a name
        ("joined the CHURCH CHOIR", "joined the church choir"),
        # round 23: a dropped "g", never a word of its own ("Turin", "raisin", "cousin")
        ("workin the box office now", "working the box office now"),
        ("movin' out, nothin new", "moving out, nothing new"),
        ("livin in Turin with my cousin, raisin bread", "living in Turin with my cousin, "
         "raisin bread"),
    ],
)  # fmt: skip
def test_chat_spellings_are_written_out(text: str, plain: str) -> None:
    assert plain_spelling(text) == plain


@pytest.mark.parametrize(
    "text",
    [
        "Meet me at the ATM",  # an acronym in capitals
        "HR said no",
        "Model V is out",
        "£24/mo is fine",  # a unit after a slash
        "the NHS and the BBC",  # acronyms stay
        "I tore my ACL skiing",
    ],
)
def test_capitals_and_units_are_not_chat(text: str) -> None:
    assert plain_spelling(text) == text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("on lisinopril now", "I'm on lisinopril now"),
        ("been at the new firm since june", "I've been at the new firm since june"),
        ("update: gone fully vegan in may", "update: I've gone fully vegan in may"),  # r. 28
        ("diagnosed with asthma today", "I was diagnosed with asthma today"),
        ("allergic to shellfish", "I'm allergic to shellfish"),
        ("live in dundee now", "I live in dundee now"),
        ("I sold the fiesta, bought a yaris", "I sold the fiesta, I bought a yaris"),
        ("moved to tbilisi in may", "I moved to tbilisi in may"),
        ("still renting in leith", "I'm still renting in leith"),
        ("getting married in june!!", "I'm getting married in june!!"),  # a participle after
        ("sold the fiesta, bought a yaris", "I sold the fiesta, I bought a yaris"),
        ("Retired from the council in June.", "I'm retired from the council in June."),
        ("new job at a vet!! so happy", "I got a new job at a vet!! so happy"),
        ("I left the bank, new job at Arup", "I left the bank, I got a new job at Arup"),
        ("ugh flu again, day 3", "ugh I have flu again, day 3"),
        ("sorry been away", "sorry I've been away"),
        ("new manager is some guy called Jo", "my new manager is some guy called Jo"),
        ("Jo quit, new boss is Ravi", "Jo quit, my new boss is Ravi"),
        ("fiesta won't start again", "my fiesta won't start again"),
        ("pixel 7 died, got an iphone", "my pixel 7 died, I got an iphone"),
        ("I work at a lab", "I work at a lab"),
        ("knackered after the shift", "I'm knackered after the shift"),
        ("home from porto, shattered", "I'm home from porto, I'm shattered"),
        # round 29: a capitalised past tense opening a sentence is the writer's deed, before
        # a name too; an adverb opening one is no name
        ("Left Greenway, now I'm at Lakeside", "I left Greenway, now I'm at Lakeside"),
        ("Joined Peakline gym last week", "I joined Peakline gym last week"),
        ("Started running 5k every morning", "I started running 5k every morning"),
        ("Had salmon on Sunday", "I had salmon on Sunday"),
        ("Officially pescatarian now.", "I'm officially pescatarian now."),
        # news listed after a clause told of a third person is theirs
        ("she's in Lyon now, new job at a bistro", "she's in Lyon now, she got a new job at a "
         "bistro"),
    ],
)  # fmt: skip
def test_a_subjectless_opening_is_the_writer(text: str, said: str) -> None:
    assert with_subjects(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "in 2 weeks we'll see",  # a time, not a state
        "on the 12th at 4",
        "work was brutal today",  # a noun that is also a verb
        "date night with sam",
        "dentist on friday",
        "do you know a good vet?",  # a question
        "Wilfred has moved to a home",  # a name in -ed
        "Ted moved to Hull",
        "quit going to the lido",  # a habit given up: the habit reader's
        "swim lesson tomorrow at 8",
        "new year new me",
        "flu jab booked for friday",  # no illness of the writer's
        "cold today, brr",  # the weather
        "the flu is going around",
        "Tesla is recalling cars",  # a capitalised brand: the firm, not my car
        "camera club tonight",
        "into the semi final now!!",  # a round, no liking
        "freelancing is hard",  # a gerund as the subject
        "United Airlines lost my bag",  # a name in -ed before a name
        "Hung Nguyen is my manager",  # a past tense that is also a given name
        "Jared Kim moved to Oslo",
        "Still Waters is my favourite album",
        "training cancelled tonight",  # a gerund and its passive: the training is off
        "sailing cancelled. not going",
    ],
)
def test_openings_that_are_no_predicate_are_left_alone(text: str) -> None:
    assert with_subjects(text) == text


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("I started at quillfeather analytics", "Quillfeather Analytics"),
        ("I moved to tbilisi last spring", "Tbilisi"),
        ("I'm delivering for snackr now", "Snackr"),
        ("I got a parrot called mango", "Mango"),
        ("my gf odalys picked the film", "Odalys"),
        ("6 months with kofi today", "Kofi"),
        ("I quit brackwater media", "Brackwater Media"),
        ("marnie and I broke up", "Marnie"),
        ("selling the glasgow flat", "Glasgow"),
        ("truro is home now", "Truro"),
        ("pickle the hamster bit me", "Pickle"),
        ("my sister agnes she lives in hull now", "Agnes"),  # a name ending in -s
    ],
)
def test_a_lower_case_name_is_found_by_where_it_stands(text: str, named: str) -> None:
    assert named in capitalised_names(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm at home tonight",
        "stayed in bed all day",
        "I'm into it",
        "on it",
        "I work for a living",
        "I'm with my cousin",
        "fish with rice again",
        "my husband is allergic to dust",
        "my son turned out fine",
        "I quit sugar",
        "going to buy a kettle",
        "I'm at work",
        "the student flat is cold",
        "a shift at the food bank on sunday",  # "the" + a kind of place: no name
        "freelancing is hard",
        "my own place at last",
        "bp's back to normal at the last check",  # an adjective after "back to"
        "back to square one with the visa",
        # round 26: a verb of saying after a role noun, before the clause it takes
        "my daughter insists she's nearly a teenager",
        "honestly my grandad swears he can still do a cartwheel",
        # round 31: a learner's verb without its -s, before its object; a noun
        "my mother close her restaurant already",
        "my mother name is Thu",
    ],
)
def test_common_words_in_a_name_slot_stay_lower_case(text: str) -> None:
    assert capitalised_names(text) == text


def test_a_known_name_of_several_words_stands_for_its_first_word() -> None:
    said = capitalised_names("I'm at brackwater now", ["Brackwater Media"])
    assert said == "I'm at Brackwater Media now"


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Ines: jsut started at quillfeather analytics, commute is ok"],
         ("Ines", "WORKS_AT", "Quillfeather Analytics", False)),
        (["Ines: moved to tbilisi w/ my bf 🏠 loving it"],
         ("Ines", "LIVES_IN", "Tbilisi", False)),
        (["Ines: on lisinopril now, doc's orders"],
         ("Ines", "TAKES_MEDICATION", "lisinopril", False)),
        (["Ines: working at quillfeather analytics", "Ines: quit quillfeather lol, done w/ it"],
         ("Ines", "WORKS_AT", "Quillfeather Analytics", True)),
        (["Ines: been at brackwater media since march, its fine"],
         ("Ines", "WORKS_AT", "Brackwater Media", False)),
        (["Ines: I've been at Ostrander Freight for 3 years"],
         ("Ines", "WORKS_AT", "Ostrander Freight", False)),
        # round 28: "w" is "with", and "right now" is no part of what is liked
        (["Ines: obsessed w pistachio croissants rn"],
         ("Ines", "LIKES", "pistachio croissants", False)),
    ],
)  # fmt: skip
def test_the_texting_voice_gives_the_facts_of_its_written_out_form(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    assert fact in found(run(*turns))


@pytest.mark.parametrize(
    "turn",
    [
        "Ines: at home rn lol",
        "Ines: in bed w/ the flu 🤒",
        "Ines: into it tbh",
        "Ines: on it!",
    ],
)
def test_no_place_or_employer_from_a_bare_state(turn: str) -> None:
    facts = found(run(turn))
    assert not [f for f in facts if f[1] in ("LIVES_IN", "WORKS_AT", "MENTIONED")], facts


def test_a_hospital_one_has_been_at_is_no_employer() -> None:
    facts = found(run("Ines: mum's been at St Anne's Hospital since tuesday"))
    assert not [f for f in facts if f[1] == "WORKS_AT"], facts


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"),
    [
        (["Ines: working at quillfeather analytics, 2 yrs now",
          "Ines: quit quillfeather 🫡 jsut started at brackwater media"],
         ("Ines", "WORKS_AT", "Brackwater Media"), ("Ines", "WORKS_AT", "Quillfeather Analytics")),
        (["Ines: live in dundee w/ 2 flatmates", "Ines: moved to tbilisi!! 🇬🇪"],
         ("Ines", "LIVES_IN", "Tbilisi"), ("Ines", "LIVES_IN", "Dundee")),
    ],
)  # fmt: skip
def test_a_change_told_in_texting_closes_the_old_value(embedder, turns, current, closed):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    assert facts.get(current) is True, (current, facts)
    assert closed in facts and facts[closed] is False, (closed, facts)


@pytest.mark.parametrize(
    ("turn", "employer"),
    [
        ("Ines: lowkey hate my job at lidl", "Lidl"),
        ("Ines: I love my job at Ocado", "Ocado"),
        ("Ines: really enjoy my work at Arup", "Arup"),
    ],
)
def test_a_feeling_about_ones_job_somewhere_is_the_job_not_a_taste(
    turn: str, employer: str
) -> None:
    facts = found(run(turn))
    assert ("Ines", "WORKS_AT", employer, False) in facts, facts
    assert not [f for f in facts if f[1] in ("LOVES", "HATES", "ENJOYS")], facts


@pytest.mark.parametrize(
    ("question", "reply", "said"),
    [
        ("Are you still in Leith?", "yep, since 2019", "I'm still in Leith, since 2019"),
        ("Do you still drive the Fiesta?", "yeah", "I still drive the Fiesta."),
        ("Still volunteering at Oxfam?", "yup!", "I'm still volunteering at Oxfam."),
        ("Do you still have the Yaris?", "nope sold it in may", "I sold the Yaris in may"),
        ("Are you still at Tesco?", "no, left in june", "I left Tesco in june"),
        ("Are you still at Tesco?", "nah, moved on", "I'm no longer at Tesco, moved on"),
        ("Do you still own a bike?", "no", "I don't own a bike anymore."),
        # a statement with a tag: a yes makes it the user's own
        ("Nice! So you've swapped Leith for Dundee, right?", "yep",
         "I've swapped Leith for Dundee."),
        ("To confirm: your new job is at Ocado, correct?", "yes, since june",
         "my new job is at Ocado, since june"),
        ("So you're vegan now, right?", "yup 🌱", "I'm vegan now 🌱"),
        # round 29: the statement, then a question of its own asking whether it still holds
        ("Welcome back! Last time you said you're a vet nurse in Galway. Is that all still "
         "right?", "yep", "I'm a vet nurse in Galway."),
        ("You mentioned you live in Porto. Still the case?", "yes, still there",
         "I live in Porto, still there"),
        ("Congratulations! Will you move to Budapest?", "Yes, found a flat in District XIII",
         "I will move to Budapest, found a flat in District XIII"),
        ("Will you keep your flat in Leeds?", "no", "I won't keep my flat in Leeds."),
        # round 31: whom the assistant asks about in a role, told by a yes or by the role
        ("I'm sorry. Is Cormac your partner?", "boyfriend, 5 years",
         "Cormac is my boyfriend, 5 years"),
        ("Is Dana your sister?", "yep, older one", "Dana is my sister, older one"),
        # round 38: a question asking for one of the user's values, answered by a bare phrase
        ("Sure. Who's the new team lead?", "Ville Korhonen. from today",
         "My new team lead is Ville Korhonen. from today"),
        ("What's your job right now?", "night porter", "I work as a night porter"),
        ("Nice. What do you do now?", "interior designer, mostly kitchens",
         "I work as an interior designer, mostly kitchens"),
        ("Where are you working now?", "tesco. since like 2 weeks",
         "I work at tesco. since like 2 weeks"),
        ("What's your favourite track?", "Lantern Street prob",
         "My favourite track is Lantern Street prob"),
        ("Who's your GP now?", "dr okafor", "My gp is dr okafor"),
        # round 40: a value asked of the past is the one held before
        ("When did you leave? Where were you working?", "gift shop. mt rushmore",
         "I used to work at gift shop. mt rushmore"),
        ("Where did you live before?", "Rapid City. with my aunt",
         "I used to live in Rapid City. with my aunt"),
    ],
)  # fmt: skip
def test_a_yes_or_no_is_the_statement_it_answers(question: str, reply: str, said: str) -> None:
    assert answered_reply(reply, question) == said


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Want a packing checklist?", "yes please"),  # an offer, not a fact
        ("How are you feeling?", "yeah good"),  # no yes/no question about a state
        ("Are you still at Tesco? Anything else?", "no"),  # the turn ends on another question
        ("Are you still at Tesco?", "honestly it's complicated"),  # no yes or no
        (None, "yep, since march"),  # no question before
        ("So you've swapped Leith for Dundee, right?", "nope"),  # a no says what is not so
        ("The weather's lovely today, right?", "yes"),  # a tag about no "you"
        ("You said you work at Acme. Has anything changed?", "yes"),  # a yes to a change
        ("You said you work at Acme. Is that still right?", "no"),  # a no confirms nothing
        ("Is Cormac your partner?", "no, just a friend from work"),  # no role of his told
        ("Is Monzo your bank?", "yep"),  # no role a person holds
        ("What's your job right now?", "i work nights at the hotel"),  # a sentence of its own
        ("Where are you off to?", "Portugal probably"),  # a trip is nowhere one lives
        ("Where are you relocating to?", "Cape Town"),  # a move ahead is no home yet
        ("Where do you live now?", "Up the hill to Mossgiel Street"),  # a way, not a place
        ("Who's the offer from and what's the role?", "Kusko Medevac. pilot"),  # an offer
        ("What's your job right now?", "Kusko Medevac"),  # a name is no title
        ("Who's your bias?", "felix obvs"),  # no role a table knows
        ("Where do you live now?", "not sure yet"),  # no value
        ("Who's the new team lead? And when?", "Ville"),  # the turn ends on another question
    ],
)
def test_other_replies_are_left_alone(question: str | None, reply: str) -> None:
    assert answered_reply(reply, question) == reply


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Ines: Assistant, my bike broke", "Assistant: Do you still have the Raleigh?",
          "Ines: nope sold it last month"], ("Ines", "OWNS", "Raleigh", True)),
        (["Ines: long shift at the deli", "Assistant: Are you still working at Marlowe Deli?",
          "Ines: yep, since april"], ("Ines", "WORKS_AT", "Marlowe Deli", False)),
        (["Ines: delivering for snackr now, its ok"], ("Ines", "WORKS_AT", "Snackr", False)),
        (["Ines: GOT INTO THE CHAMBER CHOIR!!! 🎶"], ("Ines", "MEMBER_OF", "chamber choir", False)),
        (["Ines: got picked for the county team"], ("Ines", "MEMBER_OF", "county team", False)),
        (["Ines: got engaged to tomasz last night!!! 💍"], ("Ines", "DATING", "Tomasz", False)),
        (["Ines: my boss jill quit, new boss is ravi"], ("Ines", "MANAGED_BY", "Ravi", False)),
        (["Ines: hired as a junior dev at wise!! start monday"],
         ("Ines", "WORKS_AT", "Wise", False)),
        (["Ines: quit the office job at deloitte"], ("Ines", "WORKS_AT", "Deloitte", True)),
        (["Ines: corolla needs new tyres again"], ("Ines", "DRIVES", "corolla", False)),
        (["Ines: temping for Hays at the moment"], ("Ines", "WORKS_AT", "Hays", False)),
        (["Ines: need an email to my new team lead", "Assistant: Sure. Who's the new team lead?",
          "Ines: Ville Korhonen. from today"], ("Ines", "MANAGED_BY", "Ville Korhonen", False)),
        (["Ines: can you help with my cv", "Assistant: Of course. What's your job right now?",
          "Ines: night porter"], ("Ines", "HAS_JOB_TITLE", "night porter", False)),
        (["Ines: can I get unemployment if I quit", "Assistant: Where were you working?",
          "Ines: Harbour Deli. till august"], ("Ines", "WORKS_AT", "Harbour Deli", True)),
    ],
)  # fmt: skip
def test_a_reply_and_work_for_a_firm_give_their_facts(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    assert fact in found(run(*turns))


def test_cooking_for_a_friend_is_no_job() -> None:
    facts = found(run("Ines: I'm cooking for Anna tonight"))
    assert not [f for f in facts if f[1] == "WORKS_AT"], facts


@pytest.mark.local_model
def test_a_yes_to_a_recalled_statement_gives_all_its_facts(embedder):  # type: ignore[no-untyped-def]
    """Round 29: the learned reader reads the user's "yep" as the statement it confirms, so
    what only the reader reads (a home, a pet told with "with a ... called") is the user's."""
    facts = tell(
        embedder,
        "Assistant: Welcome back! Last time you said you're a vet nurse in Galway with a "
        "greyhound called Pepper. Is that all still right?",
        "Saoirse: yep",
    )
    for fact in [("Saoirse", "HAS_JOB_TITLE", "vet nurse"), ("Saoirse", "LIVES_IN", "Galway"),
                 ("Saoirse", "HAS_PET", "Pepper")]:  # fmt: skip
        assert facts.get(fact) is True, (fact, facts)


@pytest.mark.local_model
def test_a_recalled_statement_left_unanswered_is_nobodys_fact(embedder):  # type: ignore[no-untyped-def]
    facts = tell(
        embedder,
        "Assistant: Last time you said you're a vet nurse in Galway. Is that all still right?",
        "Saoirse: hmm let me think about how to put it",
    )
    assert not [f for f in facts if f[0] == "Saoirse" and f[2] in ("Galway", "vet nurse")], facts
