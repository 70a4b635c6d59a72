"""Sentence analysis: sentences and clauses, entity spans, who a clause is about and
negation; what every reader reads (time expressions and tense: ``chronomem.text``)."""
