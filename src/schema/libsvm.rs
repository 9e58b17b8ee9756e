//! STUB: replaced by the parser helper's file.
use super::{ExampleBuf, ParseError};
use crate::learn::hashing::{coordinate, namespace_seed};

pub fn parse(line: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    let (label, rest) = line.split_once('|').ok_or(ParseError::Empty)?;
    out.label = label.trim().parse().map_err(|_| ParseError::Label(label.into()))?;
    for section in rest.split('|') {
        let mut tokens = section.split_ascii_whitespace();
        let ns = tokens.next().unwrap_or("");
        let seed = namespace_seed(ns);
        for t in tokens {
            out.push(ns.bytes().next().unwrap_or(0), coordinate(seed, t), 1.0);
        }
    }
    Ok(())
}
