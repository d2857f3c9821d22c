"""Compiled kernels against the primitives' numpy references on edge shapes: size 0 and 1,
non-contiguous inputs, lengths that are no multiple of any block size, sizes that take the
two-thread path."""
import numpy as np
import pytest

from mindcell._core.kernels import KERNELS
from mindcell._core.primitive import REGISTRY

DTYPES = [np.float32, np.float64]
SIZES = [0, 1, 7, 1023, 100003]


def _check(name, args, attrs=None, rtol=2e-6, atol=1e-6):
    attrs = attrs or {}
    got = KERNELS[name](*[a.copy() for a in args], **attrs)
    assert got is not NotImplemented, name
    want = REGISTRY[name].impl(*[a.copy() for a in args], **attrs)
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype, name
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, err_msg=name)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("name", ["Neg", "Abs", "Square", "Sigmoid", "ReLU", "SiLU", "ReLU6",
                                  "Exp", "Tanh", "Sqrt"])
def test_unary_kernels(name, n, dtype):
    x = np.random.default_rng(n).standard_normal(n).astype(dtype) * 4
    _check(name, [np.abs(x) if name == "Sqrt" else x])


@pytest.mark.parametrize("dtype", DTYPES)
def test_gelu_kernel_both_forms(dtype):
    x = np.random.default_rng(0).standard_normal(100003).astype(dtype) * 3
    for approximate in ("tanh", "none"):
        _check("GeLU", [x], {"approximate": approximate}, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shapes", [((7,), (7,)), ((100003,), (100003,)), ((3, 5), (5,)),
                                    ((5,), (3, 5)), ((300, 400), (400,)), ((4, 6), (4, 1)),
                                    ((4, 1), (4, 6)), ((9,), (1,)), ((1,), (2, 9)),
                                    ((0, 3), (3,)), ((2, 3, 4), (2, 3, 1))])
@pytest.mark.parametrize("name", ["Add", "Sub", "Mul", "RealDiv", "Maximum", "Minimum"])
def test_binary_kernels_broadcasting(name, shapes, dtype):
    rng = np.random.default_rng(1)
    a = rng.uniform(0.5, 2, shapes[0]).astype(dtype)
    b = rng.uniform(0.5, 2, shapes[1]).astype(dtype)
    _check(name, [a, b])


@pytest.mark.parametrize("name", ["Add", "Mul", "Neg"])
def test_non_contiguous_inputs(name):
    x = np.random.default_rng(2).standard_normal((64, 48)).astype(np.float32)
    args = [x.T, x[::2].T[:, :24]] if name != "Neg" else [x[:, ::3]]
    if name != "Neg":
        args = [x.T[:, :32], x[:32, :].T]
    _check(name, args)


def test_unsupported_dtypes_fall_back():
    a = np.arange(6, dtype=np.int32)
    assert KERNELS["Add"](a, a) is NotImplemented
    assert KERNELS["Neg"](a) is NotImplemented


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 7, 1023, 100003])
def test_fused_vm_program(n, dtype):
    rng = np.random.default_rng(3)
    x = rng.standard_normal(n).astype(dtype)
    y = rng.standard_normal(n).astype(dtype)
    half = np.full(1, 0.5, dtype)
    program = (("Mul", 3, 0, 2), ("Tanh", 4, 3, -1), ("Add", 5, 4, 1), ("Exp", 6, 5, -1),
               ("Sub", 7, 6, 0), ("Sigmoid", 8, 7, -1))
    got = KERNELS["FusedElementwise"](x, y, half, program=program, shape=(n,))
    want = REGISTRY["FusedElementwise"].impl(x, y, half, program=program, shape=(n,))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def _at_offset(values, offset):
    """A copy of ``values`` that starts ``offset`` elements past a 64-byte boundary."""
    item = values.dtype.itemsize
    raw = np.empty(values.size + 64 // item + offset, values.dtype)
    start = (-(raw.ctypes.data % 64) // item) % (64 // item) + offset
    out = raw[start:start + values.size]
    out[...] = values
    return out


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 5, 255, 256, 257, 300, 769, 70001])
def test_fused_vm_blocks_give_op_by_op_bits(n, dtype):
    """The VM splits its output into blocks that start on cache lines (its first block is
    shorter when the output does not) and prefetches its inputs ahead: neither may change a
    bit. Every output alignment, inputs aligned differently from the output, lengths around
    the block size, one and two threads; the reference runs each op by itself through the
    eager kernels (the same loops)."""
    from mindcell import _threads
    from mindcell._core.kernels import elementwise as ekern
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(dtype) * 3
    y = rng.standard_normal(n).astype(dtype)
    half = np.full(1, 0.5, dtype)
    program = (("Mul", 3, 0, 2), ("Add", 4, 3, 1), ("Tanh", 5, 4, -1), ("Sub", 6, 5, 0))
    want = KERNELS["Sub"](KERNELS["Tanh"](KERNELS["Add"](KERNELS["Mul"](x, half), y)), x)
    compiled = ekern.compiled_program(program)
    threads = _threads.state()["threads"]
    try:
        for nt in (1, 2):
            _threads.set_num_threads(nt)
            for out_offset in range(64 // x.dtype.itemsize):
                out = _at_offset(np.zeros(n, dtype), out_offset)
                ins = [_at_offset(x, (out_offset + 3) % 8), _at_offset(y, 1), half]
                ekern._ew.ew_fused(compiled, ins, out)
                np.testing.assert_array_equal(out, want, err_msg="offset %d" % out_offset)
    finally:
        _threads.set_num_threads(threads)


@pytest.mark.parametrize("dtype", DTYPES)
def test_matmul_and_batched(dtype):
    rng = np.random.default_rng(4)
    f = lambda *s: rng.standard_normal(s).astype(dtype)  # noqa: E731
    for ta in (False, True):
        for tb in (False, True):
            a = f(5, 3) if ta else f(3, 5)
            b = f(7, 5) if tb else f(5, 7)
            _check("MatMul", [a, b], {"transpose_a": ta, "transpose_b": tb}, rtol=1e-5)
    _check("BatchMatMul", [f(2, 1, 3, 4), f(5, 4, 6)], {"transpose_a": False,
                                                        "transpose_b": False}, rtol=1e-5)
    _check("MatMul", [f(0, 4), f(4, 3)], {"transpose_a": False, "transpose_b": False})


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("cfg", [
    dict(stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1), groups=1),
    dict(stride=(2, 3), padding=(1, 2, 0, 1), dilation=(1, 1), groups=1),
    dict(stride=(1, 1), padding=(1, 1, 1, 1), dilation=(2, 2), groups=2),
    dict(stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1), groups=4),
])
def test_conv_kernels(cfg, dtype):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 4, 7, 9)).astype(dtype)
    w = rng.standard_normal((8, 4 // cfg["groups"], 3, 2)).astype(dtype)
    _check("Conv2D", [x, w], cfg, rtol=1e-4, atol=1e-4)
    y = REGISTRY["Conv2D"].impl(x, w, **cfg)
    dy = rng.standard_normal(y.shape).astype(dtype)
    _check("Conv2DBackpropInput", [dy, w], dict(cfg, input_shape=x.shape), rtol=1e-4, atol=1e-4)
    _check("Conv2DBackpropFilter", [dy, x], dict(cfg, filter_shape=w.shape), rtol=1e-4,
           atol=1e-4)


@pytest.mark.parametrize("dtype", DTYPES)
def test_pooling_kernels(dtype):
    rng = np.random.default_rng(6)
    x = rng.permutation(2 * 3 * 7 * 8).reshape(2, 3, 7, 8).astype(dtype)
    for attrs in (dict(kernel_size=(2, 2), stride=(2, 2), padding=(0, 0, 0, 0)),
                  dict(kernel_size=(3, 2), stride=(1, 2), padding=(1, 1, 0, 1))):
        _check("MaxPool", [x], attrs)
        y = REGISTRY["MaxPool"].impl(x, **attrs)
        _check("MaxPoolGrad", [x, y, rng.standard_normal(y.shape).astype(dtype)], attrs)
        for cip in (True, False):
            _check("AvgPool", [x], dict(attrs, count_include_pad=cip))
            _check("AvgPoolGrad", [rng.standard_normal(y.shape).astype(dtype)],
                   dict(attrs, input_shape=x.shape, count_include_pad=cip))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("rows", [1, 3, 4096])
def test_norm_and_softmax_kernels(rows, dtype):
    rng = np.random.default_rng(7)
    n = 33
    x = rng.standard_normal((rows, n)).astype(dtype)
    dy = rng.standard_normal((rows, n)).astype(dtype)
    g, b = rng.standard_normal(n).astype(dtype), rng.standard_normal(n).astype(dtype)
    ln = dict(begin_norm_axis=1, begin_params_axis=1)
    _check("LayerNorm", [x, g, b], dict(ln, epsilon=1e-5), rtol=1e-5, atol=1e-5)
    _, mean, rstd = REGISTRY["LayerNorm"].impl(x, g, b, epsilon=1e-5, **ln)
    _check("LayerNormGrad", [x, dy, rstd, mean, g], ln, rtol=1e-4, atol=1e-4)
    for clamp, eps in ((False, 1e-6), (True, 0.8)):
        _check("RMSNorm", [x, g], dict(epsilon=eps, clamp_norm=clamp), rtol=1e-5, atol=1e-5)
        _, r = REGISTRY["RMSNorm"].impl(x, g, epsilon=eps, clamp_norm=clamp)
        _check("RMSNormGrad", [dy, x, r, g], dict(epsilon=eps, clamp_norm=clamp), rtol=1e-4,
               atol=1e-4)
    _check("Softmax", [x], {"axis": -1})
    _check("LogSoftmax", [x], {"axis": -1}, rtol=1e-5, atol=1e-5)
    sm = REGISTRY["Softmax"].impl(x)
    _check("SoftmaxGrad", [sm, dy], {"axis": -1})
    _check("LogSoftmaxGrad", [np.log(sm), dy], {"axis": -1}, rtol=1e-5, atol=1e-5)
    labels = rng.integers(0, n, rows)
    _check("SparseSoftmaxCrossEntropy", [x, labels], rtol=1e-5, atol=1e-5)


def test_cross_entropy_kernel_rejects_bad_labels():
    with pytest.raises(ValueError, match="SparseSoftmaxCrossEntropy"):
        KERNELS["SparseSoftmaxCrossEntropy"](np.zeros((2, 3), np.float32), np.array([0, 3]))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [(), (2,), (1, 2), (0,), (0, 1)])
def test_reduce_sum_kernel(axis, dtype):
    x = np.random.default_rng(8).standard_normal((5, 300, 7)).astype(dtype)
    for keep in (False, True):
        _check("ReduceSum", [x], {"axis": axis, "keep_dims": keep}, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("dtype", DTYPES)
def test_optimizer_kernels_update_in_place(dtype):
    rng = np.random.default_rng(9)
    f = lambda n=100003: rng.standard_normal(n).astype(dtype)  # noqa: E731
    lr = np.asarray(0.1, np.float32)
    cases = [("SGDUpdate", [f(), f(), f(), lr, np.ones(1, np.float32)],
              dict(momentum=0.9, dampening=0.0, weight_decay=0.01, nesterov=True)),
             ("SGDUpdate", [f(), f(), f(), lr, np.zeros(1, np.float32)],
              dict(momentum=0.9, dampening=0.1, weight_decay=0.0, nesterov=False)),
             ("ApplyMomentum", [f(), f(), f(), lr], dict(momentum=0.9, use_nesterov=True)),
             ("AdamUpdate", [f(), f(), np.abs(f()), f(), lr, np.asarray(0.05, np.float32)],
              dict(beta1=0.9, beta2=0.999, epsilon=1e-8, weight_decay=0.1, decoupled=True))]
    for name, args, attrs in cases:
        mine = [a.copy() for a in args]
        ref = [a.copy() for a in args]
        out = KERNELS[name](*mine, **attrs)
        assert out is mine[0]  # the parameter itself, updated in place
        REGISTRY[name].impl(*ref, **attrs)
        for m, r in zip(mine, ref):
            np.testing.assert_allclose(m, r, rtol=1e-5, atol=1e-6, err_msg=name)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("approximate", ["tanh", "none"])
def test_gelu_grad_kernel(approximate, n, dtype):
    rng = np.random.default_rng(n)
    dy = rng.standard_normal(n).astype(dtype)
    x = (rng.standard_normal(n) * 4).astype(dtype)
    got = KERNELS["GeLUGrad"](dy, x, approximate=approximate)
    # against the float64 reference: in float32 the kernel avoids the cancellation in
    # 1 - tanh(u)^2 that the float32 numpy expression suffers for large |x|
    want = REGISTRY["GeLUGrad"].impl(dy.astype(np.float64), x.astype(np.float64),
                                     approximate=approximate)
    assert got.dtype == dtype and got.shape == x.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_softmax_runs_in_place_in_a_compiled_graph():
    from mindcell import Tensor, ops
    from mindcell.graph import passes as P
    from mindcell.graph.executor import Program
    from mindcell.graph.tracer import trace

    def fn(x):
        return ops.softmax(ops.matmul(x, x) * 0.5, -1).sum(-1)

    x = Tensor(np.random.default_rng(0).standard_normal((16, 16)).astype(np.float32))
    g, _, _ = trace(fn, [x], {}, "t")
    P.plan_memory(g)
    mm, mul, sm = g.nodes[:3]
    offsets = g.memory_plan.offsets
    assert sm.prim.name == "Softmax" and offsets[sm.outputs[0].id] == offsets[mm.outputs[0].id]
    xn = x.asnumpy()
    s = xn @ xn * 0.5
    e = np.exp(s - s.max(-1, keepdims=True))
    np.testing.assert_allclose(Program(g).run([xn])[0], (e / e.sum(-1, keepdims=True)).sum(-1),
                               rtol=1e-5)


@pytest.mark.parametrize("name", ["Exp", "Tanh", "Sigmoid"])
def test_polynomial_exp_kernels_on_special_values(name):
    """The VM's float32 exp/tanh/sigmoid: NaN passes through, overflow gives inf exactly past
    FLT_MAX, huge arguments saturate, and the error stays at float32 rounding."""
    from mindcell._C import elementwise as ew
    x = np.array([np.nan, np.inf, -np.inf, -87.2, -20, -1e-3, 0, 1e-3, 20, 88.5, 88.72, 88.73,
                  200], np.float32)
    x = np.concatenate([x, np.random.default_rng(0).uniform(-80, 80, 4093).astype(np.float32)])
    got = np.empty_like(x)
    ew.ew_fused(np.array([[ew.OPCODES[name], 1, 0, -1]], np.int32), [x], got)
    ref = {"Exp": np.exp, "Tanh": np.tanh,
           "Sigmoid": lambda v: 1 / (1 + np.exp(-v))}[name]
    with np.errstate(over="ignore"):
        want = ref(x.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(np.isinf(got), np.isinf(want))
    finite = np.isfinite(want)
    np.testing.assert_allclose(got[finite], want[finite], rtol=3e-7, atol=1e-37)


def test_im2col_and_col2im_are_deterministic_across_threads():
    """Both threads of im2col/col2im must see their own column ranges (a range shared between
    threads once dropped contributions now and then)."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((16, 3, 9, 11))
    w = rng.standard_normal((4, 3, 3, 3))
    dy = rng.standard_normal((16, 4, 5, 5))
    attrs = dict(stride=(2, 2), padding=(1, 1, 2, 0), dilation=(1, 1), groups=1)
    want_y = REGISTRY["Conv2D"].impl(x, w, **attrs)
    want_dx = REGISTRY["Conv2DBackpropInput"].impl(dy, w, x.shape, **attrs)
    for _ in range(30):
        np.testing.assert_allclose(KERNELS["Conv2D"](x, w, **attrs), want_y, rtol=1e-10,
                                   atol=1e-10)
        np.testing.assert_allclose(KERNELS["Conv2DBackpropInput"](dy, w, x.shape, **attrs),
                                   want_dx, rtol=1e-10, atol=1e-10)
