//! Helpers shared by the parsers' tests.

use super::{ExampleBuf, ParseError};

pub(super) type Parser = fn(&str, &mut ExampleBuf) -> Result<(), ParseError>;

/// Parses `line` into a fresh buffer.
pub(super) fn parsed_with(parse: Parser, line: &str) -> Result<ExampleBuf, ParseError> {
    let mut out = ExampleBuf::default();
    out.clear();
    parse(line, &mut out).map(|()| out)
}

/// The error `line` must produce.
pub(super) fn err_with(parse: Parser, line: &str) -> ParseError {
    match parsed_with(parse, line) {
        Ok(out) => panic!("{line:?} parsed as {out:?}"),
        Err(e) => e,
    }
}

/// `(namespace key, coordinate, value)` of every parsed feature, in order.
pub(super) fn features(out: &ExampleBuf) -> Vec<(u8, u64, f64)> {
    out.namespaces.iter().zip(&out.features).map(|(&k, f)| (k, f.coordinate, f.value)).collect()
}
