"""Self-test of the pure parts (no broker, no binary): `scripts/bench-stream --self-test`."""

from __future__ import annotations

import os
import struct
import sys

from .examples import feature_coordinate, parse_jsonl_example
from .processes import thread_cpu_seconds
from .protobuf import (decode_delta, decode_fields, decode_progress, double_field, encode_example, len_field,
                       read_varint, tag, varint)
from .report import markdown_table, percentile
from .throughput import cpu_by_tenth, cpu_when_counted, mid_run_cpu


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
                                       "last_offset": 123461788, "time_ms": 1_700_000_000_000}
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
    # Windows stamped 10.2 s, 10.6 s and 11.5 s, 100 examples each; the CPU in all read at
    # 10, 10.5 and 11 s, by thread at 10 and 11 s. The 150th example falls halfway through
    # the second window, at 10.4 s: 40% of the way from 10 s to 11 s. The first window's
    # examples all count at its stamp; past the last sample, or past every window, there is
    # no answer.
    totals = [(10.0, 1.0), (10.5, 1.5), (11.0, 2.0)]
    threads = [(10.0, {"a": 0.5}), (11.0, {"a": 1.0, "b": 0.2})]
    stamped = [(10.6, 100), (10.2, 100), (11.5, 100)]
    count, cpu, by_thread, moment = cpu_when_counted(totals, threads, stamped, 150)
    assert count == 150 and abs(moment - 10.4) < 1e-9 and abs(cpu - 1.4) < 1e-9, (moment, cpu)
    assert abs(by_thread["a"] - 0.7) < 1e-9 and abs(by_thread["b"] - 0.08) < 1e-9, by_thread
    assert abs(cpu_when_counted(totals, threads, stamped, 50)[1] - 1.2) < 1e-9
    assert cpu_when_counted(totals, threads, stamped, 300) is None
    assert cpu_when_counted(totals, threads, stamped, 400) is None
    assert cpu_when_counted(totals, [], stamped, 150)[2] == {}  # no thread sample: none by name
    rates = cpu_by_tenth({1: (100, 0.5, 1.0), 2: (200, 0.6, 1.1), 3: (300, None, 1.2), 4: (400, 0.9, 1.3),
                          5: (400, 0.9, 1.4)})
    assert abs(rates[0] - 5000) < 1e-6 and abs(rates[1] - 1000) < 1e-6 and rates[2:] == [None] * 3, rates
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
