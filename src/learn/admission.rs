//! Which coordinates get learned. Most coordinates of a click log are seen once or twice
//! and never earn a useful weight, yet each costs a weight to publish and to serve. An
//! admission policy keeps a coordinate at weight 0 until it has earned a place (McMahan et
//! al. 2013, section 5.2):
//!
//! * `min-count`: a coordinate is admitted at its N-th occurrence;
//! * `probability`: each occurrence of a coordinate not yet admitted admits it with
//!   probability p ("Poisson inclusion"). The coin is a hash of the coordinate: coordinate c
//!   is admitted at its K(c)-th occurrence, K(c) ~ Geometric(p), so a run is reproducible.
//!
//! One implementation, [`Admitter`], serves every path through the per-coordinate rule
//! (`rule::CoordinateRule`): the embedded trainer, its `--delay` simulation and the stream's
//! owners and replicas, so `ftrl train` and a stream with one worker
//! admit the same coordinates at the same occurrence and learn the same weights. It counts
//! occurrences exactly, in the coordinate's own state, because an owner's count must survive
//! restarts and replays and the changelog already makes states exactly-once: below its
//! threshold a state holds only `updates` (the occurrences so far; z = n = 0, so its weight
//! is 0 and a stream publishes nothing for it), and from the threshold-th occurrence on its
//! gradients are applied. So `updates` counts every occurrence, as without admission, and an
//! admitted coordinate has applied `threshold − 1` fewer gradients than it has occurrences
//! (RDA's round count t includes them). The price is a state per coordinate seen but not yet
//! admitted; what admission saves is the published and served model, and the gradient steps.
//! The bias is always admitted.

use super::hashing::{bias, class_coordinate, member_coordinate};
use super::CoordState;
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::xxh3_64_with_seed;

/// Seeds the inclusion coin.
const COIN_SEED: u64 = 0x636f_696e;

/// When a coordinate starts being learned from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Admission {
    /// At its first occurrence.
    #[default]
    All,
    /// At its `count`-th occurrence.
    MinCount { count: u32 },
    /// At each occurrence with this probability.
    Probability { probability: f64 },
}

/// Why an admission policy cannot work.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AdmissionError {
    #[error("min count must be in 1..=255, got {0}")]
    MinCount(u32),
    #[error("inclusion probability must be in (0, 1], got {0}")]
    Probability(f64),
}

impl Admission {
    /// The policy a minimum count or an inclusion probability asks for (the count wins when
    /// both are given; callers reject that).
    pub fn from_options(min_count: Option<u32>, inclusion_probability: Option<f64>) -> Self {
        match (min_count, inclusion_probability) {
            (Some(count), _) => Admission::MinCount { count },
            (None, Some(probability)) => Admission::Probability { probability },
            (None, None) => Admission::All,
        }
    }

    pub fn is_all(&self) -> bool {
        *self == Admission::All
    }

    /// Why this policy cannot work, if it cannot.
    pub fn check(&self) -> Result<(), AdmissionError> {
        match *self {
            Admission::All => Ok(()),
            Admission::MinCount { count } if (1..=u32::from(u8::MAX)).contains(&count) => Ok(()),
            Admission::MinCount { count } => Err(AdmissionError::MinCount(count)),
            Admission::Probability { probability } if probability > 0.0 && probability <= 1.0 => Ok(()),
            Admission::Probability { probability } => Err(AdmissionError::Probability(probability)),
        }
    }

    /// The occurrence at which `coordinate` is admitted, 1-based, at most 255.
    pub fn threshold(&self, coordinate: u64) -> u8 {
        match *self {
            Admission::All => 1,
            Admission::MinCount { count } => count.clamp(1, 255) as u8,
            Admission::Probability { probability } if probability >= 1.0 => 1,
            Admission::Probability { probability } => {
                // Inverse-CDF draw of K ~ Geometric(p) on {1, 2, ...} from a uniform in (0, 1].
                let bits = xxh3_64_with_seed(&coordinate.to_le_bytes(), COIN_SEED) >> 11;
                let uniform = (bits + 1) as f64 / (1u64 << 53) as f64;
                let draws = (uniform.ln() / (-probability).ln_1p()).ceil();
                draws.clamp(1.0, 255.0) as u8
            }
        }
    }
}

/// An admission policy applied to coordinate states: the one place that decides whether an
/// occurrence of a coordinate is learned from or only counted.
#[derive(Clone, Debug, Default)]
pub(crate) struct Admitter {
    admission: Admission,
    /// The bias in every coordinate form it takes (Hedge members, softmax classes).
    always_admitted: Vec<u64>,
}

impl Admitter {
    /// `admission` over the coordinates of a learner with one member per α of `hedge` (one
    /// learner when it is empty) and `outputs` outputs (softmax classes).
    pub(crate) fn new(admission: Admission, hedge: &[f64], outputs: usize) -> Self {
        let mut always_admitted = Vec::new();
        if !admission.is_all() {
            let bias = bias();
            let bases: Vec<u64> = if hedge.is_empty() {
                vec![bias]
            } else {
                (0..hedge.len() as u32).map(|m| member_coordinate(bias, m)).collect()
            };
            for base in bases {
                always_admitted.extend((0..outputs.max(1) as u32).map(|class| class_coordinate(base, class)));
            }
        }
        Self { admission, always_admitted }
    }

    pub(crate) fn admission(&self) -> Admission {
        self.admission
    }

    /// Takes one occurrence of `coordinate`, whose state is `state`: true when it is learned
    /// from (the caller applies its gradient, which counts it); false when it was only
    /// counted (`updates` grew by one, and the state stays at weight 0).
    #[inline]
    pub(crate) fn occurs(&self, coordinate: u64, state: &mut CoordState) -> bool {
        if self.admission.is_all()
            || state.updates + 1 >= u64::from(self.admission.threshold(coordinate))
            || self.always_admitted.contains(&coordinate)
        {
            return true;
        }
        state.updates += 1;
        false
    }

    /// Whether `coordinate` has been admitted: it has a weight to publish.
    #[inline]
    pub(crate) fn admitted(&self, coordinate: u64, state: &CoordState) -> bool {
        self.admission.is_all()
            || state.updates >= u64::from(self.admission.threshold(coordinate))
            || self.always_admitted.contains(&coordinate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The occurrences of `coordinate` (1-based) that are learned from, of `occurrences`.
    fn learned(admitter: &Admitter, coordinate: u64, occurrences: u64) -> Vec<u64> {
        let mut state = CoordState::default();
        (1..=occurrences)
            .filter(|_| {
                let learn = admitter.occurs(coordinate, &mut state);
                if learn {
                    // What applying a gradient does to the count.
                    state.updates += 1;
                }
                learn
            })
            .collect()
    }

    #[test]
    fn min_count_admits_at_the_nth_occurrence_and_always_the_bias() {
        let admitter = Admitter::new(Admission::MinCount { count: 3 }, &[], 1);
        assert_eq!(learned(&admitter, 7, 5), [3, 4, 5]);
        assert_eq!(learned(&admitter, bias(), 2), [1, 2]);
        let mut state = CoordState::default();
        assert!(!admitter.occurs(7, &mut state));
        assert_eq!((state.updates, admitter.admitted(7, &state)), (1, false), "counted, not admitted");
        state.updates = 3;
        assert!(admitter.admitted(7, &state));
    }

    #[test]
    fn the_bias_is_admitted_in_every_member_and_class_form() {
        let admitter = Admitter::new(Admission::MinCount { count: 5 }, &[0.1, 1.0], 3);
        for member in 0..2 {
            for class in 0..3 {
                let coordinate = class_coordinate(member_coordinate(bias(), member), class);
                assert_eq!(learned(&admitter, coordinate, 1), [1]);
            }
        }
    }

    #[test]
    fn all_admits_everything() {
        let admitter = Admitter::new(Admission::All, &[], 1);
        assert_eq!(learned(&admitter, 42, 2), [1, 2]);
        assert!(admitter.admitted(42, &CoordState::default()));
    }

    /// The share admitted at first sight is p, and the mean occurrence of admission is 1/p,
    /// as for a coin flipped at each occurrence.
    #[test]
    fn probabilistic_inclusion_is_geometric() {
        let p = 0.25;
        let policy = Admission::Probability { probability: p };
        let thresholds: Vec<f64> = (0..100_000u64).map(|c| f64::from(policy.threshold(c))).collect();
        let first = thresholds.iter().filter(|&&k| k == 1.0).count() as f64 / thresholds.len() as f64;
        let mean = thresholds.iter().sum::<f64>() / thresholds.len() as f64;
        assert!((first - p).abs() < 0.01, "{first}");
        assert!((mean - 1.0 / p).abs() < 0.05, "{mean}");
        assert_eq!(Admission::Probability { probability: 1.0 }.threshold(5), 1);
    }

    #[test]
    fn bad_policies_are_named() {
        assert!(Admission::MinCount { count: 0 }.check().unwrap_err().to_string().contains("1..=255"));
        assert!(Admission::Probability { probability: 0.0 }.check().is_err());
        assert!(Admission::Probability { probability: 1.5 }.check().is_err());
        assert!(Admission::MinCount { count: 2 }.check().is_ok());
    }
}
