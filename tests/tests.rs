//! End-to-end tests of the `ftrl` binary: generate, train, predict, export, on every input
//! format, with bad input and with a cache far smaller than the model.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn ftrl() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ftrl"));
    cmd.env("FTRL_LOG", "warn");
    cmd
}

fn run(cmd: &mut Command) -> Output {
    let out = cmd.output().expect("ftrl runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn last_json_line(bytes: &[u8]) -> Value {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().rev().find(|l| !l.trim().is_empty()).expect("some output");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// Writes a generated data set and returns (path, the generator's summary).
fn generate(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, Value) {
    let path = dir.join(name);
    let out = run(ftrl().args(["gen", "--out"]).arg(&path).args(args));
    (path, last_json_line(&out.stderr))
}

fn train(data: &Path, args: &[&str]) -> Value {
    let out = run(ftrl().args(["train", "--quiet", "--summary-json", "--data"]).arg(data).args(args));
    last_json_line(&out.stdout)
}

#[test]
fn trains_close_to_the_bayes_floor_on_generated_data() {
    let dir = tempfile::tempdir().unwrap();
    let (data, truth) = generate(dir.path(), "clicks.vw", &["--examples", "100000", "--seed", "3"]);
    let summary = train(&data, &["--cross", "ab", "--cross", "cd", "--cross", "ef"]);
    assert_eq!(summary["examples"], 100000);
    assert_eq!(summary["bad_lines"], 0);
    let loss = summary["progressive_loss"].as_f64().unwrap();
    let bayes = truth["bayes_log_loss"].as_f64().unwrap();
    let base = truth["base_rate_log_loss"].as_f64().unwrap();
    assert!(loss > bayes - 0.01, "progressive loss {loss} cannot beat the Bayes floor {bayes} by much");
    assert!(loss < base - 0.02, "learning must beat the base rate: {loss} vs {base}");
    for key in ["seconds", "examples_per_second", "nonzero_weights", "auc", "mean_label", "mean_prediction"] {
        assert!(summary.get(key).is_some(), "summary lacks {key}: {summary}");
    }
}

#[test]
fn every_format_trains_to_the_same_loss() {
    let dir = tempfile::tempdir().unwrap();
    let mut losses = Vec::new();
    for format in ["vw", "jsonl", "libsvm"] {
        let (data, _) = generate(dir.path(), &format!("d.{format}"), &["--examples", "20000", "--format", format]);
        let summary = train(&data, &["--format", format]);
        assert_eq!(summary["examples"], 20000, "{format}");
        losses.push(summary["progressive_loss"].as_f64().unwrap());
    }
    // libsvm names features by index rather than by namespace, so its hashes (and hash
    // collisions) differ; the learning problem is the same.
    assert!((losses[0] - losses[1]).abs() < 1e-9, "vw and jsonl hash identically: {losses:?}");
    assert!((losses[0] - losses[2]).abs() < 0.005, "{losses:?}");
}

#[test]
fn a_cache_much_smaller_than_the_model_gives_the_same_model() {
    let dir = tempfile::tempdir().unwrap();
    let (data, _) = generate(dir.path(), "ids.vw", &["--examples", "30000", "--id-fields", "3"]);
    let big = train(&data, &["--model", dir.path().join("big").to_str().unwrap()]);
    let small = train(&data, &["--model", dir.path().join("small").to_str().unwrap(), "--cache-size", "2000"]);
    assert!(small["coordinates"].as_u64().unwrap() > 90_000, "{small}");
    assert!(small["cache_evictions"].as_u64().unwrap() > 10, "{small}");
    assert_eq!(big["cache_evictions"], 0);
    assert_eq!(big["progressive_loss"], small["progressive_loss"], "eviction must not change learning");
    assert_eq!(big["coordinates"], small["coordinates"]);
    assert_eq!(big["nonzero_weights"], small["nonzero_weights"]);
    let export = |name: &str| run(ftrl().args(["export", "--model"]).arg(dir.path().join(name))).stdout;
    assert_eq!(export("big"), export("small"));
}

#[test]
fn model_round_trip_train_predict_export_and_continue() {
    let dir = tempfile::tempdir().unwrap();
    let (data, _) = generate(dir.path(), "d.vw", &["--examples", "5000"]);
    let model = dir.path().join("model");
    let first = train(&data, &["--model", model.to_str().unwrap()]);

    let predictions = run(ftrl().args(["predict", "--model"]).arg(&model).arg("--data").arg(&data)).stdout;
    let predictions: Vec<f64> = String::from_utf8(predictions).unwrap().lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(predictions.len(), 5000);
    assert!(predictions.iter().all(|p| (0.0..=1.0).contains(p)));

    let export = String::from_utf8(run(ftrl().args(["export", "--model"]).arg(&model)).stdout).unwrap();
    let weights: Vec<Value> = export.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(weights.len() as u64, first["nonzero_weights"].as_u64().unwrap());
    assert!(weights.iter().all(|w| w["coordinate"].is_u64()
        && w["weight"].as_f64().unwrap() != 0.0
        && w["updates"].as_u64().unwrap() > 0));

    // Training again continues the stored model: the second pass over the same data is
    // predicted better than the first.
    let second = train(&data, &["--model", model.to_str().unwrap()]);
    assert!(second["progressive_loss"].as_f64() < first["progressive_loss"].as_f64());

    // Different settings on an existing model are refused with a reason.
    let out = ftrl()
        .args(["train", "--quiet", "--alpha", "0.5", "--model"])
        .arg(&model)
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("different settings"));
}

#[test]
fn bad_lines_are_counted_with_line_numbers_and_strict_stops() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("bad.vw");
    std::fs::write(&data, "1 |a x\nnot a label |a x\n-1 |a y\n0.5 |a z\n\n1 |a x:nan\n-1 |b q\n").unwrap();
    let out = run(ftrl().args(["train", "--quiet", "--summary-json", "--data"]).arg(&data));
    let summary = last_json_line(&out.stdout);
    assert_eq!(summary["examples"], 3);
    assert_eq!(summary["bad_lines"], 3);
    let stderr = String::from_utf8_lossy(&out.stderr);
    for line in ["line=2", "line=4", "line=6"] {
        assert!(stderr.contains(line), "stderr lacks {line}: {stderr}");
    }

    let out = ftrl().args(["train", "--quiet", "--strict", "--data"]).arg(&data).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn reads_standard_input() {
    let mut child = ftrl()
        .args(["train", "--quiet", "--summary-json", "--data", "-", "--format", "jsonl", "--alpha", "0.5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        for i in 0..1000 {
            let label = i % 2;
            writeln!(
                stdin,
                r#"{{"label": {label}, "features": ["a:{label}", {{"ns": "b", "name": "n", "value": 0.5}}]}}"#
            )
            .unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let summary = last_json_line(&out.stdout);
    assert_eq!(summary["examples"], 1000);
    assert!(summary["progressive_loss"].as_f64().unwrap() < 0.1, "a perfectly predictive feature: {summary}");

    let out = ftrl().args(["train", "--quiet", "--data", "-", "--passes", "2"]).stdin(Stdio::null()).output().unwrap();
    assert!(!out.status.success(), "stdin cannot be read twice");
}

#[test]
fn passes_and_other_losses_and_algorithms() {
    let dir = tempfile::tempdir().unwrap();
    let (data, _) = generate(dir.path(), "d.vw", &["--examples", "5000"]);
    let one = train(&data, &[]);
    let three = train(&data, &["--passes", "3"]);
    assert_eq!(three["examples"], 15000);
    assert!(three["progressive_loss"].as_f64() < one["progressive_loss"].as_f64());
    for algo in ["rda", "adagrad"] {
        let s = train(&data, &["--algo", algo, "--alpha", "0.05"]);
        assert!(s["progressive_loss"].as_f64().unwrap() < 0.7, "{algo}: {s}");
    }
    let hinge = train(&data, &["--loss", "hinge"]);
    assert!(hinge.get("auc").is_some());
    let l1 = train(&data, &["--l1", "5"]);
    assert!(l1["nonzero_weights"].as_u64() < one["nonzero_weights"].as_u64());

    let multiclass = dir.path().join("m.jsonl");
    let lines: String = (0..3000)
        .map(|i| format!("{{\"label\": {}, \"features\": [\"c:{}\", \"n:{}\"]}}\n", i % 3 + 1, i % 3, i % 11))
        .collect();
    std::fs::write(&multiclass, lines).unwrap();
    let s = train(&multiclass, &["--format", "jsonl", "--loss", "softmax", "--classes", "3"]);
    assert!(s["progressive_loss"].as_f64().unwrap() < 0.3, "{s}");
    let out = ftrl().args(["train", "--quiet", "--loss", "softmax", "--data"]).arg(&multiclass).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("classes"));
}

#[test]
fn demo_prints_progressive_loss_and_the_floor() {
    let out = run(ftrl().args(["demo", "--examples", "20000"]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("average") && stderr.contains("progressive log loss") && stderr.contains("Bayes-optimal"),
        "{stderr}"
    );
}

#[test]
fn export_names_coordinates_when_names_are_saved() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("named.vw");
    std::fs::write(&data, "1 |user alice |ad shoes\n-1 |user bob |ad hats\n1 |user alice |ad hats\n").unwrap();
    let model = dir.path().join("model");
    train(&data, &["--model", model.to_str().unwrap(), "--save-names", "--cross", "ua"]);
    let export = String::from_utf8(run(ftrl().args(["export", "--model"]).arg(&model)).stdout).unwrap();
    let names: Vec<String> = export
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).unwrap()["name"].as_str().map(str::to_string))
        .collect();
    for expected in ["user^alice", "user^bob", "ad^shoes", "ad^hats", "^bias"] {
        assert!(names.iter().any(|n| n == expected), "{expected} missing from {names:?}");
    }
    // Crossed coordinates have no single name; they are exported without one.
    assert_eq!(export.lines().count(), names.len() + 3, "three crosses: {export}");
}

#[test]
fn hedge_trains_predicts_continues_and_reports_its_leader() {
    let dir = tempfile::tempdir().unwrap();
    let (data, _) = generate(dir.path(), "d.vw", &["--examples", "20000"]);
    let model = dir.path().join("hedge");
    let rates = ["--hedge", "0.01,0.1,3", "--model", model.to_str().unwrap()];
    let first = train(&data, &rates);
    let hedge = &first["hedge"];
    assert_eq!(hedge["alphas"].as_array().unwrap().len(), 3);
    let losses: Vec<f64> =
        hedge["progressive_losses"].as_array().unwrap().iter().map(|l| l.as_f64().unwrap()).collect();
    let best = losses.iter().copied().fold(f64::INFINITY, f64::min);
    let mixture = first["progressive_loss"].as_f64().unwrap();
    // The aggregating algorithm's bound: at most ln 3 nats in total above the best learner.
    assert!(mixture <= best + 3f64.ln() / 20000.0 + 1e-12, "{mixture} vs {losses:?}");
    assert_eq!(hedge["leader_alpha"], 0.1, "{hedge}");

    let predictions = run(ftrl().args(["predict", "--model"]).arg(&model).arg("--data").arg(&data)).stdout;
    assert_eq!(String::from_utf8(predictions).unwrap().lines().count(), 20000);
    // The learners' losses are kept with the model and grow on the second run.
    let second = train(&data, &rates);
    let before = hedge["progressive_losses"][1].as_f64().unwrap() * 20000.0;
    let after = second["hedge"]["progressive_losses"][1].as_f64().unwrap() * 40000.0;
    assert!(after > before, "{before} then {after}");
    let out = ftrl().args(["export", "--model"]).arg(&model).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("Hedge"));
}

#[test]
fn implicit_steps_and_delays_run_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let (data, _) = generate(dir.path(), "d.vw", &["--examples", "20000"]);
    let loss = |args: &[&str]| train(&data, args)["progressive_loss"].as_f64().unwrap();
    // A far too large α hurts the implicit and aProx steps much less than the gradient step.
    let gradient = loss(&["--alpha", "10"]);
    assert!(loss(&["--alpha", "10", "--update", "implicit"]) < gradient - 0.05);
    assert!(loss(&["--alpha", "10", "--update", "aprox"]) < gradient - 0.05);
    assert!(loss(&["--loss", "hinge", "--update", "pa"]).is_finite());
    // Stale gradients cost loss; the delay-tolerant rate gives some of it back.
    let fresh = loss(&[]);
    let stale = train(&data, &["--delay", "1000"]);
    assert_eq!(stale["delay"], 1000);
    let stale = stale["progressive_loss"].as_f64().unwrap();
    let tolerant = loss(&["--delay", "1000", "--delay-tolerant"]);
    assert!(stale > fresh + 0.01 && tolerant < stale, "{fresh} {stale} {tolerant}");
    let out =
        ftrl().args(["train", "--quiet", "--delay", "5", "--hedge", "0.1,1", "--data"]).arg(&data).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("hedge"));
}
