//! A predict side's replica of a sharded model: the full per-coordinate state, learned from
//! at once, so that a stream worker never waits on its coordinates' owners for its own
//! examples (DESIGN §8: "a worker never waits on Kafka for its own examples").
//!
//! Two things change a replica's states:
//!
//! * **Its own examples**, applied at once with the owners' rule ([`OwnerRule::apply`]), in
//!   the order the owners will apply the same gradients. With one worker the owners' states
//!   are therefore the replica's, bit for bit, and the stream learns what the embedded
//!   trainer learns on the same example order.
//! * **The owners' published states**, which also hold other workers' contributions. The
//!   replica keeps, per batch it has not yet seen applied, how its own examples moved each
//!   coordinate (a state difference: z, n, Σg and the update count all add up). When an
//!   owner publishes coordinate c's state O(c) together with the examples it has applied
//!   (its applied watermark), the replica becomes O(c) + its own differences the owner has
//!   not applied yet. When O(c) holds nothing but what the replica already has (the update
//!   counts add up exactly) the replica's own state is kept, so nothing is rounded anew.
//!
//! How far the owners trail (examples learned here that no owner has confirmed, and for
//! how long) is what other workers' replicas miss of this one: the staleness the stream
//! bounds and exports.

use super::owner::OwnerRule;
use super::view_learner::{Gradient, View};
use super::CoordState;
use hashbrown::HashMap;
use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

/// One coordinate of the replica: its state, the batch in which its state before that batch
/// was noted (so each coordinate is noted once per batch), and how many of its updates are
/// own ones its owner has not confirmed yet (so that an owner state holding nothing foreign
/// is recognised without summing the batches' differences).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    state: CoordState,
    noted_in: u32,
    unconfirmed_updates: u32,
}

/// How one batch of this replica's own examples moved the coordinates it touched.
#[derive(Debug)]
struct OwnBatch {
    /// (owner partition, examples partition) → highest example offset whose gradients the
    /// batch sent to that owner: it has applied the batch when its watermark reaches these.
    requirements: BTreeMap<(i32, i32), i64>,
    /// Examples partition → the batch's lowest example offset. An owner's watermark at or
    /// past it, and short of the requirement, has applied part of the batch.
    firsts: BTreeMap<i32, i64>,
    /// Per owner partition: coordinate → the state difference the batch made.
    differences: Vec<HashMap<u64, CoordState>>,
    /// Owner partitions that have not yet applied the batch.
    unconfirmed: Vec<i32>,
    examples: usize,
    sealed_at: Instant,
}

impl OwnBatch {
    fn applied_by(&self, partition: i32, watermark: &BTreeMap<i32, i64>) -> bool {
        self.requirements
            .range((partition, i32::MIN)..=(partition, i32::MAX))
            .all(|((_, origin), offset)| watermark.get(origin).is_some_and(|applied| applied >= offset))
    }

    /// Whether owner `partition` has applied some of the batch but not all of it: a batch's
    /// gradients for one owner may span several records, and a transaction may end between
    /// them. (Offsets only grow per examples partition, and an owner applies a batch's
    /// records before a later batch's, so a watermark past `firsts` comes from this batch.)
    fn partly_applied_by(&self, partition: i32, watermark: &BTreeMap<i32, i64>) -> bool {
        self.requirements.range((partition, i32::MIN)..=(partition, i32::MAX)).any(|((_, origin), offset)| {
            let first = self.firsts.get(origin).copied().unwrap_or(i64::MAX);
            watermark.get(origin).is_some_and(|applied| *applied >= first && applied < offset)
        })
    }
}

/// Own examples learned here that the owners have not applied yet.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Unconfirmed {
    pub examples: usize,
    /// Since the oldest such batch was sealed (zero without one).
    pub age: Duration,
}

/// A replica of every coordinate's state, with the owners' rule.
pub struct Replica {
    rule: OwnerRule,
    /// `owner_partitions`: coordinate c belongs to owner partition c mod this.
    partitions: u64,
    entries: HashMap<u64, Entry>,
    /// Batch number of the batch being learned (starts at 1: 0 marks "never noted"; it
    /// would wrap after 4·10⁹ batches, years at ten a second).
    batch: u32,
    /// Coordinates touched by the current batch, with their Hedge member and their state
    /// before it.
    before: Vec<(u64, u32, CoordState)>,
    /// Per owner partition: coordinates the current batch touched there.
    touched: Vec<usize>,
    own: VecDeque<OwnBatch>,
    /// States owners published without a watermark yet, per owner partition: a watermark
    /// closes each transaction's records.
    buffered: BTreeMap<i32, Vec<(u64, CoordState)>>,
    /// Owner states that held other workers' contributions (replaced the replica's).
    pub merged: u64,
    /// Owner transactions whose states were not taken because they held part of one of
    /// this replica's batches (which the difference bookkeeping cannot split).
    pub deferred: u64,
}

impl Replica {
    pub fn new(rule: OwnerRule, partitions: i32) -> Self {
        Self {
            rule,
            partitions: partitions.max(1) as u64,
            entries: HashMap::new(),
            batch: 1,
            before: Vec::new(),
            touched: vec![0; partitions.max(1) as usize],
            own: VecDeque::new(),
            buffered: BTreeMap::new(),
            merged: 0,
            deferred: 0,
        }
    }

    pub fn rule(&self) -> &OwnerRule {
        &self.rule
    }

    /// Coordinates with a state.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn state(&self, coordinate: u64) -> CoordState {
        self.entries.get(&coordinate).map(|e| e.state).unwrap_or_default()
    }

    /// Applies one example's gradients at once, as its owners will.
    pub fn learn(&mut self, gradients: &[Gradient]) {
        for gradient in gradients {
            if !gradient.value.is_finite() {
                continue; // as owners drop them (see `stream::apply`)
            }
            let entry = self.entries.entry(gradient.coordinate).or_default();
            if entry.noted_in != self.batch {
                self.before.push((gradient.coordinate, gradient.member, entry.state));
                self.touched[(gradient.coordinate % self.partitions) as usize] += 1;
                entry.noted_in = self.batch;
            }
            self.rule.apply(gradient.coordinate, gradient.member, &mut entry.state, gradient.value, None);
        }
    }

    /// The most coordinates the batch being learned has touched in one owner partition: a
    /// coalesced record carries that many.
    pub fn most_touched(&self) -> usize {
        self.touched.iter().copied().max().unwrap_or(0)
    }

    /// How the batch being learned moved each coordinate it touched: (coordinate, Hedge
    /// member, state difference), in the order first touched.
    pub fn batch_differences(&self) -> impl Iterator<Item = (u64, u32, CoordState)> + '_ {
        self.before.iter().filter_map(|(coordinate, member, before)| {
            let entry = self.entries.get(coordinate)?;
            Some((*coordinate, *member, entry.state.difference(before)))
        })
    }

    /// Ends the batch learned since the last call: `requirements` says which examples it
    /// sent to which owner partition, `firsts` its lowest offset per examples partition (see
    /// [`OwnBatch`]). Until every owner has applied it, its differences are added to the
    /// states owners publish.
    pub fn seal(&mut self, requirements: BTreeMap<(i32, i32), i64>, firsts: BTreeMap<i32, i64>, examples: usize) {
        let mut unconfirmed: Vec<i32> = requirements.keys().map(|(partition, _)| *partition).collect();
        unconfirmed.dedup();
        let mut differences = vec![HashMap::new(); self.partitions as usize];
        self.touched.fill(0);
        for (coordinate, _, before) in self.before.drain(..) {
            let Some(entry) = self.entries.get_mut(&coordinate) else { continue };
            let difference = entry.state.difference(&before);
            if !unconfirmed.is_empty() {
                entry.unconfirmed_updates = entry.unconfirmed_updates.wrapping_add(difference.updates as u32);
            }
            differences[(coordinate % self.partitions) as usize].insert(coordinate, difference);
        }
        self.batch = self.batch.wrapping_add(1).max(1);
        if !unconfirmed.is_empty() {
            self.own.push_back(OwnBatch {
                requirements,
                firsts,
                differences,
                unconfirmed,
                examples,
                sealed_at: Instant::now(),
            });
        }
    }

    /// Takes one coordinate's state as its owner published it; it counts once the owner's
    /// watermark of the same transaction arrives ([`Self::owner_watermark`]).
    pub fn owner_state(&mut self, coordinate: u64, state: CoordState) {
        let partition = (coordinate % self.partitions) as i32;
        self.buffered.entry(partition).or_default().push((coordinate, state));
    }

    /// An owner's applied watermark of `partition` (examples partition → highest offset
    /// applied), which closes the states it published before it.
    pub fn owner_watermark(&mut self, partition: i32, watermark: &BTreeMap<i32, i64>) {
        for batch in self.own.iter_mut() {
            if batch.unconfirmed.contains(&partition) && batch.applied_by(partition, watermark) {
                batch.unconfirmed.retain(|p| *p != partition);
                for (coordinate, difference) in batch.differences.get(partition as usize).into_iter().flatten() {
                    if let Some(entry) = self.entries.get_mut(coordinate) {
                        entry.unconfirmed_updates = entry.unconfirmed_updates.wrapping_sub(difference.updates as u32);
                    }
                }
            }
        }
        let published = self.buffered.remove(&partition).unwrap_or_default();
        if self.own.iter().any(|b| b.unconfirmed.contains(&partition) && b.partly_applied_by(partition, watermark)) {
            // These states hold part of a batch whose differences are added whole: taken,
            // they would count that part twice. The replica keeps its own states; the next
            // transaction publishes these coordinates again if they change.
            self.deferred += 1;
        } else {
            self.take_owner_states(partition, published);
        }
        while self.own.front().is_some_and(|b| b.unconfirmed.is_empty()) {
            self.own.pop_front();
        }
        // A batch confirmed out of order waits for those before it; it is rare and small.
    }

    /// Takes owner states published as of a watermark that holds each own batch either
    /// whole or not at all.
    fn take_owner_states(&mut self, partition: i32, published: Vec<(u64, CoordState)>) {
        for (coordinate, published) in published {
            let entry = self.entries.entry(coordinate).or_default();
            if entry.state.updates == published.updates.wrapping_add(u64::from(entry.unconfirmed_updates)) {
                continue; // nothing foreign: the replica's own state is the owner's and more
            }
            let mut expected = published;
            for batch in self.own.iter().filter(|b| b.unconfirmed.contains(&partition)) {
                if let Some(own) = batch.differences.get(partition as usize).and_then(|d| d.get(&coordinate)) {
                    expected.add(own);
                }
            }
            if entry.state.updates != expected.updates {
                entry.state = expected;
                self.merged += 1;
            }
        }
    }

    /// Own examples the owners have not applied yet.
    pub fn unconfirmed(&self) -> Unconfirmed {
        Unconfirmed {
            examples: self.own.iter().filter(|b| !b.unconfirmed.is_empty()).map(|b| b.examples).sum(),
            age: self.own.front().map_or(Duration::ZERO, |b| b.sealed_at.elapsed()),
        }
    }
}

impl View for Replica {
    #[inline]
    fn weight(&self, member: u32, coordinate: u64) -> f64 {
        self.entries.get(&coordinate).map_or(0.0, |e| self.rule.weight(member, &e.state))
    }

    #[inline]
    fn rate(&self, member: u32, coordinate: u64) -> Option<f64> {
        Some(self.rule.rate(member, &self.entries.get(&coordinate).map(|e| e.state).unwrap_or_default()))
    }

    #[inline]
    fn gradient_sum(&self, coordinate: u64) -> f64 {
        self.entries.get(&coordinate).map_or(0.0, |e| e.state.sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::admission::Admission;
    use crate::learn::test_support::ftrl;
    use crate::learn::test_support::MapStates;
    use crate::learn::view_learner::ViewLearner;
    use crate::learn::{Feature, Learner, Loss, Update};

    const PARTITIONS: i32 = 4;

    fn rule() -> OwnerRule {
        OwnerRule::new(ftrl(0.5), &[], Admission::All, 1)
    }

    fn examples(n: u64, salt: u64) -> Vec<(Vec<Feature>, f64)> {
        (0..n)
            .map(|i| {
                let j = i.wrapping_mul(2654435761).wrapping_add(salt);
                let features = vec![
                    Feature { coordinate: 0, value: 1.0 },
                    Feature { coordinate: 1 + j % 7, value: 1.0 },
                    Feature { coordinate: 20 + j % 11, value: 0.5 },
                ];
                (features, ((j / 3) % 2) as f64)
            })
            .collect()
    }

    /// An owner of every partition: applies gradients in order and publishes states.
    struct Owner {
        states: HashMap<u64, CoordState>,
        watermark: BTreeMap<i32, i64>,
    }

    impl Owner {
        fn apply(&mut self, gradients: &[(Gradient, i32, i64)]) {
            for (g, origin, offset) in gradients {
                let state = self.states.entry(g.coordinate).or_default();
                rule().apply(g.coordinate, g.member, state, g.value, None);
                let w = self.watermark.entry(*origin).or_insert(-1);
                *w = (*w).max(*offset);
            }
        }

        fn publish(&self, replica: &mut Replica) {
            for partition in 0..PARTITIONS {
                for (c, s) in self.states.iter().filter(|(c, _)| (**c % PARTITIONS as u64) as i32 == partition) {
                    replica.owner_state(*c, *s);
                }
                replica.owner_watermark(partition, &self.watermark);
            }
        }
    }

    /// One worker: the replica learns exactly what the embedded learner learns, whatever the
    /// owners publish meanwhile, and the owners end with the same states.
    #[test]
    fn one_worker_learns_exactly_what_the_embedded_learner_learns() {
        let mut embedded = Learner::new(ftrl(0.5), Loss::Logistic);
        let mut embedded_states = MapStates::default();
        let mut learner = ViewLearner::new(ftrl(0.5), Loss::Logistic, Update::Gradient, &[]);
        let mut replica = Replica::new(rule(), PARTITIONS);
        let mut owner = Owner { states: HashMap::new(), watermark: BTreeMap::new() };
        let mut in_flight: VecDeque<Vec<(Gradient, i32, i64)>> = VecDeque::new();
        for (batch, chunk) in examples(600, 0).chunks(37).enumerate() {
            let mut sent = Vec::new();
            let mut requirements = BTreeMap::new();
            for (i, (features, label)) in chunk.iter().enumerate() {
                let offset = (batch * 37 + i) as i64;
                let expected = embedded.learn(&mut embedded_states, features, *label, 1.0).unwrap();
                let got = learner.step(&replica, features, Some(*label), 1.0);
                assert_eq!(expected, got);
                replica.learn(learner.gradients());
                for g in learner.gradients() {
                    sent.push((*g, 0, offset));
                    requirements.insert(((g.coordinate % PARTITIONS as u64) as i32, 0), offset);
                }
            }
            replica.seal(requirements, BTreeMap::from([(0, (batch * 37) as i64)]), chunk.len());
            in_flight.push_back(sent);
            // Owners trail by two batches and publish everything they hold.
            if in_flight.len() > 2 {
                owner.apply(&in_flight.pop_front().unwrap());
                owner.publish(&mut replica);
            }
        }
        while let Some(batch) = in_flight.pop_front() {
            owner.apply(&batch);
        }
        owner.publish(&mut replica);
        assert_eq!(replica.merged, 0, "nothing foreign to merge");
        assert_eq!(replica.unconfirmed().examples, 0);
        // (Owners and replicas also keep Σg, which the embedded learner does not.)
        let learned = |s: CoordState| (s.z, s.n, s.updates);
        for c in 0..40 {
            assert_eq!(learned(replica.state(c)), learned(embedded_states.get(c)), "coordinate {c}");
            let owned = owner.states.get(&c).copied().unwrap_or_default();
            assert_eq!(owned, replica.state(c), "coordinate {c}");
        }
    }

    /// An owner transaction may end inside a batch (its gradients for one owner can span
    /// records): the states it publishes hold part of the batch, and are not taken; those of
    /// the transaction that completes it are, and they are the replica's own.
    #[test]
    fn states_holding_part_of_a_batch_are_not_taken() {
        let mut learner = ViewLearner::new(ftrl(0.5), Loss::Logistic, Update::Gradient, &[]);
        let mut replica = Replica::new(rule(), PARTITIONS);
        let mut owner = Owner { states: HashMap::new(), watermark: BTreeMap::new() };
        for (batch, chunk) in examples(200, 3).chunks(50).enumerate() {
            let mut sent = Vec::new();
            let mut requirements = BTreeMap::new();
            for (i, (features, label)) in chunk.iter().enumerate() {
                let offset = (batch * 50 + i) as i64;
                learner.step(&replica, features, Some(*label), 1.0);
                replica.learn(learner.gradients());
                for g in learner.gradients() {
                    sent.push((*g, 0, offset));
                    requirements.insert(((g.coordinate % PARTITIONS as u64) as i32, 0), offset);
                }
            }
            replica.seal(requirements, BTreeMap::from([(0, (batch * 50) as i64)]), chunk.len());
            let (first, second) = sent.split_at(sent.len() / 2);
            owner.apply(first);
            owner.publish(&mut replica);
            owner.apply(second);
            owner.publish(&mut replica);
        }
        assert_eq!(replica.merged, 0, "one worker: nothing foreign, nothing counted twice");
        assert!(replica.deferred > 0);
        assert_eq!(replica.unconfirmed().examples, 0);
        for c in 0..40 {
            assert_eq!(owner.states.get(&c).copied().unwrap_or_default(), replica.state(c), "coordinate {c}");
        }
    }

    /// Two workers: each replica ends with the owners' states (its own and the other's
    /// contributions), up to rounding.
    #[test]
    fn two_workers_see_each_others_contributions_through_the_owners() {
        let mut learner = ViewLearner::new(ftrl(0.5), Loss::Logistic, Update::Gradient, &[]);
        let mut replicas = [Replica::new(rule(), PARTITIONS), Replica::new(rule(), PARTITIONS)];
        let mut owner = Owner { states: HashMap::new(), watermark: BTreeMap::new() };
        let data = [examples(400, 1), examples(400, 2)];
        for batch in 0..10 {
            for (worker, replica) in replicas.iter_mut().enumerate() {
                let mut sent = Vec::new();
                let mut requirements = BTreeMap::new();
                for (i, (features, label)) in data[worker].iter().enumerate().skip(batch * 40).take(40) {
                    learner.step(&*replica, features, Some(*label), 1.0);
                    replica.learn(learner.gradients());
                    for g in learner.gradients() {
                        sent.push((*g, worker as i32, i as i64));
                        requirements.insert(((g.coordinate % PARTITIONS as u64) as i32, worker as i32), i as i64);
                    }
                }
                replica.seal(requirements, BTreeMap::from([(worker as i32, (batch * 40) as i64)]), 40);
                owner.apply(&sent);
            }
            for replica in replicas.iter_mut() {
                owner.publish(replica);
            }
        }
        for replica in &replicas {
            assert!(replica.merged > 0);
            assert_eq!(replica.unconfirmed().examples, 0);
            for (c, expected) in &owner.states {
                let got = replica.state(*c);
                assert_eq!(got.updates, expected.updates, "coordinate {c}");
                assert!((got.z - expected.z).abs() < 1e-9 && (got.n - expected.n).abs() < 1e-9, "coordinate {c}");
            }
        }
    }
}
