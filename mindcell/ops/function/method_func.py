"""The ``ops`` functions MindSpore 2.10 has for operations mindcell implements as Tensor methods
(``ops.index_select(x, 1, i)`` is ``x.index_select(1, i)`` in both libraries), and the other way
round, the Tensor methods MindSpore has for ops functions of mindcell (``x.fmax(y)``).

Each face is generated from one record: MindSpore's signature of the function (parameter names,
order, defaults and keyword-only marks), the method it runs, how MindSpore's parameter names map
onto the method's, and the doc. A face is a real module-level function (``repr`` shows
``mindcell.ops.<name>``, pickle finds it) that checks its first argument is a Tensor, binds the
call to MindSpore's signature (so a wrong or unknown argument is an error naming the op) and
calls the method: the method keeps the one definition of the op's checks, kernel and gradient.
"""
import inspect

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.dtype import is_integer
from mindcell.ops._helpers import check_tensor


class MethodFace:
    """The record of one face.

    Args:
        name (str): the ``ops`` name, which is also the method's unless ``method`` says otherwise.
        signature (str): MindSpore 2.10's parameter list, e.g. ``"(input, axis, index)"``.
        summary (str): the doc's first paragraph.
        args (dict[str, str]): the doc of each parameter, ``"type: meaning"``.
        returns (str): the doc's Returns line.
        example (tuple[str, str]): an expression on ``x`` (``Tensor(np.arange(6.0).reshape(2,
            3))``) and what printing it shows.
        rename (dict[str, str]): MindSpore parameter name -> the method's, where they differ.
        spread (str): the one parameter whose value the method takes as ``*args``.
        method (str): the method's name when it differs from ``name``.
        bools (tuple[str]): int parameters that take a bool as 0/1 here while the method refuses
            it (MindSpore 2.10: ``ops.index_select(x, True, i)`` is axis 1,
            ``x.index_select(True, i)`` a TypeError).
    """

    def __init__(self, name, signature, summary, args, returns, example, rename=None,
                 spread=None, method=None, bools=()):
        self.name, self.signature, self.summary = name, signature, summary
        self.args, self.returns, self.example = args, returns, example
        self.rename, self.spread, self.method = rename or {}, spread, method or name
        self.bools = bools


def _signature(text):
    """An inspect.Signature from MindSpore's recorded parameter list (defaults are literals or
    ``mindspore.<dtype>``)."""
    import mindcell
    return inspect.signature(eval("lambda %s: None" % text[1:-1], {"mindspore": mindcell}))


def _doc(face, first):
    args = "\n".join("        %s (%s): %s" % (p, *face.args[p].split(": ", 1))
                     for p in _signature(face.signature).parameters)
    expr, shown = face.example
    return ("%s\n\n    Same as ``%s.%s(...)``.\n\n    Args:\n%s\n\n    Returns:\n        %s\n\n"
            "    Raises:\n        TypeError: ``%s`` is not a Tensor, or an argument is not one of "
            "the above.\n\n    Examples:\n        >>> import numpy as np\n"
            "        >>> from mindcell import Tensor, ops\n"
            "        >>> x = Tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))\n"
            "        >>> print(%s)\n        %s\n"
            % (face.summary, first, face.method, args, face.returns, first, expr,
               shown.replace("\n", "\n        ")))


def _sequence(value, op, arg):
    if isinstance(value, Tensor) and value.ndim == 1 and is_integer(value.dtype):
        return tuple(value.asnumpy().tolist())
    if isinstance(value, (tuple, list)):
        return tuple(value)
    raise TypeError("ops.%s: '%s' must be a tuple, list or 1-D int Tensor, but got %r"
                    % (op, arg, value))


def _make(face):
    sig = _signature(face.signature)
    params = list(sig.parameters.values())
    first = params[0].name
    method_name, rename, spread, name = face.method, face.rename, face.spread, face.name
    bools = face.bools

    def call(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError("ops.%s: %s; its parameters are %s" % (name, e, sig)) from None
        bound.apply_defaults()
        values = dict(bound.arguments)
        self = check_tensor(values.pop(first), name, first)
        for arg in bools:
            if isinstance(values[arg], (bool, np.bool_)):
                values[arg] = int(values[arg])
        method = getattr(Tensor, method_name)
        try:
            if spread is not None:  # the method takes this one as *args (Tensor.expand(*shape))
                return method(self, *_sequence(values.pop(spread), name, spread))
            return method(self, **{rename.get(k, k): v for k, v in values.items()})
        except (TypeError, ValueError) as e:
            if ("ops.%s:" % name) in str(e):
                raise
            # name the function the user called, not the method that checked the argument
            raise type(e)("ops.%s: %s" % (name, e)) from None

    call.__name__ = call.__qualname__ = name
    call.__module__ = "mindcell.ops"  # where pickle and repr find it (ops re-exports it)
    call.__signature__ = sig
    call.__doc__ = _doc(face, first)
    return call


_X = "Tensor: the input."
_T = "Tensor, ``x``'s dtype."
FACES = [
    MethodFace("addbmm", "(input, batch1, batch2, *, beta=1, alpha=1)",
               "``beta * input + alpha`` times the sum over the batch of ``batch1 @ batch2``.",
               {"input": "Tensor: added, broadcast to (n, p).",
                "batch1": "Tensor: (b, n, m).", "batch2": "Tensor: (b, m, p).",
                "beta": "Union[int, float]: the factor of ``input``. Default: ``1``.",
                "alpha": "Union[int, float]: the factor of the product. Default: ``1``."},
               "Tensor of shape (n, p).",
               ("ops.addbmm(x[:, :2], x.reshape(1, 2, 3), x.reshape(1, 3, 2))",
                "[[10. 14.]\n [31. 44.]]")),
    MethodFace("addmm", "(input, mat1, mat2, *, beta=1, alpha=1)",
               "``beta * input + alpha * (mat1 @ mat2)``.",
               {"input": "Tensor: added, broadcast to (n, p).", "mat1": "Tensor: (n, m).",
                "mat2": "Tensor: (m, p).",
                "beta": "Union[int, float]: the factor of ``input``. Default: ``1``.",
                "alpha": "Union[int, float]: the factor of the product. Default: ``1``."},
               "Tensor of shape (n, p).",
               ("ops.addmm(x[:, :2], x, x.T, beta=0.5)", "[[ 5.  14.5]\n [15.5 52. ]]")),
    MethodFace("addmv", "(input, mat, vec, *, beta=1, alpha=1)",
               "``beta * input + alpha * (mat @ vec)``.",
               {"input": "Tensor: added, broadcast to (n,).", "mat": "Tensor: (n, m).",
                "vec": "Tensor: (m,).",
                "beta": "Union[int, float]: the factor of ``input``. Default: ``1``.",
                "alpha": "Union[int, float]: the factor of the product. Default: ``1``."},
               "Tensor of shape (n,).", ("ops.addmv(x[:, 0], x, x[0])", "[ 5. 17.]")),
    MethodFace("baddbmm", "(input, batch1, batch2, beta=1, alpha=1)",
               "``beta * input + alpha * (batch1 @ batch2)`` for each matrix of the batch.",
               {"input": "Tensor: added, broadcast to (b, n, p).",
                "batch1": "Tensor: (b, n, m).", "batch2": "Tensor: (b, m, p).",
                "beta": "Union[int, float]: the factor of ``input``. Default: ``1``.",
                "alpha": "Union[int, float]: the factor of the product. Default: ``1``."},
               "Tensor of shape (b, n, p).",
               ("ops.baddbmm(x[:1, :2], x.reshape(1, 2, 3), x.reshape(1, 3, 2), alpha=2)",
                "[[[20. 27.]\n  [56. 81.]]]")),
    MethodFace("bincount", "(input, weights=None, minlength=0)",
               "How often each value of a 1-D non-negative int Tensor occurs (or the sum of "
               "its ``weights``).",
               {"input": "Tensor: 1-D, non-negative integers.",
                "weights": "Tensor: one weight per element of ``input``. Default: ``None``.",
                "minlength": "int: the least length of the result. Default: ``0``."},
               "Tensor of length ``max(input) + 1`` at least ``minlength``.",
               ("ops.bincount(Tensor(np.array([0, 2, 2, 3])), minlength=6)", "[1. 0. 2. 1. 0. 0.]")),
    MethodFace("clamp_", "(input, min=None, max=None)",
               "Clamps ``input`` into [min, max] in place.",
               {"input": "Tensor: updated in place.",
                "min": "Union[Tensor, float, int]: the lower bound. Default: ``None``.",
                "max": "Union[Tensor, float, int]: the upper bound. Default: ``None``."},
               "Tensor, ``input`` itself.", ("ops.clamp_(x, 1, 4)", "[[1. 1. 2.]\n [3. 4. 4.]]")),
    MethodFace("count_nonzero", "(x, axis=(), keep_dims=False, dtype=mindspore.int32)",
               "The number of nonzero elements along ``axis`` (all axes by default).",
               {"x": _X, "axis": "Union[int, tuple[int]]: the axes to count along; ``()`` is "
                "all. Default: ``()``.",
                "keep_dims": "bool: keep the counted axes with size 1. Default: ``False``.",
                "dtype": "mindspore.dtype: the result's dtype. Default: ``mindspore.int32``."},
               "Tensor of ``dtype``.", ("ops.count_nonzero(x, axis=1)", "[2 3]")),
    MethodFace("diagonal", "(input, offset=0, dim1=0, dim2=1)",
               "The diagonal of the matrices in the plane of ``dim1`` and ``dim2``.",
               {"input": _X, "offset": "int: above (> 0) or below (< 0) the main diagonal. "
                "Default: ``0``.", "dim1": "int: the first axis. Default: ``0``.",
                "dim2": "int: the second axis. Default: ``1``."},
               "Tensor, those axes replaced by a last one of the diagonal's length.",
               ("ops.diagonal(x, 1)", "[1. 5.]"), rename={"dim1": "axis1", "dim2": "axis2"}),
    MethodFace("erfinv_", "(input)", "Replaces ``input`` with its inverse error function.",
               {"input": "Tensor: float, in (-1, 1), updated in place."},
               "Tensor, ``input`` itself.", ("ops.erfinv_(x / 10)",
                                            "[[0.         0.088856   0.17914344]\n"
                                            " [0.27246273 0.37080717 0.47693628]]")),
    MethodFace("expand", "(input_x, size)", "Broadcasts ``input_x`` to ``size``.",
               {"input_x": _X, "size": "Union[tuple[int], Tensor]: the new shape; -1 keeps a "
                "dimension."}, "Tensor of shape ``size``.",
               ("ops.expand(x[:1], (2, 3))", "[[0. 1. 2.]\n [0. 1. 2.]]"), spread="size"),
    MethodFace("expand_as", "(input, other)", "Broadcasts ``input`` to ``other``'s shape.",
               {"input": _X, "other": "Tensor: the tensor whose shape is taken."},
               "Tensor of ``other``'s shape.",
               ("ops.expand_as(x[:, :1], x)", "[[0. 0. 0.]\n [3. 3. 3.]]")),
    MethodFace("fliplr", "(input)", "Reverses the order of the columns (axis 1).",
               {"input": "Tensor: at least 2-D."}, _T,
               ("ops.fliplr(x)", "[[2. 1. 0.]\n [5. 4. 3.]]")),
    MethodFace("flipud", "(input)", "Reverses the order of the rows (axis 0).",
               {"input": "Tensor: at least 1-D."}, _T,
               ("ops.flipud(x)", "[[3. 4. 5.]\n [0. 1. 2.]]")),
    MethodFace("histc", "(input, bins=100, min=0.0, max=0.0)",
               "The histogram of ``input`` in ``bins`` equal bins over [min, max] (the data's "
               "range when both are 0).",
               {"input": _X, "bins": "int: the number of bins. Default: ``100``.",
                "min": "float: the lower end. Default: ``0.0``.",
                "max": "float: the upper end. Default: ``0.0``."},
               "Tensor of ``bins`` counts, ``input``'s dtype.",
               ("ops.histc(x, bins=3)", "[2. 2. 2.]")),
    MethodFace("hsplit", "(input, indices_or_sections)",
               "Splits ``input`` along its columns (axis 1; axis 0 for 1-D).",
               {"input": _X, "indices_or_sections": "Union[int, tuple[int], list[int]]: equal "
                "sections, or the indices to split before."}, "tuple[Tensor].",
               ("ops.hsplit(x, 3)[2]", "[[2.]\n [5.]]")),
    MethodFace("index_fill", "(x, axis, index, value)",
               "``x`` with the slices at ``index`` along ``axis`` set to ``value``.",
               {"x": _X, "axis": "int: the axis.", "index": "Tensor: 1-D int indices.",
                "value": "Union[Tensor, float, int, bool]: the value written."}, _T,
               ("ops.index_fill(x, 1, Tensor(np.array([0, 2], np.int32)), -1.0)",
                "[[-1.  1. -1.]\n [-1.  4. -1.]]")),
    MethodFace("index_select", "(input, axis, index)",
               "The slices of ``input`` at ``index`` along ``axis``.",
               {"input": _X, "axis": "int: the axis.", "index": "Tensor: 1-D int indices."},
               "Tensor, ``axis`` of length ``len(index)``.",
               ("ops.index_select(x, 1, Tensor(np.array([2, 0], np.int32)))",
                "[[2. 0.]\n [5. 3.]]"), bools=("axis",)),
    MethodFace("inner", "(input, other)",
               "The inner product over the last axes of ``input`` and ``other``.",
               {"input": _X, "other": "Tensor: its last axis matches ``input``'s."},
               "Tensor of shape ``input.shape[:-1] + other.shape[:-1]``.",
               ("ops.inner(x, x)", "[[ 5. 14.]\n [14. 50.]]")),
    MethodFace("is_complex", "(input)", "Whether ``input``'s dtype is complex.",
               {"input": _X}, "bool.", ("ops.is_complex(x)", "False")),
    MethodFace("is_floating_point", "(input)",
               "Whether ``input``'s dtype is a floating-point one.", {"input": _X}, "bool.",
               ("ops.is_floating_point(x)", "True")),
    MethodFace("isneginf", "(input)", "Where ``input`` is negative infinity.", {"input": _X},
               "Tensor of bool.", ("ops.isneginf(-1 / x[0])", "[ True False False]")),
    MethodFace("isposinf", "(input)", "Where ``input`` is positive infinity.", {"input": _X},
               "Tensor of bool.", ("ops.isposinf(1 / x[0])", "[ True False False]")),
    MethodFace("isreal", "(input)", "Where ``input`` is real (always, for a real dtype).",
               {"input": _X}, "Tensor of bool.", ("ops.isreal(x[0])", "[ True  True  True]")),
    MethodFace("moveaxis", "(x, source, destination)",
               "Moves the axes ``source`` of ``x`` to the positions ``destination``.",
               {"x": _X, "source": "Union[int, tuple[int]]: the axes to move.",
                "destination": "Union[int, tuple[int]]: where they go."},
               "Tensor, the same elements with the axes reordered.",
               ("ops.moveaxis(x, 0, 1).shape", "(3, 2)")),
    MethodFace("msort", "(input)", "``input`` sorted along its first axis.", {"input": _X}, _T,
               ("ops.msort(ops.flipud(x))", "[[0. 1. 2.]\n [3. 4. 5.]]")),
    MethodFace("nansum", "(input, axis=None, keepdims=False, *, dtype=None)",
               "The sum over ``axis`` treating NaN as zero.",
               {"input": _X, "axis": "Union[int, tuple[int]]: the axes; all when ``None``. "
                "Default: ``None``.", "keepdims": "bool: keep the summed axes with size 1. "
                "Default: ``False``.", "dtype": "mindspore.dtype: the result's dtype. Default: "
                "``None``."},
               "Tensor.", ("ops.nansum(x, axis=0)", "[3. 5. 7.]")),
    MethodFace("normal_", "(input, mean=0, std=1, *, generator=None)",
               "Fills ``input`` in place with samples of a normal distribution.",
               {"input": "Tensor: float, updated in place.",
                "mean": "Union[float, Tensor]: the mean. Default: ``0``.",
                "std": "Union[float, Tensor]: the standard deviation. Default: ``1``.",
                "generator": "mindcell.Generator: the random state drawn from; the global one "
                "when ``None``. Default: ``None``."},
               "Tensor, ``input`` itself.", ("ops.normal_(x, 0.0, 2.0).shape", "(2, 3)")),
    MethodFace("numel", "(input)", "The number of elements of ``input``.", {"input": _X}, "int.",
               ("ops.numel(x)", "6")),
    MethodFace("random_", "(input, from_=0, to=None, *, generator=None)",
               "Fills ``input`` in place with integers drawn uniformly from [from_, to).",
               {"input": "Tensor: updated in place.",
                "from_": "int: the lower end. Default: ``0``.",
                "to": "int: the upper end (excluded); the largest value of ``input``'s dtype "
                "when ``None``. Default: ``None``.",
                "generator": "mindcell.Generator: the random state drawn from; the global one "
                "when ``None``. Default: ``None``."},
               "Tensor, ``input`` itself.", ("ops.random_(x, 0, 5).shape", "(2, 3)")),
    MethodFace("rot90", "(input, k, dims)",
               "``input`` rotated by 90 degrees ``k`` times in the plane of ``dims``.",
               {"input": "Tensor: at least 2-D.", "k": "int: the number of turns.",
                "dims": "Union[list[int], tuple[int]]: the two axes of the plane."}, _T,
               ("ops.rot90(x, 1, (0, 1))", "[[2. 5.]\n [1. 4.]\n [0. 3.]]")),
    MethodFace("t", "(input)", "The transpose of a matrix (a 1-D tensor is returned as is).",
               {"input": "Tensor: 1-D or 2-D."}, _T, ("ops.t(x).shape", "(3, 2)")),
    MethodFace("tanh_", "(input)", "Replaces ``input`` with its hyperbolic tangent.",
               {"input": "Tensor: float, updated in place."}, "Tensor, ``input`` itself.",
               ("ops.tanh_(x - x)", "[[0. 0. 0.]\n [0. 0. 0.]]")),
    MethodFace("type_as", "(input, other)", "``input`` converted to ``other``'s dtype.",
               {"input": _X, "other": "Tensor: the tensor whose dtype is taken."},
               "Tensor of ``other``'s dtype.",
               ("ops.type_as(x, Tensor(np.array([1], np.int32))).dtype", "Int32")),
    MethodFace("unbind", "(input, dim=0)", "The slices of ``input`` along ``dim``.",
               {"input": _X, "dim": "int: the axis removed. Default: ``0``."},
               "tuple[Tensor], one per index of ``dim``.", ("ops.unbind(x, 1)[1]", "[1. 4.]")),
    MethodFace("uniform_", "(input, from_=0, to=1, *, generator=None)",
               "Fills ``input`` in place with samples of a uniform distribution on [from_, to).",
               {"input": "Tensor: float, updated in place.",
                "from_": "Union[float, Tensor]: the lower end. Default: ``0``.",
                "to": "Union[float, Tensor]: the upper end. Default: ``1``.",
                "generator": "mindcell.Generator: the random state drawn from; the global one "
                "when ``None``. Default: ``None``."},
               "Tensor, ``input`` itself.", ("ops.uniform_(x, -1.0, 1.0).shape", "(2, 3)")),
    MethodFace("view_as", "(input, other)", "``input`` reshaped to ``other``'s shape.",
               {"input": _X, "other": "Tensor: the tensor whose shape is taken."},
               "Tensor of ``other``'s shape.", ("ops.view_as(x, x.T).shape", "(3, 2)")),
    MethodFace("vsplit", "(input, indices_or_sections)",
               "Splits ``input`` along its rows (axis 0).",
               {"input": "Tensor: at least 2-D.", "indices_or_sections": "Union[int, "
                "tuple[int], list[int]]: equal sections, or the indices to split before."},
               "tuple[Tensor].", ("ops.vsplit(x, 2)[1]", "[[3. 4. 5.]]")),
    MethodFace("zero_", "(input)", "Fills ``input`` with zeros in place.",
               {"input": "Tensor: updated in place."}, "Tensor, ``input`` itself.",
               ("ops.zero_(x[0])", "[0. 0. 0.]")),
]

_made = {face.name: _make(face) for face in FACES}
globals().update(_made)
__all__ = sorted(_made)
del _made


# MindSpore 2.10's Tensor methods whose signature is their ops function's without its first
# parameter: each method calls the function with ``self`` first.
FUNCTIONS_AS_METHODS = ("aminmax", "dsplit", "fmax", "fmin", "fold", "hardshrink", "igamma",
                        "imag", "ldexp", "multinomial", "real", "top_k", "scatter_div",
                        "scatter_max", "scatter_min", "scatter_mul", "unsorted_segment_max",
                        "unsorted_segment_min", "unsorted_segment_prod",
                        # the ops functions of this session's MindSpore docstring-example round
                        "addr", "bitwise_left_shift", "bitwise_right_shift", "cholesky_inverse",
                        "cholesky_solve", "diagflat", "diagonal_scatter", "ger", "igammac",
                        "inplace_update", "logdet", "lstsq", "matrix_power", "mvlgamma",
                        "nanmedian", "select_scatter", "slice_scatter", "slogdet",
                        "unique_consecutive", "unique_with_pad",
                        # the complex-number round
                        "eigvals")


def _method_from_function(name):
    from mindcell import ops
    fn = getattr(ops, name)
    sig = inspect.signature(fn)

    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method._ops_function = fn  # the one definition the method calls (tests derive from it)
    method.__signature__ = sig.replace(parameters=[
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        *list(sig.parameters.values())[1:]])
    method.__doc__ = "%s%s: ``ops.%s(self, ...)``; see :func:`mindcell.ops.%s`." % (
        name, str(method.__signature__).replace("(self, ", "(").replace("(self)", "()"),
        name, name)
    return method


def install_methods():
    """Called by ``mindcell.ops`` once it is complete; a method Tensor defines is kept."""
    for name in FUNCTIONS_AS_METHODS:
        if not hasattr(Tensor, name):
            setattr(Tensor, name, _method_from_function(name))
