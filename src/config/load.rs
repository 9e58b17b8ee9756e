//! Reading a configuration: the TOML file, then the `FTRL_*` environment overrides, with
//! every unknown key and every value of the wrong type reported by name (see the module
//! documentation of `config`).

use super::{
    ConfigError, KafkaConfig, ModelConfig, ObservabilitySection, ServeSection, WorkerConfig, WorkerSection, ENV_PREFIX,
    ENV_SEPARATOR, RDKAFKA_UNDERSCORE_KEYS,
};
use crate::learner_options::LearnerOptions;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::path::Path;

/// Reads the configuration file at `path` with the process's `FTRL_*` environment variables
/// on top. Parses only; see [`WorkerConfig::validate`].
pub fn load(path: &Path) -> Result<WorkerConfig, ConfigError> {
    load_with_env(path, env_overrides(std::env::vars_os())?)
}

/// The `FTRL_*` configuration variables among `vars`.
fn env_overrides(
    vars: impl IntoIterator<Item = (std::ffi::OsString, std::ffi::OsString)>,
) -> Result<HashMap<String, String>, ConfigError> {
    let mut env = HashMap::new();
    for (name, value) in vars {
        // Names that are not UTF-8 cannot be ours.
        let Ok(name) = name.into_string() else { continue };
        if env_key(&name).is_none() {
            continue;
        }
        let value = value.into_string().map_err(|_| ConfigError::NotUnicode { name: name.clone() })?;
        env.insert(name, value);
    }
    Ok(env)
}

/// [`load`] with the given environment variables in place of the process's.
pub fn load_with_env(path: &Path, env: HashMap<String, String>) -> Result<WorkerConfig, ConfigError> {
    let text =
        std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.to_path_buf(), source })?;
    parse(&text, env).map_err(|message| ConfigError::Invalid { path: path.to_path_buf(), message })
}

/// The part of an environment variable's name after `FTRL_`, lower-cased, when it names a
/// nested setting (`model__alpha`); `None` for other variables, such as `FTRL_LOG`.
fn env_key(name: &str) -> Option<String> {
    let prefix = format!("{ENV_PREFIX}_");
    let head = name.get(..prefix.len())?;
    let rest = name.get(prefix.len()..)?.to_ascii_lowercase();
    (head.eq_ignore_ascii_case(&prefix) && rest.contains(ENV_SEPARATOR)).then_some(rest)
}

/// Parses TOML `text` with the environment overrides in `env` (variables that are not
/// configuration are ignored). Every unknown key, every value of the wrong type and every
/// value its setting does not accept is reported, one message each (the first lines of
/// `Err`), rather than only the first.
fn parse(text: &str, env: HashMap<String, String>) -> Result<WorkerConfig, String> {
    let mut table: toml::Table = text.parse().map_err(|e: toml::de::Error| without_source_lines(&e.to_string()))?;
    let schema = every_setting();
    let mut problems = Vec::new();
    check_types(&mut table, &schema, &mut problems);
    apply_env(&mut table, &schema, env, &mut problems);
    if !problems.is_empty() {
        return Err(report(problems));
    }
    let mut value = toml::Value::Table(table);
    // The learning settings are flattened into [model], where serde's errors lose their
    // names: they are read on their own first, by name.
    #[derive(serde::Deserialize)]
    struct LearningSettings {
        #[serde(rename = "model", default)]
        _model: LearnerOptions,
    }
    deserialize_reporting_all::<LearningSettings>(&mut value, &mut problems);
    match deserialize_reporting_all::<WorkerConfig>(&mut value, &mut problems) {
        Some(config) if problems.is_empty() => Ok(config),
        _ => Err(report(problems)),
    }
}

/// `value` as a `T`, or `None` with every value that does not fit its setting (an enum's
/// unknown variant, a number out of its type's range, a missing setting) reported by name:
/// the culprit (a `[section] key`) is taken out and `value` read again, to find them all. A
/// problem that is not a setting's is the last one reported.
fn deserialize_reporting_all<T: DeserializeOwned>(value: &mut toml::Value, problems: &mut Vec<String>) -> Option<T> {
    for _ in 0..=64 {
        match serde_path_to_error::deserialize::<_, T>(value.clone()) {
            Ok(deserialized) => return Some(deserialized),
            Err(e) => {
                problems.push(format!("{}: {}", e.path(), e.inner()));
                let keys: Vec<&str> = e
                    .path()
                    .iter()
                    .map(|segment| match segment {
                        serde_path_to_error::Segment::Map { key } => Some(key.as_str()),
                        _ => None,
                    })
                    .collect::<Option<_>>()
                    .unwrap_or_default();
                let removed = match (keys.as_slice(), &mut *value) {
                    ([section, key], toml::Value::Table(t)) => {
                        t.get_mut(*section).and_then(toml::Value::as_table_mut).and_then(|s| s.remove(*key)).is_some()
                    }
                    _ => false,
                };
                if !removed {
                    return None;
                }
            }
        }
    }
    None
}

/// One problem as it is; several one a line, so that each can be read.
fn report(problems: Vec<String>) -> String {
    match problems.as_slice() {
        [one] => one.clone(),
        _ => format!("{} problems:\n  {}", problems.len(), problems.join("\n  ")),
    }
}

/// A configuration with every setting present (each optional one set), as TOML: the names
/// and types the file and the environment are checked against.
fn every_setting() -> toml::Table {
    let mut model = ModelConfig::new("m");
    model.learner.alpha = Some(0.1);
    model.learner.classes = Some(2);
    model.learner.bound = Some(1.0);
    model.learner.clip_gradient = Some(1.0);
    model.learner.crosses = vec!["ab".into()];
    model.learner.hedge = vec![1.0];
    model.learner.min_count = Some(2);
    model.learner.inclusion_probability = Some(0.5);
    model.learner.min_prediction = Some(0.0);
    model.learner.max_prediction = Some(1.0);
    model.expire_after_ms = Some(1);
    model.example_schema_id = Some(1);
    model.example_mapping = Some("mapping.toml".into());
    let config = WorkerConfig {
        kafka: KafkaConfig::new("b:1"),
        model,
        worker: WorkerSection::default(),
        observability: ObservabilitySection::default(),
        serve: ServeSection::default(),
    };
    match toml::Value::try_from(config) {
        Ok(toml::Value::Table(table)) => table,
        other => unreachable!("a configuration is a TOML table, got {other:?}"),
    }
}

/// The one setting whose keys are free: librdkafka property names.
const RDKAFKA_OPTIONS: (&str, &str) = ("kafka", "librdkafka_options");

/// What a value of `value`'s TOML type is, for messages.
fn kind(value: &toml::Value) -> &'static str {
    match value {
        toml::Value::String(_) => "a string",
        toml::Value::Integer(_) => "an integer",
        toml::Value::Float(_) => "a number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(items) => match items.first().map(kind) {
            Some("a string") => "a list of strings",
            Some("a number") => "a list of numbers",
            _ => "a list",
        },
        toml::Value::Table(_) => "a table",
    }
}

/// Whether `got` has the type of `expected` (an integer is also a number, `1` for `1.0`).
fn fits(expected: &toml::Value, got: &toml::Value) -> bool {
    match (expected, got) {
        (toml::Value::Float(_), toml::Value::Integer(_)) => true,
        (toml::Value::Array(e), toml::Value::Array(g)) => e.first().is_none_or(|e| g.iter().all(|g| fits(e, g))),
        (e, g) => e.type_str() == g.type_str(),
    }
}

/// Reports every key of the file that names no setting and every value of the wrong type
/// (`alpha = "0.1"` is a string, not a number). librdkafka properties are text: a number or
/// a boolean there becomes its text.
fn check_types(table: &mut toml::Table, schema: &toml::Table, problems: &mut Vec<String>) {
    for (section, fields) in table.iter_mut() {
        let Some(toml::Value::Table(expected)) = schema.get(section) else {
            problems.push(format!("[{section}]: unknown section (the sections are {})", keys(schema)));
            continue;
        };
        let toml::Value::Table(fields) = fields else {
            problems.push(format!("{section}: must be a table ([{section}]), got {}", kind(fields)));
            continue;
        };
        for (key, value) in fields.iter_mut() {
            let setting = format!("{section}.{key}");
            if (section.as_str(), key.as_str()) == RDKAFKA_OPTIONS {
                let toml::Value::Table(options) = value else {
                    problems.push(format!("{setting}: must be a table of librdkafka properties, got {}", kind(value)));
                    continue;
                };
                for (property, option) in options.iter_mut() {
                    match option {
                        toml::Value::String(_) => {}
                        toml::Value::Integer(_) | toml::Value::Float(_) | toml::Value::Boolean(_) => {
                            *option = toml::Value::String(option.to_string());
                        }
                        _ => problems.push(format!("{setting}.\"{property}\": must be text, got {}", kind(option))),
                    }
                }
                continue;
            }
            match expected.get(key) {
                None => problems
                    .push(format!("{setting}: unknown setting (the settings of [{section}] are {})", keys(expected))),
                Some(e) if !fits(e, value) => {
                    // Unknown keys are not quoted (a misspelt secret); these are known and not secret.
                    problems.push(format!("{setting}: must be {}, got {} ({value})", kind(e), kind(value)));
                }
                Some(_) => {}
            }
        }
    }
}

/// The keys of `table`, for messages.
fn keys(table: &toml::Table) -> String {
    table.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
}

/// Sets the settings the `FTRL_*` variables in `env` name, each read as its setting's type
/// (lists comma-separated); every variable that names no setting or does not parse is
/// reported.
fn apply_env(table: &mut toml::Table, schema: &toml::Table, env: HashMap<String, String>, problems: &mut Vec<String>) {
    let mut env: Vec<(String, String)> = env.into_iter().collect();
    env.sort();
    for (name, text) in env {
        let Some(key) = env_key(&name) else { continue };
        let path: Vec<&str> = key.splitn(3, ENV_SEPARATOR).collect();
        let section_of = |table: &mut toml::Table, section: &str| -> Option<toml::Table> {
            match table.remove(section) {
                Some(toml::Value::Table(t)) => Some(t),
                None => Some(toml::Table::new()),
                Some(other) => {
                    table.insert(section.to_owned(), other);
                    None
                }
            }
        };
        match path.as_slice() {
            [section, options, property] if (*section, *options) == RDKAFKA_OPTIONS => {
                // Property names have dots, variable names cannot: `_` stands for `.`.
                let property = if RDKAFKA_UNDERSCORE_KEYS.contains(property) {
                    (*property).to_owned()
                } else {
                    property.replace('_', ".")
                };
                let Some(mut kafka) = section_of(table, section) else { continue };
                let options = kafka.entry(*options).or_insert_with(|| toml::Value::Table(toml::Table::new()));
                if let toml::Value::Table(options) = options {
                    options.insert(property, toml::Value::String(text));
                }
                table.insert((*section).to_owned(), toml::Value::Table(kafka));
            }
            [section, key] => {
                let expected = schema.get(*section).and_then(|s| s.get(*key));
                let Some(expected) = expected.filter(|_| (*section, *key) != RDKAFKA_OPTIONS) else {
                    problems.push(format!("{name}: names no setting ({section}.{key})"));
                    continue;
                };
                match env_value(expected, &text) {
                    Ok(value) => {
                        let Some(mut fields) = section_of(table, section) else { continue };
                        fields.insert((*key).to_owned(), value);
                        table.insert((*section).to_owned(), toml::Value::Table(fields));
                    }
                    Err(why) => problems.push(format!("{section}.{key} ({name}): {why}")),
                }
            }
            _ => problems.push(format!("{name}: names no setting ({})", key.replace(ENV_SEPARATOR, "."))),
        }
    }
}

/// `text` from an environment variable as a value of `expected`'s type.
fn env_value(expected: &toml::Value, text: &str) -> Result<toml::Value, String> {
    let bad = || format!("must be {}, got {text:?}", kind(expected));
    let trimmed = text.trim();
    Ok(match expected {
        toml::Value::Integer(_) => toml::Value::Integer(trimmed.replace('_', "").parse().map_err(|_| bad())?),
        toml::Value::Float(_) => toml::Value::Float(trimmed.parse().map_err(|_| bad())?),
        toml::Value::Boolean(_) => match trimmed.to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" | "on" => toml::Value::Boolean(true),
            "false" | "0" | "no" | "off" => toml::Value::Boolean(false),
            _ => return Err(bad()),
        },
        toml::Value::Array(items) => {
            let item = items.first().ok_or_else(bad)?;
            let parts = text.split(',').map(str::trim).filter(|part| !part.is_empty());
            toml::Value::Array(parts.map(|part| env_value(item, part)).collect::<Result<_, _>>().map_err(|_| bad())?)
        }
        _ => toml::Value::String(text.to_owned()),
    })
}

/// `message` without the lines of the file that a TOML syntax error quotes (`3 | key =
/// "value`): the line may hold a secret. The line and column numbers stay.
fn without_source_lines(message: &str) -> String {
    let quoted =
        |line: &str| line.trim_start().trim_start_matches(|c: char| c.is_ascii_digit()).trim_start().starts_with('|');
    message.lines().filter(|line| !quoted(line)).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::*;
    use super::*;
    use crate::learn::loss::LossKind;
    use crate::learn::{Algorithm, StepRule};
    use std::collections::HashMap;

    #[test]
    fn example_file_is_the_defaults_and_valid() {
        let c = load_text(EXAMPLE_TOML, &[]).unwrap();
        assert_eq!(c, defaults());
        assert_eq!(c.validate(), Vec::<String>::new());
        assert!(c.settings().is_ok());
        // The required fields plus serde defaults give the same thing.
        assert_eq!(load_text(MINIMAL, &[]).unwrap(), defaults());
    }

    #[test]
    fn example_file_mentions_every_setting() {
        // Every field of every section appears as `key = ` (commented out when it has no
        // default value) or as a `[section.key]` table.
        let json = serde_json::to_value(defaults()).unwrap();
        let mut section = String::new();
        let mut present = Vec::new();
        for line in EXAMPLE_TOML.lines() {
            let line = line.trim();
            if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = header.to_owned();
                present.push(header.to_owned());
            } else if let Some((key, _)) = line.trim_start_matches("# ").split_once(" = ") {
                present.push(format!("{section}.{key}"));
            }
        }
        for (name, fields) in json.as_object().unwrap() {
            assert!(present.contains(name), "no [{name}] section");
            for key in fields.as_object().unwrap().keys() {
                let path = format!("{name}.{key}");
                assert!(present.contains(&path), "EXAMPLE_TOML lacks {path}");
            }
        }
    }

    #[test]
    fn file_values_are_read() {
        let text = r#"
            [kafka]
            bootstrap_servers = "a:1,b:2"
            session_timeout_ms = 6000
            [kafka.librdkafka_options]
            "security.protocol" = "SASL_SSL"
            [model]
            prefix = "m"
            example_format = "json"
            loss = "softmax"
            classes = 3
            algorithm = "rda"
            beta = 2
            bound = 5.5
            crosses = ["ab", "cd"]
            [worker]
            id = "w-7"
            state_dir = "/var/lib/ftrl"
        "#;
        let c = load_text(text, &[]).unwrap();
        assert_eq!(c.kafka.bootstrap_servers, "a:1,b:2");
        assert_eq!(c.kafka.session_timeout_ms, 6000);
        assert_eq!(c.kafka.librdkafka_options["security.protocol"], "SASL_SSL");
        assert_eq!(c.model.example_format, ExampleFormat::Json);
        assert_eq!((c.model.learner.loss, c.model.learner.classes), (LossKind::Softmax, Some(3)));
        assert_eq!(c.model.learner.algorithm, Algorithm::Rda);
        assert_eq!((c.model.learner.beta, c.model.learner.bound), (2.0, Some(5.5)));
        assert_eq!(c.model.learner.crosses, ["ab", "cd"]);
        assert_eq!(c.worker.id, "w-7");
        assert_eq!(c.worker.state_dir, Path::new("/var/lib/ftrl"));
        assert_eq!(c.validate(), Vec::<String>::new());
    }

    #[test]
    fn env_overrides_strings_bools_and_numbers() {
        let c = load_text(
            EXAMPLE_TOML,
            &[
                ("FTRL_KAFKA__BOOTSTRAP_SERVERS", "10.0.0.1:9092"),
                ("FTRL_WORKER__UPDATE", "false"),
                ("FTRL_WORKER__PUBLISH_PREDICTIONS", "TRUE"),
                ("FTRL_MODEL__PARTITIONS", "64"),
                ("FTRL_WORKER__BATCH_MAX_WAIT_MS", "20"),
                ("FTRL_MODEL__ALPHA", "0.05"),
                ("FTRL_MODEL__L1", "1e-3"),
                ("ftrl_model__bound", "3"),
                ("FTRL_MODEL__LOSS", "softmax"),
                ("FTRL_MODEL__CLASSES", "4"),
                ("FTRL_MODEL__ALGORITHM", "adagrad"),
                ("FTRL_WORKER__STATE_DIR", "/tmp/s"),
            ],
        )
        .unwrap();
        assert_eq!(c.kafka.bootstrap_servers, "10.0.0.1:9092");
        assert!(!c.worker.update && c.worker.predict && c.worker.publish_predictions);
        assert_eq!(c.model.partitions, 64);
        assert_eq!(c.worker.batch_max_wait_ms, 20);
        assert_eq!((c.model.learner.alpha, c.model.learner.l1, c.model.learner.bound), (Some(0.05), 1e-3, Some(3.0)));
        assert_eq!((c.model.learner.loss, c.model.learner.classes), (LossKind::Softmax, Some(4)));
        assert_eq!(c.model.learner.algorithm, Algorithm::Adagrad);
        assert_eq!(c.worker.state_dir, Path::new("/tmp/s"));
        // Untouched settings keep the file's values.
        assert_eq!(c.model.prefix, "clicks");
        assert_eq!(c.validate(), Vec::<String>::new());
    }

    #[test]
    fn env_strings_that_look_like_numbers_stay_strings() {
        let c = load_text(
            MINIMAL,
            &[("FTRL_WORKER__ID", "007"), ("FTRL_MODEL__PREFIX", "1.0"), ("FTRL_KAFKA__BOOTSTRAP_SERVERS", "true")],
        )
        .unwrap();
        assert_eq!((c.worker.id.as_str(), c.model.prefix.as_str()), ("007", "1.0"));
        assert_eq!(c.kafka.bootstrap_servers, "true");
    }

    #[test]
    fn env_crosses_are_a_comma_separated_list() {
        let crosses = |v: &str| load_text(EXAMPLE_TOML, &[("FTRL_MODEL__CROSSES", v)]).unwrap().model.learner.crosses;
        assert_eq!(crosses("ab,cd"), ["ab", "cd"]);
        assert_eq!(crosses(" ab , cd "), ["ab", "cd"]);
        assert_eq!(crosses("ab"), ["ab"]);
        assert_eq!(crosses("12"), ["12"]);
        assert_eq!(crosses(""), Vec::<String>::new());
        // The environment replaces the file's list.
        let text = MINIMAL.replace("prefix = \"clicks\"", "prefix = \"clicks\"\ncrosses = [\"xy\"]");
        let c = load_text(&text, &[("FTRL_MODEL__CROSSES", "ab,cd")]).unwrap();
        assert_eq!(c.model.learner.crosses, ["ab", "cd"]);
    }

    #[test]
    fn env_librdkafka_options_are_dotted() {
        let text = MINIMAL.replace(
            "[model]",
            "[kafka.librdkafka_options]\n\"sasl.username\" = \"u\"\n\"sasl.password\" = \"file\"\n[model]",
        );
        let c = load_text(
            &text,
            &[
                ("FTRL_KAFKA__LIBRDKAFKA_OPTIONS__SASL_PASSWORD", "secret"),
                ("FTRL_KAFKA__LIBRDKAFKA_OPTIONS__SECURITY_PROTOCOL", "SASL_SSL"),
                ("FTRL_KAFKA__LIBRDKAFKA_OPTIONS__LOG_LEVEL", "7"),
            ],
        )
        .unwrap();
        let options: Vec<(&str, &str)> =
            c.kafka.librdkafka_options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            options,
            [
                ("log_level", "7"),
                ("sasl.password", "secret"),
                ("sasl.username", "u"),
                ("security.protocol", "SASL_SSL")
            ]
        );
    }

    #[test]
    fn flat_ftrl_variables_are_not_configuration() {
        let c = load_text(MINIMAL, &[("FTRL_LOG", "debug"), ("FTRL_SOMETHING", "x"), ("PATH", "/bin")]).unwrap();
        assert_eq!(c, defaults());
    }

    #[test]
    fn unknown_keys_are_rejected_by_name() {
        let err = load_text(&format!("{MINIMAL}typo_key = 1\n"), &[]).unwrap_err().to_string();
        assert!(err.contains("typo_key"), "{err}");
        let err = load_text(&MINIMAL.replace("[model]", "[model]\nalpah = 0.1"), &[]).unwrap_err().to_string();
        assert!(err.contains("alpah"), "{err}");
        let err = load_text(&format!("{MINIMAL}[wroker]\nid = \"x\"\n"), &[]).unwrap_err().to_string();
        assert!(err.contains("wroker"), "{err}");
        let err = load_text(MINIMAL, &[("FTRL_WORKER__BATCH_SIZE", "10")]).unwrap_err().to_string();
        assert!(err.contains("batch_size"), "{err}");
    }

    #[test]
    fn strings_for_numbers_and_other_wrong_types_are_rejected() {
        let err = load_text(&MINIMAL.replace("[model]", "[model]\nalpha = \"0.1\"\npartitions = \"32\""), &[])
            .unwrap_err()
            .to_string();
        assert!(err.contains("model.alpha: must be a number, got a string (\"0.1\")"), "{err}");
        assert!(err.contains("model.partitions: must be an integer, got a string (\"32\")"), "{err}");
        let err = load_text(&format!("{MINIMAL}[worker]\npredict = \"true\"\ncache_size = 1.5\n"), &[])
            .unwrap_err()
            .to_string();
        assert!(err.contains("worker.predict: must be true or false, got a string"), "{err}");
        assert!(err.contains("worker.cache_size: must be an integer, got a number"), "{err}");
        let err = load_text(&MINIMAL.replace("[model]", "[model]\ncrosses = \"ab\"\nhedge = [0.1, \"1\"]"), &[])
            .unwrap_err()
            .to_string();
        assert!(err.contains("model.crosses: must be a list of strings, got a string"), "{err}");
        assert!(err.contains("model.hedge: must be a list of numbers"), "{err}");
        // An integer is a number; librdkafka properties are text, whatever their TOML type.
        let text = MINIMAL.replace("[model]", "[kafka.librdkafka_options]\n\"linger.ms\" = 5\n[model]\nalpha = 1");
        let c = load_text(&text, &[]).unwrap();
        assert_eq!((c.model.learner.alpha, c.kafka.librdkafka_options["linger.ms"].as_str()), (Some(1.0), "5"));
        // The environment's text is read as its setting's type, and must parse as it.
        let err = load_text(MINIMAL, &[("FTRL_MODEL__ALPHA", "fast")]).unwrap_err().to_string();
        assert!(err.contains("model.alpha (FTRL_MODEL__ALPHA): must be a number, got \"fast\""), "{err}");
    }

    #[test]
    fn an_unknown_variant_lists_the_accepted_ones() {
        let err =
            load_text(&MINIMAL.replace("[model]", "[model]\nexample_format = \"jsonl\""), &[]).unwrap_err().to_string();
        assert!(
            err.contains(
                "model.example_format: unknown variant `jsonl`, expected one of `protobuf`, `json`, `json-events`"
            ),
            "{err}"
        );
        let err = load_text(MINIMAL, &[("FTRL_MODEL__ALGORITHM", "sgd")]).unwrap_err().to_string();
        assert!(err.contains("model.algorithm: unknown variant `sgd`, expected one of `ftrl-proximal`"), "{err}");
    }

    #[test]
    fn every_bad_key_is_reported_not_only_the_first() {
        let text = format!(
            "{}[wroker]\nid = \"x\"\n[serve]\nlisten_on = \"x\"\n",
            MINIMAL.replace("[model]", "[model]\nalpah = 0.1\nloss = \"cubic\"\nbeta = \"1\"\nupdate = \"newton\"")
        );
        let err = load_text(&text, &[("FTRL_WORKER__BATCH_SIZE", "10")]).unwrap_err().to_string();
        for needle in ["[wroker]", "serve.listen_on", "model.alpah", "model.beta", "FTRL_WORKER__BATCH_SIZE"] {
            assert!(err.contains(needle), "{err} lacks {needle}");
        }
        // Values that parse as their type but not as their setting, all of them too.
        let err = load_text(
            &MINIMAL.replace("[model]", "[model]\nloss = \"cubic\"\nupdate = \"newton\"\npartitions = 1e3"),
            &[],
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("model.partitions: must be an integer"), "{err}");
        let err =
            load_text(&MINIMAL.replace("[model]", "[model]\nloss = \"cubic\"\nupdate = \"newton\"\nclasses = -1"), &[])
                .unwrap_err()
                .to_string();
        for needle in ["model.loss: unknown variant `cubic`", "model.update: unknown variant `newton`", "model.classes"]
        {
            assert!(err.contains(needle), "{err} lacks {needle}");
        }
        assert!(err.starts_with("invalid configuration") && err.contains("3 problems:\n"), "{err}");
    }

    #[test]
    fn every_setting_of_the_example_file_is_known_to_the_type_check() {
        // Commented-out settings included: a setting missing from `every_setting` would be
        // rejected as unknown.
        let uncommented: String = EXAMPLE_TOML
            .lines()
            .map(|line| match line.strip_prefix("# ") {
                Some(rest) if rest.split_once(" = ").is_some_and(|(k, _)| !k.contains(' ') && !k.starts_with('"')) => {
                    rest
                }
                _ => line,
            })
            .collect::<Vec<_>>()
            .join("\n");
        let c = load_text(&uncommented, &[]);
        assert!(c.is_ok(), "{c:?}");
        let c = c.unwrap();
        assert_eq!(
            (c.model.learner.classes, c.model.learner.bound, c.model.expire_after_ms),
            (Some(10), Some(10.0), Some(604_800_000))
        );
    }

    #[test]
    fn bad_values_name_their_key() {
        let err = load_text(MINIMAL, &[("FTRL_WORKER__UPDATE", "maybe")]).unwrap_err().to_string();
        assert!(err.contains("worker.update"), "{err}");
        let err = load_text(&MINIMAL.replace("[model]", "[model]\npartitions = \"many\""), &[]).unwrap_err();
        assert!(err.to_string().contains("model.partitions"), "{err}");
        let err = load_text(&MINIMAL.replace("[model]", "[model]\nloss = \"cubic\""), &[]).unwrap_err();
        assert!(err.to_string().contains("cubic"), "{err}");
    }

    #[test]
    fn missing_required_fields_are_named() {
        let err = load_text("[kafka]\nbootstrap_servers = \"b:1\"\n[model]\n", &[]).unwrap_err().to_string();
        assert!(err.contains("prefix"), "{err}");
        let err = load_text("[model]\nprefix = \"p\"\n", &[]).unwrap_err().to_string();
        assert!(err.contains("kafka"), "{err}");
        // The environment can supply what the file lacks.
        let c = load_text("[model]\nprefix = \"p\"\n[kafka]\n", &[("FTRL_KAFKA__BOOTSTRAP_SERVERS", "b:1")]).unwrap();
        assert_eq!(c.kafka.bootstrap_servers, "b:1");
    }

    #[test]
    fn unreadable_or_broken_files() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope.toml");
        let err = load_with_env(&missing, HashMap::new()).unwrap_err();
        assert!(matches!(&err, ConfigError::Read { source, .. } if source.kind() == std::io::ErrorKind::NotFound));
        assert!(err.to_string().contains("nope.toml"), "{err}");
        // A directory is not a file.
        assert!(matches!(load_with_env(dir.path(), HashMap::new()), Err(ConfigError::Read { .. })));
        let err = load_text("[kafka\nbootstrap_servers = ", &[]).unwrap_err();
        assert!(matches!(err, ConfigError::Invalid { .. }), "{err}");
        // A syntax error says where, without quoting the line: it may hold a secret.
        let err = load_text("[kafka.librdkafka_options]\n\"sasl.password\" = \"hunter2\n", &[]).unwrap_err();
        let message = err.to_string();
        assert!(message.contains("line 2"), "{message}");
        assert!(!message.contains("hunter2"), "{message}");
    }

    #[test]
    fn load_takes_the_ftrl_variables_from_the_environment() {
        use std::os::unix::ffi::OsStringExt;
        let os = |s: &str| std::ffi::OsString::from(s);
        let vars = vec![
            (os("FTRL_WORKER__CACHE_SIZE"), os("1234")),
            (os("FTRL_LOG"), os("debug")),
            (os("HOME"), os("/root")),
            (std::ffi::OsString::from_vec(vec![0xff, b'X']), os("ignored")),
        ];
        let env = env_overrides(vars).unwrap();
        assert_eq!(env, HashMap::from([("FTRL_WORKER__CACHE_SIZE".to_string(), "1234".to_string())]));
        let bad = vec![(os("FTRL_KAFKA__BOOTSTRAP_SERVERS"), std::ffi::OsString::from_vec(vec![0xff]))];
        let err = env_overrides(bad).unwrap_err();
        assert!(matches!(err, ConfigError::NotUnicode { ref name } if name == "FTRL_KAFKA__BOOTSTRAP_SERVERS"));
        // The process environment as it is (the test runner sets no FTRL_*__* variables).
        let f = file(EXAMPLE_TOML);
        if std::env::vars_os().all(|(k, _)| k.to_str().is_none_or(|k| env_key(k).is_none())) {
            assert_eq!(load(f.path()).unwrap(), defaults());
        }
    }

    #[test]
    fn step_rule_and_hedge_parse_from_file_and_env() {
        let text = MINIMAL.replace("prefix = \"clicks\"", "prefix = \"clicks\"\nupdate = \"aprox\"\nhedge = [0.1, 1]");
        let c = load_text(&text, &[]).unwrap();
        assert_eq!((c.model.learner.step_rule, c.model.learner.hedge.clone()), (StepRule::Aprox, vec![0.1, 1.0]));
        let s = c.settings().unwrap();
        assert_eq!((s.step_rule, s.hedge), (StepRule::Aprox, vec![0.1, 1.0]));
        let c = load_text(MINIMAL, &[("FTRL_MODEL__HEDGE", "0.01, 3"), ("FTRL_MODEL__UPDATE", "implicit")]).unwrap();
        assert_eq!((c.model.learner.step_rule, c.model.learner.hedge), (StepRule::Implicit, vec![0.01, 3.0]));
    }
}
