use super::*;
use crate::learn::hashing::member_coordinate;
use crate::learn::test_support::{ftrl, MapStates};
use crate::learn::{Algorithm, CoordinateStates, Hyperparameters};
use std::collections::HashMap;

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

/// A target that reads states like the embedded one but only collects the gradients:
/// (member, coordinate, gradient).
struct Collect<'a> {
    states: &'a mut MapStates,
    slots: Vec<u32>,
    gradients: Vec<(u32, u64, f64)>,
}

impl Target for Collect<'_> {
    type Error = std::convert::Infallible;

    fn read(
        &mut self,
        _: u32,
        optimizer: &Optimizer,
        coordinates: &[Feature],
        weights: &mut Vec<f64>,
    ) -> Result<(), Self::Error> {
        read_states(self.states, &mut self.slots, optimizer, coordinates, weights)
    }

    fn rate(&self, _: u32, optimizer: &Optimizer, index: usize, _: u64) -> f64 {
        optimizer.rate(self.states.state(self.slots[index]))
    }

    fn learn(&mut self, member: u32, _: &Optimizer, _: usize, coordinate: u64, gradient: f64, _: f64) {
        self.gradients.push((member, coordinate, gradient));
    }

    fn state(&self, _: u32, index: usize, _: u64) -> CoordState {
        *self.states.state(self.slots[index])
    }

    fn learn_gd(&mut self, member: u32, _: &Gd, _: usize, coordinate: u64, _: f64, _: f64, step: f64) {
        self.gradients.push((member, coordinate, step));
    }
}

/// Every coordinate's gradient reaches the target, with its member: applied after the
/// step, they are what `learn` applies during it, for every step kind, a Hedge and
/// softmax.
#[test]
fn gradients_handed_to_a_target_and_applied_later_equal_learn() {
    let cases = [
        (Loss::Logistic, StepRule::Gradient, &[][..]),
        (Loss::Logistic, StepRule::Implicit, &[]),
        (Loss::Logistic, StepRule::Aprox, &[]),
        (Loss::Logistic, StepRule::Implicit, &[0.5, 4.0]),
        (Loss::Softmax { classes: 3 }, StepRule::Aprox, &[]),
    ];
    for (loss, step_rule, alphas) in cases {
        let mut learner = Learner::new(ftrl(2.0), loss).with_step_rule(step_rule).with_hedge(alphas);
        // Two learners, each seeing every example once, so that a Hedge's states agree.
        let mut collecting = learner.clone();
        let (mut direct, mut deferred) = (MapStates::default(), MapStates::default());
        let mut slots = Vec::new();
        for i in 0..200u64 {
            let features = [f(0, 1.0), f(1 + i % 7, 0.5 + (i % 3) as f64)];
            let y = if loss.outputs() > 1 { (1 + i % 3) as f64 } else { (i % 3 == 0) as u8 as f64 };
            let a = learner.learn(&mut direct, &features, y, 1.5).unwrap();
            let mut target = Collect { states: &mut deferred, slots: Vec::new(), gradients: Vec::new() };
            let b = collecting.learn_with(&mut target, &features, y, 1.5).unwrap();
            let gradients = target.gradients;
            assert_eq!(a, b);
            assert_eq!(gradients.len(), features.len() * learner.members().len() * loss.outputs());
            let coordinates: Vec<Feature> = gradients.iter().map(|(_, c, _)| f(*c, 0.0)).collect();
            deferred.resolve(&coordinates, &mut slots).unwrap();
            for ((member, coordinate, g), slot) in gradients.iter().zip(&slots) {
                learner.rule().apply(*coordinate, *member, deferred.state_mut(*slot), *g, None);
            }
        }
        assert_eq!(direct.len(), deferred.len());
        for (coordinate, _) in direct.iter() {
            assert_ne!(direct.get(coordinate).z, 0.0);
            assert_eq!(direct.get(coordinate), deferred.get(coordinate), "{loss:?} {step_rule:?} {alphas:?}");
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
    for (step_rule, lands_past) in [(StepRule::Gradient, true), (StepRule::Implicit, false), (StepRule::Aprox, false)] {
        let mut learner = Learner::new(optimizer, Loss::Squared).with_step_rule(step_rule);
        let mut states = MapStates::default();
        let x = [f(1, 1.0), f(2, 2.0)];
        learner.learn(&mut states, &x, 1.0, 1.0).unwrap();
        let after = learner.predict(&mut states, &x, None).unwrap().prediction;
        assert_eq!(after > 1.0 + 1e-9, lands_past, "{step_rule:?}: {after}");
        assert!(after > 0.0, "{step_rule:?}: {after}");
    }
}

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
            let gradients: Vec<Feature> =
                view_learner.gradients().iter().map(|g| Feature { coordinate: g.coordinate, value: g.value }).collect();
            owned.resolve(&gradients, &mut slots).unwrap();
            for (g, slot) in gradients.iter().zip(&slots) {
                learner.rule().apply(g.coordinate, 0, owned.state_mut(*slot), g.value, None);
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

/// A view that knows no coordinate (weights 0, fresh rates), with gradient sums made up
/// from the coordinate.
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

/// Gradients carry the sum their view held only when the owners want it.
#[test]
fn read_sums_only_when_asked() {
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
    let features = [Feature { coordinate: 4, value: 1.0 }, Feature { coordinate: 9, value: 0.5 }];
    for (loss, hedge) in [(Loss::Logistic, vec![]), (Loss::Softmax { classes: 3 }, vec![0.1, 1.0])] {
        let mut learner = ViewLearner::new(ftrl(0.1), loss, StepRule::Gradient, &hedge);
        learner.step(&Summed, &features, Some(2.0), 1.0);
        let mut coordinates = Vec::new();
        learner.coordinates(&features, &mut coordinates);
        let expected: Vec<u64> = learner.gradients().iter().map(|g| g.coordinate).collect();
        assert_eq!(coordinates, expected, "{loss:?} with {} members", hedge.len());
        assert_eq!(coordinates.len(), features.len() * loss.outputs() * hedge.len().max(1));
    }
}

/// Other workers' pieces of a coordinate add up to a Hedge's states (its members are
/// coordinates of their own) but not to a prediction range's, which the labels widen; copies
/// of a Hedge still do not learn alike, since each would keep its own mixture.
#[test]
fn pieces_add_up_for_a_hedge_but_copies_of_it_do_not_learn_alike() {
    let plain = Learner::new(ftrl(0.1), Loss::Logistic);
    assert!(plain.pieces_add_up() && plain.copies_learn_alike());
    let hedge = Learner::new(ftrl(0.1), Loss::Logistic).with_hedge(&[0.03, 0.1, 0.3]);
    assert!(hedge.pieces_add_up() && !hedge.copies_learn_alike());
    let range = PredictionRange { min: 0.0, max: 1.0, widen_to_labels: true };
    let clipped = Learner::new(ftrl(0.1), Loss::Squared).with_prediction_range(Some(range));
    assert!(!clipped.pieces_add_up() && !clipped.copies_learn_alike());
}
