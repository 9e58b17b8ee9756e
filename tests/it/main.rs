//! The integration tests, one binary with a module per area: each test binary was linked
//! on its own (thin LTO, RocksDB and librdkafka in each), four links on two cores.
//!
//! - `cli`: the `ftrl` binary end to end (generate, train, predict, export, every input
//!   format, bad input), and the consistency of the README, deploy files and Dockerfile.
//! - `stream`: the Kafka worker against a real Kafka-protocol broker (Tansu).
//! - `operators`: what operators do to the predict group's offsets (resets, a deleted
//!   group, partitions added), each with its documented meaning, against Tansu.
//! - `fences`: what stops a second writer: a frozen update role waking as a zombie, `ftrl
//!   replay` run again into the same prefix, a worker whose settings differ from the model's.
//! - `faults`: fault campaigns (librdkafka's mock cluster, and storage faults on Tansu).
//! - `live`: a worker never stops silently: records at every size limit, transactions left
//!   open (against Tansu).
//! - `vw`: `ftrl vw` against Vowpal Wabbit (its Python package) on VW's own command lines.
//! - `fuzz`: the fuzz targets, each fed random inputs for about a second (`scripts/fuzz`
//!   runs them coverage-guided).
//!
//! One area: `cargo test --release --test it stream::`; one test: its name as the filter.

mod cli;
mod common;
mod faults;
mod fences;
mod fuzz;
mod live;
mod operators;
mod stream;
mod vw;
