"""The edge holds against hostile input: frames that used to crash the handler, limits
counted in bytes at every size, binary frames, bodies read as streams, and who may connect.

Each test here reproduces a hole found from outside; each answer is a documented code and
the connection (or server) carries on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import httpx
import pytest
import websockets
from websockets.exceptions import InvalidStatus

from support.client import Client, create_room
from support.servers import InProcessServer, ServerProcess

MakeServer = Callable[..., AbstractAsyncContextManager[InProcessServer]]
MIB = 2**20
JSON = {"content-type": "application/json"}


async def still_answers(client: Client) -> None:
    """The connection is open and served: a lobby request is answered."""
    await client.send({"type": "lobby"})
    await client.wait_type("lobby")


@pytest.mark.parametrize(
    "frame",
    [
        '{"x":' + "[" * 1000 + "]" * 1000 + "}",
        '{"type":"chat","text":' + "[" * 2000 + "]" * 2000 + "}",
        "[" * 4000,
        "{}x",
        '{"type":"nope"} x',
        '{"type":"play"}]',
        '{"type":"sync"} x',
    ],
    ids=["nested-1000", "nested-2000", "open-4000", "empty-x", "unknown-x", "play-]", "sync-x"],
)
async def test_frames_that_crashed_the_handler_get_bad_json(
    server: InProcessServer, frame: str, logged_errors: list[logging.LogRecord]
) -> None:
    """Deep nesting and trailing bytes are bad_json; the socket stays open, nothing logged."""
    client = await Client.connect(server.ws_url, "Fuzz")
    await client.send(frame)
    await client.error("bad_json")
    await still_answers(client)
    await client.close()
    assert logged_errors == []


def chat_frame(size: int) -> str:
    """A chat message of exactly ``size`` bytes (ASCII)."""
    frame = json.dumps({"type": "chat", "text": ""})
    return frame[:-2] + "x" * (size - len(frame)) + '"}'


async def test_the_frame_limit_counts_bytes(server: InProcessServer) -> None:
    """A frame of 4,096 bytes is read (here: a chat too long, bad_message); one of fewer
    characters but more bytes (the euro sign is 3 bytes) is too_large, then closed 1009."""
    client = await Client.connect(server.ws_url, "Euro")
    await client.send(chat_frame(4096))
    await client.error("bad_message")
    await still_answers(client)
    euros = json.dumps({"type": "chat", "text": "€" * 1400}, ensure_ascii=False)
    assert len(euros) < 4096 < len(euros.encode())
    await client.send(euros)
    await client.error("too_large")
    async with asyncio.timeout(30):
        await client.ws.wait_closed()
    assert client.ws.close_code == 1009


@pytest.mark.parametrize("size", [4097, 9022, 64 * 1024 + 1, 3 * MIB])
async def test_every_oversized_frame_gets_too_large_then_1009(
    server: InProcessServer, size: int
) -> None:
    """Whatever the size over the limit, the same answer: too_large, then close 1009."""
    client = await Client.connect(server.ws_url, "Big")
    # A frame of megabytes: the server may close before it is all sent.
    with contextlib.suppress(websockets.ConnectionClosed):
        await client.send(chat_frame(size))
    refused = await client.recv()
    assert (refused["type"], refused["code"]) == ("error", "too_large")
    async with asyncio.timeout(30):
        await client.ws.wait_closed()
    assert client.ws.close_code == 1009


async def test_binary_frames_are_refused(server: InProcessServer) -> None:
    """A binary frame is not executed: binary_frame, and the socket stays open."""
    client = await Client.connect(server.ws_url, "Bin")
    await client.ws.send(json.dumps({"type": "lobby"}).encode())
    refused = await client.recv()
    assert (refused["type"], refused["code"]) == ("error", "binary_frame")
    await still_answers(client)
    await client.close()


async def test_room_not_found_names_the_message_refused(server: InProcessServer) -> None:
    """room_not_found carries the type of the message refused as its ref."""
    client = await Client.connect(server.ws_url, "Lost")
    for message in (
        {"type": "join", "room": "nope", "name": "Lost"},
        {"type": "watch", "room": "nope"},
        {"type": "resume", "room": "nope", "token": "t"},
    ):
        await client.send(message)
        assert (await client.error("room_not_found"))["ref"] == message["type"]
    await client.close()


# ------------------------------------------------------------------------------- HTTP


def peak_rss(pid: int) -> int:
    """A process's peak resident memory (VmHWM), in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


async def send_chunked(port: int, total: int) -> bytes:
    """POST ``total`` bytes of chunked body to /api/rooms; return the response's head."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"x" * (64 * 1024)
    sent = 0
    try:
        while sent < total:
            writer.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            await writer.drain()
            sent += len(chunk)
        writer.write(b"0\r\n\r\n")
        await writer.drain()
    except ConnectionError:
        pass  # the server answered and closed before the body was all sent
    head = await reader.readuntil(b"\r\n\r\n")
    writer.close()
    return head


async def test_a_huge_chunked_body_is_refused_without_being_read() -> None:
    """A 100 MiB chunked body gets 413 and the server's memory does not grow by it (it read
    the body as a stream and stopped at the cap)."""
    process = ServerProcess()
    await asyncio.to_thread(process.start)
    try:
        assert process.process is not None
        before = peak_rss(process.process.pid)
        head = await send_chunked(process.port, 100 * MIB)
        assert head.startswith(b"HTTP/1.1 413"), head
        assert peak_rss(process.process.pid) - before < 20 * MIB
    finally:
        await asyncio.to_thread(process.stop)


async def test_bodies_must_be_small_json(server: InProcessServer) -> None:
    """A declared length over the cap is 413 too_large; a body that is not JSON is 415."""
    async with httpx.AsyncClient() as http:
        url = f"{server.url}/api/rooms"
        big = await http.post(url, content=b"{" + b" " * 5000 + b"}", headers=JSON)
        assert big.status_code == 413 and big.json()["error"]["code"] == "too_large"
        for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
            headers = {"content-type": content_type} if content_type else {}
            refused = await http.post(url, content=b'{"players": 2}', headers=headers)
            assert refused.status_code == 415, content_type
            assert refused.json()["error"]["code"] == "unsupported_media_type"
        empty = await http.post(url)
        assert empty.status_code == 201 and empty.json()["rules"]["players"] == 4
        charset = {"content-type": "application/json; charset=utf-8"}
        ok = await http.post(url, content=b'{"players": 2}', headers=charset)
        assert ok.status_code == 201 and ok.json()["rules"]["players"] == 2


# ------------------------------------------------------------------ origins and hosts


def port_of(server: InProcessServer) -> int:
    return int(server.url.rsplit(":", 1)[1])


async def test_dns_rebinding_and_wrong_scheme_are_refused(server: InProcessServer) -> None:
    """A page whose name was pointed at the server (Origin and Host both evil.example) and
    an https Origin on this plain-http server cannot open the websocket; HTTP requests for
    a host the server is not get 400 bad_host. The page's own origin is accepted."""
    port = port_of(server)
    evil = f"evil.example:{port}"
    for origin, host in ((f"http://{evil}", evil), (f"https://127.0.0.1:{port}", None)):
        headers = {"Host": host} if host else {}
        with pytest.raises(InvalidStatus) as refused:
            await Client.connect(server.ws_url, "Evil", origin=origin, additional_headers=headers)
        assert refused.value.response.status_code == 403
    async with httpx.AsyncClient() as http:
        rebound = await http.get(f"{server.url}/api/rooms", headers={"host": evil})
        assert rebound.status_code == 400 and rebound.json()["error"]["code"] == "bad_host"
        assert (await http.get(f"{server.url}/api/rooms")).status_code == 200
    for origin in (server.url, f"http://localhost:{port}"):
        same = await Client.connect(server.ws_url, "Ok", origin=origin)
        await still_answers(same)
        await same.close()


async def test_configured_origins_replace_the_local_ones(make_server: MakeServer) -> None:
    """With BRISCOLA_ORIGINS set, pages from that origin (and its host) are served; the local
    origins are no longer accepted for pages, though loopback hosts still answer."""
    async with make_server(allowed_origins=("https://briscola.example",)) as server:
        page = await Client.connect(
            server.ws_url,
            "Site",
            origin="https://briscola.example",
            additional_headers={"Host": "briscola.example"},
        )
        await still_answers(page)
        await page.close()
        with pytest.raises(InvalidStatus):
            await Client.connect(server.ws_url, "Local", origin=server.url)
        async with httpx.AsyncClient() as http:
            listed = await http.get(f"{server.url}/api/rooms", headers={"host": "briscola.example"})
            assert listed.status_code == 200
            room = await create_room(server.url, players=2)
            assert (await http.get(f"{server.url}/api/rooms/{room['id']}")).status_code == 200
