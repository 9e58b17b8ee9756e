//! The example step, one for every trainer: predict with the current weights (one learner,
//! or a Hedge mixture of learners that differ only in α), score that prediction
//! (progressive validation), turn the loss derivative into the step's (plain gradient,
//! implicit, aProx or PA) and hand each coordinate's gradient to a [`Target`].
//!
//! The target is the part that differs between trainers. The embedded trainer reads its
//! states and applies each gradient at once ([`Learner::learn`]); a sharded model's predict
//! side reads a view of the owners' weights and emits the gradients for the coordinates'
//! owners ([`ViewLearner`], this file's second target); a simulated delay queues them
//! (`delay::DelayedLearner`). Predictions, the Hedge mixture and the steps therefore exist
//! once, here; how one coordinate learns one gradient exists once in `rule::CoordinateRule`,
//! which every target applies.

use super::admission::Admission;
use super::clip::{Clip, PredictionRange};
use super::gd::{learns_in_single_precision, Advanced, Gd, Normalizer};
use super::hashing::{class_coordinate, member_coordinate};
use super::hedge::Hedge;
use super::implicit::{step_derivatives, Scored, StepRule};
use super::loss::{sigmoid, softmax, Outcome};
use super::rule::CoordinateRule;
use super::{CoordState, Feature, Loss, Optimizer};
use std::convert::Infallible;
use std::sync::Arc;

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

/// What an example step reads weights from, and where its gradients go. `member` is the
/// Hedge member (0 without a Hedge) and `optimizer` its rule; `index` is a coordinate's place
/// in the last [`read`](Self::read), and `coordinate` the coordinate itself, for targets that
/// look coordinates up by value.
pub trait Target {
    type Error;

    /// Writes the weight `member` plays on each of `coordinates` (distinct) into `weights`,
    /// in order: 0 for a coordinate never seen.
    fn read(
        &mut self,
        member: u32,
        optimizer: &Optimizer,
        coordinates: &[Feature],
        weights: &mut Vec<f64>,
    ) -> Result<(), Self::Error>;

    /// The rate of the coordinate's next step (see [`Optimizer::rate`]), for implicit steps.
    fn rate(&self, member: u32, optimizer: &Optimizer, index: usize, coordinate: u64) -> f64;

    /// Learns `gradient` on the coordinate, which played the weight `played`. Called for
    /// every coordinate of the example, with a zero gradient too, so that `updates` counts
    /// every example that contained it (RDA's rounds, admission counts, the exactly-once
    /// audit).
    fn learn(&mut self, member: u32, optimizer: &Optimizer, index: usize, coordinate: u64, gradient: f64, played: f64);

    /// VW's rule (`gd`), which reads more than a weight: the coordinate's state.
    fn state(&self, member: u32, index: usize, coordinate: u64) -> CoordState;

    /// VW's rule: advances the coordinate by feature value `x` of an example whose squared
    /// gradient is `square_gradient`, then moves it by the example's `step`
    /// ([`Gd::advance`], [`Gd::finish`]).
    #[allow(clippy::too_many_arguments)]
    fn learn_gd(
        &mut self,
        member: u32,
        gd: &Gd,
        index: usize,
        coordinate: u64,
        x: f64,
        square_gradient: f64,
        step: f64,
    );
}

/// Runs examples through one learner or a Hedge mixture of learners. Holds only scratch
/// buffers besides the Hedge's state, so one learner serves any number of examples without
/// allocating.
#[derive(Clone, Debug)]
pub struct Learner {
    loss: Loss,
    /// How the loss derivative becomes the step (plain gradient by default).
    step_rule: StepRule,
    /// How each coordinate learns a gradient: one optimizer per Hedge member and the
    /// admission policy, the same rule a stream's owners apply.
    rule: Arc<CoordinateRule>,
    hedge: Option<Hedge>,
    /// When not 0, stamped as `seen` on every state [`learn`](Self::learn) updates (expiry).
    pub clock: u64,
    /// The initial margin of the next examples (VW's "base"), added to the margin of a
    /// loss with one output; 0 for almost every example.
    pub base: f64,
    /// Where single-output margins are clipped (VW's prediction range), if anywhere.
    clip: Option<Clip>,
    /// VW's rule: the sums of its global normalizer (see `gd`).
    normalizer: Normalizer,
    /// VW's rule: each coordinate of the example, advanced.
    advanced: Vec<Advanced>,
    /// The coordinates of one member (all classes), when they are not the features.
    coordinates: Vec<Feature>,
    weights: Vec<f64>,
    margins: Vec<f64>,
    derivatives: Vec<f64>,
    curvatures: Vec<f64>,
    /// Each member's outcome on the last example.
    outcomes: Vec<Outcome>,
    /// The slots of [`learn`](Self::learn)'s states, kept between examples.
    slots: Vec<u32>,
}

impl Learner {
    /// A single learner taking plain gradient steps.
    pub fn new(optimizer: Optimizer, loss: Loss) -> Self {
        Self {
            loss,
            step_rule: StepRule::Gradient,
            rule: Arc::new(CoordinateRule::single(optimizer)),
            hedge: None,
            clock: 0,
            base: 0.0,
            clip: None,
            normalizer: Normalizer::new(optimizer.hyperparameters.initial_t),
            advanced: Vec::new(),
            coordinates: Vec::new(),
            weights: Vec::new(),
            margins: Vec::new(),
            derivatives: Vec::new(),
            curvatures: Vec::new(),
            outcomes: Vec::new(),
            slots: Vec::new(),
        }
    }

    /// The same learner clipping single-output margins into `range` (none: no clipping).
    pub fn with_prediction_range(mut self, range: Option<PredictionRange>) -> Self {
        self.clip = range.map(Clip::new);
        self
    }

    /// What a learner learns beyond coordinate states: the clipping range as the labels
    /// widened it and VW's normalizer. Kept with a model between runs.
    pub fn global_state(&self) -> GlobalState {
        GlobalState { clip: self.clip, normalizer: self.normalizer }
    }

    /// Restores what [`global_state`](Self::global_state) returned.
    pub fn restore_global_state(&mut self, state: GlobalState) {
        if self.clip.is_some() {
            self.clip = state.clip;
        }
        self.normalizer = state.normalizer;
    }

    /// The same learner taking `step_rule` steps.
    pub fn with_step_rule(mut self, step_rule: StepRule) -> Self {
        self.step_rule = step_rule;
        self
    }

    /// A Hedge mixture of this learner with each α of `alphas` (see `hedge`); a single
    /// learner when `alphas` is empty.
    pub fn with_hedge(mut self, alphas: &[f64]) -> Self {
        self.rule =
            Arc::new(CoordinateRule::new(self.rule.members()[0], alphas, self.rule.admission(), self.loss.outputs()));
        self.hedge = (!alphas.is_empty()).then(|| Hedge::new(alphas));
        self
    }

    /// The same learner applying `admission` in [`learn`](Self::learn), exactly as a
    /// stream's owners do (see `admission`).
    pub fn with_admission(mut self, admission: Admission) -> Self {
        self.rule =
            Arc::new(CoordinateRule::new(self.rule.members()[0], self.alphas(), admission, self.loss.outputs()));
        self
    }

    pub fn admission(&self) -> Admission {
        self.rule.admission()
    }

    pub fn loss(&self) -> Loss {
        self.loss
    }

    /// How each coordinate learns a gradient: the rule a stream's owners apply too.
    pub(crate) fn rule(&self) -> &CoordinateRule {
        &self.rule
    }

    /// The learners' rules: one, or one per α of the Hedge.
    pub fn members(&self) -> &[Optimizer] {
        self.rule.members()
    }

    /// The Hedge mixture, if this is one.
    pub fn hedge(&self) -> Option<&Hedge> {
        self.hedge.as_ref()
    }

    pub fn hedge_mut(&mut self) -> Option<&mut Hedge> {
        self.hedge.as_mut()
    }

    pub fn is_hedge(&self) -> bool {
        self.hedge.is_some()
    }

    /// Whether copies of this learner, each learning some of the examples into shared
    /// coordinate states, learn what one would: what it keeps beyond the coordinates (a
    /// Hedge's mixture, VW's normalizer, a prediction range widened by labels) would split
    /// among the copies.
    pub fn copies_learn_alike(&self) -> bool {
        self.hedge.is_none() && self.pieces_add_up()
    }

    /// Whether another copy's steps of a coordinate can be added to this one's state of it
    /// (the hot exchange): the coordinates' states are sums and there is no prediction
    /// range (which each copy would keep, widened by its own labels). A Hedge's members are
    /// coordinates of their own; only its mixture stays with each copy.
    pub fn pieces_add_up(&self) -> bool {
        self.clip.is_none() && self.rule.states_are_sums()
    }

    /// The Hedge's α list (empty for a single learner).
    pub fn alphas(&self) -> &[f64] {
        self.hedge.as_ref().map_or(&[], |h| h.alphas())
    }

    /// Each member's outcome on the last example (one without a Hedge).
    pub fn member_outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The margins of the last example, one per output, of the last member (the only one
    /// without a Hedge).
    pub fn margins(&self) -> &[f64] {
        &self.margins
    }

    /// Predicts `features` from `states`, scores the prediction against `label`, then learns
    /// from it with importance weight `importance`, applying each gradient at once.
    /// `features` must hold distinct coordinates (the featurizer merges repeats) and include
    /// the bias.
    pub fn learn<S: CoordinateStates>(
        &mut self,
        states: &mut S,
        features: &[Feature],
        label: f64,
        importance: f64,
    ) -> Result<Outcome, S::Error> {
        let mut target = ApplyNow {
            states,
            slots: std::mem::take(&mut self.slots),
            rule: Arc::clone(&self.rule),
            clock: self.clock,
        };
        let outcome = self.learn_with(&mut target, features, label, importance);
        self.slots = target.slots;
        outcome
    }

    /// Predicts from `states` without learning; the outcome's loss is scored against `label`
    /// when given, NaN otherwise.
    pub fn predict<S: CoordinateStates>(
        &mut self,
        states: &mut S,
        features: &[Feature],
        label: Option<f64>,
    ) -> Result<Outcome, S::Error> {
        let mut target =
            ApplyNow { states, slots: std::mem::take(&mut self.slots), rule: Arc::clone(&self.rule), clock: 0 };
        let outcome = self.predict_with(&mut target, features, label);
        self.slots = target.slots;
        outcome
    }

    /// [`learn`](Self::learn) against any target.
    pub fn learn_with<T: Target>(
        &mut self,
        target: &mut T,
        features: &[Feature],
        label: f64,
        importance: f64,
    ) -> Result<Outcome, T::Error> {
        self.run(target, features, Some(label), importance, true)
    }

    /// [`predict`](Self::predict) from any target.
    pub fn predict_with<T: Target>(
        &mut self,
        target: &mut T,
        features: &[Feature],
        label: Option<f64>,
    ) -> Result<Outcome, T::Error> {
        self.run(target, features, label, 1.0, false)
    }

    /// The step: every member predicts (and, when `learn`, learns) in turn on its own
    /// coordinates, then a Hedge mixes their outcomes, scored before any learned.
    fn run<T: Target>(
        &mut self,
        target: &mut T,
        features: &[Feature],
        label: Option<f64>,
        importance: f64,
        learn: bool,
    ) -> Result<Outcome, T::Error> {
        self.outcomes.clear();
        let outputs = self.loss.outputs();
        let per_class = features.len();
        let hedged = self.hedge.is_some();
        if let (Some(clip), Some(label), true) = (&mut self.clip, label, learn) {
            clip.observe(label);
        }
        for member in 0..self.rule.members().len() {
            let optimizer = self.rule.members()[member];
            let member = member as u32;
            let coordinates = if !hedged && outputs == 1 {
                features
            } else {
                self.coordinates.clear();
                for class in 0..outputs as u32 {
                    self.coordinates.extend(features.iter().map(|f| Feature {
                        coordinate: played_coordinate(f.coordinate, hedged, member, class),
                        value: f.value,
                    }));
                }
                &self.coordinates[..]
            };
            target.read(member, &optimizer, coordinates, &mut self.weights)?;
            self.margins.clear();
            for class in 0..outputs {
                // The featurizer refuses a base for softmax, whose classes share no margin.
                let mut margin = if outputs == 1 { self.base } else { 0.0 };
                for (w, feature) in self.weights[class * per_class..(class + 1) * per_class].iter().zip(features) {
                    margin += w * feature.value;
                }
                self.margins.push(match &self.clip {
                    Some(clip) if outputs == 1 => clip.apply(margin),
                    _ => margin,
                });
            }
            let outcome = score(self.loss, &self.margins, label, &mut self.derivatives);
            self.outcomes.push(outcome);
            let Some(label) = label.filter(|_| learn) else { continue };
            if let Some(gd) = optimizer.gd() {
                // One output and no Hedge: the coordinates are the features'.
                self.gd_step(&gd, target, member, features, label, importance, outcome.loss);
                continue;
            }

            self.derivatives.iter_mut().for_each(|d| *d *= importance);
            if !self.step_rule.is_gradient() {
                self.curvatures.clear();
                for (class, d) in self.derivatives.iter().enumerate() {
                    let mut h = 0.0;
                    if *d != 0.0 {
                        let first = class * per_class;
                        for (i, (c, feature)) in coordinates[first..first + per_class].iter().zip(features).enumerate()
                        {
                            h += target.rate(member, &optimizer, first + i, c.coordinate)
                                * feature.value
                                * feature.value;
                        }
                    }
                    self.curvatures.push(h);
                }
                let example = Scored { margins: &self.margins, label, importance, loss_value: outcome.loss };
                step_derivatives(self.step_rule, self.loss, example, &self.curvatures, &mut self.derivatives);
            }
            for (class, d) in self.derivatives.iter().enumerate() {
                let first = class * per_class;
                let played = &self.weights[first..first + per_class];
                let read = coordinates[first..first + per_class].iter().zip(played).zip(features);
                for (i, ((c, played), feature)) in read.enumerate() {
                    target.learn(member, &optimizer, first + i, c.coordinate, d * feature.value, *played);
                }
            }
        }
        let Some(hedge) = &mut self.hedge else { return Ok(self.outcomes[0]) };
        let outcome = hedge.mix(self.loss, &self.outcomes, label.unwrap_or(f64::NAN));
        if learn {
            hedge.record(&self.outcomes, importance);
        }
        Ok(outcome)
    }
}

impl Learner {
    /// VW's rule on one example (see `gd`): advance every coordinate, measure the example's
    /// sensitivity h, take the invariant update and move every coordinate by it. VW learns
    /// only from examples with a loss (in its single precision).
    #[allow(clippy::too_many_arguments)]
    fn gd_step<T: Target>(
        &mut self,
        gd: &Gd,
        target: &mut T,
        member: u32,
        features: &[Feature],
        label: f64,
        importance: f64,
        loss_value: f64,
    ) {
        self.normalizer.examples += importance;
        let prediction = self.margins[0];
        if loss_value <= 0.0 || !loss_value.is_finite() || !learns_in_single_precision(self.loss, prediction, label) {
            return;
        }
        let derivative = self.loss.derivative(prediction, label);
        let square_gradient = importance * derivative * derivative;
        if square_gradient == 0.0 {
            return;
        }
        self.advanced.clear();
        let (mut h, mut norm) = (0.0, 0.0);
        for (index, feature) in features.iter().enumerate() {
            let advanced = gd.advance(&target.state(member, index, feature.coordinate), feature.value, square_gradient);
            h += advanced.x2 * advanced.rate;
            norm += advanced.norm;
            self.advanced.push(advanced);
        }
        let multiplier = gd.multiplier(&mut self.normalizer, norm, importance);
        let scale = gd.scale(&self.normalizer, importance, gd.initial_t);
        let update = gd.update(self.loss, prediction, label, scale, h * multiplier);
        let step = update * multiplier;
        if !step.is_finite() {
            return;
        }
        for (index, feature) in features.iter().enumerate() {
            target.learn_gd(member, gd, index, feature.coordinate, feature.value, square_gradient, step);
        }
    }
}

/// What a learner keeps beyond coordinate states (see [`Learner::global_state`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GlobalState {
    pub clip: Option<Clip>,
    pub normalizer: Normalizer,
}

/// The embedded trainer's target: reads coordinate states and applies each gradient to
/// them at once with the per-coordinate rule (which counts the occurrences of a coordinate not yet
/// admitted).
struct ApplyNow<'a, S> {
    states: &'a mut S,
    slots: Vec<u32>,
    rule: Arc<CoordinateRule>,
    clock: u64,
}

impl<S: CoordinateStates> Target for ApplyNow<'_, S> {
    type Error = S::Error;

    #[inline]
    fn read(
        &mut self,
        _member: u32,
        optimizer: &Optimizer,
        coordinates: &[Feature],
        weights: &mut Vec<f64>,
    ) -> Result<(), S::Error> {
        read_states(self.states, &mut self.slots, optimizer, coordinates, weights)
    }

    #[inline]
    fn rate(&self, _member: u32, optimizer: &Optimizer, index: usize, _coordinate: u64) -> f64 {
        optimizer.rate(self.states.state(self.slots[index]))
    }

    #[inline]
    fn learn(
        &mut self,
        _member: u32,
        optimizer: &Optimizer,
        index: usize,
        coordinate: u64,
        gradient: f64,
        played: f64,
    ) {
        let state = self.states.state_mut(self.slots[index]);
        self.rule.apply_played(optimizer, coordinate, state, gradient, played, None);
        if self.clock != 0 {
            state.seen = self.clock;
        }
    }

    #[inline]
    fn state(&self, _member: u32, index: usize, _coordinate: u64) -> CoordState {
        *self.states.state(self.slots[index])
    }

    #[inline]
    fn learn_gd(&mut self, member: u32, _gd: &Gd, index: usize, _coordinate: u64, x: f64, square: f64, step: f64) {
        let state = self.states.state_mut(self.slots[index]);
        self.rule.apply_gd(member, state, x, square, step);
        if self.clock != 0 {
            state.seen = self.clock;
        }
    }
}

// The predict side's target: a view of the owners' weights.

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
    /// The coordinate's whole state, for VW's rule (`gd`); a view of weights alone has none
    /// and cannot learn with it.
    fn coordinate_state(&self, _coordinate: u64) -> Option<CoordState> {
        None
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
    /// VW's rule (`gd`): the feature value and the example's squared gradient, with which
    /// `value` (the example's step) moves the coordinate; `None` for the other rules.
    pub gd: Option<(f64, f64)>,
}

/// Predicts from a view and computes the gradients of one example at a time: the example
/// step with the "emit to owners" target, for a sharded model's predict side (the stream's
/// predict role, whose view is its replica, and `ftrl serve`).
///
/// * **Implicit, aProx and PA steps** need h = Σ ηᵢ xᵢ² over the example's coordinates,
///   which live on different owners. Owners publish each coordinate's rate ηᵢ with its
///   weight, so h is computed here from the view, and the gradients sent are already
///   scaled by the step's s; owners apply them as plain gradients. The view trails the
///   owners, and a coordinate's rate only shrinks as it learns, so the h used is an upper
///   bound of the one at apply time: the step is, if anything, shorter than the implicit
///   step and still never passes the proximal point. A coordinate absent from the view
///   (new, or published as a tombstone because its weight is 0) takes the rate of a fresh
///   state, again an upper bound.
/// * **Hedge**: each member predicts from its own coordinates
///   ([`member_coordinate`]), the prediction is their
///   mixture under the members' cumulative progressive losses, and each member's gradients
///   go to its own coordinates, marked with the member so that owners use its α.
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

    /// The same learner clipping single-output margins into `range` (see [`Learner`]).
    pub fn with_prediction_range(mut self, range: Option<PredictionRange>) -> Self {
        self.learner = self.learner.with_prediction_range(range);
        self
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

    /// See [`Learner::copies_learn_alike`].
    pub fn copies_learn_alike(&self) -> bool {
        self.learner.copies_learn_alike()
    }

    /// See [`Learner::pieces_add_up`].
    pub fn pieces_add_up(&self) -> bool {
        self.learner.pieces_add_up()
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
    /// [`ViewLearner`]).
    #[inline]
    fn rate(&self, member: u32, optimizer: &Optimizer, _index: usize, coordinate: u64) -> f64 {
        self.view.rate(member, coordinate).unwrap_or_else(|| optimizer.rate(&CoordState::default()))
    }

    #[inline]
    fn learn(&mut self, member: u32, _optimizer: &Optimizer, _index: usize, coordinate: u64, value: f64, _played: f64) {
        let read_sum = if self.read_sums { self.view.gradient_sum(coordinate) } else { 0.0 };
        self.gradients.push(Gradient { coordinate, value, member, read_sum, gd: None });
    }

    #[inline]
    fn state(&self, _member: u32, _index: usize, coordinate: u64) -> CoordState {
        self.view.coordinate_state(coordinate).unwrap_or_default()
    }

    #[inline]
    fn learn_gd(&mut self, member: u32, _gd: &Gd, _index: usize, coordinate: u64, x: f64, square: f64, step: f64) {
        self.gradients.push(Gradient { coordinate, value: step, member, read_sum: 0.0, gd: Some((x, square)) });
    }
}

/// The coordinate that Hedge member `member` (when `hedged`) plays for `class` on a
/// feature's coordinate.
#[inline]
pub(crate) fn played_coordinate(coordinate: u64, hedged: bool, member: u32, class: u32) -> u64 {
    let base = if hedged { member_coordinate(coordinate, member) } else { coordinate };
    class_coordinate(base, class)
}

/// Resolves `coordinates` in `states` (into `slots`) and writes the weight `optimizer`
/// gives each into `weights`: how a target over coordinate states reads.
#[inline]
pub(crate) fn read_states<S: CoordinateStates>(
    states: &mut S,
    slots: &mut Vec<u32>,
    optimizer: &Optimizer,
    coordinates: &[Feature],
    weights: &mut Vec<f64>,
) -> Result<(), S::Error> {
    states.resolve(coordinates, slots)?;
    weights.clear();
    weights.extend(slots.iter().map(|slot| optimizer.weight(states.state(*slot))));
    Ok(())
}

/// Scores the margins of one example (one per class for softmax): the outcome, and into
/// `derivatives` d loss / d margin per output (zero without a label).
fn score(loss: Loss, margins: &[f64], label: Option<f64>, derivatives: &mut Vec<f64>) -> Outcome {
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
mod tests;
