//! Helpers shared by the integration tests that run workers against a broker
//! (`stream` against Tansu, `faults` against Tansu and librdkafka's mock cluster): brokers,
//! worker processes, configurations, generated examples, and reading back what the topics
//! hold; and generated raw events (`events`, also used by `cli`).
#![allow(dead_code)]

use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::error::KafkaError;
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::{ClientConfig, Offset, TopicPartitionList};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ftrl_stream::schema::proto::encode_example;

pub mod events;

pub static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A test's directory, left in place with `TEST_KEEP_DIRS` set (to read the workers' logs
/// and state after a failure).
pub fn test_dir() -> tempfile::TempDir {
    let keep = std::env::var_os("TEST_KEEP_DIRS").is_some();
    let dir = tempfile::Builder::new().prefix("ftrl-test").disable_cleanup(keep).tempdir().unwrap();
    if keep {
        eprintln!("test directory kept: {}", dir.path().display());
    }
    dir
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `ftrl` binary: this build's, or `TEST_FTRL_BIN` (to run a test against another build
/// when finding where a behaviour changed).
pub fn ftrl() -> Command {
    let binary =
        std::env::var_os("TEST_FTRL_BIN").map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_ftrl")), PathBuf::from);
    let mut cmd = Command::new(binary);
    cmd.env("FTRL_LOG", std::env::var("TEST_FTRL_LOG").unwrap_or_else(|_| "info".into()));
    cmd
}

/// A Tansu broker on a free loopback port, stopped on drop.
pub struct Broker {
    pub dir: tempfile::TempDir,
    pub bootstrap: String,
}

impl Broker {
    pub fn start() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let out = Command::new(repo().join("scripts/test-broker")).arg("start").arg(dir.path()).output().unwrap();
        assert!(out.status.success(), "broker did not start: {}", String::from_utf8_lossy(&out.stderr));
        let bootstrap = String::from_utf8(out.stdout).unwrap().trim().to_string();
        Self { dir, bootstrap }
    }
}

impl Drop for Broker {
    fn drop(&mut self) {
        let _ = Command::new(repo().join("scripts/test-broker")).arg("stop").arg(self.dir.path()).status();
    }
}

/// A worker process, killed on drop if still running.
pub struct Worker {
    pub child: Child,
    pub log: PathBuf,
}

impl Worker {
    pub fn start(config: &Path, log: PathBuf) -> Self {
        Self::spawn("worker", config, log)
    }

    /// `ftrl <command> --config <config>` (a worker or `serve`), logging to `log`.
    pub fn spawn(command: &str, config: &Path, log: PathBuf) -> Self {
        Self::spawn_with_log_filter(command, config, log, None)
    }

    /// Like `spawn`, with this log filter (FTRL_LOG) instead of the test's.
    pub fn spawn_with_log_filter(command: &str, config: &Path, log: PathBuf, filter: Option<&str>) -> Self {
        let mut cmd = ftrl();
        if let Some(filter) = filter {
            cmd.env("FTRL_LOG", filter);
        }
        Self::spawn_command(cmd, command, config, log)
    }

    /// Like `start`, with these environment variables (a test-only fault injection).
    pub fn start_with_env(config: &Path, log: PathBuf, variables: &[(&str, &str)]) -> Self {
        let mut cmd = ftrl();
        cmd.envs(variables.iter().copied());
        Self::spawn_command(cmd, "worker", config, log)
    }

    fn spawn_command(mut cmd: Command, command: &str, config: &Path, log: PathBuf) -> Self {
        let file = std::fs::File::create(&log).unwrap();
        let child = cmd.args([command, "--config"]).arg(config).stdout(Stdio::null()).stderr(file).spawn().unwrap();
        Self { child, log }
    }

    /// SIGTERM, then waits: the worker must finish its transaction and exit cleanly.
    pub fn stop(mut self) {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "worker exited with {status}; log:\n{}", self.log_text());
                return;
            }
            assert!(Instant::now() < deadline, "worker ignored SIGTERM; log:\n{}", self.log_text());
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Setup {
    pub dir: tempfile::TempDir,
    pub broker: Broker,
    pub prefix: String,
    pub example_partitions: i32,
}

impl Setup {
    pub fn new(prefix: &str) -> Self {
        Self::with_example_partitions(prefix, 2)
    }

    pub fn with_example_partitions(prefix: &str, example_partitions: i32) -> Self {
        Self { dir: test_dir(), broker: Broker::start(), prefix: prefix.to_string(), example_partitions }
    }

    /// Writes a worker configuration; `format` is "json" or "protobuf".
    pub fn config(&self, worker: &str, format: &str) -> PathBuf {
        self.config_with(worker, format, |text| text)
    }

    /// Writes a worker configuration changed by `edit` (which may replace lines or append
    /// sections).
    pub fn config_with(&self, worker: &str, format: &str, edit: impl FnOnce(String) -> String) -> PathBuf {
        let path = self.dir.path().join(format!("{worker}.toml"));
        let text = format!(
            r#"
[kafka]
bootstrap_servers = "{bootstrap}"
session_timeout_ms = 2000
rebalance_timeout_ms = 20000

[model]
prefix = "{prefix}"
partitions = 4
example_partitions = {example_partitions}
example_format = "{format}"

[worker]
id = "{worker}"
state_dir = "{state}"
batch_max_examples = 500
batch_max_wait_ms = 20
# Two predict threads whatever the machine, so every test runs the helper thread (a chunk
# of more than 256 records is decoded on both).
predict_threads = 2

[observability]
# Any free port: several workers share this host.
listen = "127.0.0.1:0"
"#,
            bootstrap = self.broker.bootstrap,
            prefix = self.prefix,
            example_partitions = self.example_partitions,
            state = self.dir.path().join(worker).display(),
        );
        std::fs::write(&path, edit(text)).unwrap();
        path
    }

    pub fn client(&self) -> ClientConfig {
        let mut c = ClientConfig::new();
        c.set("bootstrap.servers", &self.broker.bootstrap);
        c
    }

    pub fn topic(&self, suffix: &str) -> String {
        format!("{}.{suffix}", self.prefix)
    }
}

pub fn run_ok(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{cmd:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must succeed, and returns its output (both streams shown if not).
pub fn succeeded(cmd: &mut Command) -> std::process::Output {
    let out = cmd.output().expect("the command runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The last non-empty line of a command's output, as JSON (a summary line).
pub fn last_json_line(bytes: &[u8]) -> Value {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().rev().find(|l| !l.trim().is_empty()).expect("some output");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// Sends payloads round-robin over `partitions` examples partitions, and waits until the
/// broker has them all.
pub fn produce_round_robin(setup: &Setup, payloads: &[Vec<u8>], partitions: i32) {
    let producer: BaseProducer = setup.client().set("linger.ms", "5").create().unwrap();
    let topic = setup.topic("examples");
    for (i, payload) in payloads.iter().enumerate() {
        let partition = (i % partitions as usize) as i32;
        let mut record = BaseRecord::<[u8], [u8]>::to(&topic).partition(partition).payload(&payload[..]);
        while let Err((_, returned)) = producer.send(record) {
            producer.poll(Duration::from_millis(10));
            record = returned;
        }
    }
    producer.flush(Duration::from_secs(30)).unwrap();
}

/// Generated examples as (JSON line, protobuf bytes).
pub fn generated(dir: &Path, examples: u64) -> (PathBuf, Vec<(String, Vec<u8>)>) {
    let path = dir.join("examples.jsonl");
    run_ok(
        ftrl()
            .args(["gen", "--format", "jsonl", "--seed", "5", "--examples", &examples.to_string(), "--out"])
            .arg(&path),
    );
    let lines: Vec<(String, Vec<u8>)> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            let label = value["label"].as_f64().unwrap();
            let names: Vec<(String, String)> = value["features"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| {
                    let (ns, name) = f.as_str().unwrap().split_once(':').unwrap();
                    (ns.to_string(), name.to_string())
                })
                .collect();
            let features: Vec<(&str, &str, f64)> = names.iter().map(|(n, m)| (n.as_str(), m.as_str(), 1.0)).collect();
            (line.to_string(), encode_example(label, None, &features))
        })
        .collect();
    (path, lines)
}

/// Produces payloads round-robin over the examples partitions.
pub fn produce(setup: &Setup, payloads: &[Vec<u8>]) {
    let producer: BaseProducer = setup.client().set("linger.ms", "5").create().unwrap();
    send_examples(&producer, &setup.topic("examples"), 0, payloads);
}

/// Sends payloads to the two examples partitions in turn, the first to `first % 2`, and
/// waits until the broker has them all.
pub fn send_examples(producer: &BaseProducer, topic: &str, first: usize, payloads: &[Vec<u8>]) {
    for (i, payload) in payloads.iter().enumerate() {
        let partition = ((first + i) % 2) as i32;
        let mut record = BaseRecord::<[u8], [u8]>::to(topic).partition(partition).payload(&payload[..]);
        loop {
            match producer.send(record) {
                Ok(()) => break,
                Err((_, returned)) => {
                    producer.poll(Duration::from_millis(10));
                    record = returned;
                }
            }
        }
    }
    producer.flush(Duration::from_secs(30)).unwrap();
}

/// Reads every record of a topic up to its current end.
pub fn read_all(setup: &Setup, suffix: &str, partitions: i32) -> Vec<rdkafka::message::OwnedMessage> {
    read_topic(setup, &setup.topic(suffix), partitions)
}

/// Reads every record of `topic` (of any prefix) up to its current end.
pub fn read_topic(setup: &Setup, topic: &str, partitions: i32) -> Vec<rdkafka::message::OwnedMessage> {
    let consumer: BaseConsumer = setup
        .client()
        .set("group.id", "test-reader")
        .set("enable.partition.eof", "true")
        .set("isolation.level", "read_committed")
        .create()
        .unwrap();
    let mut tpl = TopicPartitionList::new();
    for p in 0..partitions {
        tpl.add_partition_offset(topic, p, Offset::Beginning).unwrap();
    }
    consumer.assign(&tpl).unwrap();
    let mut pending: std::collections::BTreeSet<i32> = (0..partitions).collect();
    let mut out = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !pending.is_empty() && Instant::now() < deadline {
        match consumer.poll(Duration::from_millis(200)) {
            Some(Ok(m)) => out.push(m.detach()),
            Some(Err(KafkaError::PartitionEOF(p))) => {
                pending.remove(&p);
            }
            _ => {}
        }
    }
    out
}

/// Sums the progress windows as every reader must, each counted once: (examples, mean
/// progressive loss).
pub fn progress(setup: &Setup) -> (u64, f64) {
    let config = ftrl_stream::config::load(&setup.config("progress-reader", "protobuf")).unwrap();
    let totals = ftrl_stream::stream::admin::read_progress(&config).unwrap();
    (totals.examples, totals.progressive_loss)
}

/// The progressive loss along the stream, for a failure's message: per examples partition
/// and range of `span` offsets, the mean loss of the windows ending in it (each counted
/// once) and the workers that wrote them, so a loss lost in one phase or by one worker
/// shows where.
pub fn loss_trajectory(setup: &Setup, span: i64) -> String {
    use ftrl_stream::schema::proto::ProgressWindow;
    use prost::Message as _;
    use rdkafka::Message as _;
    let mut seen = std::collections::HashSet::new();
    let mut ranges: std::collections::BTreeMap<(i32, i64), (f64, f64, std::collections::BTreeSet<String>)> =
        Default::default();
    for message in read_all(setup, "progress", setup.example_partitions) {
        let Some(Ok(window)) = message.payload().map(ProgressWindow::decode) else { continue };
        if !seen.insert((window.origin_partition, window.first_offset, window.last_offset)) {
            continue;
        }
        let range = ranges.entry((window.origin_partition, window.last_offset / span)).or_default();
        range.0 += window.loss_sum;
        range.1 += window.weight_sum;
        range.2.insert(window.worker.clone());
    }
    let mut text = String::from("partition | offsets | loss | workers\n");
    for ((partition, range), (loss, weight, workers)) in ranges {
        let workers: Vec<String> = workers.into_iter().collect();
        text += &format!(
            "{partition} | {}..{} | {:.4} | {}\n",
            range * span,
            (range + 1) * span,
            loss / weight.max(f64::MIN_POSITIVE),
            workers.join(" ")
        );
    }
    text
}

pub fn wait_for_progress(setup: &Setup, expected: u64, workers: &[&Worker]) -> f64 {
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let (count, loss) = progress(setup);
        if count >= expected {
            assert_eq!(count, expected, "every example is scored exactly once");
            return loss;
        }
        if Instant::now() > deadline {
            let logs: Vec<String> = workers.iter().map(|w| w.log_text()).collect();
            panic!("only {count} of {expected} examples scored; logs:\n{}", logs.join("\n----\n"));
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// The embedded trainer on the same examples: (progressive loss, coordinate → (weight, updates)).
pub fn embedded(dir: &Path, data: &Path) -> (f64, HashMap<u64, (f64, u64)>) {
    let (summary, weights) = embedded_with(dir, data, "embedded-model", &[]);
    (summary["progressive_loss"].as_f64().unwrap(), weights)
}

/// The embedded trainer with extra `flags`, in model directory `name`: (its JSON summary,
/// coordinate → (weight, updates)).
pub fn embedded_with(dir: &Path, data: &Path, name: &str, flags: &[&str]) -> (Value, HashMap<u64, (f64, u64)>) {
    let model = dir.join(name);
    let summary = run_ok(
        ftrl()
            .args(["train", "--quiet", "--summary-json", "--format", "jsonl", "--data"])
            .arg(data)
            .args(flags)
            .arg("--model")
            .arg(&model),
    );
    let summary: Value = serde_json::from_str(summary.lines().last().unwrap()).unwrap();
    // A Hedge's coordinates belong to members of different α: export their states, with
    // z standing in for the weight (FTRL-Proximal without L1: zero exactly when z is).
    let hedge = flags.contains(&"--hedge");
    let export = run_ok(ftrl().args(["export", if hedge { "--states" } else { "--all" }, "--model"]).arg(&model));
    let weights = export
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let weight = v[if hedge { "z" } else { "weight" }].as_f64().unwrap();
            (v["coordinate"].as_u64().unwrap(), (weight, v["updates"].as_u64().unwrap()))
        })
        .collect();
    (summary, weights)
}

pub fn dump(config: &Path) -> HashMap<u64, (f64, u64)> {
    run_ok(ftrl().args(["model", "dump", "--config"]).arg(config))
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["coordinate"].as_u64().unwrap(), (v["weight"].as_f64().unwrap(), v["updates"].as_u64().unwrap()))
        })
        .collect()
}

/// Compares the stream's model with the embedded one: every coordinate applied exactly as
/// often, and weights close (see the tolerance argument in docs/exactly-once.md).
pub fn assert_models_agree(stream: &HashMap<u64, (f64, u64)>, embedded: &HashMap<u64, (f64, u64)>) {
    let nonzero: Vec<_> = embedded.iter().filter(|(_, (w, _))| *w != 0.0).collect();
    assert_eq!(stream.len(), nonzero.len(), "the same coordinates have nonzero weights");
    let mut worst = 0.0f64;
    for (coordinate, (weight, updates)) in nonzero {
        let (stream_weight, stream_updates) = stream.get(coordinate).copied().unwrap_or((0.0, 0));
        assert_eq!(stream_updates, *updates, "coordinate {coordinate} applied a different number of times");
        worst = worst.max((stream_weight - weight).abs());
    }
    assert!(worst < 0.25, "largest weight difference {worst}");
}

/// Produces `payloads` round-robin over the examples partitions in `chunks` installments,
/// `pause` apart, from a thread: examples keep flowing while workers die.
pub fn produce_slowly(
    setup: &Setup,
    payloads: Vec<Vec<u8>>,
    chunks: usize,
    pause: Duration,
) -> std::thread::JoinHandle<()> {
    let client = setup.client();
    let topic = setup.topic("examples");
    std::thread::spawn(move || {
        let producer: BaseProducer = client.clone().set("linger.ms", "5").create().unwrap();
        let chunk = payloads.len().div_ceil(chunks);
        for (c, part) in payloads.chunks(chunk).enumerate() {
            send_examples(&producer, &topic, c * chunk, part);
            std::thread::sleep(pause);
        }
    })
}

/// Waits until the progress topic has counted `expected` examples or stopped moving:
/// (examples counted, progressive loss).
pub fn settle_progress(setup: &Setup, expected: u64, worker: &Worker) -> (u64, f64) {
    let deadline = Instant::now() + Duration::from_secs(180);
    let (mut last, mut unchanged_since) = (0, Instant::now());
    loop {
        let (count, _) = progress(setup);
        if count != last {
            (last, unchanged_since) = (count, Instant::now());
        }
        // 60 s, not 30: under injected produce errors (mock cluster) the update role once
        // blocked in a transaction past max.poll.interval.ms (20 s), left its group and was
        // starting over when 30 s without progress ended the test (2026-11-28). A worker that
        // recovers is what these tests check; one that never does still fails.
        let stalled = unchanged_since.elapsed() > Duration::from_secs(60);
        if count >= expected || stalled || Instant::now() > deadline {
            if count < expected {
                eprintln!("progress stalled at {count} of {expected}; log:\n{}", worker.log_text());
            }
            // A little longer, in case windows beyond the expected count are still coming.
            std::thread::sleep(Duration::from_secs(1));
            return progress(setup);
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// Dumps the model once its update counts reach `expected` in total (then once more, so that
/// any update beyond it shows too), or after a deadline.
pub fn settle_model(config: &Path, expected: u64, worker: &Worker) -> HashMap<u64, (f64, u64)> {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let model = dump(config);
        let applied: u64 = model.values().map(|(_, u)| u).sum();
        if applied >= expected {
            std::thread::sleep(Duration::from_secs(2));
            return dump(config);
        }
        if Instant::now() > deadline {
            eprintln!("only {applied} of {expected} updates published; log:\n{}", worker.log_text());
            return model;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// Total updates of the nonzero coordinates of a model: what the stream must publish.
pub fn total_updates(model: &HashMap<u64, (f64, u64)>) -> u64 {
    model.values().filter(|(w, _)| *w != 0.0).map(|(_, u)| u).sum()
}

/// One row of the fault table: what was injected and what the topics hold afterwards.
#[derive(Debug)]
pub struct FaultRow {
    pub fault: &'static str,
    pub injected: u32,
    /// Times the worker process stopped by itself (with an error) and was started again.
    pub restarts: u32,
    pub examples: u64,
    pub scored: u64,
    pub lost_updates: u64,
    pub duplicated_updates: u64,
}

impl FaultRow {
    /// Compares the published model with the embedded trainer's: per coordinate, updates
    /// missing count as lost, updates beyond (or on coordinates it never saw) as duplicated.
    pub fn new(
        fault: &'static str,
        injected: u32,
        examples: u64,
        scored: u64,
        model: &HashMap<u64, (f64, u64)>,
        expected: &HashMap<u64, (f64, u64)>,
    ) -> Self {
        let (mut lost_updates, mut duplicated_updates) = (0, 0);
        for (coordinate, (_, updates)) in expected {
            let got = model.get(coordinate).map_or(0, |(_, u)| *u);
            lost_updates += updates.saturating_sub(got);
            duplicated_updates += got.saturating_sub(*updates);
        }
        for (coordinate, (_, got)) in model {
            if !expected.contains_key(coordinate) {
                duplicated_updates += got;
            }
        }
        Self { fault, injected, restarts: 0, examples, scored, lost_updates, duplicated_updates }
    }

    pub const HEADER: &'static str = "| fault | injected | worker restarts | examples | scored | lost updates | duplicated updates |\n|---|---|---|---|---|---|---|";

    pub fn line(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            self.fault,
            self.injected,
            self.restarts,
            self.examples,
            self.scored,
            self.lost_updates,
            self.duplicated_updates
        )
    }

    /// Prints the row as a table and requires the invariant: every example scored once, no
    /// update lost or doubled.
    pub fn assert_exact(&self) {
        eprintln!("{}\n{}", Self::HEADER, self.line());
        assert_eq!(self.scored, self.examples, "{self:?}");
        assert_eq!((self.lost_updates, self.duplicated_updates), (0, 0), "{self:?}");
    }
}

pub fn signal(pid: &str, signal: &str) {
    assert!(Command::new("kill").args([signal, pid]).status().unwrap().success(), "kill {signal} {pid}");
}
