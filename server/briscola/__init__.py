"""briscola: a real-time, provably fair Briscola server.

The rules live in :mod:`briscola.engine`; the rest is the shell that serves them.
"""
