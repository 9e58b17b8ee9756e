//! Several threads learning in one replica (`worker.predict_threads`), as Hogwild does but
//! with each coordinate's state behind its own lock, so that no step is lost: every
//! example's update counts once, which the owners' books and the foreign share rely on.
//!
//! The replica's store cannot be shared (a lookup may read the disk and move states in
//! memory), so a chunk of examples is learned in three steps: the predict thread makes
//! every coordinate of the chunk resident and notes it in the batch, one example after
//! another ([`Replica::prepare_shared`](super::Replica::prepare_shared)); then threads
//! learn the examples at once from copies of those states, each behind a lock
//! ([`SharedLearning`]); then the states are put back ([`Replica::end_shared`](super::Replica::end_shared)).
//! A thread reads an example's weights and applies its step a moment later: between the
//! two, the other threads' steps of the same coordinates land, a staleness of about one
//! example per thread, where other workers' is thousands.

use crate::learn::rule::CoordinateRule;
use crate::learn::{CoordState, Gradient, View};
use std::cell::Cell;
use std::ops::Range;
use std::sync::{Mutex, MutexGuard};

/// The states of the coordinates a chunk of examples reads, shared by the threads that
/// learn it.
#[derive(Debug, Default)]
pub(crate) struct SharedChunk {
    /// Per coordinate of the chunk ("local"): its state, behind a lock.
    states: Vec<Mutex<CoordState>>,
    coordinates: Vec<u64>,
    /// Its slot in the replica's store, where its state goes back.
    slots: Vec<u32>,
    /// Its foreign share in the batch (see the replica).
    shares: Vec<f64>,
    /// Per example, one after another: the locals it reads, in the order it reads them.
    entries: Vec<u32>,
    /// Per store slot: its local in the chunk numbered `local_stamp` (stale otherwise).
    local_of: Vec<u32>,
    local_stamp: Vec<u32>,
    /// The chunk's number: 0 marks "never", so it starts at 1.
    stamp: u32,
}

impl SharedChunk {
    /// Takes the coordinate in `slot` (once per chunk) with its state and foreign share,
    /// and adds it to the example being prepared.
    pub(super) fn add(&mut self, coordinate: u64, slot: u32, state: CoordState, share: f64) {
        let at = slot as usize;
        if at >= self.local_of.len() {
            self.local_of.resize(at + 1, 0);
            self.local_stamp.resize(at + 1, 0);
        }
        if self.stamp == 0 {
            self.stamp = 1;
        }
        if self.local_stamp[at] != self.stamp {
            self.local_stamp[at] = self.stamp;
            self.local_of[at] = self.states.len() as u32;
            self.states.push(Mutex::new(state));
            self.coordinates.push(coordinate);
            self.slots.push(slot);
            self.shares.push(share);
        }
        self.entries.push(self.local_of[at]);
    }

    /// How many entries the examples prepared so far have: the next example's start.
    pub(super) fn entries(&self) -> usize {
        self.entries.len()
    }

    /// The learned states and their slots; the chunk is empty after.
    pub(super) fn drain(&mut self) -> impl Iterator<Item = (u32, CoordState)> + '_ {
        self.entries.clear();
        self.coordinates.clear();
        self.shares.clear();
        self.stamp = self.stamp.wrapping_add(1).max(1);
        let states = self.states.drain(..).map(|state| state.into_inner().unwrap_or_else(|e| e.into_inner()));
        self.slots.drain(..).zip(states)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn lock(&self, local: u32) -> MutexGuard<'_, CoordState> {
        // A thread that panicked holding a state left it whole: each step writes it at once.
        self.states[local as usize].lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What the threads learning a chunk share: its states and the replica's rule.
#[derive(Clone, Copy)]
pub(crate) struct SharedLearning<'a> {
    pub(super) rule: &'a CoordinateRule,
    pub(super) chunk: &'a SharedChunk,
}

impl<'a> SharedLearning<'a> {
    /// The view of the example whose entries are `entries` (what
    /// [`Replica::prepare_shared`](super::Replica::prepare_shared) returned for it).
    pub(crate) fn view(&self, entries: Range<usize>) -> ExampleView<'a> {
        ExampleView { shared: *self, entries: &self.chunk.entries[entries], cursor: Cell::new(0) }
    }

    /// Applies the gradients of one example, learned from `view`, as the replica's own
    /// step does (`Replica::learn`): each coordinate under its lock.
    pub(crate) fn learn(&self, view: &ExampleView<'_>, gradients: &[Gradient]) {
        for gradient in gradients {
            if !gradient.value.is_finite() {
                continue; // as owners drop them
            }
            let Some(local) = view.local(gradient.coordinate) else { continue };
            let share = self.chunk.shares[local as usize];
            let mut state = self.chunk.lock(local);
            let before = (share != 0.0).then_some(*state);
            match gradient.gd {
                Some((x, square)) => self.rule.apply_gd(gradient.member, &mut state, x, square, gradient.value),
                None => self.rule.apply(gradient.coordinate, gradient.member, &mut state, gradient.value, None),
            };
            if let Some(before) = before {
                let step = state.difference(&before);
                state.extrapolate(&step, share);
            }
        }
    }
}

/// One example's view of a shared chunk: its coordinates' states as they are now, other
/// threads' steps included.
pub(crate) struct ExampleView<'a> {
    shared: SharedLearning<'a>,
    entries: &'a [u32],
    /// Where the last coordinate asked for was found: a learner asks in the example's order,
    /// so the next is almost always just after it.
    cursor: Cell<usize>,
}

impl ExampleView<'_> {
    fn local(&self, coordinate: u64) -> Option<u32> {
        let coordinates = &self.shared.chunk.coordinates;
        let start = self.cursor.get();
        let found = (start..self.entries.len())
            .chain(0..start)
            .find(|&i| coordinates[self.entries[i] as usize] == coordinate)?;
        self.cursor.set(found + 1);
        Some(self.entries[found])
    }

    fn state(&self, coordinate: u64) -> Option<CoordState> {
        self.local(coordinate).map(|local| *self.shared.chunk.lock(local))
    }
}

impl View for ExampleView<'_> {
    fn weight(&self, member: u32, coordinate: u64) -> f64 {
        self.state(coordinate).map_or(0.0, |s| self.shared.rule.weight(member, &s))
    }

    fn rate(&self, member: u32, coordinate: u64) -> Option<f64> {
        Some(self.shared.rule.rate(member, &self.state(coordinate).unwrap_or_default()))
    }

    fn gradient_sum(&self, coordinate: u64) -> f64 {
        self.state(coordinate).map_or(0.0, |s| s.sum)
    }

    fn coordinate_state(&self, coordinate: u64) -> Option<CoordState> {
        self.state(coordinate)
    }
}
