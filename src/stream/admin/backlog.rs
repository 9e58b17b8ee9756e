//! Reading the examples topic for embedded training (`ftrl train --from-topic`): to its end
//! as of now, in an order fixed by the topic alone.

use super::READ_TIMEOUT;
use crate::config::WorkerConfig;
use crate::input::{Batch, InputError, Item, Origin, BATCH_EXAMPLES};
use crate::schema::example::Featurizer;
use crate::stream::batch_queue::{Entry, Record};
use crate::stream::kafka::{assign_split_queues_from, reader_config, ReaderConsumer, ReaderContext};
use crate::stream::StreamError;
use rdkafka::error::KafkaError;
use rdkafka::{ClientConfig, Message};
use std::sync::mpsc::{sync_channel, Receiver};
use std::time::{Duration, Instant};

/// Reads the examples topic from the beginning to its end on a background thread, in the
/// batches the embedded trainer consumes. The order is fixed by the topic alone, whatever
/// the timing: 2,048 records of partition 0, then of 1, … then the next 2,048 of 0, and so
/// on (see `read_backlog`), each partition in offset order. Records that are not examples
/// become `Item::Bad`, named by partition and offset.
pub(crate) fn spawn_topic_reader(
    config: &WorkerConfig,
    featurizer: Featurizer,
) -> Result<Receiver<Result<Batch, InputError>>, StreamError> {
    let (sender, receiver) = sync_channel(READER_QUEUE_DEPTH);
    let config = config.clone();
    let mut reader = config.model.example_reader(featurizer).map_err(|e| StreamError::Config(e.to_string()))?;
    std::thread::Builder::new()
        .name("topic-reader".into())
        .spawn(move || {
            let mut batch = Batch::with_capacity();
            let topic = config.topics().examples;
            let starts: Vec<(i32, i64)> = (0..config.model.example_partitions).map(|p| (p, 0)).collect();
            let result = read_backlog(&config, &topic, &starts, |record| {
                let line = Origin::Record { partition: record.partition, offset: record.offset };
                let start = batch.features.len() as u32;
                // Read straight from librdkafka's buffer: no copy of the record.
                let item = match record.value.map(|payload| reader.read(payload, &mut batch.features)) {
                    None => Item::Bad { line, reason: "record has no value".into() },
                    Some(Err(e)) => Item::Bad { line, reason: e.to_string() },
                    Some(Ok(_)) => Item::Example {
                        line,
                        label: reader.example().label,
                        weight: reader.example().weight,
                        base: reader.example().base,
                        features: (start, batch.features.len() as u32),
                        tag: (0, 0),
                    },
                };
                batch.items.push(item);
                if batch.items.len() < BATCH_EXAMPLES {
                    return true;
                }
                sender.send(Ok(std::mem::replace(&mut batch, Batch::with_capacity()))).is_ok()
            });
            if let Err(error) = result {
                let _ = sender.send(Err(InputError::Read(std::io::Error::other(error.to_string()))));
                return;
            }
            if !batch.items.is_empty() {
                let _ = sender.send(Ok(batch));
            }
        })
        .map_err(|e| StreamError::Other(format!("starting the topic reader: {e}")))?;
    Ok(receiver)
}

/// Batches in flight between the topic reader and the trainer (as between the file reader
/// and the trainer).
const READER_QUEUE_DEPTH: usize = 8;

/// Settings of a consumer that reads a backlog as fast as the broker serves it, rather than
/// following a topic's tail with low latency (`reader_config`'s fetches are sized for that).
fn backlog_reader_config(config: &WorkerConfig, partitions: usize) -> ClientConfig {
    // Each partition has its own queue here, and the limit applies to each: 16 MiB in all
    // for up to 4 partitions, 4 MiB each beyond. With 256 MiB (64 MiB each) the reader's peak memory was 210 MB against
    // 116 MB, and the process took 5% more CPU (fresh pages for every fetch, records read
    // long after they left the CPU's cache) for the same wall-clock time.
    let prefetch_kib = ((16 << 10) / partitions.max(1)).clamp(4 << 10, 16 << 10);
    let mut client = reader_config(config);
    crate::stream::kafka::with_large_fetches(&mut client);
    client
        // Prefetch by bytes, whatever the message count.
        .set("queued.max.messages.kbytes", prefetch_kib.to_string())
        .set("queued.min.messages", "10000000")
        // An answer as soon as there is anything: the end of a partition comes from the
        // fetch that finds nothing more, which should not wait long for more.
        .set("fetch.wait.max.ms", "10");
    client
}

/// Records taken from one partition before the backlog reader moves to the next.
const BACKLOG_ROUND: usize = BATCH_EXAMPLES;

/// How long the backlog reader waits on an empty partition queue before looking again.
/// Short: with 100 ms waits the reader sat out whole timeouts while the topic was being
/// fetched and the rate halved; with 2 ms waits it did not. (Whether librdkafka 2.12 misses
/// the wake-up of a split-off partition queue or schedules fetches late is not pinned down.)
const BACKLOG_WAIT: Duration = Duration::from_millis(2);

/// Reads each (partition, first offset) of `starts` of `topic` to its end as of now, calling
/// `visit` until it returns false, in an order fixed by the topic alone: rounds over the
/// partitions in the order given, `BACKLOG_ROUND` records of each per round (fewer at its
/// end), each partition in offset order. All partitions are fetched at once, and each has
/// its own queue in the consumer, so which fetch answered first does not matter.
pub(super) fn read_backlog(
    config: &WorkerConfig,
    topic: &str,
    starts: &[(i32, i64)],
    mut visit: impl FnMut(Record<'_>) -> bool,
) -> Result<(), StreamError> {
    let consumer: ReaderConsumer = backlog_reader_config(config, starts.len()).create_with_context(ReaderContext)?;
    let consumer = std::sync::Arc::new(consumer);
    let mut queues = assign_split_queues_from(&consumer, topic, starts, BACKLOG_ROUND)?;
    let deadline = Instant::now() + READ_TIMEOUT;
    while !queues.is_empty() {
        let mut ended = Vec::new();
        for (index, queue) in queues.iter_mut().enumerate() {
            let (partition, mut taken, mut wait) = (queue.partition(), 0, Duration::ZERO);
            while taken < BACKLOG_ROUND {
                let (mut end, mut stop) = (false, false);
                let entries = queue.poll(wait, BACKLOG_ROUND - taken, |entry| match entry {
                    // Whatever follows an end or a refusal in this call is not visited.
                    _ if end || stop => {}
                    Entry::Record(record) => {
                        stop = !visit(record);
                        taken += 1;
                    }
                    Entry::End => end = true,
                    Entry::Error(error) => tracing::warn!(%error, topic, partition, "consumer error while reading"),
                });
                if stop {
                    return Ok(());
                }
                if end {
                    ended.push(index);
                    break;
                }
                if entries > 0 {
                    wait = Duration::ZERO;
                    continue;
                }
                // Nothing local: serve the consumer's own queue (errors, logs), which must
                // be polled, then wait for this partition's records.
                match consumer.poll(Duration::ZERO) {
                    None | Some(Err(KafkaError::PartitionEOF(_))) => {}
                    Some(Ok(message)) => {
                        return Err(StreamError::Other(format!(
                            "{topic}/{} offset {} arrived outside its partition queue",
                            message.partition(),
                            message.offset()
                        )))
                    }
                    Some(Err(error)) => tracing::warn!(%error, topic, "consumer error while reading"),
                }
                if Instant::now() > deadline {
                    return Err(StreamError::Other(format!("reading {topic}/{partition} to its end timed out")));
                }
                wait = BACKLOG_WAIT;
            }
        }
        for index in ended.into_iter().rev() {
            queues.remove(index);
        }
    }
    Ok(())
}
