"""weights.o written directly (backend/weights_object.py): the linker takes it,
each weight is its bytes at its alignment, and none is exported."""

import ctypes
import subprocess

import numpy as np
import pytest

from paddle_mlir.backend import aot, weights_object

CC = aot.find_c_compiler()
MACHINE = weights_object.supported_machine(aot.host_triple())
needs_elf = pytest.mark.skipif(CC is None or MACHINE is None,
                               reason="needs a C compiler on an ELF64 Linux host")


def test_supported_machines():
    assert weights_object.supported_machine("x86_64-unknown-linux-gnu") == 62
    assert weights_object.supported_machine("aarch64-unknown-linux-gnu") == 183
    assert weights_object.supported_machine("x86_64-apple-darwin") is None
    assert weights_object.supported_machine("riscv64-unknown-linux-gnu") is None


def test_alignment_must_be_a_power_of_two(tmp_path):
    with pytest.raises(ValueError, match="power of two"):
        weights_object.write_weights_object([("w", 48, b"x")], tmp_path / "w.o", 62)


@needs_elf
@pytest.mark.parametrize("linker", ["default", "fast"])
def test_linked_weights_read_back_at_their_alignment(tmp_path, linker):
    rng = np.random.default_rng(0)
    # Odd sizes, so that each weight after the first needs padding.
    weights = [("w_first", 64, rng.random(7, dtype=np.float32).tobytes()),
               ("w_second", 4096, rng.integers(0, 255, 1001, dtype=np.uint8).tobytes()),
               ("w_third", 128, rng.random(300).tobytes())]
    obj = weights_object.write_weights_object(weights, tmp_path / "weights.o", MACHINE)
    accessors = "\n".join(
        f"extern const char {name}[];\n"
        f"__attribute__((visibility(\"default\"))) const void *get_{name}(void) "
        f"{{ return {name}; }}" for name, _, _ in weights)
    (tmp_path / "get.c").write_text(accessors + "\n")
    so = tmp_path / "libweights.so"
    flags = aot.fast_linker_flags() if linker == "fast" else []
    subprocess.run([CC, "-shared", "-fPIC", "-fvisibility=hidden", *flags, "-Wl,-z,defs",
                    str(tmp_path / "get.c"), str(obj), "-o", str(so)], check=True)
    lib = ctypes.CDLL(str(so))
    for name, align, data in weights:
        get = getattr(lib, f"get_{name}")
        get.restype = ctypes.c_void_p
        address = get()
        assert address % align == 0, name
        assert ctypes.string_at(address, len(data)) == data, name
        with pytest.raises(AttributeError):   # hidden: not exported
            getattr(lib, name)
    # Read-only data, and no executable stack asked for.
    headers = subprocess.run(["readelf", "-lW", str(so)], capture_output=True, text=True)
    if headers.returncode == 0:
        stack = next(l for l in headers.stdout.splitlines() if "GNU_STACK" in l)
        assert "RWE" not in stack
