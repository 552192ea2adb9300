"""Several processes on one Redis: any process takes any player, every process lists every
table, a dead process's tables move to the others, and a frozen one cannot overwrite its
successor (fencing). Real processes, a real Redis; the agents of :mod:`support.agents`."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import httpx
import pytest

from briscola.engine import GAMES, record_game
from support.agents import Agent
from support.client import Client, Message, create_room
from support.haproxy import HAProxy
from support.servers import REPO, RedisServer, free_port

from .conftest import PROCESS_ENV, Cluster

TIMEOUT = 60
#: The grace period of the tables whose last person leaves: longer than the shared lobby
#: takes to unlist them everywhere (a second), so that the test sees them unlisted first.
GRACE = 5
CLOSE = {"connection": "close"}
#: The load balancer test: four-player tables with a spectator each, and how many times a
#: random process is killed while they play.
TABLES = 50
KILLS = 10


class Moves:
    """Counts the moves the agents send; a test waits until there have been ``n`` more."""

    def __init__(self) -> None:
        self.count = 0
        self._changed = asyncio.Event()

    def moved(self) -> None:
        self.count += 1
        self._changed.set()

    async def more(self, n: int) -> None:
        target = self.count + n
        async with asyncio.timeout(TIMEOUT):
            while self.count < target:
                self._changed.clear()
                await self._changed.wait()


def agents_for(
    room: str,
    urls: Sequence[str],
    spectator_url: str,
    moves: Moves,
    seed: int = 0,
    gate: asyncio.Event | None = None,
) -> list[Agent]:
    """One agent per seat (seat i connects to ``urls[i]``) and a spectator."""
    seats = [
        Agent(url, room, f"P{i}", i, seed=seed * 10 + i, on_move=moves.moved, gate=gate)
        for i, url in enumerate(urls)
    ]
    return [*seats, Agent(spectator_url, room, "Watcher", None)]


async def check_records(base_url: str, agents: Sequence[Agent], last: Message) -> None:
    """Every hand of the match is served, verifies, and holds every play a seat saw
    acknowledged (a card of its own that left its hand)."""
    async with httpx.AsyncClient() as http:
        for ref in last["records"]:
            response = await http.get(f"{base_url}/api/hands/{ref['hand_id']}")
            assert response.status_code == 200, ref
            record = response.json()
            GAMES[record_game(record)].verify(record)
            for agent in agents:
                if agent.seat is None:
                    continue
                played = {
                    a["card"]
                    for a in record["actions"]
                    if a["seat"] == agent.seat and a["type"] == "play"
                }
                seen = agent.seen.played.get(record["commitment"], set())
                assert seen <= played, (agent.name, seen - played)


async def test_every_process_lists_every_table(cluster: Cluster) -> None:
    """A table made on any process is in the lobby of every process, pushed to its
    subscribers."""
    processes = await cluster(3)
    watchers = [await Client.connect(p.ws_url) for p in processes]
    for watcher in watchers:
        await watcher.send({"type": "lobby"})
    rooms = {(await create_room(p.url))["id"] for p in processes}
    for watcher in watchers:
        await watcher.wait_for(
            lambda m: m["type"] == "lobby" and rooms <= {r["id"] for r in m["rooms"]}
        )
        await watcher.close()
    async with httpx.AsyncClient() as http:
        for process, room in zip(processes, sorted(rooms), strict=False):
            assert (await http.get(f"{process.url}/api/rooms/{room}")).status_code == 200


async def test_a_table_plays_with_its_people_on_different_processes(cluster: Cluster) -> None:
    """The owner runs the table; the other processes forward their people's commands and
    deliver its frames: the match is played out as on one process."""
    a, b, c = await cluster(3)
    room = (await create_room(b.url, players=4))["id"]
    moves = Moves()
    agents = agents_for(room, [a.ws_url, b.ws_url, c.ws_url, a.ws_url], c.ws_url, moves)
    async with asyncio.timeout(TIMEOUT):
        [last, *_] = await asyncio.gather(*(agent.run() for agent in agents))
    assert all(agent.seen.reconnects == 0 and agent.seen.rejoined == 0 for agent in agents)
    await check_records(a.url, agents, last)


async def test_a_table_its_last_person_left_leaves_every_lobby_and_closes_after_its_grace(
    cluster: Cluster,
) -> None:
    """A table whose last person left (bots in the other seats) is unlisted at once in the
    lobby of every process, and its owner closes it after its grace period: its link then
    answers 404 on every process. Before the match (bots only) and during it; the person on
    one process, the table owned by the other."""
    a, b = await cluster(2)
    rooms = {
        "waiting": (await create_room(a.url, players=4, grace=GRACE))["id"],
        "playing": (await create_room(b.url, players=4, grace=GRACE))["id"],
    }
    watchers = [await Client.connect(p.ws_url, "Lobby") for p in (a, b)]
    for watcher in watchers:
        await watcher.send({"type": "lobby"})
    people = {}
    for kind, room in rooms.items():
        person = await Client.connect((b if kind == "waiting" else a).ws_url, kind.title())
        await person.join(room)
        for seat in (1, 2, 3):
            await person.send({"type": "add_bot", "seat": seat})
        await person.wait_for(lambda m: m["type"] == "state" and m["room"]["free_seats"] == 0)
        people[kind] = person
    await people["playing"].send({"type": "ready", "ready": True})
    await people["playing"].wait_for(
        lambda m: m["type"] == "state" and m["room"]["status"] == "playing"
    )
    ids = set(rooms.values())

    def shown(message: Message) -> set[str]:
        return {r["id"] for r in message["rooms"]} if message["type"] == "lobby" else set()

    for watcher in watchers:
        await watcher.wait_for(lambda m: ids <= shown(m), timeout=TIMEOUT)
    for person in people.values():
        await person.send({"type": "leave"})
        await person.wait_type("left")
    async with httpx.AsyncClient() as http:
        for watcher in watchers:
            await watcher.wait_for(lambda m: m["type"] == "lobby" and not ids & shown(m))
        # Unlisted, not yet closed: the one who left may still come back to it.
        for room in ids:
            assert (await http.get(f"{a.url}/api/rooms/{room}")).status_code == 200
    for kind, owner in (("waiting", a), ("playing", b)):
        await asyncio.to_thread(owner.wait_for_line, f"closed table {rooms[kind]}")
    async with httpx.AsyncClient() as http:
        for process in (a, b):
            for room in ids:
                assert (await http.get(f"{process.url}/api/rooms/{room}")).status_code == 404
    for client in (*watchers, *people.values()):
        await client.close()


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 4},
        {"players": 6, "partner_comm": "signals"},
        {"players": 2, "game": "scoperta", "stock": "top"},
        {"players": 5, "game": "chiamata"},
    ],
    ids=["classic-4", "six-signals", "scoperta", "chiamata"],
)
async def test_a_killed_owners_tables_move_and_the_others_see_only_a_pause(
    cluster: Cluster, rules: dict[str, Any]
) -> None:
    """SIGKILL the owner mid-hand: another process takes the table over from the mirror;
    the people on the survivors are attached to it again without a reconnect; those of
    the dead process reconnect elsewhere and resume; nothing acknowledged is lost. The
    same for the six-player game of signals, for Scoperta and for Chiamata (killed in its
    auction)."""
    a, b, c = await cluster(3)
    room = (await create_room(a.url, **rules))["id"]
    moves = Moves()
    urls = [a.ws_url, b.ws_url, c.ws_url, b.ws_url, c.ws_url, b.ws_url][: rules["players"]]
    agents = agents_for(room, urls, c.ws_url, moves)
    playing = asyncio.gather(*(agent.run() for agent in agents))
    await moves.more(6)
    await asyncio.to_thread(a.kill)
    agents[0].ws_url = b.ws_url  # as a load balancer would send it
    async with asyncio.timeout(TIMEOUT):
        [last, *_] = await playing
    assert agents[0].seen.reconnects == 1
    for agent in agents[1:]:
        assert agent.seen.reconnects == 0, agent.name
        assert agent.seen.rejoined >= 1, agent.name
    await check_records(b.url, agents, last)


async def test_a_frozen_owner_cannot_overwrite_its_successor(cluster: Cluster) -> None:
    """SIGSTOP the owner past its lease: another process takes the table and play goes on
    there; SIGCONT the first: its writes are refused (fenced), it drops the table, and
    nobody ever sees two versions of one move."""
    a, b = await cluster(2)
    room = (await create_room(a.url, players=2))["id"]
    moves = Moves()
    agents = agents_for(room, [a.ws_url, b.ws_url], b.ws_url, moves)
    playing = asyncio.gather(*(agent.run() for agent in agents))
    await moves.more(4)
    a.process.send_signal(signal.SIGSTOP)  # type: ignore[union-attr]
    try:
        await asyncio.to_thread(b.wait_for_line, f"took over table {room}")
        agents[0].ws_url = b.ws_url
        agents[0].drop()  # its socket to the frozen process, as a browser gives up on it
        await moves.more(4)
    finally:
        a.process.send_signal(signal.SIGCONT)  # type: ignore[union-attr]
    await asyncio.to_thread(a.wait_for_line, f"table {room} moved to another process")
    async with asyncio.timeout(TIMEOUT):
        [last, *_] = await playing
    for agent in agents[1:]:
        assert agent.seen.reconnects == 0 and agent.seen.rejoined >= 1, agent.name
    await check_records(b.url, agents, last)


async def test_tables_survive_processes_killed_behind_a_load_balancer(cluster: Cluster) -> None:
    """Three processes behind HAProxy; tables made and people connected through it land on
    different processes; SIGKILL a random process at random moments, starting it again
    each time: every table finishes, every record verifies, no acknowledged move is lost,
    nobody sees two versions of one move."""
    processes = await cluster(3)
    balancer = HAProxy([p.port for p in processes])
    await asyncio.to_thread(balancer.start)
    try:
        rng = random.Random(11)
        moves = Moves()
        rooms = [
            (await create_room(balancer.url, players=4, best_of=3))["id"] for _ in range(TABLES)
        ]
        urls = [balancer.ws_url] * 4
        gate = asyncio.Event()
        gate.set()
        agents = [
            agent
            for n, room in enumerate(rooms)
            for agent in agents_for(room, urls, balancer.ws_url, moves, n, gate=gate)
        ]
        playing = asyncio.gather(*(agent.run() for agent in agents))
        async with asyncio.timeout(TIMEOUT):  # a join whose answer a kill cut has no token
            await asyncio.gather(*(agent.joined.wait() for agent in agents))
        for kill in range(KILLS):
            await moves.more(rng.randint(20, 120))
            if playing.done():
                playing.result()  # an agent's failure, if that is what ended them
                raise AssertionError(f"every match was over before kill {kill + 1}")
            victim = rng.choice(processes)
            await asyncio.to_thread(victim.kill)
            gate.clear()  # no play while it restarts: the matches outlast the kills
            await asyncio.to_thread(victim.start)
            gate.set()
        async with asyncio.timeout(TIMEOUT * 2):
            lasts = await playing
        assert sum(agent.seen.reconnects for agent in agents) > 0  # the kills did hit people
        for n in range(TABLES):
            table = agents[n * 5 : n * 5 + 5]
            await check_records(balancer.url, table, lasts[n * 5])
    finally:
        await asyncio.to_thread(balancer.close)


async def test_workers_share_one_port(redis_server: RedisServer) -> None:
    """``briscola serve --workers 2``: two processes on one port (the kernel spreads the
    connections), two nodes of one cluster; a SIGTERM to the command stops both."""
    port = free_port()
    command = [sys.executable, "-m", "briscola.cli", "serve", "--port", str(port)]
    command += ["--redis-url", redis_server.url, "--workers", "2"]
    env = {**os.environ, "PYTHONPATH": str(REPO / "server"), **PROCESS_ENV}
    parent = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert parent.stderr is not None
    try:
        for _ in range(2):  # each worker says when it has started
            while b"startup complete" not in await asyncio.to_thread(parent.stderr.readline):
                pass
        nodes: set[int] = set()
        async with httpx.AsyncClient() as http:
            for _ in range(200):  # a new connection each time
                try:
                    answer = await http.get(f"http://127.0.0.1:{port}/healthz", headers=CLOSE)
                except httpx.ConnectError:  # a worker between its start-up and listening
                    continue
                nodes.add(answer.json()["node"])
                if len(nodes) == 2:
                    break
        assert len(nodes) == 2, nodes
    finally:
        parent.send_signal(signal.SIGTERM)
        code = await asyncio.to_thread(parent.wait, 30)
        parent.stderr.close()
    assert code == 0
