//! `ftrl gen`: a synthetic click log drawn from a known sparse logistic model, so a learner's
//! progressive loss can be judged against the best loss any model could reach on that data.
//!
//! # The generative model
//!
//! Every example has one value in each of `fields` categorical fields (1..=26). Field `i` is
//! written in namespace `'a' + i` (a single letter, so VW-style `-q ab` crosses address it by
//! its first letter).
//!
//! * **Cardinalities** grow geometrically with the field index: field `a` has
//!   `min(5, max_cardinality)` values, the last field has `max_cardinality`, and field `i` of
//!   `F` has `round(c_a · (max / c_a)^(i / (F − 1)))` (a lone field has `max_cardinality`).
//!   With the defaults (20 fields, 100 000) that is 5, 8, 14, 24, 40, 68, … , 100 000.
//! * **Values** are ranks `1..=cardinality` drawn from a Zipf law with exponent
//!   `zipf_exponent` (P(k) ∝ k^−s), so rank 1 is the most frequent value and the tail is long,
//!   as with real categorical CTR features. The feature name is the rank in decimal.
//! * **Weights.** Each (field, rank) has a true weight that is exactly 0 for half of the values
//!   and otherwise drawn from N(0, σ_i²), where σ_i falls linearly from
//!   [`FIELD_SCALE_FIRST`] (field `a`) to [`FIELD_SCALE_LAST`] (the last field). The weights
//!   are a hash of (seed, field, rank) rather than a stored table, so cardinalities can be huge;
//!   the seed alone fixes the whole model.
//! * **Crosses.** `crosses` true interactions between the field pairs (a,b), (c,d), (e,f), …
//!   add a weight per (rank_a, rank_b) pair, 0 for half the pairs and otherwise
//!   N(0, [`CROSS_SCALE`]²). A learner without the matching `--cross ab` stays above the
//!   Bayes loss however much data it sees; one with it can approach it.
//! * **Bias.** Chosen so that the expected margin over the value distribution is
//!   [`TARGET_MEAN_MARGIN`]; it absorbs the mean of the head values' weights, which would
//!   otherwise move the positive rate a lot from seed to seed.
//! * **Label** ~ Bernoulli(σ(margin)), margin = bias + Σ field weights + Σ cross weights.
//! * **Id fields** (`id_fields`, default 0) add namespaces `'A'`, `'B'`, … whose values are
//!   uniform over 2^40, so nearly every example brings new coordinates (a way to build models
//!   with tens of millions of coordinates). Their true weight is 0, and they come from their
//!   own random stream: adding id fields changes neither the categorical values nor the labels.
//!
//! # What the summary reports
//!
//! * `bayes_log_loss`: the mean over the generated examples of the binary entropy H(p_i) of
//!   the true probability (natural log), i.e. the expected log loss of the true model. No
//!   learner can beat it in expectation; a good one approaches it as it sees more data.
//! * `base_rate_log_loss`: H(positive rate), the loss of the best constant predictor. A
//!   learner's loss should fall from near this towards the Bayes loss.
//!
//! With the defaults the positive rate is about 25% and the Bayes loss about 0.42 against a
//! base-rate loss of about 0.56 (seed 1, 1M examples: 0.2498, 0.4166, 0.5621). Of the true
//! margin's variance (about 2.7), roughly a quarter comes from the three crosses.
//!
//! # Output formats
//!
//! * `vw`: `1 |a 3 |b 17 ... |A 918273645` with labels −1/+1 (VW's logistic loss wants them).
//! * `jsonl`: `{"label":1,"features":["a:3","b:17",...]}` with labels 0/1.
//! * `libsvm`: `1 3:1 10000000000017:1 ...` with labels 0/1; the index of categorical field
//!   `i` rank `k` is `i·10^13 + k`, of id field `j` value `v` it is `(26 + j)·10^13 + v`, so
//!   indices are stable, distinct per (field, value), increasing along a line, and below 2^53
//!   (exact even for readers that parse numbers as doubles).
//!
//! Output is a deterministic function of the configuration (for a given build of `rand`).

use crate::schema::Format;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::{Distribution, Zipf};
use std::io::{BufWriter, Write};
use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64_with_seed;

/// At most one categorical field per lowercase letter.
pub(crate) const MAX_FIELDS: usize = 26;
/// At most one id field per uppercase letter.
pub(crate) const MAX_ID_FIELDS: usize = 26;
/// Cardinality of field `a` (unless `max_cardinality` is smaller).
pub(crate) const MIN_CARDINALITY: u64 = 5;
/// Largest allowed `max_cardinality`: ranks must stay below [`LIBSVM_FIELD_STRIDE`].
pub(crate) const MAX_CARDINALITY: u64 = 1_000_000_000_000;
/// Distance between the libsvm index ranges of consecutive fields.
pub(crate) const LIBSVM_FIELD_STRIDE: u64 = 10_000_000_000_000;
/// Id-field values are uniform over `0..2^ID_BITS`.
pub(crate) const ID_BITS: u32 = 40;
/// Fraction of (field, value) and cross-cell weights that are exactly zero.
pub(crate) const ZERO_FRACTION: f64 = 0.5;
/// Standard deviation of the nonzero weights of field `a`.
pub(crate) const FIELD_SCALE_FIRST: f64 = 0.6;
/// Standard deviation of the nonzero weights of the last field.
pub(crate) const FIELD_SCALE_LAST: f64 = 0.3;
/// Standard deviation of the nonzero weights of the true crosses.
pub(crate) const CROSS_SCALE: f64 = 0.7;
/// Expected margin over the value distribution; sets the base rate.
pub(crate) const TARGET_MEAN_MARGIN: f64 = -1.6;

/// Ranks per field whose weights are precomputed. A field with at most this many values is
/// sampled from an alias table (one random word, two lookups), which is several times faster
/// than `rand_distr::Zipf`'s rejection sampler with its `powf` calls; larger fields fall back
/// to that sampler. The Zipf head covers most draws, so the weight table serves most lookups
/// even then, and it gives the field's mean weight for centering the bias.
const HEAD_RANKS: u64 = 1 << 17;
/// Ranks per side over which a cross's mean weight is estimated when centering the bias.
const CROSS_CENTER_RANKS: u64 = 256;
/// Tag bit that keeps cross-weight hash keys apart from field-weight keys.
const CROSS_TAG: u64 = 1 << 32;
/// Mixed into the seed of the id fields' random stream so it is independent of the main one.
const ID_STREAM: u64 = 0x9e37_79b9_7f4a_7c15;

/// What to generate. `ftrl gen` fills it from its flags.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GenConfig {
    pub examples: u64,
    pub fields: usize,
    pub id_fields: usize,
    pub crosses: usize,
    pub max_cardinality: u64,
    pub zipf_exponent: f64,
    pub seed: u64,
    pub format: Format,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            examples: 100_000,
            fields: 20,
            id_fields: 0,
            crosses: 3,
            max_cardinality: 100_000,
            zipf_exponent: 1.1,
            seed: 1,
            format: Format::Vw,
        }
    }
}

/// What was generated, and the losses a learner should be judged against.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct GenSummary {
    pub examples: u64,
    /// Fraction of examples labelled positive.
    pub positive_rate: f64,
    /// Mean binary entropy of the true probabilities (nats): the loss of the true model.
    pub bayes_log_loss: f64,
    /// Binary entropy of the positive rate (nats): the loss of the best constant predictor.
    pub base_rate_log_loss: f64,
    /// The true crosses as namespace pairs, e.g. `"ab"`, ready for `--cross`.
    pub crosses: Vec<String>,
}

#[derive(Debug, Error)]
pub(crate) enum GenError {
    #[error("writing generated examples: {0}")]
    Io(#[from] std::io::Error),
    #[error("bad generator config: {0}")]
    Config(String),
}

/// Generates `config.examples` examples into `out` and returns their summary.
///
/// `out` is buffered here, so passing an unbuffered file or stdout is fine.
pub(crate) fn generate(config: &GenConfig, out: &mut dyn Write) -> Result<GenSummary, GenError> {
    let truth = TrueModel::new(config)?;
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut id_rng = StdRng::seed_from_u64(config.seed ^ ID_STREAM);
    let mut out = BufWriter::with_capacity(1 << 17, out);
    let mut line = Vec::with_capacity(32 * (config.fields + config.id_fields) + 32);
    let mut ranks = vec![0u64; config.fields];
    let mut ids = vec![0u64; config.id_fields];

    let mut positives = 0u64;
    let mut entropy_sum = 0.0f64;
    for _ in 0..config.examples {
        truth.sample_ranks(&mut rng, &mut ranks);
        let margin = truth.margin(&ranks);
        let label = rng.random::<f64>() < sigmoid(margin);
        for id in &mut ids {
            *id = id_rng.random::<u64>() >> (64 - ID_BITS);
        }
        positives += u64::from(label);
        entropy_sum += entropy_of_margin(margin);

        line.clear();
        write_line(config.format, label, &ranks, &ids, &mut line);
        out.write_all(&line)?;
    }
    out.flush()?;

    let examples = config.examples as f64;
    let positive_rate = positives as f64 / examples;
    Ok(GenSummary {
        examples: config.examples,
        positive_rate,
        bayes_log_loss: entropy_sum / examples,
        base_rate_log_loss: binary_entropy(positive_rate),
        crosses: truth
            .crosses
            .iter()
            .map(|&(a, b)| [namespace(a), namespace(b)].iter().map(|&c| char::from(c)).collect())
            .collect(),
    })
}

/// Namespace letter of categorical field `i`.
fn namespace(field: usize) -> u8 {
    b'a' + field as u8
}

/// Namespace letter of id field `j`.
fn id_namespace(id_field: usize) -> u8 {
    b'A' + id_field as u8
}

struct Field {
    cardinality: u64,
    sampler: RankSampler,
    scale: f64,
    /// True weights of ranks `1..=table.len()`.
    table: Vec<f64>,
}

/// The true model: everything needed to draw an example's values and compute its margin.
struct TrueModel {
    seed: u64,
    bias: f64,
    fields: Vec<Field>,
    /// Field index pairs of the true crosses.
    crosses: Vec<(usize, usize)>,
}

impl TrueModel {
    fn new(config: &GenConfig) -> Result<TrueModel, GenError> {
        validate(config)?;
        let s = config.zipf_exponent;
        let last = config.fields - 1;
        let min_card = MIN_CARDINALITY.min(config.max_cardinality);
        let mut fields = Vec::with_capacity(config.fields);
        for i in 0..config.fields {
            // A lone field gets the largest cardinality: the user asked for that size.
            let t = if last == 0 { 1.0 } else { i as f64 / last as f64 };
            let ratio = config.max_cardinality as f64 / min_card as f64;
            let cardinality =
                ((min_card as f64 * ratio.powf(t)).round() as u64).clamp(min_card, config.max_cardinality);
            let scale = FIELD_SCALE_FIRST + (FIELD_SCALE_LAST - FIELD_SCALE_FIRST) * t;
            let sampler = if cardinality <= HEAD_RANKS {
                RankSampler::alias(&zipf_probabilities(cardinality, s))
            } else {
                RankSampler::Zipf(
                    Zipf::new(cardinality as f64, s)
                        .map_err(|e| GenError::Config(format!("zipf_exponent {s}: {e}")))?,
                )
            };
            let table = (1..=cardinality.min(HEAD_RANKS))
                .map(|rank| hashed_weight(config.seed, [i as u64, rank, 0], scale))
                .collect();
            fields.push(Field { cardinality, sampler, scale, table });
        }
        let crosses = (0..config.crosses).map(|j| (2 * j, 2 * j + 1)).collect();
        let mut model = TrueModel { seed: config.seed, bias: 0.0, fields, crosses };
        model.bias = TARGET_MEAN_MARGIN - model.mean_margin_without_bias(s);
        Ok(model)
    }

    /// Expected margin (bias excluded) under the Zipf value distribution, over the head ranks
    /// only: the tail's weights are zero-mean and each tail value is rare, so leaving it out
    /// moves the estimate very little and keeps this cheap for huge cardinalities.
    fn mean_margin_without_bias(&self, s: f64) -> f64 {
        let mut mean = 0.0;
        for field in &self.fields {
            let p = zipf_probabilities(field.table.len() as u64, s);
            mean += p.iter().zip(&field.table).map(|(p, w)| p * w).sum::<f64>();
        }
        for (j, &(a, b)) in self.crosses.iter().enumerate() {
            let pa = zipf_probabilities(self.fields[a].cardinality.min(CROSS_CENTER_RANKS), s);
            let pb = zipf_probabilities(self.fields[b].cardinality.min(CROSS_CENTER_RANKS), s);
            for (ra, qa) in (1..).zip(&pa) {
                for (rb, qb) in (1..).zip(&pb) {
                    mean += qa * qb * self.cross_weight(j, ra, rb);
                }
            }
        }
        mean
    }

    fn sample_ranks<R: Rng>(&self, rng: &mut R, ranks: &mut [u64]) {
        for (field, rank) in self.fields.iter().zip(ranks.iter_mut()) {
            *rank = match &field.sampler {
                RankSampler::Alias { thresholds, aliases } => {
                    // The high word of r·n is a uniform index and the low word an independent
                    // enough uniform coin for it, so one random word draws a rank.
                    let product = u128::from(rng.next_u64()) * thresholds.len() as u128;
                    let index = (product >> 64) as usize;
                    let coin = product as u64;
                    let chosen = if coin < thresholds[index] { index } else { aliases[index] as usize };
                    chosen as u64 + 1
                }
                // The sampler returns an integral float in [1, n]; the clamp only guards
                // rounding.
                RankSampler::Zipf(zipf) => (zipf.sample(rng) as u64).clamp(1, field.cardinality),
            };
        }
    }

    fn field_weight(&self, i: usize, rank: u64) -> f64 {
        let field = &self.fields[i];
        match field.table.get((rank - 1) as usize) {
            Some(&w) => w,
            None => hashed_weight(self.seed, [i as u64, rank, 0], field.scale),
        }
    }

    fn cross_weight(&self, j: usize, rank_a: u64, rank_b: u64) -> f64 {
        hashed_weight(self.seed, [CROSS_TAG | j as u64, rank_a, rank_b], CROSS_SCALE)
    }

    fn margin(&self, ranks: &[u64]) -> f64 {
        let mut margin = self.bias;
        for (i, &rank) in ranks.iter().enumerate() {
            margin += self.field_weight(i, rank);
        }
        for (j, &(a, b)) in self.crosses.iter().enumerate() {
            margin += self.cross_weight(j, ranks[a], ranks[b]);
        }
        margin
    }
}

/// P(rank = k) ∝ k^−s over ranks `1..=count`, normalized over those ranks.
fn zipf_probabilities(count: u64, s: f64) -> Vec<f64> {
    let raw: Vec<f64> = (1..=count).map(|k| (k as f64).powf(-s)).collect();
    let total: f64 = raw.iter().sum();
    raw.into_iter().map(|p| p / total).collect()
}

enum RankSampler {
    /// Walker/Vose alias table over ranks `1..=thresholds.len()`: slot `i` yields rank `i + 1`
    /// when the coin is below `thresholds[i]` (a probability scaled to 2^64), else rank
    /// `aliases[i] + 1`.
    Alias {
        thresholds: Vec<u64>,
        aliases: Vec<u32>,
    },
    Zipf(Zipf<f64>),
}

impl RankSampler {
    fn alias(probabilities: &[f64]) -> RankSampler {
        let n = probabilities.len();
        let mut scaled: Vec<f64> = probabilities.iter().map(|p| p * n as f64).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) = (0..n).partition(|&i| scaled[i] < 1.0);
        // Slots never paired below keep themselves as alias and always accept: that is where
        // rounding leaves their scaled mass, within a few ulps of 1.
        let mut thresholds = vec![u64::MAX; n];
        let mut aliases: Vec<u32> = (0..n as u32).collect();
        while let (Some(&lo), Some(&hi)) = (small.last(), large.last()) {
            small.pop();
            // `as` saturates, and scaled[lo] < 1, so this is the coin threshold.
            thresholds[lo] = (scaled[lo] * 18_446_744_073_709_551_616.0) as u64;
            aliases[lo] = hi as u32;
            scaled[hi] -= 1.0 - scaled[lo];
            if scaled[hi] < 1.0 {
                large.pop();
                small.push(hi);
            }
        }
        RankSampler::Alias { thresholds, aliases }
    }
}

fn validate(config: &GenConfig) -> Result<(), GenError> {
    let bad = |msg: String| Err(GenError::Config(msg));
    if config.examples == 0 {
        return bad("examples must be at least 1".into());
    }
    if config.format == Format::JsonEvents {
        return bad("format: gen writes vw, libsvm or jsonl examples, not raw events".into());
    }
    if config.fields == 0 || config.fields > MAX_FIELDS {
        return bad(format!("fields must be in 1..={MAX_FIELDS} (one namespace letter each), got {}", config.fields));
    }
    if config.id_fields > MAX_ID_FIELDS {
        return bad(format!(
            "id_fields must be at most {MAX_ID_FIELDS} (one uppercase letter each), got {}",
            config.id_fields
        ));
    }
    if 2 * config.crosses > config.fields {
        return bad(format!(
            "{} crosses need {} fields (pairs ab, cd, ...), only {} configured",
            config.crosses,
            2 * config.crosses,
            config.fields
        ));
    }
    if config.max_cardinality == 0 || config.max_cardinality > MAX_CARDINALITY {
        return bad(format!("max_cardinality must be in 1..={MAX_CARDINALITY}, got {}", config.max_cardinality));
    }
    if !(config.zipf_exponent.is_finite() && config.zipf_exponent >= 0.0) {
        return bad(format!("zipf_exponent must be finite and non-negative, got {}", config.zipf_exponent));
    }
    Ok(())
}

/// A weight that is 0 with probability [`ZERO_FRACTION`], else N(0, scale²), as a pure
/// function of (seed, key): reproducible without storing a table.
fn hashed_weight(seed: u64, key: [u64; 3], scale: f64) -> f64 {
    let mut bytes = [0u8; 24];
    for (chunk, word) in bytes.chunks_exact_mut(8).zip(key) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let h = xxh3_64_with_seed(&bytes, seed);
    let gate = (h >> 32) as f64 / 4_294_967_296.0;
    if gate < ZERO_FRACTION {
        return 0.0;
    }
    // Box–Muller on two independent uniforms: the low 32 bits of h (offset by one half so
    // ln never sees 0) and a remix of h for the angle.
    let u1 = ((h & 0xffff_ffff) as f64 + 0.5) / 4_294_967_296.0;
    let u2 = (splitmix64(h) >> 11) as f64 / 9_007_199_254_740_992.0;
    scale * (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn sigmoid(m: f64) -> f64 {
    1.0 / (1.0 + (-m).exp())
}

/// ln(1 + e^x) without overflow for large x or loss of precision for very negative x.
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// H(σ(m)) in nats, computed from the margin so it stays accurate where p is near 0 or 1.
fn entropy_of_margin(m: f64) -> f64 {
    let p = sigmoid(m);
    p * softplus(-m) + (1.0 - p) * softplus(m)
}

fn binary_entropy(p: f64) -> f64 {
    let term = |q: f64| if q > 0.0 { -q * q.ln() } else { 0.0 };
    term(p) + term(1.0 - p)
}

fn push_u64(buf: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[start..]);
}

fn write_line(format: Format, label: bool, ranks: &[u64], ids: &[u64], line: &mut Vec<u8>) {
    match format {
        Format::Vw => {
            line.extend_from_slice(if label { b"1" } else { b"-1" });
            let categorical = ranks.iter().enumerate().map(|(i, &r)| (namespace(i), r));
            let id = ids.iter().enumerate().map(|(j, &v)| (id_namespace(j), v));
            for (ns, value) in categorical.chain(id) {
                line.extend_from_slice(&[b' ', b'|', ns, b' ']);
                push_u64(line, value);
            }
        }
        // Refused by `validate`; written as JSON lines if it were not.
        Format::Jsonl | Format::JsonEvents => {
            line.extend_from_slice(if label { b"{\"label\":1,\"features\":[" } else { b"{\"label\":0,\"features\":[" });
            let categorical = ranks.iter().enumerate().map(|(i, &r)| (namespace(i), r));
            let id = ids.iter().enumerate().map(|(j, &v)| (id_namespace(j), v));
            for (n, (ns, value)) in categorical.chain(id).enumerate() {
                if n > 0 {
                    line.push(b',');
                }
                line.extend_from_slice(&[b'"', ns, b':']);
                push_u64(line, value);
                line.push(b'"');
            }
            line.extend_from_slice(b"]}");
        }
        Format::Libsvm => {
            line.push(if label { b'1' } else { b'0' });
            let categorical = ranks.iter().enumerate().map(|(i, &r)| i as u64 * LIBSVM_FIELD_STRIDE + r);
            let id = ids.iter().enumerate().map(|(j, &v)| (MAX_FIELDS + j) as u64 * LIBSVM_FIELD_STRIDE + v);
            for index in categorical.chain(id) {
                line.push(b' ');
                push_u64(line, index);
                line.extend_from_slice(b":1");
            }
        }
    }
    line.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(config: &GenConfig) -> (GenSummary, String) {
        let mut out = Vec::new();
        let summary = generate(config, &mut out).unwrap();
        (summary, String::from_utf8(out).unwrap())
    }

    fn small(format: Format) -> GenConfig {
        GenConfig { examples: 2_000, format, ..GenConfig::default() }
    }

    /// Ranks of the categorical fields and the id values of a VW line, by namespace.
    fn parse_vw(line: &str) -> (i32, Vec<(char, u64)>) {
        let mut parts = line.split('|');
        let label = parts.next().unwrap().trim().parse().unwrap();
        let features = parts
            .map(|part| {
                let mut tokens = part.split_whitespace();
                let ns = tokens.next().unwrap();
                let value = tokens.next().unwrap().parse().unwrap();
                assert_eq!(tokens.next(), None, "one feature per namespace: {part:?}");
                assert_eq!(ns.len(), 1, "namespace is one letter: {part:?}");
                (ns.chars().next().unwrap(), value)
            })
            .collect();
        (label, features)
    }

    #[test]
    fn same_seed_same_output_other_seed_differs() {
        for format in [Format::Vw, Format::Jsonl, Format::Libsvm] {
            let config = small(format);
            let (s1, out1) = run(&config);
            let (s2, out2) = run(&config);
            assert_eq!(s1, s2);
            assert_eq!(out1, out2);
            let (_, out3) = run(&GenConfig { seed: 2, ..config });
            assert_ne!(out1, out3);
        }
    }

    #[test]
    fn vw_lines_have_label_and_one_letter_namespaces() {
        let config = GenConfig { id_fields: 2, ..small(Format::Vw) };
        let (summary, out) = run(&config);
        let truth = TrueModel::new(&config).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len() as u64, summary.examples);
        for line in lines.iter().take(50) {
            let (label, features) = parse_vw(line);
            assert!(label == 1 || label == -1, "{line}");
            assert_eq!(features.len(), 22, "{line}");
            for (i, &(ns, rank)) in features.iter().take(20).enumerate() {
                assert_eq!(ns, char::from(b'a' + i as u8));
                assert!((1..=truth.fields[i].cardinality).contains(&rank), "{line}");
            }
            assert_eq!(features[20].0, 'A');
            assert_eq!(features[21].0, 'B');
            assert!(features[20].1 < 1 << ID_BITS);
        }
        assert!(out.starts_with("1 |a ") || out.starts_with("-1 |a "));
    }

    #[test]
    fn jsonl_lines_are_json_with_ns_colon_name_strings() {
        let (_, out) = run(&small(Format::Jsonl));
        for line in out.lines().take(50) {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let label = value["label"].as_i64().unwrap();
            assert!(label == 0 || label == 1, "{line}");
            let features = value["features"].as_array().unwrap();
            assert_eq!(features.len(), 20);
            for (i, f) in features.iter().enumerate() {
                let (ns, name) = f.as_str().unwrap().split_once(':').unwrap();
                assert_eq!(ns, char::from(b'a' + i as u8).to_string());
                assert!(name.parse::<u64>().unwrap() >= 1);
            }
        }
        assert!(out.starts_with("{\"label\":"));
    }

    #[test]
    fn libsvm_indices_encode_field_and_value_and_increase() {
        let config = GenConfig { id_fields: 1, ..small(Format::Libsvm) };
        let (_, out) = run(&config);
        for line in out.lines().take(50) {
            let mut tokens = line.split(' ');
            let label = tokens.next().unwrap();
            assert!(label == "0" || label == "1", "{line}");
            let indices: Vec<u64> = tokens
                .map(|t| {
                    let (index, value) = t.split_once(':').unwrap();
                    assert_eq!(value, "1");
                    index.parse().unwrap()
                })
                .collect();
            assert_eq!(indices.len(), 21);
            assert!(indices.windows(2).all(|w| w[0] < w[1]), "{line}");
            for (i, &index) in indices.iter().take(20).enumerate() {
                assert_eq!(index / LIBSVM_FIELD_STRIDE, i as u64);
                assert!(index % LIBSVM_FIELD_STRIDE >= 1);
            }
            assert_eq!(indices[20] / LIBSVM_FIELD_STRIDE, MAX_FIELDS as u64);
            assert!(indices[20] < 1 << 53);
        }
    }

    #[test]
    fn formats_carry_the_same_examples() {
        let (_, vw) = run(&small(Format::Vw));
        let (_, libsvm) = run(&small(Format::Libsvm));
        for (v, l) in vw.lines().zip(libsvm.lines()).take(100) {
            let (label, features) = parse_vw(v);
            let mut tokens = l.split(' ');
            assert_eq!(tokens.next().unwrap() == "1", label == 1);
            for ((_, rank), token) in features.iter().zip(tokens) {
                let index: u64 = token.split_once(':').unwrap().0.parse().unwrap();
                assert_eq!(index % LIBSVM_FIELD_STRIDE, *rank);
            }
        }
    }

    #[test]
    fn rates_and_losses_in_the_documented_range() {
        for seed in [1, 2, 3, 4, 5] {
            let config = GenConfig { examples: 100_000, seed, ..GenConfig::default() };
            let summary = generate(&config, &mut std::io::sink()).unwrap();
            assert!((0.15..=0.35).contains(&summary.positive_rate), "seed {seed}: {summary:?}");
            assert!((0.30..=0.52).contains(&summary.bayes_log_loss), "seed {seed}: {summary:?}");
            assert!(summary.bayes_log_loss < summary.base_rate_log_loss - 0.05, "seed {seed}: {summary:?}");
            assert_eq!(summary.crosses, ["ab", "cd", "ef"]);
        }
    }

    /// The summary's Bayes loss is what the true model actually scores on the written labels.
    #[test]
    fn true_model_scores_the_bayes_loss_on_its_own_labels() {
        let config = GenConfig { examples: 50_000, ..GenConfig::default() };
        let (summary, out) = run(&config);
        let truth = TrueModel::new(&config).unwrap();
        let mut loss = 0.0;
        for line in out.lines() {
            let (label, features) = parse_vw(line);
            let ranks: Vec<u64> = features.iter().map(|&(_, r)| r).collect();
            let m = truth.margin(&ranks);
            loss += if label == 1 { softplus(-m) } else { softplus(m) };
        }
        loss /= config.examples as f64;
        assert!((loss - summary.bayes_log_loss).abs() < 0.01, "{loss} vs {summary:?}");
    }

    #[test]
    fn crosses_matter_and_can_be_turned_off() {
        let with = generate(&GenConfig { examples: 20_000, ..GenConfig::default() }, &mut std::io::sink()).unwrap();
        let without =
            generate(&GenConfig { examples: 20_000, crosses: 0, ..GenConfig::default() }, &mut std::io::sink())
                .unwrap();
        assert!(without.crosses.is_empty());
        assert_ne!(with.bayes_log_loss, without.bayes_log_loss);
    }

    #[test]
    fn id_fields_are_distinct_and_leave_the_rest_unchanged() {
        let base = small(Format::Vw);
        let (_, plain) = run(&base);
        let (_, with_ids) = run(&GenConfig { id_fields: 3, ..base });
        let mut seen = std::collections::HashSet::new();
        for (p, w) in plain.lines().zip(with_ids.lines()) {
            let (label_p, features_p) = parse_vw(p);
            let (label_w, features_w) = parse_vw(w);
            assert_eq!(label_p, label_w);
            assert_eq!(features_p[..], features_w[..20]);
            for &(_, value) in &features_w[20..] {
                assert!(seen.insert(value), "id value {value} repeated");
            }
        }
        assert_eq!(seen.len(), 3 * 2_000);
    }

    #[test]
    fn cardinalities_spread_from_five_to_the_maximum() {
        let truth = TrueModel::new(&GenConfig::default()).unwrap();
        let cards: Vec<u64> = truth.fields.iter().map(|f| f.cardinality).collect();
        assert_eq!(cards[0], 5);
        assert_eq!(cards[19], 100_000);
        assert!(cards.windows(2).all(|w| w[0] < w[1]), "{cards:?}");
        let tiny =
            TrueModel::new(&GenConfig { max_cardinality: 3, fields: 4, crosses: 1, ..GenConfig::default() }).unwrap();
        assert!(tiny.fields.iter().all(|f| f.cardinality == 3));
    }

    #[test]
    fn alias_sampler_follows_the_zipf_law() {
        let p = zipf_probabilities(7, 1.1);
        let sampler = RankSampler::alias(&p);
        let field = Field { cardinality: 7, sampler, scale: 1.0, table: Vec::new() };
        let truth = TrueModel { seed: 1, bias: 0.0, fields: vec![field], crosses: Vec::new() };
        let mut rng = StdRng::seed_from_u64(9);
        let mut counts = [0u64; 7];
        let mut rank = [0u64];
        let draws = 400_000;
        for _ in 0..draws {
            truth.sample_ranks(&mut rng, &mut rank);
            counts[(rank[0] - 1) as usize] += 1;
        }
        for (k, (&count, &expected)) in counts.iter().zip(&p).enumerate() {
            let observed = count as f64 / draws as f64;
            assert!((observed - expected).abs() < 0.004, "rank {}: {observed} vs {expected}", k + 1);
        }
    }

    /// Fields beyond the alias-table size use `rand_distr::Zipf`; both kinds coexist.
    #[test]
    fn huge_cardinalities_use_the_rejection_sampler() {
        let config = GenConfig { examples: 2_000, max_cardinality: 10_000_000, ..GenConfig::default() };
        let truth = TrueModel::new(&config).unwrap();
        assert!(matches!(truth.fields[0].sampler, RankSampler::Alias { .. }));
        assert!(matches!(truth.fields[19].sampler, RankSampler::Zipf(_)));
        let (summary, out) = run(&config);
        assert!(summary.positive_rate > 0.05 && summary.positive_rate < 0.5);
        let mut beyond_head = false;
        for line in out.lines() {
            let (_, features) = parse_vw(line);
            let rank = features[19].1;
            assert!((1..=10_000_000).contains(&rank));
            beyond_head |= rank > HEAD_RANKS;
        }
        assert!(beyond_head, "the tail beyond the weight table is reached");
    }

    #[test]
    fn bad_config_is_rejected() {
        let ok = GenConfig::default();
        let bad = [
            GenConfig { fields: 0, ..ok.clone() },
            GenConfig { fields: 27, ..ok.clone() },
            GenConfig { id_fields: 27, ..ok.clone() },
            GenConfig { crosses: 11, ..ok.clone() },
            GenConfig { fields: 5, crosses: 3, ..ok.clone() },
            GenConfig { examples: 0, ..ok.clone() },
            GenConfig { max_cardinality: 0, ..ok.clone() },
            GenConfig { max_cardinality: MAX_CARDINALITY + 1, ..ok.clone() },
            GenConfig { zipf_exponent: -0.5, ..ok.clone() },
            GenConfig { zipf_exponent: f64::NAN, ..ok.clone() },
        ];
        for config in bad {
            let mut out = Vec::new();
            match generate(&config, &mut out) {
                Err(GenError::Config(_)) => assert!(out.is_empty()),
                other => panic!("{config:?} gave {other:?}"),
            }
        }
        assert!(generate(
            &GenConfig { fields: 26, crosses: 13, id_fields: 26, examples: 10, ..ok },
            &mut std::io::sink()
        )
        .is_ok());
    }
}
