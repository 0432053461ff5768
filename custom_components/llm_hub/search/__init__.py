"""Tool search mode: terms, the intent vocabulary, the index, the meta-tools."""
