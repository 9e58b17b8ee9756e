//! How the predict role resumes its examples partitions after a rebalance: where each
//! starts, how far it must go per example (`stream::resume`), the barrier records that tell
//! when the owners hold everything before it, and the report of examples never learned.

use super::committer::{BatchOutput, Commit, Handover};
use super::learning::last_warning_due;
use super::{Predictor, Warming};
use crate::observe::events::{InternalEvent, WarmStartBegan, WarmStartEnded, WarmStartEnding};
use crate::schema::proto::GradientBatch;
use crate::stream::kafka::TRANSACTION_CALL_TIMEOUT;
use crate::stream::resume::{parse_commit_metadata, Resumed, Resumption};
use crate::stream::warm_start;
use crate::stream::StreamError;
use prost::Message as _;
use rdkafka::consumer::Consumer;
use rdkafka::{Offset, TopicPartitionList};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

impl Predictor {
    /// Notes where this role resumes each assigned partition and how far it must send its
    /// examples one by one (`stream::resume`): up to what the owners hold of the partition,
    /// whatever the committed offset says, and past the attempts the previous committer may
    /// have left (its batch bound from the commit metadata, or the largest allowed when the
    /// broker keeps none, as Tansu). What the owners hold is known once they have applied
    /// everything on the gradients log: this role writes a barrier record (an empty batch)
    /// to every gradients partition, and the bounds are settled when every owner's published
    /// resume offset has passed it. Until then every example goes per example. A gradients
    /// log that has never held a record needs no barrier.
    pub(super) fn resume(
        &mut self,
        committed: &[(i32, Offset, String)],
        handover: &mut Handover,
    ) -> Result<(), StreamError> {
        let mut resumed: BTreeMap<i32, Resumed> = BTreeMap::new();
        for (partition, offset, metadata) in committed {
            let (bound, inherited_through) = parse_commit_metadata(metadata);
            let (low, _) =
                self.consumer.fetch_watermarks(&self.topics.examples, *partition, TRANSACTION_CALL_TIMEOUT)?;
            let (committed, start, bound) = match offset {
                Offset::Offset(offset) => {
                    (Some(*offset), (*offset).max(low), bound.unwrap_or(crate::config::MAX_BATCH_EXAMPLES))
                }
                _ => (None, low, 0),
            };
            let batch_bound = bound.max(self.max_examples);
            resumed.insert(*partition, Resumed { committed, start, batch_bound, inherited_through });
        }
        // Other workers' hot pieces of batches reaching into what this role learns now
        // never committed: they leave the replica, and later ones are not taken.
        let starts: Vec<(i32, i64)> = resumed.iter().map(|(partition, r)| (*partition, r.start)).collect();
        let taken_back_before = self.replica.hot_superseded();
        self.replica.resume_examples(&starts)?;
        let hot_pieces_taken_back = self.replica.hot_superseded() - taken_back_before;
        self.resumed_from = resumed.iter().map(|(p, r)| (*p, r.committed)).collect();
        self.resumed_at = Instant::now();
        self.resumption = if self.gradients_never_written()? {
            Resumption::on_empty_log(resumed)
        } else {
            Resumption::after_barriers(resumed, self.send_barriers(handover)?)
        };
        tracing::info!(
            partitions = ?committed.iter().map(|(partition, offset, _)| (*partition, format!("{offset:?}"))).collect::<Vec<_>>(),
            per_example_through = ?self.resumption.bounds(),
            awaiting_owners_of = ?self.resumption.awaiting().collect::<Vec<_>>(),
            hot_pieces_taken_back,
            "examples partitions resumed at their committed offsets; learning waits until the owners say how far \
             they hold them"
        );
        Ok(())
    }

    /// Notes whether this worker, newly assigned `committed`, waits for a young model's warm
    /// start (`stream::warm_start`).
    pub(super) fn begin_warm_start(&mut self, committed: &[(i32, Offset, String)]) -> Result<(), StreamError> {
        if let Some(warming) = self.warming.take() {
            WarmStartEnded { waited: warming.since.elapsed(), ending: WarmStartEnding::Rebalanced }.emit();
        }
        let assigned: Vec<i32> = committed.iter().map(|(partition, _, _)| *partition).collect();
        if !warm_start::may_wait(&assigned, self.warm_start_examples) {
            return Ok(());
        }
        let (low, high) = self.consumer.fetch_watermarks(
            &self.topics.examples,
            warm_start::LEADING_PARTITION,
            TRANSACTION_CALL_TIMEOUT,
        )?;
        let marks = &self.feed.taken.owners;
        let Some(target) =
            warm_start::target(marks, self.writer.partitions(), &assigned, low, high, self.warm_start_examples)
        else {
            return Ok(());
        };
        WarmStartBegan {
            leading_partition: warm_start::LEADING_PARTITION,
            first_offset: low,
            next_offset: high,
            through_offset: target,
            at_most: self.max_unconfirmed,
        }
        .emit();
        self.warming = Some(Warming { target, since: Instant::now() });
        Ok(())
    }

    /// Whether a warm start this worker waits for is over (or it waits for none); otherwise
    /// takes the owners' states and other workers' pieces for a little while (and returns
    /// false, so the loop can check for shutdown). It waits at most
    /// `worker.max_unconfirmed_ms`, the bound on waiting for owners.
    pub(super) fn warmed_up(&mut self) -> Result<bool, StreamError> {
        let Some(warming) = &self.warming else {
            return Ok(true);
        };
        let held = warm_start::held(&self.feed.taken.owners, self.writer.partitions());
        let waited = warming.since.elapsed();
        let ending = if held.is_some_and(|held| held >= warming.target) {
            WarmStartEnding::Held
        } else if waited >= self.max_unconfirmed {
            WarmStartEnding::Bound { owners_hold_through: held, through_offset: warming.target }
        } else {
            self.feed.catch_up(&mut self.replica, Duration::from_millis(20))?;
            self.receive_hot()?;
            return Ok(false);
        };
        WarmStartEnded { waited, ending }.emit();
        self.warming = None;
        Ok(true)
    }

    /// Writes and commits an empty gradients batch to every gradients partition; returns
    /// the offset each landed at. Its event time is unset, so that no owner's expiry clock
    /// moves by it.
    fn send_barriers(&mut self, handover: &mut Handover) -> Result<BTreeMap<i32, i64>, StreamError> {
        let barrier = GradientBatch { examples: Vec::new(), time_ms: -1, coalesced: None }.encode_to_vec();
        let out = BatchOutput {
            gradients: (0..self.writer.partitions()).map(|partition| (partition, barrier.clone())).collect(),
            ..Default::default()
        };
        let group = self.consumer.group_metadata().ok_or(StreamError::NoGroupMetadata)?;
        handover.hand_over(Commit { out, offsets: TopicPartitionList::new(), group })?;
        let delivered = handover.wait()?;
        let barriers: BTreeMap<i32, i64> =
            delivered.iter().map(|(partition, (_, after))| (*partition, after - 1)).collect();
        if barriers.len() != self.writer.partitions() as usize {
            return Err(StreamError::Other(format!(
                "the barrier records' offsets came back for gradients partitions {:?} only",
                barriers.keys().collect::<Vec<_>>()
            )));
        }
        Ok(barriers)
    }

    /// Whether the per-example bounds are known; otherwise waits a little for the owners
    /// (and returns false, so the loop can check for shutdown). The role learns nothing
    /// until then (about one owner transaction after a resume): what the owners hold is
    /// then what they held before this session, so that examples skipped are told apart from
    /// its own. Once every owner has applied this role's barrier, fixes the bounds and
    /// reports examples that were never learned: an examples partition whose owners hold
    /// less than what precedes where this role resumed it (offsets reset forward, or deleted
    /// by retention before being learned).
    pub(super) fn settle_resumption(&mut self) -> Result<bool, StreamError> {
        if !self.resumption.pending() {
            return Ok(true);
        }
        let Some(settled) = self.resumption.settle(&self.feed.taken.owners) else {
            self.feed.catch_up(&mut self.replica, Duration::from_millis(100))?;
            let waited = self.resumed_at.elapsed();
            if waited >= Duration::from_secs(30) && last_warning_due(waited) {
                tracing::warn!(
                    waited_s = waited.as_secs(),
                    gradients_partitions = ?self.resumption.awaiting().collect::<Vec<_>>(),
                    "the owners of these gradients partitions have not applied this worker's barrier yet, and it \
                     learns nothing until they do. Is an update role running for each?"
                );
            }
            return Ok(false);
        };
        tracing::info!(
            seconds = self.resumed_at.elapsed().as_secs_f64(),
            per_example_through = ?settled.iter().map(|s| (s.partition, s.through)).collect::<Vec<_>>(),
            owners_hold = ?settled.iter().map(|s| (s.partition, s.owners_hold)).collect::<Vec<_>>(),
            "per-example bounds known: examples up to these offsets go per example, the rest may coalesce"
        );
        for settled in settled {
            let committed = self.resumed_from.iter().find(|(p, _)| *p == settled.partition).and_then(|(_, c)| *c);
            self.report_skipped(settled.partition, committed, settled.owners_hold)?;
        }
        Ok(true)
    }

    /// Counts and reports the examples of `partition` between what the owners hold and
    /// where this role resumed it, none of which is ever learned.
    fn report_skipped(&mut self, partition: i32, committed: Option<i64>, owners_hold: i64) -> Result<(), StreamError> {
        let (low, _) = self.consumer.fetch_watermarks(&self.topics.examples, partition, TRANSACTION_CALL_TIMEOUT)?;
        let start = committed.unwrap_or(low).max(low);
        let from = owners_hold + 1;
        if start <= from {
            return Ok(());
        }
        // Records, not offsets: transaction markers take offsets too. A record that cannot
        // be read as an example would have been a dead letter, not learned either way.
        let (mut examples, mut unreadable) = (0u64, 0u64);
        let (reader, features) = (&mut self.readers[0], &mut Vec::new());
        let counted =
            crate::stream::kafka::read_range(&self.config, &self.topics.examples, partition, from, start, |payload| {
                features.clear();
                match payload.map(|payload| reader.read(payload, features)) {
                    Some(Ok(_)) => examples += 1,
                    _ => unreadable += 1,
                }
            });
        let cause = if committed.is_some_and(|c| c < low) {
            "deleted by retention before they were learned"
        } else if committed.is_some() {
            "the group's offset was moved past them"
        } else {
            "the group had no offset and the earliest kept record is past them"
        };
        match counted {
            // Only dead letters (or transaction markers) there: nothing learnable was skipped.
            Ok(()) if examples == 0 => {}
            Ok(()) => {
                crate::observe::events::ExamplesSkipped { examples }.emit();
                tracing::warn!(
                    partition,
                    first_offset = from,
                    end_offset = start,
                    examples,
                    unreadable,
                    cause,
                    "examples never learned: the owners hold this partition up to first_offset - 1 and this worker \
                     resumed it at end_offset"
                );
            }
            Err(error) => {
                // Deleted records cannot be read: the offsets are all there is to count.
                let examples = (start - from) as u64;
                crate::observe::events::ExamplesSkipped { examples }.emit();
                tracing::warn!(
                    partition,
                    first_offset = from,
                    end_offset = start,
                    offsets = examples,
                    cause,
                    %error,
                    "examples never learned (counted by offset, the records could not be read): the owners hold this \
                     partition up to first_offset - 1 and this worker resumed it at end_offset"
                );
            }
        }
        Ok(())
    }

    /// Whether no gradients partition has ever held a record (its end offset is 0).
    fn gradients_never_written(&self) -> Result<bool, StreamError> {
        for partition in 0..self.writer.partitions() {
            let (_, end) =
                self.consumer.fetch_watermarks(&self.topics.gradients, partition, TRANSACTION_CALL_TIMEOUT)?;
            if end > 0 {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
