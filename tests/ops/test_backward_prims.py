"""Backward-only primitives (the *Grad ones that bprops bind): each has a bprop of its own, so
differentiating through it gives finite-difference-correct numbers or a clear error, never a
silent zero (a primitive without a bprop is treated as a constant)."""
import importlib
import pkgutil

import numpy as np
import pytest

import mindcell.ops.defs
from mindcell import Tensor, ops
from mindcell._core.primitive import REGISTRY
from mindcell.ops.defs import elementwise as E, nn as N
from op_db import numeric_grad

# every primitive module, so that the checks below do not depend on which tests ran before
for _module in pkgutil.iter_modules(mindcell.ops.defs.__path__):
    importlib.import_module("mindcell.ops.defs." + _module.name)

BACKWARD_ONLY = sorted(n for n in REGISTRY if (n.endswith(("Grad", "GradGrad")) or "Backprop" in n)) + [
    "UnsortedSegmentSum"]


def test_every_backward_only_primitive_has_a_bprop():
    missing = [n for n in BACKWARD_ONLY if REGISTRY[n].bprop is None]
    assert not missing, missing


# Primitives without a bprop: a primitive with no bprop is treated as a constant by autodiff, so
# each must be one whose output has no gradient to give. Adding a differentiable primitive without
# a bprop fails this test instead of silently giving zero gradients.
NON_DIFFERENTIABLE = {
    # bool or integer results
    "Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual", "LogicalAnd",
    "LogicalOr", "LogicalXor", "LogicalNot", "IsNan", "IsInf", "IsFinite", "ReduceAll",
    "ReduceAny", "ArgMax", "ArgMin", "NonZero", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert",
    "CummaxIndices", "CumminIndices", "Gcd", "Lcm", "SignBit",
    # reinterpreted bits, one-hot codes (MindSpore gives no gradient either), random numbers
    "BitCast", "OneHot", "StandardNormal", "UniformReal", "UniformInt", "DropoutGenMask",
    "Multinomial",
    "Bernoulli", "RandomChoiceWithMask",
    "CandidateSampler",  # its input is the integer true classes
    # index permutations (NMSWithMask's inverse sort), recorded values (ops.ScalarSummary ...)
    "NMSUnsort", "Summary",
    # side effects and gradient barriers
    "Assign", "AssignAdd", "AssignSub", "StopGradient", "Print", "SGDUpdate", "ApplyMomentum",
    "AdamUpdate",
    "Adam", "AdamWeightDecay",  # optimizer primitives: they update Parameters in place
    # made by the fusion passes after autodiff has run
    "FusedElementwise", "BinaryUnary",
    # made by the graph tracer / passes for in-place writes (program order of side effects)
    "UpdateState", "Copy",
    # the data-parallel gradient reducer's fused all-reduce (it runs on gradients, after autodiff)
    "BucketAllReduce",
}


def test_every_primitive_without_a_bprop_is_non_differentiable():
    missing = sorted(n for n, p in REGISTRY.items() if p.bprop is None)
    assert set(missing) <= NON_DIFFERENTIABLE, sorted(set(missing) - NON_DIFFERENTIABLE)


def _check(fn, arrays, pos):
    got = ops.grad(fn, pos)(*[Tensor(a) for a in arrays]).asnumpy()
    want = numeric_grad(lambda arrs: float(fn(*[Tensor(a) for a in arrs]).asnumpy()), arrays,
                        pos, eps=1e-6)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


CASES = {
    "TanhGrad": lambda y, dy: E.tanh_grad_p.bind(y, dy),
    "SigmoidGrad": lambda y, dy: E.sigmoid_grad_p.bind(y, dy),
    "SiLUGrad": lambda dy, x: E.silu_grad_p.bind(dy, x),
    "GeLUGrad_tanh": lambda dy, x: E.gelu_grad_p.bind(dy, x, approximate="tanh"),
    "GeLUGrad_erf": lambda dy, x: E.gelu_grad_p.bind(dy, x, approximate="none"),
    "SoftmaxGrad": lambda y, dy: N.softmax_grad_p.bind(y, dy, axis=1),
    "LogSoftmaxGrad": lambda y, dy: N.log_softmax_grad_p.bind(y, dy, axis=1),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("pos", [0, 1])
def test_backward_primitive_gradients_match_finite_differences(name, pos):
    rng = np.random.default_rng(0)
    arrays = [rng.uniform(-1.5, 1.5, (2, 3)), rng.standard_normal((2, 3))]
    w = Tensor(rng.standard_normal((2, 3)))
    _check(lambda a, b: (CASES[name](a, b) * w).sum(), arrays, pos)


def test_max_pool_grad_grad_gradient_is_max_pool_grad():
    rng = np.random.default_rng(1)
    x = rng.permutation(32).reshape(1, 2, 4, 4).astype(np.float64)  # no ties
    attrs = dict(kernel_size=(2, 2), stride=(2, 2), padding=(0, 0, 0, 0))
    y = N.max_pool_p.bind(Tensor(x), **attrs)
    w = Tensor(rng.standard_normal(y.shape))
    gather = lambda dx: (N.max_pool_gather_p.bind(Tensor(x), y, dx, **attrs) * w).sum()  # noqa
    _check(gather, [rng.standard_normal(x.shape)], 0)


def test_third_order_through_max_pool():
    rng = np.random.default_rng(2)
    x = Tensor(rng.permutation(16).reshape(1, 1, 4, 4).astype(np.float64))

    def pooled_sq(w):
        gx = ops.grad(lambda x_: (ops.max_pool2d(x_, 2, 2) * w).sum())(x)
        return (gx ** 2).sum()

    w = rng.standard_normal((1, 1, 2, 2))
    _check(lambda w_: (ops.grad(pooled_sq)(w_) ** 2).sum(), [w], 0)


@pytest.mark.parametrize("prim", ["LayerNormGrad", "RMSNormGrad", "CumProdGrad",
                                  "LogCumSumExpGrad"])
def test_undifferentiated_backward_primitives_raise_clearly(prim):
    with pytest.raises(RuntimeError, match="%s: second-order gradients are not supported"
                       % prim):
        REGISTRY[prim].bprop()


def test_layer_norm_second_order_is_still_correct():
    """Second order of layer norm goes through its composite form, not LayerNormGrad."""
    rng = np.random.default_rng(3)
    g, b = Tensor(rng.uniform(0.5, 1.5, 4)), Tensor(rng.standard_normal(4))
    w = Tensor(rng.standard_normal((3, 4)))

    def grad_norm(x):
        first = ops.grad(lambda x_: (ops.layer_norm(x_, (4,), g, b) * w).sum())(x)
        return (first ** 2).sum()
    _check(grad_norm, [rng.standard_normal((3, 4))], 0)


def test_roi_align_grad_gradient_is_roi_align():
    """ROIAlignGrad is linear in dy: its gradient, checked by finite differences, is ROIAlign."""
    from mindcell.ops.defs import detection as D
    rng = np.random.default_rng(3)
    features = Tensor(rng.standard_normal((1, 2, 6, 6)))
    rois = Tensor(np.array([[0, 0.5, 0.5, 4.0, 3.5], [0, 1.0, 2.0, 5.0, 5.0]]))
    attrs = dict(pooled_height=2, pooled_width=2, spatial_scale=1.0, sample_num=2,
                 roi_end_mode=1)
    w = Tensor(rng.standard_normal((1, 2, 6, 6)))
    grad = lambda dy: (D.roi_align_grad_p.bind(dy, rois, features, **attrs) * w).sum()  # noqa
    _check(grad, [rng.standard_normal((2, 2, 2, 2))], 0)
