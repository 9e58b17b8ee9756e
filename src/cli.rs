//! The command line: what each command accepts. `commands` carries them out.

use crate::learn::expiry::Expiry;
use crate::learn::loss::LossKind;
use crate::learn::{Algorithm, StepRule};
use crate::model::{LearnerOptions, ModelSettings};
use crate::schema::example::{Cross, NamespaceFilter};
use crate::schema::Format;
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "ftrl",
    version,
    about = "Online sparse linear models (FTRL-Proximal, RDA, AdaGrad) from files and event streams"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate a click log with a known model, train on it and print progressive loss.
    Demo(DemoArgs),
    /// Train a model on a file or standard input, printing progressive loss as it goes.
    Train(Box<TrainArgs>),
    /// Predict examples with a trained model, one prediction per line.
    Predict(PredictArgs),
    /// Print a model's weights as JSON lines.
    Export(ExportArgs),
    /// Write a synthetic click log whose true model (and Bayes-optimal loss) is known.
    Gen(GenArgs),
    /// Simulate N stream workers in one process (each with its own replica, owners applying
    /// their batches a round trip later) and print their loss beside the embedded trainer's.
    Simulate(Box<SimulateArgs>),
    /// Run a stream worker: learn from the examples topic with the consumer group.
    Worker(ConfigArg),
    /// Serve predictions over HTTP from the model's deltas topic (POST /predict, GET /model).
    Serve(ConfigArg),
    /// Send JSON-lines examples to the examples topic, encoded as the configuration says.
    Produce(ProduceArgs),
    /// Print the example configuration, or check a configuration file.
    #[command(subcommand)]
    Config(ConfigCommand),
    /// Manage a model's Kafka topics.
    #[command(subcommand)]
    Topics(TopicsCommand),
    /// Inspect the model a stream has learned.
    #[command(subcommand)]
    Model(ModelCommand),
    /// Copy the examples topic under a new prefix, so workers there rebuild the model from the start.
    Replay(ReplayArgs),
    /// Vowpal Wabbit's command line, unchanged, for the linear models this project learns
    /// (`ftrl vw -d train.vw -f model -q ab`); see docs/formats.md, "ftrl vw". Options
    /// not implemented are refused by name. VW's -b bounds nothing here: coordinates are
    /// 64-bit hashes, so -b is accepted and checked but changes no coordinate.
    #[command(disable_help_flag = true)]
    Vw(VwArgs),
}

#[derive(Debug, Args)]
pub struct VwArgs {
    /// VW's arguments, as `vw` takes them (`--help` lists what is implemented).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    pub args: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ConfigArg {
    /// Worker configuration file (TOML); FTRL_-prefixed environment variables override it.
    #[arg(long, value_name = "FILE")]
    pub config: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print a complete, commented configuration with every default.
    Example,
    /// Check a configuration file and name every bad setting.
    Validate(ConfigArg),
}

#[derive(Debug, Subcommand)]
pub enum TopicsCommand {
    /// Create the model's topics (deltas and changelog compacted, the others with a set
    /// retention, see docs/topics.md); existing ones are kept.
    Create(TopicsCreateArgs),
}

#[derive(Debug, Args)]
pub struct TopicsCreateArgs {
    #[command(flatten)]
    pub config: ConfigArg,
    /// Replication factor of the new topics; above 1, min.insync.replicas is a majority.
    #[arg(long, default_value_t = 1)]
    pub replication: i32,
}

#[derive(Debug, Subcommand)]
pub enum ModelCommand {
    /// Print the deltas topic as a model: JSON lines of coordinate, weight, updates, version.
    Dump(ConfigArg),
    /// Print the progressive validation of everything learned so far, from the progress
    /// topic (each example counted once), as JSON.
    Progress(ConfigArg),
}

#[derive(Debug, Args)]
pub struct ProduceArgs {
    #[command(flatten)]
    pub config: ConfigArg,
    /// JSON-lines examples (the `--format jsonl` shape), or raw JSON events with
    /// `example_format = "json-events"`: a file, or - for standard input.
    #[arg(long, value_name = "PATH|-")]
    pub data: String,
    /// Paced: encode every line first, then send this many examples per second, round-robin
    /// over the examples partitions, each line once unless --count or --seconds say how long
    /// (a load generator that costs the machine little). SIGTERM or SIGINT stop it after a flush.
    #[arg(long, value_name = "EXAMPLES_PER_SECOND", value_parser = positive_rate)]
    pub rate: Option<f64>,
    /// With --rate: send N examples, cycling through the input if it has fewer.
    #[arg(long, value_name = "N", requires = "rate", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// With --rate: stop after S seconds, cycling through the input as long as it takes
    /// (with --count too, whichever comes first).
    #[arg(long, value_name = "S", requires = "rate", value_parser = positive_seconds)]
    pub seconds: Option<f64>,
    /// Skip bad lines (not UTF-8, not an example of the model's format, larger than a record
    /// may be), each reported with its line number (the first ten) and counted. Without it
    /// the first bad line stops produce, naming the line and why (the lines before it are
    /// sent). Raw events are sent as they are: the stream makes a bad one a dead letter.
    #[arg(long)]
    pub skip_bad: bool,
}

/// A rate for `--rate`: a positive, finite number of examples per second.
fn positive_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if rate.is_finite() && rate > 0.0 => Ok(rate),
        _ => Err(format!("expected a positive number of examples per second, got {text:?}")),
    }
}

/// A duration for `--seconds`: positive and small enough to be a `Duration`.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && std::time::Duration::try_from_secs_f64(seconds).is_ok() => Ok(seconds),
        _ => Err(format!("expected a positive number of seconds, got {text:?}")),
    }
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub config: ConfigArg,
    /// The prefix to rebuild under; its topics are created with the same settings.
    #[arg(long, value_name = "PREFIX")]
    pub to_prefix: String,
}

/// How the model learns: the settings stored with a model.
#[derive(Debug, Clone, Args)]
pub struct LearnerArgs {
    /// Loss function.
    #[arg(long, value_enum, default_value_t = LearnerOptions::default().loss)]
    pub loss: LossKind,
    /// Number of classes (softmax only; labels are 1..=K).
    #[arg(long)]
    pub classes: Option<u32>,
    /// Per-coordinate update rule.
    #[arg(long, value_enum, default_value_t = LearnerOptions::default().algorithm)]
    pub algo: Algorithm,
    /// Learning-rate scale α (rate = α / (β + √Σg²)).
    #[arg(long, default_value_t = LearnerOptions::default().alpha)]
    pub alpha: f64,
    /// Learning-rate smoothing β.
    #[arg(long, default_value_t = LearnerOptions::default().beta)]
    pub beta: f64,
    /// L1 regularization λ1.
    #[arg(long, default_value_t = LearnerOptions::default().l1)]
    pub l1: f64,
    /// L2 regularization λ2.
    #[arg(long, default_value_t = LearnerOptions::default().l2)]
    pub l2: f64,
    /// Keep every weight in [-R, R].
    #[arg(long, value_name = "R")]
    pub bound: Option<f64>,
    /// Clip every per-coordinate gradient to [-C, C].
    #[arg(long, value_name = "C")]
    pub clip_gradient: Option<f64>,
    /// Cross two namespaces by their first letters, like Vowpal Wabbit's -q (repeatable).
    #[arg(long = "cross", value_name = "AB")]
    pub crosses: Vec<Cross>,
    /// How the loss becomes the step: the plain gradient, the implicit (proximal) step,
    /// aProx's truncated step, or Passive-Aggressive (hinge loss only). Each coordinate
    /// still moves at its own rate; the others never overshoot the label.
    #[arg(long = "update", value_name = "UPDATE", value_enum, default_value_t = LearnerOptions::default().step_rule)]
    pub step_rule: StepRule,
    /// Learn with one learner per α in this list and predict with their Hedge mixture,
    /// weighted by each one's progressive loss (replaces --alpha), e.g. 0.01,0.03,0.1,0.3,1,3.
    #[arg(long, value_name = "A1,A2,...", value_delimiter = ',', num_args = 1..)]
    pub hedge: Vec<f64>,
    /// Learn a coordinate only from its N-th occurrence on (counted exactly, in its state,
    /// as a stream's owners do), keeping rare features' weights at 0.
    #[arg(long, value_name = "N", conflicts_with = "inclusion_probability")]
    pub min_count: Option<u32>,
    /// Start learning a coordinate not yet admitted at each occurrence with probability P
    /// (McMahan et al.'s Poisson inclusion; the coin is a hash of the coordinate).
    #[arg(long, value_name = "P")]
    pub inclusion_probability: Option<f64>,
    /// With --algo gd: the power of the rates' decay (VW's --power_t).
    #[arg(long, default_value_t = LearnerOptions::default().power_t)]
    pub power_t: f64,
    /// With --algo gd: examples of norm 1 counted before the first (VW's --initial_t).
    #[arg(long, default_value_t = LearnerOptions::default().initial_t)]
    pub initial_t: f64,
    /// With --algo gd: no per-coordinate adaptive rates (VW's rule without --adaptive).
    #[arg(long)]
    pub no_adaptive: bool,
    /// With --algo gd: no normalization by each feature's largest magnitude.
    #[arg(long)]
    pub no_normalized: bool,
    /// With --algo gd: plain gradient steps instead of importance-invariant ones.
    #[arg(long)]
    pub no_invariant: bool,
    /// Clip predictions (margins of one-output losses) to at least this (VW's
    /// --min_prediction); alone, the most is 0 (50 for logistic).
    #[arg(long, value_name = "MIN", allow_negative_numbers = true)]
    pub min_prediction: Option<f64>,
    /// Clip predictions to at most this (VW's --max_prediction); alone, the least is 0
    /// (−50 for logistic).
    #[arg(long, value_name = "MAX", allow_negative_numbers = true)]
    pub max_prediction: Option<f64>,
    /// Clip predictions into the range of the labels seen so far, as Vowpal Wabbit does by
    /// default (without --min-prediction or --max-prediction).
    #[arg(long)]
    pub clip_to_labels: bool,
    /// Drop the features of namespaces starting with these letters (VW's --ignore).
    #[arg(long, value_name = "LETTERS", conflicts_with = "keep")]
    pub ignore: Option<String>,
    /// Keep only the features of namespaces starting with these letters (VW's --keep).
    #[arg(long, value_name = "LETTERS")]
    pub keep: Option<String>,
    /// No bias coordinate (VW's --noconstant).
    #[arg(long)]
    pub no_bias: bool,
}

impl LearnerArgs {
    /// The options as given, unchecked.
    pub fn options(&self) -> LearnerOptions {
        LearnerOptions {
            loss: self.loss,
            classes: self.classes,
            algorithm: self.algo,
            alpha: self.alpha,
            beta: self.beta,
            l1: self.l1,
            l2: self.l2,
            bound: self.bound,
            clip_gradient: self.clip_gradient,
            crosses: self.crosses.iter().map(Cross::to_string).collect(),
            step_rule: self.step_rule,
            hedge: self.hedge.clone(),
            min_count: self.min_count,
            inclusion_probability: self.inclusion_probability,
            power_t: self.power_t,
            initial_t: self.initial_t,
            adaptive: !self.no_adaptive,
            normalized: !self.no_normalized,
            invariant: !self.no_invariant,
            min_prediction: self.min_prediction,
            max_prediction: self.max_prediction,
            clip_to_labels: self.clip_to_labels,
            namespaces: match (&self.ignore, &self.keep) {
                (Some(letters), _) => NamespaceFilter::Ignore(letters.clone()),
                (None, Some(letters)) => NamespaceFilter::Keep(letters.clone()),
                (None, None) => NamespaceFilter::All,
            },
            no_bias: self.no_bias,
        }
    }

    /// The validated model settings, or the first bad setting, by its flag, and why.
    pub fn settings(&self) -> Result<ModelSettings, String> {
        self.options().settings().map_err(|problems| match problems.first() {
            Some(first) => format!("{}: {}", flag(&first.setting), first.reason),
            None => "invalid learner settings".into(),
        })
    }
}

/// The flag of a learning setting named by its configuration key (`clip_gradient`,
/// `crosses[1]`).
fn flag(setting: &str) -> String {
    match setting.split('[').next().unwrap_or(setting) {
        "algorithm" => "--algo".into(),
        "crosses" => "--cross".into(),
        "adaptive" | "normalized" | "invariant" => format!("--no-{setting}"),
        key => format!("--{}", key.replace('_', "-")),
    }
}

/// A window for `--expire-after`: a number of examples, as expiry accepts it.
fn expiry_window(text: &str) -> Result<u64, String> {
    let after = text.parse::<u64>().map_err(|e| e.to_string())?;
    Expiry::check_after(after)?;
    Ok(after)
}

// The learning enums live in `learn`, which knows nothing of the command line; their flag
// spellings are their serde names, and the help of each value is written here.

impl ValueEnum for LossKind {
    fn value_variants<'a>() -> &'a [Self] {
        &[LossKind::Logistic, LossKind::Squared, LossKind::Hinge, LossKind::Softmax]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            LossKind::Logistic => "logistic",
            LossKind::Squared => "squared",
            LossKind::Hinge => "hinge",
            LossKind::Softmax => "softmax",
        }))
    }
}

impl ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Self] {
        &[Algorithm::FtrlProximal, Algorithm::Rda, Algorithm::Adagrad, Algorithm::Gd]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Algorithm::FtrlProximal => PossibleValue::new("ftrl-proximal").help("FTRL-Proximal (McMahan et al. 2013)"),
            Algorithm::Rda => {
                PossibleValue::new("rda").help("ℓ1-RDA with AdaGrad rates (Xiao 2010, Duchi et al. 2011)")
            }
            Algorithm::Adagrad => PossibleValue::new("adagrad").help("Online gradient descent with AdaGrad rates"),
            Algorithm::Gd => PossibleValue::new("gd").help(
                "Vowpal Wabbit's default: adaptive, normalized, importance-invariant gradient descent (α is VW's -l)",
            ),
        })
    }
}

impl ValueEnum for StepRule {
    fn value_variants<'a>() -> &'a [Self] {
        &[StepRule::Gradient, StepRule::Implicit, StepRule::Aprox, StepRule::Pa]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            StepRule::Gradient => "The loss derivative at the predicted margin (plain online gradient / FTRL)",
            StepRule::Implicit => "The proximal (implicit) step of the loss itself",
            StepRule::Aprox => "aProx's truncated step: stop where the linearized loss reaches 0",
            StepRule::Pa => "Passive-Aggressive (PA-I); hinge loss only",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

#[derive(Debug, Args)]
pub struct TrainArgs {
    /// Examples to learn from: a file, or - for standard input.
    #[arg(long, value_name = "PATH|-", required_unless_present = "from_topic")]
    pub data: Option<String>,
    /// Read the examples topic named by --config (to its current end) instead of --data;
    /// the model settings then come from the configuration.
    #[arg(long, requires = "config", conflicts_with = "data")]
    pub from_topic: bool,
    /// Worker configuration (with --from-topic).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Input format.
    #[arg(long, value_enum, default_value = "vw")]
    pub format: Format,
    /// With --format json-events: the mapping file that makes each raw JSON event an
    /// example (the worker's model.example_mapping).
    #[arg(long, value_name = "FILE")]
    pub mapping: Option<PathBuf>,
    /// Passes over the data (a file only).
    #[arg(long, default_value_t = 1)]
    pub passes: u32,
    /// Model directory (RocksDB); created if new, trained further if it exists. Without it
    /// the model lives in memory and is discarded.
    #[arg(long, value_name = "DIR")]
    pub model: Option<PathBuf>,
    /// Most coordinate states kept in memory (about 64 bytes each); the rest stay on disk.
    #[arg(long, default_value_t = 4_000_000)]
    pub cache_size: usize,
    /// Stop with an error at the first bad line instead of counting and skipping it.
    #[arg(long)]
    pub strict: bool,
    /// Do not print the progress table.
    #[arg(long)]
    pub quiet: bool,
    /// Print a JSON summary as the last line of standard output.
    #[arg(long)]
    pub summary_json: bool,
    /// Store each feature's "namespace^name" with the model, so `ftrl export` can name
    /// coordinates (costs memory for the set of names already stored).
    #[arg(long, requires = "model")]
    pub save_names: bool,
    /// Apply each example's gradients only after N later examples were predicted, to
    /// measure what stale weights cost a stream (a simulation: not with --hedge).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub delay: usize,
    /// With --delay, slow each coordinate's rate by the gradients that landed while its
    /// own was in flight (AdaGrad with delays, McMahan & Streeter 2014).
    #[arg(long, requires = "delay")]
    pub delay_tolerant: bool,
    /// Expire coordinates not seen in the last N examples: their state is deleted (a
    /// coordinate seen again starts afresh). Not with --delay.
    #[arg(long, value_name = "N", value_parser = expiry_window)]
    pub expire_after: Option<u64>,
    /// Hold every N-th example of each pass out of learning and report the best pass's
    /// loss on them (VW's holdout, `holdout_loss` in the summary).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub holdout_period: Option<u64>,
    /// Hold out every example of a pass after the N-th instead (VW's --holdout_after).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub holdout_after: Option<u64>,
    /// With a holdout: stop after this many passes in a row without a better holdout loss.
    #[arg(long, value_name = "PASSES", default_value_t = 3)]
    pub early_terminate: u32,
    /// Write each example's prediction, made before learning from it, to this file (- for
    /// standard output), followed by its tag when it has one.
    #[arg(long, value_name = "PATH|-")]
    pub predictions: Option<String>,
    #[command(flatten)]
    pub learner: LearnerArgs,
}

#[derive(Debug, Args)]
pub struct PredictArgs {
    /// Model directory written by `ftrl train --model`.
    #[arg(long, value_name = "DIR")]
    pub model: PathBuf,
    /// Examples to predict: a file, or - for standard input.
    #[arg(long, value_name = "PATH|-")]
    pub data: String,
    /// Input format.
    #[arg(long, value_enum, default_value = "vw")]
    pub format: Format,
    /// With --format json-events: the mapping file.
    #[arg(long, value_name = "FILE")]
    pub mapping: Option<PathBuf>,
    /// Most coordinate states kept in memory.
    #[arg(long, default_value_t = 4_000_000)]
    pub cache_size: usize,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Model directory written by `ftrl train --model`.
    #[arg(long, value_name = "DIR")]
    pub model: PathBuf,
    /// Also print coordinates whose weight is zero.
    #[arg(long)]
    pub all: bool,
    /// Print every coordinate's stored state (`z`, `n`, `updates`) instead of its weight.
    /// Works for Hedge mixtures too, whose coordinates belong to members of different α.
    #[arg(long)]
    pub states: bool,
}

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Examples to learn from (a file).
    #[arg(long, value_name = "PATH")]
    pub data: String,
    /// Input format.
    #[arg(long, value_enum, default_value = "vw")]
    pub format: Format,
    /// Workers in the group; a list runs one simulation each (e.g. 1,2,4,8).
    #[arg(long, value_name = "N,...", value_delimiter = ',', num_args = 1.., default_value = "4")]
    pub workers: Vec<usize>,
    /// Examples a worker learns per batch (worker.batch_max_examples); a list runs each.
    #[arg(long, value_name = "B,...", value_delimiter = ',', num_args = 1.., default_value = "5000")]
    pub batch: Vec<usize>,
    /// Examples learned by the whole group between a batch's sealing and its owners
    /// applying it (the round trip, in examples: rate × seconds).
    #[arg(long, value_name = "D", default_value_t = 20_000)]
    pub round_trip: usize,
    /// Examples learned by the whole group between two owner transactions
    /// (worker.commit_interval_ms × rate).
    #[arg(long, value_name = "C", default_value_t = 5_000)]
    pub commit_every: usize,
    /// Gradients partitions, one owner each (model.partitions).
    #[arg(long, default_value_t = 8)]
    pub partitions: i32,
    /// Examples partitions, dealt round-robin to the workers (model.example_partitions);
    /// at least the largest worker count.
    #[arg(long, default_value_t = 32)]
    pub example_partitions: i32,
    /// Send each example's gradients (worker.coalesce = false) instead of each batch's
    /// summed changes.
    #[arg(long)]
    pub per_example: bool,
    /// With --per-example: examples per gradients record (an owner transaction may end
    /// between the records of one batch).
    #[arg(long, default_value_t = 1_000)]
    pub record_examples: usize,
    /// Most states in one packed deltas record (the owners split larger transactions).
    #[arg(long, default_value_t = 8192)]
    pub packed_coordinates: usize,
    /// Own examples unconfirmed past which a worker waits (worker.max_unconfirmed_examples).
    #[arg(long, default_value_t = 100_000)]
    pub max_unconfirmed: usize,
    /// Owners grow each rate by the gradient mass applied while a gradient was in flight
    /// (model.delay_tolerant).
    #[arg(long, requires = "per_example")]
    pub delay_tolerant: bool,
    /// After every catch-up, check each replica's every state against its view rebuilt
    /// from the owners' history (coalesced only; slow, for small files).
    #[arg(long, conflicts_with = "per_example")]
    pub check_views: bool,
    #[command(flatten)]
    pub learner: LearnerArgs,
}

#[derive(Debug, Args)]
pub struct GenArgs {
    /// Number of examples.
    #[arg(long, default_value_t = 100_000)]
    pub examples: u64,
    /// Categorical fields (namespaces a, b, c, …).
    #[arg(long, default_value_t = 20)]
    pub fields: usize,
    /// Extra fields whose values are unique per example (to grow huge models).
    #[arg(long, default_value_t = 0)]
    pub id_fields: usize,
    /// Field pairs with true cross effects.
    #[arg(long, default_value_t = 3)]
    pub crosses: usize,
    /// Largest number of distinct values of a field.
    #[arg(long, default_value_t = 100_000)]
    pub max_cardinality: u64,
    /// Zipf exponent of field values (larger is more skewed).
    #[arg(long, default_value_t = 1.1)]
    pub zipf_exponent: f64,
    /// Random seed; the same seed writes the same file.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "vw")]
    pub format: Format,
    /// Output file, or - for standard output.
    #[arg(long, value_name = "PATH|-", default_value = "-")]
    pub out: String,
}

#[derive(Debug, Args)]
pub struct DemoArgs {
    /// Number of generated examples.
    #[arg(long, default_value_t = 200_000)]
    pub examples: u64,
    /// Random seed of the generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::admission::Admission;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn learner_settings_are_validated() {
        let cli = Cli::try_parse_from(["ftrl", "train", "--data", "x", "--alpha=-1"]).unwrap();
        let Command::Train(args) = cli.command else { panic!("not train") };
        assert_eq!(args.learner.settings().unwrap_err(), "--alpha: must be a finite number > 0, got -1");
        let cli = Cli::try_parse_from(["ftrl", "train", "--data", "x", "--clip-gradient=0"]).unwrap();
        let Command::Train(args) = cli.command else { panic!("not train") };
        assert!(args.learner.settings().unwrap_err().starts_with("--clip-gradient: "));
        assert!(Cli::try_parse_from(["ftrl", "train", "--data", "x", "--expire-after", "0"]).is_err());
        assert!(Cli::try_parse_from(["ftrl", "train", "--data", "x", "--cross", "abc"]).is_err());
    }

    /// A value means the same on the command line as in a configuration file.
    #[test]
    fn flag_values_are_the_serde_names() {
        fn check<T: ValueEnum + serde::Serialize>() {
            for value in T::value_variants() {
                let name = value.to_possible_value().unwrap().get_name().to_owned();
                assert_eq!(serde_json::to_string(value).unwrap(), format!("\"{name}\""));
            }
        }
        check::<LossKind>();
        check::<Algorithm>();
        check::<StepRule>();
    }

    #[test]
    fn step_rule_and_hedge_reach_the_settings() {
        let cli = Cli::try_parse_from(["ftrl", "train", "--data", "x", "--update", "implicit", "--hedge", "0.1,1,3"])
            .unwrap();
        let Command::Train(args) = cli.command else { panic!("not train") };
        let settings = args.learner.settings().unwrap();
        assert_eq!(settings.step_rule, StepRule::Implicit);
        assert_eq!(settings.hedge, vec![0.1, 1.0, 3.0]);
        let cli = Cli::try_parse_from(["ftrl", "train", "--data", "x", "--min-count", "3"]).unwrap();
        let Command::Train(args) = cli.command else { panic!("not train") };
        assert_eq!(args.learner.settings().unwrap().admission, Admission::MinCount { count: 3 });
        let cli = Cli::try_parse_from(["ftrl", "train", "--data", "x", "--inclusion-probability", "2"]).unwrap();
        let Command::Train(args) = cli.command else { panic!("not train") };
        assert!(args.learner.settings().unwrap_err().contains("probability"));
        let cli = Cli::try_parse_from(["ftrl", "train", "--data", "x", "--update", "pa"]).unwrap();
        let Command::Train(args) = cli.command else { panic!("not train") };
        assert!(args.learner.settings().unwrap_err().contains("hinge"));
    }
}
