"""The text normalisation stages: each wraps one rewriter behind ``TextState -> str``."""

from __future__ import annotations

from chronomem.extractors.rules.analysis.sentences import normalize_text
from chronomem.extractors.rules.normalise.answered import answered_questions
from chronomem.extractors.rules.normalise.appositions import place_clauses, plain_subjects
from chronomem.extractors.rules.normalise.chat_names import capitalised_names
from chronomem.extractors.rules.normalise.chat_spelling import plain_spelling
from chronomem.extractors.rules.normalise.contracted import written_out
from chronomem.extractors.rules.normalise.cues import joined_cues
from chronomem.extractors.rules.normalise.fronted import in_plain_order
from chronomem.extractors.rules.normalise.hearsay import without_hearsay
from chronomem.extractors.rules.normalise.kinship import as_relatives
from chronomem.extractors.rules.normalise.letters import received_letters
from chronomem.extractors.rules.normalise.markup import strip_markup
from chronomem.extractors.rules.normalise.named_days import dated_names
from chronomem.extractors.rules.normalise.replies import answered_reply
from chronomem.extractors.rules.normalise.texting import with_subjects
from chronomem.extractors.rules.normalise.time_fragments import joined_time_fragments
from chronomem.extractors.rules.normalise.voice import in_user_voice
from chronomem.extractors.rules.state import TextStage, TextState


def _markup(t: TextState) -> str:
    return strip_markup(t.text)


def _normalise(t: TextState) -> str:
    return normalize_text(t.text)


def _named_days(t: TextState) -> str:
    return dated_names(t.text)


def _time_fragments(t: TextState) -> str:
    return joined_time_fragments(t.text)


def _cues(t: TextState) -> str:
    return t.text if t.assistant else joined_cues(t.text, t.known.told_values)


def _letters(t: TextState) -> str:
    if t.assistant or not t.speaker:
        return t.text
    return received_letters(t.text, t.speaker, t.known.speakers)


def _spelling(t: TextState) -> str:
    return plain_spelling(t.text)


def _answers(t: TextState) -> str:
    return answered_questions(t.text)


def _voice(t: TextState) -> str:
    return in_user_voice(t.text, t.speaker) if t.voice and t.speaker else t.text


def _reply(t: TextState) -> str:
    return t.text if t.assistant else answered_reply(t.text, t.known.asked)


def _subjects(t: TextState) -> str:
    return t.text if t.assistant else with_subjects(t.text)


def _names(t: TextState) -> str:
    return capitalised_names(t.text, t.known.display.values())


def _hearsay(t: TextState) -> str:
    return t.text if t.assistant else without_hearsay(t.text)


def _relatives(t: TextState) -> str:
    return t.text if t.assistant else as_relatives(t.text, speaker=t.speaker is not None)


def _appositions(t: TextState) -> str:
    return place_clauses(t.text) if t.assistant else plain_subjects(t.text)


def _contractions(t: TextState) -> str:
    return written_out(t.text)


def _fronted(t: TextState) -> str:
    return in_plain_order(t.text)


TEXT_STAGES = (
    TextStage(
        "markup", _markup, "strip Markdown and HTML markup, and asides that interrupt a phrase"
    ),
    TextStage(
        "normalise", _normalise, 'straight quotes, single spaces, contractions ("im"), typos'
    ),
    TextStage(
        "named_days",
        _named_days,
        'a day named and glossed with its date said as that date ("until Losar, 28 Feb")',
    ),
    TextStage(
        "time_fragments",
        _time_fragments,
        'a sentence that is only a time joined to the one it dates ("at X. since monday.")',
    ),
    TextStage(
        "cues", _cues, 'a correction cue said alone joined to the next sentence ("sorry! X")'
    ),
    TextStage(
        "letters",
        _letters,
        'a letter the speaker received, in their voice ("Dear Ms Ode, your ...")',
    ),
    TextStage("spelling", _spelling, 'chat spellings written out ("u", "gonna")'),
    TextStage(
        "answers",
        _answers,
        'what a question tells: "favorite food? pizza", "you\'re in Porto now, right?"',
    ),
    TextStage("user_voice", _voice, "an assistant restating the user, in the user's voice"),
    TextStage(
        "reply",
        _reply,
        'a short reply to the question before ("yep, since may"; "night porter" to "your job?")',
    ),
    TextStage("subjects", _subjects, 'a dropped "I" restored ("moved to oslo")'),
    TextStage("capitals", _names, 'lower-case names capitalised ("at kestrel freight")'),
    TextStage("hearsay", _hearsay, '"mum says my brother Rhys ..." -> "my brother Rhys ..."'),
    TextStage("relatives", _relatives, '"Mom retired" -> "my mom retired"'),
    TextStage(
        "appositions",
        _appositions,
        '"Jo from work quit" -> "Jo quit"; a person\'s "who" clause, "a man called X" -> X;'
        ' "not a deckhand anymore" -> "no longer a deckhand"',
    ),
    TextStage("contractions", _contractions, '"caio\'s back" -> "caio is back"'),
    TextStage(
        "fronted",
        _fronted,
        '"Jazz I hate" -> "I hate jazz"; "the Kataragama trip we cancel" -> "we cancel ..."',
    ),
)
