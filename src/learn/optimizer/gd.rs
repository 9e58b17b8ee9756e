//! Vowpal Wabbit's default learner: online gradient descent with per-coordinate adaptive
//! rates (AdaGrad), normalized by each feature's largest magnitude seen (Ross, Mineiro &
//! Langford 2013, "Normalized online learning") and importance-invariant steps
//! (Karampatziakis & Langford 2011, "Online importance weight aware updates"). It is what
//! `vw` runs when no `--ftrl`/`--sgd` is given; `--adaptive`, `--normalized` and
//! `--invariant` pick parts of it, `-l` is α, `--power_t` and `--initial_t` as in VW.
//!
//! Per coordinate the state holds `z` = the weight w, `n` = G = Σ importance·ℓ'(p)²·x² and
//! `sum` = N = max |x| (the rule is never delay-tolerant, so `sum` is free). An example
//! with loss > 0 (in single precision, as VW: [`learns_in_single_precision`]) first
//! advances each of its coordinates: G += importance·ℓ'(p)²·x², and a larger |x| rescales
//! w by N/|x| (as if the new scale had always been the scale) and becomes N. Each
//! coordinate's rate is then r = G^−power_t · N^(2(power_t−1)) (1/(√G·N) at VW's
//! power_t = ½). Over the example,
//!
//! ```text
//!   h = m · Σ x² r        m = (Σ_examples importance / Σ_examples importance · Σ x²/N²)^(1−power_t)
//! ```
//!
//! is how far one unit of update moves the prediction, m the global normalizer (the
//! example-weighted mean of Σ(x/N)² inverted: "the features' average squared norm"). The
//! invariant update u solves the step for the whole importance weight at once (for squared
//! loss u = (y − p)(1 − e^(−2αih))/h), and every coordinate moves by w += m·u·x·r.
//!
//! Where the normalizer lives: it is one pair of sums for the whole model ([`Normalizer`]).
//! The embedded trainer keeps it exactly as VW does (and stores it with the model); in the
//! stream each predict role keeps its own over the examples it learns, which estimates the
//! same average from a share of the examples (docs/formats.md, "`ftrl vw`").

use super::{CoordState, Loss};
use serde::{Deserialize, Serialize};

/// VW's floor of |x| (`X_MIN`): smaller values count as this, so that rates stay finite.
const X_MIN: f64 = 1.084202e-19;

/// Which parts of VW's rule are on (all three by default, none with `--sgd`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GdParts {
    /// Per-coordinate AdaGrad rates (`--adaptive`).
    pub adaptive: bool,
    /// Rates normalized by each feature's largest magnitude (`--normalized`).
    pub normalized: bool,
    /// Importance-invariant steps (`--invariant`).
    pub invariant: bool,
}

impl Default for GdParts {
    fn default() -> Self {
        Self { adaptive: true, normalized: true, invariant: true }
    }
}

impl GdParts {
    pub(crate) fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// VW's rule with its settings: α (`-l`), the power of the rate (`--power_t`) and which
/// parts are on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gd {
    pub alpha: f64,
    pub power_t: f64,
    pub initial_t: f64,
    pub parts: GdParts,
}

/// The sums behind the global normalizer m (see the module): Σ importance·Σx²/N² and Σ
/// importance over the examples learned with a loss, both starting at `initial_t`; and t,
/// Σ importance over every example learned, from which rates decay without adaptive rates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Normalizer {
    pub norm_sum: f64,
    pub weight_sum: f64,
    pub examples: f64,
}

impl Normalizer {
    /// The sums before any example: VW reads `initial_t` > 0 as that many earlier examples
    /// of norm 1.
    pub(crate) fn new(initial_t: f64) -> Self {
        let t = initial_t.max(0.0);
        Self { norm_sum: t, weight_sum: t, examples: t }
    }
}

/// One coordinate of an example, advanced for the example's step but not yet moved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Advanced {
    /// The state with G, N and the rescaled weight of this example.
    pub state: CoordState,
    /// The coordinate's rate r for this step.
    pub rate: f64,
    /// x²/N² (1 without normalization): its share of the example's norm.
    pub norm: f64,
    /// x², at least VW's floor.
    pub x2: f64,
}

impl Gd {
    /// −power_t, and the exponent of N² in the rate.
    fn norm_power(&self) -> f64 {
        if self.parts.adaptive {
            self.power_t - 1.0
        } else {
            -1.0
        }
    }

    /// Advances `state` by feature value `x` of an example whose squared gradient (times
    /// importance) is `square_gradient`.
    pub(crate) fn advance(&self, state: &CoordState, x: f64, square_gradient: f64) -> Advanced {
        let mut state = *state;
        let (x, x2) = if x * x < X_MIN * X_MIN { (X_MIN.copysign(x), X_MIN * X_MIN) } else { (x, x * x) };
        let mut rate = 1.0;
        let mut norm = 1.0;
        if self.parts.adaptive {
            if state.updates == 0 {
                // VW reads initial_t as that many earlier squared gradients of 1 on every
                // coordinate.
                state.n += self.initial_t;
            }
            state.n += square_gradient * x2;
        }
        if self.parts.normalized {
            let scale = x.abs();
            if scale > state.sum {
                if state.sum > 0.0 {
                    // As if the new scale had always been the scale: w·N stays what it was
                    // in the rate's units.
                    state.z *= (scale / state.sum).powf(2.0 * self.norm_power());
                }
                state.sum = scale;
            }
            norm = x2 / (state.sum * state.sum);
            rate *= (state.sum * state.sum).powf(self.norm_power());
        }
        if self.parts.adaptive {
            rate *= if self.power_t == 0.5 { 1.0 / state.n.sqrt() } else { state.n.powf(-self.power_t) };
        }
        Advanced { state, rate, norm, x2 }
    }

    /// The example's step size before its update: α·importance, decaying as t^−power_t
    /// (t counting examples from `initial_t`) without adaptive rates, as VW does.
    pub(crate) fn scale(&self, normalizer: &Normalizer, importance: f64, initial_t: f64) -> f64 {
        let mut scale = self.alpha * importance;
        if !self.parts.adaptive {
            scale *= normalizer.examples.powf(-self.power_t);
            if !self.parts.normalized {
                scale *= initial_t.powf(self.power_t);
            }
        }
        scale
    }

    /// Moves an advanced coordinate by the example's update `step` (m·u): w += step·x·r.
    pub(crate) fn finish(advanced: &Advanced, x: f64, step: f64) -> CoordState {
        let mut state = advanced.state;
        state.z += step * x * advanced.rate;
        state.updates += 1;
        state
    }

    /// The global multiplier m once `norm` (Σx²/N² of this example) with `importance` is
    /// counted in `normalizer`, which it updates.
    pub(crate) fn multiplier(&self, normalizer: &mut Normalizer, norm: f64, importance: f64) -> f64 {
        if !self.parts.normalized {
            return 1.0;
        }
        normalizer.norm_sum += importance * norm;
        normalizer.weight_sum += importance;
        let (total, norms) = (normalizer.weight_sum, normalizer.norm_sum);
        if self.power_t == 0.5 {
            let average = total / norms;
            if self.parts.adaptive {
                average.sqrt()
            } else {
                average
            }
        } else {
            (norms / total).powf(self.norm_power())
        }
    }

    /// The example's update u (before the multiplier): VW's importance-invariant step with
    /// `invariant`, the plain gradient step otherwise. `scale` is α·importance (times the
    /// decay t^−power_t without adaptive rates), `h` the prediction's sensitivity.
    pub(crate) fn update(&self, loss: Loss, prediction: f64, label: f64, scale: f64, h: f64) -> f64 {
        if !self.parts.invariant {
            return -scale * loss.derivative(prediction, label);
        }
        invariant_update(loss, prediction, label, scale, h)
    }
}

/// Whether VW learns from an example: it skips any whose loss, computed in its single
/// precision, is 0, and then advances no coordinate at all. The difference matters with
/// logistic loss beyond a margin of about 16.6 on the label's side: VW's 1 + e^−16.6 rounds
/// to 1, while in double precision the loss is still above 0, and advancing would rescale
/// the weights of features seen at a larger |x| (w·N/|x|, see the module) that VW leaves
/// alone.
pub(crate) fn learns_in_single_precision(loss: Loss, prediction: f64, label: f64) -> bool {
    let (p, label) = (prediction as f32, label as f32);
    let y = if label > 0.0 { 1.0 } else { -1.0 };
    let value = match loss {
        Loss::Squared => (p - label) * (p - label),
        Loss::Logistic => (1.0 + (-y * p).exp()).ln(),
        Loss::Hinge => 1.0 - y * p,
        Loss::Softmax { .. } => return true,
    };
    value > 0.0
}

/// The importance-invariant update of Karampatziakis & Langford: the limit of infinitely
/// many infinitesimal gradient steps of total rate `scale`, each moving the prediction by
/// `h` per unit of update. Below `scale·h` = 1e-6 the first-order form, as VW does.
fn invariant_update(loss: Loss, p: f64, label: f64, scale: f64, h: f64) -> f64 {
    let small = scale * h < 1e-6;
    match loss {
        Loss::Squared => {
            if small {
                2.0 * (label - p) * scale
            } else {
                (label - p) * (1.0 - (-2.0 * scale * h).exp()) / h
            }
        }
        Loss::Logistic => {
            let y = if label > 0.0 { 1.0 } else { -1.0 };
            let d = (y * p).exp();
            if small {
                return y * scale / (1.0 + d);
            }
            // VW's closed form through Lambert's W function.
            let x = scale * h + y * p + d;
            -(y * lambert_w_exp_minus(x) + p) / h
        }
        Loss::Hinge => {
            let y = if label > 0.0 { 1.0 } else { -1.0 };
            if y * p >= 1.0 {
                return 0.0;
            }
            let margin = 1.0 - y * p;
            y * if scale * h < margin { scale } else { margin / h }
        }
        Loss::Softmax { .. } => 0.0,
    }
}

/// W(eˣ) − x, W Lambert's function, by one step of Fritsch, Shafer and Crowley's iteration
/// from a first guess (absolute error below 1e-4): VW's approximation, kept so that the
/// steps are VW's.
fn lambert_w_exp_minus(x: f64) -> f64 {
    let w = if x >= 1.0 { 0.86 * x + 0.01 } else { (0.8 * x - 0.65).exp() };
    let r = if x >= 1.0 { x - w.ln() - w } else { 0.2 * x + 0.65 - w };
    let t = 1.0 + w;
    let u = 2.0 * t * (t + 2.0 * r / 3.0);
    w * (1.0 + r / t * (u - r) / (u - 2.0 * r)) - x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vw() -> Gd {
        Gd { alpha: 0.5, power_t: 0.5, initial_t: 0.0, parts: GdParts::default() }
    }

    #[test]
    fn one_squared_step_by_hand() {
        // One feature x = 2, label 1, prediction 0, importance 1: ℓ' = 2(0 − 1) = −2, so
        // G = 4·4 = 16, N = 2, r = 1/(4·2) = 1/8, Σx²/N² = 1, m = 1, h = 4/8 = 1/2;
        // u = (1 − 0)(1 − e^(−2·0.5·0.5))/0.5, w = u·2/8.
        let gd = vw();
        let advanced = gd.advance(&CoordState::default(), 2.0, 4.0);
        assert_eq!((advanced.state.n, advanced.state.sum, advanced.rate, advanced.norm), (16.0, 2.0, 0.125, 1.0));
        let mut normalizer = Normalizer::default();
        let m = gd.multiplier(&mut normalizer, advanced.norm, 1.0);
        assert_eq!(m, 1.0);
        let u = gd.update(Loss::Squared, 0.0, 1.0, 0.5, 4.0 * advanced.rate * m);
        let expected = (1.0 - (-0.5f64).exp()) / 0.5;
        assert!((u - expected).abs() < 1e-15);
        let state = Gd::finish(&advanced, 2.0, m * u);
        assert!((state.z - expected * 0.25).abs() < 1e-15);
        assert_eq!(state.updates, 1);
    }

    #[test]
    fn a_larger_scale_rescales_the_weight() {
        let gd = vw();
        let state = CoordState { z: 0.8, n: 1.0, updates: 1, sum: 1.0, seen: 0 };
        let advanced = gd.advance(&state, 4.0, 0.0);
        // At power_t = ½ the weight shrinks by N/|x| = 1/4.
        assert_eq!((advanced.state.z, advanced.state.sum), (0.2, 4.0));
        let smaller = gd.advance(&state, 0.5, 0.0);
        assert_eq!((smaller.state.z, smaller.state.sum, smaller.norm), (0.8, 1.0, 0.25));
    }

    /// The invariant update is the limit of many small gradient steps: checked by taking
    /// them (squared and logistic loss, where VW's W approximation is within 1e-4).
    #[test]
    fn invariant_update_is_the_limit_of_small_steps() {
        for (loss, p, label, scale, h) in [
            (Loss::Squared, 0.2, 1.5, 0.7, 0.9),
            (Loss::Logistic, 0.3, 1.0, 2.0, 0.8),
            (Loss::Logistic, -1.0, -1.0, 5.0, 0.3),
        ] {
            let steps = 200_000;
            let (mut prediction, mut total) = (p, 0.0);
            for _ in 0..steps {
                let u = -(scale / steps as f64) * loss.derivative(prediction, label);
                total += u;
                prediction += h * u;
            }
            let closed = invariant_update(loss, p, label, scale, h);
            assert!((closed - total).abs() < 2e-4 * total.abs().max(1.0), "{loss:?}: {closed} vs {total}");
        }
    }

    /// VW skips an example whose loss is 0 in single precision: logistic loss beyond a margin
    /// of ~16.6 on the label's side (1.3e-13 at −29.7 in double precision), a squared error
    /// below single precision.
    #[test]
    fn examples_without_a_loss_in_single_precision_are_skipped() {
        assert!(!learns_in_single_precision(Loss::Logistic, -29.7, -1.0));
        assert!(!learns_in_single_precision(Loss::Logistic, 17.0, 1.0));
        assert!(learns_in_single_precision(Loss::Logistic, -16.0, -1.0));
        assert!(learns_in_single_precision(Loss::Logistic, -29.7, 1.0));
        assert!(!learns_in_single_precision(Loss::Squared, 0.3, 0.3 + 1e-12));
        assert!(learns_in_single_precision(Loss::Squared, 0.3, 0.31));
        assert!(!learns_in_single_precision(Loss::Hinge, 1.0, 1.0));
        assert!(learns_in_single_precision(Loss::Hinge, 0.9, 1.0));
    }

    #[test]
    fn the_hinge_step_stops_at_the_margin() {
        assert_eq!(invariant_update(Loss::Hinge, 0.0, 1.0, 10.0, 0.5), 2.0);
        assert_eq!(invariant_update(Loss::Hinge, 0.0, -1.0, 0.1, 0.5), -0.1);
        assert_eq!(invariant_update(Loss::Hinge, 2.0, 1.0, 0.1, 0.5), 0.0);
    }
}
