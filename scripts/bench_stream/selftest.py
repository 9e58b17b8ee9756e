"""Self-test of the pure parts (no broker, no binary): `scripts/bench-stream --self-test`."""

from __future__ import annotations

import math
import os
import struct
import sys
from datetime import datetime, timezone

from .examples import feature_coordinate, parse_jsonl_example
from .excess import excess_by_age, learned_order, log_loss
from .processes import thread_cpu_seconds
from .protobuf import (decode_delta, decode_fields, decode_progress, double_field, encode_example, len_field,
                       read_varint, tag, varint)
from .report import markdown_table, percentile
from .metrics import staleness_between
from .throughput import cpu_by_tenth, cpu_when_counted, examples_assignments, loss_between, mid_run_cpu, moment_when_counted


def self_test() -> None:
    # Varints, including the 10-byte form of a negative int64.
    assert varint(0) == b"\x00" and varint(1) == b"\x01" and varint(300) == b"\xac\x02"
    assert varint(-1) == b"\xff" * 9 + b"\x01"
    assert read_varint(varint(2**64 - 1), 0) == (2**64 - 1, 10)
    # Example{label: 1, features: [{ns: "a", name: "x"}]} as protoc would write it.
    expected = (b"\x09" + struct.pack("<d", 1.0)
                + b"\x1a\x06" + b"\x0a\x01a" + b"\x12\x01x")
    assert encode_example(1.0, [("a", "x", None)]) == expected, encode_example(1.0, [("a", "x", None)])
    # Weight, value, empty namespace omitted, multi-byte length.
    got = encode_example(0.0, [("", "y" * 200, 0.5)], weight=2.0)
    feature = b"\x12\xc8\x01" + b"y" * 200 + b"\x19" + struct.pack("<d", 0.5)
    assert got == (b"\x09" + struct.pack("<d", 0.0) + b"\x11" + struct.pack("<d", 2.0)
                   + b"\x1a" + varint(len(feature)) + feature)
    # A ProgressWindow as the worker writes it, with packed repeated doubles to skip.
    window = (varint(1 << 3 | 0) + varint(5000) + double_field(2, 4999.5) + double_field(3, 2300.25)
              + double_field(4, 1.0) + len_field(6, struct.pack("<3d", 1, 2, 3))
              + tag(8, 0) + varint(3) + tag(9, 0) + varint(123456789) + tag(10, 0) + varint(123461788)
              + len_field(11, b"w1") + tag(12, 0) + varint(1_700_000_000_000))
    assert decode_progress(window) == {"count": 5000, "weight_sum": 4999.5, "loss_sum": 2300.25,
                                       "origin_partition": 3, "first_offset": 123456789,
                                       "last_offset": 123461788, "worker": "w1", "time_ms": 1_700_000_000_000}
    assert decode_progress(b"")["origin_partition"] == 0  # proto3: absent means 0
    delta = (tag(1, 1) + (2**64 - 5).to_bytes(8, "little") + double_field(2, -0.25)
             + tag(3, 0) + varint(7) + tag(4, 0) + varint(7) + tag(5, 0) + varint(-3))
    assert decode_delta(delta) == {"coordinate": 2**64 - 5, "weight": -0.25, "updates": 7,
                                   "version": 7, "time_ms": -3}
    for bad in (b"\x08", b"\x09\x00", b"\x1a\x05ab", b"\x0b"):
        try:
            list(decode_fields(bad))
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} should not decode")
    # JSON lines as ftrl gen writes them.
    assert parse_jsonl_example('{"label":1,"features":["a:3","b:x:y","plain",'
                               '{"ns":"c","name":"z","value":0.5}]}') == \
        (1.0, None, [("a", "3", None), ("b", "x:y", None), ("", "plain", None), ("c", "z", 0.5)])
    # The learned order: windows by stamp, a partition's own in offset order, windows stamped
    # together interleaved across partitions.
    def window(partition, first, last, stamp, loss_sum=0.0):
        return {"origin_partition": partition, "first_offset": first, "last_offset": last, "time_ms": stamp,
                "loss_sum": loss_sum}
    windows = [window(1, 0, 1, 20, 1.0), window(0, 0, 1, 10, 0.5), window(0, 2, 3, 10, 0.5), window(0, 4, 4, 20, 3.0)]
    assert learned_order(windows) == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1)], learned_order(windows)
    # Excess by age against a reference of 0.25 an example: all seven examples are younger
    # than 20,000, one stretch of (5.0 - 7 * 0.25) / 7 an example.
    reference = {example: 0.25 for example in learned_order(windows)}
    by_age = excess_by_age(windows, learned_order(windows), reference)
    assert len(by_age) == 1 and by_age[0]["age_below"] == 20_000 and by_age[0]["examples"] == 7, by_age
    assert abs(by_age[0]["excess_per_example"] - (5.0 - 7 * 0.25) / 7) < 1e-12, by_age
    assert abs(log_loss(0.5, 1) - math.log(2)) < 1e-12 and abs(log_loss(0.25, 0) - math.log(4 / 3)) < 1e-12
    # Nearest-rank percentiles.
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99 and percentile(values, 100) == 100
    assert percentile([3.0, 1.0, 2.0], 50) == 2 and percentile([7.0], 99) == 7
    assert percentile([1.0, 2.0], 50) == 1 and percentile([1.0, 2.0], 51) == 2
    for bad_pct in (0, 101):
        try:
            percentile(values, bad_pct)
        except ValueError:
            continue
        raise AssertionError("percentile range not checked")
    # Tables.
    # This process's threads, by name: at least the main thread's, none negative.
    threads = thread_cpu_seconds([os.getpid()])
    assert threads and all(seconds >= 0 for seconds in threads.values()), threads
    assert not any(name[-1:].isdigit() for name in threads), threads
    assert thread_cpu_seconds([2**22 + 1]) == {}  # no such process: nothing, no error
    # 200 examples between the marks, 0.2 CPU seconds: 1,000 µs each; a thread born between
    # them counts from zero.
    total, by_thread = mid_run_cpu({0: (100, 1.0, {"a": 0.5}), 1: (300, 1.2, {"a": 0.6, "b": 0.1})})
    assert abs(total - 1000) < 1e-6 and abs(by_thread["a"] - 500) < 1e-6 and abs(by_thread["b"] - 500) < 1e-6
    assert mid_run_cpu({0: (100, 1.0, {})}) is None
    # From the start to the first tenth (100 examples, 0.5 s: 5,000 µs each), then 100 more
    # for 0.1 s; an unreadable CPU and a mark with no new example give None.
    # Two examples partitions, windows of 100 examples: each partition's are learned evenly
    # from one of its stamps to the next, its first window's at its stamp. Both first
    # windows at 10 s and the next at 11 s: 300 examples are reached at 10.5 s (not at 11 s,
    # as counting the windows one after another would say).
    assert moment_when_counted([(10.0, 100, 0), (11.0, 100, 0), (10.0, 100, 1), (11.0, 100, 1)], 300) == 10.5
    assert moment_when_counted([(10.0, 100, 0), (11.0, 100, 0), (10.0, 100, 1), (11.0, 100, 1)], 150) == 10.0
    assert moment_when_counted([(10.0, 100, 0), (11.0, 100, 0)], 201) is None
    # A partition whose first window comes later adds its examples at once at its stamp.
    late = [(10.0, 100, 0), (12.0, 100, 0), (11.0, 100, 1)]
    assert [moment_when_counted(late, c) for c in (150, 220, 260)] == [11.0, 11.0, 11.2]
    # Given when learning began (9 s), first windows are learned from then: 150 examples by
    # 10 s (100 of partition 0, half of partition 1's first window), 50 a third of the way.
    assert moment_when_counted(late, 150, start=9.0) == 10.0
    assert abs(moment_when_counted(late, 50, start=9.0) - (9.0 + 1 / 3)) < 1e-9
    # Stamps interleaved: 210 learned at 10.1 s, 390 at 11 s; 300 at 10.55 s (155 + 145).
    moment = moment_when_counted([(10.0, 100, 0), (11.0, 100, 0), (10.1, 100, 1), (11.1, 100, 1)], 300)
    assert abs(moment - 10.55) < 1e-9, moment
    # The CPU in all read at 10, 10.5 and 11 s, by thread at 10 and 11 s: at 10.5 s, 1.5 CPU
    # seconds, thread "a" halfway from 0.5 to 1.0, "b" (born since) halfway to 0.2. Past the
    # last sample there is no answer; without a thread sample, nothing by name.
    totals = [(10.0, 1.0), (10.5, 1.5), (11.0, 2.0)]
    threads = [(10.0, {"a": 0.5}), (11.0, {"a": 1.0, "b": 0.2})]
    stamped = [(10.0, 100, 0), (11.0, 100, 0), (11.5, 100, 0), (10.0, 100, 1), (11.0, 100, 1)]
    count, cpu, by_thread, moment = cpu_when_counted(totals, threads, stamped, 300)
    assert count == 300 and abs(moment - 10.5) < 1e-9 and abs(cpu - 1.5) < 1e-9, (moment, cpu)
    assert abs(by_thread["a"] - 0.75) < 1e-9 and abs(by_thread["b"] - 0.1) < 1e-9, by_thread
    assert abs(cpu_when_counted(totals, threads, stamped, 150)[1] - 1.0) < 1e-9
    assert cpu_when_counted(totals, threads, stamped, 450) is None  # at 11.25 s
    assert cpu_when_counted(totals, threads, stamped, 501) is None
    assert cpu_when_counted(totals, [], stamped, 300)[2] == {}
    rates = cpu_by_tenth({1: (100, 0.5, 1.0), 2: (200, 0.6, 1.1), 3: (300, None, 1.2), 4: (400, 0.9, 1.3),
                          5: (400, 0.9, 1.4)})
    assert abs(rates[0] - 5000) < 1e-6 and abs(rates[1] - 1000) < 1e-6 and rates[2:] == [None] * 3, rates
    # Stretches up to 11 s, then to the end: windows by their stamps (one without a stamp is
    # in none), staleness samples by their times.
    windows = [{"time_ms": 10_500, "loss_sum": 1.0, "weight_sum": 2.0},
               {"time_ms": 11_000, "loss_sum": 3.0, "weight_sum": 4.0},
               {"time_ms": 12_000, "loss_sum": 1.0, "weight_sum": 4.0},
               {"time_ms": 0, "loss_sum": 9.0, "weight_sum": 1.0}]
    assert loss_between(windows, [11.0, float("inf")]) == [0.5, 0.5], loss_between(windows, [11.0, float("inf")])
    assert loss_between(windows, [10.0, 11.0, float("inf")])[0] is None
    stretches = staleness_between([(10.0, 100, 0.1), (10.9, 300, 0.3), (11.0, 50, 0.05)], [11.0, float("inf")])
    assert (stretches[0]["mean_unconfirmed_examples"], stretches[0]["max_unconfirmed_ms"]) == (200, 300), stretches
    assert (stretches[1]["samples"], stretches[1]["mean_unconfirmed_ms"]) == (1, 50), stretches
    assert decode_progress(b"")["worker"] == ""
    log = ("2026-11-27T14:39:43.500000Z  INFO ftrl_stream::stream::kafka: partitions assigned topic=b.examples "
           "partitions=[0, 2]\n2026-11-27T14:39:43.6Z  INFO x: partitions assigned topic=b.gradients partitions=[1]\n"
           "2026-11-27T14:39:45Z  INFO ftrl_stream::stream::kafka: partitions assigned topic=b.examples partitions=[]\n")
    since = datetime(2026, 11, 27, 14, 39, 43, tzinfo=timezone.utc).timestamp()
    assert examples_assignments([log, ""], "b.examples", since) == [[[0.5, [0, 2]], [2.0, []]], []]
    assert markdown_table(["a", "b"], [["1", "x|y"]]) == "| a | b |\n|---|---|\n| 1 | x\\|y |"
    # Hashing: the namespace seed of "" is pinned in src/learn/hashing.rs.
    try:
        import xxhash
    except ImportError:
        print("self-test: xxhash missing, hashing not checked", file=sys.stderr)
    else:
        assert xxhash.xxh3_64_intdigest(b"") == 0x2D06800538D394C2
        assert feature_coordinate("a", "x") != feature_coordinate("ab", "")
    print("self-test: ok")
