"""Holidays as dates: "haven't smoked since New Year's", "moved in over Christmas",
"back at work after Easter", "since Ramadan started".

A holiday is read only after a preposition ("since", "over", "after", "at", ...) or a
word that picks one ("last", "next", "this past"): "happy new year" or "new year new me"
name no day; "last Christmas" is the one before the reference day, whatever the tense. The
fixed ones resolve like a day named without a year (the occurrence the clause's tense points
to, see ``dates.py``); Easter (Western, with the days counted from it: Good Friday, Easter
Monday, Ash Wednesday, Pentecost, carnival, Semana Santa; and Orthodox, with Maslenitsa),
the holidays on a weekday of a month (Thanksgiving, Labor Day) and the Nordic midsummer are
computed for that year; Diwali, Lunar New Year (Tết, Seollal), Eid, Ramadan, Hanukkah,
Chuseok, Matariki, Holi, Dussehra, the Dragon Boat Festival and the feasts counted from them
(Tihar, Dashain, the Lantern Festival) or from Rosh Hashanah (Purim, Pesach, Shavuot, ...)
are read from a table of the published civil dates of their first days. A festival of
several days is dated by its first ("after the Sanfermines": 6 July).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import partial

from chronomem.text.daymath import DayContext, day_in_year, midnight, nth_weekday, weekday_from

_FIXED = {
    "new year's eve": (12, 31), "new years eve": (12, 31), "nye": (12, 31),
    "new year's day": (1, 1), "new year's": (1, 1), "new years": (1, 1),
    "the new year": (1, 1), "christmas eve": (12, 24), "christmas day": (12, 25),
    "christmas": (12, 25), "xmas": (12, 25), "boxing day": (12, 26), "halloween": (10, 31),
    "valentine's day": (2, 14), "valentine's": (2, 14), "valentines": (2, 14),
    "valentines day": (2, 14), "new year": (1, 1),
    # the saints' and feast days a calendar gives one day to, and national days
    "epiphany": (1, 6), "burns night": (1, 25), "candlemas": (2, 2), "groundhog day": (2, 2),
    "st david's day": (3, 1), "st patrick's day": (3, 17), "st paddy's day": (3, 17),
    "paddy's day": (3, 17), "st george's day": (4, 23), "walpurgis night": (4, 30),
    "may day": (5, 1), "juneteenth": (6, 19), "midsummer day": (6, 24),
    "midsummer's day": (6, 24), "canada day": (7, 1), "bastille day": (7, 14),
    "lammas": (8, 1), "michaelmas": (9, 29), "all saints' day": (11, 1),
    "all saints day": (11, 1), "all souls' day": (11, 2), "all souls day": (11, 2),
    "bonfire night": (11, 5), "guy fawkes night": (11, 5), "remembrance day": (11, 11),
    "armistice day": (11, 11), "veterans day": (11, 11), "veterans' day": (11, 11),
    "st andrew's day": (11, 30), "st stephen's day": (12, 26), "hogmanay": (12, 31),
    # the fixed days of other countries' calendars (the first day of a festival of several)
    "lohri": (1, 13), "pongal": (1, 14), "makar sankranti": (1, 14), "australia day": (1, 26),
    "waitangi day": (2, 6), "nowruz": (3, 20), "norouz": (3, 20), "navruz": (3, 20),
    "songkran": (4, 13), "vaisakhi": (4, 13), "baisakhi": (4, 13), "anzac day": (4, 25),
    "king's day": (4, 27), "koningsdag": (4, 27), "golden week": (4, 29),
    "cinco de mayo": (5, 5), "st john's eve": (6, 23), "st john's day": (6, 24),
    "fourth of july": (7, 4), "sanfermines": (7, 6), "san fermín": (7, 6), "san fermin": (7, 6),
    "obon": (8, 13), "día de muertos": (11, 2), "dia de muertos": (11, 2),
    "día de los muertos": (11, 2), "dia de los muertos": (11, 2), "day of the dead": (11, 2),
    "sinterklaas": (12, 5), "st lucia": (12, 13), "santa lucia": (12, 13),
    "orthodox christmas": (1, 7), "old new year": (1, 14), "qingming": (4, 4),
    "qingming festival": (4, 4), "tomb-sweeping day": (4, 4), "may holidays": (5, 1),
}  # fmt: skip
# holidays on the n-th weekday of a month: (month, weekday (Monday 0), n; -1 the last)
_NTH_WEEKDAY = {
    "martin luther king day": (1, 0, 3), "mlk day": (1, 0, 3), "presidents' day": (2, 0, 3),
    "presidents day": (2, 0, 3), "louis riel day": (2, 0, 3), "memorial day": (5, 0, -1),
    "father's day": (6, 6, 3), "fathers day": (6, 6, 3), "columbus day": (10, 0, 2),
    "canadian thanksgiving": (10, 0, 2), "thanksgiving": (11, 3, 4), "labor day": (9, 0, 1),
}  # fmt: skip
# holidays on the first given weekday on or after a day: (month, day, weekday (Monday 0));
# the Nordic midsummer (Finland's Juhannus is the Saturday, Sweden's Midsommar the eve)
_WEEKDAY_FROM = {"juhannus": (6, 20, 5), "midsommar": (6, 19, 4)}
# the days counted from Western Easter Sunday
_FROM_EASTER = {
    "easter": 0, "easter sunday": 0, "easter monday": 1, "good friday": -2,
    "maundy thursday": -3, "holy thursday": -3, "holy saturday": -1, "palm sunday": -7,
    "ash wednesday": -46, "pentecost": 49, "whitsun": 49, "whit sunday": 49, "whit monday": 50,
    # carnival's last day (Shrove Tuesday), Basel's Fasnacht (the Monday after Ash
    # Wednesday), the Rhineland's Rosenmontag, Holy Week from Palm Sunday
    "mardi gras": -47, "shrove tuesday": -47, "pancake day": -47, "carnival": -47,
    "carnaval": -47, "carnevale": -47, "fasnacht": -41, "fasching": -48, "rosenmontag": -48,
    "semana santa": -7, "holy week": -7,
}  # fmt: skip
# the days counted from Orthodox Easter Sunday (Maslenitsa from the Monday of its week)
_FROM_ORTHODOX_EASTER = {
    "orthodox easter": 0, "pascha": 0, "maslenitsa": -55, "clean monday": -48,
}  # fmt: skip
_MOVING = (*_FROM_EASTER, *_FROM_ORTHODOX_EASTER, *_NTH_WEEKDAY, *_WEEKDAY_FROM)
# holidays of a lunar or lunisolar calendar: (month, day) of their first day, per year (the
# published civil dates; a year not listed names no day)
_DIWALI = {2020: (11, 14), 2021: (11, 4), 2022: (10, 24), 2023: (11, 12), 2024: (10, 31),
           2025: (10, 20), 2026: (11, 8), 2027: (10, 29)}  # fmt: skip
_LUNAR_NEW_YEAR = {2020: (1, 25), 2021: (2, 12), 2022: (2, 1), 2023: (1, 22), 2024: (2, 10),
                   2025: (1, 29), 2026: (2, 17), 2027: (2, 6)}  # fmt: skip
_EID_AL_FITR = {2020: (5, 24), 2021: (5, 13), 2022: (5, 2), 2023: (4, 21), 2024: (4, 10),
                2025: (3, 30), 2026: (3, 20), 2027: (3, 9)}  # fmt: skip
_EID_AL_ADHA = {2020: (7, 31), 2021: (7, 20), 2022: (7, 9), 2023: (6, 28), 2024: (6, 16),
                2025: (6, 6), 2026: (5, 27), 2027: (5, 16)}  # fmt: skip
_RAMADAN = {2020: (4, 24), 2021: (4, 13), 2022: (4, 2), 2023: (3, 23), 2024: (3, 11),
            2025: (3, 1), 2026: (2, 18), 2027: (2, 8)}  # fmt: skip
_HANUKKAH = {2020: (12, 11), 2021: (11, 29), 2022: (12, 19), 2023: (12, 8), 2024: (12, 26),
             2025: (12, 15), 2026: (12, 5), 2027: (12, 25)}  # fmt: skip
_CHUSEOK = {2020: (10, 1), 2021: (9, 21), 2022: (9, 10), 2023: (9, 29), 2024: (9, 17),
            2025: (10, 6), 2026: (9, 25), 2027: (9, 15)}  # fmt: skip
_MATARIKI = {2022: (6, 24), 2023: (7, 14), 2024: (6, 28), 2025: (6, 20), 2026: (7, 10),
             2027: (6, 25)}  # fmt: skip
_HOLI = {2020: (3, 10), 2021: (3, 29), 2022: (3, 18), 2023: (3, 8), 2024: (3, 25),
         2025: (3, 14), 2026: (3, 4)}  # fmt: skip
_DUSSEHRA = {2020: (10, 25), 2021: (10, 15), 2022: (10, 5), 2023: (10, 24), 2024: (10, 12),
             2025: (10, 2)}  # fmt: skip
_DRAGON_BOAT = {2020: (6, 25), 2021: (6, 14), 2022: (6, 3), 2023: (6, 22), 2024: (6, 10),
                2025: (5, 31), 2026: (6, 19), 2027: (6, 9)}  # fmt: skip
# the Hebrew calendar's feasts, counted from Rosh Hashanah (Pesach is 163 days before it,
# Yom Kippur 9 and Sukkot 14 days after it): their first full day
_ROSH_HASHANAH = {2020: (9, 19), 2021: (9, 7), 2022: (9, 26), 2023: (9, 16), 2024: (10, 3),
                  2025: (9, 23), 2026: (9, 12), 2027: (10, 2)}  # fmt: skip


def _shifted(days: dict[int, tuple[int, int]], by: int) -> dict[int, tuple[int, int]]:
    """The table of a feast ``by`` days after (before, negative) the one of ``days``, in the
    same year."""
    out = {}
    for year, (month, day) in days.items():
        when = date(year, month, day) + timedelta(days=by)
        out[year] = (when.month, when.day)
    return out


# Purim is 30 days before Pesach, Lag BaOmer 33 and Shavuot 50 days after it
_PURIM, _PESACH, _LAG_BAOMER, _SHAVUOT, _YOM_KIPPUR, _SUKKOT = (
    _shifted(_ROSH_HASHANAH, n) for n in (-193, -163, -130, -113, 9, 14)
)
# Nepal's Dashain and India's Navratri begin nine days before Vijaya Dashami (Dussehra);
# Nepal's Tihar two days before Diwali's main day; the Lantern Festival 14 days after the
# Lunar New Year
_NAVRATRI, _TIHAR, _LANTERN = (
    _shifted(_DUSSEHRA, -9),
    _shifted(_DIWALI, -2),
    _shifted(_LUNAR_NEW_YEAR, 14),
)
_LUNAR = {
    "diwali": _DIWALI, "deepavali": _DIWALI, "lunar new year": _LUNAR_NEW_YEAR,
    "chinese new year": _LUNAR_NEW_YEAR, "eid": _EID_AL_FITR, "eid al-fitr": _EID_AL_FITR,
    "eid al fitr": _EID_AL_FITR, "eid al-adha": _EID_AL_ADHA, "eid al adha": _EID_AL_ADHA,
    "ramadan": _RAMADAN, "hanukkah": _HANUKKAH, "chanukah": _HANUKKAH,
    "tết": _LUNAR_NEW_YEAR, "tet": _LUNAR_NEW_YEAR, "seollal": _LUNAR_NEW_YEAR,
    "spring festival": _LUNAR_NEW_YEAR, "eid ul-fitr": _EID_AL_FITR, "eid ul fitr": _EID_AL_FITR,
    "eid-ul-fitr": _EID_AL_FITR, "hari raya": _EID_AL_FITR, "lebaran": _EID_AL_FITR,
    "ramazan": _RAMADAN, "eid ul-adha": _EID_AL_ADHA, "eid ul adha": _EID_AL_ADHA,
    "eid-ul-adha": _EID_AL_ADHA, "bakri eid": _EID_AL_ADHA, "bakrid": _EID_AL_ADHA,
    "hari raya haji": _EID_AL_ADHA, "kurban bayram": _EID_AL_ADHA,
    # Turkish: the feasts are "bayram"; "Ramazan Bayramı" is the end of the fast, not its start
    "kurban bayramı": _EID_AL_ADHA, "kurban bayrami": _EID_AL_ADHA,
    "ramazan bayramı": _EID_AL_FITR, "ramazan bayrami": _EID_AL_FITR,
    "ramazan bayram": _EID_AL_FITR, "şeker bayramı": _EID_AL_FITR, "seker bayrami": _EID_AL_FITR,
    "chuseok": _CHUSEOK, "mid-autumn festival": _CHUSEOK, "moon festival": _CHUSEOK,
    "matariki": _MATARIKI, "holi": _HOLI, "dussehra": _DUSSEHRA, "dasara": _DUSSEHRA,
    "vijaya dashami": _DUSSEHRA, "rosh hashanah": _ROSH_HASHANAH, "rosh hashana": _ROSH_HASHANAH,
    "yom kippur": _YOM_KIPPUR, "sukkot": _SUKKOT, "sukkos": _SUKKOT, "pesach": _PESACH,
    "passover": _PESACH, "purim": _PURIM, "lag baomer": _LAG_BAOMER, "lag b'omer": _LAG_BAOMER,
    "shavuot": _SHAVUOT, "shavuos": _SHAVUOT, "dashain": _NAVRATRI, "navratri": _NAVRATRI,
    "tihar": _TIHAR, "lantern festival": _LANTERN, "dragon boat festival": _DRAGON_BOAT,
    "duanwu": _DRAGON_BOAT, "duanwu festival": _DRAGON_BOAT,
}  # fmt: skip
_NAMES = sorted([*_FIXED, *_MOVING, *_LUNAR], key=lambda n: -len(n))
_HOLIDAY = (
    r"(?:(?i:\b(?:since|after|before|at|over|around|by|until|till|on|from|during"
    r"|last|next|this(?:\s+(?:past|coming))?)\s+(?:the\s+)?)"
    r"|(?i:(?<=\bfor )))"  # "for Christmas": a day, not a duration (the word is left out)
    r"(?i:\b("
    + "|".join(re.escape(n).replace("'", "['’]?").replace(r"st\ ", r"st\.?\ ") for n in _NAMES)
    + r"))(?!\w)"
    r"(?!['’]?s?\s+(?i:tree|trees|cookies|cards?|presents?|gifts?|jumpers?|sweaters?|songs?|"
    r"music|movies?|films?|lights|decorations|markets?|shopping|dinner menu|egg|eggs|bunny|"
    r"costumes?|candy|sales?|special|episode|resolutions?))"
)
# "since Ramadan started": the holiday's first day, the verb part of the expression (a fact's
# text that cuts the date would otherwise keep "started")
_STARTED = r"(?:\s+(?i:started|began|begun|kicked\s+off|rolled\s+around|came\s+round))?"
HOLIDAY_PATTERN = _HOLIDAY + _STARTED
# the year it was in, read before "last year" alone is: "since Easter of last year", "at
# Christmas 2019"
HOLIDAY_IN_YEAR_PATTERN = (
    _HOLIDAY + r"\s+(?i:of\s+)?(?P<year>(?i:last|this|next)\s+year|(?:19|20)\d\d)\b" + _STARTED
)
# the words of which one must stand in a text for the rule to be tried: each word of a name
# as the date rules' gate reads words ([a-z]+; "good friday": "friday"), but the common ones
# (each name keeps a word of its own: "old new year" is tried for "year", "the May holidays"
# for "may", "Lag b'Omer" for "omer", "Clean Monday" for "monday")
_COMMON = ("the", "of", "de", "los", "day", "s", "st", "eve", "new", "n", "old", "holidays",
           "clean", "b", "boat", "lag")  # fmt: skip
HOLIDAY_WORDS = frozenset(
    word for name in _NAMES for word in re.findall(r"[a-z]+", name) if word not in _COMMON
)


def holiday(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """The day of the holiday named by ``m`` (group 1) nearest the clause's tense."""
    head = " ".join(m.group(0).lower().split()[:2])
    if head.startswith(("since", "last", "this past")):
        ctx = replace(ctx, future=False)  # "since Easter": the last one, whatever the tense
    elif head.startswith(("next", "this coming")):
        ctx = replace(ctx, future=True)  # "next Christmas": the coming one
    name = " ".join(m.group(1).lower().replace("’", "'").replace("st.", "st").split())
    year = m.groupdict().get("year")
    if year:
        return _in_year(name, _year_of(year, ctx.day.year))
    fixed = _fixed(name)
    if fixed is not None:
        return day_in_year(replace(ctx, near_ahead=False), fixed[0], fixed[1], None)
    if name in _LUNAR:
        return _lunar(_LUNAR[name], ctx)
    rule = _moving(name)
    when = rule(ctx.day.year)
    if not ctx.future and when > ctx.day:
        when = rule(ctx.day.year - 1)
    elif ctx.future and when < ctx.day:
        when = rule(ctx.day.year + 1)
    return midnight(when)


def _year_of(said: str, this_year: int) -> int:
    """The year "last year", "this year", "next year" or "2019" names."""
    word = said.split()[0].lower()
    return {"last": this_year - 1, "this": this_year, "next": this_year + 1}.get(word) or int(word)


def _in_year(name: str, year: int) -> datetime | None:
    """The holiday ``name``'s day in ``year`` (none for a lunar one the table lacks)."""
    fixed = _fixed(name)
    if fixed is not None:
        return midnight(date(year, *fixed))
    if name in _LUNAR:
        day = _LUNAR[name].get(year)
        return midnight(date(year, *day)) if day else None
    return midnight(_moving(name)(year))


def _fixed(name: str) -> tuple[int, int] | None:
    """(month, day) of a holiday on a fixed day ("new year's" with or without its
    apostrophe), else ``None``."""
    return _FIXED.get(name) or _FIXED.get(name.replace("'", ""))


def _moving(name: str) -> Callable[[int], date]:
    """The rule that computes a moving holiday's day in a year (Easter and the days counted
    from it, the holidays on the n-th weekday of a month, Thanksgiving among them)."""
    for counted, computus in ((_FROM_EASTER, _easter), (_FROM_ORTHODOX_EASTER, _orthodox_easter)):
        if name in counted:
            return partial(_days_from, computus, counted[name])
    if name in _WEEKDAY_FROM:
        month, day, weekday = _WEEKDAY_FROM[name]
        return lambda year: weekday_from(date(year, month, day), weekday)
    month, weekday, n = _NTH_WEEKDAY[name]
    return lambda year: _on(nth_weekday(year, month, weekday, n))


def _days_from(computus: Callable[[int], date], days: int, year: int) -> date:
    """The day ``days`` after (before, negative) the year's Easter by ``computus``."""
    return computus(year) + timedelta(days=days)


def _on(day: date | None) -> date:
    assert day is not None  # every holiday of the table is at most a fourth weekday
    return day


def _lunar(days: dict[int, tuple[int, int]], ctx: DayContext) -> datetime | None:
    """The holiday's day of the reference year, or of the year before (after, looking
    ahead) when that one is not behind (ahead) the reference day; none beyond the table."""
    year = ctx.day.year
    for y in (year, year - 1) if not ctx.future else (year, year + 1):
        if y in days:
            when = date(y, *days[y])
            if (when <= ctx.day) != ctx.future or when == ctx.day:
                return midnight(when)
    return None


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    lw = (32 + 2 * e + 2 * i - h - k) % 7
    n = (a + 11 * h + 22 * lw) // 451
    month, day = divmod(h + lw - 7 * n + 114, 31)
    return date(year, month, day + 1)


def _orthodox_easter(year: int) -> date:
    """Orthodox Easter Sunday: the Julian computus, moved to the Gregorian calendar (13 days
    ahead from 1900 to 2099)."""
    a, b, c = year % 4, year % 7, year % 19
    d = (19 * c + 15) % 30
    e = (2 * a + 4 * b - d + 34) % 7
    month, day = divmod(d + e + 114, 31)
    return date(year, month, day + 1) + timedelta(days=13)
