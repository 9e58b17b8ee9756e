# Multi-stage build of the ftrl binary: a Rust toolchain with the C/C++ build dependencies of
# RocksDB and librdkafka, then a slim runtime image with the binary alone. No Docker engine
# runs on the development machines; tests/it/cli.rs checks that the commands docker-compose.yml
# and deploy/k8s/ give this image exist with their flags, and that the configurations validate.
# Base images are pinned to exact versions (the Rust one to Cargo.toml's rust-version); the
# build uses Cargo.lock as it is (--locked) and the `dist` profile (no debug info, stripped).
# .dockerignore keeps the build context to the files copied below.
FROM rust:1.88.0-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends cmake clang libclang-dev libcurl4-openssl-dev libssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so that a source change does not rebuild RocksDB and librdkafka.
COPY Cargo.toml Cargo.lock build.rs ./
COPY schemas schemas
RUN mkdir -p src benches \
 && echo 'fn main() {}' > src/main.rs && touch src/lib.rs \
 && for bench in update_kernels broker_cost; do echo 'fn main() {}' > benches/$bench.rs; done \
 && cargo build --locked --profile dist --bin ftrl \
 && rm -rf src benches
COPY src src
COPY benches benches
RUN touch src/main.rs src/lib.rs && cargo build --locked --profile dist --bin ftrl

FROM debian:12.12-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/ftrl --create-home ftrl
COPY --from=build /src/target/dist/ftrl /usr/local/bin/ftrl
COPY deploy/worker.toml /etc/ftrl/worker.toml
USER ftrl
WORKDIR /var/lib/ftrl
# 9898: the worker's /metrics, /health, /ready; 8080: `ftrl serve`.
EXPOSE 9898 8080
ENTRYPOINT ["ftrl"]
CMD ["worker", "--config", "/etc/ftrl/worker.toml"]
