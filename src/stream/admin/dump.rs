//! The model as its deltas topic holds it: the latest weight of every coordinate.

use super::READ_TIMEOUT;
use crate::config::WorkerConfig;
use crate::stream::codec::{DeltasRecord, DeltasRecordError};
use crate::stream::kafka::read_to_end;
use crate::stream::StreamError;
use indicatif::ProgressBar;
use rdkafka::Message;
use serde::Serialize;
use std::collections::BTreeMap;

/// One coordinate of the model as the deltas topic holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct DumpedWeight {
    pub coordinate: u64,
    pub weight: f64,
    pub updates: u64,
    pub version: u64,
}

/// Materializes the deltas topic: the latest delta of every coordinate, tombstones removed,
/// in coordinate order. `progress` counts the records read.
pub(crate) fn dump_model(config: &WorkerConfig, progress: &ProgressBar) -> Result<Vec<DumpedWeight>, StreamError> {
    let topics = config.topics();
    let mut model: BTreeMap<u64, DumpedWeight> = BTreeMap::new();
    let partitions: Vec<i32> = (0..config.model.partitions).collect();
    read_to_end(config, &topics.deltas, &partitions, READ_TIMEOUT, |message| {
        progress.inc(1);
        match DeltasRecord::decode(message.key(), message.payload()) {
            Ok(DeltasRecord::Tombstone { coordinate }) => {
                model.remove(&coordinate);
            }
            Ok(DeltasRecord::Delta { coordinate, delta }) => {
                let newer = model.get(&coordinate).is_none_or(|old| delta.version >= old.version);
                if newer {
                    let (weight, updates, version) = (delta.weight, delta.updates, delta.version);
                    model.insert(coordinate, DumpedWeight { coordinate, weight, updates, version });
                }
            }
            Err(error @ DeltasRecordError::Delta { .. }) => tracing::warn!(%error, "undecodable delta skipped"),
            // The packed records share one key, which compaction keeps the last of: the model
            // is read from the per-coordinate deltas.
            Ok(DeltasRecord::Packed(_)) | Err(DeltasRecordError::Watermark | DeltasRecordError::NoCoordinate) => {}
        }
    })?;
    // A zero weight is published with a value only to carry its rate (implicit steps).
    Ok(model.into_values().filter(|w| w.weight != 0.0).collect())
}
