//! What a replica notes besides states: per coordinate, its own updates the owner has not
//! confirmed and its foreign share; per batch of its own examples, how it moved each
//! coordinate and which owners have applied it.

use crate::learn::CoordState;
use hashbrown::HashMap;
use std::collections::BTreeMap;
use std::time::Instant;

/// A coordinate with own updates its owner has not confirmed yet.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Pending {
    /// How many (so that an owner state holding nothing foreign is recognised without
    /// summing the batches' differences).
    pub(super) updates: u64,
    /// The replica's update count of the coordinate, for when its state is not in memory.
    pub(super) replica_updates: u64,
    /// Those own updates' differences, summed: what an owner's state lacks of this
    /// replica's own steps. Kept as batches are sealed and confirmed, not summed over the
    /// unconfirmed batches at each state taken (with small batches, a lookup in each of
    /// tens of batches per state).
    pub(super) own: CoordState,
    /// Own updates the owner confirmed since it last published the coordinate.
    pub(super) confirmed: u64,
    /// The updates the owner applied lately, other workers' and own ones, as its
    /// publications show them (decayed as [`Pending::count_publication`] says): their ratio
    /// estimates how many foreign updates are in flight per own one ([`Pending::share`]).
    pub(super) foreign_recent: f64,
    pub(super) own_recent: f64,
}

impl Pending {
    /// Other workers' updates per own update of this coordinate, lately: the replica counts
    /// its own unconfirmed steps this many times more, as the estimate of what the other
    /// workers have in flight. They correct the same stale state, and the owners add what
    /// all of them did: a replica that counted only its own steps would correct the whole
    /// error itself, as would every other, and N workers would move a hot coordinate N
    /// times too far, and the model diverges.
    pub(super) fn share(&self) -> f64 {
        if self.own_recent <= 0.0 {
            return 0.0;
        }
        (self.foreign_recent / self.own_recent).min(MAX_SHARE)
    }

    /// Counts an owner publication of the coordinate that brought `foreign` other workers'
    /// updates unseen and confirmed `self.confirmed` own ones.
    ///
    /// The share is a ratio of two rates, and both counts decay only where the publication
    /// says something of this replica's own rate: when it confirms own updates, or when
    /// none are in flight. One that confirms none while some are in flight only came
    /// before them: decayed there, the own count shrank while the foreign one grew, and a
    /// coordinate that some own batches miss got a share of tens (up to [`MAX_SHARE`]),
    /// its rare own steps each counted that many times over. Smaller batches miss a
    /// coordinate more often and keep more of them in flight, so with them the model
    /// learned worse. Undecayed, those foreign updates count with the own ones confirmed
    /// next: the share is the foreign updates per own update over whole stretches between
    /// own confirmations, whatever the batch size.
    pub(super) fn count_publication(&mut self, foreign: u64) {
        let decay = if self.confirmed > 0 || self.updates == 0 { SHARE_DECAY } else { 1.0 };
        self.foreign_recent = self.foreign_recent * decay + foreign as f64;
        self.own_recent = self.own_recent * decay + self.confirmed as f64;
    }
}

/// The most foreign updates in flight a replica assumes per own update.
const MAX_SHARE: f64 = 64.0;

/// Own updates confirmed lately (decayed) from which a coordinate is hot: its foreign share
/// is kept while it has no own updates in flight.
pub(super) const HOT_OWN_UPDATES: f64 = 4.0;

/// How much of the counts before a publication the next keeps
/// ([`Pending::count_publication`]).
const SHARE_DECAY: f64 = 0.5;

/// How one batch of this replica's own examples moved the coordinates it touched.
#[derive(Debug)]
pub(super) struct OwnBatch {
    /// (owner partition, examples partition) → highest example offset whose gradients the
    /// batch sent to that owner: it has applied the batch when its watermark reaches these.
    pub(super) requirements: BTreeMap<(i32, i32), i64>,
    /// Examples partition → the batch's lowest example offset. An owner's watermark at or
    /// past it, and short of the requirement, has applied part of the batch.
    pub(super) firsts: BTreeMap<i32, i64>,
    /// Per owner partition: coordinate → the state difference the batch made.
    pub(super) differences: Vec<HashMap<u64, CoordState>>,
    /// Owner partitions that have not yet applied the batch.
    pub(super) unconfirmed: Vec<i32>,
    pub(super) examples: usize,
    pub(super) sealed_at: Instant,
}

impl OwnBatch {
    pub(super) fn applied_by(&self, partition: i32, watermark: &BTreeMap<i32, i64>) -> bool {
        self.requirements
            .range((partition, i32::MIN)..=(partition, i32::MAX))
            .all(|((_, origin), offset)| watermark.get(origin).is_some_and(|applied| applied >= offset))
    }

    /// Whether owner `partition` has applied some of the batch but not all of it: a batch's
    /// gradients for one owner may span several records, and a transaction may end between
    /// them. (Offsets only grow per examples partition, and an owner applies a batch's
    /// records before a later batch's, so a watermark past `firsts` comes from this batch.)
    pub(super) fn partly_applied_by(&self, partition: i32, watermark: &BTreeMap<i32, i64>) -> bool {
        self.requirements.range((partition, i32::MIN)..=(partition, i32::MAX)).any(|((_, origin), offset)| {
            let first = self.firsts.get(origin).copied().unwrap_or(i64::MAX);
            watermark.get(origin).is_some_and(|applied| *applied >= first && applied < offset)
        })
    }
}
