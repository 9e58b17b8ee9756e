//! The framing a record value may carry in front of its message: none, or the wire format
//! of Kafka schema registries (Confluent's, and the registries compatible with it: Apicurio
//! in its Confluent mode, Redpanda, Karapace):
//!
//! ```text
//! byte 0      magic byte, 0
//! bytes 1..5  schema id, big-endian u32
//! protobuf:   the message-index list: a zigzag varint count, then that many zigzag varint
//!             indexes (the path of the message type within the registered .proto file);
//!             the single byte 0 is short for [0], the file's first message
//! then        the message itself (protobuf, or JSON text)
//! ```
//!
//! Reading needs no registry: the schema is the one configured (`ftrl.v1.Example`, or raw
//! JSON events through a mapping), so the frame is checked and stripped. With
//! `model.example_schema_id` set, a record registered under another schema is refused. A
//! registry would add what a configured schema cannot: following schema evolution (which
//! id means which fields), and decoding several message types from one topic.

use super::proto::ExampleFormat;
use super::ParseError;

/// How records are framed on the examples topic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Framing {
    /// The value is the message itself.
    #[default]
    None,
    /// Magic byte 0, the schema id and (protobuf) the message-index list, then the message.
    SchemaRegistry,
}

/// The schema-registry frame of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pub schema_id: u32,
    /// The message-index list (protobuf only; empty for JSON).
    pub message_indexes: Vec<i64>,
}

/// Longest message-index list accepted: a path of nested message types, a few levels deep
/// in any real schema; the bound keeps a hostile count from allocating.
const MAX_MESSAGE_INDEXES: usize = 64;

/// The message inside `bytes` and, for schema-registry framing, its frame; refuses a
/// frame that is malformed, or whose schema id is not `expected_schema_id` (when set).
pub(crate) fn unframe(
    framing: Framing,
    format: ExampleFormat,
    expected_schema_id: Option<u32>,
    bytes: &[u8],
) -> Result<(&[u8], Option<Frame>), ParseError> {
    match framing {
        Framing::None => Ok((bytes, None)),
        Framing::SchemaRegistry => {
            let (frame, message) = read_frame(format, bytes)?;
            if let Some(expected) = expected_schema_id {
                if frame.schema_id != expected {
                    return Err(ParseError::Framing(format!(
                        "schema id {} where model.example_schema_id is {expected}",
                        frame.schema_id
                    )));
                }
            }
            Ok((message, Some(frame)))
        }
    }
}

fn read_frame(format: ExampleFormat, bytes: &[u8]) -> Result<(Frame, &[u8]), ParseError> {
    let Some((&magic, rest)) = bytes.split_first() else {
        return Err(ParseError::Framing("empty record, no magic byte".into()));
    };
    if magic != 0 {
        return Err(ParseError::Framing(format!(
            "magic byte {magic:#04x}, expected 0x00 (is the record framed for a schema registry?)"
        )));
    }
    let Some((id, mut rest)) = rest.split_first_chunk::<4>() else {
        return Err(ParseError::Framing(format!("{} bytes after the magic byte, fewer than a schema id", rest.len())));
    };
    let schema_id = u32::from_be_bytes(*id);
    let mut message_indexes = Vec::new();
    if format == ExampleFormat::Protobuf {
        let count = zigzag_varint(&mut rest).ok_or_else(|| bad_indexes("count"))?;
        if count == 0 {
            message_indexes.push(0);
        } else {
            if !(1..=MAX_MESSAGE_INDEXES as i64).contains(&count) {
                return Err(ParseError::Framing(format!(
                    "message-index count {count}, expected 1..={MAX_MESSAGE_INDEXES}"
                )));
            }
            for _ in 0..count {
                message_indexes.push(zigzag_varint(&mut rest).ok_or_else(|| bad_indexes("index"))?);
            }
        }
    }
    Ok((Frame { schema_id, message_indexes }, rest))
}

fn bad_indexes(what: &str) -> ParseError {
    ParseError::Framing(format!("the message-index list ends inside a varint ({what})"))
}

/// A zigzag-encoded varint (at most ten bytes), as the registries' serializers write them.
fn zigzag_varint(buf: &mut &[u8]) -> Option<i64> {
    let mut value = 0u64;
    for (i, &byte) in buf.iter().take(10).enumerate() {
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte < 0x80 {
            *buf = &buf[i + 1..];
            return Some(((value >> 1) as i64) ^ -((value & 1) as i64));
        }
    }
    None
}

/// `message` framed as a schema-registry serializer frames it (for producers and tests).
pub fn frame(format: ExampleFormat, schema_id: u32, message_indexes: &[i64], message: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + 8);
    out.push(0);
    out.extend_from_slice(&schema_id.to_be_bytes());
    if format == ExampleFormat::Protobuf {
        if message_indexes == [0] {
            out.push(0);
        } else {
            put_zigzag(&mut out, message_indexes.len() as i64);
            for &index in message_indexes {
                put_zigzag(&mut out, index);
            }
        }
    }
    out.extend_from_slice(message);
    out
}

fn put_zigzag(out: &mut Vec<u8>, value: i64) {
    let mut v = ((value << 1) ^ (value >> 63)) as u64;
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const PROTO: ExampleFormat = ExampleFormat::Protobuf;
    const JSON: ExampleFormat = ExampleFormat::Json;

    #[test]
    fn a_confluent_protobuf_frame_is_stripped() {
        // Schema id 258, message index [0] written as the single byte 0, then the message.
        let bytes = [0, 0, 0, 1, 2, 0, 0x09, 1, 2];
        let (message, frame) = unframe(Framing::SchemaRegistry, PROTO, None, &bytes).unwrap();
        assert_eq!(message, &[0x09, 1, 2]);
        assert_eq!(frame, Some(Frame { schema_id: 258, message_indexes: vec![0] }));
        // A nested message type: the list [1, 0] is count 2 (zigzag 4), 1 (2), 0 (0).
        let bytes = [0, 0, 0, 0, 7, 4, 2, 0, 0x0a];
        let (message, frame) = unframe(Framing::SchemaRegistry, PROTO, Some(7), &bytes).unwrap();
        assert_eq!(message, &[0x0a]);
        assert_eq!(frame.unwrap().message_indexes, vec![1, 0]);
    }

    #[test]
    fn a_json_frame_has_no_message_indexes() {
        let bytes = [b"\0\0\0\0\x05".as_slice(), br#"{"label":1}"#].concat();
        let (message, frame) = unframe(Framing::SchemaRegistry, JSON, Some(5), &bytes).unwrap();
        assert_eq!(message, br#"{"label":1}"#);
        assert_eq!(frame.unwrap().message_indexes, Vec::<i64>::new());
    }

    #[test]
    fn without_framing_the_record_is_the_message() {
        let (message, frame) = unframe(Framing::None, PROTO, Some(3), b"\x01\x02").unwrap();
        assert_eq!((message, frame), (b"\x01\x02".as_slice(), None));
    }

    #[test]
    fn bad_frames_are_refused_with_the_reason() {
        let reason = |format, expected, bytes: &[u8]| match unframe(Framing::SchemaRegistry, format, expected, bytes) {
            Err(ParseError::Framing(reason)) => reason,
            other => panic!("{bytes:?}: {other:?}"),
        };
        assert!(reason(JSON, None, br#"{"label":1}"#).contains("magic byte 0x7b, expected 0x00"));
        assert!(reason(PROTO, None, b"").contains("no magic byte"));
        assert!(reason(PROTO, None, b"\0\0\0").contains("fewer than a schema id"));
        assert!(reason(PROTO, None, b"\0\0\0\0\x01").contains("ends inside a varint"));
        assert!(reason(PROTO, None, b"\0\0\0\0\x01\x80").contains("ends inside a varint"));
        assert!(reason(PROTO, None, b"\0\0\0\0\x01\x01").contains("count -1"));
        assert!(reason(PROTO, None, b"\0\0\0\0\x01\xff\x01").contains("count -128"));
        assert!(reason(PROTO, Some(2), b"\0\0\0\0\x01\0").contains("schema id 1 where model.example_schema_id is 2"));
        assert!(ParseError::Framing("x".into()).to_string().starts_with("schema-registry framing: "));
    }

    proptest! {
        #[test]
        fn frames_round_trip(
            id in any::<u32>(),
            indexes in prop::collection::vec(-1000i64..1000, 1..5),
            message in prop::collection::vec(any::<u8>(), 0..20),
        ) {
            for format in [PROTO, JSON] {
                let framed = frame(format, id, &indexes, &message);
                let (inner, frame) = unframe(Framing::SchemaRegistry, format, Some(id), &framed).unwrap();
                prop_assert_eq!(inner, &message[..]);
                let frame = frame.unwrap();
                prop_assert_eq!(frame.schema_id, id);
                let expected = if format == PROTO { indexes.clone() } else { Vec::new() };
                prop_assert_eq!(frame.message_indexes, expected);
            }
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
            for format in [PROTO, JSON] {
                let _ = unframe(Framing::SchemaRegistry, format, None, &bytes);
            }
        }
    }
}
