"""The pyspiel-shaped core: listing, loading, states, chance, text, cloning, saving."""

import copy
import json

import numpy as np
import pytest

import gridwright as gw
from conftest import ALL_SETUPS, play_random, rands


def test_every_game_is_listed_with_its_setups():
    names = [g["name"] for g in gw.games()]
    assert names == ["grid-battles", "command-core", "connect-four", "starcore", "milkomeda"]
    for g in gw.games():
        setups = gw.setups(g["name"])
        assert setups, g["name"]
        for s in setups:
            assert g["min_seats"] <= s["seats"] <= g["max_seats"], (g, s)
            game = gw.load_game(g["name"], s["name"])
            assert game.num_players() == s["seats"]
            assert game.setup == s["name"]
    seats = {s["seats"] for s in gw.setups("milkomeda")}
    assert seats == {2, 3, 4}


def test_unknown_names_and_bad_overrides_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="unknown game `chess`"):
        gw.load_game("chess")
    with pytest.raises(ValueError, match="no-such"):
        gw.load_game("grid-battles", "no-such")
    with pytest.raises(ValueError, match="round_limit"):
        gw.load_game("grid-battles", "skirmish", {"round_limit": "many"})


def test_overrides_change_the_config():
    base = gw.load_game("grid-battles", "skirmish")
    short = gw.load_game("grid-battles", "skirmish", {"round_limit": 1})
    assert base.config()["round_limit"] == 6
    assert short.config()["round_limit"] == 1
    # Nested objects merge key by key: the rest of the config stays.
    cfg = short.config()
    del cfg["round_limit"]
    ref = base.config()
    del ref["round_limit"]
    assert cfg == ref
    # One round is over far sooner than six.
    rng, rand = rands(3)
    lengths = [play_random(short.new_initial_state(), *rands(s)) for s in range(20)]
    lengths_base = [play_random(base.new_initial_state(), *rands(s)) for s in range(20)]
    assert sum(lengths) < sum(lengths_base)


def test_connect_four_plays_like_connect_four():
    game = gw.load_game("connect-four")
    assert game.num_distinct_actions() == 7
    s = game.new_initial_state()
    assert s.current_player() == 0
    assert s.action_to_string(3) == "drop 4"
    assert s.string_to_action("drop 4") == 3
    # P1 drops in column 1 four times, P2 in column 2: P1 wins vertically.
    for col in [0, 1, 0, 1, 0, 1]:
        s.apply_action(col)
    assert not s.is_terminal()
    s.apply_action(0)
    assert s.is_terminal()
    assert s.current_player() == gw.TERMINAL
    assert s.returns() == [1.0, -1.0]
    assert s.legal_actions(0) == []
    assert s.observation(1)["winner"] == 0


def test_an_illegal_action_is_refused_and_changes_nothing():
    s = gw.load_game("connect-four").new_initial_state()
    for _ in range(6):
        s.apply_action(0)
    before = s.serialize()
    with pytest.raises(ValueError, match="illegal action"):
        s.apply_action(0)
    with pytest.raises(ValueError, match="not an action index"):
        s.apply_action(7)
    with pytest.raises(ValueError, match="not P2's turn|not .*turn"):
        s.apply_action(1, 1)
    with pytest.raises(ValueError, match="not a seat"):
        s.legal_actions(5)
    assert s.serialize() == before


def test_chance_outcomes_carry_exact_weights():
    game = gw.load_game("grid-battles", "skirmish")
    rng, rand = rands(11)
    seen = 0
    s = game.new_initial_state()
    while not s.is_terminal() and seen < 50:
        if s.is_chance_node():
            assert s.current_player() == gw.CHANCE
            weights = s.chance_weights()
            probs = s.chance_outcomes()
            assert weights and all(isinstance(w, int) and w >= 0 for _, w in weights)
            total = sum(w for _, w in weights)
            assert [p for _, p in probs] == [w / total for _, w in weights]
            assert abs(sum(p for _, p in probs) - 1.0) < 1e-12
            assert s.legal_actions() == [i for i, _ in weights]
            texts = [s.action_to_string(i) for i, _ in weights]
            assert all(texts)
            # Apply a possible outcome by its number.
            i = next(i for i, w in weights if w > 0)
            s.apply_action(i)
            seen += 1
            continue
        seat = s.acting_seats()[0]
        legal = s.legal_actions(seat)
        s.apply_action(legal[rand.randrange(len(legal))], seat)
    assert seen > 0


def test_clone_and_copy_are_independent():
    s = gw.load_game("connect-four").new_initial_state()
    c = s.clone()
    d = copy.deepcopy(s)
    c.apply_action(3)
    assert s.legal_actions() == list(range(7))
    assert s.current_player() == 0 and c.current_player() == 1
    assert d.serialize() == s.serialize()


@pytest.mark.parametrize("game,setup", ALL_SETUPS)
def test_a_saved_state_loads_back_step_by_step(game, setup):
    g = gw.load_game(game, setup)
    s = g.new_initial_state()
    rng, rand = rands(5)
    for _ in range(60):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.resolve_chance(rng)
            continue
        seat = s.acting_seats()[0]
        legal = s.legal_actions(seat)
        s.apply_action(legal[rand.randrange(len(legal))], seat)
    text = s.serialize()
    back = g.deserialize_state(text)
    assert back.serialize() == text
    for seat in range(g.num_players()):
        assert back.observation(seat) == s.observation(seat)
        assert back.legal_actions(seat) == s.legal_actions(seat)
    assert back.current_player() == s.current_player()
    # Tampered: a step that is not legal is refused, naming the step.
    doc = json.loads(text)
    if doc["steps"]:
        doc["steps"][-1]["seat"] = 7
        with pytest.raises(ValueError, match="step"):
            g.deserialize_state(json.dumps(doc))
    with pytest.raises(ValueError):
        g.deserialize_state("{}")


def test_a_saved_state_of_another_game_is_refused():
    text = gw.load_game("connect-four").new_initial_state().serialize()
    with pytest.raises(ValueError, match="connect-four"):
        gw.load_game("grid-battles").deserialize_state(text)


def test_agents_act_from_python():
    s = gw.load_game("connect-four").new_initial_state()
    for spec in ["random", "mcts:iters=50"]:
        a = s.agent_action(spec, gw.Rng(1))
        assert a in s.legal_actions()
        assert a == s.agent_action(spec, gw.Rng(1)), spec
    with pytest.raises(ValueError, match="nonsense"):
        s.agent_action("nonsense", gw.Rng(1))


def test_masks_have_the_documented_dtype_and_size():
    for game, setup in ALL_SETUPS:
        g = gw.load_game(game, setup)
        s = g.new_initial_state()
        s.resolve_chance(gw.Rng(1))
        seat = s.acting_seats()[0]
        m = s.legal_actions_mask(seat)
        assert m.dtype == np.int8 and m.shape == (g.num_distinct_actions(),)
        assert list(np.flatnonzero(m)) == s.legal_actions(seat)


def test_an_override_of_a_key_the_config_lacks_is_refused():
    with pytest.raises(ValueError, match="no `round_limt`.*round_limit"):
        gw.load_game("grid-battles", "skirmish", {"round_limt": 1})
