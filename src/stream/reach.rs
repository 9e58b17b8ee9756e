//! Whether the brokers of `kafka.bootstrap_servers` can be reached, and if not why, in plain
//! words and within seconds: librdkafka alone retries quietly and reports a wrong address
//! only as a timeout a minute later. A client with the worker's settings (TLS and SASL
//! included) asks for the cluster's metadata; the errors librdkafka reports meanwhile say what
//! went wrong (the name does not resolve, nothing listens, what answers is not Kafka, the TLS
//! handshake or the authentication failed).

use super::kafka::client_config;
use crate::config::WorkerConfig;
use crate::observe::events::{ClusterUnreachable, InternalEvent};
use rdkafka::client::ClientContext;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::error::KafkaError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long the metadata request may take before the brokers count as unreachable.
pub(crate) const TIMEOUT: Duration = Duration::from_secs(6);

/// The brokers could not be reached: where, and why.
#[derive(Debug, thiserror::Error)]
#[error("cannot reach the Kafka brokers at {servers} (kafka.bootstrap_servers): {why}")]
pub(crate) struct Unreachable {
    pub servers: String,
    pub why: String,
}

/// Collects the errors librdkafka reports while the probe runs.
#[derive(Default)]
struct Probe {
    errors: Mutex<Vec<String>>,
}

impl ClientContext for Probe {
    fn error(&self, error: KafkaError, reason: &str) {
        if let Ok(mut errors) = self.errors.lock() {
            let reason = if reason.is_empty() { error.to_string() } else { reason.to_string() };
            if !errors.contains(&reason) {
                errors.push(reason);
            }
        }
    }
}

impl rdkafka::consumer::ConsumerContext for Probe {}

/// Ok once a broker answers a metadata request within `timeout`; else what librdkafka saw.
pub(crate) fn check(config: &WorkerConfig, timeout: Duration) -> Result<(), Unreachable> {
    probe(config, timeout, &AtomicBool::new(false)).map(drop)
}

/// The cluster's topics and their partition counts.
type Topics = Vec<(String, usize)>;

/// [`check`] returning the cluster's topics, giving up (within half a second) once
/// `shutdown` is set.
fn probe(config: &WorkerConfig, timeout: Duration, shutdown: &AtomicBool) -> Result<Topics, Unreachable> {
    let unreachable = |why: String| Unreachable { servers: config.kafka.bootstrap_servers.clone(), why };
    let consumer: BaseConsumer<Probe> = client_config(config)
        // librdkafka retries a refused connection after reconnect.backoff.ms; the first
        // failure is what the probe needs.
        .set("reconnect.backoff.ms", "100")
        .create_with_context(Probe::default())
        .map_err(|e| unreachable(format!("cannot create a client: {e}")))?;
    // Short requests with polls between them: librdkafka hands its errors to the context
    // only when the client is polled, and a refused or unresolvable address is a definite
    // answer as soon as it is reported.
    let deadline = Instant::now() + timeout;
    loop {
        let attempt = deadline.saturating_duration_since(Instant::now()).min(Duration::from_millis(500));
        let result = consumer.fetch_metadata(None, attempt);
        let _ = consumer.poll(Duration::ZERO);
        let errors = consumer.context().errors.lock().map(|e| e.clone()).unwrap_or_default();
        match result {
            Ok(metadata) if !metadata.brokers().is_empty() => {
                return Ok(metadata.topics().iter().map(|t| (t.name().to_owned(), t.partitions().len())).collect())
            }
            Ok(_) => return Err(unreachable("the cluster lists no brokers".into())),
            Err(error) if definite(&errors) || Instant::now() >= deadline || shutdown.load(Ordering::Acquire) => {
                return Err(unreachable(explain(&errors, &error, timeout)));
            }
            Err(_) => {}
        }
    }
}

/// What is wrong with the model's topics on the cluster: those of `needed` that do not
/// exist, and coordinate-sharded ones whose partitions differ from `model.partitions`.
fn topic_problems(config: &WorkerConfig, topics: &Topics, needed: &[String]) -> Vec<String> {
    let names = config.topics();
    let sharded = [&names.gradients, &names.deltas, &names.changelog];
    let mut missing = Vec::new();
    let mut problems = Vec::new();
    for name in needed {
        match topics.iter().find(|(t, _)| t == name) {
            None => missing.push(name.as_str()),
            Some((_, partitions)) if sharded.contains(&name) && *partitions != config.model.partitions as usize => {
                problems.push(format!(
                    "topic {name} has {partitions} partitions but model.partitions is {}",
                    config.model.partitions
                ));
            }
            Some(_) => {}
        }
    }
    if !missing.is_empty() {
        let verb = if missing.len() == 1 { "does" } else { "do" };
        problems.insert(
            0,
            format!(
                "topic {} {verb} not exist (create the model's topics with `ftrl topics create`)",
                missing.join(", ")
            ),
        );
    }
    problems
}

/// Waits until the brokers can be reached and the `needed` topics exist (with
/// `model.partitions` partitions where the coordinates are sharded), logging what is wrong
/// at once and then every 30 s, and telling `/ready` so; returns false if `shutdown` was set
/// first.
pub(crate) fn wait(config: &WorkerConfig, shutdown: &AtomicBool, needed: &[String]) -> bool {
    let mut logged: Option<Instant> = None;
    loop {
        if shutdown.load(Ordering::Acquire) {
            return false;
        }
        // The probe notices SIGTERM within half a second.
        let problem = match probe(config, TIMEOUT, shutdown) {
            Ok(topics) => {
                let problems = topic_problems(config, &topics, needed);
                if problems.is_empty() {
                    crate::observe::health().brokers_reached();
                    return true;
                }
                problems.join("; ")
            }
            Err(unreachable) => {
                ClusterUnreachable { error: &unreachable }.emit();
                unreachable.to_string()
            }
        };
        crate::observe::health().brokers_unreachable(problem.clone());
        if logged.is_none_or(|at| at.elapsed() >= Duration::from_secs(30)) {
            tracing::error!(error = %problem, "waiting for the Kafka cluster");
            logged = Some(Instant::now());
        }
        let pause = Instant::now() + Duration::from_secs(1);
        while Instant::now() < pause && !shutdown.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Whether librdkafka's errors settle the matter now (a broker that merely stumbled on a
/// first request gets until the deadline).
fn definite(errors: &[String]) -> bool {
    errors.iter().any(|e| {
        let e = e.to_ascii_lowercase();
        e.contains("connection refused") || e.contains("resolve")
    })
}

/// librdkafka's errors in plain words: the likely cause first, then its own words.
fn explain(errors: &[String], error: &KafkaError, timeout: Duration) -> String {
    let seen = errors.join("; ");
    let has = |needles: &[&str]| needles.iter().any(|n| seen.to_ascii_lowercase().contains(&n.to_ascii_lowercase()));
    let cause = if has(&["resolve"]) {
        "the host name does not resolve (DNS)"
    } else if has(&["connection refused"]) {
        "nothing listens at that address (connection refused)"
    } else if has(&["ssl handshake", "certificate"]) {
        "the TLS handshake failed (check security.protocol and the ssl.* settings)"
    } else if has(&["sasl", "authentication"]) {
        "authentication failed (check the sasl.* settings)"
    } else if has(&["invalid response size", "protocol parse", "receive failed", "disconnected", "unsupported"]) {
        "something answers there that is not a Kafka broker (or a TLS listener read as plaintext: check security.protocol)"
    } else if has(&["timed out", "timeout"]) || seen.is_empty() {
        "no answer (a firewall dropping packets, or a broker that does not answer)"
    } else {
        "the brokers are down or unreachable"
    };
    if seen.is_empty() {
        format!("{cause}; no metadata within {} s ({error})", timeout.as_secs())
    } else {
        format!("{cause}: {seen}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{KafkaConfig, ModelConfig};

    fn config(servers: &str) -> WorkerConfig {
        WorkerConfig {
            kafka: KafkaConfig::new(servers),
            model: ModelConfig::new("m"),
            worker: Default::default(),
            observability: Default::default(),
            serve: Default::default(),
        }
    }

    #[test]
    fn a_closed_port_is_refused_and_said_so_in_seconds() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let started = Instant::now();
        let error = check(&config(&format!("127.0.0.1:{port}")), TIMEOUT).unwrap_err().to_string();
        assert!(error.contains("connection refused") && error.contains(&port.to_string()), "{error}");
        assert!(started.elapsed() < Duration::from_secs(8), "{:?}", started.elapsed());
    }

    #[test]
    fn an_unknown_host_is_a_dns_failure() {
        let error = check(&config("no-such-host.invalid:9092"), TIMEOUT).unwrap_err().to_string();
        assert!(error.contains("does not resolve (DNS)"), "{error}");
    }

    #[test]
    fn a_server_that_is_not_kafka_is_said_not_to_be() {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap().to_string();
        std::thread::spawn(move || {
            for stream in listener.incoming().take(20) {
                let Ok(mut stream) = stream else { continue };
                let mut request = [0u8; 512];
                let _ = stream.read(&mut request);
                let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
            }
        });
        let error = check(&config(&address), TIMEOUT).unwrap_err().to_string();
        assert!(error.contains("not a Kafka broker"), "{error}");
    }
}
