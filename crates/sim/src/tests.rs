use super::*;
use gridwright_connect_four::ConnectFour;
use gridwright_engine::RandomAgent;

fn random() -> AgentFactory<ConnectFour> {
    Arc::new(|| Box::new(RandomAgent) as Box<dyn Agent<ConnectFour>>)
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
    let cfg = Default::default();
    let agents = [random(), random()];
    let one = run::<ConnectFour>(&cfg, &agents, &opts(1, None), |_| None, &|_, _| {}).unwrap();
    let two = run::<ConnectFour>(&cfg, &agents, &opts(2, None), |_| None, &|_, _| {}).unwrap();
    assert_eq!(one.without_timing(), two.without_timing());
    assert_eq!(one.games, 200);
    assert_eq!(one.wins.iter().sum::<u64>() + one.draws, 200);
}

#[test]
fn saved_replays_verify_and_match_the_fast_path() {
    let dir = std::env::temp_dir().join(format!("gw-sim-test-{}", std::process::id()));
    let cfg = Default::default();
    let agents = [random(), random()];
    let fast = run::<ConnectFour>(&cfg, &agents, &opts(2, None), |_| None, &|_, _| {}).unwrap();
    let slow = run::<ConnectFour>(
        &cfg,
        &agents,
        &opts(2, Some(dir.clone())),
        |_| None,
        &|_, _| {},
    )
    .unwrap();
    assert_eq!(fast.without_timing(), slow.without_timing());
    let text = std::fs::read_to_string(dir.join("game-000007.replay.json")).unwrap();
    Replay::from_json(&text)
        .unwrap()
        .verify::<ConnectFour>()
        .unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn wrong_agent_count_is_an_error() {
    let cfg = Default::default();
    let err =
        run::<ConnectFour>(&cfg, &[random()], &opts(1, None), |_| None, &|_, _| {}).unwrap_err();
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
    assert_eq!(winner_of(&[1.0, -1.0]), Some(Seat::new(0)));
    assert_eq!(winner_of(&[0.0, 0.0]), None);
}
