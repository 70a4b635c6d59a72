"""The readers: the decisions that turn an analysed sentence into hits (relations,
endings, corrections, plans), and the sentence stages that wrap them."""
