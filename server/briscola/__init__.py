"""briscola: a real-time, provably fair Briscola server.

The package is in layers, each importing only those before it (docs/ARCHITECTURE.md; a test
holds the order):

- :mod:`briscola.engine`: the rules, pure values in and out;
- :mod:`briscola.bots`: a move for one seat's view;
- :mod:`briscola.wire`: commands in, messages out, error codes, names, table rules;
- :mod:`briscola.table`: one table sans I/O (events, snapshots, the rules of the house) and
  its room session (connections by id, handlers, what goes to whom);
- :mod:`briscola.metrics`: the Prometheus registry;
- :mod:`briscola.store`: where tables and records are kept (memory, or the Redis mirror);
- :mod:`briscola.service`: the I/O shell: transport, room runners, the manager, the app;
- :mod:`briscola.cli`: the ``briscola`` command.
"""
