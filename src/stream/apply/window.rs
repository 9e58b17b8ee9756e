//! Progressive-validation windows: the figures of the examples one gradients record
//! carried, and how a reader counts each window once.

use crate::learn::Progress;
use crate::schema::proto::ProgressWindow;
use std::collections::HashMap;

/// Progressive-validation figures of the examples one gradients record carried.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    pub partition: i32,
    pub offset: i64,
    pub progress: Progress,
    /// The examples partition counted, if all came from one, and its first and last offset.
    pub origin: Option<(i32, i64, i64)>,
}

impl Window {
    /// The window as the progress topic carries it (without writer and time).
    pub fn to_proto(&self) -> ProgressWindow {
        let (origin_partition, first_offset, last_offset) = self.origin.unwrap_or((-1, -1, -1));
        ProgressWindow {
            origin_partition,
            first_offset,
            last_offset,
            gradients_partition: self.partition,
            gradients_offset: self.offset,
            ..ProgressWindow::from_progress(&self.progress)
        }
    }
}

/// Counts progress windows the way every reader must: a window written twice (a replay
/// after a crash) is the same window, so per gradients partition only windows above the
/// last one counted are new.
#[derive(Default)]
pub(crate) struct WindowCounter {
    last: HashMap<i32, i64>,
    pub duplicates: u64,
}

impl WindowCounter {
    /// Whether `window` is new (and so counts).
    pub(crate) fn is_new(&mut self, window: &ProgressWindow) -> bool {
        let last = self.last.entry(window.gradients_partition).or_insert(-1);
        if window.gradients_offset > *last {
            *last = window.gradients_offset;
            true
        } else {
            self.duplicates += 1;
            false
        }
    }
}
