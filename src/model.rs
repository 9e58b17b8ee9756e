//! A model on disk or in memory: its settings (what was trained, how) and its state.

use crate::learn::admission::Admission;
use crate::learn::clip::PredictionRange;
use crate::learn::hashing::HASH_VERSION;
use crate::learn::hedge::HedgeState;
use crate::learn::{Learner, Loss, Optimizer, StepRule};
use crate::schema::example::{Cross, Featurizer, NamespaceFilter};
use crate::store::{ModelStore, StoreError};
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;

/// Version of the on-disk layout (`store::rocks` and this struct).
pub(crate) const FORMAT_VERSION: u32 = 1;
const SETTINGS_KEY: &str = "settings";
const EXAMPLES_KEY: &str = "examples_learned";
const HEDGE_KEY: &str = "hedge_state";
const GLOBAL_KEY: &str = "learner_state";

/// Everything needed to interpret stored coordinate states and to keep training them.
///
/// Stored with every model as JSON. A field missing from a stored model (written before the
/// field existed) reads as its default, so a setting can be added without making stored
/// models unreadable; a field this build does not know is refused ([`ModelError::Newer`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelSettings {
    pub format_version: u32,
    pub hash_version: u32,
    pub optimizer: Optimizer,
    pub loss: Loss,
    /// Namespace pairs crossed when examples are read, like "ab".
    pub crosses: Vec<String>,
    /// How the loss derivative becomes the step. Left out when `gradient`, so models that
    /// do not use it read the same as before the setting existed (and old ones read as
    /// `gradient`). Stored as `update`, the name of its flag and configuration key.
    #[serde(rename = "update", skip_serializing_if = "StepRule::is_gradient")]
    pub step_rule: StepRule,
    /// The learning rates α of a Hedge mixture (one learner each, `optimizer` otherwise);
    /// empty for a single learner with `optimizer`'s α.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hedge: Vec<f64>,
    /// When a coordinate gets state (`all`: at its first occurrence).
    #[serde(skip_serializing_if = "Admission::is_all")]
    pub admission: Admission,
    /// Where single-output predictions are clipped (VW's); none by default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prediction_range: Option<PredictionRange>,
    /// Which namespaces' features examples keep (VW's --ignore, --keep).
    #[serde(skip_serializing_if = "NamespaceFilter::is_all")]
    pub namespaces: NamespaceFilter,
    /// No bias coordinate (VW's --noconstant).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_bias: bool,
}

#[derive(Debug, Error)]
pub enum ModelError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("model settings are unreadable: {0}")]
    Settings(String),
    #[error("{path} holds no model (no settings found)")]
    Missing { path: String },
    #[error("the model at {path} was trained with different settings: {differences}; train it with the same settings or use a new --model directory")]
    Mismatch { path: String, differences: String },
    #[error("the model uses format {found}/hash {hash}, this build reads format {FORMAT_VERSION}/hash {HASH_VERSION}")]
    Version { found: u32, hash: u32 },
    #[error(
        "the model was written by a newer version of ftrl: its settings hold what this build does not know ({unknown})"
    )]
    Newer { unknown: String },
}

impl Default for ModelSettings {
    fn default() -> Self {
        Self::new(Optimizer::default(), Loss::Logistic, &[])
    }
}

impl ModelSettings {
    pub fn new(optimizer: Optimizer, loss: Loss, crosses: &[Cross]) -> Self {
        Self {
            format_version: FORMAT_VERSION,
            hash_version: HASH_VERSION,
            optimizer,
            loss,
            crosses: crosses.iter().map(Cross::to_string).collect(),
            step_rule: StepRule::Gradient,
            hedge: Vec::new(),
            admission: Admission::All,
            prediction_range: None,
            namespaces: NamespaceFilter::All,
            no_bias: false,
        }
    }

    pub fn crosses(&self) -> Result<Vec<Cross>, ModelError> {
        self.crosses.iter().map(|c| c.parse().map_err(ModelError::Settings)).collect()
    }

    /// The learner these settings describe: one, or a Hedge mixture, with their admission.
    pub fn learner(&self) -> Learner {
        Learner::new(self.optimizer, self.loss)
            .with_prediction_range(self.prediction_range)
            .with_step_rule(self.step_rule)
            .with_hedge(&self.hedge)
            .with_admission(self.admission)
    }

    /// What the owner of a coordinate applies in a sharded model (the stream's update role).
    pub fn coordinate_rule(&self) -> crate::learn::rule::CoordinateRule {
        crate::learn::rule::CoordinateRule::new(self.optimizer, &self.hedge, self.admission, self.loss.outputs())
    }

    /// What predicts from a weight view and computes gradients (the stream's predict role).
    pub fn view_learner(&self) -> crate::learn::ViewLearner {
        crate::learn::ViewLearner::new(self.optimizer, self.loss, self.step_rule, &self.hedge)
            .with_prediction_range(self.prediction_range)
    }

    pub fn featurizer(&self) -> Result<Featurizer, ModelError> {
        Ok(Featurizer::new(self.loss, self.crosses()?).with_namespaces(&self.namespaces, self.no_bias))
    }

    /// The fields that differ from `other`, for error messages.
    fn differences(&self, other: &ModelSettings) -> String {
        let mut out = Vec::new();
        if self.optimizer != other.optimizer {
            out.push(format!("optimizer {:?} vs {:?}", self.optimizer, other.optimizer));
        }
        if self.loss != other.loss {
            out.push(format!("loss {:?} vs {:?}", self.loss, other.loss));
        }
        if self.crosses != other.crosses {
            out.push(format!("crosses {:?} vs {:?}", self.crosses, other.crosses));
        }
        if self.step_rule != other.step_rule {
            out.push(format!("update {:?} vs {:?}", self.step_rule, other.step_rule));
        }
        if self.hedge != other.hedge {
            out.push(format!("hedge {:?} vs {:?}", self.hedge, other.hedge));
        }
        if self.admission != other.admission {
            out.push(format!("admission {:?} vs {:?}", self.admission, other.admission));
        }
        if self.namespaces != other.namespaces || self.no_bias != other.no_bias {
            out.push(format!("namespaces {:?} vs {:?}", self.namespaces, other.namespaces));
        }
        if self.prediction_range != other.prediction_range {
            out.push(format!("prediction range {:?} vs {:?}", self.prediction_range, other.prediction_range));
        }
        out.join(", ")
    }
}

/// Settings plus state.
pub(crate) struct Model {
    pub settings: ModelSettings,
    pub store: ModelStore,
    /// Examples learned over the model's whole life (across runs).
    pub examples_learned: u64,
}

impl Model {
    pub(crate) fn in_memory(settings: ModelSettings) -> Self {
        Self { settings, store: ModelStore::in_memory(), examples_learned: 0 }
    }

    /// Opens the model at `path` for training with `settings`, creating it if it is new.
    /// An existing model must have been trained with the same settings.
    pub(crate) fn open_or_create(
        path: &Path,
        settings: ModelSettings,
        cache_capacity: usize,
    ) -> Result<Self, ModelError> {
        let mut store = ModelStore::open(path, cache_capacity)?;
        match read_settings(&store)? {
            Some(stored) if stored != settings => Err(ModelError::Mismatch {
                path: path.display().to_string(),
                differences: stored.differences(&settings),
            }),
            Some(_) => {
                let examples_learned = read_examples(&store)?;
                Ok(Self { settings, store, examples_learned })
            }
            None => {
                store.set_metadata(
                    SETTINGS_KEY,
                    serde_json::to_vec(&settings).map_err(|e| ModelError::Settings(e.to_string()))?,
                );
                Ok(Self { settings, store, examples_learned: 0 })
            }
        }
    }

    /// Opens an existing model with the settings it was trained with.
    pub(crate) fn open(path: &Path, cache_capacity: usize) -> Result<Self, ModelError> {
        let store = ModelStore::open(path, cache_capacity)?;
        let settings =
            read_settings(&store)?.ok_or_else(|| ModelError::Missing { path: path.display().to_string() })?;
        let examples_learned = read_examples(&store)?;
        Ok(Self { settings, store, examples_learned })
    }

    /// Makes everything learned so far durable.
    pub(crate) fn checkpoint(&mut self) -> Result<(), ModelError> {
        self.store.set_metadata(EXAMPLES_KEY, self.examples_learned.to_string().into_bytes());
        self.store.checkpoint()?;
        Ok(())
    }

    /// The learner of this model, with a Hedge's state restored from the last checkpoint.
    pub(crate) fn learner(&self) -> Result<Learner, ModelError> {
        let mut learner = self.settings.learner();
        if let Some(hedge) = learner.hedge_mut() {
            if let Some(bytes) = self.store.metadata(HEDGE_KEY)? {
                let state: HedgeState =
                    serde_json::from_slice(&bytes).map_err(|e| ModelError::Settings(format!("hedge state: {e}")))?;
                hedge.restore(state);
            }
        }
        if let Some(bytes) = self.store.metadata(GLOBAL_KEY)? {
            let state =
                serde_json::from_slice(&bytes).map_err(|e| ModelError::Settings(format!("learner state: {e}")))?;
            learner.restore_global_state(state);
        }
        Ok(learner)
    }

    /// Keeps a Hedge's state, the clipping range and VW's normalizer with the model (durable
    /// at the next checkpoint).
    pub(crate) fn save_learner(&mut self, learner: &Learner) -> Result<(), ModelError> {
        if let Some(hedge) = learner.hedge() {
            let bytes = serde_json::to_vec(hedge.state()).map_err(|e| ModelError::Settings(e.to_string()))?;
            self.store.set_metadata(HEDGE_KEY, bytes);
        }
        // Only models that clip or learn with VW's rule have one worth keeping.
        if self.settings.prediction_range.is_some() || self.settings.optimizer.gd().is_some() {
            let bytes = serde_json::to_vec(&learner.global_state()).map_err(|e| ModelError::Settings(e.to_string()))?;
            self.store.set_metadata(GLOBAL_KEY, bytes);
        }
        Ok(())
    }

    /// Counts coordinates and those whose weight is not zero (of every learner of a Hedge).
    pub(crate) fn count_weights(&mut self) -> Result<(u64, u64), ModelError> {
        let optimizer = self.settings.optimizer;
        let (mut coordinates, mut nonzero) = (0, 0);
        self.store.for_each(|_, state| {
            coordinates += 1;
            if optimizer.weight(state) != 0.0 {
                nonzero += 1;
            }
        })?;
        Ok((coordinates, nonzero))
    }
}

fn read_settings(store: &ModelStore) -> Result<Option<ModelSettings>, ModelError> {
    let Some(bytes) = store.metadata(SETTINGS_KEY)? else { return Ok(None) };
    parse_settings(&bytes).map(Some)
}

/// The settings stored as `bytes`. A field or a value this build has no name for comes from
/// a newer version, which writes a setting only when it is not at the default that matches
/// older builds: ignoring it would train or predict with a rule the model was not trained
/// with, so it is refused, as [`ModelError::Newer`].
fn parse_settings(bytes: &[u8]) -> Result<ModelSettings, ModelError> {
    #[derive(Deserialize)]
    struct Versions {
        format_version: u32,
        hash_version: u32,
    }
    let versions: Versions = serde_json::from_slice(bytes).map_err(|e| ModelError::Settings(e.to_string()))?;
    if versions.format_version != FORMAT_VERSION || versions.hash_version != HASH_VERSION {
        return Err(ModelError::Version { found: versions.format_version, hash: versions.hash_version });
    }
    serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_slice(bytes)).map_err(|e| {
        let reason = e.inner().to_string();
        // serde's own wording for a key or a variant name the types do not list.
        if reason.starts_with("unknown field") || reason.starts_with("unknown variant") {
            ModelError::Newer { unknown: format!("{}: {reason}", e.path()) }
        } else {
            ModelError::Settings(reason)
        }
    })
}

fn read_examples(store: &ModelStore) -> Result<u64, ModelError> {
    match store.metadata(EXAMPLES_KEY)? {
        None => Ok(0),
        Some(bytes) => std::str::from_utf8(&bytes)
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| ModelError::Settings("examples_learned is not a number".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::gd::GdParts;
    use crate::learn::{Algorithm, Hyperparameters};

    fn settings() -> ModelSettings {
        let optimizer =
            Optimizer { algorithm: crate::learn::Algorithm::FtrlProximal, hyperparameters: Hyperparameters::default() };
        ModelSettings::new(optimizer, Loss::Logistic, &[])
    }

    /// Models written before `update` and `hedge` existed read as gradient steps with one
    /// learner, and default settings are written exactly as before.
    #[test]
    fn settings_without_the_new_fields_read_as_before() {
        let json = serde_json::to_string(&settings()).unwrap();
        assert!(!json.contains("update") && !json.contains("hedge") && !json.contains("admission"), "{json}");
        let old: ModelSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(old, settings());
        let mut new = settings();
        new.step_rule = StepRule::Aprox;
        new.hedge = vec![0.1, 1.0];
        new.admission = Admission::MinCount { count: 2 };
        let json = serde_json::to_string(&new).unwrap();
        assert!(json.contains(r#""update":"aprox""#), "stored under the name it always had: {json}");
        assert_eq!(serde_json::from_str::<ModelSettings>(&json).unwrap(), new);
        assert!(new.differences(&settings()).contains("hedge"));
    }

    /// Settings with every stored field away from its default, as fixtures keep them.
    fn every_field_set() -> ModelSettings {
        let hyperparameters = Hyperparameters {
            alpha: 0.5,
            beta: 0.25,
            l1: 0.0,
            l2: 0.0,
            bound: None,
            clip_gradient: None,
            power_t: 0.25,
            initial_t: 1.0,
            gd: GdParts { adaptive: true, normalized: false, invariant: true },
        };
        let optimizer = Optimizer { algorithm: Algorithm::Gd, hyperparameters };
        let mut settings = ModelSettings::new(optimizer, Loss::Squared, &["ab".parse().unwrap()]);
        settings.prediction_range = Some(PredictionRange { min: -1.0, max: 2.0, widen_to_labels: true });
        settings.namespaces = NamespaceFilter::Ignore("xy".into());
        settings.no_bias = true;
        settings
    }

    /// A stored settings record of `tests/fixtures/model-settings`.
    fn fixture(name: &str) -> Vec<u8> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/model-settings").join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn stored_models_load() {
        assert_eq!(parse_settings(&fixture("defaults.json")).unwrap(), settings());
        assert_eq!(parse_settings(&fixture("vw-gd.json")).unwrap(), every_field_set());
        let mut regularized = settings();
        regularized.optimizer.hyperparameters = Hyperparameters {
            l1: 1.0,
            l2: 0.5,
            bound: Some(3.0),
            clip_gradient: Some(10.0),
            ..Hyperparameters::default()
        };
        regularized.step_rule = StepRule::Implicit;
        regularized.hedge = vec![0.1, 1.0];
        regularized.admission = Admission::MinCount { count: 2 };
        assert_eq!(parse_settings(&fixture("ftrl-regularized.json")).unwrap(), regularized);
    }

    /// A model stored before a setting existed lacks its field: it reads as the default.
    #[test]
    fn a_missing_field_reads_as_its_default() {
        let mut stored: serde_json::Value = serde_json::from_slice(&fixture("vw-gd.json")).unwrap();
        let hyperparameters = stored["optimizer"]["hyperparameters"].as_object_mut().unwrap();
        hyperparameters.remove("power_t");
        hyperparameters.remove("clip_gradient");
        hyperparameters["gd"].as_object_mut().unwrap().remove("normalized");
        stored.as_object_mut().unwrap().remove("no_bias");
        let read = parse_settings(&serde_json::to_vec(&stored).unwrap()).unwrap();
        let mut expected = every_field_set();
        expected.optimizer.hyperparameters.power_t = Hyperparameters::default().power_t;
        expected.optimizer.hyperparameters.gd.normalized = GdParts::default().normalized;
        expected.no_bias = false;
        assert_eq!(read, expected);
    }

    /// A setting a newer version wrote, which this build would ignore, is refused by name.
    #[test]
    fn a_field_of_a_newer_version_is_refused() {
        let mut stored: serde_json::Value = serde_json::from_slice(&fixture("defaults.json")).unwrap();
        stored["optimizer"]["hyperparameters"]["l3"] = 0.5.into();
        let err = parse_settings(&serde_json::to_vec(&stored).unwrap()).unwrap_err();
        assert!(matches!(err, ModelError::Newer { .. }), "{err}");
        let message = err.to_string();
        assert!(message.contains("newer version") && message.contains("`l3`"), "{message}");
        let mut stored: serde_json::Value = serde_json::from_slice(&fixture("defaults.json")).unwrap();
        stored["optimizer"]["algorithm"] = "adam".into();
        let err = parse_settings(&serde_json::to_vec(&stored).unwrap()).unwrap_err();
        assert!(matches!(err, ModelError::Newer { .. }) && err.to_string().contains("`adam`"), "{err}");
        // What is not a newer version's is unreadable, as before.
        let err = parse_settings(br#"{"format_version":1,"hash_version":1,"crosses":3}"#).unwrap_err();
        assert!(matches!(err, ModelError::Settings(_)), "{err}");
    }

    #[test]
    fn hedge_state_survives_a_checkpoint() {
        let mut s = settings();
        s.hedge = vec![0.1, 1.0];
        let dir = tempfile::tempdir().unwrap();
        {
            let mut model = Model::open_or_create(dir.path(), s.clone(), 100).unwrap();
            let mut learner = model.learner().unwrap();
            let hedge = learner.hedge_mut().unwrap();
            hedge.restore(HedgeState { cumulative_losses: vec![2.0, 5.0], weight_sum: 4.0 });
            model.save_learner(&learner).unwrap();
            model.checkpoint().unwrap();
        }
        let model = Model::open_or_create(dir.path(), s, 100).unwrap();
        let again = model.learner().unwrap();
        assert_eq!(again.hedge().unwrap().state().cumulative_losses, vec![2.0, 5.0]);
    }
}
