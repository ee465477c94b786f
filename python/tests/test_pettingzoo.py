"""The PettingZoo AEC environment passes PettingZoo's own API and seed tests, for every game
and every setup kind (each seat count; every setup of the smaller games)."""

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from conftest import setup_kinds
from gridwright.pettingzoo import env


@pytest.mark.parametrize("game,setup", setup_kinds())
def test_pettingzoo_api_and_seed_tests_pass(game, setup):
    with warnings.catch_warnings():
        # PettingZoo warns about observation Boxes unbounded below and above (the tensor's
        # numbers are the observation's, not scaled).
        warnings.simplefilter("ignore")
        api_test(env(game, setup), num_cycles=60)
        seed_test(lambda: env(game, setup), num_cycles=60)


def _trajectory(e, seed, steps):
    """Observations, masks, rewards and selections of `steps` random steps after `reset(seed)`,
    actions drawn from a generator seeded with `seed` too."""
    e.reset(seed=seed)
    pick = np.random.default_rng(seed)
    out = []
    for agent in e.agent_iter(steps):
        obs, reward, term, trunc, info = e.last()
        out.append((agent, obs["action_mask"].tobytes(), obs["observation"].tobytes(), reward,
                    term, trunc, repr(info)))
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[pick.integers(len(legal))]))
    return out


@pytest.mark.parametrize("game,setup", [("grid-battles", "skirmish"), ("command-core", "duel"),
                                        ("starcore", None), ("milkomeda", "small")])
def test_a_seeded_reset_replays_the_same_game_and_other_seeds_deal_differently(game, setup):
    a = _trajectory(env(game, setup), 42, 300)
    b = _trajectory(env(game, setup), 42, 300)
    assert a == b
    c = _trajectory(env(game, setup), 43, 300)
    assert a != c, "a game with chance played the same with another seed"
    # Reset again on the same object: the same game again.
    e = env(game, setup)
    _trajectory(e, 7, 50)
    assert _trajectory(e, 42, 300) == a


def test_the_game_ends_with_terminations_and_returns_as_rewards():
    e = env("connect-four")
    e.reset(seed=1)
    # P1 drops in column 1 four times, P2 in column 2.
    for col in [0, 1, 0, 1, 0, 1, 0]:
        e.step(col)
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        assert term and not trunc
        assert not obs["action_mask"].any()
        rewards[agent] = reward
        e.step(None)
    assert rewards == {"player_0": 1.0, "player_1": -1.0}
    assert e.agents == []


def test_max_steps_truncates():
    e = env("grid-battles", "skirmish", max_steps=5)
    e.reset(seed=3)
    n = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            assert trunc and not term
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        n += 1
    assert n == 5


def test_every_seat_sees_only_its_own_observation_in_infos():
    e = env("command-core", "duel")
    e.reset(seed=5)
    state = e.state
    for i, agent in enumerate(e.possible_agents):
        assert e.infos[agent]["observation"] == state.observation(i)


PARALLEL = [("command-core", "duel"), ("command-core", "skirmish"), ("milkomeda", "small"),
            ("milkomeda", "three"), ("milkomeda", "four"), ("connect-four", None),
            ("grid-battles", "skirmish"), ("starcore", None)]


@pytest.mark.parametrize("game,setup", PARALLEL)
def test_the_parallel_env_passes_pettingzoos_parallel_api_test(game, setup):
    from pettingzoo.test import parallel_api_test

    from gridwright.pettingzoo import parallel_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game, setup), num_cycles=150)


def _parallel_trajectory(seed, game="command-core", setup="duel", steps=300):
    from gridwright.pettingzoo import parallel_env

    e = parallel_env(game, setup)
    obs, infos = e.reset(seed=seed)
    pick = np.random.default_rng(seed)
    out, both = [], 0
    for _ in range(steps):
        if not e.agents:
            break
        actions = {}
        for a in e.agents:
            legal = np.flatnonzero(obs[a]["action_mask"])
            actions[a] = int(legal[pick.integers(len(legal))]) if len(legal) else 0
        both += sum(1 for a in e.agents if obs[a]["action_mask"].any()) > 1
        obs, rewards, term, trunc, infos = e.step(actions)
        out.append((sorted(actions.items()), repr(rewards), repr(infos)))
    return out, both


@pytest.mark.parametrize("game,setup", PARALLEL)
def test_the_parallel_env_passes_pettingzoos_parallel_seed_test(game, setup):
    # parallel_seed_test samples actions without masks: with illegal="lose" an illegal action
    # ends the game (Connect Four's seven actions are mostly legal, so its games run on).
    from pettingzoo.test import parallel_seed_test

    from gridwright.pettingzoo import parallel_env

    parallel_seed_test(lambda: parallel_env(game, setup, illegal="lose"), num_cycles=100)


def test_illegal_lose_ends_the_game_against_the_offender_and_raise_changes_nothing():
    from gridwright.pettingzoo import parallel_env

    e = parallel_env("grid-battles", "skirmish")
    obs, _ = e.reset(seed=1)
    agent = next(a for a in e.agents if obs[a]["action_mask"].any())
    bad = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    before = e.state.serialize()
    with pytest.raises(ValueError):
        e.step({a: bad for a in e.agents})
    assert e.state.serialize() == before
    e = parallel_env("grid-battles", "skirmish", illegal="lose")
    obs, _ = e.reset(seed=1)
    _, rewards, term, trunc, infos = e.step({a: bad for a in e.agents})
    assert rewards == {a: (-1.0 if a == agent else 0.0) for a in rewards}
    assert all(term.values()) and not any(trunc.values()) and e.agents == []
    assert infos[agent]["illegal_action"] == agent
    # The AEC environment too.
    a = env("connect-four", illegal="lose")
    a.reset(seed=1)
    for col in [0] * 6:
        a.step(col)
    a.step(0)  # column 1 is full
    assert a.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(a.terminations.values())


def test_the_observation_is_the_seats_tensor_and_mask():
    e = env("starcore")
    e.reset(seed=4)
    for i, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].shape == tuple(e.game.observation_tensor_shape())
        assert np.array_equal(obs["observation"], e.state.observation_tensor(i))


def test_the_parallel_env_commits_simultaneous_choices_together_and_repeats_with_its_seed():
    a, both = _parallel_trajectory(42)
    assert both > 0, "no step had two seats choosing at once"
    assert _parallel_trajectory(42)[0] == a
    assert _parallel_trajectory(43)[0] != a
