//! The stream topology: workers in one consumer group learn from the examples topic.
//!
//! ```text
//! examples ─► [predict] ─► gradients (by coordinate) ─► [update] ─► deltas (compacted), changelog
//!                │   ▲                                              │
//!                │   └──────────── weight view follows deltas ◄─────┘
//!                └─► progress, predictions (optional), dlq
//! ```
//!
//! Every worker runs both roles unless configured otherwise; each role is a thread with its
//! own consumer and transactional producer.

pub mod admin;
pub mod apply;
pub mod batch_queue;
pub(crate) mod codec;
pub(crate) mod dead_letter;
pub(crate) mod decode;
pub(crate) mod freeze;
pub(crate) mod hot;
pub(crate) mod identity;
pub mod kafka;
pub(crate) mod lag;
pub(crate) mod paced;
pub(crate) mod predict;
pub(crate) mod reach;
pub(crate) mod replica;
pub(crate) mod resume;
pub(crate) mod stall;
pub(crate) mod update;
pub(crate) mod view;
pub(crate) mod warm_start;
pub mod wire;

use crate::config::{ModelSettingsError, WorkerConfig};
use crate::observe::events::{InternalEvent, KafkaErrorSeen, RoleRestarted};
use crate::store::StoreError;
use rdkafka::error::KafkaError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use thiserror::Error;

/// Why `ftrl replay` cannot continue a partition of its target.
#[derive(Debug, Error)]
pub enum ReplayRefusal {
    #[error("its last record (offset {offset}) is not a copy `ftrl replay` made")]
    NotACopy { offset: i64 },
    #[error("its last record is a copy of {topic} partition {partition} offset {offset}")]
    OtherSource { topic: String, partition: i32, offset: i64 },
}

#[derive(Debug, Error)]
pub enum StreamError {
    #[error("Kafka: {0}")]
    Kafka(#[from] KafkaError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(
        "{0}. The transaction before it committed, so the changelog holds everything learned; a restart restores \
         it from there once the store can be written again"
    )]
    Checkpoint(StoreError),
    #[error("configuration: {0}")]
    Config(String),
    #[error("state: {0}")]
    State(String),
    #[error("the consumer has no group metadata (not a member of its group yet)")]
    NoGroupMetadata,
    #[error(
        "{topic} partition {partition} ends before offset {expected}, which this worker's local state was written \
         through: the broker lost committed records (restarted without its storage, or the topic was recreated). \
         Refusing to learn on top of it; to start this model afresh, delete the worker's state_dir"
    )]
    BrokerLostState { topic: String, partition: i32, expected: i64 },
    #[error(
        "this worker's settings differ from those of model {prefix:?} (recorded by its first worker on the \
         changelog): {differences}. Every worker of a model must compute the same; start this one with the \
         model's settings, or replay into a new prefix (`ftrl replay --to-prefix`) to learn with these"
    )]
    ModelMismatch { prefix: String, differences: String },
    #[error(
        "the process stood still for {seconds:.1} s (frozen, or starved of CPU), long enough to have lost its \
         group membership; starting the role over instead of committing as a possible zombie"
    )]
    Frozen { seconds: f64 },
    #[error(
        "{topic} partition {partition}: {reason}. `ftrl replay` continues only a copy it made itself, from the \
         same source; replay into a new prefix"
    )]
    ReplayRefused { topic: String, partition: i32, reason: ReplayRefusal },
    #[error("configuration: {0}")]
    Settings(#[from] ModelSettingsError),
    #[error("{0}")]
    Other(String),
    /// A transaction has been left open on a topic this role writes, possibly under its own
    /// transactional id: the role starts over, and its producer's initialization fences and
    /// aborts it.
    #[error("a transaction left open on {0}, which this role writes: starting over to abort any of its own")]
    OpenTransaction(String),
    /// SIGTERM (or SIGINT) arrived during a long wait (a restore, a view load), which gave up.
    #[error("stopped by a signal while waiting")]
    Stopped,
}

/// Set once the process was asked to stop (SIGTERM, SIGINT): long waits that have no
/// shutdown flag of their own (restores, reads to the end of a topic) check it.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Asks every long wait to give up: the process is stopping.
pub(crate) fn stop() {
    STOPPING.store(true, Ordering::Release);
}

/// Whether the process is stopping.
pub(crate) fn stopping() -> bool {
    STOPPING.load(Ordering::Acquire)
}

impl StreamError {
    /// librdkafka's name of the error's code, for a Kafka error.
    pub(crate) fn kafka_code(&self) -> Option<String> {
        match self {
            StreamError::Kafka(error) => Some(match error.rdkafka_error_code() {
                Some(code) => format!("{code:?}"),
                None => "other".into(),
            }),
            _ => None,
        }
    }

    /// Whether a role that failed with this error should start over (a new consumer,
    /// producer and restore, like a restarted process) rather than stop the worker: the
    /// broker or coordinator was unavailable, or a transaction must be aborted. Fencing
    /// (another process with this worker's id), lost broker state, local storage errors and
    /// bad configuration stop the worker.
    pub(crate) fn is_transient(&self) -> bool {
        use rdkafka::types::RDKafkaErrorCode as Code;
        match self {
            StreamError::Kafka(KafkaError::Transaction(error)) => !error.is_fatal(),
            StreamError::Kafka(error) => matches!(
                error.rdkafka_error_code(),
                Some(
                    Code::AllBrokersDown
                        | Code::BrokerTransportFailure
                        | Code::Resolve
                        | Code::MessageTimedOut
                        | Code::RequestTimedOut
                        | Code::OperationTimedOut
                        | Code::TimedOutQueue
                        | Code::CoordinatorNotAvailable
                        | Code::NotCoordinator
                        | Code::CoordinatorLoadInProgress
                        | Code::NotEnoughReplicas
                        | Code::NotEnoughReplicasAfterAppend
                        | Code::NotLeaderForPartition
                        | Code::LeaderNotAvailable
                        | Code::NetworkException
                        | Code::ConcurrentTransactions
                        | Code::UnknownTopicOrPartition
                        | Code::UnknownMemberId
                        | Code::IllegalGeneration
                        | Code::RebalanceInProgress
                        | Code::State
                        | Code::Fail
                )
            ),
            StreamError::NoGroupMetadata | StreamError::Frozen { .. } | StreamError::OpenTransaction(_) => true,
            _ => false,
        }
    }
}

/// Longest pause between restarts of a role that keeps failing transiently.
const MAX_RESTART_BACKOFF: std::time::Duration = std::time::Duration::from_secs(30);

/// Runs a role until `shutdown` is set, starting it over after transient failures (with a
/// growing pause); returns the first error that is not transient.
fn supervise<R>(
    name: &str,
    shutdown: &AtomicBool,
    create: impl Fn() -> Result<R, StreamError>,
    run: impl Fn(R, &AtomicBool) -> Result<(), StreamError>,
) -> Result<(), StreamError> {
    let mut backoff = std::time::Duration::from_millis(250);
    let mut restarts = 0u64;
    while !shutdown.load(Ordering::Acquire) {
        let started = std::time::Instant::now();
        let result = create().and_then(|role| run(role, shutdown));
        match result {
            Ok(()) | Err(StreamError::Stopped) => return Ok(()),
            Err(error) if error.is_transient() => {
                restarts += 1;
                if let Some(code) = error.kafka_code() {
                    KafkaErrorSeen { kind: &code }.emit();
                }
                if started.elapsed() > MAX_RESTART_BACKOFF {
                    backoff = std::time::Duration::from_millis(250);
                }
                let failed = !matches!(error, StreamError::OpenTransaction(_));
                RoleRestarted { role: name, error: &error, restarts, retry_in: backoff, failed }.emit();
                let deadline = std::time::Instant::now() + backoff;
                while std::time::Instant::now() < deadline && !shutdown.load(Ordering::Acquire) {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                backoff = (backoff * 2).min(MAX_RESTART_BACKOFF);
            }
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// Runs the configured roles until `shutdown` is set or a role fails; the first failure is
/// returned after every role has stopped.
pub(crate) fn run_worker(config: &WorkerConfig, shutdown: Arc<AtomicBool>) -> Result<(), StreamError> {
    // Up first, so /health answers and /ready says what it waits for while the roles start.
    crate::observe::health().require(config.worker.predict, config.worker.update);
    // Ready only while each role has partitions: a role without any does nothing.
    if config.worker.predict {
        crate::observe::health().require_assignment(&config.topics().examples, "predict");
    }
    if config.worker.update {
        crate::observe::health().require_assignment(&config.topics().gradients, "update");
    }
    let _http =
        crate::observe::http::Server::start(&config.observability.listen, crate::observe::http::observability_routes())
            .map_err(|e| StreamError::Config(format!("observability.listen: {e}")))?;
    // A wrong address or an unreachable cluster is said at once (and on /ready), not as a
    // role's timeout a minute later; SIGTERM ends the wait.
    let topics = config.topics();
    let mut needed = vec![&topics.examples, &topics.gradients, &topics.deltas, &topics.changelog, &topics.progress];
    needed.push(&topics.dlq);
    if config.worker.publish_predictions {
        needed.push(&topics.predictions);
    }
    let needed: Vec<String> = needed.into_iter().cloned().collect();
    if !reach::wait(config, &shutdown, &needed) {
        return Ok(());
    }
    // Before anything is written: a worker whose settings differ from the model's refuses.
    match identity::check(config) {
        Err(StreamError::Stopped) => return Ok(()),
        checked => checked?,
    }
    let _lag = lag::spawn(config, Arc::clone(&shutdown));
    stall::watch(config, config.worker.predict, config.worker.update);
    let mut roles = Vec::new();
    if config.worker.update {
        let (flag, config) = (Arc::clone(&shutdown), config.clone());
        let thread = std::thread::Builder::new()
            .name("update".into())
            .spawn(move || supervise("update", &flag, || update::UpdateRole::new(&config), update::UpdateRole::run));
        roles.push(("update", thread));
    }
    if config.worker.predict {
        let (flag, config) = (Arc::clone(&shutdown), config.clone());
        let thread = std::thread::Builder::new().name("predict".into()).spawn(move || {
            let create = || {
                let role = predict::PredictRole::new(&config, &flag)?;
                crate::observe::health().view_loaded();
                Ok(role)
            };
            supervise("predict", &flag, create, predict::PredictRole::run)
        });
        roles.push(("predict", thread));
    }
    tracing::info!(
        worker = %config.worker.id,
        prefix = %config.model.prefix,
        predict = config.worker.predict,
        update = config.worker.update,
        "worker started"
    );
    let mut first_error = None;
    let mut handles = Vec::new();
    for (name, spawned) in roles {
        match spawned {
            Ok(handle) => handles.push((name, handle)),
            Err(e) => first_error = Some(StreamError::Other(format!("starting the {name} role: {e}"))),
        }
    }
    // Wait for every role; when one fails, ask the others to stop.
    while !handles.is_empty() {
        let finished = handles.iter().position(|(_, h)| h.is_finished());
        match finished {
            None => std::thread::sleep(std::time::Duration::from_millis(50)),
            Some(i) => {
                let (name, handle) = handles.swap_remove(i);
                let result =
                    handle.join().unwrap_or_else(|_| Err(StreamError::Other(format!("the {name} role panicked"))));
                if let Err(error) = result {
                    tracing::error!(role = name, %error, "role failed; stopping the worker");
                    shutdown.store(true, Ordering::Release);
                    first_error.get_or_insert(error);
                }
            }
        }
    }
    tracing::debug!("every role stopped");
    match first_error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}
