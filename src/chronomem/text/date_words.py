"""The words dates are told in: month, weekday and season names, counting words and the
ordinal words of a day ("the twenty-first"). The date rules (``date_rules.py`` and its
neighbours) build their patterns from these names, and the resolvers read them.
"""

from __future__ import annotations

MONTHS = {
    name: i
    for i, names in enumerate(
        [
            "january jan",
            "february feb",
            "march mar",
            "april apr",
            "may",
            "june jun",
            "july jul",
            "august aug",
            "september sep sept",
            "october oct",
            "november nov",
            "december dec",
        ],
        start=1,
    )
    for name in names.split()
}
# the months' names as one alternation, the longest first ("september" before "sep")
MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
WEEKDAYS = {
    name: i
    for i, names in enumerate(
        [
            "monday mon",
            "tuesday tue tues",
            "wednesday wed weds",
            "thursday thu thur thurs",
            "friday fri",
            "saturday sat",
            "sunday sun",
        ]
    )
    for name in names.split()
}
NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "fifteen": 15, "twenty": 20, "thirty": 30, "a couple of": 2, "a couple": 2,
    "couple of": 2, "couple": 2, "a few": 3, "few": 3, "several": 3, "a dozen": 12,
}  # fmt: skip
# a count a duration or a lapse is told in, as a regex alternation (``number`` reads each)
COUNTS = r"\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
# "mid-June", "late May": the day a part of a month names ("early" and a bare month: the 1st)
PART_DAYS = {"mid": 15, "late": 20}


def number(text: str) -> int:
    key = " ".join(text.lower().split())
    return int(key) if key.isdigit() else NUMBERS.get(key, 1)


ORDINAL_WORDS = {
    word: i
    for i, word in enumerate(
        ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
         "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
         "seventeenth", "eighteenth", "nineteenth", "twentieth"),
        start=1,
    )
} | {
    f"{tens}{sep}{unit}": base + i
    for tens, base in (("twenty", 20), ("thirty", 30))
    for sep in ("-", " ", "")
    for i, unit in enumerate(("first", "second", "third", "fourth", "fifth", "sixth",
                              "seventh", "eighth", "ninth"), start=1)
    if base + i <= 31
}  # fmt: skip


# a day of the month said in words, as a pattern: "first", "twenty-first", "thirty first"
ORDINAL_WORD = (
    "(?i:" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)).replace(" ", r"\s+") + ")"
)
