//! Learning a chunk of records on several threads in the one replica
//! (`worker.predict_threads`, `learn::replica`'s `shared`): the records are decoded on
//! every thread, made resident and noted on the predict thread in record order, learned on
//! every thread at once, and their figures and gradients added to the batch in record order.
//! The transaction boundaries are the one-thread role's, so what commits together, and the
//! exactly-once argument, do not change; only the order of steps within a chunk does.

use super::gradients::{too_many_for_one_record, MAX_COALESCED_COORDINATES};
use super::learning::{add_learned, Batch, Learned, Sinks};
use super::Predictor;
use crate::learn::{loss, Gradient, ViewLearner};
use crate::stream::batch_queue::Record;
use crate::stream::decode::{decode_in_order, Block};
use crate::stream::kafka::RawRecord;
use crate::stream::StreamError;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Examples a thread takes at a time: enough that claiming them costs nothing, few enough
/// that the threads finish together.
const EXAMPLES_PER_TURN: usize = 64;

/// An example ready to learn: where its record and decoded example are, and its entries in
/// the replica's shared chunk.
struct Job {
    record: usize,
    block: usize,
    example: usize,
    entries: Range<usize>,
}

/// What a thread learned of one example.
#[derive(Clone, Debug, Default)]
struct Step {
    outcome: Option<loss::Outcome>,
    /// Its gradients, when the batch sends each example's.
    gradients: Vec<Gradient>,
}

impl Predictor {
    /// Learns `records` into `batch` on `1 + self.helpers.len()` threads; returns how many
    /// it took (as [`Predictor::learn`]: the rest start the next batch).
    pub(super) fn learn_shared(&mut self, records: &[Record<'_>], batch: &mut Batch) -> Result<usize, StreamError> {
        let mut processed = 0;
        let mut blocks: Vec<Block> = Vec::new();
        let mut jobs = Vec::new();
        let coalesced = batch.coalesced;
        let mut readers = std::mem::take(&mut self.readers);
        let prepared: Result<(), StreamError> = decode_in_order(&mut readers, records, |block| {
            let mut full = false;
            for (index, (record, decoded)) in records[block.first..].iter().zip(&block.records).enumerate() {
                if (coalesced && self.replica.most_touched() >= MAX_COALESCED_COORDINATES) || self.replica.crowded() {
                    full = true;
                    break;
                }
                processed += 1;
                batch.out.took(record);
                let example = match decoded {
                    Ok(example) => example,
                    Err(reason) => {
                        batch.out.dead_letters.push((RawRecord::from(*record), reason.clone()));
                        continue;
                    }
                };
                self.learner.coordinates(block.features(example), &mut self.coordinates);
                if let Some(reason) = too_many_for_one_record(&self.coordinates, self.writer.partitions()) {
                    batch.out.dead_letters.push((RawRecord::from(*record), reason));
                    continue;
                }
                let entries = self.replica.prepare_shared(&self.coordinates)?;
                jobs.push(Job { record: block.first + index, block: blocks.len(), example: index, entries });
            }
            blocks.push(block);
            Ok(!full)
        });
        self.readers = readers;
        prepared?;
        let steps = self.learn_jobs(&blocks, &jobs, !coalesced);
        self.replica.end_shared();
        for (job, step) in jobs.iter().zip(steps) {
            let Ok(example) = &blocks[job.block].records[job.example] else { continue };
            let Some(outcome) = step.outcome else { continue };
            let learned = Learned {
                record: &records[job.record],
                label: example.label,
                weight: example.weight,
                outcome,
                gradients: &step.gradients,
                member_losses: Vec::new(),
            };
            let sinks = Sinks {
                writer: &mut self.writer,
                counted: &mut self.counted,
                loss: self.loss,
                publish_predictions: self.publish_predictions,
            };
            add_learned(learned, sinks, &mut batch.out, coalesced);
        }
        Ok(processed)
    }

    /// Learns every job on this thread and the helpers' at once, each helper with its own
    /// copy of the learner; returns what each job learned, in order.
    fn learn_jobs(&mut self, blocks: &[Block], jobs: &[Job], keep_gradients: bool) -> Vec<Step> {
        let mut steps = vec![Step::default(); jobs.len()];
        let shared = self.replica.shared();
        let turns: Vec<Mutex<&mut [Step]>> = steps.chunks_mut(EXAMPLES_PER_TURN).map(Mutex::new).collect();
        let next = AtomicUsize::new(0);
        let work = |learner: &mut ViewLearner| loop {
            let turn = next.fetch_add(1, Ordering::Relaxed);
            let Some(out) = turns.get(turn) else { break };
            let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
            for (job, step) in jobs[turn * EXAMPLES_PER_TURN..].iter().zip(out.iter_mut()) {
                let block = &blocks[job.block];
                let Ok(example) = &block.records[job.example] else { continue };
                let view = shared.view(job.entries.clone());
                step.outcome = Some(learner.step(&view, block.features(example), Some(example.label), example.weight));
                shared.learn(&view, learner.gradients());
                if keep_gradients {
                    step.gradients.extend_from_slice(learner.gradients());
                }
            }
        };
        let helpers = if turns.len() > 1 { self.helpers.len().min(turns.len() - 1) } else { 0 };
        std::thread::scope(|scope| {
            for learner in &mut self.helpers[..helpers] {
                let work = &work;
                let started =
                    std::thread::Builder::new().name("predict-learn".into()).spawn_scoped(scope, move || work(learner));
                if let Err(error) = started {
                    // Its turns are left to the others.
                    tracing::warn!(%error, "a predict thread could not start");
                }
            }
            work(&mut self.learner);
        });
        drop(turns);
        steps
    }
}
