//! Hedge over learning rates: K learners that differ only in α learn from the same examples,
//! and the model predicts with a mixture of their predictions weighted by
//! exp(−η · cumulative progressive loss) (Vovk's aggregating algorithm; Freund & Schapire's
//! Hedge). No α has to be tuned: the mixture follows whichever learner has predicted best
//! so far.
//!
//! The weights use Hedge's anytime rate η_t = min(1, √(8 ln K / t)), t the importance weight
//! seen so far, for every loss. For the logistic loss the mixture is of probabilities: with
//! η ≤ 1 its log loss is at most the η-mix loss −(1/η) ln Σ πₖ pₖ^η (power means), and those
//! telescope to at most the best learner's total plus ln K / η_T = √(T ln K / 8), on any
//! sequence. The Bayesian mixture (η = 1) has the tighter ln K, but it can never beat its best
//! learner; the flatter weights of a smaller η keep mixing learners that disagree, and the
//! mixed probability scores better than either (log loss is convex), so on real streams the
//! mixture ends below its best learner (the learning benchmark in docs/benchmarks.md).
//! Squared and hinge losses mix margins; the same rate is the classical one for losses in
//! [0, 1], and still makes the weights concentrate on the leader as t grows when they are not.
//!
//! Each learner keeps its own coordinates ([`member_coordinate`](super::hashing::member_coordinate)),
//! so the K models live side by side in one state table; the examples are read and
//! featurized once. The learners themselves are run by the one example step
//! ([`Learner`](super::Learner)); this module is the mixture over them.

use super::loss::{sigmoid, Outcome};
use super::{Loss, Optimizer};
use serde::{Deserialize, Serialize};

/// The Hedge's own state: what it has learned about its learners. Persisted with a model.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct HedgeState {
    /// Importance-weighted progressive loss of each learner, in the order of the α list.
    pub cumulative_losses: Vec<f64>,
    /// Importance weight seen so far (t for the anytime rate).
    pub weight_sum: f64,
}

/// The mixture over K learners, one per α: their α list, their cumulative losses and the
/// weights those give.
#[derive(Clone, Debug)]
pub struct Hedge {
    alphas: Vec<f64>,
    state: HedgeState,
    log_weights: Vec<f64>,
}

impl Hedge {
    /// The mixture over one learner per α in `alphas`, none of which has learned yet.
    pub(crate) fn new(alphas: &[f64]) -> Self {
        Self {
            alphas: alphas.to_vec(),
            state: HedgeState { cumulative_losses: vec![0.0; alphas.len()], weight_sum: 0.0 },
            log_weights: Vec::new(),
        }
    }

    /// Why `alphas` cannot be a Hedge for `loss`, if they cannot.
    pub(crate) fn check(alphas: &[f64], loss: Loss) -> Result<(), HedgeError> {
        if alphas.len() < 2 {
            return Err(HedgeError::TooFew(alphas.len()));
        }
        if let Some(bad) = alphas.iter().find(|a| !(a.is_finite() && **a > 0.0)) {
            return Err(HedgeError::BadRate(*bad));
        }
        if matches!(loss, Loss::Softmax { .. }) {
            return Err(HedgeError::Softmax);
        }
        Ok(())
    }

    pub(crate) fn alphas(&self) -> &[f64] {
        &self.alphas
    }

    pub(crate) fn state(&self) -> &HedgeState {
        &self.state
    }

    /// Continues from a saved state; ignored unless it has one loss per learner.
    pub(crate) fn restore(&mut self, state: HedgeState) {
        if state.cumulative_losses.len() == self.alphas.len() {
            self.state = state;
        }
    }

    /// Index of the learner with the least cumulative loss: the one the mixture follows.
    pub(crate) fn leader(&self) -> usize {
        let losses = &self.state.cumulative_losses;
        (0..losses.len()).min_by(|&a, &b| losses[a].total_cmp(&losses[b])).unwrap_or(0)
    }

    /// The α of the learner the mixture follows.
    pub(crate) fn leader_alpha(&self) -> f64 {
        self.alphas[self.leader()]
    }

    /// The mixture weight of each learner now.
    pub(crate) fn mixture_weights(&self) -> Vec<f64> {
        let mut weights = Vec::new();
        log_weights(&self.state, &mut weights);
        weights.iter_mut().for_each(|l| *l = l.exp());
        weights
    }

    /// The mixture of the learners' `outcomes` (in the order of the α list) under the
    /// weights so far; its loss is NaN when `label` is NaN.
    pub(crate) fn mix(&mut self, loss: Loss, outcomes: &[Outcome], label: f64) -> Outcome {
        log_weights(&self.state, &mut self.log_weights);
        mixture(loss, &self.log_weights, outcomes, label)
    }

    /// Adds each learner's loss on one example of weight `importance` to its cumulative loss.
    pub(crate) fn record(&mut self, outcomes: &[Outcome], importance: f64) {
        for (total, o) in self.state.cumulative_losses.iter_mut().zip(outcomes) {
            *total += importance * o.loss;
        }
        self.state.weight_sum += importance;
    }
}

/// Why a list of learning rates cannot be a Hedge mixture.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HedgeError {
    #[error("hedge needs at least 2 learning rates, got {0}")]
    TooFew(usize),
    #[error("hedge learning rates must be finite numbers > 0, got {0}")]
    BadRate(f64),
    #[error("hedge mixes single-output losses (logistic, squared, hinge), not softmax")]
    Softmax,
}

/// The learners a Hedge runs: `optimizer` with each α of `hedge`, or `optimizer` alone when
/// `hedge` is empty.
pub(crate) fn member_optimizers(optimizer: Optimizer, hedge: &[f64]) -> Vec<Optimizer> {
    if hedge.is_empty() {
        return vec![optimizer];
    }
    hedge
        .iter()
        .map(|&alpha| {
            let mut member = optimizer;
            member.hyperparameters.alpha = alpha;
            member
        })
        .collect()
}

/// Hedge's anytime rate after `weight_sum` of importance weight, for `learners` learners.
pub fn learning_rate(learners: usize, weight_sum: f64) -> f64 {
    (8.0 * (learners as f64).ln() / weight_sum.max(1.0)).sqrt().min(1.0)
}

/// The log of each learner's normalized mixture weight under `state`, into `out`.
fn log_weights(state: &HedgeState, out: &mut Vec<f64>) {
    let eta = learning_rate(state.cumulative_losses.len(), state.weight_sum);
    let best = state.cumulative_losses.iter().copied().fold(f64::INFINITY, f64::min);
    out.clear();
    out.extend(state.cumulative_losses.iter().map(|l| -eta * (l - best)));
    let normalizer = log_sum_exp(out);
    out.iter_mut().for_each(|l| *l -= normalizer);
}

/// The mixture of the learners' `outcomes` (in the order of the α list) under `log_weights`;
/// its loss is NaN when `label` is NaN.
fn mixture(loss: Loss, log_weights: &[f64], outcomes: &[Outcome], label: f64) -> Outcome {
    let prediction: f64 = log_weights.iter().zip(outcomes).map(|(l, o)| l.exp() * o.prediction).sum();
    match loss {
        Loss::Logistic => {
            // The mixture's probability of the true label is Σ πₖ·exp(−lossₖ); in logs, so
            // confident learners cannot round it to 0.
            let terms: Vec<f64> = log_weights.iter().zip(outcomes).map(|(l, o)| l - o.loss).collect();
            let loss = if label.is_nan() { f64::NAN } else { -log_sum_exp(&terms) };
            Outcome { loss, prediction, score: prediction }
        }
        single => {
            let loss = if label.is_nan() { f64::NAN } else { single.value(prediction, label) };
            Outcome { loss, prediction, score: sigmoid(prediction) }
        }
    }
}

fn log_sum_exp(values: &[f64]) -> f64 {
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if max == f64::NEG_INFINITY {
        return max;
    }
    max + values.iter().map(|v| (v - max).exp()).sum::<f64>().ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::MapStates;
    use crate::learn::{Algorithm, Feature, Hyperparameters, Learner, Progress};
    use rand::{rngs::StdRng, Rng, SeedableRng};

    fn ftrl() -> Optimizer {
        Optimizer { algorithm: Algorithm::FtrlProximal, hyperparameters: Hyperparameters::default() }
    }

    fn hedge(loss: Loss, alphas: &[f64]) -> Learner {
        Learner::new(ftrl(), loss).with_hedge(alphas)
    }

    fn f(coordinate: u64) -> Feature {
        Feature { coordinate, value: 1.0 }
    }

    #[test]
    fn mixture_by_hand() {
        // Two fresh learners both predict 0.5: the mixture too, with loss ln 2.
        let mut learner = hedge(Loss::Logistic, &[0.1, 1.0]);
        let mut states = MapStates::default();
        let out = learner.learn(&mut states, &[f(1)], 1.0, 1.0).unwrap();
        assert!((out.loss - 2f64.ln()).abs() < 1e-15 && out.prediction == 0.5);
        // Each learner has its own coordinate for feature 1.
        assert_eq!(states.len(), 2);
        let hedge = learner.hedge_mut().unwrap();
        // Cumulative losses (a, b) give weights ∝ (e^−ηa, e^−ηb), η = 1 this early.
        hedge.restore(HedgeState { cumulative_losses: vec![1.0, 3.0], weight_sum: 2.0 });
        let w = hedge.mixture_weights();
        assert!((w[0] - 1.0 / (1.0 + (-2f64).exp())).abs() < 1e-15, "{w:?}");
        assert_eq!(hedge.leader(), 0);
    }

    #[test]
    fn mixture_loss_is_minus_log_of_the_mixed_probability() {
        let mut learner = hedge(Loss::Logistic, &[0.05, 2.0]);
        let mut states = MapStates::default();
        for i in 0..50 {
            learner.learn(&mut states, &[f(0), f(1 + i % 3)], (i % 3 == 0) as u8 as f64, 1.0).unwrap();
        }
        let w = learner.hedge().unwrap().mixture_weights();
        let out = learner.predict(&mut states, &[f(0), f(1)], Some(1.0)).unwrap();
        let members: Vec<f64> = learner.member_outcomes().iter().map(|o| o.prediction).collect();
        let p = w[0] * members[0] + w[1] * members[1];
        assert!((out.prediction - p).abs() < 1e-12);
        assert!((out.loss + p.ln()).abs() < 1e-12);
    }

    /// The guarantee: the mixture's total log loss is at most the best learner's plus
    /// ln K / η_T, on any sequence.
    #[test]
    fn regret_to_the_best_rate_is_at_most_ln_k_over_the_last_rate() {
        let alphas = [0.01, 0.1, 1.0, 10.0];
        let mut learner = hedge(Loss::Logistic, &alphas);
        let mut states = MapStates::default();
        let mut rng = StdRng::seed_from_u64(3);
        let mut mixture = Progress::new(true);
        for _ in 0..3000 {
            let a = rng.random_range(0..20u64);
            let b = rng.random_range(20..40u64);
            let p = sigmoid(if a < 10 { 1.5 } else { -1.0 } + if b < 25 { 1.0 } else { -0.5 });
            let y = (rng.random::<f64>() < p) as u8 as f64;
            let out = learner.learn(&mut states, &[f(100), f(a), f(b)], y, 1.0).unwrap();
            mixture.record(out.loss, y, out.prediction, out.score, 1.0);
        }
        let hedge = learner.hedge().unwrap();
        let best = hedge.state().cumulative_losses.iter().copied().fold(f64::INFINITY, f64::min);
        let bound = (alphas.len() as f64).ln() / learning_rate(alphas.len(), 3000.0);
        assert!(mixture.loss_sum <= best + bound, "{} vs {best} + {bound}", mixture.loss_sum);
        let worst = hedge.state().cumulative_losses.iter().copied().fold(0.0, f64::max);
        assert!(worst > best + 50.0, "the rates must matter for this test to mean anything");
    }

    #[test]
    fn squared_loss_follows_the_better_rate() {
        let mut learner = hedge(Loss::Squared, &[0.001, 0.5]);
        let mut states = MapStates::default();
        for i in 0..3000 {
            let x = (i % 10) as f64;
            learner
                .learn(&mut states, &[f(0), Feature { coordinate: 1, value: x / 10.0 }], 1.0 + x / 5.0, 1.0)
                .unwrap();
        }
        let hedge = learner.hedge().unwrap();
        assert_eq!(hedge.leader(), 1);
        assert!(hedge.mixture_weights()[1] > 0.99);
    }

    #[test]
    fn bad_rate_lists_are_named() {
        assert!(Hedge::check(&[0.1], Loss::Logistic).unwrap_err().to_string().contains("at least 2"));
        assert!(Hedge::check(&[0.1, -1.0], Loss::Logistic).is_err());
        assert!(Hedge::check(&[0.1, 1.0], Loss::Softmax { classes: 3 }).is_err());
        assert!(Hedge::check(&[0.1, 1.0], Loss::Hinge).is_ok());
    }
}
