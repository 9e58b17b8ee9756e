//! The command line: what each command accepts. `commands` carries them out.

use crate::learn::expiry::Expiry;
use crate::learner_options::LearnerOptions;
use crate::model::ModelSettings;
use crate::schema::example::NamespaceFilter;
use crate::schema::Format;
use clap::{Args, Parser, Subcommand};
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

/// How the model learns: the settings stored with a model, and which features examples
/// keep.
#[derive(Debug, Clone, Args)]
pub struct LearnerArgs {
    #[command(flatten)]
    pub options: LearnerOptions,
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
        let namespaces = match (&self.ignore, &self.keep) {
            (Some(letters), _) => NamespaceFilter::Ignore(letters.clone()),
            (None, Some(letters)) => NamespaceFilter::Keep(letters.clone()),
            (None, None) => NamespaceFilter::All,
        };
        LearnerOptions { namespaces, no_bias: self.no_bias, ..self.options.clone() }
    }

    /// The validated model settings, or the first bad setting, by its flag, and why.
    pub fn settings(&self) -> Result<ModelSettings, String> {
        self.options().settings().map_err(|problems| match problems.first() {
            Some(first) => format!("{}: {}", first.flag(), first.reason),
            None => "invalid learner settings".into(),
        })
    }
}

/// A window for `--expire-after`: a number of examples, as expiry accepts it.
fn expiry_window(text: &str) -> Result<u64, String> {
    let after = text.parse::<u64>().map_err(|e| e.to_string())?;
    Expiry::check_after(after).map_err(|e| e.to_string())?;
    Ok(after)
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
    /// Worker configuration: the model settings come from its `[model]` table, as a worker
    /// with it learns (with --data or --from-topic; not with the learner flags).
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
    /// Print each example's prediction before it is learned, then its features named, with
    /// their coordinates, values and the weights it was predicted with (VW's `--audit`).
    #[arg(long, conflicts_with = "summary_json")]
    pub audit: bool,
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
    /// Print each example's prediction, then its features named, with their coordinates,
    /// values and weights (VW's `--audit`), instead of the predictions alone.
    #[arg(long)]
    pub audit: bool,
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
    /// Hot-coordinate exchange: each worker sends the other replicas its own unconfirmed
    /// steps of its K hottest coordinates directly, every --hot-every examples; a list runs
    /// each (0: off).
    #[arg(long, value_name = "K,...", value_delimiter = ',', num_args = 1.., default_value = "0")]
    pub hot_coordinates: Vec<usize>,
    /// Examples learned by the whole group between two hot exchanges; a list runs each.
    #[arg(long, value_name = "E,...", value_delimiter = ',', num_args = 1.., default_value = "1000")]
    pub hot_every: Vec<usize>,
    /// With hot exchange: a coordinate's own steps leave only once they number at least
    /// this many since its last piece (fewer stay for a later sending or come through the
    /// owners); a list runs each.
    #[arg(long, value_name = "M,...", value_delimiter = ',', num_args = 1.., default_value = "1")]
    pub hot_min_updates: Vec<u64>,
    /// With hot exchange: a piece leaves only when its steps moved the coordinate's weight,
    /// times the group's steps of it meanwhile (the sender's over its share of the
    /// examples), by at least this much (`worker.hot_min_impact`; 0: every piece); a list
    /// runs each.
    #[arg(long, value_name = "I,...", value_delimiter = ',', num_args = 1.., default_value = "0")]
    pub hot_min_impact: Vec<f64>,
    /// With hot exchange: examples learned by the group between a sending and its
    /// arrival at the other replicas (0: at once; the stream's is about a sending interval,
    /// the receiver taking pieces between chunks).
    #[arg(long, value_name = "D", default_value_t = 0)]
    pub hot_delay: usize,
    /// With hot exchange: a replica takes the pieces that have arrived only when it sends
    /// its own, as the stream's predict role does, instead of on arrival.
    #[arg(long)]
    pub hot_take_when_sending: bool,
    /// With hot exchange: a worker also sends as soon as the weight of its hottest
    /// coordinate (the bias; with --no-bias the feature most examples hold) moved since its
    /// last sending by more than D over the loss's largest curvature (a bound on the change
    /// of the gradient its examples see; 0: only every --hot-every).
    #[arg(long, value_name = "D", default_value_t = 0.0)]
    pub hot_drift: f64,
    /// With hot exchange: the workers send at phases spread over the interval (as a stream's
    /// workers would) instead of all at once.
    #[arg(long)]
    pub hot_staggered: bool,
    /// Turn the foreign share off: own steps count once.
    #[arg(long)]
    pub no_foreign_share: bool,
    /// Workers learning at once (0: each worker on its own core). Fewer: they take turns,
    /// as on a machine whose cores the workers (and the broker) share.
    #[arg(long, value_name = "C", default_value_t = 0)]
    pub cores: usize,
    /// With --cores: examples a running worker learns per turn (time slice × its rate).
    #[arg(long, value_name = "Q", default_value_t = 1_000, requires = "cores")]
    pub slice: usize,
    /// Worker 0 alone learns the empty model until the owners have confirmed this many of
    /// its examples; the others start then (`worker.warm_start_examples`, whose default is
    /// 20,000; here 0: all at once).
    #[arg(long, value_name = "X", default_value_t = 0)]
    pub warm_start: usize,
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
    use crate::learn::StepRule;
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
