//! The predict role: consumes examples in consumer group `{prefix}.predict`, predicts each
//! with the weight view *before* anything learns from it (progressive validation), and
//! routes per-coordinate gradients to the gradients partition that owns each coordinate.
//! Gradients, progress windows, dead letters and the consumed offsets commit in one
//! transaction.

use super::kafka::{
    collect, committed_positions, group_consumer_config, partition_of, seek_partitions, send, transactional_producer,
    RawRecord, RebalanceFlag, TRANSACTION_CALL_TIMEOUT,
};
use super::view::WeightView;
use super::StreamError;
use crate::config::{Topics, WorkerConfig};
use crate::learn::hedge::HedgeState;
use crate::learn::view_learner::ViewLearner;
use crate::learn::{Feature, Loss, Progress};
use crate::schema::featurize::Featurizer;
use crate::schema::proto::{decode_example, ExampleFormat, ExampleGradients, GradientBatch, Outcome, Prediction};
use crate::schema::ExampleBuf;
use prost::Message as _;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::message::{Header, OwnedHeaders};
use rdkafka::producer::{BaseProducer, BaseRecord, DefaultProducerContext, Producer};
use rdkafka::{Offset, TopicPartitionList};
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A batch starts only while fewer than this many committed batches are unapplied: with 1,
/// every batch is predicted with all earlier gradients applied. Without a bound a backlog is
/// predicted entirely with the initial weights and the model overshoots. Measured on 200K
/// generated examples with batches of 500: 1 → 6.2K examples/s, loss +0.0003 over the
/// embedded trainer; 2 → 8.8K/s, +0.0003 (but +0.010 to +0.027 on 20K examples, where the
/// warm-up weighs more); 4 → 10.8K/s, +0.024.
const MAX_BATCHES_AHEAD: usize = 1;

/// Batches grow with the examples scored so far (1/WARM_UP of them, up to the configured
/// maximum): while per-coordinate learning rates are still large, a batch predicted with
/// one set of weights makes every correlated feature chase the same residual at once and
/// the model overshoots; later the rates are small and large batches cost little.
const WARM_UP: u64 = 16;

/// (gradients partition, examples partition) → the highest example offset whose gradients
/// a batch sent there.
type Requirements = BTreeMap<(i32, i32), i64>;

/// What one batch produced, before it is sent.
#[derive(Default)]
struct BatchOutput {
    gradients: Vec<GradientBatch>,
    /// Figures of this batch for the log; the progress topic is written by update roles,
    /// which count each example exactly once.
    scored: Progress,
    dead_letters: Vec<(RawRecord, String)>,
    predictions: Vec<Prediction>,
    next_offsets: BTreeMap<i32, i64>,
}

pub struct PredictRole {
    consumer: BaseConsumer<RebalanceFlag>,
    producer: BaseProducer,
    view: WeightView,
    topics: Topics,
    partitions: i32,
    format: ExampleFormat,
    featurizer: Featurizer,
    loss: Loss,
    max_examples: usize,
    max_wait: Duration,
    publish_predictions: bool,
    example: ExampleBuf,
    features: Vec<Feature>,
    /// Predicts from the view, takes the configured step and mixes a Hedge.
    learner: ViewLearner,
    /// Whether gradients carry the gradient sums they read (delay-tolerant rates).
    delay_tolerant: bool,
    /// Committed batches whose gradients the view has not seen applied yet: what their
    /// owners must apply, when the batch committed, and how many examples it held.
    unapplied: VecDeque<(Requirements, Instant, usize)>,
}

impl PredictRole {
    pub fn new(config: &WorkerConfig) -> Result<Self, StreamError> {
        let settings = config.settings().map_err(StreamError::Config)?;
        let topics = config.topics();
        let prefix = &config.model.prefix;
        let consumer: BaseConsumer<RebalanceFlag> =
            group_consumer_config(config, &format!("{prefix}.predict")).create_with_context(RebalanceFlag::default())?;
        consumer.subscribe(&[&topics.examples])?;
        let producer =
            transactional_producer(config, &format!("{prefix}.predict.{}", config.worker.id), DefaultProducerContext)?;
        Ok(Self {
            consumer,
            producer,
            view: WeightView::follow(config)?,
            topics,
            partitions: config.model.partitions,
            format: config.model.example_format,
            featurizer: settings.featurizer().map_err(|e| StreamError::Config(e.to_string()))?,
            loss: settings.loss,
            max_examples: config.worker.batch_max_examples,
            max_wait: Duration::from_millis(config.worker.batch_max_wait_ms),
            publish_predictions: config.worker.publish_predictions,
            example: ExampleBuf::default(),
            features: Vec::new(),
            learner: hedge_learner(config, &settings)?,
            delay_tolerant: config.model.delay_tolerant,
            unapplied: VecDeque::new(),
        })
    }

    /// Runs until `shutdown` is set; the transaction in flight completes first.
    pub fn run(mut self, shutdown: &AtomicBool) -> Result<(), StreamError> {
        let mut last_report = Instant::now();
        let (mut examples, mut dead) = (0u64, 0u64);
        while !shutdown.load(Ordering::Acquire) {
            self.view.catch_up();
            let waited = Instant::now();
            if !self.wait_for_owners() {
                continue;
            }
            let waited = waited.elapsed();
            let limit = ((examples / WARM_UP) as usize).clamp(1, self.max_examples);
            let records = collect(&self.consumer, limit, self.max_wait);
            if self.consumer.context().take() {
                // The batch may mix records of the old and the new assignment: it is dropped
                // and every assigned partition is read again from its committed offset.
                let committed = committed_positions(&self.consumer)?;
                seek_partitions(&self.consumer, &self.topics.examples, &committed)?;
                continue;
            }
            if records.is_empty() {
                continue;
            }
            crate::observe::metrics().consumed(&self.topics.examples, &records);
            let output = self.process(&records);
            examples += output.scored.count;
            dead += output.dead_letters.len() as u64;
            crate::observe::metrics().predicted([&output.scored], output.dead_letters.len());
            let requirements = requirements(&output);
            let committing = Instant::now();
            let committed = self.commit(output);
            crate::observe::metrics().transaction("predict", committing.elapsed(), committed.is_ok());
            committed?;
            tracing::debug!(
                examples = records.len(),
                waited_ms = waited.as_millis() as u64,
                commit_ms = committing.elapsed().as_millis() as u64,
                "predict batch committed"
            );
            self.unapplied.push_back((requirements, Instant::now(), records.len()));
            let behind = self.unapplied.iter().map(|(_, _, n)| n).sum();
            crate::observe::metrics().view(
                self.view.nonzero_weights(),
                self.view.applied(),
                self.view.staleness_ms(),
                behind,
            );
            if let Some(alpha) = self.learner.leader_alpha() {
                crate::observe::metrics().hedge_leader(alpha);
            }
            if last_report.elapsed() >= Duration::from_secs(10) {
                // Staleness of the weights predictions use: examples predicted whose
                // gradients the view has not seen applied, and how long the oldest has waited.
                let behind: usize = self.unapplied.iter().map(|(_, _, n)| n).sum();
                let behind_ms = self.unapplied.front().map_or(0, |(_, at, _)| at.elapsed().as_millis() as u64);
                tracing::info!(
                    examples,
                    dead_letters = dead,
                    view_weights = self.view.nonzero_weights(),
                    view_deltas_applied = self.view.applied(),
                    view_examples_behind = behind,
                    view_ms_behind = behind_ms,
                    newest_delta_age_ms = self.view.staleness_ms(),
                    hedge_leader_alpha = self.learner.leader_alpha(),
                    "predict role progress"
                );
                last_report = Instant::now();
            }
        }
        tracing::info!(examples, dead_letters = dead, "predict role stopped");
        Ok(())
    }

    /// Waits until at most MAX_BATCHES_AHEAD batches are unapplied; false when it is still
    /// waiting (so the loop can check for shutdown).
    fn wait_for_owners(&mut self) -> bool {
        while self.unapplied.len() >= MAX_BATCHES_AHEAD {
            let Some((oldest, _, _)) = self.unapplied.front() else { break };
            if self.view.wait_applied(oldest, Duration::from_secs(1)) {
                self.unapplied.pop_front();
            } else {
                let waited = self.unapplied.front().map_or(0, |(_, at, _)| at.elapsed().as_secs());
                // Predictions stop while no update role applies gradients (none running, or
                // a partition without an owner): say so rather than stall silently.
                if waited >= 10 && waited.is_multiple_of(10) {
                    tracing::warn!(waited_s = waited, pending = ?oldest, "gradients not applied yet; is an update role running?");
                }
                return false;
            }
        }
        true
    }

    fn process(&mut self, records: &[RawRecord]) -> BatchOutput {
        let mut out = BatchOutput {
            gradients: vec![GradientBatch::default(); self.partitions as usize],
            scored: Progress::new(self.loss.is_binary()),
            ..Default::default()
        };
        for record in records {
            out.next_offsets.insert(record.partition, record.offset + 1);
            if let Err(reason) = self.predict_one(record, &mut out) {
                out.dead_letters.push((record.clone(), reason));
            }
        }
        // The batch's event time, which owners expire coordinates by: in the log, so a
        // replay sees the same clock.
        let time_ms = records.iter().filter_map(|r| r.timestamp_ms).max().unwrap_or_else(super::kafka::now_ms);
        out.gradients.iter_mut().for_each(|batch| batch.time_ms = time_ms);
        out
    }

    /// Predicts one example and adds its gradients and figures to `out`, or says why it is
    /// a dead letter.
    fn predict_one(&mut self, record: &RawRecord, out: &mut BatchOutput) -> Result<(), String> {
        let payload = record.payload.as_deref().ok_or("record has no value")?;
        decode_example(self.format, payload, &mut self.example).map_err(|e| e.to_string())?;
        self.features.clear();
        self.featurizer.featurize(&self.example, &mut self.features).map_err(|e| e.to_string())?;

        let (label, weight) = (self.example.label, self.example.weight);
        let outcome = self.learner.step(&self.view, &self.features, Some(label), weight);
        let metric_label = self.loss.metric_label(label);
        out.scored.record(outcome.loss, metric_label, outcome.prediction, outcome.score, weight);

        let hedge = self.learner.is_hedge();
        for gradient in self.learner.gradients() {
            let batch = &mut out.gradients[partition_of(gradient.coordinate, self.partitions) as usize];
            let entry = entry_for(batch, record);
            entry.coordinates.push(gradient.coordinate);
            entry.gradients.push(gradient.value);
            if hedge {
                entry.members.push(gradient.member);
            }
            if self.delay_tolerant {
                entry.read_sums.push(gradient.read_sum);
            }
        }
        // Exactly one gradients partition counts the example in the progress topic.
        let counting = &mut out.gradients[partition_of(record.partition as u64, self.partitions) as usize];
        entry_for(counting, record).outcome = Some(Outcome {
            loss: outcome.loss,
            label: metric_label,
            prediction: outcome.prediction,
            score: outcome.score,
            weight,
            member_losses: self.learner.member_losses().collect(),
        });
        if self.publish_predictions {
            out.predictions.push(Prediction {
                origin_partition: record.partition,
                origin_offset: record.offset,
                prediction: outcome.prediction,
                label,
            });
        }
        Ok(())
    }

    fn commit(&mut self, out: BatchOutput) -> Result<(), StreamError> {
        super::kafka::retrying(|| self.producer.begin_transaction())?;
        let result = self.send_all(&out);
        if let Err(error) = result {
            let _ = self.producer.abort_transaction(TRANSACTION_CALL_TIMEOUT);
            return Err(error);
        }
        let mut offsets = TopicPartitionList::new();
        for (partition, next) in &out.next_offsets {
            offsets.add_partition_offset(&self.topics.examples, *partition, Offset::Offset(*next))?;
        }
        let group = self.consumer.group_metadata().ok_or(StreamError::NoGroupMetadata)?;
        let t = Instant::now();
        super::kafka::retrying(|| {
            self.producer.send_offsets_to_transaction(&offsets, &group, TRANSACTION_CALL_TIMEOUT)
        })?;
        let offsets_ms = t.elapsed().as_millis();
        super::kafka::commit(&self.producer)?;
        tracing::debug!(offsets_ms, commit_ms = t.elapsed().as_millis() - offsets_ms, "transaction steps");
        Ok(())
    }

    fn send_all(&self, out: &BatchOutput) -> Result<(), StreamError> {
        for (partition, batch) in out.gradients.iter().enumerate() {
            if batch.examples.is_empty() {
                continue;
            }
            let payload = batch.encode_to_vec();
            send(
                &self.producer,
                BaseRecord::to(&self.topics.gradients).partition(partition as i32).payload(&payload[..]),
            )?;
        }
        for (record, reason) in &out.dead_letters {
            tracing::warn!(partition = record.partition, offset = record.offset, %reason, "example sent to the dead-letter topic");
            let (partition, offset) = (record.partition.to_string(), record.offset.to_string());
            let headers = OwnedHeaders::new()
                .insert(Header { key: "ftrl.error", value: Some(reason.as_bytes()) })
                .insert(Header { key: "ftrl.source.topic", value: Some(self.topics.examples.as_bytes()) })
                .insert(Header { key: "ftrl.source.partition", value: Some(partition.as_bytes()) })
                .insert(Header { key: "ftrl.source.offset", value: Some(offset.as_bytes()) });
            let mut dead = BaseRecord::to(&self.topics.dlq).headers(headers);
            if let Some(payload) = &record.payload {
                dead = dead.payload(&payload[..]);
            }
            if let Some(key) = &record.key {
                dead = dead.key(&key[..]);
            }
            send(&self.producer, dead)?;
        }
        for prediction in &out.predictions {
            let key = prediction.origin_partition.to_string();
            let payload = prediction.encode_to_vec();
            send(&self.producer, BaseRecord::to(&self.topics.predictions).key(key.as_bytes()).payload(&payload[..]))?;
        }
        Ok(())
    }
}

/// The view learner of `settings`; a Hedge continues from the members' cumulative losses on
/// the progress topic, so a restart does not forget which learning rate has done best.
/// (Examples this role scored but whose windows are not yet written are left out: at most
/// the batch in flight.)
fn hedge_learner(config: &WorkerConfig, settings: &crate::model::ModelSettings) -> Result<ViewLearner, StreamError> {
    let mut learner = settings.view_learner().with_read_sums(config.model.delay_tolerant);
    if learner.is_hedge() {
        let totals = super::admin::read_progress(config)?;
        learner.restore_hedge(HedgeState {
            cumulative_losses: totals.member_loss_sums.clone(),
            weight_sum: totals.weight_sum,
        });
        tracing::info!(
            alphas = ?learner.alphas(),
            progressive_losses = ?totals.member_losses(),
            leader_alpha = learner.leader_alpha(),
            "Hedge continues from the progress topic"
        );
    }
    Ok(learner)
}

/// The entry of `record`'s example in `batch`, added when it is not the last one yet.
fn entry_for<'a>(batch: &'a mut GradientBatch, record: &RawRecord) -> &'a mut ExampleGradients {
    let fresh = batch
        .examples
        .last()
        .is_none_or(|e| e.origin_partition != record.partition || e.origin_offset != record.offset);
    if fresh {
        batch.examples.push(ExampleGradients {
            origin_partition: record.partition,
            origin_offset: record.offset,
            ..Default::default()
        });
    }
    let last = batch.examples.len() - 1;
    &mut batch.examples[last]
}

/// What the owners must have applied before this batch's gradients count as applied.
fn requirements(out: &BatchOutput) -> Requirements {
    let mut needed = Requirements::new();
    for (partition, batch) in out.gradients.iter().enumerate() {
        for example in &batch.examples {
            let entry = needed.entry((partition as i32, example.origin_partition)).or_insert(-1);
            *entry = (*entry).max(example.origin_offset);
        }
    }
    needed
}
