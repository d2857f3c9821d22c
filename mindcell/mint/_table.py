"""The records of ``mindcell.mint``: one :class:`Face` per MindSpore 2.10 ``mindspore.mint``
function (its signature as MindSpore reports it, or as its document states it where MindSpore's
overloaded functions report ``(*args, **kwargs)``)."""
from mindcell import ops
from mindcell.ops._errors import check_not_bool
from mindcell.mint import _impl as I
from mindcell.mint._face import Face
from mindcell.ops.function.array_func import scatter_add_ext

_X = "x = Tensor(np.array([[1., -2., 3.], [4., 5., -6.]], np.float32))\n"
_XI = "x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))\n"
_V = "x = Tensor(np.array([0.25, 0.5, 1.], np.float32))\n"
_DIM = {"dim": "axis"}
_RED = {"dim": "axis", "keepdim": "keep_dims"}


def _unary(name, op, summary, example=_V, arg="input", op_arg="input"):
    return Face(name, "(%s)" % arg, op, rename={arg: op_arg} if arg != op_arg else None,
                summary=summary, example=example + "mint.%s(x)" % name)


def _binary(name, op, summary, example=_X + "mint.%s(x, 2.)"):
    return Face(name, "(input, other)", op, summary=summary,
                example=example % name if "%s" in example else example)


def _reduce(name, op, summary, sig="(input, dim=None, keepdim=False)", rename=_RED):
    return Face(name, sig, op, rename=rename, summary=summary,
                example=_X + "mint.%s(x, dim=1)" % name)


_UNARY = [
    ("acos", ops.acos, "The arc cosine of each element."),
    ("arccos", ops.arccos, "Alias of :func:`acos`."),
    ("acosh", ops.acosh, "The inverse hyperbolic cosine of each element."),
    ("arccosh", ops.arccosh, "Alias of :func:`acosh`."),
    ("asin", ops.asin, "The arc sine of each element."),
    ("asinh", ops.asinh, "The inverse hyperbolic sine of each element."),
    ("arcsinh", ops.arcsinh, "Alias of :func:`asinh`."),
    ("atan", ops.atan, "The arc tangent of each element."),
    ("arctan", ops.arctan, "Alias of :func:`atan`."),
    ("exp2", ops.exp2, "2 to the power of each element."),
    ("log10", ops.log10, "The base-10 logarithm of each element."),
    ("log2", ops.log2, "The base-2 logarithm of each element."),
    ("isfinite", ops.isfinite, "Whether each element is finite."),
    ("fix", ops.fix, "Each element rounded toward zero (alias of :func:`trunc`)."),
]

_BINARY = [
    ("mul", ops.mul, "The product of ``input`` and ``other``, elementwise with broadcasting."),
    ("eq", ops.eq, "Whether ``input == other``, elementwise."),
    ("not_equal", ops.not_equal, "Alias of :func:`ne`."),
    ("ge", ops.ge, "Whether ``input >= other``, elementwise."),
    ("greater_equal", ops.greater_equal, "Alias of :func:`ge`."),
    ("lt", ops.lt, "Whether ``input < other``, elementwise."),
    ("less", ops.less, "Alias of :func:`lt`."),
    ("atan2", ops.atan2, "The arc tangent of ``input / other`` in the right quadrant."),
    ("arctan2", ops.arctan2, "Alias of :func:`atan2`."),
    ("fmod", ops.fmod, "The remainder of ``input / other`` with the sign of ``input``."),
    ("remainder", ops.remainder, "The remainder of ``input / other`` with the sign of "
                                 "``other``."),
    ("floor_divide", ops.floor_divide, "``floor(input / other)``, elementwise."),
    ("xlogy", ops.xlogy, "``input * log(other)``, 0 where ``input`` is 0."),
]
# two float Tensors (MindSpore 2.10 refuses a Python number operand)
_TENSOR_BINARY = [
    ("logaddexp", ops.logaddexp, "``log(exp(input) + exp(other))``, computed stably."),
    ("logaddexp2", ops.logaddexp2, "``log2(2**input + 2**other)``, computed stably."),
]
_INT_BINARY = [
    ("bitwise_and", ops.bitwise_and, "Bitwise AND of integer or bool tensors."),
    ("bitwise_or", ops.bitwise_or, "Bitwise OR of integer or bool tensors."),
    ("bitwise_xor", ops.bitwise_xor, "Bitwise XOR of integer or bool tensors."),
]
_MAT = _X + "y = Tensor(np.ones((3, 2), np.float32))\n"

FACES = [_unary(n, op, s) for n, op, s in _UNARY] + [
    _unary("arcsin", ops.arcsin, "Alias of :func:`asin`.", arg="x", op_arg="x"),
    _unary("frac", ops.frac, "The fractional part of each element (sign kept).", op_arg="x"),
    _unary("sqrt", ops.sqrt, "The square root of each element (integers give float32).",
           op_arg="x"),
    Face("isnan", "(tensor)", ops.isnan, rename={"tensor": "input"},
         checks={"tensor": I.number_as_tensor},
         summary="Whether each element is NaN; a Python or numpy number gives a 0-d Bool "
                 "tensor (as MindSpore 2.10's mint.isnan(2.0)).",
         example=_V + "mint.isnan(x)"),
    _unary("trace", ops.trace, "The sum of a matrix's main diagonal.", _X),
    _unary("bitwise_not", ops.bitwise_not, "Bitwise NOT of an integer or bool tensor.", _XI),
] + [_binary(n, op, s) for n, op, s in _BINARY] + [
    _binary(n, op, s, _X + "mint.%s(x, Tensor(np.full((2, 3), 2., np.float32)))")
    for n, op, s in _TENSOR_BINARY] + [
    _binary(n, op, s, _XI + "mint.%s(x, Tensor(np.array([2, 3, 4], np.int32)))")
    for n, op, s in _INT_BINARY] + [
    _binary("dot", ops.dot, "The inner product of two 1-D tensors.", _V + "mint.dot(x, x)"),
    Face("outer", "(input, vec2)", ops.outer, summary="The outer product of two 1-D tensors.",
         args={"vec2": "Tensor, 1-D."}, example=_V + "mint.outer(x, x)"),
    Face("mm", "(input, mat2)", ops.matmul, rename={"mat2": "other"},
         summary="The product of two matrices.", example=_MAT + "mint.mm(x, y)"),
    Face("bmm", "(input, mat2)", ops.bmm, rename={"input": "input_x"},
         summary="The batched matrix product of two 3-D tensors.",
         example="x = Tensor(np.ones((2, 2, 3), np.float32))\nmint.bmm(x, x.swapaxes(1, 2))"),
    Face("add", "(input, other, *, alpha=1)", impl=I.add,
         summary="``input + alpha * other``, elementwise with broadcasting.",
         example=_X + "mint.add(x, x, alpha=2)"),
    Face("sub", "(input, other, *, alpha=1)", impl=I.sub,
         summary="``input - alpha * other``, elementwise with broadcasting.",
         example=_X + "mint.sub(x, 1., alpha=2)"),
    Face("div", "(input, other, *, rounding_mode=None)", ops.div,
         summary="``input / other`` (integers give float32); ``rounding_mode`` 'floor' or "
                 "'trunc' rounds the quotient and keeps integer dtypes.",
         args={"rounding_mode": "Union[str, None], None, 'floor' or 'trunc'."},
         example=_XI + "mint.div(x, 4, rounding_mode='floor')"),
    Face("pow", "(input, exponent)", ops.pow, summary="``input`` to the power ``exponent``.",
         example=_XI + "mint.pow(x, 2)"),
    Face("float_power", "(input, exponent)", ops.float_power,
         summary="``input ** exponent`` computed in float64.",
         example=_XI + "mint.float_power(x, 2)"),
    Face("clamp", "(input, min=None, max=None)", ops.clamp,
         summary="Each element limited to ``[min, max]``.",
         args={"min": "Union[Tensor, number, None], the lower bound.",
               "max": "Union[Tensor, number, None], the upper bound."},
         example=_X + "mint.clamp(x, -1., 2.)"),
    Face("clip", "(input, min=None, max=None)", ops.clamp, summary="Alias of :func:`clamp`.",
         args={"min": "Union[Tensor, number, None], the lower bound.",
               "max": "Union[Tensor, number, None], the upper bound."},
         example=_X + "mint.clip(x, max=0.)"),
    Face("where", "(condition, input, other)", ops.where,
         summary="Elements of ``input`` where ``condition`` holds, else of ``other``.",
         args={"condition": "Tensor, bool."}, example=_X + "mint.where(x > 0, x, 0.)"),
    Face("lerp", "(input, end, weight)", ops.lerp,
         summary="``input + weight * (end - input)``.",
         args={"end": "Tensor, the end points.", "weight": "Union[Tensor, float], the weight."},
         example=_V + "mint.lerp(x, x * 2, 0.5)"),
    Face("softmax", "(input, dim, *, dtype=None)", impl=I.softmax,
         summary="``exp(input) / sum(exp(input))`` along ``dim`` (float inputs; computed in "
                 "``dtype`` when given).", example=_X + "mint.softmax(x, 1)"),
    # reductions
    Face("sum", "(input, dim=None, keepdim=False, *, dtype=None)", ops.sum,
         summary="The sum over ``dim`` (all dims when None); ints and bools sum to int64.",
         example=_X + "mint.sum(x, dim=1)"),
    Face("mean", "(input, dim=None, keepdim=False, *, dtype=None)", impl=I.mean,
         summary="The mean over ``dim`` (all dims when None), computed in ``dtype`` when given.",
         example=_X + "mint.mean(x, 1, keepdim=True)"),
    Face("prod", "(input, dim=None, keepdim=False, *, dtype=None)", impl=I.prod,
         summary="The product over ``dim`` (all dims when None).", example=_X + "mint.prod(x, 0)"),
    _reduce("all", ops.all, "Whether all elements over ``dim`` are true."),
    _reduce("any", ops.any, "Whether any element over ``dim`` is true."),
    _reduce("amax", ops.amax, "The maximum over ``dim`` (all dims for ``()``).",
            "(input, dim=(), keepdim=False)", {"dim": "axis", "keepdim": "keepdims"}),
    _reduce("amin", ops.amin, "The minimum over ``dim`` (all dims for ``()``).",
            "(input, dim=(), keepdim=False)", {"dim": "axis", "keepdim": "keepdims"}),
    Face("argmax", "(input, dim=None, keepdim=False)", impl=I.argmax,
         summary="The int64 index of the maximum over ``dim`` (of the flattened input when "
                 "None).", example=_X + "mint.argmax(x, dim=1)"),
    Face("argmin", "(input, dim=None, keepdim=False)", impl=I.argmin,
         summary="The int64 index of the minimum over ``dim`` (of the flattened input when "
                 "None).", example=_X + "mint.argmin(x, dim=1)"),
    Face("max", "(input, dim=None, keepdim=False)", impl=I.reduce_max,
         summary="``max(input)``: the maximum; ``max(input, dim, keepdim=False)``: (values, "
                 "int64 indices) over ``dim``; ``max(input, other)``: :func:`maximum`.",
         args={"dim": "Union[int, Tensor, None], the dimension, or the Tensor ``other``."},
         example=_X + "mint.max(x, 1)"),
    Face("min", "(input, dim=None, keepdim=False)", impl=I.reduce_min,
         summary="``min(input)``: the minimum; ``min(input, dim, keepdim=False)``: (values, "
                 "int64 indices) over ``dim``; ``min(input, other)``: :func:`minimum`.",
         args={"dim": "Union[int, Tensor, None], the dimension, or the Tensor ``other``."},
         example=_X + "mint.min(x, 1)"),
    Face("logsumexp", "(input, dim, keepdim=False)", ops.logsumexp,
         summary="``log(sum(exp(input)))`` over ``dim``, computed stably.",
         example=_X + "mint.logsumexp(x, 1)"),
    Face("std", "(input, dim=None, *, correction=1, keepdim=False)", impl=I.std,
         summary="The standard deviation over ``dim`` with ``correction`` degrees of freedom.",
         args={"correction": "int, subtracted from the element count (1: Bessel)."},
         example=_X + "mint.std(x, 1)"),
    Face("var", "(input, dim=None, *, correction=1, keepdim=False)", impl=I.var,
         summary="The variance over ``dim`` with ``correction`` degrees of freedom.",
         args={"correction": "int, subtracted from the element count (1: Bessel)."},
         example=_X + "mint.var(x, 1)"),
    Face("std_mean", "(input, dim=None, *, correction=1, keepdim=False)", impl=I.std_mean,
         summary="(standard deviation, mean) over ``dim``.", returns="tuple[Tensor, Tensor].",
         args={"correction": "int, subtracted from the element count (1: Bessel)."},
         example=_X + "mint.std_mean(x, 1)"),
    Face("var_mean", "(input, dim=None, *, correction=1, keepdim=False)", impl=I.var_mean,
         summary="(variance, mean) over ``dim``.", returns="tuple[Tensor, Tensor].",
         args={"correction": "int, subtracted from the element count (1: Bessel)."},
         example=_X + "mint.var_mean(x, 1)"),
    Face("cumsum", "(input, dim, dtype=None)", ops.cumsum,
         rename={"input": "x", "dim": "axis"}, summary="The cumulative sum along ``dim``.",
         example=_X + "mint.cumsum(x, dim=1)"),
    Face("cummax", "(input, dim)", ops.cummax, rename=_DIM, returns="tuple[Tensor, Tensor].",
         summary="(running maximum, its int64 index) along ``dim``.",
         example=_X + "mint.cummax(x, 1)"),
    Face("cummin", "(input, dim)", impl=I.cummin, returns="tuple[Tensor, Tensor].",
         summary="(running minimum, its int64 index) along ``dim``.",
         example=_X + "mint.cummin(x, 1)"),
    # sorting
    Face("topk", "(input, k, dim=-1, largest=True, sorted=True)", impl=I.topk,
         checks={"dim": check_not_bool},
         summary="The ``k`` largest (or smallest) elements along ``dim`` and their int64 "
                 "indices.", returns="tuple[Tensor, Tensor].",
         args={"k": "int, how many.", "largest": "bool, largest (True) or smallest.",
               "sorted": "bool, whether the result is sorted."},
         example=_X + "mint.topk(x, 2)"),
    Face("sort", "(input, *, dim=-1, descending=False, stable=False)", impl=I.sort,
         summary="The sorted values along ``dim`` and their int64 indices (mindcell's sort is "
                 "always stable).", returns="tuple[Tensor, Tensor].",
         args={"descending": "bool, sort from the largest.",
               "stable": "bool, keep equal elements in order."},
         example=_X + "mint.sort(x, dim=1)"),
    Face("argsort", "(input, dim=-1, descending=False, stable=False)", impl=I.argsort,
         summary="The int64 indices that sort ``input`` along ``dim``.",
         args={"descending": "bool, sort from the largest.",
               "stable": "bool, keep equal elements in order."},
         example=_X + "mint.argsort(x, dim=1)"),
    # joining, splitting, reshaping
    Face("cat", "(tensors, dim=0)", ops.cat, rename=_DIM,
         summary="The tensors joined along an existing dimension ``dim``.",
         example=_X + "mint.cat([x, x], dim=1)"),
    Face("concat", "(tensors, dim=0)", ops.cat, rename=_DIM, summary="Alias of :func:`cat`.",
         example=_X + "mint.concat([x, x])"),
    Face("stack", "(tensors, dim=0)", ops.stack, rename=_DIM,
         summary="The tensors joined along a new dimension ``dim``.",
         example=_X + "mint.stack([x, x], dim=1)"),
    Face("split", "(tensor, split_size_or_sections, dim=0)", ops.split, rename=_DIM,
         summary="Pieces of ``tensor`` along ``dim``: of size ``split_size_or_sections`` (the "
                 "last may be smaller) when it is an int, of the listed sizes otherwise.",
         returns="tuple[Tensor].",
         args={"tensor": "Tensor, the input.",
               "split_size_or_sections": "Union[int, tuple[int], list[int]], the piece size "
                                         "or the sizes."},
         example=_X + "mint.split(x, [1, 2], dim=1)"),
    Face("chunk", "(input, chunks, dim=0)", ops.chunk, rename=_DIM,
         summary="``chunks`` pieces of ``input`` along ``dim`` (the last may be smaller).",
         returns="tuple[Tensor].", args={"chunks": "int, how many pieces."},
         example=_X + "mint.chunk(x, 2, 0)"),
    Face("unbind", "(input, dim=0)", ops.unstack, rename={"input": "input_x", "dim": "axis"},
         summary="The slices of ``input`` along ``dim``.", returns="tuple[Tensor].",
         example=_X + "mint.unbind(x)"),
    Face("flatten", "(input, start_dim=0, end_dim=-1)", ops.flatten,
         summary="``input`` with dims ``start_dim`` to ``end_dim`` merged into one.",
         args={"start_dim": "int, the first dim to merge.", "end_dim": "int, the last."},
         example="x = Tensor(np.ones((2, 3, 4), np.float32))\nmint.flatten(x, 1).shape"),
    Face("reshape", "(input, shape)", ops.reshape,
         summary="``input`` with a new shape (one dim may be -1).",
         args={"shape": "Union[tuple[int], list[int]], the new shape."},
         example=_X + "mint.reshape(x, (3, -1))"),
    Face("permute", "(input, dims)", ops.permute, rename={"dims": "axis"},
         summary="``input`` with its dims reordered to ``dims``.",
         args={"dims": "tuple[int], the new order."}, example=_X + "mint.permute(x, (1, 0))"),
    Face("transpose", "(input, dim0, dim1)", impl=I.transpose,
         checks={"dim0": check_not_bool, "dim1": check_not_bool},
         summary="``input`` with dims ``dim0`` and ``dim1`` swapped.",
         args={"dim0": "int, a dimension.", "dim1": "int, the other."},
         example=_X + "mint.transpose(x, 0, 1)"),
    Face("swapaxes", "(input, axis0, axis1)", ops.swapaxes,
         checks={"axis0": check_not_bool, "axis1": check_not_bool},
         summary="Alias of :func:`transpose`.",
         args={"axis0": "int, a dimension.", "axis1": "int, the other."},
         example=_X + "mint.swapaxes(x, 0, 1)"),
    Face("unsqueeze", "(input, dim)", ops.unsqueeze, summary="``input`` with a new size-1 "
         "dimension at ``dim``.", example=_X + "mint.unsqueeze(x, 0).shape"),
    Face("squeeze", "(input, dim)", impl=I.squeeze,
         summary="``input`` without the size-1 dims ``dim`` (other dims in ``dim`` stay).",
         args={"dim": "Union[int, tuple[int]], the dims to remove."},
         example="x = Tensor(np.ones((1, 3, 1), np.float32))\nmint.squeeze(x, (0, 2)).shape"),
    Face("t", "(input)", impl=I.t, summary="The transpose of a matrix (0-D and 1-D inputs "
         "unchanged).", example=_X + "mint.t(x)"),
    Face("broadcast_to", "(input, shape)", ops.broadcast_to,
         summary="``input`` broadcast to ``shape``.", args={"shape": "tuple[int], the shape."},
         example=_V + "mint.broadcast_to(x, (2, 3))"),
    Face("narrow", "(input, dim, start, length)", ops.narrow, rename=_DIM,
         checks={"dim": check_not_bool},
         summary="``length`` elements of ``input`` along ``dim`` from ``start``.",
         args={"start": "int, the first index.", "length": "int, how many."},
         example=_X + "mint.narrow(x, 1, 1, 2)"),
    Face("repeat_interleave", "(input, repeats, dim=None, *, output_size=None)",
         impl=I.repeat_interleave,
         summary="Each element of ``input`` repeated ``repeats`` times along ``dim`` (the "
                 "flattened input when None).",
         args={"repeats": "Union[int, list[int], Tensor], the repetitions (one per element "
                          "along ``dim``, or one for all).",
               "output_size": "Union[int, None], the expected size of the result along "
                              "``dim`` (checked)."},
         example=_X + "mint.repeat_interleave(x, 2, dim=0)"),
    Face("tril", "(input, diagonal=0)", ops.tril,
         summary="``input`` with the elements above the ``diagonal`` set to 0.",
         example=_X + "mint.tril(x)"),
    # indexing
    Face("index_select", "(input, dim, index)", impl=I.index_select,
         summary="The slices of ``input`` at ``index`` (1-D int32/int64) along ``dim``.",
         example=_X + "mint.index_select(x, 1, Tensor(np.array([2, 0], np.int32)))"),
    Face("gather", "(input, dim, index)", ops.gather_elements,
         summary="``out[i][j] = input[index[i][j]][j]`` (for ``dim=0``): elements picked along "
                 "``dim`` by ``index``.",
         example=_X + "mint.gather(x, 1, Tensor(np.array([[0], [2]], np.int64)))"),
    Face("scatter", "(input, dim, index, src)", ops.scatter, rename=_DIM,
         summary="A copy of ``input`` with ``src``'s elements written at ``index`` along "
                 "``dim``.", args={"src": "Tensor, the values written."},
         example=_X + "mint.scatter(x, 1, Tensor(np.array([[0], [2]], np.int64)), "
                      "Tensor(np.zeros((2, 1), np.float32)))"),
    Face("scatter_add", "(input, dim, index, src)", scatter_add_ext, rename=_DIM,
         summary="A copy of ``input`` with ``src``'s elements added at ``index`` along ``dim``.",
         args={"src": "Tensor, the values added."},
         example=_X + "mint.scatter_add(x, 1, Tensor(np.array([[0], [2]], np.int64)), "
                      "Tensor(np.ones((2, 1), np.float32)))"),
    # creation
    Face("zeros", "(size, *, dtype=None)", impl=I.zeros,
         summary="A tensor of ``size`` filled with 0 (float32 by default).",
         example="mint.zeros((2, 3), dtype=ms.int32)"),
    Face("ones", "(size, *, dtype=None)", impl=I.ones,
         summary="A tensor of ``size`` filled with 1 (float32 by default).",
         example="mint.ones(3)"),
    Face("empty", "(*size, dtype=None, device=None, pin_memory=False)", impl=I.empty,
         only={"pin_memory": False},
         summary="A tensor of ``size`` whose values are unspecified (mindcell gives zeros).",
         args={"size": "Union[int, tuple[int], list[int]], the shape (as several ints or one "
                       "sequence).",
               "device": "Union[str, None], None or 'CPU'.",
               "pin_memory": "bool, page-locked memory (not supported: must be False)."},
         example="mint.empty(2, 3).shape"),
    Face("empty_like", "(input, *, dtype=None, device=None, pin_memory=False)",
         impl=I.empty_like, only={"pin_memory": False},
         summary="A tensor shaped like ``input`` whose values are unspecified (mindcell gives "
                 "zeros).",
         args={"device": "Union[str, None], None or 'CPU'.",
               "pin_memory": "bool, page-locked memory (not supported: must be False)."},
         example=_X + "mint.empty_like(x).shape"),
    Face("zeros_like", "(input, *, dtype=None)", ops.zeros_like,
         summary="Zeros shaped like ``input`` (its dtype unless ``dtype``).",
         example=_X + "mint.zeros_like(x)"),
    Face("ones_like", "(input, *, dtype=None)", ops.ones_like,
         summary="Ones shaped like ``input`` (its dtype unless ``dtype``).",
         example=_X + "mint.ones_like(x)"),
    Face("full", "(size, fill_value, *, dtype=None)", ops.full,
         summary="A tensor of ``size`` filled with ``fill_value``.",
         args={"fill_value": "Union[number, bool, Tensor], the value."},
         example="mint.full((2, 2), 7)"),
    Face("full_like", "(input, fill_value, *, dtype=None)", ops.full_like,
         summary="A tensor shaped like ``input`` filled with ``fill_value``.",
         args={"fill_value": "Union[number, bool], the value."},
         example=_X + "mint.full_like(x, 2.5)"),
    Face("arange", "(start=0, end=None, step=1, *, dtype=None)", ops.arange,
         summary="The values from ``start`` to ``end`` (excluded) by ``step``: int64 when all "
                 "are ints, float32 otherwise.",
         args={"start": "number, the first value (the end when ``end`` is None).",
               "end": "Union[number, None], the bound (excluded).",
               "step": "number, the increment."},
         example="mint.arange(5)"),
]
