//! The Kafka worker's configuration: a TOML file plus `FTRL_*` environment overrides.
//!
//! Every setting lives in a section (`kafka`, `model`, `worker`) and can be overridden by an
//! environment variable named `FTRL_` + section + `__` + key, in any case:
//! `FTRL_KAFKA__BOOTSTRAP_SERVERS=10.0.0.1:9092`, `FTRL_WORKER__UPDATE=false`,
//! `FTRL_MODEL__ALPHA=0.05`. Two keys are read specially:
//!
//! * `FTRL_MODEL__CROSSES=ab,cd` is a comma-separated list (empty for no crosses), and so
//!   is `FTRL_MODEL__HEDGE=0.01,0.1,1`.
//! * `FTRL_KAFKA__LIBRDKAFKA_OPTIONS__SASL_PASSWORD=secret` sets the librdkafka property
//!   `sasl.password`: the rest of the name, lower-cased, with `_` read as `.` (except
//!   librdkafka's own `log_level` and `enabled_events`). This keeps secrets out of the file.
//!
//! Only nested names (with `__` after `FTRL_`) are configuration, so `FTRL_LOG` (the log filter)
//! and other flat `FTRL_*` variables are left alone. A nested name that matches no setting is an
//! error, as is an unknown key in the file. Types are strict in the file (a string is not a
//! number); an environment variable's text is read as its setting's type.
//!
//! [`load()`] only parses (`load.rs`: the file, the overrides, the type check by key);
//! [`WorkerConfig::validate`] lists every setting that cannot work (`validate.rs`).
//! `example.toml` is [`EXAMPLE_TOML`], every setting with its default and what it does, which
//! `ftrl config example` prints (its tests keep it equal to the defaults and complete).

use crate::learner_options::{LearnerOptions, SettingError};
use crate::schema::example::{ExampleReader, Featurizer, Reading, RecordDecoder};
use crate::schema::mapping::{Mapping, MappingError};
use crate::schema::proto::RecordFormat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

mod load;
mod validate;

pub use load::{load, load_with_env};

/// A complete worker configuration: every setting with its default and what it does.
pub const EXAMPLE_TOML: &str = include_str!("example.toml");

/// Environment variables starting with this (and `_`) override the file.
pub(crate) const ENV_PREFIX: &str = "FTRL";
/// Separates the levels of an environment variable's name: `FTRL_MODEL__ALPHA`.
pub(crate) const ENV_SEPARATOR: &str = "__";

/// The longest topic name Kafka accepts.
const MAX_TOPIC_LEN: usize = 249;
/// The topic suffixes, in the order of [`Topics::all`].
const TOPIC_SUFFIXES: [&str; 8] =
    ["examples", "gradients", "deltas", "changelog", "progress", "predictions", "dlq", "hot"];

/// librdkafka properties the worker sets itself, and why they cannot come from
/// `kafka.librdkafka_options`.
const MANAGED_RDKAFKA_KEYS: [(&str, &str); 10] = [
    ("bootstrap.servers", "set kafka.bootstrap_servers instead"),
    ("metadata.broker.list", "an alias of bootstrap.servers; set kafka.bootstrap_servers instead"),
    ("group.id", "the worker names its consumer groups itself"),
    ("transactional.id", "the worker derives it from worker.id"),
    ("enable.auto.commit", "offsets are committed inside the worker's transactions"),
    ("isolation.level", "the worker reads committed records only"),
    ("enable.idempotence", "the worker's transactional producers need it on"),
    ("session.timeout.ms", "set kafka.session_timeout_ms instead"),
    ("transaction.timeout.ms", "set kafka.transaction_timeout_ms instead"),
    ("max.poll.interval.ms", "set kafka.rebalance_timeout_ms instead"),
];

/// Levels `observability.log_level` accepts on its own.
const LOG_LEVELS: [&str; 6] = ["off", "error", "warn", "info", "debug", "trace"];

/// librdkafka properties whose names contain `_`, kept as they are when read from environment
/// variable names (where every other `_` stands for `.`).
const RDKAFKA_UNDERSCORE_KEYS: [&str; 2] = ["log_level", "enabled_events"];

/// Why the configuration could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file is missing or unreadable.
    #[error("cannot read the configuration file {}: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The file is not valid TOML, or a value (from the file or the environment) does not fit its
    /// setting; the message names the key.
    #[error("invalid configuration (file {} with FTRL_* overrides): {message}", path.display())]
    Invalid { path: PathBuf, message: String },
    /// An `FTRL_*` environment variable holds bytes that are not UTF-8.
    #[error("environment variable {name} is not valid UTF-8")]
    NotUnicode { name: String },
}

/// The first learning setting of a configuration that cannot work, named by its key
/// (`model.alpha`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ModelSettingsError {
    #[error("model.{0}")]
    Setting(SettingError),
    #[error("model: invalid settings")]
    Invalid,
}

/// Why `model.example_format` and `model.example_mapping` do not say how to read records.
#[derive(Debug, thiserror::Error)]
pub enum ExampleMappingError {
    #[error("example_format = \"json-events\" needs a mapping file")]
    Missing,
    #[error("only with example_format = \"json-events\"")]
    Unused,
    #[error(transparent)]
    Mapping(#[from] MappingError),
}

/// Everything a worker needs: where Kafka is, which model, and what this worker does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkerConfig {
    /// Connecting to Kafka.
    pub kafka: KafkaConfig,
    /// The model: its topics and the learning settings stored with it.
    pub model: ModelConfig,
    /// This worker process.
    #[serde(default)]
    pub worker: WorkerSection,
    /// Logs, metrics and health endpoints.
    #[serde(default)]
    pub observability: ObservabilitySection,
    /// `ftrl serve`: predictions over HTTP from the deltas topic.
    #[serde(default)]
    pub serve: ServeSection,
}

/// Connecting to Kafka. `Debug` hides the values of secret librdkafka options.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KafkaConfig {
    /// Comma-separated `host:port` list of brokers to bootstrap from.
    pub bootstrap_servers: String,
    /// librdkafka properties passed verbatim to every client (`security.protocol`, `sasl.*`,
    /// `ssl.*`, ...); not the ones the worker manages itself.
    #[serde(default)]
    pub librdkafka_options: BTreeMap<String, String>,
    /// Consumer-group session timeout: how long a silent worker keeps its partitions.
    #[serde(default = "default_session_timeout_ms")]
    pub session_timeout_ms: u32,
    /// Producer transaction timeout: the broker aborts a transaction left open longer.
    #[serde(default = "default_transaction_timeout_ms")]
    pub transaction_timeout_ms: u32,
    /// Longest a worker may go between two polls of its group consumers (librdkafka's
    /// `max.poll.interval.ms`), which is also how long a rebalance waits for members that
    /// do not rejoin.
    #[serde(default = "default_rebalance_timeout_ms")]
    pub rebalance_timeout_ms: u32,
    /// How long the last stable offset of a partition a role reads committed may stand still
    /// while records lie beyond it before the worker reports a transaction left open there
    /// (not ready, an error log line, `ftrl_transaction_stalled_seconds`).
    #[serde(default = "default_stalled_transaction_ms")]
    pub stalled_transaction_ms: u32,
}

/// The model: its topics and the learning settings stored with it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelConfig {
    /// Names the model's topics: `{prefix}.examples`, `.gradients`, `.deltas`, `.changelog`,
    /// `.progress`, `.predictions` and `.dlq`.
    pub prefix: String,
    /// Partitions of the gradients, deltas and changelog topics (the coordinate shards).
    #[serde(default = "default_partitions")]
    pub partitions: i32,
    /// Partitions of the examples topic, used when `ftrl topics create` makes it.
    #[serde(default = "default_example_partitions")]
    pub example_partitions: i32,
    /// Encoding of the records on the examples topic.
    #[serde(default)]
    pub example_format: ExampleFormat,
    /// Framing in front of each example record: none, or a schema registry's wire format.
    #[serde(default)]
    pub example_framing: Framing,
    /// With schema-registry framing, the schema id every record must carry; unset: any.
    #[serde(default)]
    pub example_schema_id: Option<u32>,
    /// The mapping file that makes raw JSON events examples (`example_format = "json-events"`).
    #[serde(default)]
    pub example_mapping: Option<std::path::PathBuf>,
    /// The learning settings stored with the model, which `ftrl train` takes as flags.
    #[serde(flatten)]
    pub learner: LearnerOptions,
    /// Delay-tolerant learning rates: a gradient computed on stale weights grows its
    /// coordinate's rate denominator by the gradients applied while it was in flight.
    #[serde(default)]
    pub delay_tolerant: bool,
    /// Expire coordinates whose last gradient is this many milliseconds (of the examples'
    /// event time) older than the newest one their owner applied; unset: never.
    #[serde(default)]
    pub expire_after_ms: Option<u64>,
}

pub(crate) use crate::schema::framing::Framing;
pub(crate) use crate::schema::proto::ExampleFormat;

/// This worker process.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkerSection {
    /// Names this worker in its transactional ids: unique per running worker.
    #[serde(default = "default_worker_id")]
    pub id: String,
    /// Score incoming examples with the current model.
    #[serde(default = "default_true")]
    pub predict: bool,
    /// Learn from incoming examples.
    #[serde(default = "default_true")]
    pub update: bool,
    /// Local directory for this worker's state (RocksDB).
    #[serde(default = "default_state_dir")]
    pub state_dir: PathBuf,
    /// Most coordinate states each role keeps in memory (the update role's store, the predict
    /// role's replica; about 64 bytes each); the rest stay on disk.
    #[serde(default = "default_cache_size")]
    pub cache_size: usize,
    /// Most examples in one predict batch (one transaction), at most
    /// [`MAX_BATCH_EXAMPLES`]. Each example is learned at once in the worker's replica, and
    /// a batch learns while the one before it commits; it waits for that commit only once
    /// full. Larger batches make fewer transactions; smaller ones let other workers see
    /// this one's examples sooner (docs/benchmarks.md, "N workers", measures both).
    #[serde(default = "default_batch_max_examples")]
    pub batch_max_examples: usize,
    /// How long a predict batch gathers examples (each is learned as it arrives) before it
    /// commits, when no transaction is in flight; under load a batch commits as soon as the
    /// one before it has, with what was learned meanwhile.
    #[serde(default = "default_batch_max_wait_ms")]
    pub batch_max_wait_ms: u64,
    /// Most examples this worker has learned that the coordinates' owners have not applied
    /// yet (other workers do not see them until then); past it, the predict role waits.
    #[serde(default = "default_max_unconfirmed_examples")]
    pub max_unconfirmed_examples: usize,
    /// Longest the owners may leave this worker's oldest learned batch unapplied; past it,
    /// the predict role waits.
    #[serde(default = "default_max_unconfirmed_ms")]
    pub max_unconfirmed_ms: u64,
    /// How often an update role starts a transaction (the next starts at once when one
    /// took longer): its packed state records (what replicas and `serve` follow) appear at
    /// this pace.
    #[serde(default = "default_commit_interval_ms")]
    pub commit_interval_ms: u64,
    /// How often an update role starts a snapshot round, in which each transaction writes
    /// the per-coordinate deltas and changelog states of one of its partitions' coordinates
    /// changed since that partition's last snapshot (all partitions at once when it falls
    /// idle, or when the changes reach half of `cache_size`, which holds them until then):
    /// longer intervals write fewer records, and a restore then replays up to this much of
    /// the gradients log.
    #[serde(default = "default_snapshot_interval_ms")]
    pub snapshot_interval_ms: u64,
    /// Threads of the predict role: all decode examples and learn them at once in the one
    /// replica (`learn::replica`'s shared chunks); one thread learns in record order.
    /// Default: the cores this process may use.
    #[serde(default = "default_predict_threads")]
    pub predict_threads: usize,
    /// Write each prediction to the predictions topic (needs `predict`).
    #[serde(default)]
    pub publish_predictions: bool,
    /// Send each predict transaction's contributions coalesced: per coordinate, the batch's
    /// summed state change, instead of every example's gradients. Off, or with
    /// `model.delay_tolerant` or `model.expire_after_ms` (whose owners need each example's
    /// gradient and read sum or event time), every example is sent.
    #[serde(default = "default_true")]
    pub coalesce: bool,
    /// How many coordinates each sending of the hot exchange carries: the ones this worker
    /// updated most in its last batch, its own steps of them since its last sending, which
    /// every other worker's replica adds at once instead of waiting for the owners' round
    /// trip (`learn::replica`'s hot exchange, the `{prefix}.hot` topic). 0 turns it off.
    /// A worker alone in its group (all examples partitions its own), or without examples
    /// partitions, neither sends nor reads the topic.
    #[serde(default = "default_hot_coordinates")]
    pub hot_coordinates: usize,
    /// How many examples the whole group learns between two sendings of one worker: each
    /// sends after this many times its share of the examples partitions of its own
    /// examples, at its own moment.
    #[serde(default = "default_hot_every_examples")]
    pub hot_every_examples: usize,
    /// Fewest own steps of a coordinate since its last piece that make a piece: a
    /// coordinate stepped once or twice since gains little from arriving early, and most
    /// pieces would be such (those steps come through the owners).
    #[serde(default = "default_hot_min_updates")]
    pub hot_min_updates: u64,
    /// Least impact of a piece that leaves: how far its steps moved the coordinate's weight
    /// here, times the steps the whole group took of it meanwhile (this worker's over its
    /// share of the examples partitions). A coordinate settled enough that its steps since
    /// its last piece barely move it gains little from arriving early: its steps come
    /// through the owners. 0 sends every piece.
    #[serde(default = "default_hot_min_impact")]
    pub hot_min_impact: f64,
    /// A worker also sends as soon as the bias's weight in its replica (its hottest
    /// coordinate: every example on a topic holds it) moved, since its last sending, by
    /// more than this over the loss's largest curvature (a bound on the change of the
    /// gradient the other workers' examples miss). 0 sends only every `hot_every_examples`.
    #[serde(default = "default_hot_drift")]
    pub hot_drift: f64,
    /// A model that starts empty is learned by the worker of examples partition 0 alone
    /// until the owners hold its first this many examples (at most what the partition held
    /// when a worker got its assignment); the others learn once their replica holds them,
    /// or after `max_unconfirmed_ms` (`stream::warm_start`). A worker joining a model already
    /// learned never waits. 0 starts every worker at once.
    #[serde(default = "default_warm_start_examples")]
    pub warm_start_examples: usize,
}

/// Logs, metrics and health endpoints of `ftrl worker`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObservabilitySection {
    /// Address of the worker's HTTP endpoints (`/metrics`, `/health`, `/ready`); loopback by
    /// default, `0.0.0.0:9898` to let Prometheus and probes in from other hosts. One port per
    /// worker on a host (port 0 picks a free one and logs it); a busy port stops the worker.
    #[serde(default = "default_observability_listen")]
    pub listen: String,
    /// Log line format on standard error.
    #[serde(default)]
    pub log_format: LogFormat,
    /// Which log events to keep, as a `tracing` filter: a level (`info`) or per-module
    /// directives (`warn,ftrl_stream=debug`). The `FTRL_LOG` variable, when set, wins.
    #[serde(default = "default_log_level")]
    pub log_level: String,
}

/// Log line format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines with `key=value` fields.
    #[default]
    Text,
    /// One JSON object per line (`timestamp`, `level`, `fields`, `target`, ...), for log
    /// pipelines.
    Json,
}

/// `ftrl serve`: predictions over HTTP from the deltas topic.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServeSection {
    /// Address of the serving endpoints (`/predict`, `/model`, `/metrics`, `/health`,
    /// `/ready`); loopback by default.
    #[serde(default = "default_serve_listen")]
    pub listen: String,
    /// Largest `/predict` request body accepted, in bytes; larger ones get 413.
    #[serde(default = "default_max_request_bytes")]
    pub max_request_bytes: usize,
}

fn default_observability_listen() -> String {
    "127.0.0.1:9898".into()
}

fn default_log_level() -> String {
    "info".into()
}

fn default_serve_listen() -> String {
    "127.0.0.1:8080".into()
}

fn default_max_request_bytes() -> usize {
    1 << 20
}

impl Default for ObservabilitySection {
    fn default() -> Self {
        Self { listen: default_observability_listen(), log_format: LogFormat::Text, log_level: default_log_level() }
    }
}

impl Default for ServeSection {
    fn default() -> Self {
        Self { listen: default_serve_listen(), max_request_bytes: default_max_request_bytes() }
    }
}

fn default_session_timeout_ms() -> u32 {
    10_000
}

fn default_transaction_timeout_ms() -> u32 {
    60_000
}

fn default_rebalance_timeout_ms() -> u32 {
    300_000
}

/// Twice the transaction timeout of librdkafka's and the Java client's producers (60 s by
/// default), after which a broker aborts a transaction by itself: a transaction on its way
/// to being aborted is not reported as left open.
fn default_stalled_transaction_ms() -> u32 {
    120_000
}

fn default_partitions() -> i32 {
    32
}

fn default_example_partitions() -> i32 {
    8
}

fn default_worker_id() -> String {
    "worker-0".into()
}

fn default_true() -> bool {
    true
}

fn default_state_dir() -> PathBuf {
    PathBuf::from("ftrl-state")
}

fn default_cache_size() -> usize {
    4_000_000
}

/// Most examples a predict batch may hold, whatever the configuration: on a broker that
/// does not keep the metadata of committed offsets, a predict role resuming a partition
/// sends this many records per example, since it cannot learn the bound its predecessor
/// used (docs/exactly-once.md, 9).
pub(crate) const MAX_BATCH_EXAMPLES: usize = 100_000;

/// Most predict threads: far beyond the cores one replica's predict thread can feed (it
/// makes every chunk's states resident alone), a bound that catches a typo before it
/// starts a thousand threads.
pub(crate) const MAX_PREDICT_THREADS: usize = 256;

/// Most coordinates a hot sending may carry: past this, sending the whole replica's hottest
/// costs more than the round trip it saves.
pub(crate) const MAX_HOT_COORDINATES: usize = 1 << 20;

/// 8,192 coordinates every 5,000 examples of the group, pieces of 2 steps or more and an
/// impact of 0.12 or more: in the simulation within 0.0001 of every piece of 2 steps or
/// more (the defaults before) from 2 to 32 workers, with 40–60% of the pieces at 2 to 4
/// workers. Single steps of enough impact too (1 step) learned a little better at 8 and
/// 16 workers and twice as far from embedded at 32 (docs/benchmarks.md, "pieces that leave
/// by their impact").
fn default_hot_coordinates() -> usize {
    8_192
}

fn default_hot_every_examples() -> usize {
    5_000
}

fn default_hot_min_updates() -> u64 {
    2
}

fn default_hot_min_impact() -> f64 {
    0.12
}

/// Kept 16 simulated workers within 0.005 of one at four and eight times the default α, and
/// made no sending of its own at four workers in the stream at the default α
/// (docs/benchmarks.md, "Large α at 16 workers").
fn default_hot_drift() -> f64 {
    0.005
}

fn default_warm_start_examples() -> usize {
    20_000
}

fn default_batch_max_examples() -> usize {
    20_000
}

fn default_batch_max_wait_ms() -> u64 {
    50
}

/// Five default batches. With two workers at full speed on 2 cores, 1,000,000 let one
/// replica trail the other by up to 480,000 examples and the progressive loss trail the
/// embedded trainer's by 0.0030–0.0031; at 100,000, 0.0024 in three runs, as fast.
fn default_max_unconfirmed_examples() -> usize {
    100_000
}

fn default_predict_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

fn default_max_unconfirmed_ms() -> u64 {
    10_000
}

fn default_commit_interval_ms() -> u64 {
    100
}

fn default_snapshot_interval_ms() -> u64 {
    5_000
}

/// Parts of librdkafka property names that mark a secret: passwords, client secrets,
/// private keys in PEM, OAuth/JAAS settings and tokens.
const SECRET_PROPERTY_PARTS: [&str; 6] = ["password", "secret", "key.pem", "oauthbearer.config", "jaas", "token"];

/// Shown in place of a secret value.
pub const REDACTED: &str = "<redacted>";

/// True for librdkafka properties whose values must never be shown (`sasl.password`,
/// `ssl.key.password`, `ssl.keystore.password`, `sasl.oauthbearer.client.secret`, ...).
/// Matching on name parts rather than a fixed list also covers properties added later.
pub fn is_secret_property(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    SECRET_PROPERTY_PARTS.iter().any(|part| key.contains(part))
}

impl KafkaConfig {
    /// The librdkafka options with every secret value replaced by [`REDACTED`]: what
    /// logs, errors and metrics may show.
    pub fn redacted_options(&self) -> BTreeMap<&str, &str> {
        self.librdkafka_options
            .iter()
            .map(|(key, value)| (key.as_str(), if is_secret_property(key) { REDACTED } else { value.as_str() }))
            .collect()
    }
}

impl std::fmt::Debug for KafkaConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KafkaConfig")
            .field("bootstrap_servers", &self.bootstrap_servers)
            .field("librdkafka_options", &self.redacted_options())
            .field("session_timeout_ms", &self.session_timeout_ms)
            .field("transaction_timeout_ms", &self.transaction_timeout_ms)
            .field("rebalance_timeout_ms", &self.rebalance_timeout_ms)
            .field("stalled_transaction_ms", &self.stalled_transaction_ms)
            .finish()
    }
}

impl KafkaConfig {
    /// Brokers at `bootstrap_servers`, every other setting at its default.
    pub(crate) fn new(bootstrap_servers: impl Into<String>) -> Self {
        Self {
            bootstrap_servers: bootstrap_servers.into(),
            librdkafka_options: BTreeMap::new(),
            session_timeout_ms: default_session_timeout_ms(),
            transaction_timeout_ms: default_transaction_timeout_ms(),
            rebalance_timeout_ms: default_rebalance_timeout_ms(),
            stalled_transaction_ms: default_stalled_transaction_ms(),
        }
    }
}

impl ModelConfig {
    /// The model named `prefix`, every other setting at its default.
    pub(crate) fn new(prefix: impl Into<String>) -> Self {
        Self {
            prefix: prefix.into(),
            partitions: default_partitions(),
            example_partitions: default_example_partitions(),
            example_format: ExampleFormat::default(),
            example_framing: Framing::default(),
            example_schema_id: None,
            example_mapping: None,
            learner: LearnerOptions::default(),
            delay_tolerant: false,
            expire_after_ms: None,
        }
    }

    /// How the examples topic's records are read: `example_format`, with the mapping file
    /// (read and checked) that json-events needs and no other format takes.
    pub(crate) fn record_format(&self) -> Result<RecordFormat, ExampleMappingError> {
        match (self.example_format, &self.example_mapping) {
            (ExampleFormat::JsonEvents, Some(path)) => Ok(RecordFormat::JsonEvents(Arc::new(Mapping::load(path)?))),
            (ExampleFormat::JsonEvents, None) => Err(ExampleMappingError::Missing),
            (_, Some(_)) => Err(ExampleMappingError::Unused),
            (ExampleFormat::Protobuf, None) => Ok(RecordFormat::Protobuf),
            (ExampleFormat::Json, None) => Ok(RecordFormat::Json),
        }
    }

    /// The reader of examples-topic records this section describes.
    pub(crate) fn example_reader(&self, featurizer: Featurizer) -> Result<ExampleReader, ExampleMappingError> {
        let decoder = RecordDecoder::new(self.record_format()?, self.example_framing, self.example_schema_id);
        Ok(ExampleReader::new(Reading::Record(decoder), featurizer))
    }

    /// The model's topic names.
    pub(crate) fn topics(&self) -> Topics {
        let name = |suffix: &str| format!("{}.{suffix}", self.prefix);
        Topics {
            examples: name("examples"),
            gradients: name("gradients"),
            deltas: name("deltas"),
            changelog: name("changelog"),
            progress: name("progress"),
            predictions: name("predictions"),
            dlq: name("dlq"),
            hot: name("hot"),
        }
    }
}

impl Default for WorkerSection {
    fn default() -> Self {
        Self {
            id: default_worker_id(),
            predict: true,
            update: true,
            state_dir: default_state_dir(),
            cache_size: default_cache_size(),
            batch_max_examples: default_batch_max_examples(),
            batch_max_wait_ms: default_batch_max_wait_ms(),
            max_unconfirmed_examples: default_max_unconfirmed_examples(),
            max_unconfirmed_ms: default_max_unconfirmed_ms(),
            commit_interval_ms: default_commit_interval_ms(),
            snapshot_interval_ms: default_snapshot_interval_ms(),
            predict_threads: default_predict_threads(),
            publish_predictions: false,
            coalesce: true,
            hot_coordinates: default_hot_coordinates(),
            hot_every_examples: default_hot_every_examples(),
            hot_min_updates: default_hot_min_updates(),
            hot_min_impact: default_hot_min_impact(),
            hot_drift: default_hot_drift(),
            warm_start_examples: default_warm_start_examples(),
        }
    }
}

/// The topics of one model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Topics {
    /// `{prefix}.examples`: labelled examples to learn from and score.
    pub examples: String,
    /// `{prefix}.gradients`: per-coordinate gradients, partitioned by coordinate.
    pub gradients: String,
    /// `{prefix}.deltas`: weight changes sent back to the workers.
    pub deltas: String,
    /// `{prefix}.changelog`: coordinate states, compacted (restores a worker's shard).
    pub changelog: String,
    /// `{prefix}.progress`: progressive-validation metrics.
    pub progress: String,
    /// `{prefix}.predictions`: published predictions.
    pub predictions: String,
    /// `{prefix}.dlq`: examples that could not be read.
    pub dlq: String,
    /// `{prefix}.hot`: predict roles' own steps of their hottest coordinates, for the other
    /// predict roles (not transactional, read uncommitted).
    pub hot: String,
}

impl Topics {
    /// All eight names, in a fixed order.
    pub(crate) fn all(&self) -> [&str; 8] {
        [
            &self.examples,
            &self.gradients,
            &self.deltas,
            &self.changelog,
            &self.progress,
            &self.predictions,
            &self.dlq,
            &self.hot,
        ]
    }
}

impl WorkerConfig {
    /// The model's topic names.
    pub(crate) fn topics(&self) -> Topics {
        self.model.topics()
    }
}

#[cfg(test)]
/// What the tests of every part of the configuration share.
mod test_support {
    use super::*;
    use std::collections::HashMap;
    use std::io::Write;

    pub(super) fn defaults() -> WorkerConfig {
        WorkerConfig {
            kafka: KafkaConfig::new("127.0.0.1:9092"),
            model: ModelConfig::new("clicks"),
            worker: WorkerSection::default(),
            observability: ObservabilitySection::default(),
            serve: ServeSection::default(),
        }
    }

    pub(super) const MINIMAL: &str = "[kafka]\nbootstrap_servers = \"127.0.0.1:9092\"\n[model]\nprefix = \"clicks\"\n";

    pub(super) fn file(text: &str) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(text.as_bytes()).unwrap();
        f
    }

    pub(super) fn env(vars: &[(&str, &str)]) -> HashMap<String, String> {
        vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    pub(super) fn load_text(text: &str, vars: &[(&str, &str)]) -> Result<WorkerConfig, ConfigError> {
        let f = file(text);
        load_with_env(f.path(), env(vars))
    }

    /// The messages of `validate` after changing the defaults with `f`.
    pub(super) fn problems(f: impl FnOnce(&mut WorkerConfig)) -> Vec<String> {
        let mut c = defaults();
        f(&mut c);
        c.validate()
    }

    /// `f` makes exactly one problem, about `setting`, whose message contains `needle`.
    pub(super) fn assert_one(f: impl FnOnce(&mut WorkerConfig), setting: &str, needle: &str) {
        let p = problems(f);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].starts_with(&format!("{setting}: ")), "{p:?}");
        assert!(p[0].contains(needle), "{p:?} lacks {needle:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;

    #[test]
    fn topic_names() {
        let t = defaults().topics();
        assert_eq!(
            t.all(),
            [
                "clicks.examples",
                "clicks.gradients",
                "clicks.deltas",
                "clicks.changelog",
                "clicks.progress",
                "clicks.predictions",
                "clicks.dlq",
                "clicks.hot"
            ]
        );
        assert_eq!(t.gradients, "clicks.gradients");
        assert_eq!(TOPIC_SUFFIXES.map(|s| format!("clicks.{s}")), t.all().map(str::to_owned));
    }
}
