//! Micro-benchmarks of the hot path: the per-coordinate update rules, and one whole
//! example step against the in-memory and the RocksDB-backed store.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ftrl_stream::learn::{Algorithm, CoordState, Feature, Hyperparameters, Learner, Loss, Optimizer};
use ftrl_stream::store::ModelStore;
use std::hint::black_box;

fn optimizer(algorithm: Algorithm) -> Optimizer {
    Optimizer {
        algorithm,
        hyperparameters: Hyperparameters { alpha: 0.1, beta: 1.0, l1: 0.01, l2: 0.01, ..Default::default() },
    }
}

fn update_rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("coordinate_update");
    group.throughput(Throughput::Elements(1));
    for algorithm in [Algorithm::FtrlProximal, Algorithm::Rda, Algorithm::Adagrad] {
        let opt = optimizer(algorithm);
        group.bench_function(format!("{algorithm:?}"), |b| {
            let mut state = CoordState { z: 0.3, n: 2.0, updates: 5, sum: 0.0, seen: 0 };
            let mut g = 0.1;
            b.iter(|| {
                let w = opt.weight(&state);
                opt.apply_gradient(&mut state, black_box(g), w);
                g = -g;
                w
            })
        });
    }
    group.finish();
}

/// 10,000 distinct examples of 25 features over a 200,000-coordinate model.
fn examples() -> Vec<Vec<Feature>> {
    let mut x = 0x9e3779b97f4a7c15u64;
    (0..10_000)
        .map(|_| {
            (0..25)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x % 200_000
                })
                .collect::<std::collections::BTreeSet<u64>>()
                .into_iter()
                .map(|coordinate| Feature { coordinate, value: 1.0 })
                .collect()
        })
        .collect()
}

fn example_step(c: &mut Criterion) {
    let examples = examples();
    let mut group = c.benchmark_group("example_step");
    group.throughput(Throughput::Elements(examples.len() as u64));
    let mut learner = Learner::new(optimizer(Algorithm::FtrlProximal), Loss::Logistic);
    group.bench_function("in_memory", |b| {
        let mut store = ModelStore::in_memory();
        b.iter(|| {
            for (i, features) in examples.iter().enumerate() {
                black_box(learner.learn(&mut store, features, (i % 2) as f64, 1.0).ok());
            }
        })
    });
    group.bench_function("rocksdb_backed_fits_cache", |b| {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut store = ModelStore::open(dir.path(), 1 << 20).expect("open store");
        b.iter(|| {
            for (i, features) in examples.iter().enumerate() {
                black_box(learner.learn(&mut store, features, (i % 2) as f64, 1.0).ok());
            }
        })
    });
    group.bench_function("rocksdb_backed_cache_10pct", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().expect("temp dir");
                let store = ModelStore::open(dir.path(), 20_000).expect("open store");
                (dir, store)
            },
            |(_dir, mut store)| {
                for (i, features) in examples.iter().enumerate() {
                    black_box(learner.learn(&mut store, features, (i % 2) as f64, 1.0).ok());
                }
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, update_rules, example_step);
criterion_main!(benches);
