"""MindSpore's backward primitives (``mindspore.ops.operations._grad_ops``): ``SigmoidGrad()(y, dy)``,
``ReluGrad()(dy, x)``, ``MaxPoolGrad(kernel_size, strides)(x, out, dout)`` ... that tests and custom
``bprop`` methods call directly. Each takes MindSpore 2.10's inputs in its order (checked with the
ms-oracle, tests/goldens/ms_st_b): the ones given the forward result (``y``, ``out``) apply the
closed form of the derivative; the ones given the forward input take the vector-Jacobian product of
mindcell's own forward op, so the two always agree."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.grad import vjp

__all__ = []


def _tensor(prim, name, value):
    if not isinstance(value, Tensor):
        raise TypeError("For '%s', the input '%s' must be a Tensor, but got %s"
                        % (prim, name, type(value).__name__))
    return value


def _pullback(forward, primals, cotangent):
    """The gradients of ``forward`` at ``primals`` (a tuple of tensors) for ``cotangent``."""
    _, back = vjp(forward, *primals)
    return back(cotangent)


def _grad_class(name, inputs, compute, attrs=(), doc=""):
    """A Primitive class ``name`` with constructor attributes ``attrs`` ((name, default) pairs)
    whose call takes the tensors ``inputs`` and returns ``compute(self, *inputs)``."""
    keys = tuple(a for a, _ in attrs)
    defaults = dict(attrs)

    def __init__(self, *args, **kwargs):
        AttrPrimitive.__init__(self)
        if len(args) > len(keys):
            raise TypeError("%s() takes at most %d arguments (%d given)"
                            % (name, len(keys), len(args)))
        values = dict(defaults)
        values.update(zip(keys, args))
        for k, v in kwargs.items():
            if k not in defaults:
                raise TypeError("%s() got an unexpected keyword argument '%s'" % (name, k))
            values[k] = v
        self.set_attrs(**values)
        self.add_prim_attr("input_names", list(inputs))

    def __call__(self, *args):
        if len(args) != len(inputs):
            raise TypeError("For '%s', the number of inputs must be %d (%s), but got %d"
                            % (name, len(inputs), ", ".join(inputs), len(args)))
        return compute(self, *args)

    text = "%s(%s)(%s): %s" % (name, ", ".join("%s=%r" % a for a in attrs), ", ".join(inputs),
                               doc)
    __all__.append(name)
    return type(name, (AttrPrimitive,), {"__init__": __init__, "__call__": __call__,
                                         "__doc__": text, "__module__": __name__})


def _y_dy(name, formula, doc, order=("y", "dy"), f16_in_f32=False):
    """An elementwise gradient of the forward result: ``formula(y, dy)``; ``f16_in_f32``: float16
    computed in float32 and rounded once, as MindSpore 2.10's kernel does (ms-oracle)."""
    def compute(self, *args):
        named = dict(zip(order, args))
        y, dy = _tensor(name, order[0], named["y"]), _tensor(name, order[1], named["dy"])
        if f16_in_f32 and y.dtype == mstype.float16 and dy.dtype == mstype.float16:
            return F.cast(formula(F.cast(y, mstype.float32), F.cast(dy, mstype.float32)),
                          mstype.float16)
        return formula(y, dy)
    return _grad_class(name, order, compute, doc=doc)


def _x_dy(name, forward, doc, order=("dy", "x"), attrs=()):
    """The gradient of the elementwise ``forward(self, x)`` at its input ``x`` for ``dy``."""
    def compute(self, *args):
        named = dict(zip(order, args))
        x = _tensor(name, order[order.index("x")], named["x"])
        dy = _tensor(name, order[order.index("dy")], named["dy"])
        return _pullback(lambda t: forward(self, t), (x,), dy)[0]
    return _grad_class(name, order, compute, attrs, doc)


# gradients given the forward result
SigmoidGrad = _y_dy("SigmoidGrad", lambda y, dy: dy * (y * (1 - y)), "dy * (y * (1 - y)).")
TanhGrad = _y_dy("TanhGrad", lambda y, dy: dy * (1 - y * y), "dy * (1 - y * y).", f16_in_f32=True)
SqrtGrad = _y_dy("SqrtGrad", lambda y, dy: dy * 0.5 / y, "dy / (2 * y).")
RsqrtGrad = _y_dy("RsqrtGrad", lambda y, dy: dy * y * y * y * -0.5, "-dy * y ** 3 / 2.")
ReciprocalGrad = _y_dy("ReciprocalGrad", lambda y, dy: -dy * y * y, "-dy * y * y.")
AcoshGrad = _y_dy("AcoshGrad", lambda y, dy: dy / F.sinh(y), "dy / sinh(y).", ("y", "dy"))
AsinhGrad = _y_dy("AsinhGrad", lambda y, dy: dy / F.cosh(y), "dy / cosh(y).", ("y", "dy"))
EluGrad = _y_dy("EluGrad", lambda y, dy: F.select(y > 0, dy, dy * (y + 1)),
                "dy where y > 0, else dy * (y + 1) (alpha 1).", ("dy", "y"))
SoftmaxGrad = _y_dy("SoftmaxGrad", lambda y, dy: (dy - (dy * y).sum(-1, keepdims=True)) * y,
                    "(dy - sum(dy * y, -1)) * y.")


def _log_softmax_grad(self, y, dy):
    _tensor("LogSoftmaxGrad", "logits", y)
    _tensor("LogSoftmaxGrad", "grad", dy)
    return dy - F.exp(y) * dy.sum(self.axis, keepdims=True)


LogSoftmaxGrad = _grad_class("LogSoftmaxGrad", ("logits", "grad"), _log_softmax_grad,
                             (("axis", -1),), "grad - exp(logits) * sum(grad, axis), logits "
                             "being the log_softmax result.")

# gradients given the forward input
ReluGrad = _x_dy("ReluGrad", lambda s, x: F.relu(x), "dy where x > 0, else 0.")
ReLU6Grad = _x_dy("ReLU6Grad", lambda s, x: F.relu6(x), "dy where 0 < x < 6, else 0.")
SoftplusGrad = _grad_class(
    "SoftplusGrad", ("gradients", "features"),
    lambda s, dy, x: _tensor("SoftplusGrad", "gradients", dy) / (
        1 + F.exp(-_tensor("SoftplusGrad", "features", x))), doc="dy / (1 + exp(-x)).")
HSigmoidGrad = _x_dy("HSigmoidGrad", lambda s, x: P.HSigmoid()(x), "the hard sigmoid's.")
HSwishGrad = _x_dy("HSwishGrad", lambda s, x: P.HSwish()(x), "the hard swish's.")
SiLUGrad = _x_dy("SiLUGrad", lambda s, x: P.SiLU()(x), "the SiLU's.")
FastGeLUGrad = _x_dy("FastGeLUGrad", lambda s, x: P.FastGeLU()(x), "the fast GeLU's.")
AbsGrad = _x_dy("AbsGrad", lambda s, x: F.abs(x), "dy * sign(x).", ("x", "dy"))
ACosGrad = _x_dy("ACosGrad", lambda s, x: F.acos(x), "-dy / sqrt(1 - x * x).", ("x", "dy"))
AsinGrad = _x_dy("AsinGrad", lambda s, x: F.asin(x), "dy / sqrt(1 - x * x).", ("x", "dy"))
AtanGrad = _x_dy("AtanGrad", lambda s, x: F.atan(x), "dy / (1 + x * x).", ("x", "dy"))
SoftShrinkGrad = _x_dy("SoftShrinkGrad", lambda s, x: P.SoftShrink(s.lambd)(x),
                       "dy where |x| > lambd, else 0.", attrs=(("lambd", 0.5),))
HShrinkGrad = _x_dy("HShrinkGrad", lambda s, x: P.HShrink(s.lambd)(x),
                    "dy where |x| > lambd, else 0.", attrs=(("lambd", 0.5),))


def _pool_grad(kind):
    def compute(self, x, out, dout):
        forward = kind(self.kernel_size, self.strides, self.pad_mode, self.data_format)
        return _pullback(forward, (_tensor(self.name, "x", x),), _tensor(self.name, "dout", dout))[0]
    return compute


_POOL_ATTRS = (("kernel_size", 1), ("strides", 1), ("pad_mode", "VALID"), ("data_format", "NCHW"))
MaxPoolGrad = _grad_class("MaxPoolGrad", ("x", "out", "dout"), _pool_grad(P.MaxPool), _POOL_ATTRS,
                          "the gradient of MaxPool at x for dout (the window's maximum takes it).")
AvgPoolGrad = _grad_class("AvgPoolGrad", ("x", "out", "dout"), _pool_grad(P.AvgPool), _POOL_ATTRS,
                          "the gradient of AvgPool at x for dout.")


def _shape_of(prim, shape):
    if isinstance(shape, Tensor):
        shape = tuple(int(s) for s in shape.asnumpy())
    if not isinstance(shape, (tuple, list)):
        raise TypeError("For '%s', the input shape must be a tuple of ints, but got %s"
                        % (prim, type(shape).__name__))
    return tuple(shape)


def _placed(forward, shape, dy):
    """dy placed where ``forward`` (a slicing) reads a zero tensor of ``shape``: the pullback of
    ``forward``. A dy of the slice's size in another shape is taken in the slice's shape, and a
    bool or integer dy is placed through float64 and cast back (MindSpore 2.10's kernels take
    both, ms-oracle)."""
    work = dy if dy.dtype.is_floating_point else F.cast(dy, mstype.float64)
    base = F.zeros(tuple(shape), work.dtype)
    out_shape = tuple(forward(base).shape)
    if tuple(work.shape) != out_shape and work.size == int(np.prod(out_shape)):
        work = F.reshape(work, out_shape)
    grad = _pullback(forward, (base,), work)[0]
    return grad if work.dtype == dy.dtype else F.cast(grad, dy.dtype)


def _slice_grad(self, dy, x, begin, size):
    x, dy = _tensor("SliceGrad", "x", x), _tensor("SliceGrad", "dy", dy)
    return _placed(lambda t: P.Slice()(t, begin, size), x.shape, dy)


SliceGrad = _grad_class("SliceGrad", ("dy", "x", "begin", "size"), _slice_grad,
                        doc="dy placed at the slice of a zero tensor shaped like x.")


def _strided_slice_grad(self, dy, shapex, begin, end, strides):
    dy = _tensor("StridedSliceGrad", "dy", dy)
    forward = P.StridedSlice(self.begin_mask, self.end_mask, self.ellipsis_mask,
                             self.new_axis_mask, self.shrink_axis_mask)
    return _placed(lambda t: forward(t, begin, end, strides), _shape_of("StridedSliceGrad", shapex),
                   dy)


StridedSliceGrad = _grad_class(
    "StridedSliceGrad", ("dy", "shapex", "begin", "end", "strides"), _strided_slice_grad,
    (("begin_mask", 0), ("end_mask", 0), ("ellipsis_mask", 0), ("new_axis_mask", 0),
     ("shrink_axis_mask", 0)), "dy placed at the strided slice of a zero tensor of shape shapex.")


def _min_max_grad(op):
    """(dx, dy) of ``op`` (a tie gives each input half of grads, as the gradient of
    maximum/minimum). MindSpore 2.10's CPU kernel returns both whatever grad_x and grad_y say
    (ms-oracle); so does this one."""
    def compute(self, x, y, grads):
        return tuple(_pullback(op, (_tensor(self.name, "x", x), _tensor(self.name, "y", y)),
                               _tensor(self.name, "grads", grads)))
    return compute


_MINMAX_ATTRS = (("grad_x", True), ("grad_y", True))
MinimumGrad = _grad_class("MinimumGrad", ("x1", "x2", "grads"), _min_max_grad(F.minimum),
                          _MINMAX_ATTRS, "(dx1, dx2) of minimum, reduced to each input's shape.")
MaximumGrad = _grad_class("MaximumGrad", ("x", "y", "grads"), _min_max_grad(F.maximum),
                          _MINMAX_ATTRS, "(dx, dy) of maximum, reduced to each input's shape.")


def _mirror_pad_grad(self, dy, paddings):
    dy = _tensor("MirrorPadGrad", "dy", dy)
    pads = paddings.asnumpy() if isinstance(paddings, Tensor) else paddings
    shape = tuple(int(n - p[0] - p[1]) for n, p in zip(dy.shape, pads))
    base = F.zeros(shape, dy.dtype)
    return _pullback(lambda t: P.MirrorPad(self.mode)(t, paddings), (base,), dy)[0]


MirrorPadGrad = _grad_class("MirrorPadGrad", ("dy", "paddings"), _mirror_pad_grad,
                            (("mode", "REFLECT"),), "dy folded back onto the unpadded input.")


def _resize_bilinear_grad(self, grads, image):
    grads, image = _tensor(self.name, "grads", grads), _tensor(self.name, "image", image)
    forward = P.ResizeBilinearV2(self.align_corners, self.half_pixel_centers)
    size = tuple(grads.shape[2:])
    return _pullback(lambda t: forward(t, size), (image,), grads)[0]


_RESIZE_ATTRS = (("align_corners", False), ("half_pixel_centers", False))
ResizeBilinearGrad = _grad_class("ResizeBilinearGrad", ("grads", "image"), _resize_bilinear_grad,
                                 _RESIZE_ATTRS, "the gradient of the bilinear resize of image.")


def _resize_nearest_grad(self, grads, size):
    grads = _tensor(self.name, "grads", grads)
    size = tuple(int(s) for s in (size.asnumpy() if isinstance(size, Tensor) else size))
    base = F.zeros(tuple(grads.shape[:2]) + size, grads.dtype)
    forward = P.ResizeNearestNeighbor(tuple(grads.shape[2:]), self.align_corners,
                                      self.half_pixel_centers)
    return _pullback(forward, (base,), grads)[0]


ResizeNearestNeighborGrad = _grad_class(
    "ResizeNearestNeighborGrad", ("grads", "size"), _resize_nearest_grad, _RESIZE_ATTRS,
    "the gradient of the nearest-neighbour resize to grads' size from an image of size `size`.")


def _bias_add_grad(self, dout):
    dout = _tensor("BiasAddGrad", "dout", dout)
    channel = dout.ndim - 1 if self.data_format == "NHWC" else 1
    return dout.sum(tuple(a for a in range(dout.ndim) if a != channel))


BiasAddGrad = _grad_class("BiasAddGrad", ("dout",), _bias_add_grad, (("data_format", "NCHW"),),
                          "dout summed over every axis but the channel one.")


def _loss_grad(make, first=0):
    """The gradient of the loss ``make(self)(*inputs[:-1])`` at its first input for the last."""
    def compute(self, *args):
        *inputs, dout = args
        fixed = inputs[1:]
        loss = make(self)
        return _pullback(lambda t: loss(t, *fixed), (_tensor(self.name, "input", inputs[first]),),
                         _tensor(self.name, "dout", dout))[0]
    return compute


SmoothL1LossGrad = _grad_class(
    "SmoothL1LossGrad", ("prediction", "target", "dout"),
    _loss_grad(lambda s: P.SmoothL1Loss(s.beta, s.reduction)), (("beta", 1.0), ("reduction", "none")),
    "the gradient of SmoothL1Loss at prediction for dout.")
SigmoidCrossEntropyWithLogitsGrad = _grad_class(
    "SigmoidCrossEntropyWithLogitsGrad", ("x", "y", "dout"),
    _loss_grad(lambda s: P.SigmoidCrossEntropyWithLogits()), (),
    "dout * (sigmoid(x) - y).")
SoftMarginLossGrad = _grad_class(
    "SoftMarginLossGrad", ("predict", "label", "dout"),
    _loss_grad(lambda s: P.SoftMarginLoss(s.reduction)), (("reduction", "mean"),),
    "the gradient of SoftMarginLoss at predict for dout.")
