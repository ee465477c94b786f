"""`gridwright.ray` on a real local Ray instance (2 CPUs): a batch (`simulate`, the ladder, the
balance report) cut into shards, played as Ray tasks on worker processes and merged, is exactly
the document a single local run gives with the same seed, whatever the shard size; `python -m
gridwright.ray simulate|ladder|balance` prints it too."""

import json
import os
import subprocess
import sys

import pytest

os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
os.environ.setdefault("RAY_ACCEL_ENV_VAR_OVERRIDE_ON_ZERO", "0")  # a warning about GPUs
ray = pytest.importorskip("ray", reason="scripts/test-python installs Ray")

import gridwright as gw  # noqa: E402
import gridwright.ray as gwray  # noqa: E402
from test_batch import found, ladder_found  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("game,setup,agents,games,shard", [
    ("connect-four", None, "random,mcts:iters=4", 2000, 300),
    ("grid-battles", "skirmish", "greedy,random", 40, 7),
    ("milkomeda", "small", "random,random", 6, 2),
])
def test_ray_shards_merge_into_the_local_runs_document(local_ray, game, setup, agents, games,
                                                       shard):
    local = gw.load_game(game, setup).simulate(agents, games=games, seed=7, threads=1)
    on_ray = gwray.simulate(game, agents, games=games, seed=7, setup=setup, shard_size=shard)
    assert found(on_ray) == found(local)
    assert on_ray["threads"] == 2  # the cluster's CPUs


def test_the_default_shard_size_gives_the_same_document(local_ray):
    local = gw.load_game("connect-four").simulate("random,random", games=500, seed=1, threads=2)
    assert found(gwray.simulate("connect-four", "random,random", games=500, seed=1)) == found(local)
    # At least four shards per worker for a batch that has the games.
    assert gwray.shard_size("connect-four", "random,random", 500, workers=2) <= 63


def test_bad_arguments_are_refused_before_any_task(local_ray):
    with pytest.raises(ValueError, match="human"):
        gwray.simulate("connect-four", "human,random", games=10)
    with pytest.raises(ValueError, match="games must be a whole number of games, at least 1"):
        gwray.simulate("connect-four", games=0)
    with pytest.raises(ValueError, match="shard_size"):
        gwray.simulate("connect-four", games=10, shard_size=0)


def test_the_command_line_mirrors_gridwright_simulate(local_ray):
    out = subprocess.run(
        [sys.executable, "-m", "gridwright.ray", "simulate", "grid-battles", "--scenario",
         "skirmish", "--agents", "greedy,random", "--games", "30", "--seed", "3",
         "--set", "round_limit=4", "--shard-size", "8", "--address", "auto", "--json"],
        check=True, capture_output=True, text=True, timeout=120)
    doc = json.loads(out.stdout)
    g = gw.load_game("grid-battles", "skirmish", {"round_limit": 4})
    assert found(doc) == found(g.simulate("greedy,random", games=30, seed=3, threads=1))


@pytest.mark.parametrize("game,setup,agents,games,shard", [
    ("connect-four", None, "random,mcts:iters=2,mcts:iters=4", 40, 7),
    ("milkomeda", "small-three", "random,greedy", 6, 5),
    ("connect-four", None, "random,mcts:iters=2", 30, None),
])
def test_a_ladder_on_ray_is_the_local_ladder(local_ray, game, setup, agents, games, shard):
    local = gw.load_game(game, setup).ladder(agents, games=games, seed=11, threads=1)
    on_ray = gwray.ladder(game, agents, games=games, seed=11, setup=setup, shard_size=shard)
    assert ladder_found(on_ray) == ladder_found(local)
    assert on_ray["threads"] == 2


@pytest.mark.parametrize("shard", [5, None])
def test_a_balance_report_on_ray_is_the_local_report(local_ray, shard):
    g = gw.load_game("grid-battles", "skirmish")
    unit = g.config()["units"][0]["id"]
    variants = {"A": [], "B": [f"units.{unit}.health=1"]}
    local = g.balance("greedy,random", games=30, seed=8, threads=1, variants=variants)
    on_ray = gwray.balance("grid-battles", "greedy,random", games=30, seed=8, setup="skirmish",
                           variants=variants, shard_size=shard)
    for r in (local, on_ray):
        r.pop("elapsed_seconds")
    assert on_ray == local


def test_a_sweep_with_common_changes_on_ray_is_the_local_sweep(local_ray):
    g = gw.load_game("grid-battles", "skirmish")
    unit = g.config()["units"][0]["id"]
    shape = {"sets": [f"units.{unit}.movement=2"], "sweep": f"units.{unit}.health=2..3"}
    local = g.balance("greedy,random", games=12, seed=9, threads=1, **shape)
    on_ray = gwray.balance("grid-battles", "greedy,random", games=12, seed=9, setup="skirmish",
                           shard_size=4, **shape)
    for r in (local, on_ray):
        r.pop("elapsed_seconds")
    assert on_ray == local
    assert on_ray["sweep"]["key"] == f"units.{unit}.health"


def test_ladder_and_balance_refuse_bad_arguments_before_any_task(local_ray):
    with pytest.raises(ValueError, match="agent `wizard`"):
        gwray.ladder("connect-four", "random,wizard", games=4)
    with pytest.raises(ValueError, match="at least two agents"):
        gwray.ladder("connect-four", "random", games=4)
    with pytest.raises(ValueError, match="shard_size must be a whole number of games, at least 1, "
                                         "not 0"):
        gwray.ladder("connect-four", "random,mcts:iters=2", games=4, shard_size=0)
    with pytest.raises(ValueError, match="shard_size .* not 2.5"):
        gwray.balance("connect-four", games=4, shard_size=2.5)
    with pytest.raises(ValueError, match="shard_size .* not 'many'"):
        gwray.simulate("connect-four", games=4, shard_size="many")
    with pytest.raises(ValueError, match="seat 2 is not a seat"):
        gwray.balance("connect-four", games=4, subject=2)
    with pytest.raises(ValueError, match="variant B: unknown key path"):
        gwray.balance("connect-four", games=4, variants={"B": ["nothing.here=1"]})
    with pytest.raises(ValueError, match="sets: unknown key path `nothing.here`"):
        gwray.balance("connect-four", games=4, sets=["nothing.here=1"])
    with pytest.raises(ValueError, match="games must be a whole number of games, at least 1, "
                                         "not 0"):
        gwray.balance("connect-four", games=0)
    with pytest.raises(ValueError, match="games must be .* not 'many'"):
        gwray.simulate("connect-four", games="many")
    with pytest.raises(ValueError, match="games must be a whole number from 0 up, not -5"):
        gwray.ladder("connect-four", "random,mcts", games=-5)
    with pytest.raises(ValueError, match="seed must be a whole number from 0 up, not 'x'"):
        gwray.balance("connect-four", games=3, seed="x")


def run_module(*args):
    return subprocess.run([sys.executable, "-m", "gridwright.ray", *args],
                          capture_output=True, text=True, timeout=180)


def test_the_command_line_mirrors_gridwright_ladder_and_balance(local_ray):
    out = run_module("ladder", "connect-four", "--agents", "random,mcts:iters=2", "--games", "12",
                     "--seed", "2", "--shard-size", "5", "--address", "auto", "--json")
    assert out.returncode == 0, out.stderr
    g = gw.load_game("connect-four")
    assert ladder_found(json.loads(out.stdout)) == ladder_found(
        g.ladder("random,mcts:iters=2", games=12, seed=2, threads=1))
    gb = gw.load_game("grid-battles", "skirmish")
    unit = gb.config()["units"][0]["id"]
    out = run_module("balance", "grid-battles", "--scenario", "skirmish", "--agents",
                     "greedy,random", "--games", "12", "--seed", "3", "--set", "round_limit=4",
                     "--variant", "A=", "--variant", f"B=units.{unit}.health=1", "--subject",
                     "p2", "--bins", "5", "--address", "auto", "--json")
    assert out.returncode == 0, out.stderr
    local = gb.balance("greedy,random", games=12, seed=3, threads=1, subject=1, bins=5,
                       variants={"A": ["round_limit=4"],
                                 "B": ["round_limit=4", f"units.{unit}.health=1"]})
    doc = json.loads(out.stdout)
    for r in (doc, local):
        r.pop("elapsed_seconds")
    assert doc == local


def test_the_command_line_refuses_in_words(local_ray):
    out = run_module("balance", "connect-four", "--subject", "p3", "--address", "auto")
    assert out.returncode == 1 and "--subject `p3`: this setup has seats p1 to p2" in out.stderr
    out = run_module("balance", "connect-four", "--variant", "nameless", "--address", "auto")
    assert out.returncode == 1 and "write NAME=changes" in out.stderr
    out = run_module("ladder", "connect-four", "--agents", "random,wizard", "--address", "auto")
    assert out.returncode == 1 and "wizard" in out.stderr
    assert "Traceback" not in out.stderr
