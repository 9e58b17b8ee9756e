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

/// The README's clipping numbers: one example whose values are extreme (within the input
/// limits) freezes the learning rates of the most common features for good, unless
/// gradients are clipped.
#[test]
fn gradient_clipping_keeps_one_extreme_example_from_wrecking_the_model() {
    let dir = tempfile::tempdir().unwrap();
    let (data, _) = generate(dir.path(), "clicks.vw", &["--examples", "20000", "--seed", "5"]);
    // Value 1 is the most common in every namespace of generated data; 1e6 each keeps the
    // crosses (1e12) within the input limit.
    let extreme: String = ('a'..='t').map(|ns| format!(" |{ns} 1:1e6")).collect();
    let hostile = dir.path().join("hostile.vw");
    std::fs::write(&hostile, format!("1{extreme}\n{}", std::fs::read_to_string(&data).unwrap())).unwrap();
    let crosses = ["--cross", "ab", "--cross", "cd", "--cross", "ef"];
    let loss = |path: &Path, clip: &[&str]| {
        let summary = train(path, &[&crosses[..], clip].concat());
        assert_eq!(summary["bad_lines"], 0, "{summary}");
        summary["progressive_loss"].as_f64().unwrap()
    };
    let clean = loss(&data, &[]);
    let wrecked = loss(&hostile, &[]);
    let clipped = loss(&hostile, &["--clip-gradient", "1"]);
    println!("progressive loss: clean {clean:.5}, one extreme example {wrecked:.5}, clipped {clipped:.5}");
    assert!(wrecked > clean + 0.01, "the extreme example should hurt without clipping: {wrecked} vs {clean}");
    assert!((clipped - clean).abs() < 0.001, "clipping should undo the harm: {clipped} vs {clean}");
}

/// Example lines beyond the input limits are counted as bad lines with their numbers.
#[test]
fn lines_beyond_the_input_limits_are_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("limits.vw");
    let long_name = "n".repeat(1025);
    let many = "x ".repeat(70_000);
    let lines = [
        "1 |a x".to_string(),
        format!("1 |a {long_name}"),
        "1 2000000 |a x".to_string(),
        "1 |a x:2e12".to_string(),
        format!("1 |a {many}"),
        "1 |a x:1e7 |b y:1e7".to_string(),
        "-1 |a y".to_string(),
    ];
    std::fs::write(&data, lines.join("\n")).unwrap();
    let out = run(ftrl().args(["train", "--quiet", "--summary-json", "--cross", "ab", "--data"]).arg(&data));
    let summary = last_json_line(&out.stdout);
    assert_eq!(summary["examples"], 2, "{summary}");
    assert_eq!(summary["bad_lines"], 5, "{summary}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    for (line, why) in [
        ("line=2", "longer than the limit of 1024"),
        ("line=3", "importance weight 2000000"),
        ("line=4", "feature value 2000000000000"),
        ("line=5", "more than 65536 features"),
        ("line=6", "feature value 100000000000000"),
    ] {
        let reported = stderr.lines().find(|l| l.contains(line)).unwrap_or_else(|| panic!("no {line}: {stderr}"));
        assert!(reported.contains(why), "{reported} lacks {why:?}");
    }
}

/// Secrets given to librdkafka, in the file or the environment, never appear in what
/// `ftrl config validate` prints, whether the configuration is valid or not.
#[test]
fn secrets_never_appear_in_config_validate_output() {
    let dir = tempfile::tempdir().unwrap();
    let secrets = ["file-sasl-Secret-1", "file-key-Secret-2", "env-keystore-Secret-3", "env-oauth-Secret-4"];
    let config = |extra: &str| {
        format!(
            "[kafka]\nbootstrap_servers = \"127.0.0.1:9092\"\n[kafka.librdkafka_options]\n\
             \"security.protocol\" = \"SASL_SSL\"\n\"sasl.mechanisms\" = \"SCRAM-SHA-512\"\n\
             \"sasl.username\" = \"ftrl\"\n\"sasl.password\" = \"{}\"\n\"ssl.key.password\" = \"{}\"\n{extra}\
             [model]\nprefix = \"clicks\"\n",
            secrets[0], secrets[1]
        )
    };
    let validate = |text: &str| {
        let path = dir.path().join("worker.toml");
        std::fs::write(&path, text).unwrap();
        ftrl()
            .args(["config", "validate", "--config"])
            .arg(&path)
            .env("FTRL_LOG", "debug")
            .env("FTRL_KAFKA__LIBRDKAFKA_OPTIONS__SSL_KEYSTORE_PASSWORD", secrets[2])
            .env("FTRL_KAFKA__LIBRDKAFKA_OPTIONS__SASL_OAUTHBEARER_CONFIG", secrets[3])
            .output()
            .unwrap()
    };
    let cases = [
        (config(""), true),
        // A misspelt secret key: librdkafka refuses it, and rdkafka's error would quote it.
        (config(&format!("\"sasl.pasword\" = \"{}\"\n", secrets[0])), false),
        // An invalid configuration otherwise.
        (config("").replace("prefix = \"clicks\"", "prefix = \"no spaces\""), false),
        // A TOML syntax error on the secret's own line.
        (config("").replace(&format!("\"{}\"", secrets[1]), &format!("\"{}", secrets[1])), false),
    ];
    for (text, valid) in cases {
        let out = validate(&text);
        let shown = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.success(), valid, "{shown}");
        for secret in secrets {
            assert!(!shown.contains(secret), "{secret} shown:\n{shown}");
        }
        // Not for lack of output: the failures name what is wrong.
        assert!(valid || shown.contains("invalid"), "{shown}");
    }
}

/// A worker starting with secrets, with our debug logs and librdkafka's debug contexts on,
/// shows none of them (no broker is needed: it is killed while it tries to connect).
#[test]
fn secrets_never_appear_in_worker_start_up_logs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("worker.toml");
    let state = dir.path().join("state");
    std::fs::write(
        &path,
        format!(
            "[kafka]\nbootstrap_servers = \"127.0.0.1:9\"\n[kafka.librdkafka_options]\n\
             \"security.protocol\" = \"SASL_SSL\"\n\"sasl.mechanisms\" = \"SCRAM-SHA-512\"\n\
             \"sasl.username\" = \"ftrl\"\n\"sasl.password\" = \"file-sasl-Secret-1\"\n\"debug\" = \"conf,security\"\n\
             [model]\nprefix = \"clicks\"\n[worker]\nstate_dir = {state:?}\n"
        ),
    )
    .unwrap();
    let mut child = ftrl()
        .args(["worker", "--config"])
        .arg(&path)
        .env("FTRL_LOG", "debug")
        .env("FTRL_KAFKA__LIBRDKAFKA_OPTIONS__SSL_KEY_PASSWORD", "env-key-Secret-2")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(3));
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    let shown = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(shown.contains("DEBUG"), "debug logs are on:\n{shown}");
    for secret in ["file-sasl-Secret-1", "env-key-Secret-2"] {
        assert!(!shown.contains(secret), "{secret} shown");
    }
}
