//! `ftrl serve`: follows a model's deltas topic into memory and answers predictions over
//! HTTP. It is also the reference downstream consumer of the deltas topic: read every
//! partition from the beginning, keep the latest weight per 8-byte big-endian coordinate key
//! (a null value removes it), skip the `ftrl.applied` watermark records, and predict with
//! the documented feature hashing (docs/formats.md, "Feature hashing"). That is all [`WeightView`]
//! does.
//!
//! * `POST /predict`: `{"examples": [{"features": [...], "label": 1}, ...]}`, each example
//!   in the JSON-lines shape of the embedded trainer with `label` optional; with
//!   `model.example_format = "json-events"`, `{"examples": [event, ...]}`: the raw events the
//!   stream learns from, made examples by the model's mapping (`model.example_mapping`, the
//!   file the workers read), their label optional too; answers
//!   `{"version", "staleness_ms", "predictions": [{"prediction", "probabilities"?}]}`.
//! * `GET /model`: version (delta records applied), nonzero weights, staleness; for a Hedge
//!   model also its members' α, mixture weights, leader and the weight of examples scored.
//! * `/metrics`, `/health`, `/ready` (ready once the view has read the deltas to their end).

use crate::config::WorkerConfig;
use crate::learn::hedge::HedgeState;
use crate::learn::loss::class_probabilities;
use crate::learn::ViewLearner;
use crate::learn::{Feature, Loss};
use crate::observe::events::{
    ExamplesServed, HedgeLeaderChanged, HedgeLeaderSampled, HttpRequestAnswered, InternalEvent, ViewSampled,
};
use crate::observe::health;
use crate::observe::http::{observability_routes, HttpError, Server};
use crate::schema::example::{ExampleReader, LineFormat, Reading};
use crate::schema::proto::RecordFormat;
use crate::stream::admin::{ProgressFollower, ProgressTotals};
use crate::stream::view::WeightView;
use crate::stream::StreamError;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use thiserror::Error;

/// How often the view polls for new deltas when idle.
const FOLLOW_INTERVAL: Duration = Duration::from_millis(10);

/// How often `serve` asks the broker whether its view has read every deltas partition to its
/// end: when the stream is idle no record arrives, and this is what keeps the staleness
/// it reports (and exports) from growing while it is up to date. Staleness then reads at
/// most about this much.
const END_CHECK_INTERVAL: Duration = Duration::from_secs(1);

/// How often a Hedge model's mixture weights are brought up to date with the progress topic.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

#[derive(Debug, Error)]
pub(crate) enum ServeError {
    #[error(transparent)]
    Http(#[from] HttpError),
    #[error(transparent)]
    Stream(#[from] StreamError),
    #[error("configuration: {0}")]
    Config(String),
}

/// What the handlers share: the view (absent while it loads) and how to read an example.
struct Served {
    view: RwLock<Option<WeightView>>,
    /// Reads a posted example as a JSON line (or a raw event, through the model's mapping).
    reader: ExampleReader,
    loss: Loss,
    /// Predicts from the view (a Hedge mixes its members with the weights it had at start).
    learner: RwLock<ViewLearner>,
    prefix: String,
}

/// One example's answer.
#[derive(Debug, Serialize)]
pub(crate) struct Answer {
    /// A probability (logistic), a margin (squared, hinge), or a class 1..=K (softmax).
    pub prediction: f64,
    /// Softmax only: the probability of each class, class 1 first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probabilities: Option<Vec<f64>>,
}

/// Serves until `shutdown` is set. The endpoints answer from the start (`/ready` says 503
/// until the view has loaded the deltas topic to its end).
pub(crate) fn run(config: &WorkerConfig, shutdown: Arc<AtomicBool>) -> Result<(), ServeError> {
    let settings = config.settings().map_err(StreamError::from)?;
    let featurizer = settings.featurizer().map_err(|e| ServeError::Config(e.to_string()))?;
    let served = Arc::new(Served {
        view: RwLock::new(None),
        reader: ExampleReader::new(posted_reading(config)?, featurizer).keeping_unlabeled(),
        loss: settings.loss,
        learner: RwLock::new(settings.view_learner()),
        prefix: config.model.prefix.clone(),
    });
    health().require(true, false);
    // A transaction left open on the deltas topic stops the view: said on /ready.
    crate::stream::stall::watch(config, false, false);
    let _server = Server::start(&config.serve.listen, router(Arc::clone(&served), config.serve.max_request_bytes))?;
    // A wrong address or an unreachable cluster is said at once (and on /ready).
    let topics = config.topics();
    let needed =
        if config.model.learner.hedge.is_empty() { vec![topics.deltas] } else { vec![topics.deltas, topics.progress] };
    if !crate::stream::reach::wait(config, &shutdown, &needed) {
        return Ok(());
    }
    // A Hedge's mixture weights are the members' cumulative progressive losses, which the
    // update roles sum on the progress topic; followed as the stream learns.
    let mut progress = None;
    if !config.model.learner.hedge.is_empty() {
        let follower = ProgressFollower::start(config)?;
        follow_hedge(&served, &follower.totals());
        progress = Some(follower);
    }
    // SIGTERM during the load (a broker that stalls fetches) ends it.
    let view = match WeightView::follow(config, &shutdown) {
        Err(StreamError::Stopped) => return Ok(()),
        view => view?,
    };
    record_view(&view);
    *served.view.write().unwrap_or_else(|e| e.into_inner()) = Some(view);
    health().view_loaded();
    tracing::info!(listen = %config.serve.listen, prefix = %config.model.prefix, "serving");
    let mut progress_read = std::time::Instant::now();
    let mut end_checked = std::time::Instant::now();
    while !shutdown.load(Ordering::Acquire) {
        if end_checked.elapsed() >= END_CHECK_INTERVAL {
            end_checked = std::time::Instant::now();
            // Under the shared lock: predictions go on while the broker answers.
            if let Some(view) = served.view.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
                view.check_at_end();
            }
        }
        if let Some(view) = served.view.write().unwrap_or_else(|e| e.into_inner()).as_mut() {
            view.catch_up();
            record_view(view);
        }
        if let Some(follower) = progress.as_mut().filter(|_| progress_read.elapsed() >= PROGRESS_INTERVAL) {
            progress_read = std::time::Instant::now();
            if follower.catch_up() {
                follow_hedge(&served, &follower.totals());
            }
        }
        std::thread::sleep(FOLLOW_INTERVAL);
    }
    tracing::info!("serving stopped");
    Ok(())
}

/// How a posted example is read: as the stream reads the model's examples when they are raw
/// events (the same mapping file), otherwise in the JSON-lines shape.
fn posted_reading(config: &WorkerConfig) -> Result<Reading, ServeError> {
    let format = match config.model.record_format().map_err(|e| ServeError::Config(e.to_string()))? {
        RecordFormat::JsonEvents(mapping) => LineFormat::JsonEvents(mapping),
        RecordFormat::Protobuf | RecordFormat::Json => LineFormat::Jsonl,
    };
    Ok(Reading::Line(format))
}

/// Mixes the Hedge's members by the stream's progress so far; logs a change of leader.
fn follow_hedge(served: &Served, totals: &ProgressTotals) {
    let mut learner = served.learner.write().unwrap_or_else(|e| e.into_inner());
    let Some(hedge) = learner.hedge_mut() else { return };
    let leader = hedge.leader_alpha();
    hedge.restore(HedgeState { cumulative_losses: totals.member_loss_sums.clone(), weight_sum: totals.weight_sum });
    HedgeLeaderSampled { alpha: hedge.leader_alpha() }.emit();
    if hedge.leader_alpha() != leader {
        HedgeLeaderChanged { alpha: hedge.leader_alpha(), examples: totals.examples }.emit();
    }
}

fn record_view(view: &WeightView) {
    ViewSampled {
        weights: view.nonzero_weights(),
        deltas: view.applied(),
        staleness_ms: view.staleness_ms(),
        examples_behind: None,
    }
    .emit();
}

fn router(served: Arc<Served>, max_request_bytes: usize) -> Router {
    let api = Router::new()
        .route("/predict", post(predict_handler))
        .route("/model", get(model_handler))
        .layer(DefaultBodyLimit::max(max_request_bytes))
        .with_state(served);
    observability_routes().merge(api)
}

type Reply = (StatusCode, Json<Value>);

fn reply(endpoint: &'static str, status: StatusCode, body: Value) -> Reply {
    HttpRequestAnswered { endpoint, status: status.as_u16() }.emit();
    (status, Json(body))
}

async fn model_handler(State(served): State<Arc<Served>>) -> Reply {
    let guard = served.view.read().unwrap_or_else(|e| e.into_inner());
    match guard.as_ref() {
        None => reply("model", StatusCode::SERVICE_UNAVAILABLE, json!({"error": "the weight view is loading"})),
        Some(view) => {
            let mut body = json!({
                "prefix": served.prefix,
                "version": view.applied(),
                "nonzero_weights": view.nonzero_weights(),
                "staleness_ms": view.staleness_ms(),
            });
            let learner = served.learner.read().unwrap_or_else(|e| e.into_inner());
            if let Some(hedge) = learner.hedge() {
                body["hedge"] = json!({
                    "alphas": hedge.alphas(),
                    "mixture_weights": hedge.mixture_weights(),
                    "leader_alpha": hedge.leader_alpha(),
                    "weight_sum": hedge.state().weight_sum,
                });
            }
            reply("model", StatusCode::OK, body)
        }
    }
}

async fn predict_handler(
    State(served): State<Arc<Served>>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Reply {
    // A body past serve.max_request_bytes (413) or one that could not be read: JSON like
    // every other answer, not axum's plain text.
    let body = match body {
        Ok(body) => body,
        Err(rejection) => return reply("predict", rejection.status(), json!({ "error": rejection.body_text() })),
    };
    let examples = match parse_request(&body) {
        Ok(examples) => examples,
        Err((status, message)) => return reply("predict", status, json!({ "error": message })),
    };
    let guard = served.view.read().unwrap_or_else(|e| e.into_inner());
    let Some(view) = guard.as_ref() else {
        return reply("predict", StatusCode::SERVICE_UNAVAILABLE, json!({"error": "the weight view is loading"}));
    };
    let mut reader = served.reader.clone();
    let mut learner = served.learner.read().unwrap_or_else(|e| e.into_inner()).clone();
    match predict_all(view, &mut reader, &mut learner, served.loss, &examples) {
        Ok(answers) => {
            ExamplesServed { count: answers.len() }.emit();
            reply(
                "predict",
                StatusCode::OK,
                json!({ "version": view.applied(), "staleness_ms": view.staleness_ms(), "predictions": answers }),
            )
        }
        Err(message) => reply("predict", StatusCode::UNPROCESSABLE_ENTITY, json!({ "error": message })),
    }
}

/// The examples of a `/predict` body, each as the text of its object (a JSON line or a raw
/// event). A body that is not JSON is a 400; JSON that is not `{"examples": [{...}, ...]}` a
/// 422.
fn parse_request(body: &[u8]) -> Result<Vec<String>, (StatusCode, String)> {
    let value: Value =
        serde_json::from_slice(body).map_err(|e| (StatusCode::BAD_REQUEST, format!("the body is not JSON: {e}")))?;
    let unprocessable = |message: String| (StatusCode::UNPROCESSABLE_ENTITY, message);
    let Some(examples) = value.get("examples").and_then(Value::as_array) else {
        return Err(unprocessable("expected {\"examples\": [...]}".into()));
    };
    examples
        .iter()
        .enumerate()
        .map(|(i, example)| {
            if !example.is_object() {
                return Err(unprocessable(format!("examples[{i}]: expected an object")));
            }
            Ok(example.to_string())
        })
        .collect()
}

/// Predicts each example (a JSON-lines text) with the view's weights, exactly as the
/// embedded trainer's `predict` does with its model's.
pub(crate) fn predict_all(
    view: &WeightView,
    reader: &mut ExampleReader,
    learner: &mut ViewLearner,
    loss: Loss,
    examples: &[String],
) -> Result<Vec<Answer>, String> {
    let mut features: Vec<Feature> = Vec::new();
    let mut answers = Vec::with_capacity(examples.len());
    for (i, text) in examples.iter().enumerate() {
        features.clear();
        reader.read(text.as_bytes(), &mut features).map_err(|e| format!("examples[{i}]: {e}"))?;
        let outcome = learner.step(view, &features, None, 1.0);
        let probabilities = matches!(loss, Loss::Softmax { .. }).then(|| class_probabilities(learner.margins()));
        answers.push(Answer { prediction: outcome.prediction, probabilities });
    }
    Ok(answers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_need_an_examples_array_of_objects_and_labels_are_optional() {
        let error = |body: &[u8]| parse_request(body).unwrap_err();
        let (status, message) = error(b"not json");
        assert!(status == StatusCode::BAD_REQUEST && message.contains("not JSON"), "{message}");
        let (status, message) = error(b"[1]");
        assert!(status == StatusCode::UNPROCESSABLE_ENTITY && message.contains("examples"), "{message}");
        // An example that is not an object is a bad example (422), as the README says.
        let (status, message) = error(br#"{"examples": [1]}"#);
        assert!(status == StatusCode::UNPROCESSABLE_ENTITY && message.contains("examples[0]"), "{message}");
        let parsed = parse_request(br#"{"examples": [{"features": ["a:x"]}, {"label": 0, "features": []}]}"#).unwrap();
        assert_eq!(parsed, [r#"{"features":["a:x"]}"#, r#"{"features":[],"label":0}"#]);
    }
}
