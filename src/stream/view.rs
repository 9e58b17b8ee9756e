//! The weight view: every worker follows the deltas topic into memory to predict.
//! Deltas carry absolute weights, so applying one twice or out of band is harmless.

use super::codec::{DeltasRecord, DeltasRecordError};
use super::kafka::{now_ms, DeltasFollower};
use super::StreamError;
use crate::config::WorkerConfig;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Duration;

pub(crate) struct WeightView {
    deltas: DeltasFollower,
    weights: ViewWeights,
    /// The last moment the view was known to hold everything on the topic (ms since the
    /// epoch): every partition read to its end. Atomic so that it is checked under a shared
    /// lock while predictions read the view.
    at_end_ms: AtomicI64,
}

/// Longest wait for the broker to say where each partition ends.
const END_QUERY_TIMEOUT: Duration = Duration::from_secs(1);

/// The weights and figures of a view, apart from its consumer so that records borrowed from
/// the consumer can be applied.
#[derive(Default)]
pub(crate) struct ViewWeights {
    /// Nonzero weights.
    weights: HashMap<u64, f64>,
    /// Delta records applied so far.
    applied: u64,
    /// Commit time of the newest delta applied, for staleness.
    newest_delta_ms: i64,
}

impl WeightView {
    /// Follows every partition of the deltas topic from the beginning, and returns once it
    /// has read all of them to their current end: predictions never start from a partly
    /// loaded model. SIGTERM ([`super::stopping`]) or `shutdown` end the load early.
    pub(crate) fn follow(config: &WorkerConfig, shutdown: &AtomicBool) -> Result<Self, StreamError> {
        let started = std::time::Instant::now();
        let started_ms = now_ms();
        let mut weights = ViewWeights::default();
        let deltas = DeltasFollower::load(config, "the weight view", Duration::from_secs(300), shutdown, |record| {
            weights.apply(record.partition, record.key, record.value)
        })?;
        // Every partition was at its end at some moment since the load started.
        let view = Self { deltas, weights, at_end_ms: AtomicI64::new(started_ms) };
        tracing::info!(
            weights = view.nonzero_weights(),
            deltas = view.applied(),
            seconds = started.elapsed().as_secs_f64(),
            "weight view loaded"
        );
        Ok(view)
    }

    /// Applies every delta that has arrived, without waiting for more.
    pub(crate) fn catch_up(&mut self) {
        let weights = &mut self.weights;
        self.deltas.take(Duration::ZERO, |record| weights.apply(record.partition, record.key, record.value));
    }

    pub(crate) fn weight(&self, coordinate: u64) -> f64 {
        self.weights.weights.get(&coordinate).copied().unwrap_or(0.0)
    }

    pub(crate) fn nonzero_weights(&self) -> usize {
        self.weights.weights.len()
    }

    pub(crate) fn applied(&self) -> u64 {
        self.weights.applied
    }

    /// Asks the broker where every partition ends; when the view has read that far, it held
    /// everything on the topic as of the question. A broker that cannot say leaves it as it
    /// was (so staleness grows). Blocking: up to [`END_QUERY_TIMEOUT`] per partition.
    pub(crate) fn check_at_end(&self) {
        let asked = now_ms();
        match self.deltas.at_end(END_QUERY_TIMEOUT) {
            Ok(true) => {
                self.at_end_ms.fetch_max(asked, Ordering::AcqRel);
            }
            Ok(false) => {}
            Err(error) => tracing::debug!(%error, "where the deltas partitions end: no answer"),
        }
    }

    /// How far the view may be behind the deltas topic, in milliseconds: the time since the
    /// newer of the commit of the newest record applied and the last moment the view had
    /// read every partition to its end ([`Self::check_at_end`]). An idle stream, followed,
    /// stays near 0 (no record comes, but the ends say nothing was missed); a view that
    /// reads behind, or cannot reach the broker, grows. 0 before anything is known.
    pub(crate) fn staleness_ms(&self) -> i64 {
        staleness_ms(self.weights.newest_delta_ms, self.at_end_ms.load(Ordering::Acquire), now_ms())
    }
}

/// [`WeightView::staleness_ms`] at `now` (ms since the epoch, as its arguments).
fn staleness_ms(newest_delta_ms: i64, at_end_ms: i64, now: i64) -> i64 {
    match newest_delta_ms.max(at_end_ms) {
        0 => 0,
        fresh => (now - fresh).max(0),
    }
}

impl ViewWeights {
    /// Applies one delta record: key = coordinate, value = WeightDelta or null (zero); or
    /// an applied watermark.
    pub(crate) fn apply(&mut self, partition: i32, key: Option<&[u8]>, payload: Option<&[u8]>) {
        match DeltasRecord::decode(key, payload) {
            Ok(DeltasRecord::Packed(watermark)) => {
                // The packed weights of the same transaction: newer than any per-coordinate
                // delta before them.
                self.newest_delta_ms = self.newest_delta_ms.max(watermark.time_ms);
                self.applied += 1;
                for (i, coordinate) in watermark.coordinates.iter().enumerate() {
                    match watermark.weights.get(i).copied().unwrap_or(0.0) {
                        0.0 => self.weights.remove(coordinate),
                        weight => self.weights.insert(*coordinate, weight),
                    };
                }
            }
            Ok(DeltasRecord::Delta { coordinate, delta }) => {
                self.applied += 1;
                self.newest_delta_ms = self.newest_delta_ms.max(delta.time_ms);
                if delta.weight == 0.0 {
                    self.weights.remove(&coordinate);
                } else {
                    self.weights.insert(coordinate, delta.weight);
                }
            }
            Ok(DeltasRecord::Tombstone { coordinate }) => {
                self.applied += 1;
                self.weights.remove(&coordinate);
            }
            Err(error) => {
                // A coordinate's record counts as applied, readable or not.
                if matches!(error, DeltasRecordError::Delta { .. }) {
                    self.applied += 1;
                }
                tracing::warn!(partition, "{error}, ignored");
            }
        }
    }
}

impl crate::learn::View for WeightView {
    #[inline]
    fn weight(&self, _member: u32, coordinate: u64) -> f64 {
        WeightView::weight(self, coordinate)
    }

    /// None: the view serves predictions, which take no step.
    #[inline]
    fn rate(&self, _member: u32, _coordinate: u64) -> Option<f64> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::staleness_ms;

    #[test]
    fn staleness_counts_from_the_newer_of_the_newest_record_and_the_last_end_seen() {
        let now = 1_000_000_000;
        // Up to date with an idle stream: the newest record is 338 s old, the end seen 20 ms ago.
        assert_eq!(staleness_ms(now - 338_000, now - 20, now), 20);
        // Reading behind (or cut off): the age of the newest record it has.
        assert_eq!(staleness_ms(now - 5_000, now - 60_000, now), 5_000);
        assert_eq!(staleness_ms(0, 0, now), 0);
    }
}
