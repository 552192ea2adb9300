"""Commands in, messages out, error codes, names and table rules: the protocol as typed
values (docs/PROTOCOL.md)."""
