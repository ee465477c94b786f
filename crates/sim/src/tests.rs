use super::*;
use gridwright_connect_four::ConnectFour;
use gridwright_engine::RandomAgent;

fn random() -> AgentFactory<ConnectFour> {
    Arc::new(|| Box::new(RandomAgent) as Box<dyn Agent<ConnectFour>>)
}

/// Connect Four's default setup played by `agents` under `opts`, with no score or end hooks
/// and no progress.
fn play(agents: &[AgentFactory<ConnectFour>], opts: &SimOptions) -> Result<Summary, SimError> {
    run::<ConnectFour>(
        &Default::default(),
        agents,
        opts,
        |_| None,
        |_| None,
        &|_, _| {},
    )
}

fn opts(threads: usize, replays: Option<PathBuf>) -> SimOptions {
    SimOptions {
        games: 200,
        seed: 42,
        threads,
        replays,
    }
}

#[test]
fn same_seed_same_summary_for_any_thread_count() {
    let agents = [random(), random()];
    let one = play(&agents, &opts(1, None)).unwrap();
    let two = play(&agents, &opts(2, None)).unwrap();
    assert_eq!(one.without_timing(), two.without_timing());
    assert_eq!(one.games, 200);
    assert_eq!(one.wins.iter().sum::<u64>() + one.draws, 200);
}

#[test]
fn saved_replays_verify_and_match_the_fast_path() {
    let dir = std::env::temp_dir().join(format!("gw-sim-test-{}", std::process::id()));
    let agents = [random(), random()];
    let fast = play(&agents, &opts(2, None)).unwrap();
    let slow = play(&agents, &opts(2, Some(dir.clone()))).unwrap();
    assert_eq!(fast.without_timing(), slow.without_timing());
    // Every replay is under its final name; no temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 200);
    assert!(
        names
            .iter()
            .all(|n| n.starts_with("game-") && n.ends_with(".replay.json"))
    );
    let text = std::fs::read_to_string(dir.join("game-000007.replay.json")).unwrap();
    Replay::from_json(&text)
        .unwrap()
        .verify::<ConnectFour>()
        .unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn wrong_agent_count_is_an_error() {
    let err = play(&[random()], &opts(1, None)).unwrap_err();
    assert!(matches!(
        err,
        SimError::AgentCount {
            seats: 2,
            agents: 1
        }
    ));
}

#[test]
fn winner_of_returns() {
    assert_eq!(winner_of(&vec![1.0, -1.0].into()), Some(Seat::new(0)));
    assert_eq!(winner_of(&vec![-1.0, 1.0].into()), Some(Seat::new(1)));
    assert_eq!(winner_of(&vec![0.0, 0.0].into()), None);
}

#[test]
fn absurd_batches_are_refused_before_anything_runs() {
    for games in [usize::MAX, 1_000_000_000, MAX_GAMES + 1] {
        let o = SimOptions {
            games,
            ..opts(2, None)
        };
        let err = play(&[random(), random()], &o).unwrap_err();
        assert!(matches!(err, SimError::TooManyGames { .. }), "{err}");
        assert!(err.to_string().contains("at most 100000000 games"), "{err}");
    }
}

/// Streaming statistics equal the statistics of every record kept and summarised at the end,
/// for any thread count (the records here are replayed with `play_one`).
#[test]
fn streamed_statistics_equal_the_statistics_of_all_records() {
    let cfg = <ConnectFour as Game>::Config::default();
    let initial = ConnectFour::new(&cfg).unwrap();
    let games = 300;
    let records: Vec<GameRecord> = (0..games)
        .map(|i| {
            let mut a: Vec<Box<dyn Agent<ConnectFour>>> = vec![random()(), random()()];
            let seed = derive_seed(7, i as u64);
            play_one(
                &cfg,
                &initial,
                i,
                seed,
                &mut a,
                |g| Some(vec![g.returns()[Seat::new(0)], 0.5]),
                |_| None,
                false,
            )
            .unwrap()
            .0
        })
        .collect();
    let want = Summary::from_records(&records, 2, 0.0);
    for threads in [1, 2, 3] {
        let o = SimOptions {
            games,
            seed: 7,
            threads,
            replays: None,
        };
        let got = run::<ConnectFour>(
            &cfg,
            &[random(), random()],
            &o,
            |g| Some(vec![g.returns()[Seat::new(0)], 0.5]),
            |_| None,
            &|_, _| {},
        )
        .unwrap();
        assert_eq!(
            got.without_timing(),
            want.without_timing(),
            "{threads} threads"
        );
    }
}

#[test]
fn balance_shards_merge_into_the_report_and_ladder_batches_into_the_ladder() {
    use balance::{BalanceOptions, Header, Hooks, Variant};
    let header = || Header {
        game: "connect-four".into(),
        setup: "default".into(),
        agents: vec!["random".into(), "random".into()],
    };
    let variants = [Variant::<<ConnectFour as Game>::Config> {
        name: "base".into(),
        changes: Vec::new(),
        config: Default::default(),
    }];
    let hooks = Hooks::<ConnectFour> {
        score: |_| None,
        end: |_| None,
        round: |_| None,
        measures: |_| Vec::new(),
    };
    let opts = BalanceOptions {
        games: 30,
        seed: 5,
        threads: 2,
        subject: Seat::new(0),
        sprt: None,
        bins: 10,
        sweep: None,
        replays: None,
    };
    let agents = [random(), random()];
    let whole = balance::report(header(), &variants, &agents, &opts, hooks, &|_, _| {}).unwrap();
    let shards: Vec<String> = [(12, 18), (0, 12)]
        .iter()
        .map(|&(start, n)| balance::shard(&variants, &agents, 5, start, n, hooks).unwrap())
        .collect();
    let merged =
        balance::merge::<ConnectFour>(header(), &variants, 2, &opts, &shards, 0.0).unwrap();
    assert_eq!(merged.without_timing(), whole.without_timing());
    let missing = balance::merge::<ConnectFour>(header(), &variants, 2, &opts, &shards[..1], 0.0);
    assert!(matches!(missing, Err(SimError::Shards(_))));

    // A ladder of two agents at two seats: two batches, assembled in order.
    let plan = ladder::Plan::new(2, 2, 10);
    let summaries: Vec<Summary> = plan
        .batches(3)
        .iter()
        .map(|b| {
            play(
                &agents,
                &SimOptions {
                    games: plan.per_seating,
                    seed: b.seed,
                    threads: 1,
                    replays: None,
                },
            )
            .unwrap()
        })
        .collect();
    let header = ladder::LadderHeader {
        game: "connect-four".into(),
        scenario: "default".into(),
        agents: vec!["random".into(), "random-too".into()],
        seed: 3,
        threads: 1,
    };
    let l = ladder::assemble(header, &plan, &summaries);
    assert_eq!((l.games_per_pairing, l.pairings.len()), (10, 1));
    let p = &l.pairings[0];
    assert_eq!(p.games, 10);
    assert_eq!(p.a_alone.games, 10);
    assert_eq!(p.a_alone.wins + p.b_alone.wins + p.draws, 10);
    assert_eq!(p.a_alone.by_seat[0].games, 5);
}
