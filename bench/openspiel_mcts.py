"""MCTS simulations per second in OpenSpiel's C++ MCTSBot on Connect Four.

Each timed call is one `MCTSBot.step` from the initial position: a fresh search of
`--sims` simulations in C++ (UCT with constant `--c`, one random rollout per leaf through
`RandomRolloutEvaluator`, no solver), so Python overhead is one call per search.

Prints `openspiel cpu_sims_per_second=<N>` (per second of CPU time this thread got, which
stays meaningful on a busy machine) and `openspiel sims_per_second=<N>` (per wall-clock
second).
"""

import argparse

import pyspiel

from openspiel_common import mcts_bot, time_and_report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--sims", type=int, default=10000)
    parser.add_argument("--c", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game("connect_four")
    evaluator = pyspiel.RandomRolloutEvaluator(1, args.seed)
    bot = mcts_bot(game, evaluator, args.c, args.sims, args.seed)
    state = game.new_initial_state()
    time_and_report(
        lambda: bot.step(state),
        args.sims,
        args.seconds,
        "sims",
        lambda sims, elapsed: f"open_spiel: {sims} simulations in {elapsed:.3f} s "
        f"({args.sims} per search, c = {args.c})",
    )


if __name__ == "__main__":
    main()
