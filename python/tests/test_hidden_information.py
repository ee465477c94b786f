"""Hidden information through the Python API: redraw everything a seat cannot see
(`State.resample`, as another deal or another opponent's secret would have it) and that seat's
observation, observation tensor, observation planes, terminal picture and legal actions stay
exactly the same; the redraw did change something (the full state, read through the debugging
call, and another seat's tensor and planes), so the checks could fail."""

import numpy as np
import pytest

import gridwright as gw
from conftest import rands, setup_kinds

IMPERFECT = [(g, s) for g, s in setup_kinds()
             if next(x for x in gw.games() if x["name"] == g)["information"] == "imperfect"]


@pytest.mark.parametrize("game,setup", IMPERFECT)
def test_what_a_seat_cannot_see_does_not_change_what_it_observes(game, setup):
    g = gw.load_game(game, setup)
    every = 7 if game != "milkomeda" else 23
    perturbed = 0
    checks = 0
    others_differ = 0
    others_planes_differ = 0
    for seed in range(1, 4):
        rng, rand = rands(seed)
        s = g.new_initial_state()
        steps = 0
        found = perturbed
        # Milkomeda hides little before its first sealed fleet roster: play on until something
        # hidden was redrawn a few times, or the game ends.
        while not s.is_terminal() and (steps < 400 or perturbed - found < 3):
            if s.is_chance_node():
                s.resolve_chance(rng)
                continue
            if steps % every == 0:
                for seat in range(g.num_players()):
                    other = s.resample(seat, 100 * seed + steps)
                    assert other.observation(seat) == s.observation(seat), (game, setup, seat)
                    assert np.array_equal(other.observation_tensor(seat),
                                          s.observation_tensor(seat)), (game, setup, seat)
                    assert np.array_equal(other.observation_planes(seat),
                                          s.observation_planes(seat)), (game, setup, seat)
                    others_planes_differ += any(
                        not np.array_equal(other.observation_planes(o), s.observation_planes(o))
                        for o in range(g.num_players()) if o != seat)
                    others_differ += any(
                        not np.array_equal(other.observation_tensor(o), s.observation_tensor(o))
                        for o in range(g.num_players()) if o != seat)
                    assert other.observation_string(seat) == s.observation_string(seat)
                    assert other.legal_actions(seat) == s.legal_actions(seat)
                    assert other.current_player() == s.current_player()
                    checks += 1
                    if other.cheat_full_state() != s.cheat_full_state():
                        perturbed += 1
            seat = s.acting_seats()[0]
            legal = s.legal_actions(seat)
            s.apply_action(legal[rand.randrange(len(legal))], seat)
            steps += 1
    assert checks > 0
    assert perturbed > 0, f"{game} {setup}: nothing hidden was ever redrawn"
    # What was redrawn is seen by some other seat (its own hand, its own commitment): the
    # tensors carry it for that seat, so the equality above is not for want of information.
    assert others_differ > 0, f"{game} {setup}: no seat's tensor ever showed a redrawn secret"
    assert others_planes_differ > 0, f"{game} {setup}: no seat's planes showed a redrawn secret"


def test_a_resampled_state_has_no_history_to_serialize():
    s = gw.load_game("starcore").new_initial_state()
    s.resolve_chance(gw.Rng(1))
    with pytest.raises(ValueError, match="resampled"):
        s.resample(0, 1).serialize()
