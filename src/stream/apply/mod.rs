//! Exactly-once bookkeeping of the update role, apart from Kafka so that it can be tested
//! against every crash point (see docs/exactly-once.md for the argument).
//!
//! A gradients partition is a log. What its owner publishes about it is a deterministic
//! function of that log: gradient entries are deduplicated by their origin (examples
//! partition and offset), coordinates by the gradients offset their stored state includes.
//! So replaying any suffix of the log after a crash, on any worker, rewrites exactly what
//! was (or would have been) written before, and a record written twice is written the same
//! way twice.

mod position;
mod restore;
#[cfg(test)]
mod tests;
mod window;

pub(crate) use self::position::{OwnerExpiry, PartitionPosition};
pub use self::restore::{Restore, Restored, RestoredState};
pub use self::window::Window;
pub(crate) use self::window::WindowCounter;

use self::position::event_clock;
use super::wire::{coordinate_key, MARKER_KEY};
use crate::learn::expiry::Expiry;
use crate::learn::rule::CoordinateRule;
use crate::learn::{CoordinateStates, Feature, Progress};
use crate::schema::proto::{BatchMarker, CoalescedContributions, ExampleGradients, GradientBatch, StateRecord};
use crate::store::{ModelStore, StoreError};
use prost::Message as _;
use std::collections::{BTreeMap, BTreeSet};

/// A changelog record to write: (partition, key, payload).
pub(crate) type ChangelogRecord = (i32, Vec<u8>, Vec<u8>);

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
    rule: CoordinateRule,
    expiry: Option<OwnerExpiry>,
    binary: bool,
    positions: BTreeMap<i32, PartitionPosition>,
    slots: Vec<u32>,
}

impl Applier {
    pub fn new(rule: CoordinateRule, binary: bool) -> Self {
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
            let record = StateRecord::new(coordinate, state, through);
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
    rule: &CoordinateRule,
    store: &mut ModelStore,
    (partition, offset): (i32, i64),
    position: &PartitionPosition,
    coalesced: &CoalescedContributions,
    stamp: Option<u64>,
    changes: &mut Changes,
) -> Result<(), StoreError> {
    let c = coalesced;
    let taken: Vec<usize> = (0..c.rows())
        .filter(|&i| {
            let (coordinate, change) = (c.coordinates[i], c.change(i));
            // As for a single gradient: a non-finite change from a corrupt record would
            // poison the coordinate for good, and an unknown member has no state to change.
            position.ahead.get(&coordinate).is_none_or(|through| *through < offset)
                && change.z.is_finite()
                && change.n.is_finite()
                && change.sum.is_finite()
                && rule.optimizer(c.member(i)).is_some()
        })
        .collect();
    let coordinates: Vec<u64> = taken.iter().map(|&i| c.coordinates[i]).collect();
    store.for_each_slot(&coordinates, |store, k, slot| {
        let (i, coordinate) = (taken[k], coordinates[k]);
        let change = c.change(i);
        let state = store.state_mut(slot);
        state.add(&change);
        if let Some(stamp) = stamp {
            state.seen = stamp;
        }
        if c.member(i) != 0 {
            changes.members.insert(coordinate, c.member(i));
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
    rule: &CoordinateRule,
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
