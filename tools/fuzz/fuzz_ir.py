#!/usr/bin/env python3
"""Mutation fuzzer of paddle-opt: our own lit tests, mutated, through the
passes they test and the main pipelines.

    .venv/bin/python tools/fuzz/fuzz_ir.py --count 300 --seed 1      # make test's budget
    .venv/bin/python tools/fuzz/fuzz_ir.py --count 20000 --out /tmp/fuzz-ir

Each test case (a lit file split at `// -----`) is mutated once per input:
an integer literal becomes an extreme value, a dim becomes 0, ? or huge, an
element type another one (i1, ui8, f16, bf16, complex, index), a line is
deleted, duplicated or swapped, a token dropped, the text truncated. The
input goes to `paddle-opt` in a child process with the pass options of the
file's RUN line, or with one of the main pipelines (pd-inference-opt,
pd-lower-to-llvm, pd-lower-to-cuda). Outcomes: `ok` (exit 0), `diagnostic` (exit 1 with an
error), `crash` (a signal, an abort, LLVM ERROR, an assertion, a stack
dump: paddle-opt ends a crash with an error line and exit status 70 after
the stack dump, which is still a crash here; the summary counts those that
ended the process by a signal), `hang` (over --timeout),
and `upstream`: a crash inside MLIR's or
LLVM's own code that no code of ours called on the way (a linalg verifier on
extreme strides or the parser's cleanup after a syntax error while the input
is parsed, an upstream canonicalization on IR that upstream's verifier let
through), which is MLIR's bug
to report, not ours to fix in the pinned wheels. A crash or hang is saved under --out
with the command that reproduces it, and makes the exit status 1; an
upstream crash is saved and listed but does not.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import hashlib
import os
import random
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "test"
PADDLE_OPT = REPO / "build" / "bin" / "paddle-opt"
MAIN_PIPELINES = [
    ["--pass-pipeline=builtin.module(pd-inference-opt)"],
    ["--pd-lower-to-llvm"],
    # PTX (no ptxas): the CUDA lowering down to its gpu.binary.
    ["--pass-pipeline=builtin.module(pd-lower-to-cuda{format=isa})"],
]
EXTREME_INTS = ["0", "-1", "1", "2147483647", "2147483648", "-2147483649",
                "4611686018427387904", "9223372036854775807", "-9223372036854775808",
                "99999999999999999999"]
ELEMENT_TYPES = ["i1", "i8", "ui8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64",
                 "complex<f32>", "index"]
CRASH_MARKERS = ("PLEASE submit a bug report", "LLVM ERROR", "Assertion", "Stack dump",
                 "Segmentation fault", "terminate called", "UNREACHABLE")


@dataclass
class Case:
    path: Path
    index: int          # which `// -----` piece
    text: str
    options: list       # paddle-opt options of the file's first RUN line


def run_options(text: str) -> list:
    """The paddle-opt options of the first `// RUN: paddle-opt %s ...` line
    (without the input, -split-input-file and -verify-diagnostics)."""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s*paddle-opt\s+(.*)", line)
        if not m:
            continue
        command = m.group(1).split("|")[0]
        try:
            words = shlex.split(command)
        except ValueError:
            return []
        kept = []
        for w in words:
            if w in ("%s", "-split-input-file", "--split-input-file", "-verify-diagnostics",
                     "--verify-diagnostics") or w.startswith("%") or ">" in w or "&" in w:
                continue
            kept.append(w)
        # An output file of the RUN line: write nothing.
        while "-o" in kept:
            i = kept.index("-o")
            del kept[i:i + 2]
        return kept
    return []


def corpus() -> list:
    cases = []
    for path in sorted(TESTS.rglob("*.mlir")):
        text = path.read_text()
        options = run_options(text)
        for i, piece in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
            body = "\n".join(ln for ln in piece.splitlines()
                             if not ln.lstrip().startswith("//"))
            if body.strip():
                cases.append(Case(path, i, body, options))
    return cases


# -- mutations --------------------------------------------------------------------------
def _replace_match(text: str, pattern: str, rng: random.Random, new) -> str | None:
    matches = list(re.finditer(pattern, text))
    if not matches:
        return None
    m = rng.choice(matches)
    return text[:m.start()] + new(m) + text[m.end():]


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """(mutated text, what was done)."""
    lines = text.splitlines()
    for _ in range(8):
        # Mostly mutations that keep the text parseable (the interesting
        # inputs reach verifiers, InferMeta and lowerings).
        kind = rng.choice(["int"] * 3 + ["dim"] * 3 + ["element"] * 2 +
                          ["delete", "duplicate", "swap", "token", "truncate"])
        out = None
        if kind == "int":
            out = _replace_match(text, r"(?<![\w%#.x])-?\d+(?![\w.x])", rng,
                                 lambda m: rng.choice(EXTREME_INTS))
        elif kind == "dim":
            out = _replace_match(text, r"(?<=[<x])(\d+|\?)(?=x)", rng,
                                 lambda m: rng.choice(["0", "?", "1", "4611686018427387904",
                                                       "1099511627776"]))
        elif kind == "element":
            out = _replace_match(text, r"(?<=x)(f32|f64|i64|i32|i1|f16|i8)(?=>)", rng,
                                 lambda m: rng.choice(ELEMENT_TYPES))
        elif kind == "delete" and len(lines) > 2:
            i = rng.randrange(len(lines))
            out = "\n".join(lines[:i] + lines[i + 1:])
        elif kind == "duplicate" and lines:
            i = rng.randrange(len(lines))
            out = "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
        elif kind == "swap" and len(lines) > 2:
            i, j = rng.sample(range(len(lines)), 2)
            swapped = list(lines)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            out = "\n".join(swapped)
        elif kind == "token":
            out = _replace_match(text, r"[%\w.!#<>:\[\](){},=-]+", rng, lambda m: "")
        elif kind == "truncate" and len(text) > 10:
            out = text[:rng.randrange(len(text))]
        if out is not None and out != text:
            return out, kind
    return text + "\n}", "append"


# -- running -------------------------------------------------------------------------
@dataclass
class Result:
    outcome: str        # ok, diagnostic, crash, hang
    options: list
    text: str
    what: str
    source: str
    detail: str = ""
    signalled: bool = False  # the process died of a signal


#: Frames of the crash machinery itself, skipped to find where it happened.
_HANDLER_FRAMES = ("PrintStackTrace", "SignalHandler", "libc.so", "pthread_kill", " raise ",
                   " abort ", "__assert", "_nl_load_domain", "__GI_")


def crash_site(stderr: str) -> str:
    """The innermost frame of a stack dump that is not the signal handler
    or libc ("" without a stack dump)."""
    for line in stderr.splitlines():
        if re.match(r"\s*#\d+ 0x", line) and not any(h in line for h in _HANDLER_FRAMES):
            return line.strip()
    return ""


def _our_source_files() -> frozenset:
    """Base names of the C++ sources compiled into paddle-opt by us (lib/,
    tools/, and the files tablegen generates from dialects/)."""
    names = {p.name for d in ("lib", "tools") for p in (REPO / d).rglob("*.cpp")}
    names |= {p.name for p in (REPO / "build").rglob("*.inc")} if (REPO / "build").is_dir() else set()
    return frozenset(names)


_OUR_SOURCES: frozenset | None = None


def is_upstream_frame(line: str) -> bool:
    """A frame of MLIR's or LLVM's code: in their libraries, or naming a
    source file that is not ours (an upstream pattern in an anonymous
    namespace symbolizes as `(anonymous namespace)::FoldStaticPadding::...
    TensorOps.cpp:0:0`)."""
    global _OUR_SOURCES
    if "libMLIR.so" in line or "libLLVM.so" in line:
        return True
    source = re.search(r"\s([\w.+-]+\.(?:cpp|h|inc|def))(?::\d+)+\s*$", line)
    if source:
        if _OUR_SOURCES is None:
            _OUR_SOURCES = _our_source_files()
        return source.group(1) not in _OUR_SOURCES
    return False


def ours_on_stack(stderr: str) -> bool:
    """Whether the crash passes through our code: the innermost frame
    outside MLIR's and LLVM's code is one of ours (a pd verifier, a pass, a
    helper of TileAndVectorize.cpp), not MLIR's driver and parser linked
    into paddle-opt. A pd verifier calling Block::getTerminator on a block
    without one is ours."""
    for line in stderr.splitlines():
        if not re.match(r"\s*#\d+ 0x", line) or any(h in line for h in _HANDLER_FRAMES):
            continue
        if is_upstream_frame(line):
            continue
        # Our custom op parsers (pd.constant's) hand attributes and types to
        # MLIR's parser: a crash under it is the parser's (docs/upstream-bugs.md
        # #8 aborts the same way under arith.constant).
        if re.search(r"pd::\w+::parse\(mlir::OpAsmParser", line) or "UniqueFunctionBase<llvm::ParseResult" in line:
            continue
        # Our code: the pd dialect, our passes (anonymous namespaces of
        # lib/), not MLIR's driver and parser linked into paddle-opt.
        return bool(re.search(r"pd::|Pd[A-Z]|\(anonymous namespace\)", line))
    return False


#: paddle-opt's exit status after it caught a crash (tools/paddle-opt).
RECOVERED_CRASH_STATUS = 70


def ended_by_signal(rc: int) -> bool:
    """Whether the process died of a signal (or the shell's 128 + signal)."""
    return rc < 0 or rc in (134, 136, 139)


def classify(rc: int, stderr: str) -> str:
    if ended_by_signal(rc) or rc == RECOVERED_CRASH_STATUS or \
            any(m in stderr for m in CRASH_MARKERS):
        site = crash_site(stderr)
        upstream = bool(site) and is_upstream_frame(site) and not ours_on_stack(stderr)
        return "upstream" if upstream else "crash"
    if rc == 0:
        return "ok"
    return "diagnostic" if "error" in stderr else "crash"


def run_one(args) -> Result:
    text, options, what, source, timeout = args
    cmd = [str(PADDLE_OPT), *options, "-"]
    try:
        p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=timeout,
                           errors="replace")
    except subprocess.TimeoutExpired:
        return Result("hang", options, text, what, source, f"over {timeout} s")
    outcome = classify(p.returncode, p.stderr)
    signalled = ended_by_signal(p.returncode)
    detail = ""
    if outcome in ("crash", "upstream"):
        lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
        first = next((ln for ln in lines if any(m in ln for m in CRASH_MARKERS[:3])),
                     lines[0] if lines else f"exit status {p.returncode}")
        detail = first.strip()[:300]
    return Result(outcome, options, text, what, source, detail, signalled)


def signature(r: Result) -> str:
    """What makes two crashes the same: the first crash line without numbers."""
    return re.sub(r"0x[0-9a-f]+|\d+", "N", r.detail)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--count", type=int, default=300, help="inputs to run (default 300)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per input")
    ap.add_argument("--out", type=Path, help="where crashes and hangs are saved")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if not PADDLE_OPT.exists():
        print(f"{PADDLE_OPT} not found: build first (make build)", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    cases = corpus()
    work = []
    for _ in range(args.count):
        case = rng.choice(cases)
        text, what = mutate(case.text, rng)
        options = case.options if case.options and rng.random() < 0.6 \
            else rng.choice(MAIN_PIPELINES)
        source = f"{case.path.relative_to(REPO)} piece {case.index}"
        work.append((text, options, what, source, args.timeout))
    counts = collections.Counter()
    signals = 0
    bad = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for r in pool.map(run_one, work):
            counts[r.outcome] += 1
            signals += r.signalled
            if r.outcome in ("crash", "hang", "upstream"):
                bad.setdefault((r.outcome, signature(r) if r.outcome != "hang" else ""), r)
    total = sum(counts.values())
    print(f"fuzz_ir: {total} inputs (seed {args.seed}): "
          + ", ".join(f"{k} {counts[k]}" for k in ("ok", "diagnostic", "crash", "hang",
                                                   "upstream"))
          + f"; ended by a signal {signals}")
    for (_, sig), r in bad.items():
        reproducer = ""
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            name = hashlib.sha1(r.text.encode()).hexdigest()[:12] + ".mlir"
            (args.out / name).write_text(r.text)
            reproducer = (f"\n    reproduce: {PADDLE_OPT} {shlex.join(r.options)} "
                          f"{args.out / name}")
        print(f"  {r.outcome}: {r.detail or sig} (from {r.source}, mutation {r.what}, "
              f"options {' '.join(r.options)}){reproducer}")
    return 1 if any(outcome != "upstream" for outcome, _ in bad) else 0


if __name__ == "__main__":
    sys.exit(main())
