//! Learning from stale weights. In the stream, an example is predicted with the weights of
//! the moment, but its gradients reach the coordinates' owners only after the gradients of
//! the examples in flight ahead of it: the model learns `delay` examples late. A
//! [`DelayedLearner`] reproduces that in one process, to measure what staleness costs.
//!
//! The delay-tolerant rate follows McMahan & Streeter 2014 ("Delay-Tolerant Algorithms for
//! Asynchronous Distributed Online Learning", AdaGrad with delays): when gradient g of a
//! coordinate is applied, let g_fwd be the sum of that coordinate's gradients that were
//! applied after g's example read its weights. The AdaGrad denominator grows by
//!
//! ```text
//!   max(0, g² + 2·g·g_fwd)      instead of g²
//! ```
//!
//! so gradients that kept pushing the same way while this one was in flight (the source of
//! overshooting) slow the rate down, and ones that cancelled out do not. The formula has one
//! home, the per-coordinate rule ([`CoordinateRule::apply`]), which this simulation applies as the
//! stream's owners do: the coordinate's gradient sum lives in its state, and each gradient
//! carries the sum its example read.

use super::gd::Gd;
use super::learner::{read_states, CoordinateStates, Learner, Target};
use super::loss::Outcome;
use super::rule::CoordinateRule;
use super::{CoordState, Feature, Optimizer};
use std::collections::VecDeque;

/// A gradient waiting to be applied.
#[derive(Clone, Copy, Debug)]
struct Pending {
    coordinate: u64,
    member: u32,
    gradient: f64,
    /// The coordinate's gradient sum when the example read its weights.
    sum_at_read: f64,
    /// VW's rule: the feature value and squared gradient `gradient` (the step) goes with.
    gd: Option<(f64, f64)>,
}

/// A learner whose gradients are applied `delay` examples after the prediction.
pub(crate) struct DelayedLearner {
    learner: Learner,
    /// How the owners apply a late gradient, with or without the delay-tolerant rate.
    rule: CoordinateRule,
    delay: usize,
    in_flight: VecDeque<Vec<Pending>>,
    coordinates: Vec<Feature>,
    slots: Vec<u32>,
}

impl DelayedLearner {
    /// `tolerant` selects the delay-tolerant rate. The per-coordinate rule applies the learner's
    /// admission policy, as the stream's owners do.
    pub(crate) fn new(learner: Learner, delay: usize, tolerant: bool) -> Self {
        let rule = learner.rule().clone().with_delay_tolerance(tolerant);
        Self {
            learner,
            rule,
            delay,
            in_flight: VecDeque::with_capacity(delay + 1),
            coordinates: Vec::new(),
            slots: Vec::new(),
        }
    }

    /// Sets the initial margin of the next examples (see [`Learner::base`]).
    pub(crate) fn set_base(&mut self, base: f64) {
        self.learner.base = base;
    }

    /// Predicts and scores the example with the current (stale) weights, queues its
    /// gradients, and applies those of the example `delay` places earlier.
    pub(crate) fn learn<S: CoordinateStates>(
        &mut self,
        states: &mut S,
        features: &[Feature],
        label: f64,
        importance: f64,
    ) -> Result<Outcome, S::Error> {
        let mut queue = Queue { states, slots: std::mem::take(&mut self.slots), pending: Vec::new() };
        let outcome = self.learner.learn_with(&mut queue, features, label, importance);
        self.slots = queue.slots;
        self.in_flight.push_back(queue.pending);
        while self.in_flight.len() > self.delay {
            self.apply_oldest(states)?;
        }
        outcome
    }

    /// Applies every gradient still in flight (at the end of the input).
    pub(crate) fn flush<S: CoordinateStates>(&mut self, states: &mut S) -> Result<(), S::Error> {
        while !self.in_flight.is_empty() {
            self.apply_oldest(states)?;
        }
        Ok(())
    }

    fn apply_oldest<S: CoordinateStates>(&mut self, states: &mut S) -> Result<(), S::Error> {
        let Some(pending) = self.in_flight.pop_front() else { return Ok(()) };
        self.coordinates.clear();
        self.coordinates.extend(pending.iter().map(|p| Feature { coordinate: p.coordinate, value: 0.0 }));
        states.resolve(&self.coordinates, &mut self.slots)?;
        for (p, slot) in pending.iter().zip(&self.slots) {
            // Like the stream's owners: the proximal centre is the weight held now, the
            // gradient the one computed on the stale weight.
            let state = states.state_mut(*slot);
            match p.gd {
                Some((x, square)) => self.rule.apply_gd(p.member, state, x, square, p.gradient),
                None => self.rule.apply(p.coordinate, p.member, state, p.gradient, Some(p.sum_at_read)),
            };
        }
        Ok(())
    }
}

/// The simulation's target: reads the states as they are, and queues each gradient with
/// the gradient sum it read.
struct Queue<'a, S> {
    states: &'a mut S,
    slots: Vec<u32>,
    pending: Vec<Pending>,
}

impl<S: CoordinateStates> Target for Queue<'_, S> {
    type Error = S::Error;

    fn read(
        &mut self,
        _member: u32,
        optimizer: &Optimizer,
        coordinates: &[Feature],
        weights: &mut Vec<f64>,
    ) -> Result<(), S::Error> {
        read_states(self.states, &mut self.slots, optimizer, coordinates, weights)
    }

    fn rate(&self, _member: u32, optimizer: &Optimizer, index: usize, _coordinate: u64) -> f64 {
        optimizer.rate(self.states.state(self.slots[index]))
    }

    fn learn(&mut self, member: u32, _optimizer: &Optimizer, index: usize, coordinate: u64, gradient: f64, _: f64) {
        let sum_at_read = self.states.state(self.slots[index]).sum;
        self.pending.push(Pending { coordinate, member, gradient, sum_at_read, gd: None });
    }

    fn state(&self, _member: u32, index: usize, _coordinate: u64) -> CoordState {
        *self.states.state(self.slots[index])
    }

    fn learn_gd(&mut self, member: u32, _gd: &Gd, _index: usize, coordinate: u64, x: f64, square: f64, step: f64) {
        self.pending.push(Pending { coordinate, member, gradient: step, sum_at_read: 0.0, gd: Some((x, square)) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::admission::Admission;
    use crate::learn::test_support::MapStates;
    use crate::learn::{Algorithm, Hyperparameters, Loss, Optimizer, Progress};

    fn learner(alpha: f64) -> Learner {
        let hp = Hyperparameters { alpha, ..Default::default() };
        Learner::new(Optimizer { algorithm: Algorithm::FtrlProximal, hyperparameters: hp }, Loss::Logistic)
    }

    fn example(i: u64) -> ([Feature; 2], f64) {
        let positive = i.is_multiple_of(4) || i.is_multiple_of(7);
        let feature = if i.is_multiple_of(3) { 10 } else { 20 + i % 5 };
        ([Feature { coordinate: 0, value: 1.0 }, Feature { coordinate: feature, value: 1.0 }], positive as u8 as f64)
    }

    fn run(delay: usize, tolerant: bool, alpha: f64) -> (Progress, MapStates) {
        let mut delayed = DelayedLearner::new(learner(alpha), delay, tolerant);
        let mut states = MapStates::default();
        let mut progress = Progress::new(true);
        for i in 0..4000 {
            let (features, y) = example(i);
            let out = delayed.learn(&mut states, &features, y, 1.0).unwrap();
            progress.record(out.loss, y, out.prediction, out.score, 1.0);
        }
        delayed.flush(&mut states).unwrap();
        (progress, states)
    }

    #[test]
    fn no_delay_is_plain_learning() {
        let mut plain = learner(0.5);
        let mut states = MapStates::default();
        let mut progress = Progress::new(true);
        for i in 0..4000 {
            let (features, y) = example(i);
            let out = plain.learn(&mut states, &features, y, 1.0).unwrap();
            progress.record(out.loss, y, out.prediction, out.score, 1.0);
        }
        for tolerant in [false, true] {
            let (delayed, delayed_states) = run(0, tolerant, 0.5);
            assert_eq!(delayed.loss_sum, progress.loss_sum);
            assert_eq!(delayed_states.get(0), states.get(0));
        }
    }

    /// The simulation admits what the embedded learner admits: with no delay, the same
    /// loss and states.
    #[test]
    fn no_delay_admits_as_plain_learning() {
        let admission = Admission::MinCount { count: 3 };
        let mut plain = learner(0.5).with_admission(admission);
        let mut delayed = DelayedLearner::new(learner(0.5).with_admission(admission), 0, false);
        let (mut plain_states, mut delayed_states) = (MapStates::default(), MapStates::default());
        for i in 0..4000 {
            let (features, y) = example(i);
            let a = plain.learn(&mut plain_states, &features, y, 1.0).unwrap();
            let b = delayed.learn(&mut delayed_states, &features, y, 1.0).unwrap();
            assert_eq!(a, b, "example {i}");
        }
        for c in [0, 10, 20, 21, 22, 23, 24] {
            let (p, d) = (plain_states.get(c), delayed_states.get(c));
            assert_eq!(p, d, "coordinate {c}");
        }
    }

    #[test]
    fn every_gradient_is_applied_once() {
        let (_, states) = run(100, true, 0.5);
        assert_eq!(states.get(0).updates, 4000, "the bias is in every example");
    }

    #[test]
    fn delay_costs_loss_and_the_tolerant_rate_wins_some_back() {
        let (fresh, _) = run(0, false, 2.0);
        let (stale, _) = run(200, false, 2.0);
        let (tolerant, _) = run(200, true, 2.0);
        assert!(stale.mean_loss() > fresh.mean_loss() + 0.01, "{} vs {}", stale.mean_loss(), fresh.mean_loss());
        assert!(tolerant.mean_loss() < stale.mean_loss(), "{} vs {}", tolerant.mean_loss(), stale.mean_loss());
    }

    /// The first application of one gradient with nothing applied in between adds g², as
    /// AdaGrad does; one applied after a same-signed gradient landed adds g² + 2·g·g_fwd.
    #[test]
    fn rate_mass_by_hand() {
        let mut delayed = DelayedLearner::new(learner(0.5), 1, true);
        let mut states = MapStates::default();
        let x = [Feature { coordinate: 5, value: 1.0 }];
        // Both examples read weight 0 (p = 0.5, g = −0.5 for label 1).
        delayed.learn(&mut states, &x, 1.0, 1.0).unwrap();
        delayed.learn(&mut states, &x, 1.0, 1.0).unwrap();
        assert_eq!(states.get(5).n, 0.25, "first gradient: nothing landed during its delay");
        delayed.flush(&mut states).unwrap();
        // Second: g = −0.5, g_fwd = −0.5 → 0.25 + 2·0.25 = 0.75 more.
        assert_eq!(states.get(5).n, 1.0);
    }
}
