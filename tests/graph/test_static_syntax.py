"""MindSpore's static-graph syntax in GRAPH_MODE beyond what tests/goldens/graph_syntax records:
JIT Fallback values are guarded (a new value traces again, an old one reuses its graph, never
a stale value), print is a Print node, has_key, numbers assigned to Parameters, HookBackward
dropped, and the errors that still name the user's line."""
import os
import warnings

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.common.parameter import Parameter
from mindcell.graph.symbolic import GraphModeError


@pytest.fixture(autouse=True)
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def f32(*v):
    return Tensor(np.array(v, np.float32))


def test_int_of_an_input_follows_each_calls_value():
    @ms.jit
    def repeat_add(x, n):
        out = x
        for _ in range(int(n)):
            out = out + 1
        return out, float(n) / 2

    x = f32(1.0, 2.0)
    for k in (3, 5, 3, 0, 5):
        out, half = repeat_add(x, Tensor(np.array(k, np.int32)))
        np.testing.assert_array_equal(out.asnumpy(), [1.0 + k, 2.0 + k])
        assert half == k / 2 and type(half) is float
    assert len(repeat_add.cache.entries) == 3  # one graph per value read, reused


def test_cell_fast_path_checks_the_values_it_read():
    class Scale(nn.Cell):
        def construct(self, x, n):
            return x * int(n)

    net = Scale()
    x = f32(1.0, 2.0)
    for k in (2, 3, 2, 7):
        np.testing.assert_array_equal(net(x, Tensor(np.array(k, np.int32))).asnumpy(),
                                      [k, 2.0 * k])


def test_value_computed_from_ops_on_inputs_and_parameters():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(f32(1.0, 2.0), name="w")

        def construct(self, x):
            k = float((x * self.w).sum())  # runs Mul and ReduceSum on this call's values
            return x + k, k

    net = Net()
    x = f32(1.0, 1.0)
    out, k = net(x)
    assert k == 3.0 and out.asnumpy().tolist() == [4.0, 4.0]
    net.w.set_data(f32(5.0, 5.0))  # a parameter the value read: traced again
    out, k = net(x)
    assert k == 10.0 and out.asnumpy().tolist() == [11.0, 11.0]


def test_asnumpy_of_an_input_and_python_results():
    @ms.jit
    def to_numpy(x):
        a = x.asnumpy()
        return Tensor(a * 2), x.tolist(), x.sum().item()

    t, lst, s = to_numpy(f32(1.5, 2.5))
    assert t.asnumpy().tolist() == [3.0, 5.0] and lst == [1.5, 2.5] and s == 4.0
    t, lst, s = to_numpy(f32(0.5, 0.5))
    assert t.asnumpy().tolist() == [1.0, 1.0] and lst == [0.5, 0.5] and s == 1.0


def test_branches_that_cannot_merge_are_decided_by_value():
    class PyResult(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                return 1
            return "negative"

    net = PyResult()
    assert net(f32(1.0)) == 1
    assert net(f32(-1.0)) == "negative"
    assert net(f32(2.0)) == 1


def test_value_of_a_random_draw_names_the_line():
    class Bad(nn.Cell):
        def construct(self, x):
            return x * int(ops.rand(1).sum() * 3)  # the line named

    with pytest.raises(GraphModeError) as info:
        Bad()(f32(1.0))
    message = str(info.value)
    assert os.path.basename(__file__) in message and "ops.rand(1)" in message
    assert "Instead" in message


def test_value_inside_a_tensor_loop_body_names_the_line():
    @ms.jit
    def loop(x):
        while x.sum() < 10:
            x = x * float(x.max())  # a loop body's value is not known while tracing
        return x

    with pytest.raises(GraphModeError, match="test_static_syntax.py"):
        loop(f32(2.0))


def test_recompiles_on_values_warn_with_the_reason():
    @ms.jit
    def scale(x, n):
        return x * int(n)

    x = f32(1.0)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for k in range(10):
            assert scale(x, Tensor(np.array(k, np.int32))).asnumpy().tolist() == [k]
    assert any("reads tensor values in Python" in str(w.message) for w in seen)


def test_print_in_construct_prints_every_call(capfd):
    @ms.jit
    def show(x):
        print("x is", x, 3)
        return x + 1

    show(f32(1.0, 2.0))
    show(f32(5.0, 6.0))
    out = capfd.readouterr().out.splitlines()
    assert out.count("x is") == 2 and out.count("3") == 2
    tensors = [line for line in out if line.startswith("Tensor(")]
    assert len(tensors) == 2 and "5.0" in tensors[1]
    assert "SymbolicTensor" not in "".join(out)


def test_print_with_keywords_and_containers(capfd):
    @ms.jit
    def kw(x):
        print("at trace", end="!\n")  # keywords: plain Python print, once
        return x

    kw(f32(1.0))
    kw(f32(2.0))
    assert capfd.readouterr().out.count("at trace!") == 1

    @ms.jit
    def tup(x):
        print((x, x))
        return x

    tup(f32(1.0))  # MindSpore 2.10's graph print writes each element on its own line
    one = "Tensor(shape=[1], dtype=Float32, value=[ 1.00000000e+00])"
    assert capfd.readouterr().out.splitlines() == [one, one]


def test_print_in_a_tensor_branch_with_return(capfd):
    class Branch(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                print("positive")
                return x
            return -x

    net = Branch()
    assert net(f32(2.0)).asnumpy().tolist() == [2.0]
    assert net(f32(-2.0)).asnumpy().tolist() == [2.0]
    assert net(f32(3.0)).asnumpy().tolist() == [3.0]
    assert capfd.readouterr().out.count("positive") == 2


def test_dict_has_key():
    @ms.jit
    def keys(x):
        d = {"a": x}
        return d.has_key("a"), d.has_key("b"), x

    a, b, _ = keys(f32(1.0))
    assert a is True and b is False


def test_number_assigned_to_a_parameter_is_an_assign_each_call():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array(1.0, np.float32)), name="w")

        def construct(self, x):
            self.w = 4
            return x * self.w

    net = Net()
    assert net(f32(1.0, 2.0)).asnumpy().tolist() == [4.0, 8.0]
    assert net.w.dtype == ms.float32 and float(net.w.asnumpy()) == 4.0
    net.w.set_data(Tensor(np.array(2.0, np.float32)))
    assert net(f32(1.0)).asnumpy().tolist() == [4.0]  # assigned again at this call

    class Rank(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(f32(1.0, 2.0), name="w")

        def construct(self, x):
            self.w = 4
            return x

    with pytest.raises(ValueError, match="'w'"):
        Rank()(f32(1.0))


def test_hook_backward_is_dropped_in_graph_mode():
    calls = []

    def hook(grad):
        calls.append(1)
        return (grad[0] * 10,)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.hook = ops.HookBackward(hook)

        def construct(self, x):
            return (self.hook(x * 2) ** 2).sum()

    g = ms.grad(Net())(f32(1.0, 2.0))
    assert g.asnumpy().tolist() == [8.0, 16.0] and calls == []
    ms.set_context(mode=ms.PYNATIVE_MODE)
    g = ms.grad(Net())(f32(1.0, 2.0))
    assert g.asnumpy().tolist() == [80.0, 160.0] and calls == [1]


G_LIST = [1, 2, 3]


def test_globals_keep_identity_and_local_lists_are_fresh():
    class Holder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.names = ["a", "b"]

        def construct(self, x):
            return G_LIST, self.names, [1, 2], {"k": [3]}, x

    net = Holder()
    g, names, local, d, _ = net(f32(1.0))
    assert g is G_LIST and names is net.names
    local.append(99)
    d["k"].append(4)
    _, _, local2, d2, _ = net(f32(2.0))
    assert local2 == [1, 2] and d2 == {"k": [3]}


def test_str_format_repr_of_traced_tensors_give_values():
    @ms.jit
    def text(x):
        return str(x), "v={}".format(x.sum()), f"{x.sum():.1f}", x * 1

    s, v, f, _ = text(f32(1.5, 2.25))
    assert s == "[1.5  2.25]" and v == "v=3.75" and f == "3.8"
    s, v, f, _ = text(f32(1.0, 1.0))
    assert s == "[1. 1.]" and v == "v=2.0"


def test_bool_of_a_vector_is_a_value_error():
    @ms.jit
    def truth(x):
        return bool(x)

    with pytest.raises(ValueError, match="2 elements"):
        truth(f32(1.0, 2.0))


def test_dict_arguments_are_inputs_keyed_by_keys_and_constants():
    class DictInput(nn.Cell):
        def construct(self, d):
            return d["a"] * d["b"] + d["k"]

    net = DictInput()
    x = f32(1.0, 2.0)
    assert net({"a": x, "b": x * 2, "k": 1}).asnumpy().tolist() == [3.0, 9.0]
    assert net({"a": x, "b": x * 3, "k": 2}).asnumpy().tolist() == [5.0, 14.0]
    assert net({"a": x, "b": x * 3, "k": 2}).asnumpy().tolist() == [5.0, 14.0]
    assert len(net._graph_cache.entries) == 2  # k is part of the signature; tensors are not
