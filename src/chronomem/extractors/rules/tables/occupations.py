"""A job told by its verb: "I now tutor privately", "I bartend on weekends".

Some trades are said with a verb rather than a title. In the first person and the present
tense, followed by nothing, a manner ("privately", "full-time", "from home", "for a living")
or the people served ("kids", "students"), the verb names the speaker's title: tutor ->
tutor, bartend -> bartender, babysit -> babysitter. "I want to tutor", "my tutor", "I
tutored in college" (past) and "I tutor my own son" (a favour, not a trade) are not read.
"""

from __future__ import annotations

from chronomem.extractors.rules.tables.row import RelationPattern

__all__ = ["OCCUPATION_ROWS"]

# the verb -> the title it names (a general English word class, not a list of phrases)
TRADE_VERBS = {
    "tutor": "tutor", "bartend": "bartender", "babysit": "babysitter", "nanny": "nanny",
    "consult": "consultant", "freelance": "freelancer", "waitress": "waitress",
    "translate": "translator", "cater": "caterer", "housesit": "house sitter",
    "dogsit": "dog sitter", "lifeguard": "lifeguard", "moonlight": "freelancer",
}  # fmt: skip
_LEAD = r"(?<=\bI )(?:(?:now|currently|also|still|mostly|mainly|just|actually) ){0,2}"
_AFTER = (
    r"(?=\s*(?:$|[,.;!)])|\s+(?:privately|full[- ]time|part[- ]time|professionally|online|"
    r"freelance|now|these days|nowadays|on the side|on weekends|at weekends|for a living|"
    r"from home|kids|children|students|adults|teens|for (?:a|an|the|[A-Z])|at [A-Z])\b)"
)

OCCUPATION_ROWS: tuple[RelationPattern, ...] = tuple(
    RelationPattern(
        "HAS_JOB_TITLE",
        rf"{_LEAD}\b{verb}{_AFTER}",
        "JobTitle",
        "fixed",
        fixed_target=title,
        template="{source} is {a_target}",
        triggers=verb,
    )
    for verb, title in TRADE_VERBS.items()
)
