//! Fault campaign: request errors injected with librdkafka's mock cluster (labelled as such:
//! `rdkafka::mocking::MockCluster`, an in-process fake broker that runs in this test process
//! on loopback), and local storage faults against the real test broker (Tansu). Every test
//! checks the stream's invariant afterwards and prints a row of the fault table.

mod common;

use common::*;
use rdkafka::mocking::MockCluster;
use rdkafka::producer::DefaultProducerContext;
use std::time::{Duration, Instant};

/// The topics of a model on the mock cluster, which has no CreateTopics API: created here
/// with the partitions `ftrl topics create` would give them.
fn create_mock_topics(mock: &MockCluster<'static, DefaultProducerContext>, setup: &Setup) {
    for (suffix, partitions) in [
        ("examples", setup.example_partitions),
        ("gradients", 4),
        ("deltas", 4),
        ("changelog", 4),
        ("progress", setup.example_partitions),
        ("predictions", setup.example_partitions),
        ("dlq", 1),
    ] {
        mock.create_topic(&setup.topic(suffix), partitions, 1).unwrap();
    }
}

fn mock_setup(mock: &MockCluster<'static, DefaultProducerContext>, prefix: &str) -> Setup {
    let broker = Broker { dir: tempfile::tempdir().unwrap(), bootstrap: mock.bootstrap_servers() };
    let setup = Setup { dir: tempfile::tempdir().unwrap(), broker, prefix: prefix.to_string(), example_partitions: 2 };
    create_mock_topics(mock, &setup);
    setup
}

#[test]
fn probe_mock_cluster() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mock = MockCluster::new(1).unwrap();
    let setup = mock_setup(&mock, "probe");
    let config = setup.config_with("w1", "protobuf", |text| {
        text.replace("session_timeout_ms = 2000", "session_timeout_ms = 10000")
            + "\n[kafka.librdkafka_options]\n\"debug\" = \"cgrp,protocol\"\n"
    });
    let (_, generated) = generated(setup.dir.path(), 2_000);
    let payloads: Vec<Vec<u8>> = generated.into_iter().map(|(_, proto)| proto).collect();
    produce(&setup, &payloads);
    let worker = Worker::start(&config, setup.dir.path().join("w1.log"));
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (count, _) = progress(&setup);
        eprintln!("progress {count}");
        if count >= 2_000 || Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_secs(2));
    }
    std::fs::copy(&worker.log, "/tmp/probe-w1.log").unwrap();
    worker.stop();
}
