"""Wrappers of mindcell._C.elementwise: unary/binary elementwise kernels and the fused VM.

Binary kernels cover same-shape operands, a scalar on either side, a row vector broadcast
over the last axis and a column broadcast (..., 1); other broadcast patterns and non-float
dtypes return NotImplemented and run numpy's implementation."""
import numpy as np

from mindcell._C import elementwise as _ew
from mindcell._core.kernels import register

_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
OPCODES = _ew.OPCODES
_binary_fast = _ew.binary_same_shape
_unary_fast = _ew.unary_contiguous


def _is_float(dt):
    return dt is _F32 or dt is _F64


def _contig(a):
    return a if a.flags.c_contiguous else np.ascontiguousarray(a)


def _unary(name, op_name=None):
    op = OPCODES[op_name or name]

    def kernel(x):
        out = _unary_fast(op, x)
        if out is not None:
            return out
        if not _is_float(x.dtype):
            return NotImplemented
        x = _contig(x)
        out = np.empty(x.shape, x.dtype)
        _ew.ew_unary(op, x, out)
        return out
    register(name)(kernel)


# Only ops where one pass over both cores measures faster than numpy's ufunc (numpy's SIMD
# exp/log/sqrt/sin/tanh are faster than our scalar loops on this class of machine); the VM
# still runs every opcode inside fused programs.
for _name in ("Neg", "Abs", "Square", "Sigmoid", "ReLU", "SiLU", "ReLU6"):
    _unary(_name)


@register("GeLU")
def gelu(x, approximate="tanh"):
    if not _is_float(x.dtype):
        return NotImplemented
    x = _contig(x)
    out = np.empty(x.shape, x.dtype)
    _ew.ew_unary(OPCODES["GeLUTanh" if approximate == "tanh" else "GeLUErf"], x, out)
    return out


def _binary_call(op, a, b):
    """Dispatch one binary op to the row/column kernel, or NotImplemented."""
    dt = a.dtype
    if not _is_float(dt) or b.dtype is not dt:
        return NotImplemented
    sa, sb = a.shape, b.shape
    if sa == sb:
        a, b = _contig(a), _contig(b)
        out = np.empty(sa, dt)
        _ew.ew_binary(op, a, 0, 1, b, 0, 1, out, 1, a.size)
        return out
    if b.size == 1 and b.ndim <= a.ndim:
        a = _contig(a)
        out = np.empty(sa, dt)
        _ew.ew_binary(op, a, 0, 1, _contig(b), 0, 0, out, 1, a.size)
        return out
    if a.size == 1 and a.ndim <= b.ndim:
        b = _contig(b)
        out = np.empty(sb, dt)
        _ew.ew_binary(op, _contig(a), 0, 0, b, 0, 1, out, 1, b.size)
        return out
    if b.ndim == 1 and a.ndim >= 1 and sa[-1] == sb[0] and sb[0] > 0:
        a, b = _contig(a), _contig(b)
        n = sb[0]
        out = np.empty(sa, dt)
        _ew.ew_binary(op, a, n, 1, b, 0, 1, out, a.size // n, n)
        return out
    if a.ndim == 1 and b.ndim >= 1 and sb[-1] == sa[0] and sa[0] > 0:
        a, b = _contig(a), _contig(b)
        n = sa[0]
        out = np.empty(sb, dt)
        _ew.ew_binary(op, a, 0, 1, b, n, 1, out, b.size // n, n)
        return out
    if a.ndim == b.ndim and a.ndim >= 1 and sa[:-1] == sb[:-1] and sa[-1] > 0:
        if sb[-1] == 1:
            a, b = _contig(a), _contig(b)
            n = sa[-1]
            out = np.empty(sa, dt)
            _ew.ew_binary(op, a, n, 1, b, 1, 0, out, a.size // n, n)
            return out
        if sa[-1] == 1 and sb[-1] > 0:
            a, b = _contig(a), _contig(b)
            n = sb[-1]
            out = np.empty(sb, dt)
            _ew.ew_binary(op, a, 1, 0, b, n, 1, out, b.size // n, n)
            return out
    return NotImplemented


def _binary(name):
    op = OPCODES[name]

    def kernel(a, b):
        out = _binary_fast(op, a, b)
        return out if out is not None else _binary_call(op, a, b)
    register(name)(kernel)


for _name in ("Add", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Pow", "ReluGrad",
              "TanhGrad", "SigmoidGrad"):
    _binary(_name)

_PROGRAMS = {}


def _compiled_program(program):
    prog = _PROGRAMS.get(program)
    if prog is None:
        prog = np.array([(OPCODES[name], dst, a, b) for name, dst, a, b in program],
                        dtype=np.int32).reshape(-1, 4)
        _PROGRAMS[program] = prog
    return prog


@register("FusedElementwise")
def fused(*arrays, program, shape):
    """Run a fusion-pass program in the blocked VM (all inputs of one float dtype)."""
    dt = arrays[0].dtype
    if not _is_float(dt) or any(a.dtype is not dt for a in arrays):
        return NotImplemented
    n = int(np.prod(shape))
    if any(a.size != n and a.size != 1 for a in arrays):
        return NotImplemented
    out = np.empty(shape, dt)
    if n:
        _ew.ew_fused(_compiled_program(program), [_contig(a) for a in arrays], out)
    return out
