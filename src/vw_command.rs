//! `ftrl vw`: Vowpal Wabbit's own command line, for the linear models this project learns.
//! [`parse`] reads VW's arguments into this project's settings (or refuses an option by
//! name, with the reason); [`run`] trains or tests as `vw` would and ends with VW's summary
//! lines. Each option means what it means in VW 9, with VW's defaults: squared loss, VW's
//! default learner (`gd`: adaptive, normalized, invariant, `-l 0.5`), predictions clipped
//! into the range of the labels seen so far, and a holdout of every 10th example when
//! `--passes` is above 1. What differs is said in `HELP` and docs/formats.md.

use crate::audit::{vw_name, Audit};
use crate::input::Source;
use crate::learn::loss::LossKind;
use crate::learn::{Algorithm, CoordState};
use crate::learner_options::LearnerOptions;
use crate::model::Model;
use crate::schema::example::{LineFormat, NamespaceFilter};
use crate::train::{predict, train, Holdout, Predictions, TrainOptions};
use anyhow::{anyhow, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `ftrl vw --help` prints.
pub(crate) const HELP: &str = "\
ftrl vw: Vowpal Wabbit's command line for the linear models ftrl-stream learns.

Implemented, as in VW 9 (same names, values and defaults):
  -d, --data FILE            examples in VW's text format (or the first argument without a dash)
  -f, --final_regressor DIR  the model: a directory here (RocksDB), not a file
  -i, --initial_regressor DIR  start from this model (copied; it is not changed)
  -t, --testonly             predict only
  -p, --predictions FILE     each example's prediction (the clipped margin), then its tag
  -q, --quadratic AB         cross namespaces by first letter (repeatable); --interactions AB
  --ftrl, --ftrl_alpha A, --ftrl_beta B, --l1 L, --l2 L   FTRL-Proximal
  --sgd, --adaptive, --normalized, --invariant, -l RATE, --power_t P, --initial_t T
                             VW's default learner and its parts (the default without --ftrl)
  --loss_function squared|logistic|hinge
  --passes N, --holdout_off, --holdout_period N, --holdout_after N, --early_terminate N
  --min_prediction X, --max_prediction X   (default: the range of the labels seen so far)
  --ignore L, --keep L, --noconstant
  --readable_model FILE, --invert_hash FILE (named crosses)
  --link identity|logistic, --quiet
  --audit                    each example's prediction, then its features as
                             name:coordinate:value:weight[@G] (the coordinate is ours, see -b)
  --summary_json             (ftrl's own) a JSON summary as the last line of standard output
  -b, --bit_precision B      accepted and checked (1..=64), changes nothing: coordinates are
                             64-bit hashes, so VW's 2^B-weight table and its collisions do not exist
  -c, --cache, -k, --kill_cache, --cache_file F, --save_resume   accepted, no effect (no cache is
                             needed; a model always keeps its learner state)

Every other VW option is refused by name, with the reason.
";

/// Why a VW command line cannot run here.
#[derive(Debug, PartialEq, thiserror::Error)]
pub(crate) enum VwArgsError {
    #[error("{option}: {reason}")]
    Refused { option: String, reason: String },
    #[error("{option} needs a value")]
    MissingValue { option: String },
    #[error("{option}: {reason}, got {value:?}")]
    BadValue { option: String, value: String, reason: String },
}

/// A VW command line, read into this project's settings.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct VwCommand {
    pub help: bool,
    pub data: Option<String>,
    pub final_model: Option<PathBuf>,
    pub initial_model: Option<PathBuf>,
    pub test_only: bool,
    pub predictions: Option<String>,
    pub passes: u32,
    /// None: VW's holdout is off (one pass, or `--holdout_off`).
    pub holdout: Option<Holdout>,
    pub readable_model: Option<PathBuf>,
    pub invert_hash: Option<PathBuf>,
    pub quiet: bool,
    /// Print each example's prediction and features, named, with their weights (`--audit`).
    pub audit: bool,
    /// Print this project's JSON summary as the last line of standard output (ftrl's own
    /// `--summary_json`: the losses at full precision).
    pub summary_json: bool,
    /// Predictions through the logistic link (`--link logistic`).
    pub logistic_link: bool,
    pub bits: u32,
    /// The learning settings, in this project's terms.
    pub learner: LearnerOptions,
    /// Whether any learning setting was given (with `-i` they must be the model's).
    pub learner_given: bool,
}

/// Options VW has that are not implemented here, with the reason shown; any other unknown
/// option gets [`NOT_IMPLEMENTED`].
const REFUSED: &[(&str, &str)] = &[
    ("oaa", "multiclass reductions are not implemented (ftrl train --loss softmax learns K classes)"),
    ("ect", "multiclass reductions are not implemented"),
    ("csoaa", "cost-sensitive reductions are not implemented"),
    ("bfgs", "batch L-BFGS is not implemented: models here learn online"),
    ("conjugate_gradient", "batch optimization is not implemented: models here learn online"),
    ("nn", "neural network reductions are not implemented: models here are linear"),
    ("lrq", "low-rank quadratics are not implemented: models here are linear (use -q)"),
    ("lrqfa", "low-rank quadratics are not implemented: models here are linear (use -q)"),
    ("cubic", "crosses of three namespaces are not implemented (pairs only: -q)"),
    ("ngram", "n-grams are not implemented"),
    ("skips", "n-grams are not implemented"),
    ("permutations", "crosses take each unordered pair once, as VW without --permutations"),
    ("bootstrap", "bootstrap reductions are not implemented"),
    ("random_seed", "nothing here is random"),
    ("initial_weight", "weights start at 0"),
    ("random_weights", "weights start at 0"),
    ("hash", "features are hashed one way (see docs/formats.md)"),
    ("hash_seed", "features are hashed one way (see docs/formats.md)"),
    ("feature_mask", "feature masks are not implemented"),
    ("redefine", "namespace redefinition is not implemented"),
    ("decay_learning_rate", "per-pass rate decay is not implemented"),
    ("adax", "adax is not implemented"),
    ("sparse_l2", "sparse L2 is not implemented (--ftrl --l2)"),
    ("pistol", "only --ftrl of VW's FTRL variants is implemented"),
    ("coin", "only --ftrl of VW's FTRL variants is implemented"),
    ("freegrad", "only --ftrl of VW's FTRL variants is implemented"),
    ("daemon", "serving is `ftrl serve` (HTTP), not VW's daemon"),
    ("cb", "contextual bandits are not implemented"),
    ("cb_explore", "contextual bandits are not implemented"),
    ("cb_explore_adf", "contextual bandits are not implemented"),
    ("cb_adf", "contextual bandits are not implemented"),
    ("active", "active learning is not implemented"),
    ("autolink", "autolink is not implemented"),
    ("examples", "every example of the file is read"),
    ("progress", "the progress table doubles its interval, as VW's default"),
    ("P", "the progress table doubles its interval, as VW's default"),
    ("predict_only_model", "a model always keeps its learner state"),
    ("audit_regressor", "not implemented: --invert_hash names the weights"),
    ("classweight", "class weights are not implemented (use importance weights)"),
    ("dictionary", "dictionaries are not implemented"),
    ("affix", "affixes are not implemented"),
    ("spelling", "spelling features are not implemented"),
    ("sort_features", "features keep their order"),
    ("leave_duplicate_interactions", "each -q is applied as given"),
    ("named_labels", "labels are numbers"),
    ("binary", "--binary is not implemented: use --loss_function logistic"),
    ("quantile_tau", "quantile loss is not implemented"),
];

const NOT_IMPLEMENTED: &str = "not implemented by ftrl vw (ftrl vw --help lists what is)";

/// Long names of VW's short options.
fn long_name(short: char) -> Option<&'static str> {
    Some(match short {
        'd' => "data",
        'f' => "final_regressor",
        'i' => "initial_regressor",
        't' => "testonly",
        'p' => "predictions",
        'q' => "quadratic",
        'b' => "bit_precision",
        'l' => "learning_rate",
        'c' => "cache",
        'k' => "kill_cache",
        'h' => "help",
        _ => return None,
    })
}

/// Options that take no value.
const FLAGS: &[&str] = &[
    "testonly",
    "ftrl",
    "holdout_off",
    "noconstant",
    "quiet",
    "cache",
    "kill_cache",
    "sgd",
    "adaptive",
    "normalized",
    "invariant",
    "save_resume",
    "help",
    "summary_json",
    "audit",
];

/// Options that take a value.
const VALUED: &[&str] = &[
    "data",
    "final_regressor",
    "initial_regressor",
    "predictions",
    "quadratic",
    "interactions",
    "ftrl_alpha",
    "ftrl_beta",
    "l1",
    "l2",
    "loss_function",
    "passes",
    "holdout_period",
    "holdout_after",
    "early_terminate",
    "bit_precision",
    "readable_model",
    "invert_hash",
    "ignore",
    "keep",
    "min_prediction",
    "max_prediction",
    "learning_rate",
    "power_t",
    "initial_t",
    "cache_file",
    "link",
];

/// Reads VW's arguments. The first option that is not implemented is refused by name.
pub(crate) fn parse(args: &[String]) -> Result<VwCommand, VwArgsError> {
    let mut given: Vec<(String, String, Option<String>)> = Vec::new(); // (shown, name, value)
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (shown, name, inline) = if let Some(long) = arg.strip_prefix("--") {
            match long.split_once('=') {
                Some((name, value)) => (format!("--{name}"), name.to_string(), Some(value.to_string())),
                None => (arg.clone(), long.to_string(), None),
            }
        } else if let Some(short) = arg.strip_prefix('-').filter(|s| !s.is_empty()) {
            let letter = short.chars().next().unwrap_or('-');
            let attached = &short[letter.len_utf8()..];
            let shown = format!("-{letter}");
            match long_name(letter) {
                Some(name) => (shown, name.to_string(), (!attached.is_empty()).then(|| attached.to_string())),
                None => (shown.clone(), short.to_string(), None),
            }
        } else {
            // VW reads an argument without a dash as the data file.
            given.push(("-d".into(), "data".into(), Some(arg.clone())));
            continue;
        };
        if FLAGS.contains(&name.as_str()) {
            if inline.is_some() && name != "help" {
                return Err(VwArgsError::BadValue {
                    option: shown,
                    value: inline.unwrap_or_default(),
                    reason: "takes no value".into(),
                });
            }
            given.push((shown, name, None));
        } else if VALUED.contains(&name.as_str()) {
            let value = match inline {
                Some(value) => value,
                None => rest.next().cloned().ok_or(VwArgsError::MissingValue { option: shown.clone() })?,
            };
            given.push((shown, name, Some(value)));
        } else {
            let reason = REFUSED.iter().find(|(option, _)| *option == name).map_or(NOT_IMPLEMENTED, |(_, r)| r);
            return Err(VwArgsError::Refused { option: shown, reason: reason.into() });
        }
    }
    build(given)
}

/// The command the options describe, with VW's defaults.
fn build(given: Vec<(String, String, Option<String>)>) -> Result<VwCommand, VwArgsError> {
    let has = |name: &str| given.iter().any(|(_, n, _)| n == name);
    let mut command = VwCommand {
        help: has("help"),
        data: None,
        final_model: None,
        initial_model: None,
        test_only: has("testonly"),
        predictions: None,
        passes: 1,
        holdout: None,
        readable_model: None,
        invert_hash: None,
        quiet: has("quiet"),
        audit: has("audit"),
        summary_json: has("summary_json"),
        logistic_link: false,
        bits: 18,
        learner: LearnerOptions {
            loss: LossKind::Squared,
            clip_to_labels: true,
            algorithm: if has("ftrl") { Algorithm::FtrlProximal } else { Algorithm::Gd },
            ..LearnerOptions::default()
        },
        learner_given: false,
    };
    let ftrl = has("ftrl");
    // VW's FTRL defaults, and its default learner's.
    if ftrl {
        command.learner.alpha = Some(0.005);
        command.learner.beta = 0.1;
    } else {
        command.learner.alpha = Some(0.5);
        let parts = ["sgd", "adaptive", "normalized", "invariant"];
        if parts.iter().any(|p| has(p)) {
            // Naming any part turns on only the parts named (`--sgd` none of them).
            command.learner.adaptive = has("adaptive");
            command.learner.normalized = has("normalized");
            command.learner.invariant = has("invariant");
            if !(command.learner.adaptive && command.learner.normalized) {
                command.learner.alpha = Some(10.0);
            }
            if !command.learner.adaptive && !command.learner.normalized {
                command.learner.initial_t = 1.0;
            }
        }
    }
    let (mut holdout_off, mut period, mut after, mut early) = (false, 10u64, 0u64, 3u32);
    let mut ignore = String::new();
    let mut keep = String::new();
    for (shown, name, value) in &given {
        let value = value.clone().unwrap_or_default();
        let number = |value: &str| -> Result<f64, VwArgsError> {
            value.trim().parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| VwArgsError::BadValue {
                option: shown.clone(),
                value: value.to_string(),
                reason: "expected a number".into(),
            })
        };
        let count = |value: &str| -> Result<u64, VwArgsError> {
            value.trim().parse::<u64>().map_err(|_| VwArgsError::BadValue {
                option: shown.clone(),
                value: value.to_string(),
                reason: "expected a whole number".into(),
            })
        };
        let learner = &mut command.learner;
        match name.as_str() {
            "data" => command.data = Some(value),
            "final_regressor" => command.final_model = Some(PathBuf::from(value)),
            "initial_regressor" => command.initial_model = Some(PathBuf::from(value)),
            "predictions" => command.predictions = Some(value),
            "quadratic" | "interactions" => {
                if value.chars().count() != 2 || value.contains(':') {
                    return Err(VwArgsError::Refused {
                        option: format!("{shown} {value}"),
                        reason: "only crosses of two namespaces named by their first letters are implemented".into(),
                    });
                }
                learner.crosses.push(value);
            }
            "ftrl_alpha" => learner.alpha = Some(number(&value)?),
            "ftrl_beta" => learner.beta = number(&value)?,
            "l1" => learner.l1 = number(&value)?,
            "l2" => learner.l2 = number(&value)?,
            "learning_rate" => learner.alpha = Some(number(&value)?),
            "power_t" => learner.power_t = number(&value)?,
            "initial_t" => learner.initial_t = number(&value)?,
            "min_prediction" => learner.min_prediction = Some(number(&value)?),
            "max_prediction" => learner.max_prediction = Some(number(&value)?),
            "loss_function" => {
                learner.loss = match value.as_str() {
                    "squared" => LossKind::Squared,
                    "logistic" => LossKind::Logistic,
                    "hinge" => LossKind::Hinge,
                    other => {
                        return Err(VwArgsError::Refused {
                            option: format!("--loss_function {other}"),
                            reason: "only squared, logistic and hinge loss are implemented".into(),
                        })
                    }
                }
            }
            "passes" => {
                command.passes =
                    u32::try_from(count(&value)?).ok().filter(|p| *p >= 1).ok_or_else(|| VwArgsError::BadValue {
                        option: shown.clone(),
                        value: value.clone(),
                        reason: "expected 1 or more".into(),
                    })?
            }
            "holdout_off" => holdout_off = true,
            "holdout_period" => {
                period = count(&value)?.max(1);
            }
            "holdout_after" => after = count(&value)?,
            "early_terminate" => early = u32::try_from(count(&value)?).unwrap_or(u32::MAX),
            "bit_precision" => {
                command.bits = u32::try_from(count(&value)?).ok().filter(|b| (1..=64).contains(b)).ok_or_else(|| {
                    VwArgsError::BadValue {
                        option: shown.clone(),
                        value: value.clone(),
                        reason: "expected 1..=64".into(),
                    }
                })?
            }
            "readable_model" => command.readable_model = Some(PathBuf::from(value)),
            "invert_hash" => command.invert_hash = Some(PathBuf::from(value)),
            "ignore" => ignore.push_str(&value),
            "keep" => keep.push_str(&value),
            "noconstant" => learner.no_bias = true,
            "link" => match value.as_str() {
                "identity" => command.logistic_link = false,
                "logistic" => command.logistic_link = true,
                other => {
                    return Err(VwArgsError::Refused {
                        option: format!("--link {other}"),
                        reason: "only the identity and logistic links are implemented".into(),
                    })
                }
            },
            _ => {}
        }
    }
    if !ignore.is_empty() && !keep.is_empty() {
        return Err(VwArgsError::Refused { option: "--keep".into(), reason: "not with --ignore".into() });
    }
    command.learner.namespaces = if !ignore.is_empty() {
        NamespaceFilter::Ignore(ignore)
    } else if !keep.is_empty() {
        NamespaceFilter::Keep(keep)
    } else {
        NamespaceFilter::All
    };
    let learning = [
        "quadratic",
        "interactions",
        "ftrl",
        "ftrl_alpha",
        "ftrl_beta",
        "l1",
        "l2",
        "learning_rate",
        "power_t",
        "initial_t",
        "min_prediction",
        "max_prediction",
        "loss_function",
        "ignore",
        "keep",
        "noconstant",
        "sgd",
        "adaptive",
        "normalized",
        "invariant",
    ];
    command.learner_given = learning.iter().any(|l| has(l));
    // VW holds out with several passes (or --holdout_after) unless told not to.
    if !holdout_off && !command.test_only && (command.passes > 1 || after > 0) {
        command.holdout = Some(Holdout { period, after, early_terminate: early });
    }
    Ok(command)
}

/// VW's option for a setting this project names by its key (`alpha` is `-l` or
/// `--ftrl_alpha`).
fn vw_option(setting: &str, ftrl: bool) -> String {
    match setting {
        "alpha" if ftrl => "--ftrl_alpha".into(),
        "alpha" => "-l".into(),
        "beta" => "--ftrl_beta".into(),
        "loss" => "--loss_function".into(),
        "crosses" => "-q".into(),
        key => format!("--{key}"),
    }
}

/// Runs a VW command line: trains (or with `-t` only predicts) and prints VW's summary.
pub(crate) fn run(command: &VwCommand) -> Result<()> {
    if command.help {
        print!("{HELP}");
        return Ok(());
    }
    let ftrl = command.learner.algorithm == Algorithm::FtrlProximal;
    let settings = command.learner.settings().map_err(|problems| match problems.first() {
        Some(first) => anyhow!("{}: {}", vw_option(first.setting, ftrl), first.reason),
        None => anyhow!("invalid learner settings"),
    })?;
    let data = command.data.clone().unwrap_or_else(|| "-".into());
    let source = Source::from_arg(&data);
    let margins = !command.logistic_link;
    if !command.quiet {
        if let Some(path) = &command.final_model {
            eprintln!("final_regressor = {}", path.display());
        }
        eprintln!("Num weight bits = {} (no effect: coordinates are 64-bit hashes)", command.bits);
        eprintln!("Reading datafile = {}", if data == "-" { "stdin" } else { &data });
    }

    if command.test_only {
        let mut model = match &command.initial_model {
            Some(path) => Model::open(path, 4_000_000).with_context(|| format!("opening model {}", path.display()))?,
            None => Model::in_memory(settings),
        };
        let mut sink: Box<dyn Write> = match &command.predictions {
            Some(path) => Predictions { path: path.clone(), margins }.open()?,
            None => Box::new(std::io::sink()),
        };
        let mut audit = command.audit.then(Audit::to_stdout);
        let (progress, bad_lines) = predict(&mut model, source, LineFormat::Vw, margins, &mut sink, audit.as_mut())
            .with_context(|| format!("testing on {data}"))?;
        sink.flush()?;
        if let Some(audit) = &mut audit {
            audit.flush()?;
        }
        if !command.quiet {
            eprintln!();
            eprintln!("finished run");
            eprintln!("number of examples = {}", progress.count);
            eprintln!("bad lines = {bad_lines}");
            eprintln!("weighted example sum = {:.6}", progress.weight_sum);
            eprintln!("average loss = {:.6}", progress.mean_loss());
        }
        if command.summary_json {
            let summary = serde_json::json!({
                "examples": progress.count,
                "bad_lines": bad_lines,
                "progressive_loss": progress.mean_loss(),
            });
            println!("{summary}");
        }
        return Ok(());
    }

    // Where the model is trained: the -f directory, a copy of -i, a scratch directory when
    // names are wanted, or memory.
    let scratch = (command.final_model.is_none() && (command.initial_model.is_some() || command.invert_hash.is_some()))
        .then(|| std::env::temp_dir().join(format!("ftrl-vw-{}", std::process::id())));
    let directory = command.final_model.clone().or_else(|| scratch.clone());
    if let Some(dir) = &directory {
        clear_model_directory(dir)?;
        if let Some(initial) = &command.initial_model {
            copy_directory(initial, dir).with_context(|| format!("copying model {}", initial.display()))?;
        }
    }
    let result = train_in(command, settings, directory.as_deref(), source, margins, &data);
    if let Some(dir) = &scratch {
        let _ = std::fs::remove_dir_all(dir);
    }
    result
}

fn train_in(
    command: &VwCommand,
    settings: crate::model::ModelSettings,
    directory: Option<&Path>,
    source: Source,
    margins: bool,
    data: &str,
) -> Result<()> {
    let mut model = match directory {
        Some(dir) if command.initial_model.is_some() && !command.learner_given => {
            Model::open(dir, 4_000_000).with_context(|| format!("opening model {}", dir.display()))?
        }
        Some(dir) => Model::open_or_create(dir, settings, 4_000_000)
            .with_context(|| format!("opening model {}", dir.display()))?,
        None => Model::in_memory(settings),
    };
    let options = TrainOptions {
        passes: command.passes,
        progress_table: !command.quiet,
        save_names: command.invert_hash.is_some(),
        holdout: command.holdout,
        predictions: command.predictions.clone().map(|path| Predictions { path, margins }),
        predict_unlabeled: true,
        vw_summary: true,
        audit: command.audit.then_some(margins),
        ..TrainOptions::default()
    };
    let summary = train(&mut model, source, LineFormat::Vw, &options).with_context(|| format!("training on {data}"))?;
    if command.summary_json {
        println!("{}", serde_json::to_string(&summary)?);
    }
    if let Some(path) = &command.readable_model {
        write_weights(&mut model, path, false)?;
    }
    if let Some(path) = &command.invert_hash {
        write_weights(&mut model, path, true)?;
    }
    Ok(())
}

/// Writes the nonzero weights as VW's readable model does (`coordinate:weight`), or with
/// `names` as its --invert_hash does (`name:coordinate:weight`, VW's names: crosses
/// `a^x*b^y`, the bias `Constant`).
fn write_weights(model: &mut Model, path: &Path, names: bool) -> Result<()> {
    let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut out = std::io::BufWriter::new(file);
    write_weights_to(model, &mut out, names)?;
    out.flush().with_context(|| format!("writing {}", path.display()))
}

fn write_weights_to(model: &mut Model, out: &mut dyn Write, names: bool) -> Result<()> {
    let optimizer = model.settings.optimizer;
    let mut rows: Vec<(u64, f64, Option<String>)> = Vec::new();
    model.store.for_each_named(|coordinate, state: &CoordState, name| {
        let weight = optimizer.weight(state);
        if weight != 0.0 {
            rows.push((coordinate, weight, name));
        }
    })?;
    rows.sort_by_key(|(coordinate, _, _)| *coordinate);
    writeln!(out, "Version ftrl-stream {}", env!("CARGO_PKG_VERSION"))?;
    writeln!(out, "Settings {}", serde_json::to_string(&model.settings)?)?;
    writeln!(out, ":0")?;
    for (coordinate, weight, name) in rows {
        match (names, name) {
            (true, Some(name)) => writeln!(out, "{}:{coordinate}:{weight}", vw_name(coordinate, &name))?,
            _ => writeln!(out, "{coordinate}:{weight}")?,
        }
    }
    Ok(())
}

/// Makes `dir` ready for a new model: an existing model directory (or an empty one) is
/// replaced, as VW's -f replaces its file; anything else is left alone and refused.
fn clear_model_directory(dir: &Path) -> Result<()> {
    if !dir.exists() {
        return Ok(());
    }
    let is_model = dir.join("CURRENT").exists();
    let is_empty = dir.read_dir().map(|mut d| d.next().is_none()).unwrap_or(false);
    if dir.is_dir() && (is_model || is_empty) {
        std::fs::remove_dir_all(dir).with_context(|| format!("replacing model {}", dir.display()))?;
        return Ok(());
    }
    Err(anyhow!("{} exists and is not a model directory; -f names a directory here", dir.display()))
}

fn copy_directory(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_directory(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn vw_defaults_are_its_default_learner_on_squared_loss_clipped_to_the_labels() {
        let command = parse(&args("-d train.vw")).unwrap();
        assert_eq!(command.data.as_deref(), Some("train.vw"));
        let l = &command.learner;
        assert_eq!(
            (l.algorithm, l.loss, l.alpha, l.clip_to_labels),
            (Algorithm::Gd, LossKind::Squared, Some(0.5), true)
        );
        assert!(l.adaptive && l.normalized && l.invariant);
        assert_eq!(command.holdout, None, "one pass: no holdout");
    }

    #[test]
    fn options_read_as_vw_reads_them() {
        let command =
            parse(&args("train.vw -q ab --quadratic=cd -b24 --ftrl --ftrl_alpha 0.1 --l1=2 --passes 3 -c -k --audit"))
                .unwrap();
        assert!(command.audit);
        let l = &command.learner;
        assert_eq!(l.crosses, ["ab", "cd"]);
        assert_eq!((l.algorithm, l.alpha, l.beta, l.l1), (Algorithm::FtrlProximal, Some(0.1), 0.1, 2.0));
        assert_eq!(command.bits, 24);
        assert_eq!(command.holdout, Some(Holdout { period: 10, after: 0, early_terminate: 3 }));
        let sgd = parse(&args("--sgd")).unwrap().learner;
        assert!(!sgd.adaptive && !sgd.normalized && !sgd.invariant);
        assert_eq!((sgd.alpha, sgd.initial_t), (Some(10.0), 1.0));
        let adaptive = parse(&args("--adaptive --invariant -l 2")).unwrap().learner;
        assert!(adaptive.adaptive && !adaptive.normalized && adaptive.invariant);
        assert_eq!(adaptive.alpha, Some(2.0));
        assert_eq!(parse(&args("--passes 2 --holdout_off")).unwrap().holdout, None);
    }

    #[test]
    fn options_not_implemented_are_refused_by_name() {
        for (line, option) in [
            ("-d x --bootstrap 4", "--bootstrap"),
            ("--oaa 3", "--oaa"),
            ("--nn 1", "--nn"),
            ("--ngram 3", "--ngram"),
            ("--some_future_option", "--some_future_option"),
            ("-P 10", "-P"),
            ("--loss_function quantile", "--loss_function quantile"),
            ("--interactions abc", "--interactions abc"),
        ] {
            let err = parse(&args(line)).unwrap_err();
            let VwArgsError::Refused { option: named, reason } = &err else { panic!("{line}: {err:?}") };
            assert_eq!(named, option, "{line}");
            assert!(!reason.is_empty());
            assert!(err.to_string().starts_with(option), "{err}");
        }
        assert_eq!(parse(&args("-d")).unwrap_err(), VwArgsError::MissingValue { option: "-d".into() });
    }

    #[test]
    fn bad_settings_name_vws_option() {
        let command = parse(&args("-l 0")).unwrap();
        let err = run(&command).unwrap_err().to_string();
        assert!(err.starts_with("-l: "), "{err}");
        let command = parse(&args("--l1 0.5")).unwrap();
        assert!(run(&command).unwrap_err().to_string().starts_with("--l1: "));
    }
}
