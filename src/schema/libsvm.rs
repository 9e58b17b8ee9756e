//! Parser for libsvm / svmlight lines: `label index:value index:value ... # comment`.
//!
//! Every feature lives in the empty namespace (key 0) and is named by its index text exactly
//! as written, so `7` and `07` are different features. A `qid:N` token (svmlight's query id)
//! is ignored, and everything after `#` is a comment.

use super::{excerpt, finite, split_once_byte, ExampleBuf, ParseError};
use crate::learn::hashing;

/// Parses one libsvm line into `out`, which the caller has cleared.
pub(crate) fn parse(line: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    let data = split_once_byte(line, b'#').map_or(line, |(data, _comment)| data);
    let mut tokens = data.split_ascii_whitespace();
    // A comment-only line is as empty as a blank one: there is no example on it.
    let label = tokens.next().ok_or(ParseError::Empty)?;
    out.label = finite(label).ok_or_else(|| ParseError::Label(excerpt(label)))?;

    let seed = hashing::namespace_seed("");
    for token in tokens {
        let Some((index, value)) = split_once_byte(token, b':') else {
            return Err(ParseError::Feature(excerpt(token)));
        };
        if index.is_empty() {
            return Err(ParseError::Feature(excerpt(token)));
        }
        if index == "qid" {
            continue;
        }
        let value = finite(value).ok_or_else(|| ParseError::Value(excerpt(token)))?;
        if value != 0.0 {
            out.push_named("", index, hashing::coordinate(seed, index), value)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::hashing::feature_coordinate;
    use proptest::prelude::*;

    use crate::schema::test_support::{err_with, features, parsed_with};

    fn parsed(line: &str) -> Result<ExampleBuf, ParseError> {
        parsed_with(parse, line)
    }

    fn err(line: &str) -> ParseError {
        err_with(parse, line)
    }

    #[test]
    fn typical_line() {
        let out = parsed("+1 3:0.5 17:1 1024:-2e-3\r\n").unwrap();
        assert_eq!(out.label, 1.0);
        assert_eq!(out.weight, 1.0);
        assert_eq!(
            features(&out),
            vec![
                (0, feature_coordinate("", "3"), 0.5),
                (0, feature_coordinate("", "17"), 1.0),
                (0, feature_coordinate("", "1024"), -2e-3),
            ]
        );
    }

    #[test]
    fn qid_comments_zeros_and_index_text() {
        let out = parsed("2\tqid:7  1:1 2:0 07:3 # 9:9 comment").unwrap();
        assert_eq!(out.label, 2.0);
        assert_eq!(
            features(&out),
            vec![(0, feature_coordinate("", "1"), 1.0), (0, feature_coordinate("", "07"), 3.0),]
        );
        assert!(parsed("0").unwrap().features.is_empty());
        assert!(parsed("-1 #1:1").unwrap().features.is_empty());
        // The index is hashed as written, so `07` and `7` are distinct features.
        assert_ne!(feature_coordinate("", "07"), feature_coordinate("", "7"));
    }

    #[test]
    fn rejections() {
        assert_eq!(err(""), ParseError::Empty);
        assert_eq!(err("  \t\r\n"), ParseError::Empty);
        assert_eq!(err("# only a comment"), ParseError::Empty);
        assert_eq!(err("1:1 2:1"), ParseError::Label("1:1".into()));
        assert_eq!(err("pos 1:1"), ParseError::Label("pos".into()));
        assert_eq!(err("nan 1:1"), ParseError::Label("nan".into()));
        assert_eq!(err("1e309 1:1"), ParseError::Label("1e309".into()));
        assert_eq!(err("1,2 1:1"), ParseError::Label("1,2".into()));
        assert_eq!(err("1 7"), ParseError::Feature("7".into()));
        assert_eq!(err("1 :0.5"), ParseError::Feature(":0.5".into()));
        assert_eq!(err("1 7:"), ParseError::Value("7:".into()));
        assert_eq!(err("1 7:x"), ParseError::Value("7:x".into()));
        assert_eq!(err("1 7:inf"), ParseError::Value("7:inf".into()));
        assert_eq!(err("1 7:-1e999"), ParseError::Value("7:-1e999".into()));
        assert_eq!(err("1 7:1:2"), ParseError::Value("7:1:2".into()));
        let long = format!("1 7:{}", "9".repeat(500) + "x");
        assert!(matches!(err(&long), ParseError::Value(t) if t.chars().count() == 65));
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(line in ".{0,200}") {
            let mut out = ExampleBuf::default();
            let _ = parse(&line, &mut out);
        }

        #[test]
        fn libsvm_like_text_never_panics(line in "[-+0-9a-zé.eE:#qid \t]{0,80}") {
            let mut out = ExampleBuf::default();
            if parse(&line, &mut out).is_ok() {
                prop_assert_eq!(out.features.len(), out.namespaces.len());
                prop_assert!(out.label.is_finite());
                prop_assert!(out.features.iter().all(|f| f.value.is_finite() && f.value != 0.0));
            }
        }

        #[test]
        fn rendered_examples_round_trip(
            label in prop_oneof![Just(0.0), Just(1.0), Just(-1.0), -1e12..1e12f64],
            qid in prop::option::of(0..1000u32),
            feats in prop::collection::vec(
                (0..10_000_000u32, prop_oneof![Just(0.0), Just(1.0), -1e6..1e6f64, -1e-6..1e-6f64]),
                0..30,
            ),
            comment in prop::option::of("[ -~]{0,20}"),
        ) {
            let mut line = label.to_string();
            if let Some(q) = qid {
                line += &format!(" qid:{q}");
            }
            let mut expected = Vec::new();
            for (index, value) in &feats {
                line += &format!(" {index}:{value}");
                if *value != 0.0 {
                    expected.push((0, feature_coordinate("", &index.to_string()), *value));
                }
            }
            if let Some(c) = comment {
                line += &format!(" #{c}");
            }
            let out = parsed(&line).map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
            prop_assert_eq!(out.label, label);
            prop_assert_eq!(out.weight, 1.0);
            prop_assert_eq!(features(&out), expected);
        }
    }
}
