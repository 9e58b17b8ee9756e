//! Online gradient descent with per-coordinate AdaGrad rates (Duchi, Hazan & Singer 2011,
//! composite mirror descent form): the state holds the weight itself.
//!
//! With η = α / (β + √n) after adding g², the step is the proximal point
//!
//! ```text
//!   w' = argmin_w  ½ (w − (w − η g))² / η  +  λ1 |w|  +  ½ λ2 w²      subject to |w| ≤ R
//!      = clip( sgn(v) · max(|v| − η λ1, 0) / (1 + η λ2) ),   v = w − η g
//! ```
//!
//! so L1 truncates and L2 shrinks each time the coordinate is updated.

use super::{CoordState, Hyperparameters};

/// The weight this coordinate plays now (stored directly).
#[inline]
pub(crate) fn weight(state: &CoordState) -> f64 {
    state.z
}

/// Applies gradient `g` with a proximal step for L1, L2 and the box bound, growing n by
/// `rate_mass` (g² for the textbook rule).
#[inline]
pub(crate) fn apply_gradient(state: &mut CoordState, g: f64, rate_mass: f64, hp: &Hyperparameters) {
    state.n += rate_mass;
    let eta = hp.alpha / (hp.beta + state.n.sqrt());
    let v = state.z - eta * g;
    let truncated = (v.abs() - eta * hp.l1).max(0.0).copysign(v);
    state.z = hp.clamp(truncated / (1.0 + eta * hp.l2));
    state.updates += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::minimize_1d;

    #[test]
    fn by_hand() {
        // α=0.5, β=0, g=2: n=4, η=0.25, w = −0.5. Then g=−1: n=5, η=0.5/√5, w = −0.5 + η.
        let hp = Hyperparameters { alpha: 0.5, beta: 0.0, ..Default::default() };
        let mut s = CoordState::default();
        apply_gradient(&mut s, 2.0, 4.0, &hp);
        assert_eq!(weight(&s), -0.5);
        apply_gradient(&mut s, -1.0, 1.0, &hp);
        assert!((weight(&s) - (-0.5 + 0.5 / 5f64.sqrt())).abs() < 1e-12);
    }

    #[test]
    fn proximal_step_minimizes_its_objective() {
        let hp = Hyperparameters { alpha: 0.7, beta: 0.4, l1: 0.3, l2: 0.9, bound: Some(2.0), ..Default::default() };
        for (w0, n0, g) in [(0.2, 1.0, 0.5), (-1.0, 0.1, -3.0), (0.05, 4.0, 0.01), (1.9, 0.0, -9.0)] {
            let mut s = CoordState { z: w0, n: n0, ..Default::default() };
            apply_gradient(&mut s, g, g * g, &hp);
            let eta = hp.alpha / (hp.beta + (n0 + g * g).sqrt());
            let v = w0 - eta * g;
            let objective = |w: f64| 0.5 * (w - v).powi(2) / eta + hp.l1 * w.abs() + 0.5 * hp.l2 * w * w;
            let numeric = minimize_1d(objective, -2.0, 2.0);
            assert!((numeric - s.z).abs() < 1e-7, "{w0} {n0} {g}: {numeric} vs {}", s.z);
        }
    }
}
