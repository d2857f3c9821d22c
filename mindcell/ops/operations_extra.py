"""Primitive classes of the shape-query, slicing, scatter, linear-algebra and hook ops: the
attributes are checked at construction, the call forwards to the functional op."""
import numpy as np

from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_choice, check_int, show
from mindcell.ops.defs import special as X
from mindcell.ops._f_compat import dtype as _dtype
from mindcell.ops.function import (einsum_func as E, index_func as I, linalg_func as LA,
                                   scatter_func as SC)
from mindcell.ops.operations import Primitive, _simple

Shape = _simple("Shape", I.shape)
Rank = _simple("Rank", I.rank)
Size = _simple("Size", I.size)
DType = _simple("DType", _dtype)
Unique = _simple("Unique", I.unique)
Diag = _simple("Diag", I.diag)
GatherNd = _simple("GatherNd", SC.gather_nd)
ScatterNd = _simple("ScatterNd", SC.scatter_nd)
TensorScatterUpdate = _simple("TensorScatterUpdate", SC.tensor_scatter_update)
TensorScatterAdd = _simple("TensorScatterAdd", SC.tensor_scatter_add)
MatrixDeterminant = _simple("MatrixDeterminant", LA.matrix_determinant)


class StridedSlice(Primitive):
    """Slices ``input_x`` from ``begin`` to ``end`` (exclusive) with ``strides``,
    one entry per sliced dimension, adjusted by the bit masks (bit ``i`` refers to entry ``i``).

    Args:
        begin_mask (int): bit ``i`` set ignores ``begin[i]`` (start at the beginning). Default:
            ``0``.
        end_mask (int): bit ``i`` set ignores ``end[i]`` (run to the end). Default: ``0``.
        ellipsis_mask (int): bit ``i`` set makes entry ``i`` an ellipsis. Default: ``0``.
        new_axis_mask (int): bit ``i`` set inserts a new dimension of size 1 at entry ``i``.
            Default: ``0``.
        shrink_axis_mask (int): bit ``i`` set takes the single index ``begin[i]`` and drops
            that dimension. Default: ``0``.

    Inputs:
        - **input_x** (Tensor) - the tensor to slice.
        - **begin** (tuple[int]) - the start per dimension.
        - **end** (tuple[int]) - the stop per dimension.
        - **strides** (tuple[int]) - the step per dimension (non-zero).

    Outputs:
        Tensor, the slice.

    Raises:
        TypeError: a mask is not an int.
        ValueError: a mask is negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(12).reshape(3, 4).astype(np.int32))
        >>> print(ops.StridedSlice()(x, (0, 1), (3, 4), (2, 2)))
        [[ 1  3]
         [ 9 11]]
        >>> print(ops.StridedSlice(shrink_axis_mask=1)(x, (1, 0), (2, 4), (1, 1)))
        [4 5 6 7]
    """

    def __init__(self, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                 shrink_axis_mask=0):
        super().__init__()
        self.masks = tuple(check_int(m, "StridedSlice", a, 0, 2 ** 63 - 1) for m, a in (
            (begin_mask, "begin_mask"), (end_mask, "end_mask"), (ellipsis_mask, "ellipsis_mask"),
            (new_axis_mask, "new_axis_mask"), (shrink_axis_mask, "shrink_axis_mask")))

    def __call__(self, input_x, begin, end, strides):
        return I.strided_slice(input_x, begin, end, strides, *self.masks)


class Unstack(Primitive):
    """Splits a tensor into its slices along ``axis`` (that dimension removed).

    Args:
        axis (int): the dimension unstacked. Default: ``0``.
        num (int): optional, the expected number of slices (checked). Default: ``None``.

    Inputs:
        - **input_x** (Tensor) - the tensor.

    Outputs:
        tuple[Tensor] of ``input_x.shape[axis]`` tensors.

    Raises:
        TypeError: ``axis`` or ``num`` is not an int.
        ValueError: ``num`` is not positive or differs from the number of slices.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
        >>> for t in ops.Unstack(axis=1)(x):
        ...     print(t)
        [1 4]
        [2 5]
        [3 6]
    """

    def __init__(self, axis=0, num=None):
        super().__init__()
        self.axis = check_int(axis, "Unstack", "axis")
        self.num = None if num is None else check_int(num, "Unstack", "num", 1)

    def __call__(self, input_x):
        out = I.unstack(input_x, self.axis)
        if self.num is not None and self.num != len(out):
            raise ValueError("Unstack: 'num' is %d but the axis has %d slices"
                             % (self.num, len(out)))
        return out


class BiasAdd(Primitive):
    """Adds a 1-D bias along the channel dimension of ``input_x``.

    Args:
        data_format (str): where the channels are: ``'NCHW'`` (dimension 1, also for other
            ranks), ``'NHWC'`` (the last) or ``'NCDHW'``. Default: ``'NCHW'``.

    Inputs:
        - **input_x** (Tensor) - a tensor of rank >= 2.
        - **bias** (Tensor) - a 1-D tensor with one value per channel.

    Outputs:
        Tensor of the shape and dtype of ``input_x``.

    Raises:
        ValueError: ``data_format`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((1, 3, 2), np.float32))
        >>> print(ops.BiasAdd()(x, Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
        [[[1. 1.]
          [2. 2.]
          [3. 3.]]]
    """

    def __init__(self, data_format="NCHW"):
        super().__init__()
        self.data_format = check_choice(data_format, "BiasAdd", "data_format",
                                        ("NCHW", "NHWC", "NCDHW"))

    def __call__(self, input_x, bias):
        return I._bias_add(input_x, bias, self.data_format)


class Einsum(Primitive):
    """Evaluates an Einstein-summation ``equation`` on a tuple of tensors (as
    ``ops.einsum(equation, *inputs)``).

    Args:
        equation (str): the subscripts, e.g. ``'ij,jk->ik'``.

    Inputs:
        - **inputs** (Union[tuple[Tensor], list[Tensor]]) - the operands, one per term of
          ``equation``.

    Outputs:
        Tensor, the result.

    Raises:
        TypeError: ``equation`` is not a str, or ``inputs`` is not a tuple or list.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
        >>> b = Tensor(np.array([1.0, 1.0], np.float32))
        >>> print(ops.Einsum("ij,j->i")((a, b)), ops.Einsum("ii")((a,)))
        [3. 7.] 5.0
    """

    def __init__(self, equation):
        super().__init__()
        if not isinstance(equation, str):
            raise TypeError("Einsum: 'equation' must be a str, but got %s" % show(equation))
        self.equation = equation

    def __call__(self, inputs):
        if not isinstance(inputs, (tuple, list)):
            raise TypeError("Einsum: 'inputs' must be a tuple of Tensors, but got %s"
                            % show(inputs))
        return E.einsum(self.equation, *inputs)


class Roll(Primitive):
    """Rolls elements along dimensions: an element at position ``i`` moves to ``i +
    shift`` (wrapping around).

    Args:
        shifts (Union[int, tuple[int]]): the shift per rolled dimension.
        dims (Union[int, tuple[int]]): the dimensions rolled; None rolls the flattened tensor
            and restores its shape. Default: ``None``.

    Inputs:
        - **input_x** (Tensor) - the tensor.

    Outputs:
        Tensor of the shape and dtype of ``input_x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(6).reshape(2, 3).astype(np.int32))
        >>> print(ops.Roll(1, 1)(x))
        [[2 0 1]
         [5 3 4]]
        >>> print(ops.Roll(2)(x))
        [[4 5 0]
         [1 2 3]]
    """

    def __init__(self, shifts, dims=None):
        super().__init__()
        self.shifts, self.dims = shifts, dims

    def __call__(self, input_x):
        return I.roll(input_x, self.shifts, self.dims)


class Meshgrid(Primitive):
    """Coordinate grids from 1-D coordinate vectors.

    Args:
        indexing (str): ``'xy'`` (Cartesian: the first two output dimensions are swapped) or
            ``'ij'`` (matrix). Default: ``'xy'``.

    Inputs:
        - **inputs** (Union[tuple[Tensor], list[Tensor]]) - N 1-D tensors.

    Outputs:
        tuple[Tensor] of N tensors of N dimensions.

    Raises:
        TypeError: ``inputs`` is not a tuple or list.
        ValueError: ``indexing`` is neither ``'xy'`` nor ``'ij'``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1, 2, 3], np.int32))
        >>> y = Tensor(np.array([4, 5], np.int32))
        >>> gx, gy = ops.Meshgrid(indexing="xy")((x, y))
        >>> print(gx)
        [[1 2 3]
         [1 2 3]]
        >>> print(gy)
        [[4 4 4]
         [5 5 5]]
    """

    def __init__(self, indexing="xy"):
        super().__init__()
        self.indexing = check_choice(indexing, "Meshgrid", "indexing", ("xy", "ij"))

    def __call__(self, inputs):
        if not isinstance(inputs, (tuple, list)):
            raise TypeError("Meshgrid: 'inputs' must be a tuple of Tensors, but got %s"
                            % show(inputs))
        return I.meshgrid(*inputs, indexing=self.indexing)


class _Diagonal(Primitive):
    _fn = None

    def __init__(self, diagonal=0):
        super().__init__()
        self.diagonal = check_int(diagonal, type(self).__name__, "diagonal")

    def __call__(self, x):
        return type(self)._fn(x, self.diagonal)


class Tril(_Diagonal):
    """The lower triangle of the last two dimensions: elements above the
    ``diagonal``-th diagonal become 0.

    Args:
        diagonal (int): the diagonal kept last: 0 the main one, > 0 above it, < 0 below it.
            Default: ``0``.

    Inputs:
        - **x** (Tensor) - a tensor of rank >= 2.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``diagonal`` is not an int.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((3, 3), np.int32))
        >>> print(ops.Tril()(x))
        [[1 0 0]
         [1 1 0]
         [1 1 1]]
    """
    _fn = staticmethod(I.tril)


class Triu(_Diagonal):
    """The upper triangle of the last two dimensions: elements below the
    ``diagonal``-th diagonal become 0.

    Args:
        diagonal (int): the first diagonal kept: 0 the main one, > 0 above it, < 0 below it.
            Default: ``0``.

    Inputs:
        - **x** (Tensor) - a tensor of rank >= 2.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``diagonal`` is not an int.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(9).reshape(3, 3).astype(np.float32))
        >>> print(ops.Triu(1)(x))
        [[0. 1. 2.]
         [0. 0. 5.]
         [0. 0. 0.]]
    """
    _fn = staticmethod(I.triu)


class MatrixInverse(Primitive):
    """The inverse of each square matrix of a batch.

    Args:
        adjoint (bool): invert the conjugate transpose instead. Default: ``False``.

    Inputs:
        - **x** (Tensor) - a float tensor of shape ``(..., M, M)``.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``adjoint`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[2.0, 0.0], [1.0, 1.0]], np.float32))
        >>> print(ops.MatrixInverse()(x))
        [[ 0.5  0. ]
         [-0.5  1. ]]
    """

    def __init__(self, adjoint=False):
        super().__init__()
        self.adjoint = check_bool(adjoint, "MatrixInverse", "adjoint")

    def __call__(self, x):
        return LA.matrix_inverse(x, self.adjoint)


class Cholesky(Primitive):
    """The Cholesky factor of each symmetric positive-definite matrix of a batch:
    ``L`` with ``L @ L.T == A`` (or ``U`` with ``U.T @ U == A``).

    Args:
        upper (bool): return the upper-triangular factor. Default: ``False``.

    Inputs:
        - **input_x** (Tensor) - a float tensor of shape ``(..., M, M)``.

    Outputs:
        Tensor of the shape and dtype of ``input_x``.

    Raises:
        TypeError: ``upper`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[4.0, 2.0], [2.0, 5.0]], np.float32))
        >>> print(ops.Cholesky()(a))
        [[2. 0.]
         [1. 2.]]
    """

    def __init__(self, upper=False):
        super().__init__()
        self.upper = check_bool(upper, "Cholesky", "upper")

    def __call__(self, input_x):
        return LA.cholesky(input_x, self.upper)


class Qr(Primitive):
    """The QR decomposition of each matrix of a batch: ``x == Q @ R`` with ``Q``
    orthonormal and ``R`` upper triangular.

    Args:
        full_matrices (bool): the complete decomposition (``Q`` of shape (M, M), ``R`` (M, N));
            else the reduced one (``Q`` (M, K), ``R`` (K, N), K = min(M, N)). Default: ``False``.

    Inputs:
        - **x** (Tensor) - a float tensor of shape ``(..., M, N)``.

    Outputs:
        Tuple ``(Q, R)``.

    Raises:
        TypeError: ``full_matrices`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 1.0], [4.0, 2.0], [0.0, 1.0]], np.float32))
        >>> q, r = ops.Qr()(x)
        >>> print(q.shape, r.shape, np.allclose((q @ r).asnumpy(), x.asnumpy(), atol=1e-5))
        (3, 2) (2, 2) True
        >>> print(ops.Qr(full_matrices=True)(x)[0].shape)
        (3, 3)
    """

    def __init__(self, full_matrices=False):
        super().__init__()
        self.full_matrices = check_bool(full_matrices, "Qr", "full_matrices")

    def __call__(self, x):
        return LA.qr(x, "complete" if self.full_matrices else "reduced")


class Svd(Primitive):
    """The singular value decomposition of each matrix of a batch:
    ``a == u @ diag(s) @ v.T``.

    Args:
        full_matrices (bool): ``u`` of shape (M, M) and ``v`` (N, N); else (M, K) and (N, K),
            K = min(M, N). Default: ``False``.
        compute_uv (bool): compute ``u`` and ``v``; when False they are empty tensors.
            Default: ``True``.

    Inputs:
        - **a** (Tensor) - a float tensor of shape ``(..., M, N)``.

    Outputs:
        Tuple ``(s, u, v)``: the singular values (descending, shape ``(..., K)``) and the
        singular vectors.

    Raises:
        TypeError: ``full_matrices`` or ``compute_uv`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[3.0, 0.0], [0.0, -2.0], [0.0, 0.0]], np.float32))
        >>> s, u, v = ops.Svd()(a)
        >>> print(s, u.shape, v.shape)
        [3. 2.] (3, 2) (2, 2)
        >>> print(ops.Svd(compute_uv=False)(a)[1].shape)
        (0,)
    """

    def __init__(self, full_matrices=False, compute_uv=True):
        super().__init__()
        self.full_matrices = check_bool(full_matrices, "Svd", "full_matrices")
        self.compute_uv = check_bool(compute_uv, "Svd", "compute_uv")

    def __call__(self, a):
        s, u, v = LA.svd(a, self.full_matrices, True)
        if self.compute_uv:
            return s, u, v
        empty = Tensor._make(np.zeros((0,), s._np_dtype))
        return s, empty, empty


class HookBackward(Primitive):
    """Returns its inputs unchanged; in the backward pass ``hook_fn`` sees the
    gradient of each input and may replace it.

    ``hook_fn((grad,))`` is called with a tuple holding the gradient; returning None keeps it,
    returning a new gradient replaces it. In GRAPH_MODE it is the identity and the hook is not
    called, as in MindSpore.

    Args:
        hook_fn (function): the hook.
        cell_id (str): a label. Default: ``''``.

    Inputs:
        - **inputs** (Tensor) - one or more tensors.

    Outputs:
        The input tensor (one input) or the tuple of inputs.

    Raises:
        TypeError: ``hook_fn`` is not callable, ``cell_id`` is not a str, or an input is not a
            Tensor (or there is none).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> seen = []
        >>> hook = ops.HookBackward(lambda grad: seen.append(grad[0].asnumpy()))
        >>> def f(x):
        ...     return (hook(x * 2) ** 2).sum()
        >>> print(ops.grad(f)(Tensor(np.array([1.0, 3.0], np.float32))), seen)
        [ 8. 24.] [array([ 4., 12.], dtype=float32)]
    """

    def __init__(self, hook_fn, cell_id=""):
        super().__init__()
        if not callable(hook_fn):
            raise TypeError("HookBackward: 'hook_fn' must be a Python function, but got %s"
                            % show(hook_fn))
        if not isinstance(cell_id, str):
            raise TypeError("HookBackward: 'cell_id' must be a str, but got %s" % show(cell_id))
        self.hook_fn, self.cell_id = hook_fn, cell_id

    def __call__(self, *inputs):
        if not inputs:
            raise TypeError("HookBackward: expected at least one Tensor input")
        for t in inputs:
            if not isinstance(t, Tensor):
                raise TypeError("HookBackward: inputs must be Tensors, but got %s" % show(t))
        if _trace.current().is_graph:
            # MindSpore 2.10's GRAPH_MODE drops the hook: the inputs pass through, the
            # gradient is unchanged and hook_fn never runs (tests/goldens/graph_syntax/007)
            return inputs[0] if len(inputs) == 1 else inputs
        out = tuple(X.hook_backward_p.bind(t, hook_fn=self.hook_fn) for t in inputs)
        return out[0] if len(out) == 1 else out


class InsertGradientOf(Primitive):
    """InsertGradientOf(f): the identity forward; in the backward pass the gradient of its
    output goes through ``f`` (``f(dout)`` is the gradient passed on, a Tensor or a number
    broadcast to the input's shape), in PYNATIVE_MODE and GRAPH_MODE, as MindSpore's (used to
    clip or rescale one intermediate gradient).

    Args:
        f (function): the gradient's transform.

    Inputs:
        - **input_x** (Tensor) - any tensor.

    Outputs:
        ``input_x``.

    Raises:
        TypeError: ``f`` is not callable, or ``input_x`` not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops, Tensor
        >>> double = ops.InsertGradientOf(lambda dout: dout * 2)
        >>> print(ms.grad(lambda x: (double(x) * 3).sum())(Tensor(np.array([1.0, 2.0], np.float32))))
        [6. 6.]
    """

    def __init__(self, f):
        super().__init__()
        if not callable(f):
            raise TypeError("InsertGradientOf: 'f' must be a function, but got %s" % show(f))
        self.f = f

    def __call__(self, input_x):
        if not isinstance(input_x, Tensor):
            raise TypeError("InsertGradientOf: 'input_x' must be a Tensor, but got %s"
                            % show(input_x))
        return X.insert_gradient_of_p.bind(input_x, fn=self.f)


__all__ = sorted(_n for _n, _v in list(globals().items())
                 if isinstance(_v, type) and issubclass(_v, Primitive) and _v is not Primitive
                 and not _n.startswith("_"))
