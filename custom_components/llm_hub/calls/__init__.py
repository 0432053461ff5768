"""Calling a hub's tools: the pipeline, arguments, results, deadlines, the audit trail."""
