"""The kernels' bfloat16 rule over the whole elementwise kernel table (UNARY_KERNELS,
BINARY_KERNELS, GeLU, GeLUGrad): each kernel declines bfloat16 arrays (NotImplemented) and the
primitive computes in float32 and rounds once, so a bfloat16 result equals the float32 result
rounded to bfloat16 bit for bit; a GRAPH_MODE chain of them equals PYNATIVE_MODE."""
import ml_dtypes
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell._core.kernels import KERNELS
from mindcell._core.kernels.elementwise import BINARY_KERNELS, UNARY_KERNELS
from mindcell._core.primitive import REGISTRY

BF16 = np.dtype(ml_dtypes.bfloat16)
UNARY = [(n, {}) for n in UNARY_KERNELS] + [("GeLU", {"approximate": a})
                                            for a in ("tanh", "none")]
BINARY = [(n, {}) for n in BINARY_KERNELS] + [("GeLUGrad", {"approximate": a})
                                              for a in ("tanh", "none")]
SHAPES = [((3, 5), (3, 5)), ((3, 5), (5,)), ((4, 1), (4, 6)), ((2, 3), ())]


def _bf16(shape, seed, low=-3.0, high=3.0):
    return np.random.default_rng(seed).uniform(low, high, shape).astype(BF16)


def _inputs(name, shapes, seed):
    low = 0.25 if name == "Pow" else -3.0  # Pow: a real base for non-integer exponents
    return [_bf16(s, seed + i, low) for i, s in enumerate(shapes)]


def _id(case):
    return "%s%s" % (case[0], "-" + case[1]["approximate"] if case[1] else "")


def test_table_covers_every_elementwise_kernel():
    names = {n for n, _ in UNARY + BINARY}
    assert names <= set(KERNELS) and names <= set(REGISTRY)
    assert len(UNARY_KERNELS) >= 10 and len(BINARY_KERNELS) >= 10


@pytest.mark.parametrize("case", UNARY + BINARY, ids=_id)
def test_kernel_declines_bfloat16(case):
    name, attrs = case
    arity = 1 if case in UNARY else 2
    arrays = [_bf16((3, 4), i) for i in range(arity)]
    assert KERNELS[name](*arrays, **attrs) is NotImplemented
    assert KERNELS[name](*[a.astype(np.float32) for a in arrays], **attrs) is not NotImplemented


def _check(name, attrs, arrays):
    prim = REGISTRY[name]
    got = prim.bind(*[ms.Tensor(a) for a in arrays], **attrs)
    want = prim.bind(*[ms.Tensor(a.astype(np.float32)) for a in arrays], **attrs)
    assert got.asnumpy().dtype == BF16
    want = want.asnumpy().astype(BF16)  # rounded once
    np.testing.assert_array_equal(got.asnumpy().view(np.uint16), want.view(np.uint16))


@pytest.mark.parametrize("case", UNARY, ids=_id)
def test_unary_bfloat16_is_float32_then_round(case):
    name, attrs = case
    for seed, shape in enumerate([(3, 5), (7,), ()]):
        _check(name, attrs, _inputs(name, [shape], seed))


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("case", BINARY, ids=_id)
def test_binary_bfloat16_is_float32_then_round(case, shapes):
    name, attrs = case
    _check(name, attrs, _inputs(name, shapes, 7))


class _Chain(nn.Cell):
    def construct(self, x, y):
        z = ops.tanh(x * y + x) - ops.sigmoid(y) * ops.relu(x)
        return ops.sqrt(ops.abs(z)) + ops.maximum(ops.exp(-ops.square(x)), ops.silu(y)) / 2.0


def test_graph_mode_chain_equals_pynative_on_bfloat16():
    x, y = ms.Tensor(_bf16((4, 6), 1)), ms.Tensor(_bf16((4, 6), 2))
    eager = _Chain()(x, y).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = _Chain()(x, y).asnumpy()
    assert eager.dtype == graph.dtype == BF16
    np.testing.assert_array_equal(graph.view(np.uint16), eager.view(np.uint16))
