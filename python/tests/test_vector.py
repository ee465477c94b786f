"""VectorEnv: many games stepped natively into NumPy buffers, reset automatically."""

import json

import numpy as np
import pytest

import gridwright as gw
from gridwright import VectorEnv

GAMES = [("connect-four", None), ("grid-battles", "skirmish"), ("command-core", "duel"),
         ("starcore", None), ("milkomeda", "small"), ("milkomeda", "three")]


@pytest.mark.parametrize("game,setup", GAMES)
def test_buffers_match_the_games_and_finished_games_restart(game, setup):
    v = VectorEnv(game, 4, seed=9, setup=setup)
    g = gw.load_game(game, setup)
    mask, seat, rewards, terminated = v.reset()
    assert mask.shape == (4, g.num_distinct_actions()) and mask.dtype == np.int8
    assert rewards.shape == (4, g.num_players()) and rewards.dtype == np.float32
    actions = np.zeros(4, dtype=np.int64)
    rng = gw.Rng(1)
    ended = 0
    for step in range(400 if game != "milkomeda" else 150):
        for i in range(4):
            s = v.state(i)
            assert seat[i] in s.acting_seats()
            assert list(np.flatnonzero(mask[i])) == s.legal_actions(int(seat[i]))
        v.sample_actions(rng, actions)
        before = [v.state(i) for i in range(4)]
        mask, seat, rewards, terminated = v.step(actions)
        for i in range(4):
            if terminated[i]:
                ended += 1
                assert abs(rewards[i].sum()) < 1e-6 and np.all(np.abs(rewards[i]) <= 1)
                # The env restarted: a new game, no player action in it yet.
                fresh = json.loads(v.state(i).serialize())["steps"]
                assert all(step["seat"] is None for step in fresh)
                if game == "connect-four":
                    # No chance: the game that ended is the copy from before plus its action.
                    b = before[i]
                    b.apply_action(int(actions[i]), b.acting_seats()[0])
                    assert b.is_terminal()
                    assert list(rewards[i]) == b.returns()
            else:
                assert not rewards[i].any()
    if game == "connect-four":
        assert ended > 0


def test_the_same_seed_plays_the_same_games_and_envs_differ():
    def run(seed):
        v = VectorEnv("grid-battles", 8, seed=seed, setup="skirmish")
        out = []
        actions = np.zeros(8, dtype=np.int64)
        rng = gw.Rng(4)
        for _ in range(200):
            v.sample_actions(rng, actions)
            mask, seat, rewards, terminated = v.step(actions)
            out.append((mask.tobytes(), seat.tobytes(), rewards.tobytes(), terminated.tobytes()))
        return out, [v.state(i).serialize() for i in range(8)]

    a, sa = run(5)
    b, sb = run(5)
    assert a == b and sa == sb
    c, sc = run(6)
    assert sc != sa
    assert len(set(sa)) > 1, "every env dealt the same game"


def test_an_illegal_action_steps_no_game():
    v = VectorEnv("connect-four", 3, seed=1)
    mask, seat, rewards, terminated = v.reset()
    before = [v.state(i).serialize() for i in range(3)]
    with pytest.raises(ValueError, match="env 1"):
        v.step(np.array([0, 9, 0], dtype=np.int64))
    with pytest.raises(ValueError, match="2 actions for 3 games"):
        v.step(np.array([0, 0], dtype=np.int64))
    assert [v.state(i).serialize() for i in range(3)] == before


def test_a_batch_too_large_for_memory_is_refused():
    with pytest.raises(ValueError, match="4 GiB"):
        VectorEnv("milkomeda", 100_000, setup="four")
    with pytest.raises(ValueError, match="at least 1"):
        VectorEnv("connect-four", 0)


@pytest.mark.parametrize("game,setup", [("connect-four", None), ("grid-battles", "skirmish"),
                                        ("starcore", None), ("milkomeda", "small")])
def test_the_observation_buffer_holds_each_games_tensor_for_its_seat_to_act(game, setup):
    assert VectorEnv(game, 1, setup=setup).observations is None, "kept only when asked"
    v = VectorEnv(game, 3, seed=4, setup=setup, observations=True)
    g = gw.load_game(game, setup)
    obs = v.observations
    assert obs.shape == (3, g.observation_tensor_shape()[0]) and obs.dtype == np.float32
    mask, seat, rewards, terminated = v.reset()
    actions = np.zeros(3, dtype=np.int64)
    rng = gw.Rng(2)
    for _ in range(60):
        for i in range(3):
            # The same buffer, filled in place, with what the State API computes.
            assert v.observations is obs or np.shares_memory(v.observations, obs)
            want = v.state(i).observation_tensor(int(seat[i]))
            assert np.array_equal(obs[i], want), f"env {i}"
        v.sample_actions(rng, actions)
        mask, seat, rewards, terminated = v.step(actions)


@pytest.mark.parametrize("game,setup", [("connect-four", None), ("grid-battles", "skirmish"),
                                        ("command-core", "duel"), ("starcore", None),
                                        ("milkomeda", "small")])
def test_the_planes_buffer_holds_each_games_planes_for_its_seat_to_act(game, setup):
    v = VectorEnv(game, 3, seed=4, setup=setup, observations="planes")
    g = gw.load_game(game, setup)
    obs = v.observations
    assert obs.shape == (3, *g.observation_planes_shape()) and obs.dtype == np.float32
    mask, seat, rewards, terminated = v.reset()
    actions = np.zeros(3, dtype=np.int64)
    rng = gw.Rng(2)
    for _ in range(60):
        for i in range(3):
            # A view of the one buffer, filled in place, equal to the State API's planes.
            assert np.shares_memory(v.observations, obs)
            assert np.array_equal(obs[i], v.state(i).observation_planes(int(seat[i])))
        v.sample_actions(rng, actions)
        mask, seat, rewards, terminated = v.step(actions)
    assert VectorEnv(game, 1, setup=setup, observations="tensor").observations.ndim == 2
    with pytest.raises(ValueError, match="planes"):
        VectorEnv(game, 1, setup=setup, observations="pixels")
