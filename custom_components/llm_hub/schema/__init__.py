"""Tool parameter schemas every model provider accepts: cleaned, listed and kept per hub."""
