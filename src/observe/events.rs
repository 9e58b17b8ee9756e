//! Internal events: one struct per thing that happens in the process, whose [`emit`]
//! writes its log line (where there is one) and moves its metrics. The code where it
//! happens says what happened (`TransactionEnded { role: "update", elapsed, committed, .. }
//! .emit()`) and this module alone knows what is logged and counted for it, so that the
//! roles, `serve` and the metrics stay apart and a new metric is added in one place.
//!
//! The events carry plain figures, not the stream's or the store's types, so that `observe`
//! stays below them.
//!
//! [`emit`]: InternalEvent::emit

use super::metrics;
use crate::learn::{Judgment, Progress};
use std::fmt::Display;
use std::time::Duration;

/// Something that happened, logged and counted where it is emitted.
pub(crate) trait InternalEvent {
    fn emit(self);
}

/// A role's Kafka transaction ended: committed after `elapsed`, or failed (aborted or
/// abandoned). A committed one that `consumed` records is the role making progress.
pub(crate) struct TransactionEnded {
    pub role: &'static str,
    pub elapsed: Duration,
    pub committed: bool,
    pub consumed: bool,
}

impl InternalEvent for TransactionEnded {
    fn emit(self) {
        metrics().transaction(self.role, self.elapsed, self.committed);
        if self.committed && self.consumed {
            super::health().role_progressed(self.role);
        }
    }
}

/// The predict role handed a batch to its committer: its scored examples and the records
/// it sends to the dead-letter topic.
pub(crate) struct ExamplesPredicted<'a> {
    pub scored: &'a Progress,
    pub dead_letters: usize,
}

impl InternalEvent for ExamplesPredicted<'_> {
    fn emit(self) {
        metrics().predicted([self.scored], self.dead_letters);
    }
}

/// The predict role judged a span of its scored examples against the best constant
/// prediction of their labels (`learn::DivergenceWatch`).
pub(crate) struct ModelJudged {
    pub judgment: Judgment,
}

impl InternalEvent for ModelJudged {
    fn emit(self) {
        metrics().judged(&self.judgment);
        let Judgment { examples, model_loss, constant_loss, diverging, changed } = self.judgment;
        match (diverging, changed) {
            (true, true) => tracing::warn!(examples, model_loss, constant_loss, "{}", Judgment::DIVERGING),
            (false, true) => tracing::info!(examples, model_loss, constant_loss, "{}", Judgment::RECOVERED),
            _ => {}
        }
    }
}

/// A predict role found examples that will never be learned (the group's offset moved past
/// them, or retention deleted them first); it logs them itself, with their partition,
/// offsets and cause.
pub(crate) struct ExamplesSkipped {
    pub examples: u64,
}

impl InternalEvent for ExamplesSkipped {
    fn emit(self) {
        metrics().skipped(self.examples);
    }
}

/// A role consumed `topic` up to these records, as (partition, offset): the positions the
/// consumer lag is measured from.
pub(crate) struct RecordsConsumed<'a, I> {
    pub topic: &'a str,
    pub records: I,
}

impl<I: IntoIterator<Item = (i32, i64)>> InternalEvent for RecordsConsumed<'_, I> {
    fn emit(self) {
        metrics().consumed(self.topic, self.records);
    }
}

/// A role's group consumer now has `partitions` of `topic` (after a rebalance).
pub(crate) struct PartitionsAssigned<'a> {
    pub topic: &'a str,
    pub partitions: &'a [i32],
}

impl InternalEvent for PartitionsAssigned<'_> {
    fn emit(self) {
        metrics().assigned(self.topic, self.partitions);
    }
}

/// The lag of a partition a role is assigned was measured: records between the role's
/// position and the partition's end.
pub(crate) struct ConsumerLagMeasured<'a> {
    pub topic: &'a str,
    pub partition: i32,
    pub lag: i64,
}

impl InternalEvent for ConsumerLagMeasured<'_> {
    fn emit(self) {
        metrics().consumer_lag(self.topic, self.partition, self.lag);
    }
}

/// A role failed transiently and starts over after `retry_in`; it has done so `restarts`
/// times in this process.
pub(crate) struct RoleRestarted<'a> {
    pub role: &'a str,
    pub error: &'a dyn Display,
    pub restarts: u64,
    pub retry_in: Duration,
    /// Whether it failed; false when it starts over on purpose (to end a transaction left
    /// open under its own transactional id), which says nothing of its health.
    pub failed: bool,
}

impl InternalEvent for RoleRestarted<'_> {
    fn emit(self) {
        metrics().role_restart(self.role);
        if !self.failed {
            tracing::info!(role = self.role, reason = %self.error, "role starts over");
            return;
        }
        // Not ready until the role commits again (or stays up a while): a role failing over
        // and over on the same input must not look healthy.
        let again = super::health().role_failed(
            self.role,
            format!(
                "the {} role to recover (it failed: {}; starting over in {} ms)",
                self.role,
                self.error,
                self.retry_in.as_millis()
            ),
            self.retry_in,
        );
        let retry_in_ms = self.retry_in.as_millis() as u64;
        if again {
            tracing::error!(
                role = self.role,
                error = %self.error,
                restarts = self.restarts,
                retry_in_ms,
                "role failed again without committing anything since it started over; starting it over (not ready)"
            );
        } else {
            tracing::warn!(
                role = self.role,
                error = %self.error,
                restarts = self.restarts,
                retry_in_ms,
                "role failed; starting it over"
            );
        }
    }
}

/// A partition a role reads committed has had records beyond its last stable offset, which
/// has not moved for `stalled` (past `bound`): a transaction left open there. Reported
/// once per bound while it lasts, with what is known of whose it is (`way_out`).
pub(crate) struct TransactionStalled<'a> {
    pub topic: &'a str,
    pub partition: i32,
    pub last_stable_offset: i64,
    pub high_watermark: i64,
    pub stalled: Duration,
    pub bound: Duration,
    pub reports: u32,
    pub way_out: &'a str,
}

impl InternalEvent for TransactionStalled<'_> {
    fn emit(self) {
        metrics().transaction_stall(self.topic, self.partition, Some(self.stalled));
        tracing::error!(
            topic = self.topic,
            partition = self.partition,
            last_stable_offset = self.last_stable_offset,
            high_watermark = self.high_watermark,
            stalled_s = self.stalled.as_secs(),
            bound_s = self.bound.as_secs_f64(),
            reports = self.reports,
            way_out = self.way_out,
            "a transaction left open stops reading past the last stable offset; the worker is not ready"
        );
    }
}

/// A partition reported stalled moved on: its open transaction ended (with the high
/// watermark seen then), or no consumer of this process reads it any more (`None`).
pub(crate) struct TransactionStallEnded<'a> {
    pub topic: &'a str,
    pub partition: i32,
    pub last_stable_offset: i64,
    pub high_watermark: Option<i64>,
}

impl InternalEvent for TransactionStallEnded<'_> {
    fn emit(self) {
        metrics().transaction_stall(self.topic, self.partition, None);
        match self.high_watermark {
            Some(high_watermark) => tracing::info!(
                topic = self.topic,
                partition = self.partition,
                last_stable_offset = self.last_stable_offset,
                high_watermark,
                "the transaction left open ended; reading past the last stable offset again"
            ),
            None => tracing::info!(
                topic = self.topic,
                partition = self.partition,
                last_stable_offset = self.last_stable_offset,
                "a partition stalled by a transaction left open is no longer read here (revoked); no longer watched"
            ),
        }
    }
}

/// A dead letter was cut to fit what can be sent (`limit` bytes): its value (and key) keep
/// their first bytes, and its headers say so.
pub(crate) struct DeadLetterTruncated {
    pub partition: i32,
    pub offset: i64,
    pub original_bytes: usize,
    pub sent_bytes: usize,
    pub limit: usize,
}

impl InternalEvent for DeadLetterTruncated {
    fn emit(self) {
        metrics().dead_letter_truncated();
        tracing::warn!(
            partition = self.partition,
            offset = self.offset,
            original_bytes = self.original_bytes,
            sent_bytes = self.sent_bytes,
            limit = self.limit,
            "dead letter too large to send whole; sent truncated (header ftrl.truncated)"
        );
    }
}

/// A dead letter could not be sent at all, even cut to its headers: the record is skipped,
/// counted and reported here.
pub(crate) struct DeadLetterDropped<'a> {
    pub partition: i32,
    pub offset: i64,
    pub reason: &'a str,
    pub error: &'a dyn Display,
}

impl InternalEvent for DeadLetterDropped<'_> {
    fn emit(self) {
        metrics().dead_letter_dropped();
        tracing::error!(
            partition = self.partition,
            offset = self.offset,
            reason = self.reason,
            error = %self.error,
            "a bad record's dead letter cannot be sent even cut to its headers; the record is skipped"
        );
    }
}

/// Kafka reported an error of `kind` (librdkafka's error code).
pub(crate) struct KafkaErrorSeen<'a> {
    pub kind: &'a str,
}

impl InternalEvent for KafkaErrorSeen<'_> {
    fn emit(self) {
        metrics().kafka_error(self.kind);
    }
}

/// A probe of the Kafka cluster found no broker to answer.
pub(crate) struct ClusterUnreachable<'a> {
    pub error: &'a dyn Display,
}

impl InternalEvent for ClusterUnreachable<'_> {
    fn emit(self) {
        metrics().kafka_error("unreachable");
        tracing::debug!(error = %self.error, "Kafka cluster probe failed");
    }
}

/// The figures of the update role's store, sampled after a transaction. The lookups count
/// since the store opened.
pub(crate) struct StoreSampled {
    pub cache_hits: u64,
    pub cache_misses: u64,
    pub resident: usize,
    pub disk_bytes: u64,
}

impl InternalEvent for StoreSampled {
    fn emit(self) {
        metrics().store(self.cache_hits, self.cache_misses, self.resident, self.disk_bytes);
    }
}

/// The figures of a weight view (the predict role's replica, or `serve`'s view): its
/// size, the owner records it took, and how far it trails.
pub(crate) struct ViewSampled {
    pub weights: usize,
    pub deltas: u64,
    pub staleness_ms: i64,
    /// The predict role's examples not yet applied; `None` for `serve`, which learns none.
    pub examples_behind: Option<usize>,
}

impl InternalEvent for ViewSampled {
    fn emit(self) {
        metrics().view(self.weights, self.deltas, self.staleness_ms, self.examples_behind);
    }
}

/// The predict role's hot exchange, sampled after a batch: pieces since the role started.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HotSampled {
    pub sent: u64,
    pub taken: u64,
    pub confirmed: u64,
    pub refused: u64,
    pub taken_back: u64,
    pub held: usize,
}

impl InternalEvent for HotSampled {
    fn emit(self) {
        metrics().hot([
            ("sent", self.sent),
            ("taken", self.taken),
            ("confirmed", self.confirmed),
            ("refused", self.refused),
            ("taken_back", self.taken_back),
            ("held", self.held as u64),
        ]);
    }
}

/// The model is young, so this predict role waits for the warm start: the worker of the
/// leading examples partition learns alone until the owners hold `first_offset` to
/// `through_offset` of it (`stream::warm_start`).
pub(crate) struct WarmStartBegan {
    pub leading_partition: i32,
    pub first_offset: i64,
    pub next_offset: i64,
    pub through_offset: i64,
    pub at_most: Duration,
}

impl InternalEvent for WarmStartBegan {
    fn emit(self) {
        metrics().warm_start("began", Duration::ZERO);
        tracing::info!(
            leading_partition = self.leading_partition,
            first_offset = self.first_offset,
            next_offset = self.next_offset,
            examples = self.through_offset + 1 - self.first_offset,
            through_offset = self.through_offset,
            at_most_ms = self.at_most.as_millis() as u64,
            "warm start: the model is young, so the worker of the leading examples partition learns alone until the \
             owners hold its first examples; this worker learns once its replica holds them"
        );
    }
}

/// How a warm start's wait ended.
pub(crate) enum WarmStartEnding {
    /// The replica holds the leading partition's first examples.
    Held,
    /// The wait reached its bound without them.
    Bound { owners_hold_through: Option<i64>, through_offset: i64 },
    /// A rebalance came first (the new assignment decides again whether to wait).
    Rebalanced,
}

/// A warm start's wait ended after `waited`.
pub(crate) struct WarmStartEnded {
    pub waited: Duration,
    pub ending: WarmStartEnding,
}

impl InternalEvent for WarmStartEnded {
    fn emit(self) {
        let waited_ms = self.waited.as_millis() as u64;
        match self.ending {
            WarmStartEnding::Held => {
                metrics().warm_start("held", self.waited);
                tracing::info!(
                    waited_ms,
                    "warm start over: the replica holds the leading partition's first examples; learning"
                );
            }
            WarmStartEnding::Bound { owners_hold_through, through_offset } => {
                metrics().warm_start("bound", self.waited);
                tracing::warn!(
                    waited_ms,
                    owners_hold_through,
                    through_offset,
                    "warm start: the owners do not hold the leading examples partition's first examples yet (is its \
                     worker running?); learning without them"
                );
            }
            WarmStartEnding::Rebalanced => {
                metrics().warm_start("rebalanced", self.waited);
                tracing::info!(waited_ms, "warm start: a rebalance came while this worker waited");
            }
        }
    }
}

/// The Hedge member that leads the predict role's mixture (least cumulative progressive
/// loss), sampled after a batch.
pub(crate) struct HedgeLeaderSampled {
    pub alpha: f64,
}

impl InternalEvent for HedgeLeaderSampled {
    fn emit(self) {
        metrics().hedge_leader(self.alpha);
    }
}

/// `serve`'s Hedge mixture follows a new leader, after the predict roles' progress it read
/// over `examples`.
pub(crate) struct HedgeLeaderChanged {
    pub alpha: f64,
    pub examples: u64,
}

impl InternalEvent for HedgeLeaderChanged {
    fn emit(self) {
        tracing::info!(leader_alpha = self.alpha, examples = self.examples, "Hedge mixture follows a new leader");
    }
}

/// `serve` answered a request to `endpoint` with `status`.
pub(crate) struct HttpRequestAnswered {
    pub endpoint: &'static str,
    pub status: u16,
}

impl InternalEvent for HttpRequestAnswered {
    fn emit(self) {
        metrics().http_request(self.endpoint, self.status);
    }
}

/// `serve` predicted `count` examples of a request.
pub(crate) struct ExamplesServed {
    pub count: usize,
}

impl InternalEvent for ExamplesServed {
    fn emit(self) {
        metrics().served(self.count);
    }
}
