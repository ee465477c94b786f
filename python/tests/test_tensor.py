"""`observation_tensor`: a fixed shape per config, published by the game; the same observation
always gives the same numbers; what a seat sees changing changes its tensor (so the checks here
and in test_hidden_information.py could fail)."""

import numpy as np
import pytest

import gridwright as gw
from conftest import rands, setup_kinds


@pytest.mark.parametrize("game,setup", setup_kinds())
def test_every_tensor_of_a_game_has_the_published_shape(game, setup):
    g = gw.load_game(game, setup)
    shape = tuple(g.observation_tensor_shape())
    assert len(shape) == 1 and 64 <= shape[0] <= 1 << 16
    # Loading the same config again publishes the same shape.
    assert tuple(gw.load_game(game, setup).observation_tensor_shape()) == shape
    rng, rand = rands(11)
    s = g.new_initial_state()
    seen, steps = set(), 0
    while not s.is_terminal() and steps < 300:
        if s.is_chance_node():
            s.resolve_chance(rng)
            continue
        if steps % 5 == 0:
            for seat in range(g.num_players()):
                t = s.observation_tensor(seat)
                assert t.dtype == np.float32 and t.shape == shape, (game, setup, steps)
                assert np.isfinite(t).all()
                assert np.array_equal(t, s.clone().observation_tensor(seat))
                seen.add(t.tobytes())
        seat = s.acting_seats()[0]
        legal = s.legal_actions(seat)
        s.apply_action(legal[rand.randrange(len(legal))], seat)
        steps += 1
    assert len(seen) > 3, f"{game} {setup}: the tensor hardly changed over {steps} steps"


def test_connect_four_tensors_tell_every_position_of_a_game_apart():
    g = gw.load_game("connect-four")
    rng, rand = rands(3)
    for _ in range(20):
        s = g.new_initial_state()
        seen = [s.observation_tensor(0).tobytes()]
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rand.randrange(len(legal))])
            seen.append(s.observation_tensor(0).tobytes())
        # Each drop adds a disc: every position of the game is a different tensor.
        assert len(set(seen)) == len(seen)


def test_a_seat_out_of_range_is_refused():
    s = gw.load_game("connect-four").new_initial_state()
    with pytest.raises(ValueError, match="seat 2"):
        s.observation_tensor(2)
