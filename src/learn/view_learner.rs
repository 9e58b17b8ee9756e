//! The example step of a sharded model's predict side (the stream's predict role and
//! `ftrl serve`): [`Learner`]'s step, the embedded trainer's, but reading a *view* of the
//! weights that the coordinates' owners published, and ending in per-coordinate gradients
//! for those owners to apply instead of applied updates. In the predict role the view is the
//! role's replica, which applies those gradients at once too (`replica`).
//!
//! * **Implicit, aProx and PA steps** need h = Σ ηᵢ xᵢ² over the example's coordinates,
//!   which live on different owners. Owners publish each coordinate's rate ηᵢ with its
//!   weight, so h is computed here from the view, and the gradients sent are already
//!   scaled by the step's s; owners apply them as plain gradients. The view trails the
//!   owners, and a coordinate's rate only shrinks as it learns, so the h used is an upper
//!   bound of the one at apply time: the step is, if anything, shorter than the implicit
//!   step and still never passes the proximal point. A coordinate absent from the view
//!   (new, or published as a tombstone because its weight is 0) takes the rate of a fresh
//!   state, again an upper bound.
//! * **Hedge**: each member predicts from its own coordinates
//!   ([`member_coordinate`](super::hashing::member_coordinate)), the prediction is their
//!   mixture under the members' cumulative progressive losses, and each member's gradients
//!   go to its own coordinates, marked with the member so that owners use its α.
//!
//! Only the step's [`Target`] is this module's: read weights and rates from a view, emit
//! the gradients.
//!
//! [`Learner`]: super::Learner

use super::learner::{played_coordinate, Learner, Target};
use super::Hedge;
use super::{CoordState, Feature, Loss, Optimizer, Outcome, StepRule};
use std::convert::Infallible;

/// Where the predict side reads weights.
pub trait View {
    /// The weight Hedge member `member` (0 without a Hedge) plays on the coordinate (0 when
    /// absent). Only a view that holds states rather than weights needs the member: its α.
    fn weight(&self, member: u32, coordinate: u64) -> f64;
    /// The rate of the coordinate's next step, when the view knows it.
    fn rate(&self, member: u32, coordinate: u64) -> Option<f64>;
    /// The coordinate's gradient sum as its owner published it (delay-tolerant rates), 0
    /// when absent.
    fn gradient_sum(&self, _coordinate: u64) -> f64 {
        0.0
    }
}

/// One per-coordinate gradient for an owner to apply.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gradient {
    pub coordinate: u64,
    pub value: f64,
    /// The Hedge member whose coordinate this is (0 without a Hedge).
    pub member: u32,
    /// The coordinate's gradient sum in the view when it was read (for its owner's
    /// delay-tolerant rate).
    pub read_sum: f64,
}

/// Predicts from a view and computes the gradients of one example at a time: the example
/// step with the "emit to owners" target.
#[derive(Clone, Debug)]
pub struct ViewLearner {
    learner: Learner,
    gradients: Vec<Gradient>,
    /// Whether gradients note the gradient sums they read (delay-tolerant owners).
    read_sums: bool,
}

impl ViewLearner {
    /// A single learner (`hedge` empty) or a Hedge with one member per α of `hedge`.
    pub fn new(optimizer: Optimizer, loss: Loss, step_rule: StepRule, hedge: &[f64]) -> Self {
        let learner = Learner::new(optimizer, loss).with_step_rule(step_rule).with_hedge(hedge);
        Self { learner, gradients: Vec::new(), read_sums: false }
    }

    /// The same learner noting in each gradient the gradient sum its view held, for owners
    /// with delay-tolerant rates (otherwise `read_sum` is 0 and the view is not asked).
    pub fn with_read_sums(mut self, read_sums: bool) -> Self {
        self.read_sums = read_sums;
        self
    }

    /// The Hedge mixture, if this is one.
    pub fn hedge(&self) -> Option<&Hedge> {
        self.learner.hedge()
    }

    pub fn hedge_mut(&mut self) -> Option<&mut Hedge> {
        self.learner.hedge_mut()
    }

    /// Each member's loss on the last example scored (empty without a Hedge).
    pub fn member_losses(&self) -> impl Iterator<Item = f64> + '_ {
        self.learner.member_outcomes().iter().filter(|_| self.learner.is_hedge()).map(|o| o.loss)
    }

    /// The margins of the last example, one per output, of the last member (the only one
    /// without a Hedge).
    pub fn margins(&self) -> &[f64] {
        self.learner.margins()
    }

    /// The gradients of the last example learned.
    pub fn gradients(&self) -> &[Gradient] {
        &self.gradients
    }

    /// The coordinates [`step`](Self::step) reads for `features`, in the order of the
    /// gradients it makes: a view that holds only some states in memory makes these
    /// resident before the step.
    pub fn coordinates(&self, features: &[Feature], out: &mut Vec<u64>) {
        out.clear();
        let hedged = self.learner.is_hedge();
        for member in 0..self.learner.members().len() as u32 {
            for class in 0..self.learner.loss().outputs() as u32 {
                out.extend(features.iter().map(|f| played_coordinate(f.coordinate, hedged, member, class)));
            }
        }
    }

    /// Predicts `features` from `view`, then, given a label, scores the prediction, turns
    /// it into gradients ([`gradients`](Self::gradients)) and, for a Hedge, adds each
    /// member's loss to its cumulative loss. Without a label nothing is learned and the
    /// loss is NaN.
    pub fn step(&mut self, view: &impl View, features: &[Feature], label: Option<f64>, importance: f64) -> Outcome {
        self.gradients.clear();
        let mut target = ToOwners { view, gradients: &mut self.gradients, read_sums: self.read_sums };
        let outcome = match label {
            Some(label) => self.learner.learn_with(&mut target, features, label, importance),
            None => self.learner.predict_with(&mut target, features, None),
        };
        outcome.unwrap_or_else(|never| match never {})
    }
}

/// The predict side's target: weights and rates from a view, gradients recorded for the
/// owners.
struct ToOwners<'a, V> {
    view: &'a V,
    gradients: &'a mut Vec<Gradient>,
    read_sums: bool,
}

impl<V: View> Target for ToOwners<'_, V> {
    type Error = Infallible;

    #[inline]
    fn read(
        &mut self,
        member: u32,
        _optimizer: &Optimizer,
        coordinates: &[Feature],
        weights: &mut Vec<f64>,
    ) -> Result<(), Infallible> {
        weights.clear();
        weights.extend(coordinates.iter().map(|c| self.view.weight(member, c.coordinate)));
        Ok(())
    }

    /// A coordinate the view does not know takes a fresh state's rate: an upper bound (see
    /// the module documentation).
    #[inline]
    fn rate(&self, member: u32, optimizer: &Optimizer, _index: usize, coordinate: u64) -> f64 {
        self.view.rate(member, coordinate).unwrap_or_else(|| optimizer.rate(&CoordState::default()))
    }

    #[inline]
    fn learn(&mut self, member: u32, _optimizer: &Optimizer, _index: usize, coordinate: u64, value: f64, _played: f64) {
        let read_sum = if self.read_sums { self.view.gradient_sum(coordinate) } else { 0.0 };
        self.gradients.push(Gradient { coordinate, value, member, read_sum });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::hashing::member_coordinate;
    use crate::learn::test_support::{ftrl, MapStates};
    use crate::learn::{CoordinateStates, Learner};
    use std::collections::HashMap;

    /// A view that is exactly the states: what a stream is with batches of one example.
    struct StatesView<'a>(&'a MapStates, Optimizer, &'a [f64]);

    impl View for StatesView<'_> {
        fn weight(&self, _member: u32, coordinate: u64) -> f64 {
            self.0.peek(coordinate).map_or(0.0, |s| self.optimizer(coordinate).weight(&s))
        }
        fn rate(&self, _member: u32, coordinate: u64) -> Option<f64> {
            self.0.peek(coordinate).map(|s| self.optimizer(coordinate).rate(&s))
        }
    }

    impl StatesView<'_> {
        fn optimizer(&self, coordinate: u64) -> Optimizer {
            let mut o = self.1;
            for (m, alpha) in self.2.iter().enumerate() {
                if (0..64u64).any(|c| member_coordinate(c, m as u32) == coordinate) {
                    o.hyperparameters.alpha = *alpha;
                }
            }
            o
        }
    }

    fn examples() -> Vec<(Vec<Feature>, f64)> {
        (0..300u64)
            .map(|i| {
                let features = vec![
                    Feature { coordinate: 0, value: 1.0 },
                    Feature { coordinate: 1 + i % 5, value: 1.0 + (i % 3) as f64 },
                    Feature { coordinate: 10 + i % 7, value: 0.5 },
                ];
                (features, ((i * 7) % 3 == 0) as u8 as f64)
            })
            .collect()
    }

    /// Applying the view learner's gradients at once gives the embedded learner's states and
    /// outcomes, for every step kind.
    #[test]
    fn with_a_fresh_view_it_is_the_embedded_learner() {
        for step_rule in [StepRule::Gradient, StepRule::Implicit, StepRule::Aprox] {
            let mut learner = Learner::new(ftrl(3.0), Loss::Logistic).with_step_rule(step_rule);
            let mut view_learner = ViewLearner::new(ftrl(3.0), Loss::Logistic, step_rule, &[]);
            let (mut embedded, mut owned) = (MapStates::default(), MapStates::default());
            let mut slots = Vec::new();
            for (features, label) in examples() {
                let expected = learner.learn(&mut embedded, &features, label, 1.5).unwrap();
                let got = view_learner.step(&StatesView(&owned, ftrl(3.0), &[]), &features, Some(label), 1.5);
                assert_eq!(expected, got, "{step_rule:?}");
                let gradients: Vec<Feature> = view_learner
                    .gradients()
                    .iter()
                    .map(|g| Feature { coordinate: g.coordinate, value: g.value })
                    .collect();
                owned.resolve(&gradients, &mut slots).unwrap();
                for (g, slot) in gradients.iter().zip(&slots) {
                    let state = owned.state_mut(*slot);
                    let played = ftrl(3.0).weight(state);
                    ftrl(3.0).apply_gradient(state, g.value, played);
                }
            }
            for c in 0..20 {
                assert_eq!(embedded.peek(c), owned.peek(c), "{step_rule:?} coordinate {c}");
            }
        }
    }

    /// The Hedge from a view mixes and learns like the embedded Hedge.
    #[test]
    fn hedge_from_a_fresh_view_is_the_embedded_hedge() {
        let alphas = [0.03, 0.3, 3.0];
        let mut hedge = Learner::new(ftrl(0.1), Loss::Logistic).with_hedge(&alphas);
        let mut view_learner = ViewLearner::new(ftrl(0.1), Loss::Logistic, StepRule::Gradient, &alphas);
        let (mut embedded, mut owned) = (MapStates::default(), MapStates::default());
        let mut slots = Vec::new();
        for (features, label) in examples() {
            let expected = hedge.learn(&mut embedded, &features, label, 1.0).unwrap();
            let got = view_learner.step(&StatesView(&owned, ftrl(0.1), &alphas), &features, Some(label), 1.0);
            assert!((expected.loss - got.loss).abs() < 1e-12, "{expected:?} vs {got:?}");
            assert_eq!(view_learner.member_losses().count(), 3);
            let gradients: Vec<Gradient> = view_learner.gradients().to_vec();
            let as_features: Vec<Feature> =
                gradients.iter().map(|g| Feature { coordinate: g.coordinate, value: g.value }).collect();
            owned.resolve(&as_features, &mut slots).unwrap();
            for (g, slot) in gradients.iter().zip(&slots) {
                let mut o = ftrl(0.1);
                o.hyperparameters.alpha = alphas[g.member as usize];
                let state = owned.state_mut(*slot);
                let played = o.weight(state);
                o.apply_gradient(state, g.value, played);
            }
        }
        let (embedded, viewed) = (hedge.hedge().unwrap(), view_learner.hedge().unwrap());
        assert_eq!(embedded.state(), viewed.state());
        assert_eq!(embedded.leader(), viewed.leader());
        let members: HashMap<u32, usize> = view_learner.gradients().iter().fold(HashMap::new(), |mut m, g| {
            *m.entry(g.member).or_default() += 1;
            m
        });
        assert_eq!(members.len(), 3, "every member sends its gradients");
    }

    /// A stale view's larger rate can only shorten an implicit step.
    #[test]
    fn a_stale_rate_shortens_the_implicit_step() {
        struct Fixed(f64);
        impl View for Fixed {
            fn weight(&self, _: u32, _: u64) -> f64 {
                0.0
            }
            fn rate(&self, _: u32, _: u64) -> Option<f64> {
                Some(self.0)
            }
        }
        let features = [Feature { coordinate: 1, value: 1.0 }, Feature { coordinate: 2, value: 1.0 }];
        let mut learner = ViewLearner::new(ftrl(10.0), Loss::Squared, StepRule::Implicit, &[]);
        learner.step(&Fixed(1.0), &features, Some(4.0), 1.0);
        let accurate = learner.gradients()[0].value.abs();
        learner.step(&Fixed(2.0), &features, Some(4.0), 1.0);
        let stale = learner.gradients()[0].value.abs();
        assert!(stale < accurate, "{stale} vs {accurate}");
        let mut plain = ViewLearner::new(ftrl(10.0), Loss::Squared, StepRule::Gradient, &[]);
        plain.step(&Fixed(1.0), &features, Some(4.0), 1.0);
        assert!(accurate < plain.gradients()[0].value.abs(), "the implicit step is shorter than the gradient's");
    }

    /// Gradients carry the sum their view held only when the owners want it.
    #[test]
    fn read_sums_only_when_asked() {
        struct Summed;
        impl View for Summed {
            fn weight(&self, _: u32, _: u64) -> f64 {
                0.0
            }
            fn rate(&self, _: u32, _: u64) -> Option<f64> {
                None
            }
            fn gradient_sum(&self, coordinate: u64) -> f64 {
                coordinate as f64 / 2.0
            }
        }
        let features = [Feature { coordinate: 4, value: 1.0 }];
        let mut plain = ViewLearner::new(ftrl(0.1), Loss::Logistic, StepRule::Gradient, &[]);
        plain.step(&Summed, &features, Some(1.0), 1.0);
        assert_eq!(plain.gradients()[0].read_sum, 0.0);
        let mut tolerant = plain.clone().with_read_sums(true);
        tolerant.step(&Summed, &features, Some(1.0), 1.0);
        assert_eq!(tolerant.gradients()[0].read_sum, 2.0);
    }

    /// A view that holds only some states in memory makes `coordinates` resident and finds
    /// each gradient's state by position: they must be the gradients' coordinates, in order,
    /// for every member and class.
    #[test]
    fn coordinates_are_the_gradients_in_order() {
        struct Empty;
        impl View for Empty {
            fn weight(&self, _: u32, _: u64) -> f64 {
                0.0
            }
            fn rate(&self, _: u32, _: u64) -> Option<f64> {
                None
            }
        }
        let features = [Feature { coordinate: 4, value: 1.0 }, Feature { coordinate: 9, value: 0.5 }];
        for (loss, hedge) in [(Loss::Logistic, vec![]), (Loss::Softmax { classes: 3 }, vec![0.1, 1.0])] {
            let mut learner = ViewLearner::new(ftrl(0.1), loss, StepRule::Gradient, &hedge);
            learner.step(&Empty, &features, Some(2.0), 1.0);
            let mut coordinates = Vec::new();
            learner.coordinates(&features, &mut coordinates);
            let expected: Vec<u64> = learner.gradients().iter().map(|g| g.coordinate).collect();
            assert_eq!(coordinates, expected, "{loss:?} with {} members", hedge.len());
            assert_eq!(coordinates.len(), features.len() * loss.outputs() * hedge.len().max(1));
        }
    }
}
