"""What a call acts on: one walker of action sequences, one resolver of targets to entities."""
