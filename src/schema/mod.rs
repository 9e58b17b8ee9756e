//! Examples as they are read: the text formats of embedded training (VW text, libsvm,
//! JSON lines) and the featurizer that turns a parsed example into coordinates (crosses,
//! bias, validation against the loss).
//!
//! Parsers are the first code that touches untrusted bytes; they never panic, and every
//! rejection says what was wrong.

pub mod featurize;
pub mod jsonl;
pub mod libsvm;
pub mod proto;
#[cfg(test)]
mod test_support;
pub mod vw;

use crate::learn::Feature;
use thiserror::Error;

/// Input formats accepted by the embedded trainer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Vowpal Wabbit text: `label [weight] ['tag]|ns a b:0.5 |other c`.
    Vw,
    /// libsvm / svmlight: `label index:value index:value ...` (namespace is empty).
    Libsvm,
    /// JSON lines: `{"label": 1, "weight": 1.0, "features": ["ns:name", {"ns": "c", "name": "x", "value": 0.5}]}`.
    Jsonl,
}

/// One example as a parser fills it: reused from line to line, so parsing allocates nothing
/// in the steady state. Parsers write `label`, `weight`, `features` and, in parallel with
/// `features`, `namespaces` (the first byte of each feature's namespace, 0 for the empty
/// namespace), which the featurizer uses to expand crosses.
#[derive(Clone, Debug, Default)]
pub struct ExampleBuf {
    pub label: f64,
    pub weight: f64,
    pub features: Vec<Feature>,
    pub namespaces: Vec<u8>,
    /// When `Some`, parsers also record `(coordinate, "namespace^name")` of every feature,
    /// so that a model can say which feature a coordinate is (`ftrl train --save-names`).
    pub names: Option<Vec<(u64, String)>>,
}

impl ExampleBuf {
    /// Empties the buffer for the next line (label 0, weight 1).
    pub fn clear(&mut self) {
        self.label = 0.0;
        self.weight = 1.0;
        self.features.clear();
        self.namespaces.clear();
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

    /// Appends one feature, recording its name when names are kept.
    #[inline(always)]
    pub fn push_named(&mut self, namespace: &str, name: &str, coordinate: u64, value: f64) {
        self.push(namespace.as_bytes().first().copied().unwrap_or(0), coordinate, value);
        if self.names.is_some() {
            self.record_name(namespace, name, coordinate);
        }
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

/// Why a line could not be parsed.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ParseError {
    #[error("empty line")]
    Empty,
    #[error("bad label {0:?}")]
    Label(String),
    #[error("bad importance weight {0:?}")]
    Weight(String),
    #[error("bad feature {0:?}")]
    Feature(String),
    #[error("bad feature value {0:?}")]
    Value(String),
    #[error("invalid JSON: {0}")]
    Json(String),
    #[error("line is not valid UTF-8")]
    Utf8,
    #[error("invalid protobuf: {0}")]
    Protobuf(String),
}

// Helpers shared by the parsers.

/// Longest piece of user input quoted back in an error, in characters: enough to recognise
/// the token, short enough that a megabyte-long garbage token cannot flood the log.
pub(crate) const EXCERPT_CHARS: usize = 64;

/// `text` cut to [`EXCERPT_CHARS`] characters, with `…` marking a cut.
pub(crate) fn excerpt(text: &str) -> String {
    excerpt_chars(text, EXCERPT_CHARS)
}

/// `text` cut to `max` characters (on a character boundary, so the cut never panics on
/// multi-byte UTF-8), with `…` marking a cut.
pub(crate) fn excerpt_chars(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// A finite float, or `None`. `str::parse` alone would accept `inf`, `NaN` and overflow
/// such as `1e400` (which becomes infinity), none of which a model can learn from.
#[inline]
pub(crate) fn finite(token: &str) -> Option<f64> {
    token.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// `text` split around the first `byte`. Tokens and sections are short, so a plain byte
/// scan beats both `str::split_once` with a char pattern (a sixth of the trainer's profile)
/// and SIMD memchr (whose set-up dominates on a few bytes). `byte` is ASCII, so both halves
/// are valid UTF-8.
#[inline]
pub(crate) fn split_once_byte(text: &str, byte: u8) -> Option<(&str, &str)> {
    let at = text.as_bytes().iter().position(|&b| b == byte)?;
    Some((&text[..at], &text[at + 1..]))
}

/// Parses one line of `format` into `out` (which is cleared first).
pub fn parse_line(format: Format, line: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    out.clear();
    match format {
        Format::Vw => vw::parse(line, out),
        Format::Libsvm => libsvm::parse(line, out),
        Format::Jsonl => jsonl::parse(line, out),
    }
}
