//! Model state: a bounded in-memory cache of coordinate states in front of RocksDB.
//!
//! The learner sees one `CoordinateStates`; whether a coordinate came from the cache, from
//! disk or is new is this module's business. Changed states reach RocksDB in batches: when
//! the cache must make room, and on `checkpoint`. While every stored coordinate is also
//! resident (a model that fits its cache), a cache miss means "new coordinate" and costs no
//! disk read at all, which keeps the common case as fast as a plain hash map.

mod cache;
mod index;
mod rocks;

use crate::learn::replica::ReplicaStates;
use crate::learn::{CoordState, CoordinateStates, Feature};
use cache::SlotCache;
pub use rocks::StateDb;
use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("RocksDB: {0}")]
    Rocks(#[from] rocksdb::Error),
    #[error("model store is corrupt: {0}")]
    Corrupt(String),
    /// Opening or writing the store's directory failed: named, because the operator's fix
    /// (free space, permissions, a failing disk) is about that directory. The cause is part
    /// of the message (log lines show only the message) and so not a `source`, which error
    /// reports would print a second time.
    #[error("{action} the model store in {}: {cause}", path.display())]
    Io { action: &'static str, path: PathBuf, cause: Box<StoreError> },
}

impl StoreError {
    fn at(self, action: &'static str, path: Option<&Path>) -> Self {
        match path {
            Some(path) => StoreError::Io { action, path: path.to_path_buf(), cause: Box::new(self) },
            None => self,
        }
    }
}

/// Coordinate states for one model: always cached, durable when opened on a directory.
pub struct ModelStore {
    cache: SlotCache,
    db: Option<StateDb>,
    /// The directory of `db`, for errors.
    path: Option<PathBuf>,
    /// Most states kept in memory; eviction brings it down to 3/4 of this.
    capacity: usize,
    /// True while the cache holds every coordinate the database holds.
    all_resident: bool,
    pending_metadata: Vec<(String, Vec<u8>)>,
    evictions: u64,
    /// Lookups found in the cache, and not (new coordinates or disk reads), for metrics.
    hits: u64,
    misses: u64,
    /// When set, RocksDB is written only by `checkpoint` (or by `release` and `overwrite`,
    /// for a store that only caches states kept elsewhere, as a stream replica's): making
    /// room evicts clean states only, so the database always holds exactly the last
    /// checkpoint (the stream's update role checkpoints after each committed transaction,
    /// and must never persist a state whose transaction may still fail), and a changed
    /// state keeps its slot until then (a stream replica's batch bookkeeping).
    checkpoint_only: bool,
}

impl ModelStore {
    /// A store that lives in memory only and never evicts.
    pub fn in_memory() -> Self {
        Self {
            cache: SlotCache::default(),
            db: None,
            path: None,
            capacity: usize::MAX,
            all_resident: true,
            pending_metadata: Vec::new(),
            evictions: 0,
            hits: 0,
            misses: 0,
            checkpoint_only: false,
        }
    }

    /// Opens (or creates) the model at `path`, keeping at most `capacity` states in memory.
    /// Stored states are loaded up to the capacity, so a model that fits trains with no
    /// disk reads.
    pub fn open(path: &Path, capacity: usize) -> Result<Self, StoreError> {
        let db = StateDb::open(path).map_err(|e| e.at("opening", Some(path)))?;
        let mut cache = SlotCache::default();
        let mut overflow = false;
        let capacity = capacity.max(1);
        db.for_each(|coordinate, state| {
            if cache.len() < capacity {
                cache.insert(coordinate, state);
                true
            } else {
                overflow = true;
                false
            }
        })?;
        Ok(Self {
            cache,
            db: Some(db),
            path: Some(path.to_path_buf()),
            capacity,
            all_resident: !overflow,
            pending_metadata: Vec::new(),
            evictions: 0,
            hits: 0,
            misses: 0,
            checkpoint_only: false,
        })
    }

    /// Like `open`, but RocksDB changes only at `checkpoint`: between checkpoints the cache
    /// may exceed its capacity by the states changed since the last one.
    pub(crate) fn open_checkpoint_only(path: &Path, capacity: usize) -> Result<Self, StoreError> {
        Ok(Self { checkpoint_only: true, ..Self::open(path, capacity)? })
    }

    /// The state of `coordinate` if it is in memory, without marking it used.
    #[inline]
    pub(crate) fn resident_state(&self, coordinate: u64) -> Option<&CoordState> {
        self.cache.get(coordinate)
    }

    /// Sets the states of coordinates without reading them first: a resident one changes
    /// in memory, and one that is not stays out of memory (written to RocksDB at once)
    /// unless every state is resident and the cache is less than half full. States that
    /// arrive from elsewhere (a replica's owner states) so do not crowd out the ones in use.
    pub(crate) fn overwrite(&mut self, states: &[(u64, CoordState)]) -> Result<(), StoreError> {
        let mut to_disk = Vec::new();
        for &(coordinate, state) in states {
            if let Some(slot) = self.cache.find(coordinate) {
                *self.cache.state_mut(slot) = state;
            } else if self.db.is_none() || (self.all_resident && self.cache.len() < self.capacity / 2) {
                let slot = self.cache.insert(coordinate, state);
                self.cache.state_mut(slot); // changed: the database does not have it
            } else {
                to_disk.push((coordinate, state));
            }
        }
        if let Some(db) = self.db.as_ref().filter(|_| !to_disk.is_empty()) {
            // A miss now has to look on disk.
            self.all_resident = false;
            to_disk.sort_unstable_by_key(|(coordinate, _)| *coordinate);
            db.write(&to_disk, &[]).map_err(|e| e.at("writing", self.path.as_deref()))?;
        }
        Ok(())
    }

    /// Lets the states changed so far leave memory: once the cache is more than half full
    /// they are written to RocksDB (not made durable), so that making room can evict them.
    /// Below that nothing is written: a model that fits its cache never needs the disk.
    pub(crate) fn release(&mut self) -> Result<(), StoreError> {
        if self.db.is_some() && self.cache.len() > self.capacity / 2 {
            self.write_changes(|_| true).map_err(|e| e.at("writing", self.path.as_deref()))?;
        }
        Ok(())
    }

    #[cfg(test)]
    fn is_durable(&self) -> bool {
        self.db.is_some()
    }

    /// Coordinates currently in memory.
    pub(crate) fn resident(&self) -> usize {
        self.cache.len()
    }

    /// How many eviction rounds ran (each writes changed states to disk first).
    pub(crate) fn evictions(&self) -> u64 {
        self.evictions
    }

    pub(crate) fn metadata(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        if let Some((_, value)) = self.pending_metadata.iter().rev().find(|(k, _)| k == key) {
            return Ok(Some(value.clone()));
        }
        match &self.db {
            Some(db) => db.metadata(key),
            None => Ok(None),
        }
    }

    /// Sets a metadata value, written with the next batch of states.
    pub(crate) fn set_metadata(&mut self, key: &str, value: Vec<u8>) {
        self.pending_metadata.push((key.to_string(), value));
    }

    /// Writes every changed state and pending metadata in one batch and makes it durable.
    pub(crate) fn checkpoint(&mut self) -> Result<(), StoreError> {
        self.checkpoint_where(|_| true)
    }

    /// Writes the changed states of the coordinates `wanted` picks and the pending metadata
    /// in one batch and makes them durable. The other changed states stay in memory for a
    /// later checkpoint: a checkpoint-only store then holds each part of the model as of
    /// that part's own last checkpoint (the update role's partitions, snapshotted in turn).
    pub(crate) fn checkpoint_where(&mut self, wanted: impl FnMut(u64) -> bool) -> Result<(), StoreError> {
        let started = std::time::Instant::now();
        self.write_where(wanted)?;
        let written = started.elapsed();
        self.persist()?;
        tracing::debug!(write_s = written.as_secs_f64(), total_s = started.elapsed().as_secs_f64(), "checkpoint");
        Ok(())
    }

    /// Writes the changed states of the coordinates `wanted` picks and the pending metadata
    /// in one batch, in memory until the next [`persist`](Self::persist) or until RocksDB
    /// flushes on its own. Either keeps every batch whole (one atomic flush of all column
    /// families, no write-ahead log), so what a crash leaves is each batch written before
    /// the last flush: each part of the model with its own metadata, possibly older.
    pub(crate) fn write_where(&mut self, wanted: impl FnMut(u64) -> bool) -> Result<(), StoreError> {
        self.write_changes(wanted).map_err(|e| e.at("writing", self.path.as_deref()))
    }

    /// Makes everything written so far durable.
    pub(crate) fn persist(&self) -> Result<(), StoreError> {
        match &self.db {
            Some(db) => db.persist().map_err(|e| e.at("writing", self.path.as_deref())),
            None => Ok(()),
        }
    }

    fn write_changes(&mut self, wanted: impl FnMut(u64) -> bool) -> Result<(), StoreError> {
        let Some(db) = &self.db else {
            self.pending_metadata.clear();
            return Ok(());
        };
        let mut changed = self.cache.take_dirty_where(wanted);
        // Keys in order make RocksDB's memtable inserts sequential (about twice as fast).
        changed.sort_unstable_by_key(|(coordinate, _)| *coordinate);
        db.write(&changed, &self.pending_metadata)?;
        self.pending_metadata.clear();
        Ok(())
    }

    /// Calls `visit` for every coordinate of the model (resident or on disk) with its
    /// current state. Writes pending changes first when the model is on disk.
    pub fn for_each(&mut self, mut visit: impl FnMut(u64, &CoordState)) -> Result<(), StoreError> {
        if self.all_resident {
            self.cache.iter().for_each(|(c, s)| visit(c, s));
            return Ok(());
        }
        self.checkpoint()?;
        match &self.db {
            Some(db) => db.for_each(|c, s| {
                visit(c, &s);
                true
            }),
            None => Ok(()),
        }
    }

    /// Expires every coordinate whose state `expired` says so (default states, which are
    /// absent coordinates, are never offered): its state becomes the default one, which the
    /// database stores as no record. Returns the coordinates expired, in coordinate order.
    ///
    /// A store that writes RocksDB only at checkpoints (the stream's owners) keeps the reset
    /// states as changes for the next checkpoint, and frees their slots as eviction does;
    /// any other store deletes them now and frees their slots at once.
    pub(crate) fn expire(&mut self, mut expired: impl FnMut(u64, &CoordState) -> bool) -> Result<Vec<u64>, StoreError> {
        let mut coordinates = Vec::new();
        self.for_each_live(|c, s| {
            if *s != CoordState::default() && expired(c, s) {
                coordinates.push(c);
            }
        })?;
        coordinates.sort_unstable();
        let mut slots = Vec::new();
        for chunk in coordinates.chunks(1024) {
            let features: Vec<Feature> = chunk.iter().map(|&coordinate| Feature { coordinate, value: 0.0 }).collect();
            self.resolve(&features, &mut slots)?;
            for slot in &slots {
                *self.cache.state_mut(*slot) = CoordState::default();
            }
        }
        if !self.checkpoint_only {
            if self.db.is_some() {
                self.write_changes(|_| true)?;
            } else {
                // Nothing behind the cache: the reset states need no writing.
                self.cache.take_dirty();
            }
            self.cache.drop_clean_defaults();
        }
        Ok(coordinates)
    }

    /// Like `for_each`, but a store that writes only at checkpoints is read without
    /// writing: its resident states first, then those only on disk.
    fn for_each_live(&mut self, mut visit: impl FnMut(u64, &CoordState)) -> Result<(), StoreError> {
        if !self.checkpoint_only || self.all_resident {
            return self.for_each(visit);
        }
        self.cache.iter().for_each(|(c, s)| visit(c, s));
        let cache = &mut self.cache;
        match &self.db {
            Some(db) => db.for_each(|c, s| {
                if !cache.contains(c) {
                    visit(c, &s);
                }
                true
            }),
            None => Ok(()),
        }
    }

    /// Records feature names of coordinates (a no-op in memory).
    pub(crate) fn save_names(&self, names: &[(u64, String)]) -> Result<(), StoreError> {
        match &self.db {
            Some(db) => db.save_names(names),
            None => Ok(()),
        }
    }

    /// Like `for_each`, with each coordinate's recorded feature name, if any.
    pub(crate) fn for_each_named(
        &mut self,
        mut visit: impl FnMut(u64, &CoordState, Option<String>),
    ) -> Result<(), StoreError> {
        self.checkpoint()?;
        let Some(db) = &self.db else {
            self.cache.iter().for_each(|(c, s)| visit(c, s, None));
            return Ok(());
        };
        let mut failure = None;
        db.for_each(|coordinate, state| match db.name(coordinate) {
            Ok(name) => {
                visit(coordinate, &state, name);
                true
            }
            Err(e) => {
                failure = Some(e);
                false
            }
        })?;
        failure.map_or(Ok(()), Err)
    }

    /// Cache lookups since the store opened: (found in the cache, not found).
    pub(crate) fn lookups(&self) -> (u64, u64) {
        (self.hits, self.misses)
    }

    /// Bytes of the on-disk model (0 in memory).
    pub(crate) fn disk_bytes(&self) -> u64 {
        self.db.as_ref().map_or(0, StateDb::disk_bytes)
    }

    fn make_room(&mut self, incoming: usize) -> Result<(), StoreError> {
        if self.cache.len().saturating_add(incoming) <= self.capacity {
            return Ok(());
        }
        if !self.checkpoint_only {
            self.write_changes(|_| true)?;
        }
        let target = (self.capacity / 4 * 3).saturating_sub(incoming);
        self.cache.evict_to(target);
        self.all_resident = false;
        self.evictions += 1;
        Ok(())
    }

    /// Makes `count` coordinates resident and puts their slots in `slots`, in order.
    fn resolve_all(
        &mut self,
        coordinates: impl Iterator<Item = u64> + Clone,
        count: usize,
        slots: &mut Vec<u32>,
    ) -> Result<(), StoreError> {
        // Room is made before any slot is handed out, so slots stay valid for the example.
        self.make_room(count)?;
        let (db, all_resident) = (&self.db, self.all_resident);
        let resident = self.cache.resolve(coordinates, slots, |coordinate| {
            let stored = match (db, all_resident) {
                (Some(db), false) => db.get(coordinate)?,
                _ => None,
            };
            Ok::<_, StoreError>(stored.unwrap_or_default())
        })?;
        self.hits += resident as u64;
        self.misses += (count - resident) as u64;
        Ok(())
    }

    /// Calls `visit` with the index and slot of each of `coordinates`, in order. They are
    /// resolved a chunk at a time: one at a time, each waits on its own cache misses (the
    /// owner's changed states are scattered over the whole cache), and in a chunk their
    /// misses overlap. A slot stays valid until `visit` returns for the chunk's last one.
    pub(crate) fn for_each_slot<E: From<StoreError>>(
        &mut self,
        coordinates: &[u64],
        mut visit: impl FnMut(&mut Self, usize, u32) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut slots = Vec::with_capacity(RESOLVE_CHUNK.min(coordinates.len()));
        for (chunk_index, chunk) in coordinates.chunks(RESOLVE_CHUNK).enumerate() {
            self.resolve_all(chunk.iter().copied(), chunk.len(), &mut slots)?;
            for (offset, slot) in slots.iter().enumerate() {
                visit(self, chunk_index * RESOLVE_CHUNK + offset, *slot)?;
            }
        }
        Ok(())
    }
}

/// Coordinates resolved together by `for_each_slot`: enough for their cache misses to
/// overlap, few enough that making room for them never evicts much.
const RESOLVE_CHUNK: usize = 256;

impl CoordinateStates for ModelStore {
    type Error = StoreError;

    fn resolve(&mut self, features: &[Feature], slots: &mut Vec<u32>) -> Result<(), StoreError> {
        self.resolve_all(features.iter().map(|f| f.coordinate), features.len(), slots)
    }

    #[inline]
    fn state(&self, slot: u32) -> &CoordState {
        self.cache.state(slot)
    }

    #[inline]
    fn state_mut(&mut self, slot: u32) -> &mut CoordState {
        self.cache.state_mut(slot)
    }
}

/// A stream replica's states: a store opened checkpoint-only (changed states keep their
/// slots until released) or in memory.
impl ReplicaStates for ModelStore {
    #[inline]
    fn resident(&self, coordinate: u64) -> Option<&CoordState> {
        self.resident_state(coordinate)
    }

    fn resident_slots(&self, coordinates: &[u64], slots: &mut Vec<Option<u32>>) {
        self.cache.find_all(coordinates, slots);
    }

    fn resident_count(&self) -> usize {
        self.resident()
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn overwrite(&mut self, states: &[(u64, CoordState)]) -> Result<(), StoreError> {
        ModelStore::overwrite(self, states)
    }

    fn release(&mut self) -> Result<(), StoreError> {
        ModelStore::release(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features(coordinates: std::ops::Range<u64>) -> Vec<Feature> {
        coordinates.map(|coordinate| Feature { coordinate, value: 1.0 }).collect()
    }

    #[test]
    fn lookups_count_misses_then_hits() {
        let mut store = ModelStore::in_memory();
        let mut slots = Vec::new();
        store.resolve(&features(1..3), &mut slots).unwrap();
        assert_eq!(store.lookups(), (0, 2));
        store.resolve(&features(1..3), &mut slots).unwrap();
        assert_eq!((store.lookups(), store.resident()), ((2, 2), 2));
    }

    /// Touches each coordinate of `range` once, adding 1 to its update count.
    fn bump(store: &mut ModelStore, range: std::ops::Range<u64>) {
        let mut slots = Vec::new();
        store.resolve(&features(range), &mut slots).unwrap();
        for slot in slots {
            store.state_mut(slot).updates += 1;
        }
    }

    /// The slots found all at once are those found one by one: the resident states', none
    /// for the others (never seen, or evicted).
    #[test]
    fn resident_slots_are_found_for_resident_states_only() {
        use crate::learn::replica::ReplicaStates;
        let dir = tempfile::tempdir().unwrap();
        let mut store = ModelStore::open_checkpoint_only(dir.path(), 64).unwrap();
        for start in (0..1000).step_by(10) {
            bump(&mut store, start..start + 10);
            store.release().unwrap();
        }
        let coordinates: Vec<u64> = (0..1200).rev().collect();
        let mut slots = Vec::new();
        store.resident_slots(&coordinates, &mut slots);
        assert_eq!(slots.len(), coordinates.len());
        let found = slots.iter().filter(|s| s.is_some()).count();
        assert!(found > 0 && found <= 64, "{found} resident");
        for (&coordinate, slot) in coordinates.iter().zip(&slots) {
            match slot {
                Some(slot) => assert_eq!(store.resident_state(coordinate), Some(store.state(*slot))),
                None => assert_eq!(store.resident_state(coordinate), None),
            }
        }
    }

    #[test]
    fn a_model_larger_than_the_cache_keeps_every_update() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = ModelStore::open(dir.path(), 64).unwrap();
        for round in 0..5 {
            for start in (0..1000).step_by(10) {
                bump(&mut store, start..start + 10);
            }
            assert!(store.resident() <= 64, "round {round}: {} resident", store.resident());
        }
        assert!(store.evictions() > 10);
        let mut counts = std::collections::HashMap::new();
        store
            .for_each(|c, s| {
                counts.insert(c, s.updates);
            })
            .unwrap();
        assert_eq!(counts.len(), 1000);
        assert!(counts.values().all(|&u| u == 5));
    }

    /// Expired coordinates leave memory and disk, and come back fresh when seen again: in
    /// memory, with RocksDB behind a small cache, and written only at checkpoints.
    #[test]
    fn expired_coordinates_are_gone_everywhere_and_come_back_fresh() {
        let dir = tempfile::tempdir().unwrap();
        let stores = [
            ModelStore::in_memory(),
            ModelStore::open(&dir.path().join("a"), 64).unwrap(),
            ModelStore::open_checkpoint_only(&dir.path().join("b"), 64).unwrap(),
        ];
        for (kind, mut store) in stores.into_iter().enumerate() {
            bump(&mut store, 0..200);
            bump(&mut store, 100..200);
            store.checkpoint().unwrap();
            // Coordinates touched once are expired.
            let expired = store.expire(|_, s| s.updates < 2).unwrap();
            assert_eq!(expired, (0..100).collect::<Vec<_>>(), "store {kind}");
            store.checkpoint().unwrap();
            let mut live = Vec::new();
            store
                .for_each(|c, s| {
                    if *s != CoordState::default() {
                        live.push(c)
                    }
                })
                .unwrap();
            live.sort_unstable();
            assert_eq!(live, (100..200).collect::<Vec<_>>(), "store {kind}");
            if kind == 1 {
                // Nothing of them is left on disk either.
                let mut on_disk = 0;
                store
                    .db
                    .as_ref()
                    .unwrap()
                    .for_each(|_, _| {
                        on_disk += 1;
                        true
                    })
                    .unwrap();
                assert_eq!(on_disk, 100);
            }
            if kind == 0 {
                assert_eq!(store.resident(), 100, "their slots are free");
            }
            assert!(store.expire(|_, s| s.updates < 2).unwrap().is_empty(), "store {kind}: expired once");
            bump(&mut store, 0..1);
            let mut slots = Vec::new();
            store.resolve(&features(0..1), &mut slots).unwrap();
            assert_eq!(store.state(slots[0]).updates, 1, "store {kind}: seen again, it starts afresh");
        }
    }

    #[test]
    fn checkpointed_state_and_metadata_survive_reopen() {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut store = ModelStore::open(dir.path(), 1000).unwrap();
            bump(&mut store, 0..100);
            store.set_metadata("examples", b"100".to_vec());
            store.checkpoint().unwrap();
        }
        let mut store = ModelStore::open(dir.path(), 1000).unwrap();
        assert_eq!(store.resident(), 100, "a model that fits is loaded whole");
        assert_eq!(store.metadata("examples").unwrap().as_deref(), Some(&b"100"[..]));
        bump(&mut store, 50..150);
        let mut total = 0;
        store.for_each(|_, s| total += s.updates).unwrap();
        assert_eq!(total, 200);
    }

    #[test]
    fn reopening_a_model_larger_than_the_cache_reads_misses_from_disk() {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut store = ModelStore::open(dir.path(), 10_000).unwrap();
            bump(&mut store, 0..500);
            store.checkpoint().unwrap();
        }
        let mut store = ModelStore::open(dir.path(), 100).unwrap();
        bump(&mut store, 400..500);
        bump(&mut store, 0..100);
        let mut updates = vec![0; 500];
        store.for_each(|c, s| updates[c as usize] = s.updates).unwrap();
        assert!(updates[..100].iter().all(|&u| u == 2));
        assert!(updates[100..400].iter().all(|&u| u == 1));
        assert!(updates[400..].iter().all(|&u| u == 2));
    }

    #[test]
    fn a_store_that_cannot_be_opened_names_its_directory() {
        let dir = tempfile::tempdir().unwrap();
        // A regular file where the directory should be: RocksDB cannot create it.
        let blocker = dir.path().join("blocker");
        std::fs::write(&blocker, b"").unwrap();
        let path = blocker.join("model");
        let error = ModelStore::open(&path, 10).err().expect("opening under a file must fail").to_string();
        assert!(error.starts_with(&format!("opening the model store in {}: RocksDB: ", path.display())), "{error}");
    }

    /// Overwritten states are read back wherever they went: in memory while a model fits
    /// half the cache, to RocksDB after, and released changes leave memory.
    #[test]
    fn overwritten_and_released_states_are_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = ModelStore::open_checkpoint_only(dir.path(), 64).unwrap();
        let state = |updates| CoordState { z: 1.0, n: 2.0, updates, sum: 0.0, seen: 0 };
        let states: Vec<(u64, CoordState)> = (0..200).map(|c| (c, state(c + 1))).collect();
        store.overwrite(&states).unwrap();
        assert_eq!(store.resident(), 32, "only up to half the cache is filled from outside");
        assert_eq!(store.resident_state(5), Some(&state(6)));
        assert_eq!(store.resident_state(150), None);
        bump(&mut store, 0..40);
        // Changed states stay resident until released, then may be evicted.
        store.release().unwrap();
        bump(&mut store, 100..160);
        assert!(store.resident() <= 64, "{} resident", store.resident());
        let bumped = |c: u64| c < 40 || (100..160).contains(&c);
        let expected: Vec<u64> = (0..200).map(|c| c + 1 + u64::from(bumped(c))).collect();
        let updates: Vec<u64> = (0..200)
            .map(|c| {
                let mut one = Vec::new();
                store.resolve(&features(c..c + 1), &mut one).unwrap();
                store.state(one[0]).updates
            })
            .collect();
        assert_eq!(updates, expected);
    }

    #[test]
    fn in_memory_store_never_evicts() {
        let mut store = ModelStore::in_memory();
        bump(&mut store, 0..10_000);
        assert_eq!(store.resident(), 10_000);
        assert!(!store.is_durable());
    }

    #[test]
    fn checkpoint_only_stores_write_nothing_between_checkpoints() {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut store = ModelStore::open_checkpoint_only(dir.path(), 64).unwrap();
            bump(&mut store, 0..100);
            store.checkpoint().unwrap();
            // Over capacity with changes not yet checkpointed: they must stay in memory.
            bump(&mut store, 0..1000);
            assert!(store.resident() >= 1000, "dirty states are never evicted: {}", store.resident());
            // Dropped without a checkpoint, like a crash.
        }
        let mut store = ModelStore::open(dir.path(), 10_000).unwrap();
        let mut updates = std::collections::BTreeMap::new();
        store
            .for_each(|c, s| {
                updates.insert(c, s.updates);
            })
            .unwrap();
        assert_eq!(updates.len(), 100, "only the checkpointed coordinates");
        assert!(updates.values().all(|&u| u == 1));
    }
}
