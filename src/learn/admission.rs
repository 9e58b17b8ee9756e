//! Which coordinates get state. Most coordinates of a click log are seen once or twice and
//! never earn a useful weight, yet each costs a state in memory and on disk. An admission
//! policy drops a coordinate from examples until it has earned a place (McMahan et al. 2013,
//! section 5.2):
//!
//! * `min-count`: a coordinate is admitted at its N-th occurrence;
//! * `probability`: each occurrence of a coordinate not yet admitted admits it with
//!   probability p ("Poisson inclusion"). The coin is a hash of the coordinate: coordinate c
//!   is admitted at its K(c)-th occurrence, K(c) ~ Geometric(p), so a run is reproducible.
//!
//! Both need occurrence counts of coordinates that have no state, kept in a counting Bloom
//! filter: 2^24 one-byte counters (16 MB), two per coordinate, read as their minimum and
//! raised only as far as needed ("conservative update"), and no longer once admitted.
//! Collisions can only admit a coordinate early, never late. The counts live for the run:
//! a model trained again counts from zero, so its coordinates are re-admitted after up to
//! N − 1 more occurrences. The bias is always admitted.

use super::hashing::bias;
use super::Feature;
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::xxh3_64_with_seed;

const COUNTER_BITS: u32 = 24;
/// Seeds the counters' hash apart from every other use of the coordinate.
const COUNTER_SEED: u64 = 0x6164_6d69_7373_696f;
/// Seeds the inclusion coin.
const COIN_SEED: u64 = 0x636f_696e;

/// When a coordinate gets state.
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
    pub fn check(&self) -> Result<(), String> {
        match *self {
            Admission::All => Ok(()),
            Admission::MinCount { count } if (1..=u32::from(u8::MAX)).contains(&count) => Ok(()),
            Admission::MinCount { count } => Err(format!("min count must be in 1..=255, got {count}")),
            Admission::Probability { probability } if probability > 0.0 && probability <= 1.0 => Ok(()),
            Admission::Probability { probability } => {
                Err(format!("inclusion probability must be in (0, 1], got {probability}"))
            }
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

/// Applies an admission policy to examples, counting occurrences as it goes.
pub struct Admitter {
    admission: Admission,
    counters: Vec<u8>,
    bias: u64,
}

impl Admitter {
    pub fn new(admission: Admission) -> Self {
        let counters = if admission.is_all() { Vec::new() } else { vec![0; 1 << COUNTER_BITS] };
        Self { admission, counters, bias: bias() }
    }

    /// Counts this occurrence of every feature's coordinate and writes the admitted
    /// features, in order, into `admitted`.
    pub fn filter(&mut self, features: &[Feature], admitted: &mut Vec<Feature>) {
        admitted.clear();
        if self.admission.is_all() {
            admitted.extend_from_slice(features);
            return;
        }
        for feature in features {
            if feature.coordinate == self.bias || self.occurs(feature.coordinate) {
                admitted.push(*feature);
            }
        }
    }

    /// Counts one occurrence; true when the coordinate is admitted by now.
    fn occurs(&mut self, coordinate: u64) -> bool {
        let threshold = self.admission.threshold(coordinate);
        let hash = xxh3_64_with_seed(&coordinate.to_le_bytes(), COUNTER_SEED);
        let mask = (1u64 << COUNTER_BITS) - 1;
        let (a, b) = ((hash & mask) as usize, ((hash >> 32) & mask) as usize);
        let seen = self.counters[a].min(self.counters[b]);
        if seen >= threshold {
            return true;
        }
        let now = seen + 1;
        for i in [a, b] {
            self.counters[i] = self.counters[i].max(now);
        }
        now >= threshold
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(coordinate: u64) -> Feature {
        Feature { coordinate, value: 1.0 }
    }

    fn admitted(admitter: &mut Admitter, coordinates: &[u64]) -> Vec<u64> {
        let features: Vec<Feature> = coordinates.iter().map(|&c| f(c)).collect();
        let mut out = Vec::new();
        admitter.filter(&features, &mut out);
        out.iter().map(|f| f.coordinate).collect()
    }

    #[test]
    fn min_count_admits_at_the_nth_occurrence_and_always_the_bias() {
        let mut admitter = Admitter::new(Admission::MinCount { count: 3 });
        let b = bias();
        assert_eq!(admitted(&mut admitter, &[b, 7, 8]), [b]);
        assert_eq!(admitted(&mut admitter, &[b, 7]), [b]);
        assert_eq!(admitted(&mut admitter, &[b, 7, 8]), [b, 7]);
        assert_eq!(admitted(&mut admitter, &[7, 8]), [7, 8]);
        assert_eq!(admitted(&mut admitter, &[7]), [7], "stays admitted");
    }

    #[test]
    fn all_admits_everything() {
        let mut admitter = Admitter::new(Admission::All);
        assert_eq!(admitted(&mut admitter, &[1, 2, 3]), [1, 2, 3]);
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
        assert!(Admission::MinCount { count: 0 }.check().unwrap_err().contains("1..=255"));
        assert!(Admission::Probability { probability: 0.0 }.check().is_err());
        assert!(Admission::Probability { probability: 1.5 }.check().is_err());
        assert!(Admission::MinCount { count: 2 }.check().is_ok());
    }
}
