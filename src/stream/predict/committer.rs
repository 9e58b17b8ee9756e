//! The predict role's committer: sends and commits each batch in one transaction on a
//! thread of its own, while the role learns the next.

use super::gradients::Requirements;
use super::BadRecord;
use crate::config::Topics;
use crate::learn::Progress;
use crate::observe::events::{InternalEvent, TransactionEnded};
use crate::schema::proto::Prediction;
use crate::stream::batch_queue::Record;
use crate::stream::dead_letter::{self, DeadLetter, DeadLetterDeliveries};
use crate::stream::kafka::{send, DeliveredOffsets, RawRecord};
use crate::stream::StreamError;
use prost::Message as _;
use rdkafka::consumer::ConsumerGroupMetadata;
use rdkafka::message::{Header, OwnedHeaders};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer as _};
use rdkafka::TopicPartitionList;
use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, Sender, SyncSender};
use std::time::Instant;

/// What one batch produced, before it is sent.
#[derive(Default)]
pub(super) struct BatchOutput {
    /// Gradients records: (gradients partition, payload), in the order to send.
    pub(super) gradients: Vec<(i32, Vec<u8>)>,
    /// What owners must apply for the batch to count as applied.
    pub(super) requirements: Requirements,
    /// Figures of this batch for the log; the progress topic is written by update roles,
    /// which count each example exactly once.
    pub(super) scored: Progress,
    pub(super) dead_letters: Vec<(RawRecord, BadRecord)>,
    pub(super) predictions: Vec<Prediction>,
    pub(super) next_offsets: BTreeMap<i32, i64>,
    /// Examples partition → the batch's first offset.
    pub(super) first_offsets: BTreeMap<i32, i64>,
    /// The latest event time of its records.
    pub(super) time_ms: Option<i64>,
}

impl BatchOutput {
    /// Counts `record` as consumed by the batch, learned or a dead letter.
    pub(super) fn took(&mut self, record: &Record<'_>) {
        self.next_offsets.insert(record.partition, record.offset + 1);
        self.first_offsets.entry(record.partition).or_insert(record.offset);
        // The batch's event time, which owners expire coordinates by: in the log, so a
        // replay sees the same clock.
        self.time_ms = self.time_ms.max(record.timestamp_ms);
    }
}

/// A batch ready to commit: what it sends and the examples offsets it consumed.
pub(super) struct Commit {
    pub(super) out: BatchOutput,
    pub(super) offsets: TopicPartitionList,
    pub(super) group: ConsumerGroupMetadata,
}

/// Sends and commits batches, one transaction at a time, on a thread of its own: a
/// transaction's round trips (10–60 ms on the test broker) would otherwise leave the
/// predict role idle once a batch. A batch is handed over only after the one before it
/// committed, so at most one is in flight while the next is learned.
pub(super) struct Committer {
    /// Notes the gradients offsets it wrote (where a barrier landed, `Predictor::resume`)
    /// and the dead letters the broker refused.
    pub(super) producer: BaseProducer<CommitterDeliveries>,
    pub(super) topics: Topics,
    /// The largest record the producer sends (`message.max.bytes`): dead letters are cut to it.
    pub(super) message_limit: usize,
}

/// Gradients partition → (first offset, offset after the last) a transaction wrote there.
pub(super) type Delivered = std::collections::HashMap<i32, (i64, i64)>;

/// The committer's delivery reports: where its gradients records landed, and which dead
/// letters the broker refused.
pub(super) struct CommitterDeliveries {
    pub(super) gradients: DeliveredOffsets,
    pub(super) dead_letters: DeadLetterDeliveries,
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
pub(super) struct Handover {
    jobs: SyncSender<Commit>,
    results: Receiver<Result<Delivered, StreamError>>,
    /// Whether a batch is being committed.
    pub(super) in_flight: bool,
}

impl Handover {
    pub(super) fn new(jobs: SyncSender<Commit>, results: Receiver<Result<Delivered, StreamError>>) -> Self {
        Self { jobs, results, in_flight: false }
    }

    /// Waits until the batch in flight, if any, committed; its error ends the role (the
    /// replica holds the batch, and the next: the role starts over rather than learn them twice).
    pub(super) fn wait(&mut self) -> Result<Delivered, StreamError> {
        if std::mem::take(&mut self.in_flight) {
            return self.results.recv().map_err(|_| committer_stopped())?;
        }
        Ok(Delivered::new())
    }

    /// Notes, without waiting, whether the batch in flight has committed; its error ends the
    /// role as in [`Self::wait`].
    pub(super) fn poll(&mut self) -> Result<(), StreamError> {
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
    pub(super) fn hand_over(&mut self, commit: Commit) -> Result<(), StreamError> {
        self.wait()?;
        self.jobs.send(commit).map_err(|_| committer_stopped())?;
        self.in_flight = true;
        Ok(())
    }
}

fn committer_stopped() -> StreamError {
    StreamError::Other("the predict role's committer thread stopped".into())
}

impl Committer {
    /// Commits each batch `queued` brings, in order, and sends back where its gradients
    /// records landed; stops at the first failure (which ends the role) or when the
    /// predictor drops its side.
    pub(super) fn serve(&self, queued: Receiver<Commit>, done: Sender<Result<Delivered, StreamError>>) {
        for commit in queued {
            let committing = Instant::now();
            // A barrier (`Predictor::resume`) consumes no examples: it is no progress.
            let consumed = commit.offsets.count() > 0;
            let result = self.commit(commit).map(|()| self.producer.context().gradients.take());
            let (elapsed, committed) = (committing.elapsed(), result.is_ok());
            TransactionEnded { role: "predict", elapsed, committed, consumed }.emit();
            tracing::debug!(commit_ms = committing.elapsed().as_millis() as u64, "predict batch committed");
            let failed = result.is_err();
            if done.send(result).is_err() || failed {
                break;
            }
        }
    }

    fn commit(&self, Commit { out, offsets, group }: Commit) -> Result<(), StreamError> {
        crate::stream::kafka::begin(&self.producer)?;
        let sent = self.send_all(&out);
        // A barrier consumed nothing.
        let consumed = (offsets.count() > 0).then_some((&offsets, &group));
        let finished = crate::stream::kafka::finish(&self.producer, sent, consumed);
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
                &reason.to_string(),
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
