//! Helpers for the math tests: a numerical minimizer and a plain map of states.

use super::replica::ReplicaStates;
use super::{Algorithm, CoordState, CoordinateStates, Feature, Hyperparameters, Optimizer};
use std::collections::HashMap;
use std::convert::Infallible;

/// Minimizes a convex function on [lo, hi] by golden-section search, to about 1e-10.
pub(crate) fn minimize_1d(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..200 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if f(a) <= f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// FTRL-Proximal with rate `alpha`, β = 1 and no regularization.
pub(crate) fn ftrl(alpha: f64) -> Optimizer {
    Optimizer {
        algorithm: Algorithm::FtrlProximal,
        hyperparameters: Hyperparameters { alpha, beta: 1.0, ..Default::default() },
    }
}

/// Coordinate states in a HashMap, slot = insertion index.
#[derive(Default)]
pub(crate) struct MapStates {
    index: HashMap<u64, u32>,
    states: Vec<CoordState>,
}

impl MapStates {
    pub(crate) fn get(&self, coordinate: u64) -> CoordState {
        self.index.get(&coordinate).map(|&s| self.states[s as usize]).unwrap_or_default()
    }

    /// The state of a coordinate seen before, without creating one.
    pub(crate) fn peek(&self, coordinate: u64) -> Option<CoordState> {
        self.index.get(&coordinate).map(|&s| self.states[s as usize])
    }

    pub(crate) fn insert(&mut self, coordinate: u64, state: CoordState) {
        let mut slots = Vec::new();
        let _ = self.resolve(&[Feature { coordinate, value: 0.0 }], &mut slots);
        self.states[slots[0] as usize] = state;
    }

    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }

    /// Every coordinate with its state, in no particular order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u64, CoordState)> + '_ {
        self.index.iter().map(|(c, s)| (*c, self.states[*s as usize]))
    }
}

impl CoordinateStates for MapStates {
    type Error = Infallible;

    fn resolve(&mut self, features: &[Feature], slots: &mut Vec<u32>) -> Result<(), Infallible> {
        slots.clear();
        for f in features {
            let next = self.states.len() as u32;
            let slot = *self.index.entry(f.coordinate).or_insert(next);
            if slot == next {
                self.states.push(CoordState::default());
            }
            slots.push(slot);
        }
        Ok(())
    }

    fn state(&self, slot: u32) -> &CoordState {
        &self.states[slot as usize]
    }

    fn state_mut(&mut self, slot: u32) -> &mut CoordState {
        &mut self.states[slot as usize]
    }
}

/// Every state in memory, for ever.
impl ReplicaStates for MapStates {
    fn resident(&self, coordinate: u64) -> Option<&CoordState> {
        self.index.get(&coordinate).map(|&s| &self.states[s as usize])
    }

    fn resident_slots(&self, coordinates: &[u64], slots: &mut Vec<Option<u32>>) {
        slots.clear();
        slots.extend(coordinates.iter().map(|c| self.index.get(c).copied()));
    }

    fn resident_count(&self) -> usize {
        self.states.len()
    }

    fn capacity(&self) -> usize {
        usize::MAX
    }

    fn overwrite(&mut self, states: &[(u64, CoordState)]) -> Result<(), Infallible> {
        for (coordinate, state) in states {
            self.insert(*coordinate, *state);
        }
        Ok(())
    }

    fn release(&mut self) -> Result<(), Infallible> {
        Ok(())
    }
}
