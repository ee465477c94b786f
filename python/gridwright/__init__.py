"""Gridwright's five tabletop games for AI research.

The core is shaped like OpenSpiel's ``pyspiel``::

    import gridwright
    game = gridwright.load_game("connect-four")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

* ``games()`` and ``setups(name)`` list what there is; ``load_game(name, setup, overrides, decks)``
  loads a game with a setup (scenario) and a dict merged into its config.
* A ``State`` tells who acts (``current_player()``: a seat from 0, or ``CHANCE``,
  ``SIMULTANEOUS``, ``TERMINAL``), lists ``legal_actions(seat)`` as indices of the game's fixed
  flat action index (``game.num_distinct_actions()``), gives masks, applies actions, lists chance
  outcomes with exact weights, clones, serializes, and gives ``observation(seat)``: what that seat
  may see, as a dict, and ``observation_tensor(seat)``: the same as a NumPy vector of
  ``game.observation_tensor_shape()``, and ``observation_planes(seat)``: the game's typed planes
  of ``game.observation_planes_shape()``, named by ``game.observation_plane_names()``. Nothing else reveals hidden information except
  ``cheat_full_state()``, which is for debugging and says so.
* ``load_replay(path_or_text)`` reads and verifies a replay file of the ``gridwright`` command
  line and gives its game, seed, moves, returns and the ``State``\ s it passes through.
* ``Game.simulate(agents, games, seed)``, ``Game.ladder(...)`` and ``Game.balance(...)`` return
  the documents of ``gridwright simulate|ladder|balance --json``; ``gridwright.ray.simulate``,
  ``ladder`` and ``balance`` play them as Ray tasks (install the ``ray`` extra).

The PettingZoo environments are in ``gridwright.pettingzoo`` (install the ``pettingzoo`` extra).
See docs/python.md for the whole API, the action index layout and what is not there yet.
"""

from gridwright._gridwright import (  # noqa: F401
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    VectorEnv,
    Game,
    Replay,
    Rng,
    State,
    games,
    load_game,
    load_replay,
    setups,
)

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "VectorEnv",
    "Game",
    "Rng",
    "State",
    "games",
    "load_game",
    "setups",
]
