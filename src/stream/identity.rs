//! The model's identity: every setting that changes what a worker computes from the same
//! examples and gradients (the update rule and its hyperparameters, the loss, the
//! featurization, the coordinate shards, delay-tolerant rates, expiry). Workers of one
//! prefix must agree on all of them, or the owners would apply the same gradients
//! differently and replicas would disagree with their owners.
//!
//! The first worker of a model records its identity on the changelog topic (partition 0,
//! key `ftrl.model.` followed by a digest of the identity, value the identity as JSON);
//! every worker reads the first such record at start and refuses to start, naming each
//! setting that differs, before it writes anything else. Two first workers starting at
//! once may both record theirs: the one with the lower offset is the model's, and the other
//! worker refuses after reading it back. Keys differ by digest, so compaction keeps the
//! first record of each identity and never replaces the model's by a refused one.

use super::kafka::{
    client_config, reader, send, wait_for_deliveries, DeliveredOffsets, ReaderConsumer, TRANSACTION_CALL_TIMEOUT,
};
use super::wire::MODEL_KEY_PREFIX;
use super::StreamError;
use crate::config::{ModelConfig, WorkerConfig};
use crate::learn::hashing::HASH_VERSION;
use crate::learner_options::LearnerOptions;
use crate::model::FORMAT_VERSION;
use rdkafka::consumer::Consumer as _;
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::message::Message as _;
use rdkafka::producer::{BaseProducer, BaseRecord, Producer as _};
use rdkafka::{Offset, TopicPartitionList};
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The `[model]` settings that are part of the identity besides the learning settings
/// ([`LearnerOptions`], all of them part of it), by their configuration key.
const IDENTITY_KEYS: &[&str] = &["partitions", "example_mapping", "delay_tolerant", "expire_after_ms"];

/// The `[model]` settings that are not, and why: a test requires every key of
/// [`ModelConfig`] to be in one list or the other, so a new setting must be classified.
#[cfg(test)]
const NOT_IDENTITY_KEYS: &[(&str, &str)] = &[
    ("prefix", "names the model's topics: workers of another prefix are another model"),
    ("example_partitions", "only used when `ftrl topics create` makes the examples topic"),
    ("example_format", "how records are decoded: a record in another format is a dead letter, not another model"),
    ("example_framing", "how records are unframed, as above"),
    ("example_schema_id", "which framed records are accepted, as above"),
];

/// The configuration keys of the learning settings.
fn learning_keys() -> Result<Vec<String>, StreamError> {
    match serde_json::to_value(LearnerOptions::default()) {
        Ok(Value::Object(keys)) => Ok(keys.keys().cloned().collect()),
        Ok(_) => Err(StreamError::Config("the learning settings are not a table".into())),
        Err(e) => Err(StreamError::Config(e.to_string())),
    }
}

/// How long reading the identity may take before the worker gives up (and says so).
const READ_TIMEOUT: Duration = Duration::from_secs(120);

/// How long an identity read waits for an offset the broker skipped to appear. A broker may
/// show a later record before an earlier one that a concurrent producer is still writing
/// (the test broker, Tansu, does: it reserves the offset before it stores the batch); Kafka
/// does not, and a gap it shows is a transaction marker, which never appears.
const GAP_WAIT: Duration = Duration::from_secs(2);

/// One worker's model identity: configuration key → value (the mapping file by a digest of
/// its contents), and the versions of the hashing scheme and state layout.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ModelIdentity(BTreeMap<String, Value>);

impl ModelIdentity {
    pub(crate) fn of(model: &ModelConfig) -> Result<Self, StreamError> {
        let Value::Object(all) = serde_json::to_value(model).map_err(|e| StreamError::Config(e.to_string()))? else {
            return Err(StreamError::Config("[model] is not a table".into()));
        };
        let mut settings: BTreeMap<String, Value> = BTreeMap::new();
        for key in learning_keys()?.iter().map(String::as_str).chain(IDENTITY_KEYS.iter().copied()) {
            let value = all.get(key).cloned().unwrap_or(Value::Null);
            settings.insert(format!("model.{key}"), value);
        }
        // The rate the worker learns with, given or by default (models recorded before α's
        // default depended on the loss hold the number, as this does).
        settings.insert("model.alpha".into(), model.learner.alpha().into());
        if let Some(path) = &model.example_mapping {
            let text = std::fs::read(path)
                .map_err(|e| StreamError::Config(format!("model.example_mapping {}: {e}", path.display())))?;
            let digest = format!("xxh3:{:016x}", xxhash_rust::xxh3::xxh3_64(&text));
            settings.insert("model.example_mapping".into(), Value::String(digest));
        }
        settings.insert("hash_version".into(), HASH_VERSION.into());
        settings.insert("format_version".into(), FORMAT_VERSION.into());
        Ok(Self(settings))
    }

    fn to_json(&self) -> Vec<u8> {
        serde_json::to_vec(&self.0).unwrap_or_default()
    }

    fn from_json(bytes: &[u8]) -> Option<Self> {
        serde_json::from_slice(bytes).ok().map(Self)
    }

    /// The key of this identity's record: the same for equal identities only.
    fn record_key(&self) -> String {
        format!("{MODEL_KEY_PREFIX}{:016x}", xxhash_rust::xxh3::xxh3_64(&self.to_json()))
    }

    /// Each setting whose value differs from the model's (`recorded`), as
    /// "`key` = this worker's value, the model's value", in key order. A setting the model's
    /// record does not name (recorded before the setting existed) is not compared.
    pub(crate) fn differences(&self, recorded: &ModelIdentity) -> Vec<String> {
        self.0
            .iter()
            .filter_map(|(key, ours)| {
                let theirs = recorded.0.get(key)?;
                (theirs != ours).then(|| format!("{key} = {ours} here, {theirs} in the model"))
            })
            .collect()
    }
}

/// Reads the model's identity from the changelog and compares this worker's with it;
/// records this worker's when the model has none yet (then reads on to the first one
/// recorded, ours or that of a worker that started at the same time). A difference is
/// [`StreamError::ModelMismatch`], naming every setting that differs.
pub(crate) fn check(config: &WorkerConfig) -> Result<(), StreamError> {
    let ours = ModelIdentity::of(&config.model)?;
    let mut changelog = ChangelogHead::open(config)?;
    let recorded = match changelog.first_identity(AtEnd::Stop)? {
        Some(recorded) => recorded,
        // Recorded right at the end the read reached: nothing came before it, ours is the
        // model's. Otherwise another worker appended meanwhile, and the first identity
        // after that end decides.
        None => match (changelog.next_unread, record(config, &ours)?) {
            (end, recorded_at) if end == recorded_at => ours.clone(),
            _ => changelog.first_identity(AtEnd::Wait)?.ok_or_else(|| {
                StreamError::State(format!(
                    "the model's identity was written to {} partition 0 but cannot be read back",
                    changelog.topic
                ))
            })?,
        },
    };
    let differences = ours.differences(&recorded);
    if differences.is_empty() {
        return Ok(());
    }
    Err(StreamError::ModelMismatch { prefix: config.model.prefix.clone(), differences: differences.join("; ") })
}

/// What [`ChangelogHead::first_identity`] does at the end of the partition.
#[derive(Clone, Copy, PartialEq)]
enum AtEnd {
    /// No identity up to the end: the model has none yet.
    Stop,
    /// One was just recorded: wait for it (or an earlier one) to arrive.
    Wait,
}

/// A reader of changelog partition 0 from its first offset, where the first worker records
/// the model's identity before any state is written: for models created since identities
/// exist it is the first record, and the read stops there.
struct ChangelogHead {
    consumer: ReaderConsumer,
    topic: String,
    deadline: Instant,
    /// The offset after the last record read, 0 before any (a partition that starts later
    /// and holds nothing costs a read after recording [`GAP_WAIT`], no more): kept here
    /// because librdkafka has no position for a partition read to its end without a record,
    /// which is exactly the new model's partition two first workers race on.
    next_unread: i64,
}

impl ChangelogHead {
    fn open(config: &WorkerConfig) -> Result<Self, StreamError> {
        let topic = config.topics().changelog;
        // Offset 0 rather than `Beginning`, as `kafka::assign_split_queues` explains; where 0
        // is gone, `auto.offset.reset` (earliest) starts at the first offset kept. Not asked
        // of the broker first: a partition without a leader fails that query at once, where
        // the read waits for one (and for a stop) as the rest of the start does.
        let head = Self { consumer: reader(config)?, topic, deadline: Instant::now() + READ_TIMEOUT, next_unread: 0 };
        head.rewind(0)?;
        Ok(head)
    }

    /// Reads partition 0 again from `offset`.
    fn rewind(&self, offset: i64) -> Result<(), StreamError> {
        let mut assignment = TopicPartitionList::new();
        assignment.add_partition_offset(&self.topic, 0, Offset::Offset(offset))?;
        self.consumer.assign(&assignment)?;
        Ok(())
    }

    /// The next identity record read. The reader stays where it stopped, so after recording
    /// ours a second call reads only what was appended since the end the first one reached.
    /// After recording ours ([`AtEnd::Wait`]), the first record read must be at
    /// [`Self::next_unread`], the end the first call reached: one after it is taken only
    /// once that offset appears, or after [`GAP_WAIT`]. Only then, and only the first
    /// record: every identity recorded in a race sits right at that end, while a gap
    /// elsewhere is a transaction marker or compaction's (which keeps the later of two
    /// identical identity records), and waiting there would delay every start.
    fn first_identity(&mut self, at_end: AtEnd) -> Result<Option<ModelIdentity>, StreamError> {
        let topic = self.topic.clone();
        let mut expected = (at_end == AtEnd::Wait).then_some(self.next_unread);
        let mut gap_since: Option<Instant> = None;
        loop {
            if super::stopping() {
                return Err(StreamError::Stopped);
            }
            if Instant::now() > self.deadline {
                return Err(StreamError::Other(format!(
                    "reading the model's identity from {topic} partition 0 timed out"
                )));
            }
            match self.consumer.poll(Duration::from_millis(200)) {
                None => {}
                Some(Ok(message)) => {
                    let offset = message.offset();
                    if let Some(first_unseen) = expected.filter(|first_unseen| offset > *first_unseen) {
                        let since = *gap_since.get_or_insert_with(Instant::now);
                        if since.elapsed() < GAP_WAIT {
                            // Read again from the first offset not seen: a record being
                            // written there may be an identity recorded before this one.
                            drop(message);
                            std::thread::sleep(Duration::from_millis(20));
                            self.rewind(first_unseen)?;
                            continue;
                        }
                        tracing::warn!(
                            %topic,
                            first_unseen,
                            offset,
                            "the broker showed a record of the model's identity partition after offsets it never \
                             showed; taking the first identity after them"
                        );
                    } else if gap_since.take().is_some() {
                        tracing::warn!(
                            %topic,
                            offset,
                            "the broker showed offsets of the model's identity partition out of order; read again \
                             in order"
                        );
                    }
                    expected = None;
                    self.next_unread = offset + 1;
                    if !message.key().is_some_and(|key| key.starts_with(MODEL_KEY_PREFIX.as_bytes())) {
                        continue;
                    }
                    match message.payload().and_then(ModelIdentity::from_json) {
                        Some(identity) => return Ok(Some(identity)),
                        None => tracing::warn!(offset = message.offset(), "unreadable model identity record skipped"),
                    }
                }
                Some(Err(KafkaError::PartitionEOF(_))) if matches!(at_end, AtEnd::Stop) => return Ok(None),
                Some(Err(KafkaError::PartitionEOF(_))) => {}
                Some(Err(error @ KafkaError::MessageConsumption(RDKafkaErrorCode::UnknownTopicOrPartition))) => {
                    return Err(error.into())
                }
                Some(Err(error)) => tracing::warn!(%error, %topic, "consumer error while reading the model's identity"),
            }
        }
    }
}

/// Appends this worker's identity to changelog partition 0 and waits until the broker has
/// it; returns the record's offset. Neither idempotence nor `flush` (which waits in 100 ms steps): a second copy of the
/// record is harmless (same key, same value), and this wait is part of a new model's start.
fn record(config: &WorkerConfig, identity: &ModelIdentity) -> Result<i64, StreamError> {
    let topic = config.topics().changelog;
    let producer: BaseProducer<DeliveredOffsets> = client_config(config)
        .set("acks", "all")
        .set("linger.ms", "0")
        .create_with_context(DeliveredOffsets::new(&topic))?;
    let (key, value) = (identity.record_key(), identity.to_json());
    send(&producer, BaseRecord::to(&topic).partition(0).key(key.as_bytes()).payload(&value[..]))?;
    wait_for_deliveries(&producer, TRANSACTION_CALL_TIMEOUT);
    let Some(&(offset, _)) = producer.context().take().get(&0) else {
        return Err(StreamError::Other(format!(
            "the model's identity could not be written to {topic} partition 0 (see the warnings above)"
        )));
    };
    tracing::info!(prefix = %config.model.prefix, offset, "recorded the model's settings on the changelog");
    Ok(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> ModelConfig {
        ModelConfig::new("clicks")
    }

    #[test]
    fn equal_settings_have_no_differences_and_one_key() {
        let (a, b) = (ModelIdentity::of(&model()).unwrap(), ModelIdentity::of(&model()).unwrap());
        assert!(a.differences(&b).is_empty());
        assert_eq!(a.record_key(), b.record_key());
        assert_eq!(ModelIdentity::from_json(&a.to_json()), Some(a));
    }

    #[test]
    fn each_setting_that_differs_is_named_with_both_values() {
        let recorded = ModelIdentity::of(&model()).unwrap();
        let mut other = model();
        other.delay_tolerant = true;
        other.expire_after_ms = Some(60_000);
        other.learner.alpha = Some(0.3);
        let ours = ModelIdentity::of(&other).unwrap();
        assert_eq!(
            ours.differences(&recorded),
            vec![
                format!("model.alpha = 0.3 here, {} in the model", model().learner.alpha()),
                "model.delay_tolerant = true here, false in the model".to_string(),
                "model.expire_after_ms = 60000 here, null in the model".to_string(),
            ]
        );
        assert_ne!(ours.record_key(), recorded.record_key());
        // The prefix and the decoding settings are not part of it.
        let mut renamed = model();
        renamed.prefix = "elsewhere".into();
        renamed.example_partitions = 7;
        assert!(ModelIdentity::of(&renamed).unwrap().differences(&recorded).is_empty());
    }

    /// A model recorded with α as a number (before its default depended on the loss) is
    /// the same model for a worker that leaves α unset, at the default it learns with; with
    /// the squared loss that default changed, and the worker says so.
    #[test]
    fn alpha_is_compared_as_the_rate_learned_with() {
        let mut explicit = model();
        explicit.learner.alpha = Some(0.1);
        let recorded = ModelIdentity::of(&explicit).unwrap();
        assert!(ModelIdentity::of(&model()).unwrap().differences(&recorded).is_empty());
        let mut squared = model();
        squared.learner.loss = crate::learn::loss::LossKind::Squared;
        explicit.learner.loss = crate::learn::loss::LossKind::Squared;
        let recorded = ModelIdentity::of(&explicit).unwrap();
        assert_eq!(
            ModelIdentity::of(&squared).unwrap().differences(&recorded),
            vec!["model.alpha = 0.025 here, 0.1 in the model".to_string()]
        );
    }

    #[test]
    fn a_setting_the_record_does_not_name_is_not_compared() {
        let mut recorded = ModelIdentity::of(&model()).unwrap();
        recorded.0.remove("model.expire_after_ms");
        let mut other = model();
        other.expire_after_ms = Some(1);
        assert!(ModelIdentity::of(&other).unwrap().differences(&recorded).is_empty());
    }

    #[test]
    fn every_model_setting_is_classified() {
        let Value::Object(keys) = serde_json::to_value(model()).unwrap() else { panic!("not a table") };
        for key in keys.keys() {
            let listed = learning_keys().unwrap().contains(key)
                || IDENTITY_KEYS.contains(&key.as_str())
                || NOT_IDENTITY_KEYS.iter().any(|(k, _)| k == key);
            assert!(listed, "model.{key} is neither part of the model's identity nor listed as not");
        }
    }
}
