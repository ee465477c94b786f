"""Shared helpers of the Python tests (run by scripts/test-python)."""

import random

import gridwright as gw

# Every game with every setup, as (game, setup) pairs.
ALL_SETUPS = [(g["name"], s["name"]) for g in gw.games() for s in gw.setups(g["name"])]


def setup_kinds():
    """One setup of every game per seat count (Milkomeda: 2, 3 and 4 seats), plus every setup
    of the small games: the PettingZoo API tests' list, kept short where setups differ only in
    content (Starcore's deck pairings)."""
    chosen, seen = [], set()
    for game, setup in ALL_SETUPS:
        seats = next(s["seats"] for s in gw.setups(game) if s["name"] == setup)
        if game in ("connect-four", "grid-battles", "command-core") or (game, seats) not in seen:
            chosen.append((game, setup))
            seen.add((game, seats))
    return chosen


def play_random(state, rng, rand, on_step=None):
    """Plays `state` to the end with uniformly random legal actions (`rand`, a `random.Random`),
    chance from `rng` (a `gridwright.Rng`); calls `on_step(state, seat, legal)` before each
    player action. Returns the number of player actions."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            continue
        seat = state.acting_seats()[0]
        legal = state.legal_actions(seat)
        if on_step is not None:
            on_step(state, seat, legal)
        state.apply_action(legal[rand.randrange(len(legal))], seat)
        steps += 1
    return steps


def rands(seed):
    return gw.Rng(seed), random.Random(seed)
