"""Reference client for ftrl-stream models, in Python: loads a model from its deltas topic,
follows it, and predicts exactly as `ftrl serve` does, from JSON-lines examples or, for a
model that learns raw events (`example_format = "json-events"`), from the raw events
themselves through the model's mapping.

Only the standard library, confluent-kafka and xxhash. Everything it relies on is in
docs/formats.md ("Feature hashing"), docs/topics.md ("Following a model: the consumer's
contract") and src/schema/mapping.rs (the mapping's rules, which `Mapping` implements: the
test vectors in mapping_vectors.json are checked by this package's tests and by the Rust
ones, so both read an event the same way):

* The deltas topic `{prefix}.deltas` holds, per coordinate (key: 8 bytes big-endian), a
  `WeightDelta` (`schemas/ftrl.proto`) whose `weight` is absolute, or a null value (weight 0);
  and records keyed `ftrl.applied`: an `AppliedWatermark` whose packed `coordinates` and
  `weights` (same index) are the weights one owner transaction changed, newer than any
  per-coordinate record before them. A weight of 0 removes the coordinate.
* Featurization: the example's features (value 0 dropped), the crosses of namespaces by
  first byte, the bias; repeated coordinates merged by summing. The margin is
  sum(weight * value); logistic predicts the sigmoid, squared and hinge the margin, softmax
  the class with the largest margin (and the probabilities).

    ftrl-client --config worker.toml [--follow] < examples.jsonl   # one answer per line

Each answer carries `version` (delta records applied, as `GET /model` counts them) and
`staleness_ms` (how far the weights may be behind the deltas topic, as `ftrl serve` says
it). Hedge models (`model.hedge`) mix several learners; this client does not (it refuses
them).
"""

import argparse
import json
import math
import struct
import sys
import threading
import time
import uuid
from decimal import Decimal

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


# The mapping of raw JSON events (src/schema/mapping.rs; its module documentation is the
# reference and mapping_vectors.json the shared test vectors).

MAX_NAME_BYTES = 1024
EXCERPT_CHARS = 64


class BadExample(ValueError):
    """An example or event that cannot be predicted; the message says why, as Rust says it."""


def _excerpt(text):
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "\u2026"


def _shown(value):
    """A JSON value as serde_json writes it (compact), cut short."""
    return _excerpt(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


def _kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_integer(value):
    # serde_json keeps integers that fit 64 bits as integers, bigger ones as floats.
    return isinstance(value, int) and not isinstance(value, bool) and -(1 << 63) <= value < 1 << 64


def _json_constant(name):
    raise BadExample(f"invalid JSON: {name} is not a JSON number")


def _bucket(bounds, v):
    above = sum(1 for b in bounds if b <= v)

    def show(b):
        # As Rust displays an f64: the shortest decimal that reads back, never an exponent.
        text = format(Decimal(repr(float(b))), "f")
        return text.rstrip("0").rstrip(".") if "." in text else text

    if above == 0:
        return f"<{show(bounds[0])}"
    if above == len(bounds):
        return f">={show(bounds[-1])}"
    return f"{show(bounds[above - 1])}..{show(bounds[above])}"


class _Path:
    def __init__(self, text):
        self.text = text
        self.keys = text.split(".")
        if any(k == "" for k in self.keys):
            raise ValueError(f"mapping: field {text!r}: a path is keys separated by single dots")

    def find(self, event):
        value = event
        for key in self.keys:
            if not isinstance(value, dict) or key not in value:
                return None
            value = value[key]
        return value

    def bad(self, reason):
        return BadExample(f"field {self.text}: {reason}")


KIND_DESCRIPTIONS = {"categorical": "categorical (strings and integers)", "numeric": "numeric"}


class Mapping:
    """A mapping file's rules: raw JSON events to (label or None, weight, features)."""

    def __init__(self, spec):
        unknown = set(spec) - {"label", "weight", "features"}
        if unknown:
            raise ValueError(f"mapping: unknown keys {sorted(unknown)}")
        label = spec["label"]
        self.label_path = _Path(label["field"])
        self.positive = list(label.get("positive", []))
        self.negative = list(label.get("negative", []))
        self.classes = list(label.get("classes", []))
        if self.classes and (self.positive or self.negative):
            raise ValueError("mapping: label: classes, or positive and negative values, not both")
        if any(v in self.negative for v in self.positive):
            raise ValueError("mapping: label: a value is both positive and negative")
        self.weight_path = _Path(spec["weight"]) if spec.get("weight") is not None else None
        if not spec.get("features"):
            raise ValueError("mapping: features: name at least one field")
        self.rules = []
        for feature in spec["features"]:
            path = _Path(feature["field"])
            buckets = [float(b) for b in feature.get("buckets", [])]
            if not all(math.isfinite(b) for b in buckets) or any(a >= b for a, b in zip(buckets, buckets[1:])):
                raise ValueError(f"mapping: field {path.text!r}: buckets must be finite and increasing")
            kind = feature.get("kind")
            if kind not in (None, "categorical", "numeric"):
                raise ValueError(f"mapping: field {path.text!r}: kind is categorical or numeric, not {kind!r}")
            if kind == "categorical" and buckets:
                raise ValueError(f"mapping: field {path.text!r}: buckets make a field numeric, not categorical")
            namespace = feature.get("namespace") or path.keys[-1]
            self.rules.append((path, namespace, buckets, "numeric" if buckets else kind))

    @classmethod
    def from_toml(cls, text):
        import tomllib

        return cls(tomllib.loads(text))

    @classmethod
    def load(cls, path):
        with open(path, encoding="utf-8") as f:
            return cls.from_toml(f.read())

    def parse(self, event):
        """(label or None for an event to predict, weight, [(namespace, name, value)]) of
        one event (a dict, or its JSON text); raises BadExample for a bad one."""
        if isinstance(event, str):
            if not event.strip():
                raise BadExample("empty line")
            try:
                event = json.loads(event, parse_constant=_json_constant)
            except json.JSONDecodeError as e:
                raise BadExample(f"invalid JSON: {e}") from None
        if not isinstance(event, dict):
            raise BadExample("invalid JSON: an event must be a JSON object")
        label = self._label(event)
        weight = 1.0
        if self.weight_path is not None:
            value = self.weight_path.find(event)
            if value is not None:
                if not _is_number(value) or not math.isfinite(value) or value < 0:
                    raise self.weight_path.bad(f"{_shown(value)} is not an importance weight (a number \u2265 0)")
                weight = float(value)
        out = []
        for path, namespace, buckets, kind in self.rules:
            value = path.find(event)
            if value is not None:
                self._push(out, path, namespace, buckets, kind, value)
        return label, weight, out

    def _label(self, event):
        path, value = self.label_path, self.label_path.find(event)
        if value is None:
            return None
        if isinstance(value, bool):
            return 1.0 if value else 0.0
        if _is_number(value):
            return float(value)
        if isinstance(value, str):
            if self.classes:
                if value in self.classes:
                    return float(self.classes.index(value) + 1)
                raise path.bad(f"{_shown(value)} is not one of the classes")
            if value in self.positive:
                return 1.0
            if value in self.negative or (not self.negative and self.positive):
                return 0.0
            if not self.positive:
                raise path.bad(f"{_shown(value)} is a string; the mapping names no positive values or classes")
            raise path.bad(f"{_shown(value)} is neither a positive nor a negative value")
        raise path.bad(f"{_shown(value)} is not a label (a boolean, number or string)")

    @staticmethod
    def _feature(out, namespace, name, value):
        # An empty name (an empty string in the event) is a missing value.
        if value == 0.0 or name == "":
            return
        if len(namespace.encode("utf-8")) > MAX_NAME_BYTES or len(name.encode("utf-8")) > MAX_NAME_BYTES:
            raise BadExample(f"a name is longer than the limit of {MAX_NAME_BYTES} bytes")
        out.append((namespace, name, float(value)))

    def _push(self, out, path, namespace, buckets, kind, value):
        name = path.keys[-1]
        if isinstance(value, str) and value == "":
            return
        if isinstance(value, bool):
            if value:
                self._feature(out, namespace, name, 1.0)
            return
        if isinstance(value, str) and kind in (None, "categorical"):
            self._feature(out, namespace, value, 1.0)
        elif _is_integer(value) and kind == "categorical":
            self._feature(out, namespace, str(value), 1.0)
        elif _is_number(value) and kind in (None, "numeric"):
            v = float(value)
            if buckets:
                self._feature(out, namespace, _bucket(buckets, v), 1.0)
            else:
                self._feature(out, namespace, name, v)
        elif isinstance(value, list) and kind in (None, "categorical"):
            for i, item in enumerate(value):
                if not isinstance(item, str):
                    raise path.bad(f"[{i}] is {_kind(item)}; an array's features must be strings")
                self._feature(out, namespace, item, 1.0)
        elif isinstance(value, dict) and kind is None:
            self._object(out, path, namespace, "", value)
        else:
            raise path.bad(f"{_shown(value)} is {_kind(value)}; the field is {KIND_DESCRIPTIONS[kind]}")

    def _object(self, out, path, namespace, prefix, obj):
        # serde_json's map keeps keys sorted (by bytes, which is code point order).
        for key, value in sorted(obj.items()):
            key = prefix + key
            if isinstance(value, str):
                if value:
                    self._feature(out, namespace, f"{key}={value}", 1.0)
            elif isinstance(value, bool):
                if value:
                    self._feature(out, namespace, key, 1.0)
            elif _is_number(value):
                self._feature(out, namespace, key, float(value))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if not isinstance(item, str):
                        raise path.bad(f"{key}[{i}] is {_kind(item)}; an array's features must be strings")
                    if item:
                        self._feature(out, namespace, f"{key}={item}", 1.0)
            elif isinstance(value, dict):
                self._object(out, path, namespace, key + ".", value)


class Featurizer:
    """Examples to (coordinate, value) pairs, as the worker does: in the JSON-lines shape,
    or raw events through a mapping."""

    def __init__(self, crosses=(), mapping=None):
        for pair in crosses:
            if len(pair.encode("utf-8")) != 2:
                raise ValueError(f"a cross is two namespace letters, not {pair!r}")
        self.crosses = [tuple(pair.encode("utf-8")) for pair in crosses]
        self.mapping = mapping

    @staticmethod
    def named(example):
        """(namespace, name, value) of the features of a JSON-lines example."""
        out = []
        for feature in example.get("features", []):
            if isinstance(feature, str):
                ns, _, name = feature.partition(":") if ":" in feature else ("", "", feature)
                value = 1.0
            elif isinstance(feature, dict):
                ns, name = feature.get("ns", ""), feature.get("name")
                value = float(feature.get("value", 1.0))
            else:
                raise BadExample(f"a feature is a string or an object, not {feature!r}")
            if not name:
                raise BadExample("a feature needs a name")
            out.append((ns, name, value))
        return out

    @staticmethod
    def hashed(named):
        """(namespace key, coordinate, value) of named features, value 0 dropped."""
        return [
            (ns.encode("utf-8")[0] if ns else 0, feature_coordinate(ns, name), value)
            for ns, name, value in named
            if value != 0.0
        ]

    @classmethod
    def parse(cls, example):
        """(namespace key, coordinate, value) of a JSON-lines example's features."""
        return cls.hashed(cls.named(example))

    def features(self, example):
        if self.mapping is not None:
            parsed = self.hashed(self.mapping.parse(example)[2])
        else:
            if isinstance(example, str):
                example = json.loads(example, parse_constant=_json_constant)
            if not isinstance(example, dict):
                raise BadExample("an example is a JSON object")
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
    """A model's weights plus its loss, crosses and mapping: predicts like `POST /predict`."""

    def __init__(self, loss="logistic", classes=None, crosses=(), mapping=None):
        if loss not in ("logistic", "squared", "hinge", "softmax"):
            raise ValueError(f"unknown loss {loss!r}")
        if loss == "softmax" and not classes:
            raise ValueError("softmax needs the number of classes")
        self.loss, self.classes = loss, classes
        self.featurizer = Featurizer(crosses, mapping)
        self.weights = Weights()
        # Held while weights change (a follower thread) and while a prediction reads them.
        self.lock = threading.Lock()

    def margins(self, example):
        features = self.featurizer.features(example)
        outputs = self.classes if self.loss == "softmax" else 1
        with self.lock:
            return [sum(self.weights.get(class_coordinate(c, k)) * v for c, v in features) for k in range(outputs)]

    def predict(self, example):
        """{"prediction": p} (and "probabilities" for softmax), as `POST /predict` answers.
        `example`: a dict or JSON text; a raw event when the model has a mapping."""
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


def now_ms():
    return int(time.time() * 1000)


class DeltasFollower:
    """Reads `{prefix}.deltas` from the beginning into a Model, then follows it (the
    consumer's contract of docs/topics.md)."""

    # How often the follower asks the broker whether it has read every partition to its
    # end: with no record arriving (an idle stream), that is what keeps staleness small.
    END_CHECK_SECONDS = 1.0

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
            # As the worker's readers (src/stream/kafka.rs, FETCH_WAIT_MAX_MS): librdkafka's
            # 500 ms would delay new records, and every question of where the partitions
            # end waits behind a fetch the broker holds that long (staleness read 2.6 s idle).
            "fetch.wait.max.ms": 50,
        }
        config.update(client_options or {})
        self.consumer = Consumer(config)
        self.partitions = []
        # When the follower last saw itself at the end of every partition (ms since epoch).
        self.at_end_ms = 0
        self._end_checked = 0.0
        self._thread = None
        self._stop = threading.Event()
        self.error = None

    def _apply(self, message):
        with self.model.lock:
            self.model.weights.apply(message.key(), message.value())

    def load(self, timeout=300.0):
        """Reads every partition to its current end; returns the number of partitions."""
        metadata = self.consumer.list_topics(self.topic, timeout=30)
        topic = metadata.topics.get(self.topic)
        if topic is None or topic.error is not None or not topic.partitions:
            raise RuntimeError(f"no topic {self.topic}: {topic.error if topic else 'absent'}")
        self.partitions = sorted(topic.partitions)
        self.consumer.assign([TopicPartition(self.topic, p, OFFSET_BEGINNING) for p in self.partitions])
        pending = set(self.partitions)
        started = now_ms()
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
            self._apply(message)
        # Every partition was at its end at some moment since the load started.
        self.at_end_ms = started
        return len(self.partitions)

    def catch_up(self, wait=0.0):
        """Applies every record that has arrived (waiting up to `wait` seconds for the
        first); about once a second also checks with the broker whether it is at the end of
        every partition (see `staleness_ms`)."""
        applied = 0
        while True:
            message = self.consumer.poll(wait if applied == 0 else 0)
            if message is None:
                break
            if message.error():
                if message.error().code() == KafkaError._PARTITION_EOF:
                    continue
                raise RuntimeError(f"reading {self.topic}: {message.error()}")
            self._apply(message)
            applied += 1
        if time.monotonic() - self._end_checked >= self.END_CHECK_SECONDS:
            self._end_checked = time.monotonic()
            self.check_at_end()
        return applied

    def check_at_end(self, timeout=5.0):
        """Asks the broker for each partition's end; when this consumer's position has
        reached every one, the weights held everything the topic held as of the question."""
        asked = now_ms()
        positions = self.consumer.position([TopicPartition(self.topic, p) for p in self.partitions])
        for tp in positions:
            low, high = self.consumer.get_watermark_offsets(tp, timeout=timeout, cached=False)
            # A negative position: nothing read yet, at the end only of an empty partition.
            position = tp.offset if tp.offset >= 0 else low
            if position < high:
                return False
        self.at_end_ms = max(self.at_end_ms, asked)
        return True

    def staleness_ms(self):
        """How far the weights may be behind the deltas topic: the time since the newest
        of the commit of the newest record applied and the last moment the follower was at
        the end of every partition. An idle stream, followed, stays near 0; a follower that
        stopped reading, or reads behind, grows (the same definition as `ftrl serve`'s)."""
        fresh = max(self.model.weights.newest_delta_ms, self.at_end_ms)
        return max(0, now_ms() - fresh) if fresh else 0

    def follow_in_background(self, interval=0.1):
        """Follows the topic on a thread of its own, polling every `interval` seconds, so
        the weights stay fresh whether or not anything is predicted."""

        def run():
            try:
                while not self._stop.is_set():
                    self.catch_up(wait=interval)
            except Exception as e:  # reported by the thread that predicts
                self.error = e

        self._thread = threading.Thread(target=run, name="ftrl-deltas", daemon=True)
        self._thread.start()

    def close(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.consumer.close()


def from_worker_config(path):
    """(Model, DeltasFollower) for the model a worker configuration (TOML) describes."""
    import tomllib

    with open(path, "rb") as f:
        config = tomllib.load(f)
    kafka, model = config.get("kafka", {}), config.get("model", {})
    if model.get("hedge"):
        raise ValueError("model.hedge: this client predicts single-learner models only")
    mapping = None
    if model.get("example_format") == "json-events":
        # The mapping file the workers read: one definition of how an event becomes features.
        mapping = Mapping.load(model["example_mapping"])
    m = Model(model.get("loss", "logistic"), model.get("classes"), model.get("crosses", []), mapping)
    options = {k: str(v) for k, v in kafka.get("librdkafka_options", {}).items()}
    return m, DeltasFollower(m, kafka["bootstrap_servers"], model["prefix"], options)


def main(argv=None):
    """`--config worker.toml`: loads the model, then predicts each example (a JSON line, or a
    raw event for a json-events model) of standard input, printing one JSON answer per
    line; `--follow` keeps following the deltas topic meanwhile."""
    parser = argparse.ArgumentParser(prog="ftrl-client", description=main.__doc__)
    parser.add_argument("--config", required=True, help="the worker configuration (TOML) of the model")
    parser.add_argument("--follow", action="store_true", help="follow the deltas topic while predicting")
    parser.add_argument(
        "--interval", type=float, default=0.1, help="with --follow: seconds between polls of the topic (0.1)"
    )
    args = parser.parse_args(argv)
    model, follower = from_worker_config(args.config)
    follower.load()
    if args.follow:
        follower.follow_in_background(args.interval)
    bad = 0
    for line_number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        if follower.error is not None:
            raise RuntimeError(f"following {follower.topic}: {follower.error}")
        try:
            answer = model.predict(line)
        except (BadExample, ValueError) as e:
            # As `ftrl predict` does with a bad line: said, and the answer says why.
            bad += 1
            print(f"line {line_number}: {e}", file=sys.stderr)
            answer = {"error": str(e)}
        # Delta records applied, as serve's "version": equal versions, equal weights.
        answer["version"] = model.weights.applied
        answer["staleness_ms"] = follower.staleness_ms()
        print(json.dumps(answer), flush=True)
    follower.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
