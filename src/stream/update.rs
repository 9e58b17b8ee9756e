//! The update role: consumes gradients in consumer group `{prefix}.update`. Gradients
//! partition p holds every coordinate that maps to p, so the group's assignment shards the
//! model. Each batch is applied with the core's update rule, the changed coordinates are
//! coalesced and published as deltas (absolute weights, compacted) and changelog records
//! (full state), and the consumed offsets commit in the same transaction. RocksDB is
//! written only after the commit.
//!
//! The changelog is the source of truth: on every assignment the role restores the
//! assigned partitions' states from it, so a partition that moves to another worker brings
//! its state along and a crash between commit and RocksDB write loses nothing.

use super::kafka::{
    collect, group_consumer_config, now_ms, partition_numbers, send, transactional_producer, RawRecord, RebalanceFlag,
    TRANSACTION_CALL_TIMEOUT,
};
use super::StreamError;
use crate::config::{Topics, WorkerConfig};
use crate::learn::{CoordState, CoordinateStates, Feature, Optimizer};
use crate::schema::proto::{AppliedWatermark, GradientBatch, StateRecord, WeightDelta};
use crate::store::ModelStore;
use prost::Message as _;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::{Message, Offset, TopicPartitionList};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Longest a restore may take before the worker gives up (and restarts).
const RESTORE_TIMEOUT: Duration = Duration::from_secs(300);

pub struct UpdateRole {
    config: WorkerConfig,
    consumer: BaseConsumer<RebalanceFlag>,
    producer: BaseProducer,
    store: ModelStore,
    optimizer: Optimizer,
    topics: Topics,
    max_records: usize,
    max_wait: Duration,
    slots: Vec<u32>,
    /// (gradients partition, examples partition) → highest example offset applied.
    applied: BTreeMap<(i32, i32), i64>,
}

/// Key of the applied-watermark records on the deltas topic; coordinates are 8-byte keys,
/// so this one can never be mistaken for one.
pub const WATERMARK_KEY: &[u8] = b"ftrl.applied";

impl UpdateRole {
    pub fn new(config: &WorkerConfig) -> Result<Self, StreamError> {
        let settings = config.settings().map_err(StreamError::Config)?;
        let topics = config.topics();
        let prefix = &config.model.prefix;
        // The local store only caches the changelog; starting from an empty one makes every
        // state provably the committed one.
        let dir = config.worker.state_dir.join("update");
        if dir.exists() {
            std::fs::remove_dir_all(&dir)
                .map_err(|e| StreamError::State(format!("clearing {}: {e}", dir.display())))?;
        }
        let store = ModelStore::open(&dir, config.worker.cache_size)?;
        let consumer: BaseConsumer<RebalanceFlag> =
            group_consumer_config(config, &format!("{prefix}.update")).create_with_context(RebalanceFlag::default())?;
        consumer.subscribe(&[&topics.gradients])?;
        let producer = transactional_producer(config, &format!("{prefix}.update.{}", config.worker.id))?;
        Ok(Self {
            config: config.clone(),
            consumer,
            producer,
            store,
            optimizer: settings.optimizer,
            topics,
            max_records: config.worker.batch_max_examples.clamp(1, 1000),
            max_wait: Duration::from_millis(config.worker.batch_max_wait_ms),
            slots: Vec::new(),
            applied: BTreeMap::new(),
        })
    }

    pub fn run(mut self, shutdown: &AtomicBool) -> Result<(), StreamError> {
        let (mut batches, mut entries) = (0u64, 0u64);
        let mut last_report = Instant::now();
        while !shutdown.load(Ordering::Acquire) {
            let records = collect(&self.consumer, self.max_records, self.max_wait);
            if self.consumer.context().take() {
                crate::observe::health().restoring();
                self.restore_assignment()?;
                crate::observe::health().restored();
                continue;
            }
            if records.is_empty() {
                continue;
            }
            let started = Instant::now();
            let committed = self.apply_and_commit(&records);
            crate::observe::metrics().transaction("update", started.elapsed(), committed.is_ok());
            crate::observe::metrics().store(&self.store);
            entries += committed?;
            batches += 1;
            if last_report.elapsed() >= Duration::from_secs(10) {
                tracing::info!(
                    batches,
                    gradient_entries = entries,
                    resident = self.store.resident(),
                    "update role progress"
                );
                last_report = Instant::now();
            }
        }
        tracing::info!(batches, gradient_entries = entries, "update role stopped");
        Ok(())
    }

    /// Rebuilds the states of every assigned partition from the changelog.
    fn restore_assignment(&mut self) -> Result<(), StreamError> {
        let assigned = partition_numbers(&self.consumer.assignment()?);
        if assigned.is_empty() {
            return Ok(());
        }
        let started = Instant::now();
        let restored = restore(&self.config, &self.topics, &assigned, &mut self.store)?;
        self.store.checkpoint()?;
        tracing::info!(
            partitions = ?assigned,
            records = restored,
            seconds = started.elapsed().as_secs_f64(),
            "restored state from the changelog; ready"
        );
        Ok(())
    }

    /// Applies a batch, publishes what changed and commits; returns the entries applied.
    fn apply_and_commit(&mut self, records: &[RawRecord]) -> Result<u64, StreamError> {
        let mut changed: BTreeMap<u64, (i32, i64)> = BTreeMap::new();
        let mut next_offsets: BTreeMap<i32, i64> = BTreeMap::new();
        let mut applied = 0u64;
        for record in records {
            next_offsets.insert(record.partition, record.offset + 1);
            let Some(payload) = &record.payload else { continue };
            let batch = match GradientBatch::decode(&payload[..]) {
                Ok(batch) => batch,
                Err(error) => {
                    // Only our own predict role writes here; a record we cannot read is
                    // corruption, reported loudly and skipped rather than retried forever.
                    tracing::error!(partition = record.partition, offset = record.offset, %error, "undecodable gradient batch");
                    continue;
                }
            };
            for example in &batch.examples {
                let watermark = self.applied.entry((record.partition, example.origin_partition)).or_insert(-1);
                *watermark = (*watermark).max(example.origin_offset);
                for (coordinate, gradient) in example.coordinates.iter().zip(&example.gradients) {
                    self.store.resolve(&[Feature { coordinate: *coordinate, value: 1.0 }], &mut self.slots)?;
                    let state = self.store.state_mut(self.slots[0]);
                    let played = self.optimizer.weight(state);
                    self.optimizer.update(state, *gradient, played);
                    changed.insert(*coordinate, (record.partition, record.offset));
                    applied += 1;
                }
            }
        }

        self.producer.begin_transaction()?;
        let touched: BTreeSet<i32> = next_offsets.keys().copied().collect();
        if let Err(error) = self.publish(&changed).and_then(|()| self.publish_watermarks(&touched)) {
            let _ = self.producer.abort_transaction(TRANSACTION_CALL_TIMEOUT);
            return Err(error);
        }
        let mut offsets = TopicPartitionList::new();
        for (partition, next) in &next_offsets {
            offsets.add_partition_offset(&self.topics.gradients, *partition, Offset::Offset(*next))?;
        }
        let group = self.consumer.group_metadata().ok_or(StreamError::NoGroupMetadata)?;
        self.producer.send_offsets_to_transaction(&offsets, &group, TRANSACTION_CALL_TIMEOUT)?;
        super::kafka::commit(&self.producer)?;
        self.store.checkpoint()?;
        Ok(applied)
    }

    fn publish(&mut self, changed: &BTreeMap<u64, (i32, i64)>) -> Result<(), StreamError> {
        let time_ms = now_ms();
        for (coordinate, (partition, offset)) in changed {
            self.store.resolve(&[Feature { coordinate: *coordinate, value: 1.0 }], &mut self.slots)?;
            let state = *self.store.state(self.slots[0]);
            let weight = self.optimizer.weight(&state);
            let key = coordinate.to_be_bytes();
            let delta = WeightDelta {
                coordinate: *coordinate,
                weight,
                updates: state.updates,
                version: state.updates,
                time_ms,
            };
            let payload = delta.encode_to_vec();
            let record = BaseRecord::to(&self.topics.deltas).partition(*partition).key(&key[..]);
            // A weight of exactly zero (L1) is a tombstone, so the compacted topic holds
            // the nonzero model.
            send(&self.producer, if weight == 0.0 { record } else { record.payload(&payload[..]) })?;
            let state_record = StateRecord {
                coordinate: *coordinate,
                z: state.z,
                n: state.n,
                updates: state.updates,
                applied_through: *offset,
            };
            let payload = state_record.encode_to_vec();
            send(
                &self.producer,
                BaseRecord::to(&self.topics.changelog).partition(*partition).key(&key[..]).payload(&payload[..]),
            )?;
        }
        Ok(())
    }
}

impl UpdateRole {
    /// Appends, after this batch's deltas, each touched partition's applied watermark.
    fn publish_watermarks(&self, partitions: &BTreeSet<i32>) -> Result<(), StreamError> {
        for partition in partitions {
            let mut watermark = AppliedWatermark::default();
            for ((_, origin), offset) in self.applied.range((*partition, i32::MIN)..=(*partition, i32::MAX)) {
                watermark.origin_partitions.push(*origin);
                watermark.origin_offsets.push(*offset);
            }
            let payload = watermark.encode_to_vec();
            send(
                &self.producer,
                BaseRecord::to(&self.topics.deltas).partition(*partition).key(WATERMARK_KEY).payload(&payload[..]),
            )?;
        }
        Ok(())
    }
}

/// Reads changelog `partitions` from the beginning to their current end into `store`;
/// returns the records applied.
pub fn restore(
    config: &WorkerConfig,
    topics: &Topics,
    partitions: &[i32],
    store: &mut ModelStore,
) -> Result<u64, StreamError> {
    let mut latest: HashMap<u64, CoordState> = HashMap::new();
    let mut records = 0u64;
    super::kafka::read_to_end(config, &topics.changelog, partitions, RESTORE_TIMEOUT, |message| {
        let Some(payload) = message.payload() else { return };
        match StateRecord::decode(payload) {
            Ok(state) => {
                records += 1;
                latest.insert(state.coordinate, CoordState { z: state.z, n: state.n, updates: state.updates });
            }
            Err(error) => tracing::warn!(%error, offset = message.offset(), "undecodable changelog record"),
        }
    })?;
    let mut slots = Vec::new();
    for (coordinate, state) in latest {
        store.resolve(&[Feature { coordinate, value: 1.0 }], &mut slots)?;
        *store.state_mut(slots[0]) = state;
    }
    Ok(records)
}
