//! Restoring an owner's states from its changelog: the newest state of each coordinate,
//! and the batch markers' positions and progress windows.

use super::{Applier, PartitionPosition};
use crate::learn::{CoordState, CoordinateStates, Feature};
use crate::schema::proto::{BatchMarker, ProgressWindow, StateRecord};
use crate::store::{ModelStore, StoreError};
use crate::stream::wire::{MARKER_KEY, MODEL_KEY_PREFIX};
use prost::Message as _;
use std::collections::{BTreeMap, HashMap};

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

impl Applier {
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
                    restore.newest.insert(record.coordinate, (partition, record.applied_through, record.state()));
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
}
