"""A single-agent Gymnasium environment: one seat is the learner, every other seat is played by
an agent spec (``random``, ``greedy``, ``mcts:iters=200``, …; docs/agents.md).

``env(game, setup=None, seat=0, opponents="random", overrides=None, render_mode=None)``.
``opponents`` is one spec for every other seat or a dict ``{seat: spec}``. The observation is
``{"observation": float32 tensor, "action_mask": int8 array}`` as in ``gridwright.pettingzoo``;
the learner's own observation of the game as a dict is ``info["observation"]``. The reward is the learner's return, at the end. The
opponents act from their own view only and draw from the seed given to ``reset``.
"""

from __future__ import annotations

import os

import gymnasium
import numpy as np
from gymnasium import spaces

import gridwright


def env(game, setup=None, seat=0, opponents="random", overrides=None, render_mode=None):
    return GridwrightSingle(game, setup, seat, opponents, overrides, render_mode)


class GridwrightSingle(gymnasium.Env):
    """See the module's docs."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, setup=None, seat=0, opponents="random", overrides=None,
                 render_mode=None):
        self.game = gridwright.load_game(game, setup, overrides)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat}: {self.game.name} has seats 0 to {n - 1}")
        self.seat = seat
        if isinstance(opponents, str):
            opponents = {s: opponents for s in range(n) if s != seat}
        missing = [s for s in range(n) if s != seat and s not in opponents]
        if missing:
            raise ValueError(f"no agent spec for seats {missing}")
        self.opponents = opponents
        self.render_mode = render_mode
        size = self.game.num_distinct_actions()
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, tuple(self.game.observation_tensor_shape()),
                                      dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
        })
        self.state = None

    def _advance(self):
        """Resolves chance and plays the opponents until the learner acts or the game ends."""
        while True:
            self.state.resolve_chance(self._rng)
            if self.state.is_terminal():
                return
            acting = self.state.acting_seats()
            if self.seat in acting:
                return
            s = acting[0]
            a = self.state.agent_action(self.opponents[s], self._rng, s)
            self.state.apply_action(a, s)

    def _obs(self):
        if self.state.is_terminal():
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        else:
            mask = self.state.legal_actions_mask(self.seat)
        tensor = self.state.observation_tensor(self.seat)
        return ({"observation": tensor, "action_mask": mask},
                {"observation": self.state.observation(self.seat)})

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self._rng = gridwright.Rng(int(seed) % (1 << 64))
        self.state = self.game.new_initial_state()
        self._advance()
        return self._obs()

    def step(self, action):
        self.state.apply_action(int(action), self.seat)
        self._advance()
        obs, info = self._obs()
        done = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if done else 0.0
        return obs, reward, done, False, info

    def render(self):
        if self.render_mode == "ansi":
            return self.state.observation_string(self.seat)
        return None
