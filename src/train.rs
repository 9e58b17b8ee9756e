//! The embedded trainer: one process, no broker, examples in file order. Deterministic,
//! and the yardstick for the stream worker's loss and speed.

use crate::input::{spawn_reader, Batch, InputError, Item, Origin, Source};
use crate::learn::delay::DelayedLearner;
use crate::learn::expiry::Expiry;
use crate::learn::{Learner, Progress};
use crate::model::{Model, ModelError};
use crate::schema::mapping::Mapping;
use crate::schema::Format;
use crate::store::StoreError;
use serde::Serialize;
use std::io::Write;
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

/// Bad lines reported one by one before only counting them.
const REPORTED_BAD_LINES: u64 = 10;

#[derive(Debug, Error)]
pub(crate) enum TrainError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Model(#[from] ModelError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{line}: {reason} (--strict stops at the first bad line)")]
    Strict { line: Origin, reason: String },
    #[error("{0}")]
    Unsupported(&'static str),
}

/// How a training run reads its input and reports progress.
#[derive(Clone, Debug)]
pub(crate) struct TrainOptions {
    pub source: Source,
    pub format: Format,
    /// With `Format::JsonEvents`: how an event becomes an example.
    pub mapping: Option<Arc<Mapping>>,
    pub passes: u32,
    /// Stop at the first bad line instead of counting it.
    pub strict: bool,
    /// Print Vowpal Wabbit–style progress lines (doubling schedule) to stderr.
    pub progress_table: bool,
    /// Show a progress bar (examples, rate, loss) when standard error is a terminal.
    pub progress_bar: bool,
    /// Store each coordinate's "namespace^name" with the model (for `ftrl export`).
    pub save_names: bool,
    /// Apply each example's gradients only after this many later examples were predicted,
    /// as a stream with that many examples in flight would (0: learn at once).
    pub delay: usize,
    /// With a delay, use the delay-tolerant rate (`learn::delay`).
    pub delay_tolerant: bool,
    /// Expire coordinates not seen in this many examples (None: never).
    pub expire_after: Option<u64>,
}

impl TrainOptions {
    /// Reading `source` in `format`, one pass, lenient, no table, no names, no delay.
    pub(crate) fn new(source: Source, format: Format) -> Self {
        Self {
            source,
            format,
            mapping: None,
            passes: 1,
            strict: false,
            progress_table: false,
            progress_bar: false,
            save_names: false,
            delay: 0,
            delay_tolerant: false,
            expire_after: None,
        }
    }
}

/// What a training run did, as `--summary-json` prints it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct TrainSummary {
    pub examples: u64,
    pub bad_lines: u64,
    pub passes: u32,
    pub progressive_loss: f64,
    pub mean_label: f64,
    pub mean_prediction: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auc: Option<f64>,
    pub seconds: f64,
    pub examples_per_second: f64,
    pub coordinates: u64,
    pub nonzero_weights: u64,
    pub cache_evictions: u64,
    pub model_disk_bytes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rss_bytes: Option<u64>,
    /// Examples in flight before gradients were applied (`--delay`).
    #[serde(skip_serializing_if = "is_zero")]
    pub delay: usize,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub delay_tolerant: bool,
    /// Coordinates expired (`--expire-after`): unseen for that many examples.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expired: Option<u64>,
    /// How each learner of a Hedge did, and which leads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hedge: Option<HedgeSummary>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The learners of a Hedge mixture at the end of a run.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct HedgeSummary {
    pub alphas: Vec<f64>,
    /// Each learner's own progressive loss over the model's life.
    pub progressive_losses: Vec<f64>,
    /// Each learner's weight in the mixture now.
    pub mixture_weights: Vec<f64>,
    /// The α of the learner with the least loss: the one the mixture follows.
    pub leader_alpha: f64,
}

/// What trains: a model's learner, or a single learner with delayed gradients.
enum Trainer {
    Now(Learner),
    Delayed(DelayedLearner),
}

/// Trains `model` on the input, then checkpoints it.
pub(crate) fn train(model: &mut Model, options: &TrainOptions) -> Result<TrainSummary, TrainError> {
    let featurizer = model.settings.featurizer()?;
    let batches = spawn_reader(
        options.source.clone(),
        options.format,
        options.mapping.clone(),
        featurizer,
        options.passes,
        options.save_names,
        false,
    )?;
    train_batches(model, batches, options)
}

/// Trains `model` on batches from any reader (a file, standard input, a topic), then
/// checkpoints it. `options.source` and `options.format` are not used here.
pub(crate) fn train_batches(
    model: &mut Model,
    batches: Receiver<Result<Batch, InputError>>,
    options: &TrainOptions,
) -> Result<TrainSummary, TrainError> {
    let started = Instant::now();
    let mut trainer = if options.delay > 0 {
        if !model.settings.hedge.is_empty() {
            return Err(TrainError::Unsupported("--delay simulates one learner; it cannot be combined with hedge"));
        }
        if options.expire_after.is_some() {
            return Err(TrainError::Unsupported(
                "--delay simulates a stream's staleness; it cannot be combined with --expire-after",
            ));
        }
        Trainer::Delayed(DelayedLearner::new(model.settings.learner(), options.delay, options.delay_tolerant))
    } else {
        Trainer::Now(model.learner()?)
    };
    let mut table = options.progress_table.then(ProgressTable::new);
    let bar = crate::observe::progress_bar(options.progress_bar, None, "examples");
    let mut total = Progress::new(model.settings.loss.is_binary());
    let mut bad_lines = 0u64;
    let mut expired = 0u64;
    let expiry = options.expire_after.map(Expiry::new);
    let mut next_sweep = expiry.map_or(0, |e| e.first_sweep(model.examples_learned + 1));
    let loss = model.settings.loss;

    for batch in batches {
        let batch = batch?;
        if !batch.names.is_empty() {
            model.store.save_names(&batch.names)?;
        }
        for item in &batch.items {
            match item {
                Item::Example { label, weight, base, features, .. } => {
                    let features = batch.features_of(*features);
                    let outcome = match &mut trainer {
                        Trainer::Now(learner) => {
                            if let Some(expiry) = expiry {
                                // The clock counts examples over the model's life.
                                let now = model.examples_learned + total.count + 1;
                                learner.clock = Expiry::stamp(now);
                                if expiry.sweep_due(now, &mut next_sweep) {
                                    let expired_now = model.store.expire(|_, s| expiry.is_expired(s.seen, now))?;
                                    expired += expired_now.len() as u64;
                                }
                            }
                            learner.base = *base;
                            learner.learn(&mut model.store, features, *label, *weight)?
                        }
                        Trainer::Delayed(learner) => {
                            learner.set_base(*base);
                            learner.learn(&mut model.store, features, *label, *weight)?
                        }
                    };
                    let metric_label = loss.metric_label(*label);
                    total.record(outcome.loss, metric_label, outcome.prediction, outcome.score, *weight);
                    if let Some(table) = &mut table {
                        let features = features.len();
                        bar.suspend(|| {
                            table.record(&total, outcome.loss, metric_label, outcome.prediction, *weight, features)
                        });
                    }
                }
                // Only `predict` asks the reader for these; to learn, they are bad lines.
                Item::Unlabeled { line, .. } => {
                    if options.strict {
                        return Err(TrainError::Strict { line: *line, reason: "no label".into() });
                    }
                    bad_lines += 1;
                    if bad_lines <= REPORTED_BAD_LINES {
                        line.warn("no label", "skipping an example without a label");
                    }
                }
                Item::Bad { line, reason } => {
                    if options.strict {
                        return Err(TrainError::Strict { line: *line, reason: reason.clone() });
                    }
                    bad_lines += 1;
                    if bad_lines <= REPORTED_BAD_LINES {
                        line.warn(reason, "skipping bad line");
                    }
                }
            }
        }
        bar.inc(batch.items.len() as u64);
        bar.set_message(format!("progressive loss {:.6}", total.mean_loss()));
    }

    let hedge = match &mut trainer {
        Trainer::Delayed(learner) => {
            learner.flush(&mut model.store)?;
            None
        }
        Trainer::Now(learner) => {
            model.save_learner(learner)?;
            learner.hedge().map(|hedge| {
                let state = hedge.state().clone();
                HedgeSummary {
                    alphas: hedge.alphas().to_vec(),
                    progressive_losses: state
                        .cumulative_losses
                        .iter()
                        .map(|l| l / state.weight_sum.max(f64::MIN_POSITIVE))
                        .collect(),
                    mixture_weights: hedge.mixture_weights(),
                    leader_alpha: hedge.alphas()[hedge.leader()],
                }
            })
        }
    };
    bar.finish_and_clear();
    tracing::debug!(seconds = started.elapsed().as_secs_f64(), "learned every example");
    model.examples_learned += total.count;
    model.checkpoint()?;
    tracing::debug!(seconds = started.elapsed().as_secs_f64(), "checkpointed");
    let (coordinates, nonzero_weights) = model.count_weights()?;
    let seconds = started.elapsed().as_secs_f64();
    if bad_lines > REPORTED_BAD_LINES {
        tracing::warn!(bad_lines, "bad lines skipped in all (the first {REPORTED_BAD_LINES} are listed above)");
    }
    let summary = TrainSummary {
        examples: total.count,
        bad_lines,
        passes: options.passes,
        progressive_loss: total.mean_loss(),
        mean_label: total.mean_label(),
        mean_prediction: total.mean_prediction(),
        auc: total.auc(),
        seconds,
        examples_per_second: total.count as f64 / seconds.max(1e-9),
        coordinates,
        nonzero_weights,
        cache_evictions: model.store.evictions(),
        model_disk_bytes: model.store.disk_bytes(),
        max_rss_bytes: peak_rss_bytes(),
        delay: options.delay,
        delay_tolerant: options.delay_tolerant && options.delay > 0,
        expired: options.expire_after.map(|_| expired),
        hedge,
    };
    if let Some(table) = &table {
        table.finish(&summary);
    }
    Ok(summary)
}

/// Predicts every example of the input with `model` (no learning), writing one line per
/// non-blank input line: the prediction, or `NaN` for a bad line. Returns the progressive
/// figures of the labeled examples and the number of bad lines.
pub(crate) fn predict(
    model: &mut Model,
    source: Source,
    format: Format,
    mapping: Option<Arc<Mapping>>,
    out: &mut dyn Write,
) -> Result<(Progress, u64), TrainError> {
    let mut learner = model.learner()?;
    let loss = model.settings.loss;
    // VW's test examples (no label) are predicted too.
    let batches = spawn_reader(source, format, mapping, model.settings.featurizer()?, 1, false, true)?;
    let mut progress = Progress::new(loss.is_binary());
    let mut bad_lines = 0;
    for batch in batches {
        let batch = batch?;
        for item in &batch.items {
            match item {
                Item::Example { label, weight, base, features, .. } => {
                    learner.base = *base;
                    let outcome = learner.predict(&mut model.store, batch.features_of(*features), Some(*label))?;
                    progress.record(
                        outcome.loss,
                        loss.metric_label(*label),
                        outcome.prediction,
                        outcome.score,
                        *weight,
                    );
                    writeln!(out, "{}", outcome.prediction).map_err(InputError::Read)?;
                }
                Item::Unlabeled { base, features, .. } => {
                    learner.base = *base;
                    let outcome = learner.predict(&mut model.store, batch.features_of(*features), None)?;
                    writeln!(out, "{}", outcome.prediction).map_err(InputError::Read)?;
                }
                Item::Bad { line, reason } => {
                    bad_lines += 1;
                    if bad_lines <= REPORTED_BAD_LINES {
                        line.warn(reason, "bad line, predicted NaN");
                    }
                    writeln!(out, "NaN").map_err(InputError::Read)?;
                }
            }
        }
    }
    Ok((progress, bad_lines))
}

/// Peak resident memory of this process, from /proc (Linux only).
pub(crate) fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Vowpal Wabbit's progress report: a line at examples 1, 2, 4, 8, …, with the average
/// loss since the start and since the previous line.
struct ProgressTable {
    since_last: Progress,
    next_report: u64,
}

impl ProgressTable {
    fn new() -> Self {
        eprintln!(
            "{:<10} {:<10} {:>12} {:>12} {:>10} {:>10} {:>8}",
            "average", "since", "example", "example", "current", "current", "current"
        );
        eprintln!(
            "{:<10} {:<10} {:>12} {:>12} {:>10} {:>10} {:>8}",
            "loss", "last", "counter", "weight", "label", "predict", "features"
        );
        Self { since_last: Progress::new(false), next_report: 1 }
    }

    fn record(&mut self, total: &Progress, loss: f64, label: f64, prediction: f64, weight: f64, features: usize) {
        self.since_last.record(loss, label, prediction, 0.0, weight);
        if total.count < self.next_report {
            return;
        }
        eprintln!(
            "{:<10.6} {:<10.6} {:>12} {:>12.1} {:>10.4} {:>10.4} {:>8}",
            total.mean_loss(),
            self.since_last.mean_loss(),
            total.count,
            total.weight_sum,
            label,
            prediction,
            features
        );
        self.since_last = Progress::new(false);
        self.next_report *= 2;
    }

    fn finish(&self, summary: &TrainSummary) {
        eprintln!();
        eprintln!("finished run");
        eprintln!("examples            = {}", summary.examples);
        eprintln!("bad lines           = {}", summary.bad_lines);
        eprintln!("average loss        = {:.6}", summary.progressive_loss);
        eprintln!("mean label          = {:.6}", summary.mean_label);
        eprintln!("mean prediction     = {:.6}", summary.mean_prediction);
        if let Some(auc) = summary.auc {
            eprintln!("auc                 = {auc:.6}");
        }
        eprintln!("coordinates         = {} ({} nonzero)", summary.coordinates, summary.nonzero_weights);
        if let Some(hedge) = &summary.hedge {
            eprintln!("hedge leader        = alpha {}", hedge.leader_alpha);
            for ((alpha, loss), weight) in
                hedge.alphas.iter().zip(&hedge.progressive_losses).zip(&hedge.mixture_weights)
            {
                eprintln!("  alpha {alpha:<8} loss {loss:.6}  mixture weight {weight:.4}");
            }
        }
        eprintln!("seconds             = {:.3} ({:.0} examples/s)", summary.seconds, summary.examples_per_second);
    }
}
