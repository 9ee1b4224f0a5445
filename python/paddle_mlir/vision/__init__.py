"""Paddle's `paddle.vision` namespace: the detection ops of `vision.ops`."""

from . import ops  # noqa: F401

__all__ = ["ops"]
