"""The tables: word lists and the relation pattern table, data rather than code.

Word lists: ``lexicon.py`` (grammar words), ``gazetteer.py`` (what names a kind of entity),
``life_words.py`` (the things of a life). The pattern table: ``patterns.py`` puts in order
the rows of one module per concern (``work_rows.py``, ``health_rows.py``, ``people_rows.py``,
...; ``row.py`` is one row) and compiles them.
"""
