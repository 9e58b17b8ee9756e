//! Parser for Vowpal Wabbit text lines:
//! `label [importance] ['tag]|ns f1 f2:0.5 |ns2:2.0 g h`.
//!
//! The header (everything before the first `|`) holds the label, an optional importance
//! weight and an optional `'tag`, which is ignored. Each `|` opens a namespace section: `|`
//! followed by whitespace is the default namespace `""`, otherwise the token right after `|`
//! names the namespace, optionally with a scale (`|ns:2.0`) that multiplies every value in
//! the section. A feature is `name` (value 1) or `name:value`, split at the first `:`.

use super::{excerpt, finite, split_once_byte, ExampleBuf, ParseError};
use crate::learn::hashing;

/// Parses one VW text line into `out`, which the caller has cleared.
pub fn parse(line: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    let (header, body) = match split_once_byte(line, b'|') {
        Some((header, body)) => (header, Some(body)),
        None => (line, None),
    };
    parse_header(header, body.is_some(), out)?;
    let mut rest = body;
    while let Some(text) = rest {
        let section = match split_once_byte(text, b'|') {
            Some((section, more)) => {
                rest = Some(more);
                section
            }
            None => {
                rest = None;
                text
            }
        };
        parse_section(section, out)?;
    }
    Ok(())
}

/// Label, then an optional importance weight, then an optional `'tag`; nothing else may
/// precede the first `|`.
fn parse_header(header: &str, has_body: bool, out: &mut ExampleBuf) -> Result<(), ParseError> {
    let mut tokens = header.split_ascii_whitespace();
    let label = match tokens.next() {
        Some(token) if !token.starts_with('\'') => token,
        Some(tag) => return Err(ParseError::Label(format!("<missing> before {}", excerpt(tag)))),
        None if has_body => return Err(ParseError::Label("<missing>".to_owned())),
        None => return Err(ParseError::Empty),
    };
    out.label = finite(label).ok_or_else(|| ParseError::Label(excerpt(label)))?;

    let mut next = tokens.next();
    if let Some(token) = next.filter(|t| !t.starts_with('\'')) {
        out.weight = finite(token).filter(|w| *w >= 0.0).ok_or_else(|| ParseError::Weight(excerpt(token)))?;
        next = tokens.next();
    }
    if next.is_some_and(|t| t.starts_with('\'')) {
        next = tokens.next();
    }
    match next {
        // Anything left over is most likely a feature whose `|` was forgotten; dropping it
        // silently would train on a different example than the producer meant.
        Some(extra) => Err(ParseError::Feature(format!("{} (before any '|')", excerpt(extra)))),
        None => Ok(()),
    }
}

/// One namespace section: the text between a `|` and the next `|` (or the line's end).
fn parse_section(section: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    let mut tokens = section.split_ascii_whitespace();
    // `|` directly followed by whitespace (or by nothing) is the default namespace; otherwise
    // the first token is the namespace itself.
    let namespace_token =
        if section.starts_with(|c: char| !c.is_ascii_whitespace()) { tokens.next().unwrap_or("") } else { "" };
    let (namespace, scale) = match split_once_byte(namespace_token, b':') {
        None => (namespace_token, 1.0),
        Some((name, scale)) => (name, finite(scale).ok_or_else(|| ParseError::Value(excerpt(namespace_token)))?),
    };
    let seed = hashing::namespace_seed(namespace);

    for token in tokens {
        let (name, value) = split_once_byte(token, b':').unwrap_or((token, ""));
        if name.is_empty() {
            return Err(ParseError::Feature(excerpt(token)));
        }
        let value = if name.len() == token.len() {
            // The common case of a bare indicator feature needs no float parsing at all.
            scale
        } else {
            finite(value)
                .map(|v| v * scale)
                // The product can overflow even when both factors are finite.
                .filter(|v| v.is_finite())
                .ok_or_else(|| ParseError::Value(excerpt(token)))?
        };
        if value != 0.0 {
            out.push_named(namespace, name, hashing::coordinate(seed, name), value)?;
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
    fn full_line() {
        let out = parsed("1 2.5 'id42|ns f1 f2:0.5 |ns2:2.0 g h:-3").unwrap();
        assert_eq!(out.label, 1.0);
        assert_eq!(out.weight, 2.5);
        assert_eq!(
            features(&out),
            vec![
                (b'n', feature_coordinate("ns", "f1"), 1.0),
                (b'n', feature_coordinate("ns", "f2"), 0.5),
                (b'n', feature_coordinate("ns2", "g"), 2.0),
                (b'n', feature_coordinate("ns2", "h"), -6.0),
            ]
        );
    }

    #[test]
    fn default_namespace_and_whitespace() {
        let out = parsed("-1 | a b:2\t|x  c \r\n").unwrap();
        assert_eq!(out.label, -1.0);
        assert_eq!(out.weight, 1.0);
        assert_eq!(
            features(&out),
            vec![
                (0, feature_coordinate("", "a"), 1.0),
                (0, feature_coordinate("", "b"), 2.0),
                (b'x', feature_coordinate("x", "c"), 1.0),
            ]
        );
        // A tab right after `|` is whitespace too, and `|:2` scales the default namespace.
        let out = parsed("0 |\ta |:2 b").unwrap();
        assert_eq!(features(&out), vec![(0, feature_coordinate("", "a"), 1.0), (0, feature_coordinate("", "b"), 2.0),]);
    }

    #[test]
    fn tags() {
        for line in ["1 'abc|a x", "1 'abc |a x", "1 0.5 'abc|a x", "1 '|a x"] {
            let out = parsed(line).unwrap();
            assert_eq!(features(&out), vec![(b'a', feature_coordinate("a", "x"), 1.0)]);
        }
        assert_eq!(parsed("1 0.5 't|a x").unwrap().weight, 0.5);
    }

    #[test]
    fn no_features_and_empty_sections() {
        let out = parsed("3").unwrap();
        assert_eq!(out.label, 3.0);
        assert!(out.features.is_empty());
        assert!(parsed("1 |").unwrap().features.is_empty());
        assert!(parsed("1 || |a |").unwrap().features.is_empty());
    }

    #[test]
    fn zero_values_are_skipped() {
        let out = parsed("1 |a x:0 y:-0 z |b:0 w").unwrap();
        assert_eq!(features(&out), vec![(b'a', feature_coordinate("a", "z"), 1.0)]);
    }

    #[test]
    fn value_splits_at_first_colon_and_names_are_utf8() {
        let out = parsed("1 |é ü:1e-3 ^bias").unwrap();
        assert_eq!(
            features(&out),
            vec![(0xc3, feature_coordinate("é", "ü"), 1e-3), (0xc3, feature_coordinate("é", "^bias"), 1.0),]
        );
        assert!(matches!(err("1 |a x:1:2"), ParseError::Value(t) if t == "x:1:2"));
    }

    #[test]
    fn rejections() {
        assert_eq!(err(""), ParseError::Empty);
        assert_eq!(err(" \t\r\n"), ParseError::Empty);
        assert!(matches!(err("|a x"), ParseError::Label(_)));
        assert!(matches!(err("  | x"), ParseError::Label(_)));
        assert!(matches!(err("'tag |a x"), ParseError::Label(_)));
        assert_eq!(err("yes |a x"), ParseError::Label("yes".into()));
        assert_eq!(err("nan |a x"), ParseError::Label("nan".into()));
        assert_eq!(err("inf |a x"), ParseError::Label("inf".into()));
        assert_eq!(err("1e400 |a x"), ParseError::Label("1e400".into()));
        assert_eq!(err("1 -1 |a x"), ParseError::Weight("-1".into()));
        assert_eq!(err("1 NaN |a x"), ParseError::Weight("NaN".into()));
        assert_eq!(err("1 infinity |a x"), ParseError::Weight("infinity".into()));
        assert_eq!(err("1 w |a x"), ParseError::Weight("w".into()));
        assert!(matches!(err("1 0.5 x |a y"), ParseError::Feature(t) if t.starts_with("x ")));
        assert!(matches!(err("1 'tag x |a y"), ParseError::Feature(_)));
        assert!(matches!(err("1 0.5 2"), ParseError::Feature(_)));
        assert_eq!(err("1 |a :0.5"), ParseError::Feature(":0.5".into()));
        assert_eq!(err("1 |a :"), ParseError::Feature(":".into()));
        assert_eq!(err("1 |a x:"), ParseError::Value("x:".into()));
        assert_eq!(err("1 |a x:abc"), ParseError::Value("x:abc".into()));
        assert_eq!(err("1 |a x:nan"), ParseError::Value("x:nan".into()));
        assert_eq!(err("1 |a x:-inf"), ParseError::Value("x:-inf".into()));
        assert_eq!(err("1 |a x:1e999"), ParseError::Value("x:1e999".into()));
        assert_eq!(err("1 |a:z x"), ParseError::Value("a:z".into()));
        assert_eq!(err("1 |a:inf x"), ParseError::Value("a:inf".into()));
        // Both factors finite, product not.
        assert_eq!(err("1 |a:1e200 x:1e200"), ParseError::Value("x:1e200".into()));
    }

    #[test]
    fn long_tokens_are_truncated_in_errors() {
        let line = format!("1 |a x:{}", "é".repeat(1000));
        match err(&line) {
            ParseError::Value(text) => {
                assert!(text.chars().count() <= crate::schema::EXCERPT_CHARS + 1, "{text}");
                assert!(text.ends_with('…'));
            }
            other => panic!("{other:?}"),
        }
    }

    /// Reuses one buffer the way the reader does, and prints the rate. Run with
    /// `cargo test --release --lib schema::vw -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn parse_rate() {
        let line = "1 0.5 'ad123|user age_30 gender_f country_de lang:0.7 tz:2 \
                    |ad id_998877 campaign_12 creative_5 size_300x250 pos:1.5 \
                    |ctx hour_14 dow_3 site_abc section_news device_mobile os_android \
                    browser_chrome depth:3 ref_search slot_2";
        let mut out = ExampleBuf::default();
        out.clear();
        parse(line, &mut out).unwrap();
        assert_eq!(out.features.len(), 20);
        let n = 5_000_000;
        let start = std::time::Instant::now();
        for _ in 0..n {
            out.clear();
            parse(std::hint::black_box(line), &mut out).unwrap();
            std::hint::black_box(&out);
        }
        let secs = start.elapsed().as_secs_f64();
        println!("vw: {:.2} M lines/s (20 features)", n as f64 / secs / 1e6);
    }

    /// A namespace and its features as generated for the round trip: `(name, scale, [(name,
    /// value)])`, with `None` for "no `:value` written" (value 1).
    type Section = (String, Option<f64>, Vec<(String, Option<f64>)>);

    fn value() -> impl Strategy<Value = f64> {
        prop_oneof![Just(0.0), Just(1.0), -1e6..1e6f64, -1e-3..1e-3f64]
    }

    fn section() -> impl Strategy<Value = Section> {
        (
            prop_oneof![Just(String::new()), "[a-zA-Z_][a-zA-Z0-9_.]{0,6}"],
            prop::option::of(prop_oneof![Just(1.0), Just(0.0), 1e-3..1e3f64, -1e3..-1e-3f64]),
            prop::collection::vec(("[^ \t\r\n\x0b\x0c|:]{1,8}", prop::option::of(value())), 0..6),
        )
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(line in ".{0,200}") {
            let mut out = ExampleBuf::default();
            let _ = parse(&line, &mut out);
        }

        #[test]
        fn vw_like_text_never_panics(line in "[-+0-9a-zé.eE:|' \t]{0,80}") {
            let mut out = ExampleBuf::default();
            if parse(&line, &mut out).is_ok() {
                prop_assert_eq!(out.features.len(), out.namespaces.len());
                prop_assert!(out.label.is_finite() && out.weight.is_finite() && out.weight >= 0.0);
                prop_assert!(out.features.iter().all(|f| f.value.is_finite() && f.value != 0.0));
            }
        }

        #[test]
        fn rendered_examples_round_trip(
            label in -1e9..1e9f64,
            weight in prop::option::of(0.0..1e3f64),
            tag in prop::option::of("'[a-z0-9]{0,5}"),
            glue in any::<bool>(),
            sections in prop::collection::vec(section(), 0..4),
        ) {
            let mut line = label.to_string();
            if let Some(w) = weight {
                line += &format!(" {w}");
            }
            if let Some(tag) = &tag {
                line += &format!(" {tag}");
            }
            let mut expected = Vec::new();
            for (i, (namespace, scale, feats)) in sections.iter().enumerate() {
                // `1 'tag|ns x` and `1|ns x` are valid too: nothing needs to separate the
                // header from the first `|`.
                if !(glue && i == 0) {
                    line.push(' ');
                }
                line.push('|');
                line += namespace;
                if let Some(s) = scale {
                    line += &format!(":{s}");
                }
                line.push(' ');
                for (name, v) in feats {
                    line += name;
                    if let Some(v) = v {
                        line += &format!(":{v}");
                    }
                    line.push(' ');
                    let v = v.unwrap_or(1.0) * scale.unwrap_or(1.0);
                    if v != 0.0 {
                        let key = namespace.as_bytes().first().copied().unwrap_or(0);
                        expected.push((key, feature_coordinate(namespace, name), v));
                    }
                }
            }
            let out = parsed(&line).map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
            prop_assert_eq!(out.label, label);
            prop_assert_eq!(out.weight, weight.unwrap_or(1.0));
            prop_assert_eq!(features(&out), expected);
        }
    }
}
