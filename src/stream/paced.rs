//! Sending examples at a set rate (`ftrl produce --rate`): the load generator of the
//! benchmarks, built to cost the machine little, since what it loads shares the machine.
//! Every input line is encoded before the first send, so the sending loop only hands
//! records to librdkafka, and it sleeps between rounds rather than spinning.

use super::admin::encode_lines;
use super::kafka::{client_config, send};
use super::StreamError;
use crate::config::WorkerConfig;
use indicatif::ProgressBar;
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Shortest sleep between two rounds of sends: at 200K examples/s a round sends about 200,
/// and the wake-ups stay under a thousand a second whatever the rate.
const ROUND: Duration = Duration::from_millis(1);

/// Longest sleep between two looks at the stop flag, so that a signal stops a slow pace
/// promptly.
const LONGEST_SLEEP: Duration = Duration::from_millis(100);

/// How long librdkafka may gather records into one request. The records are due in a steady
/// stream, so each request carries thousands; one request per record would cost the broker
/// more than the load itself. At 5 ms (and a delivery report per record), 215,000 examples/s
/// cost this process 0.42 of a core while it sent, on the 2 cores it shares with the worker
/// and the broker in the benchmarks; at 50 ms, with reports of failures only, 0.21.
const LINGER_MS: &str = "50";

/// Every example of an input, encoded as the examples topic holds it, back to back in one
/// buffer (a million small allocations would cost more memory than the records).
#[derive(Debug, Default)]
pub(crate) struct EncodedExamples {
    bytes: Vec<u8>,
    /// Where each example ends in `bytes`; it starts where the one before ends.
    ends: Vec<usize>,
    /// Lines that are not an example.
    pub skipped: u64,
}

impl EncodedExamples {
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `index`-th example, counting on from the first after the last (the input cycles).
    fn cycled(&self, index: u64) -> &[u8] {
        let i = (index % self.ends.len() as u64) as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    fn push(&mut self, payload: &[u8]) {
        self.bytes.extend_from_slice(payload);
        self.ends.push(self.bytes.len());
    }
}

/// Encodes every non-blank line as `ftrl produce` sends it; bad lines stop it, or with
/// `skip_bad` are skipped and counted, as there.
pub(crate) fn encode_examples(
    config: &WorkerConfig,
    lines: impl std::io::BufRead,
    skip_bad: bool,
) -> Result<EncodedExamples, StreamError> {
    let mut encoded = EncodedExamples::default();
    let skipped = encode_lines(config, lines, skip_bad, |_, payload| {
        encoded.push(payload);
        Ok(())
    })?;
    encoded.skipped = skipped;
    Ok(encoded)
}

/// How long a paced run sends: at `rate` examples per second until `count` were sent or
/// `seconds` passed, whichever comes first (neither: each example once).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Pace {
    pub rate: f64,
    pub count: Option<u64>,
    pub seconds: Option<Duration>,
}

impl Pace {
    /// The examples to send in all, for an input of `examples`.
    fn total(&self, examples: usize) -> u64 {
        match (self.count, self.seconds) {
            (Some(count), _) => count,
            (None, Some(_)) => u64::MAX,
            (None, None) => examples as u64,
        }
    }
}

/// How many of `total` examples are due `elapsed` after the start at `rate` per second:
/// example k (from 0) is due at k / rate, so the first goes at once.
pub(crate) fn due(rate: f64, elapsed: Duration, total: u64) -> u64 {
    let due = (rate * elapsed.as_secs_f64()).floor() + 1.0;
    // The float comparison also bounds a due count beyond u64 (a `--seconds` run has no total).
    if due >= total as f64 {
        total
    } else {
        due as u64
    }
}

/// How long to sleep after `sent` examples at `elapsed`: until the next one is due, at least
/// a round (so that rounds send many at high rates) and at most [`LONGEST_SLEEP`].
fn sleep_after(rate: f64, sent: u64, elapsed: Duration) -> Duration {
    let next_due = Duration::try_from_secs_f64(sent as f64 / rate).unwrap_or(Duration::MAX);
    next_due.saturating_sub(elapsed).clamp(ROUND, LONGEST_SLEEP)
}

/// What a paced run did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PacedSummary {
    pub sent: u64,
    /// From the first send to the last.
    pub seconds: f64,
    /// From the last send until every record was delivered.
    pub flush_seconds: f64,
}

impl PacedSummary {
    pub(crate) fn rate(&self) -> f64 {
        self.sent as f64 / self.seconds.max(f64::MIN_POSITIVE)
    }
}

/// Sends `examples` to the examples topic as `pace` says, example i to partition i modulo
/// `model.example_partitions`, until done or `stop` is set; then waits until every record
/// sent was delivered. `progress` counts the records sent. The first example goes alone,
/// and the pace (and `ready`, with how long that took) starts once it was delivered: until
/// the producer has connected and holds its producer id, records only queue up, and they
/// would reach the broker in one burst that the pace never meant.
pub(crate) fn produce_paced(
    config: &WorkerConfig,
    examples: &EncodedExamples,
    pace: Pace,
    stop: &AtomicBool,
    progress: &ProgressBar,
    ready: impl FnOnce(Duration),
) -> Result<PacedSummary, StreamError> {
    if examples.is_empty() {
        return Err(StreamError::Other("nothing to send: no line of the input is an example".into()));
    }
    let topic = config.topics().examples;
    let partitions = config.model.example_partitions.max(1) as u64;
    let producer: BaseProducer = client_config(config)
        .set("enable.idempotence", "true")
        .set("linger.ms", LINGER_MS)
        // A delivery report per record is an event to serve and a free per record here, and
        // this context ignores them anyway; `flush` still waits for every record.
        .set("delivery.report.only.error", "true")
        .create()?;
    // Example i, to partition i modulo the examples partitions.
    let record = |i: u64| BaseRecord::to(&topic).partition((i % partitions) as i32).payload(examples.cycled(i));
    let total = pace.total(examples.len());
    let connecting = Instant::now();
    send(&producer, record(0))?;
    producer.flush(Duration::from_secs(60))?;
    let mut sent = 1u64;
    progress.inc(1);
    ready(connecting.elapsed());
    let start = Instant::now();
    loop {
        let elapsed = start.elapsed();
        if stop.load(Ordering::Acquire) || pace.seconds.is_some_and(|seconds| elapsed >= seconds) {
            break;
        }
        // Example 0, sent before the clock started, was the one due at once.
        let target = due(pace.rate, elapsed, total);
        let before = sent;
        while sent < target {
            send(&producer, record(sent))?;
            sent += 1;
        }
        // Delivery reports are served here, once a round, not once a record.
        producer.poll(Duration::ZERO);
        progress.inc(sent - before);
        if sent == total {
            break;
        }
        std::thread::sleep(sleep_after(pace.rate, sent, start.elapsed()));
    }
    let sending = start.elapsed();
    producer.flush(Duration::from_secs(60))?;
    Ok(PacedSummary { sent, seconds: sending.as_secs_f64(), flush_seconds: (start.elapsed() - sending).as_secs_f64() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn the_first_example_is_due_at_once_and_one_more_every_period() {
        assert_eq!(due(1000.0, Duration::ZERO, 100), 1);
        assert_eq!(due(1000.0, Duration::from_micros(999), 100), 1);
        assert_eq!(due(1000.0, ms(1), 100), 2);
        assert_eq!(due(1000.0, ms(50), 100), 51);
        assert_eq!(due(0.5, Duration::from_secs(3), 100), 2);
        assert_eq!(due(150_000.0, Duration::from_secs(2), u64::MAX), 300_001);
    }

    #[test]
    fn no_more_than_the_total_is_ever_due() {
        assert_eq!(due(1000.0, ms(99), 100), 100);
        assert_eq!(due(1000.0, Duration::from_secs(3600), 100), 100);
        // A run bounded by time alone has no total; far beyond u64 is still a count.
        assert_eq!(due(1e300, Duration::from_secs(1), u64::MAX), u64::MAX);
    }

    #[test]
    fn without_a_count_or_seconds_each_example_goes_once() {
        let pace = |count, seconds| Pace { rate: 10.0, count, seconds };
        assert_eq!(pace(None, None).total(7), 7);
        assert_eq!(pace(Some(20), None).total(7), 20);
        assert_eq!(pace(Some(20), Some(ms(10))).total(7), 20);
        assert_eq!(pace(None, Some(ms(10))).total(7), u64::MAX);
    }

    #[test]
    fn sleeps_last_until_the_next_is_due_within_a_round_and_the_longest_sleep() {
        // 100/s: the 11th example is due at 100 ms.
        assert_eq!(sleep_after(100.0, 10, ms(40)), ms(60));
        // Already due (behind): a round, not a spin.
        assert_eq!(sleep_after(100.0, 10, ms(200)), ROUND);
        // 200K/s: the next is due within microseconds; a round gathers many.
        assert_eq!(sleep_after(200_000.0, 1000, Duration::from_micros(4999)), ROUND);
        // 1 every 10 s: the stop flag is still looked at often.
        assert_eq!(sleep_after(0.1, 1, Duration::ZERO), LONGEST_SLEEP);
    }

    #[test]
    fn encoded_examples_cycle() {
        let mut examples = EncodedExamples::default();
        for payload in [&b"a"[..], b"bc", b"def"] {
            examples.push(payload);
        }
        let cycled: Vec<&[u8]> = (0..7).map(|i| examples.cycled(i)).collect();
        assert_eq!(cycled, [&b"a"[..], b"bc", b"def", b"a", b"bc", b"def", b"a"]);
    }
}
