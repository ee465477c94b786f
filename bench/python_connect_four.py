"""Random-play steps per second for Connect Four through Python, side by side (see
bench/python_connect_four.sh): PettingZoo's connect_four_v3, pyspiel's connect_four, ours one
step at a time (the pyspiel-shaped State, and our PettingZoo env), ours batched (VectorEnv).

Each contender plays uniform random legal moves for --seconds of CPU time of this thread,
restarting finished games, and counts player moves. The best of --rounds rounds is kept."""

import argparse
import random
import time

import numpy as np

cpu = time.thread_time


def aec_loop(env, seconds):
    """Random play through a PettingZoo AEC env with masks: the same loop for both."""
    env.reset(seed=0)
    pick = random.Random(0)
    steps, t0 = 0, cpu()
    while cpu() - t0 < seconds:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
        steps += 1
    return steps / (cpu() - t0)


def pettingzoo_connect_four_v3(seconds):
    from pettingzoo.classic import connect_four_v3

    return aec_loop(connect_four_v3.env(), seconds)


def state_loop(game, seconds):
    """Random play through a pyspiel-shaped game: the same loop for pyspiel and for ours."""
    pick = random.Random(0)
    state = game.new_initial_state()
    steps, t0 = 0, cpu()
    while cpu() - t0 < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        legal = state.legal_actions()
        state.apply_action(legal[pick.randrange(len(legal))])
        steps += 1
    return steps / (cpu() - t0)


def pyspiel_connect_four(seconds):
    import pyspiel

    return state_loop(pyspiel.load_game("connect_four"), seconds)


def ours_state(seconds):
    import gridwright as gw

    return state_loop(gw.load_game("connect-four"), seconds)


def ours_pettingzoo(seconds):
    from gridwright.pettingzoo import env

    return aec_loop(env("connect-four"), seconds)


def ours_batched(seconds, num_envs=1024):
    import gridwright as gw

    v = gw.VectorEnv("connect-four", num_envs, seed=0)
    actions = np.zeros(num_envs, dtype=np.int64)
    rng = gw.Rng(0)
    steps, t0 = 0, cpu()
    while cpu() - t0 < seconds:
        v.sample_actions(rng, actions)
        v.step(actions)
        steps += num_envs
    return steps / (cpu() - t0)


CONTENDERS = [
    ("pettingzoo connect_four_v3", pettingzoo_connect_four_v3),
    ("pyspiel connect_four", pyspiel_connect_four),
    ("gridwright State, one step at a time", ours_state),
    ("gridwright PettingZoo env, one step at a time", ours_pettingzoo),
    ("gridwright VectorEnv, 1024 games batched", ours_batched),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    best = {name: 0.0 for name, _ in CONTENDERS}
    for r in range(args.rounds):
        for name, run in CONTENDERS:
            rate = run(args.seconds)
            best[name] = max(best[name], rate)
            print(f"round {r + 1}: {name}: {rate:,.0f} steps per CPU-second", flush=True)
    pz = best["pettingzoo connect_four_v3"]
    sp = best["pyspiel connect_four"]
    print("\nbest of each (random-play steps per CPU-second of one thread):")
    for name, _ in CONTENDERS:
        print(f"  {name:48s} {best[name]:>12,.0f}   {best[name] / pz:6.1f}x pettingzoo"
              f"   {best[name] / sp:5.2f}x pyspiel")


if __name__ == "__main__":
    main()
