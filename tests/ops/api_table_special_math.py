"""api_table rows for the hyperbolic, exp/log, gamma-family and rounding ops (functions,
Primitive classes, Tensor methods); inputs stay inside each domain, away from poles."""
from mindcell import ops

from api_table import R, Op, P, M, S

U = ("prob", S)  # (0.1, 0.9): inside erfinv/logit's domain, tan away from its poles
POS = ("pos", S)  # [0.5, 2]: lgamma/digamma/log2/log10 away from 0
_ON_R = ("sinh", "cosh", "expm1", "erfc", "trunc", "fix", "rint", "exp2", "frac", "deg2rad",
         "rad2deg")
_ON_U = ("tan", "erfinv", "logit")
_ON_POS = ("lgamma", "digamma", "log2", "log10")
_BINARY = ("hypot", "logaddexp", "logaddexp2")

ROWS = [
    *[Op(n, S, z=True) for n in _ON_R],
    *[Op(n, U, z=True) for n in _ON_U],
    *[Op(n, POS, z=True) for n in _ON_POS],
    *[Op(n, S, S, z=True) for n in _BINARY],
    *[Op(n, (2, 3), (3,)) for n in _BINARY], *[Op(n, (4, 1), (1, 3)) for n in _BINARY],
    R("ops.hypot", lambda x: ops.hypot(x, 2), S),
    # a Tensor other (MindSpore 2.10 refuses a Python number), its dtype promoted with x's
    R("ops.logaddexp", lambda x: ops.logaddexp(ops.ones_like(x), x), S),
    R("ops.logit", lambda x: ops.logit(x, eps=0.2), U),
    R("ops.tan", lambda x: ops.tan(x - 0.5), U),
    *[R("ops.polygamma", lambda x, n=n: ops.polygamma(n, x), POS, z=True) for n in (0, 1, 2)],
    *[P(c, (), S) for c in ("Sinh", "Cosh", "Expm1", "Erfc", "Trunc", "Rint")],
    *[P(c, (), U) for c in ("Tan", "Erfinv")],
    *[P(c, (), POS) for c in ("Lgamma", "Digamma")],
    P("Hypot", (), S, S),
    *[M(n, S) for n in _ON_R], *[M(n, U) for n in _ON_U], *[M(n, POS) for n in _ON_POS],
    *[M(n, S, S) for n in _BINARY],
]

# fmod/copysign/xdivy/heaviside/float_power/nan_to_num/trace/kron/diff (isclose: Bool, no grad)
_X = ("away", S)  # |values| in [0.3, 2]: fmod/xdivy divisors away from 0, copysign signs clear
ROWS += [
    Op("fmod", S, _X, z=True), Op("fmod", (2, 3), ("away", (3,))), Op("copysign", _X, _X, z=True),
    Op("xdivy", S, _X, z=True), Op("xdivy", (4, 1), ("away", (1, 3))),
    R("ops.fmod", lambda x: ops.fmod(x, 0.7), S), R("ops.xdivy", lambda x: ops.xdivy(x, 2), S),
    Op("heaviside", _X, S, z=True), Op("float_power", ("pos", S), S, z=True),
    R("ops.float_power", lambda x: ops.float_power(x, 3), S),
    Op("isclose", S, S, z=True), R("ops.isclose", lambda x: ops.isclose(x, x + 1e-9), S),
    Op("nan_to_num", S, z=True), R("ops.nan_to_num", lambda x: ops.nan_to_num(x / 0.0), S, grad=False),
    Op("trace", (3, 3)), Op("trace", (2, 4)), Op("trace", (4, 2)),
    Op("kron", (2, 3), (3, 2)), Op("kron", (2,), (2, 2)), Op("kron", (2, 1, 2), (3,)),
    Op("diff", (3, 5)), Op("diff", (3, 5), kw=dict(n=2, axis=0)),
    R("ops.diff", lambda x, p: ops.diff(x, prepend=p), (2, 4), (2, 1)),
    P("Xdivy", (), S, _X), P("Heaviside", (), _X, S), P("Trace", (), (3, 3)),
    *[M(n, S, _X) for n in ("fmod", "copysign", "xdivy", "remainder", "floor_divide",
                            "true_divide")],
    M("heaviside", _X, S), M("float_power", ("pos", S), S), M("isclose", S, S),
    M("nan_to_num", S), M("trace", (3, 3)), M("diff", (3, 4)),
]

# real/imag of the real tensors mindcell has: a copy and zeros (MindSpore 2.10 on real inputs)
ROWS += [Op("real", S), Op("imag", S, grad=False), P("Real", (), S),
         P("Imag", (), S, grad=False),
         # a MindSpore ops name bound by the faces of ops.operations (mindcell._faces)
         R("ops.ScalarToArray", lambda x: x + ops.ScalarToArray()(2.5), S)]
