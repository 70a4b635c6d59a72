"""Grammar words the rule extractor reads: data, not code.

Pronouns, determiners, prepositions, negations, greetings and the words that may stand
between a subject and its verb or end an object phrase. What names a kind of entity is in
``gazetteer.py``; the things of a life (activities, pets, roles, diets, health, devices) in
``life_words.py``.

Every list is lower-case and matched case-insensitively unless its comment says otherwise.
Extend a list here rather than adding a branch in the code.
"""

from __future__ import annotations

import re

from chronomem.text.words import word_set

# a possessive right before a word: "your 40th", "my oma"
POSSESSIVE_BEFORE = re.compile(r"\b(?:my|our|his|her|their|your)\s+$", re.I)
# words after which an event is the time of another clause, not a value: "after the wedding"
TIME_MARKS = ("after", "since", "until", "till", "during")
# a name right after one is the day of a clause ("after Makha Bucha I moved in with Nuan")
TIME_MARK_BEFORE = re.compile(
    rf"\b(?:{'|'.join(TIME_MARKS)})\s+(?:(?:the|my|our|his|her|their)\s+)?$", re.I
)

# Numbers in words: never a name, however written ("Twenty", "thirty-eight"); ages are
# read from them (``people_rows.py``).
NUMBER_UNITS = word_set("one two three four five six seven eight nine")
NUMBER_TEENS = word_set(
    "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen"
)
NUMBER_TENS = word_set("twenty thirty forty fifty sixty seventy eighty ninety")
NUMBER_WORDS = NUMBER_UNITS | NUMBER_TEENS | NUMBER_TENS | word_set("zero hundred thousand dozen")

# The greetings of other languages that open an English chat line ("Salut. I work at the
# crab plant", "Dumela. I live in Maun"): a word of its own, never a name nor a value.
GREETINGS = word_set(
    """
    hola buenas bonjour bonsoir salut ciao buongiorno buonasera namaste namaskar
    merhaba marhaba gruezi grüezi servus moin hej hei kalimera gamarjoba dumela
    mingalaba mingalabar kaixo julley talofa habari jambo olá konnichiwa annyeong
    sawubona shalom privet zdravo ahoj szia sveiki labas tere bonġu kumusta
    selamat sawasdee sawadee salaam salam assalamualaikum
    """
)

# Capitalised words that never name an entity on their own: pronouns, determiners,
# greetings, interjections, common sentence starters, family words used as names, numbers.
NOT_NAMES = (
    NUMBER_WORDS
    | GREETINGS
    | word_set(
        """
    i i'm i've i'll i'd me my mine myself we we're we've we'll our ours us you you're
    you've your yours he she it its they them their his her him this that these those
    there here who what when where why how which whose a an the and or but so if then
    because also just well oh ah aw aww hey hi hello hiya yo thanks thank thx congrats
    congratulations wow whoa woah yeah yep yup yes no nope ok okay sure cool great nice
    awesome amazing sounds sound good bad sorry please haha hahaha lol omg wow yay
    woohoo hooray bye goodbye cheers dear love hugs btw tbh imo idk fyi asap xoxo tv
    anyway anyways actually honestly really totally definitely absolutely maybe perhaps
    glad happy excited hope hopefully best take keep let lets let's check see look
    remember believe agree enjoy speaking talking guess same right true exactly indeed
    meet welcome ask tell say rip
    mom mum dad mommy daddy grandma grandpa granny nana papa mama auntie uncle sis bro
    god gosh jeez man dude buddy guys folks everyone everybody someone somebody anyone
    nothing something everything anything all both each every some any many much more
    most other another such only even still yet again already always never often
    sometimes usually today tonight tomorrow yesterday now later soon recently lately
    morning afternoon evening night weekend week month year day
    monday tuesday wednesday thursday friday saturday sunday
    mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends
    january february march april may june july august september october november
    december jan feb mar apr jun jul aug sep sept oct nov dec
    christmas xmas easter thanksgiving halloween eve
    is are was were be been being have has had do does did can could will would should
    might must shall gonna wanna gotta can't won't don't didn't isn't wasn't
    after before during while since until as at in on of to for from with about by
    into onto over under between through without within like unlike
    """
    )
)

# Greetings and interjections: a name right after one of these is a vocative ("Hey Mel!").
VOCATIVE_CUES = GREETINGS | word_set(
    """
    hey hi hello hiya yo thanks thx congrats congratulations wow whoa woah yeah yes yep
    oh ah aw aww bye goodbye sorry dear ok okay cheers haha lol omg yay woohoo hooray
    morning evening night oof ooh hmm yikes gosh dude
    """
)

# Leading discourse words stripped from fact text ("Yeah, I moved ..." -> "I moved ...").
DISCOURSE = word_set(
    """
    and but so then also well oh ah aw aww hey hi hello yeah yep yup yes no nope ok okay
    wow whoa woah haha hahaha lol omg yay woohoo hooray cool nice awesome great anyway
    anyways actually honestly plus um uh hmm btw guess what sure totally
    """
)

PRONOUNS = word_set("i me my mine myself we us our ours ourselves you your yours yourself")

OTHER_SUBJECTS = word_set(
    "he she they it you this that these those there who which someone everyone people "
    "everybody somebody nobody none one"
)

# Words allowed between a subject and its verb ("I have just recently started working at").
GAP_WORDS = word_set(
    """
    am 'm is 's are 're was were be been being have 've has had 'd do does did n't not
    will 'll would can could should might may must shall gonna going to want wanna hope
    hoping plan planning try trying need used get got gotten getting start started
    starting began begin finally just also really recently now currently still actually
    officially already always never no longer even totally definitely absolutely kind
    of sort both all too soon happily proudly once again originally mostly usually often
    sometimes ever truly honestly seriously literally personally eventually basically
    continue continued keep kept keeps stopped stop quit gave give up decided decide
    chose ended went back finally then later also first recently sadly unfortunately
    luckily fortunately sorta kinda pretty much so very ca wo sha quite genuinely secretly
    weirdly slowly only mainly exclusively
    """
)

# An adverb in -ly before a verb ("I religiously run", "she rarely drives"), not one of the
# verbs that end so ("I apply", "I fly"): a regex alternative, matched case-insensitively.
LY_ADVERB = (
    r"(?!(?:apply|reply|rely|supply|fly|ally|bully|tally|rally|multiply|comply|imply)\b)"
    r"[a-z]+ly"
)

HYPOTHETICAL = word_set(
    "will 'll would could might may should shall gonna going want wanna hope hoping plan "
    "planning try trying need wish 'd"
)

NEGATIONS = word_set("n't not never no")

# the titles a person's name is given with, as written ("Mr Aldous", "Dr. Ige"): an
# alternation for the regexes that find a titled name
HONORIFICS = r"(?:Mr|Mrs|Ms|Miss|Dr|Prof)"

PREPOSITIONS = word_set(
    """
    in at on of to for from with about by into onto over under between through without
    within after before during near like than around across behind beside via per
    toward towards against among along
    """
)

DETERMINERS = word_set(
    "a an the my our his her their your its this that these those some any another every each no"
)

# Words a phrase cannot end on: they lead on to more ("the position of", "a midwife at"); a
# value in words that ends on one was cut short.
LEADS_ON = word_set("a an the of at in on for to with from by and or as")

# Adjectives dropped from the front of a lower-case object ("a brand new car" -> "car").
FILLER_ADJECTIVES = word_set(
    """
    new brand brand-new old little big small huge tiny great good nice awesome amazing
    beautiful cute lovely adorable gorgeous cool fun favorite favourite first own
    whole real really very super totally nearby local second third other used second-hand
    secondhand pre-owned preowned refurbished pre-loved preloved
    """
)

# Objects that are not things: pronouns, quantifiers, vague nouns.
BAD_OBJECTS = word_set(
    """
    it its this that these those them they him her us me you everything something
    anything nothing what how when where why who which all both one ones so too very
    such more most lots lot much many things thing stuff way idea fact time times bit
    being having getting going doing making seeing spending taking trying hearing
    knowing feeling looking finding giving telling saying thinking working living
    coming helping keeping letting putting watching meeting talking sharing chatting
    myself yourself himself herself ourselves themselves each other people person
    everyone someone anyone here there now then well sure yes no out up back
    """
)

# Words that make a capitalised phrase a time, not a name ("Christmas Eve", "New Year").
TIME_WORDS = word_set(
    """
    morning afternoon evening night day days week weekend month year years eve today
    tonight tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday
    mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends
    january february march april may june july august september october november december
    christmas xmas easter thanksgiving halloween
    """
)

CONJUNCTIONS = word_set(
    "and but or so because although though while whilst whereas whether unless whenever wherever "
    "yet nor"
)

# Words that end a lower-case object phrase ("loves pottery *because* ...").
OBJECT_STOPS = word_set(
    """
    as when because if how what why where which who whom whose than then too so very
    really is are was were be been am has have had do does did will would can could
    should might must also even just only still again now here there every each all
    both either neither not no yes and but or nor yet while though although since until
    till after before during itself nonstop together anymore lately everyday recently
    """
)
