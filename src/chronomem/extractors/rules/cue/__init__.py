"""The semantic cue and the ending reader's meaning test: clauses no pattern read,
matched by likeness to banks of prototype clauses with the local embedder."""
