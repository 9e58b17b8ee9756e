//! Consumer lag the way lag exporters measure it: for every partition of the examples and
//! gradients topics, the partition's end minus the offset its consumer group committed
//! (inside the roles' transactions). It runs on a thread of its own with a consumer that
//! never joins the groups, so it costs the roles nothing; every worker reports the whole
//! group's lag (aggregate with `max` across workers).

use super::metrics;
use crate::config::WorkerConfig;
use crate::stream::kafka::client_config;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::{Offset, TopicPartitionList};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often lag is measured.
pub const INTERVAL: Duration = Duration::from_secs(5);
/// Longest a broker request of the measurement may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// Measures lag every [`INTERVAL`] until `shutdown` is set.
pub fn spawn(config: &WorkerConfig, shutdown: Arc<AtomicBool>) -> std::io::Result<JoinHandle<()>> {
    let prefix = &config.model.prefix;
    let topics = config.topics();
    let watched = [
        (format!("{prefix}.predict"), topics.examples, config.model.example_partitions),
        (format!("{prefix}.update"), topics.gradients, config.model.partitions),
    ];
    let config = config.clone();
    std::thread::Builder::new().name("lag".into()).spawn(move || {
        let mut next = Instant::now();
        while !shutdown.load(Ordering::Acquire) {
            if Instant::now() >= next {
                for (group, topic, partitions) in &watched {
                    if let Err(error) = measure(&config, group, topic, *partitions) {
                        tracing::debug!(%error, topic, "measuring consumer lag");
                    }
                }
                next = Instant::now() + INTERVAL;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    })
}

fn measure(config: &WorkerConfig, group: &str, topic: &str, partitions: i32) -> Result<(), rdkafka::error::KafkaError> {
    let consumer: BaseConsumer =
        client_config(config).set("group.id", group).set("enable.auto.commit", "false").create()?;
    let mut list = TopicPartitionList::new();
    for partition in 0..partitions {
        list.add_partition(topic, partition);
    }
    let committed = consumer.committed_offsets(list, REQUEST_TIMEOUT)?;
    for element in committed.elements() {
        let (low, high) = consumer.fetch_watermarks(topic, element.partition(), REQUEST_TIMEOUT)?;
        // Nothing committed yet: everything still in the partition is behind.
        let position = match element.offset() {
            Offset::Offset(offset) => offset,
            _ => low,
        };
        metrics().consumer_lag(topic, element.partition(), high - position);
    }
    Ok(())
}
