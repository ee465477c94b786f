"""Thousands of random games through the Python API, every step's legal actions and mask
checked against each other and against the rules' verdict on an action that is not legal.

Masks of the large action indices (Starcore 49,280 actions, Milkomeda up to 353,411) cost a
scan of the whole array each; those games check the full mask on every 10th step and the
legal list on every step."""

import time

import numpy as np
import pytest

import gridwright as gw
from conftest import play_random, rands

# (game, setup, games, check the full mask every k-th step)
PLAN = [
    ("connect-four", None, 5000, 1),
    ("grid-battles", "skirmish", 2000, 1),
    ("grid-battles", "pitched-battle", 100, 1),
    ("command-core", "duel", 1000, 1),
    ("command-core", "skirmish", 100, 1),
    ("starcore", None, 400, 10),
    ("milkomeda", "small", 400, 10),
    ("milkomeda", "duel", 5, 10),
    ("milkomeda", "three", 5, 10),
    ("milkomeda", "four", 5, 10),
]


@pytest.mark.parametrize("game,setup,games,every", PLAN)
def test_random_games_masks_match_legality(game, setup, games, every):
    g = gw.load_game(game, setup)
    n = g.num_distinct_actions()
    counter = {"steps": 0, "refused": 0}

    def check(state, seat, legal):
        assert legal, f"{game}: seat {seat} acts with no legal action"
        assert legal == sorted(set(legal))
        assert 0 <= legal[0] and legal[-1] < n
        counter["steps"] += 1
        k = counter["steps"]
        if k % every == 0:
            mask = state.legal_actions_mask(seat)
            assert np.array_equal(np.flatnonzero(mask), legal)
            # Every other seat has no legal action unless it also acts now.
            for other in range(state.num_players()):
                if other not in state.acting_seats():
                    assert state.legal_actions(other) == []
        if k % 97 == 0:
            # An index that is not legal now is refused by the rules, the state unchanged.
            allowed = set(legal)
            bad = next(i for i in range(n) if i not in allowed) if len(legal) < n else None
            if bad is not None:
                before = state.observation(seat)
                with pytest.raises(ValueError):
                    state.apply_action(bad, seat)
                assert state.observation(seat) == before
                counter["refused"] += 1
        if k % 211 == 0:
            a = legal[k % len(legal)]
            assert state.string_to_action(state.action_to_string(a), seat) == a

    started = time.time()
    ended = 0
    for i in range(games):
        s = g.new_initial_state()
        play_random(s, *rands(1000 + i), on_step=check)
        r = s.returns()
        assert s.is_terminal() and len(r) == g.num_players()
        assert all(-1.0 <= x <= 1.0 for x in r)
        assert abs(sum(r)) < 1e-9, f"{game}: returns {r} do not sum to 0"
        ended += 1
    assert ended == games and counter["refused"] > 0 or counter["steps"] < 97
    print(f"{game} {setup}: {games} games, {counter['steps']} steps, {time.time() - started:.1f} s")


# Thousands more of the two long games, stepped natively by VectorEnv from Python: every action is
# drawn from the env's mask buffer (`sample_actions`) and checked legal by the rules before any
# game steps (`step` raises on an illegal one); every 25th step one game's mask is compared with
# its own legal list, and every finished game's returns sum to zero.
NATIVE = [("starcore", None, 1000), ("milkomeda", "small", 1600)]


@pytest.mark.parametrize("game,setup,games", NATIVE)
def test_thousands_of_native_random_games_keep_masks_and_rules_together(game, setup, games):
    envs = 32
    v = gw.VectorEnv(game, envs, seed=77, setup=setup)
    mask, seat, rewards, terminated = v.reset()
    actions = np.zeros(envs, dtype=np.int64)
    rng = gw.Rng(78)
    started = time.time()
    ended = steps = checked = 0
    while ended < games:
        if steps % 25 == 0:
            i = (steps // 25) % envs
            s = v.state(i)
            assert list(np.flatnonzero(mask[i])) == s.legal_actions(int(seat[i]))
            checked += 1
        v.sample_actions(rng, actions)
        mask, seat, rewards, terminated = v.step(actions)
        for i in np.flatnonzero(terminated):
            assert abs(float(rewards[i].sum())) < 1e-6 and np.all(np.abs(rewards[i]) <= 1)
        ended += int(terminated.sum())
        steps += 1
    assert checked > 100
    print(f"{game} {setup}: {ended} native games, {steps * envs} steps, "
          f"{time.time() - started:.1f} s")
