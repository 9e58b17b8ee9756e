"""Unit tests of the reference client: `python3 -m unittest test_ftrl_client` in clients/python.
The end-to-end test against a worker and `ftrl serve` is in tests/it/stream.rs
(`the_python_client_predicts_what_serve_predicts`)."""

import math
import struct
import unittest

import ftrl_client as f


def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def key(number, wire):
    return varint(number << 3 | wire)


class Hashing(unittest.TestCase):
    def test_coordinates_are_the_rust_ones(self):
        # From `ftrl train --save-names --cross ab` on one example and `ftrl export`.
        self.assertEqual(f.feature_coordinate("a", "x"), 11674009546516466376)
        self.assertEqual(f.feature_coordinate("b", "y"), 3697928577589628033)
        self.assertEqual(f.feature_coordinate("c", "z"), 1502058690324306461)
        self.assertEqual(f.BIAS, 16754936395758923230)
        self.assertEqual(f.cross(11674009546516466376, 3697928577589628033), 8724630709793317699)
        self.assertEqual(f.class_coordinate(7, 0), 7)
        self.assertNotEqual(f.class_coordinate(7, 1), 7)


class Protobuf(unittest.TestCase):
    def test_weight_delta(self):
        record = (
            key(1, 1) + struct.pack("<Q", 99)
            + key(2, 1) + struct.pack("<d", -0.25)
            + key(3, 0) + varint(300)
            + key(5, 0) + varint(1_700_000_000_000)
            + key(8, 2) + varint(2) + b"\x09\x01"  # a nested state, skipped
        )
        self.assertEqual(f.decode_weight_delta(record), (-0.25, 1_700_000_000_000))

    def test_applied_watermark_packed_and_not(self):
        coordinates = struct.pack("<QQ", 5, 6)
        weights = struct.pack("<dd", 0.5, 0.0)
        packed = (
            key(1, 2) + varint(1) + b"\x00"
            + key(3, 2) + varint(len(coordinates)) + coordinates
            + key(4, 2) + varint(len(weights)) + weights
            + key(11, 0) + varint(42)
        )
        self.assertEqual(f.decode_applied_watermark(packed), ([5, 6], [0.5, 0.0], 42))
        unpacked = key(3, 1) + struct.pack("<Q", 7) + key(4, 1) + struct.pack("<d", 1.5)
        self.assertEqual(f.decode_applied_watermark(unpacked), ([7], [1.5], 0))

    def test_truncated_records_are_refused(self):
        with self.assertRaises(ValueError):
            f.decode_weight_delta(key(2, 1) + b"\x00\x00")
        with self.assertRaises(ValueError):
            f.decode_weight_delta(b"\x80")


class Weights(unittest.TestCase):
    def test_records_apply_as_serve_applies_them(self):
        w = f.Weights()
        k = struct.pack(">Q", 9)
        w.apply(k, key(2, 1) + struct.pack("<d", 0.75))
        self.assertEqual(w.get(9), 0.75)
        coordinates, weights = struct.pack("<QQ", 9, 10), struct.pack("<dd", 0.0, 2.0)
        w.apply(f.WATERMARK_KEY, key(3, 2) + varint(16) + coordinates + key(4, 2) + varint(16) + weights)
        self.assertEqual((w.get(9), w.get(10)), (0.0, 2.0))
        w.apply(struct.pack(">Q", 10), None)
        self.assertEqual(w.get(10), 0.0)
        w.apply(b"short", b"ignored")
        self.assertEqual(w.applied, 3)


class Predictions(unittest.TestCase):
    def test_margin_crosses_and_bias(self):
        m = f.Model("logistic", crosses=["ab"])
        ax, by = f.feature_coordinate("a", "x"), f.feature_coordinate("b", "y")
        m.weights.weights = {ax: 0.5, by: -0.25, f.cross(ax, by): 2.0, f.BIAS: 0.1}
        example = {"features": ["a:x", {"ns": "b", "name": "y", "value": 2.0}, "c:z"]}
        margin = 0.5 - 0.25 * 2.0 + 2.0 * 2.0 + 0.1
        self.assertEqual(m.margins(example), [margin])
        self.assertAlmostEqual(m.predict(example)["prediction"], 1 / (1 + math.exp(-margin)), places=15)
        self.assertEqual(f.Model("squared").predict({"features": []})["prediction"], 0.0)

    def test_repeated_features_merge_and_zeros_drop(self):
        m = f.Featurizer()
        self.assertEqual(m.features({"features": ["a:x", "a:x", {"name": "q", "value": 0}]}),
                         sorted([(f.feature_coordinate("a", "x"), 2.0), (f.BIAS, 1.0)]))
        self.assertEqual(f.Featurizer.parse({"features": ["plain"]}), [(0, f.feature_coordinate("", "plain"), 1.0)])

    def test_softmax_picks_the_largest_margin(self):
        m = f.Model("softmax", classes=3)
        m.weights.weights = {f.class_coordinate(f.BIAS, 2): 1.0}
        answer = m.predict({"features": []})
        self.assertEqual(answer["prediction"], 3.0)
        self.assertAlmostEqual(sum(answer["probabilities"]), 1.0, places=15)
        self.assertEqual(f.sigmoid(-1e6), 0.0)


if __name__ == "__main__":
    unittest.main()
