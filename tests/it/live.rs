//! A worker never stops silently (issue 29, items 3 and 7), against the real broker: records
//! at and beyond every size limit are learned or dead-lettered and the worker moves on; a
//! transaction left open on a topic it reads committed makes it not ready, saying why, until
//! the transaction ends.

use crate::common::*;
use rdkafka::message::{Headers, Message};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A free port on 127.0.0.1 (bound and released; the worker binds it next).
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// One GET; (status, body), or None while nothing listens.
fn get(address: &str, path: &str) -> Option<(u16, String)> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let status = response.split(' ').nth(1)?.parse().ok()?;
    Some((status, response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default()))
}

/// The value of the sample named exactly `name` (labels included) in a metrics text.
fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

/// Polls `/ready` until `done` accepts (status, body); how long that took.
fn ready_until(
    listen: &str,
    limit: Duration,
    what: &str,
    worker: &Worker,
    done: impl Fn(u16, &str) -> bool,
) -> (Duration, String) {
    let started = Instant::now();
    loop {
        if let Some((status, body)) = get(listen, "/ready") {
            if done(status, &body) {
                return (started.elapsed(), body);
            }
        }
        assert!(started.elapsed() < limit, "{what} not seen within {limit:?}; log:\n{}", worker.log_text());
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A JSON example of `good` short features plus `extra` (a feature as the JSON shape takes it).
fn example(good: usize, extra: Value) -> Vec<u8> {
    let mut features: Vec<Value> = (0..good).map(|i| json!(format!("a:f{i}"))).collect();
    if !extra.is_null() {
        features.push(extra);
    }
    serde_json::to_vec(&json!({"label": 1, "features": features})).unwrap()
}

/// A JSON example of 100 good features and one whose name makes the record exactly `bytes`
/// long: bad (its name is over 1024 bytes) whatever its size.
fn bad_of_size(bytes: usize) -> Vec<u8> {
    let base = example(100, json!("b:")).len();
    let record = example(100, json!(format!("b:{}", "n".repeat(bytes - base))));
    assert_eq!(record.len(), bytes);
    record
}

/// A producer for records up to 10 MB (the test broker takes them; Apache Kafka would refuse
/// those over its 1,048,588-byte default, which the worker then never sees).
fn large_record_producer(setup: &Setup) -> BaseProducer {
    setup.client().set("message.max.bytes", "10000000").set("linger.ms", "5").create().unwrap()
}

/// What becomes of a record: `None`, it is learned; else a dead letter, sent truncated or
/// not, whose reason contains this.
type DeadLetter = Option<(bool, &'static str)>;

#[test]
fn records_at_and_beyond_every_size_limit_are_learned_or_dead_lettered_and_the_worker_moves_on() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("live-size");
    let listen = free_address();
    let config = setup.config_with("w1", "json", |t| t.replace("\"127.0.0.1:0\"", &format!("\"{listen}\"")));
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    ready_until(&listen, Duration::from_secs(90), "ready", &worker, |status, _| status == 200);

    let many = |n: usize| example(n, Value::Null);
    let cases: Vec<(&str, Vec<u8>, DeadLetter)> = vec![
        ("name at its limit", example(100, json!(format!("b:{}", "n".repeat(1024)))), None),
        ("name over its limit", example(100, json!(format!("b:{}", "n".repeat(1025)))), Some((false, "1025 bytes"))),
        ("value at its limit", example(10, json!({"ns": "c", "name": "v", "value": 1e12})), None),
        ("value over its limit", example(10, json!({"ns": "c", "name": "v", "value": 2e12})), Some((false, "value"))),
        (
            "a valid example near the producer limit",
            {
                let names: Vec<Value> = (0..900).map(|i| json!(format!("d:{i:04}{}", "x".repeat(1_000)))).collect();
                serde_json::to_vec(&json!({"label": 0, "features": names})).unwrap()
            },
            None,
        ),
        ("bad, below the producer limit", bad_of_size(990_000), Some((false, "longer than the limit of 1024"))),
        ("bad, at the producer limit", bad_of_size(1_000_000), Some((true, "longer than the limit of 1024"))),
        (
            "bad, over the producer limit (issue 29's record)",
            bad_of_size(1_010_000),
            Some((true, "longer than the limit")),
        ),
        ("bad, at the decoder's limit (1 MiB)", bad_of_size(1 << 20), Some((true, "longer than the limit"))),
        ("bad, at the broker's default limit", bad_of_size(1_048_588), Some((true, "larger than the limit"))),
        ("bad, over the broker's default limit", bad_of_size(2_000_000), Some((true, "larger than the limit"))),
        ("gradients of one partition within one record", many(20_000), None),
        (
            "gradients of one partition beyond one record",
            many(40_000),
            Some((false, "coordinates of gradients partition")),
        ),
        ("an empty record", Vec::new(), Some((false, ""))),
    ];
    let producer = large_record_producer(&setup);
    let payloads: Vec<Vec<u8>> = cases.iter().map(|(_, record, _)| record.clone()).collect();
    send_examples(&producer, &setup.topic("examples"), 0, &payloads);
    let (_, good) = generated(setup.dir.path(), 2_000);
    let good: Vec<Vec<u8>> = good.into_iter().map(|(json, _)| json.into_bytes()).collect();
    let sent_good = Instant::now();
    send_examples(&producer, &setup.topic("examples"), 0, &good);
    let learned = cases.iter().filter(|(_, _, dead)| dead.is_none()).count() as u64;
    wait_for_progress(&setup, learned + good.len() as u64, &[&worker]);
    println!("the 2,000 examples after the bad records were learned {:?} after they were sent", sent_good.elapsed());

    // Every bad record is a dead letter, truncated exactly when it could not be sent whole.
    let dead = read_all(&setup, "dlq", 1);
    let header = |message: &rdkafka::message::OwnedMessage, name: &str| -> Option<String> {
        let found = message.headers()?.iter().find(|h| h.key == name)?;
        Some(String::from_utf8(found.value?.to_vec()).unwrap())
    };
    let by_offset: HashMap<(i32, i64), &rdkafka::message::OwnedMessage> = dead
        .iter()
        .map(|m| {
            let partition = header(m, "ftrl.source.partition").unwrap().parse().unwrap();
            ((partition, header(m, "ftrl.source.offset").unwrap().parse().unwrap()), m)
        })
        .collect();
    let expected_dead = cases.iter().filter(|(_, _, dead)| dead.is_some()).count();
    assert_eq!((dead.len(), by_offset.len()), (expected_dead, expected_dead), "one dead letter per bad record");
    // send_examples alternates the two partitions, so case i is at (i % 2, i / 2).
    for (i, (what, record, expected)) in cases.iter().enumerate() {
        let letter = by_offset.get(&((i % 2) as i32, (i / 2) as i64));
        match (expected, letter) {
            (None, None) => {}
            (None, Some(letter)) => panic!("{what}: dead-lettered: {:?}", header(letter, "ftrl.error")),
            (Some(_), None) => panic!("{what}: no dead letter"),
            (Some((truncated, reason)), Some(letter)) => {
                let error = header(letter, "ftrl.error").unwrap();
                assert!(error.contains(reason), "{what}: {error}");
                let value = letter.payload().unwrap_or_default();
                if *truncated {
                    assert_eq!(header(letter, "ftrl.truncated").as_deref(), Some("value"), "{what}");
                    assert_eq!(header(letter, "ftrl.original.bytes"), Some(record.len().to_string()), "{what}");
                    assert!(value.len() < record.len() && value.len() > 990_000, "{what}: {} bytes", value.len());
                    assert_eq!(value, &record[..value.len()], "{what}: the first bytes are kept");
                } else {
                    assert_eq!(header(letter, "ftrl.truncated"), None, "{what}");
                    assert_eq!(value, &record[..], "{what}: sent whole");
                }
            }
        }
    }
    let truncated = cases.iter().filter(|(_, _, dead)| matches!(dead, Some((true, _)))).count() as f64;
    let metrics = get(&listen, "/metrics").unwrap().1;
    assert_eq!(sample(&metrics, "ftrl_dead_letters_total"), Some(expected_dead as f64), "{metrics}");
    assert_eq!(sample(&metrics, "ftrl_dead_letters_truncated_total"), Some(truncated), "{metrics}");
    assert_eq!(sample(&metrics, "ftrl_dead_letters_dropped_total"), Some(0.0), "{metrics}");
    assert_eq!(get(&listen, "/ready").map(|(status, _)| status), Some(200));
    let log = worker.log_text();
    assert!(!log.contains("role failed"), "no role failed on a record:\n{log}");
    worker.stop();
}

#[test]
fn a_transaction_left_open_on_the_gradients_topic_makes_the_worker_not_ready_until_it_ends() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("live-open");
    let listen = free_address();
    let bound = Duration::from_secs(3);
    let config = setup.config_with("w1", "json", |t| {
        t.replace("\"127.0.0.1:0\"", &format!("\"{listen}\""))
            .replace("[kafka]\n", &format!("[kafka]\nstalled_transaction_ms = {}\n", bound.as_millis()))
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    ready_until(&listen, Duration::from_secs(90), "ready", &worker, |status, _| status == 200);
    let (_, examples) = generated(setup.dir.path(), 1_000);
    let examples: Vec<Vec<u8>> = examples.into_iter().map(|(json, _)| json.into_bytes()).collect();
    produce(&setup, &examples[..500]);
    wait_for_progress(&setup, 500, &[&worker]);

    // A producer outside the worker begins a transaction on gradients partition 0, sends,
    // and neither commits nor aborts; it stays alive (a broker aborts a transaction whose
    // producer's timeout passes: 10 minutes here).
    let outside: BaseProducer = setup
        .client()
        .set("transactional.id", "live-open.outside")
        .set("transaction.timeout.ms", "600000")
        .create()
        .unwrap();
    outside.init_transactions(Duration::from_secs(30)).unwrap();
    outside.begin_transaction().unwrap();
    for _ in 0..2 {
        // Empty: what the owners read once the transaction ends is an empty gradient batch.
        outside.send(BaseRecord::<[u8], [u8]>::to(&setup.topic("gradients")).partition(0).payload(&[][..])).unwrap();
    }
    outside.flush(Duration::from_secs(30)).unwrap();
    let opened = Instant::now();
    produce(&setup, &examples[500..]);

    let stalled = |status: u16, body: &str| {
        status == 503 && body.contains("a transaction left open on live-open.gradients partition 0")
    };
    let (_, body) =
        ready_until(&listen, Duration::from_secs(60), "not ready for the open transaction", &worker, stalled);
    let noticed = opened.elapsed();
    println!("not ready {noticed:?} after the transaction was left open (bound {bound:?}): {body}");
    assert!(body.contains("last stable offset has stood at"), "{body}");
    let (scored, _) = progress(&setup);
    assert!(scored < 1_000, "the open transaction holds back what follows it: {scored} scored");
    let metrics = get(&listen, "/metrics").unwrap().1;
    let stalled_seconds =
        sample(&metrics, "ftrl_transaction_stalled_seconds{topic=\"live-open.gradients\",partition=\"0\"}");
    assert!(stalled_seconds.is_some_and(|s| s >= bound.as_secs_f64()), "{metrics}");
    // The error line names the partition and offsets, and the way out: this worker writes
    // the topic, so it first starts its own writer over (which would end a transaction of
    // its own), then says that the transaction is another producer's.
    let deadline = Instant::now() + Duration::from_secs(60);
    let log = loop {
        let log = worker.log_text();
        if log.contains("is still open, so it is another producer's") {
            break log;
        }
        assert!(Instant::now() < deadline, "no report that the transaction is not the worker's own; log:\n{log}");
        std::thread::sleep(Duration::from_millis(200));
    };
    // (The test broker holds back every partition of the topic at the open transaction's
    // first offset, not only the one it wrote to: each is reported.)
    let reported = |l: &&str| l.contains("a transaction left open stops reading") && l.contains(" partition=0 ");
    let line = log.lines().find(reported).unwrap_or_else(|| panic!("no report of partition 0:\n{log}"));
    for part in ["ERROR", "topic=\"live-open.gradients\"", "last_stable_offset=", "high_watermark="] {
        assert!(line.contains(part), "{part} in {line}");
    }
    assert!(line.contains("live-open.predict.w1") && line.contains("starts over"), "{line}");
    assert!(get(&listen, "/ready").is_some_and(|(status, body)| stalled(status, &body)), "still not ready");

    // The transaction ends: the worker is ready again and learns what followed it.
    outside.abort_transaction(Duration::from_secs(30)).unwrap();
    let aborted = Instant::now();
    let (_, _) = ready_until(&listen, Duration::from_secs(60), "ready again", &worker, |status, _| status == 200);
    println!("ready {:?} after the transaction was aborted", aborted.elapsed());
    wait_for_progress(&setup, 1_000, &[&worker]);
    let metrics = get(&listen, "/metrics").unwrap().1;
    assert_eq!(
        sample(&metrics, "ftrl_transaction_stalled_seconds{topic=\"live-open.gradients\",partition=\"0\"}"),
        Some(0.0),
        "{metrics}"
    );
    assert!(worker.log_text().contains("the transaction left open ended"));
    worker.stop();
}

#[test]
fn a_transaction_left_open_under_the_workers_own_transactional_id_is_ended_by_the_worker() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("live-own");
    let listen = free_address();
    let config = setup.config_with("w1", "json", |t| {
        t.replace("\"127.0.0.1:0\"", &format!("\"{listen}\""))
            .replace("[kafka]\n", "[kafka]\nstalled_transaction_ms = 3000\n")
    });
    run_ok(ftrl().args(["topics", "create", "--config"]).arg(&config));
    // An earlier incarnation of the worker's predict role, frozen mid-transaction: its
    // transaction on every gradients partition is open, and the process is still there.
    let zombie: BaseProducer = setup
        .client()
        .set("transactional.id", "live-own.predict.w1")
        .set("transaction.timeout.ms", "600000")
        .create()
        .unwrap();
    zombie.init_transactions(Duration::from_secs(30)).unwrap();
    zombie.begin_transaction().unwrap();
    let gradients = setup.topic("gradients");
    for partition in 0..4 {
        zombie.send(BaseRecord::<[u8], [u8]>::to(&gradients).partition(partition).payload(&[][..])).unwrap();
    }
    zombie.flush(Duration::from_secs(30)).unwrap();
    let (_, examples) = generated(setup.dir.path(), 500);
    let examples: Vec<Vec<u8>> = examples.into_iter().map(|(json, _)| json.into_bytes()).collect();
    produce(&setup, &examples);
    let started = Instant::now();
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    wait_for_progress(&setup, 500, &[&worker]);
    println!("500 examples learned {:?} after the worker started", started.elapsed());
    let log = worker.log_text();
    let stalls = log.lines().filter(|l| l.contains("a transaction left open stops reading")).count();
    // (On the test broker the worker's init_transactions aborts it at once, and no stall is
    // reported; where a broker did not, the stall's first report starts the predict role
    // over, which initializes the id again.)
    println!("stall reports: {stalls}");
    ready_until(&listen, Duration::from_secs(60), "ready", &worker, |status, _| status == 200);
    worker.stop();
    drop(zombie);
}

/// The dead-letter topic refuses every record (librdkafka's mock cluster answers
/// TOPIC_AUTHORIZATION_FAILED for it; the test broker refuses nothing): a transaction with
/// dead letters aborts, the role reads them again and sends their headers alone, which the
/// broker refuses too, then skips them, counted and logged; it is not ready meanwhile, and
/// learns on.
#[test]
fn a_dead_letter_topic_that_refuses_everything_skips_the_bad_records_and_the_worker_moves_on() {
    use rdkafka::mocking::MockCluster;
    use rdkafka::types::RDKafkaRespErr;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mock = MockCluster::<'static, rdkafka::producer::DefaultProducerContext>::new(1).unwrap();
    let broker = Broker { dir: tempfile::tempdir().unwrap(), bootstrap: mock.bootstrap_servers() };
    let setup = Setup { dir: tempfile::tempdir().unwrap(), broker, prefix: "live-dlq".into(), example_partitions: 2 };
    let topics = [
        ("examples", 2),
        ("gradients", 4),
        ("deltas", 4),
        ("changelog", 4),
        ("progress", 2),
        ("predictions", 2),
        ("dlq", 1),
    ];
    for (suffix, partitions) in topics {
        mock.create_topic(&setup.topic(suffix), partitions, 1).unwrap();
    }
    let listen = free_address();
    // The mock parks a first JoinGroup for 3 s: a longer session (see tests/it/faults.rs).
    let config = setup.config_with("w1", "protobuf", |t| {
        t.replace("session_timeout_ms = 2000", "session_timeout_ms = 10000")
            .replace("\"127.0.0.1:0\"", &format!("\"{listen}\""))
    });
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    ready_until(&listen, Duration::from_secs(120), "ready", &worker, |status, _| status == 200);
    mock.topic_error(&setup.topic("dlq"), RDKafkaRespErr::RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED).unwrap();
    let (_, examples) = generated(setup.dir.path(), 600);
    let mut payloads: Vec<Vec<u8>> = examples.into_iter().map(|(_, protobuf)| protobuf).collect();
    let later = payloads.split_off(400);
    payloads.insert(100, b"\xff\xff\xffnot protobuf".to_vec());
    payloads.insert(300, b"\xff\xff\xffnot protobuf either".to_vec());
    let sent = Instant::now();
    produce(&setup, &payloads);
    let deadline = Instant::now() + Duration::from_secs(180);
    let (mut saw_not_ready, mut metrics) = (false, String::new());
    while sample(&metrics, "ftrl_dead_letters_dropped_total") != Some(2.0) {
        assert!(Instant::now() < deadline, "the bad records were never skipped:\n{metrics}\n{}", worker.log_text());
        std::thread::sleep(Duration::from_millis(200));
        saw_not_ready |= get(&listen, "/ready").is_some_and(|(status, body)| {
            status == 503 && body.contains("the predict role to recover") && body.contains("failed delivery")
        });
        metrics = get(&listen, "/metrics").map(|(_, body)| body).unwrap_or_default();
    }
    println!("both bad records skipped {:?} after they were sent", sent.elapsed());
    assert!(saw_not_ready, "not ready while the predict role failed on them");
    let log = worker.log_text();
    assert_eq!(log.matches("cannot be sent even cut to its headers").count(), 2, "{log}");
    assert!(log.contains("role failed again without committing anything"), "an error line: {log}");
    // It learns on: ready, and the examples after them are learned (the mock shows aborted
    // records, which the owners drop as duplicates, so the count is exact all the same).
    ready_until(&listen, Duration::from_secs(60), "ready again", &worker, |status, _| status == 200);
    produce(&setup, &later);
    wait_for_progress(&setup, 600, &[&worker]);
    worker.stop();
}
