//! Loss functions: the loss of a prediction, its derivative with respect to the margin
//! (the only thing the per-coordinate rules need), and which labels each accepts.

use serde::{Deserialize, Serialize};

/// The loss a model minimizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Loss {
    /// Log loss of a logistic model; labels 0/1 or −1/+1; predicts a probability.
    Logistic,
    /// (margin − label)²; any finite label; predicts the margin.
    Squared,
    /// max(0, 1 − y·margin); labels 0/1 or −1/+1; predicts the margin.
    Hinge,
    /// Softmax cross-entropy over `classes` classes; labels 1..=classes (as VW's `--oaa`);
    /// predicts the most probable class.
    Softmax { classes: u32 },
}

/// Names of the losses on the command line (`--loss`), completed by `--classes` for softmax.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LossKind {
    Logistic,
    Squared,
    Hinge,
    Softmax,
}

impl LossKind {
    /// The loss, or why the class count does not fit it.
    pub fn with_classes(self, classes: Option<u32>) -> Result<Loss, ClassesError> {
        match (self, classes) {
            (LossKind::Softmax, Some(k)) if (2..=1024).contains(&k) => Ok(Loss::Softmax { classes: k }),
            (LossKind::Softmax, Some(k)) => Err(ClassesError::OutOfRange(k)),
            (LossKind::Softmax, None) => Err(ClassesError::Missing),
            (_, Some(_)) => Err(ClassesError::NotSoftmax),
            (LossKind::Logistic, None) => Ok(Loss::Logistic),
            (LossKind::Squared, None) => Ok(Loss::Squared),
            (LossKind::Hinge, None) => Ok(Loss::Hinge),
        }
    }
}

/// Why a loss and a class count do not fit together.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ClassesError {
    #[error("classes must be in 2..=1024 for softmax, got {0}")]
    OutOfRange(u32),
    #[error("softmax needs the number of classes (classes = K)")]
    Missing,
    #[error("classes only applies to the softmax loss")]
    NotSoftmax,
}

/// Largest label magnitude for the squared loss: (margin − label)² and its gradient stay
/// far from f64 overflow (1e24), and no regression target we know of needs more.
pub(crate) const MAX_ABS_LABEL: f64 = 1e12;

/// A label outside what the loss accepts.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("label {label} is not valid for the {loss} loss (expected {expected})")]
pub struct LabelError {
    pub label: f64,
    pub loss: &'static str,
    pub expected: &'static str,
}

impl Loss {
    /// How many margins one example has: one per class for softmax, else one.
    pub fn outputs(&self) -> usize {
        match self {
            Loss::Softmax { classes } => *classes as usize,
            _ => 1,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Loss::Logistic => "logistic",
            Loss::Squared => "squared",
            Loss::Hinge => "hinge",
            Loss::Softmax { .. } => "softmax",
        }
    }

    /// True for the two-class losses, whose predictions can be ranked for AUC.
    pub fn is_binary(&self) -> bool {
        matches!(self, Loss::Logistic | Loss::Hinge)
    }

    /// Checks that `label` is one this loss can learn from.
    pub fn validate_label(&self, label: f64) -> Result<(), LabelError> {
        let (ok, expected) = match self {
            Loss::Logistic | Loss::Hinge => (label == 0.0 || label == 1.0 || label == -1.0, "0, 1 or -1"),
            Loss::Squared => (label.abs() <= MAX_ABS_LABEL, "a number within ±1e12"),
            Loss::Softmax { classes } => (
                label.fract() == 0.0 && label >= 1.0 && label <= f64::from(*classes),
                "a class number from 1 to the number of classes",
            ),
        };
        if ok {
            Ok(())
        } else {
            Err(LabelError { label, loss: self.name(), expected })
        }
    }

    /// The label as metrics report it: 0/1 for binary losses, the label itself otherwise.
    #[inline]
    pub fn metric_label(&self, label: f64) -> f64 {
        if self.is_binary() {
            positive(label)
        } else {
            label
        }
    }

    /// Loss of a single-output prediction with margin `margin`.
    #[inline]
    pub fn value(&self, margin: f64, label: f64) -> f64 {
        match self {
            Loss::Logistic => softplus(margin) - positive(label) * margin,
            Loss::Squared => (margin - label).powi(2),
            Loss::Hinge => (1.0 - sign(label) * margin).max(0.0),
            Loss::Softmax { .. } => f64::NAN, // multi-output: see `softmax`
        }
    }

    /// d loss / d margin for a single-output prediction.
    #[inline]
    pub fn derivative(&self, margin: f64, label: f64) -> f64 {
        match self {
            Loss::Logistic => sigmoid(margin) - positive(label),
            Loss::Squared => 2.0 * (margin - label),
            Loss::Hinge => {
                let y = sign(label);
                if y * margin < 1.0 {
                    -y
                } else {
                    0.0
                }
            }
            Loss::Softmax { .. } => f64::NAN,
        }
    }

    /// What the model predicts for a single-output margin: a probability for logistic, the
    /// margin itself otherwise.
    /// The most the derivative moves per unit of margin (the loss's largest second
    /// derivative): ¼ for the log loss, 2 for the squared loss; `None` for the hinge loss,
    /// whose derivative jumps instead. A step's effect on the next gradient is the margin it
    /// moved times this.
    pub fn largest_curvature(&self) -> Option<f64> {
        match self {
            Loss::Logistic => Some(0.25),
            Loss::Squared => Some(2.0),
            Loss::Softmax { .. } => Some(0.25),
            Loss::Hinge => None,
        }
    }

    #[inline]
    pub fn prediction(&self, margin: f64) -> f64 {
        match self {
            Loss::Logistic => sigmoid(margin),
            _ => margin,
        }
    }
}

/// Softmax cross-entropy of `margins` (one per class) for class `label` (1-based).
/// Writes d loss / d margin_k into `derivatives` and returns (loss, predicted class).
pub(crate) fn softmax(margins: &[f64], label: f64, derivatives: &mut Vec<f64>) -> (f64, f64) {
    let log_normalizer = log_normalizer(margins);
    let true_class = (label as usize).saturating_sub(1);
    derivatives.clear();
    let mut best = 0;
    for (k, m) in margins.iter().enumerate() {
        let p = (m - log_normalizer).exp();
        derivatives.push(p - if k == true_class { 1.0 } else { 0.0 });
        if *m > margins[best] {
            best = k;
        }
    }
    let loss = log_normalizer - margins.get(true_class).copied().unwrap_or(f64::NAN);
    (loss, (best + 1) as f64)
}

/// The probability softmax gives each class of `margins`: they sum to 1.
pub(crate) fn class_probabilities(margins: &[f64]) -> Vec<f64> {
    let log_normalizer = log_normalizer(margins);
    margins.iter().map(|m| (m - log_normalizer).exp()).collect()
}

/// ln Σ exp(m), computed from the largest margin so that no exp overflows.
fn log_normalizer(margins: &[f64]) -> f64 {
    let max = margins.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = margins.iter().map(|m| (m - max).exp()).sum();
    max + sum.ln()
}

#[inline]
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// log(1 + eˣ) without overflow for large x.
#[inline]
fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    }
}

#[inline]
fn positive(label: f64) -> f64 {
    if label > 0.0 {
        1.0
    } else {
        0.0
    }
}

#[inline]
fn sign(label: f64) -> f64 {
    if label > 0.0 {
        1.0
    } else {
        -1.0
    }
}

/// What one step produced: the figures progressive validation records.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Loss of the prediction made before learning.
    pub loss: f64,
    /// The prediction: a probability (logistic), a margin (squared, hinge) or a class (softmax).
    pub prediction: f64,
    /// A probability-like score in [0, 1] that ranks binary predictions (for AUC).
    pub score: f64,
}

#[cfg(test)]
mod tests {

    #[test]
    fn class_probabilities_sum_to_one_without_overflow() {
        let p = class_probabilities(&[1000.0, 1000.0, f64::NEG_INFINITY]);
        assert!((p[0] - 0.5).abs() < 1e-12 && p[0] == p[1] && p[2] == 0.0, "{p:?}");
    }

    use super::*;

    #[test]
    fn logistic_by_hand() {
        let l = Loss::Logistic;
        assert!((l.value(0.0, 1.0) - 2f64.ln()).abs() < 1e-15);
        assert!((l.value(2.0, 0.0) - (1.0 + 2f64.exp()).ln()).abs() < 1e-12);
        assert_eq!(l.value(2.0, 0.0), l.value(2.0, -1.0));
        assert!((l.derivative(0.0, 1.0) + 0.5).abs() < 1e-15);
        assert!(l.value(800.0, 0.0).is_finite() && l.value(-800.0, 1.0).is_finite());
        assert!((l.value(-800.0, 1.0) - 800.0).abs() < 1e-9);
    }

    #[test]
    fn derivatives_match_finite_differences() {
        for loss in [Loss::Logistic, Loss::Squared, Loss::Hinge] {
            for (m, y) in [(0.3, 1.0), (-1.7, 0.0), (2.5, -1.0), (0.2, -1.0)] {
                let h = 1e-6;
                let numeric = (loss.value(m + h, y) - loss.value(m - h, y)) / (2.0 * h);
                assert!((numeric - loss.derivative(m, y)).abs() < 1e-6, "{loss:?} {m} {y}");
            }
        }
    }

    #[test]
    fn softmax_by_hand() {
        let mut d = Vec::new();
        let (loss, predicted) = softmax(&[0.0, 0.0, 0.0], 2.0, &mut d);
        assert!((loss - 3f64.ln()).abs() < 1e-15);
        assert!((d[0] - 1.0 / 3.0).abs() < 1e-15 && (d[1] + 2.0 / 3.0).abs() < 1e-15);
        assert_eq!(predicted, 1.0);
        let (_, predicted) = softmax(&[0.0, 5.0, 1.0], 1.0, &mut d);
        assert_eq!(predicted, 2.0);
        let (loss, _) = softmax(&[1000.0, 0.0], 1.0, &mut d);
        assert!(loss.abs() < 1e-12, "no overflow");
    }

    #[test]
    fn labels_are_checked_per_loss() {
        assert!(Loss::Logistic.validate_label(-1.0).is_ok());
        assert!(Loss::Logistic.validate_label(0.5).is_err());
        assert!(Loss::Squared.validate_label(3.7).is_ok());
        assert!(Loss::Squared.validate_label(f64::NAN).is_err());
        assert!(Loss::Squared.validate_label(-MAX_ABS_LABEL).is_ok());
        assert!(Loss::Squared.validate_label(1.5e12).is_err());
        let softmax = Loss::Softmax { classes: 3 };
        assert!(softmax.validate_label(3.0).is_ok());
        assert!(softmax.validate_label(0.0).is_err());
        assert!(softmax.validate_label(1.5).is_err());
        assert!(softmax.validate_label(4.0).is_err());
        assert!(LossKind::Softmax.with_classes(None).is_err());
        assert!(LossKind::Logistic.with_classes(Some(3)).is_err());
    }
}
