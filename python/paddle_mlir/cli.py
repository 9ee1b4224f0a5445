"""The `paddle-mlir` command line.

    paddle-mlir opt program.mlir -p "pd-verify-program,canonicalize" [-o out.mlir]
    paddle-mlir opt - < program.mlir
    paddle-mlir import model.json [--params model.pdiparams] -o model.mlir

Errors (unparsable IR, a failing pass) print located diagnostics, plus a
`paddle-opt` reproducer for a failing pipeline, and exit with status 1.
`import` reads a PaddlePaddle 3.x inference model (PIR JSON + weights) and
writes the pd program to OUT.mlir and its weights beside it (OUT.npz); a
model it cannot import gives a one-line error and status 1.
"""

from __future__ import annotations

import argparse
import sys

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
    return ir.Module.parseFile(path, ctx)


def cmd_opt(args: argparse.Namespace) -> int:
    with pir.Context() as ctx:
        try:
            module = _parse(ctx, args.input)
        except ir.MLIRError as e:
            print(f"paddle-mlir: {args.input}: {_format_diagnostics(e)}", file=sys.stderr)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="paddle-mlir", description=__doc__.split("\n\n")[0])
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

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
