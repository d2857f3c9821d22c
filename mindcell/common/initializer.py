"""Initializers (``mindcell.common.initializer``): fill new tensors, seeded by ``set_seed``.

As in MindSpore, each fill by a random initializer takes its seed from numpy's global generator
(one ``np.random.randint(1, 2**63)`` draw) and fills from MindSpore's Philox stream for that
seed (``_ms_philox``): after ``set_seed`` (which seeds ``np.random``) the initial weights are
MindSpore's bit for bit, and a program's later numpy draws (data, noise) are the ones they are
under MindSpore after the same layers were built. As there, ``initializer(...)`` and
``Tensor(init=...)`` fill (and draw their seed) at the first use of their data (a Parameter made
of them, ``init_data``, ``asnumpy``, an op); reading ``shape`` or ``dtype`` fills them here."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common import _ms_philox


def _fill_seed():
    """The seed of one random fill: one draw from numpy's global generator, as MindSpore's
    initializers take theirs (so building a layer advances ``np.random`` as there)."""
    return int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))


def _check_sigma(sigma):
    if sigma < 0:
        raise ValueError("sigma < 0")


def _random_normal(mean, sigma, shape):
    """float32 N(mean, sigma^2) samples of ``shape``: MindSpore's stream for a new seed."""
    _check_sigma(sigma)
    return _ms_philox.normal(_fill_seed(), shape, mean, sigma)


def _random_uniform(a, b, shape):
    """float32 U(a, b) samples of ``shape``: MindSpore's stream for a new seed."""
    return _ms_philox.uniform(_fill_seed(), shape, a, b)


def _truncated_normal(a, b, mean, sigma, shape):
    """float32 samples of N(mean, sigma^2) truncated to [a, b]: MindSpore's stream."""
    _check_sigma(sigma)
    seed = _fill_seed()
    if sigma == 0:  # MindSpore's C++ sampler refuses it after the seed is drawn
        raise RuntimeError("TruncatedNormal: invalid sigma %g." % sigma)
    return _ms_philox.truncated_normal(seed, shape, a, b, mean, sigma)

__all__ = ["Initializer", "initializer", "Zero", "One", "Constant", "Normal", "Uniform",
           "TruncatedNormal", "XavierUniform", "XavierNormal", "HeUniform", "HeNormal",
           "Orthogonal", "Dirac", "Identity", "Sparse", "VarianceScaling"]


def _fans(shape):
    if len(shape) < 2:
        n = shape[0] if shape else 1
        return n, n
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


_LINEAR = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
           "conv_transpose3d", "sigmoid")


def _gain(nonlinearity, param=None):
    if nonlinearity in _LINEAR:
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    raise ValueError("unsupported nonlinearity %r" % (nonlinearity,))


def _assignment(arr, num):
    """Writes ``num`` (a number or an array of ``arr``'s shape) into the numpy array ``arr`` in
    place, a 0-d ``arr`` included; returns ``arr``. Custom initializers call it from
    ``_initialize``."""
    if arr.shape == ():
        arr[()] = num
    elif isinstance(num, np.ndarray):
        arr[:] = num[:]
    else:
        arr[:] = num
    return arr


def _calculate_fan_in_and_fan_out(shape):
    """(fan_in, fan_out) of a weight of ``shape`` (out, in, *kernel): ``in * kernel`` and
    ``out * kernel``.

    Raises:
        ValueError: ``shape`` has fewer than 2 dimensions.
    """
    shape = tuple(getattr(shape, "shape", shape))  # a shape, or an array/Tensor of that shape
    if len(shape) < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer than "
                         "2 dimensions, but got dimensions %d." % len(shape))
    return _fans(shape)


def _calculate_correct_fan(shape, mode):
    """fan_in or fan_out of a weight of ``shape``, as ``mode`` ('fan_in' or 'fan_out') says.

    Raises:
        ValueError: another ``mode``, or ``shape`` has fewer than 2 dimensions.
    """
    if mode not in ("fan_in", "fan_out"):
        raise ValueError("'mode' %s not supported, please use one of ['fan_in', 'fan_out']"
                         % (mode,))
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == "fan_in" else fan_out


def _calculate_gain(nonlinearity, param=None):
    """The recommended gain of an initializer for ``nonlinearity``: 1 for linear/convolution/
    sigmoid, 5/3 for tanh, sqrt(2) for relu, sqrt(2 / (1 + slope^2)) for leaky_relu (slope
    ``param``, default 0.01).

    Raises:
        ValueError: another nonlinearity, or a leaky_relu slope that is not an int or float.
    """
    if nonlinearity == "leaky_relu" and param is not None and (
            isinstance(param, bool) or not isinstance(param, (int, float))):
        raise ValueError("'negative_slope' %s is not a valid number: with 'leaky_relu' it must "
                         "be an int or a float, but got %s" % (param, type(param).__name__))
    if nonlinearity not in _LINEAR + ("tanh", "relu", "leaky_relu"):
        raise ValueError("the argument 'nonlinearity' should be one of ['sigmoid', 'tanh', "
                         "'relu' or 'leaky_relu'], but got %s." % (nonlinearity,))
    return _gain(nonlinearity, param)


def _register(*aliases):
    """Class decorator: makes an Initializer subclass known to ``initializer(name)`` under its
    lower-case class name and ``aliases``."""
    def register(cls):
        for name in (cls.__name__,) + aliases:
            _BY_NAME[name.lower()] = cls
        return cls
    return register


class Initializer:
    """Base class of the initializers: ``init(shape, np_dtype)`` returns a filled numpy array.

    A subclass defines either ``_sample(shape)`` (returns the values) or, as MindSpore's
    initializers do, ``_initialize(arr)`` (fills a numpy array of the target shape and dtype in
    place, e.g. with :func:`_assignment`); ``initializer(MyInit(), shape, dtype)`` and
    ``MyInit()(arr)`` work with either.

    Args:
        kwargs: the initializer's arguments (shown by ``repr``).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.common.initializer import Initializer, initializer, _assignment
        >>> class Halves(Initializer):
        ...     def _initialize(self, arr):
        ...         _assignment(arr, 0.5)
        >>> print(initializer(Halves(), (2, 2), ms.float16))
        [[0.5 0.5]
         [0.5 0.5]]
    """

    def __init__(self, **kwargs):
        self._kwargs = kwargs

    def _sample(self, shape):
        raise NotImplementedError("%s: an Initializer subclass defines _initialize(arr) (or "
                                  "_sample(shape))" % type(self).__name__)

    def _initialize(self, arr):
        arr[...] = self._sample(arr.shape)

    def _fills_in_place(self):
        return type(self)._initialize is not Initializer._initialize

    def __call__(self, arr):
        """Fill a numpy array in place (MindSpore's Initializer call form).

        Called on a Tensor or Parameter (``Constant(0.0)(cell.beta)``, as mindocr's heads do),
        MindSpore 2.10's Zero, One and Constant return None and leave the tensor as it was,
        and its other initializers raise TypeError; mindcell does the same."""
        if not isinstance(arr, np.ndarray):
            from mindcell.common.tensor import Tensor
            if isinstance(arr, Tensor) and isinstance(self, (Zero, One, Constant)):
                return None
            raise TypeError("%s: the argument must be a numpy.ndarray, but got %s"
                            % (type(self).__name__, type(arr).__name__))
        self._initialize(arr)
        return arr

    def init(self, shape, np_dtype):
        if self._fills_in_place():
            arr = np.zeros(tuple(shape), np_dtype)
            self._initialize(arr)
            return arr
        return np.asarray(self._sample(tuple(shape))).astype(np_dtype)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__,
                           ", ".join("%s=%r" % kv for kv in self._kwargs.items()))


class Zero(Initializer):
    """Fill with 0."""

    def _initialize(self, arr):  # in the target dtype: no float64 copy (optimizer states)
        arr[...] = 0


class One(Initializer):
    """Fill with 1."""

    def _initialize(self, arr):
        arr[...] = 1


class Constant(Initializer):
    """Constant(value): fill with ``value``."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):  # the value converts as a float64 array would
        value = np.asarray(self.value, np.float64)
        if value.size != 1:
            # MindSpore 2.10 fills with numpy's ndarray.fill, which takes one value: an
            # array of several (TransR's identity matrices) is its ValueError, not a broadcast
            raise ValueError("setting an array element with a sequence.")
        arr[...] = value.reshape(()).astype(arr.dtype)


class Normal(Initializer):
    """Normal(sigma=0.01, mean=0.0)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma, self.mean = sigma, mean

    def _sample(self, shape):
        return _random_normal(self.mean, self.sigma, shape)


class Uniform(Initializer):
    """Uniform(scale=0.07): samples in [-scale, scale]."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _sample(self, shape):
        return _random_uniform(-self.scale, self.scale, shape)


class TruncatedNormal(Initializer):
    """TruncatedNormal(sigma=0.01, mean=0.0, a=-2.0, b=2.0): N(mean, sigma^2) truncated to
    [a, b], sampled by the inverse CDF (as MindSpore: one uniform per value)."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _sample(self, shape):
        return _truncated_normal(self.a, self.b, self.mean, self.sigma, shape)


class XavierUniform(Initializer):
    """XavierUniform(gain=1): U(-b, b), b = gain * sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _sample(self, shape):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        return _random_uniform(-bound, bound, shape)


class XavierNormal(Initializer):
    """XavierNormal(gain=1): N(0, gain^2 * 2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _sample(self, shape):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        return _random_normal(0.0, self.gain * math.sqrt(2.0 / float(fan_in + fan_out)), shape)


class _He(Initializer):
    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        if mode not in ("fan_in", "fan_out"):
            raise ValueError("%s: 'mode' must be 'fan_in' or 'fan_out', but got %r"
                             % (type(self).__name__, mode))
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _std(self, shape):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        return _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan)


class HeUniform(_He):
    """HeUniform(negative_slope=0, mode='fan_in', nonlinearity='leaky_relu')."""

    def _sample(self, shape):
        bound = math.sqrt(3.0) * self._std(shape)
        return _random_uniform(-bound, bound, shape)


class HeNormal(_He):
    """HeNormal(negative_slope=0, mode='fan_in', nonlinearity='leaky_relu')."""

    def _sample(self, shape):
        return _random_normal(0.0, self._std(shape), shape)


class Orthogonal(Initializer):
    """Orthogonal(gain=1.0): a (semi-)orthogonal matrix times ``gain``. The tensor is seen as
    a matrix of ``shape[0]`` rows and ``prod(shape[1:])`` columns whose rows (if fewer than the
    columns) or columns are orthonormal: the Q of the QR decomposition of a standard normal
    matrix, its columns' signs fixed by R's diagonal (so Q is uniformly distributed).

    Args:
        gain (float): the scale of the matrix.

    Raises:
        ValueError: (when filling) a tensor of fewer than 2 dimensions.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.common.initializer import initializer, Orthogonal
        >>> w = initializer(Orthogonal(gain=2.0), (3, 5), ms.float32).asnumpy()
        >>> np.allclose(w @ w.T, 4 * np.eye(3), atol=1e-5)
        True
    """

    def __init__(self, gain=1.0):
        super().__init__(gain=gain)
        self.gain = gain

    def _sample(self, shape):
        if len(shape) < 2:
            raise ValueError("For Orthogonal initializer, the dimension of the initialized "
                             "tensor should be no less than 2, but got %d." % len(shape))
        rows, cols = shape[0], int(np.prod(shape[1:]))
        normal = _random_normal(0.0, 1.0, (rows, cols))  # float32, so the QR is float32 too
        if rows < cols:
            normal = normal.T
        q, r = np.linalg.qr(normal)
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        return (q * self.gain).reshape(shape)


class Dirac(Initializer):
    """Dirac(groups=1): the identity of a convolution: for a (3-D, 4-D or 5-D) weight of
    ``out`` kernels over ``in`` channels, in each of the ``groups`` blocks of ``out // groups``
    kernels, kernel ``d`` has a 1 at channel ``d`` and the kernel's centre (index
    ``size // 2`` of each spatial axis) for ``d < min(out // groups, in)``, zeros elsewhere.

    Args:
        groups (int): the number of blocks along the first axis. Default: ``1``.

    Raises:
        ValueError: (when filling) the weight is not 3-D, 4-D or 5-D, or its first dimension is
            not divisible by ``groups``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.common.initializer import initializer, Dirac
        >>> w = initializer(Dirac(groups=2), [4, 2, 3, 3], ms.float32).asnumpy()
        >>> np.argwhere(w).tolist()
        [[0, 0, 1, 1], [1, 1, 1, 1], [2, 0, 1, 1], [3, 1, 1, 1]]
    """

    def __init__(self, groups=1):
        super().__init__()
        self.groups = groups

    def _sample(self, shape):
        if len(shape) not in (3, 4, 5):
            raise ValueError("For Dirac initializer, only support to initialize tensor with "
                             "dimension of 3, 4 or 5, but got %d." % len(shape))
        if shape[0] % self.groups:
            raise ValueError("For Dirac initializer, the first dimension of the initialized "
                             "tensor must be divisible by groups, but got first dimension %d, "
                             "groups %d." % (shape[0], self.groups))
        out = np.zeros(shape)
        per_group = shape[0] // self.groups
        centre = tuple(n // 2 for n in shape[2:])
        for g in range(self.groups):
            for d in range(min(per_group, shape[1])):
                out[(g * per_group + d, d) + centre] = 1
        return out


class Identity(Initializer):
    """Identity(): a 2-D weight with ones on its main diagonal (``numpy.eye``).

    Raises:
        ValueError: (when filling) the weight is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.common.initializer import initializer, Identity
        >>> print(initializer(Identity(), [2, 3], ms.float32))
        [[1. 0. 0.]
         [0. 1. 0.]]
    """

    def _sample(self, shape):
        if len(shape) != 2:
            raise ValueError("For Identity initializer, the dimension of the initialized tensor "
                             "should be 2, but got %d." % len(shape))
        return np.eye(shape[0], shape[1])


class Sparse(Initializer):
    """Sparse(sparsity, sigma=0.01): a 2-D weight whose every column has
    ``ceil(sparsity * rows)`` zeros at random rows, its other values drawn from
    N(0, ``sigma``^2).

    Args:
        sparsity (float): the share of zeros in each column.
        sigma (float): the standard deviation of the other values. Default: ``0.01``.

    Raises:
        ValueError: (when filling) the weight is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.common.initializer import initializer, Sparse
        >>> w = initializer(Sparse(sparsity=0.5, sigma=1.0), [4, 3], ms.float32).asnumpy()
        >>> (w == 0).sum(axis=0).tolist()
        [2, 2, 2]
    """

    def __init__(self, sparsity, sigma=0.01):
        super().__init__()
        self.sparsity, self.sigma = sparsity, sigma

    def _sample(self, shape):
        if len(shape) != 2:
            raise ValueError("For Sparse initializer, the dimension of the initialized tensor "
                             "should be 2, but got %d." % len(shape))
        rows, cols = shape
        out = _random_normal(0.0, self.sigma, shape)
        zeros = int(math.ceil(self.sparsity * rows))
        for c in range(cols):  # the zeros' rows come from numpy's global generator, as there
            out[np.random.permutation(rows)[:zeros], c] = 0
        return out


class VarianceScaling(Initializer):
    """VarianceScaling(scale=1.0, mode='fan_in', distribution='truncated_normal'): values of
    variance ``scale / n``, ``n`` the weight's fan-in, fan-out or their mean (``mode``).

    ``'untruncated_normal'`` draws N(0, scale / n); ``'uniform'`` draws U(-b, b) with
    ``b = sqrt(3 * scale / n)``; ``'truncated_normal'`` draws as ``'uniform'`` does, as
    MindSpore 2.10 does (ms-oracle: its values are bounded by ``b`` with that variance).

    Args:
        scale (float): the variance scale, positive. Default: ``1.0``.
        mode (str): ``'fan_in'``, ``'fan_out'`` or ``'fan_avg'``. Default: ``'fan_in'``.
        distribution (str): ``'uniform'``, ``'truncated_normal'`` or ``'untruncated_normal'``.
            Default: ``'truncated_normal'``.

    Raises:
        ValueError: ``scale`` is not positive, or ``mode`` or ``distribution`` is unknown.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.common.initializer import initializer, VarianceScaling
        >>> w = initializer(VarianceScaling(3.0, 'fan_in', 'uniform'), [4, 100], ms.float32)
        >>> bool(np.abs(w.asnumpy()).max() <= 0.3)
        True
    """

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        if not scale > 0:
            raise ValueError("For VarianceScaling initializer, the argument 'scale' must be "
                             "greater than 0, but got %s." % (scale,))
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError("For VarianceScaling initializer, the argument 'mode' must be "
                             "fan_in, fan_out or fan_avg, but got %s." % (mode,))
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError("For VarianceScaling initializer, the argument 'distribution' must "
                             "be uniform, truncated_normal or untruncated_normal, but got %s."
                             % (distribution,))
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _sample(self, shape):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        var = self.scale / max(1.0, n)
        if self.distribution == "untruncated_normal":
            return _random_normal(0.0, math.sqrt(var), shape)
        bound = math.sqrt(3.0 * var)
        return _random_uniform(-bound, bound, shape)


_BY_NAME = {
    "zeros": Zero, "zero": Zero, "ones": One, "one": One, "normal": Normal,
    "uniform": Uniform, "truncatednormal": TruncatedNormal, "truncated_normal": TruncatedNormal,
    "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
    "xavier_normal": XavierNormal, "xaviernormal": XavierNormal,
    "he_uniform": HeUniform, "heuniform": HeUniform, "he_normal": HeNormal,
    "henormal": HeNormal, "orthogonal": Orthogonal, "dirac": Dirac, "identity": Identity,
    "variancescaling": VarianceScaling, "variance_scaling": VarianceScaling,
}


def _resolve(init):
    if isinstance(init, Initializer):
        return init
    if isinstance(init, str):
        cls = _BY_NAME.get(init.lower())
        if cls is None:
            raise ValueError("initializer: unknown init name %r; known: %s"
                             % (init, ", ".join(sorted(_BY_NAME))))
        return cls()
    if isinstance(init, type) and issubclass(init, Initializer):
        return init()
    if isinstance(init, numbers.Number) and not isinstance(init, bool):
        return Constant(init)
    raise TypeError("initializer: 'init' must be an Initializer, a name, a number or a Tensor, "
                    "but got %s" % type(init).__name__)


def initializer(init, shape=None, dtype=mstype.float32):
    """initializer(init, shape=None, dtype=mstype.float32): a new Tensor of ``shape`` filled by
    ``init`` (an Initializer, its name such as 'normal', a number, or a Tensor to copy)."""
    from mindcell.common.tensor import Tensor
    if isinstance(init, (Tensor, np.ndarray)):
        data = np.asarray(init)
        if shape is not None and tuple(data.shape) != tuple(_shape(shape)):
            raise ValueError("initializer: the Tensor's shape %s differs from shape %s"
                             % (data.shape, tuple(shape)))
        # a Tensor keeps its own dtype, whatever ``dtype`` says (MindSpore 2.10, ms-oracle: so do
        # the layers' weight_init/bias_init Tensors); a numpy array (mindcell's) takes ``dtype``
        return Tensor(data, init.dtype if isinstance(init, Tensor) else dtype)
    if shape is None:
        raise ValueError("initializer: 'shape' is required unless 'init' is a Tensor")
    shape = _shape(shape)
    np_dtype = mstype.to_dtype(dtype).np_dtype
    fill = _resolve(init)
    t = Tensor._make_deferred(lambda: fill.init(shape, np_dtype))
    t.init = init
    return t


def _shape(shape):
    if isinstance(shape, numbers.Integral):
        shape = (int(shape),)
    shape = tuple(shape)
    if any(not isinstance(n, numbers.Integral) or n < 0 for n in shape):
        raise ValueError("initializer: 'shape' must contain non-negative ints, but got %s"
                         % (shape,))
    return tuple(int(n) for n in shape)
