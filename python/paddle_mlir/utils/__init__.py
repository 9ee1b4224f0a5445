"""Paddle's `paddle.utils` helpers that the layer API needs."""

from . import unique_name  # noqa: F401

__all__ = ["unique_name"]
