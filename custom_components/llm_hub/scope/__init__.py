"""A hub's scope: which entities of the home it reaches."""
