"""Complete random Connect Four games per second in OpenSpiel's C++ implementation.

Python overhead is excluded: each timed call runs `n_rollouts` complete random games inside
C++ with `RandomRolloutEvaluator` (clone the start state; until terminal: LegalActions, uniform
pick, ApplyAction; then Returns). pyspiel 2.x does not bind `Evaluator.evaluate` to Python, so
the evaluator is driven through `MCTSBot` with `max_simulations=1`: one `bot.step(state)` then
does exactly one `Evaluate(initial state)` (= n_rollouts games) plus a negligible prior lookup.

Prints `openspiel cpu_games_per_second=<N>` (games per second of CPU time this thread got,
which stays meaningful on a busy machine) and `openspiel games_per_second=<N>` (per wall-clock
second) as its last line.
"""

import argparse

import pyspiel

from openspiel_common import mcts_bot, time_and_report


def make_rollout_call(game, n_rollouts, seed):
    """A zero-argument function that plays `n_rollouts` random games in C++."""
    evaluator = pyspiel.RandomRolloutEvaluator(n_rollouts, seed)
    state = game.new_initial_state()
    if hasattr(evaluator, "evaluate"):  # older/newer bindings expose it directly
        return lambda: evaluator.evaluate(state)
    # uct_c is unused with one simulation; max_simulations 1: one Evaluate() of the root.
    bot = mcts_bot(game, evaluator, 2.0, 1, seed)
    return lambda: bot.step(state)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rollouts-per-call", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game("connect_four")
    call = make_rollout_call(game, args.rollouts_per_call, args.seed)
    time_and_report(
        call,
        args.rollouts_per_call,
        args.seconds,
        "games",
        lambda games, elapsed: f"open_spiel {getattr(pyspiel, '__version__', '')} played "
        f"{games} games in {elapsed:.3f} s",
    )


if __name__ == "__main__":
    main()
