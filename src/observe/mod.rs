//! Observability: structured logs, Prometheus metrics and the health endpoints.
//!
//! * [`init_logging`]: `tracing` to standard error, text or JSON, filtered by level.
//! * [`events`]: what happens in the process, each event with its log line and metrics, so
//!   that the code where it happens says so in one line.
//! * [`metrics()`]: the process's metrics (one registry per process).
//! * [`health`]: liveness and readiness; a worker is ready once its update role has restored
//!   its partitions from the changelog and its predict role has loaded the weight view.
//! * `http`: the endpoints (`/metrics`, `/health`, `/ready`) and the server that `ftrl serve`
//!   adds its routes to.

pub(crate) mod events;
pub(crate) mod http;
pub(crate) mod metrics;

pub use metrics::{metrics, Metrics};

use crate::config::LogFormat;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tracing_subscriber::EnvFilter;

/// The environment variable whose filter, when set, wins over the configured log level.
pub(crate) const LOG_ENV: &str = "FTRL_LOG";

/// The format [`init_logging`] chose, once it has.
static LOG_FORMAT: std::sync::OnceLock<LogFormat> = std::sync::OnceLock::new();

/// Whether log lines are JSON objects: then a fatal error must be one too.
pub fn logs_json() -> bool {
    LOG_FORMAT.get() == Some(&LogFormat::Json)
}

/// Sends `tracing` events to standard error in `format`, keeping those `level` allows
/// (`FTRL_LOG` wins when set). A second call changes nothing.
pub(crate) fn init_logging(format: LogFormat, level: &str) {
    let _ = LOG_FORMAT.set(format);
    let filter = EnvFilter::try_from_env(LOG_ENV)
        .or_else(|_| EnvFilter::builder().parse(level))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder.with_ansi(std::io::stderr().is_terminal()).try_init(),
        LogFormat::Json => builder.json().with_current_span(false).try_init(),
    };
}

/// A progress bar on standard error when `wanted` and standard error is a terminal; a
/// hidden one (that draws nothing) in pipes, files and CI logs. With `total` it shows a bar
/// and an estimate of the time left, without it a counter and the time so far.
pub(crate) fn progress_bar(wanted: bool, total: Option<u64>, unit: &str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressStyle};
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (bar, template) = match total {
        Some(total) => (
            ProgressBar::new(total),
            format!("{{bar:30}} {{human_pos}}/{{human_len}} {unit} ({{elapsed}}, {{eta}} left) {{msg}}"),
        ),
        None => (ProgressBar::new_spinner(), format!("{{spinner}} {{human_pos}} {unit} in {{elapsed}} {{msg}}")),
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// What the process is waiting for before it is ready.
#[derive(Debug, Default)]
pub(crate) struct Health {
    view_needed: AtomicBool,
    view_loaded: AtomicBool,
    restore_needed: AtomicBool,
    restored: AtomicBool,
    /// Why the brokers cannot be reached, while they cannot.
    unreachable: std::sync::Mutex<Option<String>>,
    /// (topic, role) whose group assignment readiness needs, and the partitions each role
    /// has of its topic now.
    assignments: std::sync::Mutex<Vec<(String, &'static str, usize)>>,
    /// Role → why it is failing, until when: until it commits again, or stays up a while.
    failing: std::sync::Mutex<BTreeMap<String, (String, Instant)>>,
    /// What cannot be read on (a transaction left open, by partition) → why.
    stalls: std::sync::Mutex<BTreeMap<String, String>>,
}

/// Least time a role that failed and started over counts as failing when it has committed
/// nothing since (an idle role commits nothing: it recovers by staying up that long). It is
/// also at least twice the pause before the restart, so that a role failing over and over
/// stays not ready through its pauses.
const ROLE_FAILURE_MEMORY: Duration = Duration::from_secs(10);

static HEALTH: Health = Health {
    view_needed: AtomicBool::new(false),
    view_loaded: AtomicBool::new(false),
    restore_needed: AtomicBool::new(false),
    restored: AtomicBool::new(false),
    unreachable: std::sync::Mutex::new(None),
    assignments: std::sync::Mutex::new(Vec::new()),
    failing: std::sync::Mutex::new(BTreeMap::new()),
    stalls: std::sync::Mutex::new(BTreeMap::new()),
};

/// The process's readiness.
pub(crate) fn health() -> &'static Health {
    &HEALTH
}

impl Health {
    /// Declares what must happen before the process is ready: a loaded weight view, a
    /// restored update role, or both.
    pub(crate) fn require(&self, view: bool, restore: bool) {
        self.view_needed.store(view, Ordering::Release);
        self.restore_needed.store(restore, Ordering::Release);
    }

    /// The weight view has read the deltas topic to its end.
    pub(crate) fn view_loaded(&self) {
        self.view_loaded.store(true, Ordering::Release);
    }

    /// The update role's assignment changed: not ready until it is restored.
    pub(crate) fn restoring(&self) {
        self.restored.store(false, Ordering::Release);
    }

    /// The update role has restored its assigned partitions from the changelog.
    pub(crate) fn restored(&self) {
        self.restored.store(true, Ordering::Release);
    }

    /// Not ready until `role`'s group consumer has partitions of `topic`.
    pub(crate) fn require_assignment(&self, topic: &str, role: &'static str) {
        if let Ok(mut assignments) = self.assignments.lock() {
            assignments.push((topic.to_owned(), role, 0));
        }
    }

    /// A group consumer of `topic` now has `partitions` of it.
    pub(crate) fn assigned(&self, topic: &str, partitions: usize) {
        if let Ok(mut assignments) = self.assignments.lock() {
            for (_, _, count) in assignments.iter_mut().filter(|(t, ..)| t == topic) {
                *count = partitions;
            }
        }
    }

    /// The brokers cannot be reached, for this reason.
    pub(crate) fn brokers_unreachable(&self, why: String) {
        if let Ok(mut unreachable) = self.unreachable.lock() {
            *unreachable = Some(why);
        }
    }

    /// The brokers answered.
    pub(crate) fn brokers_reached(&self) {
        if let Ok(mut unreachable) = self.unreachable.lock() {
            *unreachable = None;
        }
    }

    /// `role` failed and starts over after `pause`, for this reason; returns whether it had
    /// failed before without committing anything since (it may be failing on the same
    /// input again).
    pub(crate) fn role_failed(&self, role: &str, why: String, pause: Duration) -> bool {
        let Ok(mut failing) = self.failing.lock() else { return false };
        let now = Instant::now();
        let again = failing.get(role).is_some_and(|(_, until)| *until > now);
        failing.insert(role.to_owned(), (why, now + (pause * 2).max(ROLE_FAILURE_MEMORY)));
        again
    }

    /// `role` committed a transaction: it is making progress.
    pub(crate) fn role_progressed(&self, role: &str) {
        if let Ok(mut failing) = self.failing.lock() {
            if !failing.is_empty() {
                failing.remove(role);
            }
        }
    }

    /// Reading stopped at `key` (say, a transaction left open on a partition), for this
    /// reason, until [`Self::unstalled`].
    pub(crate) fn stalled(&self, key: &str, why: String) {
        if let Ok(mut stalls) = self.stalls.lock() {
            stalls.insert(key.to_owned(), why);
        }
    }

    /// Reading goes on past `key`.
    pub(crate) fn unstalled(&self, key: &str) {
        if let Ok(mut stalls) = self.stalls.lock() {
            stalls.remove(key);
        }
    }

    /// Ready to predict and learn: everything required has happened.
    pub(crate) fn is_ready(&self) -> bool {
        self.waiting_for().is_empty()
    }

    /// What readiness waits for, for the `/ready` body.
    pub(crate) fn waiting_for(&self) -> Vec<String> {
        let mut waiting = Vec::new();
        if let Some(why) = self.unreachable.lock().ok().and_then(|u| u.clone()) {
            waiting.push(format!("the Kafka cluster ({why})"));
        }
        if let Ok(assignments) = self.assignments.lock() {
            for (topic, role, _) in assignments.iter().filter(|(_, _, count)| *count == 0) {
                waiting.push(format!(
                    "partitions of {topic} for the {role} role (its group is assigning them; a worker beyond \
                     the topic's partition count gets none)"
                ));
            }
        }
        if self.view_needed.load(Ordering::Acquire) && !self.view_loaded.load(Ordering::Acquire) {
            waiting.push("weight view loading".into());
        }
        if self.restore_needed.load(Ordering::Acquire) && !self.restored.load(Ordering::Acquire) {
            waiting.push("changelog restore".into());
        }
        if let Ok(failing) = self.failing.lock() {
            let now = Instant::now();
            let recent = failing.values().filter(|(_, until)| *until > now);
            waiting.extend(recent.map(|(why, _)| why.clone()));
        }
        if let Ok(stalls) = self.stalls.lock() {
            waiting.extend(stalls.values().cloned());
        }
        waiting
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_only_when_every_requirement_is_met() {
        let h = Health::default();
        assert!(h.is_ready(), "nothing required");
        h.require(true, true);
        assert!(!h.is_ready());
        assert_eq!(h.waiting_for(), ["weight view loading", "changelog restore"]);
        h.view_loaded();
        assert!(!h.is_ready());
        h.restored();
        assert!(h.is_ready());
        h.restoring();
        assert_eq!(h.waiting_for(), ["changelog restore"]);
        h.restored();
        assert!(h.is_ready());
        h.brokers_unreachable("nothing listens".into());
        assert_eq!(h.waiting_for(), ["the Kafka cluster (nothing listens)"]);
        h.brokers_reached();
        assert!(h.is_ready());
        h.require_assignment("m.examples", "predict");
        assert!(
            h.waiting_for()[0].starts_with("partitions of m.examples for the predict role"),
            "{:?}",
            h.waiting_for()
        );
        h.assigned("m.examples", 2);
        assert!(h.is_ready());
        h.assigned("m.examples", 0);
        assert!(!h.is_ready());
    }

    #[test]
    fn a_failing_role_and_a_stalled_partition_are_not_ready_until_they_move_on() {
        let h = Health::default();
        assert!(
            !h.role_failed("predict", "the predict role to recover (it failed: x)".into(), Duration::ZERO),
            "a first failure"
        );
        assert_eq!(h.waiting_for(), ["the predict role to recover (it failed: x)"]);
        assert!(h.role_failed("predict", "the predict role to recover (it failed: y)".into(), Duration::ZERO), "again");
        assert_eq!(h.waiting_for(), ["the predict role to recover (it failed: y)"]);
        h.role_progressed("update");
        assert!(!h.is_ready(), "another role's commit says nothing of this one");
        h.role_progressed("predict");
        assert!(h.is_ready());
        assert!(!h.role_failed("predict", "z".into(), Duration::ZERO), "progress in between: a first failure again");
        h.role_progressed("predict");
        h.stalled("open transaction m.gradients/3", "a transaction left open on m.gradients partition 3".into());
        h.stalled("open transaction m.gradients/1", "a transaction left open on m.gradients partition 1".into());
        assert_eq!(h.waiting_for().len(), 2);
        h.unstalled("open transaction m.gradients/3");
        assert_eq!(h.waiting_for(), ["a transaction left open on m.gradients partition 1"]);
        h.unstalled("open transaction m.gradients/1");
        assert!(h.is_ready());
    }
}
