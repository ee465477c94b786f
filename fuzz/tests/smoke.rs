//! The bounded fuzz smoke of `scripts/test`, on the stable toolchain: every target's function
//! runs over its committed seed corpus (`fuzz/corpus/<target>/`), every saved crash input
//! (`fuzz/regressions/<target>/`), and a fixed number of deterministic mutations of those
//! seeds. A failing input is written to `target/fuzz-smoke/<target>-<n>` so that
//! `cargo +nightly fuzz run <target> FILE` reproduces it.
//!
//! `cargo test -p gridwright-fuzz -- --ignored write_seed_corpus` regenerates the
//! seeds that are built from live games (action texts and action JSON).

use gridwright_catalog::{ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::{Game, Seat, Session};
use std::path::{Path, PathBuf};

type Target = fn(&[u8]);

const TARGETS: [(&str, Target); 6] = [
    ("content", gridwright_fuzz::content),
    ("scenario", gridwright_fuzz::scenario),
    ("replay", gridwright_fuzz::replay),
    ("action_text", gridwright_fuzz::action_text),
    ("net_message", gridwright_fuzz::net_message),
    ("apply", gridwright_fuzz::apply),
];

/// Mutations per seed file; the whole smoke stays well under two minutes.
const MUTATIONS: usize = 150;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| p.is_file());
    out.sort();
    out
}

struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A libFuzzer-like mutation: flip, overwrite, insert, delete, duplicate or truncate.
fn mutate(seed: &[u8], rng: &mut Mix) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let n = v.len();
        let at = rng.below(n + 1);
        match rng.below(7) {
            0 if n > 0 => v[at.min(n - 1)] ^= 1 << rng.below(8),
            1 if n > 0 => v[at.min(n - 1)] = rng.next() as u8,
            2 => {
                let alphabet = b"0123456789{}[]=\",.-\n #x";
                v.insert(at, alphabet[rng.below(alphabet.len())]);
            }
            3 if n > 0 => {
                v.remove(at.min(n - 1));
            }
            4 if n > 0 => {
                let len = rng.below(16).min(n - at.min(n - 1));
                let chunk = v[at.min(n - 1)..at.min(n - 1) + len].to_vec();
                let to = rng.below(n + 1);
                v.splice(to..to, chunk);
            }
            5 => v.truncate(at),
            _ => {
                let digits = rng.next().to_string();
                v.splice(at..at, digits.bytes().take(1 + rng.below(19)));
            }
        }
    }
    v
}

fn run_one(name: &str, f: Target, input: &[u8], what: &str) {
    if std::panic::catch_unwind(|| f(input)).is_err() {
        let dir = root().join("../target/fuzz-smoke");
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(format!("{name}-{}", input.len()));
        let _ = std::fs::write(&path, input);
        panic!(
            "fuzz target `{name}` failed on {what}; input saved to {}",
            path.display()
        );
    }
}

#[test]
fn every_target_survives_its_seeds_regressions_and_mutations() {
    for (name, f) in TARGETS {
        let seeds = files(&root().join("corpus").join(name));
        assert!(!seeds.is_empty(), "no seed corpus for `{name}`");
        let regressions = files(&root().join("regressions").join(name));
        let mut rng = Mix(0x5EED);
        for p in seeds.iter().chain(&regressions) {
            let data = std::fs::read(p).unwrap_or_default();
            run_one(name, f, &data, &p.display().to_string());
        }
        for p in &seeds {
            let data = std::fs::read(p).unwrap_or_default();
            for i in 0..MUTATIONS {
                let m = mutate(&data, &mut rng);
                run_one(name, f, &m, &format!("mutation {i} of {}", p.display()));
            }
        }
        for i in 0..50 {
            let len = rng.below(64);
            let data: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            run_one(name, f, &data, &format!("random input {i}"));
        }
    }
}

/// Legal action texts and JSON of a few reachable states of `G`, as target inputs.
fn live_seeds<G: Frontend>(g: u8, out: &mut Vec<(&'static str, Vec<u8>)>) {
    let cfg = G::load_config(&ContentSource::Builtin, None).unwrap();
    for (moves, pick) in [(0u8, 0u8), (3, 1), (12, 7)] {
        let mut s = Session::<G>::new(cfg.clone(), 1).unwrap();
        let head = vec![g, 0, 1, moves];
        let mut picks = Vec::new();
        for _ in 0..moves {
            picks.extend([pick, pick]);
        }
        // Play as `reached` in src/lib.rs does: seat then action, both by the pick byte.
        for _ in 0..moves {
            let seats: Vec<Seat> = Seat::all(s.state().num_seats())
                .filter(|x| s.turn().includes(*x))
                .collect();
            if seats.is_empty() {
                break;
            }
            let seat = seats[usize::from(pick) % seats.len()];
            let legal = s.legal_actions(seat);
            s.apply(seat, legal[usize::from(pick) % legal.len()])
                .unwrap();
        }
        for seat in Seat::all(s.state().num_seats()) {
            if let Some(a) = s.legal_actions(seat).last() {
                let mut text = head.clone();
                text.extend(&picks);
                text.extend(s.state().action_text(a).bytes());
                out.push(("action_text", text));
                let json = serde_json::to_string(a).unwrap();
                let mut net = vec![2];
                net.extend(&head);
                net.extend(&picks);
                net.extend(json.bytes());
                out.push(("net_message", net));
                let ws = format!(
                    r#"{{"type":"act","version":{},"action":{json},"id":7}}"#,
                    s.version()
                );
                let mut w = vec![0];
                w.extend(ws.bytes());
                out.push(("net_message", w));
            }
        }
    }
}

#[test]
#[ignore = "writes the seed corpus; run by hand"]
fn write_seed_corpus() {
    let mut out = Vec::new();
    for (i, k) in GameKind::ALL.into_iter().enumerate() {
        let g = u8::try_from(i).unwrap();
        with_game!(k, G => live_seeds::<G>(g, &mut out));
        for (j, ops) in [[1u8, 0], [5, 3], [2, 9]].into_iter().enumerate() {
            let mut v = vec![g, u8::try_from(j).unwrap(), 7, 0];
            for _ in 0..40 {
                v.extend(ops);
                v.extend([0, 1]);
            }
            out.push(("apply", v));
        }
    }
    let _ = <gridwright_connect_four::ConnectFour as Game>::INFO;
    let mut counts = std::collections::HashMap::new();
    for (t, data) in out {
        let dir = root().join("corpus").join(t);
        std::fs::create_dir_all(&dir).unwrap();
        let n = counts.entry(t).or_insert(0);
        *n += 1;
        std::fs::write(dir.join(format!("live-{n:02}")), data).unwrap();
    }
}
