"""MCTS simulations per second in OpenSpiel's C++ MCTSBot on Connect Four.

Each timed call is one `MCTSBot.step` from the initial position: a fresh search of
`--sims` simulations in C++ (UCT with constant `--c`, one random rollout per leaf through
`RandomRolloutEvaluator`, no solver), so Python overhead is one call per search.

Prints `openspiel cpu_sims_per_second=<N>` (per second of CPU time this thread got, which
stays meaningful on a busy machine) and `openspiel sims_per_second=<N>` (per wall-clock
second).
"""

import argparse
import sys
import time

import pyspiel


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--sims", type=int, default=10000)
    parser.add_argument("--c", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game("connect_four")
    evaluator = pyspiel.RandomRolloutEvaluator(1, args.seed)
    bot = pyspiel.MCTSBot(
        game,
        evaluator,
        args.c,  # uct_c
        args.sims,  # max_simulations
        1000,  # max_memory_mb
        False,  # solve
        args.seed,
        False,  # verbose
    )
    state = game.new_initial_state()
    bot.step(state)  # warm-up, untimed

    sims = 0
    cpu_start = time.thread_time()
    start = time.perf_counter()
    while True:
        bot.step(state)
        sims += args.sims
        elapsed = time.perf_counter() - start
        if elapsed >= args.seconds:
            break
    cpu = time.thread_time() - cpu_start
    print(
        f"open_spiel: {sims} simulations in {elapsed:.3f} s "
        f"({args.sims} per search, c = {args.c})",
        file=sys.stderr,
    )
    print(f"openspiel cpu_sims_per_second={sims / cpu:.0f}")
    print(f"openspiel sims_per_second={sims / elapsed:.0f}")


if __name__ == "__main__":
    main()
