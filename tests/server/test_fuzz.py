"""A bounded fuzz of the websocket edge: about 20,000 generated frames sent to a real server
process, in batches, by one connection that may sit down at a real table on the way.

Whatever the frame, the server answers with messages of documented types, every error
carries a documented code, the connection is never closed, the server stays up and its log
holds no traceback. The frames are JSON of every shape, command-shaped objects with fields
of every type (and the real table's id), malformed and truncated JSON, trailing bytes,
deep nesting, free text and binary frames. Under CI the run is derandomized (the same
frames every time); elsewhere each run draws new ones.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from briscola.wire.commands import COMMAND_TYPES, MAX_FRAME
from support.client import Message
from support.servers import ServerProcess

PROTOCOL = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text()


def table_names(heading: str) -> set[str]:
    """The first column's names of the table under ``heading`` in PROTOCOL.md."""
    section = PROTOCOL.split(heading, 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE))


DOCUMENTED_CODES = table_names("## Error codes")
SERVER_TYPES = table_names("## Server → client")
BATCH = 20
BATCHES = 1000
#: Replaced by the real table's id in every frame, so that commands reach a real table.
ROOM = "ROOM-ID"
MARKER = '{"type": "end-of-batch"}'

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from([ROOM, "AD", "7B", "ZZ", "Bot 2", "", " ", "\u202e", 0, 1, 3, 4, -1])
)
values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ("room", "name", "seat", "side", "token", "ready", "card", "text", "to")
commands = st.fixed_dictionaries(
    {"type": st.sampled_from(sorted(COMMAND_TYPES)) | st.text(max_size=12) | values},
    optional={name: values for name in FIELDS},
)
json_text = (commands | values).map(json.dumps)
nested = st.tuples(st.integers(1, 2000), st.sampled_from(["[", '{"a":'])).map(
    lambda depth_open: (
        depth_open[1] * depth_open[0] + ("]" * depth_open[0] if depth_open[1] == "[" else "")
    )
)
text_frames = (
    json_text
    | st.tuples(json_text, st.text(min_size=1, max_size=5)).map("".join)
    | json_text.flatmap(lambda text: st.integers(0, len(text)).map(lambda cut: text[:cut]))
    | nested
    | st.text(max_size=100)
).filter(lambda frame: len(frame.encode()) <= MAX_FRAME)
frames = text_frames | st.binary(max_size=64)


@pytest.fixture(scope="module")
def fuzzed_server() -> Iterator[ServerProcess]:
    """``briscola serve`` in a process of its own, with no rate limit (the fuzzer sends far
    faster than people), and bots that move at once."""
    process = ServerProcess(
        env={"BRISCOLA_RATE": "1e9", "BRISCOLA_BURST": "1e9", "BRISCOLA_BOT_DELAY": "0"}
    )
    process.start()
    yield process
    process.stop()


class Fuzzer:
    """One connection (websockets' synchronous client: no event loop to share with the
    generator) that sends batches of frames and checks everything it gets back."""

    def __init__(self, ws: ClientConnection, room: str) -> None:
        self.ws = ws
        self.room = room
        self.frames = 0

    def send_batch(self, batch: list[str | bytes]) -> None:
        for frame in batch:
            self.ws.send(frame.replace(ROOM, self.room) if isinstance(frame, str) else frame)
        self.ws.send(MARKER)
        self.frames += len(batch)
        while True:
            message: Message = json.loads(self.ws.recv(timeout=30))
            check(message)
            if message["type"] == "error" and "end-of-batch" in message["message"]:
                return


def check(message: Message) -> None:
    assert message["type"] in SERVER_TYPES, message
    if message["type"] == "error":
        assert message["code"] in DOCUMENTED_CODES, message
        assert isinstance(message["message"], str) and message["message"], message


def test_fuzzed_frames_get_documented_answers(fuzzed_server: ServerProcess) -> None:
    """~20,000 generated frames: documented answers only, the socket stays open, the server
    stays up and logs no traceback."""
    rules = {"players": 2, "swap_seven": True, "clock": 1}
    room = httpx.post(f"{fuzzed_server.url}/api/rooms", json=rules).json()["id"]
    # No keepalive pings: their payloads come from the `random` module, which Hypothesis
    # forbids while it draws.
    with connect(fuzzed_server.ws_url, compression=None, ping_interval=None) as ws:
        fuzzer = Fuzzer(ws, room)

        @settings(
            max_examples=BATCHES,
            deadline=None,
            derandomize=bool(os.environ.get("CI")),
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(batch=st.lists(frames, min_size=BATCH, max_size=BATCH))
        def run(batch: list[str | bytes]) -> None:
            fuzzer.send_batch(batch)

        run()
        assert fuzzer.frames >= BATCH * BATCHES
        ws.send('{"type": "lobby"}')
        assert json.loads(ws.recv(timeout=30))["type"] == "lobby"  # still open, still served
    assert httpx.get(f"{fuzzed_server.url}/healthz").json()["status"] == "ok"
    assert fuzzed_server.process is not None and fuzzed_server.process.poll() is None
    log = "".join(fuzzed_server.log)
    assert not re.search(r"Traceback|\bERROR\b", log), log[-4000:]
