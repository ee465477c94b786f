//! The functions behind Gridwright's fuzz targets, one per target. Each takes arbitrary bytes,
//! feeds them to the real code path (the same loaders, parsers and checks the command line and
//! the server use) and panics only when an invariant breaks: a crash, a refused action that
//! changed the state, a legal action that was refused, a replay that does not verify after a
//! round trip. The libFuzzer binaries in `fuzz_targets/` are one-line wrappers around them; the
//! stable smoke test in `tests/smoke.rs` runs them over the seed corpus and mutated inputs.
//!
//! Input layouts: a few leading bytes choose the game, scenario, seed and moves, the rest is the
//! text under test. Missing bytes read as zero, so every input is valid.

use gridwright_agents::AgentSpec;
use gridwright_catalog::{AnySession, ContentSource, Frontend, GameKind, new_session, with_game};
use gridwright_command_core::CommandCore;
use gridwright_engine::{Actor, Game, Replay, Seat, Session, Turn, Viewer};
use gridwright_grid_battles::GridBattles;
use gridwright_server::{CreateMatch, DeckName, FrontendGame, GameProvider, Games, ScenarioName};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The shipped content files, as the fuzz targets' starting point: the games' own embedded
/// copies (`Content::SHIPPED`, read through the engine's `content::Files`), each folder's files
/// sorted by name as the committed seeds number them.
mod builtin {
    use gridwright_engine::content::Files;

    /// Grid Battles' shipped files.
    pub(crate) fn grid_battles() -> Files {
        Files::shipped(gridwright_grid_battles::Content::SHIPPED)
    }

    /// Command Core's shipped files.
    pub(crate) fn command_core() -> Files {
        Files::shipped(gridwright_command_core::Content::SHIPPED)
    }

    /// The text of a file that is shipped (the games' own tests check that it loads).
    pub(crate) fn text(files: &Files, path: &str) -> String {
        files.file(path).expect("a shipped content file").to_owned()
    }

    /// `(stem, text)` of the files of a shipped folder, sorted by name.
    pub(crate) fn sorted(files: &Files, folder: &str) -> Vec<(String, String)> {
        let mut list = files.folder(folder);
        list.sort();
        list
    }
}

/// Reads fuzz input front to back; past the end every byte is zero.
struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((b, rest)) => {
                self.data = rest;
                *b
            }
            None => 0,
        }
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }

    fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// A tiny deterministic generator for playouts (splitmix64).
struct Mix(u64);

impl Mix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % n.max(1) as u64) as usize
    }
}

fn hash_bytes(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The game a selector byte names.
fn game_of(b: u8) -> GameKind {
    GameKind::ALL[usize::from(b) % GameKind::ALL.len()]
}

/// The built-in scenario configs of every game, loaded once.
trait Configs: Frontend {
    fn configs() -> &'static [Self::Config];
}

fn load_all<G: Frontend>() -> Vec<G::Config> {
    let c = ContentSource::Builtin;
    let mut out = vec![G::load_config(&c, None).expect("built-in default scenario loads")];
    for s in G::scenarios(&c).expect("built-in scenarios load") {
        out.push(G::load_config(&c, Some(&s.name)).expect("built-in scenario loads"));
    }
    out
}

macro_rules! configs {
    ($($g:ty),*) => {$(
        impl Configs for $g {
            fn configs() -> &'static [Self::Config] {
                static C: OnceLock<Vec<<$g as Game>::Config>> = OnceLock::new();
                C.get_or_init(load_all::<$g>)
            }
        }
    )*};
}
configs!(
    GridBattles,
    CommandCore,
    gridwright_connect_four::ConnectFour,
    gridwright_catalog::Starcore,
    gridwright_catalog::Milkomeda
);

fn config_of<G: Configs>(b: u8) -> G::Config {
    let all = G::configs();
    all[usize::from(b) % all.len()].clone()
}

/// The seats that may act now.
fn acting<G: Game>(s: &Session<G>) -> Vec<Seat> {
    let turn = s.turn();
    Seat::all(s.state().num_seats())
        .filter(|x| turn.includes(*x))
        .collect()
}

/// Plays legal moves chosen by `pick` (`None`: stop) and checks that each is accepted.
fn play<G: Game>(s: &mut Session<G>, mut pick: impl FnMut(usize) -> Option<usize>) {
    loop {
        let seats = acting(s);
        if seats.is_empty() {
            assert!(
                s.state().is_terminal(),
                "nobody may act but the game is not over: {:?}",
                s.turn()
            );
            return;
        }
        let Some(i) = pick(seats.len()) else { return };
        let seat = seats[i % seats.len()];
        let legal = s.legal_actions(seat);
        assert!(
            !legal.is_empty(),
            "{seat} may act but has no legal action ({:?})",
            s.turn()
        );
        let Some(j) = pick(legal.len()) else { return };
        let a = legal[j % legal.len()];
        if let Err(e) = s.apply(seat, a) {
            panic!("legal action {a:?} of {seat} refused: {e}");
        }
    }
}

/// A random playout of up to `steps` moves from `config`, then everything a front end shows.
fn playout<G: Frontend>(config: G::Config, seed: u64, steps: usize) {
    let Ok(mut s) = Session::<G>::new(config, seed) else {
        return;
    };
    let mut rng = Mix(seed);
    let mut left = steps * 2;
    play(&mut s, |n| {
        left = left.checked_sub(1)?;
        Some(rng.below(n))
    });
    show(&s);
}

/// Renders, observes and describes everything, as the command line and the server do.
fn show<G: Frontend>(s: &Session<G>) {
    let st = s.state();
    let n = st.num_seats();
    let viewers = Seat::all(n).map(Viewer::Seat).chain([Viewer::Spectator]);
    for v in viewers {
        let _ = st.render(v);
        let _ = serde_json::to_string(&s.observe(v));
        let _ = s.visible_log(v, 0);
    }
    for e in s.log() {
        let _ = st.action_text(&e.action);
        for ev in &e.events {
            let _ = st.event_text(ev);
        }
    }
    let r = st.returns();
    assert_eq!(r.len(), n, "one return per seat");
    assert!(
        r.as_slice().iter().all(|x| (-1.0..=1.0).contains(x)),
        "returns out of range: {r:?}"
    );
    let _ = st.scores();
    for seat in Seat::all(n) {
        let _ = st.evaluate(seat);
    }
}

/// The layout `[which] text…` of the content and scenario targets: the selector byte, the text
/// (`None` if it is not UTF-8) and a playout seed derived from the whole input.
fn selected_text(data: &[u8]) -> Option<(u8, &str, u64)> {
    let mut input = Input { data };
    let which = input.byte();
    let text = std::str::from_utf8(input.rest()).ok()?;
    Some((which, text, hash_bytes(data)))
}

/// Content files: Grid Battles `units.toml`, `dice.toml`, `rules.toml`, Command Core
/// `dice.toml` or one chassis file replaced by the input, loaded through the same
/// `Content::from_sources` that `--content DIR` uses; valid content must then give scenarios
/// that set up and play.
///
/// From `which` = 0xC0 on, Starcore's (even) or Milkomeda's (odd) shipped files: the file
/// `(which − 0xC0) / 2` of the game's files (sorted; Starcore's cards and decks, Milkomeda's
/// card files and scenarios) is replaced and the folder loaded through the catalog as
/// `--content DIR` loads it; every scenario it lists must load, set up and play.
///
/// Layout: `[which] text…` — `which % 5` picks the file (0 units, 1 GB dice, 2 rules, 3 CC dice,
/// 4 chassis), `which / 5 % 4` the chassis replaced.
pub fn content(data: &[u8]) {
    let Some((which, text, seed)) = selected_text(data) else {
        return;
    };
    if which >= SHIPPED_FILES {
        let k = which - SHIPPED_FILES;
        let game = if k.is_multiple_of(2) {
            GameKind::Starcore
        } else {
            GameKind::Milkomeda
        };
        with_game!(game, G => shipped_file_replaced::<G>(usize::from(k / 2), text, seed));
        return;
    }
    match which % 5 {
        k @ 0..=2 => {
            let shipped = builtin::grid_battles();
            let [mut units, mut dice, mut rules] =
                ["units.toml", "dice.toml", "rules.toml"].map(|f| builtin::text(&shipped, f));
            match k {
                0 => units = text.to_owned(),
                1 => dice = text.to_owned(),
                _ => rules = text.to_owned(),
            }
            let Ok(c) = gridwright_grid_battles::Content::from_sources(
                &units,
                &dice,
                &rules,
                builtin::sorted(&shipped, "scenarios"),
            ) else {
                return;
            };
            for name in c.scenario_names() {
                let cfg = c.config(&name).expect("a loaded scenario has a config");
                let _ = gridwright_grid_battles::preview(&cfg);
                let _ = c.scenario_summary(&name);
                playout::<GridBattles>(cfg, seed, 300);
            }
        }
        3 | 4 => {
            let shipped = builtin::command_core();
            let mut chassis = builtin::sorted(&shipped, "chassis");
            let dice = if which % 5 == 3 {
                text.to_owned()
            } else {
                let i = usize::from(which / 5) % chassis.len();
                chassis[i].1 = text.to_owned();
                builtin::text(&shipped, "dice.toml")
            };
            let scenarios = builtin::sorted(&shipped, "scenarios");
            let Ok(c) = gridwright_command_core::Content::from_sources(&dice, chassis, scenarios)
            else {
                return;
            };
            for name in c.scenario_names() {
                let cfg = c.config(&name).expect("a loaded scenario has a config");
                let _ = gridwright_command_core::preview(&cfg);
                let _ = gridwright_command_core::scenario_map(&cfg);
                playout::<CommandCore>(cfg, seed, 300);
            }
        }
        _ => unreachable!(),
    }
}

/// Selector bytes from this one on fuzz the games loaded through the catalog from a folder
/// (Starcore, Milkomeda); below it, the layouts kept for the committed seeds.
const SHIPPED_FILES: u8 = 0xC0;

/// Copies of the shipped content folders, one per game, in a folder of this process's own.
static TREES: Mutex<Vec<(&'static str, PathBuf)>> = Mutex::new(Vec::new());

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir.join(rel)) else {
        return;
    };
    let mut names: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    names.sort();
    for p in names {
        let Some(name) = p.file_name() else { continue };
        let r = rel.join(name);
        if p.is_dir() {
            files_under(dir, &r, out);
        } else {
            out.push(r);
        }
    }
}

/// The shipped content folder of `game`.
fn shipped_dir(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content")
        .join(game)
}

/// The game's shipped content with its `k`-th file (of all its files, sorted) replaced by
/// `text`, loaded through the catalog from a folder as `--content DIR` does: a content that
/// loads lists scenarios, and every listed scenario must load, set up and play.
fn shipped_file_replaced<G: Frontend>(k: usize, text: &str, seed: u64) {
    let game = G::INFO.short_name;
    let shipped = shipped_dir(game);
    let mut files = Vec::new();
    files_under(&shipped, Path::new(""), &mut files);
    let Some(file) = files.get(k % files.len().max(1)).cloned() else {
        return;
    };
    let mut trees = TREES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let root = match trees.iter().find(|(g, _)| *g == game) {
        Some((_, root)) => root.clone(),
        None => {
            let root =
                std::env::temp_dir().join(format!("gridwright-fuzz-{}-{game}", std::process::id()));
            for f in &files {
                let to = root.join(game).join(f);
                std::fs::create_dir_all(to.parent().expect("a file has a folder"))
                    .expect("temporary folder");
                std::fs::copy(shipped.join(f), &to).expect("copy of the shipped content");
            }
            trees.push((game, root.clone()));
            root
        }
    };
    let path = root.join(game).join(&file);
    std::fs::write(&path, text).expect("write the fuzzed file");
    let source = ContentSource::Dir(root);
    let configs: Vec<G::Config> = match G::scenarios(&source) {
        Ok(list) => list
            .iter()
            .map(|s| {
                G::load_config(&source, Some(&s.name)).unwrap_or_else(|e| {
                    panic!("{game}: listed scenario `{}` does not load: {e}", s.name)
                })
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    std::fs::copy(shipped.join(&file), &path).expect("restore the shipped file");
    drop(trees);
    for config in configs {
        playout::<G>(config, seed, 300);
    }
}

/// A file of one's own against the shipped content: a deck for seat 1 put into the default
/// setup (`deck`), or a scenario file (`--scenario FILE`); one that loads must set up and play.
fn own_file<G: Frontend>(text: &str, seed: u64, deck: bool) {
    let dir = std::env::temp_dir().join(format!("gridwright-fuzz-{}-own", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("fuzz-{}.toml", G::INFO.short_name));
    std::fs::write(&path, text).expect("write the fuzzed file");
    let Some(spec) = path.to_str() else { return };
    let content = ContentSource::Builtin;
    let config = if deck {
        let Ok(loaded) = G::load_deck(&content, spec) else {
            return;
        };
        let default = G::load_config(&content, None).expect("the default setup loads");
        let Ok(config) = G::put_decks(default, &[(Seat::new(0), &loaded)]) else {
            return;
        };
        config
    } else {
        let Ok(config) = G::load_config(&content, Some(spec)) else {
            return;
        };
        config
    };
    playout::<G>(config, seed, 300);
}

fn gb_content() -> &'static gridwright_grid_battles::Content {
    static C: OnceLock<gridwright_grid_battles::Content> = OnceLock::new();
    C.get_or_init(|| gridwright_grid_battles::Content::builtin().expect("built-in content loads"))
}

/// Scenario files of Grid Battles (`which` even) or Command Core (odd), resolved against the
/// shipped content as `--scenario FILE` is; a scenario that loads must set up and play. From
/// `which` = 0xC0 on: a Starcore deck file as `--deck 1=FILE` reads it (even), or a Milkomeda
/// scenario file as `--scenario FILE` does (odd).
///
/// Layout: `[which] text…`.
pub fn scenario(data: &[u8]) {
    let Some((which, text, seed)) = selected_text(data) else {
        return;
    };
    if which >= SHIPPED_FILES {
        if which.is_multiple_of(2) {
            own_file::<gridwright_catalog::Starcore>(text, seed, true);
        } else {
            own_file::<gridwright_catalog::Milkomeda>(text, seed, false);
        }
        return;
    }
    if which.is_multiple_of(2) {
        let Ok(cfg) = gb_content().scenario_from_toml("fuzz", "fuzz.toml", text) else {
            return;
        };
        let _ = gridwright_grid_battles::preview(&cfg);
        let _ = gridwright_grid_battles::ScenarioSummary::of(&cfg);
        playout::<GridBattles>(cfg, seed, 300);
    } else {
        let shipped = builtin::command_core();
        let scenarios = vec![("fuzz".to_owned(), text.to_owned())];
        let dice = builtin::text(&shipped, "dice.toml");
        let chassis = builtin::sorted(&shipped, "chassis");
        let Ok(c) = gridwright_command_core::Content::from_sources(&dice, chassis, scenarios)
        else {
            return;
        };
        let cfg = c.config("fuzz").expect("a loaded scenario has a config");
        let _ = gridwright_command_core::preview(&cfg);
        let _ = gridwright_command_core::scenario_map(&cfg);
        playout::<CommandCore>(cfg, seed, 300);
    }
}

/// Replay files, through the path `gridwright replay` takes (`Replay::from_json`, then
/// `verify` for the named game and the whole printout), stepping through a prefix (`rerun`),
/// and the server's rebuild of a stored match from config, seed and moves. A replay that
/// verifies must verify again after a JSON round trip.
///
/// Layout: the replay's JSON text.
pub fn replay(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(r) = Replay::from_json(text) else {
        return;
    };
    let Some(kind) = GameKind::from_name(&r.game) else {
        return;
    };
    with_game!(kind, G => replay_game::<G>(&r));
}

fn replay_game<G: Frontend>(r: &Replay) {
    if let Ok(s) = r.verify::<G>() {
        show(&s);
        let again = Replay::from_json(&s.replay().to_json()).expect("a written replay parses");
        let s2 = again
            .verify::<G>()
            .unwrap_or_else(|e| panic!("a re-written replay fails verification: {e}"));
        assert_eq!(s2.state(), s.state(), "the round trip changed the game");
    }
    let _ = r.rerun::<G>(r.moves.len() / 2);
    let provider = FrontendGame::<G>::new(ContentSource::Builtin);
    if let Ok(s) = provider.rebuild(&r.config, r.seed, &r.rules_version, &r.moves) {
        let _ = s.observe(Viewer::Spectator);
        let _ = s.turn();
    }
}

/// A session of a built-in scenario after `moves` chosen legal moves.
fn reached<G: Configs>(input: &mut Input) -> Session<G> {
    let cfg = config_of::<G>(input.byte());
    let seed = u64::from(input.byte());
    let mut s = Session::<G>::new(cfg, seed).expect("built-in scenarios set up");
    let moves = usize::from(input.byte());
    let picks = input.take(moves * 2);
    let mut it = picks.iter();
    play(&mut s, |_| it.next().map(|b| usize::from(*b)));
    s
}

/// Typed action text (`parse_action`, and `apply_text` as the terminal uses it) for every seat
/// at a reachable state; every legal action's own text must parse back to it, and text that
/// is refused must leave the session unchanged.
///
/// Layout: `[game] [scenario] [seed] [n] [2n move bytes] text…`.
pub fn action_text(data: &[u8]) {
    let mut input = Input { data };
    let game = game_of(input.byte());
    with_game!(game, G => action_text_game::<G>(input));
}

fn action_text_game<G: Frontend + Configs>(mut input: Input) {
    let s = reached::<G>(&mut input);
    let text = String::from_utf8_lossy(input.rest());
    let st = s.state();
    for seat in Seat::all(st.num_seats()) {
        if let Ok(a) = st.parse_action(seat, &text) {
            let _ = st.action_text(&a);
            let _ = st.preview_action(&a);
        }
        let mut t = s.clone();
        if t.apply_text(seat, &text).is_err() {
            assert_eq!(t.state(), s.state(), "refused text changed the state");
            assert_eq!(t.version(), s.version());
        }
        for a in s.legal_actions(seat).into_iter().take(64) {
            let shown = st.action_text(&a);
            assert_eq!(
                st.parse_action(seat, &shown),
                Ok(a),
                "the text `{shown}` of a legal action does not parse back to it"
            );
        }
    }
}

fn games() -> &'static Games {
    static G: OnceLock<Games> = OnceLock::new();
    G.get_or_init(|| Games::catalog(&ContentSource::Builtin))
}

/// Network messages: a WebSocket client message (`which % 3 == 0`) parsed as a connection
/// does, its action JSON tried on a new match of every game; an HTTP `POST /api/matches` body
/// (`1`), deserialized as the API does and, if it names a game, a session started with its
/// scenario and seed and its agents checked; or an action JSON (`2`) tried for every seat at a
/// reachable state (`[game] [scenario] [seed] [n] [2n bytes]` follow). Refused actions must
/// leave the session unchanged.
///
/// Layout: `[which] …`.
pub fn net_message(data: &[u8]) {
    let mut input = Input { data };
    match input.byte() % 3 {
        0 => {
            let Ok(text) = std::str::from_utf8(input.rest()) else {
                return;
            };
            match gridwright_server::parse_client_message(text) {
                Ok(Some(action)) => {
                    for kind in GameKind::ALL {
                        let mut s = new_session(kind, &ContentSource::Builtin, None, 0)
                            .expect("built-in default scenarios set up");
                        for seat in Seat::all(s.num_seats()) {
                            try_action(s.as_mut(), seat, &action);
                        }
                    }
                }
                Ok(None) => {}
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
        1 => {
            let body = input.rest();
            let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
                b"{}"
            } else {
                body
            };
            let Ok(req) = serde_json::from_slice::<CreateMatch>(body) else {
                return;
            };
            let Some(game) = games().get(&req.game) else {
                return;
            };
            for spec in req.seats.iter().flatten() {
                if let Some(Ok(a)) = spec.agent.as_deref().map(str::parse::<AgentSpec>) {
                    let _ = game.check_agent(&a);
                }
            }
            let scenario = req.scenario.as_deref().map(str::trim);
            if scenario.is_some_and(|s| s.len() > 200) {
                return;
            }
            // From the network a scenario is a name from the list, never a path.
            let scenario = match scenario.map(|s| ScenarioName::resolve(game.as_ref(), s)) {
                Some(Ok(name)) => Some(name),
                Some(Err(_)) => return,
                None => None,
            };
            // Decks, too, are names from the game's list, never paths.
            let mut decks = Vec::new();
            for (seat, name) in req.decks.iter().flatten() {
                let Some(seat) = Seat::parse_number(seat)
                    .filter(|s| s.index() < usize::from(game.info().max_seats))
                else {
                    return;
                };
                match DeckName::resolve(game.as_ref(), name.trim()) {
                    Ok(deck) => decks.push((seat, deck)),
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        return;
                    }
                }
            }
            if let Ok(s) = game.new_session(scenario.as_ref(), &decks, req.seed.unwrap_or(0)) {
                let _ = s.session.observe(Viewer::Spectator);
            }
        }
        _ => {
            let game = game_of(input.byte());
            with_game!(game, G => {
                let s = reached::<G>(&mut input);
                let Ok(action) = serde_json::from_slice::<serde_json::Value>(input.rest()) else {
                    return;
                };
                let mut s: Box<dyn AnySession> = Box::new(s);
                for seat in Seat::all(s.num_seats()) {
                    try_action(s.as_mut(), seat, &action);
                }
            });
        }
    }
}

/// Tries a JSON action as the server does; a refusal must change nothing.
fn try_action(s: &mut dyn AnySession, seat: Seat, action: &serde_json::Value) {
    let _ = s.preview(action);
    let before = s.replay();
    let obs = s.observe(Viewer::Spectator);
    let (version, log) = (s.version(), s.log_len());
    if s.apply(seat, action).is_err() {
        assert_eq!(s.version(), version, "a refused action changed the version");
        assert_eq!(s.log_len(), log, "a refused action changed the log");
        assert_eq!(s.replay(), before, "a refused action changed the moves");
        assert_eq!(
            s.observe(Viewer::Spectator),
            obs,
            "a refused action changed the view"
        );
    } else {
        assert_eq!(s.version(), version + 1, "an accepted action is one move");
        let _ = s.visible_log(Viewer::Seat(seat), log);
    }
}

/// Random action sequences through `apply` for every game: fuzzer-chosen indices into the
/// legal actions (which must be accepted), and actions that were legal elsewhere offered by
/// any seat now (accepted exactly when legal; a refusal must leave the game unchanged). At the
/// end the replay of the session must verify to the same state.
///
/// Layout: `[game] [scenario] [seed lo] [seed hi]`, then pairs `[op] [arg]`: `op % 4 != 0`
/// plays legal action `arg` of acting seat `op / 4`; `op % 4 == 0` offers remembered action
/// `op / 4` as seat `arg`.
pub fn apply(data: &[u8]) {
    let mut input = Input { data };
    let game = game_of(input.byte());
    with_game!(game, G => apply_game::<G>(input));
}

fn apply_game<G: Frontend + Configs>(mut input: Input) {
    let cfg = config_of::<G>(input.byte());
    let seed = u64::from(input.u16());
    let bound = G::new(&cfg)
        .expect("built-in scenarios set up")
        .max_game_length();
    let mut s = Session::<G>::new(cfg, seed).expect("built-in scenarios set up");
    let mut pool: Vec<G::Action> = Vec::new();
    let remember = |pool: &mut Vec<G::Action>, a: G::Action| {
        if pool.len() < 256 && !pool.contains(&a) {
            pool.push(a);
        }
    };
    let ops = input.rest();
    for op in ops.chunks(2) {
        let (op, arg) = (op[0], usize::from(op.get(1).copied().unwrap_or(0)));
        assert_ne!(
            s.turn(),
            Turn::Chance,
            "the session left a chance node unresolved"
        );
        let seats = acting(&s);
        if op % 4 != 0 {
            if seats.is_empty() {
                assert!(s.state().is_terminal(), "nobody may act in {:?}", s.turn());
                continue;
            }
            let seat = seats[usize::from(op / 4) % seats.len()];
            let legal = s.legal_actions(seat);
            assert!(!legal.is_empty(), "{seat} may act but has no legal action");
            let a = legal[arg % legal.len()];
            let first = s.log().len();
            if let Err(e) = s.apply(seat, a) {
                panic!("legal action {a:?} of {seat} refused: {e}");
            }
            for l in legal.iter().step_by(legal.len().div_ceil(8)) {
                remember(&mut pool, *l);
            }
            for e in &s.log()[first..] {
                if e.actor == Actor::Chance {
                    remember(&mut pool, e.action);
                }
            }
        } else if !pool.is_empty() {
            let a = pool[usize::from(op / 4) % pool.len()];
            let Some(seat) = Seat::all(Seat::MAX).nth(arg % Seat::MAX) else {
                continue;
            };
            let legal = seats.contains(&seat) && s.legal_actions(seat).contains(&a);
            let before = s.state().clone();
            let (version, log, hash) = (s.version(), s.log().len(), s.event_hash());
            match s.apply(seat, a) {
                Ok(_) => assert!(legal, "illegal action {a:?} of {seat} accepted"),
                Err(e) => {
                    assert!(!legal, "legal action {a:?} of {seat} refused: {e}");
                    assert_eq!(s.state(), &before, "a refused action changed the state");
                    assert_eq!((s.version(), s.log().len()), (version, log));
                    assert_eq!(
                        s.event_hash(),
                        hash,
                        "a refused action changed the event log"
                    );
                }
            }
        }
    }
    assert!(
        s.log().len() <= bound,
        "{} steps exceed the game's bound of {bound}",
        s.log().len()
    );
    show(&s);
    let replay = Replay::from_json(&s.replay().to_json()).expect("a written replay parses");
    match replay.verify::<G>() {
        Ok(again) => assert_eq!(again.state(), s.state(), "the replay reached another state"),
        Err(e) => panic!("the session's own replay fails: {e}"),
    }
}
