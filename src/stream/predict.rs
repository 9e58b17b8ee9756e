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

use super::batch_queue::{BatchQueue, Entry, Record};
use super::dead_letter::{self, DeadLetter, DeadLetterDeliveries};
use super::decode::{decode_in_order, Example};
use super::kafka::{
    collect, committed_positions, group_consumer_config, partition_of, seek_partitions, send, transactional_producer,
    DeliveredOffsets, RawRecord, RebalanceFlag, TRANSACTION_CALL_TIMEOUT,
};
use super::replica::{open_replica_store, ReplicaFeed};
use super::resume::{commit_metadata, parse_commit_metadata, Resumed, Resumption};
use super::wire;
use super::StreamError;
use crate::config::{Topics, WorkerConfig};
use crate::learn::hedge::{Hedge, HedgeState};
use crate::learn::replica::{Replica, Unconfirmed};
use crate::learn::{CoordState, Feature, Gradient, Loss, Progress, ViewLearner};
use crate::observe::events::{
    ExamplesPredicted, HedgeLeaderSampled, InternalEvent, RecordsConsumed, TransactionEnded, ViewSampled,
};
use crate::schema::example::ExampleReader;
use crate::schema::proto::{CoalescedContributions, GradientBatch, Outcome, Prediction, ProgressWindow};
use crate::store::ModelStore;
use prost::encoding::{double, encode_key, encode_varint, fixed64, int32, int64, message, uint32, WireType};
use prost::Message as _;
use rdkafka::consumer::{BaseConsumer, Consumer, ConsumerGroupMetadata};
use rdkafka::message::{Header, OwnedHeaders};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer as _};
use rdkafka::{Offset, TopicPartitionList};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one batch produced, before it is sent.
#[derive(Default)]
struct BatchOutput {
    /// Gradients records: (gradients partition, payload), in the order to send.
    gradients: Vec<(i32, Vec<u8>)>,
    /// What owners must apply for the batch to count as applied.
    requirements: Requirements,
    /// Figures of this batch for the log; the progress topic is written by update roles,
    /// which count each example exactly once.
    scored: Progress,
    dead_letters: Vec<(RawRecord, String)>,
    predictions: Vec<Prediction>,
    next_offsets: BTreeMap<i32, i64>,
    /// Examples partition → the batch's first offset.
    first_offsets: BTreeMap<i32, i64>,
    /// The latest event time of its records.
    time_ms: Option<i64>,
}

/// The examples learned since the last hand-over to the committer: one transaction's worth.
/// Records are learned as they arrive, in chunks, while the transaction before commits.
struct Batch {
    out: BatchOutput,
    /// Whether it goes coalesced (every record past its partition's per-example prefix).
    coalesced: bool,
    examples: usize,
    chunks: usize,
    /// When it began to gather: the start of the poll that brought its first records.
    since: Instant,
    /// Time spent learning its chunks.
    learning: Duration,
    /// Whether it takes no more records: a coalesced record or the replica's room for one
    /// batch is full, or the next records must go per example.
    full: bool,
    group: ConsumerGroupMetadata,
}

/// How long the predict role polls for the next chunk while a commit is in flight, so that
/// it hands the batch over soon after the commit ends.
const CHUNK_WAIT: Duration = Duration::from_millis(5);

/// A batch ready to commit: what it sends and the examples offsets it consumed.
struct Commit {
    out: BatchOutput,
    offsets: TopicPartitionList,
    group: ConsumerGroupMetadata,
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
    max_examples: usize,
    max_wait: Duration,
    max_unconfirmed_examples: usize,
    max_unconfirmed: Duration,
    publish_predictions: bool,
    /// The coordinates an example's step reads, made resident in the replica before it.
    coordinates: Vec<u64>,
    /// Predicts from the replica, takes the configured step and mixes a Hedge.
    learner: ViewLearner,
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
}

/// What a predict role has handed to its committer, for its log lines.
#[derive(Clone, Copy, Debug, Default)]
struct Handed {
    examples: u64,
    dead_letters: u64,
}

/// Sends and commits batches, one transaction at a time, on a thread of its own: a
/// transaction's round trips (10–60 ms on the test broker) would otherwise leave the
/// predict role idle once a batch. A batch is handed over only after the one before it
/// committed, so at most one is in flight while the next is learned.
struct Committer {
    /// Notes the gradients offsets it wrote (where a barrier landed, `Predictor::resume`)
    /// and the dead letters the broker refused.
    producer: BaseProducer<CommitterDeliveries>,
    topics: Topics,
    /// The largest record the producer sends (`message.max.bytes`): dead letters are cut to it.
    message_limit: usize,
}

/// Gradients partition → (first offset, offset after the last) a transaction wrote there.
type Delivered = std::collections::HashMap<i32, (i64, i64)>;

/// The committer's delivery reports: where its gradients records landed, and which dead
/// letters the broker refused.
struct CommitterDeliveries {
    gradients: DeliveredOffsets,
    dead_letters: DeadLetterDeliveries,
}

impl rdkafka::ClientContext for CommitterDeliveries {}

impl rdkafka::producer::ProducerContext for CommitterDeliveries {
    type DeliveryOpaque = ();

    fn delivery(&self, result: &rdkafka::producer::DeliveryResult<'_>, _: ()) {
        self.gradients.delivery(result, ());
        self.dead_letters.delivery(result, ());
    }
}

/// The predictor's side of the committer thread.
struct Handover {
    jobs: SyncSender<Commit>,
    results: Receiver<Result<Delivered, StreamError>>,
    in_flight: bool,
}

impl Handover {
    /// Waits until the batch in flight, if any, committed; its error ends the role (the
    /// replica holds the batch, and the next: the role starts over rather than learn them twice).
    fn wait(&mut self) -> Result<Delivered, StreamError> {
        if std::mem::take(&mut self.in_flight) {
            return self.results.recv().map_err(|_| committer_stopped())?;
        }
        Ok(Delivered::new())
    }

    /// Notes, without waiting, whether the batch in flight has committed; its error ends the
    /// role as in [`Self::wait`].
    fn poll(&mut self) -> Result<(), StreamError> {
        if self.in_flight {
            match self.results.try_recv() {
                Ok(result) => {
                    self.in_flight = false;
                    result?;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
                Err(std::sync::mpsc::TryRecvError::Disconnected) => return Err(committer_stopped()),
            }
        }
        Ok(())
    }

    /// Hands `commit` to the committer once the batch before it committed.
    fn hand_over(&mut self, commit: Commit) -> Result<(), StreamError> {
        self.wait()?;
        self.jobs.send(commit).map_err(|_| committer_stopped())?;
        self.in_flight = true;
        Ok(())
    }
}

fn committer_stopped() -> StreamError {
    StreamError::Other("the predict role's committer thread stopped".into())
}

impl PredictRole {
    pub(crate) fn new(config: &WorkerConfig, shutdown: &AtomicBool) -> Result<Self, StreamError> {
        let settings = config.settings().map_err(StreamError::Config)?;
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
        let rule = settings.owner_rule().with_delay_tolerance(config.model.delay_tolerant);
        let mut replica = Replica::new(rule, config.model.partitions, open_replica_store(config)?);
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
            max_examples: config.worker.batch_max_examples,
            max_wait: Duration::from_millis(config.worker.batch_max_wait_ms),
            max_unconfirmed_examples: config.worker.max_unconfirmed_examples,
            max_unconfirmed: Duration::from_millis(config.worker.max_unconfirmed_ms),
            publish_predictions: config.worker.publish_predictions,
            coordinates: Vec::new(),
            learner: hedge_learner(config, &settings)?,
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
        };
        Ok(Self { predictor, committer, examples })
    }

    /// Runs until `shutdown` is set; the transaction in flight completes first.
    pub(crate) fn run(self, shutdown: &AtomicBool) -> Result<(), StreamError> {
        let Self { mut predictor, committer, mut examples } = self;
        let (jobs, queued) = sync_channel::<Commit>(0);
        let (done, results) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let thread = std::thread::Builder::new().name("predict-commit".into()).spawn_scoped(scope, move || {
                for commit in queued {
                    let committing = Instant::now();
                    // A barrier (`Predictor::resume`) consumes no examples: it is no progress.
                    let consumed = commit.offsets.count() > 0;
                    let result = committer.commit(commit).map(|()| committer.producer.context().gradients.take());
                    let (elapsed, committed) = (committing.elapsed(), result.is_ok());
                    TransactionEnded { role: "predict", elapsed, committed, consumed }.emit();
                    tracing::debug!(commit_ms = committing.elapsed().as_millis() as u64, "predict batch committed");
                    let failed = result.is_err();
                    if done.send(result).is_err() || failed {
                        break;
                    }
                }
            });
            if let Err(error) = thread {
                return Err(StreamError::Other(format!("starting the predict role's committer: {error}")));
            }
            // The handover owns the only sender: when `run` returns, the committer's loop ends.
            predictor.run(shutdown, Handover { jobs, results, in_flight: false }, &mut examples)
        })
    }
}

impl Predictor {
    /// Learns records as they arrive and hands each batch to the committer once the one in
    /// flight has committed (and, with none in flight, once the batch has gathered for
    /// `batch_max_wait_ms`): under load a batch is what arrived during one commit, learned
    /// while it ran, so an example waits about one commit rather than a batch's learning
    /// and a commit. The replica takes the owners' states only between batches (the
    /// differences a batch sends are measured against its states before the batch).
    fn run(
        &mut self,
        shutdown: &AtomicBool,
        mut handover: Handover,
        examples: &mut BatchQueue<RebalanceFlag>,
    ) -> Result<(), StreamError> {
        let mut last_report = Instant::now();
        while !shutdown.load(Ordering::Acquire) {
            if super::stall::restart_requested("predict") {
                return Err(StreamError::OpenTransaction(self.topics.gradients.clone()));
            }
            if self.batch.is_none() {
                self.feed.catch_up(&mut self.replica, Duration::ZERO)?;
                if !self.settle_resumption()? || !self.within_bounds()? {
                    continue;
                }
            }
            handover.poll()?;
            let polled_at = Instant::now();
            let (owned, taken) = if self.batch.is_none() && !self.leftover.is_empty() {
                (std::mem::take(&mut self.leftover), None)
            } else {
                let (room, wait) = match &self.batch {
                    None => (self.max_examples, self.max_wait),
                    Some(batch) if handover.in_flight => (self.max_examples - batch.examples, CHUNK_WAIT),
                    Some(batch) => {
                        (self.max_examples - batch.examples, self.max_wait.saturating_sub(batch.since.elapsed()))
                    }
                };
                // The consumer's own queue brings the rebalances, and would bring the records
                // of a partition beyond `example_partitions` (one added to the topic later).
                // Both are read every turn (without waiting when such records came), so that
                // neither starves the other.
                let stray = collect(&*self.consumer, room, Duration::ZERO);
                let wait = if stray.is_empty() { wait } else { Duration::ZERO };
                let taken = examples.take(wait, room.saturating_sub(stray.len()));
                (stray, Some(taken))
            };
            if self.consumer.context().take() {
                // The records may mix the old and the new assignment: they are dropped, the
                // batch learned before them commits, and every assigned partition is read
                // again from its committed offset.
                drop(taken);
                self.leftover.clear();
                if let Some(batch) = self.batch.take() {
                    self.hand_over(batch, &mut handover)?;
                }
                handover.wait()?;
                let committed = committed_positions(&self.consumer)?;
                self.resume(&committed, &mut handover)?;
                let positions: Vec<(i32, Offset)> = committed.into_iter().map(|(p, o, _)| (p, o)).collect();
                seek_partitions(&self.consumer, &self.topics.examples, &positions)?;
                continue;
            }
            let taken_records = taken.iter().flat_map(|taken| taken.entries()).filter_map(|entry| match entry {
                Entry::Record(record) => Some(record),
                Entry::End => None,
                Entry::Error(error) => {
                    // librdkafka retries fetches itself; the error is only reported.
                    tracing::warn!(%error, "consumer error");
                    None
                }
            });
            let records: Vec<Record<'_>> = owned.iter().map(RawRecord::as_record).chain(taken_records).collect();
            if !records.is_empty() {
                let processed = self.learn(&records, polled_at)?;
                let records_consumed = records[..processed].iter().map(|r| (r.partition, r.offset));
                RecordsConsumed { topic: &self.topics.examples, records: records_consumed }.emit();
                if processed < records.len() {
                    self.leftover = records[processed..].iter().map(|record| RawRecord::from(*record)).collect();
                }
            }
            drop(records);
            drop(taken);
            let Some(batch) = &self.batch else {
                self.record_staleness();
                continue;
            };
            let full = batch.full || batch.examples >= self.max_examples;
            if !(full || (!handover.in_flight && batch.since.elapsed() >= self.max_wait)) {
                continue;
            }
            let Some(batch) = self.batch.take() else { continue };
            self.hand_over(batch, &mut handover)?;
            let unconfirmed = self.record_staleness();
            if let Some(alpha) = self.learner.hedge().map(Hedge::leader_alpha) {
                HedgeLeaderSampled { alpha }.emit();
            }
            if last_report.elapsed() >= Duration::from_secs(10) {
                tracing::info!(
                    examples = self.handed.examples,
                    dead_letters = self.handed.dead_letters,
                    replica_resident = self.replica.len(),
                    replica_pending = self.replica.pending(),
                    owner_records = self.feed.taken.records,
                    merged_owner_states = self.replica.merged,
                    deferred_owner_transactions = self.replica.deferred,
                    unconfirmed_examples = unconfirmed.examples,
                    unconfirmed_ms = unconfirmed.age.as_millis() as u64,
                    hedge_leader_alpha = self.learner.hedge().map(Hedge::leader_alpha),
                    "predict role progress"
                );
                last_report = Instant::now();
            }
        }
        if let Some(batch) = self.batch.take() {
            self.hand_over(batch, &mut handover)?;
        }
        handover.wait()?;
        tracing::info!(
            examples = self.handed.examples,
            dead_letters = self.handed.dead_letters,
            replica_resident = self.replica.len(),
            merged_owner_states = self.replica.merged,
            deferred_owner_transactions = self.replica.deferred,
            "predict role stopped"
        );
        Ok(())
    }

    /// Encodes what `batch` sends, ends it in the replica and hands it to the committer
    /// (waiting for the batch in flight to commit first).
    fn hand_over(&mut self, batch: Batch, handover: &mut Handover) -> Result<(), StreamError> {
        let sealing = Instant::now();
        let Batch { mut out, coalesced, examples, chunks, since, learning, group, .. } = batch;
        ExamplesPredicted { scored: &out.scored, dead_letters: out.dead_letters.len() }.emit();
        (out.gradients, out.requirements) = self.finish(&out, coalesced);
        self.replica.seal(out.requirements.clone(), out.first_offsets.clone(), examples)?;
        let offsets = self.consumed_offsets(&out)?;
        let sealed = sealing.elapsed();
        self.handed.examples += out.scored.count;
        self.handed.dead_letters += out.dead_letters.len() as u64;
        handover.hand_over(Commit { out, offsets, group })?;
        tracing::debug!(
            records = examples,
            chunks,
            learn_ms = learning.as_millis() as u64,
            age_ms = since.elapsed().as_millis() as u64,
            seal_ms = sealed.as_millis() as u64,
            wait_ms = (sealing.elapsed() - sealed).as_millis() as u64,
            "predict batch"
        );
        Ok(())
    }

    /// The replica's staleness as the metrics show it: examples learned here that owners
    /// have not applied, and how long the oldest has waited.
    fn record_staleness(&self) -> Unconfirmed {
        let unconfirmed = self.replica.unconfirmed();
        ViewSampled {
            weights: self.replica.len(),
            deltas: self.feed.taken.records,
            staleness_ms: unconfirmed.age.as_millis() as i64,
            examples_behind: Some(unconfirmed.examples),
        }
        .emit();
        unconfirmed
    }

    /// Whether the owners trail within both bounds; otherwise waits a little for them (and
    /// returns false, so the loop can check for shutdown).
    fn within_bounds(&mut self) -> Result<bool, StreamError> {
        let unconfirmed = self.replica.unconfirmed();
        if unconfirmed.examples <= self.max_unconfirmed_examples && unconfirmed.age <= self.max_unconfirmed {
            if WAITING_FOR_OWNERS.swap(false, Ordering::AcqRel) {
                crate::observe::health().unstalled(OWNERS_STALL);
                tracing::info!("the owners applied this worker's gradients; learning goes on");
            }
            return Ok(true);
        }
        self.feed.catch_up(&mut self.replica, Duration::from_millis(100))?;
        self.record_staleness();
        // Past a restore's worth of waiting, the role cannot make progress by itself: not
        // ready, and said at the error level once (ftrl_view_staleness_seconds shows it).
        let stuck_after = (self.max_unconfirmed * 2).max(OWNERS_STUCK_AFTER);
        if unconfirmed.age >= stuck_after && !WAITING_FOR_OWNERS.swap(true, Ordering::AcqRel) {
            let why = format!(
                "the owners to apply this worker's gradients ({} examples unapplied, the oldest for {} s: is an \
                 update role running for every gradients partition? is a transaction left open on the gradients \
                 topic?)",
                unconfirmed.examples,
                unconfirmed.age.as_secs()
            );
            tracing::error!(
                waited_s = unconfirmed.age.as_secs(),
                unconfirmed_examples = unconfirmed.examples,
                "owners have not applied this worker's gradients; the predict role waits for them and is not ready"
            );
            crate::observe::health().stalled(OWNERS_STALL, why);
        }
        let waited = unconfirmed.age.as_secs();
        // Learning stops while no update role applies gradients (none running, or a
        // partition without an owner): say so rather than stall silently.
        if waited >= 10 && last_warning_due(unconfirmed.age) {
            tracing::warn!(
                waited_s = waited,
                unconfirmed_examples = unconfirmed.examples,
                "owners have not applied this worker's gradients; is an update role running?"
            );
        }
        Ok(false)
    }

    /// Notes where this role resumes each assigned partition and how far it must send its
    /// examples one by one (`stream::resume`): up to what the owners hold of the partition,
    /// whatever the committed offset says, and past the attempts the previous committer may
    /// have left (its batch bound from the commit metadata, or the largest allowed when the
    /// broker keeps none, as Tansu). What the owners hold is known once they have applied
    /// everything on the gradients log: this role writes a barrier record (an empty batch)
    /// to every gradients partition, and the bounds are settled when every owner's published
    /// resume offset has passed it. Until then every example goes per example. A gradients
    /// log that has never held a record needs no barrier.
    fn resume(&mut self, committed: &[(i32, Offset, String)], handover: &mut Handover) -> Result<(), StreamError> {
        let mut resumed: BTreeMap<i32, Resumed> = BTreeMap::new();
        for (partition, offset, metadata) in committed {
            let (bound, inherited_through) = parse_commit_metadata(metadata);
            let (low, _) =
                self.consumer.fetch_watermarks(&self.topics.examples, *partition, TRANSACTION_CALL_TIMEOUT)?;
            let (committed, start, bound) = match offset {
                Offset::Offset(offset) => {
                    (Some(*offset), (*offset).max(low), bound.unwrap_or(crate::config::MAX_BATCH_EXAMPLES))
                }
                _ => (None, low, 0),
            };
            let batch_bound = bound.max(self.max_examples);
            resumed.insert(*partition, Resumed { committed, start, batch_bound, inherited_through });
        }
        self.resumed_from = resumed.iter().map(|(p, r)| (*p, r.committed)).collect();
        self.resumed_at = Instant::now();
        self.resumption = if self.gradients_never_written()? {
            Resumption::on_empty_log(resumed)
        } else {
            Resumption::after_barriers(resumed, self.send_barriers(handover)?)
        };
        tracing::info!(
            partitions = ?committed.iter().map(|(partition, offset, _)| (*partition, format!("{offset:?}"))).collect::<Vec<_>>(),
            per_example_through = ?self.resumption.bounds(),
            awaiting_owners_of = ?self.resumption.awaiting().collect::<Vec<_>>(),
            "examples partitions resumed at their committed offsets; learning waits until the owners say how far \
             they hold them"
        );
        Ok(())
    }

    /// Writes and commits an empty gradients batch to every gradients partition; returns
    /// the offset each landed at. Its event time is unset, so that no owner's expiry clock
    /// moves by it.
    fn send_barriers(&mut self, handover: &mut Handover) -> Result<BTreeMap<i32, i64>, StreamError> {
        let barrier = GradientBatch { examples: Vec::new(), time_ms: -1, coalesced: None }.encode_to_vec();
        let out = BatchOutput {
            gradients: (0..self.writer.partitions()).map(|partition| (partition, barrier.clone())).collect(),
            ..Default::default()
        };
        let group = self.consumer.group_metadata().ok_or(StreamError::NoGroupMetadata)?;
        handover.hand_over(Commit { out, offsets: TopicPartitionList::new(), group })?;
        let delivered = handover.wait()?;
        let barriers: BTreeMap<i32, i64> =
            delivered.iter().map(|(partition, (_, after))| (*partition, after - 1)).collect();
        if barriers.len() != self.writer.partitions() as usize {
            return Err(StreamError::Other(format!(
                "the barrier records' offsets came back for gradients partitions {:?} only",
                barriers.keys().collect::<Vec<_>>()
            )));
        }
        Ok(barriers)
    }

    /// Whether the per-example bounds are known; otherwise waits a little for the owners
    /// (and returns false, so the loop can check for shutdown). The role learns nothing
    /// until then (about one owner transaction after a resume): what the owners hold is
    /// then what they held before this session, so that examples skipped are told apart from
    /// its own. Once every owner has applied this role's barrier, fixes the bounds and
    /// reports examples that were never learned: an examples partition whose owners hold
    /// less than what precedes where this role resumed it (offsets reset forward, or deleted
    /// by retention before being learned).
    fn settle_resumption(&mut self) -> Result<bool, StreamError> {
        if !self.resumption.pending() {
            return Ok(true);
        }
        let Some(settled) = self.resumption.settle(&self.feed.taken.owners) else {
            self.feed.catch_up(&mut self.replica, Duration::from_millis(100))?;
            let waited = self.resumed_at.elapsed();
            if waited >= Duration::from_secs(30) && last_warning_due(waited) {
                tracing::warn!(
                    waited_s = waited.as_secs(),
                    gradients_partitions = ?self.resumption.awaiting().collect::<Vec<_>>(),
                    "the owners of these gradients partitions have not applied this worker's barrier yet, and it \
                     learns nothing until they do. Is an update role running for each?"
                );
            }
            return Ok(false);
        };
        tracing::info!(
            seconds = self.resumed_at.elapsed().as_secs_f64(),
            per_example_through = ?settled.iter().map(|s| (s.partition, s.through)).collect::<Vec<_>>(),
            owners_hold = ?settled.iter().map(|s| (s.partition, s.owners_hold)).collect::<Vec<_>>(),
            "per-example bounds known: examples up to these offsets go per example, the rest may coalesce"
        );
        for settled in settled {
            let committed = self.resumed_from.iter().find(|(p, _)| *p == settled.partition).and_then(|(_, c)| *c);
            self.report_skipped(settled.partition, committed, settled.owners_hold)?;
        }
        Ok(true)
    }

    /// Counts and reports the examples of `partition` between what the owners hold and
    /// where this role resumed it, none of which is ever learned.
    fn report_skipped(&mut self, partition: i32, committed: Option<i64>, owners_hold: i64) -> Result<(), StreamError> {
        let (low, _) = self.consumer.fetch_watermarks(&self.topics.examples, partition, TRANSACTION_CALL_TIMEOUT)?;
        let start = committed.unwrap_or(low).max(low);
        let from = owners_hold + 1;
        if start <= from {
            return Ok(());
        }
        // Records, not offsets: transaction markers take offsets too. A record that cannot
        // be read as an example would have been a dead letter, not learned either way.
        let (mut examples, mut unreadable) = (0u64, 0u64);
        let (reader, features) = (&mut self.readers[0], &mut Vec::new());
        let counted =
            super::kafka::read_range(&self.config, &self.topics.examples, partition, from, start, |payload| {
                features.clear();
                match payload.map(|payload| reader.read(payload, features)) {
                    Some(Ok(_)) => examples += 1,
                    _ => unreadable += 1,
                }
            });
        let cause = if committed.is_some_and(|c| c < low) {
            "deleted by retention before they were learned"
        } else if committed.is_some() {
            "the group's offset was moved past them"
        } else {
            "the group had no offset and the earliest kept record is past them"
        };
        match counted {
            // Only dead letters (or transaction markers) there: nothing learnable was skipped.
            Ok(()) if examples == 0 => {}
            Ok(()) => {
                crate::observe::events::ExamplesSkipped { examples }.emit();
                tracing::warn!(
                    partition,
                    first_offset = from,
                    end_offset = start,
                    examples,
                    unreadable,
                    cause,
                    "examples never learned: the owners hold this partition up to first_offset - 1 and this worker \
                     resumed it at end_offset"
                );
            }
            Err(error) => {
                // Deleted records cannot be read: the offsets are all there is to count.
                let examples = (start - from) as u64;
                crate::observe::events::ExamplesSkipped { examples }.emit();
                tracing::warn!(
                    partition,
                    first_offset = from,
                    end_offset = start,
                    offsets = examples,
                    cause,
                    %error,
                    "examples never learned (counted by offset, the records could not be read): the owners hold this \
                     partition up to first_offset - 1 and this worker resumed it at end_offset"
                );
            }
        }
        Ok(())
    }

    /// Whether no gradients partition has ever held a record (its end offset is 0).
    fn gradients_never_written(&self) -> Result<bool, StreamError> {
        for partition in 0..self.writer.partitions() {
            let (_, end) =
                self.consumer.fetch_watermarks(&self.topics.gradients, partition, TRANSACTION_CALL_TIMEOUT)?;
            if end > 0 {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Learns from `records` as part of the current batch (starting one if there is none);
    /// returns how many records it took: fewer than all when the batch is full (a coalesced
    /// record is, or the batch's changes would crowd the replica's cache, or a coalesced
    /// batch meets a record that must go per example). The rest start the next batch.
    fn learn(&mut self, records: &[Record<'_>], polled_at: Instant) -> Result<usize, StreamError> {
        let all_past_prefix = records.iter().all(|r| !self.resumption.per_example(r.partition, r.offset));
        let mut batch = match self.batch.take() {
            Some(batch) => batch,
            None => {
                let coalesced = self.coalesce && all_past_prefix;
                if coalesced {
                    let partitions = self.writer.partitions() as usize;
                    self.counted.clear();
                    self.counted.resize_with(partitions, || Progress::new(self.loss.is_binary()));
                }
                Batch {
                    out: BatchOutput { scored: Progress::new(self.loss.is_binary()), ..Default::default() },
                    coalesced,
                    examples: 0,
                    chunks: 0,
                    since: polled_at,
                    learning: Duration::ZERO,
                    full: false,
                    group: self.consumer.group_metadata().ok_or(StreamError::NoGroupMetadata)?,
                }
            }
        };
        let learning = Instant::now();
        let mut processed = 0;
        if !batch.coalesced || all_past_prefix {
            // Decoded on several threads, learned here in record order.
            let mut readers = std::mem::take(&mut self.readers);
            let learned: Result<(), StreamError> = decode_in_order(&mut readers, records, |block| {
                for (record, decoded) in records[block.first..].iter().zip(&block.records) {
                    if (batch.coalesced && self.replica.most_touched() >= MAX_COALESCED_COORDINATES)
                        || self.replica.crowded()
                    {
                        return Ok(false);
                    }
                    processed += 1;
                    let out = &mut batch.out;
                    out.next_offsets.insert(record.partition, record.offset + 1);
                    out.first_offsets.entry(record.partition).or_insert(record.offset);
                    // The batch's event time, which owners expire coordinates by: in the log,
                    // so a replay sees the same clock.
                    out.time_ms = out.time_ms.max(record.timestamp_ms);
                    let example = decoded.as_ref().map(|example| (block.features(example), example));
                    if let Err(reason) = self.predict_one(record, example, out, batch.coalesced)? {
                        out.dead_letters.push((RawRecord::from(*record), reason));
                    }
                }
                Ok(true)
            });
            self.readers = readers;
            learned?;
        }
        batch.full = processed < records.len();
        batch.examples += processed;
        batch.chunks += 1;
        batch.learning += learning.elapsed();
        self.batch = Some(batch);
        Ok(processed)
    }

    /// The gradients records of a batch learned into `out`, and what owners must apply for
    /// it to count as applied.
    fn finish(&mut self, out: &BatchOutput, coalesced: bool) -> (Vec<(i32, Vec<u8>)>, Requirements) {
        let time_ms = out.time_ms.unwrap_or_else(super::kafka::now_ms);
        if coalesced {
            for (coordinate, member, difference) in self.replica.batch_differences() {
                self.writer.add_difference(coordinate, member, &difference);
            }
            let ranges: BTreeMap<i32, (i64, i64)> = out
                .first_offsets
                .iter()
                .map(|(partition, first)| (*partition, (*first, out.next_offsets[partition] - 1)))
                .collect();
            self.writer.finish_coalesced(time_ms, &ranges, &self.counted)
        } else {
            self.writer.finish(time_ms)
        }
    }

    /// Predicts the example `record` was decoded to (its features and example, or why it is
    /// a dead letter) and adds its gradients (unless the batch goes `coalesced`) and figures
    /// to `out`, or says why it is a dead letter (the inner error); the outer one is the
    /// replica's store failing, which ends the role.
    fn predict_one(
        &mut self,
        record: &Record<'_>,
        decoded: Result<(&[Feature], &Example), &String>,
        out: &mut BatchOutput,
        coalesced: bool,
    ) -> Result<Result<(), String>, StreamError> {
        let (features, &Example { label, weight, .. }) = match decoded {
            Ok(decoded) => decoded,
            Err(reason) => return Ok(Err(reason.clone())),
        };
        self.learner.coordinates(features, &mut self.coordinates);
        if let Some(reason) = too_many_for_one_record(&self.coordinates, self.writer.partitions()) {
            return Ok(Err(reason));
        }
        self.replica.make_resident(&self.coordinates)?;
        let outcome = self.learner.step(&self.replica, features, Some(label), weight);
        self.replica.learn(self.learner.gradients())?;
        let metric_label = self.loss.metric_label(label);
        out.scored.record(outcome.loss, metric_label, outcome.prediction, outcome.score, weight);
        if coalesced {
            // Counted by one owner, as a per-example entry's outcome would be.
            let counting = partition_of(record.partition as u64, self.writer.partitions());
            if let Some(counted) = self.counted.get_mut(counting as usize) {
                counted.record(outcome.loss, metric_label, outcome.prediction, outcome.score, weight);
                counted.record_members(weight, &self.learner.member_losses().collect::<Vec<_>>());
            }
        } else {
            let outcome = Outcome {
                loss: outcome.loss,
                label: metric_label,
                prediction: outcome.prediction,
                score: outcome.score,
                weight,
                member_losses: self.learner.member_losses().collect(),
            };
            self.writer.add(record.partition, record.offset, self.learner.gradients(), &outcome);
        }
        if self.publish_predictions {
            out.predictions.push(Prediction {
                origin_partition: record.partition,
                origin_offset: record.offset,
                prediction: outcome.prediction,
                label,
            });
        }
        Ok(Ok(()))
    }

    /// The examples offsets a batch consumed, with the batch bound (see `resume`).
    fn consumed_offsets(&self, out: &BatchOutput) -> Result<TopicPartitionList, StreamError> {
        let mut offsets = TopicPartitionList::new();
        for (partition, next) in &out.next_offsets {
            offsets.add_partition_offset(&self.topics.examples, *partition, Offset::Offset(*next))?;
            if let Some(mut element) = offsets.find_partition(&self.topics.examples, *partition) {
                element.set_metadata(commit_metadata(self.max_examples, self.resumption.carried(*partition)));
            }
        }
        Ok(offsets)
    }
}

impl Committer {
    fn commit(&self, Commit { out, offsets, group }: Commit) -> Result<(), StreamError> {
        super::kafka::begin(&self.producer)?;
        let sent = self.send_all(&out);
        // A barrier consumed nothing.
        let consumed = (offsets.count() > 0).then_some((&offsets, &group));
        let finished = super::kafka::finish(&self.producer, sent, consumed);
        if finished.is_err() {
            // A dead letter the broker refused aborted the transaction: the next attempt
            // sends less of it, so that it cannot abort every attempt.
            self.producer.context().dead_letters.remember_refusals();
        }
        finished
    }

    fn send_all(&self, out: &BatchOutput) -> Result<(), StreamError> {
        for (partition, payload) in &out.gradients {
            send(&self.producer, BaseRecord::to(&self.topics.gradients).partition(*partition).payload(&payload[..]))?;
        }
        for (record, reason) in &out.dead_letters {
            tracing::warn!(partition = record.partition, offset = record.offset, %reason, "example sent to the dead-letter topic");
            let refused = dead_letter::refusals(record.partition, record.offset);
            let send_one = |letter: &DeadLetter<'_>| {
                let mut headers = OwnedHeaders::new_with_capacity(letter.headers.len());
                for (key, value) in &letter.headers {
                    headers = headers.insert(Header { key, value: Some(value.as_bytes()) });
                }
                let mut dead = BaseRecord::to(&self.topics.dlq).headers(headers);
                if let Some(value) = letter.value {
                    dead = dead.payload(value);
                }
                if let Some(key) = letter.key {
                    dead = dead.key(key);
                }
                send(&self.producer, dead)
            };
            dead_letter::send_dead_letter(
                record,
                reason,
                &self.topics.examples,
                self.message_limit,
                refused,
                send_one,
            )?;
        }
        for prediction in &out.predictions {
            let key = prediction.origin_partition.to_string();
            let payload = prediction.encode_to_vec();
            send(&self.producer, BaseRecord::to(&self.topics.predictions).key(key.as_bytes()).payload(&payload[..]))?;
        }
        Ok(())
    }
}

/// Whether a predict role of `config` sends coalesced contributions: delay-tolerant rates
/// need each example's read sums, and expiry each record's event time per coordinate.
fn coalesces(config: &WorkerConfig) -> bool {
    config.worker.coalesce && !config.model.delay_tolerant && config.model.expire_after_ms.is_none()
}

/// Whether this process's predict role waits for the owners past [`OWNERS_STUCK_AFTER`]
/// (and so reported itself not ready).
static WAITING_FOR_OWNERS: AtomicBool = AtomicBool::new(false);

/// Its `/ready` entry.
const OWNERS_STALL: &str = "owners";

/// Least time the predict role waits for the owners before it reports itself not ready:
/// longer than a rebalance with a restore usually takes.
const OWNERS_STUCK_AFTER: Duration = Duration::from_secs(30);

/// True about once per 10 s of a growing `age` (the wait loop checks every 100 ms).
fn last_warning_due(age: Duration) -> bool {
    age.as_millis() % 10_000 < 100
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

// The gradients records a batch sends.

/// Largest gradients record written: brokers refuse records over `message.max.bytes`
/// (1 MB by default), and a batch of many examples for one partition can be larger.
pub(crate) const MAX_RECORD_BYTES: usize = 512 * 1024;

/// Most coordinates one coalesced record carries: at most about 43 bytes each, so a record
/// stays well below the brokers' default `message.max.bytes` (1 MB) with its progress
/// figures. A predict batch ends early when it has touched this many in one partition.
pub(crate) const MAX_COALESCED_COORDINATES: usize = 12_000;

/// Most coordinates (features × classes × Hedge members) one example may touch in one
/// gradients partition. Its per-example entry cannot be split across records (the owners
/// drop a second record of the same example as a duplicate), and a coalesced batch ends
/// only once it has touched [`MAX_COALESCED_COORDINATES`] in a partition, so one example
/// more must still fit: at most about 37 bytes a coordinate, (12,000 + 8,192) × 37 ≈ 750 KB
/// stays below the producers' default `message.max.bytes` (1,000,000). An example beyond it
/// would make a record no producer sends, abort every attempt at its batch and stop the
/// predict role for good: it is a dead letter instead.
pub(crate) const MAX_EXAMPLE_COORDINATES_PER_PARTITION: usize = 8_192;

/// Why an example's gradients cannot be sent (too many in one gradients partition), if so.
fn too_many_for_one_record(coordinates: &[u64], partitions: i32) -> Option<String> {
    if coordinates.len() <= MAX_EXAMPLE_COORDINATES_PER_PARTITION {
        return None;
    }
    let mut counts: std::collections::HashMap<i32, usize> = std::collections::HashMap::new();
    for coordinate in coordinates {
        *counts.entry(partition_of(*coordinate, partitions)).or_default() += 1;
    }
    let (partition, count) = counts.into_iter().max_by_key(|(partition, count)| (*count, -partition))?;
    (count > MAX_EXAMPLE_COORDINATES_PER_PARTITION).then(|| {
        format!(
            "the example touches {count} coordinates of gradients partition {partition}, more than the \
             {MAX_EXAMPLE_COORDINATES_PER_PARTITION} one gradients record carries (features with crosses, times \
             classes and Hedge members; more gradients partitions spread them)"
        )
    })
}

/// (gradients partition, examples partition) → the highest example offset whose gradients
/// a batch sent there.
pub(crate) type Requirements = BTreeMap<(i32, i32), i64>;

/// What a batch's entries carry besides coordinates and gradients.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Carried {
    /// Each gradient's Hedge member.
    pub members: bool,
    /// Each gradient's read gradient sum (delay-tolerant owners).
    pub read_sums: bool,
    /// Each gradient's feature value and squared gradient (VW's rule).
    pub gd: bool,
}

/// One batch's gradients records being written. Per gradients partition, either
/// `GradientBatch` records of whole examples, written straight into reused byte buffers as
/// the examples are learned (building prost structs first cost an allocation per entry and
/// field, a third of the predict role's time), or one record of the batch's coalesced
/// contributions: each coordinate's summed state change, which are columns and encode as
/// such.
pub(crate) struct GradientWriter {
    partitions: i32,
    carried: Carried,
    /// Per partition: finished records, then the one being filled (without the batch time,
    /// which [`finish`](Self::finish) appends).
    records: Vec<Vec<Vec<u8>>>,
    current: Vec<Vec<u8>>,
    /// Per partition: (examples partition, highest offset) pairs; few per partition.
    reached: Vec<Vec<(i32, i64)>>,
    order: Vec<(i32, u32)>,
    coordinates: Vec<u64>,
    values: Vec<f64>,
    members: Vec<u32>,
    sums: Vec<f64>,
    feature_values: Vec<f64>,
    square_gradients: Vec<f64>,
    body: Vec<u8>,
    /// Per partition: the coalesced contributions being gathered.
    coalesced: Vec<CoalescedContributions>,
}

impl GradientWriter {
    pub(crate) fn new(partitions: i32, carried: Carried) -> Self {
        let slots = partitions.max(1) as usize;
        Self {
            partitions: partitions.max(1),
            carried,
            records: vec![Vec::new(); slots],
            current: vec![Vec::new(); slots],
            reached: vec![Vec::new(); slots],
            order: Vec::new(),
            coordinates: Vec::new(),
            values: Vec::new(),
            members: Vec::new(),
            sums: Vec::new(),
            feature_values: Vec::new(),
            square_gradients: Vec::new(),
            body: Vec::new(),
            coalesced: vec![CoalescedContributions::default(); slots],
        }
    }

    /// Gradients partitions.
    pub(crate) fn partitions(&self) -> i32 {
        self.partitions
    }

    /// Adds how the batch moved `coordinate` (of Hedge member `member`) to its partition's
    /// coalesced record.
    pub(crate) fn add_difference(&mut self, coordinate: u64, member: u32, difference: &CoordState) {
        let record = &mut self.coalesced[partition_of(coordinate, self.partitions) as usize];
        record.coordinates.push(coordinate);
        record.z.push(difference.z);
        record.n.push(difference.n);
        record.updates.push(difference.updates);
        record.gradient_sums.push(difference.sum);
        if self.carried.members {
            record.members.push(member);
        }
    }

    /// The batch's coalesced records: one per gradients partition, each covering `ranges`
    /// (examples partition → first and last offset of the batch) and carrying the figures
    /// `progress` holds for it (indexed by partition), with the batch's event time; and
    /// what owners must apply for the batch to count as applied. Every partition gets one,
    /// so that every owner's watermarks pass the whole batch.
    pub(crate) fn finish_coalesced(
        &mut self,
        time_ms: i64,
        ranges: &BTreeMap<i32, (i64, i64)>,
        progress: &[Progress],
    ) -> (Vec<(i32, Vec<u8>)>, Requirements) {
        let mut out = Vec::with_capacity(self.coalesced.len());
        let mut requirements = Requirements::new();
        for (slot, record) in self.coalesced.iter_mut().enumerate() {
            let mut contributions = std::mem::take(record);
            contributions.origin_partitions = ranges.keys().copied().collect();
            contributions.first_offsets = ranges.values().map(|(first, _)| *first).collect();
            contributions.last_offsets = ranges.values().map(|(_, last)| *last).collect();
            contributions.progress = progress.get(slot).filter(|p| p.count > 0).map(|p| {
                // Which examples it counts, when they come from one partition (as a window
                // of per-example entries says).
                let mut counted =
                    ranges.iter().filter(|(origin, _)| partition_of(**origin as u64, self.partitions) == slot as i32);
                let (origin_partition, first_offset, last_offset) = match (counted.next(), counted.next()) {
                    (Some((origin, (first, last))), None) => (*origin, *first, *last),
                    _ => (-1, -1, -1),
                };
                ProgressWindow { origin_partition, first_offset, last_offset, ..ProgressWindow::from_progress(p) }
            });
            let batch = GradientBatch { examples: Vec::new(), time_ms, coalesced: Some(contributions) };
            out.push((slot as i32, batch.encode_to_vec()));
            for (origin, (_, last)) in ranges {
                requirements.insert((slot as i32, *origin), *last);
            }
        }
        (out, requirements)
    }

    /// Adds example (`origin_partition`, `origin_offset`): one entry per gradients partition
    /// its `gradients` touch, and its `outcome` in the entry of partition `origin_partition`
    /// mod P (that partition's owner counts it, once).
    pub(crate) fn add(&mut self, origin_partition: i32, origin_offset: i64, gradients: &[Gradient], outcome: &Outcome) {
        self.order.clear();
        self.order
            .extend(gradients.iter().enumerate().map(|(i, g)| (partition_of(g.coordinate, self.partitions), i as u32)));
        let counting = partition_of(origin_partition as u64, self.partitions);
        if !self.order.iter().any(|(p, _)| *p == counting) {
            self.order.push((counting, u32::MAX)); // an entry for the outcome alone
        }
        self.order.sort_unstable();
        let mut start = 0;
        while start < self.order.len() {
            let partition = self.order[start].0;
            let end = start + self.order[start..].iter().take_while(|(p, _)| *p == partition).count();
            self.coordinates.clear();
            self.values.clear();
            self.members.clear();
            self.sums.clear();
            self.feature_values.clear();
            self.square_gradients.clear();
            for (_, index) in &self.order[start..end] {
                let Some(g) = gradients.get(*index as usize) else { continue };
                self.coordinates.push(g.coordinate);
                self.values.push(g.value);
                self.members.push(g.member);
                self.sums.push(g.read_sum);
                let (x, square) = g.gd.unwrap_or_default();
                self.feature_values.push(x);
                self.square_gradients.push(square);
            }
            let outcome = (partition == counting).then_some(outcome);
            self.write_entry(partition, origin_partition, origin_offset, outcome);
            start = end;
        }
    }

    fn write_entry(&mut self, partition: i32, origin_partition: i32, origin_offset: i64, outcome: Option<&Outcome>) {
        let body = &mut self.body;
        body.clear();
        int32::encode(1, &origin_partition, body);
        int64::encode(2, &origin_offset, body);
        if !self.coordinates.is_empty() {
            fixed64::encode_packed(3, &self.coordinates, body);
            double::encode_packed(4, &self.values, body);
            if self.carried.members {
                uint32::encode_packed(6, &self.members, body);
            }
            if self.carried.read_sums {
                double::encode_packed(7, &self.sums, body);
            }
            if self.carried.gd {
                double::encode_packed(8, &self.feature_values, body);
                double::encode_packed(9, &self.square_gradients, body);
            }
        }
        if let Some(outcome) = outcome {
            message::encode(5, outcome, body);
        }
        let slot = partition as usize;
        let record = &mut self.current[slot];
        if !record.is_empty() && record.len() + body.len() + 16 > MAX_RECORD_BYTES {
            self.records[slot].push(std::mem::take(record));
        }
        let record = &mut self.current[slot];
        encode_key(1, WireType::LengthDelimited, record);
        encode_varint(body.len() as u64, record);
        record.extend_from_slice(body);
        let reached = &mut self.reached[slot];
        match reached.iter_mut().find(|(origin, _)| *origin == origin_partition) {
            Some((_, offset)) => *offset = (*offset).max(origin_offset),
            None => reached.push((origin_partition, origin_offset)),
        }
    }

    /// The batch's records, (gradients partition, payload) in the order to send, each with
    /// the batch's event time; and what owners must apply for the batch to count as applied.
    /// The writer is then empty, its buffers kept for the next batch.
    pub(crate) fn finish(&mut self, time_ms: i64) -> (Vec<(i32, Vec<u8>)>, Requirements) {
        let mut out = Vec::new();
        let mut requirements = Requirements::new();
        for slot in 0..self.current.len() {
            let current = std::mem::take(&mut self.current[slot]);
            let finished = std::mem::take(&mut self.records[slot]);
            for mut record in finished.into_iter().chain((!current.is_empty()).then_some(current)) {
                int64::encode(2, &time_ms, &mut record);
                out.push((slot as i32, record));
            }
            for (origin, offset) in self.reached[slot].drain(..) {
                requirements.insert((slot as i32, origin), offset);
            }
        }
        (out, requirements)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::proto::{ExampleGradients, GradientBatch};

    fn gradients(i: u64, n: u64) -> Vec<Gradient> {
        (0..n)
            .map(|c| Gradient {
                coordinate: c * 7919 + i * 31,
                value: (c as f64 - 3.0) / 8.0,
                member: (c % 3) as u32,
                read_sum: c as f64,
                gd: None,
            })
            .collect()
    }

    /// The records decode to the entries a batch of prost structs would hold: per partition,
    /// each example's gradients there (and its outcome in partition origin mod P), in order.
    #[test]
    fn records_decode_to_each_examples_entries_per_partition() {
        for carried in [
            Carried { members: false, read_sums: false, gd: false },
            Carried { members: true, read_sums: true, gd: true },
        ] {
            let partitions = 5;
            let mut writer = GradientWriter::new(partitions, carried);
            let mut expected: Vec<Vec<ExampleGradients>> = vec![Vec::new(); partitions as usize];
            let mut expected_requirements = Requirements::new();
            for i in 0..30_000u64 {
                let origin = (i % 3) as i32;
                let offset = (i / 3) as i64;
                let example = gradients(i, 1 + i % 25);
                let outcome = Outcome { loss: i as f64, weight: 1.0, ..Default::default() };
                writer.add(origin, offset, &example, &outcome);
                let counting = partition_of(origin as u64, partitions);
                for p in 0..partitions {
                    let mine: Vec<&Gradient> =
                        example.iter().filter(|g| partition_of(g.coordinate, partitions) == p).collect();
                    if mine.is_empty() && p != counting {
                        continue;
                    }
                    expected[p as usize].push(ExampleGradients {
                        origin_partition: origin,
                        origin_offset: offset,
                        coordinates: mine.iter().map(|g| g.coordinate).collect(),
                        gradients: mine.iter().map(|g| g.value).collect(),
                        outcome: (p == counting).then_some(outcome.clone()),
                        members: if carried.members && !mine.is_empty() {
                            mine.iter().map(|g| g.member).collect()
                        } else {
                            Vec::new()
                        },
                        read_sums: if carried.read_sums && !mine.is_empty() {
                            mine.iter().map(|g| g.read_sum).collect()
                        } else {
                            Vec::new()
                        },
                        feature_values: if carried.gd && !mine.is_empty() {
                            mine.iter().map(|g| g.gd.unwrap_or_default().0).collect()
                        } else {
                            Vec::new()
                        },
                        square_gradients: if carried.gd && !mine.is_empty() {
                            mine.iter().map(|g| g.gd.unwrap_or_default().1).collect()
                        } else {
                            Vec::new()
                        },
                    });
                    expected_requirements.insert((p, origin), offset);
                }
            }
            let (records, requirements) = writer.finish(77);
            assert_eq!(requirements, expected_requirements);
            let mut got: Vec<Vec<ExampleGradients>> = vec![Vec::new(); partitions as usize];
            for (partition, payload) in &records {
                assert!(payload.len() <= MAX_RECORD_BYTES, "{}", payload.len());
                let batch = GradientBatch::decode(&payload[..]).unwrap();
                assert_eq!(batch.time_ms, 77);
                got[*partition as usize].extend(batch.examples);
            }
            assert!(records.len() > partitions as usize, "large partitions are split");
            assert_eq!(got, expected);
            // Emptied for the next batch.
            assert!(writer.finish(1).0.is_empty());
        }
    }

    /// The largest gradients records a batch can make fit the producers' default limit
    /// (1,000,000 bytes, librdkafka counting up to about 100 bytes besides the value): a
    /// coalesced batch that ends one example past its bound, every field at its longest
    /// encoding, and one example's per-example entry at its bound with Hedge members and
    /// read sums.
    #[test]
    fn the_largest_gradients_records_a_batch_can_make_fit_the_producer_limit() {
        let limit = 1_000_000 - 1_000;
        let most = MAX_COALESCED_COORDINATES - 1 + MAX_EXAMPLE_COORDINATES_PER_PARTITION;
        let mut writer = GradientWriter::new(1, Carried { members: true, read_sums: true, gd: false });
        let difference = CoordState { z: -1e300, n: 1e300, updates: 100_000, sum: -1e300, seen: 0 };
        for c in 0..most as u64 {
            writer.add_difference(u64::MAX - c, 1_000, &difference);
        }
        let ranges: BTreeMap<i32, (i64, i64)> = (0..64).map(|e| (e, (i64::MAX / 2, i64::MAX - 1))).collect();
        let mut progress = vec![Progress::new(true)];
        progress[0].record(0.5, 1.0, 0.7, 0.7, 1.0);
        let (records, _) = writer.finish_coalesced(i64::MAX, &ranges, &progress);
        assert_eq!(records.len(), 1);
        assert!(records[0].1.len() <= limit, "coalesced record of {} bytes", records[0].1.len());

        let gradients: Vec<Gradient> = (0..MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64)
            .map(|c| Gradient { coordinate: u64::MAX - c, value: -1e300, member: 1_000, read_sum: 1e300, gd: None })
            .collect();
        let outcome = Outcome { loss: 1.0, weight: 1.0, member_losses: vec![1.0; 16], ..Default::default() };
        writer.add(i32::MAX, i64::MAX, &gradients, &outcome);
        let (records, _) = writer.finish(i64::MAX);
        assert!(
            records.iter().all(|(_, r)| r.len() <= limit),
            "{:?}",
            records.iter().map(|(_, r)| r.len()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn an_example_with_too_many_coordinates_in_one_partition_is_refused_by_name() {
        let at_bound: Vec<u64> = (0..MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64).map(|i| i * 4).collect();
        assert_eq!(too_many_for_one_record(&at_bound, 4), None);
        // Twice as many, spread over two partitions: fine; all in partition 0: refused.
        let spread: Vec<u64> = (0..2 * MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64).map(|i| i * 2).collect();
        assert_eq!(too_many_for_one_record(&spread, 4), None);
        let mut over = at_bound.clone();
        over.push(4 * MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64);
        let reason = too_many_for_one_record(&over, 4).unwrap();
        assert!(reason.contains("8193 coordinates of gradients partition 0"), "{reason}");
    }

    /// A coalesced batch: one record per partition, each with its coordinates' differences
    /// in the order added, every range, and the figures counted there (with their origin
    /// when a single examples partition is counted there).
    #[test]
    fn coalesced_records_carry_each_partitions_differences_ranges_and_figures() {
        let partitions = 3;
        let mut writer = GradientWriter::new(partitions, Carried { members: true, read_sums: false, gd: false });
        let difference =
            |c: u64| CoordState { z: c as f64 / 2.0, n: c as f64, updates: c % 5 + 1, sum: -(c as f64), seen: 0 };
        let coordinates: Vec<u64> = (0..30u64).map(|i| i * 7).collect();
        for c in &coordinates {
            writer.add_difference(*c, (c % 2) as u32, &difference(*c));
        }
        let ranges = BTreeMap::from([(0, (100, 140)), (1, (7, 9)), (3, (50, 50))]);
        let mut progress = vec![Progress::new(true); 3];
        progress[0].record(0.5, 1.0, 0.7, 0.7, 1.0); // examples partitions 0 and 3 count here
        progress[1].record(0.25, 0.0, 0.2, 0.2, 2.0); // partition 1 alone
        let (records, requirements) = writer.finish_coalesced(99, &ranges, &progress);
        assert_eq!(records.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![0, 1, 2]);
        for (partition, payload) in &records {
            let batch = GradientBatch::decode(&payload[..]).unwrap();
            assert_eq!(batch.time_ms, 99);
            assert!(batch.examples.is_empty());
            let c = batch.coalesced.unwrap();
            assert_eq!(
                (c.origin_partitions, c.first_offsets, c.last_offsets),
                (vec![0, 1, 3], vec![100, 7, 50], vec![140, 9, 50])
            );
            let mine: Vec<u64> =
                coordinates.iter().copied().filter(|c| partition_of(*c, partitions) == *partition).collect();
            assert_eq!(c.coordinates, mine);
            assert_eq!(c.z, mine.iter().map(|c| difference(*c).z).collect::<Vec<_>>());
            assert_eq!(c.n, mine.iter().map(|c| difference(*c).n).collect::<Vec<_>>());
            assert_eq!(c.updates, mine.iter().map(|c| difference(*c).updates).collect::<Vec<_>>());
            assert_eq!(c.gradient_sums, mine.iter().map(|c| difference(*c).sum).collect::<Vec<_>>());
            assert_eq!(c.members, mine.iter().map(|c| (c % 2) as u32).collect::<Vec<_>>());
            let figures = c.progress.map(|w| (w.count, w.origin_partition, w.first_offset, w.last_offset));
            let expected = [Some((1, -1, -1, -1)), Some((1, 1, 7, 9)), None];
            assert_eq!(figures, expected[*partition as usize], "partition {partition}");
        }
        let mut expected_requirements = Requirements::new();
        for g in 0..partitions {
            for (e, (_, last)) in &ranges {
                expected_requirements.insert((g, *e), *last);
            }
        }
        assert_eq!(requirements, expected_requirements);
        // Emptied for the next batch.
        let (again, _) = writer.finish_coalesced(1, &BTreeMap::new(), &[]);
        for (_, payload) in again {
            assert!(GradientBatch::decode(&payload[..]).unwrap().coalesced.unwrap().coordinates.is_empty());
        }
    }
}
