"""Reading the worker's output topics: a follower thread per topic and what it collects."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable

from .protobuf import PACKED_KEY, decode_delta, decode_progress, packed_coordinates


class Follower(threading.Thread):
    """Follows every partition of a topic from the beginning with a read_committed consumer
    on a thread of its own. `handle(message, monotonic, wall)` runs on that thread under
    `self.lock`; `eof` holds the partitions at their end with nothing read since."""

    def __init__(self, bootstrap: str, topic: str, partitions: int,
                 handle: Callable[[object, float, float], None], fetch_wait_ms: int):
        from confluent_kafka import Consumer, TopicPartition, OFFSET_BEGINNING

        super().__init__(name=f"follow-{topic}", daemon=True)
        self.topic, self.partitions, self.handle = topic, partitions, handle
        self.lock = threading.Lock()
        self.eof: set[int] = set()
        self.messages = 0
        self.last_message_at = time.monotonic()
        self.errors: list[str] = []  # every client error reported, for the failure report
        self.fatal: list[str] = []  # the ones the consumer cannot recover from
        self._stopping = threading.Event()
        self.consumer = Consumer({
            "bootstrap.servers": bootstrap,
            "group.id": f"bench-stream-follow-{uuid.uuid4().hex[:12]}",  # never joins: assign()
            "enable.auto.commit": False,
            "isolation.level": "read_committed",
            "auto.offset.reset": "earliest",
            "enable.partition.eof": True,
            "fetch.wait.max.ms": fetch_wait_ms,
        })
        # Explicit offsets from the beginning: this broker's ListOffsets ("latest") is wrong.
        self.consumer.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(partitions)])

    def run(self) -> None:
        from confluent_kafka import KafkaError

        try:
            while not self._stopping.is_set():
                first = self.consumer.poll(0.05)  # returns as soon as one record is there
                if first is None:
                    continue
                batch = [first] + self.consumer.consume(1000, 0)  # and what is already queued
                now, wall = time.monotonic(), time.time()
                with self.lock:
                    for message in batch:
                        error = message.error()
                        if error is None:
                            self.messages += 1
                            self.last_message_at = now
                            self.eof.discard(message.partition())
                            self.handle(message, now, wall)
                        elif error.code() == KafkaError._PARTITION_EOF:
                            self.eof.add(message.partition())
                        else:
                            if len(self.errors) < 20:
                                self.errors.append(str(error))
                            if error.fatal():
                                self.fatal.append(str(error))
        except Exception as err:  # noqa: BLE001 - reported by the main thread
            with self.lock:
                self.fatal.append(f"follower thread failed: {err!r}")
        finally:
            self.consumer.close()

    def caught_up(self, quiet_seconds: float) -> bool:
        with self.lock:
            return (len(self.eof) == self.partitions
                    and time.monotonic() - self.last_message_at >= quiet_seconds)

    def stop(self) -> None:
        self._stopping.set()
        if self.is_alive():
            self.join(timeout=10)


class ProgressLog:
    """The progress windows read so far, with the time each arrived."""

    def __init__(self) -> None:
        self.windows: list[tuple[float, dict]] = []
        self.undecodable = 0

    def handle(self, message, now: float, _wall: float) -> None:
        value = message.value()
        if value is None:
            return
        try:
            self.windows.append((now, decode_progress(value)))
        except ValueError:
            self.undecodable += 1

    def since(self, index: int, follower: Follower) -> list[tuple[float, dict]]:
        """The windows after the first `index`, read under the lock of the follower filling it."""
        with follower.lock:
            return self.windows[index:]


class MarkerWatch:
    """Deltas: notes when each marker coordinate's first record arrives."""

    def __init__(self) -> None:
        self.markers: dict[int, int] = {}  # coordinate -> marker number; set before producing
        self.seen: dict[int, tuple[float, float, int | None]] = {}  # marker -> (mono, wall, time_ms)
        self.seen_packed: dict[int, tuple[float, float, int | None]] = {}  # the same, packed records
        self.deltas = 0
        self.tombstones = 0

    def handle(self, message, now: float, wall: float) -> None:
        self.deltas += 1
        value = message.value()
        if value is None:
            self.tombstones += 1
        key = message.key()
        if key == PACKED_KEY and value is not None:
            # The low-latency path: the owner's packed states of one transaction.
            try:
                coordinates, time_ms = packed_coordinates(value)
            except ValueError:
                return
            for coordinate in coordinates:
                marker = self.markers.get(coordinate)
                if marker is not None and marker not in self.seen_packed:
                    self.seen_packed[marker] = (now, wall, time_ms)
            return
        if key is None or len(key) != 8:
            return
        marker = self.markers.get(int.from_bytes(key, "big"))
        if marker is None or marker in self.seen:
            return
        time_ms = None
        if value is not None:
            try:
                time_ms = decode_delta(value)["time_ms"]
            except ValueError:
                pass
        self.seen[marker] = (now, wall, time_ms)
