"""Round 10 (gh10a): computer-vision programs from small public repositories (DenseNet and
InceptionV4 classifiers, UNet-family segmenters, a Swin Transformer port with hand-written
torch-style helpers). The expected values below were printed by MindSpore 2.10 CPU (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.ops import operations as P

F32_01 = float(np.float32(0.1))  # 0.10000000149011612


@pytest.fixture(params=["pynative", "graph"])
def mode(request):
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE if request.param == "graph" else ms.PYNATIVE_MODE)
    yield request.param
    ms.set_context(mode=old)


def _f64():
    return Tensor(np.array([1.0, 3.0], np.float64))


def test_python_float_operand_is_float32_before_a_float64_tensor():
    """A port's trunc_normal_ multiplies a Float64 tensor by ``std * sqrt(2)``: MindSpore 2.10
    makes the Python float a Float32 scalar first, so every binary op, operator and in-place
    fill sees 0.1 as 0.10000000149011612 (mindcell used the exact double: a silent 1e-8
    relative difference in float64 programs)."""
    t = _f64()
    ex = np.array([1.0, 3.0])
    cases = {
        "mul": (t * 0.1, ex * F32_01), "rmul": (0.1 * t, ex * F32_01),
        "add": (t + 0.1, ex + F32_01), "rsub": (0.1 - t, F32_01 - ex),
        "div": (t / 0.1, ex / F32_01), "rdiv": (0.1 / t, F32_01 / ex),
        "ops.mul": (ops.mul(t, 0.1), ex * F32_01), "P.Mul": (P.Mul()(t, 0.1), ex * F32_01),
        "P.RealDiv": (P.RealDiv()(t, 0.1), ex / F32_01),
        "Tensor.add": (t.add(0.1), ex + F32_01), "np.float64": (t * np.float64(0.1), ex * F32_01),
        "where": (ops.where(Tensor([True, False]), t, 0.1), np.array([1.0, F32_01])),
        "masked_fill": (ops.masked_fill(t, Tensor([True, False]), 0.1), np.array([F32_01, 3.0])),
        "clamp": (ops.clamp(t, 1.0000000001), np.array([1.0, 3.0])),
        "clip_by_value": (ops.clip_by_value(t, 1.0000000001, 2.0), np.array([1.0, 2.0])),
    }
    for name, (got, want) in cases.items():
        assert got.dtype == ms.float64, name
        np.testing.assert_array_equal(got.asnumpy(), want, err_msg=name)
    assert ops.equal(t, 1.0000000001).asnumpy().tolist() == [True, False]
    np.testing.assert_array_equal((t * 1e300).asnumpy(), [np.inf, np.inf])  # float32 overflow
    x = t.copy()
    x[0] = 0.1
    assert x.asnumpy().tolist() == [F32_01, 3.0]


def test_python_float_operand_other_dtypes_and_exact_creations():
    """Complex128 also takes the Float32 value, a float16 operand is rounded twice
    (1.00048828125001 -> float32 1.0004883 -> float16 1.0, not 1.0009765625); ints convert
    exactly; tensor creation from a Python float keeps the double."""
    c = Tensor(np.array([1.0 + 1j], np.complex128)) * 0.1
    assert c.asnumpy().tolist() == [complex(F32_01, F32_01)]
    h = Tensor(np.array([1.0], np.float16)) * 1.00048828125001
    assert h.dtype == ms.float16 and h.asnumpy().tolist() == [1.0]
    assert (_f64() + 16777217).asnumpy().tolist() == [16777218.0, 16777220.0]
    assert (Tensor(np.array([1.0], np.float32)) * 0.1).asnumpy().tolist() == [F32_01]
    assert Tensor(0.1, ms.float64).asnumpy().tolist() == 0.1
    assert ops.fill(ms.float64, (2,), 0.1).asnumpy().tolist() == [0.1, 0.1]
    assert ops.full((2,), 0.1, dtype=ms.float64).asnumpy().tolist() == [0.1, 0.1]
    assert (_f64() * Tensor(0.1, ms.float64)).asnumpy().tolist() == [0.1, 0.30000000000000004]


def test_python_float_operand_in_graph_mode(mode):
    class Net(nn.Cell):
        def construct(self, x):
            return x * 0.1, x + 0.1, ops.mul(x, 0.1), x / 0.1

    out = Net()(_f64())
    ex = np.array([1.0, 3.0])
    for got, want in zip(out, (ex * F32_01, ex + F32_01, ex * F32_01, ex / F32_01)):
        np.testing.assert_array_equal(got.asnumpy(), want)


def test_arange_of_floats_computes_in_float32_as_mindspore():
    """MindSpore 2.10's Range kernel computes start + i * step in float32 and casts: with
    dtype=float64 arange(0, 100, 0.1)[3] is 0.30000001192092896, and a long float32 range
    drifts from the float64 one (values printed by MindSpore 2.10)."""
    r = ops.arange(0, 100, 0.1, dtype=ms.float64).asnumpy()
    assert r.dtype == np.float64 and len(r) == 1000
    assert r[:4].tolist() == [0.0, F32_01, 0.20000000298023224, 0.30000001192092896]
    assert r[-2:].tolist() == [99.80000305175781, 99.9000015258789]
    r = ops.arange(0.5, 7.3, 0.7, dtype=ms.float64).asnumpy()
    assert r[1:4].tolist() == [1.2000000476837158, 1.899999976158142, 2.5999999046325684]
    r = ops.arange(0.1, 1e6, 0.37).asnumpy()
    assert r.dtype == np.float32 and len(r) == 2702703
    assert r[2] == np.float32(0.8400000333786011) and r[-1] == np.float32(999999.875)
    assert float(r.astype(np.float64).sum()) == 1351351462251.1533
    assert ops.arange(1, 10, 3, dtype=ms.float64).asnumpy().tolist() == [1.0, 4.0, 7.0]
    assert ops.arange(5).dtype == ms.int64


def test_single_element_index_is_a_view_in_pynative():
    """A torch-style Roll cell keeps ``tmp = row[-1]``, shifts the row with ``row[i] =
    row[i - 1]`` and writes ``row[0] = tmp``: in MindSpore 2.10 PyNative ``row[-1]`` is a 0-d
    view, so tmp sees the shift (the roll of [0, 1, 2, 3] gives [2, 0, 1, 2]); mindcell copied
    a single element, so the program's result differed."""
    a = Tensor(np.arange(6, dtype=np.float32))
    v = a[0]
    a[0] = 10
    assert v.shape == () and float(v) == 10.0
    b = Tensor(np.arange(6, dtype=np.float32)).reshape(2, 3)
    v, w = b[1, 2], b[0][1]
    b[1, 2] = 7
    b[0, 1] = 8
    assert float(v) == 7.0 and float(w) == 8.0
    a = Tensor(np.arange(6, dtype=np.float32))
    v = a[2]
    w = v * 1
    a[2] = 99
    assert float(v) == 99.0 and float(w) == 2.0
    v = a[3]
    v += 5  # not in place: the base is unchanged, as in MindSpore
    assert a.asnumpy().tolist() == [0.0, 1.0, 99.0, 3.0, 4.0, 5.0]
    t = a[Tensor(1)]  # an index tensor copies
    a[1] = 50
    assert float(t) == 1.0

    row = Tensor(np.arange(4, dtype=np.float32))
    tmp = row[-1]
    for i in range(3, 0, -1):
        row[i] = row[i - 1]
    row[0] = tmp
    assert row.asnumpy().tolist() == [2.0, 0.0, 1.0, 2.0]


def test_single_element_view_gradient_and_graph(mode):
    """The view changes nothing for values read at once or for gradients."""
    x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))

    class Net(nn.Cell):
        def construct(self, x):
            return x[1] * x[2] + x[0]

    out = Net()(x)
    assert float(out) == 7.0
    g = ms.grad(Net())(x)
    assert g.asnumpy().tolist() == [1.0, 3.0, 2.0]
