# Multi-stage build of the ftrl binary. Not built in CI here (no Docker engine on the
# development machines); issue "Run it like a real service" validates it.
FROM rust:1-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends cmake clang libclang-dev libcurl4-openssl-dev libssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cargo build --release --bin ftrl

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/release/ftrl /usr/local/bin/ftrl
ENTRYPOINT ["ftrl"]
