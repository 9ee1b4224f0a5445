#!/usr/bin/env python3
"""Mutation fuzzer of the Paddle importer and the runtime: Paddle-exported
models (test/fixtures/paddle: `.json`, `.pdiparams`, inputs), mutated, then
imported and, for some, compiled and run as `paddle-mlir run` does.

    .venv/bin/python tools/fuzz/fuzz_import.py --count 200 --seed 1     # make test's budget
    .venv/bin/python tools/fuzz/fuzz_import.py --count 5000 --run-fraction 0.1 --out /tmp/fi

Mutations: in the JSON program, a number becomes an extreme value, a string
another op or type name, a list empty, a key vanishes, an op is duplicated
or deleted; in the `.pdiparams`, bytes flip, a varint grows, the file is
cut; in the inputs, the shape or dtype changes. Inputs run in a worker
process, one after the other: the worker reports each outcome on a pipe, so
an input that kills it (a signal, an abort) is known and counted, and a new
worker takes the rest. Outcomes: `ok`, `error` (one of our exceptions: the
importer's, the predictor's, a pipeline's, a run-time check's), `internal`
(any other Python exception: an error message we owe the user), `crash`
(the worker died), `hang` (over --timeout) and `loop` (a hang of a model
with a `while` whose condition depends on the data, which need not end for
a mutated input, in Paddle either). Crashes and hangs make the exit status
1; internal errors and loops are listed.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import selectors
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "test" / "fixtures" / "paddle"
EXTREMES = [0, -1, 1, 2 ** 31, -2 ** 31 - 1, 2 ** 62, 2 ** 63 - 1, -2 ** 63, 10 ** 30, 1.5,
            float("1e308"), True, None, "x", [], {}]
NAMES = ["1.relu", "1.matmul", "1.full", "1.reshape", "0.t_dtensor", "0.a_i32", "0.a_bool",
         "1.a_dtype", "float64", "int8", "bool", "complex64", "nonexistent"]


# -- mutations ------------------------------------------------------------------------
def _nodes(value, path=()):
    """(path, value) of every node of a JSON value."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


def _set(root, path, value):
    node = root
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def mutate_json(data, rng: random.Random) -> str:
    nodes = [(p, v) for p, v in _nodes(data) if p]
    kind = rng.choice(["number", "number", "string", "list", "delete", "op"])
    if kind == "number":
        numbers = [(p, v) for p, v in nodes if isinstance(v, (int, float)) and
                   not isinstance(v, bool)]
        if numbers:
            path, _ = rng.choice(numbers)
            _set(data, path, rng.choice(EXTREMES))
            return "number"
    if kind == "string":
        strings = [(p, v) for p, v in nodes if isinstance(v, str)]
        if strings:
            path, _ = rng.choice(strings)
            _set(data, path, rng.choice(NAMES))
            return "string"
    if kind == "list":
        lists = [(p, v) for p, v in nodes if isinstance(v, list) and v]
        if lists:
            path, v = rng.choice(lists)
            _set(data, path, rng.choice([[], v[:1], v + v[-1:]]))
            return "list"
    if kind == "op":
        ops = data["program"]["regions"][0]["blocks"][0]["ops"]
        i = rng.randrange(len(ops))
        if rng.random() < 0.5:
            ops.insert(i, json.loads(json.dumps(ops[i])))
            return "duplicate op"
        del ops[i]
        return "delete op"
    keyed = [(p, v) for p, v in nodes if isinstance(p[-1], str)]
    path, _ = rng.choice(keyed)
    node = data
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return "delete key"


def mutate_bytes(blob: bytes, rng: random.Random) -> tuple[bytes, str]:
    b = bytearray(blob)
    kind = rng.choice(["flip", "flip", "cut", "grow"])
    if kind == "cut" or not b:
        return bytes(b[:rng.randrange(len(b) + 1)]), "cut params"
    if kind == "grow":
        i = rng.randrange(len(b))
        b[i:i + 1] = b"\xff\xff\xff\xff\xff\xff\xff\xff\x7f"
        return bytes(b), "grow varint"
    for _ in range(rng.randint(1, 4)):
        b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b), "flip params"


# -- the worker -----------------------------------------------------------------------
WORKER = r"""
import json, os, sys
os.environ.setdefault("PADDLE_MLIR_PROGRESS", "0")
import numpy as np
from paddle_mlir.backend import aot
from paddle_mlir.frontend.pdiparams import PaddleImportError
from paddle_mlir.static.program import ProgramError
from paddle_mlir.static.parameters import ParameterError
from paddle_mlir.pipeline import PipelineError
from paddle_mlir.backend.runtime_checks import RuntimeCheckError
from paddle_mlir.backend.cpu import CompileError
import paddle_mlir.inference as pi
OURS = (PaddleImportError, ProgramError, ParameterError, PipelineError, RuntimeCheckError,
        CompileError, aot.AotError, pi.InferenceError)
out = os.fdopen(int(sys.argv[1]), "w")
for line in sys.stdin:
    job = json.loads(line)
    out.write(json.dumps({"start": job["id"]}) + "\n"); out.flush()
    try:
        if job["run"]:
            config = pi.Config(job["json"], job["params"])
            config.disable_compile_cache()
            predictor = pi.create_predictor(config)
            with np.load(job["inputs"], allow_pickle=False) as f:
                # By name, else by position: a mutated model may rename its
                # feeds (the harness's input file, not the model, is then
                # what does not match).
                names = predictor.get_input_names()
                arrays = [f[n] if n in f.files else f[f.files[min(i, len(f.files) - 1)]]
                          for i, n in enumerate(names)]
            predictor.run(arrays)
        else:
            aot.load_program(job["json"], job["params"])
        result = {"outcome": "ok"}
    except OURS as e:
        result = {"outcome": "error", "detail": f"{type(e).__name__}: {str(e)[:200]}"}
    except Exception as e:
        result = {"outcome": "internal", "detail": f"{type(e).__name__}: {str(e)[:200]}"}
    result["id"] = job["id"]
    out.write(json.dumps(result) + "\n"); out.flush()
"""


def run_jobs(jobs: list, timeout: float) -> dict:
    """id -> (outcome, detail), running `jobs` in worker processes."""
    results = {}
    pending = list(jobs)
    while pending:
        read_fd, write_fd = os.pipe()
        proc = subprocess.Popen([str(REPO / ".venv" / "bin" / "python"), "-c", WORKER,
                                 str(write_fd)], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                pass_fds=(write_fd,), text=True)
        os.close(write_fd)
        reader = os.fdopen(read_fd)
        current = None
        sel = selectors.DefaultSelector()
        sel.register(reader, selectors.EVENT_READ)
        def feed(stdin, jobs):
            # From a thread: the worker's results are read meanwhile (a full
            # pipe each way would deadlock).
            try:
                for job in jobs:
                    stdin.write(json.dumps(job) + "\n")
                stdin.close()
            except (BrokenPipeError, OSError, ValueError):
                pass
        threading.Thread(target=feed, args=(proc.stdin, list(pending)), daemon=True).start()
        while True:
            ready = sel.select(timeout)
            if not ready:
                proc.kill()
                if current is not None:
                    results[current] = ("hang", f"over {timeout} s")
                break
            line = reader.readline()
            if not line:
                proc.wait()
                if current is not None and current not in results:
                    err = (proc.stderr.read() or "").strip().splitlines()
                    detail = next((ln for ln in err if "Assertion" in ln or "ERROR" in ln),
                                  err[-1] if err else f"exit status {proc.returncode}")
                    results[current] = ("crash", detail[:300])
                break
            msg = json.loads(line)
            if "start" in msg:
                current = msg["start"]
            else:
                results[msg["id"]] = (msg["outcome"], msg.get("detail", ""))
                current = None
        reader.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        pending = [j for j in pending if j["id"] not in results]
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--run-fraction", type=float, default=0.05,
                    help="share of inputs also compiled and run (slow: a compile each)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per input")
    ap.add_argument("--out", type=Path, help="where crashes and hangs are saved")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    models = sorted(p.stem for p in FIXTURES.glob("*.json"))
    work = Path(tempfile.mkdtemp(prefix="fuzz_import_"))
    jobs = []
    try:
        for i in range(args.count):
            name = rng.choice(models)
            d = work / str(i)
            d.mkdir()
            data = json.loads((FIXTURES / f"{name}.json").read_text())
            params = FIXTURES / f"{name}.pdiparams"
            what = "none"
            target = rng.random()
            if target < 0.7 or not params.exists():
                what = mutate_json(data, rng)
            (d / "m.json").write_text(json.dumps(data))
            if params.exists():
                blob = params.read_bytes()
                if target >= 0.7:
                    blob, what = mutate_bytes(blob, rng)
                (d / "m.pdiparams").write_bytes(blob)
            with np.load(FIXTURES / f"{name}.io.npz", allow_pickle=False) as f:
                inputs = {k[3:]: f[k] for k in f.files if k.startswith("in/")}
            if rng.random() < 0.3:
                key = rng.choice(list(inputs))
                a = inputs[key]
                inputs[key] = rng.choice([a.astype(np.float64), a[:0], a.reshape(-1),
                                          np.concatenate([a, a]), a.astype(np.int32)])
                what += " + inputs"
            np.savez(d / "in.npz", **inputs)
            jobs.append({"id": i, "json": str(d / "m.json"),
                         "params": str(d / "m.pdiparams") if params.exists() else None,
                         "inputs": str(d / "in.npz"), "run": rng.random() < args.run_fraction,
                         "what": f"{name}: {what}"})
        results = run_jobs(jobs, args.timeout)
        for job in jobs:
            # A while loop whose condition depends on the data may not end
            # for a mutated input (an empty batch), in Paddle as here.
            if results[job["id"]][0] == "hang" and '"1.while"' in Path(job["json"]).read_text():
                results[job["id"]] = ("loop", results[job["id"]][1])
        counts = collections.Counter(o for o, _ in results.values())
        print(f"fuzz_import: {len(results)} inputs (seed {args.seed}, "
              f"{sum(j['run'] for j in jobs)} compiled and run): "
              + ", ".join(f"{k} {counts[k]}" for k in ("ok", "error", "internal", "crash",
                                                       "hang", "loop")))
        seen = set()
        for job in jobs:
            outcome, detail = results[job["id"]]
            if outcome in ("internal", "crash", "hang") and (outcome, detail) not in seen:
                seen.add((outcome, detail))
                saved = ""
                if args.out and outcome != "internal":
                    dest = args.out / str(job["id"])
                    shutil.copytree(Path(job["json"]).parent, dest, dirs_exist_ok=True)
                    saved = f" (saved in {dest})"
                print(f"  {outcome}: {detail} ({job['what']}){saved}")
        return 1 if counts["crash"] or counts["hang"] else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
