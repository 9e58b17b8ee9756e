//! Consumer lag: for every partition this process's roles are assigned (examples for the
//! predict role, gradients for the update role), the records between the next offset the
//! role will read (its group's committed offset until it has consumed there) and the
//! partition's end, transaction markers not counted. The roles record their positions as
//! they consume ([`RecordsConsumed`](crate::observe::events::RecordsConsumed)); this thread
//! asks the broker for the ends every [`INTERVAL`] with a consumer that belongs to no group
//! (the one the weight view and restores use), so it never touches the roles' consumer
//! groups and costs the roles nothing.

use super::kafka::{reader, reader_config, ReaderConsumer};
use super::wire;
use crate::config::WorkerConfig;
use crate::observe::events::{ConsumerLagMeasured, InternalEvent};
use crate::observe::metrics;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::error::KafkaError;
use rdkafka::{Message, Offset, TopicPartitionList};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often lag is measured.
pub(crate) const INTERVAL: Duration = Duration::from_secs(5);
/// Longest a broker request of the measurement may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// Measures lag every [`INTERVAL`] until `shutdown` is set.
pub(crate) fn spawn(config: &WorkerConfig, shutdown: Arc<AtomicBool>) -> std::io::Result<JoinHandle<()>> {
    let config = config.clone();
    std::thread::Builder::new().name("lag".into()).spawn(move || {
        let mut next = Instant::now();
        let mut consumer = None;
        while !shutdown.load(Ordering::Acquire) {
            if Instant::now() >= next {
                if consumer.is_none() {
                    consumer = reader(&config).map_err(|error| tracing::debug!(%error, "lag consumer")).ok();
                }
                if let Some(consumer) = &consumer {
                    for ((topic, partition), position) in metrics().assigned_positions() {
                        if shutdown.load(Ordering::Acquire) {
                            break;
                        }
                        let position = position.or_else(|| committed(&config, &topic, partition));
                        match measure(consumer, &topic, partition, position) {
                            Ok(lag) => ConsumerLagMeasured { topic: &topic, partition, lag }.emit(),
                            Err(error) => tracing::debug!(%error, topic, partition, "measuring consumer lag"),
                        }
                    }
                }
                next = Instant::now() + INTERVAL;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    })
}

/// The group's committed offset of a partition a role is assigned but has not consumed
/// from yet (a consumer in the role's group that never joins it only reads the offset).
fn committed(config: &WorkerConfig, topic: &str, partition: i32) -> Option<i64> {
    let topics = config.topics();
    let role = if topic == topics.examples { "predict" } else { "update" };
    let group: BaseConsumer =
        reader_config(config).set("group.id", wire::group_id(&config.model.prefix, role)).create().ok()?;
    let mut list = TopicPartitionList::new();
    list.add_partition(topic, partition);
    let committed = group.committed_offsets(list, REQUEST_TIMEOUT).ok()?;
    match committed.find_partition(topic, partition)?.offset() {
        Offset::Offset(offset) => Some(offset),
        _ => None,
    }
}

/// Records between `position` (the partition's start when unknown) and the partition's end
/// that a consumer will still receive. The end counts transaction markers, which no
/// consumer receives: a position short of the end by markers alone (the usual state of a
/// transactional topic read to its end) is a lag of 0, found by reading from it.
fn measure(consumer: &ReaderConsumer, topic: &str, partition: i32, position: Option<i64>) -> Result<i64, KafkaError> {
    let (low, high) = consumer.fetch_watermarks(topic, partition, REQUEST_TIMEOUT)?;
    let position = position.unwrap_or(low).max(low);
    if high <= position || !records_before_end(consumer, topic, partition, position) {
        return Ok(0);
    }
    Ok(high - position)
}

/// Whether a record comes when reading from `position`, before the end of the partition.
fn records_before_end(consumer: &ReaderConsumer, topic: &str, partition: i32, position: i64) -> bool {
    let mut list = TopicPartitionList::new();
    if list.add_partition_offset(topic, partition, Offset::Offset(position)).is_err() || consumer.assign(&list).is_err()
    {
        return true;
    }
    let deadline = Instant::now() + REQUEST_TIMEOUT;
    while Instant::now() < deadline {
        match consumer.poll(Duration::from_millis(100)) {
            Some(Ok(message)) if message.topic() == topic && message.partition() == partition => return true,
            Some(Err(KafkaError::PartitionEOF(p))) if p == partition => return false,
            _ => {}
        }
    }
    // No answer: count the records the offsets say are there.
    true
}
