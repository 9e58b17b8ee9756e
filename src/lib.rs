//! ftrl-stream: online sparse linear models trained from event logs.
//!
//! * `learn`: the math (losses, FTRL-Proximal, RDA, AdaGrad, progressive validation).
//! * `store`: coordinate state in a bounded cache in front of RocksDB.
//! * `schema`: example formats and featurization (crosses, bias, validation).
//! * `input`, `train`: the embedded trainer (files, stdin).
//! * `model`: a model's settings and state together.
//! * `gen`: synthetic data with a known truth.
//! * `config`, `stream`: the Kafka worker (predict and update roles, weight view, admin).
//! * `cli`, `commands`: the `ftrl` command line.

pub mod cli;
pub mod commands;
pub mod config;
pub mod gen;
pub mod input;
pub mod learn;
pub mod model;
pub mod schema;
pub mod store;
pub mod stream;
pub mod train;
