use clap::Parser;
use ftrl_stream::cli::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Logging starts in `run`, once the command's configuration says how.
    match ftrl_stream::commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of standard output went away (`ftrl export --model m | head`): there is
        // no one left to tell, and the output was not wanted any more. Unix tools (ripgrep
        // among them) end quietly and successfully then.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let report = report(&error);
            // Under JSON logging the last line is a JSON object like every other, so that a
            // log pipeline keeps it (as level ERROR with `fatal`), unless the filter drops errors.
            if ftrl_stream::observe::logs_json() && tracing::enabled!(tracing::Level::ERROR) {
                tracing::error!(fatal = true, "{report}");
            } else {
                eprintln!("error: {report}");
            }
            ExitCode::FAILURE
        }
    }
}

/// Whether `error` comes from writing to a pipe whose reader has closed it (Rust ignores
/// SIGPIPE, so the write fails with EPIPE instead of killing the process).
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|cause| cause.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe))
}

/// The error and its causes on one line, each said once: librdkafka's errors (and ours that
/// wrap them) repeat their source's message in their own, which `{:#}` would print again.
fn report(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let message = cause.to_string();
        if line.ends_with(&message) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&message);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::{is_broken_pipe, report};

    #[derive(Debug, thiserror::Error)]
    #[error("Transaction error: {0}")]
    struct Wrapping(#[source] Inner);

    #[derive(Debug, thiserror::Error)]
    #[error("fenced by a newer instance")]
    struct Inner;

    #[test]
    fn each_cause_is_said_once() {
        let error = anyhow::Error::new(Wrapping(Inner)).context("worker failed");
        assert_eq!(report(&error), "worker failed: Transaction error: fenced by a newer instance");
        let error = anyhow::Error::new(Inner).context("opening the store");
        assert_eq!(report(&error), "opening the store: fenced by a newer instance");
    }

    #[test]
    fn a_broken_pipe_is_found_under_any_context() {
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        let error = anyhow::Error::new(ftrl_stream::input::InputError::Read(pipe)).context("predicting x");
        assert!(is_broken_pipe(&error));
        let other = anyhow::Error::new(std::io::Error::from(std::io::ErrorKind::PermissionDenied)).context("writing");
        assert!(!is_broken_pipe(&other));
    }
}
