//! `ftrl produce`: JSON-lines examples encoded and framed as the examples topic holds them.

use crate::config::{ModelConfig, WorkerConfig};
use crate::schema::framing::{frame, Framing};
use crate::schema::proto::ExampleFormat;
use crate::stream::kafka::{client_config, send};
use crate::stream::StreamError;
use indicatif::ProgressBar;
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use std::time::Duration;

/// Sends JSON-lines examples to the examples topic, one record per non-blank line, encoded
/// as `model.example_format` says (JSON and raw JSON events as they are; protobuf
/// converted) and framed as `model.example_framing` says (with `model.example_schema_id`,
/// 0 when unset, and the message index `[0]`). Lines that are not a JSON example are skipped
/// and counted. Returns (sent, skipped).
pub(crate) fn produce_examples(
    config: &WorkerConfig,
    lines: impl std::io::BufRead,
    progress: &ProgressBar,
    skip_bad: bool,
) -> Result<(u64, u64), StreamError> {
    let topic = config.topics().examples;
    let producer: BaseProducer =
        client_config(config).set("enable.idempotence", "true").set("linger.ms", "20").create()?;
    let mut sent = 0u64;
    let read = encode_lines(config, lines, skip_bad, |line, payload| {
        send(&producer, BaseRecord::<[u8], [u8]>::to(&topic).payload(payload))
            .map_err(|e| StreamError::Other(format!("line {line}: {e}")))?;
        producer.poll(Duration::ZERO);
        sent += 1;
        progress.inc(1);
        Ok(())
    });
    // What was handed over is delivered (or fails here) even when a bad line stopped it.
    producer.flush(Duration::from_secs(60))?;
    Ok((sent, read?))
}

/// Bad input lines reported one by one before only their count is.
const REPORTED_BAD_LINES: u64 = 10;

/// Encodes every non-blank input line as the examples topic holds it ([`encode_line`]) and
/// hands it to `visit` with its line number. A bad line (not UTF-8, not an example of the
/// model's format, or larger than a producer may send) stops the input with an error naming
/// its line and why, or with `skip_bad` is skipped, reported (the first ten) and counted:
/// returns the number skipped.
pub(crate) fn encode_lines(
    config: &WorkerConfig,
    mut lines: impl std::io::BufRead,
    skip_bad: bool,
    mut visit: impl FnMut(u64, &[u8]) -> Result<(), StreamError>,
) -> Result<u64, StreamError> {
    let configured = message_max_bytes(config);
    // librdkafka counts the record's framing too.
    let limit = configured.saturating_sub(RECORD_OVERHEAD_BYTES);
    let (mut number, mut skipped) = (0u64, 0u64);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = lines
            .read_until(b'\n', &mut buffer)
            .map_err(|e| StreamError::Other(format!("reading line {}: {e}", number + 1)))?;
        if read == 0 {
            return Ok(skipped);
        }
        number += 1;
        let line = buffer.strip_suffix(b"\n").unwrap_or(&buffer);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.trim_ascii().is_empty() {
            continue;
        }
        let encoded = std::str::from_utf8(line)
            .map_err(|_| "not UTF-8".to_string())
            .and_then(|text| encode_line(&config.model, text.to_owned()))
            .and_then(|payload| match payload.len() {
                bytes if bytes > limit => Err(format!(
                    "{bytes} bytes, more than a record may hold ({limit}: the producer's message.max.bytes, \
                     {configured}, less room for the record's framing)"
                )),
                _ => Ok(payload),
            });
        match encoded {
            Ok(payload) => visit(number, &payload)?,
            Err(reason) if skip_bad => {
                skipped += 1;
                if skipped <= REPORTED_BAD_LINES {
                    tracing::warn!(line = number, %reason, "not an example, skipped");
                }
            }
            Err(reason) => {
                return Err(StreamError::Other(format!(
                    "line {number}: {reason} (the lines before it were sent; --skip-bad skips bad lines)"
                )))
            }
        }
    }
}

/// The producer's `message.max.bytes` (librdkafka's 1,000,000 unless
/// `kafka.librdkafka_options` says otherwise).
fn message_max_bytes(config: &WorkerConfig) -> usize {
    let configured = config.kafka.librdkafka_options.iter().find(|(key, _)| key.trim() == "message.max.bytes");
    configured.and_then(|(_, value)| value.trim().parse::<usize>().ok()).unwrap_or(1_000_000)
}

/// What librdkafka adds to a value it checks against `message.max.bytes` (about 100 bytes
/// for a record with no key or headers), rounded up.
const RECORD_OVERHEAD_BYTES: usize = 512;

/// One non-blank JSON-lines input line as the examples topic holds it (see
/// [`produce_examples`]), or why it is not an example.
fn encode_line(model: &ModelConfig, line: String) -> Result<Vec<u8>, String> {
    let format = model.example_format;
    let payload = match format {
        ExampleFormat::Json | ExampleFormat::JsonEvents => Ok(line.into_bytes()),
        ExampleFormat::Protobuf => json_to_protobuf(&line),
    };
    match model.example_framing {
        Framing::None => payload,
        Framing::SchemaRegistry => {
            payload.map(|message| frame(format, model.example_schema_id.unwrap_or(0), &[0], &message))
        }
    }
}

/// The `ftrl.v1.Example` of a JSON-lines example (`label`, optional `weight`, `features` as
/// "ns:name" strings or {"ns", "name", "value"} objects).
fn json_to_protobuf(line: &str) -> Result<Vec<u8>, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let label = value.get("label").and_then(serde_json::Value::as_f64).ok_or("no numeric label")?;
    let weight = value.get("weight").and_then(serde_json::Value::as_f64);
    let features = value.get("features").and_then(serde_json::Value::as_array).ok_or("no features array")?;
    let mut named: Vec<(String, String, f64)> = Vec::with_capacity(features.len());
    for feature in features {
        match feature {
            serde_json::Value::String(text) => {
                let (ns, name) = text.split_once(':').unwrap_or(("", text));
                named.push((ns.to_string(), name.to_string(), 1.0));
            }
            serde_json::Value::Object(object) => {
                let text = |key: &str| object.get(key).and_then(serde_json::Value::as_str).map(str::to_string);
                let name = text("name").ok_or("a feature object without a name")?;
                let value = object.get("value").and_then(serde_json::Value::as_f64).unwrap_or(1.0);
                named.push((text("ns").unwrap_or_default(), name, value));
            }
            _ => return Err("a feature is neither a string nor an object".into()),
        }
    }
    let borrowed: Vec<(&str, &str, f64)> = named.iter().map(|(ns, name, v)| (ns.as_str(), name.as_str(), *v)).collect();
    Ok(crate::schema::proto::encode_example(label, weight, &borrowed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::proto::Example;
    use prost::Message as _;

    fn worker_config() -> WorkerConfig {
        WorkerConfig {
            kafka: crate::config::KafkaConfig::new("b:1"),
            model: crate::config::ModelConfig::new("m"),
            worker: Default::default(),
            observability: Default::default(),
            serve: Default::default(),
        }
    }

    /// An input with a good line, a blank one, then a line that is not JSON, one too large
    /// for a record, one that is not UTF-8, and a good one: (line numbers sent, result).
    fn produced(skip_bad: bool) -> (Vec<u64>, Result<u64, StreamError>) {
        let mut config = worker_config();
        config.model.example_format = ExampleFormat::Protobuf;
        let long = format!(r#"{{"label": 1, "features": ["a:{}"]}}"#, "x".repeat(1_000_000));
        let mut input = b"{\"label\": 1, \"features\": [\"a:x\"]}\n\nnot json\n".to_vec();
        input.extend_from_slice(long.as_bytes());
        input.extend_from_slice(b"\n\xff\xfe\r\n{\"label\": 0, \"features\": []}");
        let mut sent = Vec::new();
        let result = encode_lines(&config, &input[..], skip_bad, |line, _| {
            sent.push(line);
            Ok(())
        });
        (sent, result)
    }

    #[test]
    fn a_bad_line_stops_produce_by_its_number() {
        let (sent, result) = produced(false);
        assert_eq!(sent, [1]);
        let error = result.unwrap_err().to_string();
        assert!(error.starts_with("line 3: ") && error.contains("--skip-bad"), "{error}");
    }

    #[test]
    fn skip_bad_skips_and_counts_bad_lines_oversized_and_not_utf8_ones_too() {
        let (sent, result) = produced(true);
        assert_eq!((sent, result.unwrap()), (vec![1, 6], 3));
    }

    #[test]
    fn an_oversized_line_is_named_with_its_size() {
        let mut config = worker_config();
        config.model.example_format = ExampleFormat::JsonEvents;
        let line = format!("{{\"x\": \"{}\"}}\n", "y".repeat(2_000_000));
        let error = encode_lines(&config, line.as_bytes(), false, |_, _| Ok(())).unwrap_err().to_string();
        assert!(error.starts_with("line 1: 2000009 bytes, more than a record may hold (999488: "), "{error}");
    }

    #[test]
    fn json_examples_become_protobuf() {
        let bytes = json_to_protobuf(
            r#"{"label": 1, "weight": 2, "features": ["a:x", "y", {"ns": "c", "name": "z", "value": 0.5}]}"#,
        )
        .unwrap();
        let example = Example::decode(&bytes[..]).unwrap();
        assert_eq!((example.label, example.weight), (1.0, Some(2.0)));
        let features: Vec<(&str, &str, Option<f64>)> =
            example.features.iter().map(|f| (f.ns.as_str(), f.name.as_str(), f.value)).collect();
        // A value of 1 is left out: absent means 1 in the schema.
        assert_eq!(features, [("a", "x", None), ("", "y", None), ("c", "z", Some(0.5))]);
        assert!(json_to_protobuf("{}").unwrap_err().contains("label"));
        assert!(json_to_protobuf(r#"{"label": 1, "features": [3]}"#).is_err());
    }
}
