"""Sentence analysis: sentences and clauses, time expressions and their dates, entity
spans, who a clause is about, negation and tense; what every reader reads."""
