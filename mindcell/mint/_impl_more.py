"""mint functions composed of mindcell ops (MindSpore's mint has them as single kernels): the
``add*mm`` family, statistics (median, kthvalue, nansum, norm, count_nonzero, bincount),
indexing (take, select, index_add, masked_select, searchsorted, diag) and random sampling."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.mint import _impl as I
from mindcell.ops._errors import public_name, show, check_int, check_number, check_choice
from mindcell.ops._helpers import check_tensor


def _scaled_sum(product, input, beta, alpha, op):
    """``beta * input + alpha * product``; ``input`` is not read when beta is 0 (its NaNs do not
    propagate), as in MindSpore."""
    check_number(beta, op, "beta")
    check_number(alpha, op, "alpha")
    out = product if alpha == 1 else ops.mul(product, alpha)
    if beta == 0:
        return out
    return ops.add(out, input if beta == 1 else ops.mul(input, beta))


def addmm(input, mat1, mat2, beta, alpha):
    return _scaled_sum(ops.matmul(mat1, mat2), input, beta, alpha, "addmm")


def addmv(input, mat, vec, beta, alpha):
    return _scaled_sum(ops.matmul(mat, vec), input, beta, alpha, "addmv")


def baddbmm(input, batch1, batch2, beta, alpha):
    return _scaled_sum(ops.bmm(batch1, batch2), input, beta, alpha, "baddbmm")


def addbmm(input, batch1, batch2, beta, alpha):
    return _scaled_sum(ops.sum(ops.bmm(batch1, batch2), 0), input, beta, alpha, "addbmm")


def addcdiv(input, tensor1, tensor2, value):
    check_number(value, "addcdiv", "value")
    return ops.add(input, ops.mul(ops.div(tensor1, tensor2), value))


def allclose(input, other, rtol, atol, equal_nan):
    return bool(ops.all(ops.isclose(input, other, rtol, atol, equal_nan)).asnumpy())


def clone(input):
    return ops.cast(input, input.dtype) if isinstance(input, Tensor) else _not_tensor(
        input, "clone")


def _not_tensor(value, op, arg="input"):
    raise TypeError("%s: '%s' must be a Tensor, but got %s" % (public_name(op), arg, show(value)))


def count_nonzero(input, dim):
    return ops.sum(ops.ne(input, 0), dim)


def _flat_values(input, op):
    if not isinstance(input, Tensor):
        _not_tensor(input, op)
    return input.asnumpy()  # the result's shape depends on the values: eager only


def bincount(input, weights, minlength):
    data = _flat_values(input, "bincount")
    if data.ndim != 1 or not mstype.is_integer(input.dtype) or (data < 0).any():
        raise ValueError("%s: 'input' must be a 1-D Tensor of non-negative ints, but got %s"
                         % (public_name("bincount"), show(input)))
    length = max(int(data.max()) + 1 if data.size else 0,
                 check_int(minlength, "bincount", "minlength", 0))
    hot = ops.one_hot(input, length, 1, 0)
    if weights is None:
        return ops.sum(hot, 0, dtype=mstype.int64)
    return ops.sum(ops.mul(ops.cast(hot, weights.dtype), ops.unsqueeze(weights, 1)), 0)


def diag(input, diagonal):
    k = check_int(diagonal, "diag", "diagonal")
    if not isinstance(input, Tensor) or input.ndim not in (1, 2):
        raise ValueError("%s: 'input' must be a 1-D or 2-D Tensor, but got %s"
                         % (public_name("diag"), show(input)))
    if input.ndim == 1:
        square = ops.diag(input)
        pads = (k, 0, 0, k) if k >= 0 else (0, -k, -k, 0)
        return ops.pad(square, pads) if k else square
    rows, cols = input.shape
    i = np.arange(max(0, -k), min(rows, cols - k)) if -rows < k < cols else np.arange(0)
    flat = ops.reshape(input, (-1,))
    return ops.gather(flat, Tensor((i * cols + i + k).astype(np.int64)), 0)


def dstack(tensors):
    def three(t):
        return (ops.reshape(t, (1, -1, 1)) if t.ndim <= 1 else
                ops.unsqueeze(t, -1) if t.ndim == 2 else t)
    return ops.cat([three(t) for t in tensors], 2)


def hstack(tensors):
    tensors = list(tensors)
    return ops.cat(tensors, 0 if all(t.ndim <= 1 for t in tensors) else 1)


def einsum(equation, operands):
    if len(operands) == 1 and isinstance(operands[0], (tuple, list)):
        operands = operands[0]
    return ops.einsum(equation, *operands)


def index_add(input, dim, index, source, alpha):
    dim = check_int(dim, "index_add", "dim", -input.ndim, input.ndim - 1) % input.ndim
    if not isinstance(index, Tensor) or index.ndim > 1 or not mstype.is_integer(index.dtype):
        raise TypeError("%s: 'index' must be a 1-D integer Tensor, but got %s"
                        % (public_name("index_add"), show(index)))
    src = I.scaled(source, alpha, "index_add")
    moved = ops.swapaxes(input, 0, dim) if dim else input
    moved_src = ops.swapaxes(src, 0, dim) if dim else src
    out = ops.tensor_scatter_add(moved, ops.reshape(index, (-1, 1)), moved_src)
    return ops.swapaxes(out, 0, dim) if dim else out


def isneginf(input):
    return ops.logical_and(ops.isinf(input), ops.lt(input, 0))


def kthvalue(input, k, dim, keepdim):
    rank = max(input.ndim, 1)
    dim = check_int(dim, "kthvalue", "dim", -rank, rank - 1) % rank
    size = input.shape[dim] if input.ndim else 1
    k = check_int(k, "kthvalue", "k", 1, size)
    values, indices = ops.sort(input, dim)
    pick = Tensor(np.int64(k - 1))
    values, indices = ops.gather(values, pick, dim), ops.gather(indices, pick, dim)
    if keepdim:
        values, indices = ops.unsqueeze(values, dim), ops.unsqueeze(indices, dim)
    return values, I.as_index(indices)


def masked_select(input, mask):
    shape = np.broadcast_shapes(tuple(input.shape), tuple(mask.shape))
    return ops.broadcast_to(input, shape)[ops.broadcast_to(mask, shape)]


def median(input, dim, keepdim):
    """The lower median (the ``(n - 1) // 2``-th smallest): a value, or (values, int64 indices)
    along ``dim``."""
    if dim is None:
        flat = ops.reshape(input, (-1,))
        values, _ = kthvalue(flat, (flat.shape[0] - 1) // 2 + 1, 0, False)
        return values
    rank = max(input.ndim, 1)
    d = check_int(dim, "median", "dim", -rank, rank - 1) % rank
    n = input.shape[d] if input.ndim else 1
    return kthvalue(input, (n - 1) // 2 + 1, d, keepdim)


def meshgrid(tensors, indexing):
    check_choice(indexing, "meshgrid", "indexing", ("ij", "xy", None))
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tensors[0]
    return ops.meshgrid(*tensors, indexing=indexing or "ij")


def nansum(input, dim, keepdim, dtype):
    """Unlike :func:`sum`, an integer input keeps its dtype (as MindSpore's)."""
    if mstype.is_floating(input.dtype):
        input = ops.where(ops.isnan(input), ops.zeros_like(input), input)
    elif dtype is None and mstype.is_integer(input.dtype):
        dtype = input.dtype
    return ops.sum(input, dim, keepdim, dtype=dtype)


def norm(input, p, dim, keepdim, dtype):
    """'fro' (the 2-norm of the elements), 'nuc' (a matrix's nuclear norm), or the vector
    p-norm (inf, -inf, 0 and positive p) over ``dim`` (all elements when None)."""
    x = I.cast_to(input, dtype, "norm")
    a = ops.abs(x)
    if p == "fro" or p == 2:
        return ops.sqrt(ops.sum(ops.square(a), dim, keepdim))
    if p == "nuc":  # the sum of the singular values of a matrix (ops.norm's 'nuc')
        return ops.norm(x, "nuc", dim, keepdim)
    if isinstance(p, str):
        raise NotImplementedError("%s: 'p'=%r is not supported by mindcell ('fro', 'nuc' or a "
                                  "number)" % (public_name("norm"), p))
    p = check_number(p, "norm", "p")
    if p == math.inf:
        return ops.amax(a, () if dim is None else dim, keepdim)
    if p == -math.inf:
        return ops.amin(a, () if dim is None else dim, keepdim)
    if p == 0:
        return ops.sum(ops.cast(ops.ne(a, 0), x.dtype), dim, keepdim)
    return ops.pow(ops.sum(ops.pow(a, p), dim, keepdim), 1.0 / p)


def select(input, dim, index):
    rank = max(input.ndim, 1)
    dim = check_int(dim, "select", "dim", -rank, rank - 1) % rank
    size = input.shape[dim]
    index = check_int(index, "select", "index", -size, size - 1) % size
    return ops.squeeze(ops.narrow(input, dim, index, 1), dim)


def take(input, index):
    if not isinstance(index, Tensor) or not mstype.is_integer(index.dtype):
        raise TypeError("%s: 'index' must be an integer Tensor, but got %s"
                        % (public_name("take"), show(index)))
    n = input.size
    wrapped = ops.where(ops.lt(index, 0), ops.add(index, n), index)
    return ops.gather(ops.reshape(input, (-1,)), wrapped, 0)


def vdot(input, other):
    if input.ndim != 1 or other.ndim != 1:
        raise RuntimeError("%s: both inputs must be 1-D, but got shapes %s and %s"
                           % (public_name("vdot"), input.shape, other.shape))
    return ops.sum(ops.mul(input, other))


def searchsorted(sorted_sequence, values, out_int32, right, side, sorter):
    check_tensor(sorted_sequence, "searchsorted", "sorted_sequence")
    if side is not None:
        right = check_choice(side, "searchsorted", "side", ("left", "right")) == "right"
    seq = sorted_sequence if sorter is None else ops.gather_elements(sorted_sequence, -1,
                                                                      sorter)
    scalar = not isinstance(values, Tensor)
    vals = Tensor(values, seq.dtype) if scalar else values
    if seq.ndim == 1:
        cmp = ops.ge if right else ops.gt
        count = ops.sum(cmp(ops.unsqueeze(vals, -1), seq), -1)
    else:
        cmp = ops.ge if right else ops.gt
        count = ops.sum(cmp(ops.unsqueeze(vals, -1), ops.unsqueeze(seq, -2)), -1)
    return ops.cast(count, mstype.int32 if out_int32 else mstype.int64)


# ----- random sampling ---------------------------------------------------------------------------
def _sizes(size, op):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = size[0]
    return I.size_tuple(tuple(size), op)


def rand(size, dtype, device):
    I.check_device(device, "rand")
    return ops.rand(*_sizes(size, "rand"), dtype=_float_dtype(dtype, "rand"))


def randn(size, dtype, device):
    I.check_device(device, "randn")
    return ops.randn(*_sizes(size, "randn"), dtype=_float_dtype(dtype, "randn"))


def diff_order(n, api, arg):
    """mint.diff's ``n``: a negative one differences zero times (the input comes back), as
    MindSpore 2.10's mint.diff does; other values go to ops.diff's checks."""
    if isinstance(n, int) and not isinstance(n, bool) and n < 0:
        return 0
    return n


def _float_dtype(dtype, op, default=mstype.float32):
    """The float dtype of a mint random function: a TypeError for another, as MindSpore 2.10's
    mint.rand_like/randn_like raise (ops.rand_like raises ValueError)."""
    dtype = I.cast_dtype(dtype, op, default)
    if not mstype.is_floating(dtype):
        raise TypeError("%s: 'dtype' must be a float dtype, but got %s" % (public_name(op), dtype))
    return dtype


def rand_like(input, dtype, device):
    I.check_device(device, "rand_like")
    return ops.rand(*input.shape, dtype=_float_dtype(dtype, "rand_like", input.dtype))


def randn_like(input, dtype, device):
    I.check_device(device, "randn_like")
    return ops.randn(*input.shape, dtype=_float_dtype(dtype, "randn_like", input.dtype))


def randint(args, dtype, device):
    """randint(high, size) or randint(low, high, size): ints in [low, high)."""
    I.check_device(device, "randint")
    if len(args) == 2:
        args = (0,) + tuple(args)
    if len(args) != 3:
        raise TypeError("%s: expects (high, size) or (low, high, size), but got %d arguments"
                        % (public_name("randint"), len(args)))
    low, high, size = args
    return ops.randint(check_int(low, "randint", "low"), check_int(high, "randint", "high"),
                       I.size_tuple(size, "randint"),
                       dtype=I.cast_dtype(dtype, "randint", mstype.int64))


def randint_like(args, dtype, device):
    """randint_like(input, high) or randint_like(input, low, high)."""
    I.check_device(device, "randint_like")
    if not args or not isinstance(args[0], Tensor):
        raise TypeError("%s: the first argument must be a Tensor" % public_name("randint_like"))
    input, bounds = args[0], tuple(args[1:])
    if len(bounds) == 1:
        bounds = (0,) + bounds
    if len(bounds) != 2:
        raise TypeError("%s: expects (input, high) or (input, low, high)"
                        % public_name("randint_like"))
    drawn = ops.randint(check_int(bounds[0], "randint_like", "low"),
                        check_int(bounds[1], "randint_like", "high"), tuple(input.shape),
                        dtype=mstype.int64)
    return ops.cast(drawn, I.cast_dtype(dtype, "randint_like", input.dtype))


def randperm(n, dtype):
    n = check_int(n, "randperm", "n", 0)
    return ops.cast(ops.argsort(ops.rand(n)), I.cast_dtype(dtype, "randperm", mstype.int64))


def normal(mean, std, size):
    """normal(mean, std, size) for numbers; Tensor ``mean``/``std`` broadcast and give the
    shape."""
    tensors = [v for v in (mean, std) if isinstance(v, Tensor)]
    if tensors:
        if size is not None:
            raise ValueError("%s: 'size' must be None when 'mean' or 'std' is a Tensor"
                             % public_name("normal"))
        if not isinstance(std, Tensor):  # a number std is checked whatever mean is (MindSpore)
            check_number(std, "normal", "std", 0)
        shape = np.broadcast_shapes(*[tuple(t.shape) for t in tensors])
        noise = ops.randn(*shape, dtype=tensors[0].dtype)
    else:
        if size is None:
            raise ValueError("%s: 'size' is needed when 'mean' and 'std' are numbers"
                             % public_name("normal"))
        check_number(mean, "normal", "mean")
        check_number(std, "normal", "std", 0)
        noise = ops.randn(*I.size_tuple(size, "normal"))
    return ops.add(ops.mul(noise, std), mean)


def bernoulli(input):
    if not isinstance(input, Tensor) or not mstype.is_floating(input.dtype):
        raise TypeError("%s: 'input' must be a float Tensor of probabilities, but got %s"
                        % (public_name("bernoulli"), show(input)))
    return ops.cast(ops.lt(ops.rand(*input.shape, dtype=input.dtype), input), input.dtype)


def multinomial(input, num_samples, replacement):
    I.check_bool_arg(replacement, "multinomial", "replacement")
    n = check_int(num_samples, "multinomial", "num_samples", 1)
    if not replacement and n > input.shape[-1]:
        raise ValueError("%s: 'num_samples' (%d) exceeds the categories (%d) without "
                         "replacement" % (public_name("multinomial"), n, input.shape[-1]))
    return I.as_index(ops.multinomial(input, n, replacement))

