"""What the tests share: hubs, flows, homes, clients and values."""
