//! Choosing a per-coordinate update rule and its hyperparameters.

pub(crate) mod adagrad;
pub(crate) mod ftrl_proximal;
pub mod gd;
pub(crate) mod rda;

use super::{CoordState, Loss};
use gd::{Gd, GdParts};
use serde::{Deserialize, Serialize};

/// The per-coordinate update rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// FTRL-Proximal (McMahan et al. 2013).
    FtrlProximal,
    /// ℓ1-RDA with AdaGrad rates (Xiao 2010, Duchi et al. 2011).
    Rda,
    /// Online gradient descent with AdaGrad rates.
    Adagrad,
    /// Vowpal Wabbit's default: adaptive, normalized, importance-invariant gradient descent
    /// (see `gd`).
    Gd,
}

/// Hyperparameters shared by every rule. Stored with every model: a field missing from a
/// stored model (written before the field existed) reads as its default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Hyperparameters {
    /// α: scale of the per-coordinate learning rate α / (β + √Σg²).
    pub alpha: f64,
    /// β: smooths the learning rate while Σg² is small.
    pub beta: f64,
    /// λ1: L1 strength (sparsity).
    pub l1: f64,
    /// λ2: L2 strength.
    pub l2: f64,
    /// R: every weight is kept in [−R, R] when set.
    pub bound: Option<f64>,
    /// Each per-coordinate gradient is clipped to [−C, C] when set, so one extreme example
    /// cannot move a weight arbitrarily far.
    pub clip_gradient: Option<f64>,
    /// VW's rule (`gd`): the rate falls as G^−power_t (VW's `--power_t`).
    #[serde(skip_serializing_if = "is_default_power_t")]
    pub power_t: f64,
    /// VW's rule: examples of norm 1 counted before the first (VW's `--initial_t`).
    #[serde(skip_serializing_if = "is_zero")]
    pub initial_t: f64,
    /// VW's rule: which of its parts are on.
    #[serde(skip_serializing_if = "GdParts::is_default")]
    pub gd: GdParts,
}

fn default_power_t() -> f64 {
    0.5
}

fn is_default_power_t(power_t: &f64) -> bool {
    *power_t == default_power_t()
}

fn is_zero(value: &f64) -> bool {
    *value == 0.0
}

impl Default for Hyperparameters {
    fn default() -> Self {
        Self {
            alpha: 0.1,
            beta: 1.0,
            l1: 0.0,
            l2: 0.0,
            bound: None,
            clip_gradient: None,
            power_t: default_power_t(),
            initial_t: 0.0,
            gd: GdParts::default(),
        }
    }
}

impl Hyperparameters {
    /// Projects a weight onto the box [−R, R] (a no-op without a bound). In one dimension the
    /// constrained minimizer of a convex objective is the clipped unconstrained one.
    #[inline]
    pub fn clamp(&self, w: f64) -> f64 {
        match self.bound {
            Some(r) => w.clamp(-r, r),
            None => w,
        }
    }

    /// Every setting that cannot work, by name, and why ("must be a finite number > 0, got 0").
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        // (name, value when set, whether it must be above 0 rather than at least 0)
        let settings = [
            ("alpha", Some(self.alpha), true),
            ("beta", Some(self.beta), false),
            ("l1", Some(self.l1), false),
            ("l2", Some(self.l2), false),
            ("bound", self.bound, true),
            ("clip_gradient", self.clip_gradient, true),
            ("power_t", Some(self.power_t), false),
            ("initial_t", Some(self.initial_t), false),
        ];
        let mut problems = Vec::new();
        for (name, value, above_zero) in settings {
            let Some(v) = value else { continue };
            let (ok, rule) = if above_zero { (v > 0.0, "> 0") } else { (v >= 0.0, "≥ 0") };
            if !(ok && v.is_finite()) {
                problems.push((name, format!("must be a finite number {rule}, got {v}")));
            }
        }
        problems
    }
}

/// An update rule with its hyperparameters: what the learner calls per coordinate. Stored
/// with every model, like [`Hyperparameters`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Optimizer {
    pub algorithm: Algorithm,
    pub hyperparameters: Hyperparameters,
}

impl Default for Optimizer {
    fn default() -> Self {
        Self { algorithm: Algorithm::FtrlProximal, hyperparameters: Hyperparameters::default() }
    }
}

impl Optimizer {
    /// The weight a coordinate in this state plays.
    #[inline]
    pub fn weight(&self, state: &CoordState) -> f64 {
        let hp = &self.hyperparameters;
        match self.algorithm {
            Algorithm::FtrlProximal => ftrl_proximal::weight(state, hp),
            Algorithm::Rda => rda::weight(state, hp),
            Algorithm::Adagrad | Algorithm::Gd => adagrad::weight(state),
        }
    }

    /// VW's rule, when this is it.
    #[inline]
    pub(crate) fn gd(&self) -> Option<Gd> {
        let hp = &self.hyperparameters;
        (self.algorithm == Algorithm::Gd).then_some(Gd {
            alpha: hp.alpha,
            power_t: hp.power_t,
            initial_t: hp.initial_t,
            parts: hp.gd,
        })
    }

    /// Applies gradient `g`, computed at the weight `played` that the coordinate played.
    #[inline]
    pub fn apply_gradient(&self, state: &mut CoordState, g: f64, played: f64) {
        let g = self.clip_gradient(g);
        self.apply(state, g, played, g * g);
    }

    /// Applies gradient `g` like [`apply_gradient`](Self::apply_gradient), but grows the rate's Σg² by
    /// `rate_mass` ≥ 0 instead of g²: what a delay-tolerant rate adds for a gradient that
    /// was computed on stale weights (see `delay`).
    #[inline]
    pub fn apply_gradient_with_rate_mass(&self, state: &mut CoordState, g: f64, played: f64, rate_mass: f64) {
        self.apply(state, self.clip_gradient(g), played, rate_mass);
    }

    #[inline]
    fn apply(&self, state: &mut CoordState, g: f64, played: f64, rate_mass: f64) {
        let hp = &self.hyperparameters;
        match self.algorithm {
            Algorithm::FtrlProximal => ftrl_proximal::apply_gradient(state, g, played, rate_mass, hp),
            Algorithm::Rda => rda::apply_gradient(state, g, rate_mass),
            Algorithm::Adagrad => adagrad::apply_gradient(state, g, rate_mass, hp),
            // VW's rule needs the feature value and the whole example (`gd`); a bare
            // gradient, which only a per-example stream record could bring (refused for it),
            // takes an AdaGrad step.
            Algorithm::Gd => adagrad::apply_gradient(state, g, rate_mass, &Hyperparameters { beta: 0.0, ..*hp }),
        }
    }

    /// `g` clipped to [−C, C] when gradient clipping is on.
    #[inline]
    pub fn clip_gradient(&self, g: f64) -> f64 {
        match self.hyperparameters.clip_gradient {
            Some(c) => g.clamp(-c, c),
            None => g,
        }
    }

    /// The rate η at which a small gradient g would move this coordinate's weight
    /// (Δw ≈ −η·g), ignoring L1 and the bound, which only shorten the step. It is the
    /// largest rate the coordinate's next step can have: a gradient of any size adds its g²
    /// to n first. Implicit steps use it to measure an example in the per-coordinate metric,
    /// and since it is an upper bound they never step past the proximal point (see
    /// `implicit`).
    #[inline]
    pub fn rate(&self, state: &CoordState) -> f64 {
        let hp = &self.hyperparameters;
        let root = state.n.sqrt();
        match self.algorithm {
            // w = −(z − λ1)/((β + √n)/α + λ2): one more gradient moves w by −g over the new
            // denominator (the σ·w term of z keeps the rest of w in place).
            Algorithm::FtrlProximal => 1.0 / ((hp.beta + root) / hp.alpha + hp.l2),
            Algorithm::Rda => 1.0 / ((hp.beta + root) / hp.alpha + hp.l2 * (state.updates + 1) as f64),
            Algorithm::Adagrad => {
                let eta = hp.alpha / (hp.beta + root);
                eta / (1.0 + eta * hp.l2)
            }
            Algorithm::Gd => hp.alpha / root.max(f64::MIN_POSITIVE),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_algorithm() -> impl Strategy<Value = Algorithm> {
        prop_oneof![Just(Algorithm::FtrlProximal), Just(Algorithm::Rda), Just(Algorithm::Adagrad)]
    }

    proptest! {
        /// With λ1 larger than any gradient sum can reach, FTRL-Proximal and RDA never leave 0.
        #[test]
        fn huge_l1_means_zero_weight(gs in prop::collection::vec(-10.0f64..10.0, 1..50), alpha in 0.01f64..10.0) {
            for algorithm in [Algorithm::FtrlProximal, Algorithm::Rda] {
                let hp = Hyperparameters { alpha, l1: 1e4, ..Default::default() };
                let opt = Optimizer { algorithm, hyperparameters: hp };
                let mut s = CoordState::default();
                for &g in &gs {
                    let w = opt.weight(&s);
                    prop_assert_eq!(w, 0.0);
                    opt.apply_gradient(&mut s, g, w);
                }
                prop_assert_eq!(opt.weight(&s), 0.0);
            }
        }

        /// The box bound holds after any gradient sequence, for every rule.
        #[test]
        fn bound_always_holds(gs in prop::collection::vec(-1e3f64..1e3, 1..50), r in 0.001f64..5.0, algorithm in any_algorithm()) {
            let opt = Optimizer { algorithm, hyperparameters: Hyperparameters { alpha: 3.0, bound: Some(r), ..Default::default() } };
            let mut s = CoordState::default();
            for &g in &gs {
                let w = opt.weight(&s);
                prop_assert!(w.abs() <= r);
                opt.apply_gradient(&mut s, g, w);
            }
            prop_assert!(opt.weight(&s).abs() <= r);
        }

        /// Gradient clipping: one gradient moves n by at most C².
        #[test]
        fn clipping_bounds_each_step(g in -1e9f64..1e9, c in 0.01f64..10.0, algorithm in any_algorithm()) {
            let opt = Optimizer { algorithm, hyperparameters: Hyperparameters { clip_gradient: Some(c), ..Default::default() } };
            let mut s = CoordState::default();
            opt.apply_gradient(&mut s, g, 0.0);
            prop_assert!(s.n <= c * c * (1.0 + 1e-12));
        }

        /// `rate` is the step a small gradient actually takes (no L1, no bound).
        #[test]
        fn rate_is_the_step_taken(z in -1.0f64..1.0, n in 0.0f64..10.0, g in -1e-4f64..1e-4, algorithm in any_algorithm()) {
            let opt = Optimizer { algorithm, hyperparameters: Hyperparameters { alpha: 0.7, beta: 0.5, l2: 0.3, ..Default::default() } };
            let mut s = CoordState { z, n, updates: 4, sum: 0.0, seen: 0 };
            let before = opt.weight(&s);
            let rate = opt.rate(&s);
            opt.apply_gradient(&mut s, g, before);
            let moved = opt.weight(&s) - before;
            // RDA and AdaGrad also shrink the weight itself through λ2 (by under a third here),
            // which the rate of a gradient leaves out.
            let slack = if algorithm == Algorithm::FtrlProximal { 0.0 } else { 0.31 * before.abs() };
            prop_assert!((moved + rate * g).abs() <= 1e-7 * g.abs() + slack, "{} vs {}", moved, -rate * g);
        }

        /// State stays finite for finite gradients.
        #[test]
        fn state_stays_finite(gs in prop::collection::vec(-1e6f64..1e6, 1..100), algorithm in any_algorithm()) {
            let opt = Optimizer { algorithm, hyperparameters: Hyperparameters { alpha: 0.5, l1: 0.1, l2: 0.1, ..Default::default() } };
            let mut s = CoordState::default();
            for &g in &gs {
                let w = opt.weight(&s);
                opt.apply_gradient(&mut s, g, w);
            }
            prop_assert!(opt.weight(&s).is_finite() && s.z.is_finite() && s.n.is_finite());
        }
    }

    #[test]
    fn validation_names_the_setting() {
        let bad = Hyperparameters { alpha: 0.0, ..Default::default() };
        assert_eq!(bad.problems(), [("alpha", "must be a finite number > 0, got 0".to_string())]);
        let bad = Hyperparameters { l1: -1.0, bound: Some(0.0), ..Default::default() };
        assert_eq!(bad.problems().iter().map(|(name, _)| *name).collect::<Vec<_>>(), ["l1", "bound"]);
        assert!(Hyperparameters::default().problems().is_empty());
    }
}
