"""MindSpore 2.10's backward primitives of ops.operations._grad_ops called directly, as its CPU
op tests and custom bprops do (SoftmaxGrad and SoftMarginLossGrad have no
CPU kernel in MindSpore 2.10): inputs in MindSpore's order (the forward result for SigmoidGrad,
TanhGrad, SqrtGrad ...; the forward input for ReluGrad, SoftplusGrad, MaxPoolGrad ...), both
modes, float32 and float16."""
import importlib

import numpy as np
from _target import ms, nn, Tensor, emit

G = importlib.import_module(ms.__name__ + ".ops.operations._grad_ops")
r = np.random.RandomState(7)


def t(shape, lo=-2.0, hi=2.0, dtype=np.float32):
    return Tensor(r.uniform(lo, hi, shape).astype(dtype))


class Call(nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim

    def construct(self, *args):
        return self.prim(*args)


def record(key, prim, *args):
    for mode, tag in ((ms.PYNATIVE_MODE, "py"), (ms.GRAPH_MODE, "graph")):
        ms.set_context(mode=mode)
        try:
            out = Call(prim)(*args)
            if isinstance(out, tuple):
                emit("%s_%s" % (key, tag), [{"dtype": str(o.dtype), "value": o} for o in out])
            else:
                emit("%s_%s" % (key, tag), {"shape": list(out.shape), "dtype": str(out.dtype),
                                            "value": out})
        except Exception as e:  # noqa: BLE001  (the golden records the exception type)
            emit("%s_%s" % (key, tag), e)
    ms.set_context(mode=ms.PYNATIVE_MODE)


x, dy = t((2, 3, 4)), t((2, 3, 4))
pos = t((2, 3, 4), 0.5, 2.0)
unit = t((2, 3, 4), -0.9, 0.9)
for dt in (np.float32, np.float16):
    xd, dyd = Tensor(x.asnumpy().astype(dt)), Tensor(dy.asnumpy().astype(dt))
    sg = Tensor((1 / (1 + np.exp(-x.asnumpy()))).astype(dt))
    name = np.dtype(dt).name
    record("sigmoid_grad_" + name, G.SigmoidGrad(), sg, dyd)
    record("tanh_grad_" + name, G.TanhGrad(), Tensor(np.tanh(x.asnumpy()).astype(dt)), dyd)
    record("relu_grad_" + name, G.ReluGrad(), dyd, xd)
    record("relu6_grad_" + name, G.ReLU6Grad(), dyd, Tensor((x.asnumpy() * 4).astype(dt)))
record("sqrt_grad", G.SqrtGrad(), pos, dy)
record("rsqrt_grad", G.RsqrtGrad(), pos, dy)
record("reciprocal_grad", G.ReciprocalGrad(), pos, dy)
record("acosh_grad", G.AcoshGrad(), pos, dy)
record("asinh_grad", G.AsinhGrad(), x, dy)
record("elu_grad", G.EluGrad(), dy, x)
record("log_softmax_grad", G.LogSoftmaxGrad(), Tensor(np.log(np.full((2, 4), 0.25, np.float32))),
       t((2, 4)))
record("log_softmax_grad_axis0", G.LogSoftmaxGrad(0),
       Tensor(np.log(np.full((2, 4), 0.5, np.float32))), t((2, 4)))
record("softplus_grad", G.SoftplusGrad(), dy, x)
record("hsigmoid_grad", G.HSigmoidGrad(), dy, Tensor(x.asnumpy() * 3))
record("hswish_grad", G.HSwishGrad(), dy, Tensor(x.asnumpy() * 3))
record("silu_grad", G.SiLUGrad(), dy, x)
record("fast_gelu_grad", G.FastGeLUGrad(), dy, x)
record("abs_grad", G.AbsGrad(), x, dy)
record("acos_grad", G.ACosGrad(), unit, dy)
record("asin_grad", G.AsinGrad(), unit, dy)
record("atan_grad", G.AtanGrad(), x, dy)
record("soft_shrink_grad", G.SoftShrinkGrad(1.0), dy, x)
record("hshrink_grad", G.HShrinkGrad(), dy, x)

img = t((1, 2, 5, 6))
for cls, key in ((G.MaxPoolGrad, "maxpool_grad"), (G.AvgPoolGrad, "avgpool_grad")):
    for pad in ("VALID", "SAME"):
        out = (ms.ops.MaxPool if cls is G.MaxPoolGrad else ms.ops.AvgPool)(
            kernel_size=3, strides=2, pad_mode=pad)(img)
        record("%s_%s" % (key, pad.lower()), cls(kernel_size=3, strides=2, pad_mode=pad), img, out,
               t(tuple(out.shape)))
record("slice_grad", G.SliceGrad(), t((2, 2, 2)), t((3, 4, 5)), (1, 1, 2), (2, 2, 2))
record("strided_slice_grad", G.StridedSliceGrad(), t((2, 2, 2)), (3, 4, 5), (1, 0, 0), (3, 4, 4),
       (1, 2, 2))
record("strided_slice_grad_shrink", G.StridedSliceGrad(shrink_axis_mask=2), t((2, 5)), (3, 4, 5),
       (1, 2, 0), (3, 3, 5), (1, 1, 1))
a, b = Tensor(np.array([[1, 5, 3], [4, 2, 6]], np.float32)), Tensor(np.array([2, 5, 1], np.float32))
g = t((2, 3))
record("minimum_grad", G.MinimumGrad(), a, b, g)
record("maximum_grad", G.MaximumGrad(), a, b, g)
record("maximum_grad_x_only", G.MaximumGrad(True, False), a, b, g)
pads = Tensor(np.array([[0, 0], [0, 0], [1, 2], [2, 1]], np.int64))
record("mirror_pad_grad_reflect", G.MirrorPadGrad(), t((1, 1, 7, 7)), pads)
record("mirror_pad_grad_symmetric", G.MirrorPadGrad("SYMMETRIC"), t((1, 1, 7, 7)), pads)
record("resize_bilinear_grad", G.ResizeBilinearGrad(), t((1, 2, 6, 8)), t((1, 2, 3, 3)))
record("resize_bilinear_grad_ac", G.ResizeBilinearGrad(True), t((1, 2, 6, 8)), t((1, 2, 3, 3)))
record("resize_bilinear_grad_hpc", G.ResizeBilinearGrad(False, True), t((1, 2, 6, 8)),
       t((1, 2, 3, 3)))
record("resize_nearest_grad", G.ResizeNearestNeighborGrad(), t((1, 2, 6, 8)), (3, 3))
record("resize_nearest_grad_ac", G.ResizeNearestNeighborGrad(True), t((1, 2, 6, 8)), (3, 3))
record("bias_add_grad", G.BiasAddGrad(), t((2, 3, 4, 5)))
record("bias_add_grad_nhwc", G.BiasAddGrad("NHWC"), t((2, 3, 4, 5)))
pred, tgt = t((2, 5)), t((2, 5))
record("smooth_l1_grad", G.SmoothL1LossGrad(), pred, tgt, t((2, 5)))
record("smooth_l1_grad_beta_mean", G.SmoothL1LossGrad(0.5, "mean"), pred, tgt,
       Tensor(np.float32(1.5)))
record("sigmoid_ce_grad", G.SigmoidCrossEntropyWithLogitsGrad(), pred,
       Tensor(r.uniform(0, 1, (2, 5)).astype(np.float32)), t((2, 5)))
