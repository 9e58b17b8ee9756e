"""Reference client for ftrl-stream models, in Python: loads a model from its deltas topic,
follows it, and predicts exactly as `ftrl serve` does.

Only the standard library, confluent-kafka and xxhash. Everything it relies on is in
docs/formats.md ("Feature hashing") and docs/topics.md ("Reading the deltas topic from
another language"):

* The deltas topic `{prefix}.deltas` holds, per coordinate (key: 8 bytes big-endian), a
  `WeightDelta` (`schemas/ftrl.proto`) whose `weight` is absolute, or a null value (weight 0);
  and records keyed `ftrl.applied`: an `AppliedWatermark` whose packed `coordinates` and
  `weights` (same index) are the weights one owner transaction changed, newer than any
  per-coordinate record before them. A weight of 0 removes the coordinate.
* Featurization: the example's features (value 0 dropped), the crosses of namespaces by
  first byte, the bias; repeated coordinates merged by summing. The margin is
  sum(weight * value); logistic predicts the sigmoid, squared and hinge the margin, softmax
  the class with the largest margin (and the probabilities).

    python3 ftrl_client.py --config worker.toml < examples.jsonl   # one prediction per line

Hedge models (`model.hedge`) mix several learners; this client does not (it refuses them).
"""

import json
import math
import struct
import sys
import time
import uuid

import xxhash
from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, TopicPartition

WATERMARK_KEY = b"ftrl.applied"


# Feature hashing (hash_version 1).

def namespace_seed(namespace):
    return xxhash.xxh3_64_intdigest(namespace.encode("utf-8"))


def coordinate(seed, name):
    return xxhash.xxh3_64_intdigest(name.encode("utf-8"), seed)


def feature_coordinate(namespace, name):
    return coordinate(namespace_seed(namespace), name)


def cross(first, second):
    return xxhash.xxh3_64_intdigest(struct.pack("<Q", second), first)


def class_coordinate(c, k):
    return c if k == 0 else xxhash.xxh3_64_intdigest(struct.pack("<Q", c), k)


BIAS = feature_coordinate("", "^bias")


# The protobuf wire format, as much of it as the two messages need.

def _varint(buf, i):
    value, shift = 0, 0
    while True:
        if i >= len(buf) or shift > 63:
            raise ValueError("truncated varint")
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, i
        shift += 7


def _fields(buf):
    """(field number, wire type, value) of every field: an int for varints, bytes otherwise."""
    i = 0
    while i < len(buf):
        key, i = _varint(buf, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(buf, i)
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value = bytes(buf[i:i + size])
            if len(value) != size:
                raise ValueError("truncated fixed-size field")
            i += size
        elif wire == 2:
            length, i = _varint(buf, i)
            value = bytes(buf[i:i + length])
            if len(value) != length:
                raise ValueError("truncated length-delimited field")
            i += length
        else:
            raise ValueError(f"unsupported wire type {wire}")
        yield number, wire, value


def _repeated_64(wire, value, fmt):
    """The values of a repeated 64-bit field occurrence, packed (wire 2) or not (wire 1)."""
    if wire == 1:
        return [struct.unpack(fmt, value)[0]]
    if wire == 2 and len(value) % 8 == 0:
        return list(struct.unpack(f"<{len(value) // 8}{fmt[1]}", value))
    raise ValueError("bad repeated 64-bit field")


def decode_weight_delta(buf):
    """The `weight` and `time_ms` of a WeightDelta."""
    weight, time_ms = 0.0, 0
    for number, wire, value in _fields(buf):
        if number == 2 and wire == 1:
            weight = struct.unpack("<d", value)[0]
        elif number == 5 and wire == 0:
            time_ms = value - (1 << 64) if value >= 1 << 63 else value
    return weight, time_ms


def decode_applied_watermark(buf):
    """The `coordinates`, `weights` and `time_ms` of an AppliedWatermark."""
    coordinates, weights, time_ms = [], [], 0
    for number, wire, value in _fields(buf):
        if number == 3:
            coordinates.extend(_repeated_64(wire, value, "<Q"))
        elif number == 4:
            weights.extend(_repeated_64(wire, value, "<d"))
        elif number == 11 and wire == 0:
            time_ms = value - (1 << 64) if value >= 1 << 63 else value
    return coordinates, weights, time_ms


class Weights:
    """The model's nonzero weights, as the deltas topic says them."""

    def __init__(self):
        self.weights = {}
        self.applied = 0
        self.newest_delta_ms = 0

    def get(self, c):
        return self.weights.get(c, 0.0)

    def apply(self, key, value):
        """Applies one record of the deltas topic (as `ftrl serve`'s view does)."""
        if key == WATERMARK_KEY:
            coordinates, weights, time_ms = decode_applied_watermark(value or b"")
            self.newest_delta_ms = max(self.newest_delta_ms, time_ms)
            self.applied += 1
            for i, c in enumerate(coordinates):
                weight = weights[i] if i < len(weights) else 0.0
                if weight == 0.0:
                    self.weights.pop(c, None)
                else:
                    self.weights[c] = weight
            return
        if key is None or len(key) != 8:
            return  # not a coordinate: ignored, as serve does
        c = struct.unpack(">Q", key)[0]
        self.applied += 1
        if value is None:
            self.weights.pop(c, None)
            return
        weight, time_ms = decode_weight_delta(value)
        self.newest_delta_ms = max(self.newest_delta_ms, time_ms)
        if weight == 0.0:
            self.weights.pop(c, None)
        else:
            self.weights[c] = weight


class Featurizer:
    """Examples in the JSON-lines shape to (coordinate, value) pairs, as the worker does."""

    def __init__(self, crosses=()):
        for pair in crosses:
            if len(pair.encode("utf-8")) != 2:
                raise ValueError(f"a cross is two namespace letters, not {pair!r}")
        self.crosses = [tuple(pair.encode("utf-8")) for pair in crosses]

    @staticmethod
    def parse(example):
        """(namespace key, coordinate, value) of an example's features."""
        out = []
        for feature in example.get("features", []):
            if isinstance(feature, str):
                ns, _, name = feature.partition(":") if ":" in feature else ("", "", feature)
                value = 1.0
            elif isinstance(feature, dict):
                ns, name = feature.get("ns", ""), feature["name"]
                value = float(feature.get("value", 1.0))
            else:
                raise ValueError(f"a feature is a string or an object, not {feature!r}")
            if not name:
                raise ValueError("a feature needs a name")
            if value != 0.0:
                key = ns.encode("utf-8")[0] if ns else 0
                out.append((key, feature_coordinate(ns, name), value))
        return out

    def features(self, example):
        parsed = self.parse(example)
        out = [(c, v) for _, c, v in parsed]
        for a, b in self.crosses:
            first = [i for i, f in enumerate(parsed) if f[0] == a]
            second = [j for j, f in enumerate(parsed) if f[0] == b]
            for i in first:
                for j in second:
                    if a == b and j <= i:
                        continue
                    out.append((cross(parsed[i][1], parsed[j][1]), parsed[i][2] * parsed[j][2]))
        out.append((BIAS, 1.0))
        if len({c for c, _ in out}) != len(out) or any(v == 0.0 for _, v in out):
            # Sorted by coordinate, repeats summed, zeros dropped (the worker's order).
            merged = []
            for c, v in sorted(out, key=lambda f: f[0]):
                if merged and merged[-1][0] == c:
                    merged[-1] = (c, merged[-1][1] + v)
                else:
                    merged.append((c, v))
            out = [(c, v) for c, v in merged if v != 0.0]
        return out


def sigmoid(margin):
    try:
        return 1.0 / (1.0 + math.exp(-margin))
    except OverflowError:
        return 0.0


class Model:
    """A model's weights plus its loss and crosses: predicts like `POST /predict`."""

    def __init__(self, loss="logistic", classes=None, crosses=()):
        if loss not in ("logistic", "squared", "hinge", "softmax"):
            raise ValueError(f"unknown loss {loss!r}")
        if loss == "softmax" and not classes:
            raise ValueError("softmax needs the number of classes")
        self.loss, self.classes = loss, classes
        self.featurizer = Featurizer(crosses)
        self.weights = Weights()

    def margins(self, example):
        features = self.featurizer.features(example)
        outputs = self.classes if self.loss == "softmax" else 1
        return [sum(self.weights.get(class_coordinate(c, k)) * v for c, v in features) for k in range(outputs)]

    def predict(self, example):
        """{"prediction": p} (and "probabilities" for softmax), as `POST /predict` answers."""
        margins = self.margins(example)
        if self.loss == "logistic":
            return {"prediction": sigmoid(margins[0])}
        if self.loss != "softmax":
            return {"prediction": margins[0]}
        top = max(margins)
        exps = [math.exp(m - top) for m in margins]
        total = sum(exps)
        best = max(range(len(margins)), key=lambda k: (margins[k], -k))
        return {"prediction": float(best + 1), "probabilities": [e / total for e in exps]}


class DeltasFollower:
    """Reads `{prefix}.deltas` from the beginning into a Model, then follows it."""

    def __init__(self, model, bootstrap_servers, prefix, client_options=None):
        self.model = model
        self.topic = f"{prefix}.deltas"
        config = {
            "bootstrap.servers": bootstrap_servers,
            # Assigned partitions, no group membership; librdkafka wants an id all the same.
            "group.id": f"ftrl-python-client-{uuid.uuid4()}",
            "enable.auto.commit": False,
            # Deltas are written in transactions.
            "isolation.level": "read_committed",
            "enable.partition.eof": True,
        }
        config.update(client_options or {})
        self.consumer = Consumer(config)

    def load(self, timeout=300.0):
        """Reads every partition to its current end; returns the number of partitions."""
        metadata = self.consumer.list_topics(self.topic, timeout=30)
        topic = metadata.topics.get(self.topic)
        if topic is None or topic.error is not None or not topic.partitions:
            raise RuntimeError(f"no topic {self.topic}: {topic.error if topic else 'absent'}")
        partitions = sorted(topic.partitions)
        self.consumer.assign([TopicPartition(self.topic, p, OFFSET_BEGINNING) for p in partitions])
        pending = set(partitions)
        deadline = time.monotonic() + timeout
        while pending:
            if time.monotonic() > deadline:
                raise TimeoutError(f"partitions {sorted(pending)} of {self.topic} not read to their end")
            message = self.consumer.poll(0.2)
            if message is None:
                continue
            if message.error():
                if message.error().code() == KafkaError._PARTITION_EOF:
                    pending.discard(message.partition())
                    continue
                raise RuntimeError(f"reading {self.topic}: {message.error()}")
            self.model.weights.apply(message.key(), message.value())
        return len(partitions)

    def catch_up(self, wait=0.0):
        """Applies every record that has arrived (waiting up to `wait` seconds for the first)."""
        applied = 0
        while True:
            message = self.consumer.poll(wait if applied == 0 else 0)
            if message is None:
                return applied
            if message.error():
                if message.error().code() == KafkaError._PARTITION_EOF:
                    continue
                raise RuntimeError(f"reading {self.topic}: {message.error()}")
            self.model.weights.apply(message.key(), message.value())
            applied += 1

    def close(self):
        self.consumer.close()


def from_worker_config(path):
    """(Model, DeltasFollower) for the model a worker configuration (TOML) describes."""
    import tomllib

    with open(path, "rb") as f:
        config = tomllib.load(f)
    kafka, model = config.get("kafka", {}), config.get("model", {})
    if model.get("hedge"):
        raise ValueError("model.hedge: this client predicts single-learner models only")
    m = Model(model.get("loss", "logistic"), model.get("classes"), model.get("crosses", []))
    options = {k: str(v) for k, v in kafka.get("librdkafka_options", {}).items()}
    return m, DeltasFollower(m, kafka["bootstrap_servers"], model["prefix"], options)


def main(argv):
    """`--config worker.toml`: loads the model, then predicts each JSON-lines example of
    standard input, printing one JSON answer per line; `--follow` catches up before each."""
    if len(argv) < 2 or argv[0] != "--config":
        print(__doc__, file=sys.stderr)
        return 2
    model, follower = from_worker_config(argv[1])
    follow = "--follow" in argv[2:]
    follower.load()
    for line in sys.stdin:
        if not line.strip():
            continue
        if follow:
            follower.catch_up()
        answer = model.predict(json.loads(line))
        # Delta records applied, as serve's "version": equal versions, equal weights.
        answer["version"] = model.weights.applied
        print(json.dumps(answer), flush=True)
    follower.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
