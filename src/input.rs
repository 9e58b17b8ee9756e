//! Reading example files: big chunks split into lines, parsed and featurized on a
//! background thread, handed over in order as batches so that parsing and learning run on
//! separate cores.

use crate::learn::Feature;
use crate::schema::example::{ExampleReader, Featurizer, LineFormat, Read as Parsed, Reading};
use memchr::memchr;
use std::io::Read;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;
use thiserror::Error;

/// Examples per batch: large enough to amortize channel hand-offs, small enough that the
/// learner starts at once.
pub(crate) const BATCH_EXAMPLES: usize = 2048;
const CHUNK_BYTES: usize = 1 << 20;
/// Batches in flight between the two threads.
const QUEUE_DEPTH: usize = 8;
/// Longest line accepted: a bound on what one hostile line can make us buffer.
pub(crate) const MAX_LINE_BYTES: usize = 64 << 20;

/// Where examples come from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Source {
    Stdin,
    File(PathBuf),
    /// Examples already in memory (the demo's generated data).
    Bytes(Arc<[u8]>),
}

impl Source {
    /// `-` is standard input, anything else a file path.
    pub(crate) fn from_arg(arg: &str) -> Self {
        if arg == "-" {
            Source::Stdin
        } else {
            Source::File(PathBuf::from(arg))
        }
    }

    fn open(&self) -> Result<Box<dyn Read + Send>, InputError> {
        match self {
            Source::Stdin => Ok(Box::new(std::io::stdin())),
            Source::File(path) => std::fs::File::open(path)
                .map(|f| Box::new(f) as Box<dyn Read + Send>)
                .map_err(|e| InputError::Open { path: path.display().to_string(), source: e }),
            Source::Bytes(bytes) => Ok(Box::new(std::io::Cursor::new(Arc::clone(bytes)))),
        }
    }
}

#[derive(Debug, Error)]
pub enum InputError {
    #[error("cannot open {path}: {source}")]
    Open { path: String, source: std::io::Error },
    #[error("reading input: {0}")]
    Read(#[from] std::io::Error),
    #[error("line {line} is longer than {MAX_LINE_BYTES} bytes")]
    LineTooLong { line: u64 },
    #[error("standard input can be read only once; --passes > 1 needs a file")]
    StdinPasses,
}

/// Where an example came from: a line of a file, or a record of a topic. Errors and
/// warnings name it so that it can be found ("line 12", "partition 3 offset 1000").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    Line(u64),
    Record { partition: i32, offset: i64 },
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Line(line) => write!(f, "line {line}"),
            Origin::Record { partition, offset } => write!(f, "partition {partition} offset {offset}"),
        }
    }
}

impl Origin {
    /// Logs a bad example at the warning level, with its origin as fields (`line=12`, or
    /// `partition=3 offset=1000`).
    pub(crate) fn warn(&self, reason: &str, what: &str) {
        match *self {
            Origin::Line(line) => tracing::warn!(line, %reason, "{what}"),
            Origin::Record { partition, offset } => tracing::warn!(partition, offset, %reason, "{what}"),
        }
    }
}

/// One input line: a usable example or the reason it is not.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Item {
    /// `base`: the initial margin, added to the model's (VW's third label token; else 0).
    Example {
        line: Origin,
        label: f64,
        weight: f64,
        base: f64,
        features: (u32, u32),
        /// The example's tag in [`Batch::tags`] (VW's; empty without one).
        tag: (u32, u32),
    },
    /// A VW test example (no label), when the reader keeps them for predicting.
    Unlabeled {
        line: Origin,
        base: f64,
        features: (u32, u32),
        tag: (u32, u32),
    },
    Bad {
        line: Origin,
        reason: String,
    },
}

/// Consecutive lines, parsed. Example features live in one shared vector.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    pub items: Vec<Item>,
    pub features: Vec<Feature>,
    /// Names of coordinates seen for the first time in this batch (with `keep_names`).
    pub names: Vec<(u64, String)>,
    /// The examples' tags, one after the other.
    pub tags: String,
}

impl Batch {
    /// Sized for a full batch of typical examples, so filling it does not reallocate.
    pub(crate) fn with_capacity() -> Self {
        Self {
            items: Vec::with_capacity(BATCH_EXAMPLES),
            features: Vec::with_capacity(BATCH_EXAMPLES * 32),
            names: Vec::new(),
            tags: String::new(),
        }
    }

    pub(crate) fn tag_of(&self, range: (u32, u32)) -> &str {
        &self.tags[range.0 as usize..range.1 as usize]
    }

    /// Keeps `tag` with the batch: its range, for an item.
    pub(crate) fn push_tag(&mut self, tag: &str) -> (u32, u32) {
        let start = self.tags.len() as u32;
        self.tags.push_str(tag);
        (start, self.tags.len() as u32)
    }

    pub(crate) fn features_of(&self, range: (u32, u32)) -> &[Feature] {
        &self.features[range.0 as usize..range.1 as usize]
    }
}

/// Reads `passes` passes over `source` on a background thread. Batches arrive in input
/// order; an input error ends the stream. Dropping the receiver stops the thread at its
/// next hand-off, so it needs no join.
pub(crate) fn spawn_reader(
    source: Source,
    format: LineFormat,
    featurizer: Featurizer,
    passes: u32,
    keep_names: bool,
    keep_unlabeled: bool,
) -> Result<Receiver<Result<Batch, InputError>>, InputError> {
    if passes > 1 && source == Source::Stdin {
        return Err(InputError::StdinPasses);
    }
    let (sender, receiver) = sync_channel(QUEUE_DEPTH);
    std::thread::Builder::new().name("parse".into()).spawn(move || {
        let mut reader = ExampleReader::new(Reading::Line(format), featurizer);
        if keep_unlabeled {
            reader = reader.keeping_unlabeled();
        }
        if keep_names {
            reader = reader.keeping_names();
        }
        let mut parser = LineParser { reader, batch: Batch::with_capacity(), named: std::collections::HashSet::new() };
        if keep_names {
            parser.batch.names.push((crate::learn::hashing::bias(), "^bias".to_string()));
        }
        for _ in 0..passes {
            let result = source.open().and_then(|reader| {
                read_lines(reader, |line_number, line| {
                    parser.push(line_number, line);
                    if parser.batch.items.len() < BATCH_EXAMPLES {
                        return true;
                    }
                    sender.send(Ok(std::mem::replace(&mut parser.batch, Batch::with_capacity()))).is_ok()
                })
            });
            if let Err(e) = result {
                let _ = sender.send(Err(e));
                return;
            }
        }
        if !parser.batch.items.is_empty() {
            let _ = sender.send(Ok(parser.batch));
        }
    })?;
    Ok(receiver)
}

struct LineParser {
    reader: ExampleReader,
    batch: Batch,
    /// Coordinates whose names were already handed over (with keep_names only).
    named: std::collections::HashSet<u64>,
}

impl LineParser {
    fn push(&mut self, line_number: u64, line: &[u8]) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let start = self.batch.features.len() as u32;
        let item = match self.reader.read(line, &mut self.batch.features) {
            Ok(Parsed::Blank) => return,
            Ok(Parsed::Example { labeled }) => {
                for (coordinate, name) in self.reader.take_names() {
                    if self.named.insert(coordinate) {
                        self.batch.names.push((coordinate, name));
                    }
                }
                let example = self.reader.example();
                let features = (start, self.batch.features.len() as u32);
                let tag = self.batch.push_tag(&example.tag);
                let example = self.reader.example();
                if labeled {
                    Item::Example {
                        line: Origin::Line(line_number),
                        label: example.label,
                        weight: example.weight,
                        base: example.base,
                        features,
                        tag,
                    }
                } else {
                    Item::Unlabeled { line: Origin::Line(line_number), base: example.base, features, tag }
                }
            }
            Err(e) => Item::Bad { line: Origin::Line(line_number), reason: e.to_string() },
        };
        self.batch.items.push(item);
    }
}

/// Calls `on_line(number, bytes)` for every line (1-based numbers, without the newline)
/// until it returns false.
pub(crate) fn read_lines(mut reader: impl Read, mut on_line: impl FnMut(u64, &[u8]) -> bool) -> Result<(), InputError> {
    let mut buf = vec![0u8; CHUNK_BYTES];
    let (mut start, mut end) = (0usize, 0usize);
    let mut line_number = 0u64;
    loop {
        if end == buf.len() {
            if start > 0 {
                buf.copy_within(start..end, 0);
                end -= start;
                start = 0;
            } else if buf.len() >= MAX_LINE_BYTES {
                return Err(InputError::LineTooLong { line: line_number + 1 });
            } else {
                buf.resize(buf.len() * 2, 0);
            }
        }
        let read = match reader.read(&mut buf[end..]) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if read == 0 {
            break;
        }
        end += read;
        while let Some(newline) = memchr(b'\n', &buf[start..end]) {
            line_number += 1;
            if !on_line(line_number, &buf[start..start + newline]) {
                return Ok(());
            }
            start += newline + 1;
        }
    }
    if start < end {
        on_line(line_number + 1, &buf[start..end]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_record_is_named_by_partition_and_offset_not_a_line() {
        let strict = crate::train::TrainError::Strict {
            line: Origin::Record { partition: 3, offset: 1000 },
            reason: "invalid protobuf".into(),
        };
        assert_eq!(
            strict.to_string(),
            "partition 3 offset 1000: invalid protobuf (--strict stops at the first bad line)"
        );
        assert_eq!(Origin::Line(12).to_string(), "line 12");
    }

    fn lines_of(bytes: &[u8]) -> Vec<(u64, String)> {
        let mut out = Vec::new();
        read_lines(bytes, |n, l| {
            out.push((n, String::from_utf8_lossy(l).into_owned()));
            true
        })
        .unwrap();
        out
    }

    #[test]
    fn splits_lines_with_and_without_final_newline() {
        assert_eq!(lines_of(b"a\nbb\n"), vec![(1, "a".into()), (2, "bb".into())]);
        assert_eq!(lines_of(b"a\n\nc"), vec![(1, "a".into()), (2, "".into()), (3, "c".into())]);
        assert!(lines_of(b"").is_empty());
    }

    #[test]
    fn lines_longer_than_a_chunk_are_whole() {
        let long = "x".repeat(3 * CHUNK_BYTES + 17);
        let text = format!("short\n{long}\nend\n");
        let lines = lines_of(text.as_bytes());
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1].1.len(), long.len());
    }
}
