"""nn.BiDense (MindSpore's nn.layer.dense), nn.IGamma and nn.LBeta (nn.layer.math) and
nn.MSSSIM (nn.layer.image), with MindSpore 2.10's signatures, parameter names and checks."""
import math

import numpy as np

from mindcell import _checkparam as validator
from mindcell import dtype as mstype
from mindcell.common.initializer import Uniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.container import CellList
from mindcell.nn.layer.conv import Conv2d
from mindcell.nn.layer.image_metrics import gaussian_window
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.defs.special_pairs import igamma_p, lbeta_p

__all__ = ["BiDense", "IGamma", "LBeta", "MSSSIM"]


def _check_tensor(owner, name, x):
    if not isinstance(x, Tensor):
        raise TypeError("For '%s', the '%s' must be a Tensor, but got %s"
                        % (owner, name, type(x).__name__))


def _init_dtype(init, dtype):
    return init.dtype if isinstance(init, Tensor) else dtype


class BiDense(Cell):
    r"""BiDense(in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None,
    has_bias=True, dtype=mstype.float32): the bilinear layer
    :math:`y_k = x_1^T A_k x_2 + b_k`.

    ``weight`` has shape (out_channels, in1_channels, in2_channels) and ``bias`` (out_channels,);
    both default to Uniform(1 / sqrt(in1_channels)).

    Args:
        in1_channels (int): the last dimension of ``input1``, positive.
        in2_channels (int): the last dimension of ``input2``, positive.
        out_channels (int): the output features, positive.
        weight_init (Union[Tensor, str, Initializer, numbers.Number]): Default: ``None``.
        bias_init (Union[Tensor, str, Initializer, numbers.Number]): Default: ``None``.
        has_bias (bool): add the bias. Default: ``True``.
        dtype (mindspore.dtype): the parameters' dtype (a Tensor init keeps its own).
            Default: ``mstype.float32``.

    Inputs:
        - **input1** (Tensor) - shape :math:`(*, in1\_channels)`.
        - **input2** (Tensor) - shape :math:`(*, in2\_channels)`, the same leading shape.

    Outputs:
        Tensor of shape :math:`(*, out\_channels)`.

    Raises:
        TypeError: a channel count is not an int, ``has_bias`` not a bool, or an input not a
            Tensor.
        ValueError: a channel count is not positive, a Tensor init has the wrong shape, or the
            inputs' last dimensions or leading shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.BiDense(2, 3, 1, weight_init="ones", bias_init="zeros")
        >>> x1 = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> x2 = ms.Tensor(np.array([[1.0, 1.0, 1.0]], np.float32))
        >>> print(net(x1, x2))
        [[9.]]
    """

    def __init__(self, in1_channels, in2_channels, out_channels, weight_init=None,
                 bias_init=None, has_bias=True, dtype=mstype.float32):
        super().__init__()
        owner = "BiDense"
        validator.check_positive_int(in1_channels, "in1_channels", owner)
        validator.check_positive_int(in2_channels, "in2_channels", owner)
        validator.check_positive_int(out_channels, "out_channels", owner)
        self.has_bias = validator.check_bool(has_bias, "has_bias", owner)
        self.in_channels = in2_channels  # (MindSpore's attribute: the last one it checked)
        self.in1_channels, self.in2_channels = in1_channels, in2_channels
        self.out_channels = out_channels
        bound = 1 / math.sqrt(in1_channels)
        if weight_init is None:
            weight_init = Uniform(bound)
        shape = (out_channels, in1_channels, in2_channels)
        if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != shape:
            raise ValueError("For 'BiDense', weight init shape error: 'weight_init' must have "
                             "shape (out_channels, in1_channels, in2_channels) = %s, but got %s"
                             % (shape, tuple(weight_init.shape)))
        # (as in MindSpore, a Tensor init keeps its own dtype)
        self.weight = Parameter(initializer(weight_init, shape, dtype=_init_dtype(weight_init,
                                                                                 dtype)), "weight")
        if self.has_bias:
            if bias_init is None:
                bias_init = Uniform(bound)
            if isinstance(bias_init, Tensor) and tuple(bias_init.shape) != (out_channels,):
                raise ValueError("For 'BiDense', bias init shape error: 'bias_init' must have "
                                 "shape (out_channels,) = (%d,), but got %s"
                                 % (out_channels, tuple(bias_init.shape)))
            self.bias = Parameter(initializer(bias_init, [out_channels],
                                              dtype=_init_dtype(bias_init, dtype)), name="bias")
            self.bias_add = P.BiasAdd()  # MindSpore's primitives
        self.matmul = P.MatMul()

    def construct(self, input1, input2):
        _check_tensor("BiDense", "input1", input1)
        _check_tensor("BiDense", "input2", input2)
        s1, s2 = tuple(input1.shape), tuple(input2.shape)
        for name, got, want, arg in (("input1", s1[-1], self.in1_channels, "in1_channels"),
                                     ("input2", s2[-1], self.in2_channels, "in2_channels")):
            if got != want:
                raise ValueError("For 'BiDense', the last dimension of '%s' must equal '%s' "
                                 "(%d), but got %d" % (name, arg, want, got))
        if s1[:-1] != s2[:-1]:
            raise ValueError("For 'BiDense', 'input1' and 'input2' must have the same leading "
                             "shape, but got %s and %s" % (s1, s2))
        from mindcell.ops.function.nn_compose_func import bidense_math
        return bidense_math(input1, input2, self.weight, self.bias if self.has_bias else None)

    def extend_repr(self):
        s = "in1_channels={}, in2_channels={}, output_channels={}".format(
            self.in1_channels, self.in2_channels, self.out_channels)
        if self.has_bias:
            s += ", has_bias={}".format(self.has_bias)
        return s


class IGamma(Cell):
    r"""IGamma(): the regularized lower incomplete gamma function
    :math:`P(a, x) = \frac{1}{\Gamma(a)} \int_0^x t^{a-1} e^{-t} dt`, element-wise (``a`` and
    ``x`` broadcast); nan where ``a`` or ``x`` is negative.

    Inputs:
        - **a** (Tensor) - float32.
        - **x** (Tensor) - float32.

    Outputs:
        float32 Tensor of the broadcast shape.

    Raises:
        TypeError: ``a`` is not float32 or ``x`` not of ``a``'s dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([2.0, 4.0, 6.0, 8.0], np.float32))
        >>> x = ms.Tensor(np.array([2.0, 3.0, 4.0, 5.0], np.float32))
        >>> print(ms.nn.IGamma()(a, x))
        [0.59399414 0.35276812 0.21486962 0.13337168]
    """

    def construct(self, a, x):
        _check_tensor("IGamma", "a", a)
        _check_tensor("IGamma", "x", x)
        if a.dtype != mstype.float32:
            raise TypeError("For 'IGamma', the dtype of 'a' must be float32, but got %s"
                            % a.dtype)
        if x.dtype != a.dtype:
            raise TypeError("For 'IGamma', the dtype of 'x' must be the dtype of 'a' (%s), but "
                            "got %s" % (a.dtype, x.dtype))
        return igamma_p.bind(a, x)


class LBeta(Cell):
    r"""LBeta(): :math:`\log B(x, y) = \log\Gamma(x) + \log\Gamma(y) - \log\Gamma(x + y)`
    element-wise (``x`` and ``y`` broadcast), computed without the cancellation of that
    difference (in float64, rounded to the inputs' dtype).

    Inputs:
        - **x** (Tensor) - float16 or float32.
        - **y** (Tensor) - ``x``'s dtype.

    Outputs:
        Tensor of the broadcast shape, ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not float16/float32 or ``y`` not of ``x``'s dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([2.0, 4.0, 6.0, 8.0], np.float32))
        >>> y = ms.Tensor(np.array([2.0, 3.0, 14.0, 15.0], np.float32))
        >>> print(ms.nn.LBeta()(x, y))
        [ -1.7917595  -4.0943446 -12.000229  -14.754799 ]
    """

    def construct(self, x, y):
        _check_tensor("LBeta", "x", x)
        _check_tensor("LBeta", "y", y)
        if x.dtype not in (mstype.float16, mstype.float32):
            raise TypeError("For 'LBeta', the dtype of 'x' must be float16 or float32, but got "
                            "%s" % x.dtype)
        if y.dtype != x.dtype:
            raise TypeError("For 'LBeta', the dtype of 'y' must be the dtype of 'x' (%s), but "
                            "got %s" % (x.dtype, y.dtype))
        return lbeta_p.bind(x, y)


class MSSSIM(Cell):
    r"""MSSSIM(max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
    filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03): multi-scale structural similarity
    per image.

    At each of ``len(power_factors)`` scales (halved by a 2x2 average pool between them) the
    SSIM terms of :class:`SSIM` are averaged per channel over the valid positions of a
    Gaussian window: the contrast-structure term ``cs`` at every scale but the last, the full
    SSIM at the last; each (clipped at 0) is raised to its power factor, the product is
    taken over scales and the mean over channels. Integer images are scaled to [0, 1] by
    their dtype's maximum (``max_val`` too). The windows are the fixed Conv2d weights
    ``multi_convs_list.<i>.weight``.

    Args:
        max_val (Union[int, float]): the dynamic range of the pixel values, > 0. Default: 1.0.
        power_factors (Union[tuple, list]): one weight per scale. Default:
            ``(0.0448, 0.2856, 0.3001, 0.2363, 0.1333)``.
        filter_size (int): the Gaussian window's side, >= 1. Default: 11.
        filter_sigma (float): the Gaussian's standard deviation, > 0. Default: 1.5.
        k1 (float): the luminance constant. Default: 0.01.
        k2 (float): the contrast constant. Default: 0.03.

    Inputs:
        - **img1** (Tensor) - float16, float32, float64 or uint8, shape (N, C, H, W), large
          enough for the window at the smallest scale.
        - **img2** (Tensor) - same shape and dtype.

    Outputs:
        float32 Tensor of shape (N,).

    Raises:
        TypeError: an argument has the wrong type, the images have another dtype, or their
            dtypes differ.
        ValueError: an argument is out of range, or the images are not 4-D of one shape.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> img = ms.Tensor(np.linspace(0, 1, 1024, dtype=np.float32).reshape(1, 1, 32, 32))
        >>> net = ms.nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=5)
        >>> print(net(img, img))
        [1.]
    """

    def __init__(self, max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
                 filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        owner = "MSSSIM"
        validator.check_value_type("max_val", max_val, [int, float], owner)
        validator.check_number("max_val", max_val, 0.0, validator.GT, owner)
        self.max_val = max_val
        validator.check_value_type("power_factors", power_factors, [tuple, list], owner)
        self.filter_size = validator.check_int(filter_size, 1, validator.GE, "filter_size",
                                               owner)
        self.filter_sigma = validator.check_positive_float(filter_sigma, "filter_sigma", owner)
        self.k1 = validator.check_value_type("k1", k1, [float], owner)
        self.k2 = validator.check_value_type("k2", k2, [float], owner)
        window = Tensor(gaussian_window(filter_size, filter_sigma))
        self.level = len(power_factors)
        convs = []
        for _ in range(self.level):
            conv = Conv2d(1, 1, filter_size, pad_mode="valid", weight_init=window)
            conv.weight.requires_grad = False
            convs.append(conv)
        self.multi_convs_list = CellList(convs)
        self.weight_tensor = Tensor(np.asarray(power_factors, np.float32))

    def construct(self, img1, img2):
        owner = "MSSSIM"
        for name, img in (("img1", img1), ("img2", img2)):
            _check_tensor(owner, name, img)
            if img.ndim != 4:
                raise ValueError("For '%s', the dimension of '%s' must be 4d, but got %d."
                                 % (owner, name, img.ndim))
        if img1.dtype not in (mstype.float64, mstype.float32, mstype.float16, mstype.uint8):
            raise TypeError("For '%s', the dtype of 'img1' must be float64, float32, float16 or "
                            "uint8, but got %s" % (owner, img1.dtype))
        if img2.dtype != img1.dtype:
            raise TypeError("For '%s', 'img1' and 'img2' must have the same dtype, but got %s "
                            "and %s" % (owner, img1.dtype, img2.dtype))
        if tuple(img1.shape) != tuple(img2.shape):
            raise ValueError("For '%s', 'img1' and 'img2' must have the same shape, but got %s "
                             "and %s" % (owner, tuple(img1.shape), tuple(img2.shape)))
        scale = 255.0 if img1.dtype == mstype.uint8 else 1.0
        max_val = float(self.max_val) / scale if scale > 1.0 else float(self.max_val)
        a, b = F.cast(img1, mstype.float32), F.cast(img2, mstype.float32)
        if scale > 1.0:
            a, b = F.mul(a, 1.0 / scale), F.mul(b, 1.0 / scale)
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        terms = []
        for i in range(self.level):
            ssim, cs = self._scale_terms(a, b, self.multi_convs_list[i], c1, c2)
            if i < self.level - 1:
                terms.append(F.relu(cs))
                a, b = F.avg_pool2d(a, 2, 2), F.avg_pool2d(b, 2, 2)
            else:
                terms.append(F.relu(ssim))
        stacked = F.pow(F.stack(terms, -1), self.weight_tensor)
        return F.mean(F.prod(stacked, -1), -1)

    @staticmethod
    def _scale_terms(a, b, conv, c1, c2):
        """(ssim, cs) averaged over H and W, per image and channel: shape (N, C)."""
        n, c, h, w = a.shape
        a = F.reshape(a, (n * c, 1, h, w))
        b = F.reshape(b, (n * c, 1, h, w))
        mu1, mu2 = conv(a), conv(b)
        mu11, mu22, mu12 = F.mul(mu1, mu1), F.mul(mu2, mu2), F.mul(mu1, mu2)
        s11 = F.sub(conv(F.mul(a, a)), mu11)
        s22 = F.sub(conv(F.mul(b, b)), mu22)
        s12 = F.sub(conv(F.mul(a, b)), mu12)
        v1 = F.add(F.mul(s12, 2.0), c2)
        v2 = F.add(F.add(s11, s22), c2)
        ssim = F.div(F.mul(F.add(F.mul(mu12, 2.0), c1), v1),
                     F.mul(F.add(F.add(mu11, mu22), c1), v2))
        cs = F.div(v1, v2)
        return (F.mean(F.reshape(ssim, (n, c, -1)), -1), F.mean(F.reshape(cs, (n, c, -1)), -1))
