"""End-to-end benchmark of the stream worker on a loopback test broker.

One run measures, with one worker (both roles, transactions on):

1. Throughput: N generated examples are produced to `<prefix>.examples` (round-robin over
   its partitions) *before* the worker starts; then the worker is started and timed until
   the progress windows it commits (read with a read_committed consumer) cover all N
   examples. The rate includes the worker's start-up (group join, restore); a second rate
   excludes it (from the first progress window on). The stream's progressive log loss is
   sum(loss_sum) / sum(weight_sum) of those windows. The embedded trainer (`ftrl train`)
   runs on the same file for comparison. The workers' CPU is counted from their start, and
   again over the middle half of the examples (start-up and the last batches left out), in
   all and by thread name (`/proc/<pid>/task`).
2. Delta latency: with the worker idle, M marker examples are produced at a fixed rate;
   each carries its normal features plus a unique feature (ns "zz", name "marker-<i>"),
   whose coordinate nothing else touches. Latency = time the marker's first record on
   `<prefix>.deltas` is consumed minus the time just before its produce() call.
3. Restart: SIGTERM the worker (shutdown = until it exits), start it again, and time until
   its update role logs "restored state from the changelog; ready", and until an example
   produced right after the restart shows up in a committed progress window.

Everything runs on 127.0.0.1 (`scripts/test-broker`), every wait is bounded by --timeout,
and the broker and worker are stopped on every way out (their process groups are killed).

Usually started through `scripts/bench-stream`, which installs confluent-kafka and xxhash and
runs this package (`python3 scripts/bench_stream`). Its modules: cli (flags, main), bench (one
run: broker, workers, phases in order), throughput, latency and restart (the phases), examples
(generating and producing them), processes (the ftrl child processes), consumers (following
the output topics), metrics (the workers' /metrics), protobuf (the wire format), report (the
printed figures and --json), selftest.
"""
