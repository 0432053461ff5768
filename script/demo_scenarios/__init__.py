"""The checks of ``script/demo``, one module per scenario, and the clients they share."""
