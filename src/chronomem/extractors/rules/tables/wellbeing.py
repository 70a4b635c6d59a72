"""Rows of the pattern table for how diets, habits and health change in everyday words:
"no more gluten free for me", "6 months sober", "it's type 2 diabetes now", "our daughter
was born", "recovered from the ACL surgery".

They sit beside ``health_rows.py`` (the same macros, the same relations) and are tried after
its rows. Endings of a state told under another name ("quit drinking" ends the beer, "diabetes"
ends "pre-diabetic") are ``successions.py``.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.life_words import DIETS
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

_DIET_WORDS = " ".join(sorted(w.split("-")[0] for w in DIETS))
_INJURED_WORDS = "broken fractured sprained twisted torn dislocated cracked busted pulled"
_INJURED = rf"(?:{'|'.join(_INJURED_WORDS.split())})"

WELLBEING_ROWS: tuple[P, ...] = (
    P(
        "FOLLOWS_DIET",
        r"\bno (?:more|longer) (?P<obj>{DIET})\b(?! (?:recipes?|food|options?|meals?))",
        "Diet",
        "inline",
        "possessor",
        ending=True,
        template="{source} is {target}",
        triggers="no",
    ),
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
        r" (?:born|here)|(?:baby|son|daughter|twins) (?:was|were) born|"
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
    P(  # "baby Ada arrived", "our baby girl Nell arrived": the newborn is family
        "FAMILY_OF",
        r"\b(?:(?:my|our|the) )?(?:new )?baby(?: (?:girl|boy))?,? (?P<obj>{NAME}),? "
        r"(?:has |finally )?(?:arrived|was born|was delivered|is here)\b",
        "Person",
        "inline",
        "possessor",
        template="{target} is {source}'s baby",
        triggers="arrived born delivered here",
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
    P(  # "I'm done with vegetarianism", "over keto", "gave up veganism": a diet ends
        "FOLLOWS_DIET",
        r"\b(?:done with|finished with|through with|over|gave up(?: on)?|giving up(?: on)?|"
        r"quit|quitting|ditched|dropped|stopped|abandoned) (?:being |the |my |on )?"
        r"(?P<obj>{DIET})(?:ism)?\b(?! (?:recipes?|food|options?|meals?|restaurants?|places?"
        r"|cookbooks?|friends?))",
        "Diet",
        "inline",
        ending=True,
        template="{source} is {target}",
        triggers=_DIET_WORDS + " veganism vegetarianism pescatarianism pescetarianism",
    ),
    P(  # a verbless chat line: "pescatarian now, fish and veg only", "fully vegan again"
        "FOLLOWS_DIET",
        r"(?:^|(?<=[,;.!?])) ?\W*(?:(?:so|and|but|now|well|yeah|ok|okay|update|lol|btw|fully|"
        r"strictly|mostly|officially|totally|100%)\W+){0,3}(?P<obj>{DIET}) (?:now|these days|"
        r"from now on|from here on(?: out)?|again|full[- ]time|for good)\b",
        "Diet",
        "inline",
        "possessor",
        template="{source} is {target}",
        triggers=_DIET_WORDS,
    ),
    P(  # "I've got a broken wrist", "she has a sprained ankle": an injured body part
        "HAS_CONDITION",
        r"\b(?:a|an|my|his|her|your|their) (?:badly |really |bad |nasty |slightly )?"
        rf"{_INJURED} (?:left |right )?(?P<obj>{{BODY}})\b",
        "Condition",
        "inline",
        target_format="{obj} injury",
        triggers=_INJURED_WORDS,
    ),
    P(  # "my ankle is sprained", "his collarbone's fractured"
        "HAS_CONDITION",
        r"\b(?:my|his|her|your|their) (?:left |right )?(?P<obj>{BODY})(?: is|'s| got| was)"
        rf" (?:badly |really |totally )?{_INJURED}\b",
        "Condition",
        "inline",
        "possessor",
        target_format="{obj} injury",
        triggers=_INJURED_WORDS,
    ),
    P(  # "my back pain is killing me", "her knee pain kept her up": the pain as a subject
        "HAS_CONDITION",
        r"\b(?:my|his|her|your|their) (?:lower |upper |left |right |bad |chronic |stupid )?"
        r"(?P<obj>{BODY}) (?:pain|ache)\b(?!(?: is| has|'s)? (?:finally |totally |completely |"
        r"all |pretty much |almost |mostly )?(?:gone|over|better|cleared up|went away|fine))",
        "Condition",
        "inline",
        "possessor",
        target_format="{obj} pain",
        triggers="pain ache",
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
    P(
        "HAS_CONDITION",
        r"\b(?:have|has|had|got|with|suffering from|dealing with) (?:bad |chronic |some |"
        r"terrible |awful |really bad )?(?P<obj>{BODY}) (?:pain|ache)\b",
        "Condition",
        "inline",
        target_format="{obj} pain",
        triggers="pain ache",
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
    P(  # "back to eating meat", "back on the burgers": the diet told before is over
        "FOLLOWS_DIET",
        r"\bback (?:to|on) (?:eating |having )?(?:the )?(?!(?:{DIET}|healthy|clean|normal|"
        r"work|school)\b)(?:meat|fish|chicken|beef|pork|bacon|steak|burgers?|seafood|eggs|"
        r"dairy|cheese|bread|pasta|carbs|sugar|sweets|junk food|fast food)\b",
        "Diet",
        "context",
        "possessor",
        ending=True,
        triggers="back",
    ),
    P(  # "day 30 without a cigarette", "3 weeks smoke-free", "finally covid free"
        "HAS_HABIT",
        r"\b(?:days?|weeks?|months?|years?)(?: \d+)? (?:without|w/o|free of|off) (?:a |any |the )?"
        r"(?P<obj>{HABIT})\b|\b(?P<obj2>smoke|alcohol|booze|caffeine|sugar|nicotine)[- ]free\b",
        "Habit",
        "inline",
        "possessor",
        ending=True,
        triggers="without w off free",
    ),
    P(
        "HAS_CONDITION",
        r"\b(?P<obj>{CONDITION})[- ]free\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        triggers="free",
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
    P(  # "on antidepressants for my anxiety", "in therapy for depression"
        "HAS_CONDITION",
        r"\b(?:on|taking|prescribed|started) [a-z-]+(?: [a-z-]+)? for (?:my |his |her |the )?"
        r"(?P<obj>{CONDITION})\b|\b(?:treated|in treatment|in therapy|therapy|meds|medication)"
        r" for (?:my |his |her |the )?(?P<obj2>{CONDITION})\b",
        "Condition",
        "inline",
        triggers="for",
    ),
    P(  # "I'm a coffee addict", "total sugar junkie"
        "HAS_HABIT",
        r"\b(?P<obj>{HABIT}) (?:addict|junkie|fiend|addiction)\b",
        "Habit",
        "inline",
        "first",
        triggers="addict junkie fiend addiction",
    ),
    P(  # "Ana gave birth to our daughter": the one who gave birth, named before the verb
        "HAS_CONDITION",
        r"\b(?:gave birth|had (?:the|her|a) baby|delivered (?:the|her|a) baby)\b",
        "Condition",
        "context",
        ending=True,
        fixed_target="pregnant",
        triggers="birth had delivered",
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
    P(  # "tested negative!" after covid; "tested negative for strep"
        "HAS_CONDITION",
        r"\btested negative for (?:the )?(?P<obj>{CONDITION})\b",
        "Condition",
        "inline",
        "possessor",
        ending=True,
        triggers="negative",
    ),
    P(
        "HAS_CONDITION",
        r"\btested negative\b(?! for)",
        "Condition",
        "context",
        "possessor",
        ending=True,
        fixed_target="covid",
        triggers="negative",
    ),
)
