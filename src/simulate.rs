//! N stream workers in one process, deterministic and without a broker: a way to study what
//! the consumer group does to learning in seconds (docs/benchmarks.md, "N workers").
//!
//! Each simulated worker has its own [`Replica`] (the stream's code) and learns its share of
//! the examples the way the predict role does: the examples partitions are dealt round-robin
//! to the workers, as a group's assignment spreads them, and each worker takes its
//! partitions' examples in turn, predicts each from its replica, learns it there at once and
//! seals a batch every `batch_examples` examples (coalesced differences, or per-example
//! gradients in records of `record_examples`). The owners (one per gradients partition)
//! apply a batch's records `round_trip` examples (counted over all workers) after it was
//! sealed, as the update role's `Applier` does (a coalesced change added to the state, a
//! per-example gradient applied with the [`CoordinateRule`]), and every `commit_every` examples
//! publish what each transaction changed to every replica as the deltas topic carries it:
//! per partition the packed states, split into parts of at most `packed_coordinates`, each
//! followed by the transaction's applied watermark. A replica takes them between its
//! batches, as the predict role does, and a worker whose unconfirmed examples exceed
//! `max_unconfirmed` waits, as `worker.max_unconfirmed_examples` makes it.
//!
//! Time is counted in examples: one example learned by any worker moves the clock by one,
//! and the workers learn at the same rate (one example each in turn). A round trip of D
//! examples at R examples per second is D / R seconds.

use crate::learn::replica::{HotContribution, Replica};
use crate::learn::rule::CoordinateRule;
use crate::learn::{CoordState, Feature, Gradient, Progress, ViewLearner};
use crate::model::ModelSettings;
use crate::store::{ModelStore, StoreError};
use hashbrown::HashMap;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use thiserror::Error;

#[derive(Debug, Error)]
pub(crate) enum SimulationError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Settings(&'static str),
    #[error("worker {worker}'s replica holds {held:?} for coordinate {coordinate}, where the owner's state as of the last transaction it took plus its own batches not in it (and the foreign steps estimated from them) is {expected:?}")]
    ViewOff { worker: usize, coordinate: u64, held: CoordState, expected: CoordState },
}

/// How the simulated group is made and paced.
#[derive(Clone, Debug)]
pub(crate) struct SimulationOptions {
    pub workers: usize,
    /// Examples a worker learns per batch (`worker.batch_max_examples`).
    pub batch_examples: usize,
    /// Examples learned by all workers between a batch's sealing and its owners applying it.
    pub round_trip: usize,
    /// Examples learned by all workers between two owner transactions.
    pub commit_every: usize,
    /// Gradients partitions, one owner each (`model.partitions`).
    pub partitions: i32,
    /// Examples partitions (`model.example_partitions`).
    pub example_partitions: i32,
    /// Whether batches go coalesced (`worker.coalesce`); otherwise per example.
    pub coalesce: bool,
    /// Per example: examples per gradients record; a transaction may end between them.
    pub record_examples: usize,
    /// Most states in one packed deltas record.
    pub packed_coordinates: usize,
    /// Unconfirmed examples past which a worker waits (`worker.max_unconfirmed_examples`).
    pub max_unconfirmed: usize,
    /// Owners grow a rate by the gradient mass applied while a gradient was in flight
    /// (`model.delay_tolerant`; per-example batches only, as in the stream).
    pub delay_tolerant: bool,
    /// After every catch-up, check each replica's every state against its view rebuilt
    /// from the owners' history (coalesced batches only; slow: it copies the owners' states
    /// at every transaction).
    pub check_views: bool,
    /// Hot-coordinate exchange (`learn::replica`'s `hot`): every `hot_every` examples of
    /// the group, each worker sends its own unconfirmed steps of its `hot_coordinates`
    /// hottest coordinates directly to every other replica, which holds them until their
    /// owner's state does. 0 coordinates: off.
    pub hot_coordinates: usize,
    pub hot_every: usize,
    /// Workers send at phases spread over the interval instead of all at once.
    pub hot_staggered: bool,
    /// Fewest own steps of a coordinate since its last piece that make a piece.
    pub hot_min_updates: u64,
    /// Least impact of a piece that leaves (`worker.hot_min_impact`; 0: every piece).
    pub hot_min_impact: f64,
    /// Examples learned by the group between a sending and its arrival at the other
    /// replicas (the stream's: the producer's linger, the fetch, and the receiver's chunk
    /// being learned before it takes them); 0: at once.
    pub hot_delay: usize,
    /// A replica takes the pieces that have arrived only when it sends its own, as the
    /// stream's predict role does (between the chunks a sending cuts), instead of on arrival.
    pub hot_take_when_sending: bool,
    /// A worker also sends as soon as the bias's weight in its replica moved by more than
    /// this over the loss's largest curvature since its last sending (a bound on the
    /// change of the gradient its examples see); 0: only by the spacing.
    pub hot_drift: f64,
    /// Own steps count once: no foreign share (`Replica::without_foreign_share`).
    pub no_foreign_share: bool,
    /// Workers learning at once (0: all of them, each on its own core). Fewer: they take
    /// turns, `cores` at a time, as on a machine whose cores the workers share; a waiting
    /// worker makes no steps and sends nothing until its turn.
    pub cores: usize,
    /// With `cores`: examples each running worker learns in one turn (the scheduler's time
    /// slice × a worker's rate).
    pub slice: usize,
    /// A model that starts empty is learned by worker 0 alone until the owners have
    /// confirmed this many of its examples; the others start then (0: all start at once).
    pub warm_start: usize,
}

/// Which workers learn while the cores are fewer than the workers
/// ([`SimulationOptions::cores`]): `cores` of them at a time, in turn.
struct Turns {
    workers: usize,
    cores: usize,
    /// The first of the running workers (the next `cores`, cyclically).
    first: usize,
    /// The group's clock when this turn began.
    started: u64,
    /// Turns given in a row to workers that could not learn (done, or waiting on owners).
    idle: usize,
}

impl Turns {
    fn new(options: &SimulationOptions) -> Self {
        let cores = if options.cores == 0 { options.workers } else { options.cores.min(options.workers) };
        Turns { workers: options.workers, cores, first: 0, started: 0, idle: 0 }
    }

    fn shared(&self) -> bool {
        self.cores < self.workers
    }

    fn runs(&self, worker: usize) -> bool {
        (worker + self.workers - self.first) % self.workers < self.cores
    }

    fn next(&mut self, clock: u64) {
        self.first = (self.first + self.cores) % self.workers;
        self.started = clock;
    }
}

/// One example, featurized.
#[derive(Clone, Debug)]
pub(crate) struct SimExample {
    pub features: Vec<Feature>,
    pub label: f64,
    pub weight: f64,
}

/// What a simulation measured.
#[derive(Clone, Debug)]
pub(crate) struct SimulationReport {
    /// Progressive validation over every worker's examples.
    pub progress: Progress,
    /// (examples learned in all, progressive loss so far) on a doubling schedule.
    pub curve: Vec<(u64, f64)>,
    /// Unconfirmed examples of a worker when it sealed a batch: mean and max.
    pub staleness_mean: f64,
    pub staleness_max: usize,
    /// Owner states that held other workers' contributions, over every replica.
    pub merged: u64,
    /// Owner transactions a replica did not take (they held part of one of its batches).
    pub deferred: u64,
    /// Hot contributions taken by replicas, and dropped once an owner state held them (all
    /// of them by the end: the owners have applied every batch).
    pub hot_taken: u64,
    pub hot_dropped: u64,
    /// Hot contributions still held provisionally at the end (0 unless one is never
    /// dropped).
    pub hot_left: usize,
    /// Hot contributions taken back as pieces of a batch that never committed (none here:
    /// every batch commits).
    pub hot_superseded: u64,
    /// The examples a worker learned between another's hot sending and its taking, mean
    /// over every sending taken: the delay as the learning feels it, what the stream's
    /// `hot_delay_examples_mean` measures.
    pub hot_delay_examples: f64,
}

/// The progressive loss of one learner on the examples in their order (`ftrl train`).
pub(crate) fn embedded(settings: &ModelSettings, examples: &[SimExample]) -> Result<Progress, SimulationError> {
    let mut learner = settings.learner();
    let mut store = ModelStore::in_memory();
    let mut progress = Progress::new(settings.loss.is_binary());
    for example in examples {
        let outcome = learner.learn(&mut store, &example.features, example.label, example.weight)?;
        let label = settings.loss.metric_label(example.label);
        progress.record(outcome.loss, label, outcome.prediction, outcome.score, example.weight);
    }
    Ok(progress)
}

/// A gradients record on its way to its owner.
#[derive(Clone, Debug)]
enum Contribution {
    /// Each coordinate's summed state change, covering these (examples partition, first,
    /// last offset) ranges.
    Coalesced { changes: Vec<(u64, CoordState)>, ranges: Vec<(i32, i64, i64)>, batch: (usize, usize) },
    /// Each example's gradients for this partition: (examples partition, offset, gradients).
    PerExample(Vec<(i32, i64, Vec<Gradient>)>),
}

/// One gradients partition's owner.
#[derive(Default)]
struct Owner {
    states: HashMap<u64, CoordState>,
    /// Examples partition → highest offset applied.
    watermark: BTreeMap<i32, i64>,
    /// Coordinates changed since the last transaction.
    changed: BTreeSet<u64>,
    /// Whether a record was applied since the last transaction (a coalesced record may
    /// change no coordinate of its partition, yet move the watermark).
    applied: bool,
    /// With `check_views`: the states after each transaction, and the transaction that
    /// applied each (worker, batch).
    history: Vec<HashMap<u64, CoordState>>,
    applied_in: HashMap<(usize, usize), usize>,
}

impl Owner {
    fn apply(&mut self, rule: &CoordinateRule, contribution: &Contribution, delay_tolerant: bool) {
        self.applied = true;
        match contribution {
            Contribution::Coalesced { changes, ranges, batch } => {
                self.applied_in.insert(*batch, self.history.len());
                for (coordinate, change) in changes {
                    self.states.entry(*coordinate).or_default().add(change);
                    self.changed.insert(*coordinate);
                }
                for (origin, _, last) in ranges {
                    let seen = self.watermark.entry(*origin).or_insert(-1);
                    *seen = (*seen).max(*last);
                }
            }
            Contribution::PerExample(examples) => {
                for (origin, offset, gradients) in examples {
                    for g in gradients {
                        let state = self.states.entry(g.coordinate).or_default();
                        match g.gd {
                            Some((x, square)) => rule.apply_gd(g.member, state, x, square, g.value),
                            None => {
                                rule.apply(g.coordinate, g.member, state, g.value, delay_tolerant.then_some(g.read_sum))
                            }
                        };
                        self.changed.insert(g.coordinate);
                    }
                    let seen = self.watermark.entry(*origin).or_insert(-1);
                    *seen = (*seen).max(*offset);
                }
            }
        }
    }

    /// What one transaction publishes: its changed states in packed parts of at most
    /// `packed` states, each with the watermark.
    fn publish(&mut self, packed: usize, keep_history: bool) -> Vec<Publication> {
        self.applied = false;
        let transaction = self.history.len();
        if keep_history {
            self.history.push(self.states.clone());
        }
        let states: Vec<(u64, CoordState)> =
            std::mem::take(&mut self.changed).into_iter().map(|c| (c, self.states[&c])).collect();
        if states.is_empty() {
            return vec![Publication { states, watermark: self.watermark.clone(), transaction }];
        }
        states
            .chunks(packed.max(1))
            .map(|part| Publication { states: part.to_vec(), watermark: self.watermark.clone(), transaction })
            .collect()
    }
}

/// One packed deltas record: states, then the watermark that closes them.
#[derive(Clone, Debug)]
struct Publication {
    states: Vec<(u64, CoordState)>,
    watermark: BTreeMap<i32, i64>,
    /// Its owner's transaction number (the index of its history, with `check_views`).
    transaction: usize,
}

/// A simulated worker: its replica, its examples and its batch being learned.
struct Worker {
    replica: Replica<ModelStore>,
    learner: ViewLearner,
    /// Per examples partition it reads: (partition, the examples' indices, next position).
    partitions: Vec<(i32, Vec<usize>, usize)>,
    turn: usize,
    /// Owner publications not yet taken (partition, record), in order.
    inbox: VecDeque<(i32, Publication)>,
    batch: OpenBatch,
    coordinates: Vec<u64>,
    /// Owner partition → the last transaction taken.
    taken: HashMap<i32, usize>,
    /// With `check_views`: each sealed batch's state differences.
    sealed: Vec<HashMap<u64, CoordState>>,
    /// Examples learned so far.
    learned: u64,
    /// Other workers' hot sendings taken, and the examples this worker learned between
    /// their sending and their taking, summed (the stream's `hot_delay_examples_mean`).
    hot_sendings_taken: u64,
    hot_delay_examples: u64,
    /// With `hot_take_when_sending`: sendings arrived and not taken yet, with the examples
    /// this worker had learned when each was sent.
    hot_arrived: Vec<(Vec<HotContribution>, u64)>,
}

/// The batch a worker is learning.
#[derive(Default)]
struct OpenBatch {
    examples: usize,
    /// Per example: (owner partition, examples partition) → highest offset sent there.
    requirements: BTreeMap<(i32, i32), i64>,
    firsts: BTreeMap<i32, i64>,
    lasts: BTreeMap<i32, i64>,
    /// Per example: its gradients (per-example batches only).
    per_example: Vec<(i32, i64, Vec<Gradient>)>,
}

impl OpenBatch {
    /// What the batch sent or will send so far: (owner partition, examples partition) →
    /// highest offset, and its lowest offset per examples partition. A coalesced batch
    /// sends a record to every owner partition when sealed.
    fn sent_so_far(&self, options: &SimulationOptions) -> (BTreeMap<(i32, i32), i64>, BTreeMap<i32, i64>) {
        let requirements = if options.coalesce {
            (0..options.partitions)
                .flat_map(|partition| self.lasts.iter().map(move |(origin, last)| ((partition, *origin), *last)))
                .collect()
        } else {
            self.requirements.clone()
        };
        (requirements, self.firsts.clone())
    }
}

impl Worker {
    /// The next example of its partitions, taken in turn: (partition, offset, index).
    fn next_example(&mut self) -> Option<(i32, i64, usize)> {
        for _ in 0..self.partitions.len() {
            let at = self.turn % self.partitions.len();
            self.turn += 1;
            let (partition, indices, next) = &mut self.partitions[at];
            if let Some(&index) = indices.get(*next) {
                *next += 1;
                return Some((*partition, (*next - 1) as i64, index));
            }
        }
        None
    }

    /// Takes every owner record that has arrived, as the predict role does between batches.
    fn catch_up(&mut self) -> Result<(), StoreError> {
        while let Some((partition, publication)) = self.inbox.pop_front() {
            for (coordinate, state) in publication.states {
                self.replica.owner_state(coordinate, state);
            }
            self.replica.owner_watermark(partition, &publication.watermark)?;
            self.taken.insert(partition, publication.transaction);
        }
        Ok(())
    }
}

/// Runs the group over `examples` (in the file's order, dealt to the examples partitions
/// round-robin, as `ftrl produce` does).
pub(crate) fn simulate(
    settings: &ModelSettings,
    examples: &[SimExample],
    options: &SimulationOptions,
) -> Result<SimulationReport, SimulationError> {
    if options.workers == 0 || options.batch_examples == 0 || options.partitions < 1 {
        return Err(SimulationError::Settings("workers, batch examples and partitions must be at least 1"));
    }
    if options.example_partitions < 0 || (options.example_partitions as usize) < options.workers {
        return Err(SimulationError::Settings("every worker needs an examples partition: at least as many as workers"));
    }
    if options.check_views && !options.coalesce {
        return Err(SimulationError::Settings("views are checked with coalesced batches only"));
    }
    if options.delay_tolerant && options.coalesce {
        return Err(SimulationError::Settings(
            "delay-tolerant rates need each example's read sums: per-example batches",
        ));
    }
    if !settings.hedge.is_empty() {
        return Err(SimulationError::Settings("the simulation runs one learner, not a Hedge"));
    }
    let hot = options.hot_coordinates > 0;
    if hot && options.hot_every == 0 {
        return Err(SimulationError::Settings("hot exchange needs an interval of at least one example"));
    }
    if hot && options.check_views {
        return Err(SimulationError::Settings("views are checked without hot exchange"));
    }
    let rule = settings.coordinate_rule().with_delay_tolerance(options.delay_tolerant);
    let partitions = options.partitions;
    let mut workers: Vec<Worker> = (0..options.workers)
        .map(|w| Worker {
            replica: {
                let mut replica = Replica::new(rule.clone(), partitions, ModelStore::in_memory());
                if hot {
                    replica = replica
                        .with_hot_exchange(options.hot_coordinates)
                        .with_hot_min_updates(options.hot_min_updates)
                        .with_hot_min_impact(options.hot_min_impact);
                }
                if options.no_foreign_share {
                    replica = replica.without_foreign_share();
                }
                let own = (0..options.example_partitions).filter(|e| *e as usize % options.workers == w).count();
                replica.set_hot_group_share(own as f64 / options.example_partitions as f64);
                replica
            },
            learner: settings.view_learner().with_read_sums(options.delay_tolerant),
            partitions: (0..options.example_partitions)
                .filter(|e| *e as usize % options.workers == w)
                .map(|e| {
                    let indices = (e as usize..examples.len()).step_by(options.example_partitions as usize).collect();
                    (e, indices, 0)
                })
                .collect(),
            turn: 0,
            inbox: VecDeque::new(),
            batch: OpenBatch::default(),
            coordinates: Vec::new(),
            taken: HashMap::new(),
            sealed: Vec::new(),
            learned: 0,
            hot_sendings_taken: 0,
            hot_delay_examples: 0,
            hot_arrived: Vec::new(),
        })
        .collect();
    let mut owners: Vec<Owner> = (0..partitions).map(|_| Owner::default()).collect();
    // (arrival clock, sequence) → (gradients partition, record).
    let mut in_flight: BTreeMap<(u64, u64), (i32, Contribution)> = BTreeMap::new();
    let mut sequence = 0u64;
    let mut progress = Progress::new(settings.loss.is_binary());
    let mut curve = Vec::new();
    let mut next_point = 1u64;
    let (mut staleness_sum, mut staleness_max, mut seals) = (0.0, 0usize, 0u64);
    let every = options.commit_every.max(1) as u64;
    let mut clock = 0u64;
    let mut next_commit = every;
    let mut done = vec![false; workers.len()];
    let mut last_exchange = 0u64;
    let mut hot_in_flight: VecDeque<Sending> = VecDeque::new();
    // Workers whose moment to send has come: each sends once it runs.
    let mut hot_due = vec![false; workers.len()];
    let drift = crate::learn::replica::drift_in_weight(options.hot_drift, &settings.loss);
    let (mut sent_by_spacing, mut sent_by_drift) = (0u64, 0u64);
    let mut turns = Turns::new(options);

    let mut warming = options.warm_start > 0 && workers.len() > 1;
    loop {
        let mut learned = false;
        if warming {
            let first = &workers[0];
            warming =
                first.learned - (first.replica.unconfirmed().examples as u64) < options.warm_start as u64 && !done[0];
        }
        for (w, worker) in workers.iter_mut().enumerate() {
            if done[w] || !turns.runs(w) || (warming && w > 0) {
                continue;
            }
            if worker.batch.examples == 0 {
                worker.catch_up()?;
                if options.check_views {
                    check_view(w, worker, &owners, partitions)?;
                }
                if worker.replica.unconfirmed().examples > options.max_unconfirmed {
                    continue;
                }
            }
            let Some((origin, offset, index)) = worker.next_example() else {
                if worker.batch.examples > 0 {
                    seal(w, worker, options, clock, &mut in_flight, &mut sequence)?;
                }
                done[w] = worker.replica.unconfirmed().examples == 0;
                continue;
            };
            let example = &examples[index];
            worker.learner.coordinates(&example.features, &mut worker.coordinates);
            worker.replica.make_resident(&worker.coordinates)?;
            let outcome = worker.learner.step(&worker.replica, &example.features, Some(example.label), example.weight);
            worker.replica.learn(worker.learner.gradients())?;
            let label = settings.loss.metric_label(example.label);
            progress.record(outcome.loss, label, outcome.prediction, outcome.score, example.weight);
            if progress.count >= next_point {
                curve.push((progress.count, progress.mean_loss()));
                next_point *= 2;
            }
            let batch = &mut worker.batch;
            batch.examples += 1;
            worker.learned += 1;
            batch.firsts.entry(origin).or_insert(offset);
            batch.lasts.insert(origin, offset);
            if !options.coalesce {
                for g in worker.learner.gradients().iter().filter(|g| g.value.is_finite()) {
                    batch.requirements.insert(((g.coordinate % partitions as u64) as i32, origin), offset);
                }
                batch.per_example.push((origin, offset, worker.learner.gradients().to_vec()));
            }
            clock += 1;
            learned = true;
            if batch.examples >= options.batch_examples {
                let unconfirmed = worker.replica.unconfirmed().examples;
                staleness_sum += unconfirmed as f64;
                staleness_max = staleness_max.max(unconfirmed);
                seals += 1;
                seal(w, worker, options, clock, &mut in_flight, &mut sequence)?;
            }
        }
        if turns.shared() {
            if learned {
                turns.idle = 0;
                if clock - turns.started >= (options.slice.max(1) * turns.cores) as u64 {
                    turns.next(clock);
                }
            } else if turns.idle < turns.workers {
                // The running workers cannot learn: the waiting ones get the cores before
                // time passes.
                turns.idle += 1;
                turns.next(clock);
                continue;
            }
        }
        // Hot exchange between rounds (one example per running worker each): every
        // `hot_every` examples of the group.
        if hot {
            let every = options.hot_every as u64;
            let n = workers.len() as u64;
            // Worker w sends at its own phase, w·E/N examples later than worker 0, when
            // `hot_staggered`; otherwise all at once.
            let phase = |w: usize| if options.hot_staggered { w as u64 * every / n } else { 0 };
            for (w, due) in hot_due.iter_mut().enumerate() {
                let by_spacing = (clock + phase(w)) / every > (last_exchange + phase(w)) / every;
                let by_drift = !by_spacing && drift.is_some_and(|d| workers[w].replica.hot_drift() > d);
                if !*due {
                    sent_by_spacing += u64::from(by_spacing);
                    sent_by_drift += u64::from(by_drift);
                }
                *due |= by_spacing || by_drift;
            }
            let senders: Vec<usize> = (0..workers.len()).filter(|&w| hot_due[w] && turns.runs(w)).collect();
            for &w in &senders {
                hot_due[w] = false;
            }
            if !senders.is_empty() {
                exchange_hot(&mut workers, &senders, options, clock, &mut hot_in_flight)?;
            }
            while hot_in_flight.front().is_some_and(|sending| sending.arrival <= clock) {
                if let Some(sending) = hot_in_flight.pop_front() {
                    deliver_hot(&mut workers, &sending, options)?;
                }
            }
            last_exchange = clock;
        }
        if !learned {
            if done.iter().all(|d| *d) {
                break;
            }
            // Every worker waits on the owners: time passes until their next transaction
            // that applies a record.
            turns.idle = 0;
            let arrival = in_flight.keys().next().map_or(next_commit, |(arrival, _)| *arrival);
            clock = clock.max(arrival).max(next_commit);
        }
        while clock >= next_commit {
            // An owner transaction: the records arrived so far, applied and published.
            while let Some(entry) = in_flight.first_entry() {
                if entry.key().0 > next_commit {
                    break;
                }
                let (partition, contribution) = entry.remove();
                owners[partition as usize].apply(&rule, &contribution, options.delay_tolerant);
            }
            for (partition, owner) in owners.iter_mut().enumerate() {
                if !owner.applied {
                    continue;
                }
                for publication in owner.publish(options.packed_coordinates, options.check_views) {
                    for worker in workers.iter_mut() {
                        worker.inbox.push_back((partition as i32, publication.clone()));
                    }
                }
            }
            next_commit += every;
        }
    }
    curve.push((progress.count, progress.mean_loss()));
    if hot {
        tracing::info!(workers = workers.len(), sent_by_spacing, sent_by_drift, "hot sendings");
    }
    // What the owners published last, which a worker done with its own examples has not
    // taken: the books as they end.
    for worker in workers.iter_mut() {
        worker.catch_up()?;
    }
    Ok(SimulationReport {
        progress,
        curve,
        staleness_mean: if seals == 0 { 0.0 } else { staleness_sum / seals as f64 },
        staleness_max,
        merged: workers.iter().map(|w| w.replica.merged).sum(),
        deferred: workers.iter().map(|w| w.replica.deferred).sum(),
        hot_taken: workers.iter().map(|w| w.replica.hot_counts().0).sum(),
        hot_dropped: workers.iter().map(|w| w.replica.hot_counts().1).sum(),
        hot_left: workers.iter().map(|w| w.replica.provisional()).sum(),
        hot_superseded: workers.iter().map(|w| w.replica.hot_superseded()).sum(),
        hot_delay_examples: {
            let taken: u64 = workers.iter().map(|w| w.hot_sendings_taken).sum();
            let delay: u64 = workers.iter().map(|w| w.hot_delay_examples).sum();
            if taken == 0 {
                0.0
            } else {
                delay as f64 / taken as f64
            }
        },
    })
}

/// One worker's hot contributions on their way to the others.
struct Sending {
    /// The clock at which the other replicas take them.
    arrival: u64,
    sender: usize,
    contributions: Vec<HotContribution>,
    /// Each worker's examples learned when it was sent.
    learned_then: Vec<u64>,
}

/// Each worker sends its hot contributions; every other replica takes them `hot_delay`
/// examples of the group later, or at once (a side channel of a few milliseconds: no
/// examples learned meanwhile).
fn exchange_hot(
    workers: &mut [Worker],
    senders: &[usize],
    options: &SimulationOptions,
    clock: u64,
    in_flight: &mut VecDeque<Sending>,
) -> Result<(), StoreError> {
    for &w in senders {
        let (requirements, firsts) = workers[w].batch.sent_so_far(options);
        let mut contributions = workers[w].replica.hot_contributions(&requirements, &firsts);
        for contribution in &mut contributions {
            contribution.sender = w as u64;
        }
        let learned_then = workers.iter().map(|worker| worker.learned).collect();
        let sending = Sending { arrival: clock + options.hot_delay as u64, sender: w, contributions, learned_then };
        if options.hot_delay == 0 {
            deliver_hot(workers, &sending, options)?;
        } else {
            in_flight.push_back(sending);
        }
        if options.hot_take_when_sending {
            let worker = &mut workers[w];
            for (contributions, learned_then) in std::mem::take(&mut worker.hot_arrived) {
                take_sending(worker, &contributions, learned_then)?;
            }
        }
    }
    Ok(())
}

/// Every replica but the sender's takes a sending's contributions (with
/// `hot_take_when_sending`, when it next sends its own).
fn deliver_hot(workers: &mut [Worker], sending: &Sending, options: &SimulationOptions) -> Result<(), StoreError> {
    for (other, worker) in workers.iter_mut().enumerate() {
        if other == sending.sender {
            continue;
        }
        if options.hot_take_when_sending {
            worker.hot_arrived.push((sending.contributions.clone(), sending.learned_then[other]));
        } else {
            take_sending(worker, &sending.contributions, sending.learned_then[other])?;
        }
    }
    Ok(())
}

/// `worker` takes another's sending, made when it had learned `learned_then` examples.
fn take_sending(worker: &mut Worker, contributions: &[HotContribution], learned_then: u64) -> Result<(), StoreError> {
    worker.hot_delay_examples += worker.learned - learned_then;
    worker.hot_sendings_taken += 1;
    worker.replica.foreign_contributions(contributions)?;
    Ok(())
}

/// Ends `worker`'s batch: its records leave for the owners, arriving `round_trip` examples
/// later (a partition's records one example apart, so that an owner transaction may end
/// between them).
fn seal(
    w: usize,
    worker: &mut Worker,
    options: &SimulationOptions,
    clock: u64,
    in_flight: &mut BTreeMap<(u64, u64), (i32, Contribution)>,
    sequence: &mut u64,
) -> Result<(), StoreError> {
    let batch = std::mem::take(&mut worker.batch);
    let partitions = options.partitions;
    let arrival = clock + options.round_trip as u64;
    let mut send = |partition: i32, delay: u64, contribution: Contribution| {
        in_flight.insert((arrival + delay, *sequence), (partition, contribution));
        *sequence += 1;
    };
    let mut requirements = batch.requirements;
    let number = worker.sealed.len();
    if options.check_views {
        worker.sealed.push(worker.replica.batch_differences().map(|(c, _, d)| (c, d)).collect());
    }
    if options.coalesce {
        let mut changes: Vec<Vec<(u64, CoordState)>> = vec![Vec::new(); partitions as usize];
        for (coordinate, _, difference) in worker.replica.batch_differences() {
            changes[(coordinate % partitions as u64) as usize].push((coordinate, difference));
        }
        let ranges: Vec<(i32, i64, i64)> =
            batch.firsts.iter().map(|(origin, first)| (*origin, *first, batch.lasts[origin])).collect();
        for (partition, changes) in changes.into_iter().enumerate() {
            for (origin, _, last) in &ranges {
                requirements.insert((partition as i32, *origin), *last);
            }
            let batch = (w, number);
            send(partition as i32, 0, Contribution::Coalesced { changes, ranges: ranges.clone(), batch });
        }
    } else {
        let record = options.record_examples.max(1);
        for partition in 0..partitions {
            let examples: Vec<(i32, i64, Vec<Gradient>)> = batch
                .per_example
                .iter()
                .map(|(origin, offset, gradients)| {
                    let mine = gradients
                        .iter()
                        .filter(|g| g.value.is_finite() && (g.coordinate % partitions as u64) as i32 == partition)
                        .copied()
                        .collect::<Vec<_>>();
                    (*origin, *offset, mine)
                })
                .filter(|(_, _, mine)| !mine.is_empty())
                .collect();
            for (k, chunk) in examples.chunks(record).enumerate() {
                send(partition, k as u64, Contribution::PerExample(chunk.to_vec()));
            }
        }
    }
    worker.replica.seal(requirements, batch.firsts, batch.examples)
}

/// Checks worker `w`'s replica against its view rebuilt independently: per owner partition,
/// the owner's state as of the last transaction the worker took, plus the worker's own
/// batches that transaction did not hold, those counted 1 + the replica's foreign share
/// times (`learn::replica`). Update counts must be equal, z and n within rounding.
fn check_view(w: usize, worker: &mut Worker, owners: &[Owner], partitions: i32) -> Result<(), SimulationError> {
    let coordinates: BTreeSet<u64> = owners.iter().flat_map(|o| o.states.keys().copied()).collect();
    for coordinate in coordinates {
        let partition = (coordinate % partitions as u64) as i32;
        let owner = &owners[partition as usize];
        let taken = worker.taken.get(&partition).copied();
        let mut expected = taken.and_then(|t| owner.history[t].get(&coordinate).copied()).unwrap_or_default();
        let mut own = CoordState::default();
        for (number, differences) in worker.sealed.iter().enumerate() {
            let held = matches!((owner.applied_in.get(&(w, number)), taken), (Some(applied), Some(t)) if *applied <= t);
            if let Some(difference) = differences.get(&coordinate).filter(|_| !held) {
                own.add(difference);
            }
        }
        expected.add(&own);
        expected.extrapolate(&own, worker.replica.foreign_share(coordinate));
        let held = worker.replica.state(coordinate)?;
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * (1.0 + b.abs());
        if held.updates != expected.updates || !close(held.z, expected.z) || !close(held.n, expected.n) {
            return Err(SimulationError::ViewOff { worker: w, coordinate, held, expected });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::test_support::ftrl;
    use crate::learn::Loss;

    /// About 300 coordinates, a bias and four fields, so that every owner partition holds
    /// hot and rare coordinates.
    fn examples(n: u64) -> Vec<SimExample> {
        (0..n)
            .map(|i| {
                let j = i.wrapping_mul(2654435761);
                let features = [0, 1 + j % 7, 20 + j % 31, 100 + j % 97, 300 + j % 173]
                    .iter()
                    .map(|&coordinate| Feature { coordinate, value: 1.0 })
                    .collect();
                SimExample { features, label: ((j / 5) % 2) as f64, weight: 1.0 }
            })
            .collect()
    }

    fn options(workers: usize, coalesce: bool) -> SimulationOptions {
        SimulationOptions {
            workers,
            batch_examples: 50,
            round_trip: 120,
            commit_every: 7,
            partitions: 4,
            example_partitions: 4,
            coalesce,
            record_examples: 9,
            packed_coordinates: 5,
            max_unconfirmed: 200,
            delay_tolerant: false,
            check_views: false,
            hot_coordinates: 0,
            hot_every: 1,
            hot_staggered: false,
            warm_start: 0,
            hot_min_updates: 1,
            hot_min_impact: 0.0,
            hot_delay: 0,
            hot_take_when_sending: false,
            hot_drift: 0.0,
            no_foreign_share: false,
            cores: 0,
            slice: 1,
        }
    }

    /// One worker's replica is `ftrl train` on its examples' order (one examples partition:
    /// the file's), whatever the owners publish meanwhile: split packed records, and per
    /// example owner transactions ending inside a batch.
    #[test]
    fn one_worker_learns_what_the_embedded_trainer_learns() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let data = examples(2_000);
        let embedded = embedded(&settings, &data).unwrap();
        for coalesce in [true, false] {
            let options = SimulationOptions { example_partitions: 1, ..options(1, coalesce) };
            let report = simulate(&settings, &data, &options).unwrap();
            assert_eq!(report.progress.count, embedded.count);
            assert_eq!(report.progress.mean_loss(), embedded.mean_loss(), "coalesced: {coalesce}");
            assert_eq!(report.merged, 0, "nothing foreign, nothing rounded anew");
            if !coalesce {
                assert!(report.deferred > 0, "transactions ended inside batches");
            }
        }
    }

    /// Several workers learn every example once each, and the same run twice gives the same
    /// figures.
    #[test]
    fn several_workers_learn_every_example_once_and_deterministically() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let data = examples(2_000);
        for coalesce in [true, false] {
            let report = simulate(&settings, &data, &options(3, coalesce)).unwrap();
            assert_eq!(report.progress.count, 2_000);
            assert!(report.merged > 0, "the workers see each other's contributions");
            assert!(report.staleness_max <= 200, "{}", report.staleness_max);
            let again = simulate(&settings, &data, &options(3, coalesce)).unwrap();
            assert_eq!(again.progress.mean_loss(), report.progress.mean_loss());
        }
    }

    /// With a warm start, worker 0 learns its examples partition alone (as one worker would
    /// learn that partition) until the owners have confirmed the first `warm_start` of them;
    /// then every worker learns, and every example once.
    #[test]
    fn with_a_warm_start_worker_0_learns_alone_until_its_first_examples_are_confirmed() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let data = examples(2_000);
        let warm = SimulationOptions { warm_start: 300, ..options(4, true) };
        let report = simulate(&settings, &data, &warm).unwrap();
        assert_eq!(report.progress.count, 2_000);
        let first_partition: Vec<SimExample> = data.iter().step_by(4).cloned().collect();
        let alone =
            simulate(&settings, &first_partition, &SimulationOptions { example_partitions: 1, ..options(1, true) })
                .unwrap();
        let points = |report: &SimulationReport| -> Vec<(u64, f64)> {
            report.curve.iter().copied().filter(|(n, _)| *n <= 256).collect()
        };
        assert_eq!(points(&report).len(), 9);
        for ((n, warm), (_, one)) in points(&report).into_iter().zip(points(&alone)) {
            assert!((warm - one).abs() < 1e-12, "after {n} examples: {warm} with a warm start, {one} alone");
        }
        let together = simulate(&settings, &data, &options(4, true)).unwrap();
        assert_ne!(points(&together), points(&report), "without a warm start every worker learns from the start");
    }

    /// Issue 30's question: is what four workers' replicas compute from exactly the owners'
    /// states plus their own batches the owners have not applied (with the other workers'
    /// steps in flight estimated from them), with packed records split
    /// and owner transactions ending between batches? No own difference counted twice, no
    /// foreign one, no state taken as of another watermark.
    #[test]
    fn four_replicas_views_are_the_owners_states_plus_their_own_unapplied_batches() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let data = examples(2_000);
        let options = SimulationOptions { check_views: true, ..options(4, true) };
        let report = simulate(&settings, &data, &options).unwrap();
        assert!(report.merged > 0);
    }

    /// Taken when sending, as the stream takes them: a sending waits at each receiver for
    /// its next own sending (staggered: a third or two thirds of an interval at 3 workers),
    /// and every piece taken is still dropped by the end.
    #[test]
    fn pieces_taken_when_sending_wait_for_the_receivers_own_sending() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let options = SimulationOptions {
            hot_coordinates: 16,
            hot_every: 30,
            hot_staggered: true,
            hot_take_when_sending: true,
            hot_drift: 0.0,
            ..options(3, true)
        };
        let report = simulate(&settings, &examples(2_000), &options).unwrap();
        assert_eq!(report.progress.count, 2_000);
        assert!(report.hot_taken > 100, "{}", report.hot_taken);
        assert_eq!((report.hot_dropped, report.hot_left), (report.hot_taken, 0));
        // A third of the interval (10 examples of the group) or two thirds (20): 10/3 or
        // 20/3 of the receiver's own, 5 on average.
        assert!((report.hot_delay_examples - 5.0).abs() <= 1.0, "{}", report.hot_delay_examples);
    }

    /// Hot exchange, coalesced and per example (owner transactions ending inside batches):
    /// every contribution a replica took is dropped by the end, when the owners have
    /// applied every batch, and each example is learned once.
    #[test]
    fn with_hot_exchange_every_contribution_is_dropped_by_the_end() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let data = examples(2_000);
        for coalesce in [true, false] {
            for (hot_staggered, hot_delay) in [(false, 0), (true, 0), (true, 30)] {
                let options = SimulationOptions {
                    hot_coordinates: 16,
                    hot_every: 20,
                    hot_staggered,
                    hot_delay,
                    ..options(3, coalesce)
                };
                let report = simulate(&settings, &data, &options).unwrap();
                assert_eq!(report.progress.count, 2_000);
                assert!(report.progress.mean_loss().is_finite(), "delay {hot_delay}");
                assert!(report.hot_taken > 100, "{}", report.hot_taken);
                assert_eq!(report.hot_dropped, report.hot_taken, "coalesced: {coalesce}, staggered: {hot_staggered}");
                assert_eq!(report.hot_left, 0);
                // 3 workers, one example each in rotation: a receiver learns a third of the delay.
                let expected = hot_delay as f64 / 3.0;
                assert!((report.hot_delay_examples - expected).abs() <= 1.0, "{}", report.hot_delay_examples);
                if !coalesce {
                    assert!(report.deferred > 0, "transactions ended inside batches");
                }
            }
        }
    }

    /// Workers sharing fewer cores take turns: every example is still learned once, the
    /// views stay the owners' states plus the own batches not in them, every hot piece is
    /// dropped by the end, and the order of learning is not the one of workers each on a
    /// core.
    #[test]
    fn workers_taking_turns_on_fewer_cores_learn_every_example_once() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let data = examples(2_000);
        let on_own_cores = simulate(&settings, &data, &options(4, true)).unwrap();
        let turns = SimulationOptions { cores: 2, slice: 50, check_views: true, ..options(4, true) };
        let report = simulate(&settings, &data, &turns).unwrap();
        assert_eq!(report.progress.count, 2_000);
        assert_ne!(report.progress.mean_loss(), on_own_cores.progress.mean_loss());
        let hot = SimulationOptions {
            check_views: false,
            hot_coordinates: 16,
            hot_every: 20,
            hot_staggered: true,
            hot_delay: 30,
            ..turns
        };
        let report = simulate(&settings, &data, &hot).unwrap();
        assert_eq!(report.progress.count, 2_000);
        assert!(report.hot_taken > 100, "{}", report.hot_taken);
        assert_eq!(report.hot_dropped, report.hot_taken);
        assert_eq!(report.hot_left, 0);
    }

    #[test]
    fn fewer_examples_partitions_than_workers_is_an_error() {
        let settings = ModelSettings::new(ftrl(0.5), Loss::Logistic, &[]);
        let error = simulate(&settings, &examples(10), &options(5, true)).unwrap_err();
        assert!(error.to_string().contains("at least as many as workers"), "{error}");
    }
}
