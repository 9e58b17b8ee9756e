//! Exactly-once bookkeeping of the update role, apart from Kafka so that it can be tested
//! against every crash point (see docs/exactly-once.md for the argument).
//!
//! A gradients partition is a log. What its owner publishes about it is a deterministic
//! function of that log: gradient entries are deduplicated by their origin (examples
//! partition and offset), coordinates by the gradients offset their stored state includes.
//! So replaying any suffix of the log after a crash, on any worker, rewrites exactly what
//! was (or would have been) written before, and a record written twice is written the same
//! way twice.

use crate::learn::expiry::Expiry;
use crate::learn::owner::OwnerRule;
use crate::learn::{CoordState, CoordinateStates, Feature, Progress};
use crate::schema::proto::{
    BatchMarker, CoalescedContributions, ExampleGradients, GradientBatch, ProgressWindow, StateRecord,
};
use crate::store::{ModelStore, StoreError};
use prost::Message as _;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::wire::{coordinate_key, MARKER_KEY, MODEL_KEY_PREFIX};

/// A changelog record to write: (partition, key, payload).
pub(crate) type ChangelogRecord = (i32, Vec<u8>, Vec<u8>);

/// Where one gradients partition stands in the local store.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct PartitionPosition {
    /// The next gradients offset to apply: every record below it is in the stored states.
    pub resume: i64,
    /// The next changelog offset a restore reads: the store holds everything before it.
    pub changelog_next: i64,
    /// Examples partition → the highest example offset seen (applied, or dropped as a
    /// duplicate) in this gradients partition.
    pub origins: BTreeMap<i32, i64>,
    /// Coordinates whose stored state is *newer* than `resume`, with the gradients offset it
    /// includes. They come from records of a transaction that was never confirmed (a crash
    /// left them visible) or from a fenced owner; they are deterministic, so replaying skips
    /// these coordinates until it passes that offset instead of applying them twice.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ahead: BTreeMap<u64, i64>,
    /// With expiry: the event time at or after which the next sweep runs. It travels in
    /// the batch markers, so a restore resumes the same schedule.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_sweep_ms: i64,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// Expiry of an owner's coordinates ([`learn::expiry`](crate::learn::expiry)) on the
/// gradients records' event time in milliseconds, swept per gradients partition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OwnerExpiry {
    /// A coordinate whose last gradients record is `after` ms older than the newest one
    /// applied is expired.
    pub expiry: Expiry,
    /// Gradients partitions: coordinate c belongs to partition c mod this.
    pub partitions: i32,
}

impl OwnerExpiry {
    pub(crate) fn new(after_ms: u64, partitions: i32) -> Self {
        Self { expiry: Expiry::new(after_ms), partitions }
    }
}

/// A gradients record's event time on expiry's clock: None before the epoch (no record
/// carries such a time; it is no clock, so it stamps 1 and never sweeps).
fn event_clock(time_ms: i64) -> Option<u64> {
    u64::try_from(time_ms).ok()
}

impl PartitionPosition {
    fn metadata_key(partition: i32) -> String {
        format!("update.partition.{partition}")
    }

    /// The position stored for `partition`, or the start of the log.
    pub(crate) fn load(store: &ModelStore, partition: i32) -> Result<Self, StoreError> {
        match store.metadata(&Self::metadata_key(partition))? {
            None => Ok(Self::default()),
            Some(bytes) => serde_json::from_slice(&bytes)
                .map_err(|e| StoreError::Corrupt(format!("position of gradients partition {partition}: {e}"))),
        }
    }

    /// Queues this position to be written with the store's next checkpoint.
    pub(crate) fn save(&self, store: &mut ModelStore, partition: i32) {
        let json = serde_json::to_vec(self).unwrap_or_default();
        store.set_metadata(&Self::metadata_key(partition), json);
    }

    /// The offset through which `coordinate`'s stored state includes every contribution.
    fn applied_through(&self, coordinate: u64) -> i64 {
        self.ahead.get(&coordinate).copied().unwrap_or(self.resume - 1)
    }
}

/// A restore in progress: the newest state seen for each coordinate.
pub struct Restore {
    /// The positions the local store holds, which its states are at.
    local: BTreeMap<i32, PartitionPosition>,
    newest: HashMap<u64, (i32, i64, CoordState)>,
    /// The progress windows the markers read carried.
    windows: Vec<ProgressWindow>,
    /// Records read, for the log.
    pub records: u64,
}

impl Restore {
    /// Per partition, the changelog offset to read from.
    pub(crate) fn starts(&self) -> Vec<(i32, i64)> {
        self.local.iter().map(|(partition, position)| (*partition, position.changelog_next)).collect()
    }
}

/// A coordinate state a restore took from the changelog, and the gradients offset it
/// includes.
pub struct RestoredState {
    pub coordinate: u64,
    pub partition: i32,
    pub applied_through: i64,
}

/// What a restore read that may belong to transactions that never committed.
pub struct Restored {
    /// The progress windows of the batch markers read.
    pub windows: Vec<ProgressWindow>,
    pub states: Vec<RestoredState>,
}

/// Progressive-validation figures of the examples one gradients record carried.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    pub partition: i32,
    pub offset: i64,
    pub progress: Progress,
    /// The examples partition counted, if all came from one, and its first and last offset.
    pub origin: Option<(i32, i64, i64)>,
}

impl Window {
    /// The window as the progress topic carries it (without writer and time).
    pub fn to_proto(&self) -> ProgressWindow {
        let (origin_partition, first_offset, last_offset) = self.origin.unwrap_or((-1, -1, -1));
        ProgressWindow {
            origin_partition,
            first_offset,
            last_offset,
            gradients_partition: self.partition,
            gradients_offset: self.offset,
            ..ProgressWindow::from_progress(&self.progress)
        }
    }
}

/// Counts progress windows the way every reader must: a window written twice (a replay
/// after a crash) is the same window, so per gradients partition only windows above the
/// last one counted are new.
#[derive(Default)]
pub(crate) struct WindowCounter {
    last: HashMap<i32, i64>,
    pub duplicates: u64,
}

impl WindowCounter {
    /// Whether `window` is new (and so counts).
    pub(crate) fn is_new(&mut self, window: &ProgressWindow) -> bool {
        let last = self.last.entry(window.gradients_partition).or_insert(-1);
        if window.gradients_offset > *last {
            *last = window.gradients_offset;
            true
        } else {
            self.duplicates += 1;
            false
        }
    }
}

/// What applying some gradients records changed.
#[derive(Default)]
pub struct Changes {
    /// Coordinate → the gradients partition that owns it.
    /// (A hash map: one insert per gradient applied, where a B-tree's was a tenth of the
    /// update role's time; nothing depends on the order of a transaction's records.)
    pub coordinates: hashbrown::HashMap<u64, i32>,
    pub windows: Vec<Window>,
    /// Gradients partition → the next offset to consume (the consumer offsets to commit).
    pub next_offsets: BTreeMap<i32, i64>,
    /// Gradient contributions applied.
    pub applied: u64,
    /// Example entries dropped because their origin had been seen (replays after a crash).
    pub duplicate_examples: u64,
    /// Coalesced records dropped because examples they cover had been seen (a crashed or
    /// fenced predict transaction's, predicted again per example by its successor).
    pub duplicate_coalesced: u64,
    /// Coalesced records that covered examples both seen and unseen, which the protocol
    /// rules out (docs/exactly-once.md, 9): dropped, and reported as an error.
    pub overlapping_coalesced: u64,
    /// Records below the resume position, which a restore had already accounted for.
    pub replayed_records: u64,
    /// Coordinates expired (they are in `coordinates` too, with the default state).
    pub expired: u64,
    /// Coordinate → its Hedge member, for changed coordinates of members other than 0.
    pub members: BTreeMap<u64, u32>,
}

impl Changes {
    /// Moves the changes of gradients partitions `partitions` (their coordinates, those
    /// coordinates' members and the offsets consumed) out into changes of their own.
    pub(crate) fn split_off(&mut self, partitions: &BTreeSet<i32>) -> Changes {
        let mut part = Changes::default();
        self.coordinates.retain(|coordinate, partition| {
            let moves = partitions.contains(partition);
            if moves {
                part.coordinates.insert(*coordinate, *partition);
            }
            !moves
        });
        self.members.retain(|coordinate, member| {
            let moves = part.coordinates.contains_key(coordinate);
            if moves {
                part.members.insert(*coordinate, *member);
            }
            !moves
        });
        self.next_offsets.retain(|partition, next| {
            let moves = partitions.contains(partition);
            if moves {
                part.next_offsets.insert(*partition, *next);
            }
            !moves
        });
        part
    }
}

/// The update role's state besides coordinate states: a position per owned partition.
pub struct Applier {
    rule: OwnerRule,
    expiry: Option<OwnerExpiry>,
    binary: bool,
    positions: BTreeMap<i32, PartitionPosition>,
    slots: Vec<u32>,
}

impl Applier {
    pub fn new(rule: OwnerRule, binary: bool) -> Self {
        Self { rule, expiry: None, binary, positions: BTreeMap::new(), slots: Vec::new() }
    }

    /// The same applier expiring coordinates unseen for `expiry`'s window of event time.
    pub(crate) fn with_expiry(mut self, expiry: Option<OwnerExpiry>) -> Self {
        self.expiry = expiry;
        self
    }

    pub(crate) fn position(&self, partition: i32) -> Option<&PartitionPosition> {
        self.positions.get(&partition)
    }

    /// (gradients partition, examples partition) → highest example offset seen, for the
    /// applied watermarks that predict roles wait on.
    pub(crate) fn origins(&self, partition: i32) -> impl Iterator<Item = (i32, i64)> + '_ {
        self.positions.get(&partition).into_iter().flat_map(|p| p.origins.iter().map(|(o, offset)| (*o, *offset)))
    }

    /// Starts restoring `partitions` (now the only ones owned) from the local store.
    pub fn begin_restore(&mut self, store: &ModelStore, partitions: &[i32]) -> Result<Restore, StoreError> {
        self.positions.clear();
        for partition in partitions {
            self.positions.insert(*partition, PartitionPosition::load(store, *partition)?);
        }
        Ok(Restore { local: self.positions.clone(), newest: HashMap::new(), windows: Vec::new(), records: 0 })
    }

    /// Takes one changelog record into the restore. A coordinate's state is taken when it
    /// includes more of the gradients log than the one held; a marker moves the resume
    /// position forward.
    pub fn restore_record(
        &mut self,
        restore: &mut Restore,
        partition: i32,
        offset: i64,
        key: Option<&[u8]>,
        payload: Option<&[u8]>,
    ) {
        let Some(position) = self.positions.get_mut(&partition) else { return };
        position.changelog_next = position.changelog_next.max(offset + 1);
        restore.records += 1;
        let Some(payload) = payload else { return };
        if key.is_some_and(|key| key.starts_with(MODEL_KEY_PREFIX.as_bytes())) {
            return; // the model's identity (`stream::identity`), not a state
        }
        if key == Some(MARKER_KEY) {
            match BatchMarker::decode(payload) {
                Ok(marker) => {
                    if marker.resume_offset > position.resume {
                        position.resume = marker.resume_offset;
                        position.origins = marker.origin_partitions.into_iter().zip(marker.origin_offsets).collect();
                        position.next_sweep_ms = marker.next_sweep_ms;
                    }
                    restore.windows.extend(marker.windows);
                }
                Err(error) => tracing::warn!(%error, partition, offset, "undecodable batch marker skipped"),
            }
            return;
        }
        match StateRecord::decode(payload) {
            Ok(record) => {
                let held = match (restore.newest.get(&record.coordinate), restore.local.get(&partition)) {
                    (Some((_, through, _)), _) => *through,
                    (None, Some(local)) => local.applied_through(record.coordinate),
                    (None, None) => -1,
                };
                if record.applied_through > held {
                    let state = CoordState {
                        z: record.z,
                        n: record.n,
                        updates: record.updates,
                        sum: record.gradient_sum,
                        seen: record.last_seen,
                    };
                    restore.newest.insert(record.coordinate, (partition, record.applied_through, state));
                }
            }
            Err(error) => tracing::warn!(%error, partition, offset, "undecodable changelog record skipped"),
        }
    }

    /// Writes the restored states into `store` with every position (the caller checkpoints)
    /// and returns what the caller must publish again before it checkpoints, for the
    /// transactions not known to have committed: replaying skips the gradients records of a
    /// batch whose marker is visible, so if that batch's transaction did not commit, its
    /// progress windows, deltas and applied watermark would otherwise be missing for good.
    pub fn finish_restore(&mut self, restore: Restore, store: &mut ModelStore) -> Result<Restored, StoreError> {
        let mut states = Vec::with_capacity(restore.newest.len());
        for (coordinate, (partition, through, state)) in restore.newest {
            store.resolve(&[Feature { coordinate, value: 1.0 }], &mut self.slots)?;
            *store.state_mut(self.slots[0]) = state;
            states.push(RestoredState { coordinate, partition, applied_through: through });
            if let Some(position) = self.positions.get_mut(&partition) {
                if through >= position.resume {
                    position.ahead.insert(coordinate, through);
                } else {
                    position.ahead.remove(&coordinate);
                }
            }
        }
        for position in self.positions.values_mut() {
            let resume = position.resume;
            position.ahead.retain(|_, through| *through >= resume);
        }
        self.save_positions(store);
        Ok(Restored { windows: restore.windows, states })
    }

    /// Applies one gradients record (partition, offset) to `store`, noting what changed.
    pub fn apply(
        &mut self,
        store: &mut ModelStore,
        partition: i32,
        offset: i64,
        batch: &GradientBatch,
        changes: &mut Changes,
    ) -> Result<(), StoreError> {
        changes.next_offsets.insert(partition, offset + 1);
        let position = self.positions.entry(partition).or_default();
        if offset < position.resume {
            changes.replayed_records += 1;
            return Ok(());
        }
        // With expiry, every coordinate this record changes notes its time as its last sight.
        let stamp = self.expiry.map(|_| Expiry::stamp(event_clock(batch.time_ms).unwrap_or(0)));
        let mut window = Window { partition, offset, progress: Progress::new(self.binary), origin: None };
        let mut origins = (i32::MAX, i32::MIN, i64::MAX, i64::MIN);
        for example in &batch.examples {
            let seen = position.origins.entry(example.origin_partition).or_insert(-1);
            if example.origin_offset <= *seen {
                changes.duplicate_examples += 1;
                continue;
            }
            *seen = example.origin_offset;
            if let Some(outcome) = &example.outcome {
                window.progress.record(outcome.loss, outcome.label, outcome.prediction, outcome.score, outcome.weight);
                window.progress.record_members(outcome.weight, &outcome.member_losses);
                origins = (
                    origins.0.min(example.origin_partition),
                    origins.1.max(example.origin_partition),
                    origins.2.min(example.origin_offset),
                    origins.3.max(example.origin_offset),
                );
            }
            apply_example(&self.rule, store, (partition, offset), position, example, stamp, &mut self.slots, changes)?;
        }
        if let Some(coalesced) = &batch.coalesced {
            if take_coalesced(position, coalesced, (partition, offset), changes) {
                if let Some(progress) = &coalesced.progress {
                    window.progress.merge(&progress.progress(self.binary));
                    if progress.origin_partition >= 0 {
                        let origin = progress.origin_partition;
                        origins = (origin, origin, progress.first_offset, progress.last_offset);
                    }
                }
                apply_coalesced(&self.rule, store, (partition, offset), position, coalesced, stamp, changes)?;
            }
        }
        if let (Some(expiry), Some(now)) = (self.expiry, event_clock(batch.time_ms)) {
            // The schedule is in the markers as an i64 of milliseconds, never negative.
            let mut next = u64::try_from(position.next_sweep_ms).unwrap_or(0);
            if expiry.expiry.sweep_due(now, &mut next) {
                sweep(store, expiry, (partition, offset), position, now, changes)?;
                position.next_sweep_ms = i64::try_from(next).unwrap_or(i64::MAX);
            }
        }
        position.resume = offset + 1;
        position.ahead.retain(|_, through| *through >= position.resume);
        if window.progress.count > 0 {
            if origins.0 == origins.1 {
                window.origin = Some((origins.0, origins.2, origins.3));
            }
            changes.windows.push(window);
        }
        Ok(())
    }

    /// Queues every position for the store's next checkpoint.
    pub(crate) fn save_positions(&self, store: &mut ModelStore) {
        for (partition, position) in &self.positions {
            position.save(store, *partition);
        }
    }

    /// Queues the positions of `partitions` for the store's next checkpoint, which writes
    /// their states only (see `stream::update`'s snapshots in turn).
    pub(crate) fn save_positions_of(&self, store: &mut ModelStore, partitions: &BTreeSet<i32>) {
        for (partition, position) in self.positions.iter().filter(|(p, _)| partitions.contains(p)) {
            position.save(store, *partition);
        }
    }

    /// Notes that this worker's changelog writes to `partition` went to offsets `first` up
    /// to `next` (exclusive). The store's changelog position moves past them only if they
    /// follow on from it (at most one transaction marker in between): otherwise another
    /// writer, such as an owner that had not yet noticed it was replaced, wrote in between,
    /// and the next restore must read its records, so the position stays.
    pub(crate) fn wrote_changelog(&mut self, partition: i32, first: i64, next: i64) {
        if let Some(position) = self.positions.get_mut(&partition) {
            if first <= position.changelog_next + 1 {
                position.changelog_next = position.changelog_next.max(next);
            } else {
                tracing::debug!(
                    partition,
                    expected = position.changelog_next,
                    first,
                    "another writer's changelog records precede ours; the next restore reads them"
                );
            }
        }
    }

    /// The changelog records describing `changes`: one state per changed coordinate, then
    /// a marker per partition consumed (partition, key, payload), in the order to write.
    pub(crate) fn changelog_records(
        &self,
        store: &mut ModelStore,
        changes: &Changes,
    ) -> Result<Vec<ChangelogRecord>, StoreError> {
        let mut records = Vec::with_capacity(changes.coordinates.len() + changes.next_offsets.len());
        let (coordinates, partitions): (Vec<u64>, Vec<i32>) = changes.coordinates.iter().unzip();
        store.for_each_slot(&coordinates, |store, k, slot| {
            let (coordinate, partition) = (coordinates[k], partitions[k]);
            let state = store.state(slot);
            let through = self.positions.get(&partition).map_or(-1, |p| p.resume - 1);
            let record = StateRecord {
                coordinate,
                z: state.z,
                n: state.n,
                updates: state.updates,
                applied_through: through,
                gradient_sum: state.sum,
                last_seen: state.seen,
            };
            records.push((partition, coordinate_key(coordinate).to_vec(), record.encode_to_vec()));
            Ok::<_, StoreError>(())
        })?;
        for partition in changes.next_offsets.keys() {
            let Some(position) = self.positions.get(partition) else { continue };
            let marker = BatchMarker {
                resume_offset: position.resume,
                origin_partitions: position.origins.keys().copied().collect(),
                origin_offsets: position.origins.values().copied().collect(),
                windows: changes.windows.iter().filter(|w| w.partition == *partition).map(Window::to_proto).collect(),
                next_sweep_ms: position.next_sweep_ms,
            };
            records.push((*partition, MARKER_KEY.to_vec(), marker.encode_to_vec()));
        }
        Ok(records)
    }
}

/// Expires the coordinates of `partition` that `expiry` says are expired at `now` (the event
/// time of gradients record `offset`): their state becomes the default
/// one, which the changelog records as a state of zeros (a restore orders it against older
/// states by its applied-through offset, which a null value could not carry) and the deltas
/// as a tombstone. A coordinate `ahead` of this record is skipped like its contributions:
/// its state already includes this sweep.
fn sweep(
    store: &mut ModelStore,
    expiry: OwnerExpiry,
    (partition, offset): (i32, i64),
    position: &PartitionPosition,
    now: u64,
    changes: &mut Changes,
) -> Result<(), StoreError> {
    let partitions = expiry.partitions.max(1) as u64;
    let expired = store.expire(|coordinate, state| {
        (coordinate % partitions) as i32 == partition
            && expiry.expiry.is_expired(state.seen, now)
            && position.ahead.get(&coordinate).is_none_or(|through| *through < offset)
    })?;
    for coordinate in expired {
        changes.coordinates.insert(coordinate, partition);
        changes.expired += 1;
    }
    Ok(())
}

/// Whether a coalesced record is new, noting the examples it covers as seen if so. It is
/// applied whole or not at all: new only if every examples range it covers lies above what
/// this gradients partition has seen of that examples partition. A predict role resuming at
/// offset f sends its first K records per example (docs/exactly-once.md, 9), so a coalesced
/// record of an attempt that never committed lies within that prefix: whichever arrives
/// first, the per-example entries or the coalesced record, the other is dropped, and never
/// only part of it.
fn take_coalesced(
    position: &mut PartitionPosition,
    coalesced: &CoalescedContributions,
    (partition, offset): (i32, i64),
    changes: &mut Changes,
) -> bool {
    let ranges = || {
        coalesced.origin_partitions.iter().zip(&coalesced.first_offsets).zip(&coalesced.last_offsets).map(
            |((origin, first), last)| {
                let seen = position.origins.get(origin).copied().unwrap_or(-1);
                (*origin, *first, *last, seen)
            },
        )
    };
    let consistent = coalesced.first_offsets.len() == coalesced.origin_partitions.len()
        && coalesced.last_offsets.len() == coalesced.origin_partitions.len();
    if consistent && ranges().all(|(_, first, last, seen)| first > seen && last >= first) {
        let covered: Vec<(i32, i64)> = ranges().map(|(origin, _, last, _)| (origin, last)).collect();
        position.origins.extend(covered);
        return true;
    }
    if !consistent || ranges().any(|(_, first, last, seen)| first <= seen && last > seen) {
        changes.overlapping_coalesced += 1;
        tracing::error!(
            partition,
            offset,
            origins = ?coalesced.origin_partitions,
            first_offsets = ?coalesced.first_offsets,
            last_offsets = ?coalesced.last_offsets,
            seen = ?position.origins,
            "coalesced contributions cover examples both seen and unseen; dropped"
        );
    } else {
        changes.duplicate_coalesced += 1;
    }
    false
}

/// Adds a coalesced record's state changes to its coordinates (gradients record
/// (partition, offset)), skipping coordinates whose state already includes that record.
fn apply_coalesced(
    rule: &OwnerRule,
    store: &mut ModelStore,
    (partition, offset): (i32, i64),
    position: &PartitionPosition,
    coalesced: &CoalescedContributions,
    stamp: Option<u64>,
    changes: &mut Changes,
) -> Result<(), StoreError> {
    let c = coalesced;
    let rows = c.coordinates.len().min(c.z.len()).min(c.n.len()).min(c.updates.len()).min(c.gradient_sums.len());
    let change =
        |i: usize| CoordState { z: c.z[i], n: c.n[i], updates: c.updates[i], sum: c.gradient_sums[i], seen: 0 };
    let member = |i: usize| c.members.get(i).copied().unwrap_or(0);
    let taken: Vec<usize> = (0..rows)
        .filter(|&i| {
            let (coordinate, change) = (c.coordinates[i], change(i));
            // As for a single gradient: a non-finite change from a corrupt record would
            // poison the coordinate for good, and an unknown member has no state to change.
            position.ahead.get(&coordinate).is_none_or(|through| *through < offset)
                && change.z.is_finite()
                && change.n.is_finite()
                && change.sum.is_finite()
                && rule.optimizer(member(i)).is_some()
        })
        .collect();
    let coordinates: Vec<u64> = taken.iter().map(|&i| c.coordinates[i]).collect();
    store.for_each_slot(&coordinates, |store, k, slot| {
        let (i, coordinate) = (taken[k], coordinates[k]);
        let change = change(i);
        let state = store.state_mut(slot);
        state.add(&change);
        if let Some(stamp) = stamp {
            state.seen = stamp;
        }
        if member(i) != 0 {
            changes.members.insert(coordinate, member(i));
        }
        changes.coordinates.insert(coordinate, partition);
        changes.applied += change.updates;
        Ok::<_, StoreError>(())
    })
}

/// Applies one example's contributions from gradients record (partition, offset), skipping
/// coordinates whose state already includes that record; `stamp` is the record's event
/// time, noted as each coordinate's last sight when expiry is on.
#[allow(clippy::too_many_arguments)]
fn apply_example(
    rule: &OwnerRule,
    store: &mut ModelStore,
    (partition, offset): (i32, i64),
    position: &PartitionPosition,
    example: &ExampleGradients,
    stamp: Option<u64>,
    slots: &mut Vec<u32>,
    changes: &mut Changes,
) -> Result<(), StoreError> {
    for (i, (coordinate, gradient)) in example.coordinates.iter().zip(&example.gradients).enumerate() {
        if position.ahead.get(coordinate).is_some_and(|through| *through >= offset) {
            continue;
        }
        // Predict roles only send finite gradients; a NaN or infinity from a corrupt record
        // would poison the coordinate's state for good, so it is dropped.
        if !gradient.is_finite() {
            continue;
        }
        store.resolve(&[Feature { coordinate: *coordinate, value: 1.0 }], slots)?;
        let member = example.members.get(i).copied().unwrap_or(0);
        let read_sum = example.read_sums.get(i).copied().filter(|s| s.is_finite());
        let state = store.state_mut(slots[0]);
        // VW's rule: the feature value and squared gradient came with the step.
        let gd = example.feature_values.get(i).zip(example.square_gradients.get(i));
        let applied = match gd {
            Some((x, square)) if x.is_finite() && square.is_finite() => {
                rule.apply_gd(member, state, *x, *square, *gradient)
            }
            _ => rule.apply(*coordinate, member, state, *gradient, read_sum),
        };
        if !applied {
            continue;
        }
        if let Some(stamp) = stamp {
            state.seen = stamp;
        }
        if member != 0 {
            changes.members.insert(*coordinate, member);
        }
        changes.coordinates.insert(*coordinate, partition);
        changes.applied += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::admission::Admission;
    use crate::learn::Algorithm;
    use crate::learn::Hyperparameters;
    use crate::learn::Optimizer;
    use crate::schema::proto::Outcome;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    const PARTITION: i32 = 0;

    fn applier() -> Applier {
        applier_expiring(None)
    }

    fn applier_expiring(expiry: Option<OwnerExpiry>) -> Applier {
        // Two Hedge members, admission at the second occurrence and delay-tolerant rates:
        // every option an owner applies must replay to the same states.
        let optimizer = Optimizer { algorithm: Algorithm::FtrlProximal, hyperparameters: Hyperparameters::default() };
        let rule = OwnerRule::new(optimizer, &[0.1, 1.0], Admission::MinCount { count: 2 }, 1);
        Applier::new(rule.with_delay_tolerance(true), true).with_expiry(expiry)
    }

    /// Records a predict transaction may read of one examples partition (its batch bound),
    /// which is how many a resuming session sends per example (docs/exactly-once.md, 9).
    const BATCH_BOUND: usize = 4;

    /// One example's gradients (its coordinates fixed by its origin; values differ between
    /// attempts, as predictions on different replicas do).
    fn example_gradients(rng: &mut StdRng, origin: i32, offset: i64, coordinates: Vec<u64>) -> ExampleGradients {
        ExampleGradients {
            origin_partition: origin,
            origin_offset: offset,
            gradients: coordinates.iter().map(|_| rng.random_range(-1.0..1.0)).collect(),
            members: coordinates.iter().map(|c| (c % 2) as u32).collect(),
            read_sums: coordinates.iter().map(|_| rng.random_range(-2.0..2.0)).collect(),
            feature_values: vec![],
            square_gradients: vec![],
            outcome: Some(Outcome {
                loss: rng.random_range(0.0..2.0),
                label: 1.0,
                prediction: 0.5,
                score: 0.5,
                weight: 1.0,
                member_losses: vec![rng.random_range(0.0..2.0), rng.random_range(0.0..2.0)],
            }),
            coordinates,
        }
    }

    /// A transaction's examples coalesced as a predict role sends them: per coordinate a
    /// state change (random here: owners only add them) whose update count is the number of
    /// the examples containing it, and the examples' figures.
    fn coalesced_record(rng: &mut StdRng, examples: &[ExampleGradients], time_ms: i64) -> GradientBatch {
        let mut ranges: BTreeMap<i32, (i64, i64)> = BTreeMap::new();
        let mut updates: BTreeMap<u64, u64> = BTreeMap::new();
        let mut progress = Progress::new(true);
        for example in examples {
            let range =
                ranges.entry(example.origin_partition).or_insert((example.origin_offset, example.origin_offset));
            range.1 = example.origin_offset;
            for coordinate in &example.coordinates {
                *updates.entry(*coordinate).or_default() += 1;
            }
            let outcome = example.outcome.as_ref().unwrap();
            progress.record(outcome.loss, outcome.label, outcome.prediction, outcome.score, outcome.weight);
            progress.record_members(outcome.weight, &outcome.member_losses);
        }
        let coalesced = CoalescedContributions {
            origin_partitions: ranges.keys().copied().collect(),
            first_offsets: ranges.values().map(|r| r.0).collect(),
            last_offsets: ranges.values().map(|r| r.1).collect(),
            coordinates: updates.keys().copied().collect(),
            z: updates.keys().map(|_| rng.random_range(-1.0..1.0)).collect(),
            n: updates.keys().map(|_| rng.random_range(0.0..1.0)).collect(),
            updates: updates.values().copied().collect(),
            gradient_sums: updates.keys().map(|_| rng.random_range(-1.0..1.0)).collect(),
            members: updates.keys().map(|c| (c % 2) as u32).collect(),
            progress: Some(ProgressWindow { origin_partition: -1, ..ProgressWindow::from_progress(&progress) }),
        };
        GradientBatch { examples: Vec::new(), time_ms, coalesced: Some(coalesced) }
    }

    /// How far a resuming session sends per example.
    #[derive(Clone, Copy, PartialEq)]
    enum PrefixRule {
        /// Up to what the owner holds (every record logged before the session began: the
        /// predict role's barrier), and `BATCH_BOUND` past the committed offset
        /// (`stream::resume`).
        Absolute,
        /// Only `BATCH_BOUND` past the committed offset: what predict roles did before
        /// the bound became absolute, which an offset moved backwards breaks.
        RelativeOnly,
    }

    /// The last offset of each examples partition a session resuming at `committed` sends
    /// per example, given the log so far.
    fn per_example_through(rule: PrefixRule, committed: [i64; 2], log: &[GradientBatch]) -> [i64; 2] {
        let mut through = committed.map(|offset| offset + BATCH_BOUND as i64 - 1);
        if rule == PrefixRule::Absolute {
            for record in log {
                for example in &record.examples {
                    let e = example.origin_partition as usize;
                    through[e] = through[e].max(example.origin_offset);
                }
                if let Some(c) = &record.coalesced {
                    for (origin, last) in c.origin_partitions.iter().zip(&c.last_offsets) {
                        through[*origin as usize] = through[*origin as usize].max(*last);
                    }
                }
            }
        }
        through
    }

    /// A gradients log as predict roles write it, crashes and operators included
    /// (docs/exactly-once.md, 1 and 9). Sessions read two examples partitions from their
    /// committed offsets in transactions of at most `BATCH_BOUND` records; a session sends
    /// per example up to the bound `rule` gives (in one or two records) and, with
    /// `coalesce`, its later transactions coalesced. Now and then a transaction aborts with
    /// a prefix of its records visible, at once or later (a zombie's, behind records of its
    /// successor), and a new session resumes at the committed offsets and predicts the same
    /// examples again with other values; once in a while an operator resets the committed
    /// offsets to the beginning (`kafka-consumer-groups --reset-offsets --to-earliest`,
    /// while no session runs), and every example is read again. Returns the log, each
    /// coordinate's number of examples, and the number of examples.
    fn gradients_log(
        rng: &mut StdRng,
        coalesce: bool,
        rule: PrefixRule,
    ) -> (Vec<GradientBatch>, HashMap<u64, u64>, u64) {
        let mut log: Vec<GradientBatch> = Vec::new();
        let mut contains: HashMap<u64, u64> = HashMap::new();
        let mut features: HashMap<(i32, i64), Vec<u64>> = HashMap::new();
        let (mut committed, mut position) = ([0i64; 2], [0i64; 2]);
        let mut through = per_example_through(rule, committed, &log);
        let mut reset = false;
        let mut zombie: Option<(usize, Vec<GradientBatch>)> = None;
        // Past 120 records, sessions only commit until every example read is committed.
        while log.len() < 120
            || (0..2).any(|e| committed[e] < features.keys().filter(|k| k.0 == e as i32).count() as i64)
        {
            if zombie.as_ref().is_some_and(|(due, _)| log.len() >= *due) {
                log.extend(zombie.take().unwrap().1);
            }
            // Event time moves 10 ms a record.
            let time_ms = 1000 + 10 * log.len() as i64;
            let picks: Vec<usize> = (0..rng.random_range(1..=BATCH_BOUND)).map(|_| rng.random_range(0..2)).collect();
            // Offsets this transaction would read, partition by partition.
            let mut reading = position;
            let coalesced = coalesce
                && picks.iter().all(|e| {
                    reading[*e] += 1;
                    reading[*e] - 1 > through[*e]
                });
            let mut examples = Vec::new();
            for e in picks {
                let (origin, offset) = (e as i32, position[e]);
                position[e] += 1;
                let coordinates = features
                    .entry((origin, offset))
                    .or_insert_with(|| {
                        let mut c: Vec<u64> = (0..rng.random_range(1..6)).map(|_| rng.random_range(0..40)).collect();
                        c.sort_unstable();
                        c.dedup();
                        for coordinate in &c {
                            *contains.entry(*coordinate).or_default() += 1;
                        }
                        c
                    })
                    .clone();
                examples.push(example_gradients(rng, origin, offset, coordinates));
            }
            let records = if coalesced {
                vec![coalesced_record(rng, &examples, time_ms)]
            } else {
                // Large batches span records (`stream::predict::MAX_RECORD_BYTES`).
                let split = rng.random_range(1..=examples.len());
                let rest = examples.split_off(split);
                [examples, rest]
                    .into_iter()
                    .filter(|part| !part.is_empty())
                    .map(|examples| GradientBatch { examples, time_ms, coalesced: None })
                    .collect()
            };
            if log.len() < 120 && rng.random_bool(0.2) {
                let visible: Vec<GradientBatch> = records.into_iter().take(rng.random_range(0..=2)).collect();
                if zombie.is_none() && rng.random_bool(0.5) {
                    zombie = Some((log.len() + rng.random_range(1..4), visible));
                } else {
                    log.extend(visible);
                }
                position = committed;
                through = per_example_through(rule, committed, &log);
            } else {
                log.extend(records);
                committed = position;
                // At most one reset, early: re-reading makes the log (and the campaign) longer.
                if !reset && log.len() < 60 && zombie.is_none() && rng.random_bool(0.05) {
                    reset = true;
                    committed = [0; 2];
                    position = committed;
                    through = per_example_through(rule, committed, &log);
                }
            }
        }
        log.extend(zombie.map(|(_, records)| records).unwrap_or_default());
        (log, contains, features.len() as u64)
    }

    /// Everything one owner would write for `records`, applied in batches of `batch` records.
    fn crash_free(
        log: &[GradientBatch],
        batch: usize,
        expiry: Option<OwnerExpiry>,
    ) -> (BTreeMap<u64, CoordState>, Vec<ProgressWindow>) {
        let mut store = ModelStore::in_memory();
        let mut applier = applier_expiring(expiry);
        applier.begin_restore(&store, &[PARTITION]).unwrap();
        let mut windows = Vec::new();
        for (chunk_index, chunk) in log.chunks(batch).enumerate() {
            let mut changes = Changes::default();
            for (i, record) in chunk.iter().enumerate() {
                let offset = (chunk_index * batch + i) as i64;
                applier.apply(&mut store, PARTITION, offset, record, &mut changes).unwrap();
            }
            windows.extend(changes.windows.iter().map(Window::to_proto));
        }
        (states(&mut store), windows)
    }

    fn states(store: &mut ModelStore) -> BTreeMap<u64, CoordState> {
        let mut states = BTreeMap::new();
        store
            .for_each(|c, s| {
                // A default state is an absent (expired) coordinate.
                if *s != CoordState::default() {
                    states.insert(c, *s);
                }
            })
            .unwrap();
        states
    }

    /// Counts windows the way readers must.
    fn count_windows<'a>(windows: impl IntoIterator<Item = &'a ProgressWindow>) -> (u64, f64) {
        let mut counter = WindowCounter::default();
        let (mut count, mut loss) = (0, 0.0);
        for window in windows {
            if counter.is_new(window) {
                count += window.count;
                loss += window.loss_sum;
            }
        }
        (count, loss)
    }

    /// A process starting: opens the local store in `dir` and restores from `changelog`;
    /// returns the restored windows to publish again.
    fn start_process(
        dir: &std::path::Path,
        changelog: &[(Vec<u8>, Vec<u8>)],
        expiry: Option<OwnerExpiry>,
    ) -> (ModelStore, Applier, Vec<ProgressWindow>) {
        let mut store = ModelStore::open_checkpoint_only(dir, 16).unwrap();
        let mut applier = applier_expiring(expiry);
        let mut restore = applier.begin_restore(&store, &[PARTITION]).unwrap();
        let start = restore.starts()[0].1 as usize;
        for (offset, (key, payload)) in changelog.iter().enumerate().skip(start) {
            applier.restore_record(&mut restore, PARTITION, offset as i64, Some(key), Some(payload));
        }
        let restored = applier.finish_restore(restore, &mut store).unwrap();
        (store, applier, restored.windows)
    }

    /// Runs the update role's cycle (restore, apply batches, publish, commit; on some
    /// transactions a snapshot: changelog and checkpoint) against an in-memory changelog and
    /// gradients log, crashing at random points: before anything is visible, after a random
    /// prefix of a transaction became visible without its commit (what brokers that show
    /// aborted records do), after a commit but before the RocksDB checkpoint, after
    /// transactions committed without a snapshot, and during restore.
    fn crash_campaign(seed: u64, expiry: Option<OwnerExpiry>) {
        let mut rng = StdRng::seed_from_u64(seed);
        let (log, contains, examples) = gradients_log(&mut rng, expiry.is_none(), PrefixRule::Absolute);
        if expiry.is_none() {
            assert!(log.iter().any(|r| r.coalesced.is_some()), "seed {seed}: nothing coalesced");
        }
        let (expected_states, expected_windows) = crash_free(&log, 3, expiry);
        let dir = tempfile::tempdir().unwrap();
        let mut changelog: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
        let mut progress: Vec<ProgressWindow> = Vec::new();
        let mut committed = 0usize;
        let mut crashes = 0;
        while committed < log.len() {
            let (mut store, mut applier, windows) = start_process(dir.path(), &changelog, expiry);
            if rng.random_bool(0.1) {
                crashes += 1;
                continue; // killed during restore, before its checkpoint
            }
            // Windows of transactions that did not commit are published again.
            progress.extend(windows.into_iter().filter(|w| w.gradients_offset >= committed as i64));
            store.checkpoint().unwrap();
            // Where the role resumes: the restored `resume` (the group's committed offset
            // may be ahead of it, after transactions without a snapshot).
            let mut position = applier.position(PARTITION).map_or(0, |p| p.resume) as usize;
            // Changed since the last snapshot (see `stream::update`): most transactions
            // write no changelog and no checkpoint, only their windows and offsets.
            let mut unsnapshotted = Changes::default();
            loop {
                let size = rng.random_range(1..5).min(log.len() - position);
                if size == 0 {
                    break;
                }
                let mut changes = Changes::default();
                for (i, record) in log[position..position + size].iter().enumerate() {
                    applier.apply(&mut store, PARTITION, (position + i) as i64, record, &mut changes).unwrap();
                }
                unsnapshotted.coordinates.extend(changes.coordinates.iter().map(|(c, p)| (*c, *p)));
                unsnapshotted.next_offsets.extend(changes.next_offsets.iter().map(|(p, n)| (*p, *n)));
                let snapshot = rng.random_bool(0.4);
                let records = if snapshot {
                    let snapshot_changes = Changes {
                        coordinates: unsnapshotted.coordinates.clone(),
                        next_offsets: unsnapshotted.next_offsets.clone(),
                        windows: changes.windows.clone(),
                        ..Default::default()
                    };
                    applier.changelog_records(&mut store, &snapshot_changes).unwrap()
                } else {
                    Vec::new()
                };
                if !changelog.is_empty() && rng.random_bool(0.1) {
                    // A stale writer (an owner that has not noticed it was replaced) appends
                    // an old record between two of ours.
                    let stale = changelog[rng.random_range(0..changelog.len())].clone();
                    changelog.push(stale);
                }
                let records_written = records.len();
                match rng.random_range(0..10) {
                    0 => {}
                    1 | 2 => {
                        let visible = rng.random_range(0..=records.len());
                        changelog.extend(records.into_iter().take(visible).map(|(_, k, v)| (k, v)));
                        let windows = rng.random_range(0..=changes.windows.len());
                        progress.extend(changes.windows.iter().take(windows).map(Window::to_proto));
                    }
                    3 => {
                        changelog.extend(records.into_iter().map(|(_, k, v)| (k, v)));
                        progress.extend(changes.windows.iter().map(Window::to_proto));
                        committed = position + size;
                    }
                    _ => {
                        changelog.extend(records.into_iter().map(|(_, k, v)| (k, v)));
                        progress.extend(changes.windows.iter().map(Window::to_proto));
                        committed = position + size;
                        position = committed;
                        if snapshot {
                            let written = (changelog.len() - records_written) as i64;
                            applier.wrote_changelog(PARTITION, written, changelog.len() as i64);
                            applier.save_positions(&mut store);
                            store.checkpoint().unwrap();
                            unsnapshotted = Changes::default();
                        }
                        continue;
                    }
                }
                crashes += 1;
                break; // the process dies; its uncheckpointed changes with it
            }
        }
        // One last start restores whatever the final batches left and replays the records
        // after the last snapshot, as a role does before it goes on.
        let (mut store, mut applier, windows) = start_process(dir.path(), &changelog, expiry);
        progress.extend(windows.into_iter().filter(|w| w.gradients_offset >= committed as i64));
        let resume = applier.position(PARTITION).map_or(0, |p| p.resume) as usize;
        let mut changes = Changes::default();
        for (offset, record) in log.iter().enumerate().skip(resume) {
            applier.apply(&mut store, PARTITION, offset as i64, record, &mut changes).unwrap();
        }
        progress.extend(changes.windows.iter().map(Window::to_proto));

        assert!(crashes > 5, "seed {seed}: only {crashes} crashes");
        let got = states(&mut store);
        assert_eq!(got, expected_states, "seed {seed}: states differ from a crash-free run ({crashes} crashes)");
        if expiry.is_none() {
            for (coordinate, state) in &got {
                assert_eq!(state.updates, contains[coordinate], "seed {seed}: coordinate {coordinate}");
            }
        } else {
            // Expiry ran: some coordinate restarted, so it counts fewer updates than it occurred.
            assert!(got.iter().any(|(c, s)| s.updates < contains[c]), "seed {seed}: nothing expired");
        }
        assert_eq!(count_windows(&progress), count_windows(&expected_windows), "seed {seed}: progress");
        assert_eq!(count_windows(&progress).0, examples, "seed {seed}: every example counted once");
    }

    /// A gradients log with every coordinate moved up by `by`: another partition's log, as
    /// owners of different partitions never share a coordinate.
    fn shifted(log: &[GradientBatch], by: u64) -> Vec<GradientBatch> {
        let mut log = log.to_vec();
        for batch in &mut log {
            for example in &mut batch.examples {
                example.coordinates.iter_mut().for_each(|c| *c += by);
            }
            if let Some(coalesced) = &mut batch.coalesced {
                coalesced.coordinates.iter_mut().for_each(|c| *c += by);
            }
        }
        log
    }

    /// `stream::update` snapshots partitions in turn under load: a snapshot writes one
    /// partition's changelog and then that partition's states and position only to the
    /// local store, made durable at some later point (the round's end), so the store holds
    /// each partition as of one of its own snapshots. Killed before or after any write or
    /// flush (what was not flushed is lost), a restart restores every partition from there
    /// and replays each from its own position: nothing lost, nothing applied twice.
    #[test]
    fn partitions_snapshotted_in_turn_restore_exactly() {
        const PARTITIONS: [i32; 2] = [0, 1];
        for seed in 0..10 {
            let mut rng = StdRng::seed_from_u64(seed);
            let (first, contains_first, _) = gradients_log(&mut rng, true, PrefixRule::Absolute);
            let (second, contains_second, _) = gradients_log(&mut rng, true, PrefixRule::Absolute);
            let shift = 1_000;
            let logs = [first, shifted(&second, shift)];
            let mut contains = contains_first;
            contains.extend(contains_second.into_iter().map(|(c, n)| (c + shift, n)));
            let mut expected = crash_free(&logs[0], 3, None).0;
            expected.extend(crash_free(&logs[1], 3, None).0);

            let dir = tempfile::tempdir().unwrap();
            let mut changelogs: [Vec<(Vec<u8>, Vec<u8>)>; 2] = Default::default();
            let restart = |changelogs: &[Vec<(Vec<u8>, Vec<u8>)>; 2]| {
                let mut store = ModelStore::open_checkpoint_only(dir.path(), 16).unwrap();
                let mut applier = applier();
                let mut restore = applier.begin_restore(&store, &PARTITIONS).unwrap();
                for (partition, start) in restore.starts() {
                    let changelog = &changelogs[partition as usize];
                    for (offset, (key, payload)) in changelog.iter().enumerate().skip(start as usize) {
                        applier.restore_record(&mut restore, partition, offset as i64, Some(key), Some(payload));
                    }
                }
                applier.finish_restore(restore, &mut store).unwrap();
                store.checkpoint().unwrap();
                let positions = PARTITIONS.map(|p| applier.position(p).map_or(0, |x| x.resume) as usize);
                (store, applier, positions)
            };
            let (mut crashes, mut done) = (0, false);
            while !done {
                let (mut store, mut applier, mut positions) = restart(&changelogs);
                let mut unsnapshotted = Changes::default();
                loop {
                    let mut changes = Changes::default();
                    for partition in PARTITIONS {
                        let (log, at) = (&logs[partition as usize], &mut positions[partition as usize]);
                        let size = rng.random_range(0..4).min(log.len() - *at);
                        for (offset, record) in log.iter().enumerate().skip(*at).take(size) {
                            applier.apply(&mut store, partition, offset as i64, record, &mut changes).unwrap();
                        }
                        *at += size;
                    }
                    unsnapshotted.coordinates.extend(changes.coordinates.iter().map(|(c, p)| (*c, *p)));
                    unsnapshotted.members.extend(changes.members.iter().map(|(c, m)| (*c, *m)));
                    unsnapshotted.next_offsets.extend(changes.next_offsets.iter().map(|(p, n)| (*p, *n)));
                    // The transaction commits, snapshotting one partition or none.
                    if let Some(partition) = PARTITIONS.get(rng.random_range(0..3)) {
                        let partitions = BTreeSet::from([*partition]);
                        let snapshotted = unsnapshotted.split_off(&partitions);
                        let snapshot_changes = Changes {
                            coordinates: snapshotted.coordinates.clone(),
                            next_offsets: snapshotted.next_offsets.clone(),
                            windows: changes.windows.clone(),
                            ..Default::default()
                        };
                        let records = applier.changelog_records(&mut store, &snapshot_changes).unwrap();
                        assert!(
                            records.iter().all(|(p, _, _)| p == partition),
                            "seed {seed}: another partition's record"
                        );
                        let changelog = &mut changelogs[*partition as usize];
                        let written = changelog.len() as i64;
                        changelog.extend(records.into_iter().map(|(_, k, v)| (k, v)));
                        if rng.random_bool(0.2) {
                            crashes += 1;
                            break; // killed after the commit, before the checkpoint
                        }
                        applier.wrote_changelog(*partition, written, changelog.len() as i64);
                        applier.save_positions_of(&mut store, &partitions);
                        store.write_where(|c| snapshotted.coordinates.contains_key(&c)).unwrap();
                        // A round's writes are made durable when it ends; a crash before
                        // loses them all (the store does not flush on closing).
                        if rng.random_bool(0.5) {
                            store.persist().unwrap();
                        }
                    }
                    if positions.iter().zip(&logs).all(|(at, log)| *at == log.len()) {
                        done = true;
                        break; // the rest is replayed by the last start below
                    }
                    if rng.random_bool(0.15) {
                        crashes += 1;
                        break;
                    }
                }
            }
            // One last start restores and replays every partition from its own position.
            let (mut store, mut applier, positions) = restart(&changelogs);
            let mut changes = Changes::default();
            for partition in PARTITIONS {
                let log = &logs[partition as usize];
                for (offset, record) in log.iter().enumerate().skip(positions[partition as usize]) {
                    applier.apply(&mut store, partition, offset as i64, record, &mut changes).unwrap();
                }
            }
            assert!(crashes > 3, "seed {seed}: only {crashes} crashes");
            let got = states(&mut store);
            assert_eq!(got, expected, "seed {seed}: states differ from a crash-free run ({crashes} crashes)");
            for (coordinate, state) in &got {
                assert_eq!(state.updates, contains[coordinate], "seed {seed}: coordinate {coordinate}");
            }
        }
    }

    #[test]
    fn crashes_anywhere_neither_lose_nor_double_an_update() {
        for seed in 0..25 {
            crash_campaign(seed, None);
        }
    }

    /// The cause of examples lost after an operator moved the offsets backwards: with a
    /// bound relative to the committed offset, a committed coalesced record covers examples
    /// the owner holds and examples it does not at once, and is dropped whole, and nothing
    /// else carries the examples it held. The campaign above resets offsets too, with the
    /// absolute bound, and loses nothing.
    #[test]
    fn an_offset_reset_with_relative_bounds_loses_examples_and_absolute_ones_do_not() {
        // Per rule: (updates lost, updates doubled) over 25 logs, against each coordinate's
        // number of examples.
        let errors = |rule: PrefixRule| -> (u64, u64) {
            let (mut lost, mut doubled) = (0, 0);
            for seed in 0..25 {
                let mut rng = StdRng::seed_from_u64(seed);
                let (log, contains, _) = gradients_log(&mut rng, true, rule);
                let (states, _) = crash_free(&log, 3, None);
                for (coordinate, expected) in &contains {
                    let got = states.get(coordinate).map_or(0, |s| s.updates);
                    lost += expected.saturating_sub(got);
                    doubled += got.saturating_sub(*expected);
                }
            }
            (lost, doubled)
        };
        let (lost, doubled) = errors(PrefixRule::RelativeOnly);
        assert!(lost > 0, "the relative bound should lose examples after a reset");
        assert_eq!(doubled, 0);
        assert_eq!(errors(PrefixRule::Absolute), (0, 0));
    }

    /// Expiry sweeps replay identically too: the same coordinates expire at the same
    /// records, whatever the crashes (coordinates unseen for 150 ms, 15 records).
    #[test]
    fn crashes_anywhere_expire_the_same_coordinates() {
        for seed in 0..10 {
            crash_campaign(seed, Some(OwnerExpiry::new(150, 1)));
        }
    }

    #[test]
    fn duplicate_origins_are_dropped_and_counted() {
        let mut store = ModelStore::in_memory();
        let mut applier = applier();
        let example = |offset| ExampleGradients {
            origin_partition: 3,
            origin_offset: offset,
            coordinates: vec![7],
            gradients: vec![0.5],
            outcome: Some(Outcome {
                loss: 1.0,
                label: 1.0,
                prediction: 0.5,
                score: 0.5,
                weight: 1.0,
                ..Default::default()
            }),
            members: vec![],
            read_sums: vec![],
            feature_values: vec![],
            square_gradients: vec![],
        };
        let mut changes = Changes::default();
        let first = GradientBatch { examples: vec![example(0), example(1)], ..Default::default() };
        let replay = GradientBatch { examples: vec![example(1), example(2)], ..Default::default() };
        applier.apply(&mut store, 0, 0, &first, &mut changes).unwrap();
        applier.apply(&mut store, 0, 1, &replay, &mut changes).unwrap();
        assert_eq!((changes.applied, changes.duplicate_examples), (3, 1));
        assert_eq!(changes.windows.iter().map(|w| w.progress.count).collect::<Vec<_>>(), vec![2, 1]);
        assert_eq!(changes.windows[1].origin, Some((3, 2, 2)));
        assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(3, 2)]);
        let mut slots = Vec::new();
        store.resolve(&[Feature { coordinate: 7, value: 1.0 }], &mut slots).unwrap();
        assert_eq!(store.state(slots[0]).updates, 3);
    }

    /// docs/exactly-once.md, 9: a coalesced record whose ranges are all above the seen
    /// watermarks is applied and moves them; one whose ranges were all seen is a duplicate;
    /// one that covers seen and unseen offsets breaks the protocol and is reported. Either
    /// way a dropped record changes nothing.
    #[test]
    fn coalesced_records_are_applied_whole_or_not_at_all() {
        let mut store = ModelStore::in_memory();
        let mut applier = applier();
        let coalesced = |ranges: &[(i32, i64, i64)], updates: u64| GradientBatch {
            coalesced: Some(CoalescedContributions {
                origin_partitions: ranges.iter().map(|r| r.0).collect(),
                first_offsets: ranges.iter().map(|r| r.1).collect(),
                last_offsets: ranges.iter().map(|r| r.2).collect(),
                coordinates: vec![7, 8],
                z: vec![0.25, -0.5],
                n: vec![1.0, 2.0],
                updates: vec![updates, 1],
                gradient_sums: vec![0.5, 0.125],
                members: vec![0, 1],
                progress: Some(ProgressWindow {
                    count: updates,
                    loss_sum: 0.5,
                    weight_sum: updates as f64,
                    origin_partition: -1,
                    ..Default::default()
                }),
            }),
            ..Default::default()
        };
        let per_example = |offset| ExampleGradients {
            origin_partition: 0,
            origin_offset: offset,
            coordinates: vec![7],
            gradients: vec![0.5],
            ..Default::default()
        };
        fn state(store: &mut ModelStore, coordinate: u64) -> CoordState {
            let mut slots = Vec::new();
            store.resolve(&[Feature { coordinate, value: 1.0 }], &mut slots).unwrap();
            *store.state(slots[0])
        }
        let mut changes = Changes::default();
        // Examples 0..=4 of partition 0 and 10..=11 of partition 1, coalesced: applied whole.
        applier.apply(&mut store, 0, 0, &coalesced(&[(0, 0, 4), (1, 10, 11)], 5), &mut changes).unwrap();
        let after_first = state(&mut store, 7);
        assert_eq!((after_first.z, after_first.n, after_first.updates, after_first.sum), (0.25, 1.0, 5, 0.5));
        assert_eq!(changes.members.get(&8), Some(&1));
        assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(0, 4), (1, 11)]);
        assert_eq!(changes.windows.len(), 1);
        assert_eq!(changes.windows[0].progress.count, 5);
        // The same examples per example (a successor's prefix): 0..=4 dropped, 5 and 6 new.
        let successor = GradientBatch { examples: (0..7).map(per_example).collect(), ..Default::default() };
        applier.apply(&mut store, 0, 1, &successor, &mut changes).unwrap();
        assert_eq!(changes.duplicate_examples, 5);
        assert_eq!(state(&mut store, 7).updates, 7);
        // All seen: a duplicate. Seen and unseen at once: reported. Neither changes a state.
        let before = (state(&mut store, 7), state(&mut store, 8));
        applier.apply(&mut store, 0, 2, &coalesced(&[(0, 2, 6)], 5), &mut changes).unwrap();
        applier.apply(&mut store, 0, 3, &coalesced(&[(0, 5, 9)], 5), &mut changes).unwrap();
        applier.apply(&mut store, 0, 4, &coalesced(&[(0, 7, 9), (1, 11, 12)], 4), &mut changes).unwrap();
        assert_eq!((changes.duplicate_coalesced, changes.overlapping_coalesced), (1, 2));
        assert_eq!((state(&mut store, 7), state(&mut store, 8)), before);
        assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(0, 6), (1, 11)]);
        // Past everything seen: applied.
        applier.apply(&mut store, 0, 5, &coalesced(&[(0, 7, 9), (1, 12, 12)], 4), &mut changes).unwrap();
        assert_eq!(state(&mut store, 7).updates, 11);
        assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(0, 9), (1, 12)]);
    }

    #[test]
    fn non_finite_gradients_are_dropped() {
        let mut store = ModelStore::in_memory();
        let mut applier = applier();
        let batch = GradientBatch {
            examples: vec![ExampleGradients {
                origin_partition: 0,
                origin_offset: 0,
                coordinates: vec![1, 2, 3, 4],
                gradients: vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.5],
                outcome: None,
                members: vec![],
                read_sums: vec![],
                feature_values: vec![],
                square_gradients: vec![],
            }],
            ..Default::default()
        };
        let mut changes = Changes::default();
        applier.apply(&mut store, 0, 0, &batch, &mut changes).unwrap();
        assert_eq!(changes.applied, 1);
        let states = states(&mut store);
        assert_eq!(states.keys().copied().collect::<Vec<_>>(), vec![4]);
        assert!(states[&4].z.is_finite() && states[&4].n.is_finite());
    }
}
