"""Shared by the OpenSpiel timing scripts (openspiel_connect_four.py, openspiel_mcts.py).

Each script builds a zero-argument call that does `per_call` units of work in C++, then hands it
to `time_and_report`, which warms it up, times it and prints the rates the bench/*.sh scripts
read.
"""

import sys
import time

import pyspiel


def mcts_bot(game, evaluator, uct_c, max_simulations, seed):
    """OpenSpiel's C++ MCTSBot: 1000 MB memory cap, no solver, quiet."""
    return pyspiel.MCTSBot(
        game,
        evaluator,
        uct_c,
        max_simulations,
        1000,  # max_memory_mb
        False,  # solve
        seed,
        False,  # verbose
    )


def time_and_report(call, per_call, seconds, unit, describe):
    """Runs `call` once untimed, then repeatedly for at least `seconds` of wall-clock time.

    Prints `describe(count, elapsed)` to stderr, then `openspiel cpu_<unit>_per_second=<N>`
    (per second of CPU time this thread got, which stays meaningful on a busy machine) and
    `openspiel <unit>_per_second=<N>` (per wall-clock second) as the last line.
    """
    call()  # warm-up, untimed
    count = 0
    cpu_start = time.thread_time()
    start = time.perf_counter()
    while True:
        call()
        count += per_call
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    cpu = time.thread_time() - cpu_start
    print(describe(count, elapsed), file=sys.stderr)
    print(f"openspiel cpu_{unit}_per_second={count / cpu:.0f}")
    print(f"openspiel {unit}_per_second={count / elapsed:.0f}")
