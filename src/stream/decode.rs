//! Decoding a chunk of example records on several threads (`worker.predict_threads`), while
//! the predict thread learns the records decoded before, in record order.
//!
//! Reading a record to its features does not depend on the model, so it parallelises without
//! changing what is learned: the replica still learns every example in the order of its
//! partition's log, the order the owners apply them in, whatever the thread count. With one
//! worker the stream therefore equals `ftrl train` on the same example order at any thread
//! count, and exactly once rests on nothing new. Learning itself stays on the predict
//! thread: the replica's store (a slot cache in front of RocksDB) is single-threaded.
//!
//! Each call splits its records into blocks of [`BLOCK`]; every thread claims the next block
//! not yet claimed, and the predict thread, whenever the block it must learn next is not
//! decoded yet, decodes one more itself rather than wait. The helper threads live for one
//! call (a chunk of records borrowed from the consumer's queue), which costs tens of
//! microseconds against the milliseconds a chunk of several blocks takes to learn.

use super::batch_queue::Record;
use super::predict::BadRecord;
use crate::learn::Feature;
use crate::schema::example::ExampleReader;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// Records per block: each block costs a lock and a wake-up, a few microseconds against the
/// hundreds its records take to decode and learn.
pub(crate) const BLOCK: usize = 256;

/// One record decoded, or why it is a dead letter.
pub(crate) type Decoded = Result<Example, BadRecord>;

/// A decoded record's example.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Example {
    /// Where its features are in [`Block::features`].
    pub features: std::ops::Range<usize>,
    pub label: f64,
    pub weight: f64,
}

/// Consecutive records decoded.
#[derive(Debug, Default)]
pub(crate) struct Block {
    /// Index of its first record in the chunk.
    pub first: usize,
    /// One per record, in order.
    pub records: Vec<Decoded>,
    /// Every record's features, one after the other.
    pub features: Vec<Feature>,
}

impl Block {
    /// The features of `example`, one of this block's.
    pub(crate) fn features(&self, example: &Example) -> &[Feature] {
        &self.features[example.features.clone()]
    }
}

/// Decodes `records[first..first + BLOCK]` (or fewer at the end).
fn decode_block(reader: &mut ExampleReader, records: &[Record<'_>], first: usize) -> Block {
    let records = &records[first..(first + BLOCK).min(records.len())];
    let mut block = Block { first, records: Vec::with_capacity(records.len()), features: Vec::new() };
    for record in records {
        let start = block.features.len();
        let read = match record.value {
            None => Err(BadRecord::NoValue),
            Some(payload) => reader.read(payload, &mut block.features).map(drop).map_err(BadRecord::from),
        };
        block.records.push(match read {
            Ok(()) => Ok(Example {
                features: start..block.features.len(),
                label: reader.example().label,
                weight: reader.example().weight,
            }),
            Err(reason) => {
                block.features.truncate(start);
                Err(reason)
            }
        });
    }
    block
}

/// Decodes `records` with one thread per reader (the caller's and `readers.len() - 1`
/// helpers) and hands each block to `learn` on the calling thread, in order; `learn` returns
/// false to stop there (the later blocks are dropped), or an error, which is returned.
pub(crate) fn decode_in_order<E>(
    readers: &mut [ExampleReader],
    records: &[Record<'_>],
    learn: impl FnMut(Block) -> Result<bool, E>,
) -> Result<(), E> {
    in_order(
        readers,
        records.len().div_ceil(BLOCK),
        |reader, block| decode_block(reader, records, block * BLOCK),
        learn,
    )
}

/// Makes items `0..items` with `make`, one thread per worker (the caller's, `workers[0]`,
/// and a helper for each other), and hands each to `take` on the calling thread, in order
/// of their index, as soon as it and those before it are made; `take` returns false to stop
/// there, or an error, which is returned. Whenever the next item is not made yet, the
/// calling thread makes one more itself rather than wait.
fn in_order<W: Send, T: Send, E>(
    workers: &mut [W],
    items: usize,
    make: impl Fn(&mut W, usize) -> T + Sync,
    mut take: impl FnMut(T) -> Result<bool, E>,
) -> Result<(), E> {
    let Some((own, helpers)) = workers.split_first_mut() else { return Ok(()) };
    if helpers.is_empty() || items < 2 {
        for item in 0..items {
            if !take(make(own, item))? {
                break;
            }
        }
        return Ok(());
    }
    // No more helpers than items left for them: each costs the calling thread a spawn.
    let useful = (items - 1).min(helpers.len());
    let helpers = &mut helpers[..useful];
    let shared = Shared {
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        made: Mutex::new(Made { items: (0..items).map(|_| None).collect(), helpers: helpers.len() }),
        ready: Condvar::new(),
    };
    let make = &make;
    std::thread::scope(|scope| {
        for worker in helpers.iter_mut() {
            let shared = &shared;
            let helper = std::thread::Builder::new().name("predict-decode".into()).spawn_scoped(scope, move || {
                // Counted out however the thread ends, so that the calling thread never
                // waits for an item a dead helper claimed: it makes that item itself.
                let _leaving = Leaving(shared);
                while !shared.stop.load(Ordering::Relaxed) {
                    let Some(item) = shared.claim(items) else { break };
                    let made = make(worker, item);
                    shared.lock().items[item] = Some(made);
                    shared.ready.notify_all();
                }
            });
            if helper.is_err() {
                shared.lock().helpers -= 1; // one helper fewer; the others and the caller do its share
            }
        }
        let result = (|| {
            for item in 0..items {
                let made = loop {
                    let mut made = shared.lock();
                    if let Some(ready) = made.items[item].take() {
                        break ready;
                    }
                    if made.helpers == 0 && shared.next.load(Ordering::Relaxed) > item {
                        drop(made);
                        break make(own, item); // claimed by a helper that is gone
                    }
                    match shared.claim(items) {
                        Some(claimed) => {
                            drop(made);
                            let mine = make(own, claimed);
                            shared.lock().items[claimed] = Some(mine);
                        }
                        None => drop(shared.ready.wait(made).unwrap_or_else(|e| e.into_inner())),
                    }
                };
                if !take(made)? {
                    break;
                }
            }
            Ok(())
        })();
        shared.stop.store(true, Ordering::Relaxed);
        result
    })
}

/// What the threads of one [`in_order`] share.
struct Shared<T> {
    /// The next item no thread has claimed.
    next: AtomicUsize,
    /// Set once the calling thread takes no more: the helpers stop making items.
    stop: AtomicBool,
    made: Mutex<Made<T>>,
    /// Notified whenever an item is made or a helper leaves.
    ready: Condvar,
}

struct Made<T> {
    /// Per item: made and not yet taken.
    items: Vec<Option<T>>,
    /// Helper threads still running.
    helpers: usize,
}

impl<T> Shared<T> {
    fn claim(&self, items: usize) -> Option<usize> {
        let item = self.next.fetch_add(1, Ordering::Relaxed);
        (item < items).then_some(item)
    }

    /// The items made; a helper that panicked while holding the lock left nothing half-done
    /// there (it only inserts a finished item).
    fn lock(&self) -> std::sync::MutexGuard<'_, Made<T>> {
        self.made.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Counts a helper out when it ends (by panic too), waking the calling thread.
struct Leaving<'a, T>(&'a Shared<T>);

impl<T> Drop for Leaving<'_, T> {
    fn drop(&mut self) {
        self.0.lock().helpers -= 1;
        self.0.ready.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::Loss;
    use crate::schema::example::{Featurizer, LineFormat, Reading};

    fn reader() -> ExampleReader {
        ExampleReader::new(Reading::Line(LineFormat::Vw), Featurizer::new(Loss::Logistic, vec!["ab".parse().unwrap()]))
    }

    /// VW lines, every seventh unreadable, and one without a value.
    fn lines(count: usize) -> Vec<Option<Vec<u8>>> {
        (0..count)
            .map(|i| match i % 7 {
                3 => Some(b"not a label |a x".to_vec()),
                5 if i == 12 => None,
                _ => Some(format!("{} {} |a x{} y{} |b z{}", i % 2, 1 + i % 3, i % 11, i % 5, i % 13).into_bytes()),
            })
            .collect()
    }

    fn records(lines: &[Option<Vec<u8>>]) -> Vec<Record<'_>> {
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| Record {
                partition: 0,
                offset: i as i64,
                key: None,
                value: line.as_deref(),
                timestamp_ms: None,
            })
            .collect()
    }

    /// A record's (features, label, weight), or why it is a dead letter, as `learn` saw it.
    type Seen = Result<(Vec<Feature>, f64, f64), BadRecord>;

    /// Each record's [`Seen`].
    fn decoded(threads: usize, records: &[Record<'_>], stop_after: usize) -> Vec<Seen> {
        let mut readers = vec![reader(); threads];
        let mut seen = Vec::new();
        decode_in_order::<()>(&mut readers, records, |block| {
            assert_eq!(block.first, seen.len(), "blocks come in order");
            seen.extend(block.records.iter().map(|decoded| {
                decoded.as_ref().map(|e| (block.features(e).to_vec(), e.label, e.weight)).map_err(Clone::clone)
            }));
            Ok(seen.len() < stop_after)
        })
        .unwrap();
        seen
    }

    /// What one reader makes of the records one by one, as the predict role did before it
    /// had threads.
    #[test]
    fn records_decode_in_order_to_what_one_reader_reads_at_any_thread_count() {
        let lines = lines(BLOCK * 7 + 13);
        let records = records(&lines);
        let mut reader = reader();
        let expected: Vec<_> = records
            .iter()
            .map(|record| {
                let mut features = Vec::new();
                let payload = record.value.ok_or(BadRecord::NoValue)?;
                reader.read(payload, &mut features)?;
                Ok((features, reader.example().label, reader.example().weight))
            })
            .collect();
        assert!(expected.iter().filter(|e| e.is_err()).count() > BLOCK, "dead letters among them");
        assert!(expected.iter().any(|e| e.as_ref().is_ok_and(|(_, _, weight)| *weight == 3.0)));
        for threads in [1, 2, 3, 8] {
            assert_eq!(decoded(threads, &records, usize::MAX), expected, "{threads} threads");
        }
    }

    #[test]
    fn learning_stops_after_the_block_that_said_so() {
        let lines = lines(BLOCK * 10);
        let records = records(&lines);
        for threads in [1, 3] {
            assert_eq!(decoded(threads, &records, 2 * BLOCK).len(), 2 * BLOCK, "{threads} threads");
        }
    }

    #[test]
    fn an_error_of_learn_is_returned() {
        let lines = lines(BLOCK * 4);
        let records = records(&lines);
        let mut readers = vec![reader(); 2];
        let mut blocks = 0;
        let result = decode_in_order(&mut readers, &records, |_| {
            blocks += 1;
            if blocks == 2 {
                Err("the store failed")
            } else {
                Ok(true)
            }
        });
        assert_eq!((result, blocks), (Err("the store failed"), 2));
    }

    /// Slow items are made on every thread, and taken in order all the same.
    #[test]
    fn the_helpers_make_their_share() {
        let mut workers = [0usize, 1, 2];
        let mut taken = Vec::new();
        in_order::<_, _, ()>(
            &mut workers,
            60,
            |worker, item| {
                std::thread::sleep(std::time::Duration::from_millis(2));
                (item, *worker, std::thread::current().name().map(str::to_owned))
            },
            |made| {
                taken.push(made);
                Ok(true)
            },
        )
        .unwrap();
        assert_eq!(taken.iter().map(|(item, _, _)| *item).collect::<Vec<_>>(), (0..60).collect::<Vec<_>>());
        for worker in 0..3 {
            assert!(taken.iter().any(|(_, w, _)| *w == worker), "worker {worker} made none");
        }
        assert!(taken.iter().filter(|(_, w, _)| *w > 0).all(|(_, _, name)| name.as_deref() == Some("predict-decode")));
    }

    /// A helper that dies (a panic) after claiming an item: the calling thread makes that
    /// item itself and takes every item in order rather than wait for it forever; the panic
    /// then reaches the caller.
    #[test]
    fn a_helper_that_dies_holds_nothing_up() {
        let mut workers = [0usize, 1, 2];
        let mut taken = Vec::new();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            in_order::<_, _, ()>(
                &mut workers,
                40,
                |worker, item| {
                    if *worker == 2 {
                        panic!("helper 2 dies with item {item}");
                    }
                    // Slow enough for helper 2 to start and claim one.
                    std::thread::sleep(std::time::Duration::from_millis(2));
                    item * 10
                },
                |made| {
                    taken.push(made);
                    Ok(true)
                },
            )
        }));
        assert!(outcome.is_err(), "the helper's panic is not swallowed");
        assert_eq!(taken, (0..40).map(|i| i * 10).collect::<Vec<_>>());
    }
}
