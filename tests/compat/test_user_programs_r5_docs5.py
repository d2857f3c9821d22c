"""Round-5 user programs: the code of MindSpore's own documentation pages (tutorials, programming
guides, static-graph syntax pages), each page run block by block under mindcell and MindSpore 2.10.
These are small programs written in the style of what failed there; the expected values and texts
were recorded with the real MindSpore 2.10 (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops


# ----- print inside a compiled graph writes MindSpore's GRAPH_MODE format ---------------------
# (the static-graph syntax pages print tensors inside @jit functions and GRAPH_MODE cells)
_GRAPH_PRINT = """\
0.333333
2
0.0999756
7
1
0.333333
Tensor(shape=[3], dtype=Float32, value=[ 1.50000000e+00 -2.25000000e+00  9.99999972e-10])
Tensor(shape=[2, 3, 4], dtype=Int64, value=
[[[ 0  1  2  3]
  [ 4  5  6  7]
  [ 8  9 10 11]]
 [[12 13 14 15]
  [16 17 18 19]
  [20 21 22 23]]])
Tensor(shape=[2000], dtype=Float32, value=[ 0.00000000e+00  1.00000000e+00  2.00000000e+00 ...  \
1.99700000e+03  1.99800000e+03  1.99900000e+03])
Tensor(shape=[1, 2], dtype=Float32, value=
[[ 1.00000000e+10  1.00000000e+00]])
Tensor(shape=[2], dtype=Float16, value=[ 5.0000e-01  1.0000e+00])
Tensor(shape=[1, 1], dtype=Bool, value=
[[ True]])
Tensor(shape=[2], dtype=UInt8, value=[1 2])
"""


def _print_values():
    return [np.float32(1 / 3), np.float32(2.0), np.float16(0.1), np.int64(7), np.bool_(True),
            np.float64(1 / 3), np.array([1.5, -2.25, 1e-9], np.float32),
            np.arange(24, dtype=np.int64).reshape(2, 3, 4), np.arange(2000, dtype=np.float32),
            np.array([[1e10, 1]], np.float32), np.array([0.5, 1.0], np.float16),
            np.array([[True]]), np.array([1, 2], np.uint8)]


def test_print_in_jit_uses_graph_format(capfd):
    @ms.jit
    def show(*xs):
        for x in xs:
            print(x)
        return xs[0]

    show(*[Tensor(v) for v in _print_values()])
    assert capfd.readouterr().out == _GRAPH_PRINT


def test_print_in_graph_mode_cell_and_ops_print(capfd):
    class Net(nn.Cell):
        def construct(self, x, y):
            print("x:", x, "y", y)
            ops.Print()("z", x > 1)
            return x

    x, y = Tensor(np.array([1, 2, 3], np.int32)), Tensor(np.float32(3.5))
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        Net()(x, y)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    graph = capfd.readouterr().out
    assert graph == ("x:\nTensor(shape=[3], dtype=Int32, value=[1 2 3])\ny\n3.5\nz\n"
                     "Tensor(shape=[3], dtype=Bool, value=[False  True  True])\n")
    Net()(x, y)  # PYNATIVE_MODE: Python's print, the Tensor repr
    assert capfd.readouterr().out == (
        "x: [1 2 3] y 3.5\nz\nTensor(shape=[3], dtype=Bool, value= [False,  True,  True])\n")


def test_float16_repr_has_four_digits():
    t = Tensor(np.array([0.5, 1 / 3], np.float16))
    assert repr(t) == "Tensor(shape=[2], dtype=Float16, value= [ 5.0000e-01,  3.3325e-01])"
    assert repr(Tensor(np.float16(0.1))) == "Tensor(shape=[], dtype=Float16, value= 0.0999756)"


# ----- a dict's keys()/values()/items() returned from a jit function (static-graph page) ------
def test_jit_returns_dict_views_as_mindspore_builds_them():
    glob = {"a": 1, "b": 2.5}

    @ms.jit
    def f(x):
        e = {"p": x, "q": x * 2}
        return e.keys(), e.values(), e.items(), glob.items(), [glob.keys()], {"k": e.values()}

    keys, values, items, gitems, nested, d = f(Tensor(np.array([1.0], np.float32)))
    assert keys == ("p", "q")
    assert isinstance(values, tuple) and [v.asnumpy().tolist() for v in values] == [[1.0], [2.0]]
    assert isinstance(items, list) and [k for k, _ in items] == ["p", "q"]
    assert isinstance(items[1], tuple) and items[1][1].asnumpy().tolist() == [2.0]
    assert gitems == [("a", 1), ("b", 2.5)]
    assert nested == [("a", "b")]
    assert isinstance(d["k"], tuple) and d["k"][0].asnumpy().tolist() == [1.0]


# ----- self.attr = tensor inside a compiled construct (static-graph page) ---------------------
class _Rebinds(nn.Cell):
    def __init__(self):
        super().__init__()
        self.attr = 1
        self.total = Tensor(np.zeros(3, np.int32))

    def construct(self, x):
        self.attr = x + 1
        self.total = self.total + x
        return self.attr


@pytest.mark.parametrize("how", ["graph_mode", "jit"])
def test_attribute_set_in_compiled_construct_holds_the_value(how):
    # MindSpore 2.10 (ms-oracle): after each call the attribute holds the computed value, and
    # the next call reads it (total accumulates: [1 2 3], then [2 4 6])
    net = _Rebinds()
    if how == "jit":
        net.construct = ms.jit(net.construct)
    else:
        ms.set_context(mode=ms.GRAPH_MODE)
    try:
        x = Tensor(np.array([1, 2, 3], np.int32))
        out = net(x)
        assert out.asnumpy().tolist() == [2, 3, 4]
        assert net.attr.asnumpy().tolist() == [2, 3, 4]
        assert net.total.asnumpy().tolist() == [1, 2, 3]
        net(x)
        assert net.total.asnumpy().tolist() == [2, 4, 6]
        assert net.total.dtype == ms.int32
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


# ----- grad_position over a Python number: left out of the gradients (static-graph page) -----
def _mul_add(x, y, z):
    return x * y + z


@pytest.mark.parametrize("compiled", [False, True])
def test_grad_skips_positions_holding_python_numbers(compiled):
    # MindSpore 2.10 (ms-oracle), PYNATIVE and jit alike: (0, 1, 2) over (x, 2, z) gives the two
    # tensors' gradients, (1, 2) a single Tensor, 1 alone an empty tuple
    x, z = Tensor(np.array([1.0], np.float32)), Tensor(np.array([3.0], np.float32))

    def run(pos):
        def g(a, c):
            return ms.grad(_mul_add, grad_position=pos)(a, 2, c)
        return (ms.jit(g) if compiled else g)(x, z)

    both = run((0, 1, 2))
    assert isinstance(both, tuple) and [t.asnumpy().tolist() for t in both] == [[2.0], [1.0]]
    one = run((1, 2))
    assert isinstance(one, Tensor) and one.asnumpy().tolist() == [1.0]
    assert run(1) == ()
    value, grads = ms.value_and_grad(_mul_add, grad_position=(0, 1, 2))(x, 2, z)
    assert value.asnumpy().tolist() == [5.0] and len(grads) == 2
    all_grads = ops.GradOperation(get_all=True)(_mul_add)(x, 2, z)
    assert [t.asnumpy().tolist() for t in all_grads] == [[2.0], [1.0]]


# ----- ops.Dropout2D / ops.Dropout3D (custom-Cell pages: a bprop over Dropout2D's mask) --------
@pytest.mark.parametrize("prim, rank", [(ops.Dropout2D, 4), (ops.Dropout3D, 5)])
def test_channel_dropout_primitives(prim, rank):
    ms.set_seed(3)
    shape = (4, 6) + (3,) * (rank - 2)
    x = Tensor(np.ones(shape, np.float32))
    out, mask = prim(0.5)(x)
    o, m = out.asnumpy(), mask.asnumpy()
    assert out.shape == shape and mask.shape == shape and mask.dtype == ms.bool_
    per_channel = m.reshape(4, 6, -1)
    assert (per_channel.all(-1) | ~per_channel.any(-1)).all()  # whole channels kept or dropped
    assert 0 < m.mean() < 1
    np.testing.assert_array_equal(o, np.where(m, 2.0, 0.0))
    out, mask = prim(1.0)(x)
    assert mask.asnumpy().all() and (out.asnumpy() == 1).all()
    # MindSpore 2.10's argument checks (ms-oracle)
    with pytest.raises(TypeError, match="the type of 'keep_prob' should be 'float'"):
        prim(1)
    with pytest.raises(ValueError, match=r"must be in range of \[0.0, 1.0\]"):
        prim(1.5)
    with pytest.raises(ValueError, match="the rank of input must be equal to %d" % rank):
        prim(0.5)(Tensor(np.ones((2, 3, 2), np.float32)))


def test_dropout2d_in_a_cell_with_bprop_over_its_mask():
    class Drop(nn.Cell):
        def __init__(self):
            super().__init__()
            self.drop = ops.Dropout2D(0.8)

        def construct(self, x):
            return self.drop(x)

        def bprop(self, x, out, dout):
            _, mask = out
            dy, _ = dout
            return (mask.astype(ms.float32) * dy * (1 / 0.8),)

    x = Tensor(np.ones((2, 3, 2, 2), np.float32))
    grad = ms.grad(lambda t: Drop()(t)[0].sum())(x)
    g = grad.asnumpy()
    assert set(np.round(np.unique(g), 5)) <= {0.0, 1.25}


# ----- ops.ApplyMomentum (custom-optimizer page) ----------------------------------------------
def test_apply_momentum_updates_in_place_and_in_a_custom_optimizer():
    from mindcell import Parameter
    var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
    acc = Parameter(Tensor(np.array([0.5, 0.5], np.float32)), name="acc")
    out = ops.ApplyMomentum()(var, acc, 0.1, Tensor(np.ones(2, np.float32)), 0.9)
    # MindSpore 2.10 (ms-oracle): accum 0.5 * 0.9 + 1 = 1.45, var - 0.1 * 1.45
    np.testing.assert_allclose(out.asnumpy(), [0.855, 1.855], rtol=1e-6)
    np.testing.assert_allclose(var.asnumpy(), [0.855, 1.855], rtol=1e-6)
    np.testing.assert_allclose(acc.asnumpy(), [1.45, 1.45], rtol=1e-6)
    p = ops.ApplyMomentum()
    assert (p.use_locking, p.use_nesterov, p.gradient_scale) == (False, False, 1.0)
    with pytest.raises(TypeError, match="gradient_scale"):
        ops.ApplyMomentum(gradient_scale=1)

    class MyMomentum(nn.Optimizer):
        def __init__(self, params, learning_rate, momentum=0.9):
            super().__init__(learning_rate, params)
            self.moments = self.parameters.clone(prefix="moments", init="zeros")
            self.momentum = momentum
            self.opt = ops.ApplyMomentum()

        def construct(self, gradients):
            for param, mom, grad in zip(self.parameters, self.moments, gradients):
                self.opt(param, mom, self.learning_rate, grad, self.momentum)
            return True

    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
            opt = MyMomentum(net.trainable_params(), 0.1)
            step = ms.value_and_grad(lambda x: net(x).sum(), None, opt.parameters)
            x = Tensor(np.array([[1.0, 2.0]], np.float32))
            for _ in range(2):
                _, grads = step(x)
                opt(grads)
            # two momentum steps of the constant gradient (1, 2): accum 1, then 1.9
            np.testing.assert_allclose(net.weight.asnumpy(), [[1 - 0.29, 1 - 0.58]], rtol=1e-6)
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)


# ----- print of a tuple/list/dict holding tensors in a compiled graph (hook page, GRAPH_MODE) --
def test_print_of_containers_in_jit_flattens_them(capfd):
    @ms.jit
    def show(a, b):
        print("t:", (a, b))
        print([a, 3])
        print((a, (b, "s")), "end")
        print({"k": a})
        return a

    show(Tensor(np.array([1, 2], np.int32)), Tensor(np.float32(2.5)))
    t = "Tensor(shape=[2], dtype=Int32, value=[1 2])"
    # MindSpore 2.10 (ms-oracle): every element on its own line, a dict by its values
    assert capfd.readouterr().out.splitlines() == [
        "t:", t, "2.5", t, "3", t, "2.5", "s", "end", t]


# ----- gradients seed the tensors inside a returned dict (static-graph page) ------------------
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_grad_seeds_tensors_inside_returned_dicts(mode):
    @ms.jit
    def f(a):
        return a, {"a": a * 3, "b": 2}

    def g(a):
        return a * 2, {"k": (a * 5, 1)}

    ms.set_context(mode=mode)
    try:
        x = Tensor(np.array([1.0], np.float32))
        # MindSpore 2.10 (ms-oracle), both modes: 1 + 3 and 2 + 5
        assert ms.grad(f)(x).asnumpy().tolist() == [4.0]
        assert ms.grad(g)(x).asnumpy().tolist() == [7.0]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
