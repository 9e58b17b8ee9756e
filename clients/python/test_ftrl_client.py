"""Unit tests of the reference client: `python3 -m unittest test_ftrl_client` in clients/python.
The end-to-end tests against a worker and `ftrl serve` are in tests/it/stream.rs
(`the_python_client_predicts_what_serve_predicts`, `raw_events_predict_alike_...`)."""

import json
import math
import os
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


VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mapping_vectors.json")


class MappingRules(unittest.TestCase):
    """The mapping's rules as the Rust code applies them: the same vectors as its test
    `the_shared_test_vectors_map_as_written` (src/schema/mapping.rs)."""

    def test_the_shared_test_vectors_map_as_written(self):
        with open(VECTORS, encoding="utf-8") as file:
            vectors = json.load(file)
        self.assertGreaterEqual(len(vectors["cases"]), 20)
        for case in vectors["cases"]:
            mapping = f.Mapping.from_toml(vectors["mappings"][case["mapping"]])
            with self.subTest(event=case["event"]):
                if "error" in case:
                    with self.assertRaises(f.BadExample) as raised:
                        mapping.parse(case["event"])
                    self.assertEqual(str(raised.exception), case["error"])
                    continue
                label, weight, features = mapping.parse(case["event"])
                self.assertEqual(label, case["label"])
                self.assertEqual(weight, case["weight"])
                self.assertEqual([list(x) for x in features], case["features"])

    def test_buckets_are_named_as_rust_displays_numbers(self):
        self.assertEqual(f._bucket([0.1, 0.5, 1.0, 5.0], 0.3), "0.1..0.5")
        self.assertEqual(f._bucket([1e-7, 1e20], 1.0), "0.0000001..100000000000000000000")
        self.assertEqual(f._bucket([1.5], 9.0), ">=1.5")

    def test_bad_mappings_are_refused(self):
        with self.assertRaises(ValueError):
            f.Mapping.from_toml('[label]\nfield = "y"\n[[features]]\nfield = "x"\nbuckets = [2, 1]')
        with self.assertRaises(ValueError):
            f.Mapping.from_toml('[label]\nfield = "y"\n[[features]]\nfield = "x"\nkind = "categorical"\nbuckets = [1]')
        with self.assertRaises(ValueError):
            f.Mapping.from_toml('[label]\nfield = "y"\nfeatures = []')

    def test_a_model_with_a_mapping_predicts_raw_events(self):
        mapping = f.Mapping.from_toml('[label]\nfield = "y"\n[[features]]\nfield = "country"\n')
        m = f.Model("squared", mapping=mapping)
        m.weights.weights = {f.feature_coordinate("country", "FR"): 0.5, f.BIAS: 0.25}
        # Unlabeled, as a service has it: predicted all the same.
        self.assertEqual(m.predict('{"country": "FR", "id": 7}')["prediction"], 0.75)
        self.assertEqual(m.predict({"country": "", "y": 1})["prediction"], 0.25)


class Staleness(unittest.TestCase):
    def follower(self, newest_delta_ms, at_end_ms):
        follower = f.DeltasFollower.__new__(f.DeltasFollower)
        follower.model = f.Model()
        follower.model.weights.newest_delta_ms = newest_delta_ms
        follower.at_end_ms = at_end_ms
        return follower

    def test_staleness_counts_from_the_newer_of_the_last_record_and_the_last_end_seen(self):
        now = f.now_ms()
        # An idle stream, followed: the newest record is old, but the end was seen just now.
        self.assertLess(self.follower(now - 338_000, now - 20).staleness_ms(), 1_000)
        # Behind (or no longer reading): the age of what it has.
        self.assertGreaterEqual(self.follower(now - 5_000, now - 60_000).staleness_ms(), 5_000)
        self.assertEqual(self.follower(0, 0).staleness_ms(), 0)


if __name__ == "__main__":
    unittest.main()
