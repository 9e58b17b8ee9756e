//! Carrying out each command: glue between the command line, files and the library.
//! Errors get their context here, at the edge.

use crate::audit::Audit;
use crate::cli::{
    Cli, Command, ConfigArg, ConfigCommand, DemoArgs, ExportArgs, GenArgs, ModelCommand, PredictArgs, ProduceArgs,
    ReplayArgs, SimulateArgs, TopicsCommand, TrainArgs,
};
use crate::config::WorkerConfig;
use crate::gen::{generate, GenConfig};
use crate::input::Source;
use crate::learn::CoordState;
use crate::learner_options::LearnerOptions;
use crate::model::Model;
use crate::observe::{init_logging, progress_bar};
use crate::schema::example::LineFormat;
use crate::schema::mapping::Mapping;
use crate::schema::Format;
use crate::stream::admin;
use crate::stream::paced::{self, Pace};
use crate::train::{predict, train, train_batches, Holdout, Predictions, TrainOptions};
use anyhow::{anyhow, bail, Context, Result};
use serde::Serialize;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub fn run(cli: Cli) -> Result<()> {
    start_logging(&cli.command);
    match cli.command {
        Command::Demo(args) => demo(&args),
        Command::Train(args) => train_command(&args),
        Command::Predict(args) => predict_command(&args),
        Command::Export(args) => export_command(&args),
        Command::Gen(args) => gen_command(&args),
        Command::Simulate(args) => simulate_command(&args),
        Command::Worker(args) => worker_command(&args),
        Command::Serve(args) => serve_command(&args),
        Command::Produce(args) => produce_command(&args),
        Command::Config(ConfigCommand::Example) => print_stdout(crate::config::EXAMPLE_TOML),
        Command::Config(ConfigCommand::Validate(args)) => {
            load_config(&args)?;
            print_stdout(&format!("{}: valid\n", args.config.display()))
        }
        Command::Topics(TopicsCommand::Create(args)) => {
            let config = connected_config(&args.config)?;
            let mut text = String::new();
            for (topic, outcome) in admin::create_topics(&config, args.replication).context("creating topics")? {
                text += &format!("{topic}: {outcome}\n");
            }
            print_stdout(&text)
        }
        Command::Model(ModelCommand::Dump(args)) => model_dump(&args),
        Command::Model(ModelCommand::Progress(args)) => model_progress(&args),
        Command::Replay(args) => replay_command(&args),
        Command::Vw(args) => crate::vw_command::run(&crate::vw_command::parse(&args.args)?),
    }
}

/// Writes `text` to standard output. Unlike `print!`, which panics, a failed write is an
/// error, so that a reader that went away (`ftrl config example | head -1`) ends the command
/// quietly (`main` treats a broken pipe as the end of the output, as Unix tools do).
fn print_stdout(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).context("writing to standard output")
}

/// Starts logging as the command's configuration says (`[observability]`), or with the
/// defaults for commands without one or whose configuration does not load (the command then
/// reports why).
fn start_logging(command: &Command) {
    let path = match command {
        Command::Worker(args)
        | Command::Serve(args)
        | Command::Model(ModelCommand::Dump(args))
        | Command::Model(ModelCommand::Progress(args)) => Some(&args.config),
        Command::Config(ConfigCommand::Validate(args)) => Some(&args.config),
        Command::Topics(TopicsCommand::Create(args)) => Some(&args.config.config),
        Command::Replay(args) => Some(&args.config.config),
        Command::Produce(args) => Some(&args.config.config),
        Command::Train(args) => args.config.as_ref(),
        _ => None,
    };
    let observability =
        path.and_then(|path| crate::config::load(path).ok()).map(|config| config.observability).unwrap_or_default();
    init_logging(observability.log_format, &observability.log_level);
}

/// Loads and validates a worker configuration, naming every bad setting.
fn load_config(args: &ConfigArg) -> Result<WorkerConfig> {
    let config = crate::config::load(&args.config)
        .with_context(|| format!("reading configuration {}", args.config.display()))?;
    let problems = config.validate();
    if !problems.is_empty() {
        return Err(anyhow!("{} is invalid:\n  {}", args.config.display(), problems.join("\n  ")));
    }
    Ok(config)
}

/// [`load_config`] for the one-shot commands that talk to Kafka: a wrong address or an
/// unreachable cluster fails them within seconds, saying why, not after librdkafka's minute.
fn connected_config(args: &ConfigArg) -> Result<WorkerConfig> {
    let config = load_config(args)?;
    crate::stream::reach::check(&config, crate::stream::reach::TIMEOUT)?;
    Ok(config)
}

fn worker_command(args: &ConfigArg) -> Result<()> {
    let config = load_config(args)?;
    crate::observe::metrics().export_for(crate::observe::metrics::Exporter::Worker);
    until_signal(move |shutdown| crate::stream::run_worker(&config, shutdown).context("worker failed"))
}

fn serve_command(args: &ConfigArg) -> Result<()> {
    let config = load_config(args)?;
    crate::observe::metrics().export_for(crate::observe::metrics::Exporter::Serve);
    until_signal(move |shutdown| crate::serve::run(&config, shutdown).context("serving failed"))
}

/// How long the work may take to return once asked to stop. Its transaction in flight
/// takes a fraction of a second; what can take longer is closing Kafka clients that wait on
/// an unreachable broker (librdkafka's own timeouts run to a minute), and exactly once does
/// not depend on them closing (a kill is always safe), so the process then exits anyway.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Runs `work` on a thread of its own until it returns; SIGTERM or SIGINT set the flag it
/// is given, so that it finishes what is in flight and returns (within [`STOP_GRACE`], or
/// the process exits without it).
fn until_signal(work: impl FnOnce(Arc<AtomicBool>) -> Result<()> + Send + 'static) -> Result<()> {
    let shutdown = Arc::new(AtomicBool::new(false));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    // Signals are awaited on the runtime while the work runs on a thread of its own.
    let signal_flag = Arc::clone(&shutdown);
    runtime.spawn(async move {
        let mut terminate = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(signal) => signal,
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT: stopping after the work in flight"),
            _ = terminate.recv() => tracing::info!("SIGTERM: stopping after the work in flight"),
        }
        signal_flag.store(true, Ordering::Release);
        crate::stream::stop();
        tokio::time::sleep(STOP_GRACE).await;
        tracing::warn!(
            grace_s = STOP_GRACE.as_secs(),
            "still stopping after the grace period (a Kafka client waiting on an unreachable broker?); \
             exiting now: what committed is kept, and what did not is redone by the next start"
        );
        std::process::exit(0);
    });
    let flag = Arc::clone(&shutdown);
    let outcome = match runtime.block_on(async move { tokio::task::spawn_blocking(move || work(flag)).await }) {
        Ok(outcome) => outcome,
        Err(join) => Err(anyhow!("worker thread failed: {join}")),
    };
    tracing::debug!("work finished");
    outcome
}

fn produce_command(args: &ProduceArgs) -> Result<()> {
    let config = connected_config(&args.config)?;
    let input: Box<dyn std::io::BufRead> = if args.data == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(&args.data).with_context(|| format!("opening {}", args.data))?;
        Box::new(std::io::BufReader::new(file))
    };
    if let Some(rate) = args.rate {
        let seconds = args.seconds.map(std::time::Duration::from_secs_f64);
        return produce_paced(config, input, Pace { rate, count: args.count, seconds }, args.skip_bad);
    }
    let bar = progress_bar(true, None, "examples");
    let (sent, skipped) = admin::produce_examples(&config, input, &bar, args.skip_bad).context("producing examples")?;
    bar.finish_and_clear();
    eprintln!("sent {sent} examples to {} ({skipped} lines skipped)", config.topics().examples);
    Ok(())
}

/// `ftrl produce --rate`: encodes the whole input, says so (a benchmark waits for that line
/// before it counts on the load), then sends at the pace until done or stopped by a signal.
fn produce_paced(config: WorkerConfig, input: Box<dyn std::io::BufRead>, pace: Pace, skip_bad: bool) -> Result<()> {
    let examples = paced::encode_examples(&config, input, skip_bad).context("encoding examples")?;
    let topic = config.topics().examples;
    eprintln!("encoded {} examples ({} lines skipped)", examples.len(), examples.skipped);
    until_signal(move |stop| {
        let bar = progress_bar(true, None, "examples");
        let ready = |connecting: std::time::Duration| {
            eprintln!(
                "first example delivered after {:.3} s; sending {} examples/s to {topic}",
                connecting.as_secs_f64(),
                pace.rate
            )
        };
        let summary =
            paced::produce_paced(&config, &examples, pace, &stop, &bar, ready).context("producing examples")?;
        bar.finish_and_clear();
        eprintln!(
            "sent {} examples to {topic} in {:.2} s ({:.0} examples/s), all delivered {:.3} s later",
            summary.sent,
            summary.seconds,
            summary.rate(),
            summary.flush_seconds
        );
        Ok(())
    })
}

fn model_dump(args: &ConfigArg) -> Result<()> {
    let config = connected_config(args)?;
    let bar = progress_bar(true, None, "delta records");
    let model = admin::dump_model(&config, &bar).context("reading the deltas topic")?;
    bar.finish_and_clear();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for weight in &model {
        // Through io::Error, so that a closed pipe is recognised as one (see `main`).
        serde_json::to_writer(&mut out, weight).map_err(std::io::Error::from).context("writing the model")?;
        out.write_all(b"\n").context("writing the model")?;
    }
    out.flush().context("writing the model")?;
    tracing::info!(coordinates = model.len(), "model dumped");
    Ok(())
}

fn model_progress(args: &ConfigArg) -> Result<()> {
    let config = connected_config(args)?;
    let totals = admin::read_progress(&config).context("reading the progress topic")?;
    print_stdout(&format!("{}\n", serde_json::to_string(&totals)?))
}

fn replay_command(args: &ReplayArgs) -> Result<()> {
    let config = connected_config(&args.config)?;
    let mut target = config.clone();
    target.model.prefix = args.to_prefix.clone();
    let problems = target.validate();
    if !problems.is_empty() {
        return Err(anyhow!("--to-prefix {}: {}", args.to_prefix, problems.join("; ")));
    }
    for (topic, outcome) in admin::create_topics(&target, 1).context("creating the new prefix's topics")? {
        eprintln!("{topic}: {outcome}");
    }
    let bar = progress_bar(true, None, "examples");
    let replayed = admin::replay_examples(&config, &target, &bar).context("copying examples")?;
    bar.finish_and_clear();
    let earlier = match replayed.earlier {
        0 => String::new(),
        earlier => format!(" after the {earlier} that earlier replays copied"),
    };
    print_stdout(&format!(
        "copied {} examples to {}{earlier}; start workers with model.prefix = {:?} to rebuild (run it again to \
         copy what arrives meanwhile)\n",
        replayed.copied,
        target.topics().examples,
        args.to_prefix
    ))
}

fn train_command(args: &TrainArgs) -> Result<()> {
    // A file learned with a worker's configuration learns as that worker would: one home
    // for the model settings, whichever way the examples come.
    if args.config.is_some() && args.learner.options() != LearnerOptions::default() {
        bail!("--config sets the model from its [model] table: give the learner flags without it, or in it");
    }
    let (topic_config, file_config) = match (&args.config, args.from_topic) {
        (Some(path), true) => (Some(connected_config(&ConfigArg { config: path.clone() })?), None),
        (Some(path), false) => (None, Some(load_config(&ConfigArg { config: path.clone() })?)),
        (None, _) => (None, None),
    };
    let settings = match topic_config.as_ref().or(file_config.as_ref()) {
        Some(config) => config.settings().context("invalid model settings")?,
        None => args.learner.settings().map_err(|e| anyhow!(e)).context("invalid learner settings")?,
    };
    let mut model = match &args.model {
        Some(dir) => Model::open_or_create(dir, settings, args.cache_size)
            .with_context(|| format!("opening model {}", dir.display()))?,
        None => Model::in_memory(settings),
    };
    let data = args.data.clone().unwrap_or_else(|| "-".into());
    let mapping = load_mapping(args.mapping.as_deref())?;
    let options = TrainOptions {
        passes: args.passes.max(1),
        strict: args.strict,
        progress_table: !args.quiet,
        progress_bar: !args.quiet,
        save_names: args.save_names,
        delay: args.delay,
        delay_tolerant: args.delay_tolerant,
        expire_after: args.expire_after,
        holdout: match (args.holdout_period, args.holdout_after) {
            (None, None) => None,
            (period, after) => Some(Holdout {
                period: period.unwrap_or(10),
                after: after.unwrap_or(0),
                early_terminate: args.early_terminate,
            }),
        },
        predictions: args.predictions.clone().map(|path| Predictions { path, margins: false }),
        predict_unlabeled: false,
        vw_summary: false,
        audit: args.audit.then_some(false),
    };
    let summary = match &topic_config {
        Some(config) => {
            let batches = admin::spawn_topic_reader(config, model.settings.featurizer()?)?;
            train_batches(&mut model, batches, &options)
                .with_context(|| format!("training on {}", config.topics().examples))?
        }
        None => {
            let training = || format!("training on {data}");
            let format = LineFormat::new(args.format, mapping).with_context(training)?;
            train(&mut model, Source::from_arg(&data), format, &options).with_context(training)?
        }
    };
    if args.summary_json {
        print_stdout(&format!("{}\n", serde_json::to_string(&summary)?))?;
    }
    Ok(())
}

/// The mapping file of `--mapping`, read and checked.
fn load_mapping(path: Option<&std::path::Path>) -> Result<Option<Arc<Mapping>>> {
    path.map(|path| Mapping::load(path).map(Arc::new)).transpose().map_err(anyhow::Error::from)
}

fn predict_command(args: &PredictArgs) -> Result<()> {
    let mut model =
        Model::open(&args.model, args.cache_size).with_context(|| format!("opening model {}", args.model.display()))?;
    let mapping = load_mapping(args.mapping.as_deref())?;
    let predicting = || format!("predicting {}", args.data);
    let format = LineFormat::new(args.format, mapping).with_context(predicting)?;
    // The audit prints each prediction itself, before the example's features.
    let mut audit = args.audit.then(Audit::to_stdout);
    let mut out: Box<dyn Write> =
        if args.audit { Box::new(std::io::sink()) } else { Box::new(BufWriter::new(std::io::stdout().lock())) };
    let (progress, bad_lines) =
        predict(&mut model, Source::from_arg(&args.data), format, false, &mut out, audit.as_mut())
            .with_context(predicting)?;
    out.flush()?;
    if let Some(audit) = &mut audit {
        audit.flush()?;
    }
    tracing::info!(examples = progress.count, bad_lines, mean_loss = progress.mean_loss(), auc = ?progress.auc(), "predicted");
    Ok(())
}

/// One exported coordinate.
#[derive(Serialize)]
struct ExportedWeight {
    coordinate: u64,
    /// "namespace^name" when the model was trained with --save-names (crosses have none).
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    weight: f64,
    updates: u64,
}

fn export_command(args: &ExportArgs) -> Result<()> {
    // The cache is irrelevant for a scan; keep it small.
    let model = Model::open(&args.model, 1024).with_context(|| format!("opening model {}", args.model.display()))?;
    if args.states {
        return export_states(model);
    }
    if !model.settings.hedge.is_empty() {
        return Err(anyhow!(
            "{} is a Hedge mixture of {} learners whose weights are kept apart; export prints one \
             learner's weights and cannot yet choose among them (--states prints every state)",
            args.model.display(),
            model.settings.hedge.len()
        ));
    }
    let optimizer = model.settings.optimizer;
    export_lines(model, |coordinate, state, name| {
        let weight = optimizer.weight(state);
        (weight != 0.0 || args.all).then_some(ExportedWeight { coordinate, name, weight, updates: state.updates })
    })
}

/// Writes to stdout a JSON line for every stored coordinate that `line` makes one of.
fn export_lines<T: Serialize>(
    mut model: Model,
    mut line: impl FnMut(u64, &CoordState, Option<String>) -> Option<T>,
) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut write_error = None;
    model.store.for_each_named(|coordinate, state, name| {
        if write_error.is_some() {
            return;
        }
        if let Some(line) = line(coordinate, state, name) {
            if let Err(e) =
                serde_json::to_writer(&mut out, &line).map_err(std::io::Error::from).and_then(|_| out.write_all(b"\n"))
            {
                write_error = Some(e);
            }
        }
    })?;
    if let Some(e) = write_error {
        return Err(e).context("writing the export");
    }
    out.flush()?;
    Ok(())
}

/// One exported coordinate state (`export --states`).
#[derive(Serialize)]
struct ExportedState {
    coordinate: u64,
    z: f64,
    n: f64,
    updates: u64,
    /// When it was last seen, with expiry (examples, or event-time ms in a stream).
    #[serde(skip_serializing_if = "is_zero_u64")]
    seen: u64,
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

fn export_states(model: Model) -> Result<()> {
    export_lines(model, |coordinate, state, _| {
        Some(ExportedState { coordinate, z: state.z, n: state.n, updates: state.updates, seen: state.seen })
    })
}

fn gen_config(args: &GenArgs) -> GenConfig {
    GenConfig {
        examples: args.examples,
        fields: args.fields,
        id_fields: args.id_fields,
        crosses: args.crosses,
        max_cardinality: args.max_cardinality,
        zipf_exponent: args.zipf_exponent,
        seed: args.seed,
        format: args.format,
    }
}

/// Simulates each group asked for and prints its loss beside the embedded trainer's.
fn simulate_command(args: &SimulateArgs) -> Result<()> {
    use crate::simulate::{embedded, simulate, SimExample, SimulationOptions};
    let settings = args.learner.settings().map_err(|e| anyhow!(e)).context("invalid learner settings")?;
    let featurizer = settings.featurizer()?;
    let batches = crate::input::spawn_reader(
        Source::from_arg(&args.data),
        LineFormat::new(args.format, None)?,
        featurizer,
        1,
        false,
        false,
    )?;
    let mut examples = Vec::new();
    for batch in batches {
        let batch = batch.with_context(|| format!("reading {}", args.data))?;
        for item in &batch.items {
            if let crate::input::Item::Example { label, weight, features, .. } = item {
                let features = batch.features_of(*features).to_vec();
                examples.push(SimExample { features, label: *label, weight: *weight });
            }
        }
    }
    let baseline = embedded(&settings, &examples)?.mean_loss();
    let mut out = format!("examples {}  embedded loss {baseline:.6}\n", examples.len());
    out.push_str("workers  batch  hot K  every E  loss       − embedded  staleness mean  max      merged      deferred  hot taken   dropped  left  hot delay\n");
    print_stdout(&out)?;
    // K = 0 runs once whatever the intervals: no exchange.
    let mut hot = Vec::new();
    for &k in &args.hot_coordinates {
        for &every in &args.hot_every {
            if k > 0 || !hot.iter().any(|(h, _)| *h == 0) {
                hot.push((k, every));
            }
        }
    }
    for &batch in &args.batch {
        let exchanging = hot.iter().any(|(k, _)| *k > 0);
        let minimums = if exchanging { args.hot_min_updates.clone() } else { vec![1] };
        let impacts = if exchanging { args.hot_min_impact.clone() } else { vec![0.0] };
        let leaving: Vec<(u64, f64)> = minimums.iter().flat_map(|&m| impacts.iter().map(move |&i| (m, i))).collect();
        for (&(hot_coordinates, hot_every), &(hot_min_updates, hot_min_impact)) in
            hot.iter().flat_map(|h| leaving.iter().map(move |l| (h, l)))
        {
            for &workers in &args.workers {
                let options = SimulationOptions {
                    workers,
                    batch_examples: batch,
                    round_trip: args.round_trip,
                    commit_every: args.commit_every,
                    partitions: args.partitions,
                    example_partitions: args.example_partitions,
                    coalesce: !args.per_example,
                    record_examples: args.record_examples,
                    packed_coordinates: args.packed_coordinates,
                    max_unconfirmed: args.max_unconfirmed,
                    delay_tolerant: args.delay_tolerant,
                    check_views: args.check_views,
                    hot_coordinates,
                    hot_every,
                    hot_min_updates,
                    hot_min_impact,
                    hot_delay: args.hot_delay,
                    hot_take_when_sending: args.hot_take_when_sending,
                    hot_drift: args.hot_drift,
                    no_foreign_share: args.no_foreign_share,
                    cores: args.cores,
                    slice: args.slice,
                    hot_staggered: args.hot_staggered,
                    warm_start: args.warm_start,
                };
                let report = simulate(&settings, &examples, &options)?;
                let loss = report.progress.mean_loss();
                let curve: Vec<String> = report.curve.iter().map(|(n, l)| format!("{n}:{l:.4}")).collect();
                tracing::debug!(workers, batch, curve = %curve.join(" "), "progressive loss");
                let every = match (hot_coordinates, hot_min_updates) {
                    (0, _) => "-".to_string(),
                    (_, 1) => format!("{hot_every}"),
                    (_, m) => format!("{hot_every} ≥{m}"),
                };
                let every = match hot_min_impact {
                    impact if hot_coordinates > 0 && impact > 0.0 => format!("{every} i{impact}"),
                    _ => every,
                };
                print_stdout(&format!(
                    "{workers:>7}  {batch:>5}  {hot_coordinates:>5}  {every:>7}  {loss:.6}  {:>+10.5}  {:>14.0}  {:>7}  {:>10}  {:>8}  {:>9}  {:>8}  {:>4}  {:>9.0}\n",
                    loss - baseline,
                    report.staleness_mean,
                    report.staleness_max,
                    report.merged,
                    report.deferred,
                    report.hot_taken,
                    report.hot_dropped,
                    report.hot_left,
                    report.hot_delay_examples,
                ))?;
                if report.hot_superseded > 0 {
                    tracing::warn!(taken_back = report.hot_superseded, "hot pieces taken back");
                }
            }
        }
    }

    Ok(())
}

fn gen_command(args: &GenArgs) -> Result<()> {
    let config = gen_config(args);
    let summary = if args.out == "-" {
        let stdout = std::io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let summary = generate(&config, &mut out)?;
        out.flush()?;
        summary
    } else {
        let file = std::fs::File::create(&args.out).with_context(|| format!("creating {}", args.out))?;
        let mut out = BufWriter::new(file);
        let summary = generate(&config, &mut out).with_context(|| format!("writing {}", args.out))?;
        out.flush()?;
        summary
    };
    eprintln!(
        "generated {} examples: positive rate {:.4}, Bayes-optimal log loss {:.6}, base-rate log loss {:.6}; true crosses: {}",
        summary.examples,
        summary.positive_rate,
        summary.bayes_log_loss,
        summary.base_rate_log_loss,
        summary.crosses.join(" ")
    );
    eprintln!("{}", serde_json::to_string(&summary)?);
    Ok(())
}

fn demo(args: &DemoArgs) -> Result<()> {
    let config = GenConfig { examples: args.examples, seed: args.seed, format: Format::Vw, ..GenConfig::default() };
    let mut data = Vec::new();
    let truth = generate(&config, &mut data)?;
    let learner = LearnerOptions { crosses: truth.crosses.clone(), ..LearnerOptions::default() };
    eprintln!(
        "demo: {} generated click-log examples ({} fields, true crosses {}), FTRL-Proximal α={} β={}, logistic loss",
        truth.examples,
        config.fields,
        truth.crosses.join(" "),
        learner.alpha(),
        learner.beta
    );
    let settings = learner.settings().map_err(|problems| {
        anyhow!("demo settings: {}", problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
    })?;
    let mut model = Model::in_memory(settings);
    let options = TrainOptions { strict: true, progress_table: true, ..TrainOptions::default() };
    let summary = train(&mut model, Source::Bytes(Arc::from(data)), LineFormat::Vw, &options)?;
    eprintln!();
    eprintln!("progressive log loss {:.6}", summary.progressive_loss);
    eprintln!("Bayes-optimal floor  {:.6}  (the true model's expected loss)", truth.bayes_log_loss);
    eprintln!("base-rate predictor  {:.6}  (always predicting the mean label)", truth.base_rate_log_loss);
    Ok(())
}
