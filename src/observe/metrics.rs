//! The process's Prometheus metrics. Names follow Prometheus conventions: `ftrl_` prefix,
//! base units (`_seconds`, `_bytes`), counters end in `_total`.
//!
//! One set of metrics per process, reached through [`metrics`]; the code where something
//! happens moves them by emitting an internal event (`observe::events`), never directly.
//! Each process exports what it measures ([`Metrics::export_for`]): a worker not the serving metrics, `serve` not the roles' (a
//! metric at zero in every `serve` pod would skew averages across pods). Every process adds
//! the standard process metrics (`process_resident_memory_bytes`, `process_cpu_seconds_total`,
//! ...) and `ftrl_build_info`.
//!
//! The text is OpenMetrics for a scraper that asks for it (`Accept:
//! application/openmetrics-text`) and the Prometheus text format 0.0.4 otherwise
//! ([`Metrics::encode_as`]), each under its own content type, so that either kind of parser
//! reads every metric with its declared type.

use crate::learn::{Judgment, Progress};
use prometheus_client::encoding::text::{encode_eof, encode_registry};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicU8, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

type Labels = Vec<(&'static str, String)>;
type FloatGauge = Gauge<f64, AtomicU64>;

/// Which metrics a process exports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exporter {
    /// `ftrl worker`: the roles' metrics and the view metrics of its predict role.
    Worker,
    /// `ftrl serve`: the view and serving metrics.
    Serve,
}

/// The two text formats of `/metrics`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// OpenMetrics 1.0 (`# EOF`, counters typed by their family name without `_total`).
    OpenMetrics,
    /// The Prometheus text format 0.0.4 (counters typed by their `_total` sample name).
    Prometheus,
}

impl Format {
    /// The format a scraper's `Accept` header asks for: OpenMetrics when it names it.
    pub fn from_accept(accept: Option<&str>) -> Self {
        match accept {
            Some(accept) if accept.contains("application/openmetrics-text") => Format::OpenMetrics,
            _ => Format::Prometheus,
        }
    }

    /// The `Content-Type` of a body in this format.
    pub fn content_type(self) -> &'static str {
        match self {
            Format::OpenMetrics => "application/openmetrics-text; version=1.0.0; charset=utf-8",
            Format::Prometheus => "text/plain; version=0.0.4; charset=utf-8",
        }
    }
}

/// Every metric the process exports.
pub struct Metrics {
    /// What every process exports: the view, build and process metrics.
    common: Registry,
    /// Only a worker's.
    worker: Registry,
    /// Only `serve`'s.
    serve: Registry,
    /// The standard process metrics (no `ftrl_` prefix).
    process: Registry,
    /// 0 for everything (before [`Self::export_for`], as in tests), else an [`Exporter`] + 1.
    exporter: AtomicU8,
    /// Milliseconds since the epoch from which the view's staleness is counted (0: none),
    /// so that the exported staleness grows at each scrape while nothing updates the view.
    stale_since_ms: AtomicI64,
    /// Resident memory of the process.
    process_resident_memory: Gauge,
    /// Virtual memory of the process.
    process_virtual_memory: Gauge,
    /// CPU time (user and system) of the process.
    process_cpu_seconds: Counter<f64, AtomicU64>,
    /// Open file descriptors.
    process_open_fds: Gauge,
    /// Start of the process, seconds since the epoch.
    process_start_time: FloatGauge,
    /// Examples the predict role scored (progressive validation) and sent gradients for.
    examples: Counter,
    /// Records sent to the dead-letter topic.
    dead_letters: Counter,
    /// Examples never learned: the group's offsets moved past them, or retention deleted
    /// them before they were learned.
    examples_skipped: Counter,
    /// Sum of the progressive loss of scored examples (times their weights).
    progressive_loss_sum: Counter<f64, AtomicU64>,
    /// Sum of the weights of scored examples.
    progressive_weight_sum: Counter<f64, AtomicU64>,
    /// Mean progressive loss of this process's scored examples since it started.
    progressive_loss: FloatGauge,
    /// The last judged span's mean progressive loss, and the best constant prediction's
    /// over the same examples (`learn::DivergenceWatch`).
    span_progressive_loss: FloatGauge,
    span_constant_loss: FloatGauge,
    /// 1 while the model has lost to the constant prediction two spans in a row.
    model_diverging: Gauge,
    /// Kafka transactions by role and outcome (`committed`, `aborted`).
    transactions: Family<Labels, Counter>,
    /// Time to send and commit a transaction, by role (the update role's includes applying
    /// the batch's gradients, which happens inside the same step).
    commit_seconds: Family<Labels, Histogram>,
    /// Records between this process's position and the partition's end, by topic and
    /// partition (the partitions its roles have consumed).
    consumer_lag: Family<Labels, Gauge>,
    /// How far the weight view trails (see its help text).
    view_staleness_seconds: FloatGauge,
    /// Examples predicted whose gradients the weight view has not yet seen applied (the
    /// predict role only: `serve` learns nothing, so nothing of its own can be behind).
    view_examples_behind: Gauge,
    /// Hot-exchange pieces of the predict role since it started, by kind (`sent`, `taken`,
    /// `confirmed`, `refused`, `taken_back`), and `held`: taken and not yet confirmed by an
    /// owner.
    hot_pieces: Family<Labels, Gauge>,
    /// Nonzero weights in the weight view.
    view_weights: Gauge,
    /// Delta records the weight view has applied (a counter: it only grows).
    view_deltas: Counter,
    /// Delta records already counted: a view's own count, which starts over with the role.
    seen_view_deltas: AtomicU64,
    /// For a Hedge mixture: the learning rate α of the member with the least cumulative
    /// progressive loss (the one the mixture follows). A family without labels so that it
    /// has no series, and is not exported, for a model that is not a Hedge.
    hedge_leader_alpha: Family<Labels, FloatGauge>,
    /// Coordinate-state lookups of the update role's cache, by result (`hit`, `miss`).
    cache_lookups: Family<Labels, Counter>,
    /// Coordinate states in the update role's cache.
    cache_resident: Gauge,
    /// Size of the update role's RocksDB files (SST files of the coordinates).
    rocksdb_bytes: Gauge,
    /// `ftrl serve` HTTP requests by endpoint and status code.
    http_requests: Family<Labels, Counter>,
    /// Examples `ftrl serve` predicted.
    served_predictions: Counter,
    /// Times a role failed and was started over, by role.
    role_restarts: Family<Labels, Counter>,
    /// Warm starts a predict role waited for, by outcome (began, then held, bound or
    /// rebalanced).
    warm_starts: Family<Labels, Counter>,
    /// Seconds predict roles waited for warm starts, over all that ended.
    warm_start_wait_seconds: Counter<f64, AtomicU64>,
    /// Kafka errors by kind (librdkafka's error code, or `unreachable` for a failed probe of
    /// the brokers).
    kafka_errors: Family<Labels, Counter>,
    /// Dead letters sent truncated (too large to send whole).
    dead_letters_truncated: Counter,
    /// Bad records whose dead letter could not be sent at all: skipped, and logged.
    dead_letters_dropped: Counter,
    /// Per partition read committed: how long its last stable offset has stood still with
    /// records beyond it, once past `kafka.stalled_transaction_ms` (0 otherwise).
    transaction_stalled_seconds: Family<Labels, FloatGauge>,
    /// Cache lookups already counted, as (hits, misses): the store counts for its lifetime.
    seen_lookups: Mutex<(u64, u64)>,
    /// (topic, partition) → the next offset a role of this process will read there.
    positions: Mutex<BTreeMap<(String, i32), i64>>,
    /// Topic → the partitions a role of this process is assigned (lag is measured for
    /// these, consumed or not).
    assignments: Mutex<BTreeMap<String, Vec<i32>>>,
}

static METRICS: OnceLock<Metrics> = OnceLock::new();

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    METRICS.get_or_init(Metrics::new)
}

impl Metrics {
    fn new() -> Self {
        let (mut common, mut worker, mut serve) =
            (Registry::with_prefix("ftrl"), Registry::with_prefix("ftrl"), Registry::with_prefix("ftrl"));
        let commit_seconds =
            Family::<Labels, Histogram>::new_with_constructor(|| Histogram::new(exponential_buckets(0.001, 2.0, 14)));
        let m = Self {
            common: Registry::default(),
            worker: Registry::default(),
            serve: Registry::default(),
            process: Registry::default(),
            exporter: AtomicU8::new(0),
            stale_since_ms: AtomicI64::new(0),
            process_resident_memory: Gauge::default(),
            process_virtual_memory: Gauge::default(),
            process_cpu_seconds: Counter::default(),
            process_open_fds: Gauge::default(),
            process_start_time: FloatGauge::default(),
            examples: Counter::default(),
            dead_letters: Counter::default(),
            examples_skipped: Counter::default(),
            progressive_loss_sum: Counter::default(),
            progressive_weight_sum: Counter::default(),
            progressive_loss: FloatGauge::default(),
            span_progressive_loss: FloatGauge::default(),
            span_constant_loss: FloatGauge::default(),
            model_diverging: Gauge::default(),
            transactions: Family::default(),
            commit_seconds,
            consumer_lag: Family::default(),
            view_staleness_seconds: FloatGauge::default(),
            view_examples_behind: Gauge::default(),
            hot_pieces: Family::default(),
            view_weights: Gauge::default(),
            view_deltas: Counter::default(),
            seen_view_deltas: AtomicU64::new(0),
            hedge_leader_alpha: Family::default(),
            cache_lookups: Family::default(),
            cache_resident: Gauge::default(),
            rocksdb_bytes: Gauge::default(),
            http_requests: Family::default(),
            served_predictions: Counter::default(),
            role_restarts: Family::default(),
            warm_starts: Family::default(),
            warm_start_wait_seconds: Counter::default(),
            kafka_errors: Family::default(),
            dead_letters_truncated: Counter::default(),
            dead_letters_dropped: Counter::default(),
            transaction_stalled_seconds: Family::default(),
            seen_lookups: Mutex::new((0, 0)),
            positions: Mutex::new(BTreeMap::new()),
            assignments: Mutex::new(BTreeMap::new()),
        };
        let r = &mut worker;
        r.register("examples", "Examples scored by the predict role", m.examples.clone());
        r.register("dead_letters", "Records sent to the dead-letter topic", m.dead_letters.clone());
        r.register(
            "examples_skipped",
            "Examples never learned: offsets moved past them, or retention deleted them first",
            m.examples_skipped.clone(),
        );
        r.register(
            "dead_letters_truncated",
            "Dead letters sent truncated, too large to send whole (header ftrl.truncated)",
            m.dead_letters_truncated.clone(),
        );
        r.register(
            "dead_letters_dropped",
            "Bad records whose dead letter could not be sent even cut to its headers (skipped, logged at error)",
            m.dead_letters_dropped.clone(),
        );
        r.register("progressive_loss_sum", "Sum of weighted progressive losses", m.progressive_loss_sum.clone());
        r.register("progressive_weight_sum", "Sum of example weights scored", m.progressive_weight_sum.clone());
        r.register("progressive_loss", "Mean progressive loss since the process started", m.progressive_loss.clone());
        r.register(
            "span_progressive_loss",
            "Mean progressive loss over the last judged span of scored examples",
            m.span_progressive_loss.clone(),
        );
        r.register(
            "span_constant_loss",
            "Mean loss of the best constant prediction over the same span (a model that learns beats it)",
            m.span_constant_loss.clone(),
        );
        r.register(
            "model_diverging",
            "1 while the model's progressive loss has been worse than the constant prediction's two spans in a row",
            m.model_diverging.clone(),
        );
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
            "view_examples_behind",
            "Examples the predict role learned that the owners have not applied yet",
            m.view_examples_behind.clone(),
        );
        r.register(
            "hot_pieces",
            "Hot exchange: other workers' steps of hot coordinates since the predict role started, by kind (sent: own pieces sent; taken: others' added to the replica; confirmed: dropped once an owner's state held them; refused: not taken, the replica holding its most; taken_back: their batch never committed, its examples learned again by another worker), and held: taken, not yet confirmed",
            m.hot_pieces.clone(),
        );
        let r = &mut common;
        r.register(
            "view_staleness_seconds",
            "Predict role: age of the oldest batch it learned that the owners have not applied (other workers miss it until then); serve: time since its view last held everything on the deltas topic (the newer of the newest record's commit and the last time it was at the end of every partition)",
            m.view_staleness_seconds.clone(),
        );
        r.register(
            "view_weights",
            "Coordinates in the predict role's replica (serve: nonzero weights in its view)",
            m.view_weights.clone(),
        );
        r.register("view_deltas", "Owner records taken into the replica or view", m.view_deltas.clone());
        r.register(
            "hedge_leader_alpha",
            "Learning rate of the Hedge member with the least cumulative progressive loss (Hedge models only)",
            m.hedge_leader_alpha.clone(),
        );
        let r = &mut worker;
        r.register("cache_lookups", "Coordinate-state cache lookups by result", m.cache_lookups.clone());
        r.register("cache_resident_coordinates", "Coordinate states in the cache", m.cache_resident.clone());
        r.register("rocksdb_bytes", "Size of the update role's RocksDB SST files", m.rocksdb_bytes.clone());
        r.register("role_restarts", "Roles failed and started over, by role", m.role_restarts.clone());
        r.register(
            "warm_starts",
            "Warm starts of a young model the predict role waited for, by outcome (began; then held: its replica holds the leading examples partition's first examples, bound: it waited worker.max_unconfirmed_ms without them, rebalanced)",
            m.warm_starts.clone(),
        );
        r.register_with_unit(
            "warm_start_wait",
            "Time the predict role waited for warm starts that ended",
            prometheus_client::registry::Unit::Seconds,
            m.warm_start_wait_seconds.clone(),
        );
        let r = &mut serve;
        r.register("http_requests", "Serving requests by endpoint and status", m.http_requests.clone());
        r.register("served_predictions", "Examples predicted over HTTP", m.served_predictions.clone());
        common.register("kafka_errors", "Kafka errors by kind", m.kafka_errors.clone());
        common.register(
            "transaction_stalled_seconds",
            "How long a partition's last stable offset has stood still with records beyond it (a transaction left open), once past kafka.stalled_transaction_ms; 0 otherwise",
            m.transaction_stalled_seconds.clone(),
        );
        let build_info = Family::<Labels, Gauge>::default();
        build_info.get_or_create(&vec![("version", env!("CARGO_PKG_VERSION").to_string())]).set(1);
        common.register("build_info", "The ftrl build, as labels (value 1)", build_info);
        // The standard process metrics, named without the ftrl_ prefix as everywhere.
        let mut process = Registry::default();
        let p = process.sub_registry_with_prefix("process");
        p.register_with_unit(
            "resident_memory",
            "Resident memory size",
            prometheus_client::registry::Unit::Bytes,
            m.process_resident_memory.clone(),
        );
        p.register_with_unit(
            "virtual_memory",
            "Virtual memory size",
            prometheus_client::registry::Unit::Bytes,
            m.process_virtual_memory.clone(),
        );
        p.register_with_unit(
            "cpu",
            "User and system CPU time spent",
            prometheus_client::registry::Unit::Seconds,
            m.process_cpu_seconds.clone(),
        );
        p.register("open_fds", "Open file descriptors", m.process_open_fds.clone());
        p.register_with_unit(
            "start_time",
            "Start time of the process since the epoch",
            prometheus_client::registry::Unit::Seconds,
            m.process_start_time.clone(),
        );
        if let Some(start) = process_stats::start_time_seconds() {
            m.process_start_time.set(start);
        }
        Self { common, worker, serve, process, ..m }
    }

    /// Exports only what `exporter` measures from now on.
    pub fn export_for(&self, exporter: Exporter) {
        self.exporter.store(exporter as u8 + 1, Ordering::Release);
    }

    /// The metrics in OpenMetrics text.
    pub fn encode(&self) -> String {
        self.encode_as(Format::OpenMetrics)
    }

    /// The metrics as of now in `format`.
    pub fn encode_as(&self, format: Format) -> String {
        self.refresh();
        let mut registries = vec![&self.process, &self.common];
        match self.exporter.load(Ordering::Acquire) {
            1 => registries.push(&self.worker),
            2 => registries.push(&self.serve),
            _ => registries.extend([&self.worker, &self.serve]),
        }
        let mut text = String::new();
        // Writing to a String cannot fail.
        for registry in registries {
            let _ = encode_registry(&mut text, registry);
        }
        let _ = encode_eof(&mut text);
        match format {
            Format::OpenMetrics => text,
            Format::Prometheus => to_prometheus_text(&text),
        }
    }

    /// Brings the measured-at-scrape metrics up to date: the view's staleness and the
    /// process's figures.
    fn refresh(&self) {
        let since = self.stale_since_ms.load(Ordering::Acquire);
        if since > 0 {
            self.view_staleness_seconds.set((now_ms() - since).max(0) as f64 / 1000.0);
        }
        if let Some(stats) = process_stats::read() {
            self.process_resident_memory.set(stats.resident_bytes as i64);
            self.process_virtual_memory.set(stats.virtual_bytes as i64);
            self.process_open_fds.set(stats.open_fds as i64);
            let spent = stats.cpu_seconds - self.process_cpu_seconds.get();
            if spent > 0.0 {
                self.process_cpu_seconds.inc_by(spent);
            }
        }
    }

    /// Records examples that will never be learned.
    pub(super) fn skipped(&self, examples: u64) {
        self.examples_skipped.inc_by(examples);
    }

    /// Records a predict batch: its scored examples' progress and its dead letters.
    pub(super) fn predicted<'a>(&self, windows: impl IntoIterator<Item = &'a Progress>, dead_letters: usize) {
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

    /// Records a span's verdict on the model against the best constant prediction.
    pub(super) fn judged(&self, judgment: &Judgment) {
        self.span_progressive_loss.set(judgment.model_loss);
        self.span_constant_loss.set(judgment.constant_loss);
        self.model_diverging.set(i64::from(judgment.diverging));
    }

    /// Records a transaction of `role` that took `elapsed` to commit, or failed (and was
    /// aborted or abandoned).
    pub(super) fn transaction(&self, role: &'static str, elapsed: Duration, committed: bool) {
        let outcome = if committed { "committed" } else { "aborted" };
        self.transactions.get_or_create(&vec![("role", role.to_string()), ("outcome", outcome.into())]).inc();
        if committed {
            self.commit_seconds.get_or_create(&vec![("role", role.to_string())]).observe(elapsed.as_secs_f64());
        }
    }

    /// Records how far a role has consumed `topic`: the next offset of each partition in
    /// `records`, for the lag measurement.
    pub(super) fn consumed(&self, topic: &str, records: impl IntoIterator<Item = (i32, i64)>) {
        // One entry per partition, not per record: a predict role consumes tens of
        // thousands a batch.
        let mut next: Vec<(i32, i64)> = Vec::new();
        for (partition, offset) in records {
            match next.iter_mut().find(|(p, _)| *p == partition) {
                Some((_, n)) => *n = (*n).max(offset + 1),
                None => next.push((partition, offset + 1)),
            }
        }
        if let Ok(mut positions) = self.positions.lock() {
            for (partition, offset) in next {
                positions.insert((topic.to_string(), partition), offset);
            }
        }
    }

    /// The positions recorded by [`Self::consumed`].
    fn positions(&self) -> Vec<((String, i32), i64)> {
        self.positions.lock().map(|p| p.iter().map(|(k, v)| (k.clone(), *v)).collect()).unwrap_or_default()
    }

    /// A role's group consumer now has `partitions` of `topic` (after a rebalance): their
    /// lag is measured from now on, consumed or not; the lag series and positions of the
    /// partitions it lost go.
    pub(super) fn assigned(&self, topic: &str, partitions: &[i32]) {
        if let Ok(mut assignments) = self.assignments.lock() {
            let lost: Vec<i32> = assignments
                .get(topic)
                .map(|old| old.iter().copied().filter(|p| !partitions.contains(p)).collect())
                .unwrap_or_default();
            for partition in lost {
                if let Ok(mut positions) = self.positions.lock() {
                    positions.remove(&(topic.to_string(), partition));
                }
                self.consumer_lag.remove(&vec![("topic", topic.to_string()), ("partition", partition.to_string())]);
            }
            assignments.insert(topic.to_string(), partitions.to_vec());
        }
    }

    /// Every assigned (topic, partition) with the position recorded for it, if any.
    pub fn assigned_positions(&self) -> Vec<((String, i32), Option<i64>)> {
        let positions: BTreeMap<(String, i32), i64> = self.positions().into_iter().collect();
        let mut all: BTreeMap<(String, i32), Option<i64>> =
            positions.iter().map(|(key, position)| (key.clone(), Some(*position))).collect();
        if let Ok(assignments) = self.assignments.lock() {
            for (topic, partitions) in assignments.iter() {
                for partition in partitions {
                    all.entry((topic.clone(), *partition)).or_insert(None);
                }
            }
        }
        all.into_iter().collect()
    }

    /// Sets the lag of one partition: records between a role's position and the end.
    pub(super) fn consumer_lag(&self, topic: &str, partition: i32, lag: i64) {
        let labels = vec![("topic", topic.to_string()), ("partition", partition.to_string())];
        self.consumer_lag.get_or_create(&labels).set(lag.max(0));
    }

    /// Records the weight view's size and staleness. The staleness keeps growing from there
    /// at every scrape until the next call, so it grows while nothing updates the view.
    pub(super) fn view(&self, weights: usize, deltas: u64, staleness_ms: i64, examples_behind: Option<usize>) {
        self.view_weights.set(weights as i64);
        // A view counts from zero again when its role starts over.
        let seen = self.seen_view_deltas.swap(deltas, Ordering::AcqRel);
        self.view_deltas.inc_by(if deltas >= seen { deltas - seen } else { deltas });
        self.view_staleness_seconds.set(staleness_ms as f64 / 1000.0);
        let since = if staleness_ms > 0 { now_ms() - staleness_ms } else { 0 };
        self.stale_since_ms.store(since, Ordering::Release);
        if let Some(behind) = examples_behind {
            self.view_examples_behind.set(behind as i64);
        }
    }

    /// Records the hot exchange's pieces (see `hot_pieces`).
    pub(super) fn hot(&self, kinds: [(&'static str, u64); 6]) {
        for (kind, count) in kinds {
            self.hot_pieces.get_or_create(&vec![("kind", kind.to_string())]).set(count as i64);
        }
    }

    /// Records which Hedge member leads.
    pub(super) fn hedge_leader(&self, alpha: f64) {
        self.hedge_leader_alpha.get_or_create(&Vec::new()).set(alpha);
    }

    /// Records the update role's store: cache lookups since the last call, residents and
    /// RocksDB size.
    pub(super) fn store(&self, hits: u64, misses: u64, resident: usize, disk_bytes: u64) {
        if let Ok(mut seen) = self.seen_lookups.lock() {
            // A new store (after a restart of the role) counts from zero again.
            if hits < seen.0 || misses < seen.1 {
                *seen = (0, 0);
            }
            self.cache_lookups.get_or_create(&vec![("result", "hit".into())]).inc_by(hits - seen.0);
            self.cache_lookups.get_or_create(&vec![("result", "miss".into())]).inc_by(misses - seen.1);
            *seen = (hits, misses);
        }
        self.cache_resident.set(resident as i64);
        self.rocksdb_bytes.set(disk_bytes as i64);
    }

    /// Counts a role's restart after a failure.
    pub(super) fn role_restart(&self, role: &str) {
        self.role_restarts.get_or_create(&vec![("role", role.to_string())]).inc();
    }

    /// Counts a warm start's `outcome`, and the time it `waited` (zero as it begins).
    pub(super) fn warm_start(&self, outcome: &str, waited: Duration) {
        self.warm_starts.get_or_create(&vec![("outcome", outcome.to_string())]).inc();
        self.warm_start_wait_seconds.inc_by(waited.as_secs_f64());
    }

    /// Counts a dead letter sent truncated.
    pub(super) fn dead_letter_truncated(&self) {
        self.dead_letters_truncated.inc();
    }

    /// Counts a bad record whose dead letter could not be sent.
    pub(super) fn dead_letter_dropped(&self) {
        self.dead_letters_dropped.inc();
    }

    /// Sets how long `topic`/`partition` has been stalled by an open transaction; `None`
    /// once it moves on.
    pub(super) fn transaction_stall(&self, topic: &str, partition: i32, stalled: Option<Duration>) {
        let labels = vec![("topic", topic.to_string()), ("partition", partition.to_string())];
        self.transaction_stalled_seconds.get_or_create(&labels).set(stalled.map_or(0.0, |s| s.as_secs_f64()));
    }

    /// Counts a Kafka error of `kind`.
    pub(super) fn kafka_error(&self, kind: &str) {
        self.kafka_errors.get_or_create(&vec![("kind", kind.to_string())]).inc();
    }

    /// Counts a serving request.
    pub(super) fn http_request(&self, endpoint: &'static str, status: u16) {
        self.http_requests
            .get_or_create(&vec![("endpoint", endpoint.to_string()), ("status", status.to_string())])
            .inc();
    }

    /// Counts examples `serve` predicted.
    pub(super) fn served(&self, count: usize) {
        self.served_predictions.inc_by(count as u64);
    }
}

/// Milliseconds since the epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// OpenMetrics text (as prometheus-client writes it) in the Prometheus text format 0.0.4:
/// a counter family is named by its `_total` sample there, `unknown` is `untyped`, and there
/// is no `# UNIT` line nor `# EOF`.
pub(crate) fn to_prometheus_text(openmetrics: &str) -> String {
    let counters: std::collections::HashSet<&str> =
        openmetrics.lines().filter_map(|line| line.strip_prefix("# TYPE ")?.strip_suffix(" counter")).collect();
    let mut text = String::with_capacity(openmetrics.len() + 64 * counters.len());
    for line in openmetrics.lines() {
        if line == "# EOF" || line.starts_with("# UNIT ") {
            continue;
        }
        let header = ["# HELP ", "# TYPE "].into_iter().find_map(|p| Some((p, line.strip_prefix(p)?)));
        match header {
            Some((prefix, rest)) => {
                let (name, tail) = rest.split_once(' ').unwrap_or((rest, ""));
                let name = if counters.contains(name) { format!("{name}_total") } else { name.to_string() };
                let tail = if prefix == "# TYPE " && tail == "unknown" { "untyped" } else { tail };
                text.push_str(&format!("{prefix}{name} {tail}\n"));
            }
            None => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    text
}

/// The process's resource use, from `/proc` (Linux); `None` elsewhere.
mod process_stats {
    /// What `/proc/self` says of the process.
    pub(super) struct Stats {
        pub resident_bytes: u64,
        pub virtual_bytes: u64,
        pub cpu_seconds: f64,
        pub open_fds: usize,
    }

    /// Clock ticks per second of `/proc/self/stat`'s times.
    fn ticks_per_second() -> f64 {
        // SAFETY: sysconf only reads a system constant.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        if ticks > 0 {
            ticks as f64
        } else {
            100.0
        }
    }

    fn page_bytes() -> u64 {
        // SAFETY: sysconf only reads a system constant.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if page > 0 {
            page as u64
        } else {
            4096
        }
    }

    /// The fields of `/proc/self/stat` after the command name (which may hold spaces), so
    /// that field N of proc(5) is at index N - 3.
    fn stat_fields() -> Option<Vec<String>> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let (_, after) = stat.rsplit_once(')')?;
        Some(after.split_whitespace().map(str::to_owned).collect())
    }

    pub(super) fn read() -> Option<Stats> {
        let fields = stat_fields()?;
        let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
        let cpu_ticks = field(14)? + field(15)?;
        Some(Stats {
            resident_bytes: field(24)? * page_bytes(),
            virtual_bytes: field(23)?,
            cpu_seconds: cpu_ticks as f64 / ticks_per_second(),
            open_fds: std::fs::read_dir("/proc/self/fd").map(|d| d.count()).unwrap_or(0),
        })
    }

    /// When the process started, in seconds since the epoch: the boot time plus field 22.
    pub(super) fn start_time_seconds() -> Option<f64> {
        let fields = stat_fields()?;
        let started_ticks: u64 = fields.get(22 - 3)?.parse().ok()?;
        let boot = std::fs::read_to_string("/proc/stat").ok()?;
        let boot: u64 = boot.lines().find_map(|l| l.strip_prefix("btime "))?.trim().parse().ok()?;
        Some(boot as f64 + started_ticks as f64 / ticks_per_second())
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
        m.view(10, 12, 1500, Some(3));
        m.view(10, 20, 1500, Some(3));
        // The role started over: its view counts from zero, the counter goes on.
        m.view(10, 5, 1500, Some(3));
        m.hedge_leader(0.3);
        m.judged(&Judgment { examples: 60_000, model_loss: 0.75, constant_loss: 0.5, diverging: true, changed: true });
        let text = m.encode();
        for line in [
            "ftrl_span_progressive_loss 0.75",
            "ftrl_span_constant_loss 0.5",
            "ftrl_model_diverging 1",
            "ftrl_examples_total 2",
            "ftrl_dead_letters_total 1",
            "ftrl_progressive_loss 0.4",
            "ftrl_transactions_total{role=\"predict\",outcome=\"committed\"} 1",
            "ftrl_transactions_total{role=\"update\",outcome=\"aborted\"} 1",
            "ftrl_transaction_commit_seconds_count{role=\"predict\"} 1",
            "ftrl_view_staleness_seconds 1.5",
            "ftrl_view_weights 10",
            "ftrl_view_examples_behind 3",
            "ftrl_view_deltas_total 25",
            // (An empty label set: valid in both text formats.)
            "ftrl_hedge_leader_alpha{} 0.3",
        ] {
            assert!(text.lines().any(|l| l == line), "no line {line:?} in\n{text}");
        }
    }

    #[test]
    fn each_process_exports_what_it_measures_plus_process_and_build_metrics() {
        let m = Metrics::new();
        let names = |m: &Metrics| -> Vec<String> {
            m.encode().lines().filter_map(|l| Some(l.strip_prefix("# TYPE ")?.split(' ').next()?.to_owned())).collect()
        };
        // (A family shows once it has a series: a request or a transaction.)
        m.http_request("predict", 200);
        m.transaction("predict", Duration::from_millis(3), true);
        let all = names(&m);
        for name in ["ftrl_examples", "ftrl_http_requests", "ftrl_view_staleness_seconds", "ftrl_build_info"] {
            assert!(all.iter().any(|n| n == name), "{name} in {all:?}");
        }
        m.export_for(Exporter::Serve);
        let serve = names(&m);
        assert!(serve.iter().any(|n| n == "ftrl_http_requests") && serve.iter().any(|n| n == "ftrl_view_weights"));
        assert!(!serve.iter().any(|n| n == "ftrl_examples" || n == "ftrl_transactions"), "{serve:?}");
        // Meaningless for serve (it learns nothing) and for a model that is not a Hedge:
        // not exported at all rather than as 0.
        for meaningless in ["ftrl_view_examples_behind", "ftrl_hedge_leader_alpha"] {
            assert!(!serve.iter().any(|n| n == meaningless), "{meaningless} in {serve:?}");
        }
        assert!(serve.iter().any(|n| n == "ftrl_view_deltas"), "a counter: {serve:?}");
        assert!(serve.iter().any(|n| n == "process_resident_memory_bytes"), "{serve:?}");
        m.export_for(Exporter::Worker);
        let worker = names(&m);
        assert!(worker.iter().any(|n| n == "ftrl_examples") && !worker.iter().any(|n| n == "ftrl_http_requests"));
        assert!(!worker.iter().any(|n| n == "ftrl_hedge_leader_alpha"), "no Hedge, no leader: {worker:?}");
        m.hedge_leader(0.1);
        assert!(names(&m).iter().any(|n| n == "ftrl_hedge_leader_alpha"));
        let text = m.encode();
        assert!(text.contains(&format!("ftrl_build_info{{version=\"{}\"}} 1", env!("CARGO_PKG_VERSION"))), "{text}");
        assert_eq!(text.matches("# EOF").count(), 1);
        if cfg!(target_os = "linux") {
            let resident = text.lines().find_map(|l| l.strip_prefix("process_resident_memory_bytes "));
            assert!(resident.is_some_and(|v| v.parse::<f64>().unwrap() > 1e6), "{text}");
            assert!(text.contains("process_cpu_seconds_total "), "{text}");
            assert!(text.contains("process_start_time_seconds "), "{text}");
        }
    }

    #[test]
    fn the_prometheus_text_names_counters_by_their_total_and_has_no_eof() {
        let m = Metrics::new();
        m.predicted([&Progress::new(true)], 0);
        m.transaction("predict", Duration::from_millis(3), true);
        let text = m.encode_as(Format::Prometheus);
        assert!(text.contains("# TYPE ftrl_examples_total counter\n"), "{text}");
        assert!(text.contains("# HELP ftrl_examples_total Examples scored"), "{text}");
        assert!(text.contains("# TYPE ftrl_transaction_commit_seconds histogram\n"), "{text}");
        assert!(!text.contains("# EOF") && !text.contains("# UNIT"), "{text}");
        assert_eq!(
            Format::from_accept(Some("application/openmetrics-text;version=1.0.0,text/plain;q=0.5")),
            Format::OpenMetrics
        );
        assert_eq!(Format::from_accept(Some("text/plain")), Format::Prometheus);
        assert_eq!(Format::from_accept(None), Format::Prometheus);
    }

    #[test]
    fn staleness_grows_while_nothing_updates_the_view() {
        let m = Metrics::new();
        let staleness = |m: &Metrics| -> f64 {
            let text = m.encode();
            text.lines().find_map(|l| l.strip_prefix("ftrl_view_staleness_seconds ")?.parse().ok()).unwrap()
        };
        m.view(1, 1, 1500, None);
        let first = staleness(&m);
        std::thread::sleep(Duration::from_millis(300));
        let later = staleness(&m);
        assert!(first >= 1.5 && later >= first + 0.29, "{first} then {later}");
        // Nothing waiting: zero, and it stays so.
        m.view(1, 1, 0, None);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(staleness(&m), 0.0);
    }

    #[test]
    fn store_lookups_count_only_what_is_new() {
        let m = Metrics::new();
        m.store(0, 2, 2, 0);
        m.store(2, 2, 2, 0);
        let text = m.encode();
        assert!(text.contains("ftrl_cache_lookups_total{result=\"hit\"} 2"), "{text}");
        assert!(text.contains("ftrl_cache_lookups_total{result=\"miss\"} 2"), "{text}");
        assert!(text.contains("ftrl_cache_resident_coordinates 2"), "{text}");
        // A new store (the role started over) counts from zero again.
        m.store(1, 0, 2, 0);
        let text = m.encode();
        assert!(text.contains("ftrl_cache_lookups_total{result=\"hit\"} 3"), "{text}");
        assert!(text.contains("ftrl_cache_lookups_total{result=\"miss\"} 2"), "{text}");
    }
}
