//! The update role's bookkeeping against every crash point of a gradients log (restored
//! and replayed, nothing is lost or applied twice), and against duplicate, overlapping and
//! corrupt records.

use super::*;
use crate::learn::admission::Admission;
use crate::learn::Algorithm;
use crate::learn::CoordState;
use crate::learn::Hyperparameters;
use crate::learn::Optimizer;
use crate::schema::proto::{Outcome, ProgressWindow};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

const PARTITION: i32 = 0;

fn applier() -> Applier {
    applier_expiring(None)
}

fn applier_expiring(expiry: Option<OwnerExpiry>) -> Applier {
    // Two Hedge members, admission at the second occurrence and delay-tolerant rates:
    // every option an owner applies must replay to the same states.
    let optimizer = Optimizer { algorithm: Algorithm::FtrlProximal, hyperparameters: Hyperparameters::default() };
    let rule = CoordinateRule::new(optimizer, &[0.1, 1.0], Admission::MinCount { count: 2 }, 1);
    Applier::new(rule.with_delay_tolerance(true), true).with_expiry(expiry)
}

/// Records a predict transaction may read of one examples partition (its batch bound),
/// which is how many a resuming session sends per example (docs/exactly-once.md, 9).
const BATCH_BOUND: usize = 4;

/// One example's gradients (its coordinates fixed by its origin; values differ between
/// attempts, as predictions on different replicas do).
fn example_gradients(rng: &mut StdRng, origin: i32, offset: i64, coordinates: Vec<u64>) -> ExampleGradients {
    ExampleGradients {
        origin_partition: origin,
        origin_offset: offset,
        gradients: coordinates.iter().map(|_| rng.random_range(-1.0..1.0)).collect(),
        members: coordinates.iter().map(|c| (c % 2) as u32).collect(),
        read_sums: coordinates.iter().map(|_| rng.random_range(-2.0..2.0)).collect(),
        feature_values: vec![],
        square_gradients: vec![],
        outcome: Some(Outcome {
            loss: rng.random_range(0.0..2.0),
            label: 1.0,
            prediction: 0.5,
            score: 0.5,
            weight: 1.0,
            member_losses: vec![rng.random_range(0.0..2.0), rng.random_range(0.0..2.0)],
        }),
        coordinates,
    }
}

/// A transaction's examples coalesced as a predict role sends them: per coordinate a
/// state change (random here: owners only add them) whose update count is the number of
/// the examples containing it, and the examples' figures.
fn coalesced_record(rng: &mut StdRng, examples: &[ExampleGradients], time_ms: i64) -> GradientBatch {
    let mut ranges: BTreeMap<i32, (i64, i64)> = BTreeMap::new();
    let mut updates: BTreeMap<u64, u64> = BTreeMap::new();
    let mut progress = Progress::new(true);
    for example in examples {
        let range = ranges.entry(example.origin_partition).or_insert((example.origin_offset, example.origin_offset));
        range.1 = example.origin_offset;
        for coordinate in &example.coordinates {
            *updates.entry(*coordinate).or_default() += 1;
        }
        let outcome = example.outcome.as_ref().unwrap();
        progress.record(outcome.loss, outcome.label, outcome.prediction, outcome.score, outcome.weight);
        progress.record_members(outcome.weight, &outcome.member_losses);
    }
    let coalesced = CoalescedContributions {
        origin_partitions: ranges.keys().copied().collect(),
        first_offsets: ranges.values().map(|r| r.0).collect(),
        last_offsets: ranges.values().map(|r| r.1).collect(),
        coordinates: updates.keys().copied().collect(),
        z: updates.keys().map(|_| rng.random_range(-1.0..1.0)).collect(),
        n: updates.keys().map(|_| rng.random_range(0.0..1.0)).collect(),
        updates: updates.values().copied().collect(),
        gradient_sums: updates.keys().map(|_| rng.random_range(-1.0..1.0)).collect(),
        members: updates.keys().map(|c| (c % 2) as u32).collect(),
        progress: Some(ProgressWindow { origin_partition: -1, ..ProgressWindow::from_progress(&progress) }),
    };
    GradientBatch { examples: Vec::new(), time_ms, coalesced: Some(coalesced) }
}

/// How far a resuming session sends per example.
#[derive(Clone, Copy, PartialEq)]
enum PrefixRule {
    /// Up to what the owner holds (every record logged before the session began: the
    /// predict role's barrier), and `BATCH_BOUND` past the committed offset
    /// (`stream::resume`).
    Absolute,
    /// Only `BATCH_BOUND` past the committed offset: what predict roles did before
    /// the bound became absolute, which an offset moved backwards breaks.
    RelativeOnly,
}

/// The last offset of each examples partition a session resuming at `committed` sends
/// per example, given the log so far.
fn per_example_through(rule: PrefixRule, committed: [i64; 2], log: &[GradientBatch]) -> [i64; 2] {
    let mut through = committed.map(|offset| offset + BATCH_BOUND as i64 - 1);
    if rule == PrefixRule::Absolute {
        for record in log {
            for example in &record.examples {
                let e = example.origin_partition as usize;
                through[e] = through[e].max(example.origin_offset);
            }
            if let Some(c) = &record.coalesced {
                for (origin, last) in c.origin_partitions.iter().zip(&c.last_offsets) {
                    through[*origin as usize] = through[*origin as usize].max(*last);
                }
            }
        }
    }
    through
}

/// A gradients log as predict roles write it, crashes and operators included
/// (docs/exactly-once.md, 1 and 9). Sessions read two examples partitions from their
/// committed offsets in transactions of at most `BATCH_BOUND` records; a session sends
/// per example up to the bound `rule` gives (in one or two records) and, with
/// `coalesce`, its later transactions coalesced. Now and then a transaction aborts with
/// a prefix of its records visible, at once or later (a zombie's, behind records of its
/// successor), and a new session resumes at the committed offsets and predicts the same
/// examples again with other values; once in a while an operator resets the committed
/// offsets to the beginning (`kafka-consumer-groups --reset-offsets --to-earliest`,
/// while no session runs), and every example is read again. Returns the log, each
/// coordinate's number of examples, and the number of examples.
fn gradients_log(rng: &mut StdRng, coalesce: bool, rule: PrefixRule) -> (Vec<GradientBatch>, HashMap<u64, u64>, u64) {
    let mut log: Vec<GradientBatch> = Vec::new();
    let mut contains: HashMap<u64, u64> = HashMap::new();
    let mut features: HashMap<(i32, i64), Vec<u64>> = HashMap::new();
    let (mut committed, mut position) = ([0i64; 2], [0i64; 2]);
    let mut through = per_example_through(rule, committed, &log);
    let mut reset = false;
    let mut zombie: Option<(usize, Vec<GradientBatch>)> = None;
    // Past 120 records, sessions only commit until every example read is committed.
    while log.len() < 120 || (0..2).any(|e| committed[e] < features.keys().filter(|k| k.0 == e as i32).count() as i64) {
        if zombie.as_ref().is_some_and(|(due, _)| log.len() >= *due) {
            log.extend(zombie.take().unwrap().1);
        }
        // Event time moves 10 ms a record.
        let time_ms = 1000 + 10 * log.len() as i64;
        let picks: Vec<usize> = (0..rng.random_range(1..=BATCH_BOUND)).map(|_| rng.random_range(0..2)).collect();
        // Offsets this transaction would read, partition by partition.
        let mut reading = position;
        let coalesced = coalesce
            && picks.iter().all(|e| {
                reading[*e] += 1;
                reading[*e] - 1 > through[*e]
            });
        let mut examples = Vec::new();
        for e in picks {
            let (origin, offset) = (e as i32, position[e]);
            position[e] += 1;
            let coordinates = features
                .entry((origin, offset))
                .or_insert_with(|| {
                    let mut c: Vec<u64> = (0..rng.random_range(1..6)).map(|_| rng.random_range(0..40)).collect();
                    c.sort_unstable();
                    c.dedup();
                    for coordinate in &c {
                        *contains.entry(*coordinate).or_default() += 1;
                    }
                    c
                })
                .clone();
            examples.push(example_gradients(rng, origin, offset, coordinates));
        }
        let records = if coalesced {
            vec![coalesced_record(rng, &examples, time_ms)]
        } else {
            // Large batches span records (`stream::predict::gradients::MAX_RECORD_BYTES`).
            let split = rng.random_range(1..=examples.len());
            let rest = examples.split_off(split);
            [examples, rest]
                .into_iter()
                .filter(|part| !part.is_empty())
                .map(|examples| GradientBatch { examples, time_ms, coalesced: None })
                .collect()
        };
        if log.len() < 120 && rng.random_bool(0.2) {
            let visible: Vec<GradientBatch> = records.into_iter().take(rng.random_range(0..=2)).collect();
            if zombie.is_none() && rng.random_bool(0.5) {
                zombie = Some((log.len() + rng.random_range(1..4), visible));
            } else {
                log.extend(visible);
            }
            position = committed;
            through = per_example_through(rule, committed, &log);
        } else {
            log.extend(records);
            committed = position;
            // At most one reset, early: re-reading makes the log (and the campaign) longer.
            if !reset && log.len() < 60 && zombie.is_none() && rng.random_bool(0.05) {
                reset = true;
                committed = [0; 2];
                position = committed;
                through = per_example_through(rule, committed, &log);
            }
        }
    }
    log.extend(zombie.map(|(_, records)| records).unwrap_or_default());
    (log, contains, features.len() as u64)
}

/// Everything one owner would write for `records`, applied in batches of `batch` records.
fn crash_free(
    log: &[GradientBatch],
    batch: usize,
    expiry: Option<OwnerExpiry>,
) -> (BTreeMap<u64, CoordState>, Vec<ProgressWindow>) {
    let mut store = ModelStore::in_memory();
    let mut applier = applier_expiring(expiry);
    applier.begin_restore(&store, &[PARTITION]).unwrap();
    let mut windows = Vec::new();
    for (chunk_index, chunk) in log.chunks(batch).enumerate() {
        let mut changes = Changes::default();
        for (i, record) in chunk.iter().enumerate() {
            let offset = (chunk_index * batch + i) as i64;
            applier.apply(&mut store, PARTITION, offset, record, &mut changes).unwrap();
        }
        windows.extend(changes.windows.iter().map(Window::to_proto));
    }
    (states(&mut store), windows)
}

fn states(store: &mut ModelStore) -> BTreeMap<u64, CoordState> {
    let mut states = BTreeMap::new();
    store
        .for_each(|c, s| {
            // A default state is an absent (expired) coordinate.
            if *s != CoordState::default() {
                states.insert(c, *s);
            }
        })
        .unwrap();
    states
}

/// Counts windows the way readers must.
fn count_windows<'a>(windows: impl IntoIterator<Item = &'a ProgressWindow>) -> (u64, f64) {
    let mut counter = WindowCounter::default();
    let (mut count, mut loss) = (0, 0.0);
    for window in windows {
        if counter.is_new(window) {
            count += window.count;
            loss += window.loss_sum;
        }
    }
    (count, loss)
}

/// A process starting: opens the local store in `dir` and restores from `changelog`;
/// returns the restored windows to publish again.
fn start_process(
    dir: &std::path::Path,
    changelog: &[(Vec<u8>, Vec<u8>)],
    expiry: Option<OwnerExpiry>,
) -> (ModelStore, Applier, Vec<ProgressWindow>) {
    let mut store = ModelStore::open_checkpoint_only(dir, 16).unwrap();
    let mut applier = applier_expiring(expiry);
    let mut restore = applier.begin_restore(&store, &[PARTITION]).unwrap();
    let start = restore.starts()[0].1 as usize;
    for (offset, (key, payload)) in changelog.iter().enumerate().skip(start) {
        applier.restore_record(&mut restore, PARTITION, offset as i64, Some(key), Some(payload));
    }
    let restored = applier.finish_restore(restore, &mut store).unwrap();
    (store, applier, restored.windows)
}

/// Runs the update role's cycle (restore, apply batches, publish, commit; on some
/// transactions a snapshot: changelog and checkpoint) against an in-memory changelog and
/// gradients log, crashing at random points: before anything is visible, after a random
/// prefix of a transaction became visible without its commit (what brokers that show
/// aborted records do), after a commit but before the RocksDB checkpoint, after
/// transactions committed without a snapshot, and during restore.
fn crash_campaign(seed: u64, expiry: Option<OwnerExpiry>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (log, contains, examples) = gradients_log(&mut rng, expiry.is_none(), PrefixRule::Absolute);
    if expiry.is_none() {
        assert!(log.iter().any(|r| r.coalesced.is_some()), "seed {seed}: nothing coalesced");
    }
    let (expected_states, expected_windows) = crash_free(&log, 3, expiry);
    let dir = tempfile::tempdir().unwrap();
    let mut changelog: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    let mut progress: Vec<ProgressWindow> = Vec::new();
    let mut committed = 0usize;
    let mut crashes = 0;
    while committed < log.len() {
        let (mut store, mut applier, windows) = start_process(dir.path(), &changelog, expiry);
        if rng.random_bool(0.1) {
            crashes += 1;
            continue; // killed during restore, before its checkpoint
        }
        // Windows of transactions that did not commit are published again.
        progress.extend(windows.into_iter().filter(|w| w.gradients_offset >= committed as i64));
        store.checkpoint().unwrap();
        // Where the role resumes: the restored `resume` (the group's committed offset
        // may be ahead of it, after transactions without a snapshot).
        let mut position = applier.position(PARTITION).map_or(0, |p| p.resume) as usize;
        // Changed since the last snapshot (see `stream::update`): most transactions
        // write no changelog and no checkpoint, only their windows and offsets.
        let mut unsnapshotted = Changes::default();
        loop {
            let size = rng.random_range(1..5).min(log.len() - position);
            if size == 0 {
                // The restored store holds the whole log (a snapshot's changelog was visible
                // though its transaction did not commit): the role reads nothing and commits
                // its position, as the update role does.
                committed = committed.max(position);
                break;
            }
            let mut changes = Changes::default();
            for (i, record) in log[position..position + size].iter().enumerate() {
                applier.apply(&mut store, PARTITION, (position + i) as i64, record, &mut changes).unwrap();
            }
            unsnapshotted.coordinates.extend(changes.coordinates.iter().map(|(c, p)| (*c, *p)));
            unsnapshotted.next_offsets.extend(changes.next_offsets.iter().map(|(p, n)| (*p, *n)));
            let snapshot = rng.random_bool(0.4);
            let records = if snapshot {
                let snapshot_changes = Changes {
                    coordinates: unsnapshotted.coordinates.clone(),
                    next_offsets: unsnapshotted.next_offsets.clone(),
                    windows: changes.windows.clone(),
                    ..Default::default()
                };
                applier.changelog_records(&mut store, &snapshot_changes).unwrap()
            } else {
                Vec::new()
            };
            if !changelog.is_empty() && rng.random_bool(0.1) {
                // A stale writer (an owner that has not noticed it was replaced) appends
                // an old record between two of ours.
                let stale = changelog[rng.random_range(0..changelog.len())].clone();
                changelog.push(stale);
            }
            let records_written = records.len();
            match rng.random_range(0..10) {
                0 => {}
                1 | 2 => {
                    let visible = rng.random_range(0..=records.len());
                    changelog.extend(records.into_iter().take(visible).map(|(_, k, v)| (k, v)));
                    let windows = rng.random_range(0..=changes.windows.len());
                    progress.extend(changes.windows.iter().take(windows).map(Window::to_proto));
                }
                3 => {
                    changelog.extend(records.into_iter().map(|(_, k, v)| (k, v)));
                    progress.extend(changes.windows.iter().map(Window::to_proto));
                    committed = position + size;
                }
                _ => {
                    changelog.extend(records.into_iter().map(|(_, k, v)| (k, v)));
                    progress.extend(changes.windows.iter().map(Window::to_proto));
                    committed = position + size;
                    position = committed;
                    if snapshot {
                        let written = (changelog.len() - records_written) as i64;
                        applier.wrote_changelog(PARTITION, written, changelog.len() as i64);
                        applier.save_positions(&mut store);
                        store.checkpoint().unwrap();
                        unsnapshotted = Changes::default();
                    }
                    continue;
                }
            }
            crashes += 1;
            break; // the process dies; its uncheckpointed changes with it
        }
    }
    // One last start restores whatever the final batches left and replays the records
    // after the last snapshot, as a role does before it goes on.
    let (mut store, mut applier, windows) = start_process(dir.path(), &changelog, expiry);
    progress.extend(windows.into_iter().filter(|w| w.gradients_offset >= committed as i64));
    let resume = applier.position(PARTITION).map_or(0, |p| p.resume) as usize;
    let mut changes = Changes::default();
    for (offset, record) in log.iter().enumerate().skip(resume) {
        applier.apply(&mut store, PARTITION, offset as i64, record, &mut changes).unwrap();
    }
    progress.extend(changes.windows.iter().map(Window::to_proto));

    assert!(crashes > 5, "seed {seed}: only {crashes} crashes");
    let got = states(&mut store);
    assert_eq!(got, expected_states, "seed {seed}: states differ from a crash-free run ({crashes} crashes)");
    if expiry.is_none() {
        for (coordinate, state) in &got {
            assert_eq!(state.updates, contains[coordinate], "seed {seed}: coordinate {coordinate}");
        }
    } else {
        // Expiry ran: some coordinate restarted, so it counts fewer updates than it occurred.
        assert!(got.iter().any(|(c, s)| s.updates < contains[c]), "seed {seed}: nothing expired");
    }
    assert_eq!(count_windows(&progress), count_windows(&expected_windows), "seed {seed}: progress");
    assert_eq!(count_windows(&progress).0, examples, "seed {seed}: every example counted once");
}

/// A gradients log with every coordinate moved up by `by`: another partition's log, as
/// owners of different partitions never share a coordinate.
fn shifted(log: &[GradientBatch], by: u64) -> Vec<GradientBatch> {
    let mut log = log.to_vec();
    for batch in &mut log {
        for example in &mut batch.examples {
            example.coordinates.iter_mut().for_each(|c| *c += by);
        }
        if let Some(coalesced) = &mut batch.coalesced {
            coalesced.coordinates.iter_mut().for_each(|c| *c += by);
        }
    }
    log
}

/// `stream::update` snapshots partitions in turn under load: a snapshot writes one
/// partition's changelog and then that partition's states and position only to the
/// local store, made durable at some later point (the round's end), so the store holds
/// each partition as of one of its own snapshots. Killed before or after any write or
/// flush (what was not flushed is lost), a restart restores every partition from there
/// and replays each from its own position: nothing lost, nothing applied twice.
#[test]
fn partitions_snapshotted_in_turn_restore_exactly() {
    const PARTITIONS: [i32; 2] = [0, 1];
    for seed in 0..10 {
        let mut rng = StdRng::seed_from_u64(seed);
        let (first, contains_first, _) = gradients_log(&mut rng, true, PrefixRule::Absolute);
        let (second, contains_second, _) = gradients_log(&mut rng, true, PrefixRule::Absolute);
        let shift = 1_000;
        let logs = [first, shifted(&second, shift)];
        let mut contains = contains_first;
        contains.extend(contains_second.into_iter().map(|(c, n)| (c + shift, n)));
        let mut expected = crash_free(&logs[0], 3, None).0;
        expected.extend(crash_free(&logs[1], 3, None).0);

        let dir = tempfile::tempdir().unwrap();
        let mut changelogs: [Vec<(Vec<u8>, Vec<u8>)>; 2] = Default::default();
        let restart = |changelogs: &[Vec<(Vec<u8>, Vec<u8>)>; 2]| {
            let mut store = ModelStore::open_checkpoint_only(dir.path(), 16).unwrap();
            let mut applier = applier();
            let mut restore = applier.begin_restore(&store, &PARTITIONS).unwrap();
            for (partition, start) in restore.starts() {
                let changelog = &changelogs[partition as usize];
                for (offset, (key, payload)) in changelog.iter().enumerate().skip(start as usize) {
                    applier.restore_record(&mut restore, partition, offset as i64, Some(key), Some(payload));
                }
            }
            applier.finish_restore(restore, &mut store).unwrap();
            store.checkpoint().unwrap();
            let positions = PARTITIONS.map(|p| applier.position(p).map_or(0, |x| x.resume) as usize);
            (store, applier, positions)
        };
        let (mut crashes, mut done) = (0, false);
        while !done {
            let (mut store, mut applier, mut positions) = restart(&changelogs);
            let mut unsnapshotted = Changes::default();
            loop {
                let mut changes = Changes::default();
                for partition in PARTITIONS {
                    let (log, at) = (&logs[partition as usize], &mut positions[partition as usize]);
                    let size = rng.random_range(0..4).min(log.len() - *at);
                    for (offset, record) in log.iter().enumerate().skip(*at).take(size) {
                        applier.apply(&mut store, partition, offset as i64, record, &mut changes).unwrap();
                    }
                    *at += size;
                }
                unsnapshotted.coordinates.extend(changes.coordinates.iter().map(|(c, p)| (*c, *p)));
                unsnapshotted.members.extend(changes.members.iter().map(|(c, m)| (*c, *m)));
                unsnapshotted.next_offsets.extend(changes.next_offsets.iter().map(|(p, n)| (*p, *n)));
                // The transaction commits, snapshotting one partition or none.
                if let Some(partition) = PARTITIONS.get(rng.random_range(0..3)) {
                    let partitions = BTreeSet::from([*partition]);
                    let snapshotted = unsnapshotted.split_off(&partitions);
                    let snapshot_changes = Changes {
                        coordinates: snapshotted.coordinates.clone(),
                        next_offsets: snapshotted.next_offsets.clone(),
                        windows: changes.windows.clone(),
                        ..Default::default()
                    };
                    let records = applier.changelog_records(&mut store, &snapshot_changes).unwrap();
                    assert!(records.iter().all(|(p, _, _)| p == partition), "seed {seed}: another partition's record");
                    let changelog = &mut changelogs[*partition as usize];
                    let written = changelog.len() as i64;
                    changelog.extend(records.into_iter().map(|(_, k, v)| (k, v)));
                    if rng.random_bool(0.2) {
                        crashes += 1;
                        break; // killed after the commit, before the checkpoint
                    }
                    applier.wrote_changelog(*partition, written, changelog.len() as i64);
                    applier.save_positions_of(&mut store, &partitions);
                    store.write_where(|c| snapshotted.coordinates.contains_key(&c)).unwrap();
                    // A round's writes are made durable when it ends; a crash before
                    // loses them all (the store does not flush on closing).
                    if rng.random_bool(0.5) {
                        store.persist().unwrap();
                    }
                }
                if positions.iter().zip(&logs).all(|(at, log)| *at == log.len()) {
                    done = true;
                    break; // the rest is replayed by the last start below
                }
                if rng.random_bool(0.15) {
                    crashes += 1;
                    break;
                }
            }
        }
        // One last start restores and replays every partition from its own position.
        let (mut store, mut applier, positions) = restart(&changelogs);
        let mut changes = Changes::default();
        for partition in PARTITIONS {
            let log = &logs[partition as usize];
            for (offset, record) in log.iter().enumerate().skip(positions[partition as usize]) {
                applier.apply(&mut store, partition, offset as i64, record, &mut changes).unwrap();
            }
        }
        assert!(crashes > 3, "seed {seed}: only {crashes} crashes");
        let got = states(&mut store);
        assert_eq!(got, expected, "seed {seed}: states differ from a crash-free run ({crashes} crashes)");
        for (coordinate, state) in &got {
            assert_eq!(state.updates, contains[coordinate], "seed {seed}: coordinate {coordinate}");
        }
    }
}

#[test]
fn crashes_anywhere_neither_lose_nor_double_an_update() {
    for seed in 0..25 {
        crash_campaign(seed, None);
    }
}

/// The cause of examples lost after an operator moved the offsets backwards: with a
/// bound relative to the committed offset, a committed coalesced record covers examples
/// the owner holds and examples it does not at once, and is dropped whole, and nothing
/// else carries the examples it held. The campaign above resets offsets too, with the
/// absolute bound, and loses nothing.
#[test]
fn an_offset_reset_with_relative_bounds_loses_examples_and_absolute_ones_do_not() {
    // Per rule: (updates lost, updates doubled) over 25 logs, against each coordinate's
    // number of examples.
    let errors = |rule: PrefixRule| -> (u64, u64) {
        let (mut lost, mut doubled) = (0, 0);
        for seed in 0..25 {
            let mut rng = StdRng::seed_from_u64(seed);
            let (log, contains, _) = gradients_log(&mut rng, true, rule);
            let (states, _) = crash_free(&log, 3, None);
            for (coordinate, expected) in &contains {
                let got = states.get(coordinate).map_or(0, |s| s.updates);
                lost += expected.saturating_sub(got);
                doubled += got.saturating_sub(*expected);
            }
        }
        (lost, doubled)
    };
    let (lost, doubled) = errors(PrefixRule::RelativeOnly);
    assert!(lost > 0, "the relative bound should lose examples after a reset");
    assert_eq!(doubled, 0);
    assert_eq!(errors(PrefixRule::Absolute), (0, 0));
}

/// Expiry sweeps replay identically too: the same coordinates expire at the same
/// records, whatever the crashes (coordinates unseen for 150 ms, 15 records).
#[test]
fn crashes_anywhere_expire_the_same_coordinates() {
    for seed in 0..10 {
        crash_campaign(seed, Some(OwnerExpiry::new(150, 1)));
    }
}

#[test]
fn duplicate_origins_are_dropped_and_counted() {
    let mut store = ModelStore::in_memory();
    let mut applier = applier();
    let example = |offset| ExampleGradients {
        origin_partition: 3,
        origin_offset: offset,
        coordinates: vec![7],
        gradients: vec![0.5],
        outcome: Some(Outcome {
            loss: 1.0,
            label: 1.0,
            prediction: 0.5,
            score: 0.5,
            weight: 1.0,
            ..Default::default()
        }),
        members: vec![],
        read_sums: vec![],
        feature_values: vec![],
        square_gradients: vec![],
    };
    let mut changes = Changes::default();
    let first = GradientBatch { examples: vec![example(0), example(1)], ..Default::default() };
    let replay = GradientBatch { examples: vec![example(1), example(2)], ..Default::default() };
    applier.apply(&mut store, 0, 0, &first, &mut changes).unwrap();
    applier.apply(&mut store, 0, 1, &replay, &mut changes).unwrap();
    assert_eq!((changes.applied, changes.duplicate_examples), (3, 1));
    assert_eq!(changes.windows.iter().map(|w| w.progress.count).collect::<Vec<_>>(), vec![2, 1]);
    assert_eq!(changes.windows[1].origin, Some((3, 2, 2)));
    assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(3, 2)]);
    let mut slots = Vec::new();
    store.resolve(&[Feature { coordinate: 7, value: 1.0 }], &mut slots).unwrap();
    assert_eq!(store.state(slots[0]).updates, 3);
}

/// docs/exactly-once.md, 9: a coalesced record whose ranges are all above the seen
/// watermarks is applied and moves them; one whose ranges were all seen is a duplicate;
/// one that covers seen and unseen offsets breaks the protocol and is reported. Either
/// way a dropped record changes nothing.
#[test]
fn coalesced_records_are_applied_whole_or_not_at_all() {
    let mut store = ModelStore::in_memory();
    let mut applier = applier();
    let coalesced = |ranges: &[(i32, i64, i64)], updates: u64| GradientBatch {
        coalesced: Some(CoalescedContributions {
            origin_partitions: ranges.iter().map(|r| r.0).collect(),
            first_offsets: ranges.iter().map(|r| r.1).collect(),
            last_offsets: ranges.iter().map(|r| r.2).collect(),
            coordinates: vec![7, 8],
            z: vec![0.25, -0.5],
            n: vec![1.0, 2.0],
            updates: vec![updates, 1],
            gradient_sums: vec![0.5, 0.125],
            members: vec![0, 1],
            progress: Some(ProgressWindow {
                count: updates,
                loss_sum: 0.5,
                weight_sum: updates as f64,
                origin_partition: -1,
                ..Default::default()
            }),
        }),
        ..Default::default()
    };
    let per_example = |offset| ExampleGradients {
        origin_partition: 0,
        origin_offset: offset,
        coordinates: vec![7],
        gradients: vec![0.5],
        ..Default::default()
    };
    fn state(store: &mut ModelStore, coordinate: u64) -> CoordState {
        let mut slots = Vec::new();
        store.resolve(&[Feature { coordinate, value: 1.0 }], &mut slots).unwrap();
        *store.state(slots[0])
    }
    let mut changes = Changes::default();
    // Examples 0..=4 of partition 0 and 10..=11 of partition 1, coalesced: applied whole.
    applier.apply(&mut store, 0, 0, &coalesced(&[(0, 0, 4), (1, 10, 11)], 5), &mut changes).unwrap();
    let after_first = state(&mut store, 7);
    assert_eq!((after_first.z, after_first.n, after_first.updates, after_first.sum), (0.25, 1.0, 5, 0.5));
    assert_eq!(changes.members.get(&8), Some(&1));
    assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(0, 4), (1, 11)]);
    assert_eq!(changes.windows.len(), 1);
    assert_eq!(changes.windows[0].progress.count, 5);
    // The same examples per example (a successor's prefix): 0..=4 dropped, 5 and 6 new.
    let successor = GradientBatch { examples: (0..7).map(per_example).collect(), ..Default::default() };
    applier.apply(&mut store, 0, 1, &successor, &mut changes).unwrap();
    assert_eq!(changes.duplicate_examples, 5);
    assert_eq!(state(&mut store, 7).updates, 7);
    // All seen: a duplicate. Seen and unseen at once: reported. Neither changes a state.
    let before = (state(&mut store, 7), state(&mut store, 8));
    applier.apply(&mut store, 0, 2, &coalesced(&[(0, 2, 6)], 5), &mut changes).unwrap();
    applier.apply(&mut store, 0, 3, &coalesced(&[(0, 5, 9)], 5), &mut changes).unwrap();
    applier.apply(&mut store, 0, 4, &coalesced(&[(0, 7, 9), (1, 11, 12)], 4), &mut changes).unwrap();
    assert_eq!((changes.duplicate_coalesced, changes.overlapping_coalesced), (1, 2));
    assert_eq!((state(&mut store, 7), state(&mut store, 8)), before);
    assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(0, 6), (1, 11)]);
    // Past everything seen: applied.
    applier.apply(&mut store, 0, 5, &coalesced(&[(0, 7, 9), (1, 12, 12)], 4), &mut changes).unwrap();
    assert_eq!(state(&mut store, 7).updates, 11);
    assert_eq!(applier.origins(0).collect::<Vec<_>>(), vec![(0, 9), (1, 12)]);
}

#[test]
fn non_finite_gradients_are_dropped() {
    let mut store = ModelStore::in_memory();
    let mut applier = applier();
    let batch = GradientBatch {
        examples: vec![ExampleGradients {
            origin_partition: 0,
            origin_offset: 0,
            coordinates: vec![1, 2, 3, 4],
            gradients: vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.5],
            outcome: None,
            members: vec![],
            read_sums: vec![],
            feature_values: vec![],
            square_gradients: vec![],
        }],
        ..Default::default()
    };
    let mut changes = Changes::default();
    applier.apply(&mut store, 0, 0, &batch, &mut changes).unwrap();
    assert_eq!(changes.applied, 1);
    let states = states(&mut store);
    assert_eq!(states.keys().copied().collect::<Vec<_>>(), vec![4]);
    assert!(states[&4].z.is_finite() && states[&4].n.is_finite());
}
