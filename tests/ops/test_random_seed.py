"""The op seed of every random op is used (_core/random_state.py): MindSpore 2.10's rule, as
recorded in tests/goldens/params/003_seed_rules, in both modes and across processes."""
import subprocess
import sys

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor

X = Tensor(np.ones((64,), np.float32))
W = Tensor(np.ones((50,), np.float32))
DRAWS = {
    "rand": lambda s: ops.rand(64, seed=s),
    "randn": lambda s: ops.randn(64, seed=s),
    "standard_normal": lambda s: ops.standard_normal((64,), seed=s),
    "uniform": lambda s: ops.uniform((64,), 0.0, 1.0, seed=s),
    "normal": lambda s: ops.normal((64,), 0.0, 1.0, seed=s),
    "rand_like": lambda s: ops.rand_like(X, seed=s),
    "randn_like": lambda s: ops.randn_like(X, seed=s),
    "randint": lambda s: ops.randint(0, 1000, (64,), seed=s),
    "dropout": lambda s: ops.dropout(X, 0.5, seed=s),
    "multinomial": lambda s: ops.multinomial(W, 20, seed=s),
}


def _np(t):
    return t.asnumpy()


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_op_seed_stream(name):
    draw = DRAWS[name]
    ms.set_seed(5)
    a, b = _np(draw(1)), _np(draw(1))
    assert not np.array_equal(a, b)  # the second call continues the stream
    ms.set_seed(5)
    np.testing.assert_array_equal(_np(draw(1)), a)  # set_seed restarts it
    ms.set_seed(5)
    draw(2)
    draw(None)
    np.testing.assert_array_equal(_np(draw(1)), a)  # other seeds draw from other streams
    ms.set_seed(6)
    assert not np.array_equal(_np(draw(1)), a)  # the global seed takes part
    ms.set_seed(5)
    c = _np(draw(7))
    ms.set_seed(5)
    np.testing.assert_array_equal(_np(draw(7)), c)
    assert not np.array_equal(c, a)


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_bad_seeds_name_the_op(name):
    with pytest.raises(ValueError, match="'seed' must be >= 0"):
        DRAWS[name](-2)
    with pytest.raises(TypeError, match="'seed'"):
        DRAWS[name](1.5)


def test_bernoulli_seed_repeats_whatever_the_global_seed():
    a = _np(ops.bernoulli(X, 0.5, seed=3))
    ms.set_seed(11)
    np.testing.assert_array_equal(_np(ops.bernoulli(X, 0.5, seed=3)), a)
    np.testing.assert_array_equal(_np(ops.bernoulli(X, Tensor(np.full((64,), 0.5, np.float32)),
                                                    seed=3)), a)
    assert not np.array_equal(_np(ops.bernoulli(X, 0.5, seed=4)), a)
    ms.set_seed(11)
    u = _np(ops.bernoulli(X, 0.5, seed=-1))  # -1: no seed, the set_seed stream
    ms.set_seed(11)
    np.testing.assert_array_equal(_np(ops.bernoulli(X, 0.5)), u)


def test_same_seeds_same_bits_across_ops():
    ms.set_seed(5)
    r = _np(ops.rand(64, seed=1))
    ms.set_seed(5)
    np.testing.assert_array_equal(_np(ops.uniform((64,), 0.0, 1.0, seed=1)), r)
    ms.set_seed(5)
    np.testing.assert_array_equal(_np(ops.rand_like(X, seed=1)), r)


@pytest.mark.parametrize("cls", [ops.UniformReal, ops.StandardNormal])
def test_primitive_instance_streams(cls):
    p = cls(seed=1, seed2=2)
    assert (p.seed, p.seed2) == (1, 2)
    a, b = _np(p((64,))), _np(p((64,)))
    assert not np.array_equal(a, b)
    ms.set_seed(9)  # neither restarts nor changes an instance's stream
    np.testing.assert_array_equal(_np(cls(seed=1, seed2=2)((64,))), a)
    q = cls(1, 2)
    q((64,))
    ms.set_seed(9)
    np.testing.assert_array_equal(_np(q((64,))), b)
    assert not np.array_equal(_np(cls(1, 3)((64,))), a)
    ms.set_seed(9)
    u = _np(cls()((64,)))  # seed = seed2 = 0: the unseeded functional stream
    ms.set_seed(9)
    np.testing.assert_array_equal(_np(cls()((64,))), u)
    with pytest.raises(ValueError, match="seed2"):
        cls(seed2=-1)
    with pytest.raises(TypeError, match="seed"):
        cls(seed=True)


def test_dropout_primitive_seeds():
    d = ops.Dropout(0.5, 1, 2)
    assert (d.Seed0, d.Seed1) == (1, 2)
    a = _np(d(X)[0])
    assert not np.array_equal(_np(d(X)[0]), a)
    np.testing.assert_array_equal(_np(ops.Dropout(0.5, 1, 2)(X)[0]), a)
    with pytest.raises(ValueError, match="Seed1"):
        ops.Dropout(0.5, 0, -1)


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.u = ops.UniformReal(3, 4)

    def construct(self, x):
        return x + ops.rand(8, seed=1), self.u((8,)), ops.randint(0, 100, (8,), seed=2)


def test_graph_mode_draws_anew_and_matches_eager():
    x = Tensor(np.zeros(8, np.float32))
    ms.set_seed(5)
    net = _Net()
    eager = [[_np(t) for t in net(x)] for _ in range(2)]
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        ms.set_seed(5)
        net = _Net()
        graph = [[_np(t) for t in net(x)] for _ in range(2)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for e, g in zip(eager, graph):
        for a, b in zip(e, g):
            np.testing.assert_array_equal(a, b)
    assert not np.array_equal(graph[0][0], graph[1][0])


def test_op_seed_without_global_seed_repeats_across_processes():
    code = ("import mindcell as ms; from mindcell import ops; "
            "print(ops.rand(4, seed=3).asnumpy().tolist(), ops.UniformReal(1, 2)((4,))"
            ".asnumpy().tolist())")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout for _ in range(2)]
    assert runs[0] == runs[1] and runs[0].strip()
