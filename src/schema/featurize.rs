//! From a parsed example to the features the learner sees: validation against the loss,
//! quadratic crosses between namespaces, merging of repeated coordinates, and the bias.

use super::ExampleBuf;
use crate::learn::hashing::{bias, cross};
use crate::learn::loss::LabelError;
use crate::learn::{Feature, Loss};
use thiserror::Error;

/// Most features one example may expand to (crosses included): a bound on the work and
/// memory a single hostile record can cause.
pub const MAX_FEATURES: usize = 65_536;

/// Largest importance weight. An example of weight w counts as w copies of itself, so
/// weights correct for sampling (a 1-in-1000 negative down-sample gives 1000); a million
/// leaves room for that while an example cannot claim more than ~a million ordinary ones
/// (and with `clip_gradient` set, even that cannot move a weight far).
pub const MAX_WEIGHT: f64 = 1e6;

/// Largest magnitude of a feature value (after crosses and merging). Well-scaled features
/// are near 1; 1e12 still admits raw counts and amounts, while keeping a gradient (value ×
/// weight × loss slope ≲ 1e18 for the classification losses) and its square, summed by the
/// adaptive learning rates, far from f64 overflow, which would turn a coordinate into NaN.
pub const MAX_ABS_VALUE: f64 = 1e12;

/// Why a syntactically valid example cannot be learned from.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum InvalidExample {
    #[error(transparent)]
    Label(#[from] LabelError),
    #[error("importance weight {0} must be finite and in [0, {MAX_WEIGHT:e}]")]
    Weight(f64),
    #[error("feature value {0} must be finite and in [-{MAX_ABS_VALUE:e}, {MAX_ABS_VALUE:e}]")]
    Value(f64),
    #[error("example has no features")]
    NoFeatures,
    #[error(
        "base (initial margin) {0} must be finite and in [-{MAX_ABS_VALUE:e}, {MAX_ABS_VALUE:e}], and softmax has none"
    )]
    Base(f64),
    #[error("example expands to {0} features, more than the limit of {MAX_FEATURES}")]
    TooManyFeatures(usize),
}

/// A pair of namespaces to cross, named by their first bytes (Vowpal Wabbit's `-q ab`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cross(pub u8, pub u8);

impl std::str::FromStr for Cross {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.as_bytes() {
            [a, b] if a.is_ascii_graphic() && b.is_ascii_graphic() => Ok(Cross(*a, *b)),
            _ => Err(format!("a cross is two namespace letters like \"ab\", got {s:?}")),
        }
    }
}

impl std::fmt::Display for Cross {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.0 as char, self.1 as char)
    }
}

/// Turns parsed examples into learner features; holds scratch space, so one per thread.
#[derive(Clone, Debug)]
pub struct Featurizer {
    loss: Loss,
    crosses: Vec<Cross>,
    bias: u64,
    /// Whether an example without features (the bias alone) is usable.
    empty_ok: bool,
    first: Vec<usize>,
    second: Vec<usize>,
}

impl Featurizer {
    pub fn new(loss: Loss, crosses: Vec<Cross>) -> Self {
        Self { loss, crosses, bias: bias(), empty_ok: false, first: Vec::new(), second: Vec::new() }
    }

    /// The same featurizer accepting examples without features, which learn the bias
    /// alone: VW's reading of a line whose namespaces are empty (elsewhere an example
    /// without features is a producer's mistake, refused).
    pub(crate) fn accepting_empty(mut self) -> Self {
        self.empty_ok = true;
        self
    }

    /// Validates `example` and appends its features to `out`: the parsed ones, their
    /// crosses, then the bias; distinct coordinates (repeats are summed), no zero values.
    /// On error `out` is left as it was.
    pub fn featurize(&mut self, example: &ExampleBuf, out: &mut Vec<Feature>) -> Result<(), InvalidExample> {
        self.featurize_checking(example, true, out)
    }

    /// [`featurize`](Self::featurize) for an example without a label, to be predicted only.
    pub(crate) fn featurize_unlabeled(
        &mut self,
        example: &ExampleBuf,
        out: &mut Vec<Feature>,
    ) -> Result<(), InvalidExample> {
        self.featurize_checking(example, false, out)
    }

    fn featurize_checking(
        &mut self,
        example: &ExampleBuf,
        check_label: bool,
        out: &mut Vec<Feature>,
    ) -> Result<(), InvalidExample> {
        let start = out.len();
        let result = self.append(example, check_label, out);
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    fn append(
        &mut self,
        example: &ExampleBuf,
        check_label: bool,
        out: &mut Vec<Feature>,
    ) -> Result<(), InvalidExample> {
        if check_label {
            self.loss.validate_label(example.label)?;
        }
        if !(0.0..=MAX_WEIGHT).contains(&example.weight) {
            return Err(InvalidExample::Weight(example.weight));
        }
        if example.base != 0.0 && !(usable(example.base) && self.loss.outputs() == 1) {
            return Err(InvalidExample::Base(example.base));
        }
        if let Some(bad) = example.features.iter().find(|f| !usable(f.value)) {
            return Err(InvalidExample::Value(bad.value));
        }
        if example.features.is_empty() && !self.empty_ok {
            return Err(InvalidExample::NoFeatures);
        }
        let start = out.len();
        out.extend_from_slice(&example.features);
        for &Cross(a, b) in &self.crosses {
            self.first.clear();
            self.second.clear();
            for (i, &ns) in example.namespaces.iter().enumerate() {
                if ns == a {
                    self.first.push(i);
                }
                if ns == b {
                    self.second.push(i);
                }
            }
            let expanded = out.len() - start + self.first.len() * self.second.len();
            if expanded > MAX_FEATURES {
                return Err(InvalidExample::TooManyFeatures(expanded));
            }
            for &i in &self.first {
                for &j in &self.second {
                    // Crossing a namespace with itself takes each unordered pair once.
                    if a == b && j <= i {
                        continue;
                    }
                    let (x, y) = (example.features[i], example.features[j]);
                    out.push(Feature { coordinate: cross(x.coordinate, y.coordinate), value: x.value * y.value });
                }
            }
        }
        if out.len() - start + 1 > MAX_FEATURES {
            return Err(InvalidExample::TooManyFeatures(out.len() - start + 1));
        }
        out.push(Feature { coordinate: self.bias, value: 1.0 });
        if may_repeat_or_be_zero(&out[start..]) {
            merge_repeats(out, start);
        }
        // Crosses multiply values and merging adds them, so the bound is checked again.
        if let Some(bad) = out[start..].iter().find(|f| !usable(f.value)) {
            return Err(InvalidExample::Value(bad.value));
        }
        Ok(())
    }
}

/// Finite and within ±[`MAX_ABS_VALUE`] (NaN fails the range test too).
#[inline]
fn usable(value: f64) -> bool {
    (-MAX_ABS_VALUE..=MAX_ABS_VALUE).contains(&value)
}

/// A cheap test that rules out repeats in the common case (a 4096-bit filter on the low
/// bits of the coordinates): a false "maybe" only costs the sort in `merge_repeats`, which
/// was an eighth of the parse thread's time when run on every example.
fn may_repeat_or_be_zero(features: &[Feature]) -> bool {
    let mut seen = [0u64; 64];
    for f in features {
        let bit = (f.coordinate & 4095) as usize;
        let (word, mask) = (bit >> 6, 1u64 << (bit & 63));
        if seen[word] & mask != 0 || f.value == 0.0 {
            return true;
        }
        seen[word] |= mask;
    }
    false
}

/// Sorts `features[start..]` by coordinate, sums the values of repeated coordinates and
/// drops zeros, so the learner updates each coordinate once per example.
fn merge_repeats(features: &mut Vec<Feature>, start: usize) {
    features[start..].sort_unstable_by_key(|f| f.coordinate);
    let mut kept = start;
    for i in start..features.len() {
        let f = features[i];
        if kept > start && features[kept - 1].coordinate == f.coordinate {
            features[kept - 1].value += f.value;
        } else {
            features[kept] = f;
            kept += 1;
        }
    }
    features.truncate(kept);
    let mut kept = start;
    for i in start..features.len() {
        if features[i].value != 0.0 {
            features[kept] = features[i];
            kept += 1;
        }
    }
    features.truncate(kept);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::hashing::feature_coordinate;

    fn example(label: f64, features: &[(&str, &str, f64)]) -> ExampleBuf {
        let mut ex = ExampleBuf::default();
        ex.clear();
        ex.label = label;
        for (ns, name, value) in features {
            ex.push(ns.bytes().next().unwrap_or(0), feature_coordinate(ns, name), *value);
        }
        ex
    }

    #[test]
    fn adds_bias_and_crosses() {
        let ex = example(1.0, &[("a", "x", 2.0), ("b", "y", 3.0), ("b", "z", 1.0), ("c", "w", 1.0)]);
        let mut fz = Featurizer::new(Loss::Logistic, vec!["ab".parse().unwrap()]);
        let mut out = Vec::new();
        fz.featurize(&ex, &mut out).unwrap();
        assert_eq!(out.len(), 4 + 2 + 1);
        let ax = feature_coordinate("a", "x");
        let by = feature_coordinate("b", "y");
        let crossed = out.iter().find(|f| f.coordinate == cross(ax, by)).unwrap();
        assert_eq!(crossed.value, 6.0);
        assert!(out.iter().any(|f| f.coordinate == bias() && f.value == 1.0));
    }

    #[test]
    fn self_cross_takes_unordered_pairs() {
        let ex = example(0.0, &[("a", "x", 1.0), ("a", "y", 1.0), ("a", "z", 1.0)]);
        let mut fz = Featurizer::new(Loss::Logistic, vec!["aa".parse().unwrap()]);
        let mut out = Vec::new();
        fz.featurize(&ex, &mut out).unwrap();
        assert_eq!(out.len(), 3 + 3 + 1);
    }

    #[test]
    fn repeats_are_merged_and_zeros_dropped() {
        let ex = example(1.0, &[("a", "x", 1.0), ("a", "x", 2.0), ("a", "y", 0.0)]);
        let mut out = Vec::new();
        Featurizer::new(Loss::Logistic, vec![]).featurize(&ex, &mut out).unwrap();
        assert_eq!(out.len(), 2);
        assert_eq!(out.iter().find(|f| f.coordinate == feature_coordinate("a", "x")).unwrap().value, 3.0);
    }

    #[test]
    fn rejects_invalid_examples() {
        let mut fz = Featurizer::new(Loss::Logistic, vec![]);
        let mut out = Vec::new();
        assert!(matches!(fz.featurize(&example(0.5, &[("a", "x", 1.0)]), &mut out), Err(InvalidExample::Label(_))));
        assert_eq!(fz.featurize(&example(1.0, &[]), &mut out), Err(InvalidExample::NoFeatures));
        assert!(matches!(
            fz.featurize(&example(1.0, &[("a", "x", f64::NAN)]), &mut out),
            Err(InvalidExample::Value(_))
        ));
        let mut heavy = example(1.0, &[("a", "x", 1.0)]);
        heavy.weight = f64::INFINITY;
        assert!(matches!(fz.featurize(&heavy, &mut out), Err(InvalidExample::Weight(_))));
        let many: Vec<(String, f64)> = (0..400).map(|i| (i.to_string(), 1.0)).collect();
        let mut wide = ExampleBuf::default();
        for (name, v) in &many {
            wide.push(b'a', feature_coordinate("a", name), *v);
        }
        wide.label = 1.0;
        let mut fz = Featurizer::new(Loss::Logistic, vec!["aa".parse().unwrap()]);
        assert!(matches!(fz.featurize(&wide, &mut out), Err(InvalidExample::TooManyFeatures(_))));
    }

    #[test]
    fn limits_on_weight_and_value_magnitude() {
        let mut fz = Featurizer::new(Loss::Logistic, vec!["ab".parse().unwrap()]);
        let mut out = Vec::new();
        let mut heavy = example(1.0, &[("a", "x", 1.0)]);
        heavy.weight = MAX_WEIGHT;
        assert!(fz.featurize(&heavy, &mut out).is_ok());
        heavy.weight = MAX_WEIGHT * 1.5;
        assert_eq!(fz.featurize(&heavy, &mut out), Err(InvalidExample::Weight(1.5e6)));
        heavy.weight = -0.5;
        assert_eq!(fz.featurize(&heavy, &mut out), Err(InvalidExample::Weight(-0.5)));
        assert!(fz.featurize(&example(1.0, &[("a", "x", -MAX_ABS_VALUE)]), &mut out).is_ok());
        assert_eq!(fz.featurize(&example(1.0, &[("a", "x", 2e12)]), &mut out), Err(InvalidExample::Value(2e12)));
        // Each factor is within the bound, their cross is not.
        let crossed = example(1.0, &[("a", "x", 1e7), ("b", "y", 1e7)]);
        assert_eq!(fz.featurize(&crossed, &mut out), Err(InvalidExample::Value(1e14)));
        // Nor may repeats add up beyond it.
        let summed = example(1.0, &[("c", "x", 0.75e12), ("c", "x", 0.75e12)]);
        assert_eq!(fz.featurize(&summed, &mut out), Err(InvalidExample::Value(1.5e12)));
        let message = InvalidExample::Value(2e12).to_string();
        assert!(message.contains("1e12"), "{message}");
    }

    #[test]
    fn appends_after_existing_features_and_rolls_back_on_error() {
        let mut fz = Featurizer::new(Loss::Logistic, vec![]);
        let mut out = vec![Feature { coordinate: 1, value: 1.0 }];
        fz.featurize(&example(1.0, &[("a", "x", 1.0)]), &mut out).unwrap();
        assert_eq!(out.len(), 3);
        assert!(fz.featurize(&example(7.0, &[("a", "x", 1.0)]), &mut out).is_err());
        assert_eq!(out.len(), 3);
    }

    #[test]
    fn repeat_filter_never_misses_a_repeat() {
        let distinct: Vec<Feature> = (0..30).map(|i| Feature { coordinate: i * 7919, value: 1.0 }).collect();
        assert!(!may_repeat_or_be_zero(&distinct));
        let mut repeated = distinct.clone();
        repeated.push(distinct[11]);
        assert!(may_repeat_or_be_zero(&repeated));
        let mut zero = distinct;
        zero[3].value = 0.0;
        assert!(may_repeat_or_be_zero(&zero));
    }

    #[test]
    fn cross_syntax() {
        assert_eq!("ab".parse::<Cross>(), Ok(Cross(b'a', b'b')));
        assert!("abc".parse::<Cross>().is_err());
        assert_eq!(Cross(b'x', b'y').to_string(), "xy");
    }
}
