//! The model's topics as `ftrl topics create` makes them: partitions, retention or
//! compaction, and how many copies must be in sync.

use crate::config::WorkerConfig;
use crate::stream::kafka::client_config;
use crate::stream::StreamError;
use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
use rdkafka::client::DefaultClientContext;
use rdkafka::error::RDKafkaErrorCode;
use std::time::Duration;

/// A day in milliseconds.
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long each topic keeps its records (`retention.ms`, -1 for ever), by topic suffix, and
/// why: set by `ftrl topics create` so that no topic gets the broker's default (often 7
/// days) by accident. The deltas and changelog topics are compacted: they keep each
/// coordinate's latest record for ever. The table of them in docs/topics.md is kept equal to this.
pub const RETENTION: [(&str, i64, &str); 6] = [
    ("examples", -1, "replays and `ftrl train --from-topic` start from the first example"),
    ("gradients", 7 * DAY_MS, "longest the update roles may be down or behind before unapplied gradients are lost"),
    ("progress", -1, "the progressive loss, AUC and the Hedge's leader sum every window since the start"),
    ("predictions", 7 * DAY_MS, "an output for other consumers"),
    ("dlq", 30 * DAY_MS, "time to look at what could not be read"),
    (
        "hot",
        10 * MINUTE_MS,
        "a piece matters until the owners confirm its steps, seconds later; read only from the end",
    ),
];

/// A minute in milliseconds.
const MINUTE_MS: i64 = 60 * 1000;

/// The hot topic's segments and size, besides its retention. Its pieces are read within
/// seconds and never again, and it is the busiest topic after the examples (some 40 bytes
/// per example at four workers): with the broker's default segments (1 GiB, rolled after 7
/// days) retention would delete nothing before a gigabyte had piled up, and an hour of
/// pieces at 300,000 examples/s is some 40 GB on every copy. Segments rolled every minute or
/// 64 MiB, and at most 1 GiB kept, let deletion keep up.
pub const HOT_SEGMENTS: [(&str, &str); 3] =
    [("segment.ms", "60000"), ("segment.bytes", "67108864"), ("retention.bytes", "1073741824")];

/// What `ftrl topics create` makes of one topic: its name, partitions and topic settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TopicPlan {
    pub name: String,
    pub partitions: i32,
    pub settings: Vec<(&'static str, String)>,
}

/// The model's topics as `ftrl topics create` makes them with `replication` copies: the
/// deltas and changelog compacted, the others with the retention of [`RETENTION`] and no size
/// bound, and with more than one copy `min.insync.replicas` a majority of them (a write is
/// acknowledged once most copies have it).
pub(crate) fn topic_plan(config: &WorkerConfig, replication: i32) -> Vec<TopicPlan> {
    let topics = config.topics();
    let (examples, model) = (config.model.example_partitions, config.model.partitions);
    let partitions = [examples, model, model, model, examples, examples, 1, 1];
    topics
        .all()
        .into_iter()
        .zip(partitions)
        .map(|(name, partitions)| {
            let suffix = name.rsplit('.').next().unwrap_or_default();
            let mut settings = match RETENTION.iter().find(|(s, ..)| *s == suffix) {
                Some((_, ms, _)) if suffix == "hot" => std::iter::once(("retention.ms", ms.to_string()))
                    .chain(HOT_SEGMENTS.iter().map(|(key, value)| (*key, value.to_string())))
                    .collect(),
                Some((_, ms, _)) => vec![("retention.ms", ms.to_string()), ("retention.bytes", "-1".to_string())],
                None => vec![("cleanup.policy", "compact".to_string())],
            };
            if replication > 1 {
                settings.push(("min.insync.replicas", (replication / 2 + 1).to_string()));
            }
            TopicPlan { name: name.to_owned(), partitions, settings }
        })
        .collect()
}

/// Creates the model's topics as [`topic_plan`] says; existing ones are left as they are.
/// Returns (topic, outcome).
pub(crate) fn create_topics(config: &WorkerConfig, replication: i32) -> Result<Vec<(String, String)>, StreamError> {
    let plan = topic_plan(config, replication);
    let new_topics: Vec<NewTopic<'_>> = plan
        .iter()
        .map(|topic| {
            let new = NewTopic::new(&topic.name, topic.partitions, TopicReplication::Fixed(replication));
            topic.settings.iter().fold(new, |new, (key, value)| new.set(key, value))
        })
        .collect();
    let admin: AdminClient<DefaultClientContext> = client_config(config).create()?;
    let options = AdminOptions::new().operation_timeout(Some(Duration::from_secs(30)));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StreamError::Other(format!("starting a runtime: {e}")))?;
    let results = runtime.block_on(admin.create_topics(&new_topics, &options))?;
    Ok(results
        .into_iter()
        .map(|result| match result {
            Ok(name) => (name, "created".to_string()),
            Err((name, RDKafkaErrorCode::TopicAlreadyExists)) => (name, "exists".to_string()),
            Err((name, code)) => (name, format!("failed: {code}")),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_topic_gets_a_retention_or_compaction_and_a_majority_in_sync() {
        let config = WorkerConfig {
            kafka: crate::config::KafkaConfig::new("b:1"),
            model: crate::config::ModelConfig::new("m.v1"),
            worker: Default::default(),
            observability: Default::default(),
            serve: Default::default(),
        };
        let setting =
            |plan: &TopicPlan, key: &str| plan.settings.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone());
        let plan = topic_plan(&config, 1);
        assert_eq!(plan.len(), 8);
        for topic in &plan {
            let compacted = topic.name.ends_with(".deltas") || topic.name.ends_with(".changelog");
            assert_eq!(setting(topic, "cleanup.policy").is_some(), compacted, "{topic:?}");
            assert_eq!(setting(topic, "retention.ms").is_some(), !compacted, "{topic:?}");
            assert_eq!(setting(topic, "min.insync.replicas"), None, "one copy: {topic:?}");
        }
        assert_eq!(setting(&plan[0], "retention.ms").as_deref(), Some("-1"), "examples kept for ever");
        assert_eq!(setting(&plan[1], "retention.ms").as_deref(), Some("604800000"));
        assert_eq!((plan[0].partitions, plan[1].partitions, plan[6].partitions, plan[7].partitions), (8, 32, 1, 1));
        assert_eq!(setting(&plan[7], "retention.ms").as_deref(), Some("600000"));
        assert_eq!(setting(&plan[7], "retention.bytes").as_deref(), Some("1073741824"), "the hot topic's size bounded");
        assert_eq!(setting(&plan[7], "segment.ms").as_deref(), Some("60000"), "and its segments rolled every minute");
        for (replication, in_sync) in [(2, "2"), (3, "2"), (5, "3")] {
            for topic in topic_plan(&config, replication) {
                assert_eq!(setting(&topic, "min.insync.replicas").as_deref(), Some(in_sync), "{topic:?}");
            }
        }
    }
}
