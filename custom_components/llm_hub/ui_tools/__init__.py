"""Tools made in the UI: the tool subentries, their tools and the "Add tool" flow."""
