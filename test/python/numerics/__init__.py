"""Numerics harness (like Paddle's OpTest): every lowered pd op against numpy.

    references.py  independent numpy references (Paddle's CPU semantics)
    cases.py       the op cases: inputs, builder, reference, tolerance
    ../test_numerics.py  compiles each case with static.Executor("cpu")

Comparison: outputs must have the reference's shape and dtype; ints and
bools must be equal; floats must satisfy

    |out - ref| <= atol + rtol * |ref|

elementwise, with NaN where the reference has NaN and the same infinities.
Float references are computed in float64 from the (float32) inputs and
rounded to the output dtype, so the tolerance measures the op's own error.

Tolerances (rtol, atol):

    op        dtype    rtol   atol   reason
    (default) float32  1e-05  1e-05  a few ulps of float32 plus reassociated sums
    (default) float64  1e-09  1e-12  libm-quality math and reassociated sums
    digamma   float64  1e-08  1e-10  no libm digamma: series evaluation, 3.5e-10 measured

Measured against these when the harness landed: the worst float32 case uses
6% of its tolerance (bilinear_interp, conv2d: float32 accumulation), the
worst float64 case 34% (digamma near its root); erf, erfinv, lgamma, gelu
and the inverse hyperbolic functions are within a few ulps, so they need no
looser entry. A new per-op entry needs a reason here and in
cases.TOLERANCES (test_tolerance_table_is_documented keeps them in sync).

Random ops (uniform, gaussian, randint, dropout in training mode) are not
compared by value: their checks test shape, dtype, range and moments (mean
within 6 standard errors, std within 5%, histogram and mask statistics).
"""

from .cases import (CASES, DEFAULT_TOLERANCE, TOLERANCES, Case, cases_by_group,  # noqa: F401
                    covered_ops, forward_ops, tolerance)
