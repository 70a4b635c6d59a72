"""Facts about the people in the user's life: friends, kin, colleagues, told in the third
person ("my brother's back in Leeds", "she's over at Initech now", "Ali started as a welder
with Harland Steel"). Written for this test, not from any benchmark."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.contracted import written_out
from tests.rules_support import found, lost, run

# -- "'s" after a name: "is"/"has", or a possessive ----------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("nico's back in Turin, he missed it", "nico is back in Turin, he missed it"),
        ("my brother's at Deloitte now", "my brother is at Deloitte now"),
        ("Ana's been living in Oslo", "Ana has been living in Oslo"),
        ("so Maria's moving to Rome", "so Maria is moving to Rome"),
        ("my cousin Jo's a nurse now", "my cousin Jo is a nurse now"),
        # possessives and names of shops stay
        ("Tom's dog died", "Tom's dog died"),
        # someone's place after a preposition: no verb ("living at my nan's in Hove")
        ("living at my nan's in Hove for now", "living at my nan's in Hove for now"),
        ("off to my brother's in Leeds", "off to my brother's in Leeds"),
        ("my nan's in Hove this week", "my nan is in Hove this week"),
        ("Tom's back is sore", "Tom's back is sore"),
        ("Tom's wedding is in June", "Tom's wedding is in June"),
        ("lunch at McDonald's in Leeds", "lunch at McDonald's in Leeds"),
        ("shopping at Trader Joe's on Main", "shopping at Trader Joe's on Main"),
        ("it's a dog", "it's a dog"),
    ],
)
def test_a_contracted_is_after_a_name_is_written_out(text: str, expected: str) -> None:
    assert written_out(text) == expected


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            ["Ines: my brother Tomas lives in Leeds", "Ines: tomas's back in York, hated it"],
            ("Tomas", "LIVES_IN", "York", False),
        ),
        (
            ["Raj: my friend Ana works at Globex", "Raj: Ana's over at Initech now"],
            ("Ana", "WORKS_AT", "Initech", False),
        ),
        (
            ["Mo: my uncle Bertie's been living in Cádiz since May"],
            ("Bertie", "LIVES_IN", "Cádiz", False),
        ),
    ],
)
def test_a_third_person_told_with_s_gets_the_fact(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    assert fact in found(run(*turns))


def test_over_at_a_place_is_no_ending_of_the_person() -> None:
    facts = found(run("Raj: my friend Ana works at Globex", "Raj: she's over at Initech now"))
    assert ("Ana", "WORKS_AT", "Initech", False) in facts
    assert not any(ended and target == "Ana" for _, _, target, ended in facts)


# -- an employer after "with": "a violinist with the Vienna Symphony" -----------------------


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            [
                "Lea: my cousin Ilka plays the cello",
                "Lea: She just started as a cellist with the Oslo Philharmonic",
            ],
            ("Ilka", "WORKS_AT", "Oslo Philharmonic", False),
        ),
        (
            ["Sam: my neighbour Ali just started as a welder with Harland Steel, loves it"],
            ("Ali", "WORKS_AT", "Harland Steel", False),
        ),
        (
            ["Sam: Rosa is my sister. she is a paramedic with the Red Cross now"],
            ("Rosa", "WORKS_AT", "Red Cross", False),
        ),
    ],
)
def test_a_post_with_an_employer_is_a_job(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    assert fact in found(run(*turns))


@pytest.mark.parametrize(
    "text",
    [
        "Sam: I'm a developer with React experience now",
        "Sam: my sister is a teacher with two kids now",
        "Sam: I went hiking with Rosa, a nurse with Kaiser",  # no new post
    ],
)
def test_with_names_no_employer_without_a_post_or_a_name_ending_the_clause(text: str) -> None:
    assert not any(rel == "WORKS_AT" for _, rel, _, _ in found(run(text)))


# -- jobs at a workplace named by its kind, and retirements --------------------------------


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            ["Ola: my aunt Bea works at the pharmacy now"],
            ("Bea", "WORKS_AT", "pharmacy", False),
        ),
        (
            ["Ola: my brother Kwame works nights at the hospital"],
            ("Kwame", "WORKS_AT", "hospital", False),
        ),
        (
            ["Ola: my uncle Femi is here", "Ola: he just retired from the police after 25 years"],
            ("Femi", "WORKS_AT", "police", True),
        ),
        (["Ola: I quit the bakery last week"], ("Ola", "WORKS_AT", "bakery", True)),
    ],
)
def test_a_workplace_named_by_its_kind(turns: list[str], fact: tuple[str, str, str, bool]) -> None:
    assert fact in found(run(*turns))


@pytest.mark.parametrize(
    "text",
    ["Ola: we left the park at 5", "Ola: I work at the gym on my abs", "Ola: we quit the trail"],
)
def test_no_workplace_without_a_workplace_noun(text: str) -> None:
    assert not any(rel == "WORKS_AT" for _, rel, _, _ in found(run(text)))


@pytest.mark.parametrize(
    ("turns", "ended"),
    [
        (
            ["Pia: my mum Rut teaches at Elm Grove Primary", "Pia: mum retired in june!!"],
            ("Rut", "WORKS_AT", "Elm Grove Primary", True),
        ),
        (
            ["Pia: my dad Olli works at the post office", "Pia: Dad retired on friday, party time"],
            ("Olli", "WORKS_AT", "post office", True),
        ),
        (
            ["Pia: my aunt Lou works at Hanley Foods", "Pia: she finally retired last month"],
            ("Lou", "WORKS_AT", "Hanley Foods", True),
        ),
    ],
)
def test_a_retirement_ends_the_job_told_before(
    turns: list[str], ended: tuple[str, str, str, bool]
) -> None:
    assert ended in found(run(*turns))


def test_a_retirement_ends_only_the_retired_persons_job() -> None:
    facts = found(run("Pia: my aunt Lou works at Hanley Foods", "Pia: my GP Dr Okoro retired"))
    assert not any(rel == "WORKS_AT" and ended for _, rel, _, ended in facts)
    facts = found(run("Pia: I work at Hanley Foods", "Pia: my dad retired"))
    assert ("Pia", "WORKS_AT", "Hanley Foods", True) not in facts


# -- roles held for the speaker or their kin ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Ada: my swimming coach is Petra, strict but kind", ("Ada", "ROLE_HELD_BY", "Petra")),
        ("Ada: my family doctor is Dr. Mensah", ("Ada", "ROLE_HELD_BY", "Dr. Mensah")),
        ("Ada: Dr. Okafor has been my dentist for years", ("Ada", "ROLE_HELD_BY", "Dr. Okafor")),
        (
            "Ada: my daughter's piano teacher is Mrs Lund",
            ("Ada's daughter", "ROLE_HELD_BY", "Mrs Lund"),
        ),
        ("Ada: Farid is my tech lead now", ("Ada", "MANAGED_BY", "Farid")),
        ("Ada: my team lead is Yusuf Demir, very calm", ("Ada", "MANAGED_BY", "Yusuf Demir")),
    ],
)
def test_a_role_named_with_what_it_is_for(text: str, fact: tuple[str, str, str]) -> None:
    assert (*fact, False) in found(run(text))


@pytest.mark.parametrize(
    "text",
    [
        "Ada: my son's football coach is Mr Ade",  # the son's coach, no title of the son
        "Ada: my brother's teacher training starts soon",
    ],
)
def test_a_possessive_is_no_job_title(text: str) -> None:
    assert not any(rel == "HAS_JOB_TITLE" for _, rel, _, _ in found(run(text)))


def test_a_role_of_someone_elses_kin_is_not_the_speakers() -> None:
    facts = found(run("Ada: my son's football coach is Mr Ade"))
    assert ("Ada", "ROLE_HELD_BY", "Mr Ade", False) not in facts


@pytest.mark.parametrize(
    "turns",
    [
        ["Ugo: my new boss is Ines, Karl moved over to sales"],
        ["Ugo: my boss is Karl", "Ugo: my new boss is Ines, Karl moved over to sales"],
    ],
)
def test_a_new_holder_told_by_a_row_is_not_taken_for_the_one_leaving(turns: list[str]) -> None:
    facts = found(run(*turns))
    assert ("Ugo", "MANAGED_BY", "Ines", False) in facts
    assert ("Ugo", "MANAGED_BY", "Karl", False) not in facts


# -- a place named after a saint keeps its "'s" ---------------------------------------------


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            ["Eva: my son Jonas goes to Hillcrest", "Eva: Jonas is at St Aidan's now, happier"],
            ("Jonas", "WORKS_AT", "St Aidan's", False),
        ),
        (
            ["Eva: my wife Noor works nights at St. Luke's hospital"],
            ("Noor", "WORKS_AT", "St. Luke's hospital", False),
        ),
        (
            ["Eva: my wife Noor works at St. Luke's", "Eva: Noor finally left st. luke's"],
            ("Noor", "WORKS_AT", "St. Luke's", True),
        ),
    ],
)
def test_a_saints_name_is_the_place_itself(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    assert fact in found(run(*turns))


def test_a_persons_possessive_still_ends_the_name() -> None:
    facts = found(run("Eva: my wife Noor loves Tom's bakery"))
    assert not any("Tom's" in target for _, _, target, _ in facts)


# -- pets named by their breed --------------------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Ivo: my flatmate Rhian adopted a whippet called Fern"], ("Rhian", "HAS_PET", "Fern")),
        (["Ivo: my uncle Ted has a collie called Moss"], ("Ted", "HAS_PET", "Moss")),
        (["Ivo: we rescued a tabby named Biscuit"], ("Ivo", "HAS_PET", "Biscuit")),
    ],
)
def test_a_pet_named_by_its_breed(turns: list[str], fact: tuple[str, str, str]) -> None:
    assert (*fact, False) in found(run(*turns))


@pytest.mark.parametrize(
    "text",
    ["Ivo: I got a lab coat", "Ivo: I got a husky voice from shouting", "Ivo: my lab partner Jo"],
)
def test_no_pet_from_a_word_that_is_also_no_breed(text: str) -> None:
    assert not any(rel == "HAS_PET" for _, rel, _, _ in found(run(text)))


def test_a_breed_is_stored_with_its_species() -> None:
    extraction = run("Ivo: my flatmate Rhian adopted a whippet called Fern")
    fern = next(e for e in extraction.entities if e.name == "Fern")
    assert fern.attributes.get("species") == "dog"


# -- a job lost with no employer named ------------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "ended"),
    [
        (["Una: my son Rory works at Tesco", "Una: he got sacked on monday"], ("Rory", "Tesco")),
        (
            ["Una: my friend Keelin works at Aldi", "Una: Keelin resigned last week"],
            ("Keelin", "Aldi"),
        ),
        (["Una: I work at Lidl", "Una: I got made redundant yesterday"], ("Una", "Lidl")),
    ],
)
def test_a_job_lost_ends_the_employer_told_before(turns: list[str], ended: tuple[str, str]) -> None:
    assert (ended[0], "WORKS_AT", ended[1], True) in found(run(*turns))


@pytest.mark.parametrize(
    "turns",
    [
        ["Una: my son Rory works at Tesco", "Una: I quit smoking"],  # another subject, a habit
        ["Una: my son Rory works at Tesco", "Una: Rory got fired from the band lol"],
        ["Una: I got laid off"],  # no employer told: nothing to end
    ],
)
def test_no_job_ends_without_the_subjects_employer(turns: list[str]) -> None:
    facts = found(run(*turns))
    assert not any(rel == "WORKS_AT" and ended for _, rel, _, ended in facts)


# -- a name after a person's role is a person; "and" shares that person ---------------------


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            ["Bo: my neighbour Wale is lovely", "Bo: he's moving to Leeds next month"],
            ("Wale", "LIVES_IN", "Leeds", False),
        ),
        (
            ["Bo: our flatmate Sunniva is away", "Bo: she relocated to Bergen"],
            ("Sunniva", "LIVES_IN", "Bergen", False),
        ),
        (
            ["Bo: my neighbour Wale got a job at the hospital"],
            ("Wale", "WORKS_AT", "hospital", False),
        ),
    ],
)
def test_a_name_after_a_role_is_a_person(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    assert fact in found(run(*turns))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Bo: my colleague Ibrahim quit and joined Spotify", ("Ibrahim", "WORKS_AT", "Spotify")),
        ("Bo: my sister Efua sold her car and bought a Mini", ("Efua", "OWNS", "Mini")),
        ("Bo: my cousin Lars left Oslo and moved to Tromsø", ("Lars", "LIVES_IN", "Tromsø")),
    ],
)
def test_a_verb_after_and_shares_the_person_of_the_clause_before(
    text: str, fact: tuple[str, str, str]
) -> None:
    facts = found(run(text))
    assert (*fact, False) in facts
    assert not any(source == "Bo" and target == fact[2] for source, _, target, _ in facts)


def test_a_verb_after_and_is_not_given_to_the_object_before() -> None:
    facts = found(run("Bo: my boss fired Tom and hired Ann"))
    assert not any(source == "Tom" for source, _, _, _ in facts)


# -- marriages in other words, partners named by their role, two people as one subject ------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "Lu: my sister Efua married her boyfriend Kwame last spring",
            ("Efua", "MARRIED_TO", "Kwame"),
        ),
        ("Lu: my cousin Ama eloped with Kofi!", ("Ama", "MARRIED_TO", "Kofi")),
        ("Lu: Ines and I tied the knot in June", ("Lu", "MARRIED_TO", "Ines")),
        (
            "Lu: my brother Kojo got engaged to his long-time girlfriend Mara",
            ("Kojo", "DATING", "Mara"),
        ),
    ],
)
def test_a_union_in_other_words(text: str, fact: tuple[str, str, str]) -> None:
    assert (*fact, False) in found(run(text))


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        pytest.param(
            "Lu: my brother Kojo and his wife Abena moved to Ghana",
            {("Kojo", "LIVES_IN", "Ghana", False), ("Abena", "LIVES_IN", "Ghana", False)},
            marks=lost("compound"),
        ),
        ("Lu: my parents retired to Spain", {("Lu's parents", "LIVES_IN", "Spain", False)}),
    ],
)
def test_two_people_as_one_subject_and_a_retirement_home(
    text: str, facts: set[tuple[str, str, str, bool]]
) -> None:
    assert facts <= found(run(text))


@pytest.mark.parametrize(
    "text",
    ["Lu: I met Tom and Abena moved to Accra", "Lu: Tom and his dog Rex moved to Leeds"],
)
def test_an_object_or_a_pet_before_and_shares_nothing(text: str) -> None:
    assert not any(source == "Tom" for source, _, _, _ in found(run(text)))


# -- a third person's things: "her dog", "Lola's new job" -----------------------------------


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            ["Teo: my sister Efua has a dog", "Teo: her dog Milo died last night"],
            ("Efua", "HAS_PET", "Milo", True),
        ),
        (["Teo: my aunt's cat Tigger ran away"], ("Teo's aunt", "HAS_PET", "Tigger", True)),
        (
            ["Teo: my friend Lola is great", "Teo: Lola's new job at Ikea is tough"],
            ("Lola", "WORKS_AT", "Ikea", False),
        ),
        (
            ["Teo: my sister Efua lives in Leeds", "Teo: her new flat in York is lovely"],
            ("Efua", "LIVES_IN", "York", False),
        ),
        (
            ["Teo: my friend Lola is great", "Teo: Lola's new place in Bath is tiny"],
            ("Lola", "LIVES_IN", "Bath", False),
        ),
    ],
)
def test_a_third_persons_things_are_theirs(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    facts = found(run(*turns))
    assert fact in facts
    assert not any(source == "Teo" and target == fact[2] for source, _, target, _ in facts)


def test_the_speakers_own_pet_stays_the_speakers() -> None:
    assert ("Teo", "HAS_PET", "Rex", True) in found(run("Teo: our dog Rex died"))


# -- "he"/"she" after a bare name that opened the sentence before ---------------------------


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            ["Graham: Kerry got the job! She works at Leeds General, in the finance team."],
            ("Kerry", "WORKS_AT", "Leeds General", False),
        ),
        (
            ["Ines: omg Dario finally moved out of his parents place. he lives in Leith now"],
            ("Dario", "LIVES_IN", "Leith", False),
        ),
        (
            ["Raj: Yesterday Amara told us the news. She works at Unilever now."],
            ("Amara", "WORKS_AT", "Unilever", False),
        ),
        (
            ["Mo: Halima called last night. She's living in Tangier these days"],
            ("Halima", "LIVES_IN", "Tangier", False),
        ),
    ],
)
def test_he_or_she_continues_a_named_subject_of_the_user_turn(
    turns: list[str], fact: tuple[str, str, str, bool]
) -> None:
    facts = found(run(*turns))
    assert fact in facts
    speaker = turns[-1].split(":")[0]
    assert not any(s == speaker and t == fact[2] and r == fact[1] for s, r, t, _ in facts)


def test_an_organisation_opening_a_sentence_is_no_person_for_a_later_she() -> None:
    # "Accenture" opens a sentence like a name; it is never labelled a person
    facts = found(run("Hana: Accenture upped their offer and I took it. I start in May."))
    assert ("Hana", "WORKS_AT", "Accenture", False) in facts
