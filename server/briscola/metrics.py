"""Prometheus metrics (prometheus_client): one registry per app, so tests stay apart."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.rooms = Gauge("briscola_rooms", "Live tables", registry=self.registry)
        self.connections = Gauge(
            "briscola_connections", "Open websocket connections", registry=self.registry
        )
        self.moves = Counter("briscola_moves", "Cards played and swaps", registry=self.registry)
        self.errors = Counter(
            "briscola_errors", "Refused messages by code", ["code"], registry=self.registry
        )
        self.move_latency = Histogram(
            "briscola_move_seconds",
            "From a move's arrival to its broadcast (including the mirror write)",
            buckets=(0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.mirror_flush = Histogram(
            "briscola_mirror_flush_seconds",
            "One pipeline of mirror writes to Redis",
            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5),
            registry=self.registry,
        )
        self.mirror_degraded = Gauge(
            "briscola_mirror_degraded", "1 while Redis is not answering", registry=self.registry
        )
        self.mirror_repairing = Gauge(
            "briscola_mirror_repairing",
            "1 while tables and records Redis lacks (after an outage or a loss) are written again",
            registry=self.registry,
        )
        self.mirror_data_loss = Counter(
            "briscola_mirror_data_loss",
            "Times Redis was found to have lost writes it had acknowledged (flushed, or "
            "restarted or failed over without them); everything was then written again",
            registry=self.registry,
        )
        self.mails = Counter(
            "briscola_mails",
            "E-mails handed to the SMTP server, by kind (confirmation, turn) and outcome "
            "(sent, failed)",
            ["kind", "outcome"],
            registry=self.registry,
        )
