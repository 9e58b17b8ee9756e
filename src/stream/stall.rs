//! Transactions left open: a read_committed consumer reads nothing past a partition's last
//! stable offset (LSO), the first offset of the oldest transaction still open there. A
//! transaction that never ends (a producer that hangs, a broker that failed to abort it)
//! stops every role downstream of that partition, silently: the update roles have nothing
//! committed to read, and every predict role waits for its owners.
//!
//! The roles' consumers report each partition's LSO and high watermark as librdkafka's
//! statistics carry them (`partitions.*.ls_offset`, `hi_offset`, from every fetch
//! response; broker offset queries are no help: the test broker answers them wrongly, and
//! they give one of the two, not both). [`StallDetector`] turns those observations into
//! "the LSO has not moved for `kafka.stalled_transaction_ms` while records lie beyond it";
//! [`Watch`] makes that the worker's readiness, a metric and an error log line, and ends a
//! transaction that may be the worker's own by starting over the role that writes the topic
//! (its producer's `init_transactions` fences and aborts whatever its transactional id left
//! open).

use crate::config::WorkerConfig;
use crate::observe::events::{InternalEvent, TransactionStallEnded, TransactionStalled};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a partition's last stable offset changed with one observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// The LSO has stood at `lso` for `stalled` (at least the bound) while the partition's
    /// records reach `high`; reported again after each further bound.
    Stalled { lso: i64, high: i64, stalled: Duration, reports: u32 },
    /// A partition reported stalled moved on (its LSO moved, or nothing lies beyond it).
    Ended { lso: i64, high: i64 },
    /// A partition reported stalled is no longer read by any consumer of this process
    /// (revoked, or its consumer stopped): nothing more is known of it.
    Unwatched { lso: i64 },
}

/// One partition's last observation.
#[derive(Clone, Copy, Debug)]
struct Track {
    lso: i64,
    /// Since when the LSO has stood at `lso` with records beyond it; `None` when nothing
    /// lies beyond it.
    since: Option<Instant>,
    /// Stall reports made since `since`.
    reports: u32,
    seen: Instant,
}

/// Turns (last stable offset, high watermark, time) observations of partitions into stall
/// reports: a partition whose LSO stands still for `bound` while its high watermark is
/// above it has a transaction left open. Pure: the caller brings the clock.
#[derive(Debug)]
pub(crate) struct StallDetector {
    bound: Duration,
    tracks: HashMap<(String, i32), Track>,
}

impl StallDetector {
    pub(crate) fn new(bound: Duration) -> Self {
        Self { bound, tracks: HashMap::new() }
    }

    /// Takes one observation of `topic`/`partition` at `now`.
    pub(crate) fn observe(&mut self, topic: &str, partition: i32, lso: i64, high: i64, now: Instant) -> Option<Change> {
        let beyond = high > lso;
        let key = (topic.to_owned(), partition);
        let Some(track) = self.tracks.get_mut(&key) else {
            let since = beyond.then_some(now);
            self.tracks.insert(key, Track { lso, since, reports: 0, seen: now });
            return None;
        };
        track.seen = now;
        let was_stalled = track.reports > 0;
        if !beyond || track.lso != lso {
            *track = Track { lso, since: beyond.then_some(now), reports: 0, seen: now };
            return was_stalled.then_some(Change::Ended { lso, high });
        }
        let since = *track.since.get_or_insert(now);
        let stalled = now.saturating_duration_since(since);
        // Reported once the bound has passed, then again after each further bound.
        let due = self.bound * (track.reports + 1);
        if stalled >= due {
            track.reports += 1;
            return Some(Change::Stalled { lso, high, stalled, reports: track.reports });
        }
        None
    }

    /// Forgets partitions not observed since `silence` before `now` (the consumer that
    /// reported them stopped fetching them: revoked, or closed); those reported stalled
    /// are returned, unwatched, with their last stable offset.
    pub(crate) fn forget_silent(&mut self, now: Instant, silence: Duration) -> Vec<(String, i32, Change)> {
        let mut ended = Vec::new();
        self.tracks.retain(|(topic, partition), track| {
            let silent = now.saturating_duration_since(track.seen) > silence;
            if silent && track.reports > 0 {
                ended.push((topic.clone(), *partition, Change::Unwatched { lso: track.lso }));
            }
            !silent
        });
        ended
    }
}

/// A role of this worker that writes a topic transactionally, and so may itself hold a
/// transaction open there.
#[derive(Clone, Debug)]
struct OwnWriter {
    role: &'static str,
    transactional_id: String,
}

/// The worker's view of the partitions its consumers read committed: the detector, what
/// the worker writes itself, and which roles must start over.
struct Watch {
    detector: StallDetector,
    bound: Duration,
    /// Topic → the role of this worker that writes it.
    writers: HashMap<String, OwnWriter>,
    /// Topics whose writing role this worker already started over in the current stall.
    restarted: HashMap<(String, i32), Instant>,
    /// Statistics interval of the consumers, for forgetting silent partitions.
    interval: Duration,
}

static WATCH: Mutex<Option<Watch>> = Mutex::new(None);

/// Roles asked to start over (their transactional id may hold the open transaction).
static RESTART_PREDICT: AtomicBool = AtomicBool::new(false);
static RESTART_UPDATE: AtomicBool = AtomicBool::new(false);

fn restart_flag(role: &str) -> Option<&'static AtomicBool> {
    match role {
        "predict" => Some(&RESTART_PREDICT),
        "update" => Some(&RESTART_UPDATE),
        _ => None,
    }
}

/// Whether `role` must start over now because a transaction may be left open under its
/// transactional id (true once per request).
pub(crate) fn restart_requested(role: &str) -> bool {
    restart_flag(role).is_some_and(|flag| flag.swap(false, Ordering::AcqRel))
}

/// How often the consumers that feed the watch report their statistics: often enough that
/// a stall is seen soon after the bound, rarely enough to cost nothing (librdkafka writes a
/// JSON document of every partition each time).
pub(crate) fn statistics_interval(config: &WorkerConfig) -> Duration {
    let bound = Duration::from_millis(config.kafka.stalled_transaction_ms.into());
    (bound / 5).clamp(Duration::from_millis(100), Duration::from_secs(5))
}

/// Starts watching for transactions left open on the topics `config`'s roles read
/// committed. `writers`: whether this process runs the predict role (which writes the
/// gradients topic) and the update role (deltas and changelog).
pub(crate) fn watch(config: &WorkerConfig, predict: bool, update: bool) {
    let topics = config.topics();
    let prefix = &config.model.prefix;
    let mut writers = HashMap::new();
    if predict {
        let transactional_id = super::wire::transactional_id(prefix, "predict", &config.worker.id);
        writers.insert(topics.gradients.clone(), OwnWriter { role: "predict", transactional_id });
    }
    if update {
        let transactional_id = super::wire::transactional_id(prefix, "update", &config.worker.id);
        writers.insert(topics.deltas.clone(), OwnWriter { role: "update", transactional_id: transactional_id.clone() });
        writers.insert(topics.changelog.clone(), OwnWriter { role: "update", transactional_id });
    }
    let bound = Duration::from_millis(config.kafka.stalled_transaction_ms.into());
    let watch = Watch {
        detector: StallDetector::new(bound),
        bound,
        writers,
        restarted: HashMap::new(),
        interval: statistics_interval(config),
    };
    if let Ok(mut slot) = WATCH.lock() {
        *slot = Some(watch);
    }
}

/// The parts of librdkafka's statistics JSON the watch reads.
#[derive(serde::Deserialize)]
struct Statistics {
    #[serde(default)]
    topics: HashMap<String, TopicStatistics>,
}

#[derive(serde::Deserialize)]
struct TopicStatistics {
    #[serde(default)]
    partitions: HashMap<String, PartitionStatistics>,
}

#[derive(serde::Deserialize)]
struct PartitionStatistics {
    partition: i32,
    #[serde(default)]
    fetch_state: String,
    #[serde(default = "unknown_offset")]
    hi_offset: i64,
    #[serde(default = "unknown_offset")]
    ls_offset: i64,
}

fn unknown_offset() -> i64 {
    -1
}

/// The (topic, partition, last stable offset, high watermark) of every partition a
/// consumer is fetching, from its statistics JSON; nothing from a document it cannot read.
pub(crate) fn fetched_offsets(json: &[u8]) -> Vec<(String, i32, i64, i64)> {
    let Ok(statistics) = serde_json::from_slice::<Statistics>(json) else {
        return Vec::new();
    };
    let mut offsets = Vec::new();
    for (topic, stats) in statistics.topics {
        for partition in stats.partitions.into_values() {
            // Partition -1 is librdkafka's own; an inactive partition's figures are old.
            let known = partition.partition >= 0 && partition.hi_offset >= 0 && partition.ls_offset >= 0;
            if known && partition.fetch_state == "active" {
                offsets.push((topic.clone(), partition.partition, partition.ls_offset, partition.hi_offset));
            }
        }
    }
    offsets
}

/// A consumer's statistics arrived (librdkafka's JSON): each fetched partition's offsets go
/// to the watch, when the process watches.
pub(crate) fn statistics(json: &[u8]) {
    let offsets = fetched_offsets(json);
    let now = Instant::now();
    let Ok(mut slot) = WATCH.lock() else { return };
    let Some(watch) = slot.as_mut() else { return };
    for (topic, partition, lso, high) in offsets {
        if let Some(change) = watch.detector.observe(&topic, partition, lso, high, now) {
            watch.report(&topic, partition, change);
        }
    }
    // Several consumers feed the watch; a partition none of them fetches any more is no
    // longer known to be stalled.
    let silence = (watch.interval * 4).max(Duration::from_secs(10));
    for (topic, partition, change) in watch.detector.forget_silent(now, silence) {
        watch.report(&topic, partition, change);
    }
}

impl Watch {
    fn report(&mut self, topic: &str, partition: i32, change: Change) {
        let key = (topic.to_owned(), partition);
        match change {
            Change::Stalled { lso, high, stalled, reports } => {
                let writer = self.writers.get(topic).cloned();
                let own = match &writer {
                    // First report: the transaction may be this worker's own (a previous
                    // incarnation's that the broker did not abort): starting the role over
                    // re-initializes its transactional id, which fences and aborts it.
                    Some(writer) if !self.restarted.contains_key(&key) => {
                        self.restarted.insert(key.clone(), Instant::now());
                        if let Some(flag) = restart_flag(writer.role) {
                            flag.store(true, Ordering::Release);
                        }
                        Ownership::Restarting { role: writer.role, transactional_id: &writer.transactional_id }
                    }
                    Some(writer) => {
                        Ownership::NotEnded { role: writer.role, transactional_id: &writer.transactional_id }
                    }
                    None => Ownership::NotWritten,
                };
                let reason = stall_reason(topic, partition, lso, high, stalled);
                crate::observe::health().stalled(&stall_key(topic, partition), reason.clone());
                TransactionStalled {
                    topic,
                    partition,
                    last_stable_offset: lso,
                    high_watermark: high,
                    stalled,
                    bound: self.bound,
                    reports,
                    way_out: &own.way_out(topic, partition, lso),
                }
                .emit();
            }
            Change::Ended { lso, high } => {
                self.restarted.remove(&key);
                crate::observe::health().unstalled(&stall_key(topic, partition));
                let high_watermark = Some(high);
                TransactionStallEnded { topic, partition, last_stable_offset: lso, high_watermark }.emit();
            }
            Change::Unwatched { lso } => {
                self.restarted.remove(&key);
                crate::observe::health().unstalled(&stall_key(topic, partition));
                TransactionStallEnded { topic, partition, last_stable_offset: lso, high_watermark: None }.emit();
            }
        }
    }
}

fn stall_key(topic: &str, partition: i32) -> String {
    format!("open transaction {topic}/{partition}")
}

/// The `/ready` reason of a stalled partition.
fn stall_reason(topic: &str, partition: i32, lso: i64, high: i64, stalled: Duration) -> String {
    format!(
        "a transaction left open on {topic} partition {partition} to end (its last stable offset has stood at \
         {lso} for {} s while its records reach {high}: nothing past it can be read committed)",
        stalled.as_secs()
    )
}

/// Whether the open transaction may be this worker's, and what that means.
enum Ownership<'a> {
    /// No role of this worker writes the topic.
    NotWritten,
    /// This worker's role that writes it starts over now, aborting any transaction of its own.
    Restarting { role: &'static str, transactional_id: &'a str },
    /// That role already started over during this stall, which did not end it.
    NotEnded { role: &'static str, transactional_id: &'a str },
}

impl Ownership<'_> {
    fn way_out(&self, topic: &str, partition: i32, lso: i64) -> String {
        let outside = format!(
            "the producer holding it must end it (restart it: a transactional producer that starts again with \
             the same transactional id aborts it), or an operator aborts it (Apache Kafka: kafka-transactions.sh \
             --bootstrap-server ... find-hanging, then abort --topic {topic} --partition {partition} \
             --start-offset {lso}); a broker aborts a transaction after its producer's transaction timeout unless \
             the transaction hangs"
        );
        match self {
            Ownership::NotWritten => format!("no role of this worker writes {topic}: {outside}"),
            Ownership::Restarting { role, transactional_id } => format!(
                "this worker writes {topic} with transactional id {transactional_id}: its {role} role starts over, \
                 which fences and aborts any transaction left open under that id; if the stall goes on, {outside}"
            ),
            Ownership::NotEnded { role, transactional_id } => format!(
                "this worker's {role} role started over (transactional id {transactional_id}) and the transaction \
                 is still open, so it is another producer's (another worker's, whose log says the same, or a \
                 client outside the workers): {outside}"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUND: Duration = Duration::from_secs(10);

    fn at(start: Instant, seconds: u64) -> Instant {
        start + Duration::from_secs(seconds)
    }

    #[test]
    fn an_lso_that_stands_still_below_the_high_watermark_is_reported_after_the_bound_and_again_each_bound() {
        let start = Instant::now();
        let mut d = StallDetector::new(BOUND);
        assert_eq!(d.observe("g", 3, 466, 546, at(start, 0)), None);
        assert_eq!(d.observe("g", 3, 466, 546, at(start, 9)), None, "within the bound");
        let first = d.observe("g", 3, 466, 560, at(start, 10));
        assert_eq!(first, Some(Change::Stalled { lso: 466, high: 560, stalled: BOUND, reports: 1 }));
        assert_eq!(d.observe("g", 3, 466, 560, at(start, 15)), None, "reported once per bound");
        let second = d.observe("g", 3, 466, 560, at(start, 21));
        assert_eq!(second, Some(Change::Stalled { lso: 466, high: 560, stalled: Duration::from_secs(21), reports: 2 }));
        // Another partition of the same topic is tracked on its own.
        assert_eq!(d.observe("g", 4, 10, 10, at(start, 21)), None);
        // The transaction ends: the LSO moves.
        assert_eq!(d.observe("g", 3, 561, 561, at(start, 22)), Some(Change::Ended { lso: 561, high: 561 }));
        assert_eq!(d.observe("g", 3, 561, 561, at(start, 60)), None, "nothing beyond: never stalled");
    }

    #[test]
    fn an_lso_that_keeps_moving_or_has_nothing_beyond_it_is_never_reported() {
        let start = Instant::now();
        let mut d = StallDetector::new(BOUND);
        // Busy: transactions open and commit all the time, so the LSO trails the high
        // watermark at every observation, but moves.
        for second in 0..100 {
            let lso = 1_000 * second as i64;
            assert_eq!(d.observe("g", 0, lso, lso + 700, at(start, second)), None, "second {second}");
        }
        // Idle: the LSO stands still at the high watermark.
        for second in 100..200 {
            assert_eq!(d.observe("g", 0, 99_700, 99_700, at(start, second)), None);
        }
        // Records beyond again: the clock starts when they appear, not when the LSO last moved.
        assert_eq!(d.observe("g", 0, 99_700, 99_800, at(start, 200)), None);
        assert_eq!(d.observe("g", 0, 99_700, 99_800, at(start, 209)), None);
        assert!(matches!(d.observe("g", 0, 99_700, 99_800, at(start, 210)), Some(Change::Stalled { .. })));
    }

    #[test]
    fn a_stalled_partition_no_consumer_reports_any_more_ends_and_is_forgotten() {
        let start = Instant::now();
        let mut d = StallDetector::new(BOUND);
        d.observe("g", 1, 5, 9, at(start, 0));
        assert!(d.observe("g", 1, 5, 9, at(start, 10)).is_some());
        d.observe("g", 2, 5, 9, at(start, 10));
        assert!(d.forget_silent(at(start, 15), BOUND).is_empty(), "not silent long enough");
        let ended = d.forget_silent(at(start, 21), BOUND);
        assert_eq!(ended, vec![("g".to_string(), 1, Change::Unwatched { lso: 5 })], "partition 2 never stalled");
        // Observed again later: starts afresh.
        assert_eq!(d.observe("g", 1, 5, 9, at(start, 30)), None);
    }

    /// The first stall of a topic a role of this worker writes starts that role over (once
    /// per stall); later reports, and stalls of topics it does not write, start nothing; the
    /// worker is not ready while any lasts, and the way out says whose it may be.
    #[test]
    fn a_stall_on_a_topic_this_worker_writes_starts_the_writer_over_once_then_blames_another_producer() {
        let writer = OwnWriter { role: "predict", transactional_id: "t.predict.w1".into() };
        let mut watch = Watch {
            detector: StallDetector::new(BOUND),
            bound: BOUND,
            writers: HashMap::from([("t.gradients".to_string(), writer)]),
            restarted: HashMap::new(),
            interval: Duration::from_secs(1),
        };
        let stalled = |reports| Change::Stalled { lso: 5, high: 9, stalled: BOUND * reports, reports };
        let waiting = || crate::observe::health().waiting_for().join("; ");
        watch.report("t.gradients", 0, stalled(1));
        assert!(restart_requested("predict") && !restart_requested("predict"), "asked once");
        assert!(waiting().contains("a transaction left open on t.gradients partition 0"), "{}", waiting());
        watch.report("t.gradients", 0, stalled(2));
        assert!(!restart_requested("predict"), "not again within the same stall");
        watch.report("t.examples", 1, stalled(1));
        assert!(!restart_requested("predict") && !restart_requested("update"), "no role writes the examples");
        watch.report("t.gradients", 0, Change::Ended { lso: 9, high: 9 });
        watch.report("t.examples", 1, Change::Ended { lso: 9, high: 9 });
        assert!(!waiting().contains("t.gradients") && !waiting().contains("t.examples"), "{}", waiting());
        // A new stall later is the writer's to end again.
        watch.report("t.gradients", 0, stalled(1));
        assert!(restart_requested("predict"));
        watch.report("t.gradients", 0, Change::Ended { lso: 9, high: 9 });

        let restarting = Ownership::Restarting { role: "predict", transactional_id: "t.predict.w1" };
        let way_out = restarting.way_out("t.gradients", 0, 5);
        assert!(way_out.contains("transactional id t.predict.w1: its predict role starts over"), "{way_out}");
        let not_ended = Ownership::NotEnded { role: "predict", transactional_id: "t.predict.w1" };
        let way_out = not_ended.way_out("t.gradients", 0, 5);
        assert!(way_out.contains("another producer's"), "{way_out}");
        assert!(way_out.contains("--topic t.gradients --partition 0 --start-offset 5"), "{way_out}");
        let way_out = Ownership::NotWritten.way_out("t.examples", 1, 5);
        assert!(way_out.starts_with("no role of this worker writes t.examples"), "{way_out}");
    }

    #[test]
    fn statistics_give_the_offsets_of_the_partitions_being_fetched() {
        let json = br#"{"name": "c", "topics": {"m.gradients": {"topic": "m.gradients", "partitions": {
            "0": {"partition": 0, "fetch_state": "active", "hi_offset": 12, "ls_offset": 5, "lo_offset": 0},
            "1": {"partition": 1, "fetch_state": "none", "hi_offset": 3, "ls_offset": 3},
            "2": {"partition": 2, "fetch_state": "active", "hi_offset": -1, "ls_offset": -1},
            "-1": {"partition": -1, "fetch_state": "none", "hi_offset": -1, "ls_offset": -1}}}}}"#;
        assert_eq!(fetched_offsets(json), vec![("m.gradients".to_string(), 0, 5, 12)]);
        assert!(fetched_offsets(b"not json").is_empty());
        assert!(fetched_offsets(br#"{"brokers": {}}"#).is_empty());
    }
}
