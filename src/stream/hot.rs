//! The hot exchange's transport (issue 30): a predict role sends its own steps of its hottest
//! coordinates to every other predict role through `{prefix}.hot`, and takes theirs into its
//! replica at once, rather than only after the round trip through the owners
//! (`learn::replica`'s hot exchange says what a replica does with them).
//!
//! The topic is written outside transactions (a producer that is not idempotent, a few
//! milliseconds of linger) and read uncommitted from its end: a piece is provisional in
//! every replica that takes it until an owner's published state holds its steps, whoever
//! learned them, so a piece of a batch that aborts, a zombie's or a crashed worker's leaves
//! when the examples' next owner confirms them. A lost record costs only the speed-up: its
//! steps reach every replica through the owners as before. A record read twice is dropped
//! by its sender's sequence number.

use super::codec::HotSendingError;
use super::kafka::{client_config, now_ms, reader_config, serve_events, ReaderConsumer, ReaderContext};
use super::StreamError;
use crate::config::WorkerConfig;
use crate::learn::replica::HotContribution;
use crate::schema::proto::HotSending;
use hashbrown::HashMap;
use prost::Message as _;
use rdkafka::consumer::Consumer;
use rdkafka::error::KafkaError;
use rdkafka::message::Message as _;
use rdkafka::producer::{BaseProducer, BaseRecord, DeliveryResult, Producer as _, ProducerContext};
use rdkafka::{ClientContext, Offset, TopicPartitionList};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Most pieces one record carries (about 40 bytes each): well under the producer's default
/// `message.max.bytes` of 1,000,000.
const MAX_PIECES_PER_RECORD: usize = 16_384;

/// Most records taken from the topic per call, so that a flood cannot stall learning.
const MAX_RECORDS_PER_TAKE: usize = 256;

/// How long the link waits at start for the broker to say whether the topic exists.
const METADATA_TIMEOUT: Duration = Duration::from_secs(10);

/// What a link has done so far, for the log and metrics.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HotCounts {
    pub records_sent: u64,
    pub pieces_sent: u64,
    pub records_read: u64,
    /// Records of this worker's own (its key, or its sender number), read back and left.
    pub own_records: u64,
    /// Records read a second time, by sequence, left.
    pub repeated_records: u64,
    /// Records that could not be read (they are logged).
    pub unreadable_records: u64,
    /// Records the producer could not queue or the broker did not take.
    pub send_failures: u64,
    /// Other workers' records taken, and how old they were then (from the sender's
    /// timestamp, in ms): what the exchange's delivery delay is, which must stay short
    /// against the group's interval between sendings (docs/benchmarks.md, "delivery delay").
    pub records_taken: u64,
    pub age_ms_sum: u64,
    pub age_ms_max: u64,
    /// The examples this worker learned between those records' sending and their taking:
    /// the delay as the learning feels it (the simulation's `--hot-delay` is about the
    /// workers' count times it). Their age in ms overstates it when the worker was not
    /// learning meanwhile (sharing its cores, waiting on its fetch).
    pub delay_examples_sum: u64,
}

impl HotCounts {
    /// The mean age of the records taken, in ms.
    pub(crate) fn age_ms_mean(&self) -> u64 {
        self.age_ms_sum.checked_div(self.records_taken).unwrap_or(0)
    }

    /// The mean number of own examples learned between a record's sending and its taking.
    pub(crate) fn delay_examples_mean(&self) -> u64 {
        self.delay_examples_sum.checked_div(self.records_taken).unwrap_or(0)
    }
}

/// How many examples this worker had learned when: the last few seconds' worth, to count
/// what it learned since a record's timestamp.
#[derive(Debug, Default)]
pub(crate) struct LearnedSince {
    /// (ms since the epoch, examples learned in all by then), in time order.
    marks: VecDeque<(i64, u64)>,
    learned: u64,
}

/// Marks a [`LearnedSince`] keeps: at most one a millisecond, so at least 4 s of them.
const LEARNED_MARKS: usize = 4_096;

impl LearnedSince {
    /// Notes `examples` more learned by `now_ms`.
    pub(crate) fn learned(&mut self, examples: usize, now_ms: i64) {
        self.learned += examples as u64;
        if let Some(last) = self.marks.back_mut().filter(|(ms, _)| *ms == now_ms) {
            last.1 = self.learned;
            return;
        }
        if self.marks.len() == LEARNED_MARKS {
            self.marks.pop_front();
        }
        self.marks.push_back((now_ms, self.learned));
    }

    /// Examples learned after `since_ms`: between the marks around it, those learned in the
    /// part of that stretch after it, taken as learned evenly (the predict role marks the
    /// start and the end of each chunk it learns, so a stretch is a chunk or a wait); from
    /// the oldest mark kept when it is older than them all.
    pub(crate) fn since(&self, since_ms: i64) -> u64 {
        let after = self.marks.partition_point(|(ms, _)| *ms <= since_ms);
        let then = match (after.checked_sub(1).map(|at| self.marks[at]), self.marks.get(after)) {
            (Some((before_ms, before)), Some(&(next_ms, next))) => {
                // The marks are in time order, each at a later millisecond.
                let part = (since_ms - before_ms) as f64 / (next_ms - before_ms) as f64;
                before + ((next - before) as f64 * part) as u64
            }
            (Some((_, before)), None) => before,
            (None, _) => self.marks.front().map_or(self.learned, |(_, learned)| *learned),
        };
        self.learned - then
    }
}

/// Counts the records the broker refused, from librdkafka's delivery thread.
#[derive(Default)]
pub(crate) struct HotDeliveries {
    failed: Arc<AtomicU64>,
}

impl ClientContext for HotDeliveries {}

impl ProducerContext for HotDeliveries {
    type DeliveryOpaque = ();

    fn delivery(&self, result: &DeliveryResult<'_>, _: ()) {
        if let Err((error, _)) = result {
            // Counted and logged at most once per the first and every 1,000th: a broker that
            // refuses the topic would otherwise log every sending.
            let failed = self.failed.fetch_add(1, Ordering::Relaxed);
            if failed.is_multiple_of(1000) {
                tracing::warn!(%error, failed = failed + 1, "a hot sending was not delivered (its steps still reach other workers through the owners)");
            }
        }
    }
}

/// One predict role's end of the hot topic.
pub(crate) struct HotLink {
    topic: String,
    /// Served from [`Self::send`] and [`Self::receive`], which the role calls between
    /// chunks: no polling thread of its own.
    producer: BaseProducer<HotDeliveries>,
    consumer: ReaderConsumer,
    /// The topic's partitions, and whether the consumer reads them ([`Self::listen`]).
    partitions: i32,
    listening: bool,
    worker: String,
    /// This process's random number: its records are left when read back, and a restart's
    /// sequence is not mistaken for a repeat.
    sender: u64,
    sequence: u64,
    /// Per sender: the last sequence number taken.
    last_taken: HashMap<u64, u64>,
    failed: Arc<AtomicU64>,
    pub counts: HotCounts,
    /// This worker's examples learned over time (the predict role notes them).
    pub learned: LearnedSince,
}

impl HotLink {
    /// Opens the link, reading the topic from its end; `None` (said in the log) when the
    /// topic does not exist: the worker learns without the exchange.
    pub(crate) fn open(config: &WorkerConfig) -> Result<Option<Self>, StreamError> {
        let topic = config.topics().hot;
        // A reader like the others, but of records outside transactions. Its fetches wait
        // as theirs do (a waiting fetch is answered as soon as a record comes): at 5 ms,
        // four idle workers' readers took the broker 16% of a core (docs/benchmarks.md).
        let mut reader = reader_config(config);
        reader
            .set("isolation.level", "read_uncommitted")
            .set("enable.partition.eof", "false")
            .set("allow.auto.create.topics", "false")
            // Behind what the topic still holds (a worker stalled for minutes), the pieces
            // skipped were confirmed long ago: go on from the newest.
            .set("auto.offset.reset", "latest")
            .set("fetch.queue.backoff.ms", "5")
            // While the role waits (for the owners, say) nothing is taken: a small queue
            // keeps what librdkafka fetches meanwhile small (pieces that old are covered
            // by the owners' states when read, and left).
            .set("queued.max.messages.kbytes", "8192");
        let consumer: ReaderConsumer = reader.create_with_context(ReaderContext)?;
        let metadata = consumer.fetch_metadata(Some(&topic), METADATA_TIMEOUT)?;
        let partitions = metadata
            .topics()
            .iter()
            .find(|t| t.name() == topic && t.error().is_none())
            .map_or(0, |t| t.partitions().len());
        if partitions == 0 {
            tracing::warn!(
                topic,
                "the hot topic does not exist (`ftrl topics create` makes it): this worker neither sends nor takes \
                 other workers' steps of hot coordinates, and with several workers learns from a staler view"
            );
            return Ok(None);
        }
        let deliveries = HotDeliveries::default();
        let failed = deliveries.failed.clone();
        let producer: BaseProducer<HotDeliveries> = client_config(config)
            // Not idempotent: a record sent twice is dropped by its sequence number, and one
            // overtaken by a later one only costs its speed-up. An idempotent producer keeps
            // at most five requests in flight per partition, and librdkafka's broker thread
            // polls without waiting while more records wait behind them: whenever the broker
            // was slow to answer, that thread spun, in some runs as busy as the predict
            // thread itself.
            .set("enable.idempotence", "false")
            .set("linger.ms", "2")
            .set("compression.type", "none")
            .create_with_context(deliveries)?;
        tracing::info!(topic, partitions, "hot exchange on");
        let mut link = Self {
            topic,
            producer,
            consumer,
            partitions: partitions as i32,
            listening: false,
            worker: config.worker.id.clone(),
            sender: rand::random(),
            sequence: 0,
            last_taken: HashMap::new(),
            failed,
            counts: HotCounts::default(),
            learned: LearnedSince::default(),
        };
        link.listen(true)?;
        Ok(Some(link))
    }

    /// Reads the topic from its end, or stops reading it. A worker that sends nothing (alone
    /// in its group, or without examples partitions) has nothing to take either, and a
    /// reader asking every 5 ms costs the broker all the same: on the test broker, a lone
    /// idle worker's reader took 7–9% of a core. Pieces sent while it was not reading are
    /// skipped, as at the start: they are speed-ups, and the owners bring their steps.
    pub(crate) fn listen(&mut self, on: bool) -> Result<(), StreamError> {
        if on == self.listening {
            return Ok(());
        }
        if on {
            let mut assignment = TopicPartitionList::new();
            for partition in 0..self.partitions {
                assignment.add_partition_offset(&self.topic, partition, Offset::End)?;
            }
            self.consumer.assign(&assignment)?;
            tracing::info!(topic = self.topic, "reading other workers' hot coordinates from the end");
        } else {
            self.consumer.unassign()?;
            tracing::info!(
                topic = self.topic,
                "not reading other workers' hot coordinates: this worker learns all the examples partitions or none"
            );
        }
        self.listening = on;
        Ok(())
    }

    /// Sends `contributions` (as records of at most [`MAX_PIECES_PER_RECORD`] pieces); never
    /// waits: a full producer queue drops the sending, counted.
    pub(crate) fn send(&mut self, contributions: &[HotContribution]) {
        serve_events(&self.producer);
        for part in contributions.chunks(MAX_PIECES_PER_RECORD) {
            self.sequence += 1;
            let payload = HotSending::new(self.sender, self.sequence, &self.worker, part).encode_to_vec();
            let record = BaseRecord::<[u8], [u8]>::to(&self.topic).key(self.worker.as_bytes()).payload(&payload[..]);
            match self.producer.send(record) {
                Ok(()) => {
                    self.counts.records_sent += 1;
                    self.counts.pieces_sent += part.len() as u64;
                }
                Err((error, _)) => {
                    self.counts.send_failures += 1;
                    if self.counts.send_failures % 1000 == 1 {
                        tracing::warn!(%error, failures = self.counts.send_failures, "a hot sending could not be queued");
                    }
                }
            }
        }
        self.counts.send_failures = self.counts.send_failures.max(self.failed.load(Ordering::Relaxed));
    }

    /// Hands the contributions of every other worker's sending that has arrived to `take`, a
    /// sending at a time, without waiting.
    pub(crate) fn receive(
        &mut self,
        mut take: impl FnMut(&[HotContribution]) -> Result<(), StreamError>,
    ) -> Result<(), StreamError> {
        serve_events(&self.producer);
        for _ in 0..MAX_RECORDS_PER_TAKE {
            let message = match self.consumer.poll(Duration::ZERO) {
                None => break,
                Some(Err(KafkaError::PartitionEOF(_))) => continue,
                Some(Err(error)) => {
                    tracing::warn!(%error, topic = self.topic, "hot topic consumer error");
                    break;
                }
                Some(Ok(message)) => message,
            };
            self.counts.records_read += 1;
            // This worker's own records, known by their key without decoding them.
            if message.key() == Some(self.worker.as_bytes()) {
                self.counts.own_records += 1;
                continue;
            }
            let read = read(self.sender, &mut self.last_taken, &mut self.counts, message.payload());
            match read {
                Ok(contributions) if !contributions.is_empty() => {
                    if let Some(sent_ms) = message.timestamp().to_millis() {
                        let age = u64::try_from(now_ms() - sent_ms).unwrap_or(0);
                        self.counts.records_taken += 1;
                        self.counts.age_ms_sum += age;
                        self.counts.age_ms_max = self.counts.age_ms_max.max(age);
                        self.counts.delay_examples_sum += self.learned.since(sent_ms);
                    }
                    take(&contributions)?;
                }
                Ok(_) => {}
                Err(error) => {
                    self.counts.unreadable_records += 1;
                    tracing::warn!(%error, partition = message.partition(), offset = message.offset(), topic = self.topic, "unreadable hot sending left");
                }
            }
        }
        Ok(())
    }
}

/// The contributions of a record to take: none of this process's own (`sender`), or of a
/// record whose sender's sequence was taken already.
fn read(
    sender: u64,
    last_taken: &mut HashMap<u64, u64>,
    counts: &mut HotCounts,
    payload: Option<&[u8]>,
) -> Result<Vec<HotContribution>, HotSendingError> {
    let sending = HotSending::decode(payload.unwrap_or_default())?;
    if sending.sender == sender {
        counts.own_records += 1;
        return Ok(Vec::new());
    }
    let last = last_taken.entry(sending.sender).or_insert(0);
    if sending.sequence <= *last {
        counts.repeated_records += 1;
        return Ok(Vec::new());
    }
    let contributions = sending.contributions()?;
    *last = sending.sequence;
    Ok(contributions)
}

impl Drop for HotLink {
    fn drop(&mut self) {
        // Pieces not yet delivered are worth nothing after the role stops.
        let _ = self.producer.flush(Duration::from_millis(100));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_learned_since_a_moment_count_the_part_of_the_marked_stretch_after_it() {
        let mut learned = LearnedSince::default();
        assert_eq!(learned.since(0), 0, "nothing learned yet");
        learned.learned(100, 10);
        learned.learned(50, 20);
        learned.learned(25, 30);
        assert_eq!(learned.since(20), 25);
        assert_eq!(learned.since(25), 13, "a moment between marks: the part of the stretch after it");
        assert_eq!(learned.since(30), 0);
        assert_eq!(learned.since(10), 75);
        assert_eq!(learned.since(5), 75, "older than every mark: from the oldest kept");
        learned.learned(5, 30);
        assert_eq!(learned.marks.len(), 3, "one mark a millisecond");
        assert_eq!(learned.since(20), 30);
        assert_eq!(learned.since(30), 0);
        // A wait, then a chunk whose start was marked: a moment in the wait counts the whole
        // chunk, one in the chunk the part after it.
        learned.learned(0, 100);
        learned.learned(40, 104);
        assert_eq!(learned.since(60), 40);
        assert_eq!(learned.since(103), 10);
    }

    #[test]
    fn examples_learned_since_keeps_a_bounded_history() {
        let mut learned = LearnedSince::default();
        for ms in 0..(LEARNED_MARKS as i64 * 2) {
            learned.learned(1, ms);
        }
        assert_eq!(learned.marks.len(), LEARNED_MARKS);
        assert_eq!(learned.since(LEARNED_MARKS as i64 * 2 - 11), 10);
    }
}
