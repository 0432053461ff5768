"""The sidebar panel: its registration, websocket commands, inspector and test bench."""
