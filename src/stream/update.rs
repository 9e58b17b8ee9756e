//! The update role: consumes gradients in consumer group `{prefix}.update`. Gradients
//! partition p holds every coordinate that maps to p, so the group's assignment shards the
//! model. Gradients are applied with the core's update rule (`stream::apply` keeps it exactly
//! once) and committed on two clocks:
//!
//! * every `worker.commit_interval_ms` (at once after a transaction that took longer), one
//!   transaction: per partition one packed record on
//!   the deltas topic (key `ftrl.applied`: the applied watermark and the state and weight of
//!   every coordinate the transaction changed, which replicas and `serve` follow), the
//!   progress windows of the examples applied, and the consumed offsets;
//! * every `worker.snapshot_interval_ms` (and after 1 s idle), the same transaction also writes
//!   the per-coordinate deltas (absolute weights and states, compacted: the model a new
//!   reader bootstraps from) and changelog records (full state, then a batch marker) of
//!   everything changed since the last snapshot; the local RocksDB store is written after
//!   it commits.
//!
//! The changelog is the source of truth: on every assignment the role restores the
//! assigned partitions from it, starting where its local store stands, and replays the
//! gradients from the last marker, so a partition that moves to another worker brings its
//! state along and a crash loses nothing (see docs/exactly-once.md).

use super::apply::{Applier, Changes, OwnerExpiry, Restored, Window};
use super::freeze::Lease;
use super::kafka::{
    collect, group_consumer_config, now_ms, partition_numbers, read_from_between, seek_partitions, send,
    transactional_producer, DeliveredOffsets, RawRecord, RebalanceFlag, TRANSACTION_CALL_TIMEOUT,
};
use super::wire::{self, WATERMARK_KEY};
use super::StreamError;
use crate::config::{Topics, WorkerConfig};
use crate::learn::rule::CoordinateRule;
use crate::learn::{CoordState, CoordinateStates};
use crate::observe::events::{InternalEvent, RecordsConsumed, StoreSampled, TransactionEnded};
use crate::schema::proto::{AppliedWatermark, GradientBatch, OwnerState, ProgressWindow, WeightDelta};
use crate::store::ModelStore;
use prost::Message as _;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::{Message, Offset, TopicPartitionList};
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Longest a restore may take before the worker gives up (and restarts).
const RESTORE_TIMEOUT: Duration = Duration::from_secs(300);

/// An update role that has had no gradients for this long writes its snapshot, so that the
/// compacted deltas and the changelog hold everything soon after traffic stops.
const IDLE_SNAPSHOT_AFTER: Duration = Duration::from_secs(1);

/// Metadata key naming what the local store caches; a store of another model is discarded.
const IDENTITY_KEY: &str = "update.identity";

/// Test-only fault injection: microseconds each changelog record of a restore takes, so that
/// an integration test gets a restore of tens of seconds without a changelog of millions of
/// records. Unset (as in production), restores are not slowed.
const RESTORE_RECORD_DELAY_VARIABLE: &str = "FTRL_TEST_RESTORE_RECORD_DELAY_US";

/// How long each restored record is held up (see [`RESTORE_RECORD_DELAY_VARIABLE`]).
fn restore_record_delay() -> Option<Duration> {
    let micros: u64 = std::env::var(RESTORE_RECORD_DELAY_VARIABLE).ok()?.parse().ok()?;
    (micros > 0).then(|| Duration::from_micros(micros))
}

pub(crate) struct UpdateRole {
    consumer: BaseConsumer<RebalanceFlag>,
    producer: BaseProducer<DeliveredOffsets>,
    config: WorkerConfig,
    store: ModelStore,
    applier: Applier,
    rule: CoordinateRule,
    /// Whether deltas carry each coordinate's rate (predict roles take implicit steps).
    publish_rates: bool,
    topics: Topics,
    worker_id: String,
    max_records: usize,
    commit_interval: Duration,
    snapshot_interval: Duration,
    /// Whether states carry the event time they were last seen (expiry).
    expiry: bool,
    /// Commits only while the process has not stood still since the role started (a
    /// frozen role may have lost its partitions without knowing): see `stream::freeze`.
    lease: Lease,
}

impl UpdateRole {
    pub(crate) fn new(config: &WorkerConfig) -> Result<Self, StreamError> {
        let settings = config.settings()?;
        let topics = config.topics();
        let prefix = &config.model.prefix;
        let store = open_local_store(config)?;
        let consumer: BaseConsumer<RebalanceFlag> = group_consumer_config(config, &wire::group_id(prefix, "update"))
            .create_with_context(RebalanceFlag::default())?;
        consumer.subscribe(&[&topics.gradients])?;
        let producer = transactional_producer(
            config,
            &wire::transactional_id(prefix, "update", &config.worker.id),
            DeliveredOffsets::new(&topics.changelog),
        )?;
        Ok(Self {
            consumer,
            producer,
            config: config.clone(),
            store,
            applier: Applier::new(
                settings.coordinate_rule().with_delay_tolerance(config.model.delay_tolerant),
                settings.loss.is_binary(),
            )
            .with_expiry(
                config.model.expire_after_ms.map(|after_ms| OwnerExpiry::new(after_ms, config.model.partitions)),
            ),
            rule: settings.coordinate_rule().with_delay_tolerance(config.model.delay_tolerant),
            publish_rates: !settings.step_rule.is_gradient(),
            topics,
            worker_id: config.worker.id.clone(),
            max_records: 100_000,
            commit_interval: Duration::from_millis(config.worker.commit_interval_ms),
            snapshot_interval: Duration::from_millis(config.worker.snapshot_interval_ms),
            expiry: config.model.expire_after_ms.is_some(),
            lease: Lease::new(Duration::from_millis(config.kafka.session_timeout_ms.into())),
        })
    }

    pub(crate) fn run(mut self, shutdown: &AtomicBool) -> Result<(), StreamError> {
        let mut totals = Totals::default();
        let mut last_report = Instant::now();
        // What changed since the last snapshot: its coordinates and the partitions consumed.
        let mut unsnapshotted = Changes::default();
        let (mut last_snapshot, mut last_records) = (Instant::now(), Instant::now());
        // Transactions start at most once per commit interval: one that took longer is
        // followed at once by the next, with what has arrived meanwhile (waiting a whole
        // interval after each would add it to every gradient's latency under load).
        let mut next_transaction_at = Instant::now();
        // The partitions still to snapshot in this round, one per transaction.
        let mut round: VecDeque<i32> = VecDeque::new();
        // Records polled and not applied yet: a transaction stops applying when its changes
        // would crowd the cache (see `apply_and_commit`), and the rest wait for the next.
        let mut pending: VecDeque<RawRecord> = VecDeque::new();
        // Whether a round's partitions were written to the local store since its last flush.
        let mut unpersisted = false;
        while !shutdown.load(Ordering::Acquire) {
            if super::stall::restart_requested("update") {
                return Err(StreamError::OpenTransaction(self.topics.deltas.clone()));
            }
            if unpersisted && round.is_empty() {
                self.store.persist().map_err(StreamError::Checkpoint)?;
                unpersisted = false;
            }
            if pending.is_empty() {
                let wait = next_transaction_at.saturating_duration_since(Instant::now());
                pending.extend(collect(&self.consumer, self.max_records, wait));
                if !pending.is_empty() {
                    last_records = Instant::now();
                }
            }
            if self.consumer.context().take() {
                // Records polled before the rebalance are read again from the restored
                // positions, and what was not snapshotted is replayed from the changelog's.
                pending.clear();
                crate::observe::health().restoring();
                self.restore_assignment()?;
                crate::observe::health().restored();
                unsnapshotted = Changes::default();
                last_snapshot = Instant::now();
                round.clear();
                unpersisted = false;
                continue;
            }
            let changed = !unsnapshotted.next_offsets.is_empty();
            let idle = last_records.elapsed() >= IDLE_SNAPSHOT_AFTER;
            let crowded = unsnapshotted.coordinates.len() >= self.crowded_at();
            let snapshot = if !changed {
                Snapshot::None
            } else if idle || crowded {
                Snapshot::All
            } else {
                // Under load, the partitions take turns: a snapshot of everything writes a
                // state and a delta per coordinate changed since the last one (about the
                // whole model every few seconds), and the update role applies nothing
                // while it does, so every gradient would wait behind it for seconds.
                if round.is_empty() && last_snapshot.elapsed() >= self.snapshot_interval {
                    round.extend(unsnapshotted.next_offsets.keys());
                    last_snapshot = Instant::now();
                }
                next_in_round(&mut round, &unsnapshotted)
                    .map_or(Snapshot::None, |partition| Snapshot::Partitions(BTreeSet::from([partition])))
            };
            if pending.is_empty() && snapshot == Snapshot::None {
                next_transaction_at = Instant::now() + self.commit_interval;
                continue;
            }
            RecordsConsumed { topic: &self.topics.gradients, records: pending.iter().map(|r| (r.partition, r.offset)) }
                .emit();
            let started = Instant::now();
            next_transaction_at = started + self.commit_interval;
            let committed = self.apply_and_commit(&mut pending, &mut unsnapshotted, snapshot);
            TransactionEnded {
                role: "update",
                elapsed: started.elapsed(),
                committed: committed.is_ok(),
                consumed: true,
            }
            .emit();
            let (cache_hits, cache_misses) = self.store.lookups();
            let (resident, disk_bytes) = (self.store.resident(), self.store.disk_bytes());
            StoreSampled { cache_hits, cache_misses, resident, disk_bytes }.emit();
            let (changes, snapshotted) = committed?;
            match snapshotted {
                Snapshot::All => {
                    last_snapshot = Instant::now();
                    round.clear();
                    unpersisted = false;
                }
                Snapshot::Partitions(_) => unpersisted = true,
                Snapshot::None => {}
            }
            totals.add(&changes);
            if last_report.elapsed() >= Duration::from_secs(10) {
                totals.log("update role progress", Some(self.store.resident()));
                last_report = Instant::now();
            }
        }
        if !unsnapshotted.next_offsets.is_empty() {
            // A last snapshot, so that a restart restores instead of replaying.
            self.apply_and_commit(&mut VecDeque::new(), &mut unsnapshotted, Snapshot::All)?;
        }
        totals.log("update role stopped", None);
        Ok(())
    }

    /// Brings the assigned partitions' states up to date from the changelog, from where the
    /// local store stands to the end. A rebalance during the restore (a worker joining or
    /// leaving) abandons it, and it starts over with the new assignment.
    fn restore_assignment(&mut self) -> Result<(), StreamError> {
        while self.restore_once()? == RestoreEnd::Abandoned {}
        Ok(())
    }

    /// One attempt of [`Self::restore_assignment`]. Between changelog records it polls the
    /// group consumer, its partitions paused: in a rebalance the whole group waits for every
    /// member to rejoin, and past `max.poll.interval.ms` librdkafka would leave the group.
    /// A rebalance seen there ends the attempt with nothing applied (the next one opens the
    /// store and loads the positions again).
    fn restore_once(&mut self) -> Result<RestoreEnd, StreamError> {
        let assignment = self.consumer.assignment()?;
        let assigned = partition_numbers(&assignment);
        // Paused, they fetch nothing while the consumer is polled for the group's sake.
        self.consumer.pause(&assignment)?;
        let started = Instant::now();
        // The store's cache holds states applied since the last snapshot, beyond the
        // positions its checkpoint holds: they are dropped (the store is opened again) and
        // replayed from the gradients log after the restore, as after a crash.
        self.store = ModelStore::in_memory();
        self.store = open_local_store(&self.config)?;
        let mut restore = self.applier.begin_restore(&self.store, &assigned)?;
        let starts: Vec<(i32, Offset)> =
            restore.starts().into_iter().map(|(partition, next)| (partition, Offset::Offset(next))).collect();
        tracing::debug!(changelog_starts = ?starts, "restoring from the changelog");
        let (applier, consumer) = (&mut self.applier, &self.consumer);
        let delay = restore_record_delay();
        // Per partition, the first gradients record a poll returned despite the pause.
        let mut polled_anyway: BTreeMap<i32, i64> = BTreeMap::new();
        let read = read_from_between(
            &self.config,
            &self.topics.changelog,
            &starts,
            RESTORE_TIMEOUT,
            |message| {
                if let Some(delay) = delay {
                    std::thread::sleep(delay);
                }
                applier.restore_record(
                    &mut restore,
                    message.partition(),
                    message.offset(),
                    message.key(),
                    message.payload(),
                );
            },
            || {
                match consumer.poll(Duration::ZERO) {
                    Some(Ok(message)) => {
                        polled_anyway.entry(message.partition()).or_insert(message.offset());
                    }
                    Some(Err(error)) => tracing::warn!(%error, "consumer error while restoring"),
                    None => {}
                }
                if consumer.context().take() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        )?;
        if read.is_break() {
            tracing::info!(
                partitions = ?assigned,
                records = restore.records,
                seconds = started.elapsed().as_secs_f64(),
                "the assignment changed while restoring: restore abandoned, starting over with the new one"
            );
            // Its partitions stay paused: every assignment goes through an attempt of its
            // own, which pauses them, then resumes them and sets their positions.
            return Ok(RestoreEnd::Abandoned);
        }
        if !polled_anyway.is_empty() {
            // Not lost: the seek below sets every assigned partition's position to its
            // restored one; a record at or above it is read again, one below it is in the
            // restored states.
            tracing::warn!(
                first_offsets = ?polled_anyway,
                "gradients records came from paused partitions while restoring; read again from the restored positions"
            );
        }
        let records = restore.records;
        let restored = self.applier.finish_restore(restore, &mut self.store)?;
        self.republish(restored, &assigned)?;
        self.store.checkpoint()?;
        let resume: Vec<(i32, i64)> =
            assigned.iter().filter_map(|p| self.applier.position(*p).map(|position| (*p, position.resume))).collect();
        // Everything below `resume` is in the restored states; whatever the batch that saw
        // the rebalance held is read again from there. (Resumed first: the seek drops
        // whatever is fetched before it.)
        let positions: Vec<(i32, Offset)> = resume.iter().map(|(p, next)| (*p, Offset::Offset(*next))).collect();
        self.consumer.resume(&assignment)?;
        seek_partitions(&self.consumer, &self.topics.gradients, &positions)?;
        if assigned.is_empty() {
            // (The group has more workers than gradients partitions, or a rebalance is
            // still under way.) Ready all the same: the predict role needs no partition here.
            tracing::info!(
                seconds = started.elapsed().as_secs_f64(),
                "restored state from the changelog; ready, with no gradients partition assigned (nothing to restore)"
            );
        } else {
            tracing::info!(
                partitions = ?assigned,
                records,
                resume = ?resume,
                seconds = started.elapsed().as_secs_f64(),
                "restored state from the changelog; ready"
            );
        }
        Ok(RestoreEnd::Restored)
    }

    /// Publishes again what transactions that may not have committed wrote besides the
    /// changelog: the progress windows and the deltas of those at or above the group's
    /// committed offset (all of them when the committed offsets cannot be read), and every
    /// assigned partition's applied watermark, which predict roles wait on. Readers drop
    /// the copies of windows that did commit, and a delta written twice is the same delta.
    fn republish(&mut self, restored: Restored, assigned: &[i32]) -> Result<(), StreamError> {
        let mut partitions = TopicPartitionList::new();
        for partition in assigned {
            partitions.add_partition(&self.topics.gradients, *partition);
        }
        let committed: HashMap<i32, i64> = match self.consumer.committed_offsets(partitions, TRANSACTION_CALL_TIMEOUT) {
            Ok(committed) => committed
                .elements()
                .iter()
                .filter_map(|e| match e.offset() {
                    Offset::Offset(next) => Some((e.partition(), next)),
                    _ => None,
                })
                .collect(),
            Err(error) => {
                tracing::warn!(%error, "committed offsets unknown; publishing everything restored again");
                HashMap::new()
            }
        };
        let unconfirmed = |partition: i32, offset: i64| committed.get(&partition).is_none_or(|next| offset >= *next);
        // This transaction writes model state for every assigned partition, so it carries
        // their offsets too (the committed ones again, or the restored positions where none
        // is known): a broker that checks the group generation then rejects it from a
        // member that lost its partitions meanwhile (docs/exactly-once.md, 11).
        let positions: BTreeMap<i32, i64> = assigned
            .iter()
            .filter_map(|p| {
                let next = committed.get(p).copied().or_else(|| self.applier.position(*p).map(|at| at.resume))?;
                Some((*p, next))
            })
            .collect();
        let windows: Vec<ProgressWindow> =
            restored.windows.into_iter().filter(|w| unconfirmed(w.gradients_partition, w.gradients_offset)).collect();
        let mut changes = Changes::default();
        // A Hedge member's weight needs its member, which changelog states do not name; its
        // delta is then brought up to date by the coordinate's next update instead.
        if self.config.model.learner.hedge.is_empty() {
            for state in restored.states.iter().filter(|s| unconfirmed(s.partition, s.applied_through)) {
                changes.coordinates.insert(state.coordinate, state.partition);
            }
        }
        let watermarked: Vec<i32> =
            assigned.iter().copied().filter(|p| self.applier.origins(*p).next().is_some()).collect();
        if windows.is_empty() && changes.coordinates.is_empty() && watermarked.is_empty() {
            return Ok(());
        }
        tracing::info!(
            windows = windows.len(),
            deltas = changes.coordinates.len(),
            "publishing again what unconfirmed transactions wrote, and the applied watermarks"
        );
        let consumed = self.consumed_offsets(&positions)?;
        super::kafka::begin(&self.producer)?;
        let time_ms = now_ms();
        let published = self
            .lease
            .check()
            .and_then(|()| self.publish_deltas(&changes, time_ms))
            .and_then(|()| self.publish_watermarks(&Changes::default(), &watermarked, time_ms))
            .and_then(|()| self.publish_windows(windows, time_ms));
        self.finish(published, &consumed)?;
        // Only deltas, watermarks and windows were written: no changelog positions moved.
        let _ = self.producer.context().take();
        Ok(())
    }

    /// Changed states stay in the store's cache until a snapshot writes them (the database
    /// holds exactly the last checkpoint), so a snapshot comes once the changes since the last
    /// one fill half the cache, rather than let them crowd out every clean state.
    fn crowded_at(&self) -> usize {
        (self.config.worker.cache_size / 2).max(1)
    }

    /// Applies pending records and commits them with their packed states and windows; with
    /// `snapshot`, also the per-coordinate deltas and changelog of what `unsnapshotted`
    /// holds of the partitions snapshotted (which leave it), and after the commit their
    /// states and positions in the local store. Applying stops early, leaving the rest
    /// pending, once the changes since the last snapshot would crowd the cache; that
    /// transaction then snapshots everything. Returns the changes and what it snapshotted.
    fn apply_and_commit(
        &mut self,
        pending: &mut VecDeque<RawRecord>,
        unsnapshotted: &mut Changes,
        snapshot: Snapshot,
    ) -> Result<(Changes, Snapshot), StreamError> {
        let started = Instant::now();
        let mut changes = Changes::default();
        let crowded_at = self.crowded_at();
        let mut applied = 0;
        for record in pending.iter() {
            // The two sets overlap; their sum bounds the union from above.
            if applied > 0 && unsnapshotted.coordinates.len() + changes.coordinates.len() >= crowded_at {
                break;
            }
            applied += 1;
            let batch = match record.payload.as_deref().map(GradientBatch::decode) {
                Some(Ok(batch)) => batch,
                None => GradientBatch::default(),
                Some(Err(error)) => {
                    // Only predict roles write here; a record we cannot read is corruption,
                    // reported loudly and skipped rather than retried forever.
                    tracing::error!(partition = record.partition, offset = record.offset, %error, "undecodable gradient batch");
                    GradientBatch::default()
                }
            };
            self.applier.apply(&mut self.store, record.partition, record.offset, &batch, &mut changes)?;
        }
        pending.drain(..applied);
        let snapshot = if unsnapshotted.coordinates.len() + changes.coordinates.len() >= crowded_at {
            Snapshot::All
        } else {
            snapshot
        };
        unsnapshotted.coordinates.extend(changes.coordinates.iter().map(|(c, p)| (*c, *p)));
        unsnapshotted.members.extend(changes.members.iter().map(|(c, m)| (*c, *m)));
        unsnapshotted.next_offsets.extend(changes.next_offsets.iter().map(|(p, n)| (*p, *n)));
        // A failed transaction ends the role (its successor restores), so what a snapshot
        // takes can leave `unsnapshotted` now.
        let snapshotted = match &snapshot {
            Snapshot::None => None,
            Snapshot::All => Some(std::mem::take(unsnapshotted)),
            Snapshot::Partitions(partitions) => Some(unsnapshotted.split_off(partitions)),
        };

        let applied_at = Instant::now();
        // The offsets of every partition this transaction writes model state for: those it
        // consumed, and those it snapshots (the offsets their last applied records were
        // committed with, again). A transaction that writes state always carries offsets,
        // so a broker that checks the group generation (KIP-447) rejects it from a member
        // whose partitions have moved (docs/exactly-once.md, 11).
        let mut positions: BTreeMap<i32, i64> = BTreeMap::new();
        if let Some(snapshotted) = &snapshotted {
            positions.extend(snapshotted.next_offsets.iter().map(|(p, next)| (*p, *next)));
        }
        positions.extend(changes.next_offsets.iter().map(|(p, next)| (*p, *next)));
        let consumed = self.consumed_offsets(&positions)?;
        super::kafka::begin(&self.producer)?;
        // Asked before anything is sent as well as before the commit: brokers that show
        // aborted records to read_committed readers (the test broker) would show a
        // zombie's records even when its commit fails.
        let published = self.lease.check().and_then(|()| self.publish(&changes, snapshotted.as_ref()));
        let published_at = Instant::now();
        self.finish(published, &consumed)?;
        let committed_at = Instant::now();
        if let Some(snapshotted) = &snapshotted {
            for (partition, (first, next)) in self.producer.context().take() {
                self.applier.wrote_changelog(partition, first, next);
            }
            // The local store holds each partition as of its own last snapshot: its
            // position and states only ever move together. A round's partitions are written
            // as they go and made durable once the round is over (`run`): a flush each
            // took 30–150 ms under load, and a crash before the last only leaves some
            // partitions at an older snapshot, whose changelog the restore then reads.
            let checkpointed = match &snapshot {
                Snapshot::Partitions(partitions) => {
                    self.applier.save_positions_of(&mut self.store, partitions);
                    self.store.write_where(|coordinate| snapshotted.coordinates.contains_key(&coordinate))
                }
                _ => {
                    self.applier.save_positions(&mut self.store);
                    self.store.checkpoint()
                }
            };
            checkpointed.map_err(StreamError::Checkpoint)?;
        }
        tracing::debug!(
            records = applied,
            coordinates = changes.coordinates.len(),
            snapshot = ?snapshot,
            snapshot_coordinates = snapshotted.as_ref().map_or(0, |s| s.coordinates.len()),
            apply_ms = (applied_at - started).as_secs_f64() * 1e3,
            publish_ms = (published_at - applied_at).as_secs_f64() * 1e3,
            commit_ms = (committed_at - published_at).as_secs_f64() * 1e3,
            checkpoint_ms = committed_at.elapsed().as_secs_f64() * 1e3,
            "update transaction"
        );
        Ok((changes, snapshot))
    }

    /// The gradients offsets `positions` names as a transaction's consumed offsets, with the
    /// consumer's group metadata (its generation), or `None` for none.
    /// Commits the transaction with the consumed offsets if everything was sent and the
    /// lease still holds (asked last, just before the commit); aborts it otherwise.
    fn finish(
        &self,
        published: Result<(), StreamError>,
        consumed: &Option<(TopicPartitionList, rdkafka::consumer::ConsumerGroupMetadata)>,
    ) -> Result<(), StreamError> {
        let offsets = consumed.as_ref().map(|(offsets, group)| (offsets, group));
        super::kafka::finish_if(&self.producer, published, offsets, || self.lease.check())
    }

    fn consumed_offsets(
        &self,
        positions: &BTreeMap<i32, i64>,
    ) -> Result<Option<(TopicPartitionList, rdkafka::consumer::ConsumerGroupMetadata)>, StreamError> {
        if positions.is_empty() {
            return Ok(None);
        }
        let mut offsets = TopicPartitionList::new();
        for (partition, next) in positions {
            offsets.add_partition_offset(&self.topics.gradients, *partition, Offset::Offset(*next))?;
        }
        Ok(Some((offsets, self.consumer.group_metadata().ok_or(StreamError::NoGroupMetadata)?)))
    }

    /// Sends what a transaction wrote, in this order per partition: with a snapshot the
    /// per-coordinate deltas of what it `snapshotted`, then the packed states with the
    /// applied watermark (after the deltas it covers), then with a snapshot the changelog
    /// states and the batch markers of the partitions snapshotted; and the progress windows.
    fn publish(&mut self, changes: &Changes, snapshotted: Option<&Changes>) -> Result<(), StreamError> {
        let time_ms = now_ms();
        if let Some(snapshotted) = snapshotted {
            self.publish_deltas(snapshotted, time_ms)?;
        }
        // A replica takes a delta's state as of the watermark that follows it in its
        // partition: every partition with deltas gets this transaction's watermark, even one
        // this transaction consumed nothing from (an idle snapshot, or one that a crowded
        // cache brought early). Otherwise the states waited for a later transaction's
        // watermark and were taken as of it, without what that one had applied in between.
        let mut partitions: BTreeSet<i32> = changes.next_offsets.keys().copied().collect();
        if let Some(snapshotted) = snapshotted {
            partitions.extend(snapshotted.coordinates.values().copied());
        }
        let partitions: Vec<i32> = partitions.into_iter().collect();
        self.publish_watermarks(changes, &partitions, time_ms)?;
        if let Some(snapshotted) = snapshotted {
            // The markers carry this transaction's windows (see `Applier::changelog_records`).
            let snapshot_changes = Changes {
                coordinates: snapshotted.coordinates.clone(),
                next_offsets: snapshotted.next_offsets.clone(),
                windows: changes.windows.clone(),
                ..Default::default()
            };
            for (partition, key, payload) in self.applier.changelog_records(&mut self.store, &snapshot_changes)? {
                self.send_in_lease(
                    BaseRecord::to(&self.topics.changelog).partition(partition).key(&key[..]).payload(&payload[..]),
                )?;
            }
        }
        let windows: Vec<ProgressWindow> = changes.windows.iter().map(Window::to_proto).collect();
        self.publish_windows(windows, time_ms)
    }

    /// Every coordinate `changes` names, with the weight it plays (0 while it is not
    /// admitted) and its state.
    fn published_states(&mut self, changes: &Changes) -> Result<Vec<Published>, StreamError> {
        let (coordinates, partitions): (Vec<u64>, Vec<i32>) = changes.coordinates.iter().unzip();
        let mut published = Vec::with_capacity(coordinates.len());
        let rule = &self.rule;
        self.store.for_each_slot(&coordinates, |store, k, slot| {
            let (coordinate, state) = (coordinates[k], *store.state(slot));
            let member = changes.members.get(&coordinate).copied().unwrap_or(0);
            let weight = if rule.admitted(coordinate, &state) { rule.weight(member, &state) } else { 0.0 };
            published.push(Published { coordinate, partition: partitions[k], member, weight, state });
            Ok::<_, StreamError>(())
        })?;
        Ok(published)
    }

    /// Sends the current weight and state of every coordinate `changes` names to the deltas
    /// topic, one record each.
    fn publish_deltas(&mut self, changes: &Changes, time_ms: i64) -> Result<(), StreamError> {
        for Published { coordinate, partition, member, weight, state } in self.published_states(changes)? {
            if !self.rule.admitted(coordinate, &state) && state != Default::default() {
                // Still counting occurrences: it has no weight to publish yet. (A default
                // state is an expired coordinate, published as a tombstone.)
                continue;
            }
            let rate = self.publish_rates.then(|| self.rule.rate(member, &state));
            let gradient_sum = self.rule.delay_tolerant().then_some(state.sum);
            let key = wire::coordinate_key(coordinate);
            let delta = WeightDelta {
                coordinate,
                weight,
                updates: state.updates,
                version: state.updates,
                time_ms,
                rate,
                gradient_sum,
                state: Some(OwnerState::from(&state)),
            };
            let payload = delta.encode_to_vec();
            let record = BaseRecord::to(&self.topics.deltas).partition(partition).key(&key[..]);
            // A weight of exactly zero (L1) is a tombstone, so the compacted topic holds
            // the nonzero model; with rates or sums, only while they are those of a fresh
            // state, which is what readers assume for an absent coordinate.
            let fresh = rate.is_none_or(|r| r == self.rule.rate(member, &Default::default()))
                && gradient_sum.is_none_or(|s| s == 0.0);
            let tombstone = weight == 0.0 && fresh;
            self.send_in_lease(if tombstone { record } else { record.payload(&payload[..]) })?;
        }
        Ok(())
    }

    /// Sends, for each of `partitions` and each partition `changes` names, the applied
    /// watermark (the highest example offset per examples partition whose gradients it
    /// holds) packed with the weight and state of every coordinate of that partition that
    /// `changes` names.
    fn publish_watermarks(&mut self, changes: &Changes, partitions: &[i32], time_ms: i64) -> Result<(), StreamError> {
        let mut packed: BTreeMap<i32, AppliedWatermark> = partitions
            .iter()
            .map(|partition| (*partition, AppliedWatermark { time_ms, ..Default::default() }))
            .collect();
        for Published { coordinate, partition, member, weight, state } in self.published_states(changes)? {
            let rate = self.publish_rates.then(|| self.rule.rate(member, &state));
            let record = packed.entry(partition).or_insert_with(|| AppliedWatermark { time_ms, ..Default::default() });
            record.push_state(coordinate, weight, &state, self.expiry, rate);
        }
        for (partition, record) in packed {
            let (origin_partitions, origin_offsets) = self.applier.origins(partition).unzip();
            let resume_offset = self.applier.position(partition).map_or(0, |position| position.resume);
            let record = AppliedWatermark { origin_partitions, origin_offsets, resume_offset, ..record };
            for part in record.split(PACKED_COORDINATES) {
                let payload = part.encode_to_vec();
                self.send_in_lease(
                    BaseRecord::to(&self.topics.deltas).partition(partition).key(WATERMARK_KEY).payload(&payload[..]),
                )?;
            }
        }
        Ok(())
    }

    /// Sends one record of the open transaction while the lease holds: a role that wakes from
    /// a freeze in the middle of a transaction sends nothing more of it. (What its client
    /// had queued before the freeze goes out on waking; the role then aborts, and brokers
    /// that hide aborted records from read_committed readers hide it.)
    fn send_in_lease(&self, record: BaseRecord<'_, [u8], [u8]>) -> Result<(), StreamError> {
        self.lease.check()?;
        Ok(send(&self.producer, record)?)
    }

    /// Sends progress windows, keyed and partitioned by their gradients partition so that
    /// each partition's windows stay in order for readers.
    fn publish_windows(&self, windows: Vec<ProgressWindow>, time_ms: i64) -> Result<(), StreamError> {
        let progress_partitions = self.config.model.example_partitions.max(1);
        for window in windows {
            let record = ProgressWindow { worker: self.worker_id.clone(), time_ms, ..window };
            let key = record.gradients_partition.to_string();
            let payload = record.encode_to_vec();
            self.send_in_lease(
                BaseRecord::to(&self.topics.progress)
                    .partition(record.gradients_partition % progress_partitions)
                    .key(key.as_bytes())
                    .payload(&payload[..]),
            )?;
        }
        Ok(())
    }
}

/// How one attempt to restore the assignment ended.
#[derive(Debug, PartialEq, Eq)]
enum RestoreEnd {
    Restored,
    /// The assignment changed while restoring: nothing was applied.
    Abandoned,
}

/// What a transaction snapshots: the per-coordinate deltas and changelog states of the
/// coordinates changed since their partition's last snapshot, the batch markers, and after
/// the commit the local store.
#[derive(Clone, Debug, PartialEq)]
enum Snapshot {
    None,
    /// These gradients partitions' changes.
    Partitions(BTreeSet<i32>),
    /// Every partition's: when idle, when the changes crowd the cache, and on stopping.
    All,
}

/// The next partition of a snapshot round that has changes to snapshot.
fn next_in_round(round: &mut VecDeque<i32>, unsnapshotted: &Changes) -> Option<i32> {
    std::iter::from_fn(|| round.pop_front()).find(|partition| unsnapshotted.next_offsets.contains_key(partition))
}

/// A changed coordinate as a transaction publishes it.
struct Published {
    coordinate: u64,
    /// The gradients (and deltas) partition that owns it.
    partition: i32,
    /// Its Hedge member.
    member: u32,
    /// The weight it plays: 0 while it is not admitted.
    weight: f64,
    state: CoordState,
}

/// Most coordinates in one packed record (about 50 bytes each): brokers refuse records over
/// `message.max.bytes` (1 MB by default).
const PACKED_COORDINATES: usize = 8192;

/// What an update role has applied since it started, for its log lines.
#[derive(Default)]
struct Totals {
    transactions: u64,
    gradient_entries: u64,
    duplicate_examples: u64,
    duplicate_coalesced: u64,
    overlapping_coalesced: u64,
}

impl Totals {
    fn add(&mut self, changes: &Changes) {
        self.transactions += 1;
        self.gradient_entries += changes.applied;
        self.duplicate_examples += changes.duplicate_examples;
        self.duplicate_coalesced += changes.duplicate_coalesced;
        self.overlapping_coalesced += changes.overlapping_coalesced;
    }

    fn log(&self, message: &str, resident: Option<usize>) {
        tracing::info!(
            batches = self.transactions,
            gradient_entries = self.gradient_entries,
            duplicate_examples = self.duplicate_examples,
            duplicate_coalesced = self.duplicate_coalesced,
            overlapping_coalesced = self.overlapping_coalesced,
            resident,
            "{message}"
        );
    }
}

/// Opens the local store of the update role, discarding one that caches another model (it
/// is only a cache of the changelog).
fn open_local_store(config: &WorkerConfig) -> Result<ModelStore, StreamError> {
    let dir = config.worker.state_dir.join("update");
    let settings = config.settings()?;
    let identity = serde_json::json!({
        "changelog": config.topics().changelog,
        "partitions": config.model.partitions,
        "settings": settings,
    })
    .to_string()
    .into_bytes();
    let capacity = config.worker.cache_size;
    let mut store = ModelStore::open_checkpoint_only(&dir, capacity)?;
    match store.metadata(IDENTITY_KEY)? {
        Some(stored) if stored == identity => return Ok(store),
        Some(_) => tracing::warn!(dir = %dir.display(), "local state belongs to another model; starting it afresh"),
        None => {}
    }
    drop(store);
    std::fs::remove_dir_all(&dir).map_err(|e| StreamError::State(format!("clearing {}: {e}", dir.display())))?;
    store = ModelStore::open_checkpoint_only(&dir, capacity)?;
    store.set_metadata(IDENTITY_KEY, identity);
    store.checkpoint()?;
    Ok(store)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_packed_records_split_into_parts_with_the_whole_watermark() {
        let n = 2 * PACKED_COORDINATES + 5;
        let record = AppliedWatermark {
            origin_partitions: vec![0, 1],
            origin_offsets: vec![10, 20],
            coordinates: (0..n as u64).collect(),
            weights: (0..n).map(|i| i as f64).collect(),
            z: vec![1.0; n],
            n: vec![2.0; n],
            updates: vec![3; n],
            gradient_sums: vec![4.0; n],
            last_seen: Vec::new(),
            rates: Vec::new(),
            time_ms: 7,
            resume_offset: 42,
        };
        let parts = record.clone().split(PACKED_COORDINATES);
        assert_eq!(parts.len(), 3);
        for part in &parts {
            assert_eq!((part.origin_partitions.clone(), part.origin_offsets.clone()), (vec![0, 1], vec![10, 20]));
            assert_eq!((part.time_ms, part.resume_offset), (7, 42));
            assert!(part.coordinates.len() <= PACKED_COORDINATES);
            assert!(part.encoded_len() < 1_000_000);
        }
        let coordinates: Vec<u64> = parts.iter().flat_map(|p| p.coordinates.clone()).collect();
        let weights: Vec<f64> = parts.iter().flat_map(|p| p.weights.clone()).collect();
        assert_eq!((coordinates, weights), (record.coordinates, record.weights));
        assert!(parts.iter().all(|p| p.last_seen.is_empty() && p.rates.is_empty()));
        let small = AppliedWatermark { coordinates: vec![1], weights: vec![0.5], ..Default::default() };
        assert_eq!(small.clone().split(PACKED_COORDINATES), vec![small]);
    }
}
