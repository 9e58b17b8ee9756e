//! What operators do to the predict group's offsets, against the real broker (Tansu), each
//! with the meaning docs/exactly-once.md ("What operator actions mean") gives it: a reset to
//! the earliest re-reads what the owners hold without applying it twice and learns the
//! rest once; a deleted group (offsets expired) is the same, whatever kills come during
//! the catch-up; a reset to the latest skips a backlog and counts it; partitions added to
//! the examples topic are learned from their start. Each checks every coordinate's update
//! count against the embedded trainer on exactly the examples meant to be learned, and the
//! progress topic's count.

use crate::common::*;
use rdkafka::admin::{AdminClient, AdminOptions};
use rdkafka::client::DefaultClientContext;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::{Offset, TopicPartitionList};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Sends `payloads` to the examples partitions in turn (`partitions` of them), from the
/// first, and waits until the broker has them all.
fn produce_over(setup: &Setup, partitions: i32, payloads: &[Vec<u8>]) {
    let producer: BaseProducer = setup.client().set("linger.ms", "5").create().unwrap();
    let topic = setup.topic("examples");
    for (i, payload) in payloads.iter().enumerate() {
        let mut record = BaseRecord::<[u8], [u8]>::to(&topic).partition(i as i32 % partitions).payload(&payload[..]);
        while let Err((_, back)) = producer.send(record) {
            producer.poll(Duration::from_millis(10));
            record = back;
        }
    }
    producer.flush(Duration::from_secs(30)).unwrap();
}

/// Commits these offsets for the predict group without metadata, as
/// `kafka-consumer-groups --reset-offsets --execute` does while no member runs.
fn reset_predict_offsets(setup: &Setup, offsets: &[(i32, i64)]) {
    let consumer: BaseConsumer = setup
        .client()
        .set("group.id", format!("{}.predict", setup.prefix))
        .set("enable.auto.commit", "false")
        .create()
        .unwrap();
    let mut list = TopicPartitionList::new();
    for (partition, offset) in offsets {
        list.add_partition_offset(&setup.topic("examples"), *partition, Offset::Offset(*offset)).unwrap();
    }
    consumer.commit(&list, CommitMode::Sync).unwrap();
    let committed = consumer.committed_offsets(list.clone(), Duration::from_secs(10)).unwrap();
    for (partition, offset) in offsets {
        let element = committed.find_partition(&setup.topic("examples"), *partition).unwrap();
        assert_eq!(element.offset(), Offset::Offset(*offset), "the reset took");
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

/// The predict group deleted, as Kafka does once a group has had no member for
/// `offsets.retention.minutes`: its committed offsets are gone.
fn delete_predict_group(setup: &Setup) {
    let admin: AdminClient<DefaultClientContext> = setup.client().create().unwrap();
    let group = format!("{}.predict", setup.prefix);
    let results = runtime().block_on(admin.delete_groups(&[&group], &AdminOptions::new())).unwrap();
    for result in results {
        result.unwrap_or_else(|(group, code)| panic!("deleting group {group}: {code}"));
    }
    let consumer: BaseConsumer = setup.client().set("group.id", &group).create().unwrap();
    let mut list = TopicPartitionList::new();
    list.add_partition(&setup.topic("examples"), 0);
    let committed = consumer.committed_offsets(list, Duration::from_secs(10)).unwrap();
    assert!(
        committed.elements().iter().all(|e| !matches!(e.offset(), Offset::Offset(_))),
        "the group's offsets are gone: {committed:?}"
    );
}

/// Writes `lines` as a JSON-lines file: the examples the model is meant to have learned.
fn examples_file(dir: &Path, name: &str, lines: &[&str]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Waits for the progress topic to count `expected` examples (exactly), then compares every
/// coordinate's update count with the embedded trainer on `meant` (the examples meant to be
/// learned, each once).
fn assert_learned_exactly(
    setup: &Setup,
    config: &Path,
    meant: &Path,
    expected: u64,
    worker: &Worker,
    what: &'static str,
) {
    let (scored, _) = settle_progress(setup, expected, worker);
    let (_, embedded_model) = embedded(setup.dir.path(), meant);
    let model = settle_model(config, total_updates(&embedded_model), worker);
    let row = FaultRow::new(what, 1, expected, scored, &model, &embedded_model);
    if row.lost_updates + row.duplicated_updates > 0 || scored != expected {
        eprintln!("worker log:\n{}", worker.log_text());
    }
    row.assert_exact();
}

/// Where the worker's log says the per-example bound settled: (partition, last offset).
fn settled_bounds(log: &str) -> Vec<String> {
    log.lines().filter(|l| l.contains("per-example bounds known")).map(str::to_string).collect()
}

/// Examples of one partition learned: more than any relative per-example bound (100,000 on
/// a broker without commit metadata), and not a multiple of the batch bound, so that a
/// relative bound's coalesced batches straddle them.
const BACKLOG: usize = 122_500;
/// Examples produced after the operator's action.
const NEWER: usize = 10_000;

/// A model whose one worker learned `BACKLOG` examples of its one examples partition and
/// stopped: (setup, the worker's configuration, the file of all `BACKLOG + NEWER`
/// examples, the `NEWER` payloads still to produce).
fn learned_backlog(prefix: &str) -> (Setup, PathBuf, PathBuf, Vec<Vec<u8>>) {
    let setup = Setup::with_example_partitions(prefix, 1);
    let config =
        setup.config_with("w1", "json", |t| t.replace("batch_max_examples = 500", "batch_max_examples = 5000"));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), (BACKLOG + NEWER) as u64);
    let mut payloads: Vec<Vec<u8>> = examples.iter().map(|(json, _)| json.clone().into_bytes()).collect();
    let newer = payloads.split_off(BACKLOG);
    produce_over(&setup, 1, &payloads);
    let worker = Worker::start(&config, setup.dir.path().join("w1-first.log"));
    wait_for_progress(&setup, BACKLOG as u64, &[&worker]);
    worker.stop();
    (setup, config, data, newer)
}

/// The first case: a learned backlog, the offsets reset to the earliest, new
/// examples. Before absolute bounds, the new examples' coalesced records straddled what the
/// owners held and were dropped.
#[test]
fn offsets_reset_to_earliest_after_a_large_backlog_learn_each_example_once() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (setup, config, data, newer) = learned_backlog("reset-earliest");
    reset_predict_offsets(&setup, &[(0, 0)]);
    produce_over(&setup, 1, &newer);
    let worker = Worker::start(&config, setup.dir.path().join("w1-reset.log"));
    let all = (BACKLOG + NEWER) as u64;
    assert_learned_exactly(&setup, &config, &data, all, &worker, "offsets reset to earliest after 122,500");
    let log = worker.log_text();
    worker.stop();
    let bounds = settled_bounds(&log);
    let through = format!("per_example_through=[(0, {})]", BACKLOG - 1);
    assert!(bounds.iter().any(|l| l.contains(&through)), "{bounds:?}");
    assert!(!log.contains("both seen and unseen"), "no coalesced record straddled what the owners held");
}

/// The group deleted (its offsets gone) after a learned backlog, then new examples; the
/// worker is SIGKILLed at several moments of its catch-up (the second case killed it
/// after it had committed offsets without metadata) and restarted.
#[test]
fn a_deleted_group_and_kills_during_the_catch_up_learn_each_example_once() {
    use rand::{Rng, SeedableRng};
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (setup, config, data, newer) = learned_backlog("group-deleted");
    delete_predict_group(&setup);
    produce_over(&setup, 1, &newer);
    let mut rng = rand::rngs::StdRng::seed_from_u64(29);
    for kill in 0..4 {
        let mut worker = Worker::start(&config, setup.dir.path().join(format!("w1-kill-{kill}.log")));
        std::thread::sleep(Duration::from_millis(rng.random_range(1_000..5_000)));
        worker.child.kill().unwrap();
        worker.child.wait().unwrap();
    }
    let worker = Worker::start(&config, setup.dir.path().join("w1-last.log"));
    let all = (BACKLOG + NEWER) as u64;
    assert_learned_exactly(&setup, &config, &data, all, &worker, "group deleted, 4 kills during the catch-up");
    worker.stop();
}

/// A backlog skipped on purpose: the offsets reset to the latest while 10,000 examples
/// waited. They are never learned, and the worker counts and reports them; the examples
/// after them are learned once.
#[test]
fn offsets_reset_to_latest_skip_the_backlog_and_count_it() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("reset-latest");
    let config = setup.config("w1", "json");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (_, examples) = generated(setup.dir.path(), 25_000);
    let lines: Vec<&str> = examples.iter().map(|(json, _)| json.as_str()).collect();
    let payloads: Vec<Vec<u8>> = lines.iter().map(|json| json.as_bytes().to_vec()).collect();
    produce_over(&setup, 2, &payloads[..10_000]);
    let worker = Worker::start(&config, setup.dir.path().join("w1-first.log"));
    wait_for_progress(&setup, 10_000, &[&worker]);
    worker.stop();

    // 10,000 more wait; the operator skips them: 5,000 per partition, offsets 5,000..10,000.
    produce_over(&setup, 2, &payloads[10_000..20_000]);
    reset_predict_offsets(&setup, &[(0, 10_000), (1, 10_000)]);
    produce_over(&setup, 2, &payloads[20_000..]);
    let worker = Worker::start(&config, setup.dir.path().join("w1-latest.log"));
    let meant: Vec<&str> = lines[..10_000].iter().chain(&lines[20_000..]).copied().collect();
    let meant = examples_file(setup.dir.path(), "meant.jsonl", &meant);
    assert_learned_exactly(&setup, &config, &meant, 15_000, &worker, "offsets reset to latest over 10,000");
    let log = worker.log_text();
    worker.stop();
    let skipped: Vec<&str> = log.lines().filter(|l| l.contains("examples never learned")).collect();
    assert_eq!(skipped.len(), 2, "one report per partition: {skipped:?}; log:\n{log}");
    for line in &skipped {
        assert!(line.contains("examples=5000") && line.contains("first_offset=5000"), "{line}");
        assert!(line.contains("end_offset=10000") && line.contains("moved past them"), "{line}");
    }
}

/// Partitions added to the examples topic (the producers scaled out): the worker learns
/// them from their first record, each example once, beside the old partitions. The test
/// broker has no CreatePartitions (Tansu 0.6 answers UnsupportedFeature), so the topic is
/// created with 4 partitions of which the worker's configuration names 2, and the other two
/// stay empty until after the worker learned and stopped: to the worker, partitions it has
/// never seen a record or an offset of, which is what added partitions are.
#[test]
fn partitions_added_to_the_examples_topic_are_learned_from_their_start() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("partitions-added");
    let wider =
        setup.config_with("wider", "json", |text| text.replace("example_partitions = 2", "example_partitions = 4"));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&wider));
    let config = setup.config("w1", "json");
    let (data, examples) = generated(setup.dir.path(), 12_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(json, _)| json.clone().into_bytes()).collect();
    produce_over(&setup, 2, &payloads[..6_000]);
    let worker = Worker::start(&config, setup.dir.path().join("w1-first.log"));
    wait_for_progress(&setup, 6_000, &[&worker]);
    worker.stop();

    produce_over(&setup, 4, &payloads[6_000..]);
    let worker = Worker::start(&config, setup.dir.path().join("w1-grown.log"));
    assert_learned_exactly(&setup, &config, &data, 12_000, &worker, "examples partitions 2 → 4");
    let log = worker.log_text();
    worker.stop();
    assert!(!log.contains("examples never learned"), "nothing skipped:\n{log}");
}
