//! The HTTP endpoints: `/metrics` (OpenMetrics or the Prometheus text format, as the scraper's
//! `Accept` asks), `/health` (the process is up)
//! and `/ready` (200 once [`super::health`] says so, 503 with what it waits for before),
//! served by axum on a thread of their own so that they answer while the roles are busy.

use super::{health, metrics};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;
use std::thread::JoinHandle;
use thiserror::Error;

#[derive(Debug, Error)]
pub(crate) enum HttpError {
    #[error("listen address {0:?} is not ip:port")]
    Address(String),
    #[error("cannot listen on {address}: {source}")]
    Bind {
        address: String,
        #[source]
        source: std::io::Error,
    },
    #[error("starting the HTTP server: {0}")]
    Start(std::io::Error),
}

/// `/metrics`, `/health` and `/ready`.
pub(crate) fn observability_routes() -> Router {
    Router::new()
        .route("/metrics", get(metrics_text))
        .route("/health", get(|| async { "ok\n" }))
        .route("/ready", get(ready))
}

/// The metrics in the format the scraper's `Accept` asks for, under its content type.
async fn metrics_text(headers: axum::http::HeaderMap) -> impl IntoResponse {
    let accept = headers.get(header::ACCEPT).and_then(|value| value.to_str().ok());
    let format = super::metrics::Format::from_accept(accept);
    ([(header::CONTENT_TYPE, format.content_type())], metrics().encode_as(format))
}

async fn ready() -> (StatusCode, String) {
    if health().is_ready() {
        (StatusCode::OK, "ready\n".into())
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: waiting for {}\n", health().waiting_for().join(", ")))
    }
}

/// A running HTTP server; stops when dropped.
pub(crate) struct Server {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Binds `listen` now (so a bad or busy address is an error at start-up, not later) and
    /// serves `router` on a thread of its own.
    pub(crate) fn start(listen: &str, router: Router) -> Result<Self, HttpError> {
        let address: SocketAddr = listen.parse().map_err(|_| HttpError::Address(listen.to_string()))?;
        let listener = std::net::TcpListener::bind(address)
            .map_err(|source| HttpError::Bind { address: listen.to_string(), source })?;
        listener.set_nonblocking(true).map_err(HttpError::Start)?;
        let address = listener.local_addr().map_err(HttpError::Start)?;
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(HttpError::Start)?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("http".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let listener = match tokio::net::TcpListener::from_std(listener) {
                        Ok(listener) => listener,
                        Err(error) => {
                            tracing::error!(%error, "HTTP listener");
                            return;
                        }
                    };
                    let shutdown = async {
                        let _ = stopped.await;
                    };
                    if let Err(error) = axum::serve(listener, router).with_graceful_shutdown(shutdown).await {
                        tracing::error!(%error, "HTTP server failed");
                    }
                })
            })
            .map_err(HttpError::Start)?;
        tracing::info!(%address, "HTTP endpoints listening");
        Ok(Self { stop: Some(stop), thread: Some(thread) })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
