//! The example-level step: predict with the current weights, score that prediction
//! (progressive validation), turn the loss derivative into per-coordinate gradients and
//! apply them.

use super::hashing::class_coordinate;
use super::implicit::{step_derivatives, Scored, Update};
use super::loss::{sigmoid, softmax};
use super::{CoordState, Feature, Loss, Optimizer};

/// Where the learner finds per-coordinate state: an in-memory table, a cache in front of
/// RocksDB, or a test double. Slots are indices valid until the next `resolve`.
pub trait CoordinateStates {
    type Error;

    /// Makes the state of every feature's coordinate available and writes one slot per
    /// feature into `slots`, in order. Coordinates never seen before start from the default
    /// state.
    fn resolve(&mut self, features: &[Feature], slots: &mut Vec<u32>) -> Result<(), Self::Error>;

    fn state(&self, slot: u32) -> &CoordState;

    /// Mutable state; implementations note that the slot changed.
    fn state_mut(&mut self, slot: u32) -> &mut CoordState;
}

/// What one step produced: the figures progressive validation records.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Loss of the prediction made before learning.
    pub loss: f64,
    /// The prediction: a probability (logistic), a margin (squared, hinge) or a class (softmax).
    pub prediction: f64,
    /// A probability-like score in [0, 1] that ranks binary predictions (for AUC).
    pub score: f64,
}

/// Runs examples through an optimizer and a loss. Holds only scratch buffers, so one
/// learner serves any number of examples without allocating.
#[derive(Clone, Debug)]
pub struct Learner {
    pub optimizer: Optimizer,
    pub loss: Loss,
    /// How the loss derivative becomes the step (plain gradient by default).
    pub update: Update,
    /// When not 0, stamped as `seen` on every state this learner updates (expiry).
    pub clock: u64,
    /// The initial margin of the next examples (VW's "base"), added to the margin of a
    /// loss with one output; 0 for almost every example.
    pub base: f64,
    class_features: Vec<Feature>,
    slots: Vec<u32>,
    weights: Vec<f64>,
    margins: Vec<f64>,
    derivatives: Vec<f64>,
    curvatures: Vec<f64>,
}

impl Learner {
    pub fn new(optimizer: Optimizer, loss: Loss) -> Self {
        Self {
            optimizer,
            loss,
            update: Update::Gradient,
            clock: 0,
            base: 0.0,
            class_features: Vec::new(),
            slots: Vec::new(),
            weights: Vec::new(),
            margins: Vec::new(),
            derivatives: Vec::new(),
            curvatures: Vec::new(),
        }
    }

    /// The same learner taking `update` steps.
    pub fn with_update(mut self, update: Update) -> Self {
        self.update = update;
        self
    }

    /// Predicts `features`, scores the prediction against `label`, then learns from it with
    /// importance weight `importance`. `features` must hold distinct coordinates (the
    /// featurizer merges repeats) and include the bias.
    pub fn learn<S: CoordinateStates>(
        &mut self,
        states: &mut S,
        features: &[Feature],
        label: f64,
        importance: f64,
    ) -> Result<Outcome, S::Error> {
        let outcome = self.forward(states, features, Some(label))?;
        self.step(states, features, label, importance, outcome.loss);
        let per_class = features.len();
        for class in 0..self.loss.outputs() {
            let d = self.derivatives[class];
            let range = class * per_class..(class + 1) * per_class;
            for ((slot, played), feature) in self.slots[range.clone()].iter().zip(&self.weights[range]).zip(features) {
                // Applied even when the gradient is 0, so `updates` counts every example
                // that contained the coordinate (RDA's rounds, and the exactly-once audit).
                let state = states.state_mut(*slot);
                self.optimizer.update(state, d * feature.value, *played);
                if self.clock != 0 {
                    state.seen = self.clock;
                }
            }
        }
        Ok(outcome)
    }

    /// Predicts and scores like [`learn`](Self::learn), but writes the gradients to
    /// `gradients`, one (coordinate, gradient) pair per coordinate, instead of applying
    /// them: for callers that apply them later, like a stream's update role or a simulated
    /// delay.
    pub fn gradients<S: CoordinateStates>(
        &mut self,
        states: &mut S,
        features: &[Feature],
        label: f64,
        importance: f64,
        gradients: &mut Vec<Feature>,
    ) -> Result<Outcome, S::Error> {
        let outcome = self.forward(states, features, Some(label))?;
        self.step(states, features, label, importance, outcome.loss);
        gradients.clear();
        for class in 0..self.loss.outputs() {
            let d = self.derivatives[class];
            gradients.extend(
                features
                    .iter()
                    .map(|f| Feature { coordinate: class_coordinate(f.coordinate, class as u32), value: d * f.value }),
            );
        }
        Ok(outcome)
    }

    /// Turns the derivatives `forward` left into the step's: importance-weighted, and
    /// shortened by an implicit step when one is chosen.
    fn step<S: CoordinateStates>(&mut self, states: &S, features: &[Feature], label: f64, importance: f64, loss: f64) {
        self.derivatives.iter_mut().for_each(|d| *d *= importance);
        if self.update.is_gradient() {
            return;
        }
        self.curvatures.clear();
        let per_class = features.len();
        for (class, d) in self.derivatives.iter().enumerate() {
            let mut h = 0.0;
            if *d != 0.0 {
                for (slot, feature) in self.slots[class * per_class..(class + 1) * per_class].iter().zip(features) {
                    h += self.optimizer.rate(states.state(*slot)) * feature.value * feature.value;
                }
            }
            self.curvatures.push(h);
        }
        let example = Scored { margins: &self.margins, label, importance, loss_value: loss };
        step_derivatives(self.update, self.loss, example, &self.curvatures, &mut self.derivatives);
    }

    /// Predicts without learning; the outcome's loss is scored against `label` when
    /// given, NaN otherwise.
    pub fn predict<S: CoordinateStates>(
        &mut self,
        states: &mut S,
        features: &[Feature],
        label: Option<f64>,
    ) -> Result<Outcome, S::Error> {
        self.forward(states, features, label)
    }

    /// Computes weights, margins, the prediction and, given a label, the loss and its
    /// derivatives with respect to each margin.
    fn forward<S: CoordinateStates>(
        &mut self,
        states: &mut S,
        features: &[Feature],
        label: Option<f64>,
    ) -> Result<Outcome, S::Error> {
        let outputs = self.loss.outputs();
        if outputs == 1 {
            states.resolve(features, &mut self.slots)?;
        } else {
            self.class_features.clear();
            for class in 0..outputs as u32 {
                self.class_features.extend(
                    features
                        .iter()
                        .map(|f| Feature { coordinate: class_coordinate(f.coordinate, class), value: f.value }),
                );
            }
            states.resolve(&self.class_features, &mut self.slots)?;
        }
        self.weights.clear();
        self.margins.clear();
        let per_class = features.len();
        for class in 0..outputs {
            // The featurizer refuses a base for softmax, whose classes share no margin.
            let mut margin = if outputs == 1 { self.base } else { 0.0 };
            for (slot, feature) in self.slots[class * per_class..(class + 1) * per_class].iter().zip(features) {
                let w = self.optimizer.weight(states.state(*slot));
                self.weights.push(w);
                margin += w * feature.value;
            }
            self.margins.push(margin);
        }
        Ok(score(self.loss, &self.margins, label, &mut self.derivatives))
    }
}

/// Scores the margins of one example (one per class for softmax): the outcome, and into
/// `derivatives` d loss / d margin per output (zero without a label). Shared by the learner
/// and the stream's predict role, which predicts from a weight view instead of states.
pub fn score(loss: Loss, margins: &[f64], label: Option<f64>, derivatives: &mut Vec<f64>) -> Outcome {
    derivatives.clear();
    match loss {
        Loss::Softmax { .. } => {
            let (value, predicted) = softmax(margins, label.unwrap_or(1.0), derivatives);
            if label.is_none() {
                derivatives.iter_mut().for_each(|d| *d = 0.0);
            }
            Outcome { loss: if label.is_some() { value } else { f64::NAN }, prediction: predicted, score: 0.0 }
        }
        single => {
            let margin = margins.first().copied().unwrap_or(0.0);
            let (value, derivative) = match label {
                Some(y) => (single.value(margin, y), single.derivative(margin, y)),
                None => (f64::NAN, 0.0),
            };
            derivatives.push(derivative);
            let score = sigmoid(margin);
            let prediction = if single == Loss::Logistic { score } else { single.prediction(margin) };
            Outcome { loss: value, prediction, score }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::{ftrl, MapStates};
    use crate::learn::{Algorithm, Hyperparameters};

    fn f(coordinate: u64, value: f64) -> Feature {
        Feature { coordinate, value }
    }

    #[test]
    fn one_logistic_step_by_hand() {
        // Fresh model: margin 0, p = 0.5, loss ln 2, d = 0.5 − 1 = −0.5.
        // Coordinate 1 (x=2): g = −1; coordinate 2 (x=1, importance 3): g = −1.5.
        let mut learner = Learner::new(ftrl(0.5), Loss::Logistic);
        let mut states = MapStates::default();
        let out = learner.learn(&mut states, &[f(1, 2.0), f(2, 1.0)], 1.0, 1.0).unwrap();
        assert!((out.loss - 2f64.ln()).abs() < 1e-15);
        assert_eq!(out.prediction, 0.5);
        let s1 = states.get(1);
        assert_eq!((s1.z, s1.n, s1.updates), (-1.0, 1.0, 1));
        let out = learner.learn(&mut states, &[f(3, 1.0)], 0.0, 3.0).unwrap();
        assert_eq!(out.prediction, 0.5);
        assert_eq!(states.get(3).z, 1.5);
        // Next prediction for coordinate 1 uses w = 1 / ((1 + 1)/0.5) = 0.25, x = 2.
        let out = learner.predict(&mut states, &[f(1, 2.0)], None).unwrap();
        assert!((out.prediction - sigmoid(0.5)).abs() < 1e-15);
        assert!(out.loss.is_nan());
    }

    #[test]
    fn zero_gradient_still_counts_the_update() {
        let mut learner = Learner::new(ftrl(0.5), Loss::Hinge);
        let mut states = MapStates::default();
        states.insert(9, CoordState { z: -100.0, n: 1.0, ..Default::default() });
        let out = learner.learn(&mut states, &[f(9, 1.0)], 1.0, 1.0).unwrap();
        assert_eq!(out.loss, 0.0);
        assert_eq!(states.get(9).updates, 1);
        assert_eq!(states.get(9).z, -100.0);
    }

    #[test]
    fn logistic_learns_a_separable_rule() {
        let mut learner = Learner::new(ftrl(0.5), Loss::Logistic);
        let mut states = MapStates::default();
        let mut late_loss = 0.0;
        for i in 0..2000 {
            let positive = i % 3 == 0;
            let features = [f(0, 1.0), f(if positive { 10 } else { 20 }, 1.0)];
            let out = learner.learn(&mut states, &features, positive as u8 as f64, 1.0).unwrap();
            if i >= 1900 {
                late_loss += out.loss / 100.0;
            }
        }
        assert!(late_loss < 0.02, "{late_loss}");
    }

    #[test]
    fn softmax_learns_three_classes() {
        let mut learner = Learner::new(ftrl(0.5), Loss::Softmax { classes: 3 });
        let mut states = MapStates::default();
        let mut correct = 0;
        for i in 0..3000 {
            let class = (i % 3) as u64 + 1;
            let out = learner.learn(&mut states, &[f(0, 1.0), f(100 + class, 1.0)], class as f64, 1.0).unwrap();
            if i >= 2700 && out.prediction == class as f64 {
                correct += 1;
            }
        }
        assert_eq!(correct, 300);
        // One coordinate per class per feature, each updated once per example.
        assert_eq!(states.len(), 3 * 4);
        assert_eq!(states.get(class_coordinate(0, 2)).updates, 3000);
    }

    #[test]
    fn squared_loss_fits_a_line() {
        let mut learner = Learner::new(
            Optimizer {
                algorithm: Algorithm::Adagrad,
                hyperparameters: Hyperparameters { alpha: 0.5, ..Default::default() },
            },
            Loss::Squared,
        );
        let mut states = MapStates::default();
        for i in 0..5000 {
            let x = (i % 10) as f64 / 10.0;
            learner.learn(&mut states, &[f(0, 1.0), f(1, x)], 2.0 + 3.0 * x, 1.0).unwrap();
        }
        let out = learner.predict(&mut states, &[f(0, 1.0), f(1, 0.5)], None).unwrap();
        assert!((out.prediction - 3.5).abs() < 0.05, "{}", out.prediction);
    }

    /// Learning with `gradients` and applying them at once is learning.
    #[test]
    fn gradients_applied_at_once_equal_learn() {
        for update in [Update::Gradient, Update::Implicit, Update::Aprox] {
            let mut learner = Learner::new(ftrl(2.0), Loss::Logistic).with_update(update);
            let mut direct = MapStates::default();
            let mut deferred = MapStates::default();
            let mut gradients = Vec::new();
            let mut slots = Vec::new();
            for i in 0..200u64 {
                let features = [f(0, 1.0), f(1 + i % 7, 0.5 + (i % 3) as f64)];
                let y = (i % 3 == 0) as u8 as f64;
                let a = learner.learn(&mut direct, &features, y, 1.5).unwrap();
                let b = learner.gradients(&mut deferred, &features, y, 1.5, &mut gradients).unwrap();
                assert_eq!(a, b);
                deferred.resolve(&gradients, &mut slots).unwrap();
                for (g, slot) in gradients.iter().zip(&slots) {
                    let state = deferred.state_mut(*slot);
                    let played = learner.optimizer.weight(state);
                    learner.optimizer.update(state, g.value, played);
                }
            }
            for c in 0..8 {
                assert_eq!(direct.get(c), deferred.get(c), "{update:?}");
            }
        }
    }

    /// The implicit step sees the per-coordinate rates: one squared-loss example with a huge
    /// α lands on its label instead of far past it.
    #[test]
    fn implicit_squared_step_lands_between_prediction_and_label() {
        let optimizer = Optimizer {
            algorithm: Algorithm::Adagrad,
            hyperparameters: Hyperparameters { alpha: 100.0, beta: 1.0, ..Default::default() },
        };
        for (update, lands_past) in [(Update::Gradient, true), (Update::Implicit, false), (Update::Aprox, false)] {
            let mut learner = Learner::new(optimizer, Loss::Squared).with_update(update);
            let mut states = MapStates::default();
            let x = [f(1, 1.0), f(2, 2.0)];
            learner.learn(&mut states, &x, 1.0, 1.0).unwrap();
            let after = learner.predict(&mut states, &x, None).unwrap().prediction;
            assert_eq!(after > 1.0 + 1e-9, lands_past, "{update:?}: {after}");
            assert!(after > 0.0, "{update:?}: {after}");
        }
    }
}
