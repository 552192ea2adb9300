"""Accounts at the table, over real websockets: a signed-in person sits under their
account (marked, so a guest cannot pass for them), a guest never under a registered name;
rated tables seat only account holders and no bots; a rated match's end moves its players'
ratings once, and shows on the leaderboard and the profiles."""

from __future__ import annotations

import asyncio

import httpx

from briscola.wire.messages import CloseCode
from support.accounts import (
    connect_as,
    create_rated,
    leaderboard,
    play_rated,
    profile,
    settled,
    sign_up,
)
from support.client import Client, Message, create_room
from support.servers import InProcessServer


def seat_of(state: Message, seat: int) -> Message:
    seats: list[Message] = state["room"]["seats"]
    return seats[seat]


async def test_an_account_holder_sits_under_their_account(site: InProcessServer) -> None:
    cookie = await sign_up(site.url, "Ana María")
    room = await create_room(site.url, players=2)
    ana = await connect_as(site.ws_url, cookie, name="Someone Else")
    await ana.join(room["id"])
    assert ana.state is not None
    shown = seat_of(ana.state, ana.seat or 0)
    assert (shown["name"], shown["account"]) == ("Ana María", "anamaria")
    guest = await Client.connect(site.ws_url, "Guest")
    await guest.join(room["id"])
    assert guest.state is not None and "account" not in seat_of(guest.state, guest.seat or 0)
    for client in (ana, guest):
        await client.close()


async def test_a_guest_cannot_take_a_registered_name(site: InProcessServer) -> None:
    await sign_up(site.url, "Bea Rossi")
    room = await create_room(site.url, players=2)
    guest = await Client.connect(site.ws_url)
    for message in (
        {"type": "join", "room": room["id"], "name": "bea rossi"},
        {"type": "join", "room": room["id"], "name": "BEA.ROSSI"},
        {"type": "watch", "room": room["id"], "name": "Béa Rossi"},
    ):
        await guest.send(message)
        refused = await guest.error("name_taken")
        assert refused["ref"] == message["type"]
    # The table and the connection carry on: another name sits.
    await guest.send({"type": "join", "room": room["id"], "name": "Bea Bianchi"})
    assert (await guest.wait_type("joined"))["seat"] is not None
    await guest.close()


async def test_rated_tables_seat_only_account_holders_and_no_bots(site: InProcessServer) -> None:
    cookie = await sign_up(site.url, "Cai")
    host = await connect_as(site.ws_url, cookie)
    room = await create_rated(site.url, cookie, players=2)
    await host.join(room["id"])
    guest = await Client.connect(site.ws_url, "Guest")
    await guest.send({"type": "join", "room": room["id"], "name": "Guest"})
    await guest.error("account_required")
    await host.send({"type": "add_bot", "seat": 1})
    await host.error("rated_table")
    await guest.watch(room["id"])  # anyone may watch
    for client in (host, guest):
        await client.close()


async def test_a_second_browser_takes_the_accounts_seat_back(site: InProcessServer) -> None:
    cookie = await sign_up(site.url, "Dan")
    room = await create_room(site.url, players=2)
    first = await connect_as(site.ws_url, cookie)
    joined = await first.join(room["id"], seat=1)
    second = await connect_as(site.ws_url, cookie)
    again = await second.join(room["id"])
    assert (again["seat"], again["token"]) == (1, joined["token"])
    async with asyncio.timeout(30):
        await first.ws.wait_closed()
    assert first.ws.close_code == CloseCode.REPLACED
    await second.close()


async def test_a_rated_partnership_match_moves_ratings_once(site: InProcessServer) -> None:
    """Four account holders, 2 against 2: when the match ends every seat shows its new
    rating; partners moved alike, the winners up; the leaderboard and the profiles have it."""
    names = ["Eva", "Fay", "Gil", "Hal"]
    clients, room = await play_rated(site, names)
    final = await clients[0].wait_for(lambda m: m["type"] == "state" and settled(m))
    seats = final["room"]["seats"]
    winners = final["match"]["winners"]
    for seat in seats:
        assert seat["rating"]["matches"] == 1
        won = seat["side"] in winners
        assert (seat["rating_change"] > 0) == won
        partner = seats[(seat["seat"] + 2) % 4]
        assert partner["rating"] == seat["rating"]
    board = await leaderboard(site.url, 4)
    assert sorted(entry["name"] for entry in board) == sorted(names)
    assert [entry["rank"] for entry in board] == [1, 2, 3, 4]
    assert board[0]["rating"]["ordinal"] >= board[-1]["rating"]["ordinal"]
    page = await profile(site.url, "eva")
    [entry] = page["matches"]
    assert entry["partners"] == ["Gil"] and sorted(entry["opponents"]) == ["Fay", "Hal"]
    assert entry["room"] == room["id"] and entry["hands"]
    assert len(page["history"]["4"]) == 1 and page["history"]["2"] == []
    assert page["account"]["ratings"]["4"]["matches"] == 1
    for client in clients:
        await client.close()


async def test_a_rated_six_player_match_moves_the_six_player_ratings(
    site: InProcessServer,
) -> None:
    """Six account holders, 3 against 3 at a table of signals (the house rule shares the
    six-player rating): the three partners of each side move alike, the winners up; the
    six-player leaderboard has all six, the others none; the profile's history is the
    six-player one."""
    names = ["Ada", "Bix", "Cy", "Dee", "Eli", "Flo"]
    clients, _ = await play_rated(site, names, partner_comm="signals")
    final = await clients[0].wait_for(lambda m: m["type"] == "state" and settled(m))
    seats = final["room"]["seats"]
    winners = final["match"]["winners"]
    for seat in seats:
        assert seat["rating"]["matches"] == 1
        assert (seat["rating_change"] > 0) == (seat["side"] in winners)
        assert seats[(seat["seat"] + 2) % 6]["rating"] == seat["rating"]
    board = await leaderboard(site.url, 6)
    assert sorted(entry["name"] for entry in board) == sorted(names)
    assert {entry["name"] for entry in board[:3]} == {
        names[s] for s in range(6) if s % 2 in winners
    }
    for players in (2, 3, 4):
        assert await leaderboard(site.url, players) == []
    page = await profile(site.url, "ada")
    assert {kind: len(points) for kind, points in page["history"].items()} == {
        "2": 0, "3": 0, "4": 0, "6": 1, "scoperta": 0, "chiamata": 0}  # fmt: skip
    [entry] = page["matches"]
    assert (entry["kind"], entry["players"]) == ("6", 6)
    assert entry["partners"] == ["Cy", "Eli"] and sorted(entry["opponents"]) == [
        "Bix",
        "Dee",
        "Flo",
    ]
    for client in clients:
        await client.close()


async def test_a_rated_chiamata_match_ranks_its_five_players_by_match_points(
    site: InProcessServer,
) -> None:
    """Five account holders play a rated Briscola Chiamata of five deals: each is rated
    alone, placed by the match points they ended with (the leader's rating up the most,
    the last's down the most), on the Chiamata leaderboard only."""
    names = ["Ara", "Bo", "Cleo", "Dag", "Eve"]
    clients, room = await play_rated(site, names, game="chiamata")
    assert room["rules"]["game"] == "chiamata" and room["rules"]["deals"] == 0
    final = await clients[0].wait_for(lambda m: m["type"] == "state" and settled(m))
    scores = final["match"]["scores"]
    assert sum(scores) == 0 and len(final["match"]["results"]) == 5
    change = {seat["seat"]: seat["rating_change"] for seat in final["room"]["seats"]}
    best, worst = max(scores), min(scores)
    if best != worst:
        top = max(change[s] for s in range(5) if scores[s] == best)
        assert all(top >= change[s] for s in range(5))
        assert all(change[s] > change[t] for s in range(5) for t in range(5)
                   if scores[s] == best and scores[t] == worst)  # fmt: skip
    async with httpx.AsyncClient() as http:
        answer = await http.get(f"{site.url}/api/leaderboard", params={"kind": "chiamata"})
    board = answer.json()["entries"]
    assert sorted(entry["name"] for entry in board) == sorted(names)
    assert await leaderboard(site.url, 4) == []
    [entry] = (await profile(site.url, "ara"))["matches"]
    assert (entry["kind"], entry["players"]) == ("chiamata", 5)
    for client in clients:
        await client.close()


async def test_a_rated_scoperta_match_moves_the_scoperta_ratings(site: InProcessServer) -> None:
    """Two account holders play a rated Briscola Scoperta: their seats show their Scoperta
    rating (not the two-player one), and the match moves it, on its own leaderboard."""
    names = ["Gus", "Ivy"]
    clients, room = await play_rated(site, names, game="scoperta", stock="top")
    assert room["rules"]["rated"] is True and room["rules"]["game"] == "scoperta"
    final = await clients[1].wait_for(lambda m: m["type"] == "state" and settled(m))
    winner = final["match"]["winners"][0]
    for seat in final["room"]["seats"]:
        assert (seat["rating_change"] > 0) == (seat["seat"] == winner)
    async with httpx.AsyncClient() as http:
        answer = await http.get(f"{site.url}/api/leaderboard", params={"kind": "scoperta"})
    board = answer.json()["entries"]
    assert [entry["name"] for entry in board] == [names[winner], names[1 - winner]]
    assert await leaderboard(site.url, 2) == []
    page = await profile(site.url, "gus")
    ratings = page["account"]["ratings"]
    assert (ratings["scoperta"]["matches"], ratings["2"]["matches"]) == (1, 0)
    assert len(page["history"]["scoperta"]) == 1 and page["history"]["2"] == []
    assert page["matches"][0]["kind"] == "scoperta"
    for client in clients:
        await client.close()


async def test_a_resignation_is_rated(site: InProcessServer) -> None:
    cookies = [await sign_up(site.url, name) for name in ("Ivo", "Jan")]
    room = await create_rated(site.url, cookies[0], players=2)
    clients = [await connect_as(site.ws_url, cookie) for cookie in cookies]
    for seat, client in enumerate(clients):
        await client.join(room["id"], seat=seat)
    for client in clients:
        await client.send({"type": "ready"})
    await clients[0].wait_for(lambda m: m["type"] == "state" and m["match"] is not None)
    await clients[0].send({"type": "resign"})
    final = await clients[1].wait_for(lambda m: m["type"] == "state" and settled(m))
    ivo, jan = final["room"]["seats"]
    assert ivo["rating_change"] < 0 < jan["rating_change"]
    assert (await profile(site.url, "jan"))["matches"][0]["result"] == "won"
    for client in clients:
        await client.close()


async def test_no_client_can_claim_an_account_on_the_wire(site: InProcessServer) -> None:
    """``account_join`` is what a gateway passes on for a signed-in socket, never a
    client's message: sent by a client, it is an unknown type."""
    await sign_up(site.url, "Kim")
    room = await create_room(site.url, players=2)
    guest = await Client.connect(site.ws_url)
    await guest.send(
        {
            "type": "account_join",
            "room": room["id"],
            "account": "kim",
            "name": "Kim",
            "ratings": {},
        }
    )
    await guest.error("unknown_type")
    await guest.close()


async def test_a_guest_who_signs_up_takes_their_seat_back_as_the_account(
    site: InProcessServer,
) -> None:
    """Seated as a guest, then signed up: the socket opened with the cookie resumes the seat
    with its token, and the seat is the account's from then on (name and mark)."""
    room = await create_room(site.url, players=2)
    guest = await Client.connect(site.ws_url, "Lia for now")
    joined = await guest.join(room["id"], seat=1)
    cookie = await sign_up(site.url, "Lia")
    await guest.close()
    again = await connect_as(site.ws_url, cookie)
    await again.send({"type": "resume", "room": room["id"], "token": joined["token"]})
    state = await again.wait_for(
        lambda m: m["type"] == "state" and m["room"]["seats"][1].get("account") == "lia"
    )
    assert state["room"]["seats"][1]["name"] == "Lia"
    # The account holds the seat: a join from another browser of the account takes it back.
    other = await connect_as(site.ws_url, cookie)
    assert (await other.join(room["id"]))["seat"] == 1
    for client in (again, other):
        await client.close()
