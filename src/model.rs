//! A model on disk or in memory: its settings (what was trained, how) and its state.

use crate::learn::hashing::HASH_VERSION;
use crate::learn::{Learner, Loss, Optimizer};
use crate::schema::featurize::{Cross, Featurizer};
use crate::store::{ModelStore, StoreError};
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;

/// Version of the on-disk layout (`store::rocks` and this struct).
pub const FORMAT_VERSION: u32 = 1;
const SETTINGS_KEY: &str = "settings";
const EXAMPLES_KEY: &str = "examples_learned";

/// Everything needed to interpret stored coordinate states and to keep training them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSettings {
    pub format_version: u32,
    pub hash_version: u32,
    pub optimizer: Optimizer,
    pub loss: Loss,
    /// Namespace pairs crossed when examples are read, like "ab".
    pub crosses: Vec<String>,
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
}

impl ModelSettings {
    pub fn new(optimizer: Optimizer, loss: Loss, crosses: &[Cross]) -> Self {
        Self {
            format_version: FORMAT_VERSION,
            hash_version: HASH_VERSION,
            optimizer,
            loss,
            crosses: crosses.iter().map(Cross::to_string).collect(),
        }
    }

    pub fn crosses(&self) -> Result<Vec<Cross>, ModelError> {
        self.crosses.iter().map(|c| c.parse().map_err(ModelError::Settings)).collect()
    }

    pub fn learner(&self) -> Learner {
        Learner::new(self.optimizer, self.loss)
    }

    pub fn featurizer(&self) -> Result<Featurizer, ModelError> {
        Ok(Featurizer::new(self.loss, self.crosses()?))
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
        out.join(", ")
    }
}

/// Settings plus state.
pub struct Model {
    pub settings: ModelSettings,
    pub store: ModelStore,
    /// Examples learned over the model's whole life (across runs).
    pub examples_learned: u64,
}

impl Model {
    pub fn in_memory(settings: ModelSettings) -> Self {
        Self { settings, store: ModelStore::in_memory(), examples_learned: 0 }
    }

    /// Opens the model at `path` for training with `settings`, creating it if it is new.
    /// An existing model must have been trained with the same settings.
    pub fn open_or_create(path: &Path, settings: ModelSettings, cache_capacity: usize) -> Result<Self, ModelError> {
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
    pub fn open(path: &Path, cache_capacity: usize) -> Result<Self, ModelError> {
        let store = ModelStore::open(path, cache_capacity)?;
        let settings =
            read_settings(&store)?.ok_or_else(|| ModelError::Missing { path: path.display().to_string() })?;
        let examples_learned = read_examples(&store)?;
        Ok(Self { settings, store, examples_learned })
    }

    /// Makes everything learned so far durable.
    pub fn checkpoint(&mut self) -> Result<(), ModelError> {
        self.store.set_metadata(EXAMPLES_KEY, self.examples_learned.to_string().into_bytes());
        self.store.checkpoint()?;
        Ok(())
    }

    /// Counts coordinates and those whose weight is not zero.
    pub fn count_weights(&mut self) -> Result<(u64, u64), ModelError> {
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
    #[derive(Deserialize)]
    struct Versions {
        format_version: u32,
        hash_version: u32,
    }
    let versions: Versions = serde_json::from_slice(&bytes).map_err(|e| ModelError::Settings(e.to_string()))?;
    if versions.format_version != FORMAT_VERSION || versions.hash_version != HASH_VERSION {
        return Err(ModelError::Version { found: versions.format_version, hash: versions.hash_version });
    }
    serde_json::from_slice(&bytes).map(Some).map_err(|e| ModelError::Settings(e.to_string()))
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
