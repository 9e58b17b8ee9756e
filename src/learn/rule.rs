//! How one coordinate learns one gradient: the one per-coordinate rule every path applies
//! (the embedded trainer, its `--delay` simulation, a stream's replicas and its coordinate
//! owners). A sharded model's owner sees only its coordinates' contributions, in log
//! order, and must turn them into the states the embedded trainer computes,
//! deterministically (a replay must rewrite them bit for bit).
//!
//! * **Hedge members.** A Hedge mixture keeps each learner's weights on its own coordinates
//!   ([`member_coordinate`](super::hashing::member_coordinate)), exactly as the embedded
//!   trainer does; a contribution names its member, and the member's α is the only thing
//!   that differs.
//! * **Admission** ([`Admitter`], the embedded trainer's too): occurrences are counted in the
//!   coordinate's own state, which survives restarts and replays; below its threshold a
//!   state holds only `updates` (z = n = 0, weight 0, nothing published), and from the
//!   threshold-th occurrence on its gradients are applied. The threshold is a hash of the
//!   coordinate ([`Admission::threshold`]), never a random draw.
//! * **Delay-tolerant rates** (McMahan & Streeter 2014, as in `delay`): the owner keeps the
//!   coordinate's gradient sum Σg in its state and publishes it with the weight; a
//!   prediction sends back the sum it read, so g_fwd = Σg now − Σg read is exactly the
//!   gradient mass applied while this one was in flight, whatever the batching, and it is
//!   part of the log (deterministic on replay). Σg² grows by max(0, g² + 2·g·g_fwd); this
//!   is the formula's one home, which `delay`'s in-process simulation applies too.

use super::admission::{Admission, Admitter};
use super::gd::Gd;
use super::hedge::member_optimizers;
use super::{CoordState, Optimizer};

/// The per-coordinate rule: one optimizer per Hedge member (one without a Hedge), an
/// admission policy and whether rates are delay-tolerant.
#[derive(Clone, Debug)]
pub struct CoordinateRule {
    members: Vec<Optimizer>,
    admitter: Admitter,
    /// Whether gradients that carry the sum they read get delay-tolerant rates.
    delay_tolerant: bool,
}

impl CoordinateRule {
    /// The rule for `optimizer`, with one member per α of `hedge` (none when it is empty)
    /// and `admission`. `outputs` is the loss's number of outputs (softmax classes).
    pub(crate) fn new(optimizer: Optimizer, hedge: &[f64], admission: Admission, outputs: usize) -> Self {
        let members = member_optimizers(optimizer, hedge);
        Self { members, admitter: Admitter::new(admission, hedge, outputs), delay_tolerant: false }
    }

    /// The same rule with delay-tolerant rates.
    pub(crate) fn with_delay_tolerance(mut self, tolerant: bool) -> Self {
        self.delay_tolerant = tolerant;
        self
    }

    pub(crate) fn delay_tolerant(&self) -> bool {
        self.delay_tolerant
    }

    /// Whether every member's state is made of sums (z, n, Σg) that states learned apart
    /// add up in, so that steps in flight elsewhere can be estimated as a multiple of own
    /// ones (`learn::replica`); VW's rule (`gd`) keeps a normalizer instead.
    pub(crate) fn states_are_sums(&self) -> bool {
        self.members.iter().all(|member| member.gd().is_none())
    }

    /// A single learner admitting every coordinate: the plain rule.
    pub fn single(optimizer: Optimizer) -> Self {
        Self::new(optimizer, &[], Admission::All, 1)
    }

    /// One optimizer per Hedge member (one without a Hedge).
    pub(crate) fn members(&self) -> &[Optimizer] {
        &self.members
    }

    pub(crate) fn admission(&self) -> Admission {
        self.admitter.admission()
    }

    /// The optimizer of Hedge member `member` (0 without a Hedge), if there is one.
    pub(crate) fn optimizer(&self, member: u32) -> Option<&Optimizer> {
        self.members.get(member as usize)
    }

    /// Applies one contribution of `gradient` from Hedge member `member` to `coordinate`'s
    /// state; `read_sum` is the coordinate's gradient sum the prediction read, when it
    /// sent one. False (and nothing changes) when no such member exists, which only a
    /// corrupt or foreign record can ask for.
    #[inline]
    pub(crate) fn apply(
        &self,
        coordinate: u64,
        member: u32,
        state: &mut CoordState,
        gradient: f64,
        read_sum: Option<f64>,
    ) -> bool {
        let Some(optimizer) = self.members.get(member as usize) else { return false };
        let played = optimizer.weight(state);
        self.apply_played(optimizer, coordinate, state, gradient, played, read_sum);
        true
    }

    /// [`apply`](Self::apply) for a caller that holds the weight the coordinate played
    /// (the embedded trainer read it for the prediction a moment ago), which is
    /// `optimizer.weight(state)`: computing it again costs the trainer's hot loop a square
    /// root per coordinate.
    #[inline]
    pub(crate) fn apply_played(
        &self,
        optimizer: &Optimizer,
        coordinate: u64,
        state: &mut CoordState,
        gradient: f64,
        played: f64,
        read_sum: Option<f64>,
    ) {
        if !self.admitter.occurs(coordinate, state) {
            // Only the occurrence was counted: the state stays at weight 0.
            return;
        }
        let g = optimizer.clip_gradient(gradient);
        match read_sum.filter(|_| self.delay_tolerant) {
            Some(read) => {
                let forward = state.sum - read;
                let mass = (g * g + 2.0 * g * forward).max(0.0);
                optimizer.apply_gradient_with_rate_mass(state, g, played, mass);
            }
            None => optimizer.apply_gradient(state, g, played),
        }
        // Kept whether or not rates are delay-tolerant, so that turning them on later
        // finds true sums.
        state.sum += g;
    }

    /// Applies VW's rule (`gd`) to `state`: feature value `x` of an example with squared
    /// gradient `square` and step `step` (what [`Gradient::gd`](super::Gradient) carries).
    /// False (and nothing changes) when member `member` does not learn with VW's rule.
    #[inline]
    pub(crate) fn apply_gd(&self, member: u32, state: &mut CoordState, x: f64, square: f64, step: f64) -> bool {
        let Some(gd) = self.members.get(member as usize).and_then(Optimizer::gd) else { return false };
        *state = Gd::finish(&gd.advance(state, x, square), x, step);
        true
    }

    /// Whether `coordinate` has been admitted: it has a weight to publish. A coordinate
    /// still counting occurrences has none, so nothing is written for it on the deltas topic.
    #[inline]
    pub(crate) fn admitted(&self, coordinate: u64, state: &CoordState) -> bool {
        self.admitter.admitted(coordinate, state)
    }

    /// The weight `coordinate` plays for member `member` (0 for an unknown member).
    #[inline]
    pub(crate) fn weight(&self, member: u32, state: &CoordState) -> f64 {
        self.members.get(member as usize).map_or(0.0, |o| o.weight(state))
    }

    /// The rate of the coordinate's next step (see [`Optimizer::rate`]), which predict roles
    /// need for implicit steps.
    #[inline]
    pub(crate) fn rate(&self, member: u32, state: &CoordState) -> f64 {
        self.members.get(member as usize).map_or(0.0, |o| o.rate(state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::hashing::{bias, member_coordinate};
    use crate::learn::{Algorithm, Hyperparameters};

    fn ftrl(alpha: f64) -> Optimizer {
        Optimizer {
            algorithm: Algorithm::FtrlProximal,
            hyperparameters: Hyperparameters { alpha, ..Default::default() },
        }
    }

    #[test]
    fn without_options_it_is_the_optimizer() {
        let rule = CoordinateRule::single(ftrl(0.3));
        let (mut by_rule, mut by_hand) = (CoordState::default(), CoordState::default());
        for g in [0.5, -0.25, 1.0] {
            assert!(rule.apply(42, 0, &mut by_rule, g, None));
            let played = ftrl(0.3).weight(&by_hand);
            ftrl(0.3).apply_gradient(&mut by_hand, g, played);
        }
        assert_eq!((by_rule.z, by_rule.n, by_rule.updates), (by_hand.z, by_hand.n, by_hand.updates));
        assert_eq!(by_rule.sum, 1.25, "Σg is kept");
        assert_eq!(rule.weight(0, &by_rule), ftrl(0.3).weight(&by_hand));
        assert!(!rule.apply(42, 1, &mut by_rule, 1.0, None), "no member 1 without a Hedge");
    }

    #[test]
    fn members_learn_with_their_own_alpha() {
        let rule = CoordinateRule::new(ftrl(0.1), &[0.01, 1.0], Admission::All, 1);
        let (mut slow, mut fast) = (CoordState::default(), CoordState::default());
        rule.apply(1, 0, &mut slow, -1.0, None);
        rule.apply(2, 1, &mut fast, -1.0, None);
        assert_eq!(slow, fast, "states are alike");
        // FTRL-Proximal's weight is −z·α/(β + √n): proportional to α for equal states.
        assert!((rule.weight(1, &fast) / rule.weight(0, &slow) - 100.0).abs() < 1e-9);
        assert!(rule.rate(1, &fast) > rule.rate(0, &slow));
    }

    /// Below its count a coordinate only counts; at the N-th occurrence it learns, exactly
    /// as a coordinate that saw only the occurrences from the N-th on.
    #[test]
    fn min_count_counts_then_learns() {
        let rule = CoordinateRule::new(ftrl(0.5), &[], Admission::MinCount { count: 3 }, 1);
        let mut state = CoordState::default();
        let gradients = [0.7, -0.4, 0.9, 0.3];
        for (i, g) in gradients.iter().enumerate() {
            rule.apply(7, 0, &mut state, *g, None);
            assert_eq!(state.updates, i as u64 + 1, "every occurrence counts");
            assert_eq!(rule.admitted(7, &state), i >= 2);
            if i < 2 {
                assert_eq!((state.z, state.n, rule.weight(0, &state)), (0.0, 0.0, 0.0));
            }
        }
        let mut fresh = CoordState::default();
        for g in &gradients[2..] {
            let played = ftrl(0.5).weight(&fresh);
            ftrl(0.5).apply_gradient(&mut fresh, *g, played);
        }
        assert_eq!((state.z, state.n), (fresh.z, fresh.n));
    }

    #[test]
    fn the_bias_is_always_admitted_in_every_form() {
        let rule = CoordinateRule::new(ftrl(0.5), &[0.1, 1.0], Admission::MinCount { count: 5 }, 1);
        for member in 0..2 {
            let mut state = CoordState::default();
            rule.apply(member_coordinate(bias(), member), member, &mut state, 1.0, None);
            assert!(state.n > 0.0 && rule.admitted(member_coordinate(bias(), member), &state));
        }
        let mut state = CoordState::default();
        rule.apply(bias(), 0, &mut state, 1.0, None);
        assert_eq!(state.n, 0.0, "with a Hedge the bias lives on member coordinates only");
    }

    /// Inclusion by probability is a hash of the coordinate: the same on every replay.
    #[test]
    fn inclusion_is_deterministic() {
        let rule = CoordinateRule::new(ftrl(0.5), &[], Admission::Probability { probability: 0.3 }, 1);
        let run = || {
            (0..200u64)
                .map(|c| {
                    let mut state = CoordState::default();
                    (0..3).for_each(|_| {
                        rule.apply(c, 0, &mut state, 1.0, None);
                    });
                    rule.admitted(c, &state)
                })
                .collect::<Vec<_>>()
        };
        let first = run();
        assert_eq!(first, run());
        let admitted = first.iter().filter(|a| **a).count();
        // P(admitted within 3 occurrences) = 1 − 0.7³ = 0.657.
        assert!((100..160).contains(&admitted), "{admitted}");
    }

    /// With the sum it read, a gradient that arrives after others pushed the same way grows
    /// the rate's Σg² by g² + 2·g·g_fwd; one whose forerunners cancelled out only by g².
    #[test]
    fn delay_tolerant_rate_counts_the_gradients_applied_in_flight() {
        let rule = CoordinateRule::single(ftrl(0.5)).with_delay_tolerance(true);
        let mut state = CoordState::default();
        // Three gradients predicted from the same read (sum 0), applied in turn.
        for g in [1.0, 1.0, 1.0] {
            rule.apply(3, 0, &mut state, g, Some(0.0));
        }
        // n: 1, then 1 + 2·1·1 = 3, then 1 + 2·1·2 = 5: 9 in all.
        assert_eq!((state.n, state.sum, state.updates), (9.0, 3.0, 3));
        let mut cancelled = CoordState::default();
        for g in [1.0, -1.0, 1.0] {
            rule.apply(3, 0, &mut cancelled, g, Some(0.0));
        }
        // 1, then max(1 − 2, 0) = 0, then 1 + 2·0 = 1.
        assert_eq!(cancelled.n, 2.0);
        // Without the read sum (or without tolerance) it is the plain rule.
        let plain = CoordinateRule::single(ftrl(0.5));
        let mut state = CoordState::default();
        for g in [1.0, 1.0, 1.0] {
            plain.apply(3, 0, &mut state, g, Some(0.0));
        }
        assert_eq!(state.n, 3.0);
    }
}
