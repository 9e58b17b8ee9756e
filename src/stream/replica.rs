//! The predict role's replica feed: every owner's published states, from the deltas topic,
//! into the predict role's [`Replica`]. The replica starts from the whole topic (the
//! per-coordinate deltas carry each coordinate's state), then follows the packed records
//! every owner transaction writes (key `ftrl.applied`: the changed states and the applied
//! watermark).
//!
//! The replica's states sit in a store bounded by `worker.cache_size`: a slot cache in front
//! of a local RocksDB (`{state_dir}/replica`) that is only a cache of the deltas topic,
//! wiped at start.

use super::codec::{DeltasRecord, DeltasRecordError};
use super::kafka::DeltasFollower;
use super::resume::OwnerMark;
use super::StreamError;
use crate::config::WorkerConfig;
use crate::learn::replica::Replica;
use crate::learn::CoordState;
use crate::store::{ModelStore, StoreError};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Longest a replica may take to load the deltas topic before the role gives up (and
/// restarts).
const LOAD_TIMEOUT: Duration = Duration::from_secs(300);

pub(crate) struct ReplicaFeed {
    deltas: DeltasFollower,
    pub taken: Taken,
}

/// What a feed has taken in so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct Taken {
    /// Owner records, for the log and metrics.
    pub records: u64,
    /// Commit time of the newest owner transaction seen (ms since the epoch; 0 before any).
    pub newest_ms: i64,
    /// Gradients partition → how far its owners have applied it, as last published: what
    /// a resuming predict role bounds its per-example records by (`stream::resume`).
    pub owners: BTreeMap<i32, OwnerMark>,
}

impl ReplicaFeed {
    /// Reads every partition of the deltas topic into `replica` to its current end, then
    /// returns the feed that follows it.
    pub(crate) fn load(
        config: &WorkerConfig,
        replica: &mut Replica<ModelStore>,
        shutdown: &AtomicBool,
    ) -> Result<Self, StreamError> {
        let started = Instant::now();
        let mut taken = Taken::default();
        let mut failed = None;
        let deltas = DeltasFollower::load(config, "the replica", LOAD_TIMEOUT, shutdown, |record| {
            if failed.is_none() {
                failed = taken.take(replica, record.partition, record.key, record.value).err();
            }
        })?;
        if let Some(error) = failed {
            return Err(error.into());
        }
        let feed = Self { deltas, taken };
        tracing::info!(
            resident = replica.len(),
            records = feed.taken.records,
            seconds = started.elapsed().as_secs_f64(),
            "replica loaded from the deltas topic"
        );
        Ok(feed)
    }

    /// Takes in every owner record that has arrived, waiting at most `wait` for the first.
    pub(crate) fn catch_up(&mut self, replica: &mut Replica<ModelStore>, wait: Duration) -> Result<(), StreamError> {
        let (taken, mut failed) = (&mut self.taken, None);
        self.deltas.take(wait, |record| {
            if failed.is_none() {
                failed = taken.take(replica, record.partition, record.key, record.value).err();
            }
        });
        failed.map_or(Ok(()), |error| Err(error.into()))
    }
}

impl Taken {
    fn take(
        &mut self,
        replica: &mut Replica<ModelStore>,
        partition: i32,
        key: Option<&[u8]>,
        payload: Option<&[u8]>,
    ) -> Result<(), StoreError> {
        self.records += 1;
        match DeltasRecord::decode(key, payload) {
            Ok(DeltasRecord::Packed(packed)) => {
                self.newest_ms = self.newest_ms.max(packed.time_ms);
                for (coordinate, state) in packed.states() {
                    replica.owner_state(coordinate, state);
                }
                let watermark: BTreeMap<i32, i64> =
                    packed.origin_partitions.iter().copied().zip(packed.origin_offsets.iter().copied()).collect();
                replica.owner_watermark(partition, &watermark)?;
                self.owners.entry(partition).or_default().merge(packed.resume_offset, watermark);
            }
            // A per-coordinate delta carries the coordinate's state as of its transaction,
            // whose watermark follows it.
            Ok(DeltasRecord::Delta { coordinate, delta }) => {
                if let Some(state) = &delta.state {
                    replica.owner_state(coordinate, CoordState::from(state));
                }
            }
            // A tombstone says only that the weight is 0 (its state may hold sums), so the
            // replica keeps what it has.
            Ok(DeltasRecord::Tombstone { .. }) => {}
            Err(DeltasRecordError::Watermark) => tracing::warn!(partition, "unreadable applied watermark, ignored"),
            Err(DeltasRecordError::NoCoordinate | DeltasRecordError::Delta { .. }) => {}
        }
        Ok(())
    }
}

/// The replica's store: `worker.cache_size` states in memory, the rest in a local RocksDB
/// that only caches the deltas topic, so whatever it held is discarded first.
pub(crate) fn open_replica_store(config: &WorkerConfig) -> Result<ModelStore, StreamError> {
    let dir = config.worker.state_dir.join("replica");
    match std::fs::remove_dir_all(&dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(StreamError::State(format!("clearing {}: {e}", dir.display())));
        }
        _ => {}
    }
    Ok(ModelStore::open_checkpoint_only(&dir, config.worker.cache_size)?)
}

#[cfg(test)]
mod tests {
    use crate::learn::replica::scenarios;
    use crate::store::ModelStore;

    /// The replica's store as `open_replica_store` opens it, with room for 32 states: the
    /// scenarios' models have about 120 coordinates.
    fn small_store(dir: &tempfile::TempDir, name: &str) -> ModelStore {
        ModelStore::open_checkpoint_only(&dir.path().join(name), 32).unwrap()
    }

    #[test]
    fn on_a_cache_far_smaller_than_the_model_one_worker_learns_exactly_what_the_embedded_learner_learns() {
        let dir = tempfile::tempdir().unwrap();
        let (replica, coordinates) =
            scenarios::one_worker_learns_exactly_what_the_embedded_learner_learns(small_store(&dir, "a"));
        assert!(coordinates > 3 * 32, "{coordinates} coordinates");
        assert!(replica.len() <= 32, "{} resident", replica.len());
    }

    #[test]
    fn on_a_cache_far_smaller_than_the_model_states_holding_part_of_a_batch_are_not_taken() {
        let dir = tempfile::tempdir().unwrap();
        scenarios::states_holding_part_of_a_batch_are_not_taken(small_store(&dir, "a"));
    }

    #[test]
    fn on_a_cache_far_smaller_than_the_model_a_transaction_holding_part_of_a_batch_brings_foreign_states() {
        let dir = tempfile::tempdir().unwrap();
        scenarios::a_transaction_holding_part_of_a_batch_brings_the_other_coordinates_foreign_states(small_store(
            &dir, "a",
        ));
    }

    #[test]
    fn on_a_cache_far_smaller_than_the_model_threads_learning_a_shared_chunk_lose_no_step() {
        let dir = tempfile::tempdir().unwrap();
        let mut n = 0;
        let mut store = || {
            n += 1;
            small_store(&dir, &n.to_string())
        };
        scenarios::one_thread_learning_a_shared_chunk_learns_what_the_replica_learns(&mut store);
        scenarios::four_threads_learning_in_one_replica_lose_no_step(&mut store);
    }

    #[test]
    fn on_a_cache_far_smaller_than_the_model_a_state_holding_part_of_a_piece_is_not_taken() {
        let dir = tempfile::tempdir().unwrap();
        let mut n = 0;
        scenarios::a_state_holding_part_of_a_piece_is_not_taken(|| {
            n += 1;
            small_store(&dir, &n.to_string())
        });
    }

    #[test]
    fn an_evicted_coordinate_keeps_its_bookkeeping() {
        let dir = tempfile::tempdir().unwrap();
        scenarios::an_evicted_coordinate_keeps_its_bookkeeping(
            ModelStore::open_checkpoint_only(dir.path(), 8).unwrap(),
        );
    }

    #[test]
    fn on_a_cache_far_smaller_than_the_model_two_workers_see_each_others_contributions() {
        let dir = tempfile::tempdir().unwrap();
        let mut n = 0;
        scenarios::two_workers_see_each_others_contributions_through_the_owners(|| {
            n += 1;
            small_store(&dir, &n.to_string())
        });
    }

    /// Hot exchange on a cache far smaller than the model: provisional contributions to
    /// coordinates that leave memory still count once and are dropped.
    #[test]
    fn on_a_cache_far_smaller_than_the_model_hot_contributions_count_once() {
        let dir = tempfile::tempdir().unwrap();
        let mut n = 0;
        scenarios::two_workers_exchanging_hot_coordinates_count_each_step_once(
            || {
                n += 1;
                small_store(&dir, &n.to_string())
            },
            1,
            None,
            scenarios::Leaving::EVERY_PIECE,
        );
    }
}
