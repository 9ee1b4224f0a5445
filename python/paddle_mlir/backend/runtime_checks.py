"""Errors that compiled code finds at run time.

The lowering checks values that only the inputs decide (an index into a
gather, an embedding's token ids, a scatter's rows): a bad one is reported to
the runtime (backend/runtime/runtime_errors.c) and replaced by a valid one,
so the run completes without touching memory outside its buffers, and the
caller raises `RuntimeCheckError` instead of returning the outputs. The
messages are the module's `pd.runtime_checks` attribute, one per check site,
with `{value}` and `{bound}` filled in.
"""

from __future__ import annotations

import re

from mlir import ir

ATTRIBUTE = "pd.runtime_checks"
#: What the AOT entry point returns after a failed check (-1: a null pointer).
STATUS = 2


class RuntimeCheckError(IndexError):
    """A value the compiled program checks at run time was out of range
    (e.g. `pd.embedding at model.json:op 12: id 30522 out of range [0, 30522)`)."""


def sites(module: ir.Module) -> list[str]:
    """The check messages of a lowered module (by site number)."""
    attrs = module.operation.attributes
    if ATTRIBUTE not in attrs:
        return []
    return [ir.StringAttr(a).value for a in ir.ArrayAttr(attrs[ATTRIBUTE])]


def message(messages: list, site: int, value: int, bound: int) -> str:
    if 0 <= site < len(messages):
        return messages[site].replace("{value}", str(value)).replace("{bound}", str(bound))
    return f"run-time check {site} failed: value {value}, bound {bound}"


def c_format(text: str) -> tuple[str, list[str]]:
    """A message as a C string literal for snprintf and its arguments, in
    order (`value` and `bound`, long long)."""
    out, args = [], []
    for piece in re.split(r"(\{value\}|\{bound\})", text):
        if piece in ("{value}", "{bound}"):
            out.append("%lld")
            args.append(piece[1:-1])
            continue
        for ch in piece.encode("utf-8"):
            c = chr(ch)
            if c == "%":
                out.append("%%")
            elif c in '"\\':
                out.append("\\" + c)
            elif 32 <= ch < 127:
                out.append(c)
            else:
                out.append(f"\\{ch:03o}")
    return '"' + "".join(out) + '"', args
