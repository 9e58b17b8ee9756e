//! FTRL-Proximal with per-coordinate (AdaGrad-style) learning rates, McMahan et al. 2013,
//! "Ad Click Prediction: a View from the Trenches", Algorithm 1.
//!
//! After gradients g₁…g_t the weight is the minimizer of
//!
//! ```text
//!   Σ_s g_s·w  +  ½ Σ_s σ_s (w − w_s)²  +  (β / 2α) w²  +  λ1 |w|  +  ½ λ2 w²      subject to |w| ≤ R
//! ```
//!
//! where w_s is the weight played at step s and Σ_{s≤t} σ_s = √n_t / α. Completing the square,
//! only z = Σ (g_s − σ_s w_s) and n = Σ g_s² are needed, which is why they are the state.

use super::{CoordState, Hyperparameters};

/// The weight this coordinate plays now: the closed-form minimizer above.
#[inline]
pub(crate) fn weight(state: &CoordState, hp: &Hyperparameters) -> f64 {
    if state.z.abs() <= hp.l1 {
        return 0.0;
    }
    let shrunk = state.z - hp.l1.copysign(state.z);
    let curvature = (hp.beta + state.n.sqrt()) / hp.alpha + hp.l2;
    hp.clamp(-shrunk / curvature)
}

/// Applies gradient `g`, which was computed at the played weight `played`, growing n by
/// `rate_mass` (g² for the textbook rule).
#[inline]
pub(crate) fn apply_gradient(state: &mut CoordState, g: f64, played: f64, rate_mass: f64, hp: &Hyperparameters) {
    let n_next = state.n + rate_mass;
    let sigma = (n_next.sqrt() - state.n.sqrt()) / hp.alpha;
    state.z += g - sigma * played;
    state.n = n_next;
    state.updates += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::minimize_1d;

    fn hp(alpha: f64, beta: f64, l1: f64, l2: f64) -> Hyperparameters {
        Hyperparameters { alpha, beta, l1, l2, ..Hyperparameters::default() }
    }

    #[test]
    fn first_step_by_hand() {
        // α=0.5, β=1, g=2 at w=0: n=4, σ=(2-0)/0.5=4, z=2, w = −2 / ((1+2)/0.5) = −1/3.
        let hp = hp(0.5, 1.0, 0.0, 0.0);
        let mut s = CoordState::default();
        let w = weight(&s, &hp);
        apply_gradient(&mut s, 2.0, w, 4.0, &hp);
        assert_eq!(s.n, 4.0);
        assert_eq!(s.z, 2.0);
        assert!((weight(&s, &hp) + 1.0 / 3.0).abs() < 1e-12);
        // Second step g=−1 at w=−1/3: n=5, σ=(√5−2)/0.5, z = 2 − 1 − σ·(−1/3).
        let w = weight(&s, &hp);
        apply_gradient(&mut s, -1.0, w, 1.0, &hp);
        let sigma = (5f64.sqrt() - 2.0) / 0.5;
        assert!((s.z - (1.0 + sigma / 3.0)).abs() < 1e-12);
        assert_eq!(s.updates, 2);
    }

    #[test]
    fn l1_keeps_weight_at_zero_until_z_exceeds_it() {
        let hp = hp(0.1, 1.0, 1.5, 0.0);
        let s = CoordState { z: 1.4, n: 9.0, updates: 3, sum: 0.0, seen: 0 };
        assert_eq!(weight(&s, &hp), 0.0);
        let s = CoordState { z: -2.0, n: 9.0, updates: 3, sum: 0.0, seen: 0 };
        // −(−2 + 1.5) / ((1 + 3)/0.1) = 0.5 / 40
        assert!((weight(&s, &hp) - 0.0125).abs() < 1e-15);
    }

    #[test]
    fn box_bound_clips() {
        let mut hp = hp(1.0, 0.0, 0.0, 0.0);
        hp.bound = Some(0.25);
        let s = CoordState { z: -10.0, n: 1.0, updates: 1, sum: 0.0, seen: 0 };
        assert_eq!(weight(&s, &hp), 0.25);
    }

    /// The closed form must equal a numerical minimizer of the FTRL-Proximal objective
    /// written out term by term from the raw gradient sequence.
    #[test]
    fn weight_minimizes_the_objective() {
        let gradient_sequences: [&[f64]; 4] =
            [&[0.7, -0.2, 0.4, 0.9, -1.3], &[-0.05, -0.1, -0.3, 0.02], &[2.0, 2.0, -3.0], &[0.3; 12]];
        let settings = [
            hp(0.1, 1.0, 0.0, 0.0),
            hp(0.5, 0.3, 0.2, 0.0),
            hp(1.0, 1.0, 0.05, 0.7),
            Hyperparameters { bound: Some(0.4), ..hp(2.0, 0.1, 0.0, 0.1) },
        ];
        for hp in &settings {
            for gs in gradient_sequences {
                let mut s = CoordState::default();
                let mut played = Vec::new();
                let mut sigmas = Vec::new();
                let mut n = 0.0f64;
                for &g in gs {
                    let w = weight(&s, hp);
                    played.push(w);
                    sigmas.push(((n + g * g).sqrt() - n.sqrt()) / hp.alpha);
                    n += g * g;
                    apply_gradient(&mut s, g, w, g * g, hp);
                }
                let objective = |w: f64| {
                    let mut f = 0.0;
                    for ((g, ws), sigma) in gs.iter().zip(&played).zip(&sigmas) {
                        f += g * w + 0.5 * sigma * (w - ws).powi(2);
                    }
                    f + hp.beta / (2.0 * hp.alpha) * w * w + hp.l1 * w.abs() + 0.5 * hp.l2 * w * w
                };
                let r = hp.bound.unwrap_or(50.0);
                let numeric = minimize_1d(objective, -r, r);
                let closed = weight(&s, hp);
                assert!((numeric - closed).abs() < 1e-7, "{hp:?} {gs:?}: {numeric} vs {closed}");
            }
        }
    }
}
