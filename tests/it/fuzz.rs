//! Fuzz targets for every parser of untrusted bytes: example records (protobuf and JSON),
//! the three text formats, the featurizer on whatever those accept, the reader that
//! composes them (`ExampleReader`), the worker
//! configuration, and the update role's decoding of gradients and changelog records.
//!
//! Each target asserts no panic plus a property of what is accepted. Under `cargo test`
//! bolero feeds each one random inputs for about a second (the CI run); `scripts/fuzz`
//! runs them coverage-guided with libFuzzer for as long as asked.

use bolero::check;
use ftrl_stream::config::{is_secret_property, load_with_env, REDACTED};
use ftrl_stream::learn::rule::CoordinateRule;
use ftrl_stream::learn::{Algorithm, CoordState, Feature, Hyperparameters, Loss, Optimizer};
use ftrl_stream::schema::example::{
    ExampleReader, Featurizer, LineFormat, Read, Reading, RecordDecoder, MAX_ABS_VALUE, MAX_FEATURES, MAX_WEIGHT,
};
use ftrl_stream::schema::framing::Framing;
use ftrl_stream::schema::mapping::Mapping;
use ftrl_stream::schema::proto::{
    decode_example, BatchMarker, GradientBatch, ProgressWindow, RecordFormat, StateRecord,
};
use ftrl_stream::schema::{parse_line, ExampleBuf};
use ftrl_stream::store::ModelStore;
use ftrl_stream::stream::apply::{Applier, Changes};
use ftrl_stream::stream::wire::MARKER_KEY;
use prost::Message;
use std::collections::{BTreeMap, HashMap};

/// What every parser promises about an example it accepts.
fn check_parsed(example: &ExampleBuf) {
    assert!(example.label.is_finite(), "{example:?}");
    assert!(example.weight.is_finite() && example.weight >= 0.0, "{example:?}");
    assert_eq!(example.features.len(), example.namespaces.len());
    assert!(example.features.len() <= MAX_FEATURES);
    assert!(example.features.iter().all(|f| f.value.is_finite() && f.value != 0.0), "{example:?}");
}

/// Featurizes an accepted example for several losses and crosses; what comes out must be
/// learnable: a valid label and weight, at most MAX_FEATURES distinct coordinates with
/// non-zero values within ±MAX_ABS_VALUE.
fn check_featurized(example: &ExampleBuf) {
    let losses = [Loss::Logistic, Loss::Squared, Loss::Softmax { classes: 3 }];
    let crosses = [vec![], vec!["ab".parse().unwrap(), "aa".parse().unwrap()]];
    for loss in losses {
        for crosses in &crosses {
            let mut out = Vec::new();
            if Featurizer::new(loss, crosses.clone()).featurize(example, &mut out).is_err() {
                assert!(out.is_empty(), "a rejected example leaves nothing behind");
                continue;
            }
            assert!(loss.validate_label(example.label).is_ok());
            assert!((0.0..=MAX_WEIGHT).contains(&example.weight));
            assert!(!out.is_empty() && out.len() <= MAX_FEATURES);
            assert!(out.iter().all(|f| f.value != 0.0 && f.value.abs() <= MAX_ABS_VALUE), "{out:?}");
            let mut coordinates: Vec<u64> = out.iter().map(|f| f.coordinate).collect();
            coordinates.sort_unstable();
            coordinates.dedup();
            assert_eq!(coordinates.len(), out.len(), "coordinates are distinct");
        }
    }
}

/// One line of a text format, as the embedded trainer reads it.
fn text_line(format: &LineFormat, bytes: &[u8]) {
    // The trainer refuses lines that are not UTF-8 before parsing; read leniently here, so
    // that random bytes reach the parser more often.
    let line = String::from_utf8_lossy(bytes);
    let mut example = ExampleBuf::default();
    if parse_line(format, &line, &mut example).is_ok() {
        check_parsed(&example);
        check_featurized(&example);
    }
}

/// One record of the examples topic, as the predict role reads it.
fn example_record(format: &RecordFormat, bytes: &[u8]) {
    let mut example = ExampleBuf::default();
    if decode_example(format, bytes, &mut example).is_ok() {
        check_parsed(&example);
        check_featurized(&example);
    }
}

// `check!()` sits in each test itself: bolero names a target (and its corpus) after the
// function it is called from.

#[test]
fn fuzz_vw_line() {
    check!().for_each(|bytes: &[u8]| text_line(&LineFormat::Vw, bytes));
}

#[test]
fn fuzz_libsvm_line() {
    check!().for_each(|bytes: &[u8]| text_line(&LineFormat::Libsvm, bytes));
}

#[test]
fn fuzz_jsonl_line() {
    check!().for_each(|bytes: &[u8]| text_line(&LineFormat::Jsonl, bytes));
}

#[test]
fn fuzz_protobuf_example() {
    check!().for_each(|bytes: &[u8]| example_record(&RecordFormat::Protobuf, bytes));
}

#[test]
fn fuzz_json_example() {
    check!().for_each(|bytes: &[u8]| example_record(&RecordFormat::Json, bytes));
}

/// A record through the worker's decoder: schema-registry framing in front of protobuf, or
/// a raw JSON event through the documented click mapping (framed or not: the first byte
/// chooses).
fn decoded_record(decoder: &RecordDecoder, bytes: &[u8]) {
    let mut example = ExampleBuf::default();
    if decoder.decode(bytes, &mut example).is_ok() {
        check_parsed(&example);
        check_featurized(&example);
    }
}

#[test]
fn fuzz_framed_protobuf_record() {
    let decoder = RecordDecoder::new(RecordFormat::Protobuf, Framing::SchemaRegistry, None);
    check!().for_each(|bytes: &[u8]| decoded_record(&decoder, bytes));
}

#[test]
fn fuzz_raw_event() {
    let text = include_str!("../../docs/clicks-mapping.toml");
    let format =
        RecordFormat::JsonEvents(std::sync::Arc::new(Mapping::from_toml(text, "docs/clicks-mapping.toml").unwrap()));
    let plain = RecordDecoder::new(format.clone(), Framing::None, None);
    let framed = RecordDecoder::new(format, Framing::SchemaRegistry, None);
    check!().for_each(|bytes: &[u8]| match bytes.first() {
        Some(0) => decoded_record(&framed, bytes),
        _ => decoded_record(&plain, bytes),
    });
}

/// Bytes through `ExampleReader::read`, the one entry every path reads examples by (a VW
/// line keeping unlabeled ones, a JSON line, a protobuf record; the first byte chooses):
/// an example appends learnable features after what was there, anything else leaves the
/// features as they were.
#[test]
fn fuzz_example_reader() {
    let featurizer = || Featurizer::new(Loss::Logistic, vec!["ab".parse().unwrap()]);
    let mut readers = [
        ExampleReader::new(Reading::Line(LineFormat::Vw), featurizer()).keeping_unlabeled(),
        ExampleReader::new(Reading::Line(LineFormat::Jsonl), featurizer()),
        ExampleReader::new(
            Reading::Record(RecordDecoder::new(RecordFormat::Protobuf, Framing::None, None)),
            featurizer(),
        ),
    ];
    let before = Feature { coordinate: 1, value: 0.5 };
    check!().for_each(|bytes: &[u8]| {
        let Some((choice, bytes)) = bytes.split_first() else { return };
        let reader = &mut readers[usize::from(*choice) % 3];
        let mut features = vec![before];
        match reader.read(bytes, &mut features) {
            Ok(Read::Example { .. }) => {
                check_parsed(reader.example());
                let added = &features[1..];
                assert!(!added.is_empty() && added.len() <= MAX_FEATURES);
                assert!(added.iter().all(|f| f.value != 0.0 && f.value.abs() <= MAX_ABS_VALUE), "{added:?}");
            }
            Ok(Read::Blank) | Err(_) => assert_eq!(features, vec![before]),
        }
        assert_eq!(features[0], before);
    });
}

/// The featurizer on arbitrary parsed examples, beyond what the text formats can spell:
/// any label, weight and values, repeated coordinates, many namespaces.
#[test]
fn fuzz_featurizer() {
    check!().with_type::<(f64, f64, Vec<(u8, u8, f64)>)>().for_each(|(label, weight, features)| {
        let mut example = ExampleBuf::default();
        example.clear();
        example.label = *label;
        example.weight = *weight;
        for (namespace, coordinate, value) in features {
            // Few distinct coordinates, so that repeats and merging are common.
            example.push(*namespace % 4 + b'a', u64::from(*coordinate % 16), *value);
        }
        check_featurized(&example);
    });
}

/// The worker configuration: TOML text plus `FTRL_*` overrides, loaded and validated.
#[test]
fn fuzz_config() {
    let file = tempfile::NamedTempFile::new().unwrap();
    check!().with_type::<(String, Vec<(String, String)>)>().for_each(|(text, vars)| {
        std::fs::write(file.path(), text).unwrap();
        let env: HashMap<String, String> = vars.iter().map(|(k, v)| (format!("FTRL_{k}"), v.clone())).collect();
        let Ok(config) = load_with_env(file.path(), env) else { return };
        let problems = config.validate();
        if problems.is_empty() {
            assert!(config.settings().is_ok(), "a valid configuration has usable model settings");
        }
        for (key, value) in config.kafka.redacted_options() {
            assert!(!is_secret_property(key) || value == REDACTED, "{key} is shown");
        }
        let _ = format!("{config:?}");
    });
}

fn fuzz_applier() -> Applier {
    let hyperparameters = Hyperparameters { clip_gradient: Some(1e6), ..Hyperparameters::default() };
    Applier::new(CoordinateRule::single(Optimizer { algorithm: Algorithm::FtrlProximal, hyperparameters }), true)
}

fn states(store: &mut ModelStore) -> BTreeMap<u64, CoordState> {
    let mut states = BTreeMap::new();
    store
        .for_each(|c, s| {
            states.insert(c, *s);
        })
        .unwrap();
    states
}

/// Gradients records as the update role reads them: each input is a sequence of records
/// decoded and applied in order. With clipping on (as docs/security.md recommends for hostile
/// input), no record can make a coordinate's state non-finite.
#[test]
fn fuzz_gradient_records() {
    check!().with_type::<Vec<Vec<u8>>>().for_each(|records| {
        let mut store = ModelStore::in_memory();
        let mut applier = fuzz_applier();
        let mut changes = Changes::default();
        let mut entries = 0;
        for (offset, payload) in records.iter().enumerate() {
            let Ok(batch) = GradientBatch::decode(&payload[..]) else { continue };
            entries += batch.examples.iter().map(|e| e.coordinates.len().min(e.gradients.len())).sum::<usize>();
            applier.apply(&mut store, 0, offset as i64, &batch, &mut changes).unwrap();
        }
        assert!(changes.applied as usize <= entries);
        for (coordinate, state) in states(&mut store) {
            assert!(state.z.is_finite() && state.n.is_finite() && state.n >= 0.0, "{coordinate}: {state:?}");
        }
        for window in &changes.windows {
            let _ = window.to_proto().progress(true);
        }
    });
}

/// Changelog records (coordinate states and batch markers) as a restoring update role
/// reads them, then the restore's result written to the store.
#[test]
fn fuzz_changelog_records() {
    check!().with_type::<Vec<(bool, u64, Vec<u8>)>>().for_each(|records| {
        let mut store = ModelStore::in_memory();
        let mut applier = fuzz_applier();
        let mut restore = applier.begin_restore(&store, &[0]).unwrap();
        let mut markers = 0;
        for (offset, (is_marker, coordinate, payload)) in records.iter().enumerate() {
            let key = if *is_marker { MARKER_KEY.to_vec() } else { coordinate.to_be_bytes().to_vec() };
            if *is_marker && BatchMarker::decode(&payload[..]).is_ok() {
                markers += 1;
            }
            applier.restore_record(&mut restore, 0, offset as i64, Some(&key), Some(payload));
        }
        let windows = applier.finish_restore(restore, &mut store).unwrap().windows;
        if markers == 0 {
            assert!(windows.is_empty());
        }
        for window in windows {
            let _ = window.progress(true);
        }
        let restored = states(&mut store);
        let decodable = records.iter().filter(|(m, _, p)| !m && StateRecord::decode(&p[..]).is_ok()).count();
        assert!(restored.len() <= decodable);
    });
}

/// Progress windows as `ftrl model progress` and restores read them.
#[test]
fn fuzz_progress_window() {
    check!().for_each(|bytes: &[u8]| {
        let Ok(window) = ProgressWindow::decode(bytes) else { return };
        for binary in [true, false] {
            let progress = window.progress(binary);
            assert_eq!(progress.count, window.count);
            assert_eq!(progress.auc_positive.len(), progress.auc_negative.len());
        }
    });
}
