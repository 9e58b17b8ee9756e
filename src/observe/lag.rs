//! Consumer lag: for every partition this process consumes (examples for the predict role,
//! gradients for the update role), the partition's end minus the next offset the role will
//! read. The roles record their positions as they consume ([`super::Metrics::consumed`]);
//! this thread asks the broker for the ends every [`INTERVAL`] with a consumer that belongs
//! to no group (the one the weight view and restores use), so it never touches the roles'
//! consumer groups and costs the roles nothing.

use super::metrics;
use crate::config::WorkerConfig;
use crate::stream::kafka::reader;
use rdkafka::consumer::Consumer;
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
                    for ((topic, partition), position) in metrics().positions() {
                        match consumer.fetch_watermarks(&topic, partition, REQUEST_TIMEOUT) {
                            Ok((_, high)) => metrics().consumer_lag(&topic, partition, high - position),
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
