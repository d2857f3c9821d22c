"""More of mindspore.numpy: cov, corrcoef, interp, gradient, bincount and the grid builders
mgrid and ogrid, with MindSpore 2.10's dtypes and argument checks
(tests/goldens/numpy_more/005_stats)."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.numpy import _utils as U

__all__ = ["cov", "corrcoef", "interp", "gradient", "bincount", "mgrid", "ogrid", "histogram",
           "histogram_bin_edges", "histogramdd", "histogram2d"]

builtins_range = range  # histogram functions take an argument named range


def _f32(t):
    """Float64 stays; every other dtype computes in Float32 (MindSpore 2.10)."""
    return t if t._np_dtype == np.float64 else ops.cast(t, mstype.float32)


def _int_weights(w, name, n, dt):
    t = U.asarray(w, name)
    if t._np_dtype.kind not in "iu":
        raise U.fail(name, "weights must be integer (as MindSpore 2.10 checks them), but got %s"
                     % t.dtype)
    if t.ndim != 1 or t.shape[0] != n:
        raise U.fail(name, "weights must be 1-D with one entry per observation (%d), but got "
                     "shape %s" % (n, tuple(t.shape)), ValueError)
    return ops.cast(t, dt)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None,
        dtype=None):
    """cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None,
    dtype=None): the covariance matrix of variables observed together.

    Args:
        m (Union[Tensor, list, tuple, numpy.ndarray]): 1-D or 2-D: each row a variable, each
            column an observation (the other way with ``rowvar=False``).
        y (Union[Tensor, list, tuple, numpy.ndarray], optional): more variables, as ``m``.
            Default: ``None``.
        rowvar (bool): rows are variables. Default: ``True``.
        bias (Union[bool, int]): normalise by N instead of N - 1 (an int is read as a truth
            value, as MindSpore 2.10). Default: ``False``.
        ddof (int, optional): the normalisation is N - ``ddof`` (overrides ``bias``).
            Default: ``None``.
        fweights (Union[Tensor, list], optional): integer frequency weights, one per
            observation. Default: ``None``.
        aweights (Union[Tensor, list], optional): observation weights; MindSpore 2.10 accepts
            integer ones only, and so does mindcell. Default: ``None``.
        dtype (mindcell.dtype, optional): the result's dtype. Default: ``None`` (Float32,
            Float64 for float64 input).

    Returns:
        Tensor: (n, n) for n variables; 0-D for one.

    Raises:
        TypeError: weights are not integer.
        ValueError: ``m`` or ``y`` has more than 2 dimensions, or weights of the wrong shape.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.cov([[0, 1, 2], [2, 1, 0]]))
        [[ 1. -1.]
         [-1.  1.]]
    """
    x = _f32(U.asarray(m, "cov"))
    if x.ndim > 2:
        raise U.fail("cov", "input array has dimension more than 2 (%d)" % x.ndim, ValueError)
    if x.ndim < 2:
        x = ops.reshape(x, (1, -1))
    if not rowvar and x.shape[0] != 1:
        x = ops.transpose(x, (1, 0))
    if y is not None:
        yt = _f32(U.asarray(y, "cov"))
        if yt.ndim > 2:
            raise U.fail("cov", "y has dimension more than 2 (%d)" % yt.ndim, ValueError)
        if yt.ndim < 2:
            yt = ops.reshape(yt, (1, -1))
        if not rowvar and yt.shape[0] != 1:
            yt = ops.transpose(yt, (1, 0))
        if yt._np_dtype != x._np_dtype:
            x, yt = ops.cast(x, mstype.float64), ops.cast(yt, mstype.float64)
        x = ops.concat((x, yt), 0)
    if ddof is None:
        # MindSpore 2.10 and numpy read bias as a truth value: 0/1 work as False/True
        if not isinstance(bias, (numbers.Integral, np.integer, np.bool_)):
            raise U.fail("cov", "'bias' must be a bool, but got %s" % U.describe(bias))
        ddof = 0 if bias else 1
    else:
        ddof = U.check_ddof(ddof, "cov")
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _int_weights(fweights, "cov", n, x.dtype)
    a = None
    if aweights is not None:
        a = _int_weights(aweights, "cov", n, x.dtype)
        w = a if w is None else ops.mul(w, a)
    if w is None:
        avg = ops.mean(x, 1, True)
        fact = float(n - ddof)
        xc = ops.sub(x, avg)
        c = ops.div(ops.matmul(xc, ops.transpose(xc, (1, 0))), fact)
    else:
        w_sum = ops.sum(w)
        avg = ops.div(ops.sum(ops.mul(x, w), 1, True), w_sum)
        if a is None:
            fact = ops.sub(w_sum, float(ddof))
        else:
            fact = ops.sub(w_sum, ops.div(ops.mul(ops.sum(ops.mul(w, a)), float(ddof)), w_sum))
        xc = ops.sub(x, avg)
        c = ops.div(ops.matmul(ops.mul(xc, w), ops.transpose(xc, (1, 0))), fact)
    if c.shape == (1, 1):
        c = ops.reshape(c, ())
    return U.apply_dtype(c, dtype, "cov")


def corrcoef(x, y=None, rowvar=True, dtype=None):
    """corrcoef(x, y=None, rowvar=True, dtype=None): the Pearson correlation coefficients of
    variables observed together: ``cov(x, y) / sqrt(var_i var_j)``, clipped to [-1, 1].

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray]): 1-D or 2-D, rows are variables.
        y (Union[Tensor, list, tuple, numpy.ndarray], optional): more variables. Default: ``None``.
        rowvar (bool): rows are variables. Default: ``True``.
        dtype (mindcell.dtype, optional): the result's dtype. Default: ``None`` (Float32).

    Returns:
        Tensor: (n, n) for n variables (NaN for a variable without variance, on the diagonal
        too, as numpy; MindSpore 2.10 gives -1 on the diagonal there).

    Raises:
        ValueError: an input has more than 2 dimensions.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.corrcoef([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]))
        [[ 1. -1.]
         [-1.  1.]]
    """
    c = cov(x, y, rowvar)
    if c.ndim == 0:
        return U.apply_dtype(ops.div(c, c), dtype, "corrcoef")
    d = ops.sqrt(ops.diagonal(c) if hasattr(ops, "diagonal") else
                 ops.sum(ops.mul(c, ops.eye(c.shape[0], c.shape[0], c.dtype)), 1))
    out = ops.div(ops.div(c, ops.expand_dims(d, 1)), ops.expand_dims(d, 0))
    out = ops.clamp(out, -1.0, 1.0)
    return U.apply_dtype(out, dtype, "corrcoef")


def interp(x, xp, fp, left=None, right=None):
    """interp(x, xp, fp, left=None, right=None): the piecewise-linear interpolant of the
    points (``xp``, ``fp``) at ``x``.

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray, int, float]): where to evaluate.
        xp (Union[Tensor, list, tuple, numpy.ndarray]): 1-D increasing x-coordinates.
        fp (Union[Tensor, list, tuple, numpy.ndarray]): 1-D y-coordinates, as long as ``xp``.
        left (Union[int, float], optional): the value for ``x < xp[0]``. Default: ``None``
            (``fp[0]``).
        right (Union[int, float], optional): the value for ``x > xp[-1]``. Default: ``None``
            (``fp[-1]``).

    Returns:
        Tensor of ``x``'s shape, Float32 (Float64 for float64 inputs; integers give Float32).

    Raises:
        ValueError: ``xp`` or ``fp`` is not 1-D, or their lengths differ.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.interp(mnp.array([0.0, 1.5, 2.5, 4.0]), [1.0, 2.0, 3.0], [3.0, 2.0, 0.0]))
        [3.  2.5 1.  0. ]
    """
    xt = _f32(U.asarray(x, "interp"))
    xs, fs = _f32(U.asarray(xp, "interp")), _f32(U.asarray(fp, "interp"))
    if xs.ndim != 1 or fs.ndim != 1 or xs.shape[0] != fs.shape[0] or xs.shape[0] == 0:
        raise U.fail("interp", "xp and fp must be 1-D of the same non-zero length, but got "
                     "shapes %s and %s" % (tuple(xs.shape), tuple(fs.shape)), ValueError)
    dts = {xt._np_dtype, xs._np_dtype, fs._np_dtype}
    dt = mstype.float64 if np.dtype(np.float64) in dts else mstype.float32
    xt, xs, fs = ops.cast(xt, dt), ops.cast(xs, dt), ops.cast(fs, dt)
    n = xs.shape[0]
    shape = tuple(xt.shape)
    flat = ops.reshape(xt, (-1,))
    if n == 1:
        y = ops.broadcast_to(fs, flat.shape)
    else:
        idx = ops.cast(ops.searchsorted(xs, flat, right=True), mstype.int32)
        idx = ops.clamp(idx, 1, n - 1)
        x0, x1 = ops.gather(xs, idx - 1, 0), ops.gather(xs, idx, 0)
        f0, f1 = ops.gather(fs, idx - 1, 0), ops.gather(fs, idx, 0)
        y = ops.add(f0, ops.div(ops.mul(ops.sub(flat, x0), ops.sub(f1, f0)), ops.sub(x1, x0)))
        y = ops.select(ops.equal(flat, xs[-1]), ops.broadcast_to(fs[-1], flat.shape), y)
    lv = fs[0] if left is None else ops.cast(U.asarray(left, "interp"), dt)
    rv = fs[-1] if right is None else ops.cast(U.asarray(right, "interp"), dt)
    y = ops.select(ops.lt(flat, xs[0]), ops.broadcast_to(lv, flat.shape), y)
    y = ops.select(ops.gt(flat, xs[-1]), ops.broadcast_to(rv, flat.shape), y)
    return ops.reshape(y, shape)


def gradient(f, *varargs, axis=None, edge_order=1):
    """gradient(f, *varargs, axis=None, edge_order=1): the gradient of ``f`` by central
    differences inside and one-sided first differences at the ends.

    Args:
        f (Union[Tensor, list, tuple, numpy.ndarray]): the sampled function.
        varargs (Union[int, float]): the spacing: none (1), one for every axis, or one per
            axis (arrays of coordinates are not implemented, as MindSpore 2.10).
        axis (Union[None, int, tuple[int]]): the axes. Default: ``None`` (all).
        edge_order (int): only 1 is implemented (as MindSpore 2.10). Default: ``1``.

    Returns:
        Tensor for one axis, else a list of Tensors, one per axis; Float32 for integer input.

    Raises:
        NotImplementedError: ``edge_order`` is not 1, or a spacing is an array.
        ValueError: an axis has fewer than 2 elements, or the number of spacings is wrong.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.gradient(mnp.array([1.0, 2.0, 4.0, 7.0, 11.0])))
        [1.  1.5 2.5 3.5 4. ]
    """
    if edge_order != 1:
        raise U.fail("gradient", "edge_order != 1 is not implemented (as MindSpore 2.10)",
                     NotImplementedError)
    t = U.as_float(U.asarray(f, "gradient"))
    axes = U.axes_arg(axis, t.ndim, "gradient")
    if axis is not None and not isinstance(axis, (tuple, list)):
        axes = (U.axis_arg(axis, t.ndim, "gradient"),)
    for v in varargs:
        if not U.is_number(v):
            raise U.fail("gradient", "non-constant spacing is not implemented (as MindSpore "
                         "2.10), but got %s" % U.describe(v), NotImplementedError)
    if not varargs:
        hs = [1.0] * len(axes)
    elif len(varargs) == 1:
        hs = [float(varargs[0])] * len(axes)
    elif len(varargs) == len(axes):
        hs = [float(v) for v in varargs]
    else:
        raise U.fail("gradient", "invalid number of spacings: %d for %d axes"
                     % (len(varargs), len(axes)), ValueError)
    out = []
    for ax, h in zip(axes, hs):
        n = t.shape[ax]
        if n < 2:
            raise U.fail("gradient", "shape of array too small to calculate a numerical "
                         "gradient, at least 2 elements are required along axis %d" % ax,
                         ValueError)
        first = ops.div(ops.sub(ops.narrow(t, ax, 1, 1), ops.narrow(t, ax, 0, 1)), h)
        last = ops.div(ops.sub(ops.narrow(t, ax, n - 1, 1), ops.narrow(t, ax, n - 2, 1)), h)
        parts = [first]
        if n > 2:
            parts.append(ops.div(ops.sub(ops.narrow(t, ax, 2, n - 2),
                                         ops.narrow(t, ax, 0, n - 2)), 2.0 * h))
        parts.append(last)
        out.append(ops.concat(tuple(parts), ax))
    return out[0] if len(out) == 1 else out


def bincount(x, weights=None, minlength=0, length=None):
    """bincount(x, weights=None, minlength=0, length=None): how often each non-negative int
    occurs in ``x`` (or the sum of its ``weights``).

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray]): 1-D non-negative integers.
        weights (Union[Tensor, list, tuple, numpy.ndarray], optional): one per element of
            ``x``. Default: ``None`` (ones).
        minlength (int): the least number of bins. Default: ``0``.
        length (int, optional): the number of bins (values past it are not counted); with it
            the shape does not depend on the values, so it traces into GRAPH_MODE.
            Default: ``None`` (``max(x) + 1``, at least ``minlength``).

    Returns:
        Tensor, 1-D, Float32 (as MindSpore 2.10, with or without weights).

    Raises:
        TypeError: ``x`` is not integer.
        ValueError: ``x`` has a negative value (numpy's rule; found when ``length`` is None).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.bincount(mnp.array([0, 1, 1, 3])))
        [1. 2. 0. 1.]
    """
    t = U.asarray(x, "bincount")
    if t._np_dtype.kind not in "iu":
        raise U.fail("bincount", "'x' should be an array of ints, but got %s" % t.dtype)
    t = ops.reshape(t, (-1,))
    minlength = U.check_int(minlength, "bincount", "minlength")
    if length is None:
        vals = t.asnumpy()
        if vals.size and vals.min() < 0:
            raise U.fail("bincount", "'x' must be non-negative, but has %d" % vals.min(),
                         ValueError)
        n = max(int(vals.max()) + 1 if vals.size else 0, minlength)
    else:
        n = U.check_int(length, "bincount", "length")
    w = ops.ones(tuple(t.shape), mstype.float32) if weights is None else \
        ops.cast(ops.reshape(U.asarray(weights, "bincount"), (-1,)), mstype.float32)
    if n == 0:
        return ops.zeros((0,), mstype.float32)
    hit = ops.equal(ops.expand_dims(ops.cast(t, mstype.int32), 1),
                    Tensor(np.arange(n, dtype=np.int32)))
    return ops.sum(ops.mul(ops.cast(hit, mstype.float32), ops.expand_dims(w, 1)), 0)


class _Grid:
    """``mgrid[...]``/``ogrid[...]``: slices ``start:stop:step`` (a complex ``step`` of
    magnitude n asks for n points from ``start`` to ``stop`` inclusive)."""

    def __init__(self, sparse, name):
        self.sparse, self.name = sparse, name

    def _axis(self, s):
        if not isinstance(s, slice):
            raise U.fail(self.name, "the index must be slices, but got %s" % U.describe(s))
        start = 0 if s.start is None else s.start
        step = 1 if s.step is None else s.step
        if s.stop is None:
            raise U.fail(self.name, "every slice needs a stop", ValueError)
        if isinstance(step, complex):
            num = int(abs(step))
            return np.linspace(start, s.stop, num).astype(np.float32), True
        vals = np.arange(start, s.stop, step)
        is_float = any(isinstance(v, float) for v in (start, s.stop, step))
        return vals.astype(np.float32 if is_float else np.int32), is_float

    def __getitem__(self, key):
        single = not isinstance(key, tuple)
        axes = [self._axis(s) for s in ((key,) if single else key)]
        is_float = any(f for _, f in axes)
        # mgrid stacks the axes, so they share a dtype; ogrid keeps each axis' own (MindSpore)
        arrs = [a.astype(np.float32) if is_float and not self.sparse else a for a, _ in axes]
        if single:
            return Tensor(arrs[0])
        if self.sparse:
            out = []
            for k, a in enumerate(arrs):
                shape = [1] * len(arrs)
                shape[k] = a.shape[0]
                out.append(Tensor(np.ascontiguousarray(a.reshape(shape))))
            return out
        return Tensor(np.ascontiguousarray(np.stack(np.meshgrid(*arrs, indexing="ij"))))

    def __repr__(self):
        return "mindcell.numpy.%s" % self.name


mgrid = _Grid(False, "mgrid")
mgrid.__doc__ = """mgrid[...]: a dense multi-dimensional mesh grid from slices
    (``mgrid[0:3, 0:2]`` has shape (2, 3, 2)); a complex step ``nj`` asks for n points with
    the stop included. Int32 for integer slices, else Float32; one slice gives a 1-D Tensor.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.mgrid[0:1:3j])
        [0.  0.5 1. ]
    """
ogrid = _Grid(True, "ogrid")
ogrid.__doc__ = """ogrid[...]: an open mesh grid from slices: a list of arrays of size 1 but
    along their own axis (``ogrid[0:3, 0:2]`` gives shapes (3, 1) and (1, 2)); one slice gives
    a 1-D Tensor. Each is Int32 for an integer slice, else Float32.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.ogrid[-1:1:5j])
        [-1.  -0.5  0.   0.5  1. ]
    """


# ----- histograms -------------------------------------------------------------------------------
def _bin_edges(t, bins, rng, name):
    """The bin edges (Float32 unless float64; a sequence of edges is returned as given)."""
    if isinstance(bins, str):
        raise U.fail(name, "a string value for 'bins' (%r) is not implemented (as MindSpore "
                     "2.10)" % bins, NotImplementedError)
    if not isinstance(bins, (numbers.Integral, np.integer)) or isinstance(bins, bool):
        edges = U.asarray(bins, name)
        if edges.ndim != 1 or edges.shape[0] < 1:
            raise U.fail(name, "'bins' must be an int or a 1-D sequence of edges, but got %s"
                         % U.describe(bins), ValueError)
        return edges, False
    n = int(bins)
    if n < 1:
        raise U.fail(name, "'bins' must be a positive int, but got %d" % n, ValueError)
    dt = mstype.float64 if t._np_dtype == np.float64 else mstype.float32
    if rng is not None:
        if not isinstance(rng, (tuple, list)) or len(rng) != 2:
            raise U.fail(name, "'range' must be a (min, max) pair, but got %s"
                         % U.describe(rng), ValueError)
        if rng[0] > rng[1]:
            raise U.fail(name, "max must be larger than min in range parameter, but got %s"
                         % (tuple(rng),), ValueError)
        lo = ops.cast(Tensor(np.asarray(float(rng[0]), np.float64)), dt)
        hi = ops.cast(Tensor(np.asarray(float(rng[1]), np.float64)), dt)
    else:
        flat = ops.cast(ops.reshape(t, (-1,)), dt)
        lo, hi = ops.amin(flat), ops.amax(flat)
    same = ops.equal(lo, hi)
    lo = ops.select(same, ops.sub(lo, 0.5), lo)
    hi = ops.select(same, ops.add(hi, 0.5), hi)
    step = ops.div(ops.sub(hi, lo), float(n))
    k = ops.cast(Tensor(np.arange(n + 1, dtype=np.float64)), dt)
    edges = ops.add(lo, ops.mul(k, step))
    last = ops.broadcast_to(ops.reshape(hi, (1,)), (1,))
    return ops.concat((edges[:-1], last), 0), True


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # pylint: disable=redefined-builtin
    """histogram_bin_edges(a, bins=10, range=None, weights=None): the edges of the bins
    :func:`histogram` uses.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the data (flattened).
        bins (Union[int, list, tuple, Tensor]): the number of equal-width bins, or the edges
            (returned as they are; strings are not implemented, as MindSpore 2.10).
            Default: ``10``.
        range (tuple[float], optional): (min, max) of the bins. Default: ``None`` (the data's;
            equal ones widen by 0.5 on each side).
        weights (Union[Tensor, list], optional): not used for the edges (numpy's argument).
            Default: ``None``.

    Returns:
        Tensor, 1-D: bins + 1 edges, Float32 (Float64 for float64 data).

    Raises:
        NotImplementedError: ``bins`` is a string.
        ValueError: ``range`` has max < min, or ``bins`` is not positive.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.histogram_bin_edges(mnp.array([0.5, 2.0, 1.0, 4.0, 0.0]), 4))
        [0. 1. 2. 3. 4.]
    """
    t = U.asarray(a, "histogram_bin_edges")
    if weights is not None:
        U.asarray(weights, "histogram_bin_edges")  # checked, as numpy; edges do not use it
    return _bin_edges(t, bins, range, "histogram_bin_edges")[0]


def histogram(a, bins=10, range=None, weights=None, density=False):  # pylint: disable=redefined-builtin
    """histogram(a, bins=10, range=None, weights=None, density=False): the histogram of the
    data: counts (or summed weights) per bin, and the bin edges.

    Every bin is half-open [left, right) but the last, which holds its right edge; values
    outside the bins are not counted.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the data (flattened).
        bins (Union[int, list, tuple, Tensor]): the number of equal-width bins, or the edges
            (strings are not implemented, as MindSpore 2.10). Default: ``10``.
        range (tuple[float], optional): (min, max) of the bins. Default: ``None`` (the data's).
        weights (Union[Tensor, list, tuple, numpy.ndarray], optional): one weight per value.
            Default: ``None``.
        density (bool): return the probability density (the counts over their sum and the
            bin width). Default: ``False``.

    Returns:
        Tuple of two Tensors: the Float32 counts and the edges (as
        :func:`histogram_bin_edges`).

    Raises:
        NotImplementedError: ``bins`` is a string.
        ValueError: ``range`` has max < min, ``bins`` is not positive, or ``weights`` does not
            match ``a``.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> hist, edges = mnp.histogram(mnp.array([0.5, 2.0, 1.0, 4.0, 0.0, 3.2]), 4)
        >>> print(hist, edges)
        [2. 1. 1. 2.] [0. 1. 2. 3. 4.]
    """
    t = U.asarray(a, "histogram")
    edges, _ = _bin_edges(t, bins, range, "histogram")
    flat = ops.reshape(t, (-1,))
    e = ops.cast(edges, mstype.float64 if flat._np_dtype == np.float64 else mstype.float32)
    x = ops.cast(flat, e.dtype)
    nb = e.shape[0] - 1
    if nb < 1:
        raise U.fail("histogram", "'bins' must have at least 2 edges", ValueError)
    w = ops.ones(tuple(x.shape), mstype.float32) if weights is None else ops.cast(
        ops.reshape(U.asarray(weights, "histogram"), (-1,)), mstype.float32)
    if w.shape != x.shape:
        raise U.fail("histogram", "'weights' must have the shape of 'a' (%s), but got %s"
                     % (tuple(t.shape), tuple(w.shape)), ValueError)
    idx = ops.sub(ops.cast(ops.searchsorted(e, x, right=True), mstype.int32), 1)
    idx = ops.select(ops.equal(x, e[-1]), ops.fill(mstype.int32, tuple(idx.shape), nb - 1), idx)
    inside = ops.logical_and(ops.ge(x, e[0]), ops.le(x, e[-1]))
    hit = ops.equal(ops.expand_dims(idx, 1), Tensor(np.arange(nb, dtype=np.int32)))
    hit = ops.logical_and(hit, ops.expand_dims(inside, 1))
    counts = ops.sum(ops.mul(ops.cast(hit, mstype.float32), ops.expand_dims(w, 1)), 0)
    if U.check_bool(density, "histogram", "density"):
        widths = ops.cast(ops.sub(e[1:], e[:-1]), mstype.float32)
        counts = ops.div(ops.div(counts, ops.sum(counts)), widths)
    return counts, edges


def _bin_index(x, e):
    """The bin of each value of ``x`` for the edges ``e`` and whether it is inside them."""
    nb = e.shape[0] - 1
    idx = ops.sub(ops.cast(ops.searchsorted(e, x, right=True), mstype.int32), 1)
    idx = ops.select(ops.equal(x, e[-1]), ops.fill(mstype.int32, tuple(idx.shape), nb - 1), idx)
    inside = ops.logical_and(ops.ge(x, e[0]), ops.le(x, e[-1]))
    return ops.clamp(idx, 0, max(nb - 1, 0)), inside


def _histdd(cols, bins, rng, weights, density, name):
    d = len(cols)
    if isinstance(bins, (numbers.Integral, np.integer)) and not isinstance(bins, bool):
        bins = [bins] * d
    if not isinstance(bins, (list, tuple)) or len(bins) != d:
        raise U.fail(name, "the dimension of bins must be equal to the dimension of the "
                     "sample (%d), but got %s" % (d, U.describe(bins)), ValueError)
    if rng is not None and (not isinstance(rng, (list, tuple)) or len(rng) != d):
        raise U.fail(name, "'range' must hold one (min, max) pair per dimension (%d), but got "
                     "%s" % (d, U.describe(rng)), ValueError)
    edges = [ops.cast(_bin_edges(c, b, None if rng is None else rng[k], name)[0],
                      mstype.float32) for k, (c, b) in enumerate(zip(cols, bins))]
    n = cols[0].shape[0]
    w = ops.ones((n,), mstype.float32) if weights is None else ops.cast(
        ops.reshape(U.asarray(weights, name), (-1,)), mstype.float32)
    if w.shape[0] != n:
        raise U.fail(name, "'weights' must have one entry per sample (%d), but got %d"
                     % (n, w.shape[0]), ValueError)
    sizes = [e.shape[0] - 1 for e in edges]
    flat, inside = None, None
    for c, e, stride in zip(cols, edges, [int(np.prod(sizes[k + 1:], dtype=np.int64))
                                          for k in range(d)]):
        idx, ins = _bin_index(ops.cast(c, mstype.float32), e)
        term = ops.mul(idx, stride)
        flat = term if flat is None else ops.add(flat, term)
        inside = ins if inside is None else ops.logical_and(inside, ins)
    total = int(np.prod(sizes, dtype=np.int64))
    hit = ops.logical_and(ops.equal(ops.expand_dims(flat, 1),
                                    Tensor(np.arange(total, dtype=np.int32))),
                          ops.expand_dims(inside, 1))
    counts = ops.sum(ops.mul(ops.cast(hit, mstype.float32), ops.expand_dims(w, 1)), 0)
    counts = ops.reshape(counts, tuple(sizes))
    if U.check_bool(density, name, "density"):
        vol = None
        for k, e in enumerate(edges):
            shape = [1] * d
            shape[k] = sizes[k]
            width = ops.reshape(ops.sub(e[1:], e[:-1]), tuple(shape))
            vol = width if vol is None else ops.mul(vol, width)
        counts = ops.div(ops.div(counts, ops.sum(counts)), vol)
    return counts, edges


def histogramdd(sample, bins=10, range=None, weights=None, density=False):  # pylint: disable=redefined-builtin
    """histogramdd(sample, bins=10, range=None, weights=None, density=False): the
    multidimensional histogram of D-dimensional samples.

    Args:
        sample (Union[Tensor, list, tuple]): an (N, D) array, or a list/tuple of D 1-D arrays
            of N coordinates.
        bins (Union[int, list, tuple]): one int for every dimension, or one int or array of
            edges per dimension. Default: ``10``.
        range (Union[list, tuple], optional): one (min, max) per dimension. Default: ``None``.
        weights (Union[Tensor, list, tuple], optional): one weight per sample. Default: ``None``.
        density (bool): return the probability density. Default: ``False``.

    Returns:
        Tuple of the Float32 histogram (one axis per dimension) and a list of the D Float32
        edge arrays.

    Raises:
        ValueError: ``sample`` is an array that is not 2-D, or ``bins``/``range`` do not match
            the dimensions.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> hist, edges = mnp.histogramdd(mnp.array([[0.0, 1.0], [1.0, 0.0], [3.0, 2.0]]), 2)
        >>> print(hist)
        [[1. 1.]
         [0. 1.]]
    """
    if isinstance(sample, (list, tuple)):
        cols = [ops.reshape(U.asarray(c, "histogramdd"), (-1,)) for c in sample]
    else:
        t = U.asarray(sample, "histogramdd")
        if t.ndim != 2:
            raise U.fail("histogramdd", "when an array, sample should be 2-dimensional, but "
                         "got %d-D" % t.ndim, ValueError)
        cols = [t[:, k] for k in builtins_range(t.shape[1])]
    return _histdd(cols, bins, range, weights, density, "histogramdd")


def histogram2d(x, y, bins=10, range=None, weights=None, density=False):  # pylint: disable=redefined-builtin
    """histogram2d(x, y, bins=10, range=None, weights=None, density=False): the
    two-dimensional histogram of the points (x, y).

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray]): the x-coordinates, 1-D.
        y (Union[Tensor, list, tuple, numpy.ndarray]): the y-coordinates, 1-D.
        bins (Union[int, list, tuple]): one int for both, or [x bins, y bins], each an int or
            an array of edges. Default: ``10``.
        range (Union[list, tuple], optional): [[xmin, xmax], [ymin, ymax]]. Default: ``None``.
        weights (Union[Tensor, list, tuple], optional): one weight per point. Default: ``None``.
        density (bool): return the probability density. Default: ``False``.

    Returns:
        Tuple of the Float32 (nx, ny) histogram and the Float32 x and y edges.

    Raises:
        ValueError: ``bins`` or ``range`` do not have two entries.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> hist, xe, ye = mnp.histogram2d([0.0, 1.0, 3.0], [1.0, 0.0, 2.0], 2)
        >>> print(hist)
        [[1. 1.]
         [0. 1.]]
    """
    cols = [ops.reshape(U.asarray(x, "histogram2d"), (-1,)),
            ops.reshape(U.asarray(y, "histogram2d"), (-1,))]
    hist, edges = _histdd(cols, bins, range, weights, density, "histogram2d")
    return hist, edges[0], edges[1]
