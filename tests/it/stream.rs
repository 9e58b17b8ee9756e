//! Integration tests of the Kafka worker against a real Kafka-protocol broker (Tansu, started
//! on 127.0.0.1 by `scripts/test-broker`; never a fake). Each test starts its own broker and
//! stops it when done; the tests take turns, since workers and broker share two cores.

use crate::common::*;
use rdkafka::message::Headers;
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::Message;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use ftrl_stream::schema::proto::{encode_example, Prediction};
use prost::Message as _;

#[test]
fn one_worker_learns_like_the_embedded_trainer() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("solo");
    let config = setup.config("w1", "json");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(json, _)| json.clone().into_bytes()).collect();
    produce(&setup, &payloads);

    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let stream_loss = wait_for_progress(&setup, 20_000, &[&worker]);
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    let model = wait_for_updates(&config, &embedded_model, &[&worker]);
    worker.stop();

    eprintln!("progressive loss: stream {stream_loss}, embedded {embedded_loss}");
    assert!((stream_loss - embedded_loss).abs() < 0.01, "stream {stream_loss} vs embedded {embedded_loss}");
    assert_models_agree(&model, &embedded_model);

    // The same examples, trained embedded straight from the topic (partition by partition,
    // so in a different order than the file: close, not equal).
    let from_topic =
        run_ok(ftrl().args(["train", "--from-topic", "--quiet", "--summary-json", "--config"]).arg(&config));
    let from_topic: Value = serde_json::from_str(from_topic.lines().last().unwrap()).unwrap();
    assert_eq!(from_topic["examples"], 20_000);
    assert!((from_topic["progressive_loss"].as_f64().unwrap() - embedded_loss).abs() < 0.01, "{from_topic}");

    // A replay copies the examples under a new prefix, where a model is rebuilt from them.
    let replay = run_ok(ftrl().args(["replay", "--to-prefix", "solo-rebuild", "--config"]).arg(&config));
    assert!(replay.contains("copied 20000 examples"), "{replay}");
    let rebuilt_config = setup.dir.path().join("rebuild.toml");
    std::fs::write(&rebuilt_config, std::fs::read_to_string(&config).unwrap().replace("\"solo\"", "\"solo-rebuild\""))
        .unwrap();
    let rebuilt =
        run_ok(ftrl().args(["train", "--from-topic", "--quiet", "--summary-json", "--config"]).arg(&rebuilt_config));
    let rebuilt: Value = serde_json::from_str(rebuilt.lines().last().unwrap()).unwrap();
    assert_eq!(rebuilt["progressive_loss"], from_topic["progressive_loss"], "a replay is the same event log");
}

/// docs/exactly-once.md, 9, against the broker: a predict role resuming a partition sends
/// at least the batch bound of the session that committed there per example (2,000 here,
/// though its own is 500: the bound travels as the committed offsets' metadata, or, on a
/// broker that does not keep it, such as the test broker, the largest bound allowed is
/// assumed), and coalesces only after them; the coalesced records never cover those
/// records, and with the per-example entries they cover every example once.
#[test]
fn a_resumed_partition_goes_per_example_for_the_committed_batch_bound_then_coalesced() {
    use ftrl_stream::schema::proto::GradientBatch;
    use prost::Message as _;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("bound");
    let large =
        setup.config_with("w1", "json", |text| text.replace("batch_max_examples = 500", "batch_max_examples = 2000"));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&large));
    let (data, examples) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(json, _)| json.clone().into_bytes()).collect();
    // Round-robin over the 2 examples partitions: the first run commits offset 8,000 in
    // each, having sent its first 2,000 of each per example and coalesced most of the rest.
    produce(&setup, &payloads[..16_000]);
    let worker = Worker::start(&large, setup.dir.path().join("w1-large.log"));
    wait_for_progress(&setup, 16_000, &[&worker]);
    worker.stop();

    let small = setup.config("w1", "json"); // batch_max_examples = 500
    produce(&setup, &payloads[16_000..]);
    let worker = Worker::start(&small, setup.dir.path().join("w1-small.log"));
    wait_for_progress(&setup, 20_000, &[&worker]);
    let (_, embedded_model) = embedded(setup.dir.path(), &data);
    wait_for_updates(&small, &embedded_model, &[&worker]);
    let log = worker.log_text();
    worker.stop();
    // The owners hold offsets up to 7,999 of each partition; the previous committer's
    // attempts may reach 2,000 past its committed offset (100,000 where the broker keeps no
    // commit metadata, as the test broker).
    let line = log.lines().find(|l| l.contains("per-example bounds known")).expect("a settled bound");
    let through: i64 =
        line.split("per_example_through=[(0, ").nth(1).and_then(|t| t.split(')').next()?.parse().ok()).unwrap();
    assert!(through == 9_999 || through == 107_999, "{line}");
    assert!(line.contains(&format!("per_example_through=[(0, {through}), (1, {through})]")), "{line}");
    assert!(line.contains("owners_hold=[(0, 7999), (1, 7999)]"), "{line}");
    let bound = through + 1 - 8_000;

    // Per examples partition: the offsets sent per example, and the coalesced ranges (each
    // batch's coalesced record goes to every gradients partition).
    let mut per_example: [Vec<i64>; 2] = [Vec::new(), Vec::new()];
    let mut coalesced: [std::collections::BTreeSet<(i64, i64)>; 2] = Default::default();
    for record in read_all(&setup, "gradients", 4) {
        let batch = GradientBatch::decode(record.payload().unwrap()).unwrap();
        for example in batch.examples.iter().filter(|e| e.outcome.is_some()) {
            per_example[example.origin_partition as usize].push(example.origin_offset);
        }
        if let Some(c) = &batch.coalesced {
            for ((origin, first), last) in c.origin_partitions.iter().zip(&c.first_offsets).zip(&c.last_offsets) {
                coalesced[*origin as usize].insert((*first, *last));
            }
        }
    }
    assert!(coalesced.iter().any(|ranges| !ranges.is_empty()), "nothing was coalesced");
    for (e, ranges) in coalesced.iter().enumerate() {
        for (first, last) in ranges {
            let outside = |start: i64, end: i64| *last < start || *first >= end;
            assert!(outside(0, 2_000) && outside(8_000, 8_000 + bound), "partition {e}: range {first}..={last}");
        }
        let mut covered: Vec<i64> = per_example[e].clone();
        covered.extend(ranges.iter().flat_map(|(first, last)| *first..=*last));
        covered.sort_unstable();
        assert_eq!(covered, (0..10_000).collect::<Vec<i64>>(), "partition {e}: every example sent once");
    }
}

/// The update role's database holds exactly its last checkpoint, so the states it changed
/// stay in its cache until a snapshot writes them. With a cache far smaller than the model,
/// a transaction stops applying once its changes would crowd the cache, and snapshots: the
/// model is the one a worker with room for everything learns, every update applied once.
#[test]
fn a_cache_far_smaller_than_the_model_learns_the_same_model_exactly_once() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("small-cache");
    let cache_size = 1_000;
    let config = setup.config_with("w1", "json", |text| {
        // Batches this large write a gradients partition more than one record, and a
        // crowded cache ends owner transactions between them.
        text.replace("batch_max_wait_ms = 20", &format!("batch_max_wait_ms = 20\ncache_size = {cache_size}"))
            .replace("batch_max_examples = 500", "batch_max_examples = 10000")
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(json, _)| json.clone().into_bytes()).collect();
    produce(&setup, &payloads);

    let log = setup.dir.path().join("w1.log");
    let worker = Worker::start(&config, log.clone());
    let stream_loss = wait_for_progress(&setup, 20_000, &[&worker]);
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    let model = wait_for_updates(&config, &embedded_model, &[&worker]);
    worker.stop();

    // With one worker the owners' states hold nothing the replica does not: it never has
    // to take one over its own (a snapshot's deltas taken with a later watermark did).
    let log = std::fs::read_to_string(&log).unwrap();
    let stopped = log.lines().find(|l| l.contains("predict role stopped")).unwrap_or_default();
    assert!(stopped.contains("merged_owner_states=0"), "{stopped}");
    assert!(model.len() > 5 * cache_size, "the model ({} coordinates) must dwarf the cache", model.len());
    assert!((stream_loss - embedded_loss).abs() < 0.01, "stream {stream_loss} vs embedded {embedded_loss}");
    assert_models_agree(&model, &embedded_model);
}

/// With one examples partition the worker reads the examples in file order, and learning
/// each at once in its replica it is the embedded trainer: the same loss and weights, not
/// merely close ones (the owners apply the replica's gradients in the same order), with one
/// predict thread; the test below runs two.
#[test]
fn with_one_examples_partition_the_stream_is_the_embedded_trainer() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("exact", 1);
    let config = setup.config_with("w1", "protobuf", one_predict_thread);
    let Learned { stream_loss, model, embedded_loss, embedded_model, .. } =
        learned_in_file_order(&setup, &config, 10_000);
    assert_stream_is_embedded((stream_loss, &model), (embedded_loss, &embedded_model));
}

/// Two predict threads learn in one replica at once (`worker.predict_threads`): the order
/// of steps within a chunk is no longer the file's, so the stream is close to the embedded
/// trainer rather than equal, but every example is learned exactly once (each coordinate's
/// update count is the embedded trainer's) and as well (the loss within 0.002).
#[test]
fn with_two_predict_threads_every_example_is_learned_once_and_as_well() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("two-threads", 1);
    let config = setup
        .config_with("w1", "protobuf", |text| text.replace("batch_max_examples = 500", "batch_max_examples = 5000"));
    let Learned { stream_loss, model, embedded_loss, embedded_model, stopped } =
        learned_in_file_order(&setup, &config, 20_000);
    eprintln!("progressive loss: stream {stream_loss}, embedded {embedded_loss}");
    assert!((stream_loss - embedded_loss).abs() < 0.002, "stream {stream_loss} vs embedded {embedded_loss}");
    assert_models_agree(&model, &embedded_model);
    assert!(stopped.contains("merged_owner_states=0"), "one worker's owners hold nothing foreign: {stopped}");
}

/// What one worker learned from `count` generated examples produced in file order to one
/// examples partition, beside the embedded trainer on the same file.
struct Learned {
    stream_loss: f64,
    model: HashMap<u64, (f64, u64)>,
    embedded_loss: f64,
    embedded_model: HashMap<u64, (f64, u64)>,
    /// The worker's "predict role stopped" log line.
    stopped: String,
}

fn learned_in_file_order(setup: &Setup, config: &Path, count: u64) -> Learned {
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(config));
    let (data, examples) = generated(setup.dir.path(), count);
    produce_in_order(setup, &examples);
    let log = setup.dir.path().join("w1.log");
    let worker = Worker::start(config, log.clone());
    let stream_loss = wait_for_progress(setup, count, &[&worker]);
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    let model = wait_for_updates(config, &embedded_model, &[&worker]);
    worker.stop();
    let log = std::fs::read_to_string(&log).unwrap();
    let stopped = log.lines().find(|l| l.contains("predict role stopped")).unwrap_or_default().to_string();
    Learned { stream_loss, model, embedded_loss, embedded_model, stopped }
}

/// A worker configuration with one predict thread: it learns the examples in record order,
/// as the embedded trainer does, to the last bit.
fn one_predict_thread(text: String) -> String {
    text.replace("predict_threads = 2", "predict_threads = 1")
}

/// Produces the protobuf payloads of `examples` to examples partition 0, in order.
fn produce_in_order(setup: &Setup, examples: &[(String, Vec<u8>)]) {
    let producer: BaseProducer = setup.client().set("linger.ms", "5").create().unwrap();
    let topic = setup.topic("examples");
    for (_, payload) in examples {
        let mut record = BaseRecord::<[u8], [u8]>::to(&topic).partition(0).payload(&payload[..]);
        while let Err((_, back)) = producer.send(record) {
            producer.poll(Duration::from_millis(10));
            record = back;
        }
        producer.poll(Duration::ZERO);
    }
    producer.flush(Duration::from_secs(30)).unwrap();
}

/// The predict role's replica keeps at most `worker.cache_size` states in memory, the rest
/// in its local RocksDB: with one examples partition the stream is still the embedded
/// trainer, weight for weight, on a model far larger than the cache.
#[test]
fn with_a_cache_far_smaller_than_the_model_the_stream_is_still_the_embedded_trainer() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("exact-small-cache", 1);
    let cache_size = 1_000;
    let config = setup.config_with("w1", "protobuf", |text| {
        one_predict_thread(text)
            .replace("batch_max_wait_ms = 20", &format!("batch_max_wait_ms = 20\ncache_size = {cache_size}"))
    });
    let Learned { stream_loss, model, embedded_loss, embedded_model, stopped } =
        learned_in_file_order(&setup, &config, 10_000);
    let resident: usize = stopped
        .split("replica_resident=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no replica_resident in {stopped:?}"));
    assert!(resident <= cache_size, "{resident} states resident in the replica");
    assert!(stopped.contains("merged_owner_states=0"), "{stopped}");
    assert!(model.len() > 5 * cache_size, "the model ({} coordinates) must dwarf the cache", model.len());
    assert_stream_is_embedded((stream_loss, &model), (embedded_loss, &embedded_model));
}

/// With one examples partition `ftrl train --from-topic` reads the examples in file order,
/// so it is `ftrl train` on the file: the same loss to the last bit and the same weights.
/// Records that are not examples (not protobuf, a NaN label, no value at all) are bad lines,
/// counted and skipped without stopping the read, which spans many rounds of the reader.
#[test]
fn train_from_one_partition_is_ftrl_train_on_the_file_and_counts_bad_records() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("fromtopic", 1);
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 10_000);
    let mut payloads: Vec<Option<Vec<u8>>> = Vec::new();
    for (i, (_, proto)) in examples.iter().enumerate() {
        payloads.push(Some(proto.clone()));
        match i {
            7 | 2047 | 2048 | 9998 => payloads.push(Some(b"\xff\xff not an example".to_vec())),
            5000 => payloads.push(Some(encode_example(f64::NAN, None, &[("a", "x", 1.0)]))),
            6000 => payloads.push(None),
            _ => {}
        }
    }
    let producer: BaseProducer = setup.client().set("linger.ms", "5").create().unwrap();
    let topic = setup.topic("examples");
    for payload in &payloads {
        let mut record = BaseRecord::<[u8], [u8]>::to(&topic).partition(0).key(&b"k"[..]);
        if let Some(payload) = payload {
            record = record.payload(&payload[..]);
        }
        while let Err((_, back)) = producer.send(record) {
            producer.poll(Duration::from_millis(10));
            record = back;
        }
        producer.poll(Duration::ZERO);
    }
    producer.flush(Duration::from_secs(30)).unwrap();

    let model_dir = setup.dir.path().join("from-topic-model");
    let out = ftrl()
        .args(["train", "--from-topic", "--quiet", "--summary-json", "--config"])
        .arg(&config)
        .arg("--model")
        .arg(&model_dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // A bad record is named by where it is on the topic, not by a line number: the first
    // is after the 8th example.
    assert!(stderr.lines().any(|l| l.contains("partition=0 offset=8 ")), "{stderr}");
    assert!(!stderr.contains("line="), "{stderr}");
    let summary = String::from_utf8_lossy(&out.stdout);
    let summary: Value = serde_json::from_str(summary.lines().last().unwrap()).unwrap();
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    assert_eq!((summary["examples"].as_u64(), summary["bad_lines"].as_u64()), (Some(10_000), Some(6)), "{summary}");
    assert_eq!(summary["progressive_loss"].as_f64(), Some(embedded_loss), "{summary}");
    let model: HashMap<u64, (f64, u64)> = run_ok(ftrl().args(["export", "--all", "--model"]).arg(&model_dir))
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["coordinate"].as_u64().unwrap(), (v["weight"].as_f64().unwrap(), v["updates"].as_u64().unwrap()))
        })
        .collect();
    assert!(model.len() > 1000);
    assert!(model == embedded_model, "the weights differ from ftrl train's");
}

#[test]
fn configuration_is_validated_and_documented() {
    let example = run_ok(ftrl().args(["config", "example"]));
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.toml");
    std::fs::write(&good, &example).unwrap();
    assert!(run_ok(ftrl().args(["config", "validate", "--config"]).arg(&good)).contains("valid"));
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, example.replace("# alpha = 0.1", "alpha = -1").replace("partitions = 32", "partitions = 0"))
        .unwrap();
    let out = ftrl().args(["config", "validate", "--config"]).arg(&bad).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("model.alpha") && stderr.contains("model.partitions"), "{stderr}");
    let out =
        ftrl().args(["config", "validate", "--config"]).arg(&good).env("FTRL_MODEL__ALPHA", "0").output().unwrap();
    assert!(!out.status.success(), "environment overrides apply");
}

/// `topics create` sets each topic's retention (or compaction) as docs/topics.md's table says, and
/// the broker holds those settings.
#[test]
fn topic_retention_is_set_as_documented() {
    use ftrl_stream::stream::admin::{HOT_SEGMENTS, RETENTION};
    use rdkafka::admin::{AdminClient, AdminOptions, ResourceSpecifier};
    use rdkafka::client::DefaultClientContext;
    let setup = Setup::new("kept");
    let config = setup.config("w1", "json");
    let created = run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    assert_eq!(created.matches(": created").count(), 8, "{created}");

    // The table of docs/topics.md, `| `{prefix}.suffix` | retention.ms | why |`, is RETENTION.
    let topics = std::fs::read_to_string(repo().join("docs/topics.md")).unwrap();
    let documented: Vec<(String, i64)> = topics
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let suffix = cells.get(1)?.strip_prefix("`{prefix}.")?.strip_suffix('`')?;
            let ms = cells.get(2)?.strip_prefix('`')?.split('`').next()?.parse().ok()?;
            Some((suffix.to_string(), ms))
        })
        .collect();
    let expected: Vec<(String, i64)> = RETENTION.iter().map(|(s, ms, _)| (s.to_string(), *ms)).collect();
    assert_eq!(documented, expected, "docs/topics.md's retention table");

    let admin: AdminClient<DefaultClientContext> = setup.client().create().unwrap();
    let topics: Vec<String> = ["examples", "gradients", "deltas", "changelog", "progress", "predictions", "dlq", "hot"]
        .iter()
        .map(|s| setup.topic(s))
        .collect();
    let resources: Vec<ResourceSpecifier<'_>> = topics.iter().map(|t| ResourceSpecifier::Topic(t)).collect();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let options = AdminOptions::new().request_timeout(Some(Duration::from_secs(30)));
    let described = runtime.block_on(admin.describe_configs(&resources, &options)).unwrap();
    for (topic, result) in topics.iter().zip(described) {
        let resource = result.unwrap_or_else(|e| panic!("{topic}: {e:?}"));
        let value = |key: &str| resource.get(key).and_then(|entry| entry.value.clone());
        let suffix = topic.rsplit('.').next().unwrap();
        match RETENTION.iter().find(|(s, ..)| *s == suffix) {
            Some((_, ms, _)) if suffix == "hot" => {
                assert_eq!(value("retention.ms"), Some(ms.to_string()), "{topic}");
                for (key, expected) in HOT_SEGMENTS {
                    assert_eq!(value(key).as_deref(), Some(expected), "{topic}: {key}");
                }
            }
            Some((_, ms, _)) => {
                assert_eq!(value("retention.ms"), Some(ms.to_string()), "{topic}");
                assert_eq!(value("retention.bytes"), Some("-1".to_string()), "{topic}");
            }
            None => assert_eq!(value("cleanup.policy").as_deref(), Some("compact"), "{topic}"),
        }
    }
}

/// A model whose topics were made before the hot topic existed (or by hand, without it):
/// the workers say so and learn every example without the exchange.
#[test]
fn without_the_hot_topic_workers_say_so_and_learn_without_the_exchange() {
    use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
    use rdkafka::client::DefaultClientContext;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("nohot", 2);
    let admin: AdminClient<DefaultClientContext> = setup.client().create().unwrap();
    let names: Vec<(String, i32)> =
        [("examples", 2), ("gradients", 4), ("deltas", 4), ("changelog", 4), ("progress", 2)]
            .iter()
            .chain(&[("predictions", 2), ("dlq", 1)])
            .map(|(suffix, partitions)| (setup.topic(suffix), *partitions))
            .collect();
    let new_topics: Vec<NewTopic<'_>> = names
        .iter()
        .map(|(name, partitions)| {
            let topic = NewTopic::new(name, *partitions, TopicReplication::Fixed(1));
            if name.ends_with(".deltas") || name.ends_with(".changelog") {
                topic.set("cleanup.policy", "compact")
            } else {
                topic
            }
        })
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let options = AdminOptions::new().operation_timeout(Some(Duration::from_secs(30)));
    for result in runtime.block_on(admin.create_topics(&new_topics, &options)).unwrap() {
        result.unwrap();
    }
    let (_, generated) = generated(setup.dir.path(), 4_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 2);
    let logs: Vec<PathBuf> = (0..2).map(|w| setup.dir.path().join(format!("w{w}.log"))).collect();
    let workers: Vec<Worker> = logs
        .iter()
        .enumerate()
        .map(|(w, log)| Worker::start(&setup.config(&format!("w{w}"), "protobuf"), log.clone()))
        .collect();
    wait_for_progress(&setup, 4_000, &workers.iter().collect::<Vec<_>>());
    for worker in workers {
        worker.stop();
    }
    for log in &logs {
        let text = std::fs::read_to_string(log).unwrap();
        assert!(text.contains("the hot topic does not exist"), "no warning in {}:\n{text}", log.display());
    }
}

/// A worker alone in its group sends no hot pieces and has none to take: it does not read the
/// hot topic (a reader asking every 5 ms cost the test broker 7–9% of a core for one idle
/// worker). Once a second worker joins, both read it from its end again, and each takes the
/// other's pieces.
#[test]
fn a_worker_alone_does_not_read_the_hot_topic_and_reads_it_again_once_another_joins() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("alone", 2);
    let configs: Vec<_> = (0..2).map(|w| setup.config(&format!("w{w}"), "protobuf")).collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    const NOT_READING: &str = "not reading other workers' hot coordinates";
    const READING: &str = "reading other workers' hot coordinates from the end";
    let logs: Vec<PathBuf> = (0..2).map(|w| setup.dir.path().join(format!("w{w}.log"))).collect();
    let first = Worker::start(&configs[0], logs[0].clone());
    let deadline = Instant::now() + Duration::from_secs(60);
    while !first.log_text().contains(NOT_READING) {
        assert!(Instant::now() < deadline, "the lone worker still reads:\n{}", first.log_text());
        std::thread::sleep(Duration::from_millis(200));
    }
    let second = Worker::start(&configs[1], logs[1].clone());
    wait_for_one_partition_each(&[&first, &second], "alone.examples");
    let (_, generated) = generated(setup.dir.path(), 40_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 2);
    wait_for_progress(&setup, 40_000, &[&first, &second]);
    first.stop();
    second.stop();
    let logs: Vec<String> = logs.iter().map(|log| std::fs::read_to_string(log).unwrap()).collect();
    let first_log = &logs[0];
    let stopped_reading = first_log.find(NOT_READING).unwrap_or(usize::MAX);
    assert!(
        first_log.rfind(READING).is_some_and(|at| at > stopped_reading),
        "the first worker never read the hot topic again:\n{first_log}"
    );
    for log in &logs {
        assert!(hot_pieces_taken(log) > 0, "no piece of the other worker taken:\n{log}");
    }
}

/// `worker.hot_drift` makes a sending due as soon as the bias moved far enough in a
/// worker's replica, besides every `hot_every_examples`: with a small bound both workers
/// send that way, take each other's pieces, and every example is learned once.
#[test]
fn workers_sending_on_the_bias_drift_learn_every_example_once() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("drift", 2);
    let drifting = |text: String| text.replace("predict_threads = 2", "predict_threads = 2\nhot_drift = 0.0005");
    let configs: Vec<_> = (0..2).map(|w| setup.config_with(&format!("w{w}"), "protobuf", drifting)).collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    let logs: Vec<PathBuf> = (0..2).map(|w| setup.dir.path().join(format!("w{w}.log"))).collect();
    let workers: Vec<Worker> = configs.iter().zip(&logs).map(|(c, log)| Worker::start(c, log.clone())).collect();
    wait_for_one_partition_each(&workers.iter().collect::<Vec<_>>(), "drift.examples");
    let examples = 40_000;
    let (data, generated) = generated(setup.dir.path(), examples);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 2);
    let stream_loss = wait_for_progress(&setup, examples, &workers.iter().collect::<Vec<_>>());
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    let model = settle_model(&configs[0], total_updates(&embedded_model), &workers[0]);
    let books = FaultRow::new("none: two workers sending on the drift", 0, examples, examples, &model, &embedded_model);
    for worker in workers {
        worker.stop();
    }
    let logs: Vec<String> = logs.iter().map(|log| std::fs::read_to_string(log).unwrap()).collect();
    let by_drift = |log: &str| stop_figure(log, "hot_sendings_by_drift");
    eprintln!(
        "progressive loss: two workers {stream_loss}, embedded {embedded_loss}; sendings by drift {:?}",
        logs.iter().map(|l| by_drift(l)).collect::<Vec<_>>()
    );
    for log in &logs {
        assert!(by_drift(log) > 0, "no sending by drift:\n{log}");
        assert!(hot_pieces_taken(log) > 0, "no piece of the other worker taken:\n{log}");
    }
    books.assert_exact();
    assert!(stream_loss - embedded_loss < 0.005, "two workers {stream_loss} vs embedded {embedded_loss}");
}

/// Waits (up to 60 s) until each of `workers` holds exactly one partition of `topic`.
fn wait_for_one_partition_each(workers: &[&Worker], topic: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let shares: Vec<_> = workers.iter().filter_map(|w| assigned(w, topic)).collect();
        if shares.len() == workers.len() && shares.iter().all(|s| s.len() == 1) {
            return;
        }
        assert!(Instant::now() < deadline, "the group never shared {topic}: {shares:?}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The other workers' hot pieces a worker's predict role took, from its last `predict role
/// stopped` line (0 without one).
fn hot_pieces_taken(log: &str) -> u64 {
    stop_figure(log, "hot_pieces_taken")
}

/// The count `name` in a worker's last `predict role stopped` line (0 without one).
fn stop_figure(log: &str, name: &str) -> u64 {
    let stopped = log.lines().rev().find(|l| l.contains("predict role stopped")).unwrap_or_default();
    stopped
        .split(&format!("{name}="))
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or(0)
}

/// A Hedge's members are coordinates of their own whose states add up, so two workers
/// with a Hedge exchange hot pieces (only the mixture stays with each worker). Without the
/// exchange, four workers with `hedge = [0.03, 0.1, 0.3]` were +0.0037 over the embedded
/// Hedge on the benchmark's 400,000 examples; with it, +0.0006 (docs/benchmarks.md).
#[test]
fn workers_with_a_hedge_exchange_hot_pieces_and_learn_every_example_once() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("hedge-duo", 2);
    let hedge = |text: String| text.replace("[worker]", "hedge = [0.03, 0.1, 0.3]\n\n[worker]");
    let configs: Vec<_> = (0..2).map(|w| setup.config_with(&format!("w{w}"), "protobuf", hedge)).collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    let logs: Vec<PathBuf> = (0..2).map(|w| setup.dir.path().join(format!("w{w}.log"))).collect();
    let workers: Vec<Worker> =
        configs.iter().zip(&logs).map(|(config, log)| Worker::start(config, log.clone())).collect();
    wait_for_one_partition_each(&workers.iter().collect::<Vec<_>>(), "hedge-duo.examples");
    let (data, generated) = generated(setup.dir.path(), 40_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 2);
    let stream_loss = wait_for_progress(&setup, 40_000, &workers.iter().collect::<Vec<_>>());
    for worker in workers {
        worker.stop();
    }
    for log in &logs {
        let log = std::fs::read_to_string(log).unwrap();
        assert!(!log.contains("no hot exchange"), "the exchange was off:\n{log}");
        assert!(hot_pieces_taken(&log) > 0, "no piece of the other worker taken:\n{log}");
    }
    let (summary, _) = embedded_with(setup.dir.path(), &data, "embedded-hedge", &["--hedge", "0.03,0.1,0.3"]);
    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    println!("two workers with a Hedge: {stream_loss:.5}, embedded {embedded_loss:.5}");
    assert!((stream_loss - embedded_loss).abs() < 0.01, "stream {stream_loss} against embedded {embedded_loss}");
}

/// A model that starts empty, with examples waiting on every partition: the worker of
/// examples partition 0 learns alone until the owners hold its first `warm_start_examples`,
/// and the other worker learns its first example only after that (its first progress window
/// is published in a later owner transaction than the window holding partition 0's offset
/// `warm_start_examples − 1`). Every example is still learned once.
#[test]
fn on_an_empty_model_the_worker_of_partition_0_learns_its_first_examples_alone() {
    use ftrl_stream::schema::proto::ProgressWindow;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("warm", 2);
    const WARM: i64 = 3_000;
    let warm = |text: String| {
        text.replace("predict_threads = 2", &format!("predict_threads = 2\nwarm_start_examples = {WARM}"))
    };
    let configs: Vec<_> = (0..2).map(|w| setup.config_with(&format!("w{w}"), "protobuf", warm)).collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    let (_, generated) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 2);
    let log = follower_of_a_warm_start(&setup, &configs, 20_000);
    assert!(log.contains("warm start: the model is young"), "the follower did not wait:\n{log}");
    assert!(log.contains("warm start over"), "the follower's warm start never ended:\n{log}");
    assert!(!log.contains("learning without them"), "the follower waited its whole bound:\n{log}");
    let windows: Vec<ProgressWindow> = read_all(&setup, "progress", 2)
        .iter()
        .filter_map(|message| ProgressWindow::decode(message.payload()?).ok())
        .collect();
    let leader_warm = windows
        .iter()
        .filter(|w| w.origin_partition == 0 && w.first_offset < WARM && WARM - 1 <= w.last_offset)
        .map(|w| w.time_ms)
        .min()
        .expect("a window holds partition 0's warm-start examples");
    let follower_first =
        windows.iter().filter(|w| w.origin_partition == 1).map(|w| w.time_ms).min().expect("partition 1 learned");
    assert!(
        follower_first > leader_warm,
        "partition 1's first window was published at {follower_first}, not after partition 0's offset {} at \
         {leader_warm}:\n{}",
        WARM - 1,
        loss_trajectory(&setup, 2_000)
    );
}

/// The warm start's bound: when the owners are slow to hold the leading partition's first
/// examples (here its worker gathers its first batch for 8 s), the other worker waits
/// `max_unconfirmed_ms`, says so, and learns; every example is learned once.
#[test]
fn a_warm_start_whose_leading_examples_come_late_ends_at_its_bound() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("warmbound", 2);
    let slow = slow_first_batches_and_a_warm_start(8_000, 3_000);
    let configs: Vec<_> = (0..2).map(|w| setup.config_with(&format!("w{w}"), "protobuf", &slow)).collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    let (_, generated) = generated(setup.dir.path(), 4_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 2);
    let log = follower_of_a_warm_start(&setup, &configs, 4_000);
    assert!(log.contains("warm start: the model is young"), "the follower did not wait:\n{log}");
    assert!(log.contains("learning without them"), "the follower's wait did not end at its bound:\n{log}");
}

/// A wait that holds learning back still takes the group's rebalances. The worker of
/// examples partition 0 dies while the other waits for its warm start (bounded at 120 s
/// here): the survivor must take partition 0 as soon as the group hands it over (its
/// session times out after 2 s), not when its wait ends, and learn every example once.
/// (Such a wait used to read only the owners' topics: the group waited on it, and after
/// `max.poll.interval.ms` librdkafka left the group.)
#[test]
fn a_worker_waiting_for_its_warm_start_takes_a_rebalance_at_once() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("warmleft", 2);
    // Batches that gather for 15 s: the leader learns and dies before it commits one.
    let waiting = slow_first_batches_and_a_warm_start(15_000, 120_000);
    let listens: Vec<String> = (0..2).map(|_| free_address()).collect();
    let configs: Vec<_> = (0..2)
        .map(|w| {
            setup.config_with(&format!("w{w}"), "protobuf", |text| {
                waiting(text).replace("\"127.0.0.1:0\"", &format!("\"{}\"", listens[w]))
            })
        })
        .collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    let (_, generated) = generated(setup.dir.path(), 2_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 2);
    let mut workers: Vec<Worker> =
        (0..2).map(|w| Worker::start(&configs[w], setup.dir.path().join(format!("w{w}.log")))).collect();
    let (examples, gradients) = (setup.topic("examples"), setup.topic("gradients"));
    let deadline = Instant::now() + Duration::from_secs(60);
    let follower = loop {
        // Both groups settled (a member that dies while a group joins can leave the test
        // broker's group stuck), and the follower waiting.
        let settled = workers
            .iter()
            .all(|w| assigned(w, &examples).is_some_and(|p| p.len() == 1) && assigned(w, &gradients).is_some());
        let follower = workers.iter().position(|w| assigned(w, &examples) == Some(vec![1]));
        if let (true, Some(follower)) = (settled, follower) {
            if workers[follower].log_text().contains("warm start: the model is young") {
                break follower;
            }
        }
        let logs: Vec<String> = workers.iter().map(Worker::log_text).collect();
        assert!(Instant::now() < deadline, "the follower never waited:\n{}", logs.join("\n----\n"));
        std::thread::sleep(Duration::from_millis(100));
    };
    let survivor = workers.remove(follower);
    drop(workers); // SIGKILL: the leader, partition 0's worker, dies in the middle of its first batch
    let killed = Instant::now();
    while assigned(&survivor, &examples) != Some(vec![0, 1]) {
        assert!(
            killed.elapsed() < Duration::from_secs(40),
            "the survivor did not take partition 0 within 40 s while its warm start waited:\n{}",
            survivor.log_text()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let taken_after = killed.elapsed();
    assert!(!survivor.log_text().contains("learning without them"), "the warm start ran to its bound first");
    let metrics = http(&listens[follower], "GET", "/metrics", "").map(|(_, body)| body).unwrap_or_default();
    let warm_starts =
        |outcome: &str| sample(&metrics, &format!("ftrl_warm_starts_total{{outcome=\"{outcome}\"}}")).unwrap_or(0.0);
    // Every wait it began has ended (it holds partition 0 now), the last by the rebalance.
    assert!(warm_starts("rebalanced") >= 1.0, "no warm start ended by the rebalance:\n{metrics}");
    assert_eq!(warm_starts("began"), warm_starts("rebalanced") + warm_starts("held"), "{metrics}");
    wait_for_progress(&setup, 2_000, &[&survivor]);
    survivor.stop();
    eprintln!("partition 0 taken {} ms after its worker died", taken_after.as_millis());
}

/// A rebalance that begins during a long restore completes at once. The first worker
/// restores all four gradients partitions from an empty state directory, each changelog
/// record held up so that its restore would take about 40 s (test-only fault injection,
/// `FTRL_TEST_RESTORE_RECORD_DELAY_US`); a second worker joins 2 s into it and must hold its
/// two gradients partitions, restored, within 15 s. The restoring role polls its group
/// consumer between changelog records, abandons its restore when the assignment changes
/// and restores its new share. (It used to read the whole changelog without polling: the
/// update group waited on it, and 15 s after joining the second worker still had no
/// gradients partition.) Every example is still learned once.
#[test]
fn a_worker_joining_during_a_long_restore_gets_its_partitions_at_once() {
    const RESTORE: Duration = Duration::from_secs(40);
    const JOINED_WITHIN: Duration = Duration::from_secs(15);
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("slowrestore");
    let configs: Vec<_> = (0..2).map(|w| setup.config(&format!("w{w}"), "protobuf")).collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    let examples: u64 = 8_000;
    let (data, generated) = generated(setup.dir.path(), examples);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    let (first_half, second_half) = payloads.split_at(payloads.len() / 2);
    let log = |name: &str| setup.dir.path().join(format!("{name}.log"));

    // The changelog to restore: the first half learned by the first worker alone, which
    // then loses its state directory.
    produce(&setup, first_half);
    let alone = Worker::start(&configs[0], log("w0-alone"));
    wait_for_progress(&setup, first_half.len() as u64, &[&alone]);
    alone.stop();
    std::fs::remove_dir_all(setup.dir.path().join("w0")).unwrap();
    let changelog_records = read_all(&setup, "changelog", 4).len() as u128;
    let delay_us = (RESTORE.as_micros() / changelog_records.max(1)).to_string();
    eprintln!("{changelog_records} changelog records, {delay_us} µs each");

    let gradients = setup.topic("gradients");
    let restoring = Worker::start_with_env(
        &configs[0],
        log("w0-restoring"),
        &[("FTRL_TEST_RESTORE_RECORD_DELAY_US", delay_us.as_str())],
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while assigned(&restoring, &gradients) != Some(vec![0, 1, 2, 3]) {
        assert!(Instant::now() < deadline, "never assigned the gradients:\n{}", restoring.log_text());
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_secs(2));
    assert!(!restoring.log_text().contains(RESTORED), "the restore was not slow:\n{}", restoring.log_text());

    let joined = Instant::now();
    let joining = Worker::start(&configs[1], log("w1"));
    loop {
        let shares = [assigned(&restoring, &gradients), assigned(&joining, &gradients)];
        let mut all: Vec<i32> = shares.iter().flatten().flatten().copied().collect();
        all.sort();
        let shared = all == [0, 1, 2, 3] && shares.iter().all(|share| share.as_ref().is_some_and(|s| s.len() == 2));
        if shared && restored_partitions(&joining).is_some_and(|partitions| partitions.len() == 2) {
            break;
        }
        assert!(
            joined.elapsed() < JOINED_WITHIN,
            "the update group was not shared and restored within {JOINED_WITHIN:?} of the second worker joining \
             ({shares:?}):\n{}\n----\n{}",
            restoring.log_text(),
            joining.log_text()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!("the group was shared and restored {} ms after the second worker joined", joined.elapsed().as_millis());
    let text = restoring.log_text();
    assert!(text.contains("restore abandoned"), "the first restore was not abandoned:\n{text}");
    assert!(!text.contains("came from paused partitions"), "records arrived while paused:\n{text}");

    produce(&setup, second_half);
    let (scored, _) = settle_progress(&setup, examples, &restoring);
    let (_, expected) = embedded(setup.dir.path(), &data);
    let model = settle_model(&configs[0], total_updates(&expected), &restoring);
    restoring.stop();
    joining.stop();
    FaultRow::new("a worker joins during a long restore", 1, examples, scored, &model, &expected).assert_exact();
}

/// What the update role logs once it has restored its partitions and is ready.
const RESTORED: &str = "restored state from the changelog; ready";

/// The partitions of the last restore a worker's update role finished, from its log.
fn restored_partitions(worker: &Worker) -> Option<Vec<i32>> {
    let text = worker.log_text();
    let line = text.lines().rev().find(|l| l.contains(RESTORED))?;
    let list = line.split("partitions=[").nth(1)?.split(']').next()?;
    Some(list.split(',').filter_map(|p| p.trim().parse().ok()).collect())
}

/// A configuration edit for the warm-start tests: batches of up to 5,000 examples that gather
/// for `batch_wait_ms` (so a partition's first examples reach the owners late), a warm start
/// of 1,000 examples, and waits bounded at `max_unconfirmed_ms`.
fn slow_first_batches_and_a_warm_start(batch_wait_ms: u64, max_unconfirmed_ms: u64) -> impl Fn(String) -> String {
    move |text: String| {
        text.replace("batch_max_examples = 500", "batch_max_examples = 5000")
            .replace("batch_max_wait_ms = 20", &format!("batch_max_wait_ms = {batch_wait_ms}"))
            .replace(
                "predict_threads = 2",
                &format!("predict_threads = 2\nwarm_start_examples = 1000\nmax_unconfirmed_ms = {max_unconfirmed_ms}"),
            )
    }
}

/// Runs a worker of each of `configs` (named w0, w1, ...) until `examples` are learned, stops
/// them, and returns the log of the one without examples partition 0.
fn follower_of_a_warm_start(setup: &Setup, configs: &[PathBuf], examples: u64) -> String {
    let log_of = |w: usize| setup.dir.path().join(format!("w{w}.log"));
    let workers: Vec<Worker> = configs.iter().enumerate().map(|(w, config)| Worker::start(config, log_of(w))).collect();
    wait_for_progress(setup, examples, &workers.iter().collect::<Vec<_>>());
    let examples_topic = setup.topic("examples");
    let follower =
        workers.iter().position(|w| assigned(w, &examples_topic).is_some_and(|partitions| !partitions.contains(&0)));
    for worker in workers {
        worker.stop();
    }
    let mut logs: Vec<String> =
        (0..configs.len()).map(|w| std::fs::read_to_string(log_of(w)).unwrap_or_default()).collect();
    match follower {
        Some(follower) => logs.swap_remove(follower),
        None => panic!("no worker without examples partition 0:\n{}", logs.join("\n----\n")),
    }
}

/// Waits until the deltas topic accounts for every gradient contribution the embedded model
/// counted (the update role trails the predict role by a batch or two).
fn wait_for_updates(
    config: &Path,
    embedded: &HashMap<u64, (f64, u64)>,
    workers: &[&Worker],
) -> HashMap<u64, (f64, u64)> {
    let expected: u64 = embedded.values().filter(|(w, _)| *w != 0.0).map(|(_, u)| u).sum();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let model = dump(config);
        let applied: u64 = model.values().map(|(_, u)| u).sum();
        if applied >= expected || Instant::now() > deadline {
            if applied < expected {
                let logs: Vec<String> = workers.iter().map(|w| w.log_text()).collect();
                let differing: Vec<_> = embedded
                    .iter()
                    .filter(|(c, (w, u))| *w != 0.0 && model.get(*c).map(|m| m.1) != Some(*u))
                    .map(|(c, e)| (c, e, model.get(c)))
                    .take(5)
                    .collect();
                panic!(
                    "only {applied} of {expected} updates published; (coordinate, embedded, stream): {differing:?}; logs:\n{}",
                    logs.join("\n----\n")
                );
            }
            return model;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// The partitions of `topic` a worker was last assigned, from its log of the group's
/// rebalance callbacks. (The test broker's DescribeGroups lists no members, so the group
/// cannot be asked from outside; the callback reports what the group coordinator assigned.)
fn assigned(worker: &Worker, topic: &str) -> Option<Vec<i32>> {
    let text = worker.log_text();
    let line =
        text.lines().rev().find(|l| l.contains("partitions assigned") && l.contains(&format!("topic={topic} ")))?;
    let list = line.split("partitions=[").nth(1)?.split(']').next()?;
    Some(list.split(',').filter_map(|p| p.trim().parse().ok()).collect())
}

#[test]
fn two_workers_share_the_model_by_partition() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("duo");
    // Staleness bounded in examples, so that the tolerance below holds however fast each
    // predict role reads: unbounded, one could learn its whole share before the other's
    // contributions reach it (the largest weight difference then reached 0.26).
    // The test broker has left a predict transaction open here (its last stable offset 2
    // short of the high watermark for good): a bound of 20 s rather than 120 lets the
    // workers find it and start the role over well inside the waits below, as a worker
    // must. No worker here is frozen, so no transaction stays open that long otherwise.
    let bounded = |text: String| {
        text.replace("batch_max_wait_ms = 20", "batch_max_wait_ms = 20\nmax_unconfirmed_examples = 1000")
            .replace("[kafka]\n", "[kafka]\nstalled_transaction_ms = 20000\n")
    };
    let (config_a, config_b) =
        (setup.config_with("wa", "protobuf", bounded), setup.config_with("wb", "protobuf", bounded));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config_a));
    let (data, examples) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(_, proto)| proto.clone()).collect();

    let a = Worker::start(&config_a, setup.dir.path().join("wa.log"));
    let b = Worker::start(&config_b, setup.dir.path().join("wb.log"));
    // Both members in the update group, each with a disjoint share of the gradients partitions.
    let deadline = Instant::now() + Duration::from_secs(60);
    let owners = loop {
        let owners: Vec<Vec<i32>> = [&a, &b].iter().filter_map(|w| assigned(w, "duo.gradients")).collect();
        let mut all: Vec<i32> = owners.concat();
        all.sort();
        if owners.len() == 2 && owners.iter().all(|o| !o.is_empty()) && all == vec![0, 1, 2, 3] {
            break owners;
        }
        assert!(Instant::now() < deadline, "group never settled: {owners:?}\n{}\n{}", a.log_text(), b.log_text());
        std::thread::sleep(Duration::from_millis(500));
    };
    let mut all: Vec<i32> = owners.concat();
    all.sort();
    assert_eq!(all, vec![0, 1, 2, 3], "each gradients partition has exactly one owner: {owners:?}");

    produce(&setup, &payloads);
    let stream_loss = wait_for_progress(&setup, 20_000, &[&a, &b]);
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    let model = wait_for_updates(&config_a, &embedded_model, &[&a, &b]);
    a.stop();
    b.stop();
    eprintln!("progressive loss: stream {stream_loss}, embedded {embedded_loss}");
    assert!((stream_loss - embedded_loss).abs() < 0.01, "stream {stream_loss} vs embedded {embedded_loss}");
    assert_models_agree(&model, &embedded_model);

    // Each coordinate's deltas live on exactly the partition its coordinate maps to.
    for delta in read_all(&setup, "deltas", 4) {
        let Ok(key) = <[u8; 8]>::try_from(delta.key().unwrap()) else { continue }; // applied watermarks
        let coordinate = u64::from_be_bytes(key);
        assert_eq!((coordinate % 4) as i32, delta.partition());
    }
}

/// Issue 30: four workers, small batches, every example already on the topic when they
/// start. Each replica corrected the same stale errors as the others and the owners added
/// the four corrections: on 1.2M examples the model diverged (+0.07 and +0.40 over
/// embedded); with the foreign share it stopped diverging but stayed +0.003 to +0.015 over
/// embedded on 80,000 examples, the staleness of the round trip through the owners.
/// 1.2M here, as issue 30 measured its target: the excess is paid mostly while the model
/// is young and all four learn together (+0.001 to +0.004 an example between 30,000 and
/// 120,000 examples, against the embedded trainer on the order the stream learned in,
/// +0.0006 to +0.0014 after); a short run weighs that more. On 240,000 the test read
/// +0.0006 to +0.0020 locally and +0.00217 and +0.00301 in
/// two CI runs; on 1.2M this test read +0.00037 to +0.00042 in three runs, and
/// bench-stream's runs of the same settings +0.00047 to +0.00095 in six (docs/benchmarks.md,
/// "Where four workers with small batches lose").
/// With the hot exchange each worker's steps of the hottest coordinates reach the others
/// within a few milliseconds: the group learns within issue 30's target of embedded, and
/// the workers both send and take pieces. Exactly once holds too: every coordinate's
/// update count in the owners' published model is the embedded trainer's.
#[test]
fn four_workers_with_small_batches_and_a_backlog_learn_as_well_as_one() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("quartet", 4);
    let small = |text: String| {
        text.replace("batch_max_examples = 500", "batch_max_examples = 5000\nmax_unconfirmed_examples = 20000")
            .replace("batch_max_wait_ms = 20", "batch_max_wait_ms = 1000")
    };
    let configs: Vec<_> = (0..4).map(|w| setup.config_with(&format!("w{w}"), "protobuf", small)).collect();
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&configs[0]));
    let examples = 1_200_000;
    let (data, generated) = generated(setup.dir.path(), examples);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 4);

    let logs: Vec<_> = (0..4).map(|w| setup.dir.path().join(format!("w{w}.log"))).collect();
    let workers: Vec<Worker> = configs.iter().zip(&logs).map(|(c, log)| Worker::start(c, log.clone())).collect();
    let stream_loss = wait_for_progress(&setup, examples, &workers.iter().collect::<Vec<_>>());
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    let model = settle_model(&configs[0], total_updates(&embedded_model), &workers[0]);
    let books = FaultRow::new("none: four workers, a backlog", 0, examples, examples, &model, &embedded_model);
    for worker in workers {
        worker.stop();
    }
    let logs: Vec<String> = logs.iter().map(|log| std::fs::read_to_string(log).unwrap()).collect();
    let predicted = logs.iter().filter(|log| log.contains("partitions assigned topic=quartet.examples")).count();
    let hot: Vec<(u64, u64, u64)> = logs
        .iter()
        .map(|log| {
            (stop_figure(log, "hot_pieces_sent"), hot_pieces_taken(log), stop_figure(log, "hot_pieces_confirmed"))
        })
        .collect();
    eprintln!(
        "progressive loss: four workers {stream_loss}, embedded {embedded_loss} ({:+.5}); {predicted} workers were \
         assigned examples partitions; hot pieces (sent, taken, confirmed) per worker {hot:?}",
        stream_loss - embedded_loss
    );
    assert!(stream_loss - embedded_loss < 0.002, "four workers {stream_loss} vs embedded {embedded_loss}");
    books.assert_exact();
    // Every worker assigned examples sends; one the group left without a partition only takes.
    let exchanging = hot.iter().filter(|(sent, taken, _)| *sent > 0 && *taken > 0).count();
    assert!(exchanging >= 2, "hot pieces (sent, taken, confirmed) per worker: {hot:?}");
}

#[test]
fn bad_examples_go_to_the_dead_letter_topic_and_the_worker_keeps_going() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("dlq");
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let good = encode_example(1.0, None, &[("a", "x", 1.0)]);
    let bad: Vec<(Vec<u8>, &str)> = vec![
        (b"\xff\xff\xffnot protobuf".to_vec(), "invalid protobuf"),
        (encode_example(1.0, None, &[("a", "x", f64::NAN)]), "value"),
        (encode_example(1.0, None, &[("a", "x", f64::INFINITY)]), "value"),
        (encode_example(1.0, Some(f64::INFINITY), &[("a", "x", 1.0)]), "weight"),
        (encode_example(0.5, None, &[("a", "x", 1.0)]), "label"),
        (encode_example(1.0, None, &[]), "no features"),
        // Beyond the input limits.
        (encode_example(1.0, None, &[("a", &"n".repeat(1025), 1.0)]), "longer than the limit of 1024"),
        (encode_example(1.0, Some(2e6), &[("a", "x", 1.0)]), "importance weight 2000000"),
        (encode_example(1.0, None, &[("a", "x", 2e12)]), "feature value 2000000000000"),
    ];
    let mut payloads = Vec::new();
    for (payload, _) in &bad {
        payloads.push(good.clone());
        payloads.push(payload.clone());
    }
    produce(&setup, &payloads);
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    wait_for_progress(&setup, bad.len() as u64, &[&worker]);
    worker.stop();

    let dead = read_all(&setup, "dlq", 1);
    assert_eq!(dead.len(), bad.len());
    let mut reasons: Vec<String> = dead
        .iter()
        .map(|m| {
            let headers = m.headers().unwrap();
            let reason = headers.iter().find(|h| h.key == "ftrl.error").and_then(|h| h.value).unwrap();
            assert!(headers.iter().any(|h| h.key == "ftrl.source.offset"));
            String::from_utf8(reason.to_vec()).unwrap()
        })
        .collect();
    reasons.sort();
    for (_, expected) in &bad {
        assert!(reasons.iter().any(|r| r.contains(expected)), "no dead letter says {expected:?}: {reasons:?}");
    }
}

/// A free port on 127.0.0.1 (bound and released; the process under test binds it next).
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// One HTTP/1.1 request; (status, body), or None while nothing listens.
fn http(address: &str, method: &str, path: &str, body: &str) -> Option<(u16, String)> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .ok()?;
    // A server may answer (413) before reading all of a large body, and close.
    let _ = stream.write_all(body.as_bytes());
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let response = String::from_utf8_lossy(&response).to_string();
    let status = response.split(' ').nth(1)?.parse().ok()?;
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    Some((status, body))
}

/// The value of the sample named exactly `name` (with its labels) in a metrics text.
fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[test]
fn metrics_move_with_traffic_and_ready_waits_for_the_restore() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("obs");
    let listen = free_address();
    let config = setup
        .config_with("w1", "json", |t| t.replace("\"127.0.0.1:0\"", &format!("\"{listen}\"\nlog_format = \"json\"")));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));

    // /ready answers 503 until the update role has restored its partitions from the changelog.
    let (mut saw_not_ready, deadline) = (false, Instant::now() + Duration::from_secs(90));
    loop {
        match http(&listen, "GET", "/ready", "") {
            Some((200, _)) => break,
            Some((503, body)) => {
                assert!(body.contains("not ready"), "{body}");
                saw_not_ready = true;
            }
            _ => {}
        }
        assert!(Instant::now() < deadline, "never ready; log:\n{}", worker.log_text());
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(saw_not_ready, "/ready answered 200 before the worker had restored anything");
    let log = worker.log_text();
    assert!(log.contains("restored state from the changelog"), "ready before the restore; log:\n{log}");
    // JSON logs: one object per line.
    let first: Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    assert!(first["level"].is_string() && first["fields"].is_object(), "{first}");
    assert_eq!(http(&listen, "GET", "/health", "").unwrap().0, 200);

    let before = http(&listen, "GET", "/metrics", "").unwrap().1;
    assert_eq!(sample(&before, "ftrl_examples_total"), Some(0.0), "{before}");
    let (_, examples) = generated(setup.dir.path(), 2_000);
    let mut payloads: Vec<Vec<u8>> = examples.iter().map(|(json, _)| json.clone().into_bytes()).collect();
    payloads.extend([b"not json".to_vec(), b"{\"label\": 0.5, \"features\": [\"a:x\"]}".to_vec()]);
    produce(&setup, &payloads);
    wait_for_progress(&setup, 2_000, &[&worker]);

    // Consumer lag is measured every 5 s; wait until it shows the topics drained: 0 on every
    // assigned partition, the gradients' transaction markers not counted.
    let deadline = Instant::now() + Duration::from_secs(60);
    let after = loop {
        let text = http(&listen, "GET", "/metrics", "").unwrap().1;
        let lags = |topic: &str, partitions: i32| -> Vec<f64> {
            (0..partitions)
                .filter_map(|p| sample(&text, &format!("ftrl_consumer_lag{{topic=\"{topic}\",partition=\"{p}\"}}")))
                .collect()
        };
        let (examples, gradients) = (lags("obs.examples", 2), lags("obs.gradients", 4));
        let drained = |lags: &[f64], n: usize| lags.len() == n && lags.iter().all(|l| *l == 0.0);
        if drained(&examples, 2) && drained(&gradients, 4) && sample(&text, "ftrl_dead_letters_total") == Some(2.0) {
            break text;
        }
        assert!(Instant::now() < deadline, "lag never drained:\n{text}");
        std::thread::sleep(Duration::from_millis(500));
    };
    let openmetrics = http_accept(&listen, "/metrics", "application/openmetrics-text; version=1.0.0");
    worker.stop();

    assert_eq!(sample(&after, "ftrl_examples_total"), Some(2_000.0), "{after}");
    let committed = |role: &str| {
        sample(&after, &format!("ftrl_transactions_total{{role=\"{role}\",outcome=\"committed\"}}")).unwrap_or(0.0)
    };
    assert!(committed("predict") > 0.0 && committed("update") > 0.0, "{after}");
    assert!(sample(&after, "ftrl_transaction_commit_seconds_count{role=\"predict\"}").unwrap_or(0.0) > 0.0, "{after}");
    let loss = sample(&after, "ftrl_progressive_loss").unwrap();
    assert!(loss > 0.3 && loss < 0.7, "progressive loss {loss}");
    assert!(sample(&after, "ftrl_cache_lookups_total{result=\"hit\"}").unwrap_or(0.0) > 0.0, "{after}");
    assert!(sample(&after, "ftrl_cache_lookups_total{result=\"miss\"}").unwrap_or(0.0) > 0.0, "{after}");
    assert!(sample(&after, "ftrl_view_weights").unwrap_or(0.0) > 0.0, "{after}");
    assert!(sample(&after, "ftrl_view_staleness_seconds").is_some(), "{after}");
    assert!(sample(&after, "ftrl_rocksdb_bytes").is_some(), "{after}");
    // Both formats parse with the official Prometheus Python client, every family typed as
    // declared (the worker's histogram and labelled families included).
    for (body, is_openmetrics) in [(after.as_str(), false), (openmetrics.as_str(), true)] {
        let types = parsed_metric_types(body, is_openmetrics);
        for (name, kind) in [
            ("ftrl_examples", "counter"),
            ("ftrl_transactions", "counter"),
            ("ftrl_transaction_commit_seconds", "histogram"),
            ("ftrl_consumer_lag", "gauge"),
            ("ftrl_cache_lookups", "counter"),
            ("ftrl_view_staleness_seconds", "gauge"),
            ("process_cpu_seconds", "counter"),
        ] {
            assert_eq!(types.get(name).map(String::as_str), Some(kind), "{name} in {types:?}");
        }
        assert!(!types.values().any(|t| t == "unknown" || t == "untyped"), "{types:?}");
        assert!(!types.contains_key("ftrl_http_requests"), "a worker exports no serving metrics: {types:?}");
    }
}

/// The body of a GET with an `Accept` header.
fn http_accept(address: &str, path: &str, accept: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept: {accept}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.contains("application/openmetrics-text"), "{response}");
    response.split_once("\r\n\r\n").map(|(_, body)| body.to_string()).unwrap_or_default()
}

/// Metric family → type, as the `prometheus_client` Python package's parser (OpenMetrics or
/// text format 0.0.4) reads `body`.
fn parsed_metric_types(body: &str, openmetrics: bool) -> HashMap<String, String> {
    use std::io::Write;
    let script = "import json, sys\n\
        if sys.argv[1] == 'openmetrics':\n    from prometheus_client.openmetrics.parser import text_string_to_metric_families\n\
        else:\n    from prometheus_client.parser import text_string_to_metric_families\n\
        print(json.dumps({f.name: f.type for f in text_string_to_metric_families(sys.stdin.read())}))\n";
    let mut child = Command::new("python3")
        .args(["-c", script, if openmetrics { "openmetrics" } else { "prometheus" }])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 (scripts/setup installs prometheus-client)");
    child.stdin.take().unwrap().write_all(body.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the parser refuses the body: {}\n{body}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Polls `/ready` at `listen` until `done` accepts (status, body), for at most `limit`.
fn ready_until(listen: &str, limit: Duration, what: &str, done: impl Fn(u16, &str) -> bool) -> (u16, String) {
    let deadline = Instant::now() + limit;
    loop {
        if let Some((status, body)) = http(listen, "GET", "/ready", "") {
            if done(status, &body) {
                return (status, body);
            }
        }
        assert!(Instant::now() < deadline, "{what} not seen within {limit:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A worker whose predict role has no examples partition (two workers, one partition) is
/// not ready and says why; `serve` started before the topics exist names them at once.
#[test]
fn ready_needs_each_role_assigned_and_missing_topics_are_named_at_once() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("assigned", 1);
    let (serve_listen, listen_a, listen_b) = (free_address(), free_address(), free_address());
    let serve_config = setup.config_with("s", "json", |t| format!("{t}\n[serve]\nlisten = \"{serve_listen}\"\n"));
    let mut serve = Worker::spawn("serve", &serve_config, setup.dir.path().join("serve.log"));
    let (_, body) = ready_until(&serve_listen, Duration::from_secs(10), "the missing topic", |status, body| {
        status == 503 && body.contains("topic assigned.deltas does not exist")
    });
    assert!(body.contains("ftrl topics create"), "{body}");
    assert!(serve.log_text().contains("topic assigned.deltas does not exist"), "{}", serve.log_text());
    signal(&serve.child.id().to_string(), "-TERM");
    let stopping = Instant::now();
    while serve.child.try_wait().unwrap().is_none() {
        assert!(stopping.elapsed() < Duration::from_secs(5), "serve ignored SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    }

    let config_a = setup.config_with("a", "json", |t| t.replace("\"127.0.0.1:0\"", &format!("\"{listen_a}\"")));
    let config_b = setup.config_with("b", "json", |t| t.replace("\"127.0.0.1:0\"", &format!("\"{listen_b}\"")));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config_a));
    let a = Worker::start(&config_a, setup.dir.path().join("a.log"));
    ready_until(&listen_a, Duration::from_secs(60), "worker a ready", |status, _| status == 200);
    let b = Worker::start(&config_b, setup.dir.path().join("b.log"));
    // b restores its share of the gradients partitions, but the one examples partition stays
    // with one of them: that one's predict role has nothing and it is not ready.
    let deadline = Instant::now() + Duration::from_secs(60);
    let (idle, busy) = loop {
        let ready = |listen: &str| http(listen, "GET", "/ready", "").unwrap_or((0, String::new()));
        let (ra, rb) = (ready(&listen_a), ready(&listen_b));
        let restored_both =
            a.log_text().contains("restored state") && b.log_text().matches("restored state").count() > 0;
        let waits =
            |r: &(u16, String)| r.0 == 503 && r.1.contains("partitions of assigned.examples for the predict role");
        if restored_both && ra.0 == 200 && waits(&rb) {
            break (rb, ra);
        }
        if restored_both && rb.0 == 200 && waits(&ra) {
            break (ra, rb);
        }
        assert!(Instant::now() < deadline, "never one ready and one waiting for examples: a {ra:?}, b {rb:?}");
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(!idle.1.contains("changelog restore"), "{idle:?}");
    assert_eq!(busy.0, 200);
    b.stop();
    a.stop();
}

#[test]
fn serve_predicts_like_the_embedded_model() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("serving", 1);
    let listen = free_address();
    // One examples partition and batches of one example: every example is predicted with
    // every earlier gradient applied, in file order, which is what the embedded trainer does;
    // so the stream's model is the embedded model.
    let config = setup.config_with("w1", "json", |t| {
        t.replace("batch_max_examples = 500", "batch_max_examples = 1") + &format!("\n[serve]\nlisten = \"{listen}\"\n")
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let server = Worker::spawn("serve", &config, setup.dir.path().join("serve.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while http(&listen, "GET", "/ready", "").map(|(status, _)| status) != Some(200) {
        assert!(Instant::now() < deadline, "serve never ready; log:\n{}", server.log_text());
        std::thread::sleep(Duration::from_millis(50));
    }
    let model: Value = serde_json::from_str(&http(&listen, "GET", "/model", "").unwrap().1).unwrap();
    assert_eq!(model["nonzero_weights"], 0, "{model}");

    let (data, _) = generated(setup.dir.path(), 300);
    let produced = ftrl().args(["produce", "--config"]).arg(&config).arg("--data").arg(&data).output().unwrap();
    assert!(produced.status.success(), "{}", String::from_utf8_lossy(&produced.stderr));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let stream_loss = wait_for_progress(&setup, 300, &[&worker]);
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    wait_for_updates(&config, &embedded_model, &[&worker]);
    worker.stop();
    eprintln!("progressive loss: stream {stream_loss}, embedded {embedded_loss}");

    // Caught up: the view has applied every delta record on the topic, per-coordinate and
    // packed.
    let deltas = read_all(&setup, "deltas", 4)
        .iter()
        .filter(|m| m.key().is_some_and(|k| k.len() == 8 || k == ftrl_stream::stream::wire::WATERMARK_KEY))
        .count();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let model: Value = serde_json::from_str(&http(&listen, "GET", "/model", "").unwrap().1).unwrap();
        if model["version"] == deltas {
            assert!(model["nonzero_weights"].as_u64().unwrap() > 0, "{model}");
            break;
        }
        assert!(Instant::now() < deadline, "view stuck at {model}, {deltas} deltas on the topic");
        std::thread::sleep(Duration::from_millis(100));
    }

    // The same examples, labels dropped from every other one (a label is optional).
    let lines: Vec<Value> = std::fs::read_to_string(&data)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            if i % 2 == 0 {
                v.as_object_mut().unwrap().remove("label");
            }
            v
        })
        .collect();
    let request = serde_json::json!({ "examples": lines }).to_string();
    let (status, body) = http(&listen, "POST", "/predict", &request).unwrap();
    assert_eq!(status, 200, "{body}");
    let served: Value = serde_json::from_str(&body).unwrap();
    let served: Vec<f64> =
        served["predictions"].as_array().unwrap().iter().map(|p| p["prediction"].as_f64().unwrap()).collect();
    let model_dir = setup.dir.path().join("embedded-model");
    let predicted =
        run_ok(ftrl().args(["predict", "--format", "jsonl", "--model"]).arg(&model_dir).arg("--data").arg(&data));
    let predicted: Vec<f64> = predicted.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(served.len(), predicted.len());
    let worst = served.iter().zip(&predicted).map(|(s, p)| (s - p).abs()).fold(0.0, f64::max);
    eprintln!("largest difference between served and embedded predictions: {worst:e}");
    assert!(worst < 1e-6, "served and embedded predictions differ by {worst}");

    // Bad requests are refused with a reason; oversized bodies before they are read.
    assert_eq!(http(&listen, "POST", "/predict", "{").unwrap().0, 400);
    let (status, body) = http(&listen, "POST", "/predict", r#"{"examples": [{"features": [], "label": 7}]}"#).unwrap();
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("examples[0]"), "{body}");
    let huge = format!(r#"{{"examples": [{{"features": ["a:{}"]}}]}}"#, "x".repeat(2 << 20));
    let (status, body) = http(&listen, "POST", "/predict", &huge).unwrap();
    assert_eq!(status, 413);
    let body: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("a 413 that is not JSON ({e}): {body}"));
    assert!(body["error"].is_string(), "{body}");
    let (status, body) = http(&listen, "POST", "/predict", r#"{"examples": [1]}"#).unwrap();
    assert_eq!(status, 422, "an example that is not an object: {body}");
    let metrics = http(&listen, "GET", "/metrics", "").unwrap().1;
    assert_eq!(sample(&metrics, "ftrl_served_predictions_total"), Some(300.0), "{metrics}");
    // Nothing is learned any more, and the view holds everything on the topic: up to date,
    // however old its newest delta (staleness used to be that age, growing while idle).
    let staleness = || sample(&http(&listen, "GET", "/metrics", "").unwrap().1, "ftrl_view_staleness_seconds").unwrap();
    let before = staleness();
    std::thread::sleep(Duration::from_millis(3000));
    let after = staleness();
    assert!(before < 2.5 && after < 2.5, "staleness {before} s, then {after} s 3 s later");
    server.stop();
}

/// What a kill campaign did and what it left behind.
#[derive(Debug)]
struct Campaign {
    kills: u32,
    /// Kills that hit a worker before it had restored its state and reported ready.
    kills_before_ready: u32,
    examples: u64,
    /// Examples the progress topic counts (each window once).
    scored: u64,
    /// Progress windows written twice (replays after kills), which readers count once.
    duplicate_windows: u64,
    stream_loss: f64,
    /// Per coordinate, gradient contributions missing from or beyond the embedded model's
    /// count of examples containing it, summed.
    lost_updates: u64,
    duplicated_updates: u64,
    model: HashMap<u64, (f64, u64)>,
    embedded_loss: f64,
    embedded_model: HashMap<u64, (f64, u64)>,
    /// Earlier attempts discarded because the test broker wedged a consumer group.
    wedged_attempts: u32,
}

/// Runs workers on `examples` generated examples while SIGKILLing them at random moments
/// (during start-up and restore too) at least `min_kills` times, restarting each one; with
/// `second_worker`, another worker joins mid-stream, is killed once and later leaves.
/// Then lets a last worker finish and reads what the topics hold.
fn kill_campaign(
    setup: &Setup,
    seed: u64,
    examples: u64,
    min_kills: u32,
    second_worker: bool,
) -> Result<Campaign, String> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    // The test broker has kept a killed worker's transaction open after its restart fenced
    // it (the last stable offset of every gradients partition stood 218 records short for
    // good, 2026-11-28); the worker found it only at the default bound of 120 s, after the
    // campaign's wait for progress (30 s then, 60 s now). At 10 s it starts the role over
    // well inside that wait, as a worker must. No worker here is frozen, and one killed is
    // restarted at once, fencing its transaction, so none stays open that long otherwise.
    let stall_bound = |text: String| text.replace("[kafka]\n", "[kafka]\nstalled_transaction_ms = 10000\n");
    let config = setup.config_with("w1", "protobuf", stall_bound);
    let config_b = setup.config_with("w2", "protobuf", stall_bound);
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (_, generated) = generated(setup.dir.path(), examples);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    let producer = produce_slowly(setup, payloads, 40, Duration::from_millis(600));

    let log = |name: &str, i: u32| setup.dir.path().join(format!("{name}-{i}.log"));
    let (mut kills, mut kills_before_ready, mut starts) = (0u32, 0u32, 0u32);
    let mut second: Option<Worker> = None;
    while kills < min_kills || !producer.is_finished() {
        starts += 1;
        let mut worker = Worker::start(&config, log("w1", starts));
        std::thread::sleep(Duration::from_millis(rng.random_range(300..6000)));
        if !worker.log_text().contains("ready") {
            kills_before_ready += 1;
        }
        worker.child.kill().unwrap();
        worker.child.wait().unwrap();
        kills += 1;
        if second_worker {
            match kills {
                3 => second = Some(Worker::start(&config_b, log("w2", kills))),
                6 => {
                    if let Some(mut b) = second.take() {
                        b.child.kill().unwrap();
                        b.child.wait().unwrap();
                        kills += 1;
                    }
                    second = Some(Worker::start(&config_b, log("w2", kills)));
                }
                9 => {
                    if let Some(b) = second.take() {
                        b.stop();
                    }
                }
                _ => {}
            }
        }
    }
    producer.join().unwrap();
    if let Some(b) = second.take() {
        b.stop();
    }
    let last = Worker::start(&config, log("w1", starts + 1));
    let (embedded_loss, expected) = embedded(setup.dir.path(), &setup.dir.path().join("examples.jsonl"));
    if let Some(topic) = unassigned_topic(setup, &last, Duration::from_secs(60)) {
        return Err(format!(
            "the test broker never assigned {topic} to the last worker: its consumer group is wedged (Tansu 0.6 \
             keeps a killed group leader forever; see docs/exactly-once.md). Worker log:\n{}",
            last.log_text()
        ));
    }
    let (scored, stream_loss) = settle_progress(setup, examples, &last);
    let model = settle_model(&config, total_updates(&expected), &last);
    last.stop();
    let reader = ftrl_stream::config::load(&config).unwrap();
    let duplicate_windows = ftrl_stream::stream::admin::read_progress(&reader).unwrap().duplicate_windows;
    let (mut lost_updates, mut duplicated_updates) = (0, 0);
    for (coordinate, (_, updates)) in &expected {
        let got = model.get(coordinate).map_or(0, |(_, u)| *u);
        lost_updates += updates.saturating_sub(got);
        duplicated_updates += got.saturating_sub(*updates);
    }
    for (coordinate, (_, got)) in &model {
        if !expected.contains_key(coordinate) {
            duplicated_updates += got;
        }
    }
    Ok(Campaign {
        kills,
        kills_before_ready,
        examples,
        scored,
        duplicate_windows,
        stream_loss,
        lost_updates,
        duplicated_updates,
        model,
        embedded_loss,
        embedded_model: expected,
        wedged_attempts: 0,
    })
}

/// Attempts a kill campaign may take: one more only when the test broker wedged a consumer
/// group (see `kill_campaign_on_fresh_broker`). Wedges come in bursts: seven attempts in a
/// row once wedged (docs/exactly-once.md); each costs about 100 s.
const CAMPAIGN_ATTEMPTS: usize = 10;

/// Runs `kill_campaign` on a fresh broker, again only when the test broker wedged a consumer
/// group, which Apache Kafka does not do; any other outcome, lost or doubled updates
/// included, is final. Returns the broker's setup with the result, or every attempt's
/// wedge after `CAMPAIGN_ATTEMPTS` of them.
fn kill_campaign_on_fresh_broker(
    prefix: &str,
    seed: u64,
    examples: u64,
    min_kills: u32,
    second_worker: bool,
) -> Result<(Setup, Campaign), Vec<String>> {
    let mut wedged = Vec::new();
    while wedged.len() < CAMPAIGN_ATTEMPTS {
        let setup = Setup::new(prefix);
        match kill_campaign(&setup, seed + 1000 * wedged.len() as u64, examples, min_kills, second_worker) {
            Ok(mut campaign) => {
                campaign.wedged_attempts = wedged.len() as u32;
                return Ok((setup, campaign));
            }
            Err(why) => {
                eprintln!("attempt {} discarded: {why}", wedged.len() + 1);
                wedged.push(why);
            }
        }
    }
    Err(wedged)
}

/// `kill_campaign_on_fresh_broker`, failing the test if every attempt wedged.
fn kill_campaign_completed(
    prefix: &str,
    seed: u64,
    examples: u64,
    min_kills: u32,
    second_worker: bool,
) -> (Setup, Campaign) {
    kill_campaign_on_fresh_broker(prefix, seed, examples, min_kills, second_worker).unwrap_or_else(|wedged| {
        panic!(
            "the test broker wedged a consumer group in {} attempts running; last: {:?}",
            wedged.len(),
            wedged.last()
        )
    })
}

/// The first of the model's examples and gradients topics that `worker` has not been
/// assigned within `wait` (it is alone, so it must get every partition of both).
fn unassigned_topic(setup: &Setup, worker: &Worker, wait: Duration) -> Option<String> {
    let deadline = Instant::now() + wait;
    loop {
        let text = worker.log_text();
        let missing = ["examples", "gradients"]
            .into_iter()
            .map(|suffix| setup.topic(suffix))
            .find(|topic| !text.contains(&format!("partitions assigned topic={topic} ")));
        match missing {
            None => return None,
            Some(topic) if Instant::now() > deadline => return Some(topic),
            Some(_) => std::thread::sleep(Duration::from_millis(500)),
        }
    }
}

fn assert_exactly_once(campaign: &Campaign) {
    eprintln!(
        "kills {} ({} before ready), examples {}, scored {} ({} windows written twice), lost updates {}, duplicated \
         updates {}, loss {:.5}",
        campaign.kills,
        campaign.kills_before_ready,
        campaign.examples,
        campaign.scored,
        campaign.duplicate_windows,
        campaign.lost_updates,
        campaign.duplicated_updates,
        campaign.stream_loss
    );
    assert!(campaign.kills >= 10, "{campaign:?}");
    assert!(campaign.kills_before_ready >= 1, "some kills must hit start-up or restore");
    assert_eq!(campaign.scored, campaign.examples, "progress windows count every example exactly once");
    assert_eq!((campaign.lost_updates, campaign.duplicated_updates), (0, 0), "every coordinate applied exactly once");
}

/// The same examples through the same topology without crashes: (progressive loss, model).
fn crash_free(setup: &Setup, examples: u64) -> (f64, HashMap<u64, (f64, u64)>) {
    let calm = Setup {
        dir: test_dir(),
        broker: Broker::start(),
        prefix: setup.prefix.clone(),
        example_partitions: setup.example_partitions,
    };
    let config = calm.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (_, generated) = generated(calm.dir.path(), examples);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    let worker = Worker::start(&config, calm.dir.path().join("w1.log"));
    produce_slowly(&calm, payloads, 40, Duration::from_millis(100)).join().unwrap();
    let (_, loss) = settle_progress(&calm, examples, &worker);
    let (_, expected) = embedded(calm.dir.path(), &calm.dir.path().join("examples.jsonl"));
    let model = settle_model(&config, total_updates(&expected), &worker);
    worker.stop();
    (loss, model)
}

#[test]
fn sigkill_at_random_moments_neither_loses_nor_doubles_an_update() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (setup, campaign) = kill_campaign_completed("kill", 1, 20_000, 10, false);
    assert_exactly_once(&campaign);

    let embedded_loss = campaign.embedded_loss;
    assert!(
        (campaign.stream_loss - embedded_loss).abs() < 0.01,
        "{} vs embedded {embedded_loss}",
        campaign.stream_loss
    );
    assert_models_agree(&campaign.model, &campaign.embedded_model);

    let (calm_loss, calm_model) = crash_free(&setup, 20_000);
    let worst = calm_model
        .iter()
        .map(|(c, (w, _))| (w - campaign.model.get(c).map_or(0.0, |(x, _)| *x)).abs())
        .fold(0.0, f64::max);
    eprintln!(
        "crash-free loss {calm_loss:.5}, crash-ridden {:.5}; largest weight difference {worst:.4}",
        campaign.stream_loss
    );
    assert!((calm_loss - campaign.stream_loss).abs() < 0.01);
    assert!(worst < 0.25, "largest weight difference from the crash-free run: {worst}");
}

#[test]
fn a_second_worker_joining_and_leaving_under_kills_keeps_exactly_once() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (setup, campaign) = kill_campaign_completed("kill2", 2, 20_000, 10, true);
    assert_exactly_once(&campaign);
    assert!(
        (campaign.stream_loss - campaign.embedded_loss).abs() < 0.01,
        "loss {} against embedded {}; along the stream:\n{}",
        campaign.stream_loss,
        campaign.embedded_loss,
        loss_trajectory(&setup, 1_000)
    );
    assert_models_agree(&campaign.model, &campaign.embedded_model);
}

/// The kill campaign for many rounds, printing a table (a soak, not for CI):
/// `FTRL_SOAK_ROUNDS=20 cargo test --release --test it -- --ignored --nocapture stream::soak`.
#[test]
#[ignore]
fn soak_kill_campaign() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let rounds: u64 = std::env::var("FTRL_SOAK_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let examples: u64 = std::env::var("FTRL_SOAK_EXAMPLES").ok().and_then(|r| r.parse().ok()).unwrap_or(20_000);
    let mut rows = Vec::new();
    let mut wedged_rounds = Vec::new();
    for round in 0..rounds {
        match kill_campaign_on_fresh_broker(&format!("soak{round}"), 100 + round, examples, 10, round % 2 == 1) {
            Ok((_setup, campaign)) => rows.push((round, campaign)),
            // Not a result about the worker: every attempt ran into the test broker's bug.
            Err(_) => wedged_rounds.push(round),
        }
    }
    println!(
        "| round | workers | broker wedged, retried | kills | before ready | examples | scored | windows written twice \
         | lost updates | duplicated updates | loss |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (round, c) in &rows {
        println!(
            "| {round} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.5} |",
            if round % 2 == 1 { 2 } else { 1 },
            c.wedged_attempts,
            c.kills,
            c.kills_before_ready,
            c.examples,
            c.scored,
            c.duplicate_windows,
            c.lost_updates,
            c.duplicated_updates,
            c.stream_loss
        );
    }
    for round in &wedged_rounds {
        println!(
            "| {round} | {} | {CAMPAIGN_ATTEMPTS}, no result | | | | | | | | |",
            if round % 2 == 1 { 2 } else { 1 }
        );
    }
    for (_, c) in &rows {
        assert_eq!((c.scored, c.lost_updates, c.duplicated_updates), (c.examples, 0, 0));
    }
}

/// A worker frozen (SIGSTOP) past its session timeout loses its partitions to another
/// worker; when it wakes it is a zombie. Its late writes must change nothing: it is fenced
/// (its transaction fails) or, where it still writes, every record it writes is one the
/// new owner writes identically.
#[test]
fn a_frozen_worker_that_wakes_as_a_zombie_changes_nothing() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("zombie");
    let (config_a, config_b) = (setup.config("wa", "protobuf"), setup.config("wb", "protobuf"));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config_a));
    let (data, generated) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    let producer = produce_slowly(&setup, payloads, 40, Duration::from_millis(400));

    let mut a = Worker::start(&config_a, setup.dir.path().join("wa.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while progress(&setup).0 < 2_000 {
        assert!(Instant::now() < deadline, "no progress; log:\n{}", a.log_text());
        std::thread::sleep(Duration::from_millis(200));
    }
    // Frozen well past the session timeout (2 s): the group gives its partitions to the
    // second worker. (Records behind its open transaction stay unreadable to read_committed
    // consumers until it ends: Apache Kafka aborts it after transaction.timeout.ms; the test
    // broker waits for the producer.)
    let pid = a.child.id().to_string();
    Command::new("kill").args(["-STOP", &pid]).status().unwrap();
    let b = Worker::start(&config_b, setup.dir.path().join("wb.log"));
    std::thread::sleep(Duration::from_secs(8));
    Command::new("kill").args(["-CONT", &pid]).status().unwrap();
    producer.join().unwrap();
    let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
    let (scored, stream_loss) = settle_progress(&setup, 20_000, &b);
    let model = settle_model(&config_a, total_updates(&embedded_model), &b);
    b.stop();
    let zombie_exit = a.child.try_wait().unwrap();
    if zombie_exit.is_none() {
        a.child.kill().unwrap();
    }
    eprintln!(
        "zombie exited by itself: {zombie_exit:?}; its last lines:\n{}",
        a.log_text().lines().rev().take(5).collect::<Vec<_>>().join("\n")
    );
    assert_eq!(scored, 20_000, "progress windows count every example exactly once");
    assert_models_agree(&model, &embedded_model);
    assert!((stream_loss - embedded_loss).abs() < 0.01, "stream {stream_loss} vs embedded {embedded_loss}");
}

// ---------------------------------------------------------------------------------------
// Faults beyond worker crashes: the broker stalls, the broker loses its storage, and
// request errors injected with librdkafka's mock cluster.

/// The broker stops answering (SIGSTOP, like a long GC pause or a network partition) twice
/// for 6 s, longer than the session timeout; the worker waits and resumes.
fn broker_stalls(setup: &Setup) -> FaultRow {
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, generated) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    let producer = produce_slowly(setup, payloads, 40, Duration::from_millis(300));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while progress(setup).0 < 2_000 {
        assert!(Instant::now() < deadline, "no progress; log:\n{}", worker.log_text());
        std::thread::sleep(Duration::from_millis(200));
    }
    let broker = std::fs::read_to_string(setup.broker.dir.path().join("pid")).unwrap().trim().to_string();
    for _ in 0..2 {
        signal(&broker, "-STOP");
        std::thread::sleep(Duration::from_secs(6));
        signal(&broker, "-CONT");
        std::thread::sleep(Duration::from_secs(3));
    }
    producer.join().unwrap();
    let (_, expected) = embedded(setup.dir.path(), &data);
    let (scored, _) = settle_progress(setup, 20_000, &worker);
    let model = settle_model(&config, total_updates(&expected), &worker);
    worker.stop();
    FaultRow::new("broker stalled 6 s (SIGSTOP)", 2, 20_000, scored, &model, &expected)
}

#[test]
fn a_stalled_broker_delays_the_stream_but_loses_and_doubles_nothing() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    broker_stalls(&Setup::new("stall")).assert_exact();
}

/// The test broker keeps everything in memory: restarted, it has lost every topic. The
/// worker must say so and stop, not learn on top of an empty log.
#[test]
fn a_broker_that_lost_its_storage_is_reported_and_not_learned_over() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut setup = Setup::new("amnesia");
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (_, generated) = generated(setup.dir.path(), 3_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    produce(&setup, &payloads[..2_000]);
    let mut worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    wait_for_progress(&setup, 2_000, &[&worker]);

    // The same address, an empty broker: topics recreated, new examples arriving.
    let port = setup.broker.bootstrap.rsplit(':').next().unwrap().to_string();
    let _ = Command::new(repo().join("scripts/test-broker")).arg("stop").arg(setup.broker.dir.path()).status();
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(repo().join("scripts/test-broker"))
        .arg("start")
        .arg(dir.path())
        .env("TEST_BROKER_PORT", &port)
        .output()
        .unwrap();
    assert!(out.status.success(), "restart on port {port}: {}", String::from_utf8_lossy(&out.stderr));
    setup.broker = Broker { dir, bootstrap: setup.broker.bootstrap.clone() };
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    produce(&setup, &payloads[2_000..]);

    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = worker.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the worker never noticed; log:\n{}", worker.log_text());
        std::thread::sleep(Duration::from_millis(200));
    };
    let log = worker.log_text();
    assert!(!status.success(), "the worker must stop with an error; log:\n{log}");
    if !log.contains("the broker lost committed records") {
        // librdkafka 2.12 can crash in its metadata cache when a broker comes back as a new
        // cluster (confluentinc/librdkafka#5280, open); a supervisor restarts the worker,
        // which must then refuse as below.
        eprintln!("the worker died before saying why: {status}");
    }
    // Its local state still describes the old log: a restarted worker refuses to learn on
    // top of the new one, and stops.
    let mut restart = Worker::start(&config, setup.dir.path().join("w1-again.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = restart.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "a restarted worker must refuse; log:\n{}", restart.log_text());
        std::thread::sleep(Duration::from_millis(200));
    };
    let log = restart.log_text();
    assert!(!status.success() && log.contains("the broker lost committed records"), "{status}; log:\n{log}");
    let model = dump(&config);
    assert!(model.is_empty(), "nothing was learned on the new broker: {} weights", model.len());
}

/// One worker learning 20,000 generated examples with `model_lines` added to `[model]`.
struct OptionRun {
    setup: Setup,
    config: PathBuf,
    data: PathBuf,
    worker: Worker,
    loss: f64,
}

fn run_with_model_options(prefix: &str, model_lines: &str) -> OptionRun {
    let setup = Setup::new(prefix);
    let config =
        setup.config_with("w1", "protobuf", |text| text.replace("[worker]", &format!("{model_lines}\n\n[worker]")));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(_, proto)| proto.clone()).collect();
    produce(&setup, &payloads);
    let started = Instant::now();
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let loss = wait_for_progress(&setup, 20_000, &[&worker]);
    eprintln!("{prefix}: 20,000 examples scored in {:.1} s", started.elapsed().as_secs_f64());
    OptionRun { setup, config, data, worker, loss }
}

/// A worker whose model does worse than predicting the labels' mean says so, once, in its
/// log and in its metrics (a rate far too large here; at many workers a rate too large for
/// their number does the same).
#[test]
fn a_worker_whose_model_loses_to_the_labels_mean_says_so() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("diverging");
    let listen = free_address();
    let config = setup.config_with("w1", "protobuf", |text| {
        text.replace("[worker]", "alpha = 5.0\n\n[worker]").replace("\"127.0.0.1:0\"", &format!("\"{listen}\""))
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (_, examples) = generated(setup.dir.path(), 80_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(_, proto)| proto.clone()).collect();
    produce(&setup, &payloads);
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    wait_for_progress(&setup, 80_000, &[&worker]);
    let metrics = http(&listen, "GET", "/metrics", "").unwrap().1;
    let log = worker.log_text();
    worker.stop();

    assert_eq!(sample(&metrics, "ftrl_model_diverging"), Some(1.0), "{metrics}");
    let model = sample(&metrics, "ftrl_span_progressive_loss").unwrap();
    let constant = sample(&metrics, "ftrl_span_constant_loss").unwrap();
    assert!(constant > 0.3 && constant < 0.7 && model > constant * 1.02, "model {model}, constant {constant}");
    let warnings: Vec<&str> = log.lines().filter(|l| l.contains("worse than predicting the labels' mean")).collect();
    assert_eq!(warnings.len(), 1, "said once; log:\n{log}");
    assert!(warnings[0].contains("WARN") && warnings[0].contains("model.alpha"), "{}", warnings[0]);
}

#[test]
fn a_hedge_in_the_stream_learns_like_the_embedded_hedge() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let run = run_with_model_options("hedge", "hedge = [0.03, 0.1, 0.3]");
    let dir = run.setup.dir.path();
    let (summary, embedded_model) = embedded_with(dir, &run.data, "embedded-hedge", &["--hedge", "0.03,0.1,0.3"]);
    let model = wait_for_updates(&run.config, &embedded_model, &[&run.worker]);
    let progress: Value =
        serde_json::from_str(&run_ok(ftrl().args(["model", "progress", "--config"]).arg(&run.config))).unwrap();
    run.worker.stop();

    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    eprintln!("progressive loss: stream {}, embedded {embedded_loss}; stream {progress}", run.loss);
    assert!((run.loss - embedded_loss).abs() < 0.01, "stream {} vs embedded {embedded_loss}", run.loss);
    // Every member's coordinate got exactly its contributions.
    let nonzero = embedded_model.values().filter(|(z, _)| *z != 0.0).count();
    assert_eq!(model.len(), nonzero, "the same coordinates have nonzero weights");
    for (coordinate, (_, updates)) in &model {
        assert_eq!(Some(*updates), embedded_model.get(coordinate).map(|e| e.1), "coordinate {coordinate}");
    }
    assert_eq!(embedded_model.len(), 3 * 33_253, "three members, each on coordinates of its own");
    // Each member's progressive loss is summed by the update roles on the progress topic;
    // the leader and its loss match the embedded Hedge's. (The larger α's member loses more
    // to the stream's stale batches than the embedded one: 0.57–0.60 vs 0.506 for α = 0.3, which
    // is what the mixture is for.)
    let (stream_members, embedded_members) = (&progress["hedge"], &summary["hedge"]);
    assert_eq!(stream_members["leader_alpha"], embedded_members["leader_alpha"], "{progress}");
    let leader = |members: &Value| {
        let alphas = members["alphas"].as_array().unwrap();
        let at = alphas.iter().position(|a| *a == members["leader_alpha"]).unwrap();
        members["progressive_losses"][at].as_f64().unwrap()
    };
    assert!((leader(stream_members) - leader(embedded_members)).abs() < 0.01, "{progress} vs {summary}");

    // A restarted worker continues the mixture from the progress topic: it knows the leader.
    let again = Worker::start(&run.config, dir.join("w1-again.log"));
    let leader = format!("leader_alpha={}", embedded_members["leader_alpha"]);
    let deadline = Instant::now() + Duration::from_secs(60);
    while !again.log_text().contains("Hedge continues from the progress topic") {
        assert!(Instant::now() < deadline, "{}", again.log_text());
        std::thread::sleep(Duration::from_millis(200));
    }
    let line = again.log_text().lines().find(|l| l.contains("Hedge continues")).unwrap().to_string();
    assert!(line.contains(&leader), "{line}");

    // `ftrl serve` mixes with the stream's progress so far, and follows it as the stream
    // learns on.
    let listen = free_address();
    let served_config = dir.join("serve.toml");
    let text = std::fs::read_to_string(&run.config).unwrap() + &format!("\n[serve]\nlisten = \"{listen}\"\n");
    std::fs::write(&served_config, text).unwrap();
    let server = Worker::spawn("serve", &served_config, dir.join("serve.log"));
    let served_hedge = |at_least: f64| {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let model = http(&listen, "GET", "/model", "").filter(|(status, _)| *status == 200);
            if let Some(hedge) = model.map(|(_, body)| serde_json::from_str::<Value>(&body).unwrap()["hedge"].clone()) {
                if hedge["weight_sum"].as_f64().is_some_and(|w| w >= at_least) {
                    return hedge;
                }
            }
            assert!(Instant::now() < deadline, "serve's Hedge never saw {at_least} examples:\n{}", server.log_text());
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    let hedge = served_hedge(20_000.0);
    assert_eq!(hedge["weight_sum"], 20_000.0, "{hedge}");
    assert_eq!(hedge["leader_alpha"], embedded_members["leader_alpha"], "{hedge}");
    let weights: Vec<f64> = hedge["mixture_weights"].as_array().unwrap().iter().map(|w| w.as_f64().unwrap()).collect();
    assert!((weights.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{hedge}");
    let (_, more) = generated(dir, 2_000);
    produce(&run.setup, &more.into_iter().map(|(_, proto)| proto).collect::<Vec<_>>());
    let hedge = served_hedge(22_000.0);
    assert_eq!(hedge["weight_sum"], 22_000.0, "{hedge}");
    server.stop();
    again.stop();
}

#[test]
fn implicit_steps_in_the_stream_learn_like_the_embedded_trainer() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // One examples partition and batches of one example, so that the stream predicts every
    // example with every earlier gradient applied, as the embedded trainer does: then the
    // implicit steps computed from the view's published rates must be the embedded
    // trainer's exactly. (With batches of 500 at this α the stream's stale predictions cost
    // more than the steps gain: see docs/benchmarks.md, "In the stream worker".) α = 2 is far
    // too large for gradient steps.
    let setup = Setup::with_example_partitions("implicit", 1);
    let config = setup.config_with("w1", "protobuf", |text| {
        one_predict_thread(text)
            .replace("batch_max_examples = 500", "batch_max_examples = 1")
            .replace("[worker]", "alpha = 2.0\nupdate = \"implicit\"\n\n[worker]")
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 300);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(_, proto)| proto.clone()).collect();
    let producer: BaseProducer = setup.client().create().unwrap();
    for payload in &payloads {
        producer
            .send(BaseRecord::<[u8], [u8]>::to(&setup.topic("examples")).partition(0).payload(&payload[..]))
            .unwrap();
        producer.poll(Duration::ZERO);
    }
    producer.flush(Duration::from_secs(30)).unwrap();
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let stream_loss = wait_for_progress(&setup, 300, &[&worker]);
    let dir = setup.dir.path();
    let (summary, embedded_model) =
        embedded_with(dir, &data, "embedded-implicit", &["--alpha", "2", "--update", "implicit"]);
    let (plain, _) = embedded_with(dir, &data, "embedded-plain", &["--alpha", "2"]);
    let model = wait_for_updates(&config, &embedded_model, &[&worker]);
    worker.stop();

    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    let plain_loss = plain["progressive_loss"].as_f64().unwrap();
    eprintln!("embedded gradient steps: {plain_loss}");
    assert!(stream_loss < plain_loss - 0.02, "implicit steps: {stream_loss} vs gradient steps {plain_loss}");
    // Implicit steps solve for their step size numerically, so weights agree to 1e-9.
    assert_stream_is_embedded_to((stream_loss, &model), (embedded_loss, &embedded_model), 1e-9);
}

#[test]
fn admission_in_the_stream_publishes_only_coordinates_that_reached_their_count() {
    let model = admission_like_the_embedded_trainer("admit", "min_count = 3", &["--min-count", "3"]);
    let bias = ftrl_stream::learn::hashing::bias();
    for (coordinate, (_, updates)) in &model {
        assert!(*updates >= 3 || *coordinate == bias, "coordinate {coordinate} published after {updates}");
    }
}

#[test]
fn inclusion_by_probability_in_the_stream_admits_what_the_embedded_trainer_admits() {
    admission_like_the_embedded_trainer("include", "inclusion_probability = 0.3", &["--inclusion-probability", "0.3"]);
}

/// Runs the worker with an admission option on one examples partition, so that it reads
/// the examples in file order, and checks it is the embedded trainer with the same option:
/// both admit through the same code (`learn::admission::Admitter`), so the same loss, the
/// same coordinates published as the embedded trainer learned, each with every occurrence
/// counted once and the same weight; and far fewer than without admission. Returns the
/// published model.
fn admission_like_the_embedded_trainer(
    prefix: &str,
    option: &str,
    embedded_option: &[&str],
) -> HashMap<u64, (f64, u64)> {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions(prefix, 1);
    let config = setup.config_with("w1", "protobuf", |text| {
        one_predict_thread(text).replace("[worker]", &format!("{option}\n\n[worker]"))
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 20_000);
    produce_in_order(&setup, &examples);
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let stream_loss = wait_for_progress(&setup, 20_000, &[&worker]);
    let dir = setup.dir.path();
    let (summary, admitted) = embedded_with(dir, &data, "embedded-admitted", embedded_option);
    let (_, all) = embedded_with(dir, &data, "embedded-all", &[]);
    let model = wait_for_updates(&config, &admitted, &[&worker]);
    worker.stop();

    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    eprintln!("{option}: coordinates published {} of {}", model.len(), all.len());
    assert_stream_is_embedded((stream_loss, &model), (embedded_loss, &admitted));
    // Both count every occurrence in the state's update count, admitted or not.
    for (coordinate, (_, updates)) in &admitted {
        assert_eq!(*updates, all[coordinate].1, "coordinate {coordinate}: every occurrence counted once");
    }
    assert!(model.len() * 2 < all.len(), "{} of {} coordinates", model.len(), all.len());
    model
}

#[test]
fn delay_tolerant_rates_in_the_stream_keep_exactly_once_and_learn_like_the_embedded_trainer() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // One worker learns each example at once in its replica, so nothing it predicts is
    // stale: the owners' delay-tolerant rate (from the sums the replica read) is the plain
    // one, and at α = 0.3 (where stale batches used to cost 0.06) the stream learns what the
    // embedded trainer learns.
    let run = run_with_model_options("tolerant", "alpha = 0.3\ndelay_tolerant = true");
    let (summary, embedded_model) = embedded_with(run.setup.dir.path(), &run.data, "embedded", &["--alpha", "0.3"]);
    let model = wait_for_updates(&run.config, &embedded_model, &[&run.worker]);
    run.worker.stop();
    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    eprintln!("progressive loss at α = 0.3: delay-tolerant stream {}, embedded {embedded_loss}", run.loss);
    assert!((run.loss - embedded_loss).abs() < 0.005, "delay-tolerant {} vs embedded {embedded_loss}", run.loss);
    // Exactly once still: every coordinate applied as often as the embedded trainer did.
    for (coordinate, (weight, updates)) in embedded_model.iter().filter(|(_, (w, _))| *w != 0.0) {
        let stream = model.get(coordinate).copied().unwrap_or((0.0, 0));
        assert_eq!(stream.1, *updates, "coordinate {coordinate} ({weight})");
    }
}

#[test]
fn coordinates_unseen_for_the_expiry_time_are_tombstoned() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("expiry");
    let config =
        setup.config_with("w1", "protobuf", |text| text.replace("[worker]", "expire_after_ms = 2000\n\n[worker]"));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (_, examples) = generated(setup.dir.path(), 4_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(_, proto)| proto.clone()).collect();
    let dir = setup.dir.path();
    let (first, second) = (dir.join("first.jsonl"), dir.join("second.jsonl"));
    let lines: Vec<&str> = examples.iter().map(|(json, _)| json.as_str()).collect();
    std::fs::write(&first, lines[..2000].join("\n")).unwrap();
    std::fs::write(&second, lines[2000..].join("\n")).unwrap();
    let (_, early) = embedded_with(dir, &first, "first", &[]);
    let (_, late) = embedded_with(dir, &second, "second", &[]);

    produce(&setup, &payloads[..2000]);
    let worker = Worker::start(&config, dir.join("w1.log"));
    wait_for_progress(&setup, 2000, &[&worker]);
    let before = wait_for_updates(&config, &early, &[&worker]);
    // The examples' record timestamps are the owners' clock: the next 2,000 come 3 s later,
    // so every coordinate that does not occur among them has been unseen for over 2 s.
    std::thread::sleep(Duration::from_secs(3));
    let producer: BaseProducer = setup.client().set("linger.ms", "5").create().unwrap();
    send_examples(&producer, &setup.topic("examples"), 2000, &payloads[2000..]);
    wait_for_progress(&setup, 4000, &[&worker]);
    std::thread::sleep(Duration::from_secs(2));
    let after = dump(&config);
    worker.stop();

    let only_early: Vec<u64> = early.keys().filter(|c| !late.contains_key(c)).copied().collect();
    eprintln!(
        "coordinates: {} published after the first half, {} after the second; {} occurred only in the first",
        before.len(),
        after.len(),
        only_early.len()
    );
    assert!(only_early.len() > 1000, "{}", only_early.len());
    assert!(only_early.iter().all(|c| before.contains_key(c) || early[c].0 == 0.0));
    assert!(only_early.iter().all(|c| !after.contains_key(c)), "coordinates unseen for 3 s are tombstoned");
    assert!(after.keys().all(|c| late.contains_key(c)), "what is left occurred in the second half");
    let late_nonzero = late.values().filter(|(w, _)| *w != 0.0).count();
    assert!(after.len() * 100 >= late_nonzero * 99, "{} of {late_nonzero}", after.len());
}

/// Sends `payloads` in order to partition 0 of the examples topic.
fn send_in_order(setup: &Setup, payloads: &[Vec<u8>]) {
    let producer: BaseProducer = setup.client().set("linger.ms", "5").create().unwrap();
    let topic = setup.topic("examples");
    for payload in payloads {
        let mut record = BaseRecord::<[u8], [u8]>::to(&topic).partition(0).payload(&payload[..]);
        while let Err((_, back)) = producer.send(record) {
            producer.poll(Duration::from_millis(10));
            record = back;
        }
        producer.poll(Duration::ZERO);
    }
    producer.flush(Duration::from_secs(30)).unwrap();
}

/// The reasons of every record in the dead-letter topic.
fn dead_letter_reasons(setup: &Setup) -> Vec<String> {
    read_all(setup, "dlq", 1)
        .iter()
        .map(|m| {
            let headers = m.headers().unwrap();
            let reason = headers.iter().find(|h| h.key == "ftrl.error").and_then(|h| h.value).unwrap();
            String::from_utf8(reason.to_vec()).unwrap()
        })
        .collect()
}

/// With one examples partition the stream is the embedded trainer: the same loss, the same
/// coordinates, update counts and weights.
fn assert_stream_is_embedded(stream: (f64, &HashMap<u64, (f64, u64)>), embedded: (f64, &HashMap<u64, (f64, u64)>)) {
    assert_stream_is_embedded_to(stream, embedded, 1e-12);
}

/// The same, with every weight within `tolerance`.
fn assert_stream_is_embedded_to(
    (stream_loss, model): (f64, &HashMap<u64, (f64, u64)>),
    (embedded_loss, embedded_model): (f64, &HashMap<u64, (f64, u64)>),
    tolerance: f64,
) {
    eprintln!("progressive loss: stream {stream_loss}, embedded {embedded_loss}");
    assert!((stream_loss - embedded_loss).abs() < 1e-9, "stream {stream_loss} vs embedded {embedded_loss}");
    let nonzero: Vec<_> = embedded_model.iter().filter(|(_, (w, _))| *w != 0.0).collect();
    assert_eq!(model.len(), nonzero.len());
    for (coordinate, (weight, updates)) in nonzero {
        let (stream_weight, stream_updates) = model[coordinate];
        assert_eq!(stream_updates, *updates, "coordinate {coordinate}");
        assert!((stream_weight - weight).abs() < tolerance, "coordinate {coordinate}: {stream_weight} vs {weight}");
    }
}

/// A worker configuration edited to read raw click events through docs/clicks-mapping.toml
/// (with its cross `ac`).
fn with_click_mapping(text: String) -> String {
    let mapping = repo().join("docs/clicks-mapping.toml");
    text.replace(
        "example_format = \"json-events\"",
        &format!("example_format = \"json-events\"\nexample_mapping = \"{}\"\ncrosses = [\"ac\"]", mapping.display()),
    )
}

#[test]
fn a_worker_learns_raw_click_events_through_the_mapping_as_ftrl_train_does() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("events", 1);
    let mapping = repo().join("docs/clicks-mapping.toml");
    let config = setup.config_with("w1", "json-events", |text| with_click_mapping(one_predict_thread(text)));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let events = events::click_events(4000, 23);
    let bad = events.iter().filter(|e| events::by_hand(e).is_none()).count();
    let data = setup.dir.path().join("events.jsonl");
    std::fs::write(&data, events.join("\n")).unwrap();
    // `ftrl produce` sends raw events as they are.
    run_ok(ftrl().args(["produce", "--config"]).arg(&config).arg("--data").arg(&data));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let stream_loss = wait_for_progress(&setup, (events.len() - bad) as u64, &[&worker]);

    let model_dir = setup.dir.path().join("embedded-events");
    let summary = run_ok(
        ftrl()
            .args(["train", "--quiet", "--summary-json", "--cross", "ac", "--format", "json-events", "--mapping"])
            .arg(&mapping)
            .arg("--data")
            .arg(&data)
            .arg("--model")
            .arg(&model_dir),
    );
    let summary: Value = serde_json::from_str(summary.lines().last().unwrap()).unwrap();
    assert_eq!(summary["bad_lines"], bad);
    let embedded_model: HashMap<u64, (f64, u64)> = run_ok(ftrl().args(["export", "--all", "--model"]).arg(&model_dir))
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["coordinate"].as_u64().unwrap(), (v["weight"].as_f64().unwrap(), v["updates"].as_u64().unwrap()))
        })
        .collect();
    let model = wait_for_updates(&config, &embedded_model, &[&worker]);
    worker.stop();
    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    assert_stream_is_embedded((stream_loss, &model), (embedded_loss, &embedded_model));

    // Every bad event is a dead letter that names the field and the reason.
    let reasons = dead_letter_reasons(&setup);
    assert_eq!(reasons.len(), bad, "{reasons:?}");
    for expected in [
        "field outcome.clicked: missing: the label",
        r#"field outcome.clicked: "yes" is a string"#,
        "field tags: [1] is a number",
    ] {
        assert!(reasons.iter().any(|r| r.contains(expected)), "no dead letter says {expected:?}: {reasons:?}");
    }
    assert!(reasons.iter().all(|r| r.starts_with("field ")), "{reasons:?}");
}

#[test]
fn schema_registry_framed_examples_are_learned_like_unframed_ones() {
    use ftrl_stream::schema::framing::frame;
    use ftrl_stream::schema::proto::ExampleFormat;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    for (name, format) in [("protobuf", ExampleFormat::Protobuf), ("json", ExampleFormat::Json)] {
        let setup = Setup::with_example_partitions(&format!("framed-{name}"), 1);
        let config = setup.config_with("w1", name, |text| {
            one_predict_thread(text).replace(
                &format!("example_format = \"{name}\""),
                &format!("example_format = \"{name}\"\nexample_framing = \"schema-registry\"\nexample_schema_id = 7"),
            )
        });
        run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
        let (data, examples) = generated(setup.dir.path(), 3000);
        let mut payloads = Vec::new();
        for (i, (json, proto)) in examples.iter().enumerate() {
            let message = if format == ExampleFormat::Json { json.as_bytes() } else { &proto[..] };
            payloads.push(frame(format, 7, &[0], message));
            // Between the framed examples: one not framed, one of another schema.
            if i == 100 {
                payloads.push(message.to_vec());
            }
            if i == 2000 {
                payloads.push(frame(format, 8, &[0], message));
            }
        }
        send_in_order(&setup, &payloads);
        let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
        let stream_loss = wait_for_progress(&setup, 3000, &[&worker]);
        let (embedded_loss, embedded_model) = embedded(setup.dir.path(), &data);
        let model = wait_for_updates(&config, &embedded_model, &[&worker]);
        worker.stop();
        assert_stream_is_embedded((stream_loss, &model), (embedded_loss, &embedded_model));
        let reasons = dead_letter_reasons(&setup);
        assert_eq!(reasons.len(), 2, "{name}: {reasons:?}");
        assert!(reasons.iter().any(|r| r.contains("magic byte") && r.contains("expected 0x00")), "{name}: {reasons:?}");
        assert!(
            reasons.iter().any(|r| r.contains("schema id 8 where model.example_schema_id is 7")),
            "{name}: {reasons:?}"
        );
    }
}

/// `ftrl produce --rate` (the benchmarks' load generator): with `--count` it sends exactly
/// that many records, cycling through a shorter input, example i to examples partition
/// i mod 3, each encoded as the unpaced mode encodes it; an open-ended run (`--seconds`)
/// stopped by SIGTERM exits cleanly after delivering every record it says it sent.
#[test]
fn produce_at_a_rate_sends_the_count_round_robin_and_stops_cleanly_on_sigterm() {
    use std::io::BufRead;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("paced", 3);
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 100);

    let counted = ftrl()
        .args(["produce", "--rate", "2000", "--count", "250", "--config"])
        .arg(&config)
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&counted.stderr);
    assert!(counted.status.success(), "{stderr}");
    assert!(stderr.contains("sent 250 examples to paced.examples"), "{stderr}");
    let records = read_all(&setup, "examples", 3);
    assert_eq!(records.len(), 250);
    for record in &records {
        // Offset k of partition p holds example 3k + p, the input cycling every 100.
        let index = (3 * record.offset() + i64::from(record.partition())) as usize;
        assert_eq!(
            record.payload(),
            Some(&examples[index % 100].1[..]),
            "partition {} offset {}",
            record.partition(),
            record.offset()
        );
    }

    let mut open_ended = ftrl()
        .args(["produce", "--rate", "500", "--seconds", "600", "--config"])
        .arg(&config)
        .arg("--data")
        .arg(&data)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(open_ended.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("sending 500 examples/s") {
        line.clear();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "ftrl produce ended before sending");
    }
    // Its signal handler is installed as sending starts: give it a moment, so that the
    // signal stops the sending rather than the process.
    std::thread::sleep(Duration::from_millis(500));
    signal(&open_ended.id().to_string(), "-TERM");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    assert!(open_ended.wait().unwrap().success(), "{rest}");
    let sent: usize = rest
        .split("sent ")
        .nth(1)
        .and_then(|tail| tail.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no summary line in {rest}"));
    assert!(sent > 0, "{rest}");
    assert_eq!(read_all(&setup, "examples", 3).len(), 250 + sent, "{rest}");
}

/// Runs the Python reference client (`clients/python/ftrl_client.py --follow`) on
/// `examples`, one at a time, until its answer was computed from as many delta records as
/// `serve` has applied; returns its predictions and that version.
fn python_predictions(client: &mut PythonClient, examples: &[Value], version: u64) -> Vec<f64> {
    use std::io::{BufRead, Write};
    let mut out = Vec::new();
    for example in examples {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            writeln!(client.stdin, "{example}").unwrap();
            let mut line = String::new();
            client.stdout.read_line(&mut line).unwrap();
            let answer: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
            if answer["version"].as_u64() == Some(version) {
                out.push(answer["prediction"].as_f64().unwrap());
                break;
            }
            assert!(Instant::now() < deadline, "the client stays at {answer}, serve at version {version}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    out
}

struct PythonClient {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl PythonClient {
    /// Starts the client (`command`: the script or the installed command) following the
    /// model of `config`, answering each line written to it.
    fn follow(mut command: Command, config: &Path) -> Self {
        let mut child = command
            .args(["--config"])
            .arg(config)
            .arg("--follow")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        Self { child, stdin, stdout }
    }
}

/// `POST /predict` of `examples` once `serve` has applied every delta record on the topic:
/// (predictions, version).
fn served_predictions(setup: &Setup, listen: &str, examples: &[Value]) -> (Vec<f64>, u64) {
    let deltas = read_all(setup, "deltas", 4)
        .iter()
        .filter(|m| m.key().is_some_and(|k| k.len() == 8 || k == ftrl_stream::stream::wire::WATERMARK_KEY))
        .count() as u64;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let model: Value = serde_json::from_str(&http(listen, "GET", "/model", "").unwrap().1).unwrap();
        if model["version"] == deltas {
            break;
        }
        assert!(Instant::now() < deadline, "view stuck at {model}, {deltas} deltas on the topic");
        std::thread::sleep(Duration::from_millis(100));
    }
    let request = serde_json::json!({ "examples": examples }).to_string();
    let (status, body) = http(listen, "POST", "/predict", &request).unwrap();
    assert_eq!(status, 200, "{body}");
    let served: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(served["version"], deltas, "{body}");
    let predictions =
        served["predictions"].as_array().unwrap().iter().map(|p| p["prediction"].as_f64().unwrap()).collect();
    (predictions, deltas)
}

#[test]
fn the_python_client_predicts_what_serve_predicts() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let imports = Command::new("python3").args(["-c", "import confluent_kafka, xxhash"]).output().unwrap();
    assert!(
        imports.status.success(),
        "the client needs confluent-kafka and xxhash (pip install confluent-kafka xxhash)"
    );
    let setup = Setup::new("pyclient");
    let listen = free_address();
    let config = setup.config_with("w1", "json", |t| {
        t.replace("example_format = \"json\"", "example_format = \"json\"\ncrosses = [\"ab\", \"cd\"]")
            + &format!("\n[serve]\nlisten = \"{listen}\"\n")
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, _) = generated(setup.dir.path(), 3000);
    let lines: Vec<String> = std::fs::read_to_string(&data).unwrap().lines().map(str::to_owned).collect();
    // The first 2,000 are learned now, the next 500 later (to follow); the last 500 are
    // held back and only predicted, half of them without their label.
    let (first, rest) = lines.split_at(2000);
    let (later, held_back) = rest.split_at(500);
    let held_back: Vec<Value> = held_back
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            if i % 2 == 0 {
                v.as_object_mut().unwrap().remove("label");
            }
            v
        })
        .collect();
    let part = |name: &str, lines: &[String]| {
        let path = setup.dir.path().join(name);
        std::fs::write(&path, lines.join("\n")).unwrap();
        run_ok(ftrl().args(["produce", "--config"]).arg(&config).arg("--data").arg(&path));
    };
    part("first.jsonl", first);
    let server = Worker::spawn("serve", &config, setup.dir.path().join("serve.log"));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    wait_for_progress(&setup, 2000, &[&worker]);

    let script = repo().join("clients/python/ftrl_client.py");
    let mut python = Command::new("python3");
    python.arg(&script);
    let mut client = PythonClient::follow(python, &config);

    let mut worst = 0.0f64;
    for round in 0..2 {
        if round == 1 {
            // The client follows the topic: new weights reach its predictions.
            part("later.jsonl", later);
            wait_for_progress(&setup, 2500, &[&worker]);
        }
        // Settled: the update role has published everything (no delta arrives in 2 s).
        let mut count = usize::MAX;
        while count != read_all(&setup, "deltas", 4).len() {
            count = read_all(&setup, "deltas", 4).len();
            std::thread::sleep(Duration::from_secs(2));
        }
        let (served, version) = served_predictions(&setup, &listen, &held_back);
        let python = python_predictions(&mut client, &held_back, version);
        assert_eq!(served.len(), python.len());
        let round_worst = served.iter().zip(&python).map(|(s, p)| (s - p).abs()).fold(0.0, f64::max);
        eprintln!("round {round}: version {version}, largest difference python vs serve {round_worst:e}");
        worst = worst.max(round_worst);
        assert!(served.iter().any(|p| (p - 0.5).abs() > 0.05), "a model that learned something");
    }
    drop(client.stdin);
    let _ = client.child.wait();
    worker.stop();
    server.stop();
    assert!(worst <= 1e-12, "the client and serve differ by {worst}");
}

/// A poll with no wait left still takes the records that have arrived: the predict role
/// polls so while a commit is in flight, and the update role after a transaction longer
/// than its commit interval. (It used to return nothing at once.)
#[test]
fn collect_with_no_wait_left_takes_the_records_that_have_arrived() {
    use ftrl_stream::stream::kafka::{collect, group_consumer_config};
    use rdkafka::consumer::{BaseConsumer, Consumer};
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("collect");
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let payloads: Vec<Vec<u8>> = (0..1_000u32).map(|i| i.to_le_bytes().to_vec()).collect();
    produce(&setup, &payloads);
    let worker_config = ftrl_stream::config::load(&config).unwrap();
    let consumer: BaseConsumer = group_consumer_config(&worker_config, "collect-test").create().unwrap();
    consumer.subscribe(&[&setup.topic("examples")]).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut taken = Vec::new();
    while taken.len() < payloads.len() && Instant::now() < deadline {
        taken.extend(collect(&consumer, 100_000, Duration::ZERO));
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut values: Vec<Vec<u8>> = taken.into_iter().filter_map(|r| r.payload).collect();
    values.sort_unstable_by_key(|v| u32::from_le_bytes(v[..4].try_into().unwrap()));
    assert_eq!(values, payloads, "zero-wait polls took each record once");
}

/// The predict role reads the examples partitions through one queue split off its group
/// consumer, many records per call: every record arrives there, with its timestamp, while
/// the assignment still comes through the consumer's own queue (which brings no record), and
/// still after the partitions were revoked and assigned again (librdkafka clears the
/// forwarding of a partition whose fetch stops).
#[test]
fn a_merged_queue_takes_every_examples_record_before_and_after_a_rebalance() {
    use ftrl_stream::stream::batch_queue::{BatchQueue, Entry};
    use ftrl_stream::stream::kafka::{collect, group_consumer_config, RebalanceFlag};
    use rdkafka::consumer::{BaseConsumer, Consumer};
    use std::sync::Arc;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("merged");
    let config = setup.config("w1", "protobuf");
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let payloads: Vec<Vec<u8>> = (0..2_000u32).map(|i| i.to_le_bytes().to_vec()).collect();
    let worker_config = ftrl_stream::config::load(&config).unwrap();
    let consumer: Arc<BaseConsumer<RebalanceFlag>> = Arc::new(
        group_consumer_config(&worker_config, "merged-test").create_with_context(RebalanceFlag::default()).unwrap(),
    );
    let topic = setup.topic("examples");
    let partitions: Vec<i32> = (0..setup.example_partitions).collect();
    let mut queue = BatchQueue::merged(&consumer, &topic, &partitions, 500).unwrap();
    consumer.subscribe(&[&topic]).unwrap();
    let (mut values, mut partitions_seen, mut largest_take, mut rebalances) = (BTreeSet::new(), BTreeSet::new(), 0, 0);
    let mut take_until = |wanted: usize, values: &mut BTreeSet<Vec<u8>>| {
        let deadline = Instant::now() + Duration::from_secs(60);
        while values.len() < wanted && Instant::now() < deadline {
            let stray = collect(&*consumer, 10_000, Duration::ZERO);
            assert!(stray.is_empty(), "no record came through the consumer's own queue");
            rebalances += usize::from(consumer.context().take());
            let taken = queue.take(Duration::from_millis(20), 500);
            largest_take = largest_take.max(taken.len());
            for entry in taken.entries() {
                if let Entry::Record(record) = entry {
                    assert!(record.timestamp_ms.is_some_and(|ms| ms > 0), "the record's timestamp is kept");
                    partitions_seen.insert(record.partition);
                    values.insert(record.value.unwrap().to_vec());
                }
            }
        }
    };
    produce(&setup, &payloads[..1_000]);
    take_until(1_000, &mut values);
    assert_eq!(values.len(), 1_000, "the first half arrived");
    // Revoked and assigned again: every partition's fetch stops and starts.
    consumer.unsubscribe();
    consumer.subscribe(&[&topic]).unwrap();
    produce(&setup, &payloads[1_000..]);
    take_until(2_000, &mut values);
    assert!(rebalances >= 2, "the assignments came through the consumer's queue ({rebalances})");
    assert_eq!(partitions_seen, (0..setup.example_partitions).collect::<BTreeSet<i32>>());
    assert!(largest_take > 1, "a call takes many records");
    assert_eq!(
        values,
        payloads.iter().cloned().collect::<BTreeSet<_>>(),
        "every record arrived, after the rebalance too"
    );
}

/// The records of an examples partition beyond `model.example_partitions` (a topic created or
/// grown by hand) come through the predict consumer's own queue, not the examples queue split
/// off it: they are learned too, each once, read beside the others.
#[test]
fn examples_of_a_partition_beyond_the_configured_count_are_learned_too() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("extra-partition");
    let wider =
        setup.config_with("wider", "protobuf", |text| text.replace("example_partitions = 2", "example_partitions = 3"));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&wider));
    let config = setup.config("w1", "protobuf");
    let examples = 3_000;
    let (_, generated) = generated(setup.dir.path(), examples);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, payload)| payload).collect();
    produce_round_robin(&setup, &payloads, 3);
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let (scored, _) = settle_progress(&setup, examples, &worker);
    assert_eq!(scored, examples, "every example, those of partition 2 too, counted once:\n{}", worker.log_text());
    worker.stop();
}

/// The Python client installed as a user would (`pip install clients/python`) into a fresh
/// virtual environment: offline, its dependencies from the system's site packages (which
/// `scripts/setup` installs). Returns its `ftrl-client` command.
fn pip_installed_client(dir: &Path) -> PathBuf {
    let venv = dir.join("venv");
    let created = Command::new("python3").args(["-m", "venv", "--system-site-packages"]).arg(&venv).output().unwrap();
    assert!(created.status.success(), "python3 -m venv: {}", String::from_utf8_lossy(&created.stderr));
    // From a copy: setuptools builds in the source directory, which is not the test's to write.
    let source = dir.join("ftrl-client");
    std::fs::create_dir_all(&source).unwrap();
    for file in ["pyproject.toml", "README.md", "ftrl_client.py"] {
        std::fs::copy(repo().join("clients/python").join(file), source.join(file)).unwrap();
    }
    let installed = Command::new(venv.join("bin/pip"))
        .args(["install", "--quiet", "--disable-pip-version-check", "--no-index", "--no-build-isolation"])
        .arg(&source)
        .output()
        .unwrap();
    assert!(installed.status.success(), "pip install clients/python: {}", String::from_utf8_lossy(&installed.stderr));
    venv.join("bin/ftrl-client")
}

/// A service sends the raw event it has: `serve`'s `/predict`, `ftrl predict --format
/// json-events` and the Python client (pip-installed into a fresh virtual environment,
/// following the live model) each read it through the model's mapping file, labelled or
/// not, and predict what the stream predicts for the same event. The stream's predictions
/// are of events sent with importance 0, which it predicts and learns nothing from, so the
/// model they are predicted with is the one the others read. Then, the stream idle, serve
/// and the client say they are up to date although the newest delta is seconds old.
#[test]
fn raw_events_predict_alike_in_serve_ftrl_predict_the_python_client_and_the_stream() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("rawpredict", 1);
    let listen = free_address();
    let mapping = repo().join("docs/clicks-mapping.toml");
    // One predict thread: the embedded model below is the stream's to the last bit.
    let config = setup.config_with("w1", "json-events", |text| {
        with_click_mapping(one_predict_thread(text)).replace("[worker]\n", "[worker]\npublish_predictions = true\n")
            + &format!("\n[serve]\nlisten = \"{listen}\"\n")
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let events = events::click_events(2600, 31);
    let (learned, rest) = events.split_at(2400);
    let learned_good = learned.iter().filter(|e| events::by_hand(e).is_some()).count();
    let held: Vec<Value> = rest
        .iter()
        .filter(|e| events::by_hand(e).is_some())
        .take(150)
        .map(|e| serde_json::from_str(e).unwrap())
        .collect();
    // To the stream: importance 0. To the others: as a service has them, half unlabelled.
    let to_stream: Vec<String> = held
        .iter()
        .map(|e| {
            let mut e = e.clone();
            e["importance"] = serde_json::json!(0);
            e.to_string()
        })
        .collect();
    let asked: Vec<Value> = held
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let mut e = e.clone();
            e.as_object_mut().unwrap().remove("importance");
            if i % 2 == 0 {
                e["outcome"].as_object_mut().unwrap().remove("clicked");
            }
            e
        })
        .collect();
    let write = |name: &str, lines: &[String]| {
        let path = setup.dir.path().join(name);
        std::fs::write(&path, lines.join("\n")).unwrap();
        path
    };
    let learned_path = write("learned.jsonl", learned);
    run_ok(ftrl().args(["produce", "--config"]).arg(&config).arg("--data").arg(&learned_path));
    let server = Worker::spawn("serve", &config, setup.dir.path().join("serve.log"));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    wait_for_progress(&setup, learned_good as u64, &[&worker]);

    let client_command = pip_installed_client(setup.dir.path());
    let mut client = PythonClient::follow(Command::new(&client_command), &config);

    // The stream predicts the held-back events.
    let to_stream_path = write("to-stream.jsonl", &to_stream);
    run_ok(ftrl().args(["produce", "--config"]).arg(&config).arg("--data").arg(&to_stream_path));
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut predicted: Vec<Prediction> = Vec::new();
    while predicted.len() < learned_good + held.len() {
        assert!(Instant::now() < deadline, "{} predictions of {}", predicted.len(), learned_good + held.len());
        std::thread::sleep(Duration::from_millis(500));
        predicted = read_all(&setup, "predictions", 1)
            .iter()
            .map(|m| Prediction::decode(m.payload().unwrap()).unwrap())
            .collect();
    }
    predicted.sort_by_key(|p| p.origin_offset);
    let streamed: Vec<f64> = predicted[learned_good..].iter().map(|p| p.prediction).collect();

    // Settled: the update role has published everything (no delta arrives in 2 s).
    let mut count = usize::MAX;
    while count != read_all(&setup, "deltas", 4).len() {
        count = read_all(&setup, "deltas", 4).len();
        std::thread::sleep(Duration::from_secs(2));
    }
    let (served, version) = served_predictions(&setup, &listen, &asked);
    let python = python_predictions(&mut client, &asked, version);

    // ftrl predict with the embedded model of the same events (the stream's, to 1e-12:
    // a_worker_learns_raw_click_events_through_the_mapping_as_ftrl_train_does).
    let model_dir = setup.dir.path().join("embedded");
    run_ok(
        ftrl()
            .args(["train", "--quiet", "--cross", "ac", "--format", "json-events", "--mapping"])
            .arg(&mapping)
            .arg("--data")
            .arg(&learned_path)
            .arg("--model")
            .arg(&model_dir),
    );
    let asked_lines: Vec<String> = asked.iter().map(Value::to_string).collect();
    let asked_path = write("asked.jsonl", &asked_lines);
    let predicted_cli: Vec<f64> = run_ok(
        ftrl()
            .args(["predict", "--format", "json-events", "--mapping"])
            .arg(&mapping)
            .arg("--model")
            .arg(&model_dir)
            .arg("--data")
            .arg(&asked_path),
    )
    .lines()
    .map(|l| l.parse().unwrap())
    .collect();

    let worst = |a: &[f64], b: &[f64]| {
        assert_eq!(a.len(), b.len());
        a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max)
    };
    let (serve_stream, python_serve, cli_serve) =
        (worst(&served, &streamed), worst(&python, &served), worst(&predicted_cli, &served));
    eprintln!("largest differences: serve vs stream {serve_stream:e}, python vs serve {python_serve:e}, ftrl predict vs serve {cli_serve:e}");
    assert!(predicted_cli.iter().all(|p| p.is_finite()), "unlabelled events are predicted, not NaN");
    assert!(served.iter().any(|p| (p - 0.5).abs() > 0.05), "a model that learned something");
    assert!(serve_stream <= 1e-9 && python_serve <= 1e-12 && cli_serve <= 1e-9);

    // Idle and up to date: staleness near 0, although the newest delta is seconds old.
    std::thread::sleep(Duration::from_secs(5));
    let model: Value = serde_json::from_str(&http(&listen, "GET", "/model", "").unwrap().1).unwrap();
    let staleness = |answer: &Value| answer["staleness_ms"].as_i64().unwrap();
    let line = python_answer(&mut client, &asked[0]);
    eprintln!("idle: serve {model}, python client {line}");
    assert!(staleness(&model) < 2_500, "serve: {model}");
    assert!(staleness(&line) < 2_500, "python client: {line}");
    let metrics = http(&listen, "GET", "/metrics", "").unwrap().1;
    let exported: f64 =
        metrics.lines().find_map(|l| l.strip_prefix("ftrl_view_staleness_seconds ")?.parse().ok()).unwrap();
    assert!(exported < 2.5, "{metrics}");
    drop(client.stdin);
    let _ = client.child.wait();
    worker.stop();
    server.stop();
}

/// One answer of the Python client, whole.
fn python_answer(client: &mut PythonClient, example: &Value) -> Value {
    use std::io::{BufRead, Write};
    writeln!(client.stdin, "{example}").unwrap();
    let mut line = String::new();
    client.stdout.read_line(&mut line).unwrap();
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
}

/// VW's default learner (`algorithm = "gd"`) in the stream. Its owners take coalesced state
/// changes (the feature values and squared gradients its steps need stay in the predict
/// role), so with one examples partition the stream is the embedded trainer; its global
/// normalizer and label range are each predict role's, and with one worker those are the
/// embedded trainer's.
#[test]
fn vws_default_learner_in_the_stream_is_the_embedded_trainer() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::with_example_partitions("vw-gd", 1);
    let config = setup.config_with("w1", "protobuf", |text| {
        text.replace("[worker]", "algorithm = \"gd\"\nalpha = 0.5\nclip_to_labels = true\n\n[worker]")
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let (data, examples) = generated(setup.dir.path(), 10_000);
    produce_in_order(&setup, &examples);
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let stream_loss = wait_for_progress(&setup, 10_000, &[&worker]);
    let flags = ["--algo", "gd", "--alpha", "0.5", "--clip-to-labels"];
    let (summary, embedded_model) = embedded_with(setup.dir.path(), &data, "embedded-gd", &flags);
    let model = wait_for_updates(&config, &embedded_model, &[&worker]);
    worker.stop();
    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    assert_stream_is_embedded_to((stream_loss, &model), (embedded_loss, &embedded_model), 1e-9);
}

/// What VW's global normalizer costs when two workers each keep their own (over the
/// examples they learn, about half each) on 8 examples partitions, against the embedded
/// trainer's single one: the loss difference is printed and bounded like FTRL-Proximal's
/// in `two_workers_share_the_model_by_partition`.
#[test]
fn vws_default_learner_with_two_workers_each_normalizing_on_its_own() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("vw-gd-duo");
    let settings = |text: String| {
        text.replace("batch_max_wait_ms = 20", "batch_max_wait_ms = 20\nmax_unconfirmed_examples = 1000")
            .replace("[worker]", "algorithm = \"gd\"\nalpha = 0.5\nclip_to_labels = true\n\n[worker]")
    };
    let (config_a, config_b) =
        (setup.config_with("wa", "protobuf", settings), setup.config_with("wb", "protobuf", settings));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config_a));
    let (data, examples) = generated(setup.dir.path(), 20_000);
    let payloads: Vec<Vec<u8>> = examples.iter().map(|(_, proto)| proto.clone()).collect();
    let a = Worker::start(&config_a, setup.dir.path().join("wa.log"));
    let b = Worker::start(&config_b, setup.dir.path().join("wb.log"));
    produce(&setup, &payloads);
    let stream_loss = wait_for_progress(&setup, 20_000, &[&a, &b]);
    let flags = ["--algo", "gd", "--alpha", "0.5", "--clip-to-labels"];
    let (summary, _) = embedded_with(setup.dir.path(), &data, "embedded-gd", &flags);
    a.stop();
    b.stop();
    let embedded_loss = summary["progressive_loss"].as_f64().unwrap();
    eprintln!("VW's default learner, two workers: stream {stream_loss}, embedded {embedded_loss}");
    assert!((stream_loss - embedded_loss).abs() < 0.01, "stream {stream_loss} vs embedded {embedded_loss}");
}
