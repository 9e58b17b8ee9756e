//! The slot cache's index: coordinate → slot, an open-addressing table with linear probing.
//!
//! Each entry is one `u64`: the coordinate's low 32 bits above its slot number. The low bits
//! place the entry (coordinates are uniform 64-bit hashes and serve as their own hash) and
//! tell apart the entries met on the way, so a lookup reads one line of the index and gives
//! a candidate slot that is nearly always the coordinate's; the caller confirms it against
//! the slot's full coordinate, which it reads anyway. Probes stay short: the table is at
//! most half full. Deletion shifts the following entries back (no tombstones).

/// No entry here. Never a real entry: slot `u32::MAX` is never used.
const EMPTY: u64 = u64::MAX;

/// Fewest entries of a table.
const MIN_ENTRIES: usize = 16;

#[derive(Debug)]
pub(super) struct Index {
    entries: Vec<u64>,
    len: usize,
}

impl Default for Index {
    fn default() -> Self {
        Self { entries: vec![EMPTY; MIN_ENTRIES], len: 0 }
    }
}

#[inline(always)]
fn entry(coordinate: u64, slot: u32) -> u64 {
    (coordinate << 32) | u64::from(slot)
}

#[inline(always)]
fn slot_of(entry: u64) -> u32 {
    entry as u32
}

/// The coordinate's low 32 bits, as its entry keeps them.
#[inline(always)]
fn low_bits(entry: u64) -> u64 {
    entry >> 32
}

impl Index {
    pub(super) fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn mask(&self) -> usize {
        self.entries.len() - 1
    }

    #[inline(always)]
    fn home(&self, coordinate: u64) -> usize {
        coordinate as usize & self.mask()
    }

    /// Slots whose coordinate may be `coordinate`, first to last (those with the same low 32
    /// bits); the caller checks each against the slot's coordinate. An absent coordinate
    /// has none, nearly always.
    #[inline(always)]
    pub(super) fn candidates(&self, coordinate: u64) -> impl Iterator<Item = u32> + '_ {
        let (mask, low) = (self.mask(), coordinate & 0xffff_ffff);
        let mut at = self.home(coordinate);
        std::iter::from_fn(move || loop {
            let e = self.entries[at];
            if e == EMPTY {
                return None;
            }
            at = (at + 1) & mask;
            if low_bits(e) == low {
                return Some(slot_of(e));
            }
        })
    }

    /// The slot of `coordinate`, `is_it` telling whether a candidate slot holds it.
    #[inline]
    pub(super) fn find(&self, coordinate: u64, is_it: impl Fn(u32) -> bool) -> Option<u32> {
        self.candidates(coordinate).find(|&slot| is_it(slot))
    }

    /// Adds `coordinate` at `slot`; it must not be present.
    pub(super) fn insert(&mut self, coordinate: u64, slot: u32) {
        if 2 * (self.len + 1) > self.entries.len() {
            self.grow();
        }
        self.place(entry(coordinate, slot));
        self.len += 1;
    }

    fn place(&mut self, e: u64) {
        let mask = self.mask();
        let mut at = low_bits(e) as usize & mask;
        while self.entries[at] != EMPTY {
            at = (at + 1) & mask;
        }
        self.entries[at] = e;
    }

    fn grow(&mut self) {
        let doubled = vec![EMPTY; 2 * self.entries.len()];
        let old = std::mem::replace(&mut self.entries, doubled);
        for e in old.into_iter().filter(|&e| e != EMPTY) {
            self.place(e);
        }
    }

    /// Removes the entry of `coordinate` at `slot`, if there is one.
    pub(super) fn remove(&mut self, coordinate: u64, slot: u32) {
        let mask = self.mask();
        let wanted = entry(coordinate, slot);
        let mut hole = self.home(coordinate);
        loop {
            match self.entries[hole] {
                EMPTY => return,
                e if e == wanted => break,
                _ => hole = (hole + 1) & mask,
            }
        }
        // Entries after the hole move back into it unless that would put them before their
        // home, so that every entry stays reachable from its home without a gap.
        let mut at = hole;
        loop {
            at = (at + 1) & mask;
            let e = self.entries[at];
            if e == EMPTY {
                break;
            }
            let home = low_bits(e) as usize & mask;
            if at.wrapping_sub(home) & mask >= at.wrapping_sub(hole) & mask {
                self.entries[hole] = e;
                hole = at;
            }
        }
        self.entries[hole] = EMPTY;
        self.len -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[derive(Clone, Debug)]
    enum Op {
        Insert(u64),
        Remove(u64),
    }

    /// Coordinates that crowd a few homes and share their low bits, so that probes run
    /// long, wrap around the table's end and meet lookalikes.
    fn coordinate() -> impl Strategy<Value = u64> {
        prop_oneof![0u64..40, (0u64..4).prop_map(|high| (high << 32) | 7), any::<u64>()]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn finds_what_a_hash_map_holds(ops in prop::collection::vec(
            prop_oneof![3 => coordinate().prop_map(Op::Insert), 2 => coordinate().prop_map(Op::Remove)], 0..200)) {
            let mut index = Index::default();
            let mut model: HashMap<u64, u32> = HashMap::new();
            // Slot n holds the coordinate `by_slot[n]`, as the slot cache's slots do.
            let mut by_slot: Vec<u64> = Vec::new();
            for op in ops {
                match op {
                    Op::Insert(c) if !model.contains_key(&c) => {
                        let slot = by_slot.len() as u32;
                        by_slot.push(c);
                        index.insert(c, slot);
                        model.insert(c, slot);
                    }
                    Op::Insert(_) => {}
                    Op::Remove(c) => {
                        if let Some(slot) = model.remove(&c) {
                            index.remove(c, slot);
                        }
                    }
                }
                prop_assert_eq!(index.len(), model.len());
                for (&c, &slot) in &model {
                    prop_assert_eq!(index.find(c, |s| by_slot[s as usize] == c), Some(slot));
                }
                for c in [3u64, 7, 1 << 32 | 7, 12345] {
                    if !model.contains_key(&c) {
                        prop_assert_eq!(index.find(c, |s| by_slot[s as usize] == c), None);
                    }
                }
            }
        }
    }
}
