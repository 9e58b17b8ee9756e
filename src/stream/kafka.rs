//! Kafka clients as the worker uses them: configuration shared by every client, a consumer
//! context that reports rebalances to the role loop, and transactional sends.

use super::batch_queue::{BatchQueue, Entry, Record};
use super::{wire, StreamError};
use crate::config::WorkerConfig;
use crate::observe::events::{InternalEvent, PartitionsAssigned};
use rdkafka::consumer::{BaseConsumer, ConsumerContext, ConsumerGroupMetadata, Rebalance};
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::producer::{BaseProducer, BaseRecord, DeliveryResult, Producer, ProducerContext};
use rdkafka::{ClientConfig, ClientContext, Message, TopicPartitionList};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a transactional call may block before the worker gives up on it.
pub(crate) const TRANSACTION_CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a fetch may wait on the broker for data (`kafka.librdkafka_options` may say
/// otherwise). The stream's round trip (predict → update → view) crosses three consumers, and
/// some brokers answer a waiting fetch late, so librdkafka's 500 ms default would dominate
/// the latency. Shorter costs the broker: on the test broker an idle consumer at 10 ms took
/// about a tenth of a core, at 50 ms a thirtieth, and a record produced to a waiting
/// consumer arrived after 4 ms at 10 ms and after 6 ms (p50; 13 ms max) at 50 ms.
const FETCH_WAIT_MAX_MS: &str = "50";

/// Settings common to every client: the servers, then the user's pass-through options
/// (security settings included), which the worker-managed keys below then override.
pub(crate) fn client_config(config: &WorkerConfig) -> ClientConfig {
    let mut client = ClientConfig::new();
    for (key, value) in &config.kafka.librdkafka_options {
        client.set(key, value);
    }
    client.set("bootstrap.servers", &config.kafka.bootstrap_servers);
    client
}

/// A consumer in group `group` that commits only through transactions and reads only
/// committed records.
pub fn group_consumer_config(config: &WorkerConfig, group: &str) -> ClientConfig {
    let mut client = client_config(config);
    let session = config.kafka.session_timeout_ms;
    client
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .set("isolation.level", "read_committed")
        .set("auto.offset.reset", "earliest")
        .set("session.timeout.ms", session.to_string())
        .set("heartbeat.interval.ms", (session / 4).max(100).to_string())
        .set("max.poll.interval.ms", config.kafka.rebalance_timeout_ms.max(session).to_string());
    set_default(&mut client, "fetch.wait.max.ms", FETCH_WAIT_MAX_MS);
    with_large_fetches(&mut client);
    with_statistics(&mut client, config);
    client
}

/// Fetches sized for reading a backlog as fast as the broker serves it: up to 64 MiB per
/// fetch response and 16 MiB per partition in it (librdkafka: 50 MiB and 1 MiB). A 1 MiB
/// fetch of one partition carries a few thousand examples, so on a busy broker round trips,
/// not bytes, would bound the rate. Fetching again 10 ms
/// after a full queue has room, not librdkafka's 1 s. Settings the user gives in
/// `kafka.librdkafka_options` win.
pub(crate) fn with_large_fetches(client: &mut ClientConfig) {
    for (key, value) in [
        ("fetch.max.bytes", (64 << 20).to_string()),
        ("max.partition.fetch.bytes", (16 << 20).to_string()),
        ("fetch.queue.backoff.ms", "10".to_string()),
    ] {
        set_default(client, key, &value);
    }
}

/// Statistics from a consumer that reads committed records, for the watch on transactions
/// left open (`stall`): each fetched partition's last stable offset and high watermark. Only
/// for consumers polled all along (statistics wait in the consumer's queue until polled).
pub(crate) fn with_statistics(client: &mut ClientConfig, config: &WorkerConfig) {
    let interval = super::stall::statistics_interval(config);
    set_default(client, "statistics.interval.ms", &interval.as_millis().to_string());
}

/// Sets `key` unless the user's `kafka.librdkafka_options` already did.
fn set_default(client: &mut ClientConfig, key: &str, value: &str) {
    if client.get(key).is_none() {
        client.set(key, value);
    }
}

/// A consumer without a group that reads assigned partitions to their end (the weight
/// view, restores, dumps): `enable.partition.eof` tells when a partition is caught up,
/// which does not depend on offset queries (wrong on some brokers).
pub(crate) fn reader_config(config: &WorkerConfig) -> ClientConfig {
    let mut client = client_config(config);
    client
        .set("group.id", wire::group_id(&config.model.prefix, "reader"))
        .set("enable.auto.commit", "false")
        .set("isolation.level", "read_committed")
        .set("auto.offset.reset", "earliest")
        .set("enable.partition.eof", "true");
    set_default(&mut client, "fetch.wait.max.ms", FETCH_WAIT_MAX_MS);
    client
}

/// A transactional producer; `transactional_id` must be stable per worker and role so that
/// a restarted worker fences its own zombie.
pub(crate) fn transactional_producer<C: ProducerContext>(
    config: &WorkerConfig,
    transactional_id: &str,
    context: C,
) -> Result<BaseProducer<C>, KafkaError> {
    let mut client = client_config(config);
    client
        .set("transactional.id", transactional_id)
        .set("enable.idempotence", "true")
        .set("transaction.timeout.ms", config.kafka.transaction_timeout_ms.to_string())
        .set("linger.ms", "5")
        // Right after a commit, coordinators answer the next transaction's first request
        // with "concurrent transactions" for a moment; librdkafka's 100 ms back-off then
        // becomes the floor of every transaction's latency.
        .set("retry.backoff.ms", "5")
        .set("retry.backoff.max.ms", "50");
    let producer: BaseProducer<C> = client.create_with_context(context)?;
    producer.init_transactions(TRANSACTION_CALL_TIMEOUT)?;
    Ok(producer)
}

/// Remembers, per partition of one topic, the offsets of the records delivered since the
/// last `take`: where this producer's writes began and ended.
pub(crate) struct DeliveredOffsets {
    topic: String,
    /// Partition → (first offset, offset after the last).
    delivered: Mutex<HashMap<i32, (i64, i64)>>,
}

impl DeliveredOffsets {
    pub(crate) fn new(topic: &str) -> Self {
        Self { topic: topic.to_string(), delivered: Mutex::new(HashMap::new()) }
    }

    /// The (first offset, offset after the last) delivered to each partition since the last
    /// call.
    pub(crate) fn take(&self) -> HashMap<i32, (i64, i64)> {
        self.delivered.lock().map(|mut delivered| std::mem::take(&mut *delivered)).unwrap_or_default()
    }
}

impl ClientContext for DeliveredOffsets {}

impl ProducerContext for DeliveredOffsets {
    type DeliveryOpaque = ();

    fn delivery(&self, result: &DeliveryResult<'_>, _: ()) {
        if let Ok(message) = result {
            if message.topic() == self.topic && message.offset() >= 0 {
                if let Ok(mut delivered) = self.delivered.lock() {
                    let offset = message.offset();
                    let entry = delivered.entry(message.partition()).or_insert((offset, offset + 1));
                    *entry = (entry.0.min(offset), entry.1.max(offset + 1));
                }
            }
        }
    }
}

/// How long a wait for the producer sleeps between serving its events. rust-rdkafka's
/// `poll(timeout)` runs until the whole timeout has passed even when an event came at once,
/// and spins through any part of it under a millisecond (it rounds the wait down to whole
/// milliseconds): its waits, and `flush`'s 100 ms steps, cost either latency or a core.
const PRODUCER_WAIT_STEP: Duration = Duration::from_micros(250);

/// Serves the producer's pending events (delivery reports, errors) without blocking. Each
/// served event lowers the outstanding count, which counts unserved events too. A producer
/// served so from its user's loop needs no polling thread (rust-rdkafka's
/// `ThreadedProducer` spins through the last millisecond of every 100 ms poll, about 1% of
/// a core each).
pub(crate) fn serve_events<C: ProducerContext>(producer: &BaseProducer<C>) {
    loop {
        let before = producer.in_flight_count();
        producer.poll(Duration::ZERO);
        if producer.in_flight_count() >= before {
            return;
        }
    }
}

/// Serves the producer's events until every record sent has its delivery report, or
/// `timeout` passed. Unlike `flush`, it notices the last report within a fraction of a
/// millisecond ([`PRODUCER_WAIT_STEP`]).
pub(crate) fn wait_for_deliveries<C: ProducerContext>(producer: &BaseProducer<C>, timeout: Duration) {
    let deadline = std::time::Instant::now() + timeout;
    loop {
        serve_events(producer);
        if producer.in_flight_count() == 0 || std::time::Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(PRODUCER_WAIT_STEP);
    }
}

/// Sends a record, waiting for room when the local queue is full.
pub(crate) fn send<C: ProducerContext<DeliveryOpaque = ()>>(
    producer: &BaseProducer<C>,
    mut record: BaseRecord<'_, [u8], [u8]>,
) -> Result<(), KafkaError> {
    loop {
        match producer.send(record) {
            Ok(()) => return Ok(()),
            Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), returned)) => {
                serve_events(producer);
                std::thread::sleep(PRODUCER_WAIT_STEP);
                record = returned;
            }
            Err((error, _)) => return Err(error),
        }
    }
}

/// Begins a transaction; [`finish`] ends it. Every transaction of both roles goes through
/// these two, so they share one order of steps and one rule for failures.
pub(crate) fn begin<C: ProducerContext>(producer: &BaseProducer<C>) -> Result<(), KafkaError> {
    retrying(|| producer.begin_transaction())
}

/// Ends the transaction [`begin`] opened, given how sending its records went. A failed send
/// aborts it and returns the error: the role then ends and its successor restores, so
/// nothing of a half-sent transaction is ever committed. Otherwise the `consumed` offsets
/// (none for a transaction that consumed nothing) join the transaction in their group, and
/// it commits.
pub(crate) fn finish<C: ProducerContext>(
    producer: &BaseProducer<C>,
    sent: Result<(), StreamError>,
    consumed: Option<(&TopicPartitionList, &ConsumerGroupMetadata)>,
) -> Result<(), StreamError> {
    finish_if(producer, sent, consumed, || Ok(()))
}

/// [`finish`], asking `may_commit` last, right before the commit: an error there aborts
/// the transaction and is returned (the update role's [`super::freeze::Lease`]).
pub(crate) fn finish_if<C: ProducerContext>(
    producer: &BaseProducer<C>,
    sent: Result<(), StreamError>,
    consumed: Option<(&TopicPartitionList, &ConsumerGroupMetadata)>,
    may_commit: impl Fn() -> Result<(), StreamError>,
) -> Result<(), StreamError> {
    if let Err(error) = sent {
        let _ = producer.abort_transaction(TRANSACTION_CALL_TIMEOUT);
        return Err(error);
    }
    let started = std::time::Instant::now();
    if let Some((offsets, group)) = consumed {
        retrying(|| producer.send_offsets_to_transaction(offsets, group, TRANSACTION_CALL_TIMEOUT))?;
    }
    let offsets_ms = started.elapsed().as_millis();
    commit(producer, may_commit)?;
    tracing::trace!(offsets_ms, commit_ms = started.elapsed().as_millis() - offsets_ms, "transaction committed");
    Ok(())
}

/// Commits the open transaction. The outstanding records are flushed here first: librdkafka
/// counts a record as outstanding until its delivery report is served, which only the
/// application's polling does, so its commit would otherwise wait for the whole timeout.
fn commit<C: ProducerContext>(
    producer: &BaseProducer<C>,
    may_commit: impl Fn() -> Result<(), StreamError>,
) -> Result<(), StreamError> {
    wait_for_deliveries(producer, TRANSACTION_CALL_TIMEOUT);
    if let Err(error) = may_commit() {
        let _ = producer.abort_transaction(TRANSACTION_CALL_TIMEOUT);
        return Err(error);
    }
    Ok(retrying(|| producer.commit_transaction(TRANSACTION_CALL_TIMEOUT))?)
}

/// Calls a transactional operation again while it fails with an error librdkafka marks
/// retriable (a coordinator moving or briefly unavailable), for up to the call timeout.
pub(crate) fn retrying<T>(mut call: impl FnMut() -> Result<T, KafkaError>) -> Result<T, KafkaError> {
    let deadline = std::time::Instant::now() + TRANSACTION_CALL_TIMEOUT;
    loop {
        match call() {
            Err(KafkaError::Transaction(error)) if error.is_retriable() && std::time::Instant::now() < deadline => {
                tracing::warn!(%error, "transactional call failed; retrying");
                std::thread::sleep(Duration::from_millis(100));
            }
            result => return result,
        }
    }
}

/// Context of the consumers that read partitions to their end: librdkafka also reports each
/// end of partition through the error callback, which is expected there, not an error.
pub(crate) struct ReaderContext;

impl ClientContext for ReaderContext {
    fn stats_raw(&self, statistics: &[u8]) {
        super::stall::statistics(statistics);
    }

    fn error(&self, error: KafkaError, reason: &str) {
        let end_of_partition =
            matches!(error, KafkaError::PartitionEOF(_) | KafkaError::Global(RDKafkaErrorCode::PartitionEOF));
        if end_of_partition {
            tracing::trace!(reason, "end of partition");
        } else {
            tracing::error!(%error, reason, "librdkafka error");
        }
    }
}

impl ConsumerContext for ReaderContext {}

/// A consumer without a group reading assigned partitions (see `reader_config`).
pub(crate) type ReaderConsumer = BaseConsumer<ReaderContext>;

pub(crate) fn reader(config: &WorkerConfig) -> Result<ReaderConsumer, KafkaError> {
    reader_config(config).create_with_context(ReaderContext)
}

/// How long the deltas follower waits on one empty partition queue before it looks at the
/// next (and at the clock), while a caller is willing to wait.
const DELTAS_WAIT: Duration = Duration::from_millis(2);

/// Records the deltas follower takes from one partition queue per call.
const DELTAS_ROUND: usize = 4096;

/// Follows every partition of the deltas topic, each from a queue of its own read many
/// records a call ([`BatchQueue`]): the replica's and the weight view's source. Loading
/// reads the whole topic at start-up (every uncompacted record of it on a broker that does
/// not compact), so the rate of that read is most of a restart: record by record through
/// rust-rdkafka's `poll`, two clock reads and a lock per record took a quarter of it.
pub(crate) struct DeltasFollower {
    queues: Vec<BatchQueue<ReaderContext>>,
    consumer: std::sync::Arc<ReaderConsumer>,
    what: &'static str,
}

impl DeltasFollower {
    /// Assigns every partition of the deltas topic from its first offset and reads each to
    /// its current end (records go to `visit`): whoever follows never starts from a partly
    /// loaded model. Stops early when `shutdown` is set; fails after `timeout`, naming `what`.
    pub(crate) fn load(
        config: &WorkerConfig,
        what: &'static str,
        timeout: Duration,
        shutdown: &AtomicBool,
        mut visit: impl FnMut(Record<'_>),
    ) -> Result<Self, StreamError> {
        let mut client = reader_config(config);
        with_large_fetches(&mut client);
        with_statistics(&mut client, config);
        let consumer = std::sync::Arc::new(client.create_with_context::<_, ReaderConsumer>(ReaderContext)?);
        let partitions: Vec<i32> = (0..config.model.partitions).collect();
        let queues = assign_split_queues(&consumer, &config.topics().deltas, &partitions, DELTAS_ROUND)?;
        let mut follower = Self { queues, consumer, what };
        let started = std::time::Instant::now();
        let mut pending: std::collections::BTreeSet<i32> = partitions.into_iter().collect();
        while !pending.is_empty() && !shutdown.load(Ordering::Acquire) {
            if super::stopping() {
                return Err(StreamError::Stopped);
            }
            if started.elapsed() > timeout {
                return Err(StreamError::State(format!("loading {what}: partitions {pending:?} never ended")));
            }
            follower.poll(DELTAS_WAIT, |partition, entry| match entry {
                Entry::Record(record) => visit(record),
                Entry::End => {
                    pending.remove(&partition);
                }
                Entry::Error(_) => {}
            });
        }
        Ok(follower)
    }

    /// Whether this follower has read every partition to the end the broker reports now:
    /// its position (past the records it took) at or beyond each partition's high watermark.
    /// `Err` when the broker cannot say within `timeout`.
    pub(crate) fn at_end(&self, timeout: Duration) -> Result<bool, KafkaError> {
        use rdkafka::consumer::Consumer as _;
        let positions = self.consumer.position()?;
        for element in positions.elements() {
            let (low, high) = self.consumer.fetch_watermarks(element.topic(), element.partition(), timeout)?;
            // No position yet: nothing taken there, which is the end only of an empty partition.
            let position = match element.offset() {
                rdkafka::Offset::Offset(offset) => offset,
                _ => low,
            };
            if position < high {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Hands every record that has arrived to `visit`, waiting up to `wait` for the first.
    pub(crate) fn take(&mut self, wait: Duration, mut visit: impl FnMut(Record<'_>)) {
        self.poll(wait, |_, entry| {
            if let Entry::Record(record) = entry {
                visit(record);
            }
        });
    }

    /// Looks at every partition queue, taking all it holds, and again, each look waiting a
    /// little, until some entry came or `wait` passed; entries go to `visit` with their
    /// partition. Errors are also logged here.
    fn poll(&mut self, wait: Duration, mut visit: impl FnMut(i32, Entry<'_>)) {
        let deadline = std::time::Instant::now() + wait;
        let what = self.what;
        let mut step = Duration::ZERO;
        loop {
            let mut entries = 0;
            for queue in &mut self.queues {
                let partition = queue.partition();
                loop {
                    let taken = queue.poll(step, DELTAS_ROUND, |entry| {
                        if let Entry::Error(error) = &entry {
                            tracing::warn!(%error, what, partition, "deltas consumer error");
                        }
                        visit(partition, entry)
                    });
                    entries += taken;
                    if taken < DELTAS_ROUND {
                        break;
                    }
                }
            }
            // The consumer's own queue carries errors and logs only, and must be served.
            if let Some(Err(error)) = self.consumer.poll(Duration::ZERO) {
                if !matches!(error, KafkaError::PartitionEOF(_)) {
                    tracing::warn!(%error, what, "deltas consumer error");
                }
            }
            let now = std::time::Instant::now();
            if entries > 0 || now >= deadline {
                return;
            }
            step = DELTAS_WAIT.min(deadline - now);
        }
    }
}

/// Gives each of `partitions` of `topic` a queue of its own in `consumer` (in that order,
/// each holding up to `batch` records a call), then assigns them all from their first
/// offsets. The queues are split off before the assignment starts any fetch: a split queue
/// stays split (librdkafka does not forward a queue the application forwarded), and no
/// record can reach the consumer's main queue first.
pub(crate) fn assign_split_queues(
    consumer: &std::sync::Arc<ReaderConsumer>,
    topic: &str,
    partitions: &[i32],
    batch: usize,
) -> Result<Vec<BatchQueue<ReaderContext>>, StreamError> {
    // Offset 0 rather than `Beginning`: no offset query first (it delayed the first fetch
    // by half a second on the test broker); where 0 is gone, `auto.offset.reset`
    // (earliest) starts at the first offset kept.
    let starts: Vec<(i32, i64)> = partitions.iter().map(|p| (*p, 0)).collect();
    assign_split_queues_from(consumer, topic, &starts, batch)
}

/// [`assign_split_queues`], each (partition, offset) of `starts` from its offset.
pub(crate) fn assign_split_queues_from(
    consumer: &std::sync::Arc<ReaderConsumer>,
    topic: &str,
    starts: &[(i32, i64)],
    batch: usize,
) -> Result<Vec<BatchQueue<ReaderContext>>, StreamError> {
    let mut queues = Vec::with_capacity(starts.len());
    let mut assignment = rdkafka::TopicPartitionList::new();
    for &(partition, offset) in starts {
        let queue = BatchQueue::split(consumer, topic, partition, batch)
            .ok_or_else(|| StreamError::Other(format!("no queue for {topic}/{partition}")))?;
        queues.push(queue);
        assignment.add_partition_offset(topic, partition, rdkafka::Offset::Offset(offset))?;
    }
    rdkafka::consumer::Consumer::assign(&**consumer, &assignment)?;
    Ok(queues)
}

/// Reads `partitions` of `topic` from the beginning to their end as of now (the end of
/// partition events, not offset queries, tell when).
pub(crate) fn read_to_end(
    config: &WorkerConfig,
    topic: &str,
    partitions: &[i32],
    timeout: Duration,
    visit: impl FnMut(&rdkafka::message::BorrowedMessage<'_>),
) -> Result<(), StreamError> {
    let starts: Vec<(i32, rdkafka::Offset)> = partitions.iter().map(|p| (*p, rdkafka::Offset::Beginning)).collect();
    read_from(config, topic, &starts, timeout, visit)
}

/// Reads each (partition, start) of `topic` from its start to its end as of now. A start
/// beyond the end of its partition is an error (`BrokerLostState`): whoever stored it saw
/// records there that the broker no longer has. (Brokers answer a fetch beyond the end with
/// "offset out of range"; the test broker answers with nothing, so an empty partition is
/// also checked up front. Its offset queries undercount the end, which rules out comparing
/// them with the start in general.)
pub(crate) fn read_from(
    config: &WorkerConfig,
    topic: &str,
    starts: &[(i32, rdkafka::Offset)],
    timeout: Duration,
    visit: impl FnMut(&rdkafka::message::BorrowedMessage<'_>),
) -> Result<(), StreamError> {
    read_from_between(config, topic, starts, timeout, visit, || ControlFlow::Continue(())).map(|_| ())
}

/// Records a long read takes before it calls its `between` hook, at the latest.
const BETWEEN_RECORDS: u32 = 256;

/// Time a long read spends before it calls its `between` hook, at the latest.
const BETWEEN_INTERVAL: Duration = Duration::from_millis(100);

/// When a long read next calls its `between` hook: after [`BETWEEN_RECORDS`] records or
/// [`BETWEEN_INTERVAL`], whichever comes first. Pure: the caller brings the clock.
struct Cadence {
    records: u32,
    since: Instant,
}

impl Cadence {
    fn new(now: Instant) -> Self {
        Self { records: 0, since: now }
    }

    /// Counts `records` more read by `now`; true when the hook is due (the next period then
    /// starts).
    fn due(&mut self, records: u32, now: Instant) -> bool {
        self.records += records;
        let due = self.records >= BETWEEN_RECORDS || now.saturating_duration_since(self.since) >= BETWEEN_INTERVAL;
        if due {
            *self = Self::new(now);
        }
        due
    }
}

/// [`read_from`], calling `between` every few hundred records or ~100 ms while it reads
/// (see [`Cadence`]): a restore serves its group consumer there, so that a rebalance does
/// not wait for it. `between` returning `Break` stops the read where it is, and so does
/// this, returning `Break`; `Continue` means every partition was read to its end.
pub(crate) fn read_from_between(
    config: &WorkerConfig,
    topic: &str,
    starts: &[(i32, rdkafka::Offset)],
    timeout: Duration,
    mut visit: impl FnMut(&rdkafka::message::BorrowedMessage<'_>),
    mut between: impl FnMut() -> ControlFlow<()>,
) -> Result<ControlFlow<()>, StreamError> {
    use rdkafka::consumer::Consumer;
    if starts.is_empty() {
        return Ok(ControlFlow::Continue(()));
    }
    let consumer: ReaderConsumer =
        reader_config(config).set("auto.offset.reset", "error").create_with_context(ReaderContext)?;
    for (partition, start) in starts {
        if let rdkafka::Offset::Offset(expected) = start {
            if *expected > 0 {
                let (_, end) = consumer.fetch_watermarks(topic, *partition, TRANSACTION_CALL_TIMEOUT)?;
                if end == 0 {
                    let (topic, partition, expected) = (topic.to_string(), *partition, *expected);
                    return Err(StreamError::BrokerLostState { topic, partition, expected });
                }
            }
        }
    }
    let mut assignment = rdkafka::TopicPartitionList::new();
    for (partition, start) in starts {
        assignment.add_partition_offset(topic, *partition, *start)?;
    }
    consumer.assign(&assignment)?;
    let mut pending: std::collections::BTreeSet<i32> = starts.iter().map(|(p, _)| *p).collect();
    let deadline = Instant::now() + timeout;
    let mut cadence = Cadence::new(Instant::now());
    while !pending.is_empty() {
        if super::stopping() {
            return Err(StreamError::Stopped);
        }
        if Instant::now() > deadline {
            return Err(StreamError::Other(format!("reading {topic} partitions {pending:?} to their end timed out")));
        }
        let polled = consumer.poll(BETWEEN_INTERVAL);
        let records = u32::from(matches!(polled, Some(Ok(_))));
        match polled {
            None => {}
            Some(Ok(message)) => visit(&message),
            Some(Err(KafkaError::PartitionEOF(partition))) => {
                pending.remove(&partition);
            }
            Some(Err(KafkaError::MessageConsumption(
                RDKafkaErrorCode::AutoOffsetReset | RDKafkaErrorCode::OffsetOutOfRange,
            ))) => {
                let (partition, expected) = starts
                    .iter()
                    .filter(|(p, _)| pending.contains(p))
                    .find_map(|(p, start)| match start {
                        rdkafka::Offset::Offset(offset) if *offset > 0 => Some((*p, *offset)),
                        _ => None,
                    })
                    .unwrap_or((-1, -1));
                return Err(StreamError::BrokerLostState { topic: topic.to_string(), partition, expected });
            }
            Some(Err(error @ KafkaError::MessageConsumption(RDKafkaErrorCode::UnknownTopicOrPartition))) => {
                // Transient for the role: it starts over and waits for the topic.
                return Err(error.into());
            }
            Some(Err(error)) => tracing::warn!(%error, topic, "consumer error while reading to the end"),
        }
        if cadence.due(records, Instant::now()) && between().is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Reads the records of `partition` of `topic` at offsets `from..end` (read_committed, so
/// transaction markers and, on brokers that hide them, aborted records are not seen) and
/// gives each payload to `visit`. Fails if the records are no longer there (retention) or
/// the read takes longer than a minute.
pub(crate) fn read_range(
    config: &WorkerConfig,
    topic: &str,
    partition: i32,
    from: i64,
    end: i64,
    mut visit: impl FnMut(Option<&[u8]>),
) -> Result<(), StreamError> {
    use rdkafka::consumer::Consumer;
    use rdkafka::Message as _;
    let consumer: ReaderConsumer =
        reader_config(config).set("auto.offset.reset", "error").create_with_context(ReaderContext)?;
    let mut assignment = rdkafka::TopicPartitionList::new();
    assignment.add_partition_offset(topic, partition, rdkafka::Offset::Offset(from))?;
    consumer.assign(&assignment)?;
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        if std::time::Instant::now() > deadline {
            return Err(StreamError::Other(format!("reading {topic}/{partition} offsets {from}..{end} timed out")));
        }
        match consumer.poll(Duration::from_millis(200)) {
            Some(Ok(message)) if message.offset() < end => {
                visit(message.payload());
                if message.offset() + 1 >= end {
                    return Ok(());
                }
            }
            // Past the range, or at the partition's end: every record of the range was read.
            Some(Ok(_)) | Some(Err(KafkaError::PartitionEOF(_))) => return Ok(()),
            Some(Err(error @ KafkaError::MessageConsumption(_))) => return Err(error.into()),
            Some(Err(error)) => tracing::warn!(%error, topic, "consumer error while reading a range"),
            None => {}
        }
    }
}

/// Moves the fetch positions of assigned partitions of `topic`, dropping whatever librdkafka
/// had already fetched for them. A role calls it after every rebalance: a batch that saw the
/// assignment change is discarded, and records in it fetched under the *new* assignment
/// would otherwise be skipped for good (the fetch position is already past them).
pub(crate) fn seek_partitions<C: ConsumerContext>(
    consumer: &BaseConsumer<C>,
    topic: &str,
    positions: &[(i32, rdkafka::Offset)],
) -> Result<(), StreamError> {
    use rdkafka::consumer::Consumer;
    if positions.is_empty() {
        return Ok(());
    }
    let mut list = rdkafka::TopicPartitionList::new();
    for (partition, offset) in positions {
        list.add_partition_offset(topic, *partition, *offset)?;
    }
    let sought = consumer.seek_partitions(list, TRANSACTION_CALL_TIMEOUT)?;
    for element in sought.elements() {
        element.error()?;
    }
    tracing::debug!(topic, ?positions, "fetch positions set after the rebalance");
    Ok(())
}

/// The committed offsets of the assigned partitions, as positions to seek to, with the
/// metadata committed with them: a partition without a committed offset starts at the
/// beginning (`auto.offset.reset` is earliest).
pub(crate) fn committed_positions<C: ConsumerContext>(
    consumer: &BaseConsumer<C>,
) -> Result<Vec<(i32, rdkafka::Offset, String)>, StreamError> {
    use rdkafka::consumer::Consumer;
    let committed = consumer.committed(TRANSACTION_CALL_TIMEOUT)?;
    Ok(committed
        .elements()
        .iter()
        .map(|element| {
            let offset = match element.offset() {
                offset @ rdkafka::Offset::Offset(_) => offset,
                _ => rdkafka::Offset::Beginning,
            };
            (element.partition(), offset, element.metadata().to_string())
        })
        .collect())
}

/// Remembers that the group's assignment changed, for the role loop to act on between
/// transactions (rebalance callbacks must stay short).
#[derive(Default)]
pub struct RebalanceFlag {
    changed: AtomicBool,
}

impl RebalanceFlag {
    /// True once after every assignment change.
    pub fn take(&self) -> bool {
        self.changed.swap(false, Ordering::AcqRel)
    }
}

impl ClientContext for RebalanceFlag {
    fn stats_raw(&self, statistics: &[u8]) {
        super::stall::statistics(statistics);
    }
}

impl ConsumerContext for RebalanceFlag {
    fn pre_rebalance(&self, consumer: &BaseConsumer<Self>, rebalance: &Rebalance<'_>) {
        if let Rebalance::Revoke(partitions) = rebalance {
            let topic = partitions.elements().first().map(|e| e.topic().to_string()).unwrap_or_default();
            tracing::info!(%topic, partitions = ?partition_numbers(partitions), "partitions revoked");
            report_assignment(consumer, 0);
        }
        self.changed.store(true, Ordering::Release);
    }

    fn post_rebalance(&self, consumer: &BaseConsumer<Self>, rebalance: &Rebalance<'_>) {
        match rebalance {
            Rebalance::Assign(partitions) => {
                let topic = partitions.elements().first().map(|e| e.topic().to_string()).unwrap_or_default();
                tracing::info!(%topic, partitions = ?partition_numbers(partitions), "partitions assigned");
                report_assignment(consumer, partitions.count());
            }
            Rebalance::Error(error) => tracing::warn!(%error, "rebalance error"),
            Rebalance::Revoke(_) => {}
        }
        self.changed.store(true, Ordering::Release);
    }
}

/// Tells `/ready` how many partitions of its subscribed topic a group consumer now has.
fn report_assignment<C: ConsumerContext>(consumer: &BaseConsumer<C>, partitions: usize) {
    if let Ok(subscription) = rdkafka::consumer::Consumer::subscription(consumer) {
        for element in subscription.elements() {
            crate::observe::health().assigned(element.topic(), partitions);
        }
    }
    if let Ok(assignment) = rdkafka::consumer::Consumer::assignment(consumer) {
        if let Some(first) = assignment.elements().first() {
            PartitionsAssigned { topic: first.topic(), partitions: &partition_numbers(&assignment) }.emit();
        }
    }
}

pub(crate) fn partition_numbers(list: &rdkafka::TopicPartitionList) -> Vec<i32> {
    list.elements().iter().map(|e| e.partition()).collect()
}

/// The gradients partition that owns a coordinate. Coordinates are uniform hashes, so the
/// remainder spreads them evenly.
#[inline]
pub(crate) fn partition_of(coordinate: u64, partitions: i32) -> i32 {
    (coordinate % partitions.max(1) as u64) as i32
}

pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// A consumed record, detached from the consumer's buffers.
#[derive(Clone, Debug)]
pub struct RawRecord {
    pub partition: i32,
    pub offset: i64,
    pub key: Option<Vec<u8>>,
    pub payload: Option<Vec<u8>>,
    pub timestamp_ms: Option<i64>,
}

impl RawRecord {
    pub(crate) fn from_message(message: &rdkafka::message::BorrowedMessage<'_>) -> Self {
        Self {
            partition: message.partition(),
            offset: message.offset(),
            key: message.key().map(<[u8]>::to_vec),
            payload: message.payload().map(<[u8]>::to_vec),
            timestamp_ms: message.timestamp().to_millis(),
        }
    }

    /// The record as a queue hands one over, borrowed.
    pub(crate) fn as_record(&self) -> Record<'_> {
        Record {
            partition: self.partition,
            offset: self.offset,
            key: self.key.as_deref(),
            value: self.payload.as_deref(),
            timestamp_ms: self.timestamp_ms,
        }
    }
}

impl From<Record<'_>> for RawRecord {
    fn from(record: Record<'_>) -> Self {
        Self {
            partition: record.partition,
            offset: record.offset,
            key: record.key.map(<[u8]>::to_vec),
            payload: record.value.map(<[u8]>::to_vec),
            timestamp_ms: record.timestamp_ms,
        }
    }
}

/// Polls up to `max_records` records or until `max_wait` has passed; past it, still takes
/// the records that have already arrived (so a zero wait takes what is there). Client errors
/// are logged and end the batch early: librdkafka retries them itself.
pub fn collect<C: ConsumerContext>(
    consumer: &BaseConsumer<C>,
    max_records: usize,
    max_wait: Duration,
) -> Vec<RawRecord> {
    let deadline = std::time::Instant::now() + max_wait;
    let mut records = Vec::new();
    while records.len() < max_records {
        // rust-rdkafka polls again until its own timeout has passed: a wait that is not
        // whole milliseconds spun through its fraction (about 1% of a core for an idle update
        // role, which waits for its next transaction every `commit_interval_ms`).
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match consumer.poll(Duration::from_millis(super::batch_queue::whole_millis(left))) {
            None => break,
            Some(Ok(message)) => records.push(RawRecord::from_message(&message)),
            Some(Err(KafkaError::PartitionEOF(_))) => {}
            Some(Err(error)) => {
                tracing::warn!(%error, "consumer error");
                break;
            }
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_read_calls_its_hook_every_few_hundred_records_or_hundred_milliseconds_whichever_comes_first() {
        let start = Instant::now();
        let mut cadence = Cadence::new(start);
        // A fast read: the record count decides.
        for _ in 1..BETWEEN_RECORDS {
            assert!(!cadence.due(1, start));
        }
        assert!(cadence.due(1, start), "due at the {BETWEEN_RECORDS}th record");
        assert!(!cadence.due(1, start), "the count starts over");
        // A slow read (few records, or polls that found none): the clock decides.
        let later = start + BETWEEN_INTERVAL;
        assert!(cadence.due(0, later));
        assert!(!cadence.due(1, later + BETWEEN_INTERVAL / 2));
        assert!(cadence.due(0, later + BETWEEN_INTERVAL), "the period starts over at the last call");
    }
}
