//! The online-learning core: losses, per-coordinate update rules, the example-level step
//! and progressive validation. Pure math: nothing here knows about files, Kafka or RocksDB.

pub(crate) mod admission;
pub mod clip;
pub(crate) mod delay;
pub(crate) mod expiry;
pub mod hashing;
pub mod hedge;
pub(crate) mod implicit;
pub(crate) mod learner;
pub(crate) mod loss;
pub(crate) mod optimizer;
pub(crate) mod progress;
pub(crate) mod replica;
pub mod rule;

pub(crate) use hedge::Hedge;
pub use implicit::StepRule;
pub use learner::{CoordinateStates, Learner};
pub(crate) use learner::{Gradient, View, ViewLearner};
pub use loss::{Loss, Outcome};
pub use optimizer::{gd, Algorithm, Hyperparameters, Optimizer};
pub use progress::{DivergenceWatch, Judgment, Progress};

/// One nonzero feature of an example, already hashed to its coordinate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Feature {
    pub coordinate: u64,
    pub value: f64,
}

/// Per-coordinate learner state. The meaning of `z` depends on the algorithm:
///
/// | algorithm      | `z`                                   | `n`   |
/// |----------------|---------------------------------------|-------|
/// | FTRL-Proximal  | z = Σ g − σ·w (McMahan et al. 2013)   | Σ g²  |
/// | ℓ1-RDA         | u = Σ g                               | Σ g²  |
/// | AdaGrad OGD    | the weight w itself                   | Σ g²  |
/// | VW's gd        | the weight w itself                   | Σ importance·ℓ'²·x² |
///
/// `updates` counts the examples whose gradient was applied to this coordinate; RDA uses it
/// as its per-coordinate round count t.
///
/// `sum` is Σg: the delay-tolerant rate compares it with the sum a prediction read (see
/// `rule`). VW's rule (`gd`), never delay-tolerant, keeps its normalizer N = max |x| there
/// instead.
///
/// `seen` is when the coordinate last occurred, on the trainer's clock (examples for `ftrl
/// train`, the gradients' event time in milliseconds in the stream), kept only when expiry
/// is on (0 otherwise). The default state is a coordinate never seen: stores keep no record
/// of it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CoordState {
    pub z: f64,
    pub n: f64,
    pub updates: u64,
    pub sum: f64,
    pub seen: u64,
}

impl CoordState {
    /// What moved this state from `before`: z, n, Σg and the update count all add up, so
    /// states learned apart can be combined (a stream's replicas and owners). `seen` is
    /// this state's.
    pub(crate) fn difference(&self, before: &CoordState) -> CoordState {
        CoordState {
            z: self.z - before.z,
            n: self.n - before.n,
            updates: self.updates.wrapping_sub(before.updates),
            sum: self.sum - before.sum,
            seen: self.seen,
        }
    }

    /// Adds `share` times a step's z, n and Σg once more, not its updates: other workers'
    /// steps in flight, estimated from this one (`learn::replica`).
    pub(crate) fn extrapolate(&mut self, step: &CoordState, share: f64) {
        self.z += share * step.z;
        self.n += share * step.n;
        self.sum += share * step.sum;
    }

    /// The part of a difference learned with [`extrapolate`](Self::extrapolate)d steps of
    /// `share` that is this replica's own: z, n and Σg divided by 1 + share.
    pub(crate) fn own_part(mut self, share: f64) -> CoordState {
        if share != 0.0 {
            let scale = 1.0 / (1.0 + share);
            self.z *= scale;
            self.n *= scale;
            self.sum *= scale;
        }
        self
    }

    /// Adds a [`difference`](Self::difference); `seen` becomes the later of the two.
    pub(crate) fn add(&mut self, difference: &CoordState) {
        self.z += difference.z;
        self.n += difference.n;
        self.updates = self.updates.wrapping_add(difference.updates);
        self.sum += difference.sum;
        self.seen = self.seen.max(difference.seen);
    }
}

#[cfg(test)]
pub(crate) mod test_support;
