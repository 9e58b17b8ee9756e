//! What goes over Kafka besides the protobuf messages of `schemas/ftrl.proto`: the special
//! record keys, the dead-letter headers, the offset-commit metadata and the names of the
//! roles' consumer groups and transactional ids. Whoever reads or writes the topics from
//! elsewhere needs these; `docs/topics.md` describes them (a test below keeps it naming
//! every key and header here). The topic names are [`crate::config::Topics`].
//!
//! Coordinates are keyed by their 8 big-endian bytes ([`coordinate_key`]); the special keys
//! are longer, so they can never be mistaken for one.

/// The key of a coordinate's records on the deltas and changelog topics.
pub(crate) fn coordinate_key(coordinate: u64) -> [u8; 8] {
    coordinate.to_be_bytes()
}

/// The coordinate a record's key names, if it is a coordinate key.
pub(crate) fn coordinate_of(key: Option<&[u8]>) -> Option<u64> {
    key.and_then(|k| <[u8; 8]>::try_from(k).ok()).map(u64::from_be_bytes)
}

/// Key of the applied-watermark records on the deltas topic (`AppliedWatermark`: the
/// applied watermark and, packed, what one owner transaction changed).
pub const WATERMARK_KEY: &[u8] = b"ftrl.applied";

/// Key of the batch markers on the changelog (`BatchMarker`).
pub const MARKER_KEY: &[u8] = b"ftrl.batch";

/// Prefix of the key of the model-identity records on the changelog (partition 0): the
/// settings every worker of the model must share, as JSON (`stream::identity`). The rest of
/// the key is a digest of the identity.
pub const MODEL_KEY_PREFIX: &str = "ftrl.model.";

/// Dead-letter header: why the record could not be read.
pub(crate) const ERROR_HEADER: &str = "ftrl.error";
/// Dead-letter header: the examples topic the record came from.
pub(crate) const SOURCE_TOPIC_HEADER: &str = "ftrl.source.topic";
/// Dead-letter header: its partition there, in decimal.
pub(crate) const SOURCE_PARTITION_HEADER: &str = "ftrl.source.partition";
/// Dead-letter header: its offset there, in decimal.
pub(crate) const SOURCE_OFFSET_HEADER: &str = "ftrl.source.offset";

/// Dead-letter header, on a dead letter cut to fit what the producer can send: which parts
/// were cut (`value`, `key,value`, or `key,value,all` when only the headers are left).
pub(crate) const TRUNCATED_HEADER: &str = "ftrl.truncated";
/// Dead-letter header, with `ftrl.truncated`: the original value's size in bytes, in decimal.
pub(crate) const ORIGINAL_BYTES_HEADER: &str = "ftrl.original.bytes";
/// Dead-letter header, with `ftrl.truncated`: the original key's size in bytes, in decimal.
pub(crate) const ORIGINAL_KEY_BYTES_HEADER: &str = "ftrl.original.key.bytes";

/// Prefix of the metadata a predict role commits with its offsets, followed by the most
/// records one of its transactions reads of an examples partition: how many records
/// whoever resumes the partition at that offset sends per example before it coalesces.
pub(crate) const BATCH_BOUND_METADATA: &str = "ftrl.batch_max_examples=";

/// Part of the same metadata, after a `;`: the last offset of the examples partition that
/// whoever resumes it must send per example, whatever the committed offset (the absolute
/// bound this committer inherited or found, carried forward; see `stream::resume`).
pub(crate) const PER_EXAMPLE_THROUGH_METADATA: &str = "ftrl.per_example_through=";

/// The consumer group of a role (`predict`, `update`) of the model with this prefix.
pub(crate) fn group_id(prefix: &str, role: &str) -> String {
    format!("{prefix}.{role}")
}

/// The transactional id of a role of one worker: stable per worker and role, so that a
/// restarted worker fences its own earlier producer.
pub(crate) fn transactional_id(prefix: &str, role: &str, worker_id: &str) -> String {
    format!("{prefix}.{role}.{worker_id}")
}

/// The transactional id of `ftrl replay` into the model with this prefix: one per target,
/// so that a replay fences and aborts whatever an earlier one into it left open.
pub(crate) fn replay_transactional_id(prefix: &str) -> String {
    format!("{prefix}.replay")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinate_keys_read_back_and_special_keys_are_not_coordinates() {
        assert_eq!(coordinate_of(Some(&coordinate_key(0x0102_0304_0506_0708))), Some(0x0102_0304_0506_0708));
        assert_eq!(coordinate_key(1), [0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(coordinate_of(Some(WATERMARK_KEY)), None);
        assert_eq!(coordinate_of(Some(MARKER_KEY)), None);
        assert_eq!(coordinate_of(Some(MODEL_KEY_PREFIX.as_bytes())), None);
        assert_eq!(coordinate_of(None), None);
    }

    #[test]
    fn docs_topics_names_every_key_and_header() {
        let doc = include_str!("../../docs/topics.md");
        let keys =
            [WATERMARK_KEY, MARKER_KEY, MODEL_KEY_PREFIX.as_bytes()].map(|key| std::str::from_utf8(key).unwrap());
        let headers = [
            ERROR_HEADER,
            SOURCE_TOPIC_HEADER,
            SOURCE_PARTITION_HEADER,
            SOURCE_OFFSET_HEADER,
            TRUNCATED_HEADER,
            ORIGINAL_BYTES_HEADER,
            ORIGINAL_KEY_BYTES_HEADER,
        ];
        for name in keys.into_iter().chain(headers).chain([BATCH_BOUND_METADATA, PER_EXAMPLE_THROUGH_METADATA]) {
            assert!(doc.contains(&format!("`{name}`")), "docs/topics.md does not name `{name}`");
        }
        // And every `ftrl.` name the doc gives is one of these (or a protobuf message).
        let known: Vec<&str> =
            keys.into_iter().chain(headers).chain([BATCH_BOUND_METADATA, PER_EXAMPLE_THROUGH_METADATA]).collect();
        for name in doc.split('`').skip(1).step_by(2).filter(|s| s.starts_with("ftrl.")) {
            assert!(known.contains(&name) || name.starts_with("ftrl.v1."), "docs/topics.md names `{name}`");
        }
    }
}
