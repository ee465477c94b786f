"""PettingZoo environments for every Gridwright game and setup.

``env(game, setup=None, overrides=None, max_steps=None, render_mode=None, illegal="raise")`` is
an AEC environment. Agents are ``player_0`` … ``player_{n-1}`` (seat order). Each agent's
observation is ``{"observation": float32 array of game.observation_tensor_shape(),
"action_mask": int8 array of game.num_distinct_actions()}``, as PettingZoo's classic games: the
tensor is ``State.observation_tensor(seat)``, only what that seat may see; the same observation
as a dict is ``infos[agent]["observation"]``. An illegal action raises ``ValueError`` and changes
nothing; with ``illegal="lose"`` it ends the game instead, the offender's reward −1 and the
others' 0 (as PettingZoo's ``TerminateIllegalWrapper``). Chance is resolved inside the
environment from the seed given to ``reset``. Where several seats commit hidden choices at once,
they are selected one after the other; none sees another's commitment. Rewards are the game's
returns, given once at the end; ``truncated`` is only set when ``max_steps`` player actions have
been taken.
"""

from __future__ import annotations

import os

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import gridwright


ILLEGAL = ("raise", "lose")


def env(game, setup=None, overrides=None, max_steps=None, render_mode=None, illegal="raise"):
    """An AEC environment of ``game`` with ``setup`` and config ``overrides``."""
    return GridwrightAEC(game, setup=setup, overrides=overrides, max_steps=max_steps,
                         render_mode=render_mode, illegal=illegal)


class GridwrightAEC(AECEnv):
    """A Gridwright game as a PettingZoo AEC environment (see the module's docs)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game, setup=None, overrides=None, max_steps=None, render_mode=None,
                 illegal="raise"):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use one of {self.metadata['render_modes']}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal={illegal!r}: use one of {ILLEGAL}")
        self.illegal = illegal
        self.game = gridwright.load_game(game, setup, overrides)
        self.metadata = dict(self.metadata, name=f"gridwright_{self.game.name}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.game.num_distinct_actions()
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.state = None
        self._rng = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self._rng = gridwright.Rng(int(seed) % (1 << 64))
        self.state = self.game.new_initial_state()
        self.state.resolve_chance(self._rng)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        """Selects the next agent to act (the game's acting seat), or ends the game."""
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                if a in self.agents:
                    self.rewards[a] = float(r)
                    self.terminations[a] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        if any(self.terminations.values()) or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state.acting_seats()[0]]
        for a in self.agents:
            self.infos[a] = {"observation": self.state.observation(self._seat[a])}

    def observe(self, agent):
        seat = self._seat[agent]
        size = self.game.num_distinct_actions()
        if agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent]
        ):
            mask = self.state.legal_actions_mask(seat)
        else:
            mask = np.zeros(size, dtype=np.int8)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def _lose_for_illegal(self, agent):
        """``illegal="lose"``: ``agent``'s illegal action ends the game (−1 for it, 0 for the
        others)."""
        for a in self.agents:
            self.rewards[a] = -1.0 if a == agent else 0.0
            self.terminations[a] = True
            self.infos[a] = dict(self.infos[a], illegal_action=agent)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self.illegal == "lose" and int(action) not in self.state.legal_actions(self._seat[agent]):
            self._lose_for_illegal(agent)
            self._accumulate_rewards()
            return
        self.state.apply_action(int(action), self._seat[agent])
        self._steps += 1
        self.state.resolve_chance(self._rng)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def parallel_env(game, setup=None, overrides=None, max_steps=None, render_mode=None,
                 illegal="raise"):
    """A Parallel environment of ``game``: see ``GridwrightParallel``."""
    return GridwrightParallel(game, setup=setup, overrides=overrides, max_steps=max_steps,
                              render_mode=render_mode, illegal=illegal)


class GridwrightParallel(ParallelEnv):
    """A Gridwright game as a PettingZoo Parallel environment.

    Each ``step`` takes an action from every live agent and applies those of the seats that may
    act now: the one seat whose turn it is, or at a simultaneous node every seat that still owes
    a hidden commitment (each commits its action; none sees another's). The actions of the
    other agents are ignored (their masks are all zeros). Spaces, observations, infos, seeding,
    rewards, truncation and ``illegal`` are as in the AEC environment (``env``); with
    ``illegal="lose"`` the first acting seat (in seat order) whose action is illegal loses, and no
    action of that step is applied.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game, setup=None, overrides=None, max_steps=None, render_mode=None,
                 illegal="raise"):
        self._aec = GridwrightAEC(game, setup, overrides, max_steps, render_mode, illegal)
        self.metadata = dict(self.metadata, name=self._aec.metadata["name"])
        self.render_mode = render_mode
        self.possible_agents = self._aec.possible_agents[:]
        self.agents = []
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def state(self):
        """The game state (``gridwright.State``)."""
        return self._aec.state

    def _observe(self):
        acting = set(self._aec.state.acting_seats())
        size = self._aec.game.num_distinct_actions()
        obs = {}
        for a in self.agents:
            seat = self._aec._seat[a]
            if seat in acting:
                mask = self._aec.state.legal_actions_mask(seat)
            else:
                mask = np.zeros(size, dtype=np.int8)
            obs[a] = {"observation": self._aec.state.observation_tensor(seat), "action_mask": mask}
        infos = {a: {"observation": self._aec.state.observation(self._aec._seat[a])}
                 for a in self.agents}
        return obs, infos

    def reset(self, seed=None, options=None):
        self._aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observe()

    def step(self, actions):
        aec = self._aec
        state = aec.state
        if aec.illegal == "lose":
            for seat in sorted(state.acting_seats()):
                agent = self.possible_agents[seat]
                if int(actions[agent]) not in state.legal_actions(seat):
                    return self._lose_for_illegal(agent)
        for seat in state.acting_seats():
            agent = self.possible_agents[seat]
            state.apply_action(int(actions[agent]), seat)
        aec._steps += 1
        state.resolve_chance(aec._rng)
        n = len(self.possible_agents)
        rewards = {a: 0.0 for a in self.agents}
        terminated = state.is_terminal()
        truncated = (not terminated and aec.max_steps is not None
                     and aec._steps >= aec.max_steps)
        if terminated:
            for a, r in zip(self.possible_agents[:n], state.returns()):
                if a in rewards:
                    rewards[a] = float(r)
        terminations = {a: terminated for a in self.agents}
        truncations = {a: truncated for a in self.agents}
        obs, infos = self._observe()
        if terminated or truncated:
            self.agents = []
        if self.render_mode == "human":
            print(str(state))
        return obs, rewards, terminations, truncations, infos

    def _lose_for_illegal(self, agent):
        rewards = {a: -1.0 if a == agent else 0.0 for a in self.agents}
        terminations = {a: True for a in self.agents}
        truncations = {a: False for a in self.agents}
        obs, infos = self._observe()
        for o in obs.values():
            o["action_mask"] = np.zeros_like(o["action_mask"])
        infos = {a: dict(i, illegal_action=agent) for a, i in infos.items()}
        self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self):
        return self._aec.render()

    def close(self):
        pass
