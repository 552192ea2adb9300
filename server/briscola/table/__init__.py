"""One table, sans I/O: its events and snapshots, the rules of the house (the core, one
module per concern) and the room session around it (connections by id, command handlers,
what goes to whom)."""
