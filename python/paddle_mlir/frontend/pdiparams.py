"""Reads Paddle's combined weights file (`MODEL.pdiparams`) with numpy.

`paddle.jit.save` writes every persistable tensor of a program into one file
("save_combine" format), one tensor after another in **sorted parameter-name
order**. Each tensor is:

    u32 version (0)
    u64 lod_level, then per level: u64 nbytes + nbytes of offsets
    u32 version (0)
    i32 desc_len, then a protobuf TensorDesc of desc_len bytes:
        field 1 data_type (varint), field 2 dims (varints, maybe packed)
    the raw little-endian, C-order data of prod(dims) elements

The file holds no names: the caller says which parameters it holds.
`write_pdiparams(path, {name: (dtype, array)})` writes such a file.

    arrays = read_pdiparams("mlp.pdiparams", ["linear_0.w_0", "linear_0.b_0"])

Every problem (a truncated or corrupt file, a wrong number of tensors,
trailing bytes) raises `PaddleImportError` with a one-line message naming the
byte offset; nothing is returned unless the whole file was read.
"""

from __future__ import annotations

import math
import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import numpy as np

__all__ = ["PaddleImportError", "PdiparamsTensor", "read_pdiparams", "read_pdiparams_tensors",
           "write_pdiparams"]


class PaddleImportError(ValueError):
    """A Paddle model (program JSON or weights) cannot be imported."""


# framework.proto VarType.Type -> (Paddle dtype name, numpy dtype). bfloat16
# has no numpy type: its bits are kept as uint16, as ParameterStore does.
_DATA_TYPES = {
    0: ("bool", np.dtype(np.bool_)),
    1: ("int16", np.dtype("<i2")),
    2: ("int32", np.dtype("<i4")),
    3: ("int64", np.dtype("<i8")),
    4: ("float16", np.dtype("<f2")),
    5: ("float32", np.dtype("<f4")),
    6: ("float64", np.dtype("<f8")),
    20: ("uint8", np.dtype(np.uint8)),
    21: ("int8", np.dtype(np.int8)),
    22: ("bfloat16", np.dtype("<u2")),
    23: ("complex64", np.dtype("<c8")),
    24: ("complex128", np.dtype("<c16")),
}
_UNSUPPORTED_TYPES = {7: "SIZE_T/LOD_TENSOR", 32: "float8_e4m3fn", 33: "float8_e5m2"}

# Bounds that catch garbage read as a length before it allocates anything.
_MAX_DESC_LEN = 1 << 16
_MAX_RANK = 64


@dataclass
class PdiparamsTensor:
    """One tensor of the file: its name (given by the caller), Paddle dtype,
    value and the byte offset where its record starts."""

    name: str
    dtype: str
    array: np.ndarray
    offset: int


class _Reader:
    """Reads a file front to back, counting bytes for error messages."""

    def __init__(self, f, size: int, path: Path):
        self.f = f
        self.size = size
        self.pos = 0
        self.path = path

    def fail(self, message: str, offset: int | None = None):
        at = self.pos if offset is None else offset
        raise PaddleImportError(f"{self.path}: {message} at byte {at}")

    def check_available(self, n: int, what: str) -> None:
        """Fails unless `n` more bytes are left (before allocating for them)."""
        left = self.size - self.pos
        if n < 0 or n > left:
            self.fail(f"truncated file: {what} needs {n} bytes, only {left} left")

    def take(self, n: int, what: str) -> bytes:
        self.check_available(n, what)
        chunk = self.f.read(n)
        if len(chunk) != n:
            self.fail(f"truncated file: {what} needs {n} bytes, only {len(chunk)} left")
        self.pos += n
        return chunk

    def take_into(self, array: np.ndarray, what: str) -> None:
        """Fills `array` (contiguous) with its size in bytes from the file:
        one copy, not a bytes object and then the array."""
        n = array.nbytes
        self.check_available(n, what)
        got = self.f.readinto(memoryview(array).cast("B")) if n else 0
        if got != n:
            self.fail(f"truncated file: {what} needs {n} bytes, only {got} left")
        self.pos += n

    def unpack(self, fmt: str, what: str):
        return struct.unpack(fmt, self.take(struct.calcsize(fmt), what))[0]


def _varint(buf: bytes, i: int, base: int, reader: _Reader, what: str) -> tuple[int, int]:
    """(value, next index) of the varint at buf[i]; base is buf's file offset."""
    value = shift = 0
    while True:
        if i >= len(buf):
            reader.fail(f"corrupt TensorDesc: {what} runs past the descriptor", base + i)
        b = buf[i]
        value |= (b & 0x7F) << shift
        i += 1
        if not b & 0x80:
            break
        shift += 7
        if shift >= 70:
            reader.fail(f"corrupt TensorDesc: {what} is not a valid varint", base + i)
    if value >= 1 << 63:  # int64 fields encode negatives as 10-byte varints
        value -= 1 << 64
    return value, i


def _parse_tensor_desc(buf: bytes, base: int, reader: _Reader) -> tuple[int, list[int]]:
    data_type, dims = None, []
    i = 0
    while i < len(buf):
        key, i = _varint(buf, i, base, reader, "a field key")
        field, wire = key >> 3, key & 7
        if field == 1 and wire == 0:
            data_type, i = _varint(buf, i, base, reader, "data_type")
        elif field == 2 and wire == 0:
            d, i = _varint(buf, i, base, reader, "a dim")
            dims.append(d)
        elif field == 2 and wire == 2:  # packed dims
            n, i = _varint(buf, i, base, reader, "the packed dims' length")
            end = i + n
            if n < 0 or end > len(buf):
                reader.fail("corrupt TensorDesc: packed dims run past the descriptor", base + i)
            while i < end:
                d, i = _varint(buf, i, base, reader, "a dim")
                dims.append(d)
        else:
            reader.fail(f"corrupt TensorDesc: unexpected field {field} (wire type {wire})",
                        base + i)
        if len(dims) > _MAX_RANK:
            reader.fail(f"corrupt TensorDesc: more than {_MAX_RANK} dims", base + i)
    if data_type is None:
        reader.fail("corrupt TensorDesc: no data_type", base)
    return data_type, dims


def _read_tensor(reader: _Reader, name: str) -> PdiparamsTensor:
    start = reader.pos
    version = reader.unpack("<I", f"the version of tensor {name!r}")
    if version != 0:
        reader.fail(f"tensor {name!r}: unsupported tensor version {version} (expected 0)", start)
    lod_at = reader.pos
    lod_level = reader.unpack("<Q", f"the LoD level of tensor {name!r}")
    if lod_level > reader.size:
        reader.fail(f"tensor {name!r}: corrupt LoD level {lod_level}", lod_at)
    for level in range(lod_level):
        at = reader.pos
        nbytes = reader.unpack("<Q", f"LoD level {level} of tensor {name!r}")
        if nbytes % 8:
            reader.fail(f"tensor {name!r}: LoD level {level} has {nbytes} bytes, "
                        "not a multiple of 8", at)
        reader.take(nbytes, f"LoD level {level} of tensor {name!r}")
    at = reader.pos
    version = reader.unpack("<I", f"the TensorDesc version of tensor {name!r}")
    if version != 0:
        reader.fail(f"tensor {name!r}: unsupported TensorDesc version {version} "
                    "(expected 0)", at)
    at = reader.pos
    desc_len = reader.unpack("<i", f"the TensorDesc size of tensor {name!r}")
    if not 0 < desc_len <= _MAX_DESC_LEN:
        reader.fail(f"tensor {name!r}: corrupt TensorDesc size {desc_len}", at)
    desc_at = reader.pos
    desc = reader.take(desc_len, f"the TensorDesc of tensor {name!r}")
    data_type, dims = _parse_tensor_desc(desc, desc_at, reader)
    if data_type not in _DATA_TYPES:
        what = _UNSUPPORTED_TYPES.get(data_type, f"unknown data type {data_type}")
        reader.fail(f"tensor {name!r}: unsupported data type {what}", desc_at)
    if any(d < 0 for d in dims):
        reader.fail(f"tensor {name!r}: negative dim in shape {dims}", desc_at)
    dtype_name, np_dtype = _DATA_TYPES[data_type]
    count = math.prod(dims)
    nbytes = count * np_dtype.itemsize
    what = f"the data of tensor {name!r} ({dtype_name}{list(dims)})"
    reader.check_available(nbytes, what)     # before allocating a corrupt size
    array = np.empty(dims, dtype=np_dtype)   # writable
    reader.take_into(array, what)
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return PdiparamsTensor(name, dtype_name, array, start)


def read_pdiparams_tensors(path, names: Iterable[str]) -> list[PdiparamsTensor]:
    """The tensors of a `.pdiparams` file holding exactly the parameters
    `names` (in the file's sorted-name order), with their Paddle dtypes."""
    path = Path(path)
    names = sorted(set(names))
    try:
        f = open(path, "rb")
    except OSError as e:
        raise PaddleImportError(f"{path}: cannot read the weights file: "
                                f"{e.strerror or e}") from None
    with f:
        reader = _Reader(f, os.fstat(f.fileno()).st_size, path)
        tensors = [_read_tensor(reader, name) for name in names]
        if reader.pos != reader.size:
            extra = reader.size - reader.pos
            reader.fail(f"{extra} unexpected trailing bytes after the {len(names)} "
                        "tensors of the program's parameters")
    return tensors


def read_pdiparams(path, names: Iterable[str]) -> dict:
    """name -> numpy array for the parameters `names` stored in `path`
    (bfloat16 arrives as uint16 bits)."""
    return {t.name: t.array for t in read_pdiparams_tensors(path, names)}


_DATA_TYPE_CODES = {name: code for code, (name, _) in _DATA_TYPES.items()}


def _encode_varint(v: int) -> bytes:
    if v < 0:
        v += 1 << 64  # protobuf int64: two's complement, ten bytes
    out = bytearray()
    while True:
        byte = v & 0x7F
        v >>= 7
        if v:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _tensor_record(dtype: str, array: np.ndarray) -> bytes:
    code = _DATA_TYPE_CODES.get(dtype)
    if code is None:
        raise ValueError(f"dtype {dtype!r} cannot be stored in a .pdiparams file")
    expected = _DATA_TYPES[code][1]
    array = np.ascontiguousarray(array)
    if array.dtype.newbyteorder("<") != expected.newbyteorder("<"):
        raise ValueError(f"a {dtype} tensor needs a numpy {expected} array, got {array.dtype}")
    # TensorDesc: field 1 data_type, field 2 dims (unpacked, as proto2 writes).
    desc = b"\x08" + _encode_varint(code) + b"".join(b"\x10" + _encode_varint(int(d))
                                                   for d in array.shape)
    return (struct.pack("<IQI", 0, 0, 0) + struct.pack("<i", len(desc)) + desc
            + array.astype(expected.newbyteorder("<"), copy=False).tobytes())


def write_pdiparams(path, weights: dict) -> None:
    """Writes {name: (Paddle dtype, array)} as a `.pdiparams` file: the
    tensors in sorted-name order, as `paddle.jit.save` does (bfloat16 given
    as uint16 bits)."""
    records = [_tensor_record(*weights[name]) for name in sorted(weights)]
    with open(path, "wb") as f:
        for r in records:
            f.write(r)
