//! The protobuf messages of `schemas/ftrl.proto` and the decoding of examples from the
//! examples topic (protobuf, JSON, or raw JSON events through a mapping) into the parser's
//! `ExampleBuf`.

use super::mapping::Mapping;
use super::{excerpt, ExampleBuf, ParseError};
use crate::learn::hashing::{coordinate, namespace_seed};
use prost::Message;
use std::sync::Arc;

include!(concat!(env!("OUT_DIR"), "/ftrl.v1.rs"));

/// Every message's field numbers, from the schema (written by `build.rs`), for the records
/// encoded by hand (`stream::predict::gradients`).
pub(crate) mod field {
    // Every field of every message gets its constant; the hand-written encoders use a few.
    #![allow(dead_code)]
    include!(concat!(env!("OUT_DIR"), "/field_numbers.rs"));
}

/// Largest example message accepted, a bound on what one record can make us allocate.
pub(crate) const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// How example events are encoded on the examples topic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExampleFormat {
    /// `ftrl.v1.Example` protobuf messages.
    #[default]
    Protobuf,
    /// The JSON lines format of the embedded trainer, one object per record.
    Json,
    /// Raw JSON events, made examples by `model.example_mapping`.
    #[serde(rename = "json-events")]
    JsonEvents,
}

/// How the examples topic's records are read: the configuration's [`ExampleFormat`], raw
/// JSON events with the mapping that makes them examples.
#[derive(Clone, Debug)]
pub enum RecordFormat {
    Protobuf,
    Json,
    JsonEvents(Arc<Mapping>),
}

impl RecordFormat {
    /// The format as the configuration names it.
    pub fn example_format(&self) -> ExampleFormat {
        match self {
            RecordFormat::Protobuf => ExampleFormat::Protobuf,
            RecordFormat::Json => ExampleFormat::Json,
            RecordFormat::JsonEvents(_) => ExampleFormat::JsonEvents,
        }
    }
}

/// Decodes one example event into `out` (cleared first; after an error it holds part of the
/// example).
pub fn decode_example(format: &RecordFormat, bytes: &[u8], out: &mut ExampleBuf) -> Result<(), ParseError> {
    out.clear();
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(ParseError::TooLarge { bytes: bytes.len(), limit: MAX_MESSAGE_BYTES });
    }
    match format {
        RecordFormat::JsonEvents(mapping) => {
            let text = std::str::from_utf8(bytes).map_err(|_| ParseError::Utf8)?;
            match mapping.parse(text, out) {
                // A blank record is not skipped like a blank line: it is a bad record.
                Err(ParseError::Empty) => Err(ParseError::Json("an empty record".into())),
                other => other,
            }
        }
        RecordFormat::Json => {
            let text = std::str::from_utf8(bytes).map_err(|_| ParseError::Utf8)?;
            super::jsonl::parse(text, out)
        }
        RecordFormat::Protobuf => match borrowed::decode(bytes, out) {
            Some(result) => result,
            // Malformed: prost's decoder says why, in the words dead letters have always had.
            None => {
                out.clear();
                let example = Example::decode(bytes).map_err(|e| ParseError::Protobuf(with_json_hint(e, bytes)))?;
                from_proto(&example, out)
            }
        },
    }
}

/// prost's reason, and when the record is a JSON object (a producer writing the JSON-lines
/// shape to a protobuf topic) what it is and which setting reads it.
fn with_json_hint(error: prost::DecodeError, bytes: &[u8]) -> String {
    if serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(bytes).is_ok() {
        format!("{error}: the record looks like JSON; set model.example_format = \"json\" to read JSON examples")
    } else {
        error.to_string()
    }
}

fn from_proto(example: &Example, out: &mut ExampleBuf) -> Result<(), ParseError> {
    set_label_and_weight(out, example.label, example.weight)?;
    for feature in &example.features {
        push_feature(out, &feature.ns, &feature.name, feature.value)?;
    }
    Ok(())
}

fn set_label_and_weight(out: &mut ExampleBuf, label: f64, weight: Option<f64>) -> Result<(), ParseError> {
    if !label.is_finite() {
        return Err(ParseError::Label(label.to_string()));
    }
    out.label = label;
    let weight = weight.unwrap_or(1.0);
    if !(weight.is_finite() && weight >= 0.0) {
        return Err(ParseError::Weight(weight.to_string()));
    }
    out.weight = weight;
    Ok(())
}

#[inline]
fn push_feature(out: &mut ExampleBuf, ns: &str, name: &str, value: Option<f64>) -> Result<(), ParseError> {
    if name.is_empty() {
        return Err(ParseError::Feature(format!("empty name in namespace {}", excerpt(ns))));
    }
    let value = value.unwrap_or(1.0);
    if !value.is_finite() {
        return Err(ParseError::Value(format!("{}:{}={value}", excerpt(ns), excerpt(name))));
    }
    if value != 0.0 {
        out.push_named(ns, name, coordinate(namespace_seed(ns), name), value)?;
    }
    Ok(())
}

/// Decodes `ftrl.v1.Example` in place, borrowing each feature's namespace and name from the
/// record instead of allocating two `String`s per feature as prost's generated code does:
/// those allocations were two thirds of `ftrl train --from-topic`'s reader thread.
///
/// It accepts exactly the messages prost accepts, with the same values (proto3: the last
/// occurrence of a scalar wins; unknown fields, groups included, are skipped; strings must
/// be UTF-8; prost's recursion limit of 100), and returns `None` for anything prost would
/// reject, so that the caller reports prost's own error. A differential test holds the two
/// to that.
mod borrowed {
    use super::field::{example, feature};
    use super::{push_feature, set_label_and_weight, ExampleBuf, ParseError};

    /// prost's `RECURSION_LIMIT`: nesting allowed under the top-level message.
    const RECURSION_LIMIT: u32 = 100;

    const VARINT: u8 = 0;
    const FIXED64: u8 = 1;
    const LENGTH_DELIMITED: u8 = 2;
    const START_GROUP: u8 = 3;
    const END_GROUP: u8 = 4;
    const FIXED32: u8 = 5;

    /// `Some(result)` for a well-formed message (`result` the checks of its values), `None`
    /// for bytes prost would not decode.
    pub(super) fn decode(bytes: &[u8], out: &mut ExampleBuf) -> Option<Result<(), ParseError>> {
        // One pass. prost rejects a malformed message before any value is looked at, and
        // `from_proto` checks the label and weight (the last occurrences) before the
        // features: so the first feature error is kept until the end, and reported only if
        // the whole message is well formed and its label and weight pass.
        let (mut label, mut weight) = (0.0, None);
        let mut feature_error = None;
        let mut buf = bytes;
        while !buf.is_empty() {
            let (tag, wire) = key(&mut buf)?;
            match tag {
                example::LABEL | example::WEIGHT => {
                    if wire != FIXED64 {
                        return None;
                    }
                    let value = f64::from_le_bytes(take(&mut buf, 8)?.try_into().ok()?);
                    if tag == example::LABEL {
                        label = value;
                    } else {
                        weight = Some(value);
                    }
                }
                example::FEATURES => {
                    if wire != LENGTH_DELIMITED {
                        return None;
                    }
                    let len = varint(&mut buf)?;
                    let (ns, name, value) = feature(take(&mut buf, len)?)?;
                    if feature_error.is_none() {
                        feature_error = push_feature(out, ns, name, value).err();
                    }
                }
                _ => skip(wire, tag, &mut buf, RECURSION_LIMIT)?,
            }
        }
        Some(set_label_and_weight(out, label, weight).and(feature_error.map_or(Ok(()), Err)))
    }

    /// A `Feature` message's (ns, name, value), absent fields at their defaults.
    fn feature(mut buf: &[u8]) -> Option<(&str, &str, Option<f64>)> {
        let (mut ns, mut name, mut value) = ("", "", None);
        while !buf.is_empty() {
            let (tag, wire) = key(&mut buf)?;
            match tag {
                feature::NS | feature::NAME => {
                    if wire != LENGTH_DELIMITED {
                        return None;
                    }
                    let len = varint(&mut buf)?;
                    let text = utf8(take(&mut buf, len)?)?;
                    if tag == feature::NS {
                        ns = text;
                    } else {
                        name = text;
                    }
                }
                feature::VALUE => {
                    if wire != FIXED64 {
                        return None;
                    }
                    value = Some(f64::from_le_bytes(take(&mut buf, 8)?.try_into().ok()?));
                }
                // One level down from the top: prost entered a recursion for the message.
                _ => skip(wire, tag, &mut buf, RECURSION_LIMIT - 1)?,
            }
        }
        Some((ns, name, value))
    }

    /// `bytes` as text when they are UTF-8, as prost requires of strings. Names are almost
    /// always ASCII, which is checked inline: `str::from_utf8`'s call on every namespace and
    /// name took 7% of `train --from-topic`'s CPU.
    #[inline(always)]
    fn utf8(bytes: &[u8]) -> Option<&str> {
        if bytes.is_ascii() {
            // SAFETY: ASCII is UTF-8.
            Some(unsafe { std::str::from_utf8_unchecked(bytes) })
        } else {
            std::str::from_utf8(bytes).ok()
        }
    }

    /// prost's `decode_varint`: at most ten bytes, the tenth at most 1.
    #[inline(always)]
    fn varint(buf: &mut &[u8]) -> Option<u64> {
        let bytes: &[u8] = buf;
        // Keys and the lengths of names are single bytes.
        if let Some(&byte) = bytes.first() {
            if byte < 0x80 {
                *buf = &bytes[1..];
                return Some(u64::from(byte));
            }
        }
        varint_long(buf)
    }

    #[inline(never)]
    fn varint_long(buf: &mut &[u8]) -> Option<u64> {
        let bytes: &[u8] = buf;
        let mut value = 0u64;
        for (i, &byte) in bytes.iter().take(10).enumerate() {
            if i == 9 && byte > 1 {
                return None;
            }
            value |= u64::from(byte & 0x7f) << (7 * i);
            if byte < 0x80 {
                *buf = &bytes[i + 1..];
                return Some(value);
            }
        }
        None
    }

    /// prost's `decode_key`: (tag, wire type), the key within u32, the wire type 0..=5 and
    /// the tag at least 1.
    #[inline(always)]
    fn key(buf: &mut &[u8]) -> Option<(u32, u8)> {
        let key = u32::try_from(varint(buf)?).ok()?;
        let (tag, wire) = (key >> 3, (key & 7) as u8);
        (wire <= FIXED32 && tag >= 1).then_some((tag, wire))
    }

    #[inline(always)]
    fn take<'a>(buf: &mut &'a [u8], len: u64) -> Option<&'a [u8]> {
        let len = usize::try_from(len).ok()?;
        if len > buf.len() {
            return None;
        }
        let (head, tail) = buf.split_at(len);
        *buf = tail;
        Some(head)
    }

    /// prost's `skip_field` with `depth` its remaining recursion count.
    fn skip(wire: u8, tag: u32, buf: &mut &[u8], depth: u32) -> Option<()> {
        if depth == 0 {
            return None;
        }
        match wire {
            VARINT => {
                varint(buf)?;
            }
            FIXED64 => {
                take(buf, 8)?;
            }
            LENGTH_DELIMITED => {
                let len = varint(buf)?;
                take(buf, len)?;
            }
            START_GROUP => loop {
                let (inner_tag, inner_wire) = key(buf)?;
                if inner_wire == END_GROUP {
                    if inner_tag != tag {
                        return None;
                    }
                    break;
                }
                skip(inner_wire, inner_tag, buf, depth - 1)?;
            },
            FIXED32 => {
                take(buf, 4)?;
            }
            _ => return None,
        }
        Some(())
    }
}

/// Encodes an example for the examples topic (`ftrl produce` and the tests use it).
///
/// A value of exactly 1 is left out: the schema's default for an absent value is 1, and the
/// 9 bytes of that field (key and double) were about half of a typical record (binary
/// features, short names), bytes the broker stores and serves and every reader decodes.
pub fn encode_example(label: f64, weight: Option<f64>, features: &[(&str, &str, f64)]) -> Vec<u8> {
    Example {
        label,
        weight,
        features: features
            .iter()
            .map(|&(ns, name, value)| Feature {
                ns: ns.to_string(),
                name: name.to_string(),
                value: (value != 1.0).then_some(value),
            })
            .collect(),
    }
    .encode_to_vec()
}

impl ProgressWindow {
    /// A window holding `progress`, with the AUC counts stored sparsely.
    pub(crate) fn from_progress(progress: &crate::learn::Progress) -> Self {
        let mut window = ProgressWindow {
            count: progress.count,
            weight_sum: progress.weight_sum,
            loss_sum: progress.loss_sum,
            label_sum: progress.label_sum,
            label_square_sum: progress.label_square_sum,
            prediction_sum: progress.prediction_sum,
            member_loss_sums: progress.member_loss_sums.clone(),
            ..Default::default()
        };
        for (bucket, (positive, negative)) in progress.auc_positive.iter().zip(&progress.auc_negative).enumerate() {
            if *positive != 0.0 || *negative != 0.0 {
                window.auc_buckets.push(bucket as u32);
                window.auc_bucket_positive.push(*positive);
                window.auc_bucket_negative.push(*negative);
            }
        }
        window
    }

    /// The figures of this window; `binary` gives it AUC buckets. Buckets out of range (a
    /// window from an incompatible writer) are ignored.
    pub fn progress(&self, binary: bool) -> crate::learn::Progress {
        let mut progress = crate::learn::Progress::new(binary);
        progress.count = self.count;
        progress.weight_sum = self.weight_sum;
        progress.loss_sum = self.loss_sum;
        progress.label_sum = self.label_sum;
        progress.label_square_sum = self.label_square_sum;
        progress.prediction_sum = self.prediction_sum;
        progress.member_loss_sums = self.member_loss_sums.clone();
        let buckets = progress.auc_positive.len();
        let sparse = self.auc_buckets.iter().zip(&self.auc_bucket_positive).zip(&self.auc_bucket_negative);
        for ((bucket, positive), negative) in sparse {
            if (*bucket as usize) < buckets {
                progress.auc_positive[*bucket as usize] += positive;
                progress.auc_negative[*bucket as usize] += negative;
            }
        }
        // Dense counts, from writers before the sparse fields.
        if self.auc_positive.len() == buckets && self.auc_negative.len() == buckets {
            for (bucket, (positive, negative)) in self.auc_positive.iter().zip(&self.auc_negative).enumerate() {
                progress.auc_positive[bucket] += positive;
                progress.auc_negative[bucket] += negative;
            }
        }
        progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::hashing::feature_coordinate;
    use proptest::prelude::*;

    #[test]
    fn protobuf_and_json_decode_to_the_same_example() {
        let bytes = encode_example(1.0, Some(2.0), &[("a", "x", 1.0), ("b", "y", 0.5)]);
        let mut from_proto = ExampleBuf::default();
        decode_example(&RecordFormat::Protobuf, &bytes, &mut from_proto).unwrap();
        let mut from_json = ExampleBuf::default();
        let json = br#"{"label": 1, "weight": 2, "features": ["a:x", {"ns": "b", "name": "y", "value": 0.5}]}"#;
        decode_example(&RecordFormat::Json, json, &mut from_json).unwrap();
        assert_eq!(from_proto.label, from_json.label);
        assert_eq!(from_proto.weight, from_json.weight);
        assert_eq!(from_proto.features, from_json.features);
        assert_eq!(from_proto.namespaces, vec![b'a', b'b']);
        assert_eq!(from_proto.features[0].coordinate, feature_coordinate("a", "x"));
    }

    #[test]
    fn values_of_one_are_left_out_and_others_travel() {
        let features = [("a", "x", 1.0), ("b", "y", 0.5), ("c", "z", -1.0), ("d", "w", 1.0 + f64::EPSILON)];
        let bytes = encode_example(1.0, None, &features);
        let message = Example::decode(&bytes[..]).unwrap();
        let values: Vec<Option<f64>> = message.features.iter().map(|f| f.value).collect();
        assert_eq!(values, [None, Some(0.5), Some(-1.0), Some(1.0 + f64::EPSILON)]);
        // Decoded, the absent value is 1: the same example as with every value written.
        let written = Example {
            label: 1.0,
            weight: None,
            features: features
                .iter()
                .map(|&(ns, name, value)| Feature { ns: ns.into(), name: name.into(), value: Some(value) })
                .collect(),
        }
        .encode_to_vec();
        assert!(bytes.len() < written.len());
        let (mut short, mut long) = (ExampleBuf::default(), ExampleBuf::default());
        decode_example(&RecordFormat::Protobuf, &bytes, &mut short).unwrap();
        decode_example(&RecordFormat::Protobuf, &written, &mut long).unwrap();
        assert_eq!(short.features, long.features);
        assert_eq!(short.namespaces, long.namespaces);
        let decoded: Vec<f64> = short.features.iter().map(|f| f.value).collect();
        assert_eq!(decoded, [1.0, 0.5, -1.0, 1.0 + f64::EPSILON]);
        assert_eq!(short.features[0].coordinate, feature_coordinate("a", "x"));
    }

    #[test]
    fn rejects_bad_examples() {
        let mut out = ExampleBuf::default();
        assert!(matches!(
            decode_example(&RecordFormat::Protobuf, b"\xff\xff\xff", &mut out),
            Err(ParseError::Protobuf(_))
        ));
        let nan = encode_example(f64::NAN, None, &[("a", "x", 1.0)]);
        assert!(matches!(decode_example(&RecordFormat::Protobuf, &nan, &mut out), Err(ParseError::Label(_))));
        let inf = encode_example(1.0, None, &[("a", "x", f64::INFINITY)]);
        assert!(matches!(decode_example(&RecordFormat::Protobuf, &inf, &mut out), Err(ParseError::Value(_))));
        let negative = encode_example(1.0, Some(-1.0), &[("a", "x", 1.0)]);
        assert!(matches!(decode_example(&RecordFormat::Protobuf, &negative, &mut out), Err(ParseError::Weight(_))));
        let nameless = encode_example(1.0, None, &[("a", "", 1.0)]);
        assert!(matches!(decode_example(&RecordFormat::Protobuf, &nameless, &mut out), Err(ParseError::Feature(_))));
        assert!(decode_example(&RecordFormat::Json, b"\xff", &mut out).is_err());
        // A JSON example on a protobuf topic says so, and which setting reads it.
        let json = br#"{"label": 1, "features": ["a:x"]}"#;
        let message = decode_example(&RecordFormat::Protobuf, json, &mut out).unwrap_err().to_string();
        assert!(message.contains("looks like JSON") && message.contains("example_format = \"json\""), "{message}");
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
            let mut out = ExampleBuf::default();
            let _ = decode_example(&RecordFormat::Protobuf, &bytes, &mut out);
            let _ = decode_example(&RecordFormat::Json, &bytes, &mut out);
        }

        #[test]
        fn encoded_examples_round_trip(label in -1e6f64..1e6, names in prop::collection::vec("[a-z]{1,8}", 1..20)) {
            let features: Vec<(&str, &str, f64)> = names.iter().map(|n| ("ns", n.as_str(), 1.5)).collect();
            let mut out = ExampleBuf::default();
            decode_example(&RecordFormat::Protobuf, &encode_example(label, None, &features), &mut out).unwrap();
            prop_assert_eq!(out.label, label);
            prop_assert_eq!(out.features.len(), names.len());
        }
    }

    /// What prost's generated decoder makes of `bytes`, as `decode_example` did before it
    /// decoded in place (its error with the same hint when the bytes are a JSON object).
    fn decoded_by_prost(bytes: &[u8]) -> (String, ExampleBuf) {
        let mut out = ExampleBuf::default();
        out.clear();
        let result = Example::decode(bytes)
            .map_err(|e| ParseError::Protobuf(with_json_hint(e, bytes)))
            .and_then(|example| from_proto(&example, &mut out));
        (format!("{result:?}"), out)
    }

    fn assert_decodes_like_prost(bytes: &[u8]) {
        let (expected, reference) = decoded_by_prost(bytes);
        let mut out = ExampleBuf::default();
        let result = decode_example(&RecordFormat::Protobuf, bytes, &mut out);
        assert_eq!(format!("{result:?}"), expected, "{bytes:02x?}");
        if result.is_err() {
            return; // what the buffer holds after an error is unspecified
        }
        assert_eq!(
            (out.label.to_bits(), out.weight.to_bits()),
            (reference.label.to_bits(), reference.weight.to_bits())
        );
        assert_eq!(out.features, reference.features, "{bytes:02x?}");
        assert_eq!(out.namespaces, reference.namespaces);
    }

    fn put_varint(out: &mut Vec<u8>, mut value: u64) {
        while value >= 0x80 {
            out.push((value as u8) | 0x80);
            value >>= 7;
        }
        out.push(value as u8);
    }

    /// One field of a message as a test writes it: any tag and wire type, well formed or not.
    #[derive(Clone, Debug)]
    enum Field {
        Fixed64(u32, f64),
        Bytes(u32, Vec<u8>),
        Varint(u32, u64),
        Fixed32(u32, u32),
        Group(u32, Vec<Field>, u32),
        /// A message of these fields, length-delimited.
        Message(u32, Vec<Field>),
        /// A raw key with any wire type (6 and 7 are invalid), nothing after it.
        Key(u64),
    }

    fn encode_fields(fields: &[Field], out: &mut Vec<u8>) {
        for field in fields {
            match field {
                Field::Fixed64(tag, v) => {
                    put_varint(out, u64::from(*tag) << 3 | 1);
                    out.extend_from_slice(&v.to_le_bytes());
                }
                Field::Bytes(tag, bytes) => {
                    put_varint(out, u64::from(*tag) << 3 | 2);
                    put_varint(out, bytes.len() as u64);
                    out.extend_from_slice(bytes);
                }
                Field::Varint(tag, v) => {
                    put_varint(out, u64::from(*tag) << 3);
                    put_varint(out, *v);
                }
                Field::Fixed32(tag, v) => {
                    put_varint(out, u64::from(*tag) << 3 | 5);
                    out.extend_from_slice(&v.to_le_bytes());
                }
                Field::Group(tag, inner, end) => {
                    put_varint(out, u64::from(*tag) << 3 | 3);
                    encode_fields(inner, out);
                    put_varint(out, u64::from(*end) << 3 | 4);
                }
                Field::Message(tag, inner) => {
                    let mut body = Vec::new();
                    encode_fields(inner, &mut body);
                    put_varint(out, u64::from(*tag) << 3 | 2);
                    put_varint(out, body.len() as u64);
                    out.extend_from_slice(&body);
                }
                Field::Key(key) => put_varint(out, *key),
            }
        }
    }

    /// Fields of an Example or a Feature: mostly the schema's tags with their wire types, some
    /// with the wrong one, unknown fields and groups, and odd values.
    fn field(depth: u32) -> BoxedStrategy<Field> {
        let tag = prop_oneof![4 => 1u32..4, 1 => 4u32..20, 1 => Just(0u32), 1 => Just(u32::MAX >> 3)];
        let value = prop_oneof![
            4 => -4.0f64..4.0,
            1 => Just(0.0),
            1 => Just(f64::NAN),
            1 => Just(f64::INFINITY),
            1 => Just(-1.0)
        ];
        let text = prop_oneof![
            4 => "[a-c]{0,3}".prop_map(String::into_bytes),
            1 => Just(vec![0xff]),
            1 => prop::collection::vec(any::<u8>(), 0..4)
        ];
        let leaf = prop_oneof![
            3 => (tag.clone(), value).prop_map(|(t, v)| Field::Fixed64(t, v)),
            3 => (tag.clone(), text).prop_map(|(t, b)| Field::Bytes(t, b)),
            1 => (tag.clone(), any::<u64>()).prop_map(|(t, v)| Field::Varint(t, v)),
            1 => (tag.clone(), any::<u32>()).prop_map(|(t, v)| Field::Fixed32(t, v)),
            1 => any::<u64>().prop_map(Field::Key),
            1 => (0u64..64).prop_map(Field::Key)
        ];
        if depth == 0 {
            return leaf.boxed();
        }
        let inner = prop::collection::vec(field(depth - 1), 0..4);
        prop_oneof![
            6 => leaf,
            3 => (Just(3u32), inner.clone()).prop_map(|(t, f)| Field::Message(t, f)),
            1 => (tag.clone(), inner.clone()).prop_map(|(t, f)| Field::Message(t, f)),
            1 => (tag.clone(), inner, prop_oneof![4 => Just(None), 1 => (0u32..20).prop_map(Some)])
                .prop_map(|(t, f, end)| Field::Group(t, f, end.unwrap_or(t)))
        ]
        .boxed()
    }

    #[test]
    fn decodes_like_prost_at_the_limits() {
        // Varints of ten bytes (the last at most 1) and longer; keys beyond u32.
        assert_decodes_like_prost(&[0x20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
        assert_decodes_like_prost(&[0x20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]);
        assert_decodes_like_prost(&[0x20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00]);
        assert_decodes_like_prost(&[0xf8, 0xff, 0xff, 0xff, 0x0f, 0x00]);
        assert_decodes_like_prost(&[0x80, 0x80, 0x80, 0x80, 0x10, 0x00]);
        // A fixed32 key that is also white space before `{}`: a JSON object too (found by
        // the property test below).
        assert_decodes_like_prost(&[0x0d, 0x7b, 0x7d]);
        // Groups nested to prost's recursion limit and one beyond, at the top and in a feature.
        for depth in [98, 99, 100, 101] {
            let group = |depth: usize| {
                let mut bytes = vec![0x23; depth];
                bytes.extend(std::iter::repeat_n(0x24, depth));
                bytes
            };
            assert_decodes_like_prost(&group(depth));
            let mut feature = vec![0x12, 0x01, b'x'];
            feature.extend(group(depth));
            let mut bytes = vec![0x1a];
            put_varint(&mut bytes, feature.len() as u64);
            bytes.extend(feature);
            assert_decodes_like_prost(&bytes);
        }
        // The last occurrence of a field wins; an invalid one earlier still fails.
        let mut bytes = encode_example(1.0, Some(2.0), &[("a", "x", 0.5)]);
        bytes.extend(encode_example(0.0, Some(3.0), &[("b", "y", 1.0)]));
        assert_decodes_like_prost(&bytes);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        #[test]
        fn decodes_like_prost(fields in prop::collection::vec(field(3), 0..8), cut in any::<prop::sample::Index>(),
                              flip in any::<Option<(prop::sample::Index, u8)>>()) {
            let mut bytes = Vec::new();
            encode_fields(&fields, &mut bytes);
            assert_decodes_like_prost(&bytes);
            if !bytes.is_empty() {
                assert_decodes_like_prost(&bytes[..cut.index(bytes.len())]);
                if let Some((at, byte)) = flip {
                    let at = at.index(bytes.len());
                    bytes[at] ^= byte;
                    assert_decodes_like_prost(&bytes);
                }
            }
        }
    }

    #[test]
    fn progress_windows_round_trip_with_sparse_auc() {
        let mut progress = crate::learn::Progress::new(true);
        progress.record(0.3, 1.0, 0.7, 0.7, 2.0);
        progress.record(0.9, 0.0, 0.6, 0.6, 1.0);
        let window = ProgressWindow::from_progress(&progress);
        assert_eq!(window.auc_buckets.len(), 2);
        let bytes = window.encode_to_vec();
        assert!(bytes.len() < 100, "{} bytes", bytes.len());
        assert_eq!(ProgressWindow::decode(&bytes[..]).unwrap().progress(true), progress);
    }
}
