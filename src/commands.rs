//! Carrying out each command: glue between the command line, files and the library.
//! Errors get their context here, at the edge.

use crate::cli::{Cli, Command, DemoArgs, ExportArgs, GenArgs, PredictArgs, TrainArgs};
use crate::gen::{generate, GenConfig};
use crate::input::Source;
use crate::learn::{Algorithm, Hyperparameters, Loss, Optimizer};
use crate::model::{Model, ModelSettings};
use crate::schema::featurize::Cross;
use crate::schema::Format;
use crate::train::{predict, train, TrainOptions};
use anyhow::{anyhow, Context, Result};
use serde::Serialize;
use std::io::{BufWriter, Write};
use std::sync::Arc;

pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Demo(args) => demo(&args),
        Command::Train(args) => train_command(&args),
        Command::Predict(args) => predict_command(&args),
        Command::Export(args) => export_command(&args),
        Command::Gen(args) => gen_command(&args),
    }
}

fn train_command(args: &TrainArgs) -> Result<()> {
    let (optimizer, loss, crosses) =
        args.learner.settings().map_err(|e| anyhow!(e)).context("invalid learner settings")?;
    let settings = ModelSettings::new(optimizer, loss, &crosses);
    let mut model = match &args.model {
        Some(dir) => Model::open_or_create(dir, settings, args.cache_size)
            .with_context(|| format!("opening model {}", dir.display()))?,
        None => Model::in_memory(settings),
    };
    let options = TrainOptions {
        source: Source::from_arg(&args.data),
        format: args.format,
        passes: args.passes.max(1),
        strict: args.strict,
        progress_table: !args.quiet,
    };
    let summary = train(&mut model, &options).with_context(|| format!("training on {}", args.data))?;
    if args.summary_json {
        println!("{}", serde_json::to_string(&summary)?);
    }
    Ok(())
}

fn predict_command(args: &PredictArgs) -> Result<()> {
    let mut model =
        Model::open(&args.model, args.cache_size).with_context(|| format!("opening model {}", args.model.display()))?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (progress, bad_lines) = predict(&mut model, Source::from_arg(&args.data), args.format, &mut out)
        .with_context(|| format!("predicting {}", args.data))?;
    out.flush()?;
    tracing::info!(examples = progress.count, bad_lines, mean_loss = progress.mean_loss(), auc = ?progress.auc(), "predicted");
    Ok(())
}

/// One exported coordinate.
#[derive(Serialize)]
struct ExportedWeight {
    coordinate: u64,
    weight: f64,
    updates: u64,
}

fn export_command(args: &ExportArgs) -> Result<()> {
    // The cache is irrelevant for a scan; keep it small.
    let mut model =
        Model::open(&args.model, 1024).with_context(|| format!("opening model {}", args.model.display()))?;
    let optimizer = model.settings.optimizer;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut write_error = None;
    model.store.for_each(|coordinate, state| {
        let weight = optimizer.weight(state);
        if (weight != 0.0 || args.all) && write_error.is_none() {
            let line = ExportedWeight { coordinate, weight, updates: state.updates };
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
    let crosses: Vec<Cross> =
        truth.crosses.iter().map(|c| c.parse()).collect::<Result<_, String>>().map_err(|e| anyhow!(e))?;
    eprintln!(
        "demo: {} generated click-log examples ({} fields, true crosses {}), FTRL-Proximal α=0.1 β=1, logistic loss",
        truth.examples,
        config.fields,
        truth.crosses.join(" ")
    );
    let optimizer = Optimizer { algorithm: Algorithm::FtrlProximal, hyperparameters: Hyperparameters::default() };
    let mut model = Model::in_memory(ModelSettings::new(optimizer, Loss::Logistic, &crosses));
    let options = TrainOptions {
        source: Source::Bytes(Arc::from(data)),
        format: Format::Vw,
        passes: 1,
        strict: true,
        progress_table: true,
    };
    let summary = train(&mut model, &options)?;
    eprintln!();
    eprintln!("progressive log loss {:.6}", summary.progressive_loss);
    eprintln!("Bayes-optimal floor  {:.6}  (the true model's expected loss)", truth.bayes_log_loss);
    eprintln!("base-rate predictor  {:.6}  (always predicting the mean label)", truth.base_rate_log_loss);
    Ok(())
}
