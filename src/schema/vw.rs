//! Parser for Vowpal Wabbit text lines, following VW's own text grammar
//! (`vowpalwabbit/text_parser/src/parse_example_text.cc` and the simple label parser):
//!
//! ```text
//! line      = header [ '|' section ]*
//! header    = [ ... '\t' ] label [ importance [ base ] ] [ tag ]      (tokens split by spaces)
//! tag       = "'" text  |  text touching the first '|'
//! section   = [ namespace [ ':' scale ] ] ( (' ' | '\t') feature )*
//! feature   = name [ ':' value ]  |  ':' value  |  name ':' string
//! ```
//!
//! * The header is everything before the first `|`. VW drops it up to its first tab, splits
//!   the rest at spaces, and takes the last token as the tag when it starts with `'` or
//!   touches the `|` (`0.52 1 PFF/20091028|T PFF`): so `1|a x` is a line with the tag `1`
//!   and no label. The other tokens are the label, the importance weight and the base (the
//!   initial margin, added to the prediction).
//! * A section is a namespace (named by the text right after `|`, or the default
//!   namespace `""` when whitespace follows), an optional scale that multiplies its numeric
//!   values, and features separated by spaces or tabs. Names end at a space, tab, `:`, `|`
//!   or carriage return; VW has no escapes, so those characters can never be part of a
//!   name. Sections of one namespace may repeat; their features add up.
//! * A feature is `name` (value 1), `name:value`, `:value` (anonymous: VW numbers a
//!   section's anonymous features 0, 1, …, which here are the features named `0`, `1`, …, as
//!   in VW where a name of digits hashes as its number), or `name:string` when the value is
//!   not a number: the categorical feature `name=string`, value 1 (not scaled, as in VW),
//!   whose coordinate chains the hashes (`xxh3_64_with_seed(string, coordinate(ns, name))`).
//!
//! What VW reads with a warning and a guess (a value that is not a number, NaN, a scale
//! without a namespace, text after a value) is a bad line here, with the reason; see the
//! table of VW forms in docs/formats.md.

use super::{excerpt, ExampleBuf, ParseError};
use crate::learn::hashing;
use xxhash_rust::xxh3::xxh3_64_with_seed;

/// Parses one VW text line into `out`, which the caller has cleared.
pub(crate) fn parse(line: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    // VW strips a UTF-8 byte order mark at the start of any line.
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    let bar = line.as_bytes().iter().position(|&b| b == b'|');
    let header = &line[..bar.unwrap_or(line.len())];
    if bar.is_none() && header.trim_ascii().is_empty() {
        return Err(ParseError::Empty);
    }
    // A line without a label is a test example in VW: its features are read all the same
    // (a predictor can use them), and the missing label is reported last.
    let unlabeled = match parse_header(header, bar == Some(0), out) {
        Err(ParseError::NoLabel(reason)) => Some(reason),
        other => {
            other?;
            None
        }
    };
    if let Some(at) = bar {
        // VW stops reading features at a carriage return.
        let body = &line[at..];
        let body = &body[..body.as_bytes().iter().position(|&b| b == b'\r').unwrap_or(body.len())];
        parse_sections(body, out)?;
    }
    match unlabeled {
        Some(reason) => Err(ParseError::NoLabel(reason)),
        None => Ok(()),
    }
}

/// The label, importance weight, base and tag.
fn parse_header(header: &str, starts_with_bar: bool, out: &mut ExampleBuf) -> Result<(), ParseError> {
    if starts_with_bar {
        return Err(ParseError::NoLabel("the line starts with '|' (a test example in VW)"));
    }
    // VW ignores everything up to the header's first tab (an id column, say).
    let header = match header.as_bytes().iter().position(|&b| b == b'\t') {
        Some(tab) => &header[tab + 1..],
        None => header,
    };
    let mut words: [&str; 4] = [""; 4];
    let mut count = 0;
    let mut tokens = header.split(' ').filter(|t| !t.is_empty());
    for token in tokens.by_ref() {
        if count == words.len() {
            break;
        }
        words[count] = token;
        count += 1;
    }
    if count == words.len() && tokens.next().is_some() {
        count += 1;
    }
    // The last token is the tag when it starts with an apostrophe or touches the '|'.
    if count > 0 && count <= words.len() && (words[count - 1].starts_with('\'') || !header.ends_with(' ')) {
        let tag = words[count - 1];
        out.tag.push_str(tag.strip_prefix('\'').unwrap_or(tag));
        count -= 1;
    }
    match count {
        0 if header.split(' ').any(|t| !t.is_empty()) => Err(ParseError::NoLabel(
            "the only token before the first '|' is the tag (it starts with an apostrophe or touches the '|'; \
             VW reads such a line as a test example): put a space between the label and the '|'",
        )),
        0 => Err(ParseError::NoLabel("nothing before the first '|' (a test example in VW)")),
        1..=3 => {
            out.label = number(words[0]).ok_or_else(|| ParseError::Label(excerpt(words[0])))?;
            if count >= 2 {
                out.weight =
                    number(words[1]).filter(|w| *w >= 0.0).ok_or_else(|| ParseError::Weight(excerpt(words[1])))?;
            }
            if count == 3 {
                out.base = number(words[2]).ok_or_else(|| ParseError::Base(excerpt(words[2])))?;
            }
            Ok(())
        }
        // Most likely a feature whose '|' was forgotten; VW would ignore the whole label.
        _ => Err(ParseError::Feature(format!(
            "{} (before the first '|' there can be at most a label, an importance, a base and a tag)",
            excerpt(header.trim_ascii())
        ))),
    }
}

/// A finite number, or `None`: VW's parser reads the numbers `strtof` reads; infinities and
/// NaN (which VW turns into 0 or 1 with a warning) are refused.
#[inline]
fn number(token: &str) -> Option<f64> {
    super::finite(token)
}

/// Whether `byte` ends a name (VW's `read_name`).
#[inline(always)]
fn ends_name(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b':' | b'|')
}

/// Whether `byte` ends a value, a namespace or a feature (space, tab, `|`).
#[inline(always)]
fn ends_token(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'|')
}

/// Every section of `body`, which starts at the first `|` and holds no carriage return.
fn parse_sections(body: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    let bytes = body.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        // Every section starts at a '|' (a feature or a value ends only at a space, a tab
        // or a '|').
        debug_assert_eq!(bytes[at], b'|');
        at += 1;
        // The namespace: the default one when whitespace (or nothing) follows the '|'.
        let start = at;
        while at < bytes.len() && !ends_name(bytes[at]) {
            at += 1;
        }
        let namespace = &body[start..at];
        let mut scale = 1.0;
        if at < bytes.len() && bytes[at] == b':' {
            let value_start = at + 1;
            at = value_start;
            while at < bytes.len() && !ends_token(bytes[at]) {
                at += 1;
            }
            let text = &body[value_start..at];
            if namespace.is_empty() {
                return Err(ParseError::Feature(format!(
                    "|:{} (a scale needs a namespace name; VW drops the rest of such a line)",
                    excerpt(text)
                )));
            }
            scale =
                number(text).ok_or_else(|| ParseError::Value(format!("{}:{}", excerpt(namespace), excerpt(text))))?;
        }
        let seed = hashing::namespace_seed(namespace);
        let mut anonymous = 0u32;
        // Features, each after a space or a tab, until the next '|'.
        while at < bytes.len() && bytes[at] != b'|' {
            at += 1; // the space or tab
            if at >= bytes.len() || ends_token(bytes[at]) {
                continue;
            }
            let start = at;
            while at < bytes.len() && !ends_name(bytes[at]) {
                at += 1;
            }
            let name = &body[start..at];
            if at >= bytes.len() || bytes[at] != b':' {
                if scale != 0.0 {
                    out.push_named(namespace, name, hashing::coordinate(seed, name), scale)?;
                }
                continue;
            }
            at += 1;
            let value_start = at;
            while at < bytes.len() && !ends_token(bytes[at]) {
                at += 1;
            }
            let text = &body[value_start..at];
            if text.is_empty() {
                return Err(ParseError::Value(format!(
                    "{}: (no value after ':'; VW would take the next token as a string value)",
                    excerpt(name)
                )));
            }
            match number(text) {
                Some(value) => {
                    let value = value * scale;
                    if !value.is_finite() {
                        // Both factors finite, the product not.
                        return Err(ParseError::Value(excerpt(&body[start..at])));
                    }
                    if name.is_empty() {
                        let index = anonymous.to_string();
                        anonymous += 1;
                        if value != 0.0 {
                            out.push_named(namespace, &index, hashing::coordinate(seed, &index), value)?;
                        }
                    } else if value != 0.0 {
                        out.push_named(namespace, name, hashing::coordinate(seed, name), value)?;
                    }
                }
                None if starts_like_a_number(text) => {
                    return Err(ParseError::Value(excerpt(&body[start..at])));
                }
                None => {
                    // A string value: VW's token runs to the next space or tab, '|' included.
                    while at < bytes.len() && !matches!(bytes[at], b' ' | b'\t') {
                        at += 1;
                    }
                    let text = &body[value_start..at];
                    out.push_categorical(namespace, name, text, seed)?;
                }
            }
        }
    }
    Ok(())
}

/// Whether VW's float parser would read a number from the start of `text` (and then stop
/// at garbage, `x:1abc`, or turn it into NaN or infinity): such a value is a bad value,
/// not a string.
fn starts_like_a_number(text: &str) -> bool {
    let t = text.strip_prefix(['-', '+']).unwrap_or(text);
    text.starts_with(|c: char| matches!(c, '-' | '+' | '.') || c.is_ascii_digit())
        // VW's fast path reads `e5` as 0.
        || text.bytes().all(|b| matches!(b, b'e' | b'E' | b'-' | b'0'..=b'9'))
        || ["inf", "nan"].iter().any(|word| t.get(..3).is_some_and(|start| start.eq_ignore_ascii_case(word)))
}

/// The coordinate of the categorical feature `name:string` of a namespace with `seed`.
pub(crate) fn categorical_coordinate(seed: u64, name: &str, string: &str) -> u64 {
    xxh3_64_with_seed(string.as_bytes(), hashing::coordinate(seed, name))
}

impl ExampleBuf {
    /// Appends the categorical feature `name:string` (value 1), named `name=string` when
    /// names are kept.
    fn push_categorical(&mut self, namespace: &str, name: &str, string: &str, seed: u64) -> Result<(), ParseError> {
        let coordinate = categorical_coordinate(seed, name, string);
        if string.len() > super::MAX_NAME_BYTES {
            return Err(super::name_too_long(namespace, string));
        }
        if self.names.is_some() {
            self.push_named(namespace, &format!("{name}={string}"), coordinate, 1.0)
        } else {
            self.push_named(namespace, name, coordinate, 1.0)
        }
    }
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

    fn categorical(namespace: &str, name: &str, string: &str) -> u64 {
        categorical_coordinate(hashing::namespace_seed(namespace), name, string)
    }

    #[test]
    fn full_line() {
        let out = parsed("1 2.5 'id42|ns f1 f2:0.5 |ns2:2.0 g h:-3").unwrap();
        assert_eq!(out.label, 1.0);
        assert_eq!(out.weight, 2.5);
        assert_eq!(out.base, 0.0);
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
    fn a_tag_touching_the_bar_needs_no_apostrophe() {
        // The issue's line, from a VW data set.
        let out = parsed("0.52 1 PFF/20091028|T PFF |f t1:-0.02").unwrap();
        assert_eq!((out.label, out.weight, out.base), (0.52, 1.0, 0.0));
        assert_eq!(
            features(&out),
            vec![(b'T', feature_coordinate("T", "PFF"), 1.0), (b'f', feature_coordinate("f", "t1"), -0.02)]
        );
        // Label, importance, base, then the tag touching the '|'.
        let out = parsed("1 2 0.5 x7|a b").unwrap();
        assert_eq!((out.label, out.weight, out.base), (1.0, 2.0, 0.5));
        // With a space before the '|' the last token is not a tag but the importance.
        assert_eq!(parsed("1 2 |a b").unwrap().weight, 2.0);
        assert_eq!(parsed("1 2|a b").unwrap().weight, 1.0);
    }

    #[test]
    fn apostrophe_tags() {
        for line in ["1 'abc|a x", "1 'abc |a x", "1 0.5 'abc|a x", "1 '|a x", "1 0.5 0.1 'x |a x"] {
            let out = parsed(line).unwrap();
            assert_eq!(features(&out), vec![(b'a', feature_coordinate("a", "x"), 1.0)], "{line}");
        }
        assert_eq!(parsed("1 0.5 't|a x").unwrap().weight, 0.5);
    }

    #[test]
    fn label_importance_and_base() {
        let out = parsed("-1 0.25 -0.75 |a x").unwrap();
        assert_eq!((out.label, out.weight, out.base), (-1.0, 0.25, -0.75));
        // VW's float forms.
        for (token, value) in [("+1", 1.0), ("1.", 1.0), (".5", 0.5), ("-.5", -0.5), ("1e-2", 0.01), ("2E1", 20.0)] {
            assert_eq!(parsed(&format!("{token} |a x")).unwrap().label, value, "{token}");
        }
        // A line without '|' has no features; its last token touches the line's end.
        let out = parsed("1 0.5 ").unwrap();
        assert_eq!((out.label, out.weight), (1.0, 0.5));
        assert!(out.features.is_empty());
        assert_eq!(parsed("1 0.5").unwrap().weight, 1.0, "0.5 is the tag");
    }

    #[test]
    fn the_header_starts_after_its_first_tab() {
        let out = parsed("id-17\t1 0.5 |a x").unwrap();
        assert_eq!((out.label, out.weight), (1.0, 0.5));
        assert!(matches!(err("1\t|a x"), ParseError::NoLabel(_)));
    }

    #[test]
    fn lines_without_a_label_are_refused_with_the_reason() {
        for line in ["|a x", "  | x", "'tag |a x", "1|a x", "'tag|a x", "2.5'|a x", "3"] {
            match err(line) {
                ParseError::NoLabel(reason) => assert!(!reason.is_empty()),
                other => panic!("{line}: {other:?}"),
            }
        }
        assert!(err("1|a x").to_string().contains("put a space between the label and the '|'"));
        // The features are read all the same, for a predictor; a bad feature wins.
        let mut out = ExampleBuf::default();
        out.clear();
        assert!(matches!(parse("|a x y:2", &mut out), Err(ParseError::NoLabel(_))));
        assert_eq!(features(&out).len(), 2);
        assert!(matches!(err("|a x:nan"), ParseError::Value(_)));
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
        // A tab right after '|' is whitespace too, and so is a tab between features.
        let out = parsed("0 |\ta\tb |x\tc").unwrap();
        assert_eq!(
            features(&out),
            vec![
                (0, feature_coordinate("", "a"), 1.0),
                (0, feature_coordinate("", "b"), 1.0),
                (b'x', feature_coordinate("x", "c"), 1.0),
            ]
        );
        // Only spaces and tabs separate: a form feed is part of a name, as in VW.
        assert_eq!(features(&parsed("1 |a x\x0cy").unwrap()), vec![(b'a', feature_coordinate("a", "x\x0cy"), 1.0)]);
    }

    #[test]
    fn a_carriage_return_ends_the_features_as_in_vw() {
        let out = parsed("1 |a x\ry z").unwrap();
        assert_eq!(features(&out), vec![(b'a', feature_coordinate("a", "x"), 1.0)]);
    }

    #[test]
    fn namespace_scales() {
        let out = parsed("1 |a:2 x y:0.5 |b:-1 z").unwrap();
        assert_eq!(
            features(&out),
            vec![
                (b'a', feature_coordinate("a", "x"), 2.0),
                (b'a', feature_coordinate("a", "y"), 1.0),
                (b'b', feature_coordinate("b", "z"), -1.0),
            ]
        );
        // A scale may touch the next '|'.
        let out = parsed("1 |a:3|b x").unwrap();
        assert_eq!(features(&out), vec![(b'b', feature_coordinate("b", "x"), 1.0)]);
        assert!(parsed("1 |a:0 x y:2").unwrap().features.is_empty());
    }

    #[test]
    fn empty_and_repeated_namespaces() {
        let out = parsed("3 |").unwrap();
        assert_eq!(out.label, 3.0);
        assert!(out.features.is_empty());
        assert!(parsed("1 || |a |").unwrap().features.is_empty());
        assert!(parsed("1 |a   |b\t|").unwrap().features.is_empty());
        let out = parsed("1 |a x |b y |a z x").unwrap();
        assert_eq!(
            features(&out),
            vec![
                (b'a', feature_coordinate("a", "x"), 1.0),
                (b'b', feature_coordinate("b", "y"), 1.0),
                (b'a', feature_coordinate("a", "z"), 1.0),
                (b'a', feature_coordinate("a", "x"), 1.0),
            ]
        );
    }

    #[test]
    fn anonymous_features_are_numbered_per_section() {
        let out = parsed("1 |price :0.23 :0 :2 x |price :5").unwrap();
        assert_eq!(
            features(&out),
            vec![
                (b'p', feature_coordinate("price", "0"), 0.23),
                // `:0` took number 1 and is dropped.
                (b'p', feature_coordinate("price", "2"), 2.0),
                (b'p', feature_coordinate("price", "x"), 1.0),
                (b'p', feature_coordinate("price", "0"), 5.0),
            ]
        );
    }

    #[test]
    fn string_values_are_categorical_features() {
        let out = parsed("1 |a:2 color:red n:3 :blue").unwrap();
        assert_eq!(
            features(&out),
            vec![
                // Value 1: VW does not scale string values.
                (b'a', categorical("a", "color", "red"), 1.0),
                (b'a', feature_coordinate("a", "n"), 6.0),
                (b'a', categorical("a", "", "blue"), 1.0),
            ]
        );
        // The string runs to the next space or tab, as in VW: a '|' in it does not open a
        // namespace.
        let out = parsed("1 |a c:x|y z").unwrap();
        assert_eq!(
            features(&out),
            vec![(b'a', categorical("a", "c", "x|y"), 1.0), (b'a', feature_coordinate("a", "z"), 1.0)]
        );
        let mut out = ExampleBuf { names: Some(Vec::new()), ..ExampleBuf::default() };
        out.clear();
        parse("1 |a color:red", &mut out).unwrap();
        assert_eq!(out.names.unwrap(), vec![(categorical("a", "color", "red"), "a^color=red".to_string())]);
    }

    #[test]
    fn zero_values_are_skipped() {
        let out = parsed("1 |a x:0 y:-0 z |b:0 w").unwrap();
        assert_eq!(features(&out), vec![(b'a', feature_coordinate("a", "z"), 1.0)]);
    }

    #[test]
    fn names_are_utf8_and_a_backslash_is_a_plain_character() {
        let out = parsed("1 |é ü:1e-3 ^bias a\\b").unwrap();
        assert_eq!(
            features(&out),
            vec![
                (0xc3, feature_coordinate("é", "ü"), 1e-3),
                (0xc3, feature_coordinate("é", "^bias"), 1.0),
                (0xc3, feature_coordinate("é", "a\\b"), 1.0),
            ]
        );
        // VW has no escapes: `\|` still opens a namespace.
        let out = parsed("1 |a x\\|b y").unwrap();
        assert_eq!(
            features(&out),
            vec![(b'a', feature_coordinate("a", "x\\"), 1.0), (b'b', feature_coordinate("b", "y"), 1.0)]
        );
    }

    #[test]
    fn rejections() {
        assert_eq!(err(""), ParseError::Empty);
        assert_eq!(err(" \t\r\n"), ParseError::Empty);
        assert_eq!(err("yes |a x"), ParseError::Label("yes".into()));
        assert_eq!(err("nan |a x"), ParseError::Label("nan".into()));
        assert_eq!(err("inf |a x"), ParseError::Label("inf".into()));
        assert_eq!(err("1e400 |a x"), ParseError::Label("1e400".into()));
        assert_eq!(err("1 -1 |a x"), ParseError::Weight("-1".into()));
        assert_eq!(err("1 NaN |a x"), ParseError::Weight("NaN".into()));
        assert_eq!(err("1 infinity |a x"), ParseError::Weight("infinity".into()));
        assert_eq!(err("1 w |a x"), ParseError::Weight("w".into()));
        assert_eq!(err("1 'tag x |a y"), ParseError::Weight("'tag".into()));
        assert_eq!(err("1 0.5 x |a y"), ParseError::Base("x".into()));
        assert!(matches!(err("1 0.5 0 x |a y"), ParseError::Feature(t) if t.contains("at most")));
        assert!(matches!(err("1 0.5 0 x 'tag |a y"), ParseError::Feature(_)));
        assert!(matches!(err("1 |a :"), ParseError::Value(t) if t.contains("no value")));
        assert!(matches!(err("1 |a x:"), ParseError::Value(t) if t.contains("no value")));
        assert!(matches!(err("1 |a x: y"), ParseError::Value(t) if t.contains("no value")));
        assert_eq!(err("1 |a x:1:2"), ParseError::Value("x:1:2".into()));
        assert_eq!(err("1 |a x:1abc"), ParseError::Value("x:1abc".into()));
        assert_eq!(err("1 |a x:nan"), ParseError::Value("x:nan".into()));
        assert_eq!(err("1 |a x:-inf"), ParseError::Value("x:-inf".into()));
        assert_eq!(err("1 |a x:1e999"), ParseError::Value("x:1e999".into()));
        assert_eq!(err("1 |a x:0x1p3"), ParseError::Value("x:0x1p3".into()));
        assert_eq!(err("1 |a x:e5"), ParseError::Value("x:e5".into()));
        assert_eq!(err("1 |a:z x"), ParseError::Value("a:z".into()));
        assert_eq!(err("1 |a:inf x"), ParseError::Value("a:inf".into()));
        assert!(matches!(err("1 |:2 x"), ParseError::Feature(t) if t.contains("needs a namespace")));
        // Both factors finite, product not.
        assert_eq!(err("1 |a:1e200 x:1e200"), ParseError::Value("x:1e200".into()));
    }

    #[test]
    fn long_tokens_are_truncated_in_errors() {
        let line = format!("1 |a x:1{}", "é".repeat(1000));
        match err(&line) {
            ParseError::Value(text) => {
                assert!(text.chars().count() <= crate::schema::EXCERPT_CHARS + 1, "{text}");
                assert!(text.ends_with('…'));
            }
            other => panic!("{other:?}"),
        }
        let line = format!("1 |a x:{}", "é".repeat(crate::schema::MAX_NAME_BYTES));
        assert!(matches!(err(&line), ParseError::NameTooLong { .. }));
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
            // A scale needs a namespace name; `prop_map` below drops it from the default one.
            prop::option::of(prop_oneof![Just(1.0), Just(0.0), 1e-3..1e3f64, -1e3..-1e-3f64]),
            prop::collection::vec(("[^ \t\r\n|:]{1,8}", prop::option::of(value())), 0..6),
        )
            .prop_map(|(namespace, scale, features)| {
                let scale = if namespace.is_empty() { None } else { scale };
                (namespace, scale, features)
            })
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
            base in prop::option::of(-1e3..1e3f64),
            tag in prop::option::of("'?[a-z0-9]{1,5}"),
            glue in any::<bool>(),
            sections in prop::collection::vec(section(), 0..4),
        ) {
            let mut line = label.to_string();
            // A base needs an importance before it.
            let base = base.filter(|_| weight.is_some());
            if let Some(w) = weight {
                line += &format!(" {w}");
            }
            if let Some(b) = base {
                line += &format!(" {b}");
            }
            // A tag touching the '|' needs no apostrophe; one followed by a space does.
            let glue = glue && tag.is_some() && !sections.is_empty();
            if let Some(tag) = &tag {
                if glue || tag.starts_with('\'') {
                    line += &format!(" {tag}");
                } else {
                    line += &format!(" '{tag}");
                }
            }
            if sections.is_empty() {
                line.push(' ');
            }
            let mut expected = Vec::new();
            for (i, (namespace, scale, feats)) in sections.iter().enumerate() {
                // `1 'tag|ns x` and `1 tag|ns x`: a tag may touch the first `|`.
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
            prop_assert_eq!(out.base, base.unwrap_or(0.0));
            prop_assert_eq!(features(&out), expected);
        }
    }
}
