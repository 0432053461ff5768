"""Building a hub's API instance: sources, platforms, source checks, merge, names, policy."""
