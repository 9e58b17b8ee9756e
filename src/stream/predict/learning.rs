//! The predict role's batch loop: records are learned as they arrive, in chunks, while the
//! transaction before commits; a batch goes to the committer once the one in flight has
//! committed, coalesced or per example (`stream::resume`), and never past the bounds on
//! what the owners have not confirmed.

use super::committer::{BatchOutput, Commit, Handover};
use super::gradients::{too_many_for_one_record, GradientWriter, Requirements, MAX_COALESCED_COORDINATES};
use super::{BadRecord, Predictor};
use crate::learn::hedge::Hedge;
use crate::learn::replica::Unconfirmed;
use crate::learn::{loss, Feature, Gradient, Loss, Progress};
use crate::observe::events::{
    ExamplesPredicted, HedgeLeaderSampled, HotSampled, InternalEvent, ModelJudged, RecordsConsumed, ViewSampled,
};
use crate::schema::proto::{Outcome, Prediction};
use crate::stream::batch_queue::{BatchQueue, Entry, Record};
use crate::stream::decode::{decode_in_order, Example};
use crate::stream::kafka::{collect, committed_positions, partition_of, seek_partitions, RawRecord, RebalanceFlag};
use crate::stream::resume::commit_metadata;
use crate::stream::StreamError;
use rdkafka::consumer::{Consumer, ConsumerGroupMetadata};
use rdkafka::{Offset, TopicPartitionList};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The examples learned since the last hand-over to the committer: one transaction's worth.
/// Records are learned as they arrive, in chunks, while the transaction before commits.
pub(super) struct Batch {
    pub(super) out: BatchOutput,
    /// Whether it goes coalesced (every record past its partition's per-example prefix).
    pub(super) coalesced: bool,
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

/// Longest the predict role waits for records in one turn, however long a batch may gather
/// (`worker.batch_max_wait_ms`): the consumer's own queue, read between turns, brings the
/// rebalances, and a group waits for its members to take them (with batches gathering for
/// 8 s, two workers never got their examples partitions on the test broker).
const TURN_WAIT: Duration = Duration::from_millis(100);

impl Predictor {
    /// Learns records as they arrive and hands each batch to the committer once the one in
    /// flight has committed (and, with none in flight, once the batch has gathered for
    /// `batch_max_wait_ms`): under load a batch is what arrived during one commit, learned
    /// while it ran, so an example waits about one commit rather than a batch's learning
    /// and a commit. The replica takes the owners' states only between batches (the
    /// differences a batch sends are measured against its states before the batch).
    pub(super) fn run(
        &mut self,
        shutdown: &AtomicBool,
        mut handover: Handover,
        examples: &mut BatchQueue<RebalanceFlag>,
    ) -> Result<(), StreamError> {
        let mut last_report = Instant::now();
        while !shutdown.load(Ordering::Acquire) {
            if crate::stream::stall::restart_requested("predict") {
                return Err(StreamError::OpenTransaction(self.topics.gradients.clone()));
            }
            if self.batch.is_none() {
                self.feed.catch_up(&mut self.replica, Duration::ZERO)?;
                self.receive_hot()?;
                if !self.settle_resumption()? || !self.warmed_up()? || !self.within_bounds()? {
                    self.serve_own_queue(&mut handover)?;
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
                let wait = if stray.is_empty() { wait.min(TURN_WAIT) } else { Duration::ZERO };
                let taken = examples.take(wait, room.saturating_sub(stray.len()));
                (stray, Some(taken))
            };
            if self.consumer.context().take() {
                // The records may mix the old and the new assignment: they are dropped.
                drop(taken);
                self.take_rebalance(&mut handover)?;
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
                    overcounted_states = self.replica.overcounted,
                    unconfirmed_examples = unconfirmed.examples,
                    unconfirmed_ms = unconfirmed.age.as_millis() as u64,
                    hedge_leader_alpha = self.learner.hedge().map(Hedge::leader_alpha),
                    "predict role progress"
                );
                if let (Some(hot), Some(pieces)) = (&self.hot, self.hot_pieces()) {
                    let counts = hot.link.counts;
                    tracing::info!(
                        sending_every = hot.every,
                        records_sent = counts.records_sent,
                        send_failures = counts.send_failures,
                        records_read = counts.records_read,
                        unreadable_records = counts.unreadable_records,
                        repeated_records = counts.repeated_records,
                        age_ms_mean = counts.age_ms_mean(),
                        age_ms_max = counts.age_ms_max,
                        delay_examples_mean = counts.delay_examples_mean(),
                        sendings_by_drift = hot.sent_by_drift,
                        ?pieces,
                        "hot exchange"
                    );
                }
                last_report = Instant::now();
            }
        }
        if let Some(batch) = self.batch.take() {
            self.hand_over(batch, &mut handover)?;
        }
        handover.wait()?;
        let hot = self.hot_pieces().unwrap_or_default();
        tracing::info!(
            examples = self.handed.examples,
            dead_letters = self.handed.dead_letters,
            replica_resident = self.replica.len(),
            merged_owner_states = self.replica.merged,
            deferred_owner_transactions = self.replica.deferred,
            overcounted_states = self.replica.overcounted,
            hot_pieces_sent = hot.sent,
            hot_pieces_taken = hot.taken,
            hot_pieces_confirmed = hot.confirmed,
            hot_pieces_taken_back = hot.taken_back,
            hot_pieces_held = hot.held,
            hot_age_ms_mean = self.hot.as_ref().map(|h| h.link.counts.age_ms_mean()),
            hot_age_ms_max = self.hot.as_ref().map(|h| h.link.counts.age_ms_max),
            hot_delay_examples_mean = self.hot.as_ref().map(|h| h.link.counts.delay_examples_mean()),
            hot_sendings_by_drift = self.hot.as_ref().map(|h| h.sent_by_drift),
            "predict role stopped"
        );
        Ok(())
    }

    /// Reads the consumer's own queue while learning waits (for a resumption, a warm start or
    /// the owners), and takes a rebalance it brings: a group waits for every member to take a
    /// rebalance, and librdkafka leaves the group when its queue goes unread for
    /// `max.poll.interval.ms`. Records that come on it (of a partition beyond
    /// `example_partitions`) wait in `leftover`.
    fn serve_own_queue(&mut self, handover: &mut Handover) -> Result<(), StreamError> {
        let room = self.max_examples.saturating_sub(self.leftover.len()).max(1);
        let stray = collect(&*self.consumer, room, Duration::ZERO);
        self.leftover.extend(stray);
        if self.consumer.context().take() {
            self.take_rebalance(handover)?;
        }
        Ok(())
    }

    /// After a rebalance: records read and not learned are dropped, the batch learned before
    /// it commits, and every assigned partition is read again from its committed offset.
    fn take_rebalance(&mut self, handover: &mut Handover) -> Result<(), StreamError> {
        self.leftover.clear();
        if let Some(batch) = self.batch.take() {
            self.hand_over(batch, handover)?;
        }
        handover.wait()?;
        let committed = committed_positions(&self.consumer)?;
        if let Some(hot) = &mut self.hot {
            let partitions = self.config.model.example_partitions.max(1) as usize;
            hot.assigned(committed.len(), partitions)?;
            self.replica.set_hot_group_share(committed.len() as f64 / partitions as f64);
        }
        self.resume(&committed, handover)?;
        self.begin_warm_start(&committed)?;
        let positions: Vec<(i32, Offset)> = committed.into_iter().map(|(p, o, _)| (p, o)).collect();
        seek_partitions(&self.consumer, &self.topics.examples, &positions)?;
        Ok(())
    }

    /// Encodes what `batch` sends, ends it in the replica and hands it to the committer
    /// (waiting for the batch in flight to commit first).
    fn hand_over(&mut self, batch: Batch, handover: &mut Handover) -> Result<(), StreamError> {
        let sealing = Instant::now();
        let Batch { mut out, coalesced, examples, chunks, since, learning, group, .. } = batch;
        ExamplesPredicted { scored: &out.scored, dead_letters: out.dead_letters.len() }.emit();
        if let Some(judgment) = self.divergence.observe(&out.scored) {
            ModelJudged { judgment }.emit();
        }
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
        if let Some(pieces) = self.hot_pieces() {
            pieces.emit();
        }
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
        // The other workers' pieces keep coming in while this one waits.
        self.receive_hot()?;
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
            self.receive_hot()?;
            // Cut where a hot sending is due, so that it leaves between examples.
            while processed < records.len() {
                let room = self.hot.as_ref().and_then(|hot| hot.every.map(|every| every.saturating_sub(hot.since)));
                let end = room.map_or(records.len(), |room| (processed + room.max(1)).min(records.len()));
                if let Some(hot) = &mut self.hot {
                    // The chunk's start, so that a piece's delay counts only its examples after it.
                    hot.link.learned.learned(0, crate::stream::kafka::now_ms());
                }
                let taken = self.learn_records(&records[processed..end], &mut batch)?;
                processed += taken;
                self.exchange_hot(&batch, taken)?;
                if processed < end {
                    break; // the batch is full
                }
            }
        }
        batch.full = processed < records.len();
        batch.examples += processed;
        batch.chunks += 1;
        batch.learning += learning.elapsed();
        self.batch = Some(batch);
        Ok(processed)
    }

    /// The hot exchange's pieces so far, for the metrics and the log; `None` when it is off.
    fn hot_pieces(&self) -> Option<HotSampled> {
        let hot = self.hot.as_ref()?;
        let (taken, confirmed) = self.replica.hot_counts();
        Some(HotSampled {
            sent: hot.link.counts.pieces_sent,
            taken,
            confirmed,
            refused: self.replica.hot_refused(),
            taken_back: self.replica.hot_superseded(),
            held: self.replica.provisional(),
        })
    }

    /// Takes other workers' hot contributions that have arrived into the replica.
    pub(super) fn receive_hot(&mut self) -> Result<(), StreamError> {
        let Some(hot) = &mut self.hot else {
            return Ok(());
        };
        let replica = &mut self.replica;
        hot.link.receive(|contributions| {
            replica.foreign_contributions(contributions)?;
            Ok(())
        })
    }

    /// After `learned` more records of `batch`: sends this worker's hot contributions when
    /// due, then takes the other workers'.
    fn exchange_hot(&mut self, batch: &Batch, learned: usize) -> Result<(), StreamError> {
        let Some(hot) = &mut self.hot else {
            return Ok(());
        };
        hot.since += learned;
        hot.link.learned.learned(learned, crate::stream::kafka::now_ms());
        let Some(every) = hot.every else {
            if hot.since >= hot.every_group_examples {
                // Alone: nothing to send to, but the replica's pieces are let go all the same.
                hot.since = 0;
                self.replica.hot_contributions(&BTreeMap::new(), &BTreeMap::new());
            }
            return Ok(());
        };
        // Due by the interval, or sooner when the bias moved far in this replica since the
        // last sending (`worker.hot_drift`).
        let drifted = hot.since < every && hot.drift.is_some_and(|drift| self.replica.hot_drift() > drift);
        if hot.since >= every || drifted {
            hot.since = 0;
            hot.sent_by_drift += u64::from(drifted);
            let requirements = if batch.coalesced {
                // A coalesced batch sends every owner partition a record covering all of it.
                let lasts: Vec<(i32, i64)> = batch.out.next_offsets.iter().map(|(p, next)| (*p, next - 1)).collect();
                (0..self.writer.partitions())
                    .flat_map(|partition| lasts.iter().map(move |(origin, last)| ((partition, *origin), *last)))
                    .collect()
            } else {
                self.writer.reached_so_far()
            };
            let contributions = self.replica.hot_contributions(&requirements, &batch.out.first_offsets);
            hot.link.send(&contributions);
        }
        self.receive_hot()
    }

    /// Learns `records` into `batch`; returns how many it took (as [`Self::learn`]).
    fn learn_records(&mut self, records: &[Record<'_>], batch: &mut Batch) -> Result<usize, StreamError> {
        let mut processed = 0;
        if !self.helpers.is_empty() {
            processed = self.learn_shared(records, batch)?;
        } else {
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
                    out.took(record);
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
        Ok(processed)
    }

    /// The gradients records of a batch learned into `out`, and what owners must apply for
    /// it to count as applied.
    fn finish(&mut self, out: &BatchOutput, coalesced: bool) -> (Vec<(i32, Vec<u8>)>, Requirements) {
        let time_ms = out.time_ms.unwrap_or_else(crate::stream::kafka::now_ms);
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
        decoded: Result<(&[Feature], &Example), &BadRecord>,
        out: &mut BatchOutput,
        coalesced: bool,
    ) -> Result<Result<(), BadRecord>, StreamError> {
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
        let learned = Learned {
            record,
            label,
            weight,
            outcome,
            gradients: self.learner.gradients(),
            member_losses: self.learner.member_losses().collect(),
        };
        let sinks = Sinks {
            writer: &mut self.writer,
            counted: &mut self.counted,
            loss: self.loss,
            publish_predictions: self.publish_predictions,
        };
        add_learned(learned, sinks, out, coalesced);
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

/// One example learned: its record, label and weight, and what its step produced.
pub(super) struct Learned<'a> {
    pub(super) record: &'a Record<'a>,
    pub(super) label: f64,
    pub(super) weight: f64,
    pub(super) outcome: loss::Outcome,
    pub(super) gradients: &'a [Gradient],
    /// Each Hedge member's loss (empty without a Hedge).
    pub(super) member_losses: Vec<f64>,
}

/// Where a learned example's figures and gradients go.
pub(super) struct Sinks<'a> {
    pub(super) writer: &'a mut GradientWriter,
    /// Per gradients partition, a coalesced batch's figures (see `Predictor::counted`).
    pub(super) counted: &'a mut [Progress],
    pub(super) loss: Loss,
    pub(super) publish_predictions: bool,
}

/// Adds what `learned` produced to the batch `out`: its figures, and its gradients unless
/// the batch goes `coalesced` (its owners then take the replica's summed changes).
pub(super) fn add_learned(learned: Learned<'_>, sinks: Sinks<'_>, out: &mut BatchOutput, coalesced: bool) {
    let Learned { record, label, weight, outcome, gradients, member_losses } = learned;
    let metric_label = sinks.loss.metric_label(label);
    out.scored.record(outcome.loss, metric_label, outcome.prediction, outcome.score, weight);
    if coalesced {
        // Counted by one owner, as a per-example entry's outcome would be.
        let counting = partition_of(record.partition as u64, sinks.writer.partitions());
        if let Some(counted) = sinks.counted.get_mut(counting as usize) {
            counted.record(outcome.loss, metric_label, outcome.prediction, outcome.score, weight);
            counted.record_members(weight, &member_losses);
        }
    } else {
        let outcome = Outcome {
            loss: outcome.loss,
            label: metric_label,
            prediction: outcome.prediction,
            score: outcome.score,
            weight,
            member_losses,
        };
        sinks.writer.add(record.partition, record.offset, gradients, &outcome);
    }
    if sinks.publish_predictions {
        out.predictions.push(Prediction {
            origin_partition: record.partition,
            origin_offset: record.offset,
            prediction: outcome.prediction,
            label,
        });
    }
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
pub(super) fn last_warning_due(age: Duration) -> bool {
    age.as_millis() % 10_000 < 100
}
