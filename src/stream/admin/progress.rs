//! Progressive validation of a stream from its progress topic: the totals so far, read
//! once or followed.

use super::READ_TIMEOUT;
use crate::config::WorkerConfig;
use crate::learn::Progress;
use crate::schema::proto::ProgressWindow;
use crate::stream::apply::WindowCounter;
use crate::stream::kafka::{read_to_end, reader, ReaderConsumer};
use crate::stream::StreamError;
use prost::Message as _;
use rdkafka::consumer::Consumer;
use rdkafka::error::KafkaError;
use rdkafka::{Message, Offset, TopicPartitionList};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Duration;

/// Progressive validation of a stream so far, from its progress topic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProgressTotals {
    pub examples: u64,
    pub weight_sum: f64,
    pub progressive_loss: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auc: Option<f64>,
    pub windows: u64,
    /// Windows written again by a replay after a crash, counted once.
    pub duplicate_windows: u64,
    /// For a Hedge mixture: each member's importance-weighted loss sum, in the order of
    /// `model.hedge` (its cumulative progressive loss); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub member_loss_sums: Vec<f64>,
    /// For a Hedge mixture: the members' learning rates, their mean progressive losses and
    /// the rate of the one with the least (the mixture follows it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hedge: Option<HedgeProgress>,
}

/// How each member of a stream's Hedge mixture has done.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HedgeProgress {
    pub alphas: Vec<f64>,
    pub progressive_losses: Vec<f64>,
    pub leader_alpha: f64,
}

impl ProgressTotals {
    /// Each Hedge member's mean progressive loss.
    pub(crate) fn member_losses(&self) -> Vec<f64> {
        self.member_loss_sums.iter().map(|l| l / self.weight_sum.max(f64::MIN_POSITIVE)).collect()
    }
}

/// Reads the progress topic to its end and sums its windows, each counted once.
pub fn read_progress(config: &WorkerConfig) -> Result<ProgressTotals, StreamError> {
    Ok(ProgressSum::read(config)?.totals(&config.model.learner.hedge))
}

/// The sum of a progress topic's windows, each counted once, and where it stopped reading.
struct ProgressSum {
    binary: bool,
    total: Progress,
    counter: WindowCounter,
    windows: u64,
    /// Progress partition → the next offset to read.
    next: BTreeMap<i32, i64>,
}

impl ProgressSum {
    /// The sum of the whole topic as of now.
    fn read(config: &WorkerConfig) -> Result<Self, StreamError> {
        let binary = config.settings()?.loss.is_binary();
        let mut sum = Self {
            binary,
            total: Progress::new(binary),
            counter: WindowCounter::default(),
            windows: 0,
            next: BTreeMap::new(),
        };
        let partitions: Vec<i32> = (0..config.model.example_partitions).collect();
        read_to_end(config, &config.topics().progress, &partitions, READ_TIMEOUT, |message| sum.add(message))?;
        Ok(sum)
    }

    fn add(&mut self, message: &rdkafka::message::BorrowedMessage<'_>) {
        self.next.insert(message.partition(), message.offset() + 1);
        match message.payload().map(ProgressWindow::decode) {
            Some(Ok(window)) if self.counter.is_new(&window) => {
                self.windows += 1;
                self.total.merge(&window.progress(self.binary));
            }
            Some(Ok(_)) => {}
            Some(Err(error)) => {
                tracing::warn!(%error, offset = message.offset(), "undecodable progress window skipped")
            }
            None => tracing::warn!(offset = message.offset(), "empty progress record skipped"),
        }
    }

    fn totals(&self, alphas: &[f64]) -> ProgressTotals {
        ProgressTotals {
            examples: self.total.count,
            weight_sum: self.total.weight_sum,
            progressive_loss: self.total.mean_loss(),
            auc: self.total.auc(),
            windows: self.windows,
            duplicate_windows: self.counter.duplicates,
            hedge: hedge_progress(alphas, &self.total),
            member_loss_sums: self.total.member_loss_sums.clone(),
        }
    }
}

/// Follows the progress topic, keeping its totals current (`ftrl serve` keeps a Hedge's
/// mixture weights current with them).
pub(crate) struct ProgressFollower {
    consumer: ReaderConsumer,
    sum: ProgressSum,
    alphas: Vec<f64>,
}

impl ProgressFollower {
    /// Reads the topic to its end, then follows it from there.
    pub(crate) fn start(config: &WorkerConfig) -> Result<Self, StreamError> {
        let sum = ProgressSum::read(config)?;
        let consumer = reader(config)?;
        let mut assignment = TopicPartitionList::new();
        for partition in 0..config.model.example_partitions {
            let next = sum.next.get(&partition).map_or(Offset::Beginning, |next| Offset::Offset(*next));
            assignment.add_partition_offset(&config.topics().progress, partition, next)?;
        }
        consumer.assign(&assignment)?;
        Ok(Self { consumer, sum, alphas: config.model.learner.hedge.clone() })
    }

    /// Adds the windows that have arrived, without waiting; whether any counted.
    pub(crate) fn catch_up(&mut self) -> bool {
        let before = self.sum.windows;
        loop {
            match self.consumer.poll(Duration::ZERO) {
                None => break,
                Some(Ok(message)) => self.sum.add(&message),
                Some(Err(KafkaError::PartitionEOF(_))) => {}
                Some(Err(error)) => {
                    tracing::warn!(%error, "progress consumer error");
                    break;
                }
            }
        }
        self.sum.windows > before
    }

    pub(crate) fn totals(&self) -> ProgressTotals {
        self.sum.totals(&self.alphas)
    }
}

fn hedge_progress(alphas: &[f64], total: &Progress) -> Option<HedgeProgress> {
    if alphas.is_empty() || total.member_loss_sums.len() != alphas.len() {
        return None;
    }
    let losses: Vec<f64> = total.member_loss_sums.iter().map(|l| l / total.weight_sum.max(f64::MIN_POSITIVE)).collect();
    let leader = (0..losses.len()).min_by(|&a, &b| losses[a].total_cmp(&losses[b]))?;
    Some(HedgeProgress { alphas: alphas.to_vec(), progressive_losses: losses, leader_alpha: alphas[leader] })
}
