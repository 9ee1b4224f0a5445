"""The `paddle-mlir` command line.

    paddle-mlir opt program.mlir -p "pd-verify-program,canonicalize" [-o out.mlir]
    paddle-mlir opt - < program.mlir
    paddle-mlir import model.json [--params model.pdiparams] -o model.mlir
    paddle-mlir compile model.json --emit so -o libmodel.so --shape x=1x784
    paddle-mlir run model.json --input in.npz --output out.npz
    paddle-mlir bench model.json --input in.npz [--json]

Errors (unparsable IR, a failing pass) print located diagnostics, plus a
`paddle-opt` reproducer for a failing pipeline, and exit with status 1.
`import` reads a PaddlePaddle 3.x inference model (PIR JSON + weights) and
writes the pd program to OUT.mlir and its weights beside it (OUT.npz); a
model it cannot import gives a one-line error and status 1.

`compile` compiles a pd program (.mlir/.mlirbc, weights from --params or
PROGRAM.npz) or a Paddle model (MODEL.json, weights from MODEL.pdiparams)
ahead of time for this CPU: `--emit mlir` (the LLVM dialect), `llvm` (LLVM
IR), `obj` (an object file) or `so` (a shared library); obj and so come with
a C header OUT.h declaring the entry point (weights compiled in; see
paddle_mlir.backend.aot). Feeds with dynamic dimensions need `--shape`.

`run` opens a model with the Paddle Inference predictor
(paddle_mlir.inference: optimized with pd-inference-opt, or --pipeline,
compiled for this CPU, kept in the persistent compile cache) and runs it on
the arrays of IN.npz (keys: feed names), writing the fetches to OUT.npz
(keys: fetch names). `bench` reports the median latency of
`predictor.run()` after a warm-up, and the compile time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from mlir import ir

from . import ir as pir
from .pipeline import PipelineError, run_pipeline


def _format_diagnostics(error: ir.MLIRError) -> str:
    lines = [str(error.args[0]) if error.args else "error"]
    for d in error.error_diagnostics:
        lines.append(f"  {d.location}: {d.message}")
        for note in d.notes:
            lines.append(f"    {note.location}: note: {note.message}")
    return "\n".join(lines)


def _parse(ctx: ir.Context, path: str) -> ir.Module:
    if path == "-":
        return ir.Module.parse(sys.stdin.read(), ctx)
    if not os.path.isfile(path):
        # MLIR's own message would be "Unable to parse module assembly".
        raise FileNotFoundError(path)
    return ir.Module.parseFile(path, ctx)


def cmd_opt(args: argparse.Namespace) -> int:
    with pir.Context() as ctx:
        try:
            module = _parse(ctx, args.input)
        except ir.MLIRError as e:
            print(f"paddle-mlir: {args.input}: {_format_diagnostics(e)}", file=sys.stderr)
            return 1
        except FileNotFoundError:
            print(f"paddle-mlir: {args.input}: no such file", file=sys.stderr)
            return 1
        except OSError as e:
            print(f"paddle-mlir: cannot read {args.input}: {e}", file=sys.stderr)
            return 1
        if args.pipeline:
            try:
                run_pipeline(module, args.pipeline,
                             print_ir_after_all=args.print_ir_after_all)
            except PipelineError as e:
                print(f"paddle-mlir: {e}", file=sys.stderr)
                return 1
        text = module.operation.get_asm(enable_debug_info=args.debug_info)
        if args.output in (None, "-"):
            sys.stdout.write(text)
        else:
            with open(args.output, "w") as f:
                f.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .frontend.paddle import PaddleImportError, load
    from .static.parameters import ParameterError

    out = Path(args.output)
    weights = out.with_suffix(".npz")
    try:
        program = load(args.model, args.params)
        if len(program.parameters) and any(
                p.value is None for p in program.parameters.parameters.values()):
            raise PaddleImportError(f"{args.model}: the program has parameters but no "
                                    "weights file was found (pass --params)")
        program.save(out)
        if len(program.parameters):
            program.parameters.save(weights)
    except (PaddleImportError, ParameterError) as e:
        print(f"paddle-mlir: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"paddle-mlir: cannot write {e.filename or out}: {e.strerror or e}",
              file=sys.stderr)
        return 1
    return 0


# -- compile / run / bench ---------------------------------------------------------
def _known_errors() -> tuple:
    from .backend.aot import AotError
    from .backend.cpu import CompileError
    from .frontend.pdiparams import PaddleImportError
    from .static.executor import ExecutorError
    from .static.parameters import ParameterError
    from .static.program import ProgramError
    from .inference import InferenceError
    return (AotError, CompileError, PaddleImportError, ExecutorError, ParameterError,
            ProgramError, PipelineError, InferenceError, _InputError)


class _InputError(ValueError):
    """A bad --input file or array."""


def _report(e: BaseException) -> int:
    """One error message on stderr (no traceback), status 1."""
    if isinstance(e, _known_errors()):
        print(f"paddle-mlir: {e}", file=sys.stderr)
    elif isinstance(e, ir.MLIRError):
        print(f"paddle-mlir: {_format_diagnostics(e)}", file=sys.stderr)
    elif isinstance(e, OSError):
        what = e.filename or ""
        print(f"paddle-mlir: {what}{': ' if what else ''}{e.strerror or e}", file=sys.stderr)
    else:
        if os.environ.get("PADDLE_MLIR_TRACEBACK"):
            raise e
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        print(f"paddle-mlir: error: {type(e).__name__}: {first} "
              "(PADDLE_MLIR_TRACEBACK=1 shows the traceback)", file=sys.stderr)
    return 1


def _guarded(fn):
    def run(args: argparse.Namespace) -> int:
        try:
            return fn(args)
        except KeyboardInterrupt:
            raise
        except Exception as e:  # noqa: BLE001 -- every error is one message, no traceback
            return _report(e)
    return run


def _threads(args: argparse.Namespace) -> int:
    """--threads, else 1 with --no-parallel, else $PADDLE_MLIR_THREADS, else
    the CPUs this process may run on (1: no threads)."""
    from .backend.cpu import default_parallel
    if args.threads is not None:
        return args.threads
    parallel = default_parallel() if args.parallel is None else args.parallel
    if not parallel:
        return 1
    env = os.environ.get("PADDLE_MLIR_THREADS", "").strip()
    if env.isdigit() and int(env) > 1:
        return int(env)
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(2, cpus)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _predictor(args: argparse.Namespace):
    """The Paddle Inference predictor `run` and `bench` use (paddle_mlir.inference)."""
    from . import inference
    params = args.params
    config = inference.Config(args.model, params)
    config.set_cpu_math_library_num_threads(_threads(args))
    pipeline = (args.pipeline or "").strip()
    if pipeline in ("", "none"):
        config.switch_ir_optim(False)
    else:
        config.set_optimization_pipeline(pipeline)
    if getattr(args, "no_cache", False):
        config.disable_compile_cache()
    if args.runtime_checks is not None:
        config.switch_runtime_checks(args.runtime_checks)
    if getattr(args, "device", "cpu") == "cuda":
        config.enable_use_gpu()
    return inference.create_predictor(config)


def _read_inputs(path: str, feeds: list) -> dict:
    import zipfile

    import numpy as np
    try:
        npz = np.load(path, allow_pickle=False)
        if not hasattr(npz, "files"):
            raise _InputError(f"{path}: not an .npz file (expected one array per feed)")
        with npz:
            arrays = {name: npz[name] for name in npz.files}
    except FileNotFoundError:
        raise _InputError(f"{path}: no such file") from None
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, KeyError) as e:
        raise _InputError(f"{path}: not a valid .npz file ({e})") from None
    for name in feeds:
        if name not in arrays:
            raise _InputError(f"{path}: no array for feed {name!r} (the file holds: "
                              f"{', '.join(sorted(arrays)) or 'nothing'})")
    for name in arrays:
        if name not in feeds:
            raise _InputError(f"{path}: array {name!r} is not a feed of the model (its feeds: "
                              f"{', '.join(feeds) or 'none'})")
    return arrays


@_guarded
def cmd_compile(args: argparse.Namespace) -> int:
    from .backend import aot
    start = time.perf_counter()
    shapes = aot.parse_shapes(args.shape)
    if args.device == "cuda":
        from .backend import cuda
        if args.parallel:
            raise aot.AotError("--parallel is for the CPU (threads); CUDA code runs on the GPU")
        target = cuda.CudaTarget(chip=args.cuda_chip, format=args.cuda_format,
                                 tf32=args.cuda_tf32,
                                 multiprocessors=args.cuda_multiprocessors)
        program = aot.load_program(args.program, args.params)
        lowered = cuda.lower_program(program, shapes, target=target, pipeline=args.pipeline,
                                     entry=args.entry, source=Path(args.program).name,
                                     runtime_checks=args.runtime_checks)
        cuda.emit(lowered, args.emit, args.output, mcpu=args.mcpu)
    else:
        lowered = aot.compile_file(args.program, args.emit, args.output, shapes=shapes,
                                   params=args.params, parallel=args.parallel,
                                   pipeline=args.pipeline, entry=args.entry, mcpu=args.mcpu,
                                   runtime_checks=args.runtime_checks)
    if args.verbose:
        steps = ", ".join(f"{k[:-2]} {v * 1e3:.0f} ms" for k, v in lowered.timings.items())
        written = [args.output] + ([str(aot.header_path(args.output))]
                                   if args.emit in ("obj", "so") else [])
        print(f"paddle-mlir: wrote {', '.join(written)} in "
              f"{(time.perf_counter() - start) * 1e3:.0f} ms ({steps})", file=sys.stderr)
    return 0


@_guarded
def cmd_run(args: argparse.Namespace) -> int:
    import numpy as np
    predictor = _predictor(args)
    names = predictor.get_input_names()
    inputs = _read_inputs(args.input, names)
    outputs = predictor.run([inputs[n] for n in names])
    try:
        np.savez(args.output, **dict(zip(predictor.get_output_names(), outputs)))
    except OSError as e:
        raise OSError(e.errno, e.strerror, args.output) from None
    return 0


@_guarded
def cmd_bench(args: argparse.Namespace) -> int:
    import numpy as np
    if args.runs < 1 or args.warmup < 0:
        raise _InputError("--runs must be at least 1 and --warmup at least 0")
    start = time.perf_counter()
    predictor = _predictor(args)
    names = predictor.get_input_names()
    inputs = _read_inputs(args.input, names)
    for name in names:
        predictor.get_input_handle(name).copy_from_cpu(inputs[name])
    predictor.run()           # compiles here when an input shape is dynamic
    open_ms = (time.perf_counter() - start) * 1e3
    run = predictor.run       # what a Paddle Inference user times
    for _ in range(args.warmup):
        run()
    times = []
    clock = time.perf_counter_ns
    deadline = clock() + int(args.min_time * 1e9)
    while len(times) < args.runs or (clock() < deadline and len(times) < args.max_runs):
        t = clock()
        run()
        times.append(clock() - t)
    times_us = np.array(times, dtype=np.float64) / 1e3
    result = {"median_us": round(float(np.median(times_us)), 3), "runs": len(times),
              "warmup": args.warmup, "min_us": round(float(times_us.min()), 3),
              "compile_ms": round(predictor.compile_seconds * 1e3, 1),
              "open_ms": round(open_ms, 1), "cached": bool(predictor.cache_hit),
              "threads": predictor._config.cpu_math_library_num_threads()}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.model}: median {result['median_us']:.1f} us over {len(times)} runs "
              f"(min {result['min_us']:.1f} us; {args.warmup} warm-up runs; compiled in "
              f"{result['compile_ms']:.0f} ms{' (from the compile cache)' if result['cached'] else ''}; "
              f"{result['threads']} thread{'s' if result['threads'] > 1 else ''})")
    return 0


def _mlir_version() -> str:
    """The version of the MLIR wheel paddle-mlir is built against."""
    try:
        from importlib.metadata import version
        return version("xtc-mlir-python-bindings")
    except Exception:  # noqa: BLE001 -- the version line never fails
        return "unknown"


_EXAMPLES = """examples:
  paddle-mlir run model.json --input in.npz --output out.npz
      run a Paddle inference model (model.json + model.pdiparams) on the CPU
  paddle-mlir bench model.json --input in.npz --runs 100
      median latency (compiled once, then from the compile cache)
  paddle-mlir compile model.json --emit so -o model.so --shape x=1x3x224x224
      a shared library with a C entry point (see `compile --help`)
  paddle-mlir import model.json -o model.mlir
      the pd program as MLIR (weights beside it as model.npz)
  paddle-mlir opt model.mlir -p 'pd-inference-opt'
      run a pass pipeline and print the IR

Each command has its own --help. The compile cache is ~/.cache/paddle-mlir
(PADDLE_MLIR_CACHE_DIR moves it, PADDLE_MLIR_CACHE=0 turns it off)."""


def main(argv: list[str] | None = None) -> int:
    from . import __version__
    parser = argparse.ArgumentParser(prog="paddle-mlir", description=__doc__.split("\n\n")[0],
                                     epilog=_EXAMPLES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version",
                        version=f"paddle-mlir {__version__} (MLIR {_mlir_version()})")
    sub = parser.add_subparsers(dest="command", required=True)

    opt = sub.add_parser("opt", help="parse, verify, transform and print pd IR")
    opt.add_argument("input", help="an .mlir file, or - for standard input")
    opt.add_argument("-p", "--pipeline", default="",
                     help="an mlir-opt pass pipeline, e.g. 'pd-verify-program,canonicalize'")
    opt.add_argument("-o", "--output", help="output file (default: standard output)")
    opt.add_argument("--print-ir-after-all", action="store_true",
                     help="print the IR after every pass (to standard error)")
    opt.add_argument("--debug-info", action="store_true", help="print locations")
    opt.set_defaults(func=cmd_opt)

    imp = sub.add_parser("import", help="import a PaddlePaddle 3.x inference model "
                         "(model.json + model.pdiparams) as a pd program")
    imp.add_argument("model", help="the PIR program, MODEL.json (from paddle.jit.save)")
    imp.add_argument("--params", help="the weights (default: MODEL.pdiparams beside "
                     "the JSON)")
    imp.add_argument("-o", "--output", required=True,
                     help="the .mlir (or .mlirbc) to write; weights go to the same "
                     "name with .npz")
    imp.set_defaults(func=cmd_import)

    from .backend.aot import DEFAULT_ENTRY, DEFAULT_PIPELINE, EMIT_KINDS
    pipeline_help = (f"the pd optimization pipeline run on the frozen program (default: "
                     f"{DEFAULT_PIPELINE}; 'none' for none)")
    checks_help = ("check gather/embedding/scatter indices and integer divisors at run "
                   "time, an error instead of an out-of-bounds read or a crash (default: "
                   "on, or $PADDLE_MLIR_RUNTIME_CHECKS=0 off); --no-runtime-checks only "
                   "for inputs you trust")
    comp = sub.add_parser("compile", help="compile a pd program or Paddle model ahead of "
                          "time (LLVM dialect, LLVM IR, object file or shared library)")
    comp.add_argument("program", help="a pd program (.mlir, .mlirbc) or a Paddle MODEL.json")
    comp.add_argument("--emit", choices=EMIT_KINDS, default="so",
                      help="what to write (default: so); obj and so also write OUT.h")
    comp.add_argument("-o", "--output", required=True, help="the file to write")
    comp.add_argument("--shape", action="append", default=[], metavar="NAME=DIMS",
                      help="the static shape of a feed, e.g. x=2x784 (needed for each "
                      "feed with dynamic dimensions; repeatable)")
    comp.add_argument("--params", help="the weights: WEIGHTS.npz for a .mlir program "
                      "(default: PROGRAM.npz), MODEL.pdiparams for a .json model")
    comp.add_argument("--parallel", action=argparse.BooleanOptionalAction, default=False,
                      help="run parallel loops on threads (the library carries its own "
                      "thread pool and exports ENTRY_set_num_threads; default: "
                      "--no-parallel)")
    comp.add_argument("--pipeline", default=DEFAULT_PIPELINE, help=pipeline_help)
    comp.add_argument("--entry", default=DEFAULT_ENTRY,
                      help=f"the C entry point's name (default: {DEFAULT_ENTRY})")
    comp.add_argument("--mcpu", default="native",
                      help="the target CPU for llc/opt (default: native)")
    comp.add_argument("--device", choices=("cpu", "cuda"), default="cpu",
                      help="cpu (default), or cuda: kernels for an NVIDIA GPU in the "
                      "library (cubin with the CUDA toolkit's ptxas, else PTX), the host "
                      "code for this CPU; the library runs where libcuda.so.1 and a GPU are")
    comp.add_argument("--cuda-chip", default="sm_90",
                      help="the GPU architecture for --device cuda (default: sm_90, H100)")
    comp.add_argument("--cuda-format", choices=("bin", "isa", "fatbin"), default=None,
                      help="the kernels' binary for --device cuda: bin (cubin), isa (PTX, "
                      "compiled by the driver) or fatbin (default: bin when ptxas is found)")
    comp.add_argument("--cuda-multiprocessors", type=int, default=132, metavar="N",
                      help="--device cuda: the GPU's streaming multiprocessors, which size "
                      "the tiles of matmuls and convolutions (default: 132, H100)")
    comp.add_argument("--cuda-tf32", action="store_true",
                      help="--device cuda: matmuls and convolutions on tensor cores in TF32 "
                      "(sm_80 and later; inputs keep 10 bits of mantissa, about 1e-3 "
                      "relative error; off by default, as in PyTorch's matmuls)")
    comp.add_argument("--runtime-checks", action=argparse.BooleanOptionalAction, default=None,
                      help=checks_help)
    comp.add_argument("-v", "--verbose", action="store_true",
                      help="print where the compile time went (to standard error)")
    comp.set_defaults(func=cmd_compile)

    model_help = "a Paddle MODEL.json (or a pd program .mlir/.mlirbc)"
    params_help = ("the weights (default: MODEL.pdiparams beside the JSON, PROGRAM.npz "
                   "beside a .mlir)")
    cache_help = ("compile again instead of using the persistent compile cache "
                  "($PADDLE_MLIR_CACHE_DIR, default ~/.cache/paddle-mlir/compiled)")
    parallel_help = "run parallel loops on threads (default: when there is more than one core)"
    threads_help = ("threads that run parallel loops, the caller included (default: "
                    "$PADDLE_MLIR_THREADS, else the CPUs this process may run on; 1 = none)")
    device_help = ("cpu (default), or cuda: the model compiled for the NVIDIA GPU this "
                   "machine's driver reports (device 0)")
    run = sub.add_parser("run", help="run a model on the CPU or a GPU: IN.npz (feed name -> "
                         "array) to OUT.npz (fetch name -> array)")
    run.add_argument("model", help=model_help)
    run.add_argument("--params", help=params_help)
    run.add_argument("--input", required=True, help="the feeds: an .npz keyed by feed name")
    run.add_argument("--output", required=True, help="the .npz to write, keyed by fetch name")
    run.add_argument("--pipeline", default=DEFAULT_PIPELINE, help=pipeline_help)
    run.add_argument("--parallel", action=argparse.BooleanOptionalAction, default=None,
                     help=parallel_help)
    run.add_argument("--threads", type=_positive_int, metavar="N", help=threads_help)
    run.add_argument("--no-cache", action="store_true", help=cache_help)
    run.add_argument("--runtime-checks", action=argparse.BooleanOptionalAction, default=None,
                     help=checks_help)
    run.add_argument("--device", choices=("cpu", "cuda"), default="cpu", help=device_help)
    run.set_defaults(func=cmd_run)

    bench = sub.add_parser("bench", help="median latency of a model on the CPU or a GPU")
    bench.add_argument("model", help=model_help)
    bench.add_argument("--params", help=params_help)
    bench.add_argument("--input", required=True, help="the feeds: an .npz keyed by feed name")
    bench.add_argument("--runs", type=int, default=100, help="timed runs (default: 100)")
    bench.add_argument("--warmup", type=int, default=10, help="untimed runs first (default: 10)")
    bench.add_argument("--json", action="store_true",
                       help='print one JSON line: {"median_us": ..., "runs": ..., ...}')
    bench.add_argument("--pipeline", default=DEFAULT_PIPELINE, help=pipeline_help)
    bench.add_argument("--parallel", action=argparse.BooleanOptionalAction, default=None,
                       help=parallel_help)
    bench.add_argument("--threads", type=_positive_int, metavar="N", help=threads_help)
    bench.add_argument("--min-time", type=float, default=0.0,
                       help="keep timing until this many seconds have passed (default: 0)")
    bench.add_argument("--max-runs", type=int, default=1000,
                       help="at most this many timed runs with --min-time (default: 1000)")
    bench.add_argument("--no-cache", action="store_true", help=cache_help)
    bench.add_argument("--runtime-checks", action=argparse.BooleanOptionalAction, default=None,
                       help=checks_help)
    bench.add_argument("--device", choices=("cpu", "cuda"), default="cpu", help=device_help)
    bench.set_defaults(func=cmd_bench)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
