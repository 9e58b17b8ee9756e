//! Notices that this process stood still: frozen by SIGSTOP, a paused VM or container, or
//! a machine too loaded to run it. A process frozen past its session timeout has lost its
//! group membership, and so its partitions, without having been told: the group gave them
//! to another worker, and whatever it commits on waking, before librdkafka learns of the
//! new generation, is a zombie's write.
//!
//! Brokers that check the group generation of offsets committed in a transaction
//! (KIP-447, Apache Kafka) reject such a commit, since every update transaction carries
//! the offsets of the partitions it writes for; brokers that do not (the test broker, Tansu,
//! checks only the producer's epoch in TxnOffsetCommit) would accept it. So a role also
//! holds a [`Lease`]: it may commit only while the process has not stood still for a large
//! part of the session timeout since the role started; otherwise it aborts and starts over
//! (rejoining the group and restoring, as a restarted process would).
//!
//! A watch thread ticks every [`TICK`]; a tick that comes late by more than a
//! threshold records how long the process stood still. A freeze that has not been seen by
//! the watch yet (the role's thread ran first after waking) shows as a stale last tick.

use super::StreamError;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How often the watch thread wakes.
const TICK: Duration = Duration::from_millis(50);

/// Shortest standstill the watch records: well above a busy machine's scheduling delays.
const RECORDED: Duration = Duration::from_millis(250);

/// Standstills kept: a role checks its lease at least once per transaction, far more often
/// than this many standstills of a quarter second or more can happen.
const KEPT: usize = 64;

struct Watch {
    origin: Instant,
    /// Milliseconds since `origin` of the watch's last tick.
    last_tick_ms: AtomicU64,
    /// (end, length) in milliseconds since `origin` of the recent standstills.
    standstills: Mutex<Vec<(u64, u64)>>,
}

impl Watch {
    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    fn run(&self) {
        loop {
            std::thread::sleep(TICK);
            let now = self.now_ms();
            let last = self.last_tick_ms.swap(now, Ordering::AcqRel);
            let late = now.saturating_sub(last).saturating_sub(TICK.as_millis() as u64);
            if late >= RECORDED.as_millis() as u64 {
                tracing::warn!(seconds = late as f64 / 1e3, "the process stood still (frozen or starved)");
                if let Ok(mut standstills) = self.standstills.lock() {
                    if standstills.len() == KEPT {
                        standstills.remove(0);
                    }
                    standstills.push((now, late));
                }
            }
        }
    }

    /// The longest standstill that ended after `since_ms`, the one going on included.
    fn longest_since(&self, since_ms: u64) -> u64 {
        let ongoing = self.now_ms().saturating_sub(self.last_tick_ms.load(Ordering::Acquire));
        let recorded = self.standstills.lock().map_or(0, |standstills| {
            standstills.iter().filter(|(end, _)| *end > since_ms).map(|(_, length)| *length).max().unwrap_or(0)
        });
        recorded.max(ongoing.saturating_sub(TICK.as_millis() as u64))
    }
}

/// The process's watch, started on first use.
fn watch() -> &'static Watch {
    static WATCH: OnceLock<&'static Watch> = OnceLock::new();
    WATCH.get_or_init(|| {
        let watch: &'static Watch = Box::leak(Box::new(Watch {
            origin: Instant::now(),
            last_tick_ms: AtomicU64::new(0),
            standstills: Mutex::new(Vec::new()),
        }));
        if let Err(error) = std::thread::Builder::new().name("freeze-watch".into()).spawn(|| watch.run()) {
            // Without the watch every lease looks broken (its tick never moves): say why.
            tracing::error!(%error, "cannot start the freeze watch thread");
        }
        watch
    })
}

/// A role's permission to commit: it holds while the process has not stood still for
/// `limit` or longer since the lease was taken.
pub(crate) struct Lease {
    since_ms: u64,
    limit: Duration,
}

impl Lease {
    /// A lease from now. `limit` is half the session timeout: a member that stood still
    /// that long may have missed heartbeats for longer than its session (heartbeats go every
    /// quarter of it).
    pub(crate) fn new(session_timeout: Duration) -> Self {
        let watch = watch();
        Self { since_ms: watch.now_ms(), limit: session_timeout / 2 }
    }

    /// `Ok` while the lease holds; [`StreamError::Frozen`] (transient: the role starts over)
    /// once the process has stood still for the limit or longer since it was taken.
    pub(crate) fn check(&self) -> Result<(), StreamError> {
        let longest = Duration::from_millis(watch().longest_since(self.since_ms));
        if longest >= self.limit {
            return Err(StreamError::Frozen { seconds: longest.as_secs_f64() });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_holds_while_the_process_runs() {
        let lease = Lease::new(Duration::from_secs(2));
        for _ in 0..5 {
            std::thread::sleep(TICK);
            lease.check().unwrap();
        }
    }

    #[test]
    fn a_standstill_after_the_lease_began_breaks_it_and_one_before_does_not() {
        let watch = Watch {
            origin: Instant::now() - Duration::from_secs(100),
            last_tick_ms: AtomicU64::new(0),
            standstills: Mutex::new(vec![(10_000, 5_000), (90_000, 1_500)]),
        };
        watch.last_tick_ms.store(watch.now_ms(), Ordering::Release);
        assert_eq!(watch.longest_since(20_000), 1_500);
        assert_eq!(watch.longest_since(5_000), 5_000);
        assert_eq!(watch.longest_since(95_000), 0);
        // A standstill the watch has not seen yet: its last tick is old.
        watch.last_tick_ms.store(watch.now_ms() - 3_000, Ordering::Release);
        assert!(watch.longest_since(95_000) >= 2_900);
    }
}
