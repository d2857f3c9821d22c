"""MindSpore 2.10 ops that are compositions of mindcell's: shrink and scaled activations,
NaN-aware extrema, truncating division, scatter subtraction and segment sums, stacking helpers,
index grids and band masks. Gradients, GRAPH_MODE and dtype rules come from the ops they are
made of; each checks its own arguments first so errors name it."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, check_number, public_name
from mindcell.ops._helpers import check_tensor, is_scalar, scalar_tensor, to_tensor
from mindcell.ops.function._opdoc import array, example, opdoc


def _F():
    from mindcell.ops import functional
    return functional


def _float_tensor(x, op, arg):
    check_tensor(x, op, arg)
    if not x.dtype.is_floating_point:
        raise TypeError("%s: '%s' must be a float Tensor, but got %s"
                        % (public_name(op), arg, x.dtype))
    return x


# ----- activations ------------------------------------------------------------------------------
_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772, 1.0507009873554805


def selu(input_x):
    _float_tensor(input_x, "selu", "input_x")
    # the scale in the input's dtype: a Python float would be a Float32 scalar (83cf832), and
    # MindSpore's Float64 gradient is the exact 1.0507009873554805 (ms-oracle)
    scale = scalar_tensor(_SELU_SCALE, input_x._np_dtype, "selu", "input_x")
    return _F().elu(input_x, _SELU_ALPHA) * scale


selu.__doc__ = opdoc(
    "The scaled exponential linear unit: ``scale * x`` where ``x > 0``, ``scale * alpha * "
    "(exp(x) - 1)`` elsewhere, with ``alpha = 1.6732632...`` and ``scale = 1.0507009...``.",
    ["input_x (Tensor): a float tensor."], "Tensor of ``input_x``'s shape and dtype.",
    ["TypeError: ``input_x`` is not a float Tensor."],
    example("ops.selu(x)", "[-1.1113307  0.         2.101402 ]",
            ["x = " + array([-1.0, 0.0, 2.0])]))


def celu(x, alpha=1.0):
    _float_tensor(x, "celu", "x")
    check_number(alpha, "celu", "alpha")
    if alpha == 0:
        raise ValueError("%s: 'alpha' must not be 0" % public_name("celu"))
    return _F().elu(x / alpha, 1.0) * alpha


celu.__doc__ = opdoc(
    "The continuously differentiable exponential linear unit: ``max(0, x) + min(0, alpha * "
    "(exp(x / alpha) - 1))``.",
    ["x (Tensor): a float tensor.", "alpha (float): the scale, not 0. Default: ``1.0``."],
    "Tensor of ``x``'s shape and dtype.",
    ["TypeError: ``x`` is not a float Tensor or ``alpha`` not a number.",
     "ValueError: ``alpha`` is 0."],
    example("ops.celu(x, 2.0)", "[-0.78693867  0.          2.        ]",
            ["x = " + array([-1.0, 0.0, 2.0])]))


def _check_lambd(lambd, op):
    check_number(lambd, op, "lambd")
    if lambd < 0:
        raise ValueError("%s: 'lambd' must be >= 0, but got %r" % (public_name(op), lambd))


def hardshrink(input, lambd=0.5):
    _float_tensor(input, "hardshrink", "input")
    _check_lambd(lambd, "hardshrink")
    F = _F()
    return F.where(F.abs(input) > lambd, input, F.zeros_like(input))


hardshrink.__doc__ = opdoc(
    "Keeps the elements whose magnitude exceeds ``lambd`` and zeroes the rest.",
    ["input (Tensor): a float tensor.", "lambd (float): the threshold, >= 0. Default: "
     "``0.5``."], "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a float Tensor or ``lambd`` not a number.",
     "ValueError: ``lambd`` is negative."],
    example("ops.hardshrink(x)", "[-1.   0.   0.7]", ["x = " + array([-1.0, 0.3, 0.7])]))


def softshrink(input, lambd=0.5):
    _float_tensor(input, "softshrink", "input")
    _check_lambd(lambd, "softshrink")
    F = _F()
    zero = F.zeros_like(input)
    return F.where(input > lambd, input - lambd, F.where(input < -lambd, input + lambd, zero))


softshrink.__doc__ = opdoc(
    "Moves every element ``lambd`` towards 0, and zeroes those within ``lambd`` of it.",
    ["input (Tensor): a float tensor.", "lambd (float): the shift, >= 0. Default: ``0.5``."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a float Tensor or ``lambd`` not a number.",
     "ValueError: ``lambd`` is negative."],
    example("ops.softshrink(x)", "[-0.5         0.          0.19999999]", ["x = " + array([-1.0, 0.3, 0.7])]))


_INT_DTYPES = tuple(np.dtype(d) for d in (np.int8, np.int16, np.int32, np.int64, np.uint8))


def tanhshrink(input):
    from mindcell.ops._helpers import float_math_operand
    check_tensor(input, "tanhshrink", "input")
    x = float_math_operand(input, "tanhshrink", _INT_DTYPES)  # integers in Float32, as MindSpore
    return x - _F().tanh(x)


tanhshrink.__doc__ = opdoc(
    "``input - tanh(input)``.", ["input (Tensor): the input; integer tensors compute in "
                                 "Float32."],
    "Tensor of ``input``'s shape (float).",
    ["TypeError: ``input`` is not a Tensor, or is a Bool tensor."],
    example("ops.tanhshrink(x)", "[-0.23840582  0.          1.0359724 ]",
            ["x = " + array([-1.0, 0.0, 2.0])]))


def softmin(x, axis=-1, *, dtype=None):
    _float_tensor(x, "softmin", "x")
    return _F().softmax(-x, axis, dtype=dtype)


softmin.__doc__ = opdoc(
    "The softmax of ``-x`` along ``axis``: small elements get the large weights.",
    ["x (Tensor): a float tensor.",
     "axis (Union[int, tuple[int]]): the axis normalised. Default: ``-1``.",
     "dtype (mindcell.dtype): cast ``x`` to it first. Default: ``None``."],
    "Tensor of ``x``'s shape.", ["TypeError: ``x`` is not a float Tensor."],
    example("ops.softmin(x)", "[0.66524094 0.24472848 0.09003057]",
            ["x = " + array([0.0, 1.0, 2.0])]))


def threshold(input, thr, value):
    check_tensor(input, "threshold", "input")
    check_number(thr, "threshold", "thr")
    check_number(value, "threshold", "value")
    F = _F()
    return F.where(input > thr, input, F.full_like(input, value))


threshold.__doc__ = opdoc(
    "``input`` where it is greater than ``thr``, ``value`` elsewhere.",
    ["input (Tensor): the input.", "thr (Union[int, float]): the threshold.",
     "value (Union[int, float]): what replaces the elements at or below it."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a Tensor, or ``thr`` or ``value`` not a number."],
    example("ops.threshold(x, 0.5, -1.0)", "[-1. -1.  2.]", ["x = " + array([0.0, 0.5, 2.0])]))


# ----- NaN-aware extrema, truncating division, scaling by powers of two --------------------------
# the dtypes MindSpore 2.10's FMax/FMin kernels take, after the operands' promotion (a Python
# number adapts to the tensor: Int32 with 2 stays Int32, with 1.5 is Float32; Bool with 2 Int64)
_NAN_AWARE_DTYPES = (np.dtype(np.int32), np.dtype(np.int64), np.dtype(np.float16),
                     np.dtype(np.float32), np.dtype(np.float64))


def _kind(v):
    return v.dtype if isinstance(v, Tensor) else "a Python " + type(v).__name__


def _nan_aware(name, pick):
    def fn(input, other):
        from mindcell.ops.function.math_func import _operands
        F = _F()
        if not (is_scalar(input) and isinstance(other, Tensor)):  # number, Tensor: MindSpore 2.10
            check_tensor(input, name, "input")
        a, b = _operands(input, other, name)
        if a._np_dtype not in _NAN_AWARE_DTYPES:
            raise TypeError("%s: the operands must promote to Int32, Int64, Float16, Float32 or "
                            "Float64, but %s and %s promote to %s"
                            % (public_name(name), _kind(input), _kind(other), a.dtype))
        best = pick(a, b)
        if not a.dtype.is_floating_point:
            return best
        return F.where(F.isnan(a), b * F.ones_like(best),
                       F.where(F.isnan(b), a * F.ones_like(best), best))
    fn.__name__ = fn.__qualname__ = name
    return fn


# a tie passes all of dout to input (MindSpore 2.10, ms-oracle), where maximum splits it
fmax = _nan_aware("fmax", lambda a, b: _F().where(a >= b, a, b))
fmax.__module__ = __name__
fmax.__doc__ = opdoc(
    "The elementwise maximum of ``input`` and ``other``; where one of them is NaN, the other "
    "(NaN only where both are).",
    ["input (Tensor): the first operand.",
     "other (Union[Tensor, int, float, bool]): the second, broadcast against ``input``; a "
     "Python number adapts to the tensor's dtype."],
    "Tensor of the broadcast shape and promoted dtype.",
    ["TypeError: ``input`` is not a Tensor, or the operands promote to a dtype other than "
     "Int32, Int64, Float16, Float32 or Float64 (as MindSpore 2.10's kernel)."],
    example("ops.fmax(x, y)", "[2. 1. 5.]",
            ["x = " + array([1.0, float("nan"), 5.0]).replace("nan", "np.nan"),
             "y = " + array([2.0, 1.0, float("nan")]).replace("nan", "np.nan")]))

fmin = _nan_aware("fmin", lambda a, b: _F().where(a <= b, a, b))
fmin.__module__ = __name__
fmin.__doc__ = opdoc(
    "The elementwise minimum of ``input`` and ``other``; where one of them is NaN, the other "
    "(NaN only where both are).",
    ["input (Tensor): the first operand.",
     "other (Union[Tensor, int, float, bool]): the second, broadcast against ``input``; a "
     "Python number adapts to the tensor's dtype."],
    "Tensor of the broadcast shape and promoted dtype.",
    ["TypeError: ``input`` is not a Tensor, or the operands promote to a dtype other than "
     "Int32, Int64, Float16, Float32 or Float64 (as MindSpore 2.10's kernel)."],
    example("ops.fmin(x, y)", "[1. 1. 5.]",
            ["x = " + array([1.0, float("nan"), 5.0]).replace("nan", "np.nan"),
             "y = " + array([2.0, 1.0, float("nan")]).replace("nan", "np.nan")]))


def truncate_div(x, y):
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        raise TypeError("%s: at least one of 'x' and 'y' must be a Tensor, but got %s and %s"
                        % (public_name("truncate_div"), type(x).__name__, type(y).__name__))
    return _F().div(x, y, rounding_mode="trunc")


truncate_div.__doc__ = opdoc(
    "``x / y`` rounded towards zero, in the promoted dtype.",
    ["x (Union[Tensor, int, float, bool]): the dividend.",
     "y (Union[Tensor, int, float, bool]): the divisor, broadcast against ``x``."],
    "Tensor of the broadcast shape and promoted dtype.",
    ["TypeError: neither ``x`` nor ``y`` is a Tensor."],
    example("ops.truncate_div(x, 2)", "[-3  2  0]", ["x = " + array([-7, 5, 1], "int32")]))


def truncate_mod(x, y):
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        raise TypeError("%s: at least one of 'x' and 'y' must be a Tensor, but got %s and %s"
                        % (public_name("truncate_mod"), type(x).__name__, type(y).__name__))
    return _F().fmod(x, y)


truncate_mod.__doc__ = opdoc(
    "The remainder of the division rounded towards zero: it has the sign of ``x``.",
    ["x (Union[Tensor, int, float, bool]): the dividend.",
     "y (Union[Tensor, int, float, bool]): the divisor, broadcast against ``x``."],
    "Tensor of the broadcast shape and promoted dtype.",
    ["TypeError: neither ``x`` nor ``y`` is a Tensor."],
    example("ops.truncate_mod(x, 3)", "[-1  2  1]", ["x = " + array([-7, 5, 1], "int32")]))


def ldexp(x, other):
    if is_scalar(x) and isinstance(other, Tensor):  # a number times powers of two (MindSpore 2.10)
        x = to_tensor(x, "ldexp", "x")
    check_tensor(x, "ldexp", "x")
    if isinstance(other, (int, float)):  # a Python exponent keeps a float x's dtype (Float16)
        F = _F()
        base = x if x.dtype.is_floating_point else F.cast(x, mstype.float32)
        if isinstance(other, int) and not -2 ** 63 <= other < 2 ** 63:
            # MindSpore 2.10: an exponent beyond int64 is a RuntimeError (ms-oracle)
            raise ValueError("ldexp: 'other' must be an int64 or a float, but got %s" % (other,))
        try:
            scale = 2.0 ** other
        except OverflowError:  # 2 ** 2000: inf, so x * scale is +-inf (0 gives nan) as MindSpore
            scale = float("inf")
        return F.mul(base, scale)
    return _F().mul(x, _F().pow(2.0, other))


ldexp.__doc__ = opdoc(
    "``x * 2 ** other``.",
    ["x (Tensor): the mantissas.",
     "other (Union[Tensor, int]): the exponents, broadcast against ``x``."],
    "Tensor of the broadcast shape (float).", ["TypeError: ``x`` is not a Tensor."],
    example("ops.ldexp(x, e)", "[ 2.  -1.   0.5]",
            ["x = " + array([1.0, -1.0, 1.0]), "e = " + array([1, 0, -1], "int32")]))


# ----- scatter subtraction, segment sums ---------------------------------------------------------
def tensor_scatter_sub(input_x, indices, updates):
    check_tensor(updates, "tensor_scatter_sub", "updates")
    if updates.dtype == mstype.bool_:
        raise TypeError("%s: 'updates' must not be bool (there is no bool subtraction)"
                        % public_name("tensor_scatter_sub"))
    return _F().tensor_scatter_add(input_x, indices, -updates)


tensor_scatter_sub.__doc__ = opdoc(
    "``input_x`` with ``updates`` subtracted at the N-D ``indices`` (repeated indices subtract "
    "every update).",
    ["input_x (Tensor): the tensor updated (a copy is returned).",
     "indices (Tensor): int32 or int64, the last axis indexing ``input_x``.",
     "updates (Tensor): ``indices.shape[:-1] + input_x.shape[indices.shape[-1]:]``."],
    "Tensor of ``input_x``'s shape and dtype.",
    ["TypeError: an argument is not a Tensor or ``indices`` not an int tensor.",
     "ValueError: the shapes do not fit."],
    example("ops.tensor_scatter_sub(x, idx, u)", "[[ 1. -1.]\n [ 3.  4.]]",
            ["x = " + array([[1.0, 2.0], [3.0, 4.0]]), "idx = " + array([[0, 1]], "int32"),
             "u = " + array([3.0])]))


def scatter_update(input_x, indices, updates):
    from mindcell.common.parameter import Parameter
    if not isinstance(input_x, Parameter):
        raise TypeError("%s: 'input_x' must be a Parameter, but got %s"
                        % (public_name("scatter_update"), type(input_x).__name__))
    indices = check_tensor(indices, "scatter_update", "indices")
    return _F().scatter_nd_update(input_x, _F().expand_dims(indices, -1), updates)


scatter_update.__doc__ = opdoc(
    "Writes ``updates`` into the rows of the Parameter ``input_x`` at ``indices`` (its first "
    "axis), in place.",
    ["input_x (Parameter): the Parameter updated.",
     "indices (Tensor): int32 or int64 row indices, any shape.",
     "updates (Tensor): ``indices.shape + input_x.shape[1:]``, ``input_x``'s dtype."],
    "Tensor, the updated value of ``input_x`` (it shares the Parameter's data).",
    ["TypeError: ``input_x`` is not a Parameter or ``indices`` not an int Tensor.",
     "ValueError: the shapes do not fit."],
    example("ops.scatter_update(p, idx, u).asnumpy()", "[[0. 0.]\n [5. 6.]]",
            ["import mindcell as ms", "p = ms.Parameter(" + array([[1.0, 2.0], [3.0, 4.0]])
             + ")", "idx = " + array([1, 0], "int32"),
             "u = " + array([[5.0, 6.0], [0.0, 0.0]])]))


# ----- stacking and splitting --------------------------------------------------------------------
def _tensor_list(inputs, op, arg):
    if isinstance(inputs, Tensor):
        return [inputs], True
    if not isinstance(inputs, (list, tuple)) or not inputs or not all(
            isinstance(t, Tensor) for t in inputs):
        raise TypeError("%s: '%s' must be a Tensor or a non-empty list/tuple of Tensors, but got "
                        "%r" % (public_name(op), arg, inputs))
    return list(inputs), False


def _at_least(ndim, name):
    def fn(inputs):
        tensors, single = _tensor_list(inputs, name, "inputs")
        F, out = _F(), []
        for t in tensors:
            if t.ndim < ndim:  # numpy's rule: (n,) -> (1, n) -> (1, n, 1); (m, n) -> (m, n, 1)
                shape = tuple(t.shape)
                if len(shape) == 0:
                    shape = (1,) * ndim
                elif len(shape) == 1:
                    shape = ((1,) + shape + (1,))[:ndim]
                else:
                    shape = shape + (1,)
                t = F.reshape(t, shape)
            out.append(t)
        return out[0] if single else tuple(out)
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    return fn


atleast_1d, atleast_2d, atleast_3d = (_at_least(n, "atleast_%dd" % n) for n in (1, 2, 3))
for _n, _fn in ((1, atleast_1d), (2, atleast_2d), (3, atleast_3d)):
    _fn.__doc__ = opdoc(
        "Views each input with at least %d dimension%s (a 1-D ``(n,)`` becomes %s)."
        % (_n, "s" if _n > 1 else "", {1: "itself", 2: "``(1, n)``", 3: "``(1, n, 1)``"}[_n]),
        ["inputs (Union[Tensor, list[Tensor], tuple[Tensor]]): the tensors."],
        "Tensor for one input, else a tuple of Tensors.",
        ["TypeError: ``inputs`` is not a Tensor or a sequence of Tensors."],
        example("ops.atleast_%dd(x).shape" % _n, str({1: (3,), 2: (1, 3), 3: (1, 3, 1)}[_n]),
                ["x = " + array([1.0, 2.0, 3.0])]))


def vstack(inputs):
    tensors, _ = _tensor_list(inputs, "vstack", "inputs")
    return _F().concat(atleast_2d(tuple(tensors)), 0)


vstack.__doc__ = opdoc(
    "Stacks the tensors row-wise: 1-D ``(n,)`` inputs become rows ``(1, n)``, then all are "
    "concatenated along axis 0.",
    ["inputs (Union[list[Tensor], tuple[Tensor]]): the tensors, equal beyond axis 0."],
    "Tensor.", ["TypeError: ``inputs`` is not a sequence of Tensors.",
                "ValueError: the shapes do not fit."],
    example("ops.vstack([x, x])", "[[1. 2.]\n [1. 2.]]", ["x = " + array([1.0, 2.0])]))


def row_stack(tensors):
    return vstack(tensors)


row_stack.__doc__ = vstack.__doc__.replace("inputs (", "tensors (").replace(
    "``inputs`` is", "``tensors`` is").replace("ops.vstack(", "ops.row_stack(")


def column_stack(tensors):
    items, _ = _tensor_list(tensors, "column_stack", "tensors")
    F = _F()
    cols = [F.reshape(t, (-1, 1)) if t.ndim < 2 else t for t in items]
    return F.concat(cols, 1)


column_stack.__doc__ = opdoc(
    "Stacks the tensors as columns: 0-D and 1-D inputs become columns ``(n, 1)``, then all "
    "are concatenated along axis 1.",
    ["tensors (Union[list[Tensor], tuple[Tensor]]): the tensors."],
    "Tensor.", ["TypeError: ``tensors`` is not a sequence of Tensors.",
                "ValueError: the shapes do not fit."],
    example("ops.column_stack([x, x])", "[[1. 1.]\n [2. 2.]]", ["x = " + array([1.0, 2.0])]))


def dsplit(input, indices_or_sections):
    check_tensor(input, "dsplit", "input")
    if input.ndim < 3:
        raise ValueError("%s: 'input' must be at least 3-D, but got shape %s"
                         % (public_name("dsplit"), input.shape))
    return _F().tensor_split(input, indices_or_sections, 2)


dsplit.__doc__ = opdoc(
    "Splits ``input`` along its third axis (depth).",
    ["input (Tensor): at least 3-D.", "indices_or_sections (Union[int, tuple[int], "
     "list[int]]): equal sections, or the indices to split before."],
    "tuple[Tensor].", ["TypeError: ``input`` is not a Tensor.",
                       "ValueError: ``input`` has fewer than 3 dimensions."],
    example("ops.dsplit(x, 2)[1].shape", "(1, 1, 1)",
            ["x = " + array([[[1.0, 2.0]]])]))


# ----- index grids, bands, diagonals -------------------------------------------------------------
def _triangle(name, pick):
    def fn(row, col, offset=0, *, dtype=mstype.int64):
        for arg, v in (("row", row), ("col", col), ("offset", offset)):
            check_int(v, name, arg)
        if not (0 <= row < 2 ** 31 and 0 <= col < 2 ** 31 and row * col < 2 ** 31
                and abs(offset) < 2 ** 31):
            raise ValueError("%s: 'row' and 'col' must be >= 0 with fewer than 2**31 elements "
                             "and |offset| < 2**31, but got %d, %d and %d"
                             % (public_name(name), row, col, offset))
        if not isinstance(dtype, mstype.DType) or dtype not in (mstype.int32, mstype.int64):
            raise TypeError("%s: 'dtype' must be int32 or int64, but got %r"
                            % (public_name(name), dtype))
        return Tensor(np.stack(pick(row, offset, col)).astype(dtype.np_dtype).reshape(2, -1))
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    return fn


tril_indices = _triangle("tril_indices", np.tril_indices)
triu_indices = _triangle("triu_indices", np.triu_indices)
for _name, _fn, _out in (("tril", tril_indices, "[[0 1 1]\n [0 0 1]]"),
                         ("triu", triu_indices, "[[0 0 1]\n [0 1 1]]")):
    _fn.__doc__ = opdoc(
        "The (row, column) indices of the %s triangle of a ``row`` x ``col`` matrix, on and "
        "%s the diagonal ``offset``." % ({"tril": "lower", "triu": "upper"}[_name],
                                         {"tril": "below", "triu": "above"}[_name]),
        ["row (int): the rows, >= 0.", "col (int): the columns, >= 0.",
         "offset (int): the diagonal (0 the main one). Default: ``0``.",
         "dtype (mindcell.dtype): int32 or int64. Default: ``mindcell.int64``."],
        "Tensor of shape (2, N): the row indices, then the column indices.",
        ["TypeError: an argument is not an int, or ``dtype`` is not int32/int64.",
         "ValueError: ``row`` or ``col`` is negative."],
        example("ops.%s_indices(2, 2)" % _name, _out))


def matrix_band_part(x, lower, upper):
    check_tensor(x, "matrix_band_part", "x")
    if x.ndim < 2:
        raise ValueError("%s: 'x' must be at least 2-D, but got shape %s"
                         % (public_name("matrix_band_part"), x.shape))
    for name, v in (("lower", lower), ("upper", upper)):
        check_int(v, "matrix_band_part", name)
    m, n = x.shape[-2:]
    i, j = np.arange(m)[:, None], np.arange(n)[None, :]
    keep = ((lower < 0) | (i - j <= lower)) & ((upper < 0) | (j - i <= upper))
    F = _F()
    return F.where(Tensor(keep), x, F.zeros_like(x))


matrix_band_part.__doc__ = opdoc(
    "Zeroes each matrix of ``x`` outside a band: ``lower`` diagonals below the main one and "
    "``upper`` above are kept (a negative count keeps that whole triangle).",
    ["x (Tensor): at least 2-D.", "lower (int): the diagonals kept below.",
     "upper (int): the diagonals kept above."], "Tensor of ``x``'s shape and dtype.",
    ["TypeError: ``x`` is not a Tensor or ``lower``/``upper`` not an int.",
     "ValueError: ``x`` has fewer than 2 dimensions."],
    example("ops.matrix_band_part(x, 0, 1)", "[[1. 1. 0.]\n [0. 1. 1.]\n [0. 0. 1.]]",
            ["x = Tensor(np.ones((3, 3), np.float32))"]))


def sequence_mask(lengths, maxlen=None):
    check_tensor(lengths, "sequence_mask", "lengths")
    if lengths.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'lengths' must be an int32 or int64 Tensor, but got %s"
                        % (public_name("sequence_mask"), lengths.dtype))
    if maxlen is None:
        maxlen = int(lengths.asnumpy().max()) if lengths.size else 0
    check_int(maxlen, "sequence_mask", "maxlen")
    if not 0 < maxlen < 2 ** 31:
        raise ValueError("%s: 'maxlen' must be in (0, 2**31), but got %d"
                         % (public_name("sequence_mask"), maxlen))
    F = _F()
    steps = Tensor(np.arange(maxlen, dtype=lengths.dtype.np_dtype))
    return F.less(steps, F.expand_dims(lengths, -1))


sequence_mask.__doc__ = opdoc(
    "A mask of the first ``lengths[i]`` steps of each sequence: ``mask[..., j] = j < "
    "lengths[...]``.",
    ["lengths (Tensor): int lengths.",
     "maxlen (int): the mask's last dimension; the largest length when ``None``. Default: "
     "``None``."], "Tensor of bool, ``lengths.shape + (maxlen,)``.",
    ["TypeError: ``lengths`` is not a Tensor or ``maxlen`` not an int.",
     "ValueError: ``maxlen`` is not positive."],
    example("ops.sequence_mask(n, 3)", "[[ True False False]\n [ True  True  True]]",
            ["n = " + array([1, 3], "int32")]))


def cartesian_prod(*inputs):
    tensors, _ = _tensor_list(list(inputs), "cartesian_prod", "inputs")
    if any(t.ndim != 1 for t in tensors):
        raise ValueError("%s: every input must be 1-D, but got shapes %s"
                         % (public_name("cartesian_prod"), [t.shape for t in tensors]))
    if len(tensors) == 1:
        return tensors[0]
    F = _F()
    grids = F.meshgrid(*tensors, indexing="ij")
    return F.stack([F.reshape(g, (-1,)) for g in grids], 1)


cartesian_prod.__doc__ = opdoc(
    "Every combination of one element of each input, in row-major order.",
    ["inputs (Tensor): 1-D tensors."], "Tensor of shape (product of the lengths, number of "
    "inputs); a single input is returned as is.",
    ["TypeError: an input is not a Tensor.", "ValueError: an input is not 1-D."],
    example("ops.cartesian_prod(a, b)", "[[1 3]\n [1 4]\n [2 3]\n [2 4]]",
            ["a = " + array([1, 2], "int32"), "b = " + array([3, 4], "int32")]))


def block_diag(*inputs):
    tensors, _ = _tensor_list(list(inputs), "block_diag", "inputs")
    F = _F()
    mats = [F.reshape(t, (1, -1)) if t.ndim < 2 else t for t in tensors]
    if any(m.ndim != 2 for m in mats):
        raise ValueError("%s: inputs must be at most 2-D, but got shapes %s"
                         % (public_name("block_diag"), [t.shape for t in tensors]))
    width = sum(m.shape[1] for m in mats)
    rows, left = [], 0
    for m in mats:
        rows.append(F.pad(m, (left, width - left - m.shape[1])))
        left += m.shape[1]
    return F.concat(rows, 0)


block_diag.__doc__ = opdoc(
    "A block-diagonal matrix of the inputs (0-D and 1-D inputs are 1-row blocks).",
    ["inputs (Tensor): tensors of at most 2 dimensions."],
    "Tensor of shape (sum of rows, sum of columns).",
    ["TypeError: an input is not a Tensor.", "ValueError: an input has more than 2 "
     "dimensions."],
    example("ops.block_diag(a, b)", "[[1. 0. 0.]\n [0. 2. 3.]]",
            ["a = " + array([[1.0]]), "b = " + array([[2.0, 3.0]])]))


def vander(x, N=None):
    check_tensor(x, "vander", "x")
    if x.ndim != 1:
        raise ValueError("%s: 'x' must be 1-D, but got shape %s" % (public_name("vander"),
                                                                   x.shape))
    N = x.shape[0] if N is None else N
    check_int(N, "vander", "N")
    if not 0 <= N < 2 ** 31 or N * x.shape[0] >= 2 ** 31:
        raise ValueError("%s: 'N' must be >= 0 with fewer than 2**31 elements, but got %d"
                         % (public_name("vander"), N))
    F = _F()
    if not x.dtype.is_floating_point:
        x = F.cast(x, mstype.int64)  # integer inputs give Int64, as MindSpore's
    powers = Tensor(np.arange(N - 1, -1, -1).astype(x.dtype.np_dtype))
    return F.pow(F.expand_dims(x, 1), powers)


vander.__doc__ = opdoc(
    "The Vandermonde matrix of ``x``: column ``j`` is ``x ** (N - 1 - j)``.",
    ["x (Tensor): 1-D.", "N (int): the columns; ``len(x)`` when ``None``. Default: ``None``."],
    "Tensor of shape (len(x), N).",
    ["TypeError: ``x`` is not a Tensor or ``N`` not an int.",
     "ValueError: ``x`` is not 1-D or ``N`` is negative."],
    example("ops.vander(x)", "[[1. 1. 1.]\n [4. 2. 1.]\n [9. 3. 1.]]",
            ["x = " + array([1.0, 2.0, 3.0])]))


def _scalar(value, op, arg):
    """A Python number from a number or a one-element Tensor."""
    if isinstance(value, Tensor) and value.size == 1:
        return value.asnumpy().item()
    check_number(value, op, arg)
    return value


def logspace(start, end, steps, base=10, *, dtype=mstype.float32):
    start, end = _scalar(start, "logspace", "start"), _scalar(end, "logspace", "end")
    check_int(steps, "logspace", "steps")
    check_int(base, "logspace", "base")
    if not 0 <= steps < 2 ** 31:
        raise ValueError("%s: 'steps' must be in [0, 2**31), but got %d"
                         % (public_name("logspace"), steps))
    if not isinstance(dtype, mstype.DType) or not dtype.is_floating_point:
        raise TypeError("%s: 'dtype' must be a float dtype, but got %r"
                        % (public_name("logspace"), dtype))
    with np.errstate(all="ignore"):  # inf and overflow follow IEEE, as the kernels do
        values = float(base) ** np.linspace(float(start), float(end), steps)
        return Tensor(values.astype(dtype.np_dtype))


logspace.__doc__ = opdoc(
    "``steps`` numbers evenly spaced on a log scale: ``base ** linspace(start, end, steps)``.",
    ["start (Union[int, float]): the first exponent.",
     "end (Union[int, float]): the last exponent.", "steps (int): how many, >= 0.",
     "base (int): the base. Default: ``10``.",
     "dtype (mindcell.dtype): the result's dtype. Default: ``mindcell.float32``."],
    "Tensor of shape (steps,).",
    ["TypeError: ``steps`` or ``base`` is not an int.", "ValueError: ``steps`` < 0."],
    example("ops.logspace(0, 2, 3)", "[  1.  10. 100.]"))


def aminmax(input, *, axis=0, keepdims=False):
    check_tensor(input, "aminmax", "input")
    F = _F()
    return F.amin(input, axis, keepdims), F.amax(input, axis, keepdims)


aminmax.__doc__ = opdoc(
    "The minimum and the maximum of ``input`` along ``axis``.",
    ["input (Tensor): the input.", "axis (int): the axis reduced. Default: ``0``.",
     "keepdims (bool): keep it with size 1. Default: ``False``."],
    "tuple(Tensor, Tensor): the minima and the maxima.", ["TypeError: ``input`` is not a "
                                                          "Tensor."],
    example("ops.aminmax(x, axis=1)", "(Tensor(shape=[1], dtype=Float32, value= [-1.00000000e+00])"
            ", Tensor(shape=[1], dtype=Float32, value= [ 3.00000000e+00]))",
            ["x = " + array([[2.0, -1.0, 3.0]])]))


def bucketize(input, boundaries, *, right=False):
    check_tensor(input, "bucketize", "input")
    check_bool(right, "bucketize", "right")
    if not isinstance(boundaries, (list, tuple)) or not all(
            isinstance(b, (int, float)) and not isinstance(b, bool) for b in boundaries):
        raise TypeError("%s: 'boundaries' must be a list of numbers, but got %r"
                        % (public_name("bucketize"), boundaries))
    edges = Tensor(np.asarray(boundaries, input.dtype.np_dtype))
    return _F().searchsorted(edges, input, out_int32=True, right=right)


bucketize.__doc__ = opdoc(
    "The index of the bucket of each element: how many ``boundaries`` are below it (at or "
    "below it when ``right``).",
    ["input (Tensor): the values.", "boundaries (list[float]): increasing bucket edges.",
     "right (bool): count the edges equal to an element too. Default: ``False``."],
    "Tensor of int32, ``input``'s shape.",
    ["TypeError: ``input`` is not a Tensor or ``boundaries`` not a list of numbers."],
    example("ops.bucketize(x, [1.0, 5.0])", "[0 0 1 2]", ["x = " + array([0.5, 1.0, 3.0,
                                                                           7.0])]))


__all__ = ["selu", "celu", "hardshrink", "softshrink", "tanhshrink", "softmin", "threshold",
           "fmax", "fmin", "truncate_div", "truncate_mod", "ldexp", "tensor_scatter_sub",
           "scatter_update", "atleast_1d", "atleast_2d", "atleast_3d",
           "vstack", "row_stack", "column_stack", "dsplit", "tril_indices", "triu_indices",
           "matrix_band_part", "sequence_mask", "cartesian_prod", "block_diag", "vander",
           "logspace", "aminmax", "bucketize"]
