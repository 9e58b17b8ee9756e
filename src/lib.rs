//! ftrl-stream: online sparse linear models trained from event logs.
//!
//! * `learn`: the math (losses, FTRL-Proximal, RDA, AdaGrad, progressive validation).
//! * `store`: coordinate state in a bounded cache in front of RocksDB.
//! * `schema`: example formats, and the one way from an example's bytes to its features.
//! * `input`, `train`: the embedded trainer (files, stdin).
//! * `model`: a model's settings and state together.
//! * `gen`: synthetic data with a known truth.
//! * `config`, `stream`: the Kafka worker (predict and update roles, weight view, admin).
//! * `observe`: logs, metrics, health endpoints; `serve`: predictions over HTTP from the deltas.
//! * `cli`, `commands`: the `ftrl` command line; `vw_command`: `ftrl vw`, VW's.

#![warn(unreachable_pub)]
// These docs are for the crate's developers (`cargo doc --document-private-items`): a
// public item's documentation may point into the `pub(crate)` code it rests on.
#![allow(rustdoc::private_intra_doc_links)]

pub(crate) mod audit;
pub mod cli;
pub mod commands;
pub mod config;
pub(crate) mod gen;
pub mod input;
pub mod learn;
pub(crate) mod learner_options;
pub(crate) mod model;
pub mod observe;
pub mod schema;
pub(crate) mod serve;
pub(crate) mod simulate;
pub mod store;
pub mod stream;
pub(crate) mod train;
pub(crate) mod vw_command;
