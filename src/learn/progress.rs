//! Progressive validation: every prediction is scored *before* the model learns from it,
//! which makes the running mean loss an honest estimate of generalization on a stream
//! (Blum, Kalai & Langford 1999; what Vowpal Wabbit prints as "average loss").
//!
//! A `Progress` is a mergeable summary, so per-batch windows from many workers add up to
//! the same figures as one sequential run.

use super::Loss;
use serde::{Deserialize, Serialize};

/// Resolution of the streaming AUC: predictions are bucketed by probability. With 4096
/// buckets the AUC differs from the exact (sorted) value only through ties inside a bucket,
/// below 1e-3 for any realistic score distribution (tested against the exact value).
const AUC_BUCKETS: usize = 4096;

/// Running progressive-validation figures. Sums are weighted by importance weight.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub count: u64,
    pub weight_sum: f64,
    pub loss_sum: f64,
    pub label_sum: f64,
    /// Σ weight · label², for the loss of the best constant prediction (squared loss).
    #[serde(default)]
    pub label_square_sum: f64,
    pub prediction_sum: f64,
    /// Weighted positives and negatives per probability bucket; empty for non-binary tasks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auc_positive: Vec<f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auc_negative: Vec<f64>,
    /// For a Hedge mixture: each member's weighted loss sum; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub member_loss_sums: Vec<f64>,
}

impl Progress {
    /// An empty summary; `binary` enables AUC.
    pub fn new(binary: bool) -> Self {
        let buckets = if binary { AUC_BUCKETS } else { 0 };
        Self { auc_positive: vec![0.0; buckets], auc_negative: vec![0.0; buckets], ..Default::default() }
    }

    /// Records one prediction made before learning. `score` ranks examples for AUC: a
    /// probability in [0, 1] (margins are squashed by the caller).
    #[inline]
    pub fn record(&mut self, loss: f64, label: f64, prediction: f64, score: f64, weight: f64) {
        self.count += 1;
        self.weight_sum += weight;
        self.loss_sum += weight * loss;
        self.label_sum += weight * label;
        self.label_square_sum += weight * label * label;
        self.prediction_sum += weight * prediction;
        if !self.auc_positive.is_empty() {
            let bucket = ((score * AUC_BUCKETS as f64) as usize).min(AUC_BUCKETS - 1);
            if label > 0.0 {
                self.auc_positive[bucket] += weight;
            } else {
                self.auc_negative[bucket] += weight;
            }
        }
    }

    /// Records the Hedge members' losses (without importance) on an example of importance
    /// `weight`, in the order of the α list; nothing for an empty list.
    pub fn record_members(&mut self, weight: f64, losses: &[f64]) {
        add_weighted(&mut self.member_loss_sums, weight, losses);
    }

    /// Adds another summary of disjoint examples.
    pub fn merge(&mut self, other: &Progress) {
        add_weighted(&mut self.member_loss_sums, 1.0, &other.member_loss_sums);
        self.count += other.count;
        self.weight_sum += other.weight_sum;
        self.loss_sum += other.loss_sum;
        self.label_sum += other.label_sum;
        self.label_square_sum += other.label_square_sum;
        self.prediction_sum += other.prediction_sum;
        if self.auc_positive.len() == other.auc_positive.len() {
            add_into(&mut self.auc_positive, &other.auc_positive);
            add_into(&mut self.auc_negative, &other.auc_negative);
        }
    }

    pub fn mean_loss(&self) -> f64 {
        self.mean(self.loss_sum)
    }

    pub fn mean_label(&self) -> f64 {
        self.mean(self.label_sum)
    }

    pub fn mean_prediction(&self) -> f64 {
        self.mean(self.prediction_sum)
    }

    fn mean(&self, sum: f64) -> f64 {
        if self.weight_sum > 0.0 {
            sum / self.weight_sum
        } else {
            f64::NAN
        }
    }

    /// The mean loss of the best constant prediction for these examples, chosen knowing
    /// their labels (for the log loss the entropy of their positive rate, for the squared
    /// loss their labels' variance): a model that learns anything beats it. `None` without
    /// examples, and for the softmax loss (the summary keeps no class counts).
    pub fn constant_loss(&self, loss: &Loss) -> Option<f64> {
        if self.weight_sum <= 0.0 {
            return None;
        }
        // Labels as `Loss::metric_label` records them: 0 or 1 for the binary losses.
        let mean = self.mean_label();
        match loss {
            Loss::Logistic => {
                let p = mean.clamp(0.0, 1.0);
                let entropy = |q: f64| if q > 0.0 { -q * q.ln() } else { 0.0 };
                Some(entropy(p) + entropy(1.0 - p))
            }
            Loss::Squared => Some((self.mean(self.label_square_sum) - mean * mean).max(0.0)),
            Loss::Hinge => Some(2.0 * mean.min(1.0 - mean).max(0.0)),
            Loss::Softmax { .. } => None,
        }
    }

    /// Area under the ROC curve, or None for non-binary tasks or a single class so far.
    pub fn auc(&self) -> Option<f64> {
        let positives: f64 = self.auc_positive.iter().sum();
        let negatives: f64 = self.auc_negative.iter().sum();
        if positives <= 0.0 || negatives <= 0.0 {
            return None;
        }
        // For each positive, count negatives scored below it (ties count half).
        let mut negatives_below = 0.0;
        let mut pairs = 0.0;
        for (p, n) in self.auc_positive.iter().zip(&self.auc_negative) {
            pairs += p * (negatives_below + 0.5 * n);
            negatives_below += n;
        }
        Some(pairs / (positives * negatives))
    }
}

/// Watches a model's progressive loss against the best constant prediction's, span after
/// span of examples: a model that loses to it for two spans in a row learns nothing any
/// more, or diverges (a rate too large for the loss, or for the number of workers).
#[derive(Debug)]
pub struct DivergenceWatch {
    loss: Loss,
    span: Progress,
    seen: u64,
    worse_before: bool,
    diverging: bool,
}

/// One span's verdict ([`DivergenceWatch`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgment {
    /// Examples watched so far, this span's included.
    pub examples: u64,
    /// The span's mean progressive loss.
    pub model_loss: f64,
    /// The best constant prediction's mean loss over the same examples.
    pub constant_loss: f64,
    /// The model lost to the constant prediction in this span and the one before.
    pub diverging: bool,
    /// `diverging` is not what the span before found (the verdict to report).
    pub changed: bool,
}

impl Judgment {
    /// What a user is told when a model starts losing to the constant prediction.
    pub const DIVERGING: &'static str = "the model's progressive loss was worse than predicting the labels' mean, \
        two spans of examples in a row: it learns nothing or diverges. A learning rate (model.alpha) too large \
        for the loss or for the number of workers does this (docs/configuration.md)";
    /// ... and when it beats it again.
    pub const RECOVERED: &'static str = "the model's progressive loss is better than predicting the labels' mean again";
}

impl DivergenceWatch {
    /// Examples judged together: enough that a model that learns beats the constant by
    /// more than the noise of the span's label rate.
    pub const SPAN: u64 = 20_000;
    /// Examples before the first judgment: a young model may lose to a constant chosen
    /// knowing the labels.
    pub const WARM_UP: u64 = 20_000;
    /// How much worse than the constant a span must be to count: a model on examples
    /// that hold no signal is about as good as the constant, a little worse.
    pub const MARGIN: f64 = 0.02;

    pub fn new(loss: Loss) -> Self {
        Self { loss, span: Progress::new(false), seen: 0, worse_before: false, diverging: false }
    }

    /// Records one example's progressive loss (labels as [`Loss::metric_label`] gives them).
    pub fn record(&mut self, loss: f64, label: f64, weight: f64) -> Option<Judgment> {
        self.span.record(loss, label, 0.0, 0.0, weight);
        self.seen += 1;
        self.judge()
    }

    /// Adds a window of scored examples.
    pub fn observe(&mut self, scored: &Progress) -> Option<Judgment> {
        self.span.merge(scored);
        self.seen += scored.count;
        self.judge()
    }

    fn judge(&mut self) -> Option<Judgment> {
        if self.span.count < Self::SPAN {
            return None;
        }
        let span = std::mem::replace(&mut self.span, Progress::new(false));
        if self.seen - span.count < Self::WARM_UP {
            return None; // the span began in the warm-up
        }
        let constant_loss = span.constant_loss(&self.loss)?;
        let model_loss = span.mean_loss();
        // A loss that is no number (weights gone to infinity) is worse too.
        let worse = model_loss.is_nan() || model_loss > constant_loss * (1.0 + Self::MARGIN);
        let diverging = worse && self.worse_before;
        let changed = diverging != self.diverging;
        (self.worse_before, self.diverging) = (worse, diverging);
        Some(Judgment { examples: self.seen, model_loss, constant_loss, diverging, changed })
    }
}

/// target += weight · source, growing target to source's length first.
fn add_weighted(target: &mut Vec<f64>, weight: f64, source: &[f64]) {
    if target.len() < source.len() {
        target.resize(source.len(), 0.0);
    }
    for (t, s) in target.iter_mut().zip(source) {
        *t += weight * s;
    }
}

fn add_into(target: &mut [f64], source: &[f64]) {
    for (t, s) in target.iter_mut().zip(source) {
        *t += s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    fn exact_auc(scored: &[(f64, bool)]) -> f64 {
        let mut pairs = 0.0;
        let (mut pos, mut neg) = (0.0, 0.0);
        for &(sp, lp) in scored {
            if !lp {
                neg += 1.0;
                continue;
            }
            pos += 1.0;
            for &(sn, ln) in scored {
                if !ln {
                    pairs += if sp > sn {
                        1.0
                    } else if sp == sn {
                        0.5
                    } else {
                        0.0
                    };
                }
            }
        }
        pairs / (pos * neg)
    }

    #[test]
    fn means_are_weighted() {
        let mut p = Progress::new(true);
        p.record(1.0, 1.0, 0.8, 0.8, 1.0);
        p.record(3.0, 0.0, 0.2, 0.2, 3.0);
        assert_eq!(p.count, 2);
        assert_eq!(p.mean_loss(), 2.5);
        assert_eq!(p.mean_label(), 0.25);
        assert!((p.mean_prediction() - 0.35).abs() < 1e-15);
        assert_eq!(p.auc(), Some(1.0));
    }

    #[test]
    fn auc_matches_exact_value() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut scored = Vec::new();
        let mut p = Progress::new(true);
        for _ in 0..2000 {
            let positive = rng.random::<f64>() < 0.3;
            let score: f64 = (rng.random::<f64>() + if positive { 0.3 } else { 0.0 }).min(1.0);
            scored.push((score, positive));
            p.record(0.0, if positive { 1.0 } else { 0.0 }, score, score, 1.0);
        }
        let exact = exact_auc(&scored);
        assert!((p.auc().unwrap() - exact).abs() < 1e-3, "{:?} vs {exact}", p.auc());
    }

    #[test]
    fn merging_equals_recording_together() {
        let mut whole = Progress::new(true);
        let mut a = Progress::new(true);
        let mut b = Progress::new(true);
        for i in 0..100 {
            let (loss, label, pred) = (i as f64 * 0.01, (i % 3 == 0) as u8 as f64, (i % 7) as f64 / 7.0);
            whole.record(loss, label, pred, pred, 1.0);
            if i < 40 {
                a.record(loss, label, pred, pred, 1.0)
            } else {
                b.record(loss, label, pred, pred, 1.0)
            }
        }
        a.merge(&b);
        assert_eq!(a.count, whole.count);
        assert!((a.loss_sum - whole.loss_sum).abs() < 1e-12);
        assert_eq!(a.auc(), whole.auc());
    }

    #[test]
    fn no_auc_without_both_classes() {
        let mut p = Progress::new(true);
        p.record(0.1, 1.0, 0.9, 0.9, 1.0);
        assert_eq!(p.auc(), None);
        assert_eq!(Progress::new(false).auc(), None);
    }

    /// Hedge members' loss sums are weighted and add up across merged windows.
    #[test]
    fn member_losses_are_weighted_and_merge() {
        let (mut a, mut b) = (Progress::new(true), Progress::new(true));
        a.record_members(2.0, &[0.5, 1.0]);
        b.record_members(1.0, &[0.25, 0.125]);
        a.merge(&b);
        assert_eq!(a.member_loss_sums, [1.25, 2.125]);
        let mut empty = Progress::new(true);
        empty.merge(&a);
        assert_eq!(empty.member_loss_sums, a.member_loss_sums);
    }

    /// The best constant prediction's loss is the one the constant would score, for the
    /// labels of the windows merged as for the labels of one.
    #[test]
    fn the_constant_loss_is_what_the_best_constant_would_score() {
        let labels = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
        let (mut first, mut second) = (Progress::new(true), Progress::new(true));
        for (i, label) in labels.iter().enumerate() {
            let window = if i < 3 { &mut first } else { &mut second };
            window.record(0.0, *label, 0.0, 0.0, 1.0);
        }
        first.merge(&second);
        let all = first;
        let best = |loss: Loss| -> f64 {
            // The constant margin with the least mean loss, by a fine scan.
            (-4000..=4000)
                .map(|m| f64::from(m) / 1000.0)
                .map(|margin| labels.iter().map(|y| loss.value(margin, *y)).sum::<f64>() / labels.len() as f64)
                .fold(f64::INFINITY, f64::min)
        };
        for loss in [Loss::Logistic, Loss::Squared, Loss::Hinge] {
            let constant = all.constant_loss(&loss).unwrap();
            assert!((constant - best(loss)).abs() < 1e-5, "{loss:?}: {constant} against {}", best(loss));
        }
        assert_eq!(all.constant_loss(&Loss::Softmax { classes: 3 }), None);
        assert_eq!(Progress::new(true).constant_loss(&Loss::Logistic), None, "no examples");
    }

    fn watched(watch: &mut DivergenceWatch, examples: u64, loss: f64) -> Vec<Judgment> {
        (0..examples).filter_map(|i| watch.record(loss, f64::from(u8::from(i % 4 == 0)), 1.0)).collect()
    }

    /// A model that loses to the constant prediction (log loss of a positive rate of ¼:
    /// 0.562) two spans in a row is reported once, and its recovery once; the warm-up is
    /// not judged, and a model near the constant is not reported.
    #[test]
    fn a_model_worse_than_the_constant_two_spans_in_a_row_is_reported_once() {
        let span = DivergenceWatch::SPAN;
        let mut watch = DivergenceWatch::new(Loss::Logistic);
        assert!(watched(&mut watch, DivergenceWatch::WARM_UP, 5.0).is_empty(), "the warm-up is not judged");
        let judged = watched(&mut watch, span, 0.57);
        assert_eq!(judged.len(), 1);
        assert!((judged[0].constant_loss - 0.562335).abs() < 1e-6, "{judged:?}");
        assert!(!judged[0].diverging, "within the margin: {judged:?}");
        let judged = watched(&mut watch, 3 * span, 0.7);
        let flags: Vec<(bool, bool)> = judged.iter().map(|j| (j.diverging, j.changed)).collect();
        assert_eq!(flags, [(false, false), (true, true), (true, false)], "reported at the second span, once");
        let judged = watched(&mut watch, 2 * span, 0.4);
        let flags: Vec<(bool, bool)> = judged.iter().map(|j| (j.diverging, j.changed)).collect();
        assert_eq!(flags, [(false, true), (false, false)], "its recovery reported once");
        assert_eq!(judged[1].examples, DivergenceWatch::WARM_UP + 6 * span);
        // A loss that is no number (a model diverged to infinity) loses too.
        let judged = watched(&mut watch, 2 * span, f64::NAN);
        assert!(judged[1].diverging, "{judged:?}");
    }

    /// Windows of scored examples are judged as the examples in them are.
    #[test]
    fn windows_are_judged_as_their_examples() {
        let mut watch = DivergenceWatch::new(Loss::Squared);
        let mut window = Progress::new(false);
        for i in 0..10_000u32 {
            window.record(1.0, f64::from(i % 2), 0.0, 0.0, 1.0); // variance ¼, loss 1
        }
        let judged: Vec<Judgment> = (0..8).filter_map(|_| watch.observe(&window)).collect();
        let flags: Vec<(bool, bool)> = judged.iter().map(|j| (j.diverging, j.changed)).collect();
        assert_eq!(flags, [(false, false), (true, true), (true, false)], "{judged:?}");
        assert_eq!(judged[0].constant_loss, 0.25);
    }
}
