"""Text normalisation: rewriters of the episode's text before it is cut into sentences
(chat spellings, typos, dropped subjects, lower-case names), and the text stages."""
