//! What keeps a second writer from changing a model behind the first, against the test
//! broker: an update role frozen past its session timeout that wakes as a zombie, `ftrl
//! replay` run again into the same prefix (or killed and run again), and a worker whose
//! settings differ from the model's.

use crate::common::*;
use ftrl_stream::schema::proto::StateRecord;
use prost::Message as _;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::message::{Headers, OwnedMessage};
use rdkafka::Message;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A committed changelog state older than one committed before it for its coordinate.
#[derive(Debug)]
#[allow(dead_code)] // read through Debug, in the failure message
struct StaleState {
    partition: i32,
    offset: i64,
    coordinate: u64,
    applied_through: i64,
    /// The `applied_through` of the newest state committed before it.
    held: i64,
    /// The record's timestamp: when the writer handed it to its client.
    written_ms: i64,
}

/// Milliseconds since the epoch, as record timestamps count them.
fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Every coordinate's committed changelog states in offset order (a coordinate lives in one
/// partition): (state records read, those older than a state committed before them).
fn changelog_states_going_back(setup: &Setup) -> (usize, Vec<StaleState>) {
    let mut newest: HashMap<u64, i64> = HashMap::new();
    let (mut states, mut back) = (0, Vec::new());
    let mut records = read_all(setup, "changelog", 4);
    records.sort_by_key(|m| (m.partition(), m.offset()));
    for message in records {
        let Some(key) = message.key() else { continue };
        let (Ok(coordinate), Some(payload)) = (<[u8; 8]>::try_from(key), message.payload()) else { continue };
        let coordinate = u64::from_be_bytes(coordinate);
        let state = StateRecord::decode(payload).unwrap();
        states += 1;
        let held = newest.entry(coordinate).or_insert(i64::MIN);
        if state.applied_through < *held {
            let (partition, offset, applied_through) = (message.partition(), message.offset(), state.applied_through);
            let written_ms = message.timestamp().to_millis().unwrap_or(i64::MAX);
            back.push(StaleState { partition, offset, coordinate, applied_through, held: *held, written_ms });
        } else {
            *held = state.applied_through;
        }
    }
    (states, back)
}

/// docs/exactly-once.md, 11: an update role frozen (SIGSTOP) past its session timeout,
/// while its partitions move to a second worker that restores them and goes on, commits
/// nothing older than what the second one already committed when it wakes (SIGCONT): read
/// with read_committed, every coordinate's changelog states only ever move forward, and
/// the model is still exact. Without the fence the woken role, idle by its clock, snapshots
/// the states it held when it froze, behind the new owner's.
///
/// One exception, the test broker's: it shows aborted records to read_committed readers
/// (docs/test-broker.md). A freeze that falls while the role is sending a transaction's
/// records leaves some in its client's queue; the client sends them on waking, and the role
/// then aborts the transaction, but the broker shows them. Such states were handed to the
/// client before the freeze (their timestamps say so) and the zombie says it aborted;
/// a state written after the wake is a zombie's write whatever the broker.
#[test]
fn a_frozen_update_role_that_wakes_commits_no_state_older_than_a_committed_one() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("fence");
    // Frequent snapshots, so the new owner writes states soon after its restore.
    let fast_snapshots = |text: String| text.replace("[worker]", "[worker]\nsnapshot_interval_ms = 500");
    let (config_a, config_b) =
        (setup.config_with("wa", "protobuf", fast_snapshots), setup.config_with("wb", "protobuf", fast_snapshots));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config_a));
    let (data, generated) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    let producer = produce_slowly(&setup, payloads, 40, Duration::from_millis(400));

    let mut a = Worker::start(&config_a, setup.dir.path().join("wa.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while progress(&setup).0 < 3_000 {
        assert!(Instant::now() < deadline, "no progress; log:\n{}", a.log_text());
        std::thread::sleep(Duration::from_millis(200));
    }
    let pid = a.child.id().to_string();
    signal(&pid, "-STOP");
    let frozen_ms = now_ms();
    let b = Worker::start(&config_b, setup.dir.path().join("wb.log"));
    // Frozen well past the session timeout (2 s): the second worker gets every partition,
    // restores them and snapshots what it applies after.
    std::thread::sleep(Duration::from_secs(10));
    let (states_before_wake, _) = changelog_states_going_back(&setup);
    let woke_ms = now_ms();
    signal(&pid, "-CONT");
    producer.join().unwrap();
    let (_, embedded_model) = embedded(setup.dir.path(), &data);
    let (scored, _) = settle_progress(&setup, 20_000, &b);
    let model = settle_model(&config_a, total_updates(&embedded_model), &b);
    b.stop();
    let (states, back) = changelog_states_going_back(&setup);
    let zombie = a.log_text();
    let fenced = zombie.lines().filter(|l| l.contains("stood still")).count();
    if a.child.try_wait().unwrap().is_none() {
        a.child.kill().unwrap();
    }
    eprintln!(
        "changelog states: {states_before_wake} before the wake, {states} at the end; older than a committed one: \
         {}; the woken worker logged a standstill {fenced} times",
        back.len()
    );
    assert!(states > states_before_wake, "the new owner wrote states after the wake");
    let (sent_before_the_freeze, written_after): (Vec<_>, Vec<_>) =
        back.into_iter().partition(|state| state.written_ms < woke_ms);
    assert!(
        written_after.is_empty(),
        "states written after the wake, behind a newer one: {:?}; zombie's log:\n{zombie}",
        &written_after[..written_after.len().min(10)]
    );
    if !sent_before_the_freeze.is_empty() {
        let aborted = zombie.lines().any(|l| l.contains("role failed") && l.contains("stood still"));
        assert!(
            aborted,
            "states of a transaction begun before the freeze, behind a newer one, and the zombie never said it \
             aborted: {:?}; zombie's log:\n{zombie}",
            &sent_before_the_freeze[..sent_before_the_freeze.len().min(10)]
        );
        eprintln!(
            "the test broker shows aborted records: {} states of the transaction the freeze (at {frozen_ms} ms) \
             interrupted, aborted by the woken role, are visible to read_committed readers; first: {:?}",
            sent_before_the_freeze.len(),
            sent_before_the_freeze.first()
        );
    }
    assert_eq!(scored, 20_000, "progress windows count every example exactly once");
    assert_models_agree(&model, &embedded_model);
}

/// The source (partition, offset) of each record of a replay's target, from its headers.
fn copied_from(message: &OwnedMessage) -> (String, i32, i64) {
    let headers = message.headers().expect("a replayed record carries headers");
    let value = |name: &str| {
        let header = headers.iter().find(|h| h.key == name).unwrap_or_else(|| panic!("no {name} header"));
        String::from_utf8(header.value.unwrap().to_vec()).unwrap()
    };
    (
        value("ftrl.source.topic"),
        value("ftrl.source.partition").parse().unwrap(),
        value("ftrl.source.offset").parse().unwrap(),
    )
}

/// Every record of the target is a copy of a distinct source record, in source order per
/// partition, and together they are every source record: (source records, target records).
fn assert_target_is_the_source_once(setup: &Setup, target: &str) -> (usize, usize) {
    let source = read_all(setup, "examples", 2);
    let copies = read_topic(setup, target, 2);
    let originals: BTreeMap<(i32, i64), Option<Vec<u8>>> =
        source.iter().map(|m| ((m.partition(), m.offset()), m.payload().map(<[u8]>::to_vec))).collect();
    let mut seen: BTreeSet<(i32, i64)> = BTreeSet::new();
    let mut last: HashMap<i32, i64> = HashMap::new();
    for copy in &copies {
        let (topic, partition, offset) = copied_from(copy);
        assert_eq!((topic.as_str(), partition), (setup.topic("examples").as_str(), copy.partition()));
        assert!(seen.insert((partition, offset)), "source {partition}/{offset} copied twice");
        let previous = last.insert(partition, offset).unwrap_or(-1);
        assert!(offset > previous, "partition {partition}: {offset} copied after {previous}");
        assert_eq!(Some(&copy.payload().map(<[u8]>::to_vec)), originals.get(&(partition, offset)));
    }
    let missing: Vec<_> = originals.keys().filter(|k| !seen.contains(k)).take(5).collect();
    assert!(missing.is_empty(), "source records never copied: {missing:?}");
    (source.len(), copies.len())
}

/// The high watermark of `topic` partition `partition` (the test broker's offset queries
/// undercount it a little, which only makes a wait on it longer).
fn high_watermark(setup: &Setup, topic: &str, partition: i32) -> i64 {
    let consumer: BaseConsumer = setup.client().create().unwrap();
    consumer.fetch_watermarks(topic, partition, Duration::from_secs(10)).map(|(_, high)| high).unwrap_or(0)
}

/// docs/exactly-once.md, 12: `ftrl replay` into a prefix it copied to before continues
/// where it stopped, so examples that arrived since are copied once and none twice, and a
/// model rebuilt from the copy learns each example once; a replay SIGKILLed in the middle
/// of the copy and run again leaves the same exact copy.
#[test]
fn replay_run_again_copies_only_what_arrived_since_even_after_a_kill() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("again");
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (_, generated) = generated(setup.dir.path(), 12_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    let target = "again-v2.examples";
    let replay = || run_ok(ftrl().args(["replay", "--to-prefix", "again-v2", "--config"]).arg(&config));

    produce(&setup, &payloads[..8_000]);
    let first = replay();
    assert!(first.contains("copied 8000 examples"), "{first}");
    produce(&setup, &payloads[8_000..]);
    let second = replay();
    assert!(second.contains("copied 4000 examples") && second.contains("after the 8000"), "{second}");
    let third = replay();
    assert!(third.contains("copied 0 examples") && third.contains("after the 12000"), "{third}");
    assert_eq!(assert_target_is_the_source_once(&setup, target), (12_000, 12_000));
    // Learned from the copy, each example once: the embedded trainer reads the same event
    // log from both prefixes.
    let train = |config: &std::path::Path| {
        let out = run_ok(ftrl().args(["train", "--from-topic", "--quiet", "--summary-json", "--config"]).arg(config));
        serde_json::from_str::<Value>(out.lines().last().unwrap()).unwrap()
    };
    let target_config = setup.dir.path().join("again-v2.toml");
    std::fs::write(&target_config, std::fs::read_to_string(&config).unwrap().replace("\"again\"", "\"again-v2\""))
        .unwrap();
    let (from_source, from_copy) = (train(&config), train(&target_config));
    assert_eq!(from_copy["examples"], 12_000);
    assert_eq!(from_copy["progressive_loss"], from_source["progressive_loss"], "the copy is the same event log");

    // Many more examples, and a replay killed while it copies them.
    let more: Vec<Vec<u8>> = payloads.iter().cycle().take(300_000).cloned().collect();
    produce(&setup, &more);
    let mut killed = ftrl().args(["replay", "--to-prefix", "again-v2", "--config"]).arg(&config).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while high_watermark(&setup, target, 0) < 6_000 + 30_000 {
        assert!(Instant::now() < deadline, "the replay copies nothing");
        assert!(killed.try_wait().unwrap().is_none(), "the replay finished before it could be killed");
        std::thread::sleep(Duration::from_millis(20));
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    let after_kill = read_topic(&setup, target, 2).len();
    eprintln!("killed with {after_kill} of 312000 records in the target");
    assert!(after_kill < 312_000, "the kill came after the copy ended");
    let rerun = replay();
    eprintln!("{rerun}");
    assert_eq!(assert_target_is_the_source_once(&setup, target), (312_000, 312_000));
}

/// The settings that change what owners compute are the model's identity: a worker with
/// other delay-tolerant rates than the model's first worker refuses to start, names the
/// setting and writes nothing; one with the same settings starts.
#[test]
fn a_worker_whose_settings_differ_from_the_models_refuses_to_start_naming_them() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("identity");
    let first = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&first));
    let (_, generated) = generated(setup.dir.path(), 2_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    produce(&setup, &payloads);
    let worker = Worker::start(&first, setup.dir.path().join("w1.log"));
    wait_for_progress(&setup, 2_000, &[&worker]);
    worker.stop();
    let changelog = read_all(&setup, "changelog", 4);
    let recorded = changelog.iter().find(|m| m.partition() == 0).and_then(|m| m.key()).map(|k| k.to_vec());
    assert!(
        recorded.is_some_and(|key| key.starts_with(b"ftrl.model.")),
        "the model's settings are the first record of changelog partition 0"
    );

    let tolerant = setup.config_with("w2", "protobuf", |t| t.replace("[worker]", "delay_tolerant = true\n\n[worker]"));
    let mut refused = Worker::start(&tolerant, setup.dir.path().join("w2.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = refused.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the worker did not refuse; log:\n{}", refused.log_text());
        std::thread::sleep(Duration::from_millis(100));
    };
    let log = refused.log_text();
    eprintln!("refused with {status}: {}", log.lines().filter(|l| l.contains("error")).collect::<Vec<_>>().join("\n"));
    assert!(!status.success(), "{log}");
    assert!(log.contains("model.delay_tolerant = true here, false in the model"), "{log}");
    assert_eq!(read_all(&setup, "changelog", 4).len(), changelog.len(), "the refused worker wrote nothing");

    let mut same = Worker::start(&setup.config("w3", "protobuf"), setup.dir.path().join("w3.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while !same.log_text().contains("worker started") {
        assert!(
            same.child.try_wait().unwrap().is_none(),
            "a worker with the model's settings stopped: {}",
            same.log_text()
        );
        assert!(Instant::now() < deadline, "{}", same.log_text());
        std::thread::sleep(Duration::from_millis(100));
    }
    same.stop();
}

/// Two first workers of a new model with different settings, started at the same moment,
/// both find no identity and both record theirs: the one recorded first is the model's,
/// so exactly one worker runs and the other refuses, whichever order the broker chose.
/// Run over several new models, so that both orders and the recording race come up.
#[test]
fn of_two_first_workers_with_different_settings_the_one_recorded_first_runs() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut both_recorded = 0;
    for round in 0..4 {
        let setup = Setup::new(&format!("identity-race-{round}"));
        let plain = setup.config("w1", "protobuf");
        let tolerant =
            setup.config_with("w2", "protobuf", |t| t.replace("[worker]", "delay_tolerant = true\n\n[worker]"));
        run_ok(ftrl().args(["topics", "create", "--config"]).arg(&plain));
        let mut workers = [
            (false, Worker::start(&plain, setup.dir.path().join("w1.log"))),
            (true, Worker::start(&tolerant, setup.dir.path().join("w2.log"))),
        ];
        let deadline = Instant::now() + Duration::from_secs(60);
        let refused = loop {
            let exited: Vec<bool> = workers
                .iter_mut()
                .filter_map(|(tolerant, worker)| worker.child.try_wait().unwrap().map(|_| *tolerant))
                .collect();
            if let [tolerant] = exited[..] {
                break tolerant;
            }
            assert!(exited.is_empty(), "both workers stopped");
            assert!(Instant::now() < deadline, "neither worker refused");
            std::thread::sleep(Duration::from_millis(50));
        };
        let [(_, first), (_, second)] = workers;
        let (running, stopped) = if refused { (first, second) } else { (second, first) };
        let recorded = |worker: &Worker| worker.log_text().contains("recorded the model's settings");
        both_recorded += usize::from(recorded(&running) && recorded(&stopped));
        for worker in [&running, &stopped] {
            // The test broker can show a later offset before an earlier one being written
            // (docs/test-broker.md): the worker reads again in order and says so.
            for line in worker.log_text().lines().filter(|l| l.contains("the model's identity partition")) {
                eprintln!("round {round}, broker evidence: {line}");
            }
        }
        assert!(stopped.log_text().contains("model.delay_tolerant"), "{}", stopped.log_text());
        // The model's identity is the first record of changelog partition 0, and it is the
        // running worker's: its settings are the model's.
        let changelog = read_all(&setup, "changelog", 4);
        let first_record = changelog.iter().find(|m| m.partition() == 0).and_then(|m| m.payload()).unwrap();
        let identity: Value = serde_json::from_slice(first_record).unwrap();
        assert_eq!(identity["model.delay_tolerant"], Value::Bool(!refused), "round {round}");
        running.stop();
        drop(stopped);
    }
    eprintln!("rounds in which both workers recorded their settings: {both_recorded} of 4");
}
