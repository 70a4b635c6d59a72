"""The tables: word lists and the relation pattern table, data rather than code."""
