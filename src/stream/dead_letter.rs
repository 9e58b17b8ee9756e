//! Dead letters whatever the record: a bad record of any size up to the broker's limit goes
//! to `{prefix}.dlq` whole when it fits what the producer can send, cut to fit otherwise
//! (headers `ftrl.truncated` and the original sizes), with its headers alone when the
//! broker refused it before, and when even that cannot be sent it is skipped, counted
//! (`ftrl_dead_letters_dropped_total`) and logged at the error level. Never does one record
//! abort its transaction again and again: that stopped the predict role for good, retrying
//! the same batch.

use super::kafka::RawRecord;
use super::wire::{
    ERROR_HEADER, ORIGINAL_BYTES_HEADER, ORIGINAL_KEY_BYTES_HEADER, SOURCE_OFFSET_HEADER, SOURCE_PARTITION_HEADER,
    SOURCE_TOPIC_HEADER, TRUNCATED_HEADER,
};
use crate::config::WorkerConfig;
use crate::observe::events::{DeadLetterDropped, DeadLetterTruncated, InternalEvent};
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::message::{Headers, Message};
use rdkafka::producer::{DeliveryResult, ProducerContext};
use rdkafka::ClientContext;
use std::collections::HashMap;
use std::sync::Mutex;

/// librdkafka's default `message.max.bytes`: the largest record its producer sends.
const DEFAULT_MESSAGE_MAX_BYTES: usize = 1_000_000;

/// What librdkafka counts against `message.max.bytes` besides key, value and headers: the
/// record batch's header (61 bytes) and the record's field lengths (at most 36), rounded up.
const RECORD_OVERHEAD: usize = 256;

/// What each header costs besides its name and value (two length varints), rounded up.
const HEADER_OVERHEAD: usize = 10;

/// Longest reason a dead letter carries, in bytes: reasons quote input in excerpts, so only
/// a pathological one is cut.
const MAX_REASON_BYTES: usize = 1024;

/// The largest record the worker's producers send: `message.max.bytes` as
/// `kafka.librdkafka_options` sets it, or librdkafka's default.
pub(crate) fn producer_message_limit(config: &WorkerConfig) -> usize {
    message_limit(&config.kafka.librdkafka_options)
}

fn message_limit(librdkafka_options: &std::collections::BTreeMap<String, String>) -> usize {
    librdkafka_options
        .iter()
        .find(|(key, _)| key.trim() == "message.max.bytes")
        .and_then(|(_, value)| value.trim().parse().ok())
        .unwrap_or(DEFAULT_MESSAGE_MAX_BYTES)
}

/// How much of a record a dead letter carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// All of it, or as much as fits the limit.
    Fitted,
    /// Its headers only: what is left when the broker refused the fitted form.
    HeadersOnly,
}

/// One dead letter as it is sent.
#[derive(Debug)]
pub(crate) struct DeadLetter<'a> {
    pub key: Option<&'a [u8]>,
    pub value: Option<&'a [u8]>,
    pub headers: Vec<(&'static str, String)>,
    /// Whether key or value were cut.
    pub truncated: bool,
}

impl<'a> DeadLetter<'a> {
    /// The dead letter of `record` (read from `source_topic`), bad for `reason`, in `form`,
    /// cut so that the producer's `limit` admits it.
    pub(crate) fn new(record: &'a RawRecord, reason: &str, source_topic: &str, limit: usize, form: Form) -> Self {
        // Cut on a character boundary, leaving room for the `…` (3 bytes) that marks it.
        let reason = match reason.char_indices().find(|(at, c)| at + c.len_utf8() > MAX_REASON_BYTES - 3) {
            Some((cut, _)) => format!("{}…", &reason[..cut]),
            None => reason.to_owned(),
        };
        let mut headers = vec![
            (ERROR_HEADER, reason),
            (SOURCE_TOPIC_HEADER, source_topic.to_owned()),
            (SOURCE_PARTITION_HEADER, record.partition.to_string()),
            (SOURCE_OFFSET_HEADER, record.offset.to_string()),
        ];
        let (key, value) = (record.key.as_deref(), record.payload.as_deref());
        let (key_bytes, value_bytes) = (key.map_or(0, <[u8]>::len), value.map_or(0, <[u8]>::len));
        if form == Form::Fitted && RECORD_OVERHEAD + headers_bytes(&headers) + key_bytes + value_bytes <= limit {
            return Self { key, value, headers, truncated: false };
        }
        let (key_kept, value_kept) = match form {
            Form::HeadersOnly => (0, 0),
            Form::Fitted => {
                // Room for the truncation headers at their longest (sizes in decimal).
                let marks =
                    [(TRUNCATED_HEADER, "key,value"), (ORIGINAL_BYTES_HEADER, ""), (ORIGINAL_KEY_BYTES_HEADER, "")];
                let marks_bytes: usize =
                    marks.iter().map(|(name, value)| name.len() + value.len() + 20 + HEADER_OVERHEAD).sum();
                let room = limit.saturating_sub(RECORD_OVERHEAD + headers_bytes(&headers) + marks_bytes);
                // The key keeps up to half the room (keys are short; a huge one is as bad).
                let key_kept = key_bytes.min(room / 2);
                (key_kept, value_bytes.min(room - key_kept))
            }
        };
        let cut: Vec<&str> = [("key", key_kept < key_bytes), ("value", value_kept < value_bytes)]
            .into_iter()
            .filter_map(|(part, cut)| cut.then_some(part))
            .collect();
        headers.push((TRUNCATED_HEADER, cut.join(",")));
        headers.push((ORIGINAL_BYTES_HEADER, value_bytes.to_string()));
        if key_kept < key_bytes {
            headers.push((ORIGINAL_KEY_BYTES_HEADER, key_bytes.to_string()));
        }
        let keep = |bytes: Option<&'a [u8]>, kept: usize| match form {
            Form::HeadersOnly => None,
            Form::Fitted => bytes.map(|b| &b[..kept]),
        };
        Self { key: keep(key, key_kept), value: keep(value, value_kept), headers, truncated: true }
    }

    /// What librdkafka counts of it against `message.max.bytes`, at most.
    pub(crate) fn wire_bytes(&self) -> usize {
        RECORD_OVERHEAD
            + headers_bytes(&self.headers)
            + self.key.map_or(0, <[u8]>::len)
            + self.value.map_or(0, <[u8]>::len)
    }
}

fn headers_bytes(headers: &[(&'static str, String)]) -> usize {
    headers.iter().map(|(name, value)| name.len() + value.len() + HEADER_OVERHEAD).sum()
}

/// Whether a send failed because of the record itself (its size, its contents) or because
/// the dead-letter topic may not be written, so that sending it again the same way fails
/// again; any other failure is the producer's or the broker's and ends the role as before.
pub(crate) fn refuses_record(error: &KafkaError) -> bool {
    matches!(
        error.rdkafka_error_code(),
        Some(
            RDKafkaErrorCode::MessageSizeTooLarge
                | RDKafkaErrorCode::InvalidMessageSize
                | RDKafkaErrorCode::InvalidMessage
                | RDKafkaErrorCode::MessageBatchTooLarge
                | RDKafkaErrorCode::InvalidRecord
                | RDKafkaErrorCode::TopicAuthorizationFailed
        )
    )
}

/// What became of a bad record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Sent,
    Truncated,
    /// Not sent at all: counted and logged.
    Dropped,
}

/// Sends the dead letter of `record` through `send` in the first form that goes: fitted to
/// `limit` (unless the broker refused it before, `refused` times), then its headers alone;
/// when neither can be sent, the record is dropped, counted and logged. An error that is
/// not the record's ends the role (returned).
pub(crate) fn send_dead_letter(
    record: &RawRecord,
    reason: &str,
    source_topic: &str,
    limit: usize,
    refused: u32,
    mut send: impl FnMut(&DeadLetter<'_>) -> Result<(), KafkaError>,
) -> Result<Outcome, KafkaError> {
    let forms: &[Form] = match refused {
        0 => &[Form::Fitted, Form::HeadersOnly],
        1 => &[Form::HeadersOnly],
        _ => &[],
    };
    let mut last_error = None;
    for form in forms {
        let letter = DeadLetter::new(record, reason, source_topic, limit, *form);
        match send(&letter) {
            Ok(()) if !letter.truncated => return Ok(Outcome::Sent),
            Ok(()) => {
                let original_bytes =
                    record.payload.as_ref().map_or(0, Vec::len) + record.key.as_ref().map_or(0, Vec::len);
                let sent_bytes = letter.wire_bytes();
                DeadLetterTruncated {
                    partition: record.partition,
                    offset: record.offset,
                    original_bytes,
                    sent_bytes,
                    limit,
                }
                .emit();
                return Ok(Outcome::Truncated);
            }
            Err(error) if refuses_record(&error) => last_error = Some(error),
            Err(error) => return Err(error),
        }
    }
    let error: &dyn std::fmt::Display = match &last_error {
        Some(error) => error,
        None => &"the broker refused it in every form it was sent in",
    };
    DeadLetterDropped { partition: record.partition, offset: record.offset, reason, error }.emit();
    Ok(Outcome::Dropped)
}

/// Bad records (examples partition, offset) whose dead letter the broker refused, and how
/// many times: a transaction with a refused record aborts, the role starts over and reads
/// the record again, and then sends less of it. Kept for the process's life (a handful of
/// entries, bounded).
static REFUSED: Mutex<Option<HashMap<(i32, i64), u32>>> = Mutex::new(None);

/// Most refusals remembered; past it the oldest knowledge is dropped (the record would then
/// be sent whole once more, refused again, and remembered).
const MAX_REFUSALS_KEPT: usize = 10_000;

/// How many times the broker refused the dead letter of (`partition`, `offset`).
pub(crate) fn refusals(partition: i32, offset: i64) -> u32 {
    REFUSED.lock().ok().and_then(|r| r.as_ref().and_then(|r| r.get(&(partition, offset)).copied())).unwrap_or(0)
}

fn note_refusal(partition: i32, offset: i64) {
    if let Ok(mut refused) = REFUSED.lock() {
        let refused = refused.get_or_insert_with(HashMap::new);
        if refused.len() >= MAX_REFUSALS_KEPT {
            refused.clear();
        }
        *refused.entry((partition, offset)).or_insert(0) += 1;
    }
}

/// The predict role's producer context: notes dead letters the broker refused (delivery
/// failed for the record itself), which [`DeadLetterDeliveries::remember_refusals`] makes
/// known to the next attempt.
pub(crate) struct DeadLetterDeliveries {
    topic: String,
    refused: Mutex<Vec<(i32, i64)>>,
}

impl DeadLetterDeliveries {
    pub(crate) fn new(dlq: &str) -> Self {
        Self { topic: dlq.to_owned(), refused: Mutex::new(Vec::new()) }
    }

    /// After a transaction failed: the dead letters the broker refused in it are sent in a
    /// smaller form (or not at all) when the role reads their records again.
    pub(crate) fn remember_refusals(&self) {
        let refused = self.refused.lock().map(|mut r| std::mem::take(&mut *r)).unwrap_or_default();
        for (partition, offset) in refused {
            tracing::warn!(partition, offset, "the broker refused a dead letter; it is sent smaller next time");
            note_refusal(partition, offset);
        }
    }
}

impl ClientContext for DeadLetterDeliveries {}

impl ProducerContext for DeadLetterDeliveries {
    type DeliveryOpaque = ();

    fn delivery(&self, result: &DeliveryResult<'_>, _: ()) {
        let Err((error, message)) = result else { return };
        if message.topic() != self.topic || !refuses_record(error) {
            return;
        }
        let header = |name: &str| -> Option<i64> {
            let headers = message.headers()?;
            let found = headers.iter().find(|h| h.key == name)?;
            std::str::from_utf8(found.value?).ok()?.parse().ok()
        };
        if let (Some(partition), Some(offset)) = (header(SOURCE_PARTITION_HEADER), header(SOURCE_OFFSET_HEADER)) {
            if let (Ok(partition), Ok(mut refused)) = (i32::try_from(partition), self.refused.lock()) {
                refused.push((partition, offset));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(key: usize, value: usize) -> RawRecord {
        RawRecord {
            partition: 1,
            offset: 42,
            key: (key > 0).then(|| vec![b'k'; key]),
            payload: Some(vec![b'v'; value]),
            timestamp_ms: None,
        }
    }

    fn header<'h>(letter: &'h DeadLetter<'_>, name: &str) -> Option<&'h str> {
        letter.headers.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    const LIMIT: usize = 1_000_000;

    #[test]
    fn a_record_that_fits_goes_whole_and_one_that_does_not_is_cut_to_the_limit_with_headers_saying_so() {
        for (key, value) in [(0, 10), (16, 900_000), (0, LIMIT - 1_000)] {
            let raw = record(key, value);
            let letter = DeadLetter::new(&raw, "bad", "m.examples", LIMIT, Form::Fitted);
            assert!(!letter.truncated && letter.value.map(<[u8]>::len) == Some(value), "{key} {value}");
            assert_eq!(header(&letter, TRUNCATED_HEADER), None);
            assert_eq!(header(&letter, SOURCE_OFFSET_HEADER), Some("42"));
        }
        // At the limit, just over it (headers count too), over the broker's default limit
        // (1,048,588) and far over it.
        for value in [LIMIT - 300, LIMIT, LIMIT + 10_000, 1_048_588, 5_000_000] {
            let raw = record(8, value);
            let letter = DeadLetter::new(&raw, "bad", "m.examples", LIMIT, Form::Fitted);
            assert!(letter.truncated, "{value}");
            assert!(letter.wire_bytes() <= LIMIT, "{value}: {}", letter.wire_bytes());
            let kept = letter.value.unwrap().len();
            assert!(kept > LIMIT - 2_000 && kept < value, "{value}: kept {kept}");
            assert_eq!(letter.key.map(<[u8]>::len), Some(8), "a short key is kept");
            assert_eq!(header(&letter, TRUNCATED_HEADER), Some("value"));
            assert_eq!(header(&letter, ORIGINAL_BYTES_HEADER), Some(value.to_string().as_str()));
            assert_eq!(header(&letter, ORIGINAL_KEY_BYTES_HEADER), None);
        }
        // A huge key is cut too, and so is an over-long reason.
        let raw = record(3_000_000, 3_000_000);
        let reason = "é".repeat(5_000);
        let letter = DeadLetter::new(&raw, &reason, "m.examples", LIMIT, Form::Fitted);
        assert!(letter.wire_bytes() <= LIMIT, "{}", letter.wire_bytes());
        assert_eq!(header(&letter, TRUNCATED_HEADER), Some("key,value"));
        assert_eq!(header(&letter, ORIGINAL_KEY_BYTES_HEADER), Some("3000000"));
        assert!(header(&letter, ERROR_HEADER).unwrap().len() <= MAX_REASON_BYTES);
        // Headers alone.
        let raw = record(8, 100);
        let letter = DeadLetter::new(&raw, "bad", "m.examples", LIMIT, Form::HeadersOnly);
        assert_eq!((letter.key, letter.value), (None, None));
        assert_eq!(header(&letter, TRUNCATED_HEADER), Some("key,value"));
        assert_eq!(header(&letter, ORIGINAL_BYTES_HEADER), Some("100"));
    }

    /// librdkafka's own limit check, as `rd_kafka_msg_max_wire_size` computes it: every
    /// fitted dead letter passes it.
    #[test]
    fn fitted_dead_letters_pass_librdkafkas_size_check() {
        let librdkafka_wire_size = |letter: &DeadLetter<'_>| {
            let headers: usize = letter.headers.iter().map(|(n, v)| n.len() + v.len() + 2 * 5).sum();
            61 + 36 + letter.key.map_or(0, <[u8]>::len) + letter.value.map_or(0, <[u8]>::len) + headers
        };
        for limit in [1_000, 10_000, LIMIT, 2_000_000] {
            for value in [0, limit / 2, limit - 200, limit, limit * 3] {
                let raw = record(16, value);
                let letter = DeadLetter::new(
                    &raw,
                    "name of 1025 bytes is longer than the limit",
                    "m.examples",
                    limit,
                    Form::Fitted,
                );
                assert!(librdkafka_wire_size(&letter) <= limit, "limit {limit}, value {value}");
            }
        }
    }

    fn size_too_large() -> KafkaError {
        KafkaError::MessageProduction(RDKafkaErrorCode::MessageSizeTooLarge)
    }

    #[test]
    fn a_dead_letter_that_cannot_be_sent_goes_with_its_headers_alone_then_is_dropped_and_counted() {
        let raw = record(0, 2_000);
        let metric = || crate::observe::metrics().encode();
        let dropped = |text: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix("ftrl_dead_letters_dropped_total ")?.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        // Sent as it is.
        let mut sent = Vec::new();
        let outcome = send_dead_letter(&raw, "bad", "m.examples", LIMIT, 0, |l| {
            sent.push(l.value.map(<[u8]>::len));
            Ok(())
        });
        assert_eq!((outcome.unwrap(), sent), (Outcome::Sent, vec![Some(2_000)]));
        // The producer refuses the record (it is too large by its count): headers alone.
        let mut sent = Vec::new();
        let outcome = send_dead_letter(&raw, "bad", "m.examples", LIMIT, 0, |l| {
            sent.push(l.value.map(<[u8]>::len));
            if l.value.is_some() {
                Err(size_too_large())
            } else {
                Ok(())
            }
        });
        assert_eq!((outcome.unwrap(), sent), (Outcome::Truncated, vec![Some(2_000), None]));
        // Refused in every form: dropped, counted, and the transaction goes on.
        let before = dropped(&metric());
        let outcome = send_dead_letter(&raw, "bad", "m.examples", LIMIT, 0, |_| Err(size_too_large()));
        assert_eq!(outcome.unwrap(), Outcome::Dropped);
        assert!(dropped(&metric()) >= before + 1.0);
        // The broker refused it once before: headers alone at once; twice: not sent again.
        let mut sent = Vec::new();
        let outcome = send_dead_letter(&raw, "bad", "m.examples", LIMIT, 1, |l| {
            sent.push(l.value.map(<[u8]>::len));
            Ok(())
        });
        assert_eq!((outcome.unwrap(), sent), (Outcome::Truncated, vec![None]));
        let outcome = send_dead_letter(&raw, "bad", "m.examples", LIMIT, 2, |_| panic!("not sent again"));
        assert_eq!(outcome.unwrap(), Outcome::Dropped);
        // An error of the producer, not the record's, ends the role as before.
        let outcome = send_dead_letter(&raw, "bad", "m.examples", LIMIT, 0, |_| {
            Err(KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull))
        });
        assert!(outcome.is_err());
    }

    #[test]
    fn refusals_are_remembered_per_record() {
        assert_eq!(refusals(7, 1_000_001), 0);
        note_refusal(7, 1_000_001);
        note_refusal(7, 1_000_001);
        assert_eq!((refusals(7, 1_000_001), refusals(7, 1_000_002)), (2, 0));
    }

    #[test]
    fn the_producer_limit_is_librdkafkas_default_unless_configured() {
        let mut options = std::collections::BTreeMap::new();
        options.insert("linger.ms".to_string(), "5".to_string());
        assert_eq!(message_limit(&options), 1_000_000);
        options.insert("message.max.bytes".into(), "2000000".into());
        assert_eq!(message_limit(&options), 2_000_000);
    }
}
