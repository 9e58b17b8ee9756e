//! The process's Prometheus metrics. Names follow Prometheus conventions: `ftrl_` prefix,
//! base units (`_seconds`, `_bytes`), counters end in `_total`.
//!
//! One registry per process, reached through [`metrics`], so that the stream roles record
//! an event with one line where it happens. A metric no part of the process moves (the
//! serving metrics in a worker) stays at zero.

use crate::learn::Progress;
use crate::store::ModelStore;
use crate::stream::kafka::RawRecord;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

type Labels = Vec<(&'static str, String)>;
type FloatGauge = Gauge<f64, AtomicU64>;

/// Every metric the process exports.
pub struct Metrics {
    registry: Registry,
    /// Examples the predict role scored (progressive validation) and sent gradients for.
    pub examples: Counter,
    /// Records sent to the dead-letter topic.
    pub dead_letters: Counter,
    /// Sum of the progressive loss of scored examples (times their weights).
    pub progressive_loss_sum: Counter<f64, AtomicU64>,
    /// Sum of the weights of scored examples.
    pub progressive_weight_sum: Counter<f64, AtomicU64>,
    /// Mean progressive loss of this process's scored examples since it started.
    pub progressive_loss: FloatGauge,
    /// Kafka transactions by role and outcome (`committed`, `aborted`).
    pub transactions: Family<Labels, Counter>,
    /// Time to send and commit a transaction, by role (the update role's includes applying
    /// the batch's gradients, which happens inside the same step).
    pub commit_seconds: Family<Labels, Histogram>,
    /// Records between this process's position and the partition's end, by topic and
    /// partition (the partitions its roles have consumed).
    pub consumer_lag: Family<Labels, Gauge>,
    /// Age of the newest delta the weight view has applied.
    pub view_staleness_seconds: FloatGauge,
    /// Examples predicted whose gradients the weight view has not yet seen applied.
    pub view_examples_behind: Gauge,
    /// Nonzero weights in the weight view.
    pub view_weights: Gauge,
    /// Delta records the weight view has applied.
    pub view_deltas: Gauge,
    /// For a Hedge mixture: the learning rate α of the member with the least cumulative
    /// progressive loss (the one the mixture follows).
    pub hedge_leader_alpha: FloatGauge,
    /// Coordinate-state lookups of the update role's cache, by result (`hit`, `miss`).
    pub cache_lookups: Family<Labels, Counter>,
    /// Coordinate states in the update role's cache.
    pub cache_resident: Gauge,
    /// Size of the update role's RocksDB files (SST files of the coordinates).
    pub rocksdb_bytes: Gauge,
    /// `ftrl serve` HTTP requests by endpoint and status code.
    pub http_requests: Family<Labels, Counter>,
    /// Examples `ftrl serve` predicted.
    pub served_predictions: Counter,
    /// Cache lookups already counted, as (hits, misses): the store counts for its lifetime.
    seen_lookups: Mutex<(u64, u64)>,
    /// (topic, partition) → the next offset a role of this process will read there.
    positions: Mutex<BTreeMap<(String, i32), i64>>,
}

static METRICS: OnceLock<Metrics> = OnceLock::new();

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    METRICS.get_or_init(Metrics::new)
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::with_prefix("ftrl");
        let commit_seconds =
            Family::<Labels, Histogram>::new_with_constructor(|| Histogram::new(exponential_buckets(0.001, 2.0, 14)));
        let m = Self {
            registry: Registry::default(),
            examples: Counter::default(),
            dead_letters: Counter::default(),
            progressive_loss_sum: Counter::default(),
            progressive_weight_sum: Counter::default(),
            progressive_loss: FloatGauge::default(),
            transactions: Family::default(),
            commit_seconds,
            consumer_lag: Family::default(),
            view_staleness_seconds: FloatGauge::default(),
            view_examples_behind: Gauge::default(),
            view_weights: Gauge::default(),
            view_deltas: Gauge::default(),
            hedge_leader_alpha: FloatGauge::default(),
            cache_lookups: Family::default(),
            cache_resident: Gauge::default(),
            rocksdb_bytes: Gauge::default(),
            http_requests: Family::default(),
            served_predictions: Counter::default(),
            seen_lookups: Mutex::new((0, 0)),
            positions: Mutex::new(BTreeMap::new()),
        };
        let r = &mut registry;
        r.register("examples", "Examples scored by the predict role", m.examples.clone());
        r.register("dead_letters", "Records sent to the dead-letter topic", m.dead_letters.clone());
        r.register("progressive_loss_sum", "Sum of weighted progressive losses", m.progressive_loss_sum.clone());
        r.register("progressive_weight_sum", "Sum of example weights scored", m.progressive_weight_sum.clone());
        r.register("progressive_loss", "Mean progressive loss since the process started", m.progressive_loss.clone());
        r.register("transactions", "Kafka transactions by role and outcome", m.transactions.clone());
        r.register(
            "transaction_commit_seconds",
            "Time to send and commit a transaction by role (update: including applying its gradients)",
            m.commit_seconds.clone(),
        );
        r.register(
            "consumer_lag",
            "Records between the consumer position and the partition end",
            m.consumer_lag.clone(),
        );
        r.register(
            "view_staleness_seconds",
            "Predict role: age of the oldest batch it learned that the owners have not applied (other workers miss it until then); serve: age of the newest delta it applied",
            m.view_staleness_seconds.clone(),
        );
        r.register(
            "view_examples_behind",
            "Examples the predict role learned that the owners have not applied yet",
            m.view_examples_behind.clone(),
        );
        r.register(
            "view_weights",
            "Coordinates in the predict role's replica (serve: nonzero weights in its view)",
            m.view_weights.clone(),
        );
        r.register("view_deltas", "Owner records taken into the replica or view", m.view_deltas.clone());
        r.register(
            "hedge_leader_alpha",
            "Learning rate of the Hedge member with the least cumulative progressive loss",
            m.hedge_leader_alpha.clone(),
        );
        r.register("cache_lookups", "Coordinate-state cache lookups by result", m.cache_lookups.clone());
        r.register("cache_resident_coordinates", "Coordinate states in the cache", m.cache_resident.clone());
        r.register("rocksdb_bytes", "Size of the update role's RocksDB SST files", m.rocksdb_bytes.clone());
        r.register("http_requests", "Serving requests by endpoint and status", m.http_requests.clone());
        r.register("served_predictions", "Examples predicted over HTTP", m.served_predictions.clone());
        Self { registry, ..m }
    }

    /// The metrics in the Prometheus text format.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }

    /// Records a predict batch: its scored examples' progress and its dead letters.
    pub fn predicted<'a>(&self, windows: impl IntoIterator<Item = &'a Progress>, dead_letters: usize) {
        for progress in windows {
            self.examples.inc_by(progress.count);
            self.progressive_loss_sum.inc_by(progress.loss_sum);
            self.progressive_weight_sum.inc_by(progress.weight_sum);
        }
        self.dead_letters.inc_by(dead_letters as u64);
        let weight = self.progressive_weight_sum.get();
        if weight > 0.0 {
            self.progressive_loss.set(self.progressive_loss_sum.get() / weight);
        }
    }

    /// Records a transaction of `role` that took `elapsed` to commit, or failed (and was
    /// aborted or abandoned).
    pub fn transaction(&self, role: &'static str, elapsed: Duration, committed: bool) {
        let outcome = if committed { "committed" } else { "aborted" };
        self.transactions.get_or_create(&vec![("role", role.to_string()), ("outcome", outcome.into())]).inc();
        if committed {
            self.commit_seconds.get_or_create(&vec![("role", role.to_string())]).observe(elapsed.as_secs_f64());
        }
    }

    /// Records how far a role has consumed `topic`: the next offset of each partition in
    /// `records`, for the lag measurement.
    pub fn consumed(&self, topic: &str, records: &[RawRecord]) {
        if let Ok(mut positions) = self.positions.lock() {
            for record in records {
                positions.insert((topic.to_string(), record.partition), record.offset + 1);
            }
        }
    }

    /// The positions recorded by [`Self::consumed`].
    pub fn positions(&self) -> Vec<((String, i32), i64)> {
        self.positions.lock().map(|p| p.iter().map(|(k, v)| (k.clone(), *v)).collect()).unwrap_or_default()
    }

    /// Sets the lag of one partition: records between a role's position and the end.
    pub fn consumer_lag(&self, topic: &str, partition: i32, lag: i64) {
        let labels = vec![("topic", topic.to_string()), ("partition", partition.to_string())];
        self.consumer_lag.get_or_create(&labels).set(lag.max(0));
    }

    /// Records the weight view's size and staleness.
    pub fn view(&self, weights: usize, deltas: u64, staleness_ms: i64, examples_behind: usize) {
        self.view_weights.set(weights as i64);
        self.view_deltas.set(deltas as i64);
        self.view_staleness_seconds.set(staleness_ms as f64 / 1000.0);
        self.view_examples_behind.set(examples_behind as i64);
    }

    /// Records which Hedge member leads.
    pub fn hedge_leader(&self, alpha: f64) {
        self.hedge_leader_alpha.set(alpha);
    }

    /// Records the update role's store: cache lookups since the last call, residents and
    /// RocksDB size.
    pub fn store(&self, store: &ModelStore) {
        let (hits, misses) = store.lookups();
        if let Ok(mut seen) = self.seen_lookups.lock() {
            // A new store (after a restart of the role) counts from zero again.
            if hits < seen.0 || misses < seen.1 {
                *seen = (0, 0);
            }
            self.cache_lookups.get_or_create(&vec![("result", "hit".into())]).inc_by(hits - seen.0);
            self.cache_lookups.get_or_create(&vec![("result", "miss".into())]).inc_by(misses - seen.1);
            *seen = (hits, misses);
        }
        self.cache_resident.set(store.resident() as i64);
        self.rocksdb_bytes.set(store.disk_bytes() as i64);
    }

    /// Counts a serving request.
    pub fn http_request(&self, endpoint: &'static str, status: u16) {
        self.http_requests
            .get_or_create(&vec![("endpoint", endpoint.to_string()), ("status", status.to_string())])
            .inc();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_are_exported_with_their_conventional_names() {
        let m = Metrics::new();
        let mut progress = Progress::new(true);
        progress.record(0.5, 1.0, 0.6, 0.6, 1.0);
        progress.record(0.3, 0.0, 0.2, 0.2, 1.0);
        m.predicted([&progress], 1);
        m.transaction("predict", Duration::from_millis(20), true);
        m.transaction("update", Duration::ZERO, false);
        m.view(10, 12, 1500, 3);
        m.hedge_leader(0.3);
        let text = m.encode();
        for line in [
            "ftrl_examples_total 2",
            "ftrl_dead_letters_total 1",
            "ftrl_progressive_loss 0.4",
            "ftrl_transactions_total{role=\"predict\",outcome=\"committed\"} 1",
            "ftrl_transactions_total{role=\"update\",outcome=\"aborted\"} 1",
            "ftrl_transaction_commit_seconds_count{role=\"predict\"} 1",
            "ftrl_view_staleness_seconds 1.5",
            "ftrl_view_weights 10",
            "ftrl_view_examples_behind 3",
            "ftrl_hedge_leader_alpha 0.3",
        ] {
            assert!(text.lines().any(|l| l == line), "no line {line:?} in\n{text}");
        }
    }

    #[test]
    fn store_lookups_count_only_what_is_new() {
        use crate::learn::{CoordinateStates, Feature};
        let m = Metrics::new();
        let mut store = ModelStore::in_memory();
        let mut slots = Vec::new();
        let features = [Feature { coordinate: 1, value: 1.0 }, Feature { coordinate: 2, value: 1.0 }];
        store.resolve(&features, &mut slots).unwrap();
        m.store(&store);
        store.resolve(&features, &mut slots).unwrap();
        m.store(&store);
        let text = m.encode();
        assert!(text.contains("ftrl_cache_lookups_total{result=\"hit\"} 2"), "{text}");
        assert!(text.contains("ftrl_cache_lookups_total{result=\"miss\"} 2"), "{text}");
        assert!(text.contains("ftrl_cache_resident_coordinates 2"), "{text}");
    }
}
