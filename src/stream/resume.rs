//! How far a predict role must send examples one by one after it resumes examples
//! partitions (docs/exactly-once.md, 9). A coalesced record is applied whole or not at all,
//! so it must never cover an example that some owner has already seen, or that a record
//! already on its way may carry. The bound is *absolute*: per examples partition, up to the
//! highest offset any owner holds once the owners have applied everything that was on the
//! gradients log when the role resumed (their applied watermarks say so), and up to the
//! last offset an uncommitted attempt of the previous committer may have read (committed
//! offset + its batch bound, for a zombie's records still to come). Until the owners have
//! caught up the bounds are unknown and every example would go per example (always safe,
//! only larger); the predict role waits for them instead, to tell skipped examples apart.
//!
//! Knows nothing of Kafka: the predict role feeds it the committed offsets, the offsets of
//! its barrier records and what the owners publish.

use std::collections::BTreeMap;

/// What an owner last published about one gradients partition.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct OwnerMark {
    /// The next gradients offset the owner applies.
    pub resume: i64,
    /// Examples partition → the highest example offset the owner holds.
    pub seen: BTreeMap<i32, i64>,
}

impl OwnerMark {
    /// Takes a newer publication in; both parts only ever grow (a restored owner publishes
    /// again what it held).
    pub(crate) fn merge(&mut self, resume: i64, seen: impl IntoIterator<Item = (i32, i64)>) {
        self.resume = self.resume.max(resume);
        for (partition, offset) in seen {
            let held = self.seen.entry(partition).or_insert(offset);
            *held = (*held).max(offset);
        }
    }
}

/// Where this role resumed one examples partition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Resumed {
    /// The committed offset, if the group had one.
    pub committed: Option<i64>,
    /// Where reading starts: the committed offset, or the partition's first offset kept.
    pub start: i64,
    /// The largest batch bound an attempt from `start` may have used, this role's own
    /// included (the previous committer's from its commit metadata, or the largest allowed
    /// when the broker kept none): such an attempt read at most that many records.
    pub batch_bound: usize,
    /// The absolute bound the last committer carried forward in its metadata, if any.
    pub inherited_through: Option<i64>,
}

impl Resumed {
    /// The last offset an uncommitted attempt from `start` may have read.
    fn attempts_through(&self) -> i64 {
        self.start.saturating_add(self.batch_bound as i64) - 1
    }
}

/// The per-example bounds of one resumption (one assignment of examples partitions).
#[derive(Debug)]
pub(crate) struct Resumption {
    resumed: BTreeMap<i32, Resumed>,
    /// Gradients partition → the offset of this role's barrier record there: once the
    /// owner's resume offset passes it, the owner holds every record that was on the log
    /// before this role resumed.
    awaiting: BTreeMap<i32, i64>,
    /// Examples partition → the last offset that goes per example, once known.
    through: BTreeMap<i32, i64>,
}

/// What settling a resumption found, per examples partition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Settled {
    pub partition: i32,
    /// The last offset that goes per example (-1: none).
    pub through: i64,
    /// The highest offset any owner holds (-1: none).
    pub owners_hold: i64,
}

impl Resumption {
    /// A resumption whose bounds are known at once: no owner has ever seen a gradient
    /// (the gradients log is empty), so only the previous committer's attempts matter.
    pub(crate) fn on_empty_log(resumed: BTreeMap<i32, Resumed>) -> Self {
        let through =
            resumed.iter().map(|(p, r)| (*p, r.attempts_through().max(r.inherited_through.unwrap_or(-1)))).collect();
        Self { resumed, awaiting: BTreeMap::new(), through }
    }

    /// A resumption that waits for the owners to apply `barriers` (gradients partition →
    /// offset of this role's barrier record) before its bounds are known.
    pub(crate) fn after_barriers(resumed: BTreeMap<i32, Resumed>, barriers: BTreeMap<i32, i64>) -> Self {
        Self { resumed, awaiting: barriers, through: BTreeMap::new() }
    }

    /// Whether the bounds are still unknown (the owners have not applied every barrier).
    pub(crate) fn pending(&self) -> bool {
        !self.awaiting.is_empty()
    }

    /// Gradients partitions whose owner has not yet applied this role's barrier.
    pub(crate) fn awaiting(&self) -> impl Iterator<Item = i32> + '_ {
        self.awaiting.keys().copied()
    }

    /// Takes what the owners published; once every barrier is applied, fixes each
    /// partition's bound and returns them.
    pub(crate) fn settle(&mut self, owners: &BTreeMap<i32, OwnerMark>) -> Option<Vec<Settled>> {
        if !self.pending() {
            return None;
        }
        self.awaiting.retain(|gradients, barrier| owners.get(gradients).is_none_or(|mark| mark.resume <= *barrier));
        if self.pending() {
            return None;
        }
        let settled: Vec<Settled> = self
            .resumed
            .iter()
            .map(|(partition, resumed)| {
                let owners_hold =
                    owners.values().filter_map(|mark| mark.seen.get(partition)).copied().max().unwrap_or(-1);
                let through = owners_hold.max(resumed.attempts_through()).max(resumed.inherited_through.unwrap_or(-1));
                Settled { partition: *partition, through, owners_hold }
            })
            .collect();
        self.through = settled.iter().map(|s| (s.partition, s.through)).collect();
        Some(settled)
    }

    /// Whether the example at `offset` of `partition` must go per example: while the bounds
    /// are unknown, for a partition this resumption did not see, and up to the bound.
    pub(crate) fn per_example(&self, partition: i32, offset: i64) -> bool {
        self.through.get(&partition).is_none_or(|through| offset <= *through)
    }

    /// The bound to carry forward in the commit metadata of `partition`: what is known, at
    /// least what was inherited.
    pub(crate) fn carried(&self, partition: i32) -> Option<i64> {
        let inherited = self.resumed.get(&partition).and_then(|r| r.inherited_through);
        match (self.through.get(&partition).copied(), inherited) {
            (Some(known), inherited) => Some(known.max(inherited.unwrap_or(-1))),
            (None, inherited) => inherited,
        }
    }

    /// Per partition, the bound if known (for the log).
    pub(crate) fn bounds(&self) -> Vec<(i32, Option<i64>)> {
        self.resumed.keys().map(|p| (*p, self.through.get(p).copied())).collect()
    }
}

/// The commit metadata a predict role writes with its offsets: its batch bound and the
/// absolute per-example bound it carries forward.
pub(crate) fn commit_metadata(batch_bound: usize, through: Option<i64>) -> String {
    use super::wire::{BATCH_BOUND_METADATA, PER_EXAMPLE_THROUGH_METADATA};
    match through {
        Some(through) => format!("{BATCH_BOUND_METADATA}{batch_bound};{PER_EXAMPLE_THROUGH_METADATA}{through}"),
        None => format!("{BATCH_BOUND_METADATA}{batch_bound}"),
    }
}

/// Reads [`commit_metadata`]: (batch bound, per-example bound), each if present.
pub(crate) fn parse_commit_metadata(metadata: &str) -> (Option<usize>, Option<i64>) {
    use super::wire::{BATCH_BOUND_METADATA, PER_EXAMPLE_THROUGH_METADATA};
    let (mut bound, mut through) = (None, None);
    for part in metadata.split(';') {
        if let Some(value) = part.strip_prefix(BATCH_BOUND_METADATA) {
            bound = value.parse().ok();
        } else if let Some(value) = part.strip_prefix(PER_EXAMPLE_THROUGH_METADATA) {
            through = value.parse().ok();
        }
    }
    (bound, through)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resumed(committed: Option<i64>, batch_bound: usize) -> Resumed {
        Resumed { committed, start: committed.unwrap_or(0), batch_bound, inherited_through: None }
    }

    fn mark(resume: i64, seen: &[(i32, i64)]) -> OwnerMark {
        OwnerMark { resume, seen: seen.iter().copied().collect() }
    }

    /// The first case: 250,000 examples learned, the offset reset to 0 without
    /// metadata. A relative bound (0 + 100,000) would coalesce from 100,000 on, over examples
    /// the owners hold: the absolute one sends everything they hold per example.
    #[test]
    fn an_offset_reset_to_the_beginning_goes_per_example_up_to_what_the_owners_hold() {
        let mut resumption = Resumption::after_barriers(
            BTreeMap::from([(0, resumed(Some(0), 100_000))]),
            BTreeMap::from([(0, 70), (1, 80)]),
        );
        assert!(resumption.per_example(0, 200_000), "unknown bounds: everything per example");
        // Owner 1 has not applied the barrier yet.
        let mut owners = BTreeMap::from([(0, mark(71, &[(0, 249_999)])), (1, mark(80, &[(0, 249_998)]))]);
        assert_eq!(resumption.settle(&owners), None);
        assert!(resumption.per_example(0, 260_000));
        owners.get_mut(&1).unwrap().merge(81, [(0, 249_999)]);
        let settled = resumption.settle(&owners).unwrap();
        assert_eq!(settled, vec![Settled { partition: 0, through: 249_999, owners_hold: 249_999 }]);
        assert!(resumption.per_example(0, 249_999));
        assert!(!resumption.per_example(0, 250_000));
        assert_eq!(resumption.carried(0), Some(249_999));
    }

    /// A restart with the offsets where they were: the previous committer's uncommitted
    /// attempts (up to its batch bound past the committed offset) go per example too.
    #[test]
    fn an_ordinary_restart_covers_the_previous_committers_attempts() {
        let mut resumption =
            Resumption::after_barriers(BTreeMap::from([(1, resumed(Some(5_000), 500))]), BTreeMap::from([(0, 9)]));
        resumption.settle(&BTreeMap::from([(0, mark(10, &[(1, 4_999)]))])).unwrap();
        assert!(resumption.per_example(1, 5_499));
        assert!(!resumption.per_example(1, 5_500));
    }

    #[test]
    fn an_empty_gradients_log_needs_no_owner_and_a_partition_unseen_goes_per_example() {
        let resumption = Resumption::on_empty_log(BTreeMap::from([(0, resumed(None, 500))]));
        assert!(!resumption.pending());
        assert!(resumption.per_example(0, 499), "this role's own first attempt");
        assert!(!resumption.per_example(0, 500));
        assert!(resumption.per_example(7, 1_000_000), "a partition not resumed here");
    }

    #[test]
    fn an_owner_that_never_published_keeps_the_bounds_unknown() {
        let mut resumption =
            Resumption::after_barriers(BTreeMap::from([(0, resumed(None, 500))]), BTreeMap::from([(2, 0)]));
        assert_eq!(resumption.settle(&BTreeMap::new()), None);
        assert_eq!(resumption.awaiting().collect::<Vec<_>>(), vec![2]);
        assert!(resumption.per_example(0, 10));
    }

    #[test]
    fn the_inherited_bound_is_kept_and_carried_forward() {
        let inherited = Resumed { committed: Some(10), start: 10, batch_bound: 5, inherited_through: Some(90) };
        let mut resumption = Resumption::after_barriers(BTreeMap::from([(0, inherited)]), BTreeMap::from([(0, 3)]));
        assert_eq!(resumption.carried(0), Some(90), "carried while unknown");
        resumption.settle(&BTreeMap::from([(0, mark(4, &[(0, 20)]))])).unwrap();
        assert!(resumption.per_example(0, 90));
        assert!(!resumption.per_example(0, 91));
        assert_eq!(resumption.carried(0), Some(90));
    }

    #[test]
    fn commit_metadata_reads_back_and_old_metadata_still_reads() {
        assert_eq!(parse_commit_metadata(&commit_metadata(500, Some(1234))), (Some(500), Some(1234)));
        assert_eq!(parse_commit_metadata(&commit_metadata(500, None)), (Some(500), None));
        assert_eq!(parse_commit_metadata("ftrl.batch_max_examples=700"), (Some(700), None));
        assert_eq!(parse_commit_metadata(""), (None, None));
        assert_eq!(parse_commit_metadata("garbage;ftrl.per_example_through=x"), (None, None));
    }
}
