"""The typed observation planes (`State.observation_planes`, docs/python.md "Observation
planes"): each game's planes computed again here, independently of the encoders, from the
seat's observation dict and the tables in docs/python.md (planes found by their documented
names), at known positions of shipped setups; the shape fixed over thousands of random states;
the same game giving the same planes (determinism)."""

import numpy as np
import pytest

import gridwright as gw
from conftest import play_random, rands, setup_kinds


def frac(value, most):
    return 0.0 if most <= 0 else min(max(value / most, 0.0), 1.0)


class Expected:
    """Planes being filled by name, as the docs' tables name them."""

    def __init__(self, game):
        self.names = game.observation_plane_names()
        self.index = {n: i for i, n in enumerate(self.names)}
        assert len(self.index) == len(self.names), "plane names repeat"
        self.a = np.zeros(game.observation_planes_shape(), dtype=np.float32)

    def set(self, name, row, col, value=1.0):
        self.a[self.index[name], row, col] = value

    def add(self, name, row, col, value=1.0):
        self.a[self.index[name], row, col] += value

    def fill(self, name, value):
        self.a[self.index[name], :, :] = value


def connect_four(game, obs, seat):
    e = Expected(game)
    for r, row in enumerate(obs["board"]):
        for c, cell in enumerate(row):
            name = "empty" if cell is None else ("my discs" if cell == seat else "opponent's discs")
            e.set(name, r, c)
    return e


def grid_battles(game, obs, seat):
    e = Expected(game)
    cfg = game.config()
    letters = {t["letter"]: t["id"] for t in cfg["terrain"]}
    for r, row in enumerate(obs["map"]["rows"]):
        for c, letter in enumerate(row):
            e.set(f"terrain: {letters[letter]}", r, c)
    names = {t["id"]: t["name"] for t in cfg["units"]}
    phase = obs["phase"]
    for u in obs["units"]:
        if not u["alive"]:
            continue
        col, row = int(u["at"][:2]), int(u["at"][2:])
        e.set("my units" if u["side"] == seat else "opponent's units", row, col)
        e.set(f"unit type: {names[u['unit_type']]}", row, col)
        e.set("health / starting health", row, col, frac(u["health"], u["max_health"]))
        e.set("movement points left / movement", row, col, frac(u["mp_left"], u["movement"]))
        e.set(u["status"], row, col)
        for flag, name in (("moved", "moved this turn"), ("attacked", "attacked this turn"),
                           ("bold", "bold")):
            e.set(name, row, col, float(u[flag]))
        if phase["phase"] == "combat":
            e.set("attacking unit", row, col, float(phase["attacker"] == u["id"]))
            e.set("attacked unit", row, col, float(phase["defender"] == u["id"]))
    other = 1 - seat
    e.fill("round / round limit", frac(obs["round"], obs["round_limit"]))
    e.fill("my victory points / my target", frac(obs["vp"][seat], obs["vp_target"][seat]))
    e.fill("opponent's victory points / their target",
           frac(obs["vp"][other], obs["vp_target"][other]))
    e.fill("my turn", float(obs["active"] == seat))
    e.fill("I started the round", float(obs["round_starter"] == seat))
    e.fill("game over" if phase["phase"] == "over" else f"phase: {phase['phase']}", 1.0)
    if phase["phase"] == "activation":
        e.fill("activations left / activations per turn",
               frac(phase["remaining"], cfg["activations"]))
    return e


def command_core(game, obs, seat):
    e = Expected(game)
    cfg = game.config()
    chassis = {c["id"]: c["name"] for c in cfg["chassis"]}
    attack, crit = obs["attack"], obs["crit"]
    for m in obs["mechs"]:
        if m["at"] is None or m["destroyed"]:
            continue
        r, c = m["at"]["y"], m["at"]["x"]
        e.set("my mechs" if m["owner"] == seat else "opponent's mechs", r, c)
        e.set(f"chassis: {chassis[m['chassis']]}", r, c)
        if m["facing"] is not None:
            e.set(f"facing: {m['facing']}", r, c)
        e.set("structure / starting structure", r, c, frac(m["structure"], m["max_structure"]))
        for key, name in (("surge", "surge"), ("flux", "flux"), ("tokens", "targeting tokens")):
            e.set(name, r, c, m[key])
        e.set("ordering number", r, c, m["order"] or 0)
        e.set("program sealed", r, c, float(m["committed"]))
        e.set("program revealed", r, c, float(m["revealed"]))
        e.set("executed", r, c, float(m["executed"]))
        known = m["committed_cards"] if m["committed_cards"] is not None else (m["draft_cards"] or 0)
        e.set("program cards known / slots", r, c, frac(known, m["slots"]))
        for slot, card in enumerate(m["program"] or []):
            if card is not None:
                e.set(f"program slot {slot + 1}: directive {card['card'] + 1}", r, c)
                e.set(f"program slot {slot + 1}: flipped", r, c, float(card["flipped"]))
        weapons = m["weapons"]
        e.set("depleted weapons / weapons", r, c,
              frac(sum(w["depleted"] for w in weapons), len(weapons)))
        e.set("depleted cards", r, c, len(m["depleted"]))
        e.set("attacking mech", r, c, float(attack is not None and attack["attacker"] == m["id"]))
        e.set("targeted mech", r, c, float(attack is not None and attack["target"] == m["id"]))
        e.set("mech taking crits", r, c, float(crit is not None and crit["mech"] == m["id"]))
    e.fill("round / round limit", frac(obs["round"], obs["round_limit"]))
    for who, s in (("my", seat), ("opponent's", 1 - seat)):
        most = sum(m["max_structure"] for m in obs["mechs"] if m["owner"] == s)
        now = next(side["structure"] for side in obs["sides"] if side["seat"] == s)
        e.fill(f"{who} structure / starting", frac(now, most))
    e.fill("I may act", float(seat in obs["to_act"]))
    e.fill("phase: " + obs["phase"]["phase"].replace("_", " "), 1.0)
    return e


STARCORE_KEYWORDS = {"splash": "Splash", "pierce": "Pierce", "execute": "Execute",
                     "flank": "Flank", "zone_flank": "Zone Flank",
                     "zone_dominance": "Zone Dominance", "sector_lock": "Sector Lock",
                     "aura": "Aura", "taunt": "Taunt", "first_strike": "First Strike",
                     "heal": "Heal", "shield": "Shield", "salvage": "Salvage"}


def starcore_cell(seat, tile):
    owner, spot = tile.split(":")
    owner, row, lane = int(owner[1:]) - 1, "ABC".index(spot[0]), int(spot[1:])
    depth = 2 - row if owner == 0 else 3 + row
    return (depth if seat == 0 else 5 - depth), lane - 1


def starcore(game, obs, seat):
    e = Expected(game)
    ids = [c[next(iter(c))]["id"] if "id" not in c else c["id"] for c in game.config()["cards"]]
    linked = {t for pair in obs["links"] for t in pair}
    for p in obs["board"]:
        r, c = starcore_cell(seat, p["tile"])
        e.set("my cards" if p["owner"] == seat else "opponent's cards", r, c)
        e.set(f"card: {ids[p['card']]}", r, c)
        e.set("HP left / HP", r, c, frac(p["hp"][0], p["hp"][1]))
        for key, name in (("shield", "shield"), ("dmg", "DMG"), ("def", "DEF"),
                          ("movement", "movement")):
            e.set(name, r, c, p[key])
        e.set("moved this turn", r, c, float(p["moved"]))
        e.set("attacked this turn", r, c, float(p["attacked"]))
        e.set("module on a host", r, c, float(p["host"] is not None))
        e.set("linked", r, c, float(p["tile"] in linked))
        for k in p["keywords"]:
            key = k if isinstance(k, str) else next(iter(k))
            e.set(f"keyword: {STARCORE_KEYWORDS[key]}", r, c)
    for f in obs["stack"]:
        if f["frame"] == "deploy":
            e.add("stack: acting tile", *starcore_cell(seat, f["tile"]))
        elif f["frame"] == "attack":
            e.add("stack: acting tile", *starcore_cell(seat, f["from"]))
            e.add("stack: target tile", *starcore_cell(seat, f["target"]))
    for who, s in (("my", seat), ("opponent's", 1 - seat)):
        p = obs["players"][s]
        for name, n in (("hand size", p["hand_count"]), ("deck size", p["deck_count"]),
                        ("scrapyard size", len(p["scrapyard"])), ("void size", len(p["void"])),
                        ("draws owed", p["owed"])):
            e.fill(f"{who} {name}", n)
        for i, res in enumerate(("matter", "energy", "life", "signal")):
            e.fill(f"{who} pool: {res}", p["pool"][i])
    me = obs["players"][seat]
    e.fill("turns begun", obs["turn"])
    e.fill("my cards placed this turn", me["placed"])
    e.fill("my turn", float(obs["active"] == seat))
    e.fill("I hold the response window", float(obs["responder"] == seat))
    e.fill("stack depth", len(obs["stack"]))
    e.fill("phase: " + obs["phase"]["phase"].replace("_", " "), 1.0)
    for card in me["hand"] or []:
        e.a[e.index[f"my hand: {ids[card]}"]] += 1.0
    return e


MILKOMEDA_STRUCTURES = {"outpost": "outpost", "starlance": "starlance",
                        "hypergate": "hypergate", "m_brain": "mbrain", "mbrain": "mbrain"}
RESOURCES = ("blue", "orange", "red", "green")


def milkomeda(game, obs, seat):
    e = Expected(game)
    cfg = game.config()
    n = len(cfg["seats"])

    def who(s):
        k = (s - seat) % n
        return {0: "me", 1: "the next player"}.get(k, f"the player {k} after me")

    for t in obs["tiles"]:
        c, r = t["space"]
        e.set("sector placed", r, c)
        if "homeworld" in t["sector"]:
            e.set("homeworld", r, c)
        else:
            values = cfg["sectors"][t["sector"]["card"]]["values"]
            for i, res in enumerate(RESOURCES):
                e.set(f"sector value: {res}", r, c, values[i])
            e.set(f"rotation: {int(t['rotation'][1:])}", r, c)
        if t["control"] is not None:
            e.set(f"controlled by {who(t['control'])}", r, c)
        for s, fleets in enumerate(t["fleets"]):
            e.set(f"fleets of {who(s)}", r, c, fleets)
    for p in obs["structures"]:
        c, r = p["space"]
        e.add(f"{MILKOMEDA_STRUCTURES[p['structure']]} of {who(p['owner'])}", r, c)
        if not p["active"]:
            e.add("structures not yet active", r, c)
    if obs["combat"] is not None:
        c, r = obs["combat"]["sector"]
        e.set("combat sector", r, c)
    e.fill("round / round limit", frac(obs["round"], cfg["round_limit"]))
    e.fill("sector cards left / sector cards", frac(obs["deck_left"], len(cfg["sectors"])))
    for s, store in enumerate(obs["storage"]):
        for i, res in enumerate(RESOURCES):
            e.fill(f"storage of {who(s)}: {res}", store[i])
    for s, marker in enumerate(obs["markers"]):
        if marker is not None:
            e.fill(f"marker of {who(s)}: {marker}", 1.0)
    e.fill("my turn", float(obs["turn"] is not None and obs["turn"]["seat"] == seat))
    sealed = obs["combat"]["own_sealed"] if obs["combat"] is not None else None
    for i, ship in enumerate(("beam frigate", "shield cruiser", "artillery platform",
                              "drone carrier", "fighter squadron")):
        e.fill(f"my sealed choice: {ship}", sealed[i] if sealed else 0)
    if obs["ended"] is not None or obs["scores"] is not None:
        phase = "over"
    elif obs["combat"] is not None:
        phase = "combat"
    elif obs["turn"] is not None:
        phase = "turn"
    elif obs["orders"] is not None:
        phase = "orders"
    else:
        phase = "setup"
    e.fill(f"phase: {phase}", 1.0)
    return e


EXPECTED = {"connect-four": connect_four, "grid-battles": grid_battles,
            "command-core": command_core, "starcore": starcore, "milkomeda": milkomeda}


def assert_planes(game, state, seat):
    want = EXPECTED[game.name](game, state.observation(seat), seat)
    got = state.observation_planes(seat)
    assert got.dtype == np.float32 and got.shape == want.a.shape
    for i, name in enumerate(want.names):
        assert np.allclose(got[i], want.a[i], atol=1e-6), (game.name, seat, name, got[i], want.a[i])


def test_connect_four_planes_after_three_drops_are_own_opponent_and_empty():
    g = gw.load_game("connect-four")
    assert g.observation_planes_shape() == (3, 6, 7)
    assert g.observation_plane_names() == ["my discs", "opponent's discs", "empty"]
    s = g.new_initial_state()
    for text in ("drop 4", "drop 4", "drop 3"):
        s.apply_action(s.string_to_action(text))
    p1, p2 = s.observation_planes(0), s.observation_planes(1)
    mine = np.zeros((6, 7), np.float32)
    mine[5, 3] = mine[5, 2] = 1  # P1's discs: bottom row, columns 4 and 3
    theirs = np.zeros((6, 7), np.float32)
    theirs[4, 3] = 1  # P2's disc on top of column 4
    assert np.array_equal(p1[0], mine) and np.array_equal(p1[1], theirs)
    assert np.array_equal(p2[0], theirs) and np.array_equal(p2[1], mine)
    assert np.array_equal(p1[2], 1 - mine - theirs) and np.array_equal(p2[2], p1[2])


def test_grid_battles_skirmish_opening_planes_by_hand():
    g = gw.load_game("grid-battles", "skirmish")
    names = g.observation_plane_names()
    assert g.observation_planes_shape() == (len(names), 5, 5)
    s = g.new_initial_state()
    p1, p2 = s.observation_planes(0), s.observation_planes(1)
    at = names.index
    # The map: woods at 0101 and 0301, the hill at 0202 (skirmish.toml).
    assert p1[at("terrain: woods")][1, 1] == 1 and p1[at("terrain: woods")][1, 3] == 1
    assert p1[at("terrain: hill")][2, 2] == 1 and p1[at("terrain: plain")][0, 0] == 1
    # P1's pikeman stands at 0101, fresh and at full health: P1's unit, P2's opponent.
    assert p1[at("my units")][1, 1] == 1 and p1[at("opponent's units")][1, 1] == 0
    assert p2[at("opponent's units")][1, 1] == 1 and p2[at("my units")][1, 1] == 0
    assert p1[at("unit type: Pikeman")][1, 1] == 1
    assert p1[at("health / starting health")][1, 1] == 1 and p1[at("fresh")][1, 1] == 1
    # Round 1 of 6, P1 to activate two units.
    assert np.all(p1[at("round / round limit")] == np.float32(1 / 6))
    assert np.all(p1[at("my turn")] == 1) and np.all(p2[at("my turn")] == 0)
    assert np.all(p1[at("phase: activation")] == 1)
    assert np.all(p1[at("activations left / activations per turn")] == 1)


def test_command_core_a_deployed_mech_is_mine_for_its_owner_and_the_opponents_for_the_other():
    g = gw.load_game("command-core", "duel")
    at = g.observation_plane_names().index
    s = g.new_initial_state()
    rng = gw.Rng(1)
    while True:
        if s.is_chance_node():
            s.resolve_chance(rng)
            continue
        seat = s.acting_seats()[0]
        texts = [s.action_to_string(a) for a in s.legal_actions(seat)]
        if "deploy 1 at c1 facing s" in texts:
            break
        s.apply_action(s.legal_actions(seat)[0], seat)
    assert seat == 0
    s.apply_action(s.string_to_action("deploy 1 at c1 facing s", 0), 0)
    mine, theirs = s.observation_planes(0), s.observation_planes(1)
    # Square c1 is x = 2, y = 0: row 0, column 2. Mech 1 is P1's Wasp (chassis scout).
    assert mine[at("my mechs")][0, 2] == 1 and theirs[at("opponent's mechs")][0, 2] == 1
    assert mine[at("opponent's mechs")].sum() == 0 and theirs[at("my mechs")].sum() == 0
    for p in (mine, theirs):
        assert p[at("chassis: Wasp")][0, 2] == 1 and p[at("facing: S")][0, 2] == 1
        assert p[at("facing: S")].sum() == 1
        assert p[at("structure / starting structure")][0, 2] == 1
    assert np.all(mine[at("phase: deploy")] == 1)


def test_starcore_the_own_hand_is_in_the_planes_and_the_opponents_only_as_a_size():
    g = gw.load_game("starcore")
    names = g.observation_plane_names()
    s = g.new_initial_state()
    s.resolve_chance(gw.Rng(4))
    ids = [c[next(iter(c))]["id"] if "id" not in c else c["id"] for c in g.config()["cards"]]
    for seat in (0, 1):
        hand = s.observation(seat)["players"][seat]["hand"]
        assert len(hand) == 8
        p = s.observation_planes(seat)
        for i, card in enumerate(ids):
            assert np.all(p[names.index(f"my hand: {card}")] == hand.count(i)), card
        assert np.all(p[names.index("my hand size")] == 8)
        assert np.all(p[names.index("opponent's hand size")] == 8)
        assert np.all(p[names.index("phase: mulligan")] == 1)
        assert p[names.index("my cards")].sum() == 0  # nothing on the board yet


def test_milkomeda_small_homeworlds_fleets_and_storage_are_counted_from_the_observer():
    g = gw.load_game("milkomeda", "small")
    at = g.observation_plane_names().index
    assert g.observation_planes_shape()[1:] == (5, 5)
    s = g.new_initial_state()
    s.resolve_chance(gw.Rng(1))
    p1, p2 = s.observation_planes(0), s.observation_planes(1)
    # P1's homeworld in the top left corner, P2's in the bottom right, three fleets each, and
    # 3 blue, 3 orange, 3 red, 5 green in store.
    for p, home, away in ((p1, (0, 0), (4, 4)), (p2, (4, 4), (0, 0))):
        assert p[at("homeworld")][home] == 1 and p[at("homeworld")][away] == 1
        assert p[at("controlled by me")][home] == 1 and p[at("controlled by me")][away] == 0
        assert p[at("controlled by the next player")][away] == 1
        assert p[at("fleets of me")][home] == 3 and p[at("fleets of the next player")][away] == 3
        assert np.all(p[at("storage of me: green")] == 5)
        assert np.all(p[at("storage of the next player: blue")] == 3)
        assert p[at("sector placed")].sum() == 2


# Known positions: each shipped setup, then scripted play (seeded chance, seeded choices),
# checked against the tables after every step for the first 60 player actions.
@pytest.mark.parametrize("game,setup", setup_kinds())
def test_planes_follow_the_documented_table(game, setup):
    g = gw.load_game(game, setup)
    rng, rand = rands(11)
    s = g.new_initial_state()
    steps = 0
    while not s.is_terminal() and steps < 60:
        if s.is_chance_node():
            s.resolve_chance(rng)
            continue
        for seat in range(g.num_players()):
            assert_planes(g, s, seat)
        seat = s.acting_seats()[0]
        legal = s.legal_actions(seat)
        s.apply_action(legal[rand.randrange(len(legal))], seat)
        steps += 1
    for seat in range(g.num_players()):
        assert_planes(g, s, seat)


@pytest.mark.parametrize("game,setup", setup_kinds())
def test_planes_match_the_table_late_in_random_games(game, setup):
    g = gw.load_game(game, setup)
    checked = 0

    def on_step(state, seat, legal):
        nonlocal checked
        if rand.random() < 0.05:
            for s in range(g.num_players()):
                assert_planes(g, state, s)
            checked += 1

    for seed in range(2):
        rng, rand = rands(100 + seed)
        s = g.new_initial_state()
        play_random(s, rng, rand, on_step)
        for seat in range(g.num_players()):
            assert_planes(g, s, seat)
    assert checked > 0


SHAPE_STATES = 2_000


@pytest.mark.parametrize("game,setup", setup_kinds())
def test_the_shape_is_fixed_over_thousands_of_states(game, setup):
    g = gw.load_game(game, setup)
    shape = g.observation_planes_shape()
    names = g.observation_plane_names()
    assert len(shape) == 3 and shape[0] == len(names) and min(shape) > 0
    assert len(set(names)) == len(names)
    seen = 0
    seed = 0
    while seen < SHAPE_STATES:
        rng, rand = rands(seed)
        s = g.new_initial_state()

        def on_step(state, seat, legal):
            nonlocal seen
            for p in range(g.num_players()):
                a = state.observation_planes(p)
                assert a.shape == shape and a.dtype == np.float32
                assert np.all(np.isfinite(a))
            seen += 1

        play_random(s, rng, rand, on_step)
        assert s.observation_planes(0).shape == shape
        seed += 1


@pytest.mark.parametrize("game,setup", setup_kinds())
def test_planes_are_deterministic(game, setup):
    g1, g2 = gw.load_game(game, setup), gw.load_game(game, setup)
    assert g1.observation_plane_names() == g2.observation_plane_names()
    a, b = g1.new_initial_state(), g2.new_initial_state()
    (rng_a, rand_a), (rng_b, rand_b) = rands(5), rands(5)
    for _ in range(40):
        if a.is_terminal():
            break
        if a.is_chance_node():
            a.resolve_chance(rng_a)
            b.resolve_chance(rng_b)
            continue
        for seat in range(g1.num_players()):
            pa = a.observation_planes(seat)
            assert np.array_equal(pa, b.observation_planes(seat))
            assert np.array_equal(pa, a.clone().observation_planes(seat))
            assert np.array_equal(pa, a.observation_planes(seat))
        seat = a.acting_seats()[0]
        legal = a.legal_actions(seat)
        pick = legal[rand_a.randrange(len(legal))]
        rand_b.randrange(len(legal))
        a.apply_action(pick, seat)
        b.apply_action(pick, seat)


def test_a_bad_seat_is_refused():
    s = gw.load_game("connect-four").new_initial_state()
    with pytest.raises(ValueError, match="seat"):
        s.observation_planes(2)
