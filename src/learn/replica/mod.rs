//! A predict side's replica of a sharded model: the full per-coordinate state, learned from
//! at once, so that a stream worker never waits on its coordinates' owners for its own
//! examples (DESIGN §8: "a worker never waits on Kafka for its own examples").
//!
//! What changes a replica's states:
//!
//! * **Its own examples**, applied at once with the per-coordinate rule ([`CoordinateRule::apply`]), in
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
//! * **The other workers' steps in flight**, estimated. Other workers learn from the same
//!   stale owner states; each corrects the errors it sees, and the owners add every
//!   correction. A replica that counted only its own steps would correct a hot
//!   coordinate's whole error by itself, as would every other worker: N workers would move
//!   it N times too far, and from four on the model diverges. So each own step counts
//!   1 + s times in the replica's state (z, n and Σg; not the update count), s the
//!   coordinate's foreign share: the other workers' updates per own update in the owner's
//!   recent publications. What goes to the owners is the step alone. With one worker s is
//!   0 and nothing changes.
//!
//! * **Other workers' steps of hot coordinates**, when hot exchange is on ([`hot`]): taken
//!   directly, provisionally, until an owner's state holds them.
//!
//! How far the owners trail (examples learned here that no owner has confirmed, and for
//! how long) is what other workers' replicas miss of this one: the staleness the stream
//! bounds and exports.
//!
//! States live in a store that may hold only some of them in memory (the stream's: a slot
//! cache in front of a local RocksDB, bounded by `worker.cache_size`). The coordinates an
//! example reads are made resident before its step ([`Replica::make_resident`]), and those
//! a batch changes keep their slots until it is sealed. What the replica must know beyond
//! a state lives in a map holding only coordinates with own updates the owners have not
//! confirmed: a state that has left memory is then replaced by an owner's without being
//! read back, since nothing of this replica is missing from it.

mod hot;
mod pending;
use self::hot::Settled;
pub(crate) use self::hot::{drift_in_weight, HotContribution, Offsets};
#[cfg(test)]
pub(crate) mod scenarios;
mod shared;

use self::pending::{OwnBatch, Pending, HOT_OWN_UPDATES};
use self::shared::SharedChunk;
pub(crate) use self::shared::SharedLearning;
use super::rule::CoordinateRule;
use super::{CoordState, CoordinateStates, Feature};
use super::{Gradient, View};
use hashbrown::{HashMap, HashSet};
use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

/// Where a replica keeps its states: slots, as for [`Learner`](super::Learner), and what a
/// store bounded in memory needs. A state changed since the last [`release`](Self::release)
/// must keep its slot (the replica notes each coordinate once per batch by its slot).
pub(crate) trait ReplicaStates: CoordinateStates {
    /// The state of `coordinate` if it is in memory; `None` when absent or only on disk.
    fn resident(&self, coordinate: u64) -> Option<&CoordState>;
    /// The slot of each of `coordinates` whose state is in memory, in order (`None` for
    /// the others).
    fn resident_slots(&self, coordinates: &[u64], slots: &mut Vec<Option<u32>>);
    /// Coordinates in memory.
    fn resident_count(&self) -> usize;
    /// Most coordinates kept in memory.
    fn capacity(&self) -> usize;
    /// Sets states without reading them first, wherever they are kept.
    fn overwrite(&mut self, states: &[(u64, CoordState)]) -> Result<(), Self::Error>;
    /// Lets the states changed so far leave memory.
    fn release(&mut self) -> Result<(), Self::Error>;
}

/// Own examples learned here that the owners have not applied yet.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Unconfirmed {
    pub examples: usize,
    /// Since the oldest such batch was sealed (zero without one).
    pub age: Duration,
}

/// What a replica notes per slot: one line of memory, read at every step.
#[derive(Clone, Copy, Debug)]
struct SlotNote {
    /// The batch in which its coordinate's state before the batch was noted (0: never).
    batch: u32,
    /// Where its coordinate is in `before`, when noted in the current batch.
    before_at: u32,
    /// The hot candidate its coordinate is in the current batch ([`hot::NOT_CANDIDATE`]
    /// if none).
    candidate: u32,
    /// Its coordinate's foreign share in the current batch.
    share: f64,
}

impl SlotNote {
    const NEVER: Self = Self { batch: 0, before_at: 0, candidate: hot::NOT_CANDIDATE, share: 0.0 };
}

/// A replica of every coordinate's state, with the per-coordinate rule, kept in `S`.
pub(crate) struct Replica<S> {
    rule: CoordinateRule,
    /// `owner_partitions`: coordinate c belongs to owner partition c mod this.
    partitions: u64,
    states: S,
    /// Coordinates with own updates not yet confirmed, and hot ones keeping their foreign
    /// share ([`Pending::share`]); no others.
    pending: HashMap<u64, Pending>,
    /// Batch number of the batch being learned (starts at 1: 0 marks "never noted"; it
    /// would wrap after 4·10⁹ batches, years at ten a second).
    batch: u32,
    /// Per slot: what the batch being learned noted of its coordinate (a slot changed in
    /// the batch keeps its coordinate until the batch is sealed).
    notes: Vec<SlotNote>,
    /// The coordinates made resident for the example being learned, and their slots.
    resolved: Vec<Feature>,
    slots: Vec<u32>,
    /// Coordinates touched by the current batch, with their Hedge member, their slot,
    /// their state before it and their foreign share during it.
    before: Vec<(u64, u32, u32, CoordState, f64)>,
    /// Per owner partition: coordinates the current batch touched there.
    touched: Vec<usize>,
    own: VecDeque<OwnBatch>,
    /// States owners published without a watermark yet, per owner partition: a watermark
    /// closes each transaction's records.
    buffered: BTreeMap<i32, Vec<(u64, CoordState)>>,
    /// Coordinates whose own updates were all confirmed while their state still counted
    /// foreign steps estimated from them: the owner's next state of each replaces it.
    settle: HashSet<u64>,
    /// Whether the rule's states are sums ([`CoordinateRule::states_are_sums`]): only then are
    /// foreign steps estimated.
    states_are_sums: bool,
    /// Coordinates whose own updates in flight the last watermark confirmed, all of them.
    confirmed: Vec<u64>,
    /// Owner states taken in, for one transaction: those out of memory.
    taken: Vec<(u64, CoordState)>,
    /// The coordinates of the owner states being taken, and their slots (reused buffers).
    published: Vec<u64>,
    published_slots: Vec<Option<u32>>,
    /// The examples prepared for learning on several threads ([`Self::prepare_shared`]).
    chunk: SharedChunk,
    /// Owner states that held other workers' contributions (replaced a state the replica
    /// had in memory or with own updates unconfirmed).
    pub merged: u64,
    /// Owner transactions whose states of some coordinates were not taken because they held
    /// part of one of this replica's batches (which the difference bookkeeping cannot split).
    pub deferred: u64,
    /// Owner states of coordinates the replica held more updates of than the owner's state
    /// and its own steps in flight: it counted steps the owner never brings (another
    /// worker's piece of a batch that never committed), and took the owner's view. Growing,
    /// it says such pieces are not taken back.
    pub overcounted: u64,
    /// Hot-coordinate exchange ([`hot`]), when turned on.
    hot: Option<Box<hot::HotExchange>>,
}

impl<S: ReplicaStates> Replica<S> {
    pub(crate) fn new(rule: CoordinateRule, partitions: i32, states: S) -> Self {
        Self {
            states_are_sums: rule.states_are_sums(),
            rule,
            partitions: partitions.max(1) as u64,
            states,
            pending: HashMap::new(),
            batch: 1,
            notes: Vec::new(),
            resolved: Vec::new(),
            slots: Vec::new(),
            before: Vec::new(),
            touched: vec![0; partitions.max(1) as usize],
            own: VecDeque::new(),
            buffered: BTreeMap::new(),
            taken: Vec::new(),
            published: Vec::new(),
            published_slots: Vec::new(),
            chunk: SharedChunk::default(),
            settle: HashSet::new(),
            confirmed: Vec::new(),
            merged: 0,
            overcounted: 0,
            deferred: 0,
            hot: None,
        }
    }

    /// Coordinates with a state in memory.
    pub(crate) fn len(&self) -> usize {
        self.states.resident_count()
    }

    /// Coordinates with own updates the owners have not confirmed (their bookkeeping is
    /// kept whether or not their states are in memory).
    pub(crate) fn pending(&self) -> usize {
        self.pending.values().filter(|p| p.updates > 0).count()
    }

    /// One coordinate's state, read back into memory if it has left.
    pub(crate) fn state(&mut self, coordinate: u64) -> Result<CoordState, S::Error> {
        let mut slots = Vec::new();
        self.states.resolve(&[Feature { coordinate, value: 0.0 }], &mut slots)?;
        Ok(*self.states.state(slots[0]))
    }

    /// Brings the states of `coordinates` into memory, where the [`View`] reads them: the
    /// coordinates the next example's step reads, in the order of its gradients (then
    /// [`Self::learn`] finds them by slot).
    pub(crate) fn make_resident(&mut self, coordinates: &[u64]) -> Result<(), S::Error> {
        self.resolved.clear();
        self.resolved.extend(coordinates.iter().map(|&coordinate| Feature { coordinate, value: 0.0 }));
        self.states.resolve(&self.resolved, &mut self.slots)
    }

    /// Applies one example's gradients at once, as its owners will.
    pub(crate) fn learn(&mut self, gradients: &[Gradient]) -> Result<(), S::Error> {
        let resolved = gradients.len() == self.resolved.len()
            && gradients.iter().zip(&self.resolved).all(|(g, f)| g.coordinate == f.coordinate);
        if !resolved {
            let coordinates: Vec<u64> = gradients.iter().map(|g| g.coordinate).collect();
            self.make_resident(&coordinates)?;
        }
        for (index, gradient) in gradients.iter().enumerate() {
            let slot = self.slots[index];
            if !gradient.value.is_finite() {
                continue; // as owners drop them (see `stream::apply`)
            }
            let share = self.note(gradient.coordinate, gradient.member, slot);
            let state = self.states.state_mut(slot);
            let before = (share != 0.0).then_some(*state);
            match gradient.gd {
                Some((x, square)) => self.rule.apply_gd(gradient.member, state, x, square, gradient.value),
                None => self.rule.apply(gradient.coordinate, gradient.member, state, gradient.value, None),
            };
            if let Some(before) = before {
                let step = state.difference(&before);
                state.extrapolate(&step, share);
            }
        }
        Ok(())
    }

    /// Notes `coordinate` (in `slot`, for Hedge member `member`) as changed by the batch
    /// being learned, with its state before the batch, the first time the batch touches it,
    /// and as touched since the last hot sending when it is a hot candidate; returns its
    /// foreign share in the batch.
    #[inline]
    fn note(&mut self, coordinate: u64, member: u32, slot: u32) -> f64 {
        let at = slot as usize;
        if at >= self.notes.len() {
            self.notes.resize(at + 1, SlotNote::NEVER);
        }
        let mut note = self.notes[at];
        if note.batch != self.batch {
            let share = if self.merged > 0 {
                self.pending.get(&coordinate).map_or(0.0, Pending::share)
            } else {
                0.0 // alone so far: no foreign share to look up
            };
            let before_at = self.before.len();
            let candidate = match self.hot.as_deref_mut() {
                Some(hot) => hot.first_touched(coordinate, before_at),
                None => hot::NOT_CANDIDATE,
            };
            note = SlotNote { batch: self.batch, before_at: before_at as u32, candidate, share };
            self.notes[at] = note;
            self.before.push((coordinate, member, slot, *self.states.state(slot), share));
            self.touched[(coordinate % self.partitions) as usize] += 1;
        }
        if note.candidate != hot::NOT_CANDIDATE {
            if let Some(hot) = self.hot.as_deref_mut() {
                hot.touch(note.candidate);
            }
        }
        note.share
    }

    /// Where the coordinate in `slot` is in `before`, when the batch being learned has
    /// noted it.
    fn noted_at(&self, slot: u32) -> Option<usize> {
        self.notes.get(slot as usize).filter(|note| note.batch == self.batch).map(|note| note.before_at as usize)
    }

    /// Prepares an example for learning on several threads ([`shared`]): makes its
    /// coordinates resident, notes them in the batch (their slots then stay until it is
    /// sealed) and adds them to the chunk [`Self::shared`] lends; returns the example's
    /// entries there. Only for a learner without a Hedge (its member is 0).
    pub(crate) fn prepare_shared(&mut self, coordinates: &[u64]) -> Result<std::ops::Range<usize>, S::Error> {
        self.make_resident(coordinates)?;
        let start = self.chunk.entries();
        for (index, &coordinate) in coordinates.iter().enumerate() {
            let slot = self.slots[index];
            let share = self.note(coordinate, 0, slot);
            // Marked changed at once, so that making the next examples' states resident
            // cannot evict it before its step.
            let state = *self.states.state_mut(slot);
            self.chunk.add(coordinate, slot, state, share);
        }
        Ok(start..self.chunk.entries())
    }

    /// The examples prepared, for the threads that learn them ([`SharedLearning`]).
    pub(crate) fn shared(&self) -> SharedLearning<'_> {
        SharedLearning { rule: &self.rule, chunk: &self.chunk }
    }

    /// Puts the states the threads learned back into the replica.
    pub(crate) fn end_shared(&mut self) {
        if self.chunk.is_empty() {
            return;
        }
        for (slot, state) in self.chunk.drain() {
            *self.states.state_mut(slot) = state;
        }
    }

    /// The most coordinates the batch being learned has touched in one owner partition: a
    /// coalesced record carries that many.
    pub(crate) fn most_touched(&self) -> usize {
        self.touched.iter().copied().max().unwrap_or(0)
    }

    /// Whether the batch being learned should end: the states it changed stay in memory
    /// until it is sealed, and they have reached a quarter of the store's capacity (the
    /// room it makes when full), beyond which the coordinates other examples read could
    /// not all be resident.
    pub(crate) fn crowded(&self) -> bool {
        self.before.len() >= (self.states.capacity() / 4).max(1)
    }

    /// How the batch being learned moved each coordinate it touched: (coordinate, Hedge
    /// member, state difference), in the order first touched.
    pub(crate) fn batch_differences(&self) -> impl Iterator<Item = (u64, u32, CoordState)> + '_ {
        self.before.iter().map(|(coordinate, member, slot, before, share)| {
            (*coordinate, *member, self.states.state(*slot).difference(before).own_part(*share))
        })
    }

    /// Ends the batch learned since the last call: `requirements` says which examples it
    /// sent to which owner partition, `firsts` its lowest offset per examples partition (see
    /// `OwnBatch`). Until every owner has applied it, its differences are added to the
    /// states owners publish.
    pub(crate) fn seal(
        &mut self,
        requirements: BTreeMap<(i32, i32), i64>,
        firsts: BTreeMap<i32, i64>,
        examples: usize,
    ) -> Result<(), S::Error> {
        self.hot_seal(&requirements, &firsts);
        let mut unconfirmed: Vec<i32> = requirements.keys().map(|(partition, _)| *partition).collect();
        unconfirmed.dedup();
        // Sized up front: grown as they fill, the maps rehashed about a tenth of what the
        // predict role spends sealing a batch.
        let mut differences: Vec<HashMap<u64, CoordState>> =
            self.touched.iter().map(|&touched| HashMap::with_capacity(touched)).collect();
        self.touched.fill(0);
        for (coordinate, _, slot, before, share) in self.before.drain(..) {
            let state = *self.states.state(slot);
            let difference = state.difference(&before).own_part(share);
            if !unconfirmed.is_empty() {
                let pending = self.pending.entry(coordinate).or_default();
                pending.updates = pending.updates.wrapping_add(difference.updates);
                pending.own.add(&difference);
                pending.replica_updates = state.updates;
            } else if let Some(pending) = self.pending.get_mut(&coordinate) {
                pending.replica_updates = state.updates;
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
        self.states.release()
    }

    /// Takes one coordinate's state as its owner published it; it counts once the owner's
    /// watermark of the same transaction arrives ([`Self::owner_watermark`]).
    pub(crate) fn owner_state(&mut self, coordinate: u64, state: CoordState) {
        let partition = (coordinate % self.partitions) as i32;
        self.buffered.entry(partition).or_default().push((coordinate, state));
    }

    /// An owner's applied watermark of `partition` (examples partition → highest offset
    /// applied), which closes the states it published before it.
    pub(crate) fn owner_watermark(&mut self, partition: i32, watermark: &BTreeMap<i32, i64>) -> Result<(), S::Error> {
        for batch in self.own.iter_mut() {
            if batch.unconfirmed.contains(&partition) && batch.applied_by(partition, watermark) {
                batch.unconfirmed.retain(|p| *p != partition);
                for (coordinate, difference) in batch.differences.get(partition as usize).into_iter().flatten() {
                    if let Some(pending) = self.pending.get_mut(coordinate) {
                        pending.updates = pending.updates.wrapping_sub(difference.updates);
                        pending.confirmed = pending.confirmed.wrapping_add(difference.updates);
                        if pending.updates == 0 {
                            pending.own = CoordState::default(); // exactly: no rounding left over
                            self.confirmed.push(*coordinate);
                        } else {
                            pending.own = pending.own.difference(difference);
                        }
                    }
                }
            }
        }
        // The partition's buffer goes back empty, keeping its room for the next transaction.
        let mut published = self.buffered.get_mut(&partition).map(std::mem::take).unwrap_or_default();
        // (A state holding part of another worker's provisional contribution is not taken
        // either: `take_owner_states` holds it back.)
        if let Some(hot) = &mut self.hot {
            hot.watermark_arrives(partition, watermark);
        }
        let partly: Vec<&OwnBatch> = self
            .own
            .iter()
            .filter(|b| b.unconfirmed.contains(&partition) && b.partly_applied_by(partition, watermark))
            .collect();
        if !partly.is_empty() {
            // The states of the coordinates such a batch touched hold part of it, and its
            // differences are added whole: taken, they would count that part twice. The
            // replica keeps its own states of those; the next transaction publishes them
            // again if they change. Every other state is as of this watermark and is taken:
            // dropped too, the other workers' contributions it carries were lost for good
            // to a coordinate that never changes again.
            self.deferred += 1;
            let touched = |coordinate: &u64| {
                partly.iter().any(|b| b.differences.get(partition as usize).is_some_and(|d| d.contains_key(coordinate)))
            };
            let mut left = Vec::new();
            published.retain(|(coordinate, _)| {
                let touched = touched(coordinate);
                if touched {
                    left.push(*coordinate);
                }
                !touched
            });
            if let Some(hot) = &mut self.hot {
                hot.note_skipped(left);
            }
        }
        self.take_owner_states(partition, &mut published)?;
        self.buffered.insert(partition, published);
        if let Some(hot) = &mut self.hot {
            hot.settle_skipped(partition, self.partitions);
        }
        // Coordinates with no own updates left in flight whose state this publication did not
        // bring (it comes in a later part of the transaction): their next state settles
        // them. A hot coordinate keeps its entry, and so its foreign share, between its
        // bursts of own updates.
        for coordinate in std::mem::take(&mut self.confirmed) {
            if let Some(pending) = self.pending.get(&coordinate).filter(|p| p.updates == 0) {
                if pending.own_recent < HOT_OWN_UPDATES {
                    if pending.share() > 0.0 {
                        self.settle.insert(coordinate);
                    }
                    self.pending.remove(&coordinate);
                }
            }
        }
        while self.own.front().is_some_and(|b| b.unconfirmed.is_empty()) {
            self.own.pop_front();
        }
        // A batch confirmed out of order waits for those before it; it is rare and small.
        Ok(())
    }

    /// Takes owner states published as of a watermark that holds each own batch either
    /// whole or not at all, leaving `published` empty.
    fn take_owner_states(&mut self, partition: i32, published: &mut Vec<(u64, CoordState)>) -> Result<(), S::Error> {
        self.taken.clear();
        // The slots of them all first: one state after another, each waited on its own
        // cache misses (the states are scattered over the whole replica).
        self.published.clear();
        self.published.extend(published.iter().map(|(coordinate, _)| *coordinate));
        self.states.resident_slots(&self.published, &mut self.published_slots);
        let slots = std::mem::take(&mut self.published_slots);
        for ((coordinate, published), &slot) in published.drain(..).zip(&slots) {
            // Other workers' provisional contributions (hot exchange): those this state
            // holds are dropped, the others are added to it; a state holding part of one
            // would count that part twice, and is not taken.
            let settled = self.hot.as_mut().map_or(Settled::NoPieces, |hot| hot.settle(partition, coordinate));
            let (uncovered, dropped) = match settled {
                Settled::NoPieces => (None, 0),
                Settled::HeldBack => continue,
                Settled::Pieces { uncovered, dropped } => (Some(uncovered), dropped),
            };
            // The replica's count less what it holds provisionally: the owner's state does not
            // hold those not dropped. Those dropped were seen before the owner's state
            // brought them, and so are not foreign updates in flight unseen (the foreign
            // share's estimate).
            let provisional = uncovered.map_or(0, |u| u.updates);
            let dropped = dropped > 0;
            let with_uncovered = |mut state: CoordState| {
                if let Some(uncovered) = &uncovered {
                    state.add(uncovered);
                }
                state
            };
            let pending = self.pending.get_mut(&coordinate);
            // The replica's update count, when known without reading the state back: a
            // state out of memory without own updates pending is the owner's and more of
            // nothing, so the published one replaces it as it stands.
            let held = slot
                .map(|slot| self.states.state(slot).updates)
                .or(pending.as_ref().map(|p| p.replica_updates))
                .map(|held| held.wrapping_sub(provisional));
            let Some(pending) = pending else {
                if held != Some(published.updates) || self.settle.remove(&coordinate) || dropped {
                    self.merged += u64::from(held.is_some());
                    let state = with_uncovered(published);
                    match slot {
                        Some(slot) => *self.states.state_mut(slot) = state,
                        None => self.taken.push((coordinate, state)),
                    }
                }
                continue;
            };
            // Other workers' updates that arrived with this state (none when the replica's
            // count is the owner's plus its own in flight). A replica holding more than that
            // counted steps the owner will never bring (another worker's piece of a batch that
            // never committed, whose examples this one learned again): it takes the owner's
            // view, and the excess is no foreign update. Taken as one, it would put the share
            // at its most, and every own step would count that many times more.
            let owner_and_own = published.updates.saturating_add(pending.updates);
            let overcounted = held.is_some_and(|held| held > owner_and_own);
            self.overcounted += u64::from(overcounted);
            let foreign = held.map_or(0, |held| owner_and_own.saturating_sub(held));
            let share_before = pending.share();
            // A state that is not sums (VW's rule keeps a normalizer) is never counted more
            // than once: its share stays 0.
            if self.states_are_sums {
                pending.count_publication(foreign);
            }
            pending.confirmed = 0;
            let share = pending.share();
            if foreign == 0
                && !overcounted
                && share == 0.0
                && share_before == 0.0
                && !self.settle.remove(&coordinate)
                && !dropped
            {
                if pending.updates == 0 && pending.own_recent < HOT_OWN_UPDATES {
                    self.pending.remove(&coordinate);
                }
                continue; // nothing foreign: the replica's own state is the owner's and more
            }
            let own = pending.own;
            let mut expected = published;
            expected.add(&own);
            expected.extrapolate(&own, share);
            let expected = with_uncovered(expected);
            pending.replica_updates = expected.updates;
            if pending.updates == 0 && pending.own_recent < HOT_OWN_UPDATES {
                self.pending.remove(&coordinate); // its state is the owner's now
            }
            self.merged += u64::from(held.is_some() && foreign != 0);
            match slot {
                Some(slot) => *self.states.state_mut(slot) = expected,
                None => self.taken.push((coordinate, expected)),
            }
        }
        self.published_slots = slots;
        // The states out of memory, where the store keeps them.
        self.states.overwrite(&self.taken)?;
        self.states.release()
    }

    /// How many times more than its own unconfirmed steps the replica counts of
    /// `coordinate` (other workers' steps in flight, estimated): 0 without own steps in
    /// flight or without other workers.
    pub(crate) fn foreign_share(&self, coordinate: u64) -> f64 {
        self.pending.get(&coordinate).map_or(0.0, Pending::share)
    }

    /// Turns the foreign share off: own steps count once whatever other workers have in
    /// flight (for studying other ways of damping parallel steps, `ftrl simulate
    /// --no-foreign-share`).
    pub(crate) fn without_foreign_share(mut self) -> Self {
        self.states_are_sums = false;
        self
    }

    /// Own examples the owners have not applied yet.
    pub(crate) fn unconfirmed(&self) -> Unconfirmed {
        Unconfirmed {
            examples: self.own.iter().filter(|b| !b.unconfirmed.is_empty()).map(|b| b.examples).sum(),
            age: self.own.front().map_or(Duration::ZERO, |b| b.sealed_at.elapsed()),
        }
    }
}

/// Reads the states in memory: those of the coordinates made resident
/// ([`Replica::make_resident`]) before the step.
impl<S: ReplicaStates> View for Replica<S> {
    #[inline]
    fn weight(&self, member: u32, coordinate: u64) -> f64 {
        self.states.resident(coordinate).map_or(0.0, |s| self.rule.weight(member, s))
    }

    #[inline]
    fn rate(&self, member: u32, coordinate: u64) -> Option<f64> {
        Some(self.rule.rate(member, &self.states.resident(coordinate).copied().unwrap_or_default()))
    }

    #[inline]
    fn gradient_sum(&self, coordinate: u64) -> f64 {
        self.states.resident(coordinate).map_or(0.0, |s| s.sum)
    }

    #[inline]
    fn coordinate_state(&self, coordinate: u64) -> Option<CoordState> {
        self.states.resident(coordinate).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::scenarios::{self, Leaving};
    use crate::learn::admission::Admission;
    use crate::learn::rule::CoordinateRule;
    use crate::learn::test_support::{ftrl, MapStates};
    use crate::learn::{Learner, Loss, Optimizer, StepRule, ViewLearner};

    #[test]
    fn one_worker_learns_exactly_what_the_embedded_learner_learns() {
        let (replica, coordinates) =
            scenarios::one_worker_learns_exactly_what_the_embedded_learner_learns(MapStates::default());
        assert_eq!(replica.len(), coordinates, "a map keeps every state");
    }

    /// With admission the embedded learner counts occurrences in the states as the owners
    /// do: some coordinates only counted, the others learned from their threshold on, alike.
    #[test]
    fn with_admission_one_worker_learns_exactly_what_the_embedded_learner_learns() {
        let rule = CoordinateRule::new(ftrl(0.5), &[], Admission::MinCount { count: 7 }, 1);
        for admission in [Admission::MinCount { count: 7 }, Admission::Probability { probability: 0.2 }] {
            let (mut replica, coordinates) =
                scenarios::one_worker_admitting_learns_exactly_what_the_embedded_learner_learns(
                    MapStates::default(),
                    admission,
                );
            assert_eq!(replica.len(), coordinates);
            if admission == (Admission::MinCount { count: 7 }) {
                let counted = (0..=200u64)
                    .filter(|c| {
                        let state = replica.state(*c).unwrap();
                        state.updates > 0 && !rule.admitted(*c, &state)
                    })
                    .count();
                assert!(counted > 0, "some coordinate stays below its count");
            }
        }
    }

    /// VW's rule in a stream: the replica advances and moves each coordinate as the
    /// embedded learner does (feature value and squared gradient travel with each step),
    /// and so do the owners; one worker's normalizer and label range are the embedded
    /// learner's.
    #[test]
    fn with_vws_rule_one_worker_learns_exactly_what_the_embedded_learner_learns() {
        let gd = Optimizer {
            algorithm: crate::learn::Algorithm::Gd,
            hyperparameters: crate::learn::Hyperparameters { alpha: 0.5, ..Default::default() },
        };
        let range =
            crate::learn::clip::PredictionRange::from_options(crate::learn::loss::LossKind::Squared, None, None, true);
        let embedded = Learner::new(gd, Loss::Squared).with_prediction_range(range);
        let learner = ViewLearner::new(gd, Loss::Squared, StepRule::Gradient, &[]).with_prediction_range(range);
        let (replica, coordinates) = scenarios::one_worker_learns_what_this_learner_learns(
            MapStates::default(),
            embedded,
            learner,
            CoordinateRule::single(gd),
        );
        assert_eq!(replica.len(), coordinates);
        assert!(coordinates > 100);
    }

    #[test]
    fn states_holding_part_of_a_batch_are_not_taken() {
        scenarios::states_holding_part_of_a_batch_are_not_taken(MapStates::default());
    }

    /// Issue 30: a transaction that held part of this replica's batch was not taken at
    /// all, and the other workers' contributions it carried were dropped with it: a
    /// coordinate that no later transaction publishes again kept missing them for good.
    #[test]
    fn a_transaction_holding_part_of_a_batch_brings_the_other_coordinates_foreign_states() {
        scenarios::a_transaction_holding_part_of_a_batch_brings_the_other_coordinates_foreign_states(
            MapStates::default(),
        );
    }

    #[test]
    fn two_workers_see_each_others_contributions_through_the_owners() {
        scenarios::two_workers_see_each_others_contributions_through_the_owners(MapStates::default);
    }

    #[test]
    fn one_thread_learning_a_shared_chunk_learns_what_the_replica_learns() {
        scenarios::one_thread_learning_a_shared_chunk_learns_what_the_replica_learns(MapStates::default);
    }

    #[test]
    fn four_threads_learning_in_one_replica_lose_no_step() {
        scenarios::four_threads_learning_in_one_replica_lose_no_step(MapStates::default);
    }

    #[test]
    fn two_workers_exchanging_hot_coordinates_count_each_step_once() {
        scenarios::two_workers_exchanging_hot_coordinates_count_each_step_once(
            MapStates::default,
            10,
            None,
            Leaving::EVERY_PIECE,
        );
    }

    /// A replica holds at most the contributions it may (`worker`'s memory stays bounded
    /// whatever the other workers send, or if the owners stop confirming) and refuses the
    /// rest, whose steps the owners bring: nothing counts twice or goes missing.
    #[test]
    fn a_replica_holding_its_most_hot_contributions_refuses_more_and_still_counts_each_step_once() {
        for most in [0, 3] {
            scenarios::two_workers_exchanging_hot_coordinates_count_each_step_once(
                MapStates::default,
                10,
                Some(most),
                Leaving::EVERY_PIECE,
            );
        }
    }

    /// Pieces of fewer own steps than `worker.hot_min_updates` stay home: those steps reach
    /// the other replicas through the owners, once.
    #[test]
    fn pieces_of_fewer_steps_than_the_least_stay_home_and_every_step_still_counts_once() {
        for min_updates in [2, 3, 50] {
            scenarios::two_workers_exchanging_hot_coordinates_count_each_step_once(
                MapStates::default,
                10,
                None,
                Leaving { min_updates, ..Leaving::EVERY_PIECE },
            );
        }
    }

    /// Pieces whose steps barely moved their coordinate (`worker.hot_min_impact`) stay
    /// home: fewer pieces leave, each with the impact asked for, and every step still
    /// counts once; with an impact no piece has, none leaves. A smaller share of the
    /// group's examples counts each own step for more of the group's, so more leave.
    #[test]
    fn pieces_of_little_impact_stay_home_and_every_step_still_counts_once() {
        let run = |min_impact, group_share| {
            scenarios::two_workers_exchanging_hot_coordinates_count_each_step_once(
                MapStates::default,
                10,
                None,
                Leaving { min_updates: 1, min_impact, group_share },
            )
        };
        let every_piece = run(0.0, 1.0);
        let some = run(0.5, 1.0);
        assert!(0 < some && some < every_piece, "{some} of {every_piece} pieces taken");
        let of_a_quarter = run(0.5, 0.25);
        assert!(some < of_a_quarter && of_a_quarter <= every_piece, "{of_a_quarter} with a quarter, {some} alone");
        assert_eq!(run(1e9, 1.0), 0);
    }

    #[test]
    fn pieces_of_a_batch_that_never_commits_leave_when_another_worker_learns_its_examples() {
        for at_once in [false, true] {
            scenarios::pieces_of_a_batch_that_never_commits_leave_when_another_worker_learns_its_examples(
                MapStates::default,
                at_once,
            );
        }
    }

    #[test]
    fn pieces_of_a_batch_that_never_commits_leave_when_this_worker_learns_its_examples() {
        for resumed in [false, true] {
            scenarios::pieces_of_a_batch_that_never_commits_leave_when_this_worker_learns_its_examples(
                MapStates::default,
                resumed,
            );
        }
    }

    #[test]
    fn the_bias_drift_counts_from_the_last_sending() {
        scenarios::the_bias_drift_counts_from_the_last_sending(MapStates::default());
    }

    #[test]
    fn without_a_bias_the_hottest_feature_drifts() {
        scenarios::without_a_bias_the_hottest_feature_drifts(MapStates::default());
    }

    #[test]
    fn the_first_batch_sends_the_coordinates_it_learns_after_its_first_sending() {
        scenarios::the_first_batch_sends_the_coordinates_it_learns_after_its_first_sending(MapStates::default());
    }

    #[test]
    fn candidates_stepped_since_the_last_sending_send_their_steps() {
        scenarios::candidates_stepped_since_the_last_sending_send_their_steps(MapStates::default());
    }

    #[test]
    fn a_hot_contribution_its_owner_already_holds_is_not_taken() {
        scenarios::a_hot_contribution_its_owner_already_holds_is_not_taken(MapStates::default);
    }

    #[test]
    fn a_state_holding_part_of_a_piece_is_not_taken() {
        scenarios::a_state_holding_part_of_a_piece_is_not_taken(MapStates::default);
    }

    /// Once the counts have settled (after three of its own confirmations), the share of a
    /// coordinate most own batches miss stays near the other workers' updates per own
    /// update (12: between half of it and a twelfth more); when this replica stops
    /// learning it, it leaves the books and its share is 0.
    #[test]
    fn a_coordinate_most_own_batches_miss_keeps_its_share_near_the_other_workers_ratio() {
        let shares = scenarios::a_coordinate_most_own_batches_miss_keeps_its_share_near_the_other_workers_ratio();
        let settled = &shares[16..48];
        assert!(settled.iter().all(|s| (6.0..=13.0).contains(s)), "{settled:.2?}");
        assert_eq!(shares.last().copied(), Some(0.0), "{shares:.2?}");
    }

    #[test]
    fn four_workers_correcting_one_stale_error_do_not_overshoot_together() {
        scenarios::four_workers_correcting_one_stale_error_do_not_overshoot_together();
    }
}
