//! The embedded trainer: one process, no broker, examples in file order. Deterministic,
//! and the yardstick for the stream worker's loss and speed.

use crate::audit::{write_prediction, Audit};
use crate::input::{spawn_reader, Batch, InputError, Item, Origin, Source};
use crate::learn::delay::DelayedLearner;
use crate::learn::expiry::Expiry;
use crate::learn::{DivergenceWatch, Learner, Progress};
use crate::model::{Model, ModelError};
use crate::observe::events::{InternalEvent, ModelJudged};
use crate::schema::example::LineFormat;
use crate::store::StoreError;
use serde::Serialize;
use std::io::Write;
use std::sync::mpsc::Receiver;
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
    /// Hold examples out of learning to measure the loss between passes (VW's holdout).
    pub holdout: Option<Holdout>,
    /// Write each example's prediction here, followed by its tag when it has one.
    pub predictions: Option<Predictions>,
    /// Predict the examples without a label (as VW does) instead of skipping them.
    pub predict_unlabeled: bool,
    /// End with Vowpal Wabbit's summary lines (`ftrl vw`).
    pub vw_summary: bool,
    /// VW's `--audit` (see `audit`): each example's prediction and features, with their
    /// weights before its update, on standard output; `Some(true)` shows the margin (as
    /// [`Predictions::margins`]).
    pub audit: Option<bool>,
}

/// VW's holdout: with several passes, every `period`-th example of each pass (or every one
/// after the `after`-th) is only predicted, its loss averaged per pass; training stops when
/// `early_terminate` passes in a row did no better than the best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Holdout {
    pub period: u64,
    pub after: u64,
    pub early_terminate: u32,
}

impl Holdout {
    /// Whether the `counter`-th example of a pass (from 1) is held out.
    fn holds_out(&self, counter: u64) -> bool {
        if self.after > 0 {
            counter > self.after
        } else {
            counter.is_multiple_of(self.period)
        }
    }
}

/// Where and how predictions are written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Predictions {
    /// A file, or `-` for standard output.
    pub path: String,
    /// Print the margin (VW's prediction for every loss) instead of this project's
    /// prediction (a probability for logistic loss).
    pub margins: bool,
}

impl Predictions {
    pub(crate) fn open(&self) -> Result<Box<dyn Write>, InputError> {
        Ok(if self.path == "-" || self.path == "/dev/stdout" {
            Box::new(std::io::BufWriter::new(std::io::stdout()))
        } else {
            let file = std::fs::File::create(&self.path)
                .map_err(|e| InputError::Open { path: self.path.clone(), source: e })?;
            Box::new(std::io::BufWriter::new(file))
        })
    }
}

/// Writes an example's prediction line (`-p`) and its audit, where they are wanted.
fn report(
    predictions: &mut Option<Box<dyn Write>>,
    audit: &mut Option<Audit>,
    shown: f64,
    tag: &str,
) -> Result<(), InputError> {
    if let Some(out) = predictions {
        write_prediction(out, shown, tag)?;
    }
    if let Some(audit) = audit {
        audit.write(shown, tag)?;
    }
    Ok(())
}

impl Default for TrainOptions {
    /// One pass, lenient, no table, no names, no delay.
    fn default() -> Self {
        Self {
            passes: 1,
            strict: false,
            progress_table: false,
            progress_bar: false,
            save_names: false,
            delay: 0,
            delay_tolerant: false,
            expire_after: None,
            holdout: None,
            predictions: None,
            predict_unlabeled: false,
            vw_summary: false,
            audit: None,
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
    /// With a holdout: the best pass's loss on the held-out examples, which VW reports as
    /// the average loss (None when nothing was held out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holdout_loss: Option<f64>,
    /// Passes run (fewer than asked when the holdout stopped them early).
    pub passes_used: u32,
    /// Σ importance·label of the examples learned (VW's "weighted label sum").
    pub weighted_label_sum: f64,
    /// Σ importance of the examples learned and predicted (VW's "weighted example sum").
    pub weighted_examples: f64,
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

/// Trains `model` on the lines of `source`, then checkpoints it.
pub(crate) fn train(
    model: &mut Model,
    source: Source,
    format: LineFormat,
    options: &TrainOptions,
) -> Result<TrainSummary, TrainError> {
    let featurizer = model.settings.featurizer()?;
    let batches = spawn_reader(
        source,
        format,
        featurizer,
        options.passes,
        options.save_names || options.audit.is_some(),
        options.predict_unlabeled,
    )?;
    train_batches(model, batches, options)
}

/// Trains `model` on batches from any reader (a file, standard input, a topic), then
/// checkpoints it.
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
    let mut divergence = DivergenceWatch::new(model.settings.loss);
    let mut bad_lines = 0u64;
    let mut expired = 0u64;
    let expiry = options.expire_after.map(Expiry::new);
    let mut next_sweep = expiry.map_or(0, |e| e.first_sweep(model.examples_learned + 1));
    let loss = model.settings.loss;
    let mut predictions = options.predictions.as_ref().map(Predictions::open).transpose()?;
    let margins = options.predictions.as_ref().map(|p| p.margins).or(options.audit).unwrap_or(false);
    let mut audit = options.audit.map(|_| Audit::to_stdout());
    let optimizer = model.settings.optimizer;
    // The holdout's bookkeeping: the pass and the example within it, this pass's loss on
    // the examples held out, the best pass's, and passes since it.
    let (mut pass, mut counter, mut last_line) = (1u32, 0u64, 0u64);
    let mut held_out = Progress::new(false);
    let (mut best_holdout, mut passes_without_progress) = (None::<f64>, 0u32);
    let mut end_pass = |held_out: &mut Progress| -> bool {
        let Some(holdout) = options.holdout else { return false };
        if held_out.weight_sum <= 0.0 {
            return false;
        }
        let loss = held_out.loss_sum / held_out.weight_sum;
        *held_out = Progress::new(false);
        if best_holdout.is_none_or(|best| loss < best) {
            best_holdout = Some(loss);
            passes_without_progress = 0;
        } else {
            passes_without_progress += 1;
        }
        passes_without_progress >= holdout.early_terminate
    };
    let mut weighted_label_sum = 0.0;
    let mut unlabeled_weight = 0.0;

    'batches: for batch in batches {
        let batch = batch?;
        if let Some(audit) = &mut audit {
            audit.learn_names(&batch.names);
        }
        if options.save_names && !batch.names.is_empty() {
            model.store.save_names(&batch.names)?;
        }
        for item in &batch.items {
            let origin = match item {
                Item::Example { line, .. } | Item::Unlabeled { line, .. } | Item::Bad { line, .. } => *line,
            };
            // Passes are over a file's lines; a topic's records are read once.
            let line = match origin {
                Origin::Line(line) => line,
                Origin::Record { .. } => last_line,
            };
            if line < last_line {
                // The next pass has begun.
                if end_pass(&mut held_out) {
                    break 'batches;
                }
                pass += 1;
                counter = 0;
            }
            last_line = line;
            if !matches!(item, Item::Bad { .. }) {
                counter += 1;
            }
            match item {
                Item::Example { label, weight, base, features, tag, .. }
                    if options.holdout.is_some_and(|h| h.holds_out(counter)) =>
                {
                    let Trainer::Now(learner) = &mut trainer else {
                        return Err(TrainError::Unsupported("a holdout cannot be combined with --delay"));
                    };
                    learner.base = *base;
                    let features = batch.features_of(*features);
                    if let Some(audit) = &mut audit {
                        audit.read(&mut model.store, &optimizer, features)?;
                    }
                    let outcome = learner.predict(&mut model.store, features, Some(*label))?;
                    held_out.record(outcome.loss, *label, outcome.prediction, outcome.score, *weight);
                    let shown = if margins { learner.margins()[0] } else { outcome.prediction };
                    report(&mut predictions, &mut audit, shown, batch.tag_of(*tag))?;
                }
                Item::Unlabeled { base, features, tag, .. } if options.predict_unlabeled => {
                    let Trainer::Now(learner) = &mut trainer else {
                        return Err(TrainError::Unsupported(
                            "predicting unlabeled examples cannot be combined with --delay",
                        ));
                    };
                    learner.base = *base;
                    let features = batch.features_of(*features);
                    if let Some(audit) = &mut audit {
                        audit.read(&mut model.store, &optimizer, features)?;
                    }
                    let outcome = learner.predict(&mut model.store, features, None)?;
                    unlabeled_weight += 1.0;
                    let shown = if margins { learner.margins()[0] } else { outcome.prediction };
                    report(&mut predictions, &mut audit, shown, batch.tag_of(*tag))?;
                }
                Item::Example { label, weight, base, features, tag, .. } => {
                    let features = batch.features_of(*features);
                    if let Some(audit) = &mut audit {
                        audit.read(&mut model.store, &optimizer, features)?;
                    }
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
                    if let Some(judgment) = divergence.record(outcome.loss, metric_label, *weight) {
                        ModelJudged { judgment }.emit();
                    }
                    weighted_label_sum += *weight * *label;
                    let shown = match &trainer {
                        Trainer::Now(learner) if margins => learner.margins()[0],
                        _ => outcome.prediction,
                    };
                    report(&mut predictions, &mut audit, shown, batch.tag_of(*tag))?;
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
    end_pass(&mut held_out);
    if let Some(out) = &mut predictions {
        out.flush().map_err(InputError::Read)?;
    }
    if let Some(audit) = &mut audit {
        audit.flush()?;
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
        holdout_loss: best_holdout,
        passes_used: pass,
        weighted_label_sum,
        weighted_examples: total.weight_sum + unlabeled_weight,
    };
    if let Some(table) = &table {
        if options.vw_summary {
            vw_summary(&summary, options.holdout.is_some());
        } else {
            table.finish(&summary);
        }
    }
    Ok(summary)
}

/// Predicts every example of the input with `model` (no learning), writing one line per
/// non-blank input line: the prediction (the margin with `margins`) and the example's tag
/// when it has one, or `NaN` for a bad line; and the examples' `audit`, when given. Returns
/// the progressive figures of the labeled examples and the number of bad lines.
pub(crate) fn predict(
    model: &mut Model,
    source: Source,
    format: LineFormat,
    margins: bool,
    out: &mut dyn Write,
    mut audit: Option<&mut Audit>,
) -> Result<(Progress, u64), TrainError> {
    let mut learner = model.learner()?;
    let loss = model.settings.loss;
    let optimizer = model.settings.optimizer;
    // VW's test examples (no label) are predicted too.
    let batches = spawn_reader(source, format, model.settings.featurizer()?, 1, audit.is_some(), true)?;
    let mut progress = Progress::new(loss.is_binary());
    let mut bad_lines = 0;
    for batch in batches {
        let batch = batch?;
        if let Some(audit) = &mut audit {
            audit.learn_names(&batch.names);
        }
        for item in &batch.items {
            if let (Some(audit), Item::Example { features, .. } | Item::Unlabeled { features, .. }) = (&mut audit, item)
            {
                audit.read(&mut model.store, &optimizer, batch.features_of(*features))?;
            }
            match item {
                Item::Example { label, weight, base, features, tag, .. } => {
                    learner.base = *base;
                    let outcome = learner.predict(&mut model.store, batch.features_of(*features), Some(*label))?;
                    progress.record(
                        outcome.loss,
                        loss.metric_label(*label),
                        outcome.prediction,
                        outcome.score,
                        *weight,
                    );
                    let shown = if margins { learner.margins()[0] } else { outcome.prediction };
                    write_prediction(out, shown, batch.tag_of(*tag))?;
                    if let Some(audit) = &mut audit {
                        audit.write(shown, batch.tag_of(*tag))?;
                    }
                }
                Item::Unlabeled { base, features, tag, .. } => {
                    learner.base = *base;
                    let outcome = learner.predict(&mut model.store, batch.features_of(*features), None)?;
                    let shown = if margins { learner.margins()[0] } else { outcome.prediction };
                    write_prediction(out, shown, batch.tag_of(*tag))?;
                    if let Some(audit) = &mut audit {
                        audit.write(shown, batch.tag_of(*tag))?;
                    }
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

/// Vowpal Wabbit's closing lines: with a holdout, the average loss is the best pass's loss
/// on the held-out examples, marked `h`.
pub(crate) fn vw_summary(summary: &TrainSummary, holdout: bool) {
    eprintln!();
    eprintln!("finished run");
    if summary.passes_used > 1 {
        eprintln!("number of examples per pass = {}", summary.examples / u64::from(summary.passes_used));
        eprintln!("passes used = {}", summary.passes_used);
    } else {
        eprintln!("number of examples = {}", summary.examples);
    }
    eprintln!("weighted example sum = {:.6}", summary.weighted_examples);
    eprintln!("weighted label sum = {:.6}", summary.weighted_label_sum);
    match (summary.holdout_loss, holdout) {
        (Some(loss), _) => eprintln!("average loss = {loss:.6} h"),
        (None, true) => eprintln!("average loss = undefined (no holdout)"),
        (None, false) => eprintln!("average loss = {:.6}", summary.progressive_loss),
    }
    eprintln!("total feature number = {}", summary.coordinates);
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
