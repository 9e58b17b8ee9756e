//! The predict role's replica feed: every owner's published states, from the deltas topic,
//! into the predict role's [`Replica`]. The replica starts from the whole topic (the
//! per-coordinate deltas carry each coordinate's state), then follows the packed records
//! every owner transaction writes (key `ftrl.applied`: the changed states and the applied
//! watermark).

use super::kafka::{load_deltas, ReaderConsumer};
use super::update::WATERMARK_KEY;
use super::StreamError;
use crate::config::WorkerConfig;
use crate::learn::replica::Replica;
use crate::learn::CoordState;
use crate::schema::proto::{AppliedWatermark, WeightDelta};
use prost::Message as _;
use rdkafka::error::KafkaError;
use rdkafka::Message;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Longest a replica may take to load the deltas topic before the role gives up (and
/// restarts).
const LOAD_TIMEOUT: Duration = Duration::from_secs(300);

pub struct ReplicaFeed {
    consumer: ReaderConsumer,
    pub taken: Taken,
}

/// What a feed has taken in so far.
#[derive(Clone, Copy, Debug, Default)]
pub struct Taken {
    /// Owner records, for the log and metrics.
    pub records: u64,
    /// Commit time of the newest owner transaction seen (ms since the epoch; 0 before any).
    pub newest_ms: i64,
}

impl ReplicaFeed {
    /// Reads every partition of the deltas topic into `replica` to its current end, then
    /// returns the feed that follows it.
    pub fn load(config: &WorkerConfig, replica: &mut Replica, shutdown: &AtomicBool) -> Result<Self, StreamError> {
        let started = Instant::now();
        let mut taken = Taken::default();
        let consumer = load_deltas(config, "the replica", LOAD_TIMEOUT, shutdown, |message| {
            taken.take(replica, message.partition(), message.key(), message.payload())
        })?;
        let feed = Self { consumer, taken };
        tracing::info!(
            coordinates = replica.len(),
            records = feed.taken.records,
            seconds = started.elapsed().as_secs_f64(),
            "replica loaded from the deltas topic"
        );
        Ok(feed)
    }

    /// Takes in every owner record that has arrived, waiting at most `wait` for the first.
    pub fn catch_up(&mut self, replica: &mut Replica, wait: Duration) {
        let mut timeout = wait;
        loop {
            match self.consumer.poll(timeout) {
                None => return,
                Some(Ok(message)) => self.taken.take(replica, message.partition(), message.key(), message.payload()),
                Some(Err(KafkaError::PartitionEOF(_))) => {}
                Some(Err(error)) => {
                    tracing::warn!(%error, "replica feed consumer error");
                    return;
                }
            }
            timeout = Duration::ZERO;
        }
    }
}

impl Taken {
    fn take(&mut self, replica: &mut Replica, partition: i32, key: Option<&[u8]>, payload: Option<&[u8]>) {
        self.records += 1;
        if key == Some(WATERMARK_KEY) {
            match payload.map(AppliedWatermark::decode) {
                Some(Ok(packed)) => {
                    self.newest_ms = self.newest_ms.max(packed.time_ms);
                    for state in packed_states(&packed) {
                        replica.owner_state(state.0, state.1);
                    }
                    let watermark: BTreeMap<i32, i64> =
                        packed.origin_partitions.iter().copied().zip(packed.origin_offsets.iter().copied()).collect();
                    replica.owner_watermark(partition, &watermark);
                }
                _ => tracing::warn!(partition, "unreadable applied watermark, ignored"),
            }
            return;
        }
        // A per-coordinate delta carries the coordinate's state as of its transaction,
        // whose watermark follows it. A tombstone says only that the weight is 0 (its
        // state may hold sums), so the replica keeps what it has.
        let Some(coordinate) = key.and_then(|k| <[u8; 8]>::try_from(k).ok()).map(u64::from_be_bytes) else { return };
        if let Some(Ok(delta)) = payload.map(WeightDelta::decode) {
            if let Some(state) = delta.state {
                replica.owner_state(
                    coordinate,
                    CoordState {
                        z: state.z,
                        n: state.n,
                        updates: state.updates,
                        sum: state.gradient_sum,
                        seen: state.last_seen,
                    },
                );
            }
        }
    }
}

/// The (coordinate, state) pairs of a packed record; fields missing at an index (a record
/// cut short by a bug or corruption) read as zero rather than shifting the others.
pub fn packed_states(packed: &AppliedWatermark) -> impl Iterator<Item = (u64, CoordState)> + '_ {
    packed.coordinates.iter().enumerate().map(|(i, coordinate)| {
        let at = |v: &Vec<f64>| v.get(i).copied().unwrap_or(0.0);
        (
            *coordinate,
            CoordState {
                z: at(&packed.z),
                n: at(&packed.n),
                updates: packed.updates.get(i).copied().unwrap_or(0),
                sum: at(&packed.gradient_sums),
                seen: packed.last_seen.get(i).copied().unwrap_or(0),
            },
        )
    })
}
