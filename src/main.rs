use clap::Parser;
use ftrl_stream::cli::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Logging starts in `run`, once the command's configuration says how.
    match ftrl_stream::commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
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
    use super::report;

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
}
