"""Wrappers of mindcell._C.elementwise: unary/binary elementwise kernels and the fused VM.

Binary kernels cover same-shape operands, a scalar on either side, a row vector broadcast
over the last axis and a column broadcast (..., 1); other broadcast patterns and non-float
dtypes return NotImplemented and run numpy's implementation."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._C import elementwise as _ew
from mindcell._core.kernels import register
from mindcell.ops.spec import elementwise as _spec

_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
OPCODES = _ew.OPCODES
_binary_fast = _ew.binary_same_shape
_unary_fast = _ew.unary_contiguous


def _is_float(dt):
    return dt is _F32 or dt is _F64


def _contig(a):
    return a if a.flags.c_contiguous else c_contiguous(a)


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


# The native elementwise ops are the formulas marked ``native`` (mindcell/ops/spec/elementwise.py:
# their kernel measures faster than numpy's ufunc); the VM runs every formula inside fused
# programs. ops/defs/elementwise.py lowers exactly these to native instructions.
UNARY_KERNELS = _spec.NATIVE_UNARY
BINARY_KERNELS = _spec.NATIVE_BINARY
for _name in UNARY_KERNELS:
    _unary(_name)


@register("GeLU")
def gelu(x, approximate="tanh"):
    if not _is_float(x.dtype):
        return NotImplemented
    x = _contig(x)
    out = np.empty(x.shape, x.dtype)
    _ew.ew_unary(gelu_opcode(approximate), x, out)
    return out


def gelu_opcode(approximate):
    return OPCODES["GeLUTanh" if approximate == "tanh" else "GeLUErf"]


def gelu_grad_opcode(approximate):
    return OPCODES["GeLUGradTanh" if approximate == "tanh" else "GeLUGradErf"]


@register("GeLUGrad")
def gelu_grad(dout, x, approximate="tanh"):
    op = gelu_grad_opcode(approximate)
    out = _binary_fast(op, dout, x)
    return out if out is not None else _binary_call(op, dout, x)


def binary_layout(sa, sb):
    """(ra, ca, rb, cb, rows, cols) for the row/column binary kernel over operand shapes sa and
    sb (element strides per operand, output rows x cols), or None for other broadcasts. Used
    by the eager kernels and by graph lowering, so both run the kernel the same way."""
    if sa == sb:
        return 0, 1, 0, 1, 1, _size(sa)
    na, nb = _size(sa), _size(sb)
    if nb == 1 and len(sb) <= len(sa):
        return 0, 1, 0, 0, 1, na
    if na == 1 and len(sa) <= len(sb):
        return 0, 0, 0, 1, 1, nb
    if len(sb) == 1 and len(sa) >= 1 and sa[-1] == sb[0] and sb[0] > 0:
        n = sb[0]
        return n, 1, 0, 1, na // n, n
    if len(sa) == 1 and len(sb) >= 1 and sb[-1] == sa[0] and sa[0] > 0:
        n = sa[0]
        return 0, 1, n, 1, nb // n, n
    if len(sa) == len(sb) and len(sa) >= 1 and sa[:-1] == sb[:-1] and sa[-1] > 0:
        if sb[-1] == 1:
            n = sa[-1]
            return n, 1, 1, 0, na // n, n
        if sa[-1] == 1 and sb[-1] > 0:
            n = sb[-1]
            return 1, 0, n, 1, nb // n, n
    return None


def _size(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _binary_call(op, a, b):
    """Dispatch one binary op to the row/column kernel, or NotImplemented."""
    dt = a.dtype
    if not _is_float(dt) or b.dtype is not dt:
        return NotImplemented
    layout = binary_layout(a.shape, b.shape)
    if layout is None:
        return NotImplemented
    ra, ca, rb, cb, rows, cols = layout
    out = np.empty(np.broadcast_shapes(a.shape, b.shape), dt)
    _ew.ew_binary(op, _contig(a), ra, ca, _contig(b), rb, cb, out, rows, cols)
    return out


def _binary(name):
    op = OPCODES[name]

    def kernel(a, b):
        out = _binary_fast(op, a, b)
        return out if out is not None else _binary_call(op, a, b)
    register(name)(kernel)


for _name in BINARY_KERNELS:
    _binary(_name)

_PROGRAMS = {}


def compiled_program(program):
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
        _ew.ew_fused(compiled_program(program), [_contig(a) for a in arrays], out)
    return out
