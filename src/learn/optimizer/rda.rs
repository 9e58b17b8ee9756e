//! ℓ1-regularized dual averaging with AdaGrad rates (Xiao 2010; Duchi, Hazan & Singer 2011,
//! the "primal-dual subgradient" AdaGrad update).
//!
//! After t rounds in which this coordinate appeared, with u = Σ g and n = Σ g², the weight is
//! the minimizer of
//!
//! ```text
//!   u·w  +  t·λ1 |w|  +  t·½λ2 w²  +  (β + √n) / 2α · w²      subject to |w| ≤ R
//! ```
//!
//! RDA regularizes the *average* loss, so both λ1 and λ2 are paid once per round (t·λ),
//! unlike FTRL-Proximal, which pays them once in total. That is what makes RDA produce
//! sparser models for the same λ1, and it is why λ2 is multiplied by t here as well.
//! `t` is per coordinate: the number of examples that contained the feature, which is how
//! sparse (lazy) RDA is run in practice and what a sharded owner can know locally.

use super::{CoordState, Hyperparameters};

/// The weight this coordinate plays now.
#[inline]
pub(crate) fn weight(state: &CoordState, hp: &Hyperparameters) -> f64 {
    let t = state.updates as f64;
    let threshold = hp.l1 * t;
    if state.z.abs() <= threshold {
        return 0.0;
    }
    let shrunk = state.z - threshold.copysign(state.z);
    let curvature = (hp.beta + state.n.sqrt()) / hp.alpha + hp.l2 * t;
    hp.clamp(-shrunk / curvature)
}

/// Applies gradient `g` (RDA does not need the played weight), growing n by `rate_mass`
/// (g² for the textbook rule).
#[inline]
pub(crate) fn apply_gradient(state: &mut CoordState, g: f64, rate_mass: f64) {
    state.z += g;
    state.n += rate_mass;
    state.updates += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::minimize_1d;

    #[test]
    fn by_hand() {
        // α=1, β=1, λ1=0.1, after g = 0.5, 0.5: u=1, n=0.5, t=2
        // w = −(1 − 0.2) / (1 + √0.5) = −0.8 / 1.70710678...
        let hp = Hyperparameters { alpha: 1.0, beta: 1.0, l1: 0.1, ..Default::default() };
        let mut s = CoordState::default();
        apply_gradient(&mut s, 0.5, 0.25);
        apply_gradient(&mut s, 0.5, 0.25);
        assert_eq!((s.z, s.n, s.updates), (1.0, 0.5, 2));
        assert!((weight(&s, &hp) + 0.8 / (1.0 + 0.5f64.sqrt())).abs() < 1e-12);
    }

    #[test]
    fn l1_threshold_grows_with_rounds() {
        let hp = Hyperparameters { alpha: 1.0, beta: 1.0, l1: 0.3, ..Default::default() };
        let mut s = CoordState::default();
        apply_gradient(&mut s, 0.5, 0.25);
        assert!(weight(&s, &hp) != 0.0, "|u|=0.5 > 0.3·1");
        apply_gradient(&mut s, 0.0, 0.0);
        assert_eq!(weight(&s, &hp), 0.0, "|u|=0.5 ≤ 0.3·2");
    }

    #[test]
    fn weight_minimizes_the_objective() {
        for (hp, gs) in [
            (
                Hyperparameters { alpha: 0.3, beta: 1.0, l1: 0.05, l2: 0.2, ..Default::default() },
                vec![0.4, -0.9, 0.3, 0.8],
            ),
            (
                Hyperparameters { alpha: 2.0, beta: 0.5, l1: 0.0, l2: 0.0, bound: Some(0.3), ..Default::default() },
                vec![-1.0, -0.5],
            ),
            (Hyperparameters { alpha: 0.1, beta: 0.0, l1: 0.01, l2: 0.0, ..Default::default() }, vec![0.2; 9]),
        ] {
            let mut s = CoordState::default();
            for &g in &gs {
                apply_gradient(&mut s, g, g * g);
            }
            let (u, n, t) = (s.z, s.n, gs.len() as f64);
            let objective = |w: f64| {
                u * w + t * hp.l1 * w.abs() + t * 0.5 * hp.l2 * w * w + (hp.beta + n.sqrt()) / (2.0 * hp.alpha) * w * w
            };
            let r = hp.bound.unwrap_or(50.0);
            let numeric = minimize_1d(objective, -r, r);
            assert!((numeric - weight(&s, &hp)).abs() < 1e-7, "{hp:?}");
        }
    }
}
