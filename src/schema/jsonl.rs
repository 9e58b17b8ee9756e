//! Parser for JSON lines:
//! `{"label": 1, "weight": 1.0, "features": ["ns:name", {"ns": "c", "name": "x", "value": 0.5}]}`.
//!
//! `label` (a number) and `features` (an array, possibly empty) are required (a line without
//! `label` is an example to predict where unlabeled ones are read: `ftrl predict`, `serve`); `weight` is
//! optional (default 1, finite and non-negative). A string feature `"ns:name"` splits at its
//! first `:` (no `:` means namespace `""`) and has value 1. An object feature needs `name`;
//! `ns` defaults to `""` and `value` to 1; any other key in it is an error, since a
//! misspelt `"value"` would otherwise silently train with value 1. Unknown top-level keys
//! are ignored, because producers add ids and timestamps.
//!
//! The line is walked with serde visitors that hash each feature as soon as it is read and
//! push it straight into the [`ExampleBuf`]: nothing is allocated per feature unless an
//! object feature's `ns` or `name` contains a JSON escape.

use super::{excerpt, excerpt_chars, split_once_byte, ExampleBuf, ParseError, EXCERPT_CHARS};
use crate::learn::hashing;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;

/// Parses one JSON line into `out`, which the caller has cleared.
pub fn parse(line: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
    if line.trim_ascii().is_empty() {
        return Err(ParseError::Empty);
    }
    let mut ctx = Context { out, failure: None, reading: Reading::Structure };
    let mut de = serde_json::Deserializer::from_str(line);
    let result = LineSeed(&mut ctx).deserialize(&mut de).and_then(|()| de.end());
    match result {
        Ok(()) => Ok(()),
        Err(e) => Err(ctx.failure.take().unwrap_or_else(|| ctx.reading.error(&e))),
    }
}

/// What the walk was reading when serde_json failed: serde's errors do not say which field
/// they belong to, and a bad label should be reported as a bad label.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reading {
    Structure,
    Label,
    Weight,
    Features,
    Value,
}

impl Reading {
    fn error(self, e: &serde_json::Error) -> ParseError {
        use serde_json::error::Category;
        // The error is shown through `{:?}`, which would backslash every `"` in serde's
        // message (`invalid type: string "x"`). The message wraps the offending token in
        // prose and a position, so it gets room for both.
        let text = excerpt_chars(&e.to_string().replace('"', "'"), 2 * EXCERPT_CHARS);
        // serde_json reports an overflowing number (`1e400`) as a syntax error, so for a
        // scalar field syntax errors count as a bad value too; a line cut short is not the
        // field's fault.
        let scalar_fault = matches!(e.classify(), Category::Data | Category::Syntax);
        match self {
            Reading::Label if scalar_fault => ParseError::Label(text),
            Reading::Weight if scalar_fault => ParseError::Weight(text),
            Reading::Value if scalar_fault => ParseError::Value(text),
            Reading::Features if e.classify() == Category::Data => ParseError::Feature(text),
            _ => ParseError::Json(text),
        }
    }
}

/// State shared by the visitors of one line.
struct Context<'a> {
    out: &'a mut ExampleBuf,
    /// The precise error when a visitor, not serde_json, rejected the line; it wins over the
    /// generic serde error that unwinds the walk.
    failure: Option<ParseError>,
    reading: Reading,
}

impl Context<'_> {
    /// Records `failure` and returns the error that stops serde's walk.
    fn fail<E: de::Error>(&mut self, failure: ParseError) -> E {
        let e = E::custom(&failure);
        self.failure = Some(failure);
        e
    }

    /// Hashes and stores one feature; `shown` is what an error quotes.
    fn push<E: de::Error>(&mut self, namespace: &str, name: &str, value: f64, shown: &str) -> Result<(), E> {
        if name.is_empty() {
            return Err(self.fail(ParseError::Feature(excerpt(shown))));
        }
        if !value.is_finite() {
            return Err(self.fail(ParseError::Value(excerpt(shown))));
        }
        if value != 0.0 {
            let coordinate = hashing::coordinate(hashing::namespace_seed(namespace), name);
            if let Err(e) = self.out.push_named(namespace, name, coordinate, value) {
                return Err(self.fail(e));
            }
        }
        Ok(())
    }

    /// Reads one map value while `reading` says which field it is, for error reports.
    fn read<'de, A, S>(&mut self, map: &mut A, reading: Reading, seed: S) -> Result<S::Value, A::Error>
    where
        A: MapAccess<'de>,
        S: DeserializeSeed<'de>,
    {
        let outer = std::mem::replace(&mut self.reading, reading);
        let value = map.next_value_seed(seed)?;
        self.reading = outer;
        Ok(value)
    }
}

/// Top-level keys; matched on the borrowed key text, so reading a key allocates nothing.
enum TopKey {
    Label,
    Weight,
    Features,
    Other,
}

/// Keys of an object feature.
enum FeatureKey {
    Ns,
    Name,
    Value,
}

/// Deserializes a key through `classify` without allocating.
struct KeySeed<F>(F);

impl<'de, K, F: Fn(&str) -> K> DeserializeSeed<'de> for KeySeed<F> {
    type Value = K;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<K, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, K, F: Fn(&str) -> K> Visitor<'de> for KeySeed<F> {
    type Value = K;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<K, E> {
        Ok((self.0)(key))
    }
}

fn top_key(key: &str) -> TopKey {
    match key {
        "label" => TopKey::Label,
        "weight" => TopKey::Weight,
        "features" => TopKey::Features,
        _ => TopKey::Other,
    }
}

/// A JSON number as f64. serde_json already rejects numbers beyond f64's range (`1e400`)
/// instead of rounding them to infinity.
struct Number;

impl<'de> DeserializeSeed<'de> for Number {
    type Value = f64;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<f64, D::Error> {
        deserializer.deserialize_f64(self)
    }
}

impl<'de> Visitor<'de> for Number {
    type Value = f64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number")
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        Ok(v)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        Ok(v as f64)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        Ok(v as f64)
    }
}

/// A string, borrowed from the line unless it had to be unescaped.
struct Text;

impl<'de> DeserializeSeed<'de> for Text {
    type Value = Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Text {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(v.to_owned()))
    }
}

/// The whole line: an object with `label`, optional `weight`, `features`.
struct LineSeed<'c, 'a>(&'c mut Context<'a>);

impl<'de> DeserializeSeed<'de> for LineSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for LineSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object with label and features")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        let (mut label, mut weight, mut features) = (false, false, false);
        while let Some(key) = map.next_key_seed(KeySeed(top_key))? {
            match key {
                TopKey::Label => {
                    if std::mem::replace(&mut label, true) {
                        return Err(ctx.fail(ParseError::Label("<given twice>".into())));
                    }
                    let v = ctx.read(&mut map, Reading::Label, Number)?;
                    if !v.is_finite() {
                        return Err(ctx.fail(ParseError::Label(v.to_string())));
                    }
                    ctx.out.label = v;
                }
                TopKey::Weight => {
                    if std::mem::replace(&mut weight, true) {
                        return Err(ctx.fail(ParseError::Weight("<given twice>".into())));
                    }
                    let v = ctx.read(&mut map, Reading::Weight, Number)?;
                    if !(v.is_finite() && v >= 0.0) {
                        return Err(ctx.fail(ParseError::Weight(v.to_string())));
                    }
                    ctx.out.weight = v;
                }
                TopKey::Features => {
                    if std::mem::replace(&mut features, true) {
                        let e = ParseError::Feature("<features given twice>".into());
                        return Err(ctx.fail(e));
                    }
                    // Not `ctx.read`: the seed itself needs the context.
                    let outer = std::mem::replace(&mut ctx.reading, Reading::Features);
                    map.next_value_seed(FeaturesSeed(&mut *ctx))?;
                    ctx.reading = outer;
                }
                TopKey::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !label {
            return Err(ctx.fail(ParseError::MissingLabel { field: "label".into() }));
        }
        if !features {
            return Err(ctx.fail(ParseError::Feature("<missing features array>".into())));
        }
        Ok(())
    }
}

/// The `features` array, each element pushed into the buffer as it is read.
struct FeaturesSeed<'c, 'a>(&'c mut Context<'a>);

impl<'de> DeserializeSeed<'de> for FeaturesSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for FeaturesSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of features")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(FeatureSeed(&mut *self.0))?.is_some() {}
        Ok(())
    }
}

/// One element of `features`: `"ns:name"` or `{"ns": .., "name": .., "value": ..}`.
struct FeatureSeed<'c, 'a>(&'c mut Context<'a>);

impl<'de> DeserializeSeed<'de> for FeatureSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FeatureSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a 'ns:name' string or an object with name, ns, value")
    }

    // Hashing happens before this returns, so even an unescaped (non-borrowed) string
    // needs no copy.
    fn visit_str<E: de::Error>(self, feature: &str) -> Result<(), E> {
        let (namespace, name) = split_once_byte(feature, b':').unwrap_or(("", feature));
        self.0.push(namespace, name, 1.0, feature)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        let mut namespace: Option<Cow<'de, str>> = None;
        let mut name: Option<Cow<'de, str>> = None;
        let mut value: Option<f64> = None;
        let feature_key = |key: &str| match key {
            "ns" => Ok(FeatureKey::Ns),
            "name" => Ok(FeatureKey::Name),
            "value" => Ok(FeatureKey::Value),
            other => Err(excerpt(other)),
        };
        while let Some(key) = map.next_key_seed(KeySeed(feature_key))? {
            let duplicate = match key {
                Err(other) => {
                    let e = ParseError::Feature(format!("<unknown key '{other}'>"));
                    return Err(ctx.fail(e));
                }
                Ok(FeatureKey::Ns) => namespace.replace(ctx.read(&mut map, Reading::Features, Text)?).is_some(),
                Ok(FeatureKey::Name) => name.replace(ctx.read(&mut map, Reading::Features, Text)?).is_some(),
                Ok(FeatureKey::Value) => value.replace(ctx.read(&mut map, Reading::Value, Number)?).is_some(),
            };
            if duplicate {
                return Err(ctx.fail(ParseError::Feature("<key given twice>".into())));
            }
        }
        let namespace = namespace.as_deref().unwrap_or("");
        let Some(name) = name.as_deref() else {
            let e = ParseError::Feature(format!("<no name, ns '{}'>", excerpt(namespace)));
            return Err(ctx.fail(e));
        };
        let value = value.unwrap_or(1.0);
        let shown = if name.is_empty() { "<empty name>" } else { name };
        ctx.push(namespace, name, value, shown)
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

    #[test]
    fn documented_example() {
        let out =
            parsed(r#"{"label": 1, "weight": 1.5, "features": ["ns:name", {"ns": "c", "name": "x", "value": 0.5}]}"#)
                .unwrap();
        assert_eq!(out.label, 1.0);
        assert_eq!(out.weight, 1.5);
        assert_eq!(
            features(&out),
            vec![(b'n', feature_coordinate("ns", "name"), 1.0), (b'c', feature_coordinate("c", "x"), 0.5),]
        );
    }

    #[test]
    fn defaults_splits_and_unknown_keys() {
        let line = r#" {"id": "e-1", "ts": [1, {"a": null}], "features": ["plain", "a:b:c", ":x",
            {"name": "y"}, {"value": -2, "name": "z", "ns": "é"}, "q:0", {"name": "w", "value": 0}],
            "label": -3e2 } "#
            .replace('\n', " ");
        let out = parsed(&line).unwrap();
        assert_eq!(out.label, -300.0);
        assert_eq!(out.weight, 1.0);
        assert_eq!(
            features(&out),
            vec![
                (0, feature_coordinate("", "plain"), 1.0),
                (b'a', feature_coordinate("a", "b:c"), 1.0),
                (0, feature_coordinate("", "x"), 1.0),
                (0, feature_coordinate("", "y"), 1.0),
                (0xc3, feature_coordinate("é", "z"), -2.0),
                (b'q', feature_coordinate("q", "0"), 1.0),
            ]
        );
        let out = parsed(r#"{"label": 0, "features": []}"#).unwrap();
        assert!(out.features.is_empty());
    }

    #[test]
    fn escaped_strings() {
        let out =
            parsed(r#"{"label": 1, "features": ["a\u003ab", "t\"q", {"ns": "n\\s", "name": "\u00e9"}]}"#).unwrap();
        assert_eq!(
            features(&out),
            vec![
                (b'a', feature_coordinate("a", "b"), 1.0),
                (0, feature_coordinate("", "t\"q"), 1.0),
                (b'n', feature_coordinate("n\\s", "é"), 1.0),
            ]
        );
    }

    #[test]
    fn rejections() {
        use ParseError::*;
        assert_eq!(err(""), Empty);
        assert_eq!(err(" \t\r\n"), Empty);
        let json = |line: &str| matches!(err(line), Json(_));
        let label = |line: &str| matches!(err(line), Label(_));
        let weight = |line: &str| matches!(err(line), Weight(_));
        let feature = |line: &str| matches!(err(line), Feature(_));
        let value = |line: &str| matches!(err(line), Value(_));

        assert!(json("1 |a x"));
        assert!(json("[1, 2]"));
        assert!(json("null"));
        assert!(json(r#"{"label": 1, "features": []"#));
        assert!(json(r#"{"label": 1, "features": []} x"#));
        assert!(json(r#"{"label": 1, "features": [], }"#));
        assert!(json(r#"{"label": 1 "features": []}"#));
        assert!(json(r#"{"label": 1, "features": ["a\q"]}"#));

        assert_eq!(err(r#"{"features": []}"#), MissingLabel { field: "label".into() });
        assert!(label(r#"{"label": "1", "features": []}"#));
        assert!(label(r#"{"label": null, "features": []}"#));
        assert!(label(r#"{"label": true, "features": []}"#));
        assert!(label(r#"{"label": 1e400, "features": []}"#));
        assert!(label(r#"{"label": -1e400, "features": []}"#));
        assert!(label(r#"{"label": NaN, "features": []}"#));
        assert!(label(r#"{"label": 1, "label": 2, "features": []}"#));

        assert_eq!(err(r#"{"label": 1, "weight": -0.5, "features": []}"#), Weight("-0.5".into()));
        assert!(weight(r#"{"label": 1, "weight": "2", "features": []}"#));
        assert!(weight(r#"{"label": 1, "weight": null, "features": []}"#));
        assert!(weight(r#"{"label": 1, "weight": 1e999, "features": []}"#));
        assert!(weight(r#"{"label": 1, "weight": Infinity, "features": []}"#));

        assert_eq!(err(r#"{"label": 1}"#), Feature("<missing features array>".into()));
        assert!(feature(r#"{"label": 1, "features": "a:b"}"#));
        assert!(feature(r#"{"label": 1, "features": {"a": "b"}}"#));
        assert!(feature(r#"{"label": 1, "features": [1]}"#));
        assert!(feature(r#"{"label": 1, "features": [null]}"#));
        assert!(feature(r#"{"label": 1, "features": [["a"]]}"#));
        assert!(feature(r#"{"label": 1, "features": [], "features": []}"#));
        assert_eq!(err(r#"{"label": 1, "features": ["a:"]}"#), Feature("a:".into()));
        assert_eq!(err(r#"{"label": 1, "features": [""]}"#), Feature("".into()));
        assert!(feature(r#"{"label": 1, "features": [{"ns": "a"}]}"#));
        assert!(feature(r#"{"label": 1, "features": [{"name": ""}]}"#));
        assert!(feature(r#"{"label": 1, "features": [{"name": 5}]}"#));
        assert!(feature(r#"{"label": 1, "features": [{"name": "x", "ns": null}]}"#));
        assert!(feature(r#"{"label": 1, "features": [{"name": "x", "val": 2}]}"#));
        assert!(feature(r#"{"label": 1, "features": [{"name": "x", "name": "y"}]}"#));

        assert!(value(r#"{"label": 1, "features": [{"name": "x", "value": "2"}]}"#));
        assert!(value(r#"{"label": 1, "features": [{"name": "x", "value": null}]}"#));
        assert!(value(r#"{"label": 1, "features": [{"name": "x", "value": 1e400}]}"#));
        assert!(value(r#"{"label": 1, "features": [{"name": "x", "value": -Infinity}]}"#));
    }

    #[test]
    fn errors_are_short_and_clear() {
        let long = "x".repeat(10_000);
        let line = format!(r#"{{"label": "{long}", "features": []}}"#);
        match err(&line) {
            ParseError::Label(text) => {
                assert!(text.starts_with("invalid type: string"), "{text}");
                assert!(text.chars().count() <= 2 * EXCERPT_CHARS + 1, "{text}");
            }
            other => panic!("{other:?}"),
        }
        let line = format!(r#"{{"label": 1, "features": [{{"{long}": 1}}]}}"#);
        assert!(matches!(err(&line), ParseError::Feature(t) if t.chars().count() < 100));
        let e = err(r#"{"label": 1e400, "features": []}"#);
        assert!(e.to_string().contains("out of range"), "{e}");
        let e = err(r#"{"label": "yes", "features": []}"#);
        assert_eq!(e.to_string(), "bad label \"invalid type: string 'yes', expected a number at line 1 column 15\"");
        let e = err(r#"{"features": []}"#);
        assert_eq!(e.to_string(), "field label: missing: the label");
    }

    #[test]
    fn deep_nesting_neither_overflows_the_stack_nor_matters_when_ignored() {
        let (open, close) = ("[".repeat(100_000), "]".repeat(100_000));
        // serde_json skips ignored values without recursion, so an id that happens to be a
        // deep array costs nothing.
        let ignored = format!(r#"{{"label": 1, "x": {open}{close}, "features": ["a"]}}"#);
        assert_eq!(parsed(&ignored).map(|out| out.features.len()), Ok(1));
        // A feature is a string or an object, so the first nested array is already wrong.
        let feature = format!(r#"{{"label": 1, "features": {open}{close}}}"#);
        assert!(matches!(parsed(&feature), Err(ParseError::Feature(_))));
        assert!(matches!(parsed(&open), Err(ParseError::Json(_))));
    }

    /// `cargo test --release --lib schema::jsonl -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn parse_rate() {
        let names: Vec<String> = (0..20).map(|i| format!("\"u:f{i}_{}\"", i * 7919)).collect();
        let line = format!(
            r#"{{"id": "ev-1234", "label": 1, "weight": 0.5, "features": [{}, {{"ns": "c", "name": "x", "value": 0.25}}]}}"#,
            names[..19].join(", ")
        );
        let mut out = ExampleBuf::default();
        out.clear();
        parse(&line, &mut out).unwrap();
        assert_eq!(out.features.len(), 20);
        let n = 2_000_000;
        let start = std::time::Instant::now();
        for _ in 0..n {
            out.clear();
            parse(std::hint::black_box(&line), &mut out).unwrap();
            std::hint::black_box(&out);
        }
        let secs = start.elapsed().as_secs_f64();
        println!("jsonl: {:.2} M lines/s (20 features)", n as f64 / secs / 1e6);
    }

    fn close(a: f64, b: f64) -> bool {
        // Default serde_json float parsing may be one ulp off the shortest representation
        // that serde_json printed.
        a == b || (a - b).abs() <= 4.0 * f64::EPSILON * a.abs().max(b.abs())
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(line in ".{0,200}") {
            let mut out = ExampleBuf::default();
            let _ = parse(&line, &mut out);
        }

        #[test]
        fn json_like_text_never_panics(line in r#"[{}\[\]":, 0-9a-z.eE\-\\é]{0,120}"#) {
            let mut out = ExampleBuf::default();
            let _ = parse(&line, &mut out);
            let wrapped = format!(r#"{{"label": 1, "features": [{line}]}}"#);
            if parse(&wrapped, &mut out).is_ok() {
                prop_assert_eq!(out.features.len(), out.namespaces.len());
                prop_assert!(out.features.iter().all(|f| f.value.is_finite() && f.value != 0.0));
            }
        }

        #[test]
        fn rendered_examples_round_trip(
            label in prop_oneof![Just(0.0), Just(1.0), -1e300..1e300f64, -1e3..1e3f64],
            weight in prop::option::of(prop_oneof![Just(0.0), 0.0..1e6f64]),
            extra in prop::option::of("x[a-z]{0,4}"),
            // (namespace, name, value or None for "omitted", written as a string if possible)
            feats in prop::collection::vec(
                (
                    prop_oneof![Just(String::new()), "[a-z]{1,4}", "\\PC{1,4}"],
                    "\\PC{1,8}",
                    prop::option::of(prop_oneof![Just(0.0), Just(1.0), -1e6..1e6f64]),
                    any::<bool>(),
                ),
                0..25,
            ),
        ) {
            let mut rendered = Vec::new();
            let mut expected = Vec::new();
            for (ns, name, value, as_string) in &feats {
                let value = *value;
                // A string feature can only say "value 1" and cannot put ':' in a namespace.
                if *as_string && value.is_none() && !ns.contains(':') {
                    let text = if ns.is_empty() && !name.contains(':') {
                        name.clone()
                    } else {
                        format!("{ns}:{name}")
                    };
                    rendered.push(serde_json::to_string(&text).unwrap());
                } else {
                    let mut object = serde_json::Map::new();
                    if !ns.is_empty() {
                        object.insert("ns".into(), ns.as_str().into());
                    }
                    object.insert("name".into(), name.as_str().into());
                    if let Some(v) = value {
                        object.insert("value".into(), v.into());
                    }
                    rendered.push(serde_json::Value::Object(object).to_string());
                }
                let v = value.unwrap_or(1.0);
                if v != 0.0 {
                    let key = ns.as_bytes().first().copied().unwrap_or(0);
                    expected.push((key, feature_coordinate(ns, name), v));
                }
            }
            let mut line = format!(r#"{{"label": {}"#, serde_json::to_string(&label).unwrap());
            if let Some(w) = weight {
                line += &format!(r#", "weight": {}"#, serde_json::to_string(&w).unwrap());
            }
            if let Some(k) = &extra {
                line += &format!(r#", "{k}": {{"nested": [1, "two", null]}}"#);
            }
            line += &format!(r#", "features": [{}]}}"#, rendered.join(","));

            let out = parsed(&line).map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
            prop_assert!(close(out.label, label), "{} vs {}", out.label, label);
            prop_assert!(close(out.weight, weight.unwrap_or(1.0)));
            let got = features(&out);
            prop_assert_eq!(got.len(), expected.len());
            for (g, e) in got.iter().zip(&expected) {
                prop_assert_eq!((g.0, g.1), (e.0, e.1));
                prop_assert!(close(g.2, e.2), "{} vs {}", g.2, e.2);
            }
        }
    }
}
