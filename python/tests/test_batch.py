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


def both_ways(command, game, setup, agents, games, seed, threads=2):
    """`command` (`simulate`, `balance` or `ladder`) run from Python, then `gridwright command
    --json` with the same arguments: the two documents."""
    doc = getattr(gw.load_game(game, setup), command)(agents, games=games, seed=seed,
                                                      threads=threads)
    args = [command, game, "--agents", agents, "--games", str(games), "--seed", str(seed),
            "--threads", str(threads)]
    if setup:
        args += ["--scenario", setup]
    return doc, cli_json(*args)


@pytest.mark.parametrize("game,setup,agents,games", [
    ("connect-four", None, "random,mcts:iters=8", 200),
    ("grid-battles", "skirmish", "greedy,random", 40),
    ("starcore", None, "random,random", 20),
])
def test_simulate_gives_the_command_lines_document(game, setup, agents, games):
    doc, cli = both_ways("simulate", game, setup, agents, games, seed=5)
    assert found(doc) == found(cli)


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


# The refusals a merge of `simulate`'s shards and one of `balance`'s share, per kind of batch:
# the games in each of two shards, a seed they were not played from, whose count of games the
# refusal of a short merge names, and shards that are not shards (made from the first) with what
# the refusal says of them.
MERGES = [
    ("simulate", 5, 2, "the batch's", lambda a: [a, "{}"], "shard 1: not a shard"),
    ("balance", 3, 9, "the run's", lambda a: ["nonsense"], "shard 0: not a balance shard"),
]


@pytest.mark.parametrize("kind, n, other_seed, whose, junk, junk_says", MERGES,
                         ids=[m[0] for m in MERGES])
def test_a_merge_refuses_shards_that_miss_or_repeat_a_game_or_another_seed(
        kind, n, other_seed, whose, junk, junk_says):
    g = gw.load_game("connect-four")
    shard, merge = getattr(g, f"{kind}_shard"), getattr(g, f"{kind}_merge")
    a = shard("random,random", 1, 0, n)
    b = shard("random,random", 1, n, n)
    with pytest.raises(ValueError, match=f"hold {n} games, not {whose} {2 * n}"):
        merge("random,random", 1, 2 * n, [a])
    with pytest.raises(ValueError, match="exactly once"):
        merge("random,random", 1, 2 * n, [a, a])
    with pytest.raises(ValueError, match=f"master seed {other_seed}"):
        merge("random,random", other_seed, 2 * n, [a, b])
    with pytest.raises(ValueError, match=junk_says):
        merge("random,random", 1, 2 * n, junk(a))


# Every kind of batch, and what it says of a `human` seat.
BATCHES = [
    ("simulate", "`human` cannot play in a batch of games"),
    ("balance", "`human` cannot play in a batch of games"),
    ("ladder", "`human` cannot play in a ladder"),
]


@pytest.mark.parametrize("kind, human_says", BATCHES, ids=[b[0] for b in BATCHES])
def test_every_batch_refuses_a_human_an_unknown_agent_and_no_threads(kind, human_says):
    run = getattr(gw.load_game("connect-four"), kind)
    with pytest.raises(ValueError, match=human_says):
        run("random,human", games=2)
    with pytest.raises(ValueError, match="wizard"):
        run("random,wizard", games=2)
    with pytest.raises(ValueError, match="threads"):
        run("random,random", games=2, threads=0)


def test_bad_agents_are_refused_before_any_game():
    g = gw.load_game("connect-four")
    with pytest.raises(ValueError, match="3 agents"):
        g.simulate("random,random,random", games=3)
    with pytest.raises(ValueError, match="wizard"):
        g.simulate_shard("wizard,random", 1, 0, 3)


def test_balance_gives_the_command_lines_report():
    report, cli = both_ways("balance", "grid-battles", "skirmish", "greedy,random", 30, seed=2)
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


def test_balance_takes_the_command_lines_sets_sweep_sprt_pairings_and_replays(tmp_path):
    # Each keyword is the flag of its name, checked by the same plan (gridwright_sim's
    # BalanceRequest): the same document as `gridwright balance --json`.
    g = gw.load_game("grid-battles", "skirmish")
    unit = g.config()["units"][0]["id"]
    base = ["balance", "grid-battles", "--scenario", "skirmish", "--threads", "2"]

    swept = g.balance("greedy,random", games=16, seed=5, threads=2,
                      sets=[f"units.{unit}.movement=2"], sweep=f"units.{unit}.health=2..4")
    cli = cli_json(*base, "--agents", "greedy,random", "--games", "16", "--seed", "5",
                   "--set", f"units.{unit}.movement=2", "--sweep", f"units.{unit}.health=2..4")
    assert [v["name"] for v in swept["variants"]] == ["2", "3", "4"]
    assert swept["variants"][0]["changes"] == [f"units.{unit}.movement=2", f"units.{unit}.health=2"]
    assert found(swept) == found(cli)

    tested = g.balance("greedy,random", games=400, seed=3, threads=2,
                       sprt={"elo0": 0, "elo1": 300, "alpha": 0.1})
    cli = cli_json(*base, "--agents", "greedy,random", "--games", "400", "--seed", "3",
                   "--sprt", "--elo0", "0", "--elo1", "300", "--alpha", "0.1")
    assert tested["sprt"]["verdict"] == "accept_h1", tested["sprt"]
    assert tested["variants"][0]["games"] < 400, "the test stopped once it decided"
    assert found(tested) == found(cli)

    paired = g.balance("random,random", games=6, seed=2, threads=2, pairings=["greedy,random"])
    cli = cli_json(*base, "--agents", "random,random", "--games", "6", "--seed", "2",
                   "--pairing", "greedy,random")
    assert [p["agents"] for p in paired["pairings"]] == [["random", "random"], ["greedy", "random"]]
    for doc in (paired, cli):
        for p in doc["pairings"]:
            p.pop("elapsed_seconds")
    assert paired == cli

    kept = g.balance("random,random", games=6, seed=2, threads=1, replays=tmp_path / "py",
                     replays_every=3)
    cli = cli_json(*base, "--agents", "random,random", "--games", "6", "--seed", "2",
                   "--replays", str(tmp_path / "cli"), "--replays-every", "3")
    names = sorted(p.name for p in (tmp_path / "py").iterdir())
    assert names and names == sorted(p.name for p in (tmp_path / "cli").iterdir())
    assert len(kept["replays"]) == len(cli["replays"])


def test_balance_refuses_what_the_command_line_refuses_naming_the_keyword():
    g = gw.load_game("grid-battles", "skirmish")
    unit = g.config()["units"][0]["id"]
    for kwargs, want in [
        ({"sets": ["units.nobody.health=1"]}, "sets: unknown key path `units.nobody.health`"),
        ({"sweep": f"units.{unit}.health=5..1"}, "sweep: sweep of `units.[a-z-]+.health`: "
                                                   "the range `5..1` is empty"),
        ({"sweep": f"units.{unit}.health=1..3", "sprt": True}, "sweep and sprt: the SPRT stops"),
        ({"sweep": f"units.{unit}.health=1..3", "variants": {"A": []}}, "sweep and variant"),
        ({"sprt": {"alpha": 0.7}}, "sprt alpha=0.7: must be above 0 and below 0.5"),
        ({"sprt": {"elo0": 10, "elo1": 5}}, r"sprt: elo1 \(5\) must be above elo0 \(10\)"),
        ({"sprt": {"gamma": 1}}, "sprt: unknown bound `gamma`"),
        ({"replays_every": 2}, "replays_every needs replays"),
        ({"replays": "/etc/passwd"}, "replays /etc/passwd: not a directory"),
        ({"variants": {"A": [], "B": [], "C": []}}, "at most two variants"),
        ({"games": 0}, "games must be at least 1"),
        ({"pairings": ["random,random"]}, "pairings: random,random is already played"),
        ({"pairings": ["random"]}, "2 seats but 1 agents"),
    ]:
        with pytest.raises(ValueError, match=want):
            g.balance("random,random", **{"games": 4, **kwargs})
    with pytest.raises(TypeError, match="unexpected keyword argument 'sweeps'"):
        g.balance("random,random", games=4, sweeps="x")
    with pytest.raises(TypeError, match="balance_shard\\(\\) got an unexpected keyword argument 'sprt'"):
        g.balance_shard("random,random", 1, 0, 2, sprt=True)
    # Nothing was played, nothing saved.
    g.balance_check("random,random", games=4, sweep=f"units.{unit}.health=1..2")


def test_tune_is_the_command_lines_search():
    g = gw.load_game("grid-battles", "skirmish")
    doc = g.tune("greedy,random", "units.knight.health=1..4", band=(0.45, 0.55), games=32,
                 seed=3, threads=2)
    cli = cli_json("balance", "grid-battles", "--scenario", "skirmish", "--agents",
                   "greedy,random", "--games", "32", "--seed", "3", "--threads", "2",
                   "--tune", "units.knight.health=1..4", "--band", "0.45..0.55")
    for d in (doc, cli):
        d.pop("elapsed_seconds")
    for k in ("game", "agents", "seed", "sets"):
        cli.pop(k)
    assert doc == cli
    assert [r["candidates"] for r in doc["rounds"]][0] == 4
    with pytest.raises(ValueError, match="tune: the key `units.knight.health` is given twice"):
        g.tune("random,random", ["units.knight.health=1..2", "units.knight.health=3..4"], games=4)
    with pytest.raises(ValueError, match="band `0.6..0.4` is not a band"):
        g.tune("random,random", "units.knight.health=1..2", band=(0.6, 0.4), games=4)
    with pytest.raises(ValueError, match="sets: unknown key path `units.nobody.health`"):
        g.tune("random,random", "units.knight.health=1..2", sets="units.nobody.health=1",
               games=4)


def test_importance_is_the_command_lines_ranking():
    g = gw.load_game("grid-battles", "skirmish")
    doc = g.importance("greedy,greedy", "sides.Red.units", games=24, seed=5, threads=2)
    cli = cli_json("balance", "grid-battles", "--scenario", "skirmish", "--agents",
                   "greedy,greedy", "--games", "24", "--seed", "5", "--threads", "2",
                   "--importance", "sides.Red.units")
    for d in (doc, cli):
        d.pop("elapsed_seconds")
    for k in ("game", "agents", "seed", "sets"):
        cli.pop(k)
    assert doc == cli
    assert len(doc["rows"]) == 3
    with pytest.raises(ValueError, match="importance sides.Red.units: .*a swap needs a table"):
        g.importance("random,random", "sides.Red.units", swap="knight", games=4)


def test_load_game_takes_decks_as_the_command_lines_deck_flag():
    g = gw.load_game("starcore", "arc-foundry-vs-iron-vanguard", decks=[None, "verdant-choir"])
    assert [d["name"] for d in g.config()["decks"]] == ["arc-foundry", "verdant-choir"]
    doc = g.balance("greedy,greedy", games=4, seed=2, threads=1)
    cli = cli_json("balance", "starcore", "--scenario", "arc-foundry-vs-iron-vanguard",
                   "--deck", "p2=verdant-choir", "--agents", "greedy,greedy", "--games", "4",
                   "--seed", "2", "--threads", "1")
    assert found(doc) == found(cli)
    with pytest.raises(ValueError, match="no-such-deck"):
        gw.load_game("starcore", decks=["no-such-deck"])


# ------------------------------------------------------------------ the ladder

def ladder_found(doc):
    """A ladder document without the figures of how it ran (`threads`, each pairing's
    `seconds`)."""
    doc = {k: v for k, v in doc.items() if k != "threads"}
    doc["pairings"] = [{k: v for k, v in p.items() if k != "seconds"} for p in doc["pairings"]]
    return doc


@pytest.mark.parametrize("game,setup,agents,games", [
    ("connect-four", None, "random,mcts:iters=8,mcts:iters=2", 10),
    ("grid-battles", "skirmish", "greedy,random", 8),
    ("milkomeda", "small-three", "random,greedy", 6),
])
def test_ladder_gives_the_command_lines_document(game, setup, agents, games):
    doc, cli = both_ways("ladder", game, setup, agents, games, seed=3)
    assert ladder_found(doc) == ladder_found(cli)
    assert doc["threads"] == cli["threads"] == 2


def test_ladder_is_the_same_on_any_number_of_threads_and_shards_merge_into_it():
    g = gw.load_game("connect-four")
    agents = ["random", "mcts:iters=2", "mcts:iters=4"]
    one = g.ladder(agents, games=9, seed=4, threads=1)
    two = g.ladder("random,mcts:iters=2,mcts:iters=4", games=9, seed=4, threads=2)
    assert ladder_found(one) == ladder_found(two)
    # Three pairings of two seatings of five games (9 rounded up to 10 per pairing).
    assert one["games_per_pairing"] == 10 and len(one["pairings"]) == 3
    assert [s["agent"] for s in one["standings"]] != []
    total = g.ladder_size(agents, 9)
    assert total == 30
    cuts = [(17, 13), (0, 5), (5, 12)]
    shards = [g.ladder_shard(agents, 9, 4, start, n) for start, n in cuts]
    merged = g.ladder_merge(agents, 9, 4, shards, threads=3)
    assert ladder_found(merged) == ladder_found(one) and merged["threads"] == 3
    assert ladder_found(g.ladder(agents, games=9, seed=5, threads=2)) != ladder_found(one)


def test_ladder_refusals_name_what_is_wrong():
    g = gw.load_game("connect-four")
    with pytest.raises(ValueError, match="at least two agents"):
        g.ladder("random", games=2)
    with pytest.raises(ValueError, match="games must be at least 1"):
        g.ladder_size("random,mcts:iters=2", 0)
    with pytest.raises(ValueError, match="this ladder has games 0 to 4"):
        g.ladder_shard("random,mcts:iters=2", 4, 1, 3, 2)
    a = g.ladder_shard("random,mcts:iters=2", 4, 1, 0, 2)
    b = g.ladder_shard("random,mcts:iters=2", 4, 1, 2, 2)
    with pytest.raises(ValueError, match="hold 0 games of ladder batch 1, not its 2"):
        g.ladder_merge("random,mcts:iters=2", 4, 1, [a])
    first = g.ladder_shard("random,mcts:iters=2", 4, 1, 0, 1)
    with pytest.raises(ValueError, match="game 1 of ladder batch 0 exactly once"):
        g.ladder_merge("random,mcts:iters=2", 4, 1, [first, first, b])
    with pytest.raises(ValueError, match="master seed 2"):
        g.ladder_merge("random,mcts:iters=2", 4, 2, [a, b])
    with pytest.raises(ValueError, match="shard 1: not a ladder shard"):
        g.ladder_merge("random,mcts:iters=2", 4, 1, [a, "[1, 2]"])


# ------------------------------------------------------------------ balance in shards

def test_balance_shards_in_any_order_merge_into_the_single_runs_report():
    g = gw.load_game("grid-battles", "skirmish")
    unit = g.config()["units"][0]["id"]
    variants = {"A": [], "B": [f"units.{unit}.health=1"]}
    whole = g.balance("greedy,random", games=24, seed=6, threads=2, subject=1,
                      variants=variants, bins=7)
    shards = [g.balance_shard("greedy,random", 6, start, n, variants=variants)
              for start, n in [(10, 14), (0, 3), (3, 7)]]
    merged = g.balance_merge("greedy,random", 6, 24, shards, subject=1, variants=variants,
                             bins=7, elapsed_seconds=1.5)
    assert merged["elapsed_seconds"] == 1.5
    for r in (whole, merged):
        r.pop("elapsed_seconds")
    assert merged == whole
    assert merged["comparison"]["subject"] == 1


def test_balance_shards_carry_curves_and_scores_exactly():
    # Milkomeda reports scores and per-round curves: what a shard carries must come back exact.
    g = gw.load_game("milkomeda", "small")
    whole = g.balance("random,random", games=4, seed=2, threads=1)
    shards = [g.balance_shard("random,random", 2, s, 2) for s in (2, 0)]
    merged = g.balance_merge("random,random", 2, 4, shards)
    assert whole["variants"][0]["curves"], "Milkomeda samples curves"
    for r in (whole, merged):
        r.pop("elapsed_seconds")
    assert merged == whole


def test_a_balance_merge_refuses_shards_that_do_not_make_up_the_run():
    # Short, repeated and other-seed shards: test_a_merge_refuses_shards_that_miss_or_repeat_...
    g = gw.load_game("connect-four")
    a = g.balance_shard("random,random", 1, 0, 3)
    b = g.balance_shard("random,random", 1, 3, 3)
    with pytest.raises(ValueError, match="has 1 variants, not the run's 2"):
        g.balance_merge("random,random", 1, 6, [a, b], variants={"A": [], "B": []})
    with pytest.raises(ValueError, match="bins must be 1 to 200, not 0"):
        g.balance_merge("random,random", 1, 6, [a, b], bins=0)
    with pytest.raises(ValueError, match="variant B: its changes must be a list"):
        g.balance_shard("random,random", 1, 0, 3, variants={"B": "rows=7"})


def test_hostile_numbers_and_agents_are_refused_naming_the_argument():
    g = gw.load_game("connect-four")
    with pytest.raises(ValueError, match="games must be a whole number from 0 up, not -1"):
        g.ladder("random,mcts", games=-1)
    with pytest.raises(ValueError, match="seed must be a whole number from 0 up, not -3"):
        g.simulate("random,random", games=2, seed=-3)
    with pytest.raises(ValueError, match="start must be a whole number from 0 up, not -1"):
        g.ladder_shard("random,mcts", 4, 1, -1, 2)
    with pytest.raises(ValueError, match="count must be a whole number from 0 up, not 2.5"):
        g.balance_shard("random,random", 1, 0, 2.5)
    with pytest.raises(ValueError, match="threads must be a whole number from 0 up, not -2"):
        g.balance("random,random", games=2, threads=-2)
    with pytest.raises(ValueError, match="bins must be a whole number from 0 up, not 'x'"):
        g.balance_merge("random,random", 1, 0, [], bins="x")
    with pytest.raises(ValueError, match="agents: write the agent specs as one string"):
        g.ladder(5)


def test_huge_batches_are_refused_not_allocated():
    g = gw.load_game("connect-four")
    with pytest.raises(ValueError, match="more than 100000000 games in all"):
        g.ladder_size("random,mcts", 2**64 - 1)
    with pytest.raises(ValueError, match="more than 100000000 games in all"):
        g.ladder(",".join(["random", "mcts"] * 20000), games=2)
    with pytest.raises(ValueError, match="at most 100000000 games, not 1000000000000"):
        g.simulate_merge("random,random", 1, 10**12, [])
    with pytest.raises(ValueError, match="at most 100000000 games"):
        g.balance_merge("random,random", 1, 10**12, [])
    with pytest.raises(ValueError, match="at most 100000000 games"):
        g.simulate_shard("random,random", 1, 2**63, 2**63)
