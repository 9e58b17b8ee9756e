//! Examples as they are read and written. `example` is the one way from an example's bytes
//! to its features (every path reads through its `ExampleReader`); the formats it parses
//! are the text formats of embedded training (`vw`, `libsvm`, `jsonl`), raw JSON events
//! (`mapping`), the examples topic's messages (`proto`, with `framing`), and this module
//! holds their shared error and helpers.
//!
//! Parsers are the first code that touches untrusted bytes; they never panic, and every
//! rejection says what was wrong.

pub mod example;
pub mod framing;
pub mod jsonl;
pub(crate) mod libsvm;
pub mod mapping;
pub mod proto;
#[cfg(test)]
mod test_support;
pub(crate) mod vw;

use example::MAX_FEATURES;
pub use example::{parse_line, ExampleBuf};
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
    /// Raw JSON events, one per line, made examples by a mapping (`--mapping FILE`).
    #[value(name = "json-events")]
    #[serde(rename = "json-events")]
    JsonEvents,
}

/// Longest namespace or feature name, in bytes. Real names are identifiers or short values
/// (a URL path is rarely over 200 bytes); 1 KiB leaves room for those while bounding the
/// hashing work and the `--save-names` storage one hostile feature can cost.
pub(crate) const MAX_NAME_BYTES: usize = 1024;

#[cold]
pub(crate) fn name_too_long(namespace: &str, name: &str) -> ParseError {
    let long = if namespace.len() > MAX_NAME_BYTES { namespace } else { name };
    ParseError::NameTooLong { bytes: long.len(), start: excerpt(long) }
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
    #[error("bad base (initial margin) {0:?}")]
    Base(String),
    #[error("no label: {0}")]
    NoLabel(&'static str),
    /// The label's field is absent (or null in a raw event): an example to predict, not to
    /// learn from (see [`example::ExampleReader::keeping_unlabeled`]).
    #[error("field {field}: missing: the label")]
    MissingLabel { field: String },
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
    #[error("name of {bytes} bytes is longer than the limit of {MAX_NAME_BYTES}: {start:?}")]
    NameTooLong { bytes: usize, start: String },
    #[error("more than {MAX_FEATURES} features")]
    TooManyFeatures,
    #[error("message of {bytes} bytes is larger than the limit of {limit}")]
    TooLarge { bytes: usize, limit: usize },
    #[error("schema-registry framing: {0}")]
    Framing(String),
    /// A raw event's field the mapping cannot use.
    #[error("field {field}: {reason}")]
    Field { field: String, reason: String },
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

#[cfg(test)]
mod tests {
    use super::example::LineFormat;
    use super::proto::{decode_example, encode_example, RecordFormat};
    use super::*;

    fn parse(format: &LineFormat, line: &str) -> Result<ExampleBuf, ParseError> {
        let mut out = ExampleBuf::default();
        parse_line(format, line, &mut out).map(|()| out)
    }

    #[test]
    fn names_longer_than_the_limit_are_refused_in_every_format() {
        let ok = "n".repeat(MAX_NAME_BYTES);
        let long = "n".repeat(MAX_NAME_BYTES + 1);
        for (format, fits, too_long) in [
            (LineFormat::Vw, format!("1 |{ok} {ok}"), format!("1 |a {long}")),
            (LineFormat::Vw, format!("1 |{ok} x"), format!("1 |{long} x")),
            (LineFormat::Libsvm, format!("1 {ok}:1"), format!("1 {long}:1")),
            (
                LineFormat::Jsonl,
                format!(r#"{{"label":1,"features":["{ok}:{ok}"]}}"#),
                format!(r#"{{"label":1,"features":["{long}:x"]}}"#),
            ),
            (
                LineFormat::Jsonl,
                format!(r#"{{"label":1,"features":["a:{ok}"]}}"#),
                format!(r#"{{"label":1,"features":[{{"name":"{long}"}}]}}"#),
            ),
        ] {
            assert!(parse(&format, &fits).is_ok(), "{format:?}");
            match parse(&format, &too_long) {
                Err(ParseError::NameTooLong { bytes, start }) => {
                    assert_eq!(bytes, MAX_NAME_BYTES + 1);
                    assert!(start.chars().count() <= EXCERPT_CHARS + 1, "the error quotes only the start");
                }
                other => panic!("{format:?}: {other:?}"),
            }
        }
        let mut out = ExampleBuf::default();
        let proto = encode_example(1.0, None, &[("a", &long, 1.0)]);
        assert!(matches!(
            decode_example(&RecordFormat::Protobuf, &proto, &mut out),
            Err(ParseError::NameTooLong { .. })
        ));
    }

    #[test]
    fn more_features_than_the_limit_are_refused_while_parsing() {
        let line = format!("1 |a {}", "x ".repeat(MAX_FEATURES));
        assert_eq!(parse(&LineFormat::Vw, &line).unwrap().features.len(), MAX_FEATURES);
        let line = format!("1 |a {}", "x ".repeat(MAX_FEATURES + 1));
        assert_eq!(parse(&LineFormat::Vw, &line).unwrap_err(), ParseError::TooManyFeatures);
        let features: Vec<String> = (0..=MAX_FEATURES).map(|i| format!("{i}:1")).collect();
        assert_eq!(
            parse(&LineFormat::Libsvm, &format!("1 {}", features.join(" "))).unwrap_err(),
            ParseError::TooManyFeatures
        );
    }

    #[test]
    fn oversized_messages_are_refused_before_decoding() {
        let mut out = ExampleBuf::default();
        let big = vec![b' '; proto::MAX_MESSAGE_BYTES + 1];
        for format in [RecordFormat::Protobuf, RecordFormat::Json] {
            let e = decode_example(&format, &big, &mut out).unwrap_err();
            assert_eq!(
                e,
                ParseError::TooLarge { bytes: proto::MAX_MESSAGE_BYTES + 1, limit: proto::MAX_MESSAGE_BYTES }
            );
            assert!(e.to_string().contains("limit of 1048576"), "{e}");
        }
    }
}
