"""The words :mod:`chronomem.extractors.rules.normalise.texting` reads a subjectless text
fragment by: openers, adverbs, past tenses, states, feelings and the nouns that look like verbs."""

from __future__ import annotations

import re

from chronomem.text.words import word_set

# Words that open a reply or a new thought before the predicate ("ok so", "yep,", "also,").
# "also" with no comma after it is the predicate's own ("also picked up weekend shifts":
# one more job, "I also picked up"), so it opens only when set off. "update on DeAndre:" is a
# heading: an update about someone opens no predicate of the writer's.
OPENERS = (
    r"ok(?:ay)?|so|also(?=\s*[,!:])|and|anyway|anyways|well|yeah|yep|yup|yes|no|nope|but|plus|then|oh"
    r"|(?:quick |life )?update(?!\s+(?:on|about|re)\b)|big news|news|guess what|good news"
    r"|sad news|honestly"
    r"|actually|basically|welp|alright|right|omg|wow|sooo*|aaa+h*|though|tho|nvm|never mind"
    r"|sorry|ugh+|argh+|ok so|well well"
)
OPENING = re.compile(rf"(?:(?:{OPENERS})(?:[,!:]+\s*|\s+))*", re.I)
# Adverbs between the missing subject and its predicate ("still living", "just started").
ADVERBS = word_set(
    """
    just also still finally now recently officially literally actually already never
    totally basically honestly currently kinda sorta definitely def really officially
    somehow apparently suddenly unexpectedly eventually happily proudly sadly
    """
)
# Past tenses that do not end in -ed.
IRREGULAR_PAST = word_set(
    """
    got quit left sold bought made went began became took found lost broke gave ran drove
    met had did won split paid kept sent spent fell felt saw came caught cut set told
    thought brought taught wrote swam rode flew grew knew threw wore chose stole hung
    sold built dug fed fought heard held hurt led lent meant overslept rebuilt sang slept
    sprang stood stuck struck swore swung understood woke said
    """
)
# Words in -ed that are no past tense of the writer ("need", "bed", "shed").
NOT_PAST = word_set(
    "need bed red shed speed feed seed weed bleed breed greed deed freed indeed "
    "embed ted fred ed reed steed tired bored scared excited"
)
# Participles said of the writer with "I was": "diagnosed with asthma today".
PASSIVE = word_set(
    """
    diagnosed born raised hired fired laid promoted dumped ghosted poached voted elected
    assigned transferred admitted discharged prescribed accepted rejected offered
    referred told advised approved
    """
)
# Verbs of state, habit and feeling said in the present: "live in gdansk", "love horror".
PRESENT = word_set(
    """
    live work love like hate adore prefer drive speak teach own have miss study play
    eat drink use volunteer rent share commute run swim cycle walk train practise practice
    attend belong cook bake knit paint sing dance write read follow support manage lead
    do go want wish hope need
    """
)
# States that take "I'm": "vegan since 2019", "allergic to penicillin", "back at work".
STATES = word_set(
    """
    vegan vegetarian veggie pescatarian pregnant engaged married divorced single sober
    allergic intolerant obsessed addicted hooked retired unemployed tired bored scared
    excited back home off sick ill better recovered injured vaccinated
    """
)
AFTER_STATE = word_set(
    "now to since with again already at from for and but so today of about by in as"
)
# What follows a capitalised past tense opening a sentence ("Moved to Leeds", "Quit my
# job"), unlike a capitalised name in -ed ("Wilfred has", "Ted said").
CAPITAL_VERB_AFTER = word_set(
    """
    to at in into from for with of on off up out back down over away the a an my our
    his her their this that it them him smoking drinking
    """
)
# Feelings in -ed: "exhausted", "gutted" are how the writer is, not what they did.
FEELINGS = word_set(
    """
    tired bored scared excited exhausted stressed gutted thrilled delighted relieved
    devastated heartbroken annoyed worried confused shattered knackered pleased amazed
    shocked stunned terrified frustrated overwhelmed embarrassed disappointed stoked
    """
)
# Verbs that are as often nouns ("swim lesson", "work stuff"): a verb only before what a
# verb takes (a determiner, a preposition, an adverb).
NOUN_VERBS = word_set(
    "work run swim cycle walk train practise practice cook bake knit paint dance play drink "
    "use volunteer rent share commute date lead manage support follow read write sing do go"
)
AFTER_VERB = word_set(
    "a an the my our his her their this that these those some any at in on for from with to "
    "as by every each remotely full part from out up away home there here again too now daily"
)
GIVING_UP = word_set("quit stopped gave ditched dropped kicked")
COPULAS = word_set(
    "is was are were 's has had isn't wasn't will would can could sucks sucked makes made "
    "keeps kept feels felt gets got"
)  # "gardening keeps me sane", "cycling makes me happy": the gerund is the subject
STATE_PREPOSITIONS = word_set("into on at in off")
# A verb before one of these is the first word of a noun: "swim lesson", "dance class"
EVENT_NOUNS = word_set(
    "lesson lessons class classes practice session sessions appointment meeting recital "
    "rehearsal tournament meet match game"
    # "moving day is a fortnight from now", "leaving do on friday"
    " day party do"
)
DETERMINERS = word_set("the a an my our")
NOT_A_STATE_AFTER = word_set(
    "a an the this that these those it them him her you me us least last first all some "
    "time times way case fact general particular total addition order"
)
ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)?|first|second|third|next|last|other|end|start")
# Words after a noun opening a sentence ("work was mad", "date nite", "gym tomorrow").
NOUN_AFTER = word_set(
    "is was 's are were has had will would can could should nite night day sucks sucked "
    "tonight today tomorrow tmrw tho though stuff things thing"
)
# Gerunds that are nouns ("morning", "wedding") and do not open a predicate.
NOUN_ING = word_set(
    """
    morning evening thing something nothing anything everything king ring spring string
    wedding building ceiling during sibling darling pudding wing sing bring ping sting
    swing ding bling earring evening meeting feeling painting clothing parking
    including according regarding concerning considering following assuming depending
    excluding pending nothing anything something everything
    """
)
# Verbs this module reads: never a name when they follow a role noun ("my son set up").
VERB_WORDS = IRREGULAR_PAST | PRESENT | PASSIVE
STATE_WORDS = STATES
