//! How a record of the examples topic becomes an example: its framing stripped
//! (`framing`), then its message decoded as configured: an `ftrl.v1.Example`, an example in
//! the JSON-lines shape, or a raw JSON event through a mapping (`mapping`). The predict
//! role and `ftrl train --from-topic` both decode with a [`RecordDecoder`], so they read
//! the same records the same way.

use super::framing::{unframe, Framing};
use super::mapping::{Mapping, MappingError};
use super::proto::{decode_example, ExampleFormat, MAX_MESSAGE_BYTES};
use super::{ExampleBuf, ParseError};
use crate::config::ModelConfig;
use std::sync::Arc;

/// Decodes examples-topic records as the configuration says.
#[derive(Clone, Debug)]
pub struct RecordDecoder {
    format: ExampleFormat,
    framing: Framing,
    schema_id: Option<u32>,
    mapping: Option<Arc<Mapping>>,
}

impl RecordDecoder {
    /// A decoder of `format` records framed by `framing`; `json-events` needs `mapping`.
    pub fn new(
        format: ExampleFormat,
        framing: Framing,
        schema_id: Option<u32>,
        mapping: Option<Arc<Mapping>>,
    ) -> Result<Self, MappingError> {
        if format == ExampleFormat::JsonEvents && mapping.is_none() {
            return Err(MappingError::Invalid("example_format \"json-events\" needs model.example_mapping".into()));
        }
        Ok(Self { format, framing, schema_id, mapping })
    }

    /// The decoder `[model]` describes (its mapping file read and checked).
    pub(crate) fn from_config(model: &ModelConfig) -> Result<Self, MappingError> {
        let mapping = match &model.example_mapping {
            Some(path) if model.example_format == ExampleFormat::JsonEvents => Some(Arc::new(Mapping::load(path)?)),
            _ => None,
        };
        Self::new(model.example_format, model.example_framing, model.example_schema_id, mapping)
    }

    /// Decodes one record's value into `out` (cleared first; after an error it holds part
    /// of the example).
    pub fn decode(&self, bytes: &[u8], out: &mut ExampleBuf) -> Result<(), ParseError> {
        out.clear();
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(ParseError::TooLarge { bytes: bytes.len(), limit: MAX_MESSAGE_BYTES });
        }
        let (message, _frame) = unframe(self.framing, self.format, self.schema_id, bytes)?;
        match (&self.mapping, self.format) {
            (Some(mapping), ExampleFormat::JsonEvents) => {
                let text = std::str::from_utf8(message).map_err(|_| ParseError::Utf8)?;
                match mapping.parse(text, out) {
                    // A blank record is not skipped like a blank line: it is a bad record.
                    Err(ParseError::Empty) => Err(ParseError::Json("an empty record".into())),
                    other => other,
                }
            }
            (_, format) => decode_example(format, message, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::hashing::feature_coordinate;
    use crate::schema::framing::frame;
    use crate::schema::mapping::MappingSpec;
    use crate::schema::proto::encode_example;
    use crate::schema::test_support::features;

    fn decoded(decoder: &RecordDecoder, bytes: &[u8]) -> Result<ExampleBuf, ParseError> {
        let mut out = ExampleBuf::default();
        decoder.decode(bytes, &mut out).map(|()| out)
    }

    #[test]
    fn framed_records_decode_as_unframed_ones() {
        let proto = encode_example(1.0, Some(2.0), &[("a", "x", 1.0), ("b", "y", 0.5)]);
        let json = br#"{"label": 1, "weight": 2, "features": ["a:x", {"ns": "b", "name": "y", "value": 0.5}]}"#;
        for (format, message) in [(ExampleFormat::Protobuf, &proto[..]), (ExampleFormat::Json, &json[..])] {
            let plain = RecordDecoder::new(format, Framing::None, None, None).unwrap();
            let framed = RecordDecoder::new(format, Framing::SchemaRegistry, Some(9), None).unwrap();
            let expected = decoded(&plain, message).unwrap();
            let got = decoded(&framed, &frame(format, 9, &[0], message)).unwrap();
            assert_eq!((got.label, got.weight, features(&got)), (expected.label, expected.weight, features(&expected)));
            assert_eq!(features(&got).len(), 2);
            // The unframed record is refused by the framed decoder, with the reason.
            let e = decoded(&framed, message).unwrap_err();
            assert!(e.to_string().contains("magic byte"), "{e}");
            let e = decoded(&framed, &frame(format, 8, &[0], message)).unwrap_err();
            assert!(e.to_string().contains("schema id 8"), "{e}");
        }
    }

    #[test]
    fn raw_events_decode_through_the_mapping_framed_or_not() {
        let spec: MappingSpec =
            serde_json::from_str(r#"{"label": {"field": "clicked"}, "features": [{"field": "user.country"}]}"#)
                .unwrap();
        let mapping = Some(Arc::new(Mapping::new(&spec).unwrap()));
        let event = br#"{"clicked": true, "user": {"country": "FR"}}"#;
        let plain = RecordDecoder::new(ExampleFormat::JsonEvents, Framing::None, None, mapping.clone()).unwrap();
        let framed = RecordDecoder::new(ExampleFormat::JsonEvents, Framing::SchemaRegistry, None, mapping).unwrap();
        for (decoder, bytes) in [(&plain, event.to_vec()), (&framed, frame(ExampleFormat::JsonEvents, 1, &[], event))] {
            let out = decoded(decoder, &bytes).unwrap();
            assert_eq!(out.label, 1.0);
            assert_eq!(features(&out), vec![(b'c', feature_coordinate("country", "FR"), 1.0)]);
        }
        assert_eq!(decoded(&plain, b" ").unwrap_err(), ParseError::Json("an empty record".into()));
        assert!(RecordDecoder::new(ExampleFormat::JsonEvents, Framing::None, None, None).is_err());
    }
}
