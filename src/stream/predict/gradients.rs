//! The gradients records a predict batch sends: per example, or the batch's coalesced
//! contributions. Per-example records are encoded by hand, for speed, with the field
//! numbers the schema gives (`schema::proto::field`); the tests decode them with prost.

use super::BadRecord;
use crate::learn::{CoordState, Gradient, Progress};
use crate::schema::proto::field::{example_gradients, gradient_batch};
use crate::schema::proto::{CoalescedContributions, GradientBatch, Outcome, ProgressWindow};
use crate::stream::kafka::partition_of;
use prost::encoding::{double, encode_key, encode_varint, fixed64, int32, int64, message, uint32, WireType};
use prost::Message as _;
use std::collections::BTreeMap;

/// Largest gradients record written: brokers refuse records over `message.max.bytes`
/// (1 MB by default), and a batch of many examples for one partition can be larger.
pub(crate) const MAX_RECORD_BYTES: usize = 512 * 1024;

/// Most coordinates one coalesced record carries: at most about 43 bytes each, so a record
/// stays well below the brokers' default `message.max.bytes` (1 MB) with its progress
/// figures. A predict batch ends early when it has touched this many in one partition.
pub(crate) const MAX_COALESCED_COORDINATES: usize = 12_000;

/// Most coordinates (features × classes × Hedge members) one example may touch in one
/// gradients partition. Its per-example entry cannot be split across records (the owners
/// drop a second record of the same example as a duplicate), and a coalesced batch ends
/// only once it has touched [`MAX_COALESCED_COORDINATES`] in a partition, so one example
/// more must still fit: at most about 37 bytes a coordinate, (12,000 + 8,192) × 37 ≈ 750 KB
/// stays below the producers' default `message.max.bytes` (1,000,000). An example beyond it
/// would make a record no producer sends, abort every attempt at its batch and stop the
/// predict role for good: it is a dead letter instead.
pub(crate) const MAX_EXAMPLE_COORDINATES_PER_PARTITION: usize = 8_192;

/// Why an example's gradients cannot be sent (too many in one gradients partition), if so.
pub(super) fn too_many_for_one_record(coordinates: &[u64], partitions: i32) -> Option<BadRecord> {
    if coordinates.len() <= MAX_EXAMPLE_COORDINATES_PER_PARTITION {
        return None;
    }
    let mut counts: std::collections::HashMap<i32, usize> = std::collections::HashMap::new();
    for coordinate in coordinates {
        *counts.entry(partition_of(*coordinate, partitions)).or_default() += 1;
    }
    let (partition, count) = counts.into_iter().max_by_key(|(partition, count)| (*count, -partition))?;
    (count > MAX_EXAMPLE_COORDINATES_PER_PARTITION).then_some(BadRecord::TooManyCoordinates { count, partition })
}

/// (gradients partition, examples partition) → the highest example offset whose gradients
/// a batch sent there.
pub(crate) type Requirements = BTreeMap<(i32, i32), i64>;

/// What a batch's entries carry besides coordinates and gradients.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Carried {
    /// Each gradient's Hedge member.
    pub members: bool,
    /// Each gradient's read gradient sum (delay-tolerant owners).
    pub read_sums: bool,
    /// Each gradient's feature value and squared gradient (VW's rule).
    pub gd: bool,
}

/// One batch's gradients records being written. Per gradients partition, either
/// `GradientBatch` records of whole examples, written straight into reused byte buffers as
/// the examples are learned (building prost structs first cost an allocation per entry and
/// field, a third of the predict role's time), or one record of the batch's coalesced
/// contributions: each coordinate's summed state change, which are columns and encode as
/// such.
pub(crate) struct GradientWriter {
    partitions: i32,
    carried: Carried,
    /// Per partition: finished records, then the one being filled (without the batch time,
    /// which [`finish`](Self::finish) appends).
    records: Vec<Vec<Vec<u8>>>,
    current: Vec<Vec<u8>>,
    /// Per partition: (examples partition, highest offset) pairs; few per partition.
    reached: Vec<Vec<(i32, i64)>>,
    order: Vec<(i32, u32)>,
    coordinates: Vec<u64>,
    values: Vec<f64>,
    members: Vec<u32>,
    sums: Vec<f64>,
    feature_values: Vec<f64>,
    square_gradients: Vec<f64>,
    body: Vec<u8>,
    /// Per partition: the coalesced contributions being gathered.
    coalesced: Vec<CoalescedContributions>,
}

impl GradientWriter {
    pub(crate) fn new(partitions: i32, carried: Carried) -> Self {
        let slots = partitions.max(1) as usize;
        Self {
            partitions: partitions.max(1),
            carried,
            records: vec![Vec::new(); slots],
            current: vec![Vec::new(); slots],
            reached: vec![Vec::new(); slots],
            order: Vec::new(),
            coordinates: Vec::new(),
            values: Vec::new(),
            members: Vec::new(),
            sums: Vec::new(),
            feature_values: Vec::new(),
            square_gradients: Vec::new(),
            body: Vec::new(),
            coalesced: vec![CoalescedContributions::default(); slots],
        }
    }

    /// Gradients partitions.
    pub(crate) fn partitions(&self) -> i32 {
        self.partitions
    }

    /// Adds how the batch moved `coordinate` (of Hedge member `member`) to its partition's
    /// coalesced record.
    pub(crate) fn add_difference(&mut self, coordinate: u64, member: u32, difference: &CoordState) {
        let record = &mut self.coalesced[partition_of(coordinate, self.partitions) as usize];
        record.push_difference(coordinate, self.carried.members.then_some(member), difference);
    }

    /// The batch's coalesced records: one per gradients partition, each covering `ranges`
    /// (examples partition → first and last offset of the batch) and carrying the figures
    /// `progress` holds for it (indexed by partition), with the batch's event time; and
    /// what owners must apply for the batch to count as applied. Every partition gets one,
    /// so that every owner's watermarks pass the whole batch.
    pub(crate) fn finish_coalesced(
        &mut self,
        time_ms: i64,
        ranges: &BTreeMap<i32, (i64, i64)>,
        progress: &[Progress],
    ) -> (Vec<(i32, Vec<u8>)>, Requirements) {
        let mut out = Vec::with_capacity(self.coalesced.len());
        let mut requirements = Requirements::new();
        for (slot, record) in self.coalesced.iter_mut().enumerate() {
            let mut contributions = std::mem::take(record);
            contributions.origin_partitions = ranges.keys().copied().collect();
            contributions.first_offsets = ranges.values().map(|(first, _)| *first).collect();
            contributions.last_offsets = ranges.values().map(|(_, last)| *last).collect();
            contributions.progress = progress.get(slot).filter(|p| p.count > 0).map(|p| {
                // Which examples it counts, when they come from one partition (as a window
                // of per-example entries says).
                let mut counted =
                    ranges.iter().filter(|(origin, _)| partition_of(**origin as u64, self.partitions) == slot as i32);
                let (origin_partition, first_offset, last_offset) = match (counted.next(), counted.next()) {
                    (Some((origin, (first, last))), None) => (*origin, *first, *last),
                    _ => (-1, -1, -1),
                };
                ProgressWindow { origin_partition, first_offset, last_offset, ..ProgressWindow::from_progress(p) }
            });
            let batch = GradientBatch { examples: Vec::new(), time_ms, coalesced: Some(contributions) };
            out.push((slot as i32, batch.encode_to_vec()));
            for (origin, (_, last)) in ranges {
                requirements.insert((slot as i32, *origin), *last);
            }
        }
        (out, requirements)
    }

    /// Adds example (`origin_partition`, `origin_offset`): one entry per gradients partition
    /// its `gradients` touch, and its `outcome` in the entry of partition `origin_partition`
    /// mod P (that partition's owner counts it, once).
    pub(crate) fn add(&mut self, origin_partition: i32, origin_offset: i64, gradients: &[Gradient], outcome: &Outcome) {
        self.order.clear();
        self.order
            .extend(gradients.iter().enumerate().map(|(i, g)| (partition_of(g.coordinate, self.partitions), i as u32)));
        let counting = partition_of(origin_partition as u64, self.partitions);
        if !self.order.iter().any(|(p, _)| *p == counting) {
            self.order.push((counting, u32::MAX)); // an entry for the outcome alone
        }
        self.order.sort_unstable();
        let mut start = 0;
        while start < self.order.len() {
            let partition = self.order[start].0;
            let end = start + self.order[start..].iter().take_while(|(p, _)| *p == partition).count();
            self.coordinates.clear();
            self.values.clear();
            self.members.clear();
            self.sums.clear();
            self.feature_values.clear();
            self.square_gradients.clear();
            for (_, index) in &self.order[start..end] {
                let Some(g) = gradients.get(*index as usize) else { continue };
                self.coordinates.push(g.coordinate);
                self.values.push(g.value);
                self.members.push(g.member);
                self.sums.push(g.read_sum);
                let (x, square) = g.gd.unwrap_or_default();
                self.feature_values.push(x);
                self.square_gradients.push(square);
            }
            let outcome = (partition == counting).then_some(outcome);
            self.write_entry(partition, origin_partition, origin_offset, outcome);
            start = end;
        }
    }

    fn write_entry(&mut self, partition: i32, origin_partition: i32, origin_offset: i64, outcome: Option<&Outcome>) {
        let body = &mut self.body;
        body.clear();
        int32::encode(example_gradients::ORIGIN_PARTITION, &origin_partition, body);
        int64::encode(example_gradients::ORIGIN_OFFSET, &origin_offset, body);
        if !self.coordinates.is_empty() {
            fixed64::encode_packed(example_gradients::COORDINATES, &self.coordinates, body);
            double::encode_packed(example_gradients::GRADIENTS, &self.values, body);
            if self.carried.members {
                uint32::encode_packed(example_gradients::MEMBERS, &self.members, body);
            }
            if self.carried.read_sums {
                double::encode_packed(example_gradients::READ_SUMS, &self.sums, body);
            }
            if self.carried.gd {
                double::encode_packed(example_gradients::FEATURE_VALUES, &self.feature_values, body);
                double::encode_packed(example_gradients::SQUARE_GRADIENTS, &self.square_gradients, body);
            }
        }
        if let Some(outcome) = outcome {
            message::encode(example_gradients::OUTCOME, outcome, body);
        }
        let slot = partition as usize;
        let record = &mut self.current[slot];
        if !record.is_empty() && record.len() + body.len() + 16 > MAX_RECORD_BYTES {
            self.records[slot].push(std::mem::take(record));
        }
        let record = &mut self.current[slot];
        encode_key(gradient_batch::EXAMPLES, WireType::LengthDelimited, record);
        encode_varint(body.len() as u64, record);
        record.extend_from_slice(body);
        let reached = &mut self.reached[slot];
        match reached.iter_mut().find(|(origin, _)| *origin == origin_partition) {
            Some((_, offset)) => *offset = (*offset).max(origin_offset),
            None => reached.push((origin_partition, origin_offset)),
        }
    }

    /// What owners must apply to hold the per-example entries added so far: (gradients
    /// partition, examples partition) → highest offset.
    pub(crate) fn reached_so_far(&self) -> Requirements {
        let mut requirements = Requirements::new();
        for (slot, reached) in self.reached.iter().enumerate() {
            for (origin, offset) in reached {
                requirements.insert((slot as i32, *origin), *offset);
            }
        }
        requirements
    }

    /// The batch's records, (gradients partition, payload) in the order to send, each with
    /// the batch's event time; and what owners must apply for the batch to count as applied.
    /// The writer is then empty, its buffers kept for the next batch.
    pub(crate) fn finish(&mut self, time_ms: i64) -> (Vec<(i32, Vec<u8>)>, Requirements) {
        let mut out = Vec::new();
        let mut requirements = Requirements::new();
        for slot in 0..self.current.len() {
            let current = std::mem::take(&mut self.current[slot]);
            let finished = std::mem::take(&mut self.records[slot]);
            for mut record in finished.into_iter().chain((!current.is_empty()).then_some(current)) {
                int64::encode(gradient_batch::TIME_MS, &time_ms, &mut record);
                out.push((slot as i32, record));
            }
            for (origin, offset) in self.reached[slot].drain(..) {
                requirements.insert((slot as i32, origin), offset);
            }
        }
        (out, requirements)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::proto::{ExampleGradients, GradientBatch};

    fn gradients(i: u64, n: u64) -> Vec<Gradient> {
        (0..n)
            .map(|c| Gradient {
                coordinate: c * 7919 + i * 31,
                value: (c as f64 - 3.0) / 8.0,
                member: (c % 3) as u32,
                read_sum: c as f64,
                gd: None,
            })
            .collect()
    }

    /// The records decode to the entries a batch of prost structs would hold: per partition,
    /// each example's gradients there (and its outcome in partition origin mod P), in order.
    #[test]
    fn records_decode_to_each_examples_entries_per_partition() {
        for carried in [
            Carried { members: false, read_sums: false, gd: false },
            Carried { members: true, read_sums: true, gd: true },
        ] {
            let partitions = 5;
            let mut writer = GradientWriter::new(partitions, carried);
            let mut expected: Vec<Vec<ExampleGradients>> = vec![Vec::new(); partitions as usize];
            let mut expected_requirements = Requirements::new();
            for i in 0..30_000u64 {
                let origin = (i % 3) as i32;
                let offset = (i / 3) as i64;
                let example = gradients(i, 1 + i % 25);
                let outcome = Outcome { loss: i as f64, weight: 1.0, ..Default::default() };
                writer.add(origin, offset, &example, &outcome);
                let counting = partition_of(origin as u64, partitions);
                for p in 0..partitions {
                    let mine: Vec<&Gradient> =
                        example.iter().filter(|g| partition_of(g.coordinate, partitions) == p).collect();
                    if mine.is_empty() && p != counting {
                        continue;
                    }
                    expected[p as usize].push(ExampleGradients {
                        origin_partition: origin,
                        origin_offset: offset,
                        coordinates: mine.iter().map(|g| g.coordinate).collect(),
                        gradients: mine.iter().map(|g| g.value).collect(),
                        outcome: (p == counting).then_some(outcome.clone()),
                        members: if carried.members && !mine.is_empty() {
                            mine.iter().map(|g| g.member).collect()
                        } else {
                            Vec::new()
                        },
                        read_sums: if carried.read_sums && !mine.is_empty() {
                            mine.iter().map(|g| g.read_sum).collect()
                        } else {
                            Vec::new()
                        },
                        feature_values: if carried.gd && !mine.is_empty() {
                            mine.iter().map(|g| g.gd.unwrap_or_default().0).collect()
                        } else {
                            Vec::new()
                        },
                        square_gradients: if carried.gd && !mine.is_empty() {
                            mine.iter().map(|g| g.gd.unwrap_or_default().1).collect()
                        } else {
                            Vec::new()
                        },
                    });
                    expected_requirements.insert((p, origin), offset);
                }
            }
            let (records, requirements) = writer.finish(77);
            assert_eq!(requirements, expected_requirements);
            let mut got: Vec<Vec<ExampleGradients>> = vec![Vec::new(); partitions as usize];
            for (partition, payload) in &records {
                assert!(payload.len() <= MAX_RECORD_BYTES, "{}", payload.len());
                let batch = GradientBatch::decode(&payload[..]).unwrap();
                assert_eq!(batch.time_ms, 77);
                got[*partition as usize].extend(batch.examples);
            }
            assert!(records.len() > partitions as usize, "large partitions are split");
            assert_eq!(got, expected);
            // Emptied for the next batch.
            assert!(writer.finish(1).0.is_empty());
        }
    }

    /// The largest gradients records a batch can make fit the producers' default limit
    /// (1,000,000 bytes, librdkafka counting up to about 100 bytes besides the value): a
    /// coalesced batch that ends one example past its bound, every field at its longest
    /// encoding, and one example's per-example entry at its bound with Hedge members and
    /// read sums.
    #[test]
    fn the_largest_gradients_records_a_batch_can_make_fit_the_producer_limit() {
        let limit = 1_000_000 - 1_000;
        let most = MAX_COALESCED_COORDINATES - 1 + MAX_EXAMPLE_COORDINATES_PER_PARTITION;
        let mut writer = GradientWriter::new(1, Carried { members: true, read_sums: true, gd: false });
        let difference = CoordState { z: -1e300, n: 1e300, updates: 100_000, sum: -1e300, seen: 0 };
        for c in 0..most as u64 {
            writer.add_difference(u64::MAX - c, 1_000, &difference);
        }
        let ranges: BTreeMap<i32, (i64, i64)> = (0..64).map(|e| (e, (i64::MAX / 2, i64::MAX - 1))).collect();
        let mut progress = vec![Progress::new(true)];
        progress[0].record(0.5, 1.0, 0.7, 0.7, 1.0);
        let (records, _) = writer.finish_coalesced(i64::MAX, &ranges, &progress);
        assert_eq!(records.len(), 1);
        assert!(records[0].1.len() <= limit, "coalesced record of {} bytes", records[0].1.len());

        let gradients: Vec<Gradient> = (0..MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64)
            .map(|c| Gradient { coordinate: u64::MAX - c, value: -1e300, member: 1_000, read_sum: 1e300, gd: None })
            .collect();
        let outcome = Outcome { loss: 1.0, weight: 1.0, member_losses: vec![1.0; 16], ..Default::default() };
        writer.add(i32::MAX, i64::MAX, &gradients, &outcome);
        let (records, _) = writer.finish(i64::MAX);
        assert!(
            records.iter().all(|(_, r)| r.len() <= limit),
            "{:?}",
            records.iter().map(|(_, r)| r.len()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn an_example_with_too_many_coordinates_in_one_partition_is_refused_by_name() {
        let at_bound: Vec<u64> = (0..MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64).map(|i| i * 4).collect();
        assert_eq!(too_many_for_one_record(&at_bound, 4), None);
        // Twice as many, spread over two partitions: fine; all in partition 0: refused.
        let spread: Vec<u64> = (0..2 * MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64).map(|i| i * 2).collect();
        assert_eq!(too_many_for_one_record(&spread, 4), None);
        let mut over = at_bound.clone();
        over.push(4 * MAX_EXAMPLE_COORDINATES_PER_PARTITION as u64);
        let reason = too_many_for_one_record(&over, 4).unwrap().to_string();
        assert!(reason.contains("8193 coordinates of gradients partition 0"), "{reason}");
    }

    /// A coalesced batch: one record per partition, each with its coordinates' differences
    /// in the order added, every range, and the figures counted there (with their origin
    /// when a single examples partition is counted there).
    #[test]
    fn coalesced_records_carry_each_partitions_differences_ranges_and_figures() {
        let partitions = 3;
        let mut writer = GradientWriter::new(partitions, Carried { members: true, read_sums: false, gd: false });
        let difference =
            |c: u64| CoordState { z: c as f64 / 2.0, n: c as f64, updates: c % 5 + 1, sum: -(c as f64), seen: 0 };
        let coordinates: Vec<u64> = (0..30u64).map(|i| i * 7).collect();
        for c in &coordinates {
            writer.add_difference(*c, (c % 2) as u32, &difference(*c));
        }
        let ranges = BTreeMap::from([(0, (100, 140)), (1, (7, 9)), (3, (50, 50))]);
        let mut progress = vec![Progress::new(true); 3];
        progress[0].record(0.5, 1.0, 0.7, 0.7, 1.0); // examples partitions 0 and 3 count here
        progress[1].record(0.25, 0.0, 0.2, 0.2, 2.0); // partition 1 alone
        let (records, requirements) = writer.finish_coalesced(99, &ranges, &progress);
        assert_eq!(records.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![0, 1, 2]);
        for (partition, payload) in &records {
            let batch = GradientBatch::decode(&payload[..]).unwrap();
            assert_eq!(batch.time_ms, 99);
            assert!(batch.examples.is_empty());
            let c = batch.coalesced.unwrap();
            assert_eq!(
                (c.origin_partitions, c.first_offsets, c.last_offsets),
                (vec![0, 1, 3], vec![100, 7, 50], vec![140, 9, 50])
            );
            let mine: Vec<u64> =
                coordinates.iter().copied().filter(|c| partition_of(*c, partitions) == *partition).collect();
            assert_eq!(c.coordinates, mine);
            assert_eq!(c.z, mine.iter().map(|c| difference(*c).z).collect::<Vec<_>>());
            assert_eq!(c.n, mine.iter().map(|c| difference(*c).n).collect::<Vec<_>>());
            assert_eq!(c.updates, mine.iter().map(|c| difference(*c).updates).collect::<Vec<_>>());
            assert_eq!(c.gradient_sums, mine.iter().map(|c| difference(*c).sum).collect::<Vec<_>>());
            assert_eq!(c.members, mine.iter().map(|c| (c % 2) as u32).collect::<Vec<_>>());
            let figures = c.progress.map(|w| (w.count, w.origin_partition, w.first_offset, w.last_offset));
            let expected = [Some((1, -1, -1, -1)), Some((1, 1, 7, 9)), None];
            assert_eq!(figures, expected[*partition as usize], "partition {partition}");
        }
        let mut expected_requirements = Requirements::new();
        for g in 0..partitions {
            for (e, (_, last)) in &ranges {
                expected_requirements.insert((g, *e), *last);
            }
        }
        assert_eq!(requirements, expected_requirements);
        // Emptied for the next batch.
        let (again, _) = writer.finish_coalesced(1, &BTreeMap::new(), &[]);
        for (_, payload) in again {
            assert!(GradientBatch::decode(&payload[..]).unwrap().coalesced.unwrap().coordinates.is_empty());
        }
    }
}
