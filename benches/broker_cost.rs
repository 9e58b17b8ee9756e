//! What a Kafka-protocol broker costs per record and per byte: the measurement that decides
//! between one record per coordinate and packed records (DESIGN §8).
//!
//! For each value size of a grid, produces N records with a transactional producer (a commit
//! about every 100 ms, as a worker commits) to a fresh topic, then reads them back with a
//! read_committed consumer, and prints records/s, MB/s and the CPU seconds of the broker
//! process (`/proc/PID/stat`, all its threads) and of this process, per record and per MB.
//! Each record has an 8-byte key (a coordinate, as the deltas topic has) and a value of the
//! given size. Finally fits broker CPU = a·records + b·bytes by least squares over the grid.
//!
//!   cargo bench --bench broker_cost                      # starts its own test broker
//!   cargo bench --bench broker_cost -- --bootstrap HOST:PORT --broker-pid PID --sizes 16,4096
//!
//! Not a pass/fail test: it prints figures. The broker, this client and the machine's other
//! work share the cores, so CPU seconds are the figures to compare, wall-clock rates second.

use anyhow::{anyhow, bail, Context, Result};
use clap::Parser;
use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
use rdkafka::client::DefaultClientContext;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer};
use rdkafka::{ClientConfig, Message, Offset, TopicPartitionList};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(about = "Broker CPU per record and per byte, transactional produce and read_committed consume")]
struct Args {
    /// A running broker; without it the test broker is started (scripts/test-broker) and stopped.
    #[arg(long)]
    bootstrap: Option<String>,
    /// The pid of the broker at --bootstrap, for its CPU time (required with --bootstrap).
    #[arg(long)]
    broker_pid: Option<u32>,
    /// Value sizes in bytes.
    #[arg(long, value_delimiter = ',', default_value = "16,64,256,4096,65536")]
    sizes: Vec<usize>,
    /// Bytes of values to send per size (fewer records for larger sizes) ...
    #[arg(long, default_value_t = 128 << 20)]
    bytes: usize,
    /// ... but at most this many records per size ...
    #[arg(long, default_value_t = 1_000_000)]
    max_records: usize,
    /// ... and at least this many.
    #[arg(long, default_value_t = 2_000)]
    min_records: usize,
    /// Partitions of each topic (records go round-robin, as examples are produced).
    #[arg(long, default_value_t = 4)]
    partitions: i32,
    /// Commit the transaction after this long of sending.
    #[arg(long, default_value_t = 100)]
    commit_ms: u64,
    /// A smaller run (a tenth of the bytes and records).
    #[arg(long)]
    quick: bool,
    /// Passed by `cargo bench`; ignored.
    #[arg(long, hide = true)]
    bench: bool,
}

fn main() -> Result<()> {
    let mut args = Args::parse();
    if args.quick {
        args.bytes /= 10;
        args.max_records /= 10;
    }
    let broker = match (&args.bootstrap, args.broker_pid) {
        (Some(bootstrap), Some(pid)) => Broker { bootstrap: bootstrap.clone(), pid, dir: None },
        (Some(_), None) => bail!("--bootstrap needs --broker-pid (the broker's CPU time is what is measured)"),
        (None, _) => Broker::start()?,
    };
    println!(
        "broker {} (pid {}), {} partitions, a commit every {} ms",
        broker.bootstrap, broker.pid, args.partitions, args.commit_ms
    );
    println!();
    println!("| value bytes | phase | records | records/s | MB/s | broker CPU s | broker µs/record | broker ms/MB | client CPU s | client µs/record | client ms/MB |");
    println!("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut fits: [Vec<Phase>; 2] = [Vec::new(), Vec::new()];
    let run = format!("{}", std::process::id());
    for &size in &args.sizes {
        let records = (args.bytes / size.max(1)).clamp(args.min_records, args.max_records.max(args.min_records));
        let topic = format!("broker-cost-{run}-{size}");
        create_topic(&broker.bootstrap, &topic, args.partitions)?;
        let produced = produce(&broker, &topic, &args, size, records)?;
        print_row(size, "produce, transactional", &produced);
        let consumed = consume(&broker, &topic, args.partitions, records)?;
        print_row(size, "consume, read_committed", &consumed);
        fits[0].push(produced);
        fits[1].push(consumed);
    }
    println!();
    for (phase, measured) in ["produce", "consume"].iter().zip(&fits) {
        match fit(measured) {
            Some((per_record, per_byte)) => println!(
                "broker CPU, {phase}: {:.2} µs per record + {:.2} ms per MB (least squares over the sizes)",
                per_record * 1e6,
                per_byte * 1e9
            ),
            None => println!("broker CPU, {phase}: too few sizes to separate per record from per byte"),
        }
    }
    Ok(())
}

/// What one phase took.
struct Phase {
    records: usize,
    bytes: usize,
    wall: f64,
    broker_cpu: f64,
    client_cpu: f64,
}

fn print_row(size: usize, phase: &str, p: &Phase) {
    let mb = p.bytes as f64 / 1e6;
    let n = p.records as f64;
    println!(
        "| {size} | {phase} | {} | {:.0} | {:.1} | {:.2} | {:.2} | {:.1} | {:.2} | {:.2} | {:.1} |",
        p.records,
        n / p.wall,
        mb / p.wall,
        p.broker_cpu,
        p.broker_cpu / n * 1e6,
        p.broker_cpu / mb * 1e3,
        p.client_cpu,
        p.client_cpu / n * 1e6,
        p.client_cpu / mb * 1e3,
    );
}

/// Least squares of broker CPU = a·records + b·bytes (no intercept: no records, no work).
fn fit(phases: &[Phase]) -> Option<(f64, f64)> {
    if phases.len() < 2 {
        return None;
    }
    let (mut rr, mut rb, mut bb, mut rc, mut bc) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for p in phases {
        let (r, b, c) = (p.records as f64, p.bytes as f64, p.broker_cpu);
        rr += r * r;
        rb += r * b;
        bb += b * b;
        rc += r * c;
        bc += b * c;
    }
    let det = rr * bb - rb * rb;
    if det.abs() < f64::EPSILON * rr * bb {
        return None;
    }
    Some(((rc * bb - bc * rb) / det, (bc * rr - rc * rb) / det))
}

/// The broker under measurement; stopped on drop when this program started it.
struct Broker {
    bootstrap: String,
    pid: u32,
    /// The test broker's directory, when this program started it.
    dir: Option<(PathBuf, tempfile::TempDir)>,
}

impl Broker {
    fn start() -> Result<Self> {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/test-broker");
        let dir = tempfile::tempdir().context("a directory for the test broker")?;
        let out = Command::new(&script).arg("start").arg(dir.path()).output().context("running scripts/test-broker")?;
        if !out.status.success() {
            bail!("scripts/test-broker start failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        let bootstrap = std::fs::read_to_string(dir.path().join("bootstrap"))?.trim().to_string();
        let pid = std::fs::read_to_string(dir.path().join("pid"))?.trim().parse().context("the broker's pid file")?;
        Ok(Self { bootstrap, pid, dir: Some((script, dir)) })
    }

    /// CPU seconds the broker has used so far.
    fn cpu(&self) -> Result<f64> {
        cpu_seconds(&format!("/proc/{}/stat", self.pid))
    }
}

impl Drop for Broker {
    fn drop(&mut self) {
        if let Some((script, dir)) = &self.dir {
            let _ = Command::new(script).arg("stop").arg(dir.path()).status();
        }
    }
}

/// utime + stime of a process (all its threads) from its /proc stat file, in seconds.
fn cpu_seconds(stat: &str) -> Result<f64> {
    let text = std::fs::read_to_string(stat).with_context(|| format!("reading {stat}"))?;
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis
    // start at field 3 (state), so utime (14) and stime (15) are the 12th and 13th.
    let after = text.rsplit_once(')').map(|(_, rest)| rest).ok_or_else(|| anyhow!("{stat}: no command name"))?;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| -> Result<f64> {
        fields.get(i).and_then(|f| f.parse::<u64>().ok()).map(|t| t as f64).ok_or_else(|| anyhow!("{stat}: field {i}"))
    };
    // /proc counts in USER_HZ, which Linux fixes at 100 whatever the kernel's own tick rate.
    Ok((ticks(11)? + ticks(12)?) / 100.0)
}

fn self_cpu() -> Result<f64> {
    cpu_seconds("/proc/self/stat")
}

fn client(bootstrap: &str) -> ClientConfig {
    let mut client = ClientConfig::new();
    client.set("bootstrap.servers", bootstrap);
    client
}

fn create_topic(bootstrap: &str, topic: &str, partitions: i32) -> Result<()> {
    let admin: AdminClient<DefaultClientContext> = client(bootstrap).create()?;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let new = NewTopic::new(topic, partitions, TopicReplication::Fixed(1));
    let options = AdminOptions::new().operation_timeout(Some(Duration::from_secs(30)));
    for result in runtime.block_on(admin.create_topics([&new], &options))? {
        match result {
            Ok(_) | Err((_, RDKafkaErrorCode::TopicAlreadyExists)) => {}
            Err((name, code)) => bail!("creating {name}: {code}"),
        }
    }
    Ok(())
}

/// Sends `records` records of `size` value bytes in transactions of about `commit_ms` each.
fn produce(broker: &Broker, topic: &str, args: &Args, size: usize, records: usize) -> Result<Phase> {
    // The worker's transactional settings (src/stream/kafka.rs): short linger, fast retries.
    let producer: BaseProducer = client(&broker.bootstrap)
        .set("transactional.id", format!("{topic}.producer"))
        .set("enable.idempotence", "true")
        .set("linger.ms", "5")
        .set("retry.backoff.ms", "5")
        .set("retry.backoff.max.ms", "50")
        .create()?;
    producer.init_transactions(Duration::from_secs(30))?;
    // Not all-equal bytes, so that nothing on the way can shortcut them.
    let value: Vec<u8> = (0..size).map(|i| (i * 31 + 7) as u8).collect();
    let (cpu0, broker0, start) = (self_cpu()?, broker.cpu()?, Instant::now());
    let interval = Duration::from_millis(args.commit_ms);
    let mut sent = 0usize;
    while sent < records {
        producer.begin_transaction()?;
        let opened = Instant::now();
        while sent < records && opened.elapsed() < interval {
            let key = (sent as u64).to_be_bytes();
            let mut record =
                BaseRecord::to(topic).key(&key[..]).payload(&value[..]).partition(sent as i32 % args.partitions);
            loop {
                match producer.send(record) {
                    Ok(()) => break,
                    Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), back)) => {
                        producer.poll(Duration::from_millis(1));
                        record = back;
                    }
                    Err((error, _)) => return Err(error).context("sending"),
                }
            }
            sent += 1;
            if sent.is_multiple_of(1024) {
                producer.poll(Duration::ZERO);
            }
        }
        producer.commit_transaction(Duration::from_secs(60))?;
    }
    let wall = start.elapsed().as_secs_f64();
    Ok(Phase {
        records,
        bytes: records * size,
        wall,
        broker_cpu: broker.cpu()? - broker0,
        client_cpu: self_cpu()? - cpu0,
    })
}

/// Reads the topic's records from the beginning with a read_committed consumer, with the
/// large fetches of `ftrl train --from-topic`'s reader.
fn consume(broker: &Broker, topic: &str, partitions: i32, records: usize) -> Result<Phase> {
    let consumer: BaseConsumer = client(&broker.bootstrap)
        .set("group.id", format!("{topic}.reader"))
        .set("enable.auto.commit", "false")
        .set("isolation.level", "read_committed")
        .set("enable.partition.eof", "true")
        .set("fetch.max.bytes", "67108864")
        .set("max.partition.fetch.bytes", "16777216")
        .set("queued.max.messages.kbytes", "131072")
        .set("queued.min.messages", "1000000")
        .set("fetch.wait.max.ms", "10")
        .create()?;
    let mut assignment = TopicPartitionList::new();
    for partition in 0..partitions {
        assignment.add_partition_offset(topic, partition, Offset::Beginning)?;
    }
    let (cpu0, broker0, start) = (self_cpu()?, broker.cpu()?, Instant::now());
    consumer.assign(&assignment)?;
    let (mut read, mut bytes, mut ended) = (0usize, 0usize, 0);
    let deadline = start + Duration::from_secs(600);
    while ended < partitions {
        if Instant::now() > deadline {
            bail!("reading {topic} back timed out after {read} records");
        }
        match consumer.poll(Duration::from_millis(100)) {
            None => {}
            Some(Ok(message)) => {
                read += 1;
                bytes += message.payload().map_or(0, <[u8]>::len);
            }
            Some(Err(KafkaError::PartitionEOF(_))) => ended += 1,
            Some(Err(error)) => return Err(error).context("consuming"),
        }
    }
    let wall = start.elapsed().as_secs_f64();
    if read != records {
        bail!("read {read} records back from {topic}, produced {records}");
    }
    Ok(Phase { records, bytes, wall, broker_cpu: broker.cpu()? - broker0, client_cpu: self_cpu()? - cpu0 })
}
