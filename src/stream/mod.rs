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
pub mod kafka;
pub mod predict;
pub mod update;
pub mod view;

use crate::config::WorkerConfig;
use crate::store::StoreError;
use rdkafka::error::KafkaError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StreamError {
    #[error("Kafka: {0}")]
    Kafka(#[from] KafkaError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("configuration: {0}")]
    Config(String),
    #[error("state: {0}")]
    State(String),
    #[error("the consumer has no group metadata (not a member of its group yet)")]
    NoGroupMetadata,
    #[error("{0}")]
    Other(String),
}

/// Runs the configured roles until `shutdown` is set or a role fails; the first failure is
/// returned after every role has stopped.
pub fn run_worker(config: &WorkerConfig, shutdown: Arc<AtomicBool>) -> Result<(), StreamError> {
    // Up first, so /health answers and /ready says what it waits for while the roles start.
    crate::observe::health().require(config.worker.predict, config.worker.update);
    let _http =
        crate::observe::http::Server::start(&config.observability.listen, crate::observe::http::observability_routes())
            .map_err(|e| StreamError::Config(format!("observability.listen: {e}")))?;
    let _lag = crate::observe::lag::spawn(config, Arc::clone(&shutdown));
    let mut roles = Vec::new();
    if config.worker.update {
        let role = update::UpdateRole::new(config)?;
        let flag = Arc::clone(&shutdown);
        roles.push(("update", std::thread::Builder::new().name("update".into()).spawn(move || role.run(&flag))));
    }
    if config.worker.predict {
        let role = predict::PredictRole::new(config)?;
        crate::observe::health().view_loaded();
        let flag = Arc::clone(&shutdown);
        roles.push(("predict", std::thread::Builder::new().name("predict".into()).spawn(move || role.run(&flag))));
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
    match first_error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}
