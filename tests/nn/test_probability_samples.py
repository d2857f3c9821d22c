"""Samples of mindcell.nn.probability's distributions: they cannot equal MindSpore's stream, so
their shapes, dtypes, seeding and moments are checked (MindSpore's shapes and dtypes are in
tests/goldens/probability; Gamma, Beta and Poisson, which MindSpore's CPU build cannot sample,
only here)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn
import mindcell.nn.probability.bijector as msb
import mindcell.nn.probability.distribution as msd

F32 = np.float32
N = 40000

# (name, distribution, expected mean, expected variance) per batch element
MOMENTS = [
    ("Normal", lambda: msd.Normal([0.5, -2.0], [2.0, 0.5]), [0.5, -2.0], [4.0, 0.25]),
    ("Uniform", lambda: msd.Uniform([0.0, -1.0], [1.0, 3.0]), [0.5, 1.0], [1 / 12, 16 / 12]),
    ("Exponential", lambda: msd.Exponential([0.5, 4.0]), [2.0, 0.25], [4.0, 1 / 16]),
    ("Logistic", lambda: msd.Logistic([1.0, -1.0], [0.5, 2.0]), [1.0, -1.0],
     [np.pi ** 2 / 3 * 0.25, np.pi ** 2 / 3 * 4]),
    ("Gamma", lambda: msd.Gamma(np.array([0.5, 3.0], F32), np.array([2.0, 1.5], F32)),
     [0.25, 2.0], [0.125, 3.0 / 2.25]),
    ("Beta", lambda: msd.Beta(np.array([0.5, 2.0], F32), np.array([0.5, 5.0], F32)),
     [0.5, 2 / 7], [0.25 / 2, 10 / (49 * 8)]),
    ("LogNormal", lambda: msd.LogNormal([0.0, 0.5], [0.5, 0.25]),
     [np.exp(0.125), np.exp(0.5 + 0.03125)],
     [np.expm1(0.25) * np.exp(0.25), np.expm1(0.0625) * np.exp(1.0625)]),
    ("Gumbel", lambda: msd.Gumbel(np.array([0.0, 1.0], F32), np.array([1.0, 2.0], F32)),
     [np.euler_gamma, 1 + 2 * np.euler_gamma], [np.pi ** 2 / 6, 4 * np.pi ** 2 / 6]),
    ("Bernoulli", lambda: msd.Bernoulli([0.2, 0.7]), [0.2, 0.7], [0.16, 0.21]),
    ("Geometric", lambda: msd.Geometric([0.3, 0.8]), [0.7 / 0.3, 0.25], [0.7 / 0.09, 0.2 / 0.64]),
    ("Poisson", lambda: msd.Poisson(np.array([0.7, 9.0], F32)), [0.7, 9.0], [0.7, 9.0]),
    ("Categorical", lambda: msd.Categorical([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]]),
     [1.3, 0.5], [0.61, 0.45]),
]


@pytest.mark.parametrize("name,make,mean,var", MOMENTS, ids=[m[0] for m in MOMENTS])
def test_sample_shape_dtype_and_moments(name, make, mean, var):
    d = make()
    ms.set_seed(123)
    s = d.sample((N,))
    assert tuple(s.shape) == (N, 2), s.shape
    assert s.dtype == d.dtype
    v = s.asnumpy().astype(np.float64)
    se = np.sqrt(np.array(var) / N)
    assert (np.abs(v.mean(0) - mean) < 5 * se + 1e-6).all(), (v.mean(0), mean)
    np.testing.assert_allclose(v.var(0), var, rtol=0.08)
    # shape + batch_shape for every sample shape, a scalar for () of a scalar batch
    assert tuple(d.sample().shape) == (2,)
    assert tuple(d.sample((3, 4)).shape) == (3, 4, 2)


def test_discrete_samples_are_in_the_support_and_of_the_dtype():
    for d, support in ((msd.Bernoulli(0.4, dtype=ms.int8), {0, 1}),
                       (msd.Categorical([0.1, 0.2, 0.7], dtype=ms.int64), {0, 1, 2}),
                       (msd.Geometric(0.5, dtype=ms.float32), None),
                       (msd.Poisson(np.array([3.0], F32), dtype=ms.int32), None)):
        s = d.sample((500,))
        assert s.dtype == d.dtype
        v = s.asnumpy()
        if support is not None:
            assert set(np.unique(v).tolist()) <= support
        assert (v >= 0).all() and (v == np.floor(v)).all()


def test_cauchy_sample_quantiles():
    d = msd.Cauchy(1.0, 2.0)
    ms.set_seed(0)
    v = d.sample((N,)).asnumpy()
    q25, q50, q75 = np.percentile(v, [25, 50, 75])
    assert abs(q50 - 1.0) < 0.1 and abs(q25 - (-1.0)) < 0.15 and abs(q75 - 3.0) < 0.15


def test_scalar_batch_sample_shapes():
    for d in (msd.Normal(0.0, 1.0), msd.Uniform(0.0, 1.0), msd.Exponential(1.0),
              msd.Bernoulli(0.5), msd.Geometric(0.5), msd.Categorical([0.5, 0.5]),
              msd.LogNormal(0.0, 1.0), msd.Gumbel(0.0, 1.0), msd.Cauchy(0.0, 1.0),
              msd.Logistic(0.0, 1.0), msd.Gamma(np.array(2.0, F32), np.array(1.0, F32)),
              msd.Beta(np.array(2.0, F32), np.array(1.0, F32)),
              msd.Poisson(np.array(2.0, F32))):
        assert tuple(d.sample().shape) == (), type(d).__name__
        assert tuple(d.sample((5,)).shape) == (5,), type(d).__name__
        assert tuple(d.sample((2, 3)).shape) == (2, 3), type(d).__name__


@pytest.mark.parametrize("make", [
    lambda s: msd.Normal(0.0, 1.0, seed=s), lambda s: msd.Gamma(np.array([2.0], F32),
                                                                np.array([1.0], F32), seed=s),
    lambda s: msd.Categorical([0.3, 0.7], seed=s), lambda s: msd.Poisson(np.array([3.0], F32),
                                                                         seed=s),
    lambda s: msd.Exponential(2.0, seed=s), lambda s: msd.LogNormal(0.0, 1.0, seed=s)])
def test_global_seed_reproduces_samples_and_draws_continue(make):
    d = make(5)
    ms.set_seed(42)
    a, b = d.sample((50,)).asnumpy(), d.sample((50,)).asnumpy()
    ms.set_seed(42)
    np.testing.assert_array_equal(d.sample((50,)).asnumpy(), a)
    np.testing.assert_array_equal(d.sample((50,)).asnumpy(), b)
    assert not np.array_equal(a, b)  # the second draw continues the stream


def test_op_seed_selects_the_stream():
    ms.set_seed(1)
    a = msd.Normal(0.0, 1.0, seed=3).sample((20,)).asnumpy()
    ms.set_seed(1)
    b = msd.Normal(0.0, 1.0, seed=4).sample((20,)).asnumpy()
    assert not np.array_equal(a, b)


class _Sampler(nn.Cell):
    def __init__(self):
        super().__init__()
        self.normal = msd.Normal(seed=2)
        self.cat = msd.Categorical()
        self.gamma = msd.Gamma(np.array([2.0], F32), np.array([1.0], F32))
        self.td = msb.Exp()(msd.Normal(0.0, 1.0))

    def construct(self, mean, sd, probs):
        return (self.normal.sample((4,), mean, sd), self.cat.sample((3,), probs),
                self.gamma.sample((2,)), self.td.sample((5,)))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_sampling_inside_construct_draws_fresh_values_each_call(mode):
    ms.set_context(mode=mode)
    try:
        net = _Sampler()
        args = (Tensor(np.zeros(2, F32)), Tensor(np.ones(2, F32)),
                Tensor(np.array([[0.5, 0.5], [0.1, 0.9]], F32)))
        first = [o.asnumpy() for o in net(*args)]
        second = [o.asnumpy() for o in net(*args)]
        assert [f.shape for f in first] == [(4, 2), (3, 2), (2, 1), (5,)]
        assert [str(o.dtype) for o in net(*args)] == ["Float32", "Int32", "Float32", "Float32"]
        assert not np.array_equal(first[0], second[0])
        assert not np.array_equal(first[3], second[3])
        assert (first[3] > 0).all()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
