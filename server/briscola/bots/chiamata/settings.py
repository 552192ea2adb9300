"""How hard the strong Chiamata bot searches, and how it reads the play: :class:`Settings`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Settings:
    """The strong Chiamata bot's work and judgement.

    **The play.** A decision samples as many deals as ``plays`` card plays of rollouts
    allow (a deal costs a rollout per card in hand, each as long as the cards left), at
    least ``min_samples`` and at most ``max_samples``: a number that depends only on what
    everyone sees, so that the time a decision takes says nothing of the seat's role. From
    ``exact_tricks`` tricks left each of ``exact_samples`` deals is solved exactly instead.

    **The auction and the call.** Each contract the seat might play as caller is scored on
    ``auction_samples`` deals of the others' cards (the same deals for every contract),
    played out by the heuristic; the call on ``call_samples``. It bids when a contract's
    expected match points are above ``bid_margin``.

    **Who holds the called card.** The caller's chance of holding it (where the table lets
    a caller call their own card) is scaled by ``alone_prior``; a seat's chance is
    multiplied by ``load_odds`` for each load it put on a trick the caller held, and divided
    by ``overtake_odds`` for each trick it took from the caller.

    **Value.** A finished deal is worth its match points times ``weight`` plus the side's
    card points. ``budget`` (seconds, by ``time.perf_counter``) stops sampling sooner, if
    given; without one the bot is deterministic.
    """

    plays: int = 20_000
    min_samples: int = 24
    max_samples: int = 400
    exact_tricks: int = 2
    exact_samples: int = 24
    auction_samples: int = 48
    call_samples: int = 96
    bid_margin: float = 0.0
    alone_prior: float = 0.1
    load_odds: float = 4.0
    overtake_odds: float = 4.0
    weight: int = 60
    budget: float | None = None
