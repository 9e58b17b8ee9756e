//! Raw JSON events to examples, by a declared mapping: the glue a user would otherwise write.
//! The same mapping serves `ftrl train --format json-events --mapping FILE` and the worker
//! (`model.example_format = "json-events"`, `model.example_mapping = FILE`).
//!
//! A mapping file (TOML):
//!
//! ```toml
//! [label]
//! field = "outcome.clicked"      # a JSON path: keys separated by dots, into nested objects
//! positive = ["click"]           # for a string label: the positive values ...
//! negative = ["impression"]      # ... and the negative ones (empty: every other string)
//! # classes = ["a", "b", "c"]    # or, for softmax, the classes 1, 2, 3
//! weight = "importance"          # optional: the field with the importance weight
//!
//! [[features]]
//! field = "user.country"         # in namespace "country" (the path's last key) unless
//! namespace = "user"             # a namespace is given
//! [[features]]
//! field = "price"
//! buckets = [1, 10, 100]         # a number in buckets: "<1", "1..10", "10..100", ">=100"
//! ```
//!
//! How a field's value becomes features in its namespace:
//!
//! | value | features |
//! |---|---|
//! | string `"FR"` | `FR`, value 1 (categorical) |
//! | number `12.5` | the field's name (its last key), value 12.5; with buckets, the bucket's name, value 1 |
//! | `true` / `false` | the field's name with value 1 / none |
//! | array of strings | one feature per string |
//! | object | a namespace of its own: per key, `key=string`, `key` with a number's value or 1 for `true`, `key=s` per string of an array; nested objects as `key.inner` |
//! | `null`, `""` or absent | none (a missing feature is normal) |
//!
//! **Types.** A field without `kind` takes each value as its JSON type says (the table
//! above). A field can pin its kind, and then a value of another type is never silently
//! read another way:
//!
//! | `kind` | string | number | `true`/`false` | array, object |
//! |---|---|---|---|---|
//! | (none) | categorical | numeric | as above | as above |
//! | `"categorical"` | the feature | an integer: the feature named by its decimal text (`75001` → `75001`), value 1; any other number: bad record | as above | array of strings as above; object: bad record |
//! | `"numeric"` (also any field with `buckets`) | bad record | its value (or bucket) | as above | bad record |
//!
//! An empty string is a missing value everywhere (a field, an array item, an object's key
//! value): producers write `""` for "unknown", and a feature named by nothing would only
//! learn how often a field is unknown under a name no one can read.
//!
//! A path cannot name a key that contains a dot, nor index into an array (a whole array of
//! strings is one field).
//!
//! Only the fields named are features: events carry ids, timestamps, free text and fields
//! derived from the outcome, which would grow the model without use or leak the label; and a
//! producer adding a field must not change the model silently. A label of a type or value
//! the rule does not map, and a feature field of a type its kind or the table does not
//! take (an array of numbers, say), make the record a bad one, naming the field and the
//! reason. An absent (or null) label makes the event one to predict, not to learn from
//! ([`ParseError::MissingLabel`]): where unlabeled examples are read (`ftrl predict`,
//! `serve`) it is predicted, elsewhere it is a bad record.
//!
//! The Python client (`clients/python/ftrl_client.py`) implements the same rules; the test
//! vectors in `clients/python/mapping_vectors.json` are checked by both test suites, so the
//! two cannot drift apart.

use super::{ExampleBuf, ParseError};
use crate::learn::hashing;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::Path;
use thiserror::Error;

/// A mapping as written in its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MappingSpec {
    pub label: LabelSpec,
    /// The JSON path of the importance weight (a number ≥ 0; absent: 1).
    #[serde(default)]
    pub weight: Option<String>,
    pub features: Vec<FeatureSpec>,
}

/// Where the label is and how its value becomes a number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LabelSpec {
    pub field: String,
    /// String values that are a positive label (1).
    #[serde(default)]
    pub positive: Vec<String>,
    /// String values that are a negative label (0); empty: every string not positive.
    #[serde(default)]
    pub negative: Vec<String>,
    /// String values that are classes 1, 2, … (softmax), in order.
    #[serde(default)]
    pub classes: Vec<String>,
}

/// One field whose value becomes features.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FeatureSpec {
    pub field: String,
    /// The namespace of its features; default: the path's last key.
    #[serde(default)]
    pub namespace: Option<String>,
    /// Bucket boundaries, increasing: a number becomes the categorical feature of its bucket.
    #[serde(default)]
    pub buckets: Vec<f64>,
    /// The type of value the field holds; absent: each value's own JSON type.
    #[serde(default)]
    pub kind: Option<Kind>,
}

/// What a field's values are, when the mapping pins it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Kind {
    /// Values name features: a string, or an integer by its decimal text.
    Categorical,
    /// Values are numbers: the feature's value, or its bucket.
    Numeric,
}

/// Why a mapping cannot be used.
#[derive(Debug, Error)]
pub enum MappingError {
    #[error("reading the mapping {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("mapping {path}: {message}")]
    Parse { path: String, message: String },
    #[error("mapping: {0}")]
    Invalid(String),
}

/// A validated mapping, ready to map events.
#[derive(Clone, Debug)]
pub struct Mapping {
    label: LabelRule,
    weight: Option<JsonPath>,
    features: Vec<FieldRule>,
}

#[derive(Clone, Debug)]
struct JsonPath {
    /// As written, for errors.
    text: String,
    keys: Vec<String>,
}

impl JsonPath {
    fn new(text: &str) -> Result<Self, MappingError> {
        let keys: Vec<String> = text.split('.').map(str::to_owned).collect();
        if keys.iter().any(String::is_empty) {
            return Err(MappingError::Invalid(format!("field {text:?}: a path is keys separated by single dots")));
        }
        Ok(Self { text: text.to_owned(), keys })
    }

    /// The value at this path; `None` when a key on the way is absent or not an object.
    fn find<'a>(&self, event: &'a Map<String, Value>) -> Option<&'a Value> {
        let (first, rest) = self.keys.split_first()?;
        let mut value = event.get(first)?;
        for key in rest {
            value = value.as_object()?.get(key)?;
        }
        Some(value)
    }

    fn last(&self) -> &str {
        self.keys.last().map_or("", String::as_str)
    }
}

#[derive(Clone, Debug)]
struct LabelRule {
    path: JsonPath,
    positive: Vec<String>,
    negative: Vec<String>,
    classes: Vec<String>,
}

#[derive(Clone, Debug)]
struct FieldRule {
    path: JsonPath,
    namespace: String,
    seed: u64,
    buckets: Vec<f64>,
    /// `None`: each value's own JSON type.
    kind: Option<Kind>,
}

impl Mapping {
    /// Reads and validates a mapping file.
    pub(crate) fn load(path: &Path) -> Result<Self, MappingError> {
        let shown = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|source| MappingError::Read { path: shown.clone(), source })?;
        Self::from_toml(&text, &shown)
    }

    /// Reads and validates a mapping written in TOML; `origin` names it in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Self, MappingError> {
        let spec: MappingSpec = toml::from_str(text)
            .map_err(|e: toml::de::Error| MappingError::Parse { path: origin.to_owned(), message: e.to_string() })?;
        Self::new(&spec)
    }

    /// Validates `spec`.
    pub(crate) fn new(spec: &MappingSpec) -> Result<Self, MappingError> {
        let bad = |message: String| Err(MappingError::Invalid(message));
        let label = &spec.label;
        let string_values = !label.positive.is_empty() || !label.negative.is_empty();
        if !label.classes.is_empty() && string_values {
            return bad("label: classes, or positive and negative values, not both".into());
        }
        if let Some(both) = label.positive.iter().find(|v| label.negative.contains(v)) {
            return bad(format!("label: {both:?} is both positive and negative"));
        }
        if spec.features.is_empty() {
            return bad("features: name at least one field".into());
        }
        let mut features = Vec::with_capacity(spec.features.len());
        for feature in &spec.features {
            let path = JsonPath::new(&feature.field)?;
            let finite_increasing =
                feature.buckets.iter().all(|b| b.is_finite()) && feature.buckets.windows(2).all(|w| w[0] < w[1]);
            if !finite_increasing {
                return bad(format!("field {:?}: buckets must be finite and increasing", feature.field));
            }
            if feature.kind == Some(Kind::Categorical) && !feature.buckets.is_empty() {
                return bad(format!("field {:?}: buckets make a field numeric, not categorical", feature.field));
            }
            let kind = if feature.buckets.is_empty() { feature.kind } else { Some(Kind::Numeric) };
            let namespace = feature.namespace.clone().unwrap_or_else(|| path.last().to_owned());
            if namespace.len() > super::MAX_NAME_BYTES {
                return bad(format!(
                    "field {:?}: namespace longer than {} bytes",
                    feature.field,
                    super::MAX_NAME_BYTES
                ));
            }
            features.push(FieldRule {
                seed: hashing::namespace_seed(&namespace),
                namespace,
                path,
                buckets: feature.buckets.clone(),
                kind,
            });
        }
        Ok(Self {
            label: LabelRule {
                path: JsonPath::new(&label.field)?,
                positive: label.positive.clone(),
                negative: label.negative.clone(),
                classes: label.classes.clone(),
            },
            weight: spec.weight.as_deref().map(JsonPath::new).transpose()?,
            features,
        })
    }

    /// Maps one JSON event (a line of a file or a record's value) into `out`, which the
    /// caller has cleared.
    pub(crate) fn parse(&self, text: &str, out: &mut ExampleBuf) -> Result<(), ParseError> {
        if text.trim_ascii().is_empty() {
            return Err(ParseError::Empty);
        }
        let event: Value = serde_json::from_str(text).map_err(|e| ParseError::Json(super::excerpt(&e.to_string())))?;
        let Value::Object(event) = event else {
            return Err(ParseError::Json("an event must be a JSON object".into()));
        };
        // An event without a label is one to predict: its features are read all the same,
        // and the missing label reported last (as VW's test examples are).
        let unlabeled = match self.label(&event) {
            Ok(label) => {
                out.label = label;
                None
            }
            Err(missing @ ParseError::MissingLabel { .. }) => Some(missing),
            Err(e) => return Err(e),
        };
        if let Some(path) = &self.weight {
            match path.find(&event) {
                None | Some(Value::Null) => {}
                Some(value) => {
                    out.weight = value.as_f64().filter(|w| *w >= 0.0 && w.is_finite()).ok_or_else(|| {
                        field_error(path, format!("{} is not an importance weight (a number ≥ 0)", shown(value)))
                    })?;
                }
            }
        }
        for rule in &self.features {
            match rule.path.find(&event) {
                None | Some(Value::Null) => {}
                Some(value) => rule.push(value, out)?,
            }
        }
        unlabeled.map_or(Ok(()), Err)
    }

    fn label(&self, event: &Map<String, Value>) -> Result<f64, ParseError> {
        let rule = &self.label;
        let value = match rule.path.find(event) {
            None | Some(Value::Null) => return Err(ParseError::MissingLabel { field: rule.path.text.clone() }),
            Some(value) => value,
        };
        match value {
            Value::Bool(b) => Ok(if *b { 1.0 } else { 0.0 }),
            Value::Number(n) => n.as_f64().ok_or_else(|| field_error(&rule.path, format!("{n} is not a label"))),
            Value::String(s) if !rule.classes.is_empty() => match rule.classes.iter().position(|c| c == s) {
                Some(i) => Ok((i + 1) as f64),
                None => Err(field_error(&rule.path, format!("{} is not one of the classes", shown(value)))),
            },
            Value::String(s) if rule.positive.contains(s) => Ok(1.0),
            Value::String(s)
                if rule.negative.contains(s) || (rule.negative.is_empty() && !rule.positive.is_empty()) =>
            {
                Ok(0.0)
            }
            Value::String(_) if rule.positive.is_empty() => Err(field_error(
                &rule.path,
                format!("{} is a string; the mapping names no positive values or classes", shown(value)),
            )),
            Value::String(_) => {
                Err(field_error(&rule.path, format!("{} is neither a positive nor a negative value", shown(value))))
            }
            _ => Err(field_error(&rule.path, format!("{} is not a label (a boolean, number or string)", shown(value)))),
        }
    }
}

impl FieldRule {
    fn push(&self, value: &Value, out: &mut ExampleBuf) -> Result<(), ParseError> {
        let name = self.path.last();
        match (value, self.kind) {
            (Value::String(s), _) if s.is_empty() => Ok(()),
            (Value::String(s), None | Some(Kind::Categorical)) => self.feature(out, s, 1.0),
            // Integers only: their text is the same in every language (a float's is not).
            (Value::Number(n), Some(Kind::Categorical)) if n.is_i64() || n.is_u64() => {
                self.feature(out, &n.to_string(), 1.0)
            }
            (Value::Number(n), None | Some(Kind::Numeric)) => {
                let v = number(&self.path, n)?;
                if self.buckets.is_empty() {
                    self.feature(out, name, v)
                } else {
                    self.feature(out, &bucket(&self.buckets, v), 1.0)
                }
            }
            (Value::Bool(true), _) => self.feature(out, name, 1.0),
            (Value::Bool(false) | Value::Null, _) => Ok(()),
            (Value::Array(items), None | Some(Kind::Categorical)) => {
                for (i, item) in items.iter().enumerate() {
                    match item {
                        Value::String(s) => self.feature(out, s, 1.0)?,
                        other => {
                            return Err(field_error(
                                &self.path,
                                format!("[{i}] is {}; an array's features must be strings", kind(other)),
                            ))
                        }
                    }
                }
                Ok(())
            }
            (Value::Object(object), None) => self.object(out, "", object),
            (other, Some(pinned)) => Err(field_error(
                &self.path,
                format!("{} is {}; the field is {}", shown(other), kind(other), pinned.describe()),
            )),
        }
    }

    /// The features of a nested object, keys prefixed with `prefix`.
    fn object(&self, out: &mut ExampleBuf, prefix: &str, object: &Map<String, Value>) -> Result<(), ParseError> {
        for (key, value) in object {
            let key = format!("{prefix}{key}");
            match value {
                Value::String(s) if s.is_empty() => {}
                Value::String(s) => self.feature(out, &format!("{key}={s}"), 1.0)?,
                Value::Number(n) => self.feature(out, &key, number(&self.path, n)?)?,
                Value::Bool(true) => self.feature(out, &key, 1.0)?,
                Value::Bool(false) | Value::Null => {}
                Value::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        match item {
                            Value::String(s) if s.is_empty() => {}
                            Value::String(s) => self.feature(out, &format!("{key}={s}"), 1.0)?,
                            other => {
                                return Err(field_error(
                                    &self.path,
                                    format!("{key}[{i}] is {}; an array's features must be strings", kind(other)),
                                ))
                            }
                        }
                    }
                }
                Value::Object(inner) => self.object(out, &format!("{key}."), inner)?,
            }
        }
        Ok(())
    }

    /// Pushes one feature; an empty name (an empty string in the event) is a missing value.
    fn feature(&self, out: &mut ExampleBuf, name: &str, value: f64) -> Result<(), ParseError> {
        if value == 0.0 || name.is_empty() {
            return Ok(());
        }
        out.push_named(&self.namespace, name, hashing::coordinate(self.seed, name), value)
    }
}

impl Kind {
    fn describe(self) -> &'static str {
        match self {
            Kind::Categorical => "categorical (strings and integers)",
            Kind::Numeric => "numeric",
        }
    }
}

/// The name of the bucket of `v` among the increasing `bounds`.
fn bucket(bounds: &[f64], v: f64) -> String {
    let above = bounds.partition_point(|b| *b <= v);
    match above {
        0 => format!("<{}", bounds[0]),
        i if i == bounds.len() => format!(">={}", bounds[i - 1]),
        i => format!("{}..{}", bounds[i - 1], bounds[i]),
    }
}

fn number(path: &JsonPath, n: &serde_json::Number) -> Result<f64, ParseError> {
    n.as_f64().filter(|v| v.is_finite()).ok_or_else(|| field_error(path, format!("{n} is not a finite number")))
}

fn field_error(path: &JsonPath, reason: String) -> ParseError {
    ParseError::Field { field: path.text.clone(), reason }
}

/// A JSON value as quoted in an error, cut short.
fn shown(value: &Value) -> String {
    super::excerpt(&value.to_string())
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::hashing::feature_coordinate;
    use crate::schema::test_support::features;
    use proptest::prelude::*;

    fn spec(text: &str) -> MappingSpec {
        toml::from_str(text).unwrap()
    }

    const CLICKS: &str = r#"
        weight = "importance"
        [label]
        field = "outcome.clicked"
        [[features]]
        field = "user.country"
        [[features]]
        field = "price"
        buckets = [1, 10, 100]
        [[features]]
        field = "dwell_seconds"
        namespace = "dwell"
        [[features]]
        field = "tags"
        [[features]]
        field = "device"
        [[features]]
        field = "premium"
    "#;

    fn mapped(mapping: &Mapping, event: &str) -> Result<ExampleBuf, ParseError> {
        let mut out = ExampleBuf::default();
        out.clear();
        mapping.parse(event, &mut out).map(|()| out)
    }

    #[test]
    fn a_click_event_becomes_the_example_written_by_hand() {
        let mapping = Mapping::new(&spec(CLICKS)).unwrap();
        let event = r#"{"id": "e-1", "ts": 1700000000, "importance": 2,
            "outcome": {"clicked": true},
            "user": {"id": 42, "country": "FR"},
            "price": 12.5, "dwell_seconds": 3.5,
            "tags": ["sports", "news"],
            "device": {"os": "android", "screen": {"w": 1080}, "apps": ["maps"], "tablet": false},
            "premium": true}"#;
        let out = mapped(&mapping, event).unwrap();
        assert_eq!((out.label, out.weight), (1.0, 2.0));
        assert_eq!(
            features(&out),
            vec![
                (b'c', feature_coordinate("country", "FR"), 1.0),
                (b'p', feature_coordinate("price", "10..100"), 1.0),
                (b'd', feature_coordinate("dwell", "dwell_seconds"), 3.5),
                (b't', feature_coordinate("tags", "sports"), 1.0),
                (b't', feature_coordinate("tags", "news"), 1.0),
                // An object's keys in sorted order (serde_json's map).
                (b'd', feature_coordinate("device", "apps=maps"), 1.0),
                (b'd', feature_coordinate("device", "os=android"), 1.0),
                (b'd', feature_coordinate("device", "screen.w"), 1080.0),
                (b'p', feature_coordinate("premium", "premium"), 1.0),
            ]
        );
        // Missing fields are no features; false is no feature; the weight defaults to 1.
        let out = mapped(&mapping, r#"{"outcome": {"clicked": false}, "premium": false, "tags": []}"#).unwrap();
        assert_eq!((out.label, out.weight, out.features.len()), (0.0, 1.0, 0));
    }

    #[test]
    fn names_are_kept_as_namespace_and_name() {
        let mapping = Mapping::new(&spec(CLICKS)).unwrap();
        let mut out = ExampleBuf { names: Some(Vec::new()), ..ExampleBuf::default() };
        out.clear();
        mapping.parse(r#"{"outcome": {"clicked": 1}, "device": {"os": "ios"}}"#, &mut out).unwrap();
        assert_eq!(out.names.unwrap(), vec![(feature_coordinate("device", "os=ios"), "device^os=ios".into())]);
    }

    #[test]
    fn buckets_are_named_by_their_bounds() {
        let bounds = [1.0, 10.0, 100.0];
        let names: Vec<String> = [0.5, 1.0, 9.99, 10.0, 100.0, 1e9].iter().map(|v| bucket(&bounds, *v)).collect();
        assert_eq!(names, ["<1", "1..10", "1..10", "10..100", ">=100", ">=100"]);
        assert_eq!(bucket(&[0.5], -3.0), "<0.5");
    }

    #[test]
    fn string_labels_follow_the_rule() {
        let both = Mapping::new(&spec(
            r#"[label]
               field = "event"
               positive = ["purchase", "click"]
               negative = ["impression"]
               [[features]]
               field = "x""#,
        ))
        .unwrap();
        assert_eq!(mapped(&both, r#"{"event": "click"}"#).unwrap().label, 1.0);
        assert_eq!(mapped(&both, r#"{"event": "impression"}"#).unwrap().label, 0.0);
        let e = mapped(&both, r#"{"event": "view"}"#).unwrap_err();
        assert_eq!(e.to_string(), r#"field event: "view" is neither a positive nor a negative value"#);
        let positive_only = Mapping::new(&spec(
            r#"[label]
               field = "event"
               positive = ["purchase"]
               [[features]]
               field = "x""#,
        ))
        .unwrap();
        assert_eq!(mapped(&positive_only, r#"{"event": "view"}"#).unwrap().label, 0.0);
        let classes = Mapping::new(&spec(
            r#"[label]
               field = "kind"
               classes = ["a", "b", "c"]
               [[features]]
               field = "x""#,
        ))
        .unwrap();
        assert_eq!(mapped(&classes, r#"{"kind": "c"}"#).unwrap().label, 3.0);
        assert!(mapped(&classes, r#"{"kind": "d"}"#).unwrap_err().to_string().contains("not one of the classes"));
        let numeric = Mapping::new(&spec("[label]\nfield = \"y\"\n[[features]]\nfield = \"x\"")).unwrap();
        assert_eq!(mapped(&numeric, r#"{"y": -1, "x": "a"}"#).unwrap().label, -1.0);
        assert!(mapped(&numeric, r#"{"y": "yes"}"#).unwrap_err().to_string().contains("names no positive values"));
    }

    #[test]
    fn bad_events_name_the_field_and_the_reason() {
        let mapping = Mapping::new(&spec(CLICKS)).unwrap();
        for (event, expected) in [
            // Bad for learning; an example to predict where unlabeled ones are read.
            (r#"{"user": {"country": "FR"}}"#, "field outcome.clicked: missing: the label"),
            (r#"{"outcome": null}"#, "field outcome.clicked: missing: the label"),
            (r#"{"outcome": {"clicked": null}}"#, "field outcome.clicked: missing: the label"),
            (
                r#"{"outcome": {"clicked": [1]}}"#,
                "field outcome.clicked: [1] is not a label (a boolean, number or string)",
            ),
            (
                r#"{"outcome": {"clicked": 1}, "importance": -1}"#,
                "field importance: -1 is not an importance weight (a number ≥ 0)",
            ),
            (
                r#"{"outcome": {"clicked": 1}, "importance": "high"}"#,
                r#"field importance: "high" is not an importance weight (a number ≥ 0)"#,
            ),
            (
                r#"{"outcome": {"clicked": 1}, "tags": ["a", 2]}"#,
                "field tags: [1] is a number; an array's features must be strings",
            ),
            (
                r#"{"outcome": {"clicked": 1}, "device": {"ids": [1]}}"#,
                "field device: ids[0] is a number; an array's features must be strings",
            ),
        ] {
            assert_eq!(mapped(&mapping, event).unwrap_err().to_string(), expected, "{event}");
        }
        assert!(matches!(mapped(&mapping, "[1]"), Err(ParseError::Json(_))));
        assert!(matches!(mapped(&mapping, "{"), Err(ParseError::Json(_))));
        assert_eq!(mapped(&mapping, "  ").unwrap_err(), ParseError::Empty);
    }

    /// The test vectors the Python client is tested against too (one definition of the rules).
    #[test]
    fn the_shared_test_vectors_map_as_written() {
        let vectors: Value = serde_json::from_str(include_str!("../../clients/python/mapping_vectors.json")).unwrap();
        let cases = vectors["cases"].as_array().unwrap();
        assert!(cases.len() >= 20);
        for case in cases {
            let text = vectors["mappings"][case["mapping"].as_str().unwrap()].as_str().unwrap();
            let mapping = Mapping::from_toml(text, "vectors").unwrap();
            let event = case["event"].as_str().unwrap();
            let result = mapped(&mapping, event);
            if let Some(error) = case.get("error") {
                assert_eq!(result.unwrap_err().to_string(), error.as_str().unwrap(), "{event}");
                continue;
            }
            let out = match result {
                Ok(out) => {
                    assert_eq!(Some(out.label), case["label"].as_f64(), "{event}");
                    out
                }
                Err(ParseError::MissingLabel { .. }) => {
                    assert!(case["label"].is_null(), "{event}");
                    // The features are read all the same: the example is one to predict.
                    let mut out = ExampleBuf::default();
                    out.clear();
                    let _ = mapping.parse(event, &mut out);
                    out
                }
                Err(e) => panic!("{event}: {e}"),
            };
            assert_eq!(Some(out.weight), case["weight"].as_f64(), "{event}");
            let expected: Vec<(u8, u64, f64)> = case["features"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| {
                    let (ns, name) = (f[0].as_str().unwrap(), f[1].as_str().unwrap());
                    (ns.as_bytes()[0], feature_coordinate(ns, name), f[2].as_f64().unwrap())
                })
                .collect();
            assert_eq!(features(&out), expected, "{event}");
        }
    }

    #[test]
    fn pinned_kinds_and_buckets_agree() {
        let invalid = |text: &str| Mapping::new(&spec(text)).unwrap_err().to_string();
        let both = "[label]\nfield = \"y\"\n[[features]]\nfield = \"x\"\nkind = \"categorical\"\nbuckets = [1]";
        assert!(invalid(both).contains("buckets make a field numeric"));
        assert!(
            Mapping::from_toml("[label]\nfield = \"y\"\n[[features]]\nfield = \"x\"\nkind = \"text\"", "m").is_err()
        );
    }

    #[test]
    fn bad_mappings_are_refused() {
        let invalid = |text: &str| Mapping::new(&spec(text)).unwrap_err().to_string();
        assert!(invalid("features = []\n[label]\nfield = \"y\"").contains("at least one field"));
        assert!(invalid("[label]\nfield = \"a..b\"\n[[features]]\nfield = \"x\"").contains("single dots"));
        assert!(invalid("[label]\nfield = \"y\"\n[[features]]\nfield = \"x\"\nbuckets = [2, 1]").contains("increasing"));
        assert!(invalid("[label]\nfield = \"y\"\npositive = [\"a\"]\nnegative = [\"a\"]\n[[features]]\nfield = \"x\"")
            .contains("both positive and negative"));
        assert!(invalid("[label]\nfield = \"y\"\npositive = [\"a\"]\nclasses = [\"b\"]\n[[features]]\nfield = \"x\"")
            .contains("not both"));
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in ".{0,200}") {
            let mapping = Mapping::new(&spec(CLICKS)).unwrap();
            let mut out = ExampleBuf::default();
            let _ = mapping.parse(&text, &mut out);
        }

        #[test]
        fn arbitrary_events_never_panic_and_map_to_finite_values(
            clicked in prop_oneof![Just("true".to_string()), Just("null".to_string()), "-?[0-9]{1,3}(\\.[0-9])?", "\"[a-z]{0,3}\""],
            country in prop_oneof![Just("null".to_string()), "\"[a-zé ]{0,4}\"", "[0-9]{1,3}", Just("[\"x\", 1]".to_string())],
            price in prop_oneof![Just("1e308".to_string()), "-?[0-9]{1,4}", Just("{}".to_string())],
            device in prop_oneof![Just("{\"a\": {\"b\": {\"c\": 1}}}".to_string()), Just("{\"x\": [\"a\", null]}".to_string())],
        ) {
            let mapping = Mapping::new(&spec(CLICKS)).unwrap();
            let event = format!(
                r#"{{"outcome": {{"clicked": {clicked}}}, "user": {{"country": {country}}}, "price": {price}, "device": {device}}}"#
            );
            let mut out = ExampleBuf::default();
            out.clear();
            if mapping.parse(&event, &mut out).is_ok() {
                prop_assert!(out.label.is_finite() && out.weight.is_finite());
                prop_assert!(out.features.iter().all(|f| f.value.is_finite() && f.value != 0.0));
                prop_assert_eq!(out.features.len(), out.namespaces.len());
            }
        }
    }
}
