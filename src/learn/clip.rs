//! Vowpal Wabbit's clipping of predictions: a single-output prediction (the margin) is
//! kept in [min, max] before it is scored and learned from. By default VW's range is that
//! of the labels seen so far, widened by each example's label before it is predicted
//! (starting at [0, 0]; [−50, 50] for logistic loss); `--min_prediction` or
//! `--max_prediction` fix it instead. Squared loss then never predicts beyond the labels,
//! which is most of VW's edge on small regression files.

use super::loss::LossKind;
use serde::{Deserialize, Serialize};

/// VW's range for margins of logistic loss, whatever the labels.
const LOGISTIC_LIMIT: f64 = 50.0;

/// Where predictions are clipped, as stored with a model; the range itself, when it widens
/// with the labels, is learner state ([`Clip`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredictionRange {
    pub min: f64,
    pub max: f64,
    /// Whether each learned label widens the range (VW's default).
    pub widen_to_labels: bool,
}

impl PredictionRange {
    /// The range of the options: none unless one of them asks for clipping.
    pub(crate) fn from_options(
        loss: LossKind,
        min: Option<f64>,
        max: Option<f64>,
        clip_to_labels: bool,
    ) -> Option<PredictionRange> {
        let limit = if loss == LossKind::Logistic { LOGISTIC_LIMIT } else { 0.0 };
        if min.is_none() && max.is_none() && !clip_to_labels {
            return None;
        }
        Some(PredictionRange {
            min: min.unwrap_or(-limit),
            max: max.unwrap_or(limit),
            widen_to_labels: min.is_none() && max.is_none(),
        })
    }
}

/// The range a learner clips into now: the settings' range, widened by the labels learned
/// when it widens.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clip {
    pub min: f64,
    pub max: f64,
    widen: bool,
}

impl Clip {
    pub(crate) fn new(range: PredictionRange) -> Self {
        Self { min: range.min, max: range.max, widen: range.widen_to_labels }
    }

    /// Counts `label`, about to be learned, in the range (VW widens before predicting).
    #[inline]
    pub(crate) fn observe(&mut self, label: f64) {
        if self.widen {
            self.min = self.min.min(label);
            self.max = self.max.max(label);
        }
    }

    /// `margin` clipped into the range; a NaN margin is 0, as VW makes it.
    #[inline]
    pub(crate) fn apply(&self, margin: f64) -> f64 {
        if margin.is_nan() {
            0.0
        } else {
            margin.clamp(self.min, self.max)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_follows_the_labels_or_stays_fixed() {
        assert_eq!(PredictionRange::from_options(LossKind::Squared, None, None, false), None);
        let mut clip = Clip::new(PredictionRange::from_options(LossKind::Squared, None, None, true).unwrap());
        assert_eq!(clip.apply(3.0), 0.0);
        clip.observe(2.0);
        clip.observe(-1.0);
        assert_eq!((clip.apply(3.0), clip.apply(-5.0), clip.apply(0.5)), (2.0, -1.0, 0.5));
        let fixed = PredictionRange::from_options(LossKind::Squared, None, Some(10.0), true).unwrap();
        let mut clip = Clip::new(fixed);
        clip.observe(20.0);
        assert_eq!((clip.apply(15.0), clip.apply(-1.0)), (10.0, 0.0), "min stays at VW's default 0");
        let logistic = PredictionRange::from_options(LossKind::Logistic, None, None, true).unwrap();
        assert_eq!(Clip::new(logistic).apply(-80.0), -50.0);
    }
}
