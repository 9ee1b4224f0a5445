"""The weights of a compiled program as an ELF relocatable object, written directly.

    path = write_weights_object([(symbol, alignment, data), ...], "weights.o", machine)

One read-only section (`.rodata.paddle_mlir_weights`) holds every weight at
its alignment; each weight is a global, hidden object symbol of its size
there, which the program's code refers to (aot.externalize_weights). The
object has no relocations: the bytes are data only.

Written here rather than assembled: `cc -c` of an `.incbin` listing read the
weights from a file and wrote them again, 0.4 s of a CPU for ResNet-50's
128 MB beside the code generation; writing the object is one write of the
bytes. Only ELF64 little-endian hosts (Linux on x86-64 and AArch64) are
written this way (`supported_machine`); others assemble as before.
"""

from __future__ import annotations

import struct
from pathlib import Path

#: e_machine of the hosts whose objects are written here.
ELF_MACHINES = {"x86_64": 62, "aarch64": 183}

SECTION_NAME = ".rodata.paddle_mlir_weights"

_EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
_SHDR = struct.Struct("<IIQQQQIIQQ")
_SYM = struct.Struct("<IBBHQQ")

_SHT_PROGBITS, _SHT_SYMTAB, _SHT_STRTAB = 1, 2, 3
_SHF_ALLOC = 0x2
_STB_GLOBAL, _STT_OBJECT, _STV_HIDDEN = 1, 1, 2
# Section indices, in the order they are written.
_DATA, _NOTE, _SYMTAB, _STRTAB, _SHSTRTAB = 1, 2, 3, 4, 5


def supported_machine(triple: str) -> int | None:
    """The ELF e_machine for a host triple (`x86_64-unknown-linux-gnu`), or
    None where this writer does not apply (not Linux, another architecture)."""
    arch, _, rest = triple.partition("-")
    if "linux" not in rest:
        return None
    return ELF_MACHINES.get(arch)


def _align(n: int, a: int) -> int:
    return (n + a - 1) // a * a


class _StringTable:
    def __init__(self):
        self.data = bytearray(b"\0")

    def add(self, name: str) -> int:
        offset = len(self.data)
        self.data += name.encode() + b"\0"
        return offset


def write_weights_object(weights: list, path, machine: int) -> Path:
    """Writes `weights` [(symbol, alignment, bytes-like)] as an ELF64
    relocatable object at `path` for `machine` (an ELF e_machine); returns
    the path. Alignments are powers of two."""
    path = Path(path)
    section_align = max([1] + [align for _, align, _ in weights])
    # Where each weight goes in the data section.
    offsets, size = [], 0
    for _, align, data in weights:
        if align <= 0 or align & (align - 1):
            raise ValueError(f"weight alignment {align} is not a power of two")
        size = _align(size, align)
        offsets.append(size)
        size += len(data)

    strtab, shstrtab = _StringTable(), _StringTable()
    symbols = [_SYM.pack(0, 0, 0, 0, 0, 0)]   # the null symbol
    for (name, _, data), offset in zip(weights, offsets):
        symbols.append(_SYM.pack(strtab.add(name), (_STB_GLOBAL << 4) | _STT_OBJECT,
                                 _STV_HIDDEN, _DATA, offset, len(data)))
    symtab = b"".join(symbols)
    names = [shstrtab.add(n) for n in (SECTION_NAME, ".note.GNU-stack", ".symtab",
                                       ".strtab", ".shstrtab")]

    data_offset = _align(_EHDR.size, section_align)
    symtab_offset = _align(data_offset + size, 8)
    strtab_offset = symtab_offset + len(symtab)
    shstrtab_offset = strtab_offset + len(strtab.data)
    headers_offset = _align(shstrtab_offset + len(shstrtab.data), 8)
    headers = [
        _SHDR.pack(0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        _SHDR.pack(names[0], _SHT_PROGBITS, _SHF_ALLOC, 0, data_offset, size, 0, 0,
                   section_align, 0),
        # No executable stack wanted (what the assembler's .note.GNU-stack says).
        _SHDR.pack(names[1], _SHT_PROGBITS, 0, 0, data_offset, 0, 0, 0, 1, 0),
        # sh_info: the index of the first global symbol (all but the null one).
        _SHDR.pack(names[2], _SHT_SYMTAB, 0, 0, symtab_offset, len(symtab), _STRTAB, 1, 8,
                   _SYM.size),
        _SHDR.pack(names[3], _SHT_STRTAB, 0, 0, strtab_offset, len(strtab.data), 0, 0, 1, 0),
        _SHDR.pack(names[4], _SHT_STRTAB, 0, 0, shstrtab_offset, len(shstrtab.data), 0, 0,
                   1, 0),
    ]
    ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)  # ELF64, little endian, SysV
    header = _EHDR.pack(ident, 1, machine, 1, 0, 0, headers_offset, 0, _EHDR.size, 0, 0,
                        _SHDR.size, len(headers), _SHSTRTAB)
    with open(path, "wb") as f:
        f.write(header)
        f.write(bytes(data_offset - _EHDR.size))
        position = data_offset
        for (_, _, data), offset in zip(weights, offsets):
            f.write(bytes(data_offset + offset - position))
            f.write(data)
            position = data_offset + offset + len(data)
        f.write(bytes(symtab_offset - position))
        f.write(symtab)
        f.write(strtab.data)
        f.write(shstrtab.data)
        f.write(bytes(headers_offset - shstrtab_offset - len(shstrtab.data)))
        f.write(b"".join(headers))
    return path
