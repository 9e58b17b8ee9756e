//! `ftrl replay`: copying a model's examples topic into another prefix's, exactly once and
//! continuing where the last copy stopped.

use super::backlog::read_backlog;
use super::READ_TIMEOUT;
use crate::config::WorkerConfig;
use crate::stream::kafka::{read_to_end, send, transactional_producer};
use crate::stream::wire;
use crate::stream::{ReplayRefusal, StreamError};
use indicatif::ProgressBar;
use rdkafka::message::{Header, Headers as _, OwnedHeaders};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::Message;
use std::collections::BTreeMap;
use std::time::Duration;

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
    let mut ends: BTreeMap<i32, Result<(String, i32, i64), ReplayRefusal>> = BTreeMap::new();
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
                let reason = ReplayRefusal::OtherSource { topic, partition: from, offset };
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
            if let Err(error) = crate::stream::kafka::begin(&producer) {
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
            if let Err(error) = crate::stream::kafka::finish(&producer, Ok(()), None) {
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
            let _ = producer.abort_transaction(crate::stream::kafka::TRANSACTION_CALL_TIMEOUT);
        }
        return Err(error);
    }
    if in_transaction > 0 {
        crate::stream::kafka::finish(&producer, Ok(()), None)?;
        replayed.copied += in_transaction as u64;
        progress.inc(in_transaction as u64);
    }
    Ok(replayed)
}

/// Where a record of a replay's target came from, by its `ftrl.source.*` headers, or why
/// it does not say.
fn copied_from(message: &rdkafka::message::BorrowedMessage<'_>) -> Result<(String, i32, i64), ReplayRefusal> {
    let header = |name: &str| -> Option<String> {
        let headers = message.headers()?;
        headers.iter().find(|h| h.key == name).and_then(|h| h.value).map(|v| String::from_utf8_lossy(v).into_owned())
    };
    let what = || ReplayRefusal::NotACopy { offset: message.offset() };
    let topic = header(wire::SOURCE_TOPIC_HEADER).ok_or_else(what)?;
    let partition = header(wire::SOURCE_PARTITION_HEADER).and_then(|p| p.parse().ok()).ok_or_else(what)?;
    let offset = header(wire::SOURCE_OFFSET_HEADER).and_then(|o| o.parse().ok()).ok_or_else(what)?;
    Ok((topic, partition, offset))
}
