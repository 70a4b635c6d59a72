"""Reading plain text, shared by extraction and search: no extractor or store inside.

- :mod:`~chronomem.text.dates`: time expressions found in a text and resolved against a
  reference instant (``find_time_expressions``); its rules are in ``date_rules.py``, their
  resolvers in ``date_resolvers.py`` and ``duration_resolvers.py``, the names of months,
  weekdays and counts in ``date_words.py``, the calendar arithmetic in ``daymath.py``, casual
  wordings in ``casual_dates.py``, holidays in ``holidays.py``, "for two years now" in
  ``lasting.py``;
- :mod:`~chronomem.text.tense`: which way a clause looks in time;
- :mod:`~chronomem.text.past_states`: whether a clause tells its state as over;
- :mod:`~chronomem.text.time_words`: the future cues and calendar nouns both read;
- :mod:`~chronomem.text.speakers`: whether a turn is an assistant's;
- :mod:`~chronomem.text.words`: building word lists from text.

The rule extractor (``extractors/rules/``) and the searcher (``search/``) both import from
here; nothing here imports either of them.
"""
