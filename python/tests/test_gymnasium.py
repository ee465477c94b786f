"""The single-agent Gymnasium wrapper: Gymnasium's own checker, and whole games against every
kind of opponent spec."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gridwright as gw
from gridwright.gymnasium import env


def test_gymnasiums_checker_passes():
    # Gymnasium's checker samples actions without a mask: Connect Four's first moves are all
    # legal, so it can step it.
    check_env(env("connect-four", opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("game,setup,opponents", [
    ("grid-battles", "skirmish", "greedy"),
    ("command-core", "duel", "random"),
    ("starcore", None, "random"),
    ("milkomeda", "three", {0: "random", 2: "random"}),
    ("milkomeda", "small", "greedy"),
])
def test_a_whole_game_against_agent_specs(game, setup, opponents):
    e = env(game, setup, seat=1, opponents=opponents)
    obs, info = e.reset(seed=3)
    pick = np.random.default_rng(3)
    total, done, steps = 0.0, False, 0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) and list(legal) == e.state.legal_actions(1)
        obs, reward, done, truncated, info = e.step(int(legal[pick.integers(len(legal))]))
        assert not truncated
        assert info["observation"] == e.state.observation(1)
        total += reward
        steps += 1
    assert total == e.state.returns()[1]
    # The same seed and the same choices: the same game.
    e2 = env(game, setup, seat=1, opponents=opponents)
    obs, info = e2.reset(seed=3)
    pick = np.random.default_rng(3)
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, *_ = e2.step(int(legal[pick.integers(len(legal))]))
    assert e2.state.serialize() == e.state.serialize()


def test_bad_seats_and_specs_are_refused():
    with pytest.raises(ValueError, match="seats 0 to 1"):
        env("connect-four", seat=2)
    with pytest.raises(ValueError, match="no agent spec"):
        env("milkomeda", "three", opponents={0: "random"})
    e = env("connect-four", opponents="nonsense", seat=1)
    with pytest.raises(ValueError, match="nonsense"):
        e.reset(seed=1)
