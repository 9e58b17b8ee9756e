//! The protobuf messages of `schemas/ftrl.proto` and the decoding of examples from the
//! examples topic (protobuf or JSON) into the parser's `ExampleBuf`.

use super::{excerpt, ExampleBuf, ParseError};
use crate::learn::hashing::{coordinate, namespace_seed};
use prost::Message;

include!(concat!(env!("OUT_DIR"), "/ftrl.v1.rs"));

/// Largest example message accepted, a bound on what one record can make us allocate.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// How example events are encoded on the examples topic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExampleFormat {
    /// `ftrl.v1.Example` protobuf messages.
    #[default]
    Protobuf,
    /// The JSON lines format of the embedded trainer, one object per record.
    Json,
}

/// Decodes one example event into `out` (cleared first).
pub fn decode_example(format: ExampleFormat, bytes: &[u8], out: &mut ExampleBuf) -> Result<(), ParseError> {
    out.clear();
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(ParseError::TooLarge { bytes: bytes.len(), limit: MAX_MESSAGE_BYTES });
    }
    match format {
        ExampleFormat::Json => {
            let text = std::str::from_utf8(bytes).map_err(|_| ParseError::Utf8)?;
            super::jsonl::parse(text, out)
        }
        ExampleFormat::Protobuf => {
            let example = Example::decode(bytes).map_err(|e| ParseError::Protobuf(e.to_string()))?;
            from_proto(&example, out)
        }
    }
}

fn from_proto(example: &Example, out: &mut ExampleBuf) -> Result<(), ParseError> {
    if !example.label.is_finite() {
        return Err(ParseError::Label(example.label.to_string()));
    }
    out.label = example.label;
    let weight = example.weight.unwrap_or(1.0);
    if !(weight.is_finite() && weight >= 0.0) {
        return Err(ParseError::Weight(weight.to_string()));
    }
    out.weight = weight;
    for feature in &example.features {
        if feature.name.is_empty() {
            return Err(ParseError::Feature(format!("empty name in namespace {}", excerpt(&feature.ns))));
        }
        let value = feature.value.unwrap_or(1.0);
        if !value.is_finite() {
            return Err(ParseError::Value(format!("{}:{}={value}", excerpt(&feature.ns), excerpt(&feature.name))));
        }
        if value != 0.0 {
            out.push_named(&feature.ns, &feature.name, coordinate(namespace_seed(&feature.ns), &feature.name), value)?;
        }
    }
    Ok(())
}

/// Encodes an example for the examples topic (the data generator and tests use it).
pub fn encode_example(label: f64, weight: Option<f64>, features: &[(&str, &str, f64)]) -> Vec<u8> {
    Example {
        label,
        weight,
        features: features
            .iter()
            .map(|(ns, name, value)| Feature { ns: ns.to_string(), name: name.to_string(), value: Some(*value) })
            .collect(),
    }
    .encode_to_vec()
}

impl ProgressWindow {
    /// A window holding `progress`, with the AUC counts stored sparsely.
    pub fn from_progress(progress: &crate::learn::Progress) -> Self {
        let mut window = ProgressWindow {
            count: progress.count,
            weight_sum: progress.weight_sum,
            loss_sum: progress.loss_sum,
            label_sum: progress.label_sum,
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
        decode_example(ExampleFormat::Protobuf, &bytes, &mut from_proto).unwrap();
        let mut from_json = ExampleBuf::default();
        let json = br#"{"label": 1, "weight": 2, "features": ["a:x", {"ns": "b", "name": "y", "value": 0.5}]}"#;
        decode_example(ExampleFormat::Json, json, &mut from_json).unwrap();
        assert_eq!(from_proto.label, from_json.label);
        assert_eq!(from_proto.weight, from_json.weight);
        assert_eq!(from_proto.features, from_json.features);
        assert_eq!(from_proto.namespaces, vec![b'a', b'b']);
        assert_eq!(from_proto.features[0].coordinate, feature_coordinate("a", "x"));
    }

    #[test]
    fn rejects_bad_examples() {
        let mut out = ExampleBuf::default();
        assert!(matches!(
            decode_example(ExampleFormat::Protobuf, b"\xff\xff\xff", &mut out),
            Err(ParseError::Protobuf(_))
        ));
        let nan = encode_example(f64::NAN, None, &[("a", "x", 1.0)]);
        assert!(matches!(decode_example(ExampleFormat::Protobuf, &nan, &mut out), Err(ParseError::Label(_))));
        let inf = encode_example(1.0, None, &[("a", "x", f64::INFINITY)]);
        assert!(matches!(decode_example(ExampleFormat::Protobuf, &inf, &mut out), Err(ParseError::Value(_))));
        let negative = encode_example(1.0, Some(-1.0), &[("a", "x", 1.0)]);
        assert!(matches!(decode_example(ExampleFormat::Protobuf, &negative, &mut out), Err(ParseError::Weight(_))));
        let nameless = encode_example(1.0, None, &[("a", "", 1.0)]);
        assert!(matches!(decode_example(ExampleFormat::Protobuf, &nameless, &mut out), Err(ParseError::Feature(_))));
        assert!(decode_example(ExampleFormat::Json, b"\xff", &mut out).is_err());
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
            let mut out = ExampleBuf::default();
            let _ = decode_example(ExampleFormat::Protobuf, &bytes, &mut out);
            let _ = decode_example(ExampleFormat::Json, &bytes, &mut out);
        }

        #[test]
        fn encoded_examples_round_trip(label in -1e6f64..1e6, names in prop::collection::vec("[a-z]{1,8}", 1..20)) {
            let features: Vec<(&str, &str, f64)> = names.iter().map(|n| ("ns", n.as_str(), 1.5)).collect();
            let mut out = ExampleBuf::default();
            decode_example(ExampleFormat::Protobuf, &encode_example(label, None, &features), &mut out).unwrap();
            prop_assert_eq!(out.label, label);
            prop_assert_eq!(out.features.len(), names.len());
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
