//! Hot-coordinate exchange (issue 30): other workers' steps of the hottest coordinates reach
//! a replica directly, without waiting for the round trip through the owners.
//!
//! Staleness hurts most where a coordinate moves with most examples (the bias, the frequent
//! values of each field): every worker corrects its error from a view that misses the
//! other workers' last round trip of examples. So each worker, often (every few hundred
//! examples of the group), sends its own steps of its K hottest coordinates since its last
//! sending, as [`HotContribution`]s, and every other replica adds them to its states at
//! once as *provisional* foreign contributions.
//!
//! A contribution is tagged with what its owner must have applied to hold it: per examples
//! partition, the highest offset whose gradients the piece's batch sent to the coordinate's
//! owner partition. A receiving replica drops it when it takes the coordinate's state from
//! an owner publication whose applied watermark covers that tag: the owner's state holds
//! those steps then, from the original batch or from a re-learn after a crash, so nothing
//! counts twice. A contribution the replica's last watermark of that owner already covers
//! when it arrives is not taken at all. A piece never spans two batches (the rest of a
//! batch sealed since the last sending leaves as its own piece, tagged with the batch's
//! requirements), since an owner may apply one batch and not the next.
//!
//! The foreign share ([`super::pending::Pending::share`]) estimates the other workers'
//! steps in flight and *unseen*. Foreign updates that arrive in an owner's state after they
//! arrived as provisional contributions were seen: they do not count as foreign there, so
//! a coordinate whose other workers' steps all arrive directly has a share near 0 and its
//! own steps count once.
//!
//! Off unless [`Replica::with_hot_exchange`] turns it on: then nothing here runs and the
//! replica is bit for bit what it was.

use super::{Replica, ReplicaStates};
use crate::learn::rule::CoordinateRule;
use crate::learn::{CoordState, Feature};
use hashbrown::{HashMap, HashSet};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Examples partition → offset: a contribution's tag, shared by the pieces of one sending
/// that have the same (a coalesced batch's pieces all do).
pub(crate) type Offsets = Arc<BTreeMap<i32, i64>>;

/// Most contributions a replica holds provisionally by default: about 100 bytes each, so
/// 100 MB. Past it further contributions are refused (they only bring steps sooner; the
/// owners bring them anyway), so a sender that floods, or owners that stop confirming,
/// cannot grow a worker's memory without bound.
pub(crate) const MAX_PROVISIONAL: usize = 1_000_000;

/// One worker's own steps of one coordinate, not yet confirmed by its owner, sent directly
/// to the other workers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HotContribution {
    pub coordinate: u64,
    /// The steps (z, n, Σg and the update count add up), the sender's own: what its owner
    /// will add.
    pub difference: CoordState,
    /// Examples partition → highest offset whose gradients the piece's batch sent to the
    /// coordinate's owner partition: an owner whose watermark reaches these holds the piece.
    pub requirements: Offsets,
    /// Examples partition → the lowest offset of the piece's batch: a watermark at or past
    /// it and short of the requirement holds part of the piece.
    pub firsts: Offsets,
    /// Who sent it (the stream: the sending process's random number; 0 until sent).
    pub sender: u64,
}

/// How much of a piece an owner state published with a given watermark holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Held {
    Not,
    /// Some of the piece but not all of it (per-example records: a transaction may end
    /// inside a batch).
    Partly,
    Whole,
}

/// What an owner state does to a coordinate's provisional contributions
/// ([`HotExchange::settle`]).
#[derive(Debug, PartialEq)]
pub(super) enum Settled {
    /// It has none.
    NoPieces,
    /// The state holds part of one: it is not taken.
    HeldBack,
    /// `uncovered`: the sum of those the state does not hold (which the replica adds to
    /// it); `dropped`: the updates of those it holds, dropped (then the owner's state must
    /// be taken: the owner applied those steps to its own state, which the sender's
    /// difference only approximates).
    Pieces { uncovered: CoordState, dropped: u64 },
}

/// How much of a piece tagged `requirements` and `firsts` an owner with this watermark
/// has applied, in one pass over its tag.
fn held_by(requirements: &BTreeMap<i32, i64>, firsts: &BTreeMap<i32, i64>, watermark: &BTreeMap<i32, i64>) -> Held {
    let mut whole = true;
    for (origin, offset) in requirements.iter() {
        match watermark.get(origin) {
            Some(applied) if applied >= offset => {}
            Some(applied) if *applied >= firsts.get(origin).copied().unwrap_or(i64::MAX) => return Held::Partly,
            _ => whole = false,
        }
    }
    if whole {
        Held::Whole
    } else {
        Held::Not
    }
}

/// A candidate the open batch has not touched yet.
const UNTOUCHED: u32 = u32::MAX;

/// A candidate not yet listed as touched since it was chosen (sendings never count so far).
const NEVER_LISTED: u32 = u32::MAX;

/// Bits of [`HotExchange::candidate_filter`]: eight per candidate at the default K.
const CANDIDATE_FILTER_BITS: usize = 1 << 16;

/// A coordinate's bit in [`HotExchange::candidate_filter`] (coordinates are hashes: their
/// bits are evenly spread).
fn candidate_filter_bit(coordinate: u64) -> usize {
    ((coordinate ^ (coordinate >> 32)) as usize) % CANDIDATE_FILTER_BITS
}

/// Most foreign pieces whose states are found together
/// ([`Replica::foreign_contributions`]): enough for their cache misses to overlap.
const TAKEN_TOGETHER: usize = 256;

/// A slot whose coordinate is no hot candidate.
pub(super) const NOT_CANDIDATE: u32 = u32::MAX;

/// One sending's tag as taken, shared by the pieces held under it.
#[derive(Debug)]
struct Tag {
    requirements: Offsets,
    firsts: Offsets,
    sender: u64,
    /// Pieces held under it: at 0 its place is free for another tag.
    pieces: u32,
    /// What the watermark numbered so holds of it.
    verdict: Option<(u64, Held)>,
    /// Whether it reaches into examples this replica learns itself, as of the version of
    /// its own ranges so numbered.
    own: Option<(u64, bool)>,
}

/// A provisional piece of one coordinate: another worker's steps, and the place of its tag.
#[derive(Clone, Copy, Debug)]
struct Piece {
    difference: CoordState,
    tag: u32,
}

/// The tags of the pieces held, in places that are reused. A worker takes thousands of
/// pieces per sending, all with the tags of a few groups, and checks each piece again at
/// every owner state of its coordinate: a piece names its tag by place, and a tag keeps its
/// verdict under the last watermark that judged it, so each check is an index and a
/// comparison, not a hash lookup nor a walk through two maps.
#[derive(Debug, Default)]
struct TagTable {
    tags: Vec<Tag>,
    free: Vec<u32>,
    /// The places of the tags in use by their addresses (the table keeps each tag alive, so
    /// no other tag can take its address while it stands) and sender.
    places: HashMap<(usize, usize, u64), u32>,
    /// The place of the last tag taken, kept while it holds no piece until another tag
    /// comes.
    last: Option<u32>,
}

fn address(tag: &Tag) -> (usize, usize, u64) {
    (Arc::as_ptr(&tag.requirements) as usize, Arc::as_ptr(&tag.firsts) as usize, tag.sender)
}

impl TagTable {
    /// The place of `contribution`'s tag, made when it is not the last one taken.
    fn place_of(&mut self, contribution: &HotContribution) -> u32 {
        let key = (
            Arc::as_ptr(&contribution.requirements) as usize,
            Arc::as_ptr(&contribution.firsts) as usize,
            contribution.sender,
        );
        if let Some(last) = self.last {
            if address(&self.tags[last as usize]) == key {
                return last;
            }
        }
        if let Some(&place) = self.places.get(&key) {
            self.forget_last();
            self.last = Some(place);
            return place;
        }
        self.forget_last();
        let tag = Tag {
            requirements: contribution.requirements.clone(),
            firsts: contribution.firsts.clone(),
            sender: contribution.sender,
            pieces: 0,
            verdict: None,
            own: None,
        };
        let place = match self.free.pop() {
            Some(place) => {
                self.tags[place as usize] = tag;
                place
            }
            None => {
                self.tags.push(tag);
                (self.tags.len() - 1) as u32
            }
        };
        self.places.insert(key, place);
        self.last = Some(place);
        place
    }

    /// The last tag taken is no longer the last: freed if it holds no piece.
    fn forget_last(&mut self) {
        if let Some(last) = self.last.take() {
            if self.tags[last as usize].pieces == 0 {
                self.free_place(last);
            }
        }
    }

    fn free_place(&mut self, place: u32) {
        self.places.remove(&address(&self.tags[place as usize]));
        self.free.push(place);
    }

    fn tag_mut(&mut self, place: u32) -> &mut Tag {
        &mut self.tags[place as usize]
    }

    fn hold(&mut self, place: u32) {
        self.tags[place as usize].pieces += 1;
    }

    /// A piece under the tag at `place` is no longer held.
    fn release(&mut self, place: u32) {
        let tag = &mut self.tags[place as usize];
        tag.pieces -= 1;
        if tag.pieces == 0 && self.last != Some(place) {
            self.free_place(place);
        }
    }

    /// How much of the pieces tagged at `place` the watermark numbered `number` holds.
    fn held(&mut self, place: u32, number: u64, watermark: &BTreeMap<i32, i64>) -> Held {
        let tag = &mut self.tags[place as usize];
        match tag.verdict {
            Some((judged, held)) if judged == number => held,
            _ => {
                let held = held_by(&tag.requirements, &tag.firsts, watermark);
                tag.verdict = Some((number, held));
                held
            }
        }
    }
}

/// The examples this replica learns itself: per examples partition, the offsets from where
/// it resumed the partition to where it gave it up, or on while it holds it. No other worker
/// learns them then (a worker commits what it learned of a partition before another may
/// resume it), so another worker's piece of a batch that reaches into them is of a batch
/// that never committed: a crashed worker's, or a fenced zombie's. Taken, it would count
/// examples this replica learns again itself twice.
#[derive(Debug, Default)]
struct OwnRanges {
    /// Examples partition → [from, to) ranges, oldest first; `to` is `None` while held.
    ranges: HashMap<i32, Vec<(i64, Option<i64>)>>,
    /// Examples partition → the offset after the last own example sealed.
    next: HashMap<i32, i64>,
    /// Bumped at every change, so a tag's verdict is judged again.
    version: u64,
}

/// Ranges kept per examples partition: a piece of a batch older than the oldest's would
/// come after many rebalances, and at worst counts twice until its owner's state.
const OWN_RANGES_KEPT: usize = 8;

impl OwnRanges {
    /// The partitions now held, each from the offset where learning resumes it; those no
    /// longer held end where this replica's learning of them stopped.
    fn resume(&mut self, resumed: &[(i32, i64)]) {
        for (partition, ranges) in self.ranges.iter_mut() {
            if resumed.iter().any(|(p, _)| p == partition) {
                continue;
            }
            if let Some(last) = ranges.last_mut().filter(|(_, to)| to.is_none()) {
                last.1 = Some(self.next.get(partition).copied().unwrap_or(last.0).max(last.0));
            }
            ranges.retain(|(from, to)| to.is_none_or(|to| to > *from));
        }
        for &(partition, from) in resumed {
            let ranges = self.ranges.entry(partition).or_default();
            // Held on from before: the range goes on (offsets reset forward only skip).
            if !ranges.last().is_some_and(|(_, to)| to.is_none()) {
                ranges.push((from, None));
                if ranges.len() > OWN_RANGES_KEPT {
                    ranges.remove(0);
                }
            }
        }
        self.ranges.retain(|_, ranges| !ranges.is_empty());
        self.version += 1;
    }

    /// Notes a sealed own batch's highest offsets.
    fn sealed(&mut self, requirements: &BTreeMap<(i32, i32), i64>) {
        for (&(_, origin), &offset) in requirements {
            let next = self.next.entry(origin).or_insert(0);
            *next = (*next).max(offset + 1);
        }
    }

    /// Whether a batch with these requirements and first offsets reaches into own examples.
    fn reached_by(&self, requirements: &BTreeMap<i32, i64>, firsts: &BTreeMap<i32, i64>) -> bool {
        requirements.iter().any(|(origin, required)| {
            let began = firsts.get(origin).copied().unwrap_or(i64::MIN);
            self.ranges.get(origin).is_some_and(|ranges| {
                ranges.iter().any(|(from, to)| *required >= *from && to.is_none_or(|to| began < to))
            })
        })
    }

    /// [`Self::reached_by`] for a tag, judged once per version.
    fn reach(&self, tag: &mut Tag) -> bool {
        match tag.own {
            Some((version, reaches)) if version == self.version => reaches,
            _ => {
                let reaches = self.reached_by(&tag.requirements, &tag.firsts);
                tag.own = Some((self.version, reaches));
                reaches
            }
        }
    }
}

/// The coordinate whose drift makes a sending due ([`Replica::hot_drift`]), and its weight in
/// this replica at the last sending.
#[derive(Clone, Copy, Debug, Default)]
struct Drifting {
    coordinate: u64,
    member: u32,
    at_sending: f64,
}

/// What a replica with hot exchange keeps, sending and receiving.
#[derive(Debug, Default)]
pub(super) struct HotExchange {
    /// How many coordinates it sends: the hottest by own updates in its last batch.
    k: usize,
    /// Fewest own updates since a coordinate's last piece that make a piece: fewer wait
    /// for a later sending (or come through the owners, if the batch is sealed first).
    min_updates: u64,
    /// Least impact a piece must have to leave ([`HotExchange::worth_sending`]).
    min_impact: f64,
    /// This replica's share of the group's examples (1 alone).
    group_share: f64,
    /// The coordinates it sends during the batch being learned: the hottest of the batch
    /// sealed last, chosen once per batch.
    candidates: Vec<u64>,
    /// Per candidate: where it is in the open batch's `before` once the batch touched it
    /// ([`UNTOUCHED`] until then), noted when the batch first touches it.
    candidate_at: Vec<u32>,
    /// Per candidate coordinate: its number (its place in `candidates`).
    candidate_numbers: HashMap<u64, u32>,
    /// A bit per [`candidate_filter_bit`], set for the candidates': most coordinates a
    /// batch touches are no candidate, and this small table (8 KiB, in the nearest cache)
    /// says so without a lookup in `candidate_numbers`.
    candidate_filter: Vec<u64>,
    /// The slots the open batch's notes mark with a candidate's number, when the candidates
    /// were chosen during it (the first batch), to unmark them when they are chosen again.
    candidate_slots: Vec<u32>,
    /// The candidates the open batch touched since the last sending, each once: only their
    /// pieces can have grown. Scanning every candidate at each sending would cost K
    /// lookups every E × share own examples, a cost per example that grows with the group.
    touched: Vec<u32>,
    /// Per candidate: the sending it was last listed in `touched` for ([`NEVER_LISTED`]
    /// before any), and the number of the next sending (from 0 for each set of candidates).
    touched_before: Vec<u32>,
    sendings: u32,
    /// The coordinate whose drift makes a sending due ([`Replica::hot_drift`]): the hottest
    /// of the last ranking (the bias until then).
    drifting: Drifting,
    /// Whether a sealed batch ranked the candidates. Until one has, they are ranked anew at
    /// every sending by the open batch so far: ranked once, by its first few examples, they
    /// would leave out most of the coordinates the first batch learns, and the workers
    /// would learn those from their own examples alone until the owners' first states,
    /// when the model moves most.
    ranked: bool,
    /// Per candidate: its own part of the open batch's difference sent so far.
    sent: HashMap<u64, CoordState>,
    /// The rest of sealed batches' candidates, for the next sending.
    outbox: Vec<HotContribution>,
    /// Per coordinate: other workers' pieces its owner's state taken last does not hold
    /// yet, in the order received.
    provisional: HashMap<u64, Vec<Piece>>,
    /// Their tags.
    tags: TagTable,
    /// How many `provisional` holds, and the most it may ([`MAX_PROVISIONAL`] by default).
    held: usize,
    max_held: usize,
    /// Per owner partition: the last applied watermark taken, and its number (watermarks
    /// are numbered in the order they arrive, whatever their partition).
    watermarks: HashMap<i32, (u64, BTreeMap<i32, i64>)>,
    /// Watermarks arrived.
    watermarks_arrived: u64,
    /// Coordinates with provisional contributions whose owner state was not taken (it held
    /// part of a batch): the replica's own state holds each of their contributions once and
    /// stands for the owner's, so those the owner's watermark covers are dropped without
    /// waiting for a state of the coordinate, which may never come again.
    skipped: HashSet<u64>,
    /// The contributions being taken, their coordinates and slots (kept to spare
    /// allocations).
    admitted: Vec<(usize, u32)>,
    features: Vec<Feature>,
    slots: Vec<u32>,
    /// Per examples partition: the sender whose pieces of it were taken last.
    learners: HashMap<i32, u64>,
    /// The examples this replica learns itself.
    own_ranges: OwnRanges,
    /// The `firsts` of the last piece taken, whose learners are noted already (the pieces of
    /// one sending's group share it).
    last_firsts: Option<Offsets>,
    /// Contributions taken back or refused: their batch never committed, its examples
    /// learned again by another worker or this one (after a crash or a fenced zombie).
    pub(super) superseded: u64,
    /// Contributions taken, and dropped once an owner's state held them.
    pub(super) taken: u64,
    pub(super) dropped: u64,
    /// Contributions refused because `max_held` were held.
    pub(super) refused: u64,
}

impl HotExchange {
    /// Whether `piece`, own steps of a coordinate whose state here is `state`, leaves now.
    /// It needs `min_updates` steps, and an impact of at least `min_impact`: how far its
    /// steps moved the coordinate's weight, times the steps the whole group took of the
    /// coordinate meanwhile (its own over its share of the group's examples). Those steps
    /// stand for how often the coordinate comes: the other replicas' predictions that a
    /// late piece leaves wrong are about that many, each by that far. Counted for the group
    /// and not the sender, the same setting holds whatever the group's size: a worker of 8
    /// sends pieces of half the steps of a worker of 4. Early in a model a hot coordinate's
    /// steps are large and every piece counts; once it settles, a piece moves it by little
    /// and most stay home, their steps coming through the owners a round trip later.
    fn worth_sending(&self, rule: &CoordinateRule, member: u32, state: &CoordState, piece: &CoordState) -> bool {
        if piece.updates < self.min_updates {
            return false;
        }
        if self.min_impact <= 0.0 {
            return true;
        }
        let without = CoordState { z: state.z - piece.z, n: state.n - piece.n, ..*state };
        let moved = (rule.weight(member, state) - rule.weight(member, &without)).abs();
        moved * piece.updates as f64 / self.group_share >= self.min_impact
    }

    /// Drops the provisional contributions to `coordinate` that an owner state published
    /// with `watermark` holds, when it holds each whole or not at all.
    pub(super) fn settle(&mut self, partition: i32, coordinate: u64) -> Settled {
        let Some(list) = self.provisional.get_mut(&coordinate) else {
            return Settled::NoPieces;
        };
        let Some((number, watermark)) = self.watermarks.get(&partition) else {
            return Settled::NoPieces;
        };
        let tags = &mut self.tags;
        // A state holding part of a piece would count that part twice, taken: the replica's
        // own state stands for it until the owner's watermark covers the piece.
        if list.iter().any(|piece| tags.held(piece.tag, *number, watermark) == Held::Partly) {
            self.skipped.insert(coordinate);
            return Settled::HeldBack;
        }
        let mut dropped = 0u64;
        let mut count = 0u64;
        list.retain(|piece| {
            let held = tags.held(piece.tag, *number, watermark) == Held::Whole;
            if held {
                dropped = dropped.wrapping_add(piece.difference.updates);
                count += 1;
                tags.release(piece.tag);
            }
            !held
        });
        self.dropped += count;
        self.held -= count as usize;
        let mut uncovered = CoordState::default();
        for piece in list.iter() {
            uncovered.add(&piece.difference);
        }
        if list.is_empty() {
            self.provisional.remove(&coordinate);
        }
        Settled::Pieces { uncovered, dropped }
    }

    /// Notes those of `left` (owner states not taken: they held part of an own batch) with
    /// provisional contributions as skipped.
    pub(super) fn note_skipped(&mut self, left: Vec<u64>) {
        let provisional = &self.provisional;
        self.skipped.extend(left.into_iter().filter(|c| provisional.contains_key(c)));
    }

    /// Drops the provisional contributions to skipped coordinates of owner `partition` that
    /// its last watermark covers, leaving their states as they are (they hold them once).
    pub(super) fn settle_skipped(&mut self, partition: i32, partitions: u64) {
        if self.skipped.is_empty() {
            return;
        }
        let Some((number, watermark)) = self.watermarks.get(&partition) else {
            return;
        };
        let mut dropped = 0u64;
        let (provisional, tags) = (&mut self.provisional, &mut self.tags);
        self.skipped.retain(|coordinate| {
            if (coordinate % partitions) as i32 != partition {
                return true;
            }
            let Some(list) = provisional.get_mut(coordinate) else {
                return false;
            };
            let before = list.len();
            list.retain(|piece| {
                let held = tags.held(piece.tag, *number, watermark) == Held::Whole;
                if held {
                    tags.release(piece.tag);
                }
                !held
            });
            dropped += (before - list.len()) as u64;
            if list.is_empty() {
                provisional.remove(coordinate);
                return false;
            }
            true
        });
        self.dropped += dropped;
        self.held -= dropped as usize;
    }

    /// The candidate `coordinate` is ([`NOT_CANDIDATE`] if none), now that the open batch
    /// first touches it, at `at` in its `before`. Once per coordinate and batch: its slot
    /// keeps the answer for the batch's other steps.
    pub(super) fn first_touched(&mut self, coordinate: u64, at: usize) -> u32 {
        let bit = candidate_filter_bit(coordinate);
        if self.candidate_filter.get(bit / 64).is_none_or(|word| word & (1 << (bit % 64)) == 0) {
            return NOT_CANDIDATE;
        }
        let Some(&candidate) = self.candidate_numbers.get(&coordinate) else {
            return NOT_CANDIDATE;
        };
        self.candidate_at[candidate as usize] = at as u32;
        candidate
    }

    /// Notes that the open batch stepped candidate `candidate`.
    #[inline]
    pub(super) fn touch(&mut self, candidate: u32) {
        let i = candidate as usize;
        if self.touched_before[i] != self.sendings {
            self.touched_before[i] = self.sendings;
            self.touched.push(candidate);
        }
    }

    /// Owner `partition` published `watermark`: what it holds of pieces taken from now on,
    /// and of those held, is judged by it.
    pub(super) fn watermark_arrives(&mut self, partition: i32, watermark: &BTreeMap<i32, i64>) {
        self.watermarks_arrived += 1;
        self.watermarks.insert(partition, (self.watermarks_arrived, watermark.clone()));
    }
}

/// A batch's requirements for one owner partition: examples partition → highest offset.
fn requirements_of(requirements: &BTreeMap<(i32, i32), i64>, partition: i32) -> BTreeMap<i32, i64> {
    requirements
        .range((partition, i32::MIN)..=(partition, i32::MAX))
        .map(|((_, origin), offset)| (*origin, *offset))
        .collect()
}

/// The tags of one sending's pieces, made once per owner partition.
struct Tags<'a> {
    requirements: &'a BTreeMap<(i32, i32), i64>,
    by_partition: HashMap<i32, Offsets>,
    firsts: Offsets,
}

impl<'a> Tags<'a> {
    fn new(requirements: &'a BTreeMap<(i32, i32), i64>, firsts: &BTreeMap<i32, i64>) -> Self {
        Self { requirements, by_partition: HashMap::new(), firsts: Arc::new(firsts.clone()) }
    }

    fn contribution(&mut self, coordinate: u64, partition: i32, difference: CoordState) -> HotContribution {
        let requirements = self
            .by_partition
            .entry(partition)
            .or_insert_with(|| Arc::new(requirements_of(self.requirements, partition)))
            .clone();
        HotContribution { coordinate, difference, requirements, firsts: self.firsts.clone(), sender: 0 }
    }
}

/// The hottest coordinate's drift, in weight, past which a sending is due
/// ([`Replica::hot_drift`]): a bound on the gradient's change (`worker.hot_drift`) over the
/// loss's largest curvature. `None` when it is off.
pub(crate) fn drift_in_weight(gradient_bound: f64, loss: &crate::learn::Loss) -> Option<f64> {
    let curvature = loss.largest_curvature().unwrap_or(KINKED_LOSS_CURVATURE);
    Some(gradient_bound / curvature).filter(|d| *d > 0.0)
}

/// The curvature a loss whose derivative jumps instead of curving (the hinge loss: by 1, at
/// its kink) counts for the drift: its smooth cousin's, the log loss's, whose derivative
/// moves by 1 over the margin at most ¼ per unit. Without a bound the hinge loss at 16
/// simulated workers and α = 0.4 was 0.06 worse than embedded; with ¼, 0.002
/// (docs/benchmarks.md, "Large α").
const KINKED_LOSS_CURVATURE: f64 = 0.25;

impl<S: ReplicaStates> Replica<S> {
    /// Turns hot-coordinate exchange on: [`Self::hot_contributions`] sends the own steps of
    /// the `k` coordinates this replica updated most in its last batch, and
    /// [`Self::foreign_contributions`] takes other workers'.
    pub(crate) fn with_hot_exchange(mut self, k: usize) -> Self {
        self.hot = Some(Box::new(HotExchange {
            k,
            min_updates: 1,
            group_share: 1.0,
            max_held: MAX_PROVISIONAL,
            // Until a batch ranks the hottest, the bias (when the model has one).
            drifting: Drifting { coordinate: crate::learn::hashing::bias(), member: 0, at_sending: 0.0 },
            ..HotExchange::default()
        }));
        self
    }

    /// With hot exchange: a piece leaves only with at least `min` own updates (1: every
    /// piece with any).
    pub(crate) fn with_hot_min_updates(mut self, min: u64) -> Self {
        if let Some(hot) = &mut self.hot {
            hot.min_updates = min.max(1);
        }
        self
    }

    /// With hot exchange: a piece leaves only with an impact of at least `min` (0: every
    /// piece; see [`HotExchange::worth_sending`]).
    pub(crate) fn with_hot_min_impact(mut self, min: f64) -> Self {
        if let Some(hot) = &mut self.hot {
            hot.min_impact = min.max(0.0);
        }
        self
    }

    /// With hot exchange: this replica learns `share` of the group's examples (its examples
    /// partitions over all of them), which a piece's impact counts its steps by.
    pub(crate) fn set_hot_group_share(&mut self, share: f64) {
        if let Some(hot) = &mut self.hot {
            if share > 0.0 && share <= 1.0 {
                hot.group_share = share;
            }
        }
    }

    /// With hot exchange: how far the weight of the hottest coordinate moved in this replica
    /// since its last sending (0 without the exchange). The hottest is the one the last
    /// batch ranked first: the bias, or in a model without one the feature most examples
    /// hold (the bias until a batch has ranked). It moves with most examples, most of all
    /// when the whole group corrects the same error; a sending due by this drift rather
    /// than by the spacing keeps the other workers' view of it within a bound in weight,
    /// not in examples (`ftrl simulate --hot-drift`; docs/benchmarks.md, "Large α").
    pub(crate) fn hot_drift(&self) -> f64 {
        self.hot.as_ref().map_or(0.0, |hot| (self.drifting_weight(&hot.drifting) - hot.drifting.at_sending).abs())
    }

    fn drifting_weight(&self, drifting: &Drifting) -> f64 {
        self.states.resident(drifting.coordinate).map_or(0.0, |state| self.rule.weight(drifting.member, state))
    }

    /// With hot exchange: holds at most `most` contributions provisionally, refusing more.
    #[cfg(test)]
    pub(crate) fn with_most_provisional(mut self, most: usize) -> Self {
        if let Some(hot) = &mut self.hot {
            hot.max_held = most;
        }
        self
    }

    /// Own steps of the hot coordinates since the last call, for the other workers: the
    /// rest of batches sealed since, and the batch being learned so far, whose examples
    /// sent (or will send) so far `requirements` ((owner partition, examples partition) →
    /// highest offset, as for [`Self::seal`]) and began at `firsts`. Empty without hot
    /// exchange. Call it between examples.
    pub(crate) fn hot_contributions(
        &mut self,
        requirements: &BTreeMap<(i32, i32), i64>,
        firsts: &BTreeMap<i32, i64>,
    ) -> Vec<HotContribution> {
        let Some(mut hot) = self.hot.take() else {
            return Vec::new();
        };
        let out = self.send_hot(&mut hot, requirements, firsts);
        self.hot = Some(hot);
        out
    }

    fn send_hot(
        &mut self,
        hot: &mut HotExchange,
        requirements: &BTreeMap<(i32, i32), i64>,
        firsts: &BTreeMap<i32, i64>,
    ) -> Vec<HotContribution> {
        let mut scanned = std::mem::take(&mut hot.touched);
        if !hot.ranked && !self.before.is_empty() {
            // No batch before it to rank by: the open one so far. What was sent of a
            // coordinate that leaves the candidates stays in `sent`; the rest of it comes
            // through the owners. Every candidate so chosen may have a piece.
            self.choose_candidates(hot, true);
            scanned.clear();
            scanned.extend(0..hot.candidates.len() as u32);
        }
        // A candidate not touched since the last sending has the piece it had then.
        hot.sendings = hot.sendings.wrapping_add(1);
        hot.drifting.at_sending = self.drifting_weight(&hot.drifting);
        let mut out = std::mem::take(&mut hot.outbox);
        let mut tags = Tags::new(requirements, firsts);
        for &i in &scanned {
            let (coordinate, at) = (hot.candidates[i as usize], hot.candidate_at[i as usize]);
            if at == UNTOUCHED {
                continue; // not touched in this batch yet
            }
            let (_, member, slot, before, share) = self.before[at as usize];
            let state = self.states.state(slot);
            let own = state.difference(&before).own_part(share);
            let sent = hot.sent.get(&coordinate).copied().unwrap_or_default();
            let piece = own.difference(&sent);
            if !hot.worth_sending(&self.rule, member, state, &piece) {
                continue;
            }
            hot.sent.insert(coordinate, own);
            let partition = (coordinate % self.partitions) as i32;
            out.push(tags.contribution(coordinate, partition, piece));
        }
        scanned.clear();
        hot.touched = scanned;
        out
    }

    /// Takes one contribution as [`Self::foreign_contributions`] does; returns whether it
    /// was taken.
    #[cfg(test)]
    pub(crate) fn foreign_contribution(&mut self, contribution: &HotContribution) -> Result<bool, S::Error> {
        Ok(self.foreign_contributions(std::slice::from_ref(contribution))? == 1)
    }

    /// Adds other workers' contributions (a sending's, say) to this replica's states at
    /// once, provisionally: until the coordinate's owner publishes a state that holds it.
    /// One is not taken without hot exchange, nor when the last watermark taken from the
    /// owner already holds it (wholly or in part), nor when the most contributions the
    /// replica may hold are held. Returns how many were taken. Call it between examples.
    pub(crate) fn foreign_contributions(&mut self, contributions: &[HotContribution]) -> Result<usize, S::Error> {
        let Some(mut hot) = self.hot.take() else {
            return Ok(0);
        };
        let taken = self.take_contributions(&mut hot, contributions);
        self.hot = Some(hot);
        taken
    }

    /// Which contributions are taken is judged first, then their states are found all at
    /// once: found one after another, each waited on its own cache misses (a sending's
    /// coordinates are scattered over the whole replica), and at four workers that was half
    /// of what finding states cost the predict thread.
    fn take_contributions(
        &mut self,
        hot: &mut HotExchange,
        contributions: &[HotContribution],
    ) -> Result<usize, S::Error> {
        // Few enough that making room for them never evicts much.
        let most = (self.states.capacity() / 8).clamp(1, TAKEN_TOGETHER);
        let mut admitted = std::mem::take(&mut hot.admitted);
        admitted.clear();
        let mut taken = 0;
        for (index, contribution) in contributions.iter().enumerate() {
            let new_learners = !hot.last_firsts.as_ref().is_some_and(|last| Arc::ptr_eq(last, &contribution.firsts));
            // Taking pieces back looks at the pieces held: those admitted are added first.
            if admitted.len() >= most || (new_learners && !admitted.is_empty()) {
                taken += self.add_pieces(hot, contributions, &admitted)?;
                admitted.clear();
            }
            if let Some(tag) = self.admit(hot, contribution)? {
                admitted.push((index, tag));
            }
        }
        taken += self.add_pieces(hot, contributions, &admitted)?;
        admitted.clear();
        hot.admitted = admitted;
        Ok(taken)
    }

    /// The tag `contribution` is held under if it is taken: not when this replica learns
    /// its examples itself, when the owner's last watermark holds it, or when the most
    /// pieces are held (counting it as held from here).
    fn admit(&mut self, hot: &mut HotExchange, contribution: &HotContribution) -> Result<Option<u32>, S::Error> {
        let partition = (contribution.coordinate % self.partitions) as i32;
        let tag = hot.tags.place_of(contribution);
        if hot.own_ranges.reach(hot.tags.tag_mut(tag)) {
            hot.superseded += 1;
            return Ok(None);
        }
        if let Some((number, watermark)) = hot.watermarks.get(&partition) {
            if hot.tags.held(tag, *number, watermark) != Held::Not {
                return Ok(None);
            }
        }
        if hot.held >= hot.max_held {
            hot.refused += 1;
            return Ok(None);
        }
        if !hot.last_firsts.as_ref().is_some_and(|last| Arc::ptr_eq(last, &contribution.firsts)) {
            self.note_learners(hot, contribution)?;
        }
        hot.tags.hold(tag);
        hot.held += 1;
        Ok(Some(tag))
    }

    /// Adds the admitted pieces (index in `contributions`, tag) to their states, found all at
    /// once; returns how many.
    fn add_pieces(
        &mut self,
        hot: &mut HotExchange,
        contributions: &[HotContribution],
        admitted: &[(usize, u32)],
    ) -> Result<usize, S::Error> {
        if admitted.is_empty() {
            return Ok(0);
        }
        hot.features.clear();
        hot.features.extend(
            admitted.iter().map(|&(index, _)| Feature { coordinate: contributions[index].coordinate, value: 0.0 }),
        );
        self.states.resolve(&hot.features, &mut hot.slots)?;
        for (&(index, tag), &slot) in admitted.iter().zip(&hot.slots) {
            let contribution = &contributions[index];
            let coordinate = contribution.coordinate;
            self.states.state_mut(slot).add(&contribution.difference);
            // A coordinate the open batch touched: its state before the batch moves too, so
            // that the batch's difference stays this replica's own.
            if let Some(at) = self.noted_at(slot) {
                self.before[at].3.add(&contribution.difference);
            }
            if let Some(pending) = self.pending.get_mut(&coordinate) {
                pending.replica_updates = pending.replica_updates.wrapping_add(contribution.difference.updates);
            }
            hot.provisional.entry(coordinate).or_default().push(Piece { difference: contribution.difference, tag });
        }
        hot.taken += admitted.len() as u64;
        Ok(admitted.len())
    }

    /// Notes `contribution`'s sender as the learner of its examples partitions. Where
    /// another sender's pieces reach into the examples this one's batch starts at, that
    /// sender's batch never committed (a worker commits what it learned of a partition
    /// before another may resume it) and this one learns those examples again: its pieces
    /// are taken back, or they and this sender's would count the same examples twice until
    /// an owner confirms them. Taking a piece back wrongly costs only its speed-up: its
    /// steps still come through the owners.
    fn note_learners(&mut self, hot: &mut HotExchange, contribution: &HotContribution) -> Result<(), S::Error> {
        hot.last_firsts = Some(contribution.firsts.clone());
        for (&origin, &first) in contribution.firsts.iter() {
            let before = hot.learners.insert(origin, contribution.sender);
            let Some(other) = before.filter(|other| *other != contribution.sender) else {
                continue;
            };
            // A batch of the other's that began at or before this one's first example and
            // reaches into it: a piece of the other's that began after (the rest of a batch
            // sealed late, say) is a later batch of a partition it held, and stays.
            let reaching = |tag: &Tag| {
                tag.sender == other
                    && tag.firsts.get(&origin).is_some_and(|began| *began <= first)
                    && tag.requirements.get(&origin).is_some_and(|required| *required >= first)
            };
            self.take_back(hot, |tag| reaching(tag))?;
        }
        Ok(())
    }

    /// Takes back the provisional pieces whose tags `void` says never committed: out of
    /// the states, as if never taken.
    fn take_back(&mut self, hot: &mut HotExchange, mut void: impl FnMut(&mut Tag) -> bool) -> Result<(), S::Error> {
        let mut taken_back: Vec<(u64, CoordState)> = Vec::new();
        let tags = &mut hot.tags;
        hot.provisional.retain(|coordinate, list| {
            list.retain(|piece| {
                let reaches = void(tags.tag_mut(piece.tag));
                if reaches {
                    taken_back.push((*coordinate, piece.difference));
                    tags.release(piece.tag);
                }
                !reaches
            });
            !list.is_empty()
        });
        hot.held -= taken_back.len();
        hot.superseded += taken_back.len() as u64;
        for (coordinate, difference) in taken_back {
            self.states.resolve(&[Feature { coordinate, value: 0.0 }], &mut hot.slots)?;
            let slot = hot.slots[0];
            let state = self.states.state_mut(slot);
            *state = state.difference(&difference);
            if let Some(at) = self.noted_at(slot) {
                self.before[at].3 = self.before[at].3.difference(&difference);
            }
            if let Some(pending) = self.pending.get_mut(&coordinate) {
                pending.replica_updates = pending.replica_updates.saturating_sub(difference.updates);
            }
        }
        Ok(())
    }

    /// This replica learns the examples partitions `resumed` from the offsets given (every
    /// partition it holds, at each assignment; those it held before and not now, it gave
    /// up). Other workers' pieces of batches reaching into those examples never committed:
    /// those held are taken back, and those arriving later are not taken.
    pub(crate) fn resume_examples(&mut self, resumed: &[(i32, i64)]) -> Result<(), S::Error> {
        let Some(mut hot) = self.hot.take() else {
            return Ok(());
        };
        hot.own_ranges.resume(resumed);
        let own_ranges = std::mem::take(&mut hot.own_ranges);
        let out = self.take_back(&mut hot, |tag| own_ranges.reach(tag));
        hot.own_ranges = own_ranges;
        self.hot = Some(hot);
        out
    }

    /// Contributions taken back or refused because their batch never committed
    /// ([`Self::note_learners`], [`Self::resume_examples`]).
    pub(crate) fn hot_superseded(&self) -> u64 {
        self.hot.as_ref().map_or(0, |hot| hot.superseded)
    }

    /// Other workers' contributions held provisionally (not yet in an owner state taken).
    pub(crate) fn provisional(&self) -> usize {
        self.hot.as_ref().map_or(0, |hot| hot.held)
    }

    /// Contributions refused because the most the replica may hold were held.
    pub(crate) fn hot_refused(&self) -> u64 {
        self.hot.as_ref().map_or(0, |hot| hot.refused)
    }

    /// Contributions taken from other workers, and dropped once an owner state held them.
    pub(crate) fn hot_counts(&self) -> (u64, u64) {
        self.hot.as_ref().map_or((0, 0), |hot| (hot.taken, hot.dropped))
    }

    /// When a batch is sealed: what was not yet sent of its candidates leaves with the
    /// next sending, tagged with the batch's requirements, and the next batch's
    /// candidates are this one's hottest.
    pub(super) fn hot_seal(&mut self, requirements: &BTreeMap<(i32, i32), i64>, firsts: &BTreeMap<i32, i64>) {
        let Some(mut hot) = self.hot.take() else {
            return;
        };
        hot.own_ranges.sealed(requirements);
        let mut tags = Tags::new(requirements, firsts);
        if !requirements.is_empty() {
            for (&coordinate, &at) in hot.candidates.iter().zip(&hot.candidate_at) {
                if at == UNTOUCHED {
                    continue;
                }
                let (_, member, slot, before, share) = self.before[at as usize];
                let state = self.states.state(slot);
                let own = state.difference(&before).own_part(share);
                let rest = own.difference(&hot.sent.get(&coordinate).copied().unwrap_or_default());
                if !hot.worth_sending(&self.rule, member, state, &rest) {
                    continue;
                }
                let partition = (coordinate % self.partitions) as i32;
                let contribution = tags.contribution(coordinate, partition, rest);
                hot.outbox.push(contribution);
            }
        }
        if !self.before.is_empty() {
            self.choose_candidates(&mut hot, false);
            hot.ranked = true;
        }
        hot.sent.clear();
        self.hot = Some(hot);
    }

    /// Makes the `k` coordinates the open batch updated most (ties: the lower coordinate)
    /// the candidates: of this batch (`open`, the first batch, which has noted them all:
    /// their slots' notes are marked at once) or of the next (which marks each slot's note
    /// when it first touches it).
    fn choose_candidates(&mut self, hot: &mut HotExchange, open: bool) {
        for &slot in &hot.candidate_slots {
            self.notes[slot as usize].candidate = NOT_CANDIDATE;
        }
        let mut counts: Vec<(u64, u64, u32)> = self
            .before
            .iter()
            .enumerate()
            .map(|(at, (coordinate, _, slot, before, _))| {
                (self.states.state(*slot).updates.wrapping_sub(before.updates), *coordinate, at as u32)
            })
            .filter(|(updates, _, _)| *updates > 0)
            .collect();
        let by_heat = |a: &(u64, u64, u32), b: &(u64, u64, u32)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        let k = hot.k;
        if counts.len() > k && k > 0 {
            counts.select_nth_unstable_by(k - 1, by_heat);
        }
        counts.truncate(k);
        counts.sort_unstable_by(by_heat);
        // The hottest drifts furthest when the group corrects the same error: the bias (also
        // when a feature every example holds ties with it), or in a model without one the
        // feature most examples hold. A new one counts from its weight now.
        let bias = crate::learn::hashing::bias();
        let hottest =
            counts.first().map(|top| counts.iter().take_while(|c| c.0 == top.0).find(|c| c.1 == bias).unwrap_or(top));
        if let Some(&(_, coordinate, at)) = hottest {
            if coordinate != hot.drifting.coordinate {
                let member = self.before[at as usize].1;
                let mut drifting = Drifting { coordinate, member, at_sending: 0.0 };
                drifting.at_sending = self.drifting_weight(&drifting);
                hot.drifting = drifting;
            }
        }
        hot.candidates.clear();
        hot.candidate_at.clear();
        hot.candidate_numbers.clear();
        hot.candidate_filter.clear();
        hot.candidate_filter.resize(CANDIDATE_FILTER_BITS / 64, 0);
        hot.candidate_slots.clear();
        for (i, &(_, coordinate, at)) in counts.iter().enumerate() {
            hot.candidates.push(coordinate);
            hot.candidate_numbers.insert(coordinate, i as u32);
            let bit = candidate_filter_bit(coordinate);
            hot.candidate_filter[bit / 64] |= 1 << (bit % 64);
            if open {
                let slot = self.before[at as usize].2;
                self.notes[slot as usize].candidate = i as u32;
                hot.candidate_slots.push(slot);
                hot.candidate_at.push(at);
            } else {
                hot.candidate_at.push(UNTOUCHED);
            }
        }
        hot.touched.clear();
        hot.touched_before.clear();
        hot.touched_before.resize(hot.candidates.len(), NEVER_LISTED);
        hot.sendings = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drift_bound_is_the_gradient_bound_over_the_curvature() {
        use crate::learn::Loss;
        assert_eq!(drift_in_weight(0.005, &Loss::Logistic), Some(0.02));
        assert_eq!(drift_in_weight(0.005, &Loss::Squared), Some(0.0025));
        assert_eq!(drift_in_weight(0.005, &Loss::Hinge), Some(0.02), "the hinge loss counts as the log loss");
        assert_eq!(drift_in_weight(0.0, &Loss::Logistic), None, "0 is off");
    }

    fn piece(sender: u64, requirements: &Offsets, firsts: &Offsets) -> HotContribution {
        HotContribution {
            coordinate: 7,
            difference: CoordState::default(),
            requirements: requirements.clone(),
            firsts: firsts.clone(),
            sender,
        }
    }

    fn offsets(pairs: &[(i32, i64)]) -> Offsets {
        Arc::new(pairs.iter().copied().collect())
    }

    #[test]
    fn a_tag_keeps_its_place_while_it_holds_pieces_and_a_new_one_is_judged_afresh() {
        let mut table = TagTable::default();
        let (early, late, firsts) = (offsets(&[(0, 10)]), offsets(&[(0, 30)]), offsets(&[(0, 5)]));
        let a = table.place_of(&piece(1, &early, &firsts));
        table.hold(a);
        let b = table.place_of(&piece(1, &late, &firsts));
        table.hold(b);
        // Pieces of one sending come interleaved by owner partition: each finds its tag.
        assert_eq!(table.place_of(&piece(1, &early, &firsts)), a);
        let other = table.place_of(&piece(2, &early, &firsts));
        assert_ne!(other, a, "another sender's tag is its own");
        table.hold(other);
        let watermark: BTreeMap<i32, i64> = [(0, 20)].into_iter().collect();
        assert_eq!(table.held(a, 1, &watermark), Held::Whole);
        assert_eq!(table.held(b, 1, &watermark), Held::Partly);
        // Its last piece gone, a's place goes to the next new tag, which must not inherit
        // a's verdict under the same watermark.
        table.release(a);
        let c = table.place_of(&piece(3, &offsets(&[(0, 40)]), &offsets(&[(0, 25)])));
        assert_eq!(c, a, "a's place is reused");
        assert_eq!(table.held(c, 1, &watermark), Held::Not);
        // A newer watermark judges again.
        let later: BTreeMap<i32, i64> = [(0, 40)].into_iter().collect();
        assert_eq!(table.held(b, 2, &later), Held::Whole);
    }

    #[test]
    fn own_examples_are_those_from_where_a_partition_resumed_to_where_it_was_given_up() {
        let mut own = OwnRanges::default();
        let reaches = |own: &OwnRanges, began: i64, required: i64| {
            own.reached_by(&[(0, required)].into_iter().collect(), &[(0, began)].into_iter().collect())
        };
        own.resume(&[(0, 100)]);
        assert!(!reaches(&own, 50, 99), "a batch before the resumed offset committed");
        assert!(reaches(&own, 90, 100), "a batch reaching into it never did");
        assert!(reaches(&own, 150, 200), "nor one after it, while this replica holds the partition");
        assert!(!own.reached_by(&[(1, 200)].into_iter().collect(), &[(1, 150)].into_iter().collect()));
        // Held on through another assignment: the range goes on.
        own.resume(&[(0, 120), (1, 0)]);
        assert!(reaches(&own, 100, 110));
        // Learned up to 249 and given up: the next holder's batches from 250 are its own.
        own.sealed(&[((3, 0), 249), ((2, 0), 240)].into_iter().collect());
        own.resume(&[(1, 0)]);
        assert!(reaches(&own, 200, 249));
        assert!(!reaches(&own, 250, 300), "the next holder's");
        // Held again later, from 400.
        own.resume(&[(0, 400), (1, 0)]);
        assert!(!reaches(&own, 250, 399));
        assert!(reaches(&own, 380, 400));
        assert!(reaches(&own, 120, 130), "the older range stays");
        // A range given up before anything was learned in it is empty.
        let mut fresh = OwnRanges::default();
        fresh.resume(&[(5, 10)]);
        fresh.resume(&[]);
        assert!(!fresh.reached_by(&[(5, 10)].into_iter().collect(), &[(5, 10)].into_iter().collect()));
    }
}
