"""The CUDA backend: pd programs compiled here into a self-contained shared
library that runs on an NVIDIA GPU elsewhere.

    lowered = lower_program(load_program("model.json"), {"x": (1, 3, 224, 224)})
    emit_so(lowered, "libmodel.so")                  # + libmodel.h
    CudaLibrary("libmodel.so", lowered).run({"x": image})  # on a GPU machine

`pd-lower-to-cuda` lowers the (frozen, optimized, shape-specialized) program
to a host module in the LLVM dialect whose kernels are a `gpu.binary` (cubin
for the chip, from the CUDA toolkit's ptxas; PTX for the driver to compile
when no ptxas is found). The host code is compiled by `opt`/`llc` for this
CPU and linked with a generated C wrapper and paddle-mlir's CUDA runtime
(`runtime/cuda_runtime.c`, the driver API through dlopen: no libLLVM, no
CUDA runtime library) into one `.so` exporting:

    int <entry>(const float *x, ..., float *out, ...);          host arrays
    int <entry>_device(const float *x, ..., float *out, ...);   device pointers
    const char *<entry>_last_error(void);
    int <entry>_cuda_available(void);

Both entry points return 0, -1 for a NULL pointer, or CUDA_STATUS with the
message in `<entry>_last_error()` (no driver or GPU, a failed launch...). The
host one uploads the feeds into device buffers it keeps between calls and
downloads the fetches; the weights are uploaded on the first call and stay
on the device. Nothing here needs a GPU: only running the library does.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..pipeline import run_pipeline
from . import aot, runtime_checks

CUDA_RUNTIME_SOURCE = Path(__file__).resolve().parent / "runtime" / "cuda_runtime.c"

#: What an entry point returns when CUDA failed (no driver or GPU, a launch).
CUDA_STATUS = 4

FORMATS = ("bin", "isa", "fatbin")


class CudaError(RuntimeError):
    """The GPU could not run the program (no driver, no GPU, a failed launch)."""


@dataclass(frozen=True)
class Device:
    """The GPU the driver reports as device 0."""
    name: str
    chip: str           # sm_NN, from its compute capability
    memory: int         # bytes
    multiprocessors: int = 132


def probe_device() -> Device:
    """Device 0 through the CUDA driver (libcuda.so.1, loaded with ctypes: no
    CUDA toolkit needed); a CudaError saying why where there is none (no
    driver, cuInit failed, no device)."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        raise CudaError(f"no CUDA driver: libcuda.so.1 cannot be loaded ({e}); the GPU "
                        "predictor runs where an NVIDIA driver and GPU are") from None

    def call(name, *args):
        status = getattr(cuda, name)(*args)
        if status != 0:
            raise CudaError(f"{name} failed with CUDA error {status}")

    call("cuInit", 0)
    count = ctypes.c_int(0)
    call("cuDeviceGetCount", ctypes.byref(count))
    if count.value < 1:
        raise CudaError("the CUDA driver reports no GPU")
    device = ctypes.c_int(0)
    call("cuDeviceGet", ctypes.byref(device), 0)
    name = ctypes.create_string_buffer(256)
    call("cuDeviceGetName", name, 256, device)
    major, minor = ctypes.c_int(0), ctypes.c_int(0)
    # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75, _MINOR = 76.
    call("cuDeviceGetAttribute", ctypes.byref(major), 75, device)
    call("cuDeviceGetAttribute", ctypes.byref(minor), 76, device)
    memory = ctypes.c_size_t(0)
    call("cuDeviceTotalMem_v2", ctypes.byref(memory), device)
    sms = ctypes.c_int(0)
    call("cuDeviceGetAttribute", ctypes.byref(sms), 16, device)  # MULTIPROCESSOR_COUNT
    return Device(name.value.decode(errors="replace"), f"sm_{major.value}{minor.value}",
                  memory.value, max(sms.value, 1))


def device_target() -> "CudaTarget":
    """The target of device 0 (its chip and multiprocessors, from the
    driver); a CudaError where there is no driver or GPU."""
    device = probe_device()
    return CudaTarget(chip=device.chip, multiprocessors=device.multiprocessors)


def find_ptxas() -> str | None:
    """ptxas of a CUDA toolkit ($CUDA_ROOT, $CUDA_HOME, /usr/local/cuda, PATH)."""
    for var in ("CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"):
        root = os.environ.get(var)
        if root and (Path(root) / "bin" / "ptxas").is_file():
            return str(Path(root) / "bin" / "ptxas")
    if Path("/usr/local/cuda/bin/ptxas").is_file():
        return "/usr/local/cuda/bin/ptxas"
    return shutil.which("ptxas")


@dataclass(frozen=True)
class CudaTarget:
    """What the kernels are compiled for. `format` None: cubin when ptxas is
    there, else PTX (the driver compiles it when the library loads). `tf32`:
    matmuls and convolutions on tensor cores in TF32 (sm_80+; ~1e-3 relative
    error). `multiprocessors`: the GPU's SM count (H100: 132), which sizes the
    tiles and splits of matmuls and convolutions."""
    chip: str = "sm_90"
    features: str = "+ptx80"
    format: str | None = None
    opt_level: int = 3
    block_size: int = 256
    tf32: bool = False
    multiprocessors: int = 132

    @property
    def binary_format(self) -> str:
        if self.format is not None:
            if self.format not in FORMATS:
                raise aot.AotError(f"CUDA binary format {self.format!r}: expected one of "
                                   f"{', '.join(FORMATS)}")
            return self.format
        return "bin" if find_ptxas() else "isa"

    def pipeline(self, runtime_checks: bool = True) -> str:
        import re
        if not re.fullmatch(r"sm_\d+[a-z]?", self.chip):
            raise aot.AotError(f"CUDA chip {self.chip!r}: expected sm_NN, e.g. sm_90")
        if not re.fullmatch(r"[+-][a-z0-9]+(,[+-][a-z0-9]+)*", self.features):
            raise aot.AotError(f"PTX features {self.features!r}: expected e.g. +ptx80")
        if int(self.multiprocessors) < 1:
            raise aot.AotError(f"CUDA multiprocessors {self.multiprocessors}: expected a "
                               "positive count (H100: 132)")
        return (f"pd-lower-to-cuda{{chip={self.chip} features={self.features} "
                f"format={self.binary_format} opt-level={int(self.opt_level)} "
                f"block-size={int(self.block_size)} "
                f"multiprocessors={int(self.multiprocessors)}"
                f"{' tf32=true' if self.tf32 else ''}"
                f"{'' if runtime_checks else ' runtime-checks=false'}}}")


def lower_to_llvm(module, description: str, target: CudaTarget,
                  runtime_checks: bool = True) -> None:
    """`pd-lower-to-cuda` on a specialized program (the host in the LLVM
    dialect, the kernels in a gpu.binary). With `runtime_checks`, indices
    and integer divisors are checked in the kernels and a failure is
    reported when the run ends (status runtime_checks.STATUS)."""
    run_pipeline(module, target.pipeline(runtime_checks), description=description)


def lower_program(program, shapes: dict | None = None, *, target: CudaTarget | None = None,
                  pipeline: str | None = aot.DEFAULT_PIPELINE, entry: str = aot.DEFAULT_ENTRY,
                  source: str = "", runtime_checks: bool | None = None) -> aot.LoweredProgram:
    """aot.lower_program for the GPU (`runtime_checks` None: as on the CPU,
    PADDLE_MLIR_RUNTIME_CHECKS, on by default)."""
    return aot.lower_program(program, shapes, pipeline=pipeline, entry=entry, source=source,
                             runtime_checks=runtime_checks, cuda_target=target or CudaTarget())


# -- the C side -------------------------------------------------------------------
def _prototypes(lowered: aot.LoweredProgram) -> tuple[str, str]:
    args = [f"const {s.c_type} *{s.c_name}" for s in lowered.feeds]
    args += [f"{s.c_type} *{s.c_name}" for s in lowered.fetches]
    params = ", ".join(args) or "void"
    return (f"int {lowered.entry}({params})", f"int {lowered.entry}_device({params})")


def _nbytes(spec) -> int:
    return spec.numel * np.dtype(spec.dtype).itemsize


def wrapper_source(lowered: aot.LoweredProgram) -> str:
    """The entry points around the program's C interface."""
    e = lowered.entry
    entry = aot.entry_arguments(lowered)
    params, descriptors, args, check = entry.params, entry.descriptors, entry.args, entry.null_check
    dup = "".join(f"  mgpuMemcpy((void *){dst.c_name}, (void *){src.c_name}, {_nbytes(dst)}, 0);\n"
                  for dst, src in entry.copies)
    all_specs = lowered.feeds + lowered.fetches
    names = ", ".join(s.c_name for s in all_specs)
    host_proto, device_proto = _prototypes(lowered)
    slots = "".join(f"static void *pdm_dev_{s.c_name};\nstatic size_t pdm_dev_{s.c_name}_bytes;\n"
                    for s in all_specs)
    buffers = "".join(
        f"  void *dev_{s.c_name} = pdm_cuda_buffer(&pdm_dev_{s.c_name}, "
        f"&pdm_dev_{s.c_name}_bytes, {_nbytes(s)});\n" for s in all_specs)
    uploads = "".join(f"  pdm_cuda_upload(dev_{s.c_name}, {s.c_name}, {_nbytes(s)});\n"
                      for s in lowered.feeds)
    downloads = "".join(f"  pdm_cuda_download({s.c_name}, dev_{s.c_name}, {_nbytes(s)});\n"
                        for s in lowered.fetches)
    dev_args = ", ".join(f"dev_{s.c_name}" for s in all_specs)
    run_params = ", ".join(["void *" + s.c_name for s in all_specs]) or "void"
    checks = checks_before = checks_after = ""
    if lowered.uses_runtime_checks:
        # The kernels' first failed check, reported by the host when the
        # program ends: status STATUS and its message as the last error.
        checks = ("\nextern int64_t pdm_take_runtime_error(int64_t *value, int64_t *bound);\n"
                  "static int64_t pdm_last_site = -1, pdm_last_value, pdm_last_bound;\n\n"
                  "static int pdm_check_failed(void) {\n"
                  "  char message[1024];\n"
                  "  pdm_last_site = pdm_take_runtime_error(&pdm_last_value, &pdm_last_bound);\n"
                  "  if (pdm_last_site < 0)\n    return 0;\n"
                  + aot.runtime_check_message(lowered) +
                  "  snprintf(pdm_message, sizeof pdm_message, \"%s\", message);\n"
                  "  pdm_has_message = 1;\n  return 1;\n}\n")
        checks_before = "  pdm_take_runtime_error(0, 0);\n"
        checks_after = f"  if (pdm_check_failed())\n    return {runtime_checks.STATUS};\n"
    return f"""/* Generated by `paddle-mlir compile --device cuda`: the entry points. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

{aot.descriptor_types(all_specs)}

extern void {lowered.ciface_symbol}({params});
extern int pdm_cuda_begin(void);
extern int pdm_cuda_end(void);
extern int pdm_cuda_available(const char **why);
extern const char *pdm_cuda_take_error(void);
extern void *pdm_cuda_buffer(void **slot, size_t *slot_bytes, size_t bytes);
extern void pdm_cuda_upload(void *device, const void *host, size_t bytes);
extern void pdm_cuda_download(void *host, const void *device, size_t bytes);
extern void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream);

static char pdm_message[1024];
static int pdm_has_message;

static int pdm_fail(void) {{
  const char *why = pdm_cuda_take_error();
  snprintf(pdm_message, sizeof pdm_message, "%s", why ? why : "CUDA failed");
  pdm_has_message = 1;
  return {CUDA_STATUS};
}}
{checks}
/* The program on device buffers. */
static void pdm_run({run_params}) {{
{chr(10).join(descriptors)}
  {lowered.ciface_symbol}({', '.join(args)});
{dup}}}
{slots}
__attribute__((visibility("default")))
const char *{e}_last_error(void) {{
  return pdm_has_message ? pdm_message : 0;
}}

__attribute__((visibility("default")))
int {e}_cuda_available(void) {{
  const char *why = 0;
  int ok = pdm_cuda_available(&why);
  snprintf(pdm_message, sizeof pdm_message, "%s", why ? why : "");
  pdm_has_message = 1;
  return ok;
}}

__attribute__((visibility("default")))
{device_proto} {{
{check}  pdm_has_message = 0;
  if (pdm_cuda_begin() != 0)
    return pdm_fail();
{checks_before}  pdm_run({names});
  if (pdm_cuda_end() != 0)
    return pdm_fail();
{checks_after}  return 0;
}}

__attribute__((visibility("default")))
{host_proto} {{
{check}  pdm_has_message = 0;
  if (pdm_cuda_begin() != 0)
    return pdm_fail();
{buffers}  if (pdm_cuda_end() != 0)
    return pdm_fail();
{uploads}{checks_before}  pdm_run({dev_args});
{downloads}  if (pdm_cuda_end() != 0)
    return pdm_fail();
{checks_after}  return 0;
}}
"""


def header_source(lowered: aot.LoweredProgram, header_name: str) -> str:
    import re
    guard = re.sub(r"\W", "_", header_name, flags=re.ASCII).upper()
    if guard[0].isdigit():
        guard = "_" + guard
    host_proto, device_proto = _prototypes(lowered)
    doc = [f" *   {s.c_name}  in   {aot._shape_text(s)}" for s in lowered.feeds]
    doc += [f" *   {s.c_name}  out  {aot._shape_text(s)}" for s in lowered.fetches]
    source = f" from {lowered.source}" if lowered.source else ""
    e = lowered.entry
    checks_doc = (f", or {runtime_checks.STATUS} when a run-time check failed (an index out "
                  "of range: the outputs are not valid)" if lowered.uses_runtime_checks else "")
    return f"""/* {header_name}: generated by `paddle-mlir compile --device cuda`{source}. */
/*
 * {host_proto};
 *   Runs the program on the GPU (device 0) with host arrays: the feeds are
 *   copied to device buffers kept between calls, the fetches copied back.
 * {device_proto};
 *   The same with device pointers (cudaMalloc'd, e.g. from CuPy or PyTorch):
 *   no copies; the call returns when the outputs are written.
 *
 * Every array is contiguous, row-major, of the static shape below. The
 * weights are compiled into the library and uploaded on the first call.
 * Returns 0, -1 when a pointer is NULL, {CUDA_STATUS} when CUDA failed (no
 * driver or GPU, a failed launch){checks_doc}: {e}_last_error() says why.
 * {e}_cuda_available() is 1 when a GPU can be used (its name, or the reason
 * it cannot, is then {e}_last_error()). The library needs only libc, libdl
 * and pthreads; it opens the driver (libcuda.so.1) itself.
 *
{chr(10).join(doc)}
 */
#ifndef {guard}
#define {guard}

#include <stdint.h>

#ifdef __cplusplus
extern "C" {{
#endif

#define {e.upper()}_CUDA_STATUS {CUDA_STATUS}
{host_proto};
{device_proto};
const char *{e}_last_error(void);
int {e}_cuda_available(void);

#ifdef __cplusplus
}}
#endif

#endif /* {guard} */
"""


def exported_symbols(lowered: aot.LoweredProgram) -> list:
    e = lowered.entry
    return [e, f"{e}_device", f"{e}_last_error", f"{e}_cuda_available"]


def compile_objects(lowered: aot.LoweredProgram, workdir: Path, *, mcpu: str = "native",
                    cc: str | None = None) -> list:
    """The host program's objects (opt/llc), the weights, the wrapper and the
    CUDA runtime."""
    cc = cc or aot.find_c_compiler()
    if cc is None:
        raise aot.AotError("no C compiler found (set CC, or install cc/gcc/clang)")
    weights = aot.externalize_weights(lowered)
    t0 = time.perf_counter()
    bc = aot.translate_to_llvm_bitcode(lowered, workdir)
    lowered.timings["translate_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    objects = aot._codegen(bc, workdir, aot.host_triple(), mcpu, 1)
    lowered.timings["codegen_s"] = time.perf_counter() - t0
    wrapper = workdir / "wrapper.c"
    wrapper.write_text(wrapper_source(lowered))
    obj = workdir / "wrapper.o"
    aot._run_tool([cc, *aot.RUNTIME_OBJECT_FLAGS, "-c", wrapper, "-o", obj],
                  "compiling wrapper.c")
    objects.append(obj)
    objects.append(aot.runtime_object(CUDA_RUNTIME_SOURCE, workdir, cc))
    if lowered.uses_runtime_checks:
        objects.append(aot.runtime_object(aot.RUNTIME_ERRORS_SOURCE, workdir, cc))
    wobj = aot.write_weights(weights, workdir, cc)
    return objects + ([wobj] if wobj else [])


def emit(lowered: aot.LoweredProgram, kind: str, out, *, mcpu: str = "native") -> list:
    """Writes `out` (`so`: + OUT.h; `obj`: one relocatable object); returns
    the paths written. `mlir` and `llvm` are the host module (the kernels'
    binary inside)."""
    out = Path(out)
    if kind in ("mlir", "llvm"):
        return aot.emit(lowered, kind, out)
    if kind not in ("so", "obj"):
        raise aot.AotError(f"--emit {kind!r}: expected one of {', '.join(aot.EMIT_KINDS)}")
    if out.parent and not out.parent.is_dir():
        raise aot.AotError(f"cannot write {out}: {out.parent} is not a directory")
    cc = aot.find_c_compiler()
    if cc is None:
        raise aot.AotError(f"--emit {kind} needs a C compiler: set CC, or install cc/gcc/clang")
    with tempfile.TemporaryDirectory(prefix="paddle_mlir_cuda_") as tmp:
        tmp = Path(tmp)
        objects = compile_objects(lowered, tmp, mcpu=mcpu, cc=cc)
        t0 = time.perf_counter()
        if kind == "obj":
            aot._run_tool([cc, "-r", "-nostdlib", *objects, "-o", out], "combining the objects")
        else:
            script = tmp / "exports.map"
            script.write_text(f"{{\n  global: {'; '.join(exported_symbols(lowered))};\n"
                              "  local: *;\n};\n")
            aot._run_tool([cc, "-shared", "-o", out, *objects,
                           f"-Wl,--version-script={script}", "-Wl,-z,defs", "-pthread",
                           "-ldl", "-lm"], "linking the shared library")
        lowered.timings["link_s"] = time.perf_counter() - t0
    header = aot.header_path(out)
    header.write_text(header_source(lowered, header.name))
    return [out, header]


# -- running ----------------------------------------------------------------------
class CudaLibrary:
    """A library of `emit(..., "so")` loaded with ctypes: `run(feeds)` with
    numpy arrays returns the fetches (numpy arrays, by fetch col)."""

    def __init__(self, path, lowered: aot.LoweredProgram):
        self.path = str(path)
        self.lib = ctypes.CDLL(self.path)
        self.entry = getattr(self.lib, lowered.entry)
        self.entry.restype = ctypes.c_int
        self.entry.argtypes = [ctypes.c_void_p] * (len(lowered.feeds) + len(lowered.fetches))
        self.device_entry = getattr(self.lib, lowered.entry + "_device")
        self.device_entry.restype = ctypes.c_int
        self.device_entry.argtypes = self.entry.argtypes
        self._last_error = getattr(self.lib, lowered.entry + "_last_error")
        self._last_error.restype = ctypes.c_char_p
        self._available = getattr(self.lib, lowered.entry + "_cuda_available")
        self.feeds = lowered.feeds
        self.fetches = lowered.fetches

    def available(self) -> tuple[bool, str]:
        """(whether a GPU can be used, its name or why not)."""
        ok = bool(self._available())
        return ok, (self._last_error() or b"").decode(errors="replace")

    def _check(self, status: int) -> None:
        if status == 0:
            return
        if status == -1:
            raise ValueError("a feed or fetch buffer is NULL")
        message = (self._last_error() or b"CUDA failed").decode(errors="replace")
        raise CudaError(message)

    def run(self, feeds: dict, outputs: list | None = None) -> list:
        args = []
        for spec in self.feeds:
            if spec.name not in feeds:
                raise ValueError(f"missing feed {spec.name!r}")
            a = np.ascontiguousarray(feeds[spec.name], dtype=spec.dtype)
            if tuple(a.shape) != tuple(spec.shape):
                raise ValueError(f"feed {spec.name!r} has shape {list(a.shape)}, the library "
                                 f"was compiled for {list(spec.shape)}")
            feeds[spec.name] = a  # kept alive through the call
            args.append(a.ctypes.data if a.size else 1)
        outs = outputs or [np.empty(s.shape, s.dtype) for s in self.fetches]
        for o in outs:
            args.append(o.ctypes.data if o.size else 1)
        self._check(self.entry(*args))
        return outs

    def run_device(self, pointers: list) -> None:
        """The device entry point: feeds then fetches as device addresses."""
        self._check(self.device_entry(*pointers))
