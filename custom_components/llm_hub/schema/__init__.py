"""Tool parameter schemas every model provider accepts: cleaned, listed and kept per hub.

``parameters`` converts and cleans a tool's parameters (with ``cleaner`` and the words of
``text``) and makes the parameters a hub lists; ``cache`` keeps them across requests.
"""
