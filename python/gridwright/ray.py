"""Batches of games on a Ray cluster: ``simulate``, the ladder and the balance report, each cut
into seeded shards, played as Ray tasks, merged into exactly the document a single run gives.

Every game of a batch is played from a seed that depends only on the master seed and the game's
number, with fresh agents, whoever plays it, and the merge adds the games up in game order, as
the single run does; so ``gridwright.ray.simulate(...)``, ``ladder(...)`` and ``balance(...)``
return the documents of ``Game.simulate``, ``Game.ladder`` and ``Game.balance`` (and of
``gridwright simulate|ladder|balance --json``) with the same arguments, but for the figures of how
they ran (``elapsed_seconds``, ``games_per_second``, a ladder pairing's ``seconds``; ``threads``
is the cluster's CPUs), whatever the shard size and the number of workers.

It runs on whatever ``ray.init()`` reaches: a local instance, or a cluster by
``ray.init(address="ray://head:10001")`` (``--address`` on the command line). Every worker needs
the ``gridwright`` package installed (the same version). From a shell::

    python -m gridwright.ray simulate connect-four --agents random,greedy --games 100000 --json
    python -m gridwright.ray ladder connect-four --agents random,greedy,mcts --games 200 --json
    python -m gridwright.ray balance grid-battles --scenario skirmish --agents greedy,random \\
        --variant A= --variant B=units.knight.health=4 --games 2000 --json

Each subcommand mirrors the ``gridwright`` command of its name (``GAME``, ``--scenario``,
``--agents``, ``--games``, ``--seed``, ``--json``; ``balance``: ``--variant``, ``--set``,
``--sweep``, ``--subject``, ``--bins``), plus ``--shard-size`` and ``--address``; ``simulate`` and ``ladder``
take ``--set key.path=value`` as ``load_game``'s overrides dict.
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
    """Games ``start .. start + count`` of a ``simulate`` batch: their records as JSON text."""
    return gridwright.load_game(game, setup, overrides).simulate_shard(agents, seed, start, count)


@ray.remote
def _play_ladder_shard(game, setup, overrides, agents, games, seed, start, count):
    """Games ``start .. start + count`` of a ladder: their records as JSON text."""
    g = gridwright.load_game(game, setup, overrides)
    return g.ladder_shard(agents, games, seed, start, count)


@ray.remote
def _play_balance_shard(game, setup, overrides, agents, seed, start, count, options):
    """Games ``start .. start + count`` of a balance run, every variant: JSON text."""
    g = gridwright.load_game(game, setup, overrides)
    return g.balance_shard(agents, seed, start, count, **options)


def _checked_games(what, n):
    """``n`` if it is a whole number of games, at least 1; else a ``ValueError`` naming ``what``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"{what} must be a whole number of games, at least 1, not {n!r}")
    return n


def _checked_shard_size(shard_size):
    return _checked_games("shard_size", shard_size)


def _size_from_probe(play, total, workers):
    """Games taking about ``SHARD_SECONDS`` on one worker, timed by ``play(count)`` on
    ``PROBE_GAMES`` games, but at least four shards per worker when there are the games."""
    probe = min(PROBE_GAMES, total)
    started = time.perf_counter()
    play(probe)
    per_game = max((time.perf_counter() - started) / max(probe, 1), 1e-7)
    size = max(1, round(SHARD_SECONDS / per_game))
    return max(1, min(size, math.ceil(total / (4 * max(workers, 1)))))


def shard_size(game, agents, games, seed=1, setup=None, overrides=None, workers=1):
    """The default shard size of a ``simulate`` batch: games taking about ``SHARD_SECONDS`` on
    one worker (timed on ``PROBE_GAMES`` games of the batch), but at least four shards per
    worker when the batch has that many games, so the workers stay busy to the end."""
    g = gridwright.load_game(game, setup, overrides)
    return _size_from_probe(lambda n: g.simulate_shard(agents, seed, 0, n), games, workers)


def _cluster_cpus():
    if not ray.is_initialized():
        ray.init()
    return int(ray.cluster_resources().get("CPU", 1))


def _run_shards(total, size, task):
    """``task(start, count)`` for every shard of ``0 .. total``, gathered (Ray refs)."""
    return ray.get([task(start, min(size, total - start)) for start in range(0, total, size)])


def simulate(game, agents="random,random", games=1000, seed=1, setup=None, overrides=None,
             shard_size=None):
    """``Game.simulate``'s document for ``games`` games of ``game`` (with ``setup`` and config
    ``overrides``) between ``agents`` from master seed ``seed``, played as Ray tasks of
    ``shard_size`` games each (default: see ``shard_size()``). If Ray is not initialized, calls
    ``ray.init()`` (which joins ``RAY_ADDRESS`` or a ``ray start`` instance of this machine, else
    starts a local instance)."""
    started = time.perf_counter()
    g = gridwright.load_game(game, setup, overrides)
    # Refuses bad agents here, before any task is sent.
    g.simulate_shard(agents, seed, 0, 0)
    _checked_games("games", games)
    if shard_size is not None:
        _checked_shard_size(shard_size)
    workers = _cluster_cpus()
    if shard_size is None:
        shard_size = globals()["shard_size"](game, agents, games, seed, setup, overrides, workers)
    shards = _run_shards(games, shard_size, lambda start, count: _play_shard.remote(
        game, setup, overrides, agents, seed, start, count))
    return g.simulate_merge(agents, seed, games, shards, threads=workers,
                            elapsed_seconds=time.perf_counter() - started)


def ladder(game, agents="random,greedy,mcts", games=200, seed=1, setup=None, overrides=None,
           shard_size=None):
    """``Game.ladder``'s document (``gridwright ladder --json``'s): every pairing of ``agents``
    playing ``games`` games of ``game`` from master seed ``seed``, its ``ladder_size`` games
    numbered pairing by pairing and seating by seating, cut into shards of ``shard_size`` games
    (default: timed as ``shard_size()`` does, on the ladder's first games) played as Ray
    tasks, calling ``ray.init()`` first if Ray is not initialized."""
    started = time.perf_counter()
    g = gridwright.load_game(game, setup, overrides)
    # Refuses bad agents and games here, before any task is sent.
    total = g.ladder_size(agents, games)
    if shard_size is not None:
        _checked_shard_size(shard_size)
    workers = _cluster_cpus()
    if shard_size is None:
        shard_size = _size_from_probe(
            lambda n: g.ladder_shard(agents, games, seed, 0, n), total, workers)
    shards = _run_shards(total, shard_size, lambda start, count: _play_ladder_shard.remote(
        game, setup, overrides, agents, games, seed, start, count))
    return g.ladder_merge(agents, games, seed, shards, threads=workers,
                          elapsed_seconds=time.perf_counter() - started)


def balance(game, agents="random,random", games=1000, seed=1, setup=None, overrides=None,
            subject=0, variants=None, bins=20, shard_size=None, sets=None, sweep=None):
    """``Game.balance``'s report (``gridwright balance --json``'s): ``games`` games of every
    variant (game ``i`` of each from the same seed; ``sets`` changes every variant, ``sweep``
    makes one variant per value), cut into shards of ``shard_size`` games (default: timed as
    ``shard_size()`` does, on the run's first games) played as Ray tasks. Calls ``ray.init()``
    first if Ray is not initialized. An SPRT, replays and other pairings are ``Game.balance``'s
    alone: a sharded run plays every game wherever it likes."""
    started = time.perf_counter()
    g = gridwright.load_game(game, setup, overrides)
    _checked_games("games", games)
    shape = {"variants": variants, "sets": sets, "sweep": sweep}
    # Refuses bad agents, variants, changes, a bad sweep, subject and bins here, with the
    # command line's own checks, before any task is sent.
    g.balance_check(agents, games=games, seed=seed, subject=subject, bins=bins, **shape)
    if shard_size is not None:
        _checked_shard_size(shard_size)
    cpus = _cluster_cpus()
    if shard_size is None:
        shard_size = _size_from_probe(
            lambda n: g.balance_shard(agents, seed, 0, n, **shape), games, cpus)
    shards = _run_shards(games, shard_size, lambda start, count: _play_balance_shard.remote(
        game, setup, overrides, agents, seed, start, count, shape))
    return g.balance_merge(agents, seed, games, shards, subject=subject, bins=bins,
                           elapsed_seconds=time.perf_counter() - started, **shape)


class _Refused(Exception):
    """A command-line argument that cannot be used, in words."""


def _parse_set(items):
    """``key.path=value`` items as one overrides dict (values read as JSON when they are)."""
    out = {}
    for item in items:
        path, sep, value = item.partition("=")
        if not sep or not path:
            raise _Refused(f"--set {item!r}: write key.path=value")
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            parsed = value
        here = out
        keys = path.split(".")
        for k in keys[:-1]:
            here = here.setdefault(k, {})
            if not isinstance(here, dict):
                raise _Refused(f"--set {item!r}: {k} is given a value elsewhere")
        here[keys[-1]] = parsed
    return out


def _parse_variants(items):
    """``--variant NAME=changes`` items as the variants dict of ``Game.balance``, as
    ``gridwright balance`` reads them (``--set`` goes to ``sets``)."""
    asked = {}
    for item in items:
        name, sep, changes = item.partition("=")
        if not sep:
            raise _Refused(f"--variant `{item}`: write NAME=changes, e.g. "
                           "B=units.knight.health=4 (or A= for none)")
        name = name.strip()
        if not name or "." in name:
            raise _Refused(f"--variant `{item}`: the variant needs a name before the first `=`, "
                           "e.g. B=…")
        if name in asked:
            raise _Refused(f"--variant {name} is given twice")
        asked[name] = [c.strip() for c in changes.split(",") if c.strip()]
    return asked


def _parse_subject(text, seats):
    """``p1`` … ``pN`` (or ``1`` … ``N``) as a seat from 0."""
    t = text.strip().lower().removeprefix("p")
    if t.isdigit() and 1 <= int(t) <= seats:
        return int(t) - 1
    raise _Refused(f"--subject `{text}`: this setup has seats p1 to p{seats}")


def _common(parser, agents, games):
    parser.add_argument("game", help="the game's short name")
    parser.add_argument("--scenario", default=None, help="the setup (scenario) name")
    parser.add_argument("--agents", default=agents, help=f"agent specs (default {agents})")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1, help="master seed")
    parser.add_argument("--set", dest="sets", action="append", default=[],
                        metavar="KEY.PATH=VALUE")
    parser.add_argument("--shard-size", type=int, default=None,
                        help="games per Ray task (default: about half a second's worth)")
    parser.add_argument("--address", default=None,
                        help="the cluster (ray://host:10001, auto); default: a local instance")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def _print_simulate(doc):
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


def _print_ladder(doc):
    n = doc["seats"]
    print(f"{doc['game']} ladder — scenario {doc['scenario']}, {n} seats, "
          f"{doc['games_per_pairing']} games per pairing, seed {doc['seed']}, "
          f"{doc['threads']} CPUs")
    for p in doc["pairings"]:
        a, b = p["a_alone"], p["b_alone"]
        print(f"  {p['a']} vs {p['b']}: {p['games']} games, {p['draws']} draws; "
              f"{p['a']} alone wins {a['wins']}/{a['games']}, "
              f"{p['b']} alone wins {b['wins']}/{b['games']}")
    print(f"standings (score = wins + draws / {n}, per game sat alone):")
    for i, s in enumerate(doc["standings"]):
        print(f"  {i + 1}. {s['agent']}  {100 * s['score']:.1f}%  {s['wins']} wins, "
              f"{s['draws']} draws, {s['losses']} losses in {s['games']} games")


def _print_balance(doc):
    print(f"{doc['game']} ({doc['setup']}): {doc['games_asked']} games per variant, agents "
          f"{', '.join(doc['agents'])}, seed {doc['seed']}")
    for v in doc["variants"]:
        changes = ", ".join(v["changes"]) or "no change"
        print(f"  {v['name']} ({changes}): {v['games']} games, {v['draws']} draws")
        for line in v["seats"]:
            lo, hi = line["interval_95"]
            print(f"    {line['label']} wins {line['wins']} ({100 * line['rate']:.1f}%, "
                  f"95% {100 * lo:.1f}–{100 * hi:.1f}%, {line['vs_share']})")
    c = doc.get("comparison")
    if c:
        lo, hi = c["interval_95"]
        print(f"  {c['b']} − {c['a']}: {c['difference']:+.3f} (95% {lo:+.3f} to {hi:+.3f}), "
              f"p = {c['p_value']:.3f}{', significant' if c['significant'] else ''}")


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m gridwright.ray",
        description="Gridwright batches of games on a Ray cluster.")
    commands = parser.add_subparsers(dest="command", required=True)
    _common(commands.add_parser(
        "simulate", help="agent-vs-agent games with statistics, sharded"), "random,random", 1000)
    _common(commands.add_parser(
        "ladder", help="a round robin between agents, sharded"), "random,greedy,mcts", 200)
    bal = commands.add_parser("balance", help="the designer's balance report, sharded")
    _common(bal, "random,random", 1000)
    bal.add_argument("--variant", dest="variants", action="append", default=[],
                     metavar="NAME=[KEY.PATH=VALUE,…]",
                     help="a named variant with its own changes (at most two)")
    bal.add_argument("--sweep", default=None, metavar="KEY.PATH=LOW..HIGH[:STEP]|A,B,…",
                     help="one key over a range of values, each played on the same seeds")
    bal.add_argument("--subject", default="p1", help="the seat variants compare (p1, p2, …)")
    bal.add_argument("--bins", type=int, default=20, help="histogram bins (1 to 200)")
    args = parser.parse_args(argv)
    try:
        if args.command == "balance":
            # As `gridwright balance`: --set is a change of every variant, in the report.
            variants = _parse_variants(args.variants)
            game = gridwright.load_game(args.game, args.scenario)
            subject = _parse_subject(args.subject, game.num_players())
            overrides = None
        else:
            overrides = _parse_set(args.sets) or None
        ray.init(address=args.address, log_to_driver=False)
        try:
            if args.command == "simulate":
                doc = simulate(args.game, args.agents, args.games, args.seed, args.scenario,
                               overrides, args.shard_size)
            elif args.command == "ladder":
                doc = ladder(args.game, args.agents, args.games, args.seed, args.scenario,
                             overrides, args.shard_size)
            else:
                doc = balance(args.game, args.agents, args.games, args.seed, args.scenario,
                              None, subject, variants, args.bins, args.shard_size,
                              sets=args.sets, sweep=args.sweep)
        finally:
            ray.shutdown()
    except (ValueError, _Refused) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        {"simulate": _print_simulate, "ladder": _print_ladder,
         "balance": _print_balance}[args.command](doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
