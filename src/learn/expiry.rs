//! Expiry: a coordinate unseen for a while is deleted (its state becomes the default one),
//! so coordinates that stop occurring stop costing memory and disk, and one seen again starts
//! afresh. One rule for every trainer, on whatever clock the trainer keeps: `ftrl train`
//! counts examples (`--expire-after N`), the stream's owners read the gradients records'
//! event time in milliseconds (`model.expire_after_ms`), because what an owner expires must
//! be the same on every replay. Both clocks only move forward.
//!
//! * **Stamp.** A coordinate that occurs at clock `now` notes [`Expiry::stamp`]`(now)` as its
//!   `seen`; 0 is left to mean "never stamped" (a state learned without expiry).
//! * **Rule.** A coordinate last seen at `seen` is expired at `now` when `seen + after < now`.
//! * **Sweeps.** Checking every state at every tick would cost a pass over the model per
//!   example, so states are swept every quarter of the window ([`Expiry::period`]): a
//!   coordinate goes between `after` and 1.25·`after` after its last sight. A sweep is due
//!   when the clock reaches the next sweep time, which then moves a period past the clock
//!   ([`Expiry::sweep_due`]). The caller keeps that time (the stream in its batch markers,
//!   so that a restore resumes the same schedule) and runs the sweep on its store.

/// Expiry of coordinates unseen for `after` ticks of a clock.
/// Why an expiry window cannot work.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum ExpiryError {
    /// 0 would expire everything at once.
    #[error("must be > 0 (leave it unset for no expiry)")]
    Zero,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Expiry {
    after: u64,
}

impl Expiry {
    /// Expiry after `after` ticks (callers reject 0 with [`check_after`](Self::check_after)).
    pub(crate) fn new(after: u64) -> Self {
        Self { after }
    }

    /// Why `after` cannot be a window, if it cannot: 0 would expire everything at once.
    pub(crate) fn check_after(after: u64) -> Result<(), ExpiryError> {
        match after {
            0 => Err(ExpiryError::Zero),
            _ => Ok(()),
        }
    }

    /// The `seen` of a coordinate occurring at `now`: never 0, which means never stamped.
    #[inline]
    pub(crate) fn stamp(now: u64) -> u64 {
        now.max(1)
    }

    /// Whether a coordinate last seen at `seen` is expired at `now`.
    #[inline]
    pub(crate) fn is_expired(&self, seen: u64, now: u64) -> bool {
        seen.saturating_add(self.after) < now
    }

    /// Ticks between sweeps: a quarter of the window (at least one).
    pub(crate) fn period(&self) -> u64 {
        (self.after / 4).max(1)
    }

    /// Whether a sweep runs at `now`, `next` being the time at or after which the next one is
    /// due (0: at once). When it runs, `next` moves a period past `now`.
    pub(crate) fn sweep_due(&self, now: u64, next: &mut u64) -> bool {
        if now < *next {
            return false;
        }
        *next = now.saturating_add(self.period());
        true
    }

    /// The first sweep time of a clock that starts at `start` and ticks by one (the example
    /// count): the first multiple of the period from there, so that sweeps fall on multiples
    /// of the period whether or not the model was trained before.
    pub(crate) fn first_sweep(&self, start: u64) -> u64 {
        start.div_ceil(self.period()).saturating_mul(self.period())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coordinate_expires_once_unseen_for_longer_than_the_window() {
        let expiry = Expiry::new(100);
        let seen = Expiry::stamp(50);
        assert!(!expiry.is_expired(seen, 150), "seen exactly `after` ago");
        assert!(expiry.is_expired(seen, 151));
        assert!(!expiry.is_expired(u64::MAX, u64::MAX), "no overflow");
        assert_eq!(Expiry::stamp(0), 1, "0 means never stamped");
    }

    /// On a clock ticking by one, sweeps fall on multiples of a quarter window, from any start;
    /// on a clock that jumps (event time), each sweep is a period after the previous one.
    #[test]
    fn sweeps_run_every_quarter_window() {
        let expiry = Expiry::new(10);
        assert_eq!(expiry.period(), 2);
        for start in [1, 2, 7] {
            let mut next = expiry.first_sweep(start);
            let swept: Vec<u64> = (start..start + 8).filter(|now| expiry.sweep_due(*now, &mut next)).collect();
            let multiples: Vec<u64> = (start..start + 8).filter(|now| now % 2 == 0).collect();
            assert_eq!(swept, multiples, "start {start}");
        }
        let mut next = 0;
        let swept: Vec<u64> =
            [1000, 1001, 1002, 1005, 1006, 1008].into_iter().filter(|now| expiry.sweep_due(*now, &mut next)).collect();
        assert_eq!(swept, [1000, 1002, 1005, 1008]);
        assert_eq!(Expiry::new(3).period(), 1, "at least one tick");
    }

    /// Between `after` and 1.25·`after` ticks after its last sight, a coordinate is swept.
    #[test]
    fn a_coordinate_goes_within_a_quarter_window_of_expiring() {
        let expiry = Expiry::new(400);
        for seen in [1, 37, 399, 1000] {
            let mut next = expiry.first_sweep(1);
            let gone =
                (1..10_000).find(|now| expiry.sweep_due(*now, &mut next) && expiry.is_expired(seen, *now)).unwrap();
            assert!(gone > seen + 400 && gone <= seen + 500, "seen {seen}, gone {gone}");
        }
    }
}
