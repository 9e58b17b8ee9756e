//! The example step of a sharded model's predict side (the stream's predict role and
//! `ftrl serve`): the same predictions, implicit steps and Hedge mixture as [`Learner`] and
//! [`Hedge`](super::Hedge), but read from a *view* of weights that the coordinates' owners
//! published, and ending in per-coordinate gradients for those owners to apply instead of
//! applied updates.
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
//! [`Learner`]: super::Learner

use super::hashing::{class_coordinate, member_coordinate};
use super::hedge::{log_weights, member_optimizers, mixture, HedgeState};
use super::implicit::{step_derivatives, Scored};
use super::learner::score;
use super::{CoordState, Feature, Loss, Optimizer, Outcome, Update};

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

/// Predicts from a view and computes the gradients of one example at a time.
#[derive(Clone, Debug)]
pub struct ViewLearner {
    loss: Loss,
    update: Update,
    members: Vec<Optimizer>,
    /// The Hedge's α list; empty for a single learner.
    alphas: Vec<f64>,
    hedge: HedgeState,
    /// A fresh coordinate's rate, per member.
    fresh_rates: Vec<f64>,
    margins: Vec<f64>,
    derivatives: Vec<f64>,
    curvatures: Vec<f64>,
    outcomes: Vec<Outcome>,
    log_weights: Vec<f64>,
    gradients: Vec<Gradient>,
    /// Whether gradients note the gradient sums they read (delay-tolerant owners).
    read_sums: bool,
}

impl ViewLearner {
    /// A single learner (`hedge` empty) or a Hedge with one member per α of `hedge`.
    pub fn new(optimizer: Optimizer, loss: Loss, update: Update, hedge: &[f64]) -> Self {
        let members = member_optimizers(optimizer, hedge);
        let fresh_rates = members.iter().map(|m| m.rate(&CoordState::default())).collect();
        Self {
            loss,
            update,
            members,
            alphas: hedge.to_vec(),
            hedge: HedgeState { cumulative_losses: vec![0.0; hedge.len()], weight_sum: 0.0 },
            fresh_rates,
            margins: Vec::new(),
            derivatives: Vec::new(),
            curvatures: Vec::new(),
            outcomes: Vec::new(),
            log_weights: Vec::new(),
            gradients: Vec::new(),
            read_sums: false,
        }
    }

    /// The same learner noting in each gradient the gradient sum its view held, for owners
    /// with delay-tolerant rates (otherwise `read_sum` is 0 and the view is not asked).
    pub fn with_read_sums(mut self, read_sums: bool) -> Self {
        self.read_sums = read_sums;
        self
    }

    pub fn is_hedge(&self) -> bool {
        !self.alphas.is_empty()
    }

    pub fn alphas(&self) -> &[f64] {
        &self.alphas
    }

    /// The Hedge's cumulative losses (empty without a Hedge).
    pub fn hedge_state(&self) -> &HedgeState {
        &self.hedge
    }

    /// Continues a Hedge from cumulative losses learned elsewhere (say, the progress topic);
    /// ignored unless there is one loss per member.
    pub fn restore_hedge(&mut self, state: HedgeState) {
        if self.is_hedge() && state.cumulative_losses.len() == self.alphas.len() {
            self.hedge = state;
        }
    }

    /// The α of the member with the least cumulative loss, for a Hedge.
    pub fn leader_alpha(&self) -> Option<f64> {
        let losses = &self.hedge.cumulative_losses;
        (0..losses.len()).min_by(|&a, &b| losses[a].total_cmp(&losses[b])).map(|i| self.alphas[i])
    }

    /// Each member's loss on the last example scored (empty without a Hedge).
    pub fn member_losses(&self) -> impl Iterator<Item = f64> + '_ {
        self.outcomes.iter().filter(|_| self.is_hedge()).map(|o| o.loss)
    }

    /// The margins of the last example, one per output, of the last member (the only one
    /// without a Hedge).
    pub fn margins(&self) -> &[f64] {
        &self.margins
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
        for member in 0..self.members.len() as u32 {
            let base = |c: u64| if self.alphas.is_empty() { c } else { member_coordinate(c, member) };
            for class in 0..self.loss.outputs() as u32 {
                out.extend(features.iter().map(|f| class_coordinate(base(f.coordinate), class)));
            }
        }
    }

    /// Predicts `features` from `view`, then, given a label, scores the prediction, turns
    /// it into gradients ([`gradients`](Self::gradients)) and, for a Hedge, adds each
    /// member's loss to its cumulative loss. Without a label nothing is learned and the
    /// loss is NaN.
    pub fn step(&mut self, view: &impl View, features: &[Feature], label: Option<f64>, importance: f64) -> Outcome {
        self.gradients.clear();
        self.outcomes.clear();
        let outputs = self.loss.outputs();
        for member in 0..self.members.len() as u32 {
            let base = |c: u64| if self.alphas.is_empty() { c } else { member_coordinate(c, member) };
            self.margins.clear();
            for class in 0..outputs as u32 {
                let margin =
                    features.iter().map(|f| view.weight(member, class_coordinate(base(f.coordinate), class)) * f.value);
                self.margins.push(margin.sum());
            }
            let outcome = score(self.loss, &self.margins, label, &mut self.derivatives);
            self.outcomes.push(outcome);
            let Some(label) = label else { continue };
            self.derivatives.iter_mut().for_each(|d| *d *= importance);
            if !self.update.is_gradient() {
                let fresh = self.fresh_rates[member as usize];
                self.curvatures.clear();
                for (class, d) in self.derivatives.iter().enumerate() {
                    let mut h = 0.0;
                    if *d != 0.0 {
                        for f in features {
                            let rate =
                                view.rate(member, class_coordinate(base(f.coordinate), class as u32)).unwrap_or(fresh);
                            h += rate * f.value * f.value;
                        }
                    }
                    self.curvatures.push(h);
                }
                let example = Scored { margins: &self.margins, label, importance, loss_value: outcome.loss };
                step_derivatives(self.update, self.loss, example, &self.curvatures, &mut self.derivatives);
            }
            for (class, d) in self.derivatives.iter().enumerate() {
                self.gradients.extend(features.iter().map(|f| {
                    let coordinate = class_coordinate(base(f.coordinate), class as u32);
                    let read_sum = if self.read_sums { view.gradient_sum(coordinate) } else { 0.0 };
                    Gradient { coordinate, value: d * f.value, member, read_sum }
                }));
            }
        }
        if !self.is_hedge() {
            return self.outcomes[0];
        }
        log_weights(&self.hedge, &mut self.log_weights);
        let outcome = mixture(self.loss, &self.log_weights, &self.outcomes, label.unwrap_or(f64::NAN));
        if label.is_some() {
            for (total, o) in self.hedge.cumulative_losses.iter_mut().zip(&self.outcomes) {
                *total += importance * o.loss;
            }
            self.hedge.weight_sum += importance;
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::{ftrl, MapStates};
    use crate::learn::{CoordinateStates, Hedge, Learner};
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
        for update in [Update::Gradient, Update::Implicit, Update::Aprox] {
            let mut learner = Learner::new(ftrl(3.0), Loss::Logistic).with_update(update);
            let mut view_learner = ViewLearner::new(ftrl(3.0), Loss::Logistic, update, &[]);
            let (mut embedded, mut owned) = (MapStates::default(), MapStates::default());
            let mut slots = Vec::new();
            for (features, label) in examples() {
                let expected = learner.learn(&mut embedded, &features, label, 1.5).unwrap();
                let got = view_learner.step(&StatesView(&owned, ftrl(3.0), &[]), &features, Some(label), 1.5);
                assert_eq!(expected, got, "{update:?}");
                let gradients: Vec<Feature> = view_learner
                    .gradients()
                    .iter()
                    .map(|g| Feature { coordinate: g.coordinate, value: g.value })
                    .collect();
                owned.resolve(&gradients, &mut slots).unwrap();
                for (g, slot) in gradients.iter().zip(&slots) {
                    let state = owned.state_mut(*slot);
                    let played = ftrl(3.0).weight(state);
                    ftrl(3.0).update(state, g.value, played);
                }
            }
            for c in 0..20 {
                assert_eq!(embedded.peek(c), owned.peek(c), "{update:?} coordinate {c}");
            }
        }
    }

    /// The Hedge from a view mixes and learns like the embedded Hedge.
    #[test]
    fn hedge_from_a_fresh_view_is_the_embedded_hedge() {
        let alphas = [0.03, 0.3, 3.0];
        let mut hedge = Hedge::new(ftrl(0.1), Loss::Logistic, Update::Gradient, &alphas);
        let mut view_learner = ViewLearner::new(ftrl(0.1), Loss::Logistic, Update::Gradient, &alphas);
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
                o.update(state, g.value, played);
            }
        }
        assert_eq!(hedge.state(), view_learner.hedge_state());
        assert_eq!(view_learner.leader_alpha(), Some(alphas[hedge.leader()]));
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
        let mut learner = ViewLearner::new(ftrl(10.0), Loss::Squared, Update::Implicit, &[]);
        learner.step(&Fixed(1.0), &features, Some(4.0), 1.0);
        let accurate = learner.gradients()[0].value.abs();
        learner.step(&Fixed(2.0), &features, Some(4.0), 1.0);
        let stale = learner.gradients()[0].value.abs();
        assert!(stale < accurate, "{stale} vs {accurate}");
        let mut plain = ViewLearner::new(ftrl(10.0), Loss::Squared, Update::Gradient, &[]);
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
        let mut plain = ViewLearner::new(ftrl(0.1), Loss::Logistic, Update::Gradient, &[]);
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
            let mut learner = ViewLearner::new(ftrl(0.1), loss, Update::Gradient, &hedge);
            learner.step(&Empty, &features, Some(2.0), 1.0);
            let mut coordinates = Vec::new();
            learner.coordinates(&features, &mut coordinates);
            let expected: Vec<u64> = learner.gradients().iter().map(|g| g.coordinate).collect();
            assert_eq!(coordinates, expected, "{loss:?} with {} members", hedge.len());
            assert_eq!(coordinates.len(), features.len() * loss.outputs() * hedge.len().max(1));
        }
    }
}
