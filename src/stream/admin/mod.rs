//! Administration and inspection: creating a model's topics, dumping its deltas topic as a
//! model, reading its progress, copying its examples for a replay, producing examples, and
//! reading the examples topic for embedded training.

mod backlog;
mod dump;
mod produce;
mod progress;
mod replay;
mod topics;

pub(crate) use self::backlog::spawn_topic_reader;
pub(crate) use self::dump::dump_model;
pub(crate) use self::produce::{encode_lines, produce_examples};
pub(crate) use self::progress::ProgressFollower;
pub use self::progress::{read_progress, HedgeProgress, ProgressTotals};
pub(crate) use self::replay::replay_examples;
pub(crate) use self::topics::create_topics;
pub use self::topics::{HOT_SEGMENTS, RETENTION};

use std::time::Duration;

/// Longest a read "to the end of the topic" may take.
const READ_TIMEOUT: Duration = Duration::from_secs(600);
