"""The engine's replay files from Python (`gridwright.load_replay`): the `gridwright` binary
writes them (`simulate --replays DIR`, `balance --replays DIR`), Python loads and verifies each,
steps through its states to the end, and finds the returns, moves and winners the binary
reports; damaged or hostile files are refused with a `ValueError` naming the file and what is
wrong."""

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import gridwright as gw


def cli():
    path = os.environ.get("GRIDWRIGHT_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("no gridwright binary (scripts/test-python sets GRIDWRIGHT_CLI when "
                    "cargo test has built one)")
    return path


def run(*args):
    out = subprocess.run([cli(), *args], check=True, capture_output=True, text=True)
    return out.stdout


def simulate_with_replays(tmp, game, setup, agents, games, seed):
    folder = tmp / f"{game}-{setup}"
    args = ["simulate", game, "--agents", agents, "--games", str(games), "--seed", str(seed),
            "--replays", str(folder), "--json"]
    if setup:
        args += ["--scenario", setup]
    doc = json.loads(run(*args))
    return doc, sorted(folder.glob("*.json"))


@pytest.mark.parametrize("game,setup,agents,games", [
    ("connect-four", None, "random,random", 6),
    ("grid-battles", "skirmish", "greedy,random", 4),
    ("command-core", "duel", "random,random", 2),
    ("starcore", None, "random,random", 2),
    ("milkomeda", "small", "random,random", 2),
    ("milkomeda", "three", "random,random,random", 1),
])
def test_replays_the_binary_writes_load_step_to_the_end_and_agree_with_it(
        tmp_path, game, setup, agents, games):
    doc, files = simulate_with_replays(tmp_path, game, setup, agents, games, seed=3)
    assert len(files) == games
    wins = [0] * len(doc["wins"])
    for f in files:
        r = gw.load_replay(f)
        told = json.loads(run("replay", str(f), "--json"))
        assert r.path == str(f)
        assert r.game.name == game and r.seed == told.get("seed", r.seed)
        assert r.event_hash == told["event_hash"]
        assert r.returns == told["returns"] and r.terminal == told["terminal"]
        assert len(r) == told["moves"]
        said = [e["action"] for e in told["log"] if "seat" in e["actor"]]
        assert [text for _, text in r.moves] == said
        # Every state, start to end: the moves in words are each state's acting seat's action.
        states = r.states()
        assert len(states) == len(r) + 1
        for k, (seat, text) in enumerate(r.moves):
            s = states[k]
            assert not s.is_chance_node()
            action = s.string_to_action(text, seat)
            assert s.action_to_string(action) == text
            nxt = s.clone()
            nxt.apply_action(action, seat)
            if not nxt.is_chance_node():
                assert nxt.serialize() == states[k + 1].serialize()
            s.observation_planes(seat)  # usable with the rest of the API
        last = states[-1]
        assert last.is_terminal() and last.returns() == r.returns
        assert r.state_at(-1).serialize() == last.serialize()
        assert r.state_at(0).serialize() == states[0].serialize()
        assert r.config() == r.game.config()
        winner = int(np.argmax(r.returns)) if max(r.returns) > min(r.returns) else None
        if winner is not None and list(r.returns).count(max(r.returns)) == 1:
            wins[winner] += 1
    assert wins == doc["wins"]


def test_balance_replays_load_too(tmp_path):
    folder = tmp_path / "balance"
    run("balance", "grid-battles", "--scenario", "skirmish", "--agents", "greedy,random",
        "--games", "12", "--seed", "2", "--replays", str(folder), "--json")
    files = sorted(folder.rglob("*.json"))
    assert files
    for f in files:
        r = gw.load_replay(str(f))
        told = json.loads(run("replay", str(f), "--json"))
        assert r.returns == told["returns"]
        assert r.state_at(len(r)).returns() == told["returns"]


def test_text_and_pathlib_paths_give_the_same_replay(tmp_path):
    _, files = simulate_with_replays(tmp_path, "connect-four", None, "random,random", 1, seed=8)
    text = files[0].read_text()
    a, b = gw.load_replay(text), gw.load_replay(pathlib.Path(files[0]))
    assert a.path is None and b.path == str(files[0])
    assert a.moves == b.moves and a.returns == b.returns and a.seed == b.seed
    assert "connect-four" in repr(a)
    with pytest.raises(ValueError, match="state_at takes 0 to"):
        a.state_at(len(a) + 1)
    with pytest.raises(TypeError):
        gw.load_replay(12)


@pytest.fixture
def replay_file(tmp_path):
    _, files = simulate_with_replays(tmp_path, "grid-battles", "skirmish", "random,random", 1,
                                     seed=5)
    return files[0]


def damaged(tmp_path, replay_file, change):
    doc = json.loads(replay_file.read_text())
    change(doc)
    out = tmp_path / "damaged.replay.json"
    out.write_text(json.dumps(doc))
    return out


def refused(source, *words):
    with pytest.raises(ValueError) as e:
        gw.load_replay(source)
    message = str(e.value)
    for w in words:
        assert w in message, message
    return message


def test_a_changed_hash_is_refused_naming_the_file(tmp_path, replay_file):
    f = damaged(tmp_path, replay_file, lambda d: d.update(event_hash="0" * 64))
    refused(f, str(f), "hash mismatch")


def test_a_changed_config_or_seed_is_refused(tmp_path, replay_file):
    def more_rounds(d):
        d["config"]["round_limit"] += 1
    refused(damaged(tmp_path, replay_file, more_rounds), "hash mismatch")
    refused(damaged(tmp_path, replay_file, lambda d: d.update(seed=d["seed"] + 1)),
            "does not verify")


def test_an_illegal_move_is_refused_naming_it(tmp_path, replay_file):
    def bad_move(d):
        d["moves"][0]["action"] = {"done": "nonsense"}
    refused(damaged(tmp_path, replay_file, bad_move), "move 0 of the replay is invalid")


def test_another_game_or_an_unknown_one_is_refused(tmp_path, replay_file):
    refused(damaged(tmp_path, replay_file, lambda d: d.update(game="chess")),
            "`chess`", "does not have")
    refused(damaged(tmp_path, replay_file, lambda d: d.update(game="connect-four")),
            "does not verify")


def test_a_corrupt_file_a_directory_a_missing_file_and_a_huge_file_are_refused(
        tmp_path, replay_file):
    cut = tmp_path / "cut.json"
    cut.write_text(replay_file.read_text()[:200])
    refused(cut, str(cut), "not a valid replay file")
    refused(str(tmp_path), str(tmp_path), "is a directory")
    refused(str(tmp_path / "missing.json"), "cannot read it")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(65 << 20)  # sparse: 65 MiB without writing them
    refused(huge, str(huge), "at most")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{\x00")
    refused(binary, "not UTF-8")
    refused("{ not json", "the replay text given", "not a valid replay file")
    old = damaged(tmp_path, replay_file, lambda d: d.update(format=1))
    refused(old, "format 1")
