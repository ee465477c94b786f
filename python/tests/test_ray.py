"""`gridwright.ray` on a real local Ray instance (2 CPUs): a batch cut into shards, played as Ray
tasks on worker processes and merged, is exactly the document a single local run gives with the
same seed, whatever the shard size; `python -m gridwright.ray simulate` prints it too."""

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
from test_batch import found  # noqa: E402


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
    with pytest.raises(ValueError, match="games must be at least 1"):
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
