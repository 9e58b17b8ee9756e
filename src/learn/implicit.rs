//! Implicit (proximal-loss) steps: how far one example moves a linear model.
//!
//! A plain gradient step moves every coordinate by −ηᵢ·s·xᵢ, where ηᵢ is the coordinate's own
//! (AdaGrad-style) rate and s = importance · ℓ'(m) is the loss derivative at the margin m the
//! model predicted. The margin then moves by −s·h, with
//!
//! ```text
//!   h = Σᵢ ηᵢ xᵢ²          (the example's squared norm in the per-coordinate metric)
//! ```
//!
//! With a large α (or a large importance weight) s·h can carry the margin far past the label,
//! which is why plain FTRL-Proximal is sensitive to α. The steps here choose a different
//! scalar s, so each coordinate still moves along −ηᵢ·xᵢ (the per-coordinate scaling enters
//! only through h), but never overshoots:
//!
//! * `implicit`: the proximal point of the loss in margin space,
//!   m⁺ = argmin_μ importance·ℓ(μ) + (μ − m)² / 2h, and s = importance · ℓ'(m⁺) = (m − m⁺)/h.
//!   Closed form for squared and hinge losses; a safeguarded Newton solve for logistic, whose
//!   step grows less than linearly with the importance weight (importance-weight aware).
//! * `aprox`: aProx's truncated model (Asi & Duchi 2019) with the lower bound 0 that every
//!   loss here has: the gradient step shortened to min(1, ℓ / (h·ℓ'²)) of itself, the step
//!   at which the linearized loss reaches its lower bound.
//! * `pa`: Passive-Aggressive PA-I (Crammer et al. 2006) for the hinge loss, with C the
//!   importance weight: τ = min(C, (1 − y·m) / h). It is the implicit step of the hinge loss.
//!
//! ηᵢ is the coordinate's rate before this example ([`Optimizer::rate`](super::Optimizer::rate)).
//! The rule then adds the step's own g² to Σg², so the rate it applies is a little smaller and
//! the margin stops short of m⁺, never past it. L1 and the box bound only shorten steps
//! further and are left to the rule itself. (With β = 0 a fresh coordinate's first AdaGrad
//! step is α whatever the gradient's size, which no choice of s can shorten.)

use super::loss::sigmoid;
use super::Loss;
use serde::{Deserialize, Serialize};

/// How an example's loss turns into the scalar that scales its per-coordinate gradients.
/// Users set it as `--update` and `model.update`, and models store it as `update`; in the
/// code, "update" is left to the stream's update role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepRule {
    /// The loss derivative at the predicted margin (plain online gradient / FTRL).
    #[default]
    Gradient,
    /// The proximal (implicit) step of the loss itself.
    Implicit,
    /// aProx's truncated step: stop where the linearized loss reaches 0.
    Aprox,
    /// Passive-Aggressive (PA-I); hinge loss only.
    Pa,
}

impl StepRule {
    /// The name settings and flags use.
    pub fn name(&self) -> &'static str {
        match self {
            StepRule::Gradient => "gradient",
            StepRule::Implicit => "implicit",
            StepRule::Aprox => "aprox",
            StepRule::Pa => "pa",
        }
    }

    pub fn is_gradient(&self) -> bool {
        *self == StepRule::Gradient
    }

    /// Why this step cannot be used with `loss`, if it cannot.
    pub fn check_loss(&self, loss: Loss) -> Result<(), StepRuleError> {
        match (self, loss) {
            (StepRule::Pa, Loss::Hinge) | (StepRule::Gradient | StepRule::Aprox, _) => Ok(()),
            (StepRule::Pa, _) => Err(StepRuleError::PaNeedsHinge { loss: loss.name() }),
            (StepRule::Implicit, Loss::Softmax { .. }) => Err(StepRuleError::ImplicitNeedsOneOutput),
            (StepRule::Implicit, _) => Ok(()),
        }
    }
}

/// Why a step rule does not fit a loss.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StepRuleError {
    #[error("update pa is the hinge loss's step; use implicit or aprox with the {loss} loss")]
    PaNeedsHinge { loss: &'static str },
    #[error("update implicit needs a single-output loss; use aprox with softmax")]
    ImplicitNeedsOneOutput,
}

/// One example as it was predicted: what a step needs besides the rates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scored<'a> {
    /// The margins predicted (one per output).
    pub margins: &'a [f64],
    pub label: f64,
    pub importance: f64,
    /// ℓ at the predicted margins, without importance.
    pub loss_value: f64,
}

/// Replaces the plain derivatives of one example by the step's. `derivatives` come in as
/// importance · dℓ/dmargin per output and `curvatures` hold each output's h (see the module
/// documentation).
pub(crate) fn step_derivatives(
    step_rule: StepRule,
    loss: Loss,
    example: Scored,
    curvatures: &[f64],
    derivatives: &mut [f64],
) {
    let Scored { margins, label, importance, loss_value } = example;
    match step_rule {
        StepRule::Gradient => {}
        StepRule::Aprox => {
            let squared_norm: f64 = derivatives.iter().zip(curvatures).map(|(d, h)| d * d * h).sum();
            if squared_norm > 0.0 {
                let shortening = (importance * loss_value / squared_norm).min(1.0);
                derivatives.iter_mut().for_each(|d| *d *= shortening);
            }
        }
        StepRule::Implicit | StepRule::Pa => {
            if let ([margin], [h], [derivative]) = (margins, curvatures, derivatives) {
                *derivative = implicit_derivative(loss, *margin, label, importance, *h);
            }
        }
    }
}

/// importance · ℓ'(m⁺) at the proximal point m⁺ = argmin_μ importance·ℓ(μ) + (μ − m)²/2h.
pub(crate) fn implicit_derivative(loss: Loss, margin: f64, label: f64, importance: f64, h: f64) -> f64 {
    if !(h > 0.0 && h.is_finite()) {
        return importance * loss.derivative(margin, label);
    }
    match loss {
        // m⁺ − m = −2·i·h·(m⁺ − y)  ⇒  m⁺ − y = (m − y) / (1 + 2ih).
        Loss::Squared => 2.0 * importance * (margin - label) / (1.0 + 2.0 * importance * h),
        Loss::Hinge => {
            let y = if label > 0.0 { 1.0 } else { -1.0 };
            let shortfall = 1.0 - y * margin;
            if shortfall <= 0.0 {
                0.0
            } else {
                -y * importance.min(shortfall / h)
            }
        }
        Loss::Logistic => {
            let y = if label > 0.0 { 1.0 } else { 0.0 };
            importance * (sigmoid(logistic_proximal_margin(margin, y, importance * h)) - y)
        }
        Loss::Softmax { .. } => f64::NAN,
    }
}

/// The root μ of μ − m + c·(σ(μ) − y) = 0 (y ∈ {0, 1}, c > 0): the logistic proximal point.
/// The left side increases in μ, and the root lies between m and the explicit step
/// m − c·(σ(m) − y), so Newton steps that leave that bracket are replaced by bisection.
fn logistic_proximal_margin(m: f64, y: f64, c: f64) -> f64 {
    let explicit = m - c * (sigmoid(m) - y);
    let (mut lo, mut hi) = if explicit < m { (explicit, m) } else { (m, explicit) };
    let mut mu = m;
    for _ in 0..100 {
        let p = sigmoid(mu);
        let f = mu - m + c * (p - y);
        if f == 0.0 {
            return mu;
        }
        if f > 0.0 {
            hi = mu;
        } else {
            lo = mu;
        }
        let newton = mu - f / (1.0 + c * p * (1.0 - p));
        let next = if newton > lo && newton < hi { newton } else { 0.5 * (lo + hi) };
        if (next - mu).abs() <= 1e-13 * (1.0 + mu.abs()) {
            return next;
        }
        mu = next;
    }
    mu
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::minimize_1d;

    /// The numerical proximal point of importance·ℓ, turned into the same scalar.
    fn numeric_derivative(loss: Loss, m: f64, y: f64, importance: f64, h: f64) -> f64 {
        let objective = |mu: f64| importance * loss.value(mu, y) + (mu - m).powi(2) / (2.0 * h);
        let reach = 10.0 + m.abs() + h * importance * 4.0;
        let proximal = minimize_1d(objective, m - reach, m + reach);
        (m - proximal) / h
    }

    #[test]
    fn closed_forms_match_a_numerical_proximal_point() {
        for loss in [Loss::Squared, Loss::Hinge, Loss::Logistic] {
            for (m, y) in [(0.0, 1.0), (2.5, 0.0), (-1.2, 1.0), (0.7, -1.0), (3.0, 1.0), (-8.0, 0.0)] {
                let y = if loss == Loss::Squared && y <= 0.0 { -0.4 } else { y };
                for importance in [1.0, 0.3, 7.0] {
                    for h in [0.01, 0.5, 3.0, 40.0] {
                        let closed = implicit_derivative(loss, m, y, importance, h);
                        let numeric = numeric_derivative(loss, m, y, importance, h);
                        let tolerance = 1e-5 * (1.0 + closed.abs()) / h.min(1.0);
                        assert!(
                            (closed - numeric).abs() < tolerance,
                            "{loss:?} m={m} y={y} i={importance} h={h}: {closed} vs {numeric}"
                        );
                    }
                }
            }
        }
    }

    /// aProx's step is the proximal point of the truncated linear model
    /// max(ℓ(m) + ℓ'(m)·(μ − m), 0) · importance, found numerically.
    #[test]
    fn aprox_matches_a_numerical_truncated_model_step() {
        for loss in [Loss::Squared, Loss::Hinge, Loss::Logistic] {
            for (m, y) in [(0.0, 1.0), (2.5, 0.0), (-1.2, 1.0), (0.7, -1.0)] {
                for importance in [1.0, 0.3, 7.0] {
                    for h in [0.01, 0.5, 3.0, 40.0] {
                        let (value, slope) = (loss.value(m, y), loss.derivative(m, y));
                        let mut d = [importance * slope];
                        let example = Scored { margins: &[m], label: y, importance, loss_value: value };
                        step_derivatives(StepRule::Aprox, loss, example, &[h], &mut d);
                        let model =
                            |mu: f64| importance * (value + slope * (mu - m)).max(0.0) + (mu - m).powi(2) / (2.0 * h);
                        let reach = 10.0 + h * importance * 4.0;
                        let numeric = (m - minimize_1d(model, m - reach, m + reach)) / h;
                        let tolerance = 1e-5 * (1.0 + d[0].abs()) / h.min(1.0);
                        assert!(
                            (d[0] - numeric).abs() < tolerance,
                            "{loss:?} m={m} y={y} i={importance} h={h}: {} vs {numeric}",
                            d[0]
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn pa_by_hand() {
        // y=+1, m=0.2, h=0.5: shortfall 0.8, τ = min(1, 1.6) = 1 → s = −1; with C=3: τ = 1.6.
        assert_eq!(implicit_derivative(Loss::Hinge, 0.2, 1.0, 1.0, 0.5), -1.0);
        assert!((implicit_derivative(Loss::Hinge, 0.2, 1.0, 3.0, 0.5) + 1.6).abs() < 1e-15);
        // Already beyond the margin: passive.
        assert_eq!(implicit_derivative(Loss::Hinge, -1.5, -1.0, 1.0, 0.5), 0.0);
    }

    #[test]
    fn aprox_by_hand() {
        // Squared loss at m=1, y=0: ℓ=1, ℓ'=2, h=1: the full step would move the margin by
        // 2, past the label; truncated to ℓ/(hℓ'²) = 1/4 of it, the margin lands on 0.5.
        let mut d = [2.0];
        let example = Scored { margins: &[1.0], label: 0.0, importance: 1.0, loss_value: 1.0 };
        step_derivatives(StepRule::Aprox, Loss::Squared, example, &[1.0], &mut d);
        assert_eq!(d, [0.5]);
        // A small step is left alone.
        let mut d = [2.0];
        step_derivatives(StepRule::Aprox, Loss::Squared, example, &[0.1], &mut d);
        assert_eq!(d, [2.0]);
    }

    #[test]
    fn implicit_never_overshoots_where_gradient_does() {
        // A huge rate: the gradient step jumps far past the label, the implicit one does not.
        let (m, y, h) = (0.0, 1.0, 1e4);
        let s = implicit_derivative(Loss::Squared, m, y, 1.0, h);
        let after = m - h * s;
        assert!(after > 0.0 && after <= y, "{after}");
        let s = implicit_derivative(Loss::Logistic, m, y, 1.0, h);
        assert!(s < 0.0 && (m - h * s) < 15.0, "a finite, moderate margin: {}", m - h * s);
    }

    #[test]
    fn small_rates_give_the_gradient() {
        for loss in [Loss::Squared, Loss::Logistic, Loss::Hinge] {
            let explicit = loss.derivative(0.3, 1.0);
            assert!((implicit_derivative(loss, 0.3, 1.0, 1.0, 1e-9) - explicit).abs() < 1e-8, "{loss:?}");
        }
    }

    #[test]
    fn steps_and_losses_that_do_not_fit_are_named() {
        assert!(StepRule::Pa.check_loss(Loss::Logistic).unwrap_err().to_string().contains("hinge"));
        assert!(StepRule::Implicit.check_loss(Loss::Softmax { classes: 3 }).is_err());
        assert!(StepRule::Aprox.check_loss(Loss::Softmax { classes: 3 }).is_ok());
        assert!(StepRule::Pa.check_loss(Loss::Hinge).is_ok());
        for step_rule in [StepRule::Gradient, StepRule::Implicit, StepRule::Aprox, StepRule::Pa] {
            assert_eq!(serde_json::to_string(&step_rule).unwrap(), format!("\"{}\"", step_rule.name()));
        }
    }
}
