//! Where the update role stands in each gradients partition it owns, kept in the local
//! store, and the expiry of its coordinates on the records' event time.

use crate::learn::expiry::Expiry;
use crate::store::{ModelStore, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
pub(super) fn event_clock(time_ms: i64) -> Option<u64> {
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
    pub(super) fn applied_through(&self, coordinate: u64) -> i64 {
        self.ahead.get(&coordinate).copied().unwrap_or(self.resume - 1)
    }
}
