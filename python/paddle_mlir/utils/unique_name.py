"""Paddle's unique-name generator (`paddle.utils.unique_name`).

Layers and their parameters are named the way Paddle names them
(`linear_0`, `linear_0.w_0`, `batch_norm2d_0.w_1`, ...) so that programs and
weight files line up with Paddle's. Names come from one generator with a
counter per key; `guard()` swaps in a fresh generator so that building a
model twice gives the same names:

    with unique_name.guard():
        generate("linear")   # 'linear_0'
        generate("linear")   # 'linear_1'
    # counters are back to what they were before the guard
"""

from __future__ import annotations

import contextlib
from collections import defaultdict

__all__ = ["UniqueNameGenerator", "generate", "guard", "switch"]


class UniqueNameGenerator:
    """`key` -> `prefix + key_N`, N counting per key from 0."""

    def __init__(self, prefix: str | None = None):
        self.ids = defaultdict(int)
        self.prefix = prefix or ""

    def __call__(self, key: str) -> str:
        n = self.ids[key]
        self.ids[key] += 1
        return f"{self.prefix}{key}_{n}"


_generator = UniqueNameGenerator()


def generate(key: str) -> str:
    """The next unique name for `key`: `key_0`, `key_1`, ..."""
    return _generator(key)


def switch(new_generator: UniqueNameGenerator | None = None) -> UniqueNameGenerator:
    """Makes `new_generator` (a fresh one if None) current; returns the old one."""
    global _generator
    old = _generator
    _generator = new_generator if new_generator is not None else UniqueNameGenerator()
    return old


@contextlib.contextmanager
def guard(new_generator: UniqueNameGenerator | str | bytes | None = None):
    """A fresh naming namespace for the block (a str/bytes is a name prefix);
    the previous generator, with its counters, is restored afterwards."""
    if isinstance(new_generator, bytes):
        new_generator = new_generator.decode()
    if isinstance(new_generator, str):
        new_generator = UniqueNameGenerator(new_generator)
    old = switch(new_generator)
    try:
        yield
    finally:
        switch(old)
