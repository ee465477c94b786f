"""`simulate` and the balance report from Python: the command line's JSON documents (compared
with the `gridwright` binary itself when scripts/test-python finds it), the same whatever the
thread count, and `simulate` cut into shards merging back into the single run's document."""

import json
import os
import subprocess

import pytest

import gridwright as gw

# The figures of how a batch ran, not what it found.
RUN_FIGURES = ("elapsed_seconds", "games_per_second", "threads")


def found(doc):
    return {k: v for k, v in doc.items() if k not in RUN_FIGURES}


def cli_json(*args):
    """`gridwright ARGS --json` from the binary scripts/test-python names, if it is there."""
    cli = os.environ.get("GRIDWRIGHT_CLI")
    if not cli or not os.path.exists(cli):
        pytest.skip("no gridwright binary (scripts/test-python sets GRIDWRIGHT_CLI when "
                    "cargo test has built one)")
    out = subprocess.run([cli, *args, "--json"], check=True, capture_output=True, text=True)
    # JSON floats written by Rust and read by Python round-trip exactly.
    return json.loads(out.stdout)


@pytest.mark.parametrize("game,setup,agents,games", [
    ("connect-four", None, "random,mcts:iters=8", 200),
    ("grid-battles", "skirmish", "greedy,random", 40),
    ("starcore", None, "random,random", 20),
])
def test_simulate_gives_the_command_lines_document(game, setup, agents, games):
    doc = gw.load_game(game, setup).simulate(agents, games=games, seed=5, threads=2)
    args = ["simulate", game, "--agents", agents, "--games", str(games), "--seed", "5",
            "--threads", "2"]
    if setup:
        args += ["--scenario", setup]
    assert found(doc) == found(cli_json(*args))


def test_simulate_is_the_same_on_any_number_of_threads_and_another_seed_differs():
    g = gw.load_game("grid-battles", "skirmish")
    one = g.simulate(["random", "greedy"], games=60, seed=9, threads=1)
    two = g.simulate("random,greedy", games=60, seed=9, threads=2)
    assert found(one) == found(two)
    assert one["games"] == 60 and sum(one["wins"]) + one["draws"] == 60
    assert one["agents"] == "random,greedy" and one["scenario"] == "skirmish"
    assert found(g.simulate("random,greedy", games=60, seed=10, threads=2)) != found(one)


def test_shards_in_any_order_merge_into_the_single_runs_document():
    g = gw.load_game("command-core", "duel")
    whole = g.simulate("random,random", games=30, seed=3, threads=1)
    shards = [g.simulate_shard("random,random", 3, start, n)
              for start, n in [(20, 10), (0, 7), (7, 13)]]
    merged = g.simulate_merge("random,random", 3, 30, shards)
    assert found(merged) == found(whole)
    assert merged["mean_scores"] == whole["mean_scores"]


def test_a_merge_refuses_shards_that_miss_or_repeat_a_game_or_another_seed():
    g = gw.load_game("connect-four")
    a = g.simulate_shard("random,random", 1, 0, 5)
    b = g.simulate_shard("random,random", 1, 5, 5)
    with pytest.raises(ValueError, match="hold 5 games, not the batch's 10"):
        g.simulate_merge("random,random", 1, 10, [a])
    with pytest.raises(ValueError, match="exactly once"):
        g.simulate_merge("random,random", 1, 10, [a, a])
    with pytest.raises(ValueError, match="master seed 2"):
        g.simulate_merge("random,random", 2, 10, [a, b])
    with pytest.raises(ValueError, match="shard 1: not a shard"):
        g.simulate_merge("random,random", 1, 10, [a, "{}"])


def test_bad_agents_are_refused_before_any_game():
    g = gw.load_game("connect-four")
    with pytest.raises(ValueError, match="human"):
        g.simulate("human,random", games=3)
    with pytest.raises(ValueError, match="3 agents"):
        g.simulate("random,random,random", games=3)
    with pytest.raises(ValueError, match="wizard"):
        g.simulate_shard("wizard,random", 1, 0, 3)
    with pytest.raises(ValueError, match="threads"):
        g.simulate("random,random", games=3, threads=0)


def test_balance_gives_the_command_lines_report():
    g = gw.load_game("grid-battles", "skirmish")
    report = g.balance("greedy,random", games=30, seed=2, threads=2)
    cli = cli_json("balance", "grid-battles", "--scenario", "skirmish", "--agents",
                   "greedy,random", "--games", "30", "--seed", "2", "--threads", "2")
    for r in (report, cli):
        r.pop("elapsed_seconds")
    assert report == cli


def test_balance_compares_two_variants_on_the_same_seeds():
    g = gw.load_game("grid-battles", "skirmish")
    unit = g.config()["units"][0]["id"]
    report = g.balance("greedy,greedy", games=20, seed=4, threads=2,
                       variants={"A": [], "B": [f"units.{unit}.health=1"]})
    assert [v["name"] for v in report["variants"]] == ["A", "B"]
    assert report["variants"][1]["changes"] == [f"units.{unit}.health=1"]
    assert report["comparison"] is not None
    one = g.balance("greedy,greedy", games=20, seed=4, threads=1,
                    variants={"A": [], "B": [f"units.{unit}.health=1"]})
    one.pop("elapsed_seconds")
    report.pop("elapsed_seconds")
    assert one == report
    with pytest.raises(ValueError, match="variant B: unknown key path `units.nobody.health`"):
        g.balance("greedy,greedy", games=2, variants={"B": ["units.nobody.health=1"]})
    with pytest.raises(ValueError, match="seat 5"):
        g.balance("greedy,greedy", games=2, subject=5)
