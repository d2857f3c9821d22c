"""The elementwise opcodes: each one's scalar formula, written once.

One record per opcode of the elementwise kernels and the fused-program VM. The build
(``csrc/generate.py``, run by setup.py) instantiates from these records the opcode enum, the
scalar functions for float64 and float32 (``unary_d``/``unary_f``/``binary_d``/``binary_f``),
the vectorised float32 loops, and the ``OPCODES`` table; mindcell reads the same records to
know which primitives run natively (``native``) or inside fused programs (every record).
Adding a native elementwise op is one record here plus its primitive and op-database entry.

A formula is a Cython expression over ``x`` (unary) or ``a``, ``b`` (binary) written with the
double-precision math names (``exp``, ``log``, ``sqrt``, ``tanh``, ``erf``, ``fabs``, ``pow``,
``floor``, ``ceil``, ``sin``, ``cos``, ``log1p``) and mindcell's helpers (``sigmoid``,
``gelu_tanh``, ``gelu_tanh_slope``); the float32 versions use the float32 functions of the
same names and float32 constants. ``f32`` overrides the float32 scalar formula and ``span``
the float32 vectorised loop's, where they must differ (a guard a vector loop can skip).

This module is plain data: the build loads it without importing mindcell.
"""
from typing import NamedTuple, Optional

BINARY_LIMIT = 20  # opcodes below this take two operands (a, b); the others one (x)


class Formula(NamedTuple):
    name: str  # the primitive's name (or a variant of it: GeLUTanh), the OPCODES key
    opcode: int
    expr: str
    f32: Optional[str] = None
    span: Optional[str] = None
    spans: bool = True  # its own float32 loop (gcc vectorises it); else the scalar per element
    native: bool = False  # an eager kernel: measured faster than numpy's ufunc (1e6 float32)
    prim: Optional[str] = None  # the primitive computed, when not ``name`` (GeLU's two forms)
    # --- a primitive and faces generated from this record (ops defined before the records
    # --- existed keep their hand-written primitive: these fields are then unset) ---
    numpy: Optional[str] = None  # the numpy reference over x (np in scope): the primitive's impl
    grad: Optional[str] = None  # d(out)/dx times dout, over x, out, dout with ops/defs/_grad_ops
    function: Optional[str] = None  # the functional face: ops.<function>, also F, ops.function
    primitive: Optional[str] = None  # the Primitive class: ops.<primitive>(), ops.operations
    tensor: tuple = ()  # Tensor methods
    inputs: str = "float"  # "float": float tensors only (TypeError otherwise), as MindSpore
    summary: Optional[str] = None  # the doc's first sentence
    example: Optional[str] = None  # (input list, printed output) of the doc's Example


FORMULAS = (
    # ----- binary -----
    Formula("Add", 0, "a + b", native=True),
    Formula("Sub", 1, "a - b", native=True),
    Formula("Mul", 2, "a * b", native=True),
    Formula("RealDiv", 3, "a / b", native=True),
    # NaN in a propagates; a NaN b loses the comparison: numpy's maximum/minimum on a
    Formula("Maximum", 4, "a if a != a else (a if a >= b else b)", native=True),
    Formula("Minimum", 5, "a if a != a else (a if a <= b else b)", native=True),
    Formula("Pow", 6, "pow(a, b)", native=True),
    Formula("ReluGrad", 7, "a if b > 0.0 else 0.0", native=True),
    Formula("TanhGrad", 8, "b * (1.0 - a * a)", native=True),
    Formula("SigmoidGrad", 9, "b * a * (1.0 - a)", native=True),
    # (dy, x) -> dy * dGeLU/dx
    Formula("GeLUGradTanh", 10, "a * gelu_tanh_slope(b)", prim="GeLUGrad"),
    Formula("GeLUGradErf", 11, "a * (0.5 * (1.0 + erf(b * 0.7071067811865476))"
                               " + b * exp(-0.5 * b * b) * 0.3989422804014327)", spans=False,
            prim="GeLUGrad"),
    # ----- unary -----
    Formula("Neg", 20, "-x", native=True),
    Formula("Abs", 21, "fabs(x)", native=True),
    # exp_f (a polynomial) turns NaN into an unspecified value outside vector loops
    Formula("Exp", 22, "exp(x)", f32="exp(x) if x == x else x", span="exp(x)", native=True),
    Formula("Log", 23, "log(x)"),  # numpy's log measures faster than libm's logf
    Formula("Log1p", 24, "log1p(x)"),
    Formula("Sqrt", 25, "sqrt(x)", native=True),
    Formula("Rsqrt", 26, "1.0 / sqrt(x)"),
    Formula("Square", 27, "x * x", native=True),
    Formula("Sin", 28, "sin(x)"),
    Formula("Cos", 29, "cos(x)"),
    Formula("Tanh", 30, "tanh(x)", native=True),
    Formula("Sigmoid", 31, "sigmoid(x)", native=True),
    Formula("ReLU", 32, "0.0 if x <= 0.0 else x", native=True),  # NaN stays NaN
    Formula("Reciprocal", 33, "1.0 / x"),
    Formula("Floor", 34, "floor(x)"),
    Formula("Ceil", 35, "ceil(x)"),
    Formula("Sign", 36, "1.0 if x > 0.0 else (-1.0 if x < 0.0 else x)", spans=False),
    Formula("Erf", 37, "erf(x)"),
    Formula("SiLU", 38, "x * sigmoid(x)", native=True),
    Formula("GeLUTanh", 39, "gelu_tanh(x)", prim="GeLU"),
    Formula("GeLUErf", 40, "0.5 * x * (1.0 + erf(x * 0.7071067811865476))", prim="GeLU"),
    Formula("ReLU6", 41, "0.0 if x < 0.0 else (6.0 if x > 6.0 else x)", native=True),
    Formula("Copy", 42, "x"),
    Formula("Softsign", 43, "x / (1.0 + fabs(x))", numpy="x / (1 + np.abs(x))",
            grad="div(dout, square(add(mul(sign(x), x), 1.0)))",
            function="softsign", primitive="Softsign",
            summary="Softsign activation: :math:`x / (1 + |x|)`, elementwise.",
            example=("[-2.0, 0.0, 1.5]", "[-0.6666667  0.         0.6       ]")),
)
OPCODES = {f.name: f.opcode for f in FORMULAS}
PRIMITIVE = {f.name: f.prim or f.name for f in FORMULAS}
NATIVE_UNARY = tuple(f.name for f in FORMULAS if f.native and f.opcode >= BINARY_LIMIT)
NATIVE_BINARY = tuple(f.name for f in FORMULAS if f.native and f.opcode < BINARY_LIMIT)
