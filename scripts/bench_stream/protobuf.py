"""The protobuf wire format, by hand (schemas/ftrl.proto): encoding examples, decoding the
progress windows, weight deltas and packed states the worker writes."""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Iterator


WIRE_VARINT, WIRE_64BIT, WIRE_LEN, WIRE_32BIT = 0, 1, 2, 5


def varint(value: int) -> bytes:
    """Base-128 varint; negative int32/int64 values are sent as their 64-bit two's complement."""
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def tag(field: int, wire: int) -> bytes:
    return varint(field << 3 | wire)


def double_field(field: int, value: float) -> bytes:
    return tag(field, WIRE_64BIT) + struct.pack("<d", value)


def len_field(field: int, payload: bytes) -> bytes:
    return tag(field, WIRE_LEN) + varint(len(payload)) + payload


def encode_feature(ns: str, name: str, value: float | None = None) -> bytes:
    """ftrl.v1.Feature: 1 ns, 2 name (strings), 3 optional value (double)."""
    out = b""
    if ns:
        out += len_field(1, ns.encode())
    out += len_field(2, name.encode())
    if value is not None:
        out += double_field(3, value)
    return out


def encode_example(label: float, features: Iterable[tuple[str, str, float | None]],
                   weight: float | None = None) -> bytes:
    """ftrl.v1.Example: 1 label (always written), 2 optional weight, 3 repeated Feature."""
    out = double_field(1, label)
    if weight is not None:
        out += double_field(2, weight)
    for ns, name, value in features:
        out += len_field(3, encode_feature(ns, name, value))
    return out


def read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise ValueError("varint longer than 10 bytes")


def decode_fields(buf: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field, wire type, value): varints and fixed ints as unsigned ints, LEN as bytes."""
    pos = 0
    while pos < len(buf):
        key, pos = read_varint(buf, pos)
        field, wire = key >> 3, key & 7
        if wire == WIRE_VARINT:
            value, pos = read_varint(buf, pos)
        elif wire == WIRE_64BIT:
            if pos + 8 > len(buf):
                raise ValueError("truncated 64-bit field")
            value, pos = int.from_bytes(buf[pos:pos + 8], "little"), pos + 8
        elif wire == WIRE_LEN:
            size, pos = read_varint(buf, pos)
            if pos + size > len(buf):
                raise ValueError("truncated length-delimited field")
            value, pos = buf[pos:pos + size], pos + size
        elif wire == WIRE_32BIT:
            if pos + 4 > len(buf):
                raise ValueError("truncated 32-bit field")
            value, pos = int.from_bytes(buf[pos:pos + 4], "little"), pos + 4
        else:
            raise ValueError(f"unsupported wire type {wire} (field {field})")
        yield field, wire, value


def as_double(bits: int) -> float:
    return struct.unpack("<d", bits.to_bytes(8, "little"))[0]


def as_signed64(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


# Field number -> (name, wire type, conversion) of the fields this benchmark reads.
PROGRESS_WINDOW_FIELDS = {
    1: ("count", WIRE_VARINT, int), 2: ("weight_sum", WIRE_64BIT, as_double),
    3: ("loss_sum", WIRE_64BIT, as_double), 8: ("origin_partition", WIRE_VARINT, as_signed64),
    9: ("first_offset", WIRE_VARINT, as_signed64), 10: ("last_offset", WIRE_VARINT, as_signed64),
    11: ("worker", WIRE_LEN, lambda value: value.decode(errors="replace") if value else ""),
    12: ("time_ms", WIRE_VARINT, as_signed64)}
WEIGHT_DELTA_FIELDS = {
    1: ("coordinate", WIRE_64BIT, int), 2: ("weight", WIRE_64BIT, as_double), 3: ("updates", WIRE_VARINT, int),
    4: ("version", WIRE_VARINT, int), 5: ("time_ms", WIRE_VARINT, as_signed64)}


def decode_message(buf: bytes, fields: dict[int, tuple[str, int, Callable[[int], float]]]) -> dict:
    """The `fields` of a message by name; proto3 defaults (zero) for those absent."""
    message = {name: convert(0) for name, _, convert in fields.values()}
    for field, wire, value in decode_fields(buf):
        if field in fields and wire == fields[field][1]:
            name, _, convert = fields[field]
            message[name] = convert(value)
    return message


def decode_progress(buf: bytes) -> dict:
    return decode_message(buf, PROGRESS_WINDOW_FIELDS)


def decode_delta(buf: bytes) -> dict:
    return decode_message(buf, WEIGHT_DELTA_FIELDS)


PACKED_KEY = b"ftrl.applied"


def packed_coordinates(buf: bytes) -> tuple[list[int], int]:
    """AppliedWatermark (key "ftrl.applied"): the packed coordinates (field 3) and time_ms
    (field 11)."""
    coordinates: list[int] = []
    time_ms = 0
    for field, wire, value in decode_fields(buf):
        if field == 3 and wire == WIRE_LEN:
            coordinates.extend(struct.unpack(f"<{len(value) // 8}Q", value))
        elif field == 3 and wire == WIRE_64BIT:
            coordinates.append(value)
        elif field == 11 and wire == WIRE_VARINT:
            time_ms = as_signed64(value)
    return coordinates, time_ms
