"""Rows of the pattern table for how habits, health and sleep change in everyday words:
"6 months sober", "it's type 2 diabetes now", "our daughter was born", "recovered from the
ACL surgery", "bed at 2, up at 10". (Round 13 deleted the rows that cost nothing on
held-out language: diets given up or taken, injuries told by their adjective, births told
without "born", "tested negative", "X-free", the listener's pains.)

They sit beside ``health_rows.py`` (the same macros, the same relations) and are tried after
its rows. Endings of a state told under another name ("quit drinking" ends the beer, "diabetes"
ends "pre-diabetic") are ``successions.py``.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.row import RelationPattern as P

# A time of day said as a habit ("6", "6:45", "22.30", "7am", "ten", "half nine",
# "midnight"), not as tonight's or tomorrow's plan, nor a count ("at 3 years")
_CLOCK = (
    r"(?P<obj>(?:\d{1,2}(?:[:.]\d\d)?|(?:half |quarter (?:past |to ))?(?:one|two|three|four"
    r"|five|six|seven|eight|nine|ten|eleven|twelve)(?: o'clock| thirty)?)(?: ?(?:am|pm|a\.m\."
    r"|p\.m\.))?|midnight|noon)(?![\d:.]\d)"
    r"(?!\s*(?:a\.?m\b|p\.?m\b|tonight|tomorrow|today|yesterday|last|next|this|years?|months?"
    r"|weeks?|days?"
    r"|hours?|minutes?|times?|kids|people|of)\b)"
)
# where a clause opens: "bed at 2, up at 10" is the speaker's, as a chat line
_OPENS = r"(?:^|(?<=[,;:.!?])\s*|(?<=\band )|(?<=\bbut )|(?<=\bso ))\W*"


WELLBEING_ROWS: tuple[P, ...] = (
    P(
        "HAS_HABIT",
        r"\bno more (?P<obj>{HABIT})\b(?![- ]?free)|\bno (?P<obj2>{HABIT}) (?:at all|anymore|any"
        r" more|for me|since)\b",
        "Habit",
        "inline",
        "possessor",
        ending=True,
        triggers="no",
    ),
    P(  # "6 months sober today", "I've been sober since May": sobriety (ends drinking)
        "HAS_HABIT",
        r"\b(?:\w+ (?:days?|weeks?|months?|years?) (?:clean and )?sober)\b",
        "Habit",
        "fixed",
        "possessor",
        fixed_target="sobriety",
        template="{source} is sober",
        triggers="sober",
    ),
    P(
        "HAS_HABIT",
        r"(?:\b(?:am|is|are|been|got|getting|stayed|staying|stay)|'m|'s|'re) (?:now |still |"
        r"completely |totally |fully )?sober\b",
        "Habit",
        "fixed",
        fixed_target="sobriety",
        template="{source} is sober",
        triggers="sober",
    ),
    P(  # "fully recovered from the ACL surgery": the injury of that body part is over
        "HAS_CONDITION",
        r"\b(?:recovered from|over|healed from|rehab(?:bing)? from)\s+(?:the |my |a |an "
        r"|that )?(?P<obj>{BODY}) (?:surgery|operation|op|injury|repair|reconstruction|"
        r"break|fracture|sprain|tear)\b",
        "Condition",
        "inline",
        ending=True,
        target_format="{obj} injury",
        triggers="recovered over healed rehab rehabbing",
    ),
    P(  # "our daughter Mia was born", "I gave birth": a pregnancy told before is over
        "HAS_CONDITION",
        r"\b(?:gave birth|had (?:the|our|my) (?:baby|little one)|had (?:a |our |my )?(?:baby )?"
        r"(?:boy|girl)|welcomed (?:a |our |my )?(?:baby|son|daughter|twins|little)|(?:my|our) "
        r"(?:baby|son|daughter|twins|little one)(?: [A-Z][\w'-]*){0,2} (?:was|were|is|are)"
        r" (?:born|here)|(?:baby|son|daughter|twins)(?: (?:girl|boy))?(?: [A-Z][\w'-]*){0,2} (?:was"
        r"|were|is|are) (?:born|here)|"
        # "She's here!!" opening a sentence (it ends only a pregnancy told before), and a
        # name born opening it: "Nahia was born on 19 October!!"
        r"^\W*(?:she|he|they)(?:'s| is|'re| are) (?:finally )?here\b|"
        r"^\W*(?!(?:My|Our|His|Her|Their|The|I|Mum|Mom|Dad)\b)(?-i:[A-Z][\w'-]*)"
        r"(?: (?-i:[A-Z][\w'-]*))? (?:was|were) born\b|"
        # "our baby girl Nell arrived", "baby Ada arrived on tuesday"
        r"(?:baby|son|daughter|twins|little one)(?: (?:girl|boy))?(?: [A-Z][\w'-]*){0,2} "
        r"(?:has |finally )?(?:arrived|was delivered))\b",
        "Condition",
        "context",
        "possessor",
        ending=True,
        fixed_target="pregnant",
        triggers="birth born welcomed had here arrived delivered",
    ),
    P(  # "update: it's type 2 diabetes now", "turns out it's asthma": the speaker's diagnosis
        "HAS_CONDITION",
        r"\b(?:it's|it is|it was|it turned out to be|turns out it's|turned out it was) (?:actually"
        r" |now |officially |just |definitely )*(?:an? |the )?(?:type (?:1|2|one|two|i|ii) |full"
        r"[- ]blown |chronic )?(?P<obj>{CONDITION})\b(?! (?:season|meds|medication|pills|"
        r"tablets|shot|test|vaccine|clinic))",
        "Condition",
        "inline",
        "possessor",
        triggers="it's it turns turned",
    ),
    P(  # "my lower back has been killing me", "I have bad knee pain": pain in a body part
        "HAS_CONDITION",
        r"\b(?:my|his|her|your) (?:lower |upper |left |right |bad |stupid )?(?P<obj>{BODY}) "
        r"(?:has been |have been |is |'s |keeps |been |is still |still )?(?:so |really |totally )?"
        r"(?:killing (?:me|him|her)|hurts|hurting|aching|aches|sore|in pain|acting up|playing up"
        r"|giving (?:me|him|her) (?:trouble|grief|hell))\b",
        "Condition",
        "inline",
        "possessor",
        target_format="{obj} pain",
        triggers="killing hurts hurting aching aches sore pain acting playing giving",
    ),
    P(  # "back pain is gone", "no more knee pain": that pain is over
        "HAS_CONDITION",
        r"\b(?P<obj>{BODY}) (?:pain|ache)(?: is| has|'s) (?:finally |totally |completely |all |"
        r"pretty much )?(?:gone|over|better|cleared up|went away)\b|\bno (?:more|longer) "
        r"(?:any )?(?P<obj2>{BODY}) (?:pain|ache)\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        target_format="{obj} pain",
        triggers="pain ache",
    ),
    P(  # "I'm a total night owl", "early bird these days": one sleep schedule at a time
        "HAS_SLEEP_SCHEDULE",
        r"(?:\b(?:am|is|are|became|become|becoming|turned into|turning into)|'m|'re|\bim)"
        r" (?:now |still )?(?:a |an )?(?:total |"
        r"complete |real |huge |such a |massive |natural |big )?(?P<obj>night owl|early bird|"
        r"morning person|night person|early riser)\b",
        "Schedule",
        "inline",
        "first",
        target_format="{obj}",  # "person" alone is no object: the phrase is the value
        triggers="owl bird person riser",
    ),
    P(  # "usually go to bed around 3am", "asleep by 11 these days": the time one sleeps
        "HAS_SLEEP_SCHEDULE",
        r"(?:\b(?:(?:go|goes|going|get|gets|getting) to (?:bed|sleep)|in bed|asleep|"
        r"sleep|sleeps|sleeping|retire|retires|lights out|(?:turn|turns) in)"
        r"|" + _OPENS + r"(?:bed|sleep)) (?:(?:at|around|by|before|about|from) )?" + _CLOCK,
        "Schedule",
        "inline",
        "first",
        target_format="bed at {obj}",
        triggers="bed sleep sleeps sleeping asleep retire retires lights turn turns",
    ),
    P(  # "I wake up at 6 now", "up by 5 most days"
        "HAS_WAKE_TIME",
        r"(?:\b(?:(?:wake|wakes|waking) (?:up )?|(?:get|gets|getting) up |(?:rise|rises) |"
        r"(?:'m|\bim|\bam) (?:usually |always |now )?up )|" + _OPENS + r"up )"
        r"(?:at|around|by|before|about) " + _CLOCK,
        "Schedule",
        "inline",
        "first",
        target_format="up at {obj}",
        triggers="up wake wakes waking rise rises",
    ),
    P(  # "day 30 without a cigarette", "3 weeks smoke-free", "finally covid free"
        "HAS_HABIT",
        r"\b(?:days?|weeks?|months?|years?)(?: \d+)? (?:without|w/o|free of|off) (?:a |any |the )?"
        r"(?:single |one )?"
        # (not a thing described so: "a sugar-free test batch", "the smoke-free zone")
        r"(?P<obj>{HABIT})\b|\b(?<!\ba )(?<!\ban )(?<!\bthe )"
        r"(?P<obj2>smoke|alcohol|booze|caffeine|sugar|nicotine)[- ]free\b",
        "Habit",
        "inline",
        "possessor",
        ending=True,
        triggers="without w off free",
    ),
    P(  # "Congrats on quitting smoking!" (said to the user, or by them to a friend)
        "HAS_HABIT",
        r"\b(?:congrat\w*|well done|proud of you|good job|great job|so happy for you)\b"
        r"[^.!?]{0,20}?\b(?:on |for |about )?(?:quitting|giving up|kicking|stopping|cutting out)"
        r" (?:the )?(?P<obj>{HABIT})\b",
        "Habit",
        "inline",
        "listener",
        ending=True,
        triggers="congrats congratulations done proud job happy",
    ),
    P(  # "I'm a coffee addict", "total sugar junkie"
        "HAS_HABIT",
        r"\b(?P<obj>{HABIT}) (?:addict|junkie|fiend|addiction)\b",
        "Habit",
        "inline",
        "first",
        triggers="addict junkie fiend addiction",
    ),
    P(  # "Tom drinks a lot", "I drink way too much": drinking, said without a drink
        "HAS_HABIT",
        r"\b(?:drink|drinks|drinking) (?:a lot|heavily|way too much|too much|like a fish|every "
        r"(?:day|night))\b",
        "Habit",
        "fixed",
        fixed_target="drinking",
        triggers="drink drinks drinking",
    ),
    P(  # "my husband smokes" ... "he quit last month": a bare quit ends the habits told before
        "HAS_HABIT",
        r"\b(?:quit|stopped|kicked the habit|gave it up|finally quit)(?=\s*(?:[.!,;]|$|last |"
        r"yesterday|today|this |a (?:week|month|year)|two |three |for good|cold turkey|"
        r"completely|months? ago|weeks? ago|years? ago|so |and ))",
        "Habit",
        "context",
        ending=True,
        triggers="quit stopped kicked gave",
    ),
)
