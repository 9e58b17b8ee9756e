//! An example from its bytes to its features, the one way every path reads examples: a
//! line of a file (`ftrl train`), a record of the examples topic (the predict role, `ftrl
//! train --from-topic`) and an example posted to `ftrl serve` all go through an
//! [`ExampleReader`]. It parses the bytes as their format says into an [`ExampleBuf`] (the
//! text formats' parsers, [`RecordDecoder`] for records, a [`Mapping`] for raw events), then
//! the [`Featurizer`] validates the example against the loss and appends its features:
//! the parsed ones, their quadratic crosses between namespaces, and the bias, with repeated
//! coordinates merged.

use super::framing::{unframe, Framing};
use super::mapping::Mapping;
use super::proto::{decode_example, RecordFormat, MAX_MESSAGE_BYTES};
use super::{jsonl, libsvm, name_too_long, vw, Format, ParseError, MAX_NAME_BYTES};
use crate::learn::hashing::{bias, cross};
use crate::learn::loss::LabelError;
use crate::learn::{Feature, Loss};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use thiserror::Error;

/// How an [`ExampleReader`]'s bytes are parsed.
#[derive(Clone, Debug)]
pub enum Reading {
    /// A line of an example file.
    Line(LineFormat),
    /// A record of the examples topic.
    Record(RecordDecoder),
}

/// How a line of an example file is parsed: a text format (`--format`), or raw JSON events
/// with the mapping that makes them examples (`--mapping`).
#[derive(Clone, Debug)]
pub enum LineFormat {
    Vw,
    Libsvm,
    Jsonl,
    JsonEvents(Arc<Mapping>),
}

impl LineFormat {
    /// The format `--format` names, with the mapping `--mapping` loaded: raw events need
    /// one, and only they take one.
    pub fn new(format: Format, mapping: Option<Arc<Mapping>>) -> Result<Self, FormatMappingError> {
        match (format, mapping) {
            (Format::Vw, None) => Ok(LineFormat::Vw),
            (Format::Libsvm, None) => Ok(LineFormat::Libsvm),
            (Format::Jsonl, None) => Ok(LineFormat::Jsonl),
            (Format::JsonEvents, Some(mapping)) => Ok(LineFormat::JsonEvents(mapping)),
            _ => Err(FormatMappingError),
        }
    }
}

/// A line format and a mapping that do not go together.
#[derive(Debug, Error, Clone, PartialEq)]
#[error("--format json-events needs --mapping FILE, and --mapping needs --format json-events")]
pub struct FormatMappingError;

/// What one line or record held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// An example, its features appended; `labeled` is false only for an unlabeled line
    /// read by a reader [`keeping_unlabeled`](ExampleReader::keeping_unlabeled).
    Example { labeled: bool },
    /// A line without an example (blank, or only a comment). Records are never blank: an
    /// empty record is a bad one.
    Blank,
}

/// Why a line or record is not an example.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ExampleError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    Invalid(#[from] InvalidExample),
}

/// Reads examples from their bytes to their features (see the module documentation); holds
/// the parsed example and scratch space, so one per thread.
#[derive(Clone, Debug)]
pub struct ExampleReader {
    reading: Reading,
    featurizer: Featurizer,
    /// Unlabeled lines are examples to predict rather than bad lines.
    keep_unlabeled: bool,
    example: ExampleBuf,
}

impl ExampleReader {
    pub fn new(reading: Reading, featurizer: Featurizer) -> Self {
        // VW reads a line whose namespaces are empty as an example of the bias alone.
        let featurizer =
            if matches!(reading, Reading::Line(LineFormat::Vw)) { featurizer.accepting_empty() } else { featurizer };
        Self { reading, featurizer, keep_unlabeled: false, example: ExampleBuf::default() }
    }

    /// The same reader reading a line without a label as an example to predict.
    pub fn keeping_unlabeled(mut self) -> Self {
        self.keep_unlabeled = true;
        self
    }

    /// The same reader recording every feature's name (see [`ExampleBuf::names`]).
    pub(crate) fn keeping_names(mut self) -> Self {
        self.example.names = Some(Vec::new());
        self
    }

    /// Reads one line or record and appends its example's features to `features`; on error
    /// `features` is left as it was. [`example`](Self::example) then holds its label,
    /// weight and base.
    pub fn read(&mut self, bytes: &[u8], features: &mut Vec<Feature>) -> Result<Read, ExampleError> {
        let parsed = match &self.reading {
            Reading::Record(decoder) => {
                decoder.decode(bytes, &mut self.example)?;
                Ok(())
            }
            Reading::Line(format) => {
                let text = std::str::from_utf8(bytes).map_err(|_| ParseError::Utf8)?;
                parse_line(format, text, &mut self.example)
            }
        };
        let labeled = match parsed {
            Ok(()) => true,
            Err(ParseError::Empty) => return Ok(Read::Blank),
            Err(ParseError::NoLabel(_) | ParseError::MissingLabel { .. }) if self.keep_unlabeled => false,
            Err(e) => return Err(e.into()),
        };
        if labeled {
            self.featurizer.featurize(&self.example, features)?;
        } else {
            self.featurizer.featurize_unlabeled(&self.example, features)?;
        }
        if let Some(mut names) = self.example.names.take() {
            let mut crossed = Vec::new();
            self.featurizer.cross_names(&self.example, &names, &mut crossed);
            names.extend(crossed);
            self.example.names = Some(names);
        }
        Ok(Read::Example { labeled })
    }

    /// The example last read.
    pub fn example(&self) -> &ExampleBuf {
        &self.example
    }

    /// The `(coordinate, name)` pairs recorded since the last call, with
    /// [`keeping_names`](Self::keeping_names).
    pub(crate) fn take_names(&mut self) -> impl Iterator<Item = (u64, String)> + '_ {
        self.example.names.iter_mut().flat_map(|names| names.drain(..))
    }
}

// The parsed form.

/// One example as a parser fills it: reused from line to line, so parsing allocates nothing
/// in the steady state. Parsers write `label`, `weight`, `features` and, in parallel with
/// `features`, `namespaces` (the first byte of each feature's namespace, 0 for the empty
/// namespace), which the featurizer uses to expand crosses.
#[derive(Clone, Debug, Default)]
pub struct ExampleBuf {
    pub label: f64,
    pub weight: f64,
    /// The initial margin, added to the model's (VW's "base" or "initial"; 0 in every
    /// other format).
    pub base: f64,
    pub features: Vec<Feature>,
    pub namespaces: Vec<u8>,
    /// When `Some`, parsers also record `(coordinate, "namespace^name")` of every feature,
    /// so that a model can say which feature a coordinate is (`ftrl train --save-names`).
    pub names: Option<Vec<(u64, String)>>,
    /// VW's tag (without its apostrophe), empty when the line has none or in other formats.
    pub tag: String,
}

impl ExampleBuf {
    /// Empties the buffer for the next line (label 0, weight 1).
    pub fn clear(&mut self) {
        self.label = 0.0;
        self.weight = 1.0;
        self.base = 0.0;
        self.features.clear();
        self.namespaces.clear();
        self.tag.clear();
        if let Some(names) = &mut self.names {
            names.clear();
        }
    }

    /// Appends one feature of a namespace whose first byte is `namespace_key`.
    #[inline]
    pub fn push(&mut self, namespace_key: u8, coordinate: u64, value: f64) {
        self.features.push(Feature { coordinate, value });
        self.namespaces.push(namespace_key);
    }

    /// Appends one feature, recording its name when names are kept; refuses a name or
    /// namespace longer than [`MAX_NAME_BYTES`] and a feature beyond [`MAX_FEATURES`], so
    /// that one hostile line cannot make the buffer grow without bound.
    #[inline(always)]
    pub(crate) fn push_named(
        &mut self,
        namespace: &str,
        name: &str,
        coordinate: u64,
        value: f64,
    ) -> Result<(), ParseError> {
        if namespace.len() > MAX_NAME_BYTES || name.len() > MAX_NAME_BYTES {
            return Err(name_too_long(namespace, name));
        }
        if self.features.len() >= MAX_FEATURES {
            return Err(ParseError::TooManyFeatures);
        }
        self.push(namespace.as_bytes().first().copied().unwrap_or(0), coordinate, value);
        if self.names.is_some() {
            self.record_name(namespace, name, coordinate);
        }
        Ok(())
    }

    // Out of line: naming is opt-in, and formatting inline slowed the hot parse loop.
    #[cold]
    #[inline(never)]
    fn record_name(&mut self, namespace: &str, name: &str, coordinate: u64) {
        if let Some(names) = &mut self.names {
            names.push((coordinate, format!("{namespace}^{name}")));
        }
    }
}

/// Parses one line of `format` into `out` (which is cleared first).
pub fn parse_line(format: &LineFormat, line: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    out.clear();
    match format {
        LineFormat::Vw => vw::parse(line, out),
        LineFormat::Libsvm => libsvm::parse(line, out),
        LineFormat::Jsonl => jsonl::parse(line, out),
        LineFormat::JsonEvents(mapping) => mapping.parse(line, out),
    }
}

// Records of the examples topic.

/// Decodes examples-topic records as the configuration says.
#[derive(Clone, Debug)]
pub struct RecordDecoder {
    format: RecordFormat,
    framing: Framing,
    schema_id: Option<u32>,
}

impl RecordDecoder {
    /// A decoder of `format` records framed by `framing`.
    pub fn new(format: RecordFormat, framing: Framing, schema_id: Option<u32>) -> Self {
        Self { format, framing, schema_id }
    }

    /// Decodes one record's value into `out` (cleared first; after an error it holds part
    /// of the example).
    pub fn decode(&self, bytes: &[u8], out: &mut ExampleBuf) -> Result<(), ParseError> {
        out.clear();
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(ParseError::TooLarge { bytes: bytes.len(), limit: MAX_MESSAGE_BYTES });
        }
        let (message, _frame) = unframe(self.framing, self.format.example_format(), self.schema_id, bytes)?;
        decode_example(&self.format, message, out)
    }
}

// Features.

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

/// Which namespaces' features an example keeps, by their first byte.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NamespaceFilter {
    /// Every namespace.
    #[default]
    All,
    /// All but these (VW's --ignore).
    Ignore(String),
    /// Only these (VW's --keep).
    Keep(String),
}

impl NamespaceFilter {
    pub(crate) fn is_all(&self) -> bool {
        *self == NamespaceFilter::All
    }

    /// Whether features of a namespace starting with `byte` are dropped (the default
    /// namespace `""` is byte 0, as elsewhere: VW's is a space).
    pub(crate) fn drops(&self, byte: u8) -> bool {
        let named = |letters: &str| letters.bytes().any(|b| b == byte || (b == b' ' && byte == 0));
        match self {
            NamespaceFilter::All => false,
            NamespaceFilter::Ignore(letters) => named(letters),
            NamespaceFilter::Keep(letters) => !named(letters),
        }
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
    /// Namespaces (by first byte) whose features are dropped (VW's --ignore and --keep).
    dropped: Box<[bool; 256]>,
    /// Whether the bias is added (VW's --noconstant removes it).
    with_bias: bool,
    first: Vec<usize>,
    second: Vec<usize>,
}

impl Featurizer {
    pub fn new(loss: Loss, crosses: Vec<Cross>) -> Self {
        Self {
            loss,
            crosses,
            bias: bias(),
            empty_ok: false,
            dropped: Box::new([false; 256]),
            with_bias: true,
            first: Vec::new(),
            second: Vec::new(),
        }
    }

    /// The same featurizer dropping the features of the namespaces `filter` drops, and the
    /// bias too when `no_bias`.
    pub(crate) fn with_namespaces(mut self, filter: &NamespaceFilter, no_bias: bool) -> Self {
        for byte in 0..=255u8 {
            self.dropped[byte as usize] = filter.drops(byte);
        }
        self.with_bias = !no_bias;
        self
    }

    /// The names of the crosses of `example`, whose features are named in `names` (one per
    /// feature, in order, as parsers record them): `a^x*b^y`, as VW's --invert_hash says.
    pub(crate) fn cross_names(&mut self, example: &ExampleBuf, names: &[(u64, String)], out: &mut Vec<(u64, String)>) {
        if names.len() != example.features.len() {
            return;
        }
        for &Cross(a, b) in &self.crosses {
            if self.dropped[a as usize] || self.dropped[b as usize] {
                continue;
            }
            for (i, _) in example.namespaces.iter().enumerate().filter(|(_, ns)| **ns == a) {
                for (j, _) in example.namespaces.iter().enumerate().filter(|(_, ns)| **ns == b) {
                    if a == b && j < i {
                        continue;
                    }
                    let coordinate = cross(example.features[i].coordinate, example.features[j].coordinate);
                    out.push((coordinate, format!("{}*{}", names[i].1, names[j].1)));
                }
            }
        }
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
        let dropping = self.dropped.iter().any(|d| *d);
        if dropping {
            let kept = example.features.iter().zip(&example.namespaces).filter(|(_, ns)| !self.dropped[**ns as usize]);
            out.extend(kept.map(|(f, _)| *f));
        } else {
            out.extend_from_slice(&example.features);
        }
        for &Cross(a, b) in &self.crosses {
            if self.dropped[a as usize] || self.dropped[b as usize] {
                continue;
            }
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
                    // Crossing a namespace with itself takes each unordered pair once, and
                    // each feature with itself, as VW's -q does (without --permutations).
                    if a == b && j < i {
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
        if self.with_bias {
            out.push(Feature { coordinate: self.bias, value: 1.0 });
        }
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
    use crate::schema::framing::frame;
    use crate::schema::mapping::MappingSpec;
    use crate::schema::proto::{encode_example, ExampleFormat};
    use crate::schema::test_support::features;

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
    fn self_cross_takes_unordered_pairs_and_squares_as_vw() {
        let ex = example(0.0, &[("a", "x", 1.0), ("a", "y", 1.0), ("a", "z", 3.0)]);
        let mut fz = Featurizer::new(Loss::Logistic, vec!["aa".parse().unwrap()]);
        let mut out = Vec::new();
        fz.featurize(&ex, &mut out).unwrap();
        assert_eq!(out.len(), 3 + 6 + 1);
        let z = feature_coordinate("a", "z");
        assert_eq!(out.iter().find(|f| f.coordinate == cross(z, z)).map(|f| f.value), Some(9.0));
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

    fn decoded(decoder: &RecordDecoder, bytes: &[u8]) -> Result<ExampleBuf, ParseError> {
        let mut out = ExampleBuf::default();
        decoder.decode(bytes, &mut out).map(|()| out)
    }

    #[test]
    fn framed_records_decode_as_unframed_ones() {
        let proto = encode_example(1.0, Some(2.0), &[("a", "x", 1.0), ("b", "y", 0.5)]);
        let json = br#"{"label": 1, "weight": 2, "features": ["a:x", {"ns": "b", "name": "y", "value": 0.5}]}"#;
        for (format, message) in [(RecordFormat::Protobuf, &proto[..]), (RecordFormat::Json, &json[..])] {
            let plain = RecordDecoder::new(format.clone(), Framing::None, None);
            let framed = RecordDecoder::new(format.clone(), Framing::SchemaRegistry, Some(9));
            let format = format.example_format();
            let expected = decoded(&plain, message).unwrap();
            let got = decoded(&framed, &frame(format, 9, &[0], message)).unwrap();
            assert_eq!((got.label, got.weight, features(&got)), (expected.label, expected.weight, features(&expected)));
            assert_eq!(features(&got).len(), 2);
            // The unframed record is refused by the framed decoder, with the reason.
            let e = decoded(&framed, message).unwrap_err();
            assert!(e.to_string().contains("magic byte"), "{e}");
            let e = decoded(&framed, &frame(format, 8, &[0], message)).unwrap_err();
            assert!(e.to_string().contains("schema id 8"), "{e}");
        }
    }

    #[test]
    fn raw_events_decode_through_the_mapping_framed_or_not() {
        let spec: MappingSpec =
            serde_json::from_str(r#"{"label": {"field": "clicked"}, "features": [{"field": "user.country"}]}"#)
                .unwrap();
        let format = RecordFormat::JsonEvents(Arc::new(Mapping::new(&spec).unwrap()));
        let event = br#"{"clicked": true, "user": {"country": "FR"}}"#;
        let plain = RecordDecoder::new(format.clone(), Framing::None, None);
        let framed = RecordDecoder::new(format, Framing::SchemaRegistry, None);
        for (decoder, bytes) in [(&plain, event.to_vec()), (&framed, frame(ExampleFormat::JsonEvents, 1, &[], event))] {
            let out = decoded(decoder, &bytes).unwrap();
            assert_eq!(out.label, 1.0);
            assert_eq!(features(&out), vec![(b'c', feature_coordinate("country", "FR"), 1.0)]);
        }
        assert_eq!(decoded(&plain, b" ").unwrap_err(), ParseError::Json("an empty record".into()));
    }

    fn reader(reading: Reading) -> ExampleReader {
        ExampleReader::new(reading, Featurizer::new(Loss::Logistic, vec!["ab".parse().unwrap()]))
    }

    #[test]
    fn a_line_is_parsed_then_featurized_and_features_append() {
        let mut lines = reader(Reading::Line(LineFormat::Vw));
        let mut features = vec![Feature { coordinate: 7, value: 1.0 }];
        assert_eq!(lines.read(b"1 2 |a x |b y", &mut features), Ok(Read::Example { labeled: true }));
        let (ax, by) = (feature_coordinate("a", "x"), feature_coordinate("b", "y"));
        let coordinates: Vec<u64> = features.iter().map(|f| f.coordinate).collect();
        assert_eq!(coordinates, vec![7, ax, by, cross(ax, by), bias()]);
        assert_eq!((lines.example().label, lines.example().weight), (1.0, 2.0));
        // Blank lines and comments are not examples; VW reads empty namespaces as the bias.
        assert_eq!(lines.read(b"", &mut features), Ok(Read::Blank));
        assert_eq!(lines.read(b"1 |a", &mut features), Ok(Read::Example { labeled: true }));
        assert_eq!(features.last().map(|f| f.coordinate), Some(bias()));
        // A bad line leaves the features as they were.
        let before = features.len();
        assert_eq!(lines.read(b"\xff", &mut features), Err(ExampleError::Parse(ParseError::Utf8)));
        assert!(matches!(lines.read(b"7 |a x", &mut features), Err(ExampleError::Invalid(InvalidExample::Label(_)))));
        assert_eq!(features.len(), before);
    }

    #[test]
    fn unlabeled_lines_are_examples_only_when_kept() {
        let line = b"|a x";
        let mut features = Vec::new();
        let mut strict = reader(Reading::Line(LineFormat::Vw));
        assert!(matches!(strict.read(line, &mut features), Err(ExampleError::Parse(ParseError::NoLabel(_)))));
        let mut keeping = reader(Reading::Line(LineFormat::Vw)).keeping_unlabeled();
        assert_eq!(keeping.read(line, &mut features), Ok(Read::Example { labeled: false }));
        assert_eq!(features.len(), 2);
    }

    #[test]
    fn records_are_never_blank_and_names_are_kept_when_asked() {
        let mut records = reader(Reading::Record(RecordDecoder::new(RecordFormat::Json, Framing::None, None)));
        let mut features = Vec::new();
        assert!(records.read(b"", &mut features).is_err());
        let message = encode_example(0.0, None, &[("a", "x", 1.0)]);
        let mut named =
            reader(Reading::Record(RecordDecoder::new(RecordFormat::Protobuf, Framing::None, None))).keeping_names();
        assert_eq!(named.read(&message, &mut features), Ok(Read::Example { labeled: true }));
        assert_eq!(named.take_names().collect::<Vec<_>>(), vec![(feature_coordinate("a", "x"), "a^x".to_string())]);
        assert_eq!(named.take_names().count(), 0);
    }
}
