//! A bounded table of resident coordinate states, addressed by slot.
//!
//! Slots are stable indices into one vector, so the learner looks each coordinate up once
//! per example and then works by index. Eviction is CLOCK (second chance): a sweep clears
//! the "referenced" mark of recently used slots and evicts the others, which keeps hot
//! coordinates resident at O(1) amortized cost per insertion.
//!
//! Lookups are memory-bound and the learner's largest single cost: a lookup reads one line
//! of the index (`index`), then the slot it needs anyway, and `resolve` overlaps those reads
//! across an example's coordinates.

use super::index::Index;
use crate::learn::CoordState;

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    coordinate: u64,
    state: CoordState,
    live: bool,
    dirty: bool,
    referenced: bool,
}

/// Stands for "no candidate" in `resolve`'s first pass: never a slot (that would take 4
/// billion resident states).
const NO_SLOT: u32 = u32::MAX;

/// A state leaving the cache that has changes the backing store has not seen.
pub(super) type Evicted = (u64, CoordState);

#[derive(Debug, Default)]
pub(super) struct SlotCache {
    index: Index,
    slots: Vec<Slot>,
    free: Vec<u32>,
    dirty: Vec<u32>,
    hand: usize,
}

impl SlotCache {
    pub(super) fn len(&self) -> usize {
        self.index.len()
    }

    /// The slot of a resident coordinate, marking it recently used.
    #[inline]
    pub(super) fn lookup(&mut self, coordinate: u64) -> Option<u32> {
        let slots = &self.slots;
        let slot = self.index.find(coordinate, |s| slots[s as usize].coordinate == coordinate)?;
        self.slots[slot as usize].referenced = true;
        Some(slot)
    }

    /// Writes the slot of every coordinate into `slots`, in order, marking them recently
    /// used; a coordinate not resident becomes resident with the state `load` gives it (a
    /// coordinate given twice is loaded once). Returns how many were resident already.
    ///
    /// Each lookup waits on two cache misses (its index line, then its slot), and taken one
    /// coordinate after another they were most of the learner's time. Here every
    /// coordinate's index line is read first and the slots only in a second pass, so that
    /// the misses of different coordinates overlap.
    #[inline]
    pub(super) fn resolve<E>(
        &mut self,
        coordinates: impl Iterator<Item = u64> + Clone,
        slots: &mut Vec<u32>,
        mut load: impl FnMut(u64) -> Result<CoordState, E>,
    ) -> Result<usize, E> {
        slots.clear();
        // The first candidate: the coordinate's own but for a one-in-thousands lookalike.
        slots.extend(coordinates.clone().map(|c| self.index.candidates(c).next().unwrap_or(NO_SLOT)));
        let mut resident = 0;
        for (coordinate, slot) in coordinates.zip(slots.iter_mut()) {
            if *slot != NO_SLOT && self.slots[*slot as usize].coordinate == coordinate {
                self.slots[*slot as usize].referenced = true;
                resident += 1;
                continue;
            }
            // Another coordinate's entry came first, or none matched (new, loaded earlier in
            // this call, or not resident): the full lookup decides.
            *slot = match self.lookup(coordinate) {
                Some(found) => {
                    resident += 1;
                    found
                }
                None => {
                    let state = load(coordinate)?;
                    self.insert(coordinate, state)
                }
            };
        }
        Ok(resident)
    }

    /// The slot of each of `coordinates` that is resident, in order (`None` for the
    /// others), without marking them used. As in `resolve`, every coordinate's index line
    /// is read first and the slots only in a second pass, so that the misses overlap.
    pub(super) fn find_all(&self, coordinates: &[u64], slots: &mut Vec<Option<u32>>) {
        slots.clear();
        slots.extend(coordinates.iter().map(|&c| self.index.candidates(c).next()));
        for (&coordinate, slot) in coordinates.iter().zip(slots.iter_mut()) {
            if !slot.is_some_and(|s| self.slots[s as usize].coordinate == coordinate) {
                *slot = self.find(coordinate);
            }
        }
    }

    /// Whether `coordinate` is resident (without marking it used).
    pub(super) fn contains(&self, coordinate: u64) -> bool {
        self.get(coordinate).is_some()
    }

    /// The slot of a resident coordinate, without marking it used.
    #[inline]
    pub(super) fn find(&self, coordinate: u64) -> Option<u32> {
        let slots = &self.slots;
        self.index.find(coordinate, |s| slots[s as usize].coordinate == coordinate)
    }

    /// The state of a resident coordinate (without marking it used).
    #[inline]
    pub(super) fn get(&self, coordinate: u64) -> Option<&CoordState> {
        self.find(coordinate).map(|slot| &self.slots[slot as usize].state)
    }

    /// Makes `coordinate` resident with `state` (clean: it matches the backing store).
    pub(super) fn insert(&mut self, coordinate: u64, state: CoordState) -> u32 {
        let slot = Slot { coordinate, state, live: true, dirty: false, referenced: true };
        let index = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = slot;
                i
            }
            None => {
                self.slots.push(slot);
                (self.slots.len() - 1) as u32
            }
        };
        self.index.insert(coordinate, index);
        index
    }

    #[inline]
    pub(super) fn state(&self, slot: u32) -> &CoordState {
        &self.slots[slot as usize].state
    }

    #[inline]
    pub(super) fn state_mut(&mut self, slot: u32) -> &mut CoordState {
        let s = &mut self.slots[slot as usize];
        if !s.dirty {
            s.dirty = true;
            self.dirty.push(slot);
        }
        &mut s.state
    }

    /// Every changed state since the last call, marking them clean.
    pub(super) fn take_dirty(&mut self) -> Vec<Evicted> {
        self.take_dirty_where(|_| true)
    }

    /// The changed states of the coordinates `wanted` picks, marking them clean; the others
    /// stay changed.
    pub(super) fn take_dirty_where(&mut self, mut wanted: impl FnMut(u64) -> bool) -> Vec<Evicted> {
        let mut changed = Vec::new();
        let slots = &mut self.slots;
        self.dirty.retain(|&slot| {
            let s = &mut slots[slot as usize];
            if !(s.live && s.dirty) {
                return false;
            }
            if !wanted(s.coordinate) {
                return true;
            }
            s.dirty = false;
            changed.push((s.coordinate, s.state));
            false
        });
        changed
    }

    /// Evicts clean, not recently used states until at most `target` remain. Dirty states
    /// must have been taken first (they would otherwise be lost): they are skipped.
    pub(super) fn evict_to(&mut self, target: usize) {
        let mut passes_left = 2 * self.slots.len() + 1;
        while self.index.len() > target && passes_left > 0 {
            passes_left -= 1;
            if self.hand >= self.slots.len() {
                self.hand = 0;
            }
            let s = &mut self.slots[self.hand];
            if s.live && !s.dirty {
                if s.referenced {
                    s.referenced = false;
                } else {
                    s.live = false;
                    self.index.remove(s.coordinate, self.hand as u32);
                    self.free.push(self.hand as u32);
                }
            }
            self.hand += 1;
        }
    }

    /// Drops every clean resident state that is the default state (expired, and already
    /// deleted from the backing store, or with none behind the cache), freeing its slot.
    pub(super) fn drop_clean_defaults(&mut self) -> usize {
        let mut dropped = 0;
        for (i, s) in self.slots.iter_mut().enumerate() {
            if s.live && !s.dirty && s.state == CoordState::default() {
                s.live = false;
                self.index.remove(s.coordinate, i as u32);
                self.free.push(i as u32);
                dropped += 1;
            }
        }
        dropped
    }

    /// Every resident coordinate and its state.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, &CoordState)> {
        self.slots.iter().filter(|s| s.live).map(|s| (s.coordinate, &s.state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dirty_states_are_reported_once() {
        let mut cache = SlotCache::default();
        let a = cache.insert(1, CoordState::default());
        let _ = cache.insert(2, CoordState::default());
        cache.state_mut(a).z = 5.0;
        cache.state_mut(a).n = 1.0;
        assert_eq!(cache.take_dirty(), vec![(1, CoordState { z: 5.0, n: 1.0, updates: 0, sum: 0.0, seen: 0 })]);
        assert!(cache.take_dirty().is_empty());
    }

    #[test]
    fn resolve_finds_coordinates_among_lookalikes_and_loads_the_others_once() {
        let mut cache = SlotCache::default();
        // Small numbers share their top 7 bits, those the index compares first, so lookups
        // meet other coordinates' entries before their own.
        for c in 0..1000 {
            cache.insert(c, CoordState { updates: c, ..Default::default() });
        }
        let wanted = [5, 999, 1000, 7, 1000, 2000, 5, 0];
        let mut loaded = Vec::new();
        let mut slots = Vec::new();
        let resident = cache
            .resolve(wanted.iter().copied(), &mut slots, |c| {
                loaded.push(c);
                Ok::<_, ()>(CoordState { updates: c + 1_000_000, ..Default::default() })
            })
            .unwrap();
        assert_eq!(loaded, [1000, 2000], "each new coordinate loaded once");
        assert_eq!(resident, 6);
        assert_eq!(slots.len(), wanted.len());
        for (c, s) in wanted.iter().zip(&slots) {
            let expected = if *c < 1000 { *c } else { c + 1_000_000 };
            assert_eq!(cache.state(*s).updates, expected, "coordinate {c}");
        }
        assert_eq!((slots[2], slots[0]), (slots[4], slots[6]));
        for c in 0..1000 {
            let mut one = Vec::new();
            cache.resolve(std::iter::once(c), &mut one, |_| Err(())).unwrap();
            assert_eq!(cache.state(one[0]).updates, c);
        }
        assert_eq!(cache.resolve([3000].into_iter(), &mut slots, |_| Err("disk")), Err("disk"));
        assert!(!cache.contains(3000));
    }

    #[test]
    fn clock_keeps_recently_used_coordinates() {
        let mut cache = SlotCache::default();
        for c in 0..100 {
            cache.insert(c, CoordState::default());
        }
        cache.evict_to(100); // no-op
                             // The first sweep clears every mark (new entries count as used) and evicts one;
                             // the hot coordinates are used again before the next eviction.
        cache.evict_to(99);
        for c in 50..60 {
            cache.lookup(c);
        }
        cache.evict_to(20);
        assert_eq!(cache.len(), 20);
        for c in 50..60 {
            assert!(cache.lookup(c).is_some(), "hot coordinate {c} was evicted");
        }
    }

    #[test]
    fn freed_slots_are_reused() {
        let mut cache = SlotCache::default();
        for c in 0..10 {
            cache.insert(c, CoordState::default());
        }
        cache.evict_to(0);
        assert_eq!(cache.len(), 0);
        let s = cache.insert(42, CoordState { z: 1.0, ..Default::default() });
        assert!(s < 10);
        assert_eq!(cache.lookup(42), Some(s));
        assert_eq!(cache.state(s).z, 1.0);
    }

    #[test]
    fn dirty_states_survive_eviction_until_taken() {
        let mut cache = SlotCache::default();
        let s = cache.insert(7, CoordState::default());
        cache.state_mut(s).z = 1.0;
        cache.evict_to(0);
        assert_eq!(cache.len(), 1);
        assert_eq!(cache.take_dirty().len(), 1);
        cache.evict_to(0);
        assert_eq!(cache.len(), 0);
    }
}
