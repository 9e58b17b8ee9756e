//! Administration and inspection: creating a model's topics, dumping its deltas topic as a
//! model, copying its examples for a replay, and reading a topic for embedded training.

use super::apply::WindowCounter;
use super::batch_queue::{Entry, Record};
use super::kafka::{
    assign_split_queues_from, client_config, read_to_end, reader, reader_config, send, transactional_producer,
    ReaderConsumer, ReaderContext,
};
use super::wire::{self, coordinate_of};
use super::StreamError;
use crate::config::{ModelConfig, WorkerConfig};
use crate::input::{Batch, InputError, Item, Origin, BATCH_EXAMPLES};
use crate::learn::Progress;
use crate::schema::example::Featurizer;
use crate::schema::framing::{frame, Framing};
use crate::schema::proto::{ExampleFormat, ProgressWindow, WeightDelta};
use indicatif::ProgressBar;
use prost::Message as _;
use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
use rdkafka::client::DefaultClientContext;
use rdkafka::consumer::Consumer;
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::message::{Header, Headers as _, OwnedHeaders};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::{ClientConfig, Message, Offset, TopicPartitionList};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::mpsc::{sync_channel, Receiver};
use std::time::{Duration, Instant};

/// Longest a read "to the end of the topic" may take.
const READ_TIMEOUT: Duration = Duration::from_secs(600);

/// A day in milliseconds.
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long each topic keeps its records (`retention.ms`, -1 for ever), by topic suffix, and
/// why: set by `ftrl topics create` so that no topic gets the broker's default (often 7
/// days) by accident. The deltas and changelog topics are compacted: they keep each
/// coordinate's latest record for ever. The table of them in docs/topics.md is kept equal to this.
pub const RETENTION: [(&str, i64, &str); 5] = [
    ("examples", -1, "replays and `ftrl train --from-topic` start from the first example"),
    ("gradients", 7 * DAY_MS, "longest the update roles may be down or behind before unapplied gradients are lost"),
    ("progress", -1, "the progressive loss, AUC and the Hedge's leader sum every window since the start"),
    ("predictions", 7 * DAY_MS, "an output for other consumers"),
    ("dlq", 30 * DAY_MS, "time to look at what could not be read"),
];

/// What `ftrl topics create` makes of one topic: its name, partitions and topic settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TopicPlan {
    pub name: String,
    pub partitions: i32,
    pub settings: Vec<(&'static str, String)>,
}

/// The model's topics as `ftrl topics create` makes them with `replication` copies: the
/// deltas and changelog compacted, the others with the retention of [`RETENTION`] and no size
/// bound, and with more than one copy `min.insync.replicas` a majority of them (a write is
/// acknowledged once most copies have it).
pub(crate) fn topic_plan(config: &WorkerConfig, replication: i32) -> Vec<TopicPlan> {
    let topics = config.topics();
    let (examples, model) = (config.model.example_partitions, config.model.partitions);
    let partitions = [examples, model, model, model, examples, examples, 1];
    topics
        .all()
        .into_iter()
        .zip(partitions)
        .map(|(name, partitions)| {
            let suffix = name.rsplit('.').next().unwrap_or_default();
            let mut settings = match RETENTION.iter().find(|(s, ..)| *s == suffix) {
                Some((_, ms, _)) => vec![("retention.ms", ms.to_string()), ("retention.bytes", "-1".to_string())],
                None => vec![("cleanup.policy", "compact".to_string())],
            };
            if replication > 1 {
                settings.push(("min.insync.replicas", (replication / 2 + 1).to_string()));
            }
            TopicPlan { name: name.to_owned(), partitions, settings }
        })
        .collect()
}

/// Creates the model's topics as [`topic_plan`] says; existing ones are left as they are.
/// Returns (topic, outcome).
pub(crate) fn create_topics(config: &WorkerConfig, replication: i32) -> Result<Vec<(String, String)>, StreamError> {
    let plan = topic_plan(config, replication);
    let new_topics: Vec<NewTopic<'_>> = plan
        .iter()
        .map(|topic| {
            let new = NewTopic::new(&topic.name, topic.partitions, TopicReplication::Fixed(replication));
            topic.settings.iter().fold(new, |new, (key, value)| new.set(key, value))
        })
        .collect();
    let admin: AdminClient<DefaultClientContext> = client_config(config).create()?;
    let options = AdminOptions::new().operation_timeout(Some(Duration::from_secs(30)));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StreamError::Other(format!("starting a runtime: {e}")))?;
    let results = runtime.block_on(admin.create_topics(&new_topics, &options))?;
    Ok(results
        .into_iter()
        .map(|result| match result {
            Ok(name) => (name, "created".to_string()),
            Err((name, RDKafkaErrorCode::TopicAlreadyExists)) => (name, "exists".to_string()),
            Err((name, code)) => (name, format!("failed: {code}")),
        })
        .collect())
}

/// One coordinate of the model as the deltas topic holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct DumpedWeight {
    pub coordinate: u64,
    pub weight: f64,
    pub updates: u64,
    pub version: u64,
}

/// Materializes the deltas topic: the latest delta of every coordinate, tombstones removed,
/// in coordinate order. `progress` counts the records read.
pub(crate) fn dump_model(config: &WorkerConfig, progress: &ProgressBar) -> Result<Vec<DumpedWeight>, StreamError> {
    let topics = config.topics();
    let mut model: BTreeMap<u64, DumpedWeight> = BTreeMap::new();
    let partitions: Vec<i32> = (0..config.model.partitions).collect();
    read_to_end(config, &topics.deltas, &partitions, READ_TIMEOUT, |message| {
        progress.inc(1);
        let Some(coordinate) = coordinate_of(message.key()) else {
            return;
        };
        match message.payload().map(WeightDelta::decode) {
            None => {
                model.remove(&coordinate);
            }
            Some(Ok(delta)) => {
                let newer = model.get(&coordinate).is_none_or(|old| delta.version >= old.version);
                if newer {
                    model.insert(
                        coordinate,
                        DumpedWeight {
                            coordinate,
                            weight: delta.weight,
                            updates: delta.updates,
                            version: delta.version,
                        },
                    );
                }
            }
            Some(Err(error)) => tracing::warn!(%error, coordinate, "undecodable delta skipped"),
        }
    })?;
    // A zero weight is published with a value only to carry its rate (implicit steps).
    Ok(model.into_values().filter(|w| w.weight != 0.0).collect())
}

/// Progressive validation of a stream so far, from its progress topic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProgressTotals {
    pub examples: u64,
    pub weight_sum: f64,
    pub progressive_loss: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auc: Option<f64>,
    pub windows: u64,
    /// Windows written again by a replay after a crash, counted once.
    pub duplicate_windows: u64,
    /// For a Hedge mixture: each member's importance-weighted loss sum, in the order of
    /// `model.hedge` (its cumulative progressive loss); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub member_loss_sums: Vec<f64>,
    /// For a Hedge mixture: the members' learning rates, their mean progressive losses and
    /// the rate of the one with the least (the mixture follows it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hedge: Option<HedgeProgress>,
}

/// How each member of a stream's Hedge mixture has done.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HedgeProgress {
    pub alphas: Vec<f64>,
    pub progressive_losses: Vec<f64>,
    pub leader_alpha: f64,
}

impl ProgressTotals {
    /// Each Hedge member's mean progressive loss.
    pub(crate) fn member_losses(&self) -> Vec<f64> {
        self.member_loss_sums.iter().map(|l| l / self.weight_sum.max(f64::MIN_POSITIVE)).collect()
    }
}

/// Reads the progress topic to its end and sums its windows, each counted once.
pub fn read_progress(config: &WorkerConfig) -> Result<ProgressTotals, StreamError> {
    Ok(ProgressSum::read(config)?.totals(&config.model.learner.hedge))
}

/// The sum of a progress topic's windows, each counted once, and where it stopped reading.
struct ProgressSum {
    binary: bool,
    total: Progress,
    counter: WindowCounter,
    windows: u64,
    /// Progress partition → the next offset to read.
    next: BTreeMap<i32, i64>,
}

impl ProgressSum {
    /// The sum of the whole topic as of now.
    fn read(config: &WorkerConfig) -> Result<Self, StreamError> {
        let binary = config.settings().map_err(StreamError::Config)?.loss.is_binary();
        let mut sum = Self {
            binary,
            total: Progress::new(binary),
            counter: WindowCounter::default(),
            windows: 0,
            next: BTreeMap::new(),
        };
        let partitions: Vec<i32> = (0..config.model.example_partitions).collect();
        read_to_end(config, &config.topics().progress, &partitions, READ_TIMEOUT, |message| sum.add(message))?;
        Ok(sum)
    }

    fn add(&mut self, message: &rdkafka::message::BorrowedMessage<'_>) {
        self.next.insert(message.partition(), message.offset() + 1);
        match message.payload().map(ProgressWindow::decode) {
            Some(Ok(window)) if self.counter.is_new(&window) => {
                self.windows += 1;
                self.total.merge(&window.progress(self.binary));
            }
            Some(Ok(_)) => {}
            Some(Err(error)) => {
                tracing::warn!(%error, offset = message.offset(), "undecodable progress window skipped")
            }
            None => tracing::warn!(offset = message.offset(), "empty progress record skipped"),
        }
    }

    fn totals(&self, alphas: &[f64]) -> ProgressTotals {
        ProgressTotals {
            examples: self.total.count,
            weight_sum: self.total.weight_sum,
            progressive_loss: self.total.mean_loss(),
            auc: self.total.auc(),
            windows: self.windows,
            duplicate_windows: self.counter.duplicates,
            hedge: hedge_progress(alphas, &self.total),
            member_loss_sums: self.total.member_loss_sums.clone(),
        }
    }
}

/// Follows the progress topic, keeping its totals current (`ftrl serve` keeps a Hedge's
/// mixture weights current with them).
pub(crate) struct ProgressFollower {
    consumer: super::kafka::ReaderConsumer,
    sum: ProgressSum,
    alphas: Vec<f64>,
}

impl ProgressFollower {
    /// Reads the topic to its end, then follows it from there.
    pub(crate) fn start(config: &WorkerConfig) -> Result<Self, StreamError> {
        let sum = ProgressSum::read(config)?;
        let consumer = reader(config)?;
        let mut assignment = TopicPartitionList::new();
        for partition in 0..config.model.example_partitions {
            let next = sum.next.get(&partition).map_or(Offset::Beginning, |next| Offset::Offset(*next));
            assignment.add_partition_offset(&config.topics().progress, partition, next)?;
        }
        consumer.assign(&assignment)?;
        Ok(Self { consumer, sum, alphas: config.model.learner.hedge.clone() })
    }

    /// Adds the windows that have arrived, without waiting; whether any counted.
    pub(crate) fn catch_up(&mut self) -> bool {
        let before = self.sum.windows;
        loop {
            match self.consumer.poll(Duration::ZERO) {
                None => break,
                Some(Ok(message)) => self.sum.add(&message),
                Some(Err(KafkaError::PartitionEOF(_))) => {}
                Some(Err(error)) => {
                    tracing::warn!(%error, "progress consumer error");
                    break;
                }
            }
        }
        self.sum.windows > before
    }

    pub(crate) fn totals(&self) -> ProgressTotals {
        self.sum.totals(&self.alphas)
    }
}

fn hedge_progress(alphas: &[f64], total: &Progress) -> Option<HedgeProgress> {
    if alphas.is_empty() || total.member_loss_sums.len() != alphas.len() {
        return None;
    }
    let losses: Vec<f64> = total.member_loss_sums.iter().map(|l| l / total.weight_sum.max(f64::MIN_POSITIVE)).collect();
    let leader = (0..losses.len()).min_by(|&a, &b| losses[a].total_cmp(&losses[b]))?;
    Some(HedgeProgress { alphas: alphas.to_vec(), progressive_losses: losses, leader_alpha: alphas[leader] })
}

/// What a replay did: the records it copied, and those an earlier run had copied already.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Replayed {
    pub copied: u64,
    pub earlier: u64,
}

/// Records copied in one transaction of a replay.
const REPLAY_TRANSACTION: usize = 10_000;

/// Copies the examples topic of `config` into the examples topic of `target` (same
/// partitions), so that workers under the new prefix rebuild the model from the start.
/// `progress` counts the records copied.
///
/// A replay continues where the last one into the same target stopped, so running it again
/// keeps the new prefix current while the old one still receives examples, and copies each
/// example once: every copy carries its source's topic, partition and offset in headers
/// (`ftrl.source.*`), and the last copy in each target partition says where to go on. The
/// copies go in transactions under one transactional id per target, which is initialized
/// first: that aborts what a killed replay left open (or fences one still running), so the
/// target's end is settled before it is read. A target partition whose last record is not a
/// copy of the same source partition is refused.
pub(crate) fn replay_examples(
    config: &WorkerConfig,
    target: &WorkerConfig,
    progress: &ProgressBar,
) -> Result<Replayed, StreamError> {
    let (source, destination) = (config.topics().examples, target.topics().examples);
    let producer: BaseProducer = transactional_producer(
        target,
        &wire::replay_transactional_id(&target.model.prefix),
        rdkafka::producer::DefaultProducerContext,
    )?;
    let partitions: Vec<i32> = (0..config.model.example_partitions).collect();
    let mut replayed = Replayed::default();
    // Per target partition: (records, where its last record says it came from).
    let mut ends: BTreeMap<i32, Result<(String, i32, i64), String>> = BTreeMap::new();
    read_to_end(target, &destination, &partitions, READ_TIMEOUT, |message| {
        replayed.earlier += 1;
        ends.insert(message.partition(), copied_from(message));
    })?;
    let mut starts: Vec<(i32, i64)> = Vec::with_capacity(partitions.len());
    for partition in &partitions {
        let next = match ends.remove(partition) {
            None => 0,
            Some(Ok((topic, from, offset))) if topic == source && from == *partition => offset + 1,
            Some(Ok((topic, from, offset))) => {
                let reason = format!("its last record is a copy of {topic} partition {from} offset {offset}");
                return Err(StreamError::ReplayRefused { topic: destination, partition: *partition, reason });
            }
            Some(Err(reason)) => {
                return Err(StreamError::ReplayRefused { topic: destination, partition: *partition, reason })
            }
        };
        starts.push((*partition, next));
    }
    tracing::info!(?starts, earlier = replayed.earlier, "replaying from these offsets");
    let mut failure: Option<StreamError> = None;
    let mut in_transaction = 0usize;
    // Each partition is copied to the same partition in offset order, so the copy is the
    // same event log whatever order the partitions are read in.
    let read = read_backlog(config, &source, &starts, |read| {
        if in_transaction == 0 {
            if let Err(error) = super::kafka::begin(&producer) {
                failure = Some(error.into());
                return false;
            }
        }
        let (partition, offset) = (read.partition.to_string(), read.offset.to_string());
        let headers = OwnedHeaders::new()
            .insert(Header { key: wire::SOURCE_TOPIC_HEADER, value: Some(source.as_str()) })
            .insert(Header { key: wire::SOURCE_PARTITION_HEADER, value: Some(partition.as_str()) })
            .insert(Header { key: wire::SOURCE_OFFSET_HEADER, value: Some(offset.as_str()) });
        let mut record = BaseRecord::to(&destination).partition(read.partition).headers(headers);
        if let Some(key) = read.key {
            record = record.key(key);
        }
        if let Some(value) = read.value {
            record = record.payload(value);
        }
        if let Err(error) = send(&producer, record) {
            failure = Some(error.into());
            return false;
        }
        producer.poll(Duration::ZERO);
        in_transaction += 1;
        if in_transaction == REPLAY_TRANSACTION {
            if let Err(error) = super::kafka::finish(&producer, Ok(()), None) {
                failure = Some(error);
                in_transaction = 0;
                return false;
            }
            replayed.copied += in_transaction as u64;
            progress.inc(in_transaction as u64);
            in_transaction = 0;
        }
        true
    });
    if let Some(error) = read.err().or(failure) {
        // Whatever the open transaction holds is aborted; a new run copies it again.
        if in_transaction > 0 {
            let _ = producer.abort_transaction(super::kafka::TRANSACTION_CALL_TIMEOUT);
        }
        return Err(error);
    }
    if in_transaction > 0 {
        super::kafka::finish(&producer, Ok(()), None)?;
        replayed.copied += in_transaction as u64;
        progress.inc(in_transaction as u64);
    }
    Ok(replayed)
}

/// Where a record of a replay's target came from, by its `ftrl.source.*` headers, or why
/// it does not say.
fn copied_from(message: &rdkafka::message::BorrowedMessage<'_>) -> Result<(String, i32, i64), String> {
    let header = |name: &str| -> Option<String> {
        let headers = message.headers()?;
        headers.iter().find(|h| h.key == name).and_then(|h| h.value).map(|v| String::from_utf8_lossy(v).into_owned())
    };
    let what = || format!("its last record (offset {}) is not a copy `ftrl replay` made", message.offset());
    let topic = header(wire::SOURCE_TOPIC_HEADER).ok_or_else(what)?;
    let partition = header(wire::SOURCE_PARTITION_HEADER).and_then(|p| p.parse().ok()).ok_or_else(what)?;
    let offset = header(wire::SOURCE_OFFSET_HEADER).and_then(|o| o.parse().ok()).ok_or_else(what)?;
    Ok((topic, partition, offset))
}

/// Sends JSON-lines examples to the examples topic, one record per non-blank line, encoded
/// as `model.example_format` says (JSON and raw JSON events as they are; protobuf
/// converted) and framed as `model.example_framing` says (with `model.example_schema_id`,
/// 0 when unset, and the message index `[0]`). Lines that are not a JSON example are skipped
/// and counted. Returns (sent, skipped).
pub(crate) fn produce_examples(
    config: &WorkerConfig,
    lines: impl std::io::BufRead,
    progress: &ProgressBar,
    skip_bad: bool,
) -> Result<(u64, u64), StreamError> {
    let topic = config.topics().examples;
    let producer: BaseProducer =
        client_config(config).set("enable.idempotence", "true").set("linger.ms", "20").create()?;
    let mut sent = 0u64;
    let read = encode_lines(config, lines, skip_bad, |line, payload| {
        send(&producer, BaseRecord::<[u8], [u8]>::to(&topic).payload(payload))
            .map_err(|e| StreamError::Other(format!("line {line}: {e}")))?;
        producer.poll(Duration::ZERO);
        sent += 1;
        progress.inc(1);
        Ok(())
    });
    // What was handed over is delivered (or fails here) even when a bad line stopped it.
    producer.flush(Duration::from_secs(60))?;
    Ok((sent, read?))
}

/// Bad input lines reported one by one before only their count is.
const REPORTED_BAD_LINES: u64 = 10;

/// Encodes every non-blank input line as the examples topic holds it ([`encode_line`]) and
/// hands it to `visit` with its line number. A bad line (not UTF-8, not an example of the
/// model's format, or larger than a producer may send) stops the input with an error naming
/// its line and why, or with `skip_bad` is skipped, reported (the first ten) and counted:
/// returns the number skipped.
pub(crate) fn encode_lines(
    config: &WorkerConfig,
    mut lines: impl std::io::BufRead,
    skip_bad: bool,
    mut visit: impl FnMut(u64, &[u8]) -> Result<(), StreamError>,
) -> Result<u64, StreamError> {
    let configured = message_max_bytes(config);
    // librdkafka counts the record's framing too.
    let limit = configured.saturating_sub(RECORD_OVERHEAD_BYTES);
    let (mut number, mut skipped) = (0u64, 0u64);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = lines
            .read_until(b'\n', &mut buffer)
            .map_err(|e| StreamError::Other(format!("reading line {}: {e}", number + 1)))?;
        if read == 0 {
            return Ok(skipped);
        }
        number += 1;
        let line = buffer.strip_suffix(b"\n").unwrap_or(&buffer);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.trim_ascii().is_empty() {
            continue;
        }
        let encoded = std::str::from_utf8(line)
            .map_err(|_| "not UTF-8".to_string())
            .and_then(|text| encode_line(&config.model, text.to_owned()))
            .and_then(|payload| match payload.len() {
                bytes if bytes > limit => Err(format!(
                    "{bytes} bytes, more than a record may hold ({limit}: the producer's message.max.bytes, \
                     {configured}, less room for the record's framing)"
                )),
                _ => Ok(payload),
            });
        match encoded {
            Ok(payload) => visit(number, &payload)?,
            Err(reason) if skip_bad => {
                skipped += 1;
                if skipped <= REPORTED_BAD_LINES {
                    tracing::warn!(line = number, %reason, "not an example, skipped");
                }
            }
            Err(reason) => {
                return Err(StreamError::Other(format!(
                    "line {number}: {reason} (the lines before it were sent; --skip-bad skips bad lines)"
                )))
            }
        }
    }
}

/// The producer's `message.max.bytes` (librdkafka's 1,000,000 unless
/// `kafka.librdkafka_options` says otherwise).
fn message_max_bytes(config: &WorkerConfig) -> usize {
    let configured = config.kafka.librdkafka_options.iter().find(|(key, _)| key.trim() == "message.max.bytes");
    configured.and_then(|(_, value)| value.trim().parse::<usize>().ok()).unwrap_or(1_000_000)
}

/// What librdkafka adds to a value it checks against `message.max.bytes` (about 100 bytes
/// for a record with no key or headers), rounded up.
const RECORD_OVERHEAD_BYTES: usize = 512;

/// One non-blank JSON-lines input line as the examples topic holds it (see
/// [`produce_examples`]), or why it is not an example.
pub(super) fn encode_line(model: &ModelConfig, line: String) -> Result<Vec<u8>, String> {
    let format = model.example_format;
    let payload = match format {
        ExampleFormat::Json | ExampleFormat::JsonEvents => Ok(line.into_bytes()),
        ExampleFormat::Protobuf => json_to_protobuf(&line),
    };
    match model.example_framing {
        Framing::None => payload,
        Framing::SchemaRegistry => {
            payload.map(|message| frame(format, model.example_schema_id.unwrap_or(0), &[0], &message))
        }
    }
}

/// The `ftrl.v1.Example` of a JSON-lines example (`label`, optional `weight`, `features` as
/// "ns:name" strings or {"ns", "name", "value"} objects).
fn json_to_protobuf(line: &str) -> Result<Vec<u8>, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let label = value.get("label").and_then(serde_json::Value::as_f64).ok_or("no numeric label")?;
    let weight = value.get("weight").and_then(serde_json::Value::as_f64);
    let features = value.get("features").and_then(serde_json::Value::as_array).ok_or("no features array")?;
    let mut named: Vec<(String, String, f64)> = Vec::with_capacity(features.len());
    for feature in features {
        match feature {
            serde_json::Value::String(text) => {
                let (ns, name) = text.split_once(':').unwrap_or(("", text));
                named.push((ns.to_string(), name.to_string(), 1.0));
            }
            serde_json::Value::Object(object) => {
                let text = |key: &str| object.get(key).and_then(serde_json::Value::as_str).map(str::to_string);
                let name = text("name").ok_or("a feature object without a name")?;
                let value = object.get("value").and_then(serde_json::Value::as_f64).unwrap_or(1.0);
                named.push((text("ns").unwrap_or_default(), name, value));
            }
            _ => return Err("a feature is neither a string nor an object".into()),
        }
    }
    let borrowed: Vec<(&str, &str, f64)> = named.iter().map(|(ns, name, v)| (ns.as_str(), name.as_str(), *v)).collect();
    Ok(crate::schema::proto::encode_example(label, weight, &borrowed))
}

/// Reads the examples topic from the beginning to its end on a background thread, in the
/// batches the embedded trainer consumes. The order is fixed by the topic alone, whatever
/// the timing: 2,048 records of partition 0, then of 1, … then the next 2,048 of 0, and so
/// on (see `read_backlog`), each partition in offset order. Records that are not examples
/// become `Item::Bad`, named by partition and offset.
pub(crate) fn spawn_topic_reader(
    config: &WorkerConfig,
    featurizer: Featurizer,
) -> Result<Receiver<Result<Batch, InputError>>, StreamError> {
    let (sender, receiver) = sync_channel(READER_QUEUE_DEPTH);
    let config = config.clone();
    let mut reader = config.model.example_reader(featurizer).map_err(|e| StreamError::Config(e.to_string()))?;
    std::thread::Builder::new()
        .name("topic-reader".into())
        .spawn(move || {
            let mut batch = Batch::with_capacity();
            let topic = config.topics().examples;
            let starts: Vec<(i32, i64)> = (0..config.model.example_partitions).map(|p| (p, 0)).collect();
            let result = read_backlog(&config, &topic, &starts, |record| {
                let line = Origin::Record { partition: record.partition, offset: record.offset };
                let start = batch.features.len() as u32;
                // Read straight from librdkafka's buffer: no copy of the record.
                let item = match record.value.map(|payload| reader.read(payload, &mut batch.features)) {
                    None => Item::Bad { line, reason: "record has no value".into() },
                    Some(Err(e)) => Item::Bad { line, reason: e.to_string() },
                    Some(Ok(_)) => Item::Example {
                        line,
                        label: reader.example().label,
                        weight: reader.example().weight,
                        base: reader.example().base,
                        features: (start, batch.features.len() as u32),
                        tag: (0, 0),
                    },
                };
                batch.items.push(item);
                if batch.items.len() < BATCH_EXAMPLES {
                    return true;
                }
                sender.send(Ok(std::mem::replace(&mut batch, Batch::with_capacity()))).is_ok()
            });
            if let Err(error) = result {
                let _ = sender.send(Err(InputError::Read(std::io::Error::other(error.to_string()))));
                return;
            }
            if !batch.items.is_empty() {
                let _ = sender.send(Ok(batch));
            }
        })
        .map_err(|e| StreamError::Other(format!("starting the topic reader: {e}")))?;
    Ok(receiver)
}

/// Batches in flight between the topic reader and the trainer (as between the file reader
/// and the trainer).
const READER_QUEUE_DEPTH: usize = 8;

/// Settings of a consumer that reads a backlog as fast as the broker serves it, rather than
/// following a topic's tail with low latency (`reader_config`'s fetches are sized for that).
fn backlog_reader_config(config: &WorkerConfig, partitions: usize) -> ClientConfig {
    // Each partition has its own queue here, and the limit applies to each: 16 MiB in all
    // for up to 4 partitions, 4 MiB each beyond. With 256 MiB (64 MiB each) the reader's peak memory was 210 MB against
    // 116 MB, and the process took 5% more CPU (fresh pages for every fetch, records read
    // long after they left the CPU's cache) for the same wall-clock time.
    let prefetch_kib = ((16 << 10) / partitions.max(1)).clamp(4 << 10, 16 << 10);
    let mut client = reader_config(config);
    super::kafka::with_large_fetches(&mut client);
    client
        // Prefetch by bytes, whatever the message count.
        .set("queued.max.messages.kbytes", prefetch_kib.to_string())
        .set("queued.min.messages", "10000000")
        // An answer as soon as there is anything: the end of a partition comes from the
        // fetch that finds nothing more, which should not wait long for more.
        .set("fetch.wait.max.ms", "10");
    client
}

/// Records taken from one partition before the backlog reader moves to the next.
const BACKLOG_ROUND: usize = BATCH_EXAMPLES;

/// How long the backlog reader waits on an empty partition queue before looking again.
/// Short: with 100 ms waits the reader sat out whole timeouts while the topic was being
/// fetched and the rate halved; with 2 ms waits it did not. (Whether librdkafka 2.12 misses
/// the wake-up of a split-off partition queue or schedules fetches late is not pinned down.)
const BACKLOG_WAIT: Duration = Duration::from_millis(2);

/// Reads each (partition, first offset) of `starts` of `topic` to its end as of now, calling
/// `visit` until it returns false, in an order fixed by the topic alone: rounds over the
/// partitions in the order given, `BACKLOG_ROUND` records of each per round (fewer at its
/// end), each partition in offset order. All partitions are fetched at once, and each has
/// its own queue in the consumer, so which fetch answered first does not matter.
fn read_backlog(
    config: &WorkerConfig,
    topic: &str,
    starts: &[(i32, i64)],
    mut visit: impl FnMut(Record<'_>) -> bool,
) -> Result<(), StreamError> {
    let consumer: ReaderConsumer = backlog_reader_config(config, starts.len()).create_with_context(ReaderContext)?;
    let consumer = std::sync::Arc::new(consumer);
    let mut queues = assign_split_queues_from(&consumer, topic, starts, BACKLOG_ROUND)?;
    let deadline = Instant::now() + READ_TIMEOUT;
    while !queues.is_empty() {
        let mut ended = Vec::new();
        for (index, queue) in queues.iter_mut().enumerate() {
            let (partition, mut taken, mut wait) = (queue.partition(), 0, Duration::ZERO);
            while taken < BACKLOG_ROUND {
                let (mut end, mut stop) = (false, false);
                let entries = queue.poll(wait, BACKLOG_ROUND - taken, |entry| match entry {
                    // Whatever follows an end or a refusal in this call is not visited.
                    _ if end || stop => {}
                    Entry::Record(record) => {
                        stop = !visit(record);
                        taken += 1;
                    }
                    Entry::End => end = true,
                    Entry::Error(error) => tracing::warn!(%error, topic, partition, "consumer error while reading"),
                });
                if stop {
                    return Ok(());
                }
                if end {
                    ended.push(index);
                    break;
                }
                if entries > 0 {
                    wait = Duration::ZERO;
                    continue;
                }
                // Nothing local: serve the consumer's own queue (errors, logs), which must
                // be polled, then wait for this partition's records.
                match consumer.poll(Duration::ZERO) {
                    None | Some(Err(KafkaError::PartitionEOF(_))) => {}
                    Some(Ok(message)) => {
                        return Err(StreamError::Other(format!(
                            "{topic}/{} offset {} arrived outside its partition queue",
                            message.partition(),
                            message.offset()
                        )))
                    }
                    Some(Err(error)) => tracing::warn!(%error, topic, "consumer error while reading"),
                }
                if Instant::now() > deadline {
                    return Err(StreamError::Other(format!("reading {topic}/{partition} to its end timed out")));
                }
                wait = BACKLOG_WAIT;
            }
        }
        for index in ended.into_iter().rev() {
            queues.remove(index);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::proto::Example;

    fn worker_config() -> WorkerConfig {
        WorkerConfig {
            kafka: crate::config::KafkaConfig::new("b:1"),
            model: crate::config::ModelConfig::new("m"),
            worker: Default::default(),
            observability: Default::default(),
            serve: Default::default(),
        }
    }

    /// An input with a good line, a blank one, then a line that is not JSON, one too large
    /// for a record, one that is not UTF-8, and a good one: (line numbers sent, result).
    fn produced(skip_bad: bool) -> (Vec<u64>, Result<u64, StreamError>) {
        let mut config = worker_config();
        config.model.example_format = ExampleFormat::Protobuf;
        let long = format!(r#"{{"label": 1, "features": ["a:{}"]}}"#, "x".repeat(1_000_000));
        let mut input = b"{\"label\": 1, \"features\": [\"a:x\"]}\n\nnot json\n".to_vec();
        input.extend_from_slice(long.as_bytes());
        input.extend_from_slice(b"\n\xff\xfe\r\n{\"label\": 0, \"features\": []}");
        let mut sent = Vec::new();
        let result = encode_lines(&config, &input[..], skip_bad, |line, _| {
            sent.push(line);
            Ok(())
        });
        (sent, result)
    }

    #[test]
    fn a_bad_line_stops_produce_by_its_number() {
        let (sent, result) = produced(false);
        assert_eq!(sent, [1]);
        let error = result.unwrap_err().to_string();
        assert!(error.starts_with("line 3: ") && error.contains("--skip-bad"), "{error}");
    }

    #[test]
    fn skip_bad_skips_and_counts_bad_lines_oversized_and_not_utf8_ones_too() {
        let (sent, result) = produced(true);
        assert_eq!((sent, result.unwrap()), (vec![1, 6], 3));
    }

    #[test]
    fn an_oversized_line_is_named_with_its_size() {
        let mut config = worker_config();
        config.model.example_format = ExampleFormat::JsonEvents;
        let line = format!("{{\"x\": \"{}\"}}\n", "y".repeat(2_000_000));
        let error = encode_lines(&config, line.as_bytes(), false, |_, _| Ok(())).unwrap_err().to_string();
        assert!(error.starts_with("line 1: 2000009 bytes, more than a record may hold (999488: "), "{error}");
    }

    #[test]
    fn every_topic_gets_a_retention_or_compaction_and_a_majority_in_sync() {
        let config = WorkerConfig {
            kafka: crate::config::KafkaConfig::new("b:1"),
            model: crate::config::ModelConfig::new("m.v1"),
            worker: Default::default(),
            observability: Default::default(),
            serve: Default::default(),
        };
        let setting =
            |plan: &TopicPlan, key: &str| plan.settings.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone());
        let plan = topic_plan(&config, 1);
        assert_eq!(plan.len(), 7);
        for topic in &plan {
            let compacted = topic.name.ends_with(".deltas") || topic.name.ends_with(".changelog");
            assert_eq!(setting(topic, "cleanup.policy").is_some(), compacted, "{topic:?}");
            assert_eq!(setting(topic, "retention.ms").is_some(), !compacted, "{topic:?}");
            assert_eq!(setting(topic, "min.insync.replicas"), None, "one copy: {topic:?}");
        }
        assert_eq!(setting(&plan[0], "retention.ms").as_deref(), Some("-1"), "examples kept for ever");
        assert_eq!(setting(&plan[1], "retention.ms").as_deref(), Some("604800000"));
        assert_eq!((plan[0].partitions, plan[1].partitions, plan[6].partitions), (8, 32, 1));
        for (replication, in_sync) in [(2, "2"), (3, "2"), (5, "3")] {
            for topic in topic_plan(&config, replication) {
                assert_eq!(setting(&topic, "min.insync.replicas").as_deref(), Some(in_sync), "{topic:?}");
            }
        }
    }

    #[test]
    fn json_examples_become_protobuf() {
        let bytes = json_to_protobuf(
            r#"{"label": 1, "weight": 2, "features": ["a:x", "y", {"ns": "c", "name": "z", "value": 0.5}]}"#,
        )
        .unwrap();
        let example = Example::decode(&bytes[..]).unwrap();
        assert_eq!((example.label, example.weight), (1.0, Some(2.0)));
        let features: Vec<(&str, &str, Option<f64>)> =
            example.features.iter().map(|f| (f.ns.as_str(), f.name.as_str(), f.value)).collect();
        // A value of 1 is left out: absent means 1 in the schema.
        assert_eq!(features, [("a", "x", None), ("", "y", None), ("c", "z", Some(0.5))]);
        assert!(json_to_protobuf("{}").unwrap_err().contains("label"));
        assert!(json_to_protobuf(r#"{"label": 1, "features": [3]}"#).is_err());
    }
}
