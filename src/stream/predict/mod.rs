//! The predict role: consumes examples in consumer group `{prefix}.predict`, predicts each
//! with its replica of the model *before* learning from it (progressive validation), learns
//! from it at once in the replica, and routes the per-coordinate gradients to the gradients
//! partition that owns each coordinate. Gradients, dead letters and the consumed offsets
//! commit in one transaction, on a thread of its own (`Committer`): the role learns its next
//! batch while the broker commits the last. The role never waits for the owners to apply its
//! own examples (they are in its replica already); the owners' published states bring it the
//! other workers' contributions (`learn::replica`). A batch goes to the owners coalesced
//! (each coordinate's summed state change, `worker.coalesce`) unless it holds one of the
//! first records of an examples partition after this role resumed it, which go per example
//! (docs/exactly-once.md, 9). How many of its examples the owners
//! have not confirmed yet, and for how long, is bounded (`worker.max_unconfirmed_examples`,
//! `worker.max_unconfirmed_ms`): past either bound it waits for them.

mod committer;
mod gradients;
mod learning;
mod resuming;
mod shared;

use self::committer::{Commit, Committer, CommitterDeliveries, Handover};
use self::gradients::{Carried, GradientWriter, MAX_EXAMPLE_COORDINATES_PER_PARTITION};
use self::learning::Batch;
use super::batch_queue::BatchQueue;
use super::dead_letter::{self, DeadLetterDeliveries};
use super::hot::HotLink;
use super::kafka::{group_consumer_config, transactional_producer, DeliveredOffsets, RawRecord, RebalanceFlag};
use super::replica::{open_replica_store, ReplicaFeed};
use super::resume::Resumption;
use super::wire;
use super::StreamError;
use crate::config::{Topics, WorkerConfig};
use crate::learn::hedge::HedgeState;
use crate::learn::replica::Replica;
use crate::learn::{DivergenceWatch, Loss, Progress, ViewLearner};
use crate::schema::example::{ExampleError, ExampleReader};
use crate::store::ModelStore;
use rdkafka::consumer::{BaseConsumer, Consumer};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::sync_channel;
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Why a record of the examples topic is a dead letter.
#[derive(Clone, Debug, Error, PartialEq)]
pub(crate) enum BadRecord {
    #[error("record has no value")]
    NoValue,
    #[error(transparent)]
    Example(#[from] ExampleError),
    /// Its example's gradients in one gradients partition are more than one record carries.
    #[error(
        "the example touches {count} coordinates of gradients partition {partition}, more than the \
         {MAX_EXAMPLE_COORDINATES_PER_PARTITION} one gradients record carries (features with crosses, times \
         classes and Hedge members; more gradients partitions spread them)"
    )]
    TooManyCoordinates { count: usize, partition: i32 },
}

pub(crate) struct PredictRole {
    predictor: Predictor,
    committer: Committer,
    /// The examples partitions' records, read a batch per call rather than one record per
    /// call through the consumer's own queue (which brings the rebalances).
    examples: BatchQueue<RebalanceFlag>,
}

/// Reads examples, predicts and learns each in the replica, and encodes what a batch sends.
struct Predictor {
    consumer: Arc<BaseConsumer<RebalanceFlag>>,
    replica: Replica<ModelStore>,
    feed: ReplicaFeed,
    topics: Topics,
    /// Read records to their examples' features: the predict thread's, then one per helper
    /// thread (`worker.predict_threads`, `stream::decode`).
    readers: Vec<ExampleReader>,
    loss: Loss,
    /// This worker's scored examples against the best constant prediction.
    divergence: DivergenceWatch,
    max_examples: usize,
    max_wait: Duration,
    max_unconfirmed_examples: usize,
    max_unconfirmed: Duration,
    publish_predictions: bool,
    /// The coordinates an example's step reads, made resident in the replica before it.
    coordinates: Vec<u64>,
    /// Predicts from the replica, takes the configured step and mixes a Hedge.
    learner: ViewLearner,
    /// Copies of `learner` for the other threads that learn a chunk of records at once in
    /// the replica (`worker.predict_threads`, `shared`); empty when the predict thread
    /// learns alone.
    helpers: Vec<ViewLearner>,
    /// Encodes the batch's gradients records.
    writer: GradientWriter,
    /// Whether batches past each partition's per-example prefix go coalesced.
    coalesce: bool,
    /// Where each examples partition's per-example prefix ends, once the owners said.
    resumption: Resumption,
    /// When the current resumption began, for its log lines.
    resumed_at: Instant,
    /// The committed offsets of the current resumption, for the skipped examples' report.
    resumed_from: Vec<(i32, Option<i64>)>,
    /// Reading the examples topic apart from the group (the skipped examples' report).
    config: WorkerConfig,
    /// The batch being learned, if any examples were learned since the last hand-over.
    batch: Option<Batch>,
    /// Records a batch could not take (it was full), the start of the next.
    leftover: Vec<RawRecord>,
    /// Per gradients partition: the figures of a coalesced batch's examples counted there.
    counted: Vec<Progress>,
    /// Examples and dead letters handed to the committer since the role started, for its log.
    handed: Handed,
    /// The hot exchange (`stream::hot`), when on.
    hot: Option<HotExchange>,
    /// `worker.warm_start_examples`.
    warm_start_examples: usize,
    /// While this worker waits for the leading partition's first examples to reach the
    /// owners (`stream::warm_start`).
    warming: Option<Warming>,
}

/// A warm start this worker waits for (`stream::warm_start`).
struct Warming {
    /// The highest offset of the leading examples partition the owners must hold.
    target: i64,
    since: Instant,
}

/// A predict role's side of the hot exchange: when it sends, and where.
struct HotExchange {
    link: HotLink,
    /// `worker.hot_every_examples`: examples of the group between two sendings.
    every_group_examples: usize,
    /// Own records between two sendings: the group's interval times this worker's share of
    /// the examples partitions; `None` while it holds all of them (alone, it has no one to
    /// send to) or none.
    every: Option<usize>,
    /// Records learned since the last sending.
    since: usize,
    /// How far the bias's weight may drift before a sending is due sooner
    /// (`worker.hot_drift` over the loss's largest curvature; `None`: off).
    drift: Option<f64>,
    /// Sendings made due by the drift rather than the interval.
    sent_by_drift: u64,
}

/// What a predict role has handed to its committer, for its log lines.
#[derive(Clone, Copy, Debug, Default)]
struct Handed {
    examples: u64,
    dead_letters: u64,
}

impl PredictRole {
    pub(crate) fn new(config: &WorkerConfig, shutdown: &AtomicBool) -> Result<Self, StreamError> {
        let settings = config.settings()?;
        let topics = config.topics();
        let prefix = &config.model.prefix;
        // Subscribed first, so that the group join runs while the replica loads.
        let consumer: Arc<BaseConsumer<RebalanceFlag>> = Arc::new(
            group_consumer_config(config, &wire::group_id(prefix, "predict"))
                .create_with_context(RebalanceFlag::default())?,
        );
        // Split before any assignment, so that no record reaches the consumer's own queue.
        let partitions: Vec<i32> = (0..config.model.example_partitions).collect();
        let examples =
            BatchQueue::merged(&consumer, &topics.examples, &partitions, config.worker.batch_max_examples)
                .ok_or_else(|| StreamError::Other(format!("no queue for the partitions of {}", topics.examples)))?;
        consumer.subscribe(&[&topics.examples])?;
        let rule = settings.coordinate_rule().with_delay_tolerance(config.model.delay_tolerant);
        let learner = hedge_learner(config, &settings)?;
        let hot = hot_exchange(config, &learner, settings.loss)?;
        let mut replica = Replica::new(rule, config.model.partitions, open_replica_store(config)?);
        if hot.is_some() {
            replica = replica
                .with_hot_exchange(config.worker.hot_coordinates)
                .with_hot_min_updates(config.worker.hot_min_updates)
                .with_hot_min_impact(config.worker.hot_min_impact);
        }
        let feed = ReplicaFeed::load(config, &mut replica, shutdown)?;
        let producer = transactional_producer(
            config,
            &wire::transactional_id(prefix, "predict", &config.worker.id),
            CommitterDeliveries {
                gradients: DeliveredOffsets::new(&topics.gradients),
                dead_letters: DeadLetterDeliveries::new(&topics.dlq),
            },
        )?;
        let message_limit = dead_letter::producer_message_limit(config);
        let committer = Committer { producer, topics: topics.clone(), message_limit };
        let predictor = Predictor {
            consumer,
            replica,
            feed,
            topics,
            readers: vec![
                config
                    .model
                    .example_reader(settings.featurizer().map_err(|e| StreamError::Config(e.to_string()))?)
                    .map_err(|e| StreamError::Config(e.to_string()))?;
                config.worker.predict_threads.max(1)
            ],
            loss: settings.loss,
            divergence: DivergenceWatch::new(settings.loss),
            max_examples: config.worker.batch_max_examples,
            max_wait: Duration::from_millis(config.worker.batch_max_wait_ms),
            max_unconfirmed_examples: config.worker.max_unconfirmed_examples,
            max_unconfirmed: Duration::from_millis(config.worker.max_unconfirmed_ms),
            publish_predictions: config.worker.publish_predictions,
            coordinates: Vec::new(),
            helpers: learning_helpers(&learner, config.worker.predict_threads),
            learner,
            writer: GradientWriter::new(
                config.model.partitions,
                Carried {
                    members: !config.model.learner.hedge.is_empty(),
                    read_sums: config.model.delay_tolerant,
                    gd: config.model.learner.algorithm == crate::learn::Algorithm::Gd,
                },
            ),
            coalesce: coalesces(config),
            resumption: Resumption::on_empty_log(BTreeMap::new()),
            resumed_at: Instant::now(),
            resumed_from: Vec::new(),
            config: config.clone(),
            batch: None,
            leftover: Vec::new(),
            counted: Vec::new(),
            handed: Handed::default(),
            hot,
            warm_start_examples: config.worker.warm_start_examples,
            warming: None,
        };
        Ok(Self { predictor, committer, examples })
    }

    /// Runs until `shutdown` is set; the transaction in flight completes first.
    pub(crate) fn run(self, shutdown: &AtomicBool) -> Result<(), StreamError> {
        let Self { mut predictor, committer, mut examples } = self;
        let (jobs, queued) = sync_channel::<Commit>(0);
        let (done, results) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let thread = std::thread::Builder::new()
                .name("predict-commit".into())
                .spawn_scoped(scope, move || committer.serve(queued, done));
            if let Err(error) = thread {
                return Err(StreamError::Other(format!("starting the predict role's committer: {error}")));
            }
            // The handover owns the only sender: when `run` returns, the committer's loop ends.
            predictor.run(shutdown, Handover::new(jobs, results), &mut examples)
        })
    }
}

/// The learners of the threads besides the predict thread's that learn in its replica: one
/// per thread of `threads` but the first, none for a learner whose copies would not learn
/// as one (a Hedge, VW's rule, a prediction range; those threads then only decode).
fn learning_helpers(learner: &ViewLearner, threads: usize) -> Vec<ViewLearner> {
    if threads <= 1 {
        return Vec::new();
    }
    if !learner.copies_learn_alike() {
        tracing::info!(
            threads,
            "the predict thread learns alone (a Hedge, VW's rule or a prediction range keeps state beyond the \
             coordinates); the other threads decode"
        );
        return Vec::new();
    }
    vec![learner.clone(); threads - 1]
}

/// The hot exchange of `config`, when it is on and other workers' pieces add up to the
/// learner's states (VW's rule, a prediction range and delay-tolerant
/// rates keep state they cannot be added to; a Hedge's members are coordinates of their
/// own, whose states add up), and the topic exists.
fn hot_exchange(config: &WorkerConfig, learner: &ViewLearner, loss: Loss) -> Result<Option<HotExchange>, StreamError> {
    if config.worker.hot_coordinates == 0 {
        return Ok(None);
    }
    if !learner.pieces_add_up() || config.model.delay_tolerant {
        tracing::info!(
            "no hot exchange: with VW's rule, a prediction range or delay-tolerant rates other workers' steps \
             cannot be added to a replica's states"
        );
        return Ok(None);
    }
    Ok(HotLink::open(config)?.map(|link| HotExchange {
        link,
        every_group_examples: config.worker.hot_every_examples,
        every: None,
        since: 0,
        drift: crate::learn::replica::drift_in_weight(config.worker.hot_drift, &loss),
        sent_by_drift: 0,
    }))
}

impl HotExchange {
    /// Sets the interval for an assignment of `assigned` of `partitions` examples partitions,
    /// and reads the other workers' sendings only if there are others to send them.
    fn assigned(&mut self, assigned: usize, partitions: usize) -> Result<(), StreamError> {
        self.every = (assigned > 0 && assigned < partitions)
            .then(|| (self.every_group_examples * assigned / partitions.max(1)).max(1));
        self.link.listen(self.every.is_some())
    }
}

/// Whether a predict role of `config` sends coalesced contributions: delay-tolerant rates
/// need each example's read sums, and expiry each record's event time per coordinate.
fn coalesces(config: &WorkerConfig) -> bool {
    config.worker.coalesce && !config.model.delay_tolerant && config.model.expire_after_ms.is_none()
}

/// The view learner of `settings`; a Hedge continues from the members' cumulative losses on
/// the progress topic, so a restart does not forget which learning rate has done best.
/// (Examples this role scored but whose windows are not yet written are left out: at most
/// the batch in flight.)
fn hedge_learner(config: &WorkerConfig, settings: &crate::model::ModelSettings) -> Result<ViewLearner, StreamError> {
    let mut learner = settings.view_learner().with_read_sums(config.model.delay_tolerant);
    if let Some(hedge) = learner.hedge_mut() {
        let totals = super::admin::read_progress(config)?;
        hedge.restore(HedgeState { cumulative_losses: totals.member_loss_sums.clone(), weight_sum: totals.weight_sum });
        tracing::info!(
            alphas = ?hedge.alphas(),
            progressive_losses = ?totals.member_losses(),
            leader_alpha = hedge.leader_alpha(),
            "Hedge continues from the progress topic"
        );
    }
    Ok(learner)
}
