//! The warm start of a model that starts empty (`worker.warm_start_examples`): the worker of
//! examples partition 0 learns alone until the owners hold its first examples, and the
//! others start then, from a replica that holds them.
//!
//! Why: while a model is young its weights move most, and a worker sees the others' steps
//! only after their round trip through the owners. N workers starting together on an empty
//! model each learn their first examples from their own alone, and the group's loss pays for
//! it long after (docs/benchmarks.md, "N workers: a warm start"). Dean et al. warm-started
//! Downpour SGD with one replica for the same reason ("Large Scale Distributed Deep
//! Networks", NIPS 2012). A worker that joins a model already learned, or a group whose
//! examples partition 0 holds nothing, does not wait; nor does one that has waited its
//! bound: the warm start only ever delays learning, and by a bounded time.

use super::resume::OwnerMark;
use std::collections::BTreeMap;

/// The examples partition whose worker learns a young model alone.
pub(crate) const LEADING_PARTITION: i32 = 0;

/// The highest offset of [`LEADING_PARTITION`] the owners must hold before a worker without it
/// learns, or `None` when it need not wait.
///
/// `marks` are the owners' published marks as the worker's replica has taken them, of
/// `partitions` gradients partitions; `low` and `high` the leading partition's first and
/// next offsets when the worker got its assignment. It waits only while the model is young:
/// the owners hold nothing of any other examples partition (a group that has learned before
/// holds them all), and fewer than `examples` examples of the leading one, or fewer than it
/// held at the assignment.
pub(crate) fn target(
    marks: &BTreeMap<i32, OwnerMark>,
    partitions: i32,
    assigned: &[i32],
    low: i64,
    high: i64,
    examples: usize,
) -> Option<i64> {
    if !may_wait(assigned, examples) {
        return None;
    }
    let learned_before = marks.values().any(|mark| mark.seen.keys().any(|partition| *partition != LEADING_PARTITION));
    let target = low.saturating_add(i64::try_from(examples).unwrap_or(i64::MAX)).min(high) - 1;
    if learned_before || target < low || held(marks, partitions).is_some_and(|held| held >= target) {
        return None;
    }
    Some(target)
}

/// Whether a worker assigned `assigned` may wait at all for a warm start of `examples`: not
/// when it is off, nor for the worker of the leading partition or of none. (Asked before
/// the broker is, for the leading partition's offsets.)
pub(crate) fn may_wait(assigned: &[i32], examples: usize) -> bool {
    examples > 0 && !assigned.is_empty() && !assigned.contains(&LEADING_PARTITION)
}

/// The highest offset of [`LEADING_PARTITION`] that the owners of all `partitions` gradients
/// partitions hold: a replica holds an example's steps once every owner has published them.
/// (Every owner gets a record of each coalesced batch, so every owner's mark passes it.)
pub(crate) fn held(marks: &BTreeMap<i32, OwnerMark>, partitions: i32) -> Option<i64> {
    (0..partitions).map(|gradients| marks.get(&gradients)?.seen.get(&LEADING_PARTITION).copied()).min().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(owners: &[&[(i32, i64)]]) -> BTreeMap<i32, OwnerMark> {
        owners
            .iter()
            .enumerate()
            .map(|(gradients, seen)| (gradients as i32, OwnerMark { resume: 0, seen: seen.iter().copied().collect() }))
            .collect()
    }

    #[test]
    fn a_worker_without_the_leading_partition_waits_on_an_empty_model_for_its_first_examples() {
        assert_eq!(target(&marks(&[]), 2, &[1], 0, 100_000, 20_000), Some(19_999));
        // The partition's first offset kept is where its worker starts.
        assert_eq!(target(&marks(&[]), 2, &[1, 3], 500, 100_000, 20_000), Some(20_499));
    }

    #[test]
    fn the_wait_is_for_what_the_leading_partition_held_at_the_assignment_at_most() {
        assert_eq!(target(&marks(&[]), 2, &[1], 0, 300, 20_000), Some(299));
        assert_eq!(target(&marks(&[]), 2, &[1], 0, 300, usize::MAX), Some(299), "however many it asks");
        assert_eq!(target(&marks(&[]), 2, &[1], 40, 40, 20_000), None, "an empty leading partition");
    }

    #[test]
    fn the_worker_of_the_leading_partition_or_of_none_does_not_wait() {
        assert_eq!(target(&marks(&[]), 2, &[0, 2], 0, 100_000, 20_000), None);
        assert_eq!(target(&marks(&[]), 2, &[], 0, 100_000, 20_000), None);
        assert_eq!(target(&marks(&[]), 2, &[1], 0, 100_000, 0), None, "warm start off");
    }

    #[test]
    fn a_model_learned_before_needs_no_warm_start() {
        let learned = marks(&[&[(0, 9), (1, 12)], &[(0, 9)]]);
        assert_eq!(target(&learned, 2, &[1], 0, 100_000, 20_000), None);
    }

    #[test]
    fn a_worker_assigned_after_the_leader_began_waits_for_the_rest_of_its_examples() {
        let begun = marks(&[&[(0, 4_999)], &[(0, 9_999)]]);
        assert_eq!(held(&begun, 2), Some(4_999), "every owner must hold it");
        assert_eq!(held(&begun, 3), None, "the third owner has published none of it yet");
        assert_eq!(target(&begun, 3, &[1], 0, 100_000, 20_000), Some(19_999));
        assert_eq!(target(&begun, 2, &[1], 0, 100_000, 20_000), Some(19_999));
        let done = marks(&[&[(0, 19_999)], &[(0, 25_000)]]);
        assert_eq!(target(&done, 2, &[1], 0, 100_000, 20_000), None);
        assert_eq!(target(&done, 3, &[1], 0, 100_000, 20_000), Some(19_999), "until the third owner holds them too");
    }
}
