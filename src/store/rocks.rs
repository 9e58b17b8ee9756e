//! The durable side of the model: RocksDB with one column family for coordinate states
//! and one for metadata (settings, counters, stream positions).
//!
//! Record layout (part of the model format):
//! * `coordinates`: key = coordinate as 8 big-endian bytes (so iteration is in coordinate
//!   order), value = z (f64 LE) ‖ n (f64 LE) ‖ updates (u64 LE), 24 bytes; then Σg (f64 LE)
//!   ‖ last seen (u64 LE) when either is not 0 (stream owners, expiry), 40 bytes. A
//!   coordinate in the default state (never seen, or expired) has no record.
//! * `metadata`: UTF-8 key → bytes (JSON for structured values).
//! * `names`: coordinate (8 big-endian bytes) → "namespace^name", with `--save-names`.

use super::StoreError;
use crate::learn::CoordState;
use rocksdb::{BlockBasedOptions, Cache, ColumnFamilyDescriptor, IteratorMode, Options, WriteBatch, WriteOptions, DB};
use std::path::Path;

const COORDINATES: &str = "coordinates";
const METADATA: &str = "metadata";
const NAMES: &str = "names";
const STATE_BYTES: usize = 24;
const LONG_STATE_BYTES: usize = 40;

/// How much memory RocksDB itself may use, so that the process's footprint is the slot
/// cache plus a small constant.
const BLOCK_CACHE_BYTES: usize = 32 << 20;
const WRITE_BUFFER_BYTES: usize = 32 << 20;

pub struct StateDb {
    db: DB,
    write_options: WriteOptions,
}

impl StateDb {
    /// Opens (or creates) the database at `path` with both column families.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let mut db_options = Options::default();
        db_options.create_if_missing(true);
        db_options.create_missing_column_families(true);
        // Both column families are flushed together, so a restart without a WAL still sees
        // metadata and states from the same write batch.
        db_options.set_atomic_flush(true);
        db_options.set_max_background_jobs(2);
        // What was not made durable by a flush is lost when the store closes, as in a crash
        // (RocksDB would otherwise flush on closing): a store is made durable only where the
        // caller says so, and the crash tests see what a crash leaves by closing the store.
        let db_options = db_options.get_options_from_string("avoid_flush_during_shutdown=true")?;

        let mut table = BlockBasedOptions::default();
        table.set_bloom_filter(10.0, false);
        table.set_block_cache(&Cache::new_lru_cache(BLOCK_CACHE_BYTES));
        let mut coordinates = Options::default();
        coordinates.set_block_based_table_factory(&table);
        coordinates.set_write_buffer_size(WRITE_BUFFER_BYTES);
        coordinates.set_max_write_buffer_number(2);
        coordinates.optimize_for_point_lookup(32);

        let families = vec![
            ColumnFamilyDescriptor::new(COORDINATES, coordinates),
            ColumnFamilyDescriptor::new(METADATA, Options::default()),
            ColumnFamilyDescriptor::new(NAMES, Options::default()),
        ];
        let db = DB::open_cf_descriptors(&db_options, path, families)?;
        // State is rebuilt from a checkpoint (embedded) or a changelog (stream), never from
        // a half-written batch, so the WAL would only double the write volume; `flush`
        // persists memtables explicitly.
        let mut write_options = WriteOptions::default();
        write_options.disable_wal(true);
        Ok(Self { db, write_options })
    }

    fn cf(&self, name: &str) -> Result<&rocksdb::ColumnFamily, StoreError> {
        self.db.cf_handle(name).ok_or_else(|| StoreError::Corrupt(format!("column family {name} is missing")))
    }

    pub fn get(&self, coordinate: u64) -> Result<Option<CoordState>, StoreError> {
        match self.db.get_pinned_cf(self.cf(COORDINATES)?, coordinate.to_be_bytes())? {
            Some(bytes) => decode_state(&bytes).map(Some),
            None => Ok(None),
        }
    }

    pub fn metadata(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.db.get_cf(self.cf(METADATA)?, key.as_bytes())?)
    }

    /// Writes states and metadata in one atomic batch (durable after `persist`).
    pub fn write(&self, states: &[(u64, CoordState)], metadata: &[(String, Vec<u8>)]) -> Result<(), StoreError> {
        let coordinates = self.cf(COORDINATES)?;
        let meta = self.cf(METADATA)?;
        let mut batch = WriteBatch::default();
        for (coordinate, state) in states {
            if *state == CoordState::default() {
                // Never seen, or expired: no record, so the model holds only live states.
                batch.delete_cf(coordinates, coordinate.to_be_bytes());
                continue;
            }
            let (bytes, len) = encode_state(state);
            batch.put_cf(coordinates, coordinate.to_be_bytes(), &bytes[..len]);
        }
        for (key, value) in metadata {
            batch.put_cf(meta, key.as_bytes(), value);
        }
        self.db.write_opt(batch, &self.write_options)?;
        Ok(())
    }

    pub fn save_names(&self, names: &[(u64, String)]) -> Result<(), StoreError> {
        let cf = self.cf(NAMES)?;
        let mut batch = WriteBatch::default();
        for (coordinate, name) in names {
            batch.put_cf(cf, coordinate.to_be_bytes(), name.as_bytes());
        }
        self.db.write_opt(batch, &self.write_options)?;
        Ok(())
    }

    pub fn name(&self, coordinate: u64) -> Result<Option<String>, StoreError> {
        Ok(self.db.get_cf(self.cf(NAMES)?, coordinate.to_be_bytes())?.map(|b| String::from_utf8_lossy(&b).into_owned()))
    }

    /// Flushes memtables to disk: everything written so far survives a crash.
    pub fn persist(&self) -> Result<(), StoreError> {
        let families = [self.cf(COORDINATES)?, self.cf(METADATA)?, self.cf(NAMES)?];
        self.db.flush_cfs_opt(&families, &rocksdb::FlushOptions::default())?;
        Ok(())
    }

    /// Calls `visit` for stored coordinates in coordinate order, while it returns true.
    pub fn for_each(&self, mut visit: impl FnMut(u64, CoordState) -> bool) -> Result<(), StoreError> {
        for item in self.db.iterator_cf(self.cf(COORDINATES)?, IteratorMode::Start) {
            let (key, value) = item?;
            let key: [u8; 8] = key
                .as_ref()
                .try_into()
                .map_err(|_| StoreError::Corrupt(format!("coordinate key of {} bytes", key.len())))?;
            if !visit(u64::from_be_bytes(key), decode_state(&value)?) {
                break;
            }
        }
        Ok(())
    }

    /// Size of the database files on disk, in bytes.
    pub fn disk_bytes(&self) -> u64 {
        self.cf(COORDINATES)
            .ok()
            .and_then(|cf| self.db.property_int_value_cf(cf, "rocksdb.total-sst-files-size").ok().flatten())
            .unwrap_or(0)
    }
}

/// The encoded state: a buffer and how many of its bytes to store.
fn encode_state(state: &CoordState) -> ([u8; LONG_STATE_BYTES], usize) {
    let mut bytes = [0u8; LONG_STATE_BYTES];
    bytes[0..8].copy_from_slice(&state.z.to_le_bytes());
    bytes[8..16].copy_from_slice(&state.n.to_le_bytes());
    bytes[16..24].copy_from_slice(&state.updates.to_le_bytes());
    // Only stream owners keep Σg and only expiry keeps a last-seen time; the embedded
    // trainer's states stay 24 bytes.
    if state.sum != 0.0 || state.seen != 0 {
        bytes[24..32].copy_from_slice(&state.sum.to_le_bytes());
        bytes[32..40].copy_from_slice(&state.seen.to_le_bytes());
        (bytes, LONG_STATE_BYTES)
    } else {
        (bytes, STATE_BYTES)
    }
}

fn decode_state(bytes: &[u8]) -> Result<CoordState, StoreError> {
    let field = |i: usize| -> Result<[u8; 8], StoreError> {
        bytes.get(i * 8..i * 8 + 8).and_then(|b| b.try_into().ok()).ok_or_else(|| {
            StoreError::Corrupt(format!("coordinate state of {} bytes, expected {STATE_BYTES}", bytes.len()))
        })
    };
    if bytes.len() != STATE_BYTES && bytes.len() != LONG_STATE_BYTES {
        return Err(StoreError::Corrupt(format!("coordinate state of {} bytes, expected {STATE_BYTES}", bytes.len())));
    }
    Ok(CoordState {
        z: f64::from_le_bytes(field(0)?),
        n: f64::from_le_bytes(field(1)?),
        updates: u64::from_le_bytes(field(2)?),
        sum: if bytes.len() > STATE_BYTES { f64::from_le_bytes(field(3)?) } else { 0.0 },
        seen: if bytes.len() > STATE_BYTES { u64::from_le_bytes(field(4)?) } else { 0 },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_encoding_round_trips() {
        let s = CoordState { z: -1.25, n: 3.5, updates: 42, sum: 0.0, seen: 0 };
        let (bytes, len) = encode_state(&s);
        assert_eq!((decode_state(&bytes[..len]).unwrap(), len), (s, 24), "the embedded trainer's states stay 24 bytes");
        let with_sum = CoordState { sum: 0.75, seen: 9, ..s };
        let (bytes, len) = encode_state(&with_sum);
        assert_eq!((decode_state(&bytes[..len]).unwrap(), len), (with_sum, 40));
        assert!(decode_state(&[0u8; 7]).is_err());
        assert!(decode_state(&[0u8; 28]).is_err());
    }

    #[test]
    fn persisted_writes_survive_reopen_and_the_rest_is_lost_as_in_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        let s = CoordState { z: 1.0, n: 2.0, updates: 3, sum: -0.5, seen: 0 };
        {
            let db = StateDb::open(dir.path()).unwrap();
            db.write(&[(5, s), (1, s)], &[("k".into(), b"v".to_vec())]).unwrap();
            db.persist().unwrap();
            db.write(&[(7, s)], &[("k".into(), b"w".to_vec())]).unwrap();
        }
        let db = StateDb::open(dir.path()).unwrap();
        assert_eq!(db.get(7).unwrap(), None, "not persisted");
        assert_eq!(db.get(5).unwrap().unwrap().updates, 3);
        assert_eq!(db.get(5).unwrap().unwrap().sum, -0.5);
        assert_eq!(db.get(6).unwrap(), None);
        assert_eq!(db.metadata("k").unwrap().as_deref(), Some(&b"v"[..]));
        let mut seen = Vec::new();
        db.for_each(|c, _| {
            seen.push(c);
            true
        })
        .unwrap();
        assert_eq!(seen, vec![1, 5]);
    }
}
