"""``simulate`` on a Ray cluster: the batch cut into seeded shards, played as Ray tasks, merged
into exactly the document a single run gives.

Game ``i`` of a batch is always played from ``derive_seed(seed, i)`` with fresh agents, whoever
plays it, and the merge adds the games to one tally in game order, as ``Game.simulate`` does; so
``gridwright.ray.simulate(...)`` returns the same document as ``Game.simulate(...)`` and as
``gridwright simulate --json`` with the same arguments, but for the figures of how it ran
(``elapsed_seconds``, ``games_per_second``; ``threads`` is the cluster's CPUs), whatever the shard
size and the number of workers.

It runs on whatever ``ray.init()`` reaches: a local instance, or a cluster by
``ray.init(address="ray://head:10001")`` (``--address`` on the command line). Every worker needs
the ``gridwright`` package installed (the same version). From a shell::

    python -m gridwright.ray simulate connect-four --agents random,greedy --games 100000 --json

``simulate`` mirrors ``gridwright simulate``: ``GAME``, ``--scenario``, ``--agents``,
``--games``, ``--seed``, ``--json``, plus ``--set key=value`` (config overrides, as
``load_game``'s dict), ``--shard-size`` and ``--address``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

import ray

import gridwright

#: A shard should take about this long on one worker: Ray spends about a millisecond per task
#: (scheduling, the records' transfer), so a task much shorter than 10 ms is mostly overhead,
#: and much longer ones balance the workers badly at the end of a batch.
SHARD_SECONDS = 0.5

#: Games the driver plays (once, on its own thread) to time a game and size the shards.
PROBE_GAMES = 8


@ray.remote
def _play_shard(game, setup, overrides, agents, seed, start, count):
    """Games ``start .. start + count`` of the batch: their records as JSON text."""
    return gridwright.load_game(game, setup, overrides).simulate_shard(agents, seed, start, count)


def shard_size(game, agents, games, seed=1, setup=None, overrides=None, workers=1):
    """The default shard size: games taking about ``SHARD_SECONDS`` on one worker (timed on
    ``PROBE_GAMES`` games of the batch), but at least four shards per worker when the batch has
    that many games, so the workers stay busy to the end."""
    g = gridwright.load_game(game, setup, overrides)
    probe = min(PROBE_GAMES, games)
    started = time.perf_counter()
    g.simulate_shard(agents, seed, 0, probe)
    per_game = max((time.perf_counter() - started) / max(probe, 1), 1e-7)
    size = max(1, round(SHARD_SECONDS / per_game))
    return max(1, min(size, math.ceil(games / (4 * max(workers, 1)))))


def simulate(game, agents="random,random", games=1000, seed=1, setup=None, overrides=None,
             shard_size=None):
    """``Game.simulate``'s document for ``games`` games of ``game`` (with ``setup`` and config
    ``overrides``) between ``agents`` from master seed ``seed``, played as Ray tasks of
    ``shard_size`` games each (default: see ``shard_size()``). Starts a local Ray instance if
    none is running."""
    started = time.perf_counter()
    g = gridwright.load_game(game, setup, overrides)
    # Refuses bad agents here, before any task is sent.
    g.simulate_shard(agents, seed, 0, 0)
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if not ray.is_initialized():
        ray.init()
    workers = int(ray.cluster_resources().get("CPU", 1))
    if shard_size is None:
        shard_size = globals()["shard_size"](game, agents, games, seed, setup, overrides, workers)
    if shard_size < 1:
        raise ValueError(f"shard_size must be at least 1, not {shard_size}")
    refs = [
        _play_shard.remote(game, setup, overrides, agents, seed, start, min(shard_size, games - start))
        for start in range(0, games, shard_size)
    ]
    shards = ray.get(refs)
    return g.simulate_merge(agents, seed, games, shards, threads=workers,
                            elapsed_seconds=time.perf_counter() - started)


def _parse_set(items):
    """``key.path=value`` items as one overrides dict (values read as JSON when they are)."""
    out = {}
    for item in items:
        path, sep, value = item.partition("=")
        if not sep or not path:
            raise SystemExit(f"--set {item!r}: write key.path=value")
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        here = out
        keys = path.split(".")
        for k in keys[:-1]:
            here = here.setdefault(k, {})
        here[keys[-1]] = parsed
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m gridwright.ray",
        description="Gridwright batches of games on a Ray cluster.")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="agent-vs-agent games with statistics, sharded")
    sim.add_argument("game")
    sim.add_argument("--scenario", default=None)
    sim.add_argument("--agents", default="random,random")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--set", dest="sets", action="append", default=[],
                     metavar="KEY.PATH=VALUE")
    sim.add_argument("--shard-size", type=int, default=None)
    sim.add_argument("--address", default=None,
                     help="the cluster (ray://host:10001, auto); default: a local instance")
    sim.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    ray.init(address=args.address, log_to_driver=False)
    try:
        doc = simulate(args.game, args.agents, args.games, args.seed, args.scenario,
                       _parse_set(args.sets) or None, args.shard_size)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    finally:
        ray.shutdown()
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        seats = len(doc["wins"])
        print(f"{doc['game']} ({doc['scenario']}): {doc['games']} games, agents {doc['agents']}, "
              f"{doc['threads']} CPUs")
        for i in range(seats):
            lo, hi = doc["win_interval_95"][i]
            print(f"  P{i + 1} wins {doc['wins'][i]:>7}  {100 * doc['win_rate'][i]:6.2f}%  "
                  f"(95% CI {100 * lo:.2f}%–{100 * hi:.2f}%)")
        print(f"  draws   {doc['draws']:>7}")
        print(f"  game length: mean {doc['mean_moves']:.1f} moves, median {doc['median_moves']:.1f}")
        print(f"  {doc['games_per_second']:.0f} games/s ({doc['elapsed_seconds']:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
