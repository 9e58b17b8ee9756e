//! Coordinate states and the records that carry them, both ways: the deltas topic's
//! per-coordinate deltas and packed records (`ftrl.applied`), the changelog's state
//! records, the gradients topic's coalesced contributions and the hot topic's sendings. A
//! rule with more state per
//! coordinate changes these conversions and nothing else. Also the one reading of a
//! deltas-topic record that its readers (the weight view, the replica feed, `ftrl dump`)
//! share.

use super::wire::{coordinate_of, WATERMARK_KEY};
use crate::learn::replica::{HotContribution, Offsets};
use crate::learn::CoordState;
use crate::schema::proto::{
    AppliedWatermark, CoalescedContributions, HotPieces, HotSending, OwnerState, StateRecord, WeightDelta,
};
use prost::Message as _;
use std::collections::BTreeMap;
use std::sync::Arc;
use thiserror::Error;

impl From<&CoordState> for OwnerState {
    fn from(state: &CoordState) -> Self {
        Self { z: state.z, n: state.n, updates: state.updates, gradient_sum: state.sum, last_seen: state.seen }
    }
}

impl From<&OwnerState> for CoordState {
    fn from(state: &OwnerState) -> Self {
        Self { z: state.z, n: state.n, updates: state.updates, sum: state.gradient_sum, seen: state.last_seen }
    }
}

impl StateRecord {
    /// The changelog record of `coordinate`'s `state`, which includes every gradients
    /// record through offset `applied_through`.
    pub(crate) fn new(coordinate: u64, state: &CoordState, applied_through: i64) -> Self {
        Self {
            coordinate,
            z: state.z,
            n: state.n,
            updates: state.updates,
            applied_through,
            gradient_sum: state.sum,
            last_seen: state.seen,
        }
    }

    /// The state the record holds.
    pub(crate) fn state(&self) -> CoordState {
        CoordState { z: self.z, n: self.n, updates: self.updates, sum: self.gradient_sum, seen: self.last_seen }
    }
}

impl AppliedWatermark {
    /// Adds `coordinate`'s weight and state; its last sight only `with_last_seen` (expiry),
    /// its rate only when there is one.
    pub(crate) fn push_state(
        &mut self,
        coordinate: u64,
        weight: f64,
        state: &CoordState,
        with_last_seen: bool,
        rate: Option<f64>,
    ) {
        self.coordinates.push(coordinate);
        self.weights.push(weight);
        self.z.push(state.z);
        self.n.push(state.n);
        self.updates.push(state.updates);
        self.gradient_sums.push(state.sum);
        if with_last_seen {
            self.last_seen.push(state.seen);
        }
        if let Some(rate) = rate {
            self.rates.push(rate);
        }
    }

    /// The record cut into records of at most `most` coordinates, each with the whole
    /// watermark and time: a reader may take each part's states as soon as it arrives,
    /// since every one of them is as of the same transaction.
    pub(crate) fn split(self, most: usize) -> Vec<AppliedWatermark> {
        if self.coordinates.len() <= most {
            return vec![self];
        }
        fn chunk<T: Clone>(v: &[T], start: usize, end: usize) -> Vec<T> {
            v.get(start..end.min(v.len())).unwrap_or_default().to_vec()
        }
        (0..self.coordinates.len())
            .step_by(most.max(1))
            .map(|start| {
                let end = (start + most.max(1)).min(self.coordinates.len());
                AppliedWatermark {
                    origin_partitions: self.origin_partitions.clone(),
                    origin_offsets: self.origin_offsets.clone(),
                    coordinates: self.coordinates[start..end].to_vec(),
                    weights: chunk(&self.weights, start, end),
                    z: chunk(&self.z, start, end),
                    n: chunk(&self.n, start, end),
                    updates: chunk(&self.updates, start, end),
                    gradient_sums: chunk(&self.gradient_sums, start, end),
                    last_seen: chunk(&self.last_seen, start, end),
                    rates: chunk(&self.rates, start, end),
                    time_ms: self.time_ms,
                    resume_offset: self.resume_offset,
                }
            })
            .collect()
    }

    /// The (coordinate, state) pairs the record holds; fields missing at an index (a record
    /// cut short by a bug or corruption) read as zero rather than shifting the others.
    pub(crate) fn states(&self) -> impl Iterator<Item = (u64, CoordState)> + '_ {
        self.coordinates.iter().enumerate().map(|(i, coordinate)| {
            let at = |v: &Vec<f64>| v.get(i).copied().unwrap_or(0.0);
            (
                *coordinate,
                CoordState {
                    z: at(&self.z),
                    n: at(&self.n),
                    updates: self.updates.get(i).copied().unwrap_or(0),
                    sum: at(&self.gradient_sums),
                    seen: self.last_seen.get(i).copied().unwrap_or(0),
                },
            )
        })
    }
}

impl CoalescedContributions {
    /// Adds how a batch moved `coordinate` (of Hedge member `member`, noted only when the
    /// record carries members).
    pub(crate) fn push_difference(&mut self, coordinate: u64, member: Option<u32>, difference: &CoordState) {
        self.coordinates.push(coordinate);
        self.z.push(difference.z);
        self.n.push(difference.n);
        self.updates.push(difference.updates);
        self.gradient_sums.push(difference.sum);
        if let Some(member) = member {
            self.members.push(member);
        }
    }

    /// How many coordinates' changes the record holds whole (a row cut short by a bug or
    /// corruption is left out).
    pub(crate) fn rows(&self) -> usize {
        self.coordinates.len().min(self.z.len()).min(self.n.len()).min(self.updates.len()).min(self.gradient_sums.len())
    }

    /// The state change of row `row` (below [`Self::rows`]).
    pub(crate) fn change(&self, row: usize) -> CoordState {
        CoordState { z: self.z[row], n: self.n[row], updates: self.updates[row], sum: self.gradient_sums[row], seen: 0 }
    }

    /// The Hedge member of row `row` (0 when the record carries none).
    pub(crate) fn member(&self, row: usize) -> u32 {
        self.members.get(row).copied().unwrap_or(0)
    }
}

/// A record of the deltas topic.
#[derive(Debug)]
pub(crate) enum DeltasRecord {
    /// An owner transaction's changed states and applied watermark (key `ftrl.applied`).
    Packed(AppliedWatermark),
    /// One coordinate's weight and state as of an owner transaction.
    Delta { coordinate: u64, delta: WeightDelta },
    /// One coordinate's weight is 0 (its state may still hold sums, which the record does
    /// not say).
    Tombstone { coordinate: u64 },
}

/// Why a deltas-topic record could not be read.
#[derive(Debug, Error)]
pub(crate) enum DeltasRecordError {
    #[error("unreadable applied watermark")]
    Watermark,
    #[error("delta record without an 8-byte coordinate key")]
    NoCoordinate,
    #[error("undecodable delta of coordinate {coordinate}: {source}")]
    Delta { coordinate: u64, source: prost::DecodeError },
}

impl DeltasRecord {
    /// Reads a deltas-topic record by its key and value.
    pub(crate) fn decode(key: Option<&[u8]>, payload: Option<&[u8]>) -> Result<Self, DeltasRecordError> {
        if key == Some(WATERMARK_KEY) {
            return match payload.map(AppliedWatermark::decode) {
                Some(Ok(packed)) => Ok(Self::Packed(packed)),
                _ => Err(DeltasRecordError::Watermark),
            };
        }
        let coordinate = coordinate_of(key).ok_or(DeltasRecordError::NoCoordinate)?;
        match payload.map(WeightDelta::decode) {
            None => Ok(Self::Tombstone { coordinate }),
            Some(Ok(delta)) => Ok(Self::Delta { coordinate, delta }),
            Some(Err(source)) => Err(DeltasRecordError::Delta { coordinate, source }),
        }
    }
}

/// Why a hot-topic record could not be read.
#[derive(Debug, Error, PartialEq)]
pub(crate) enum HotSendingError {
    #[error("undecodable hot sending: {0}")]
    Decode(#[from] prost::DecodeError),
    #[error("hot pieces whose {0} lists differ in length")]
    Ragged(&'static str),
    #[error("hot piece of coordinate {0} with a value that is not finite")]
    NotFinite(u64),
}

impl HotSending {
    /// The record of `contributions`, sender `sender`'s `sequence`th: pieces with equal
    /// tags share one [`HotPieces`] (a coalesced batch's pieces to one owner partition do);
    /// their numbers in single precision (a state too large for it reads as infinite, and
    /// the record is refused).
    pub(crate) fn new(sender: u64, sequence: u64, worker: &str, contributions: &[HotContribution]) -> Self {
        let mut groups: Vec<(&Offsets, &Offsets, HotPieces)> = Vec::new();
        for contribution in contributions {
            let same = |(requirements, firsts, _): &&mut (&Offsets, &Offsets, HotPieces)| {
                (Arc::ptr_eq(requirements, &contribution.requirements) || **requirements == contribution.requirements)
                    && (Arc::ptr_eq(firsts, &contribution.firsts) || **firsts == contribution.firsts)
            };
            let at = match groups.iter_mut().position(|group| same(&group)) {
                Some(at) => at,
                None => {
                    let (required_partitions, required_offsets) = contribution.requirements.iter().unzip();
                    let (first_partitions, first_offsets) = contribution.firsts.iter().unzip();
                    let pieces = HotPieces {
                        required_partitions,
                        required_offsets,
                        first_partitions,
                        first_offsets,
                        ..Default::default()
                    };
                    groups.push((&contribution.requirements, &contribution.firsts, pieces));
                    groups.len() - 1
                }
            };
            let pieces = &mut groups[at].2;
            let difference = &contribution.difference;
            pieces.coordinates.push(contribution.coordinate);
            pieces.z.push(difference.z as f32);
            pieces.n.push(difference.n as f32);
            pieces.updates.push(difference.updates);
            pieces.gradient_sums.push(difference.sum as f32);
        }
        Self {
            sender,
            sequence,
            worker: worker.to_owned(),
            pieces: groups.into_iter().map(|(_, _, pieces)| pieces).collect(),
        }
    }

    /// The contributions the record carries, each group's tag shared by its pieces; a
    /// record with lists of unequal length or a value that is not finite is refused whole
    /// (it would count some steps and not others, or poison a state).
    pub(crate) fn contributions(&self) -> Result<Vec<HotContribution>, HotSendingError> {
        let mut out = Vec::with_capacity(self.pieces.iter().map(|pieces| pieces.coordinates.len()).sum());
        for pieces in &self.pieces {
            let tag = |partitions: &[i32], offsets: &[i64], what| -> Result<Offsets, HotSendingError> {
                if partitions.len() != offsets.len() {
                    return Err(HotSendingError::Ragged(what));
                }
                Ok(Arc::new(partitions.iter().copied().zip(offsets.iter().copied()).collect::<BTreeMap<_, _>>()))
            };
            let requirements = tag(&pieces.required_partitions, &pieces.required_offsets, "requirement")?;
            let firsts = tag(&pieces.first_partitions, &pieces.first_offsets, "first offset")?;
            let rows = pieces.coordinates.len();
            if [pieces.z.len(), pieces.n.len(), pieces.updates.len(), pieces.gradient_sums.len()] != [rows; 4] {
                return Err(HotSendingError::Ragged("state"));
            }
            for row in 0..rows {
                let coordinate = pieces.coordinates[row];
                let difference = CoordState {
                    z: f64::from(pieces.z[row]),
                    n: f64::from(pieces.n[row]),
                    updates: pieces.updates[row],
                    sum: f64::from(pieces.gradient_sums[row]),
                    seen: 0,
                };
                if ![difference.z, difference.n, difference.sum].iter().all(|v| v.is_finite()) {
                    return Err(HotSendingError::NotFinite(coordinate));
                }
                out.push(HotContribution {
                    coordinate,
                    difference,
                    requirements: requirements.clone(),
                    firsts: firsts.clone(),
                    sender: self.sender,
                });
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::wire::coordinate_key;

    fn state(i: u64) -> CoordState {
        CoordState { z: i as f64 - 0.5, n: i as f64 * 2.0, updates: i + 3, sum: -(i as f64), seen: i * 7 }
    }

    #[test]
    fn every_record_gives_back_the_state_it_was_made_of() {
        for i in 0..5 {
            assert_eq!(CoordState::from(&OwnerState::from(&state(i))), state(i));
            let record = StateRecord::decode(&StateRecord::new(9, &state(i), 41).encode_to_vec()[..]).unwrap();
            assert_eq!((record.coordinate, record.applied_through, record.state()), (9, 41, state(i)));
        }
        let mut packed = AppliedWatermark::default();
        let mut coalesced = CoalescedContributions::default();
        for i in 0..5 {
            packed.push_state(i * 10, 0.5, &state(i), true, Some(0.1));
            coalesced.push_difference(i * 10, Some(i as u32), &state(i));
        }
        let packed = AppliedWatermark::decode(&packed.encode_to_vec()[..]).unwrap();
        assert_eq!(packed.states().collect::<Vec<_>>(), (0..5).map(|i| (i * 10, state(i))).collect::<Vec<_>>());
        let coalesced = CoalescedContributions::decode(&coalesced.encode_to_vec()[..]).unwrap();
        assert_eq!(coalesced.rows(), 5);
        for i in 0..5 {
            // A change carries no last sight: the owner stamps its own.
            assert_eq!(coalesced.change(i), CoordState { seen: 0, ..state(i as u64) });
            assert_eq!(coalesced.member(i), i as u32);
        }
    }

    #[test]
    fn a_packed_record_cut_short_reads_zeros_and_a_coalesced_one_leaves_the_row_out() {
        let mut packed = AppliedWatermark::default();
        packed.push_state(1, 0.5, &state(1), false, None);
        packed.push_state(2, 0.5, &state(2), false, None);
        packed.z.pop();
        let states: Vec<(u64, CoordState)> = packed.states().collect();
        assert_eq!(states[1], (2, CoordState { z: 0.0, seen: 0, ..state(2) }));
        let mut coalesced = CoalescedContributions::default();
        coalesced.push_difference(1, None, &state(1));
        coalesced.push_difference(2, None, &state(2));
        coalesced.n.pop();
        assert_eq!((coalesced.rows(), coalesced.member(0)), (1, 0));
    }

    fn contribution(coordinate: u64, requirements: &Offsets, firsts: &Offsets) -> HotContribution {
        HotContribution {
            coordinate,
            difference: CoordState { seen: 0, ..state(coordinate) },
            requirements: requirements.clone(),
            firsts: firsts.clone(),
            sender: 42,
        }
    }

    #[test]
    fn a_hot_sending_gives_back_its_contributions_with_their_tags_shared_by_group() {
        let tag = |pairs: &[(i32, i64)]| -> Offsets { Arc::new(pairs.iter().copied().collect()) };
        let (a, b, firsts) = (tag(&[(0, 10), (3, 7)]), tag(&[(0, 12)]), tag(&[(0, 1), (3, 2)]));
        let contributions = vec![
            contribution(1, &a, &firsts),
            contribution(2, &b, &firsts),
            // Equal to `a` by value, not by pointer: the same group.
            contribution(3, &tag(&[(0, 10), (3, 7)]), &firsts),
        ];
        let record = HotSending::new(42, 7, "w1", &contributions);
        assert_eq!(record.pieces.len(), 2);
        let read = HotSending::decode(&record.encode_to_vec()[..]).unwrap();
        assert_eq!((read.sender, read.sequence, read.worker.as_str()), (42, 7, "w1"));
        let mut back = read.contributions().unwrap();
        back.sort_by_key(|c| c.coordinate);
        assert_eq!(back, contributions);
        assert!(Arc::ptr_eq(&back[0].requirements, &back[2].requirements));
        assert_eq!(HotSending::new(1, 1, "w", &[]).contributions(), Ok(Vec::new()));
    }

    #[test]
    fn a_hot_sending_that_is_ragged_or_not_finite_is_refused_whole() {
        let tag: Offsets = Arc::new([(0, 5)].into_iter().collect());
        let good = HotSending::new(1, 1, "w", &[contribution(1, &tag, &tag), contribution(2, &tag, &tag)]);
        let mut ragged = good.clone();
        ragged.pieces[0].n.pop();
        assert_eq!(ragged.contributions(), Err(HotSendingError::Ragged("state")));
        let mut ragged = good.clone();
        ragged.pieces[0].required_offsets.push(9);
        assert_eq!(ragged.contributions(), Err(HotSendingError::Ragged("requirement")));
        let mut poisoned = good.clone();
        poisoned.pieces[0].z[1] = f32::NAN;
        assert_eq!(poisoned.contributions(), Err(HotSendingError::NotFinite(2)));
        assert!(matches!(
            HotSending::decode(&[0xff, 0xff][..]).map_err(HotSendingError::from),
            Err(HotSendingError::Decode(_))
        ));
    }

    proptest::proptest! {
        /// Whatever bytes arrive on the hot topic, reading them never panics.
        #[test]
        fn any_bytes_read_as_a_hot_sending_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..256)) {
            if let Ok(record) = HotSending::decode(&bytes[..]) {
                let _ = record.contributions();
            }
        }

        /// A hot record with lists of any lengths and any numbers (another version's, a
        /// bug's) is read whole or refused whole, and what is read is finite.
        #[test]
        fn any_hot_pieces_are_read_whole_and_finite_or_refused(
            lengths in proptest::collection::vec(0usize..4, 9),
            z in proptest::prelude::any::<f32>(),
            n in proptest::prelude::any::<f32>(),
        ) {
            let pieces = HotPieces {
                required_partitions: vec![1; lengths[0]],
                required_offsets: vec![7; lengths[1]],
                first_partitions: vec![1; lengths[2]],
                first_offsets: vec![3; lengths[3]],
                coordinates: vec![5; lengths[4]],
                z: vec![z; lengths[5]],
                n: vec![n; lengths[6]],
                updates: vec![2; lengths[7]],
                gradient_sums: vec![0.5; lengths[8]],
            };
            let record = HotSending { sender: 1, sequence: 1, worker: "w".into(), pieces: vec![pieces.clone()] };
            let read = HotSending::decode(&record.encode_to_vec()[..]).unwrap().contributions();
            let even = lengths[0] == lengths[1] && lengths[2] == lengths[3] && lengths[4..].iter().all(|l| *l == lengths[4]);
            match read {
                Ok(contributions) => {
                    proptest::prop_assert!(even);
                    proptest::prop_assert_eq!(contributions.len(), lengths[4]);
                    for c in contributions {
                        proptest::prop_assert!(c.difference.z.is_finite() && c.difference.n.is_finite());
                    }
                }
                Err(_) => proptest::prop_assert!(!even || lengths[4] > 0 && !(z.is_finite() && n.is_finite())),
            }
        }
    }

    #[test]
    fn deltas_records_are_told_apart_by_key_and_value() {
        let key = coordinate_key(77);
        let delta = WeightDelta { coordinate: 77, weight: 0.25, ..Default::default() };
        let bytes = delta.encode_to_vec();
        assert!(matches!(
            DeltasRecord::decode(Some(&key[..]), Some(&bytes)),
            Ok(DeltasRecord::Delta { coordinate: 77, delta: d }) if d == delta
        ));
        assert!(matches!(DeltasRecord::decode(Some(&key[..]), None), Ok(DeltasRecord::Tombstone { coordinate: 77 })));
        assert!(matches!(
            DeltasRecord::decode(Some(&key[..]), Some(&[0xff][..])),
            Err(DeltasRecordError::Delta { coordinate: 77, .. })
        ));
        let packed = AppliedWatermark { time_ms: 5, ..Default::default() }.encode_to_vec();
        assert!(matches!(
            DeltasRecord::decode(Some(WATERMARK_KEY), Some(&packed)),
            Ok(DeltasRecord::Packed(p)) if p.time_ms == 5
        ));
        assert!(matches!(DeltasRecord::decode(Some(WATERMARK_KEY), None), Err(DeltasRecordError::Watermark)));
        assert!(matches!(DeltasRecord::decode(Some(b"short"), Some(&bytes)), Err(DeltasRecordError::NoCoordinate)));
        assert!(matches!(DeltasRecord::decode(None, Some(&bytes)), Err(DeltasRecordError::NoCoordinate)));
    }
}
