"""MindSpore's initializer streams (mindcell.common._ms_philox): properties the goldens in
tests/goldens/seeded_init do not isolate."""
import numpy as np
import pytest

import mindcell as ms
from mindcell.common import _ms_philox as philox
from mindcell.common.initializer import initializer, Normal, TruncatedNormal, Uniform

SEED = 0x5DEECE66D12345


def test_stream_prefixes_agree():
    # counter based: a longer fill starts with the shorter one's words (MindSpore's thread
    # split of a large fill cannot change its values)
    long = philox.philox_words(SEED, 4099)
    for n in (1, 3, 4, 5, 17, 1000):
        np.testing.assert_array_equal(philox.philox_words(SEED, n), long[:n])
    assert len(set(long.tolist())) > 4090


def test_normal_pairs_do_not_depend_on_length():
    full = philox.normal(SEED, (10,), 0.0, 1.0)
    np.testing.assert_array_equal(philox.normal(SEED, (7,), 0.0, 1.0), full[:7])


def test_uniform_bounds_and_moments():
    u = philox.uniform(SEED, (200000,), -3.0, 5.0)
    assert u.dtype == np.float32 and u.min() >= -3.0 and u.max() < 5.0
    assert abs(u.mean() - 1.0) < 0.03


def test_normal_moments():
    x = philox.normal(SEED, (200000,), 2.0, 0.5)
    assert abs(x.mean() - 2.0) < 0.01 and abs(x.std() - 0.5) < 0.01


def test_truncated_normal_bounds_and_tail():
    x = philox.truncated_normal(SEED, (100000,), -1.0, 2.5, 0.5, 1.5)
    assert x.min() >= -1.0 and x.max() <= 2.5
    tail = philox.truncated_normal(SEED, (20000,), 4.0, 9.0, 0.0, 1.0)
    assert tail.min() >= 4.0 and tail.max() <= 9.0 and tail.mean() < 4.4


def test_set_seed_reproduces_and_advances_numpy():
    ms.set_seed(3)
    a = initializer(Normal(), (4, 4), ms.float32).asnumpy()
    after = np.random.randint(0, 1 << 30)
    ms.set_seed(3)
    np.testing.assert_array_equal(initializer(Normal(), (4, 4), ms.float32).asnumpy(), a)
    assert np.random.randint(0, 1 << 30) == after
    b = initializer(Normal(), (4, 4), ms.float32).asnumpy()
    assert not np.array_equal(a, b)


def test_float16_is_the_float32_stream_rounded():
    ms.set_seed(4)
    h = initializer(Uniform(), (9,), ms.float16).asnumpy()
    ms.set_seed(4)
    f = initializer(Uniform(), (9,), ms.float32).asnumpy()
    np.testing.assert_array_equal(h, f.astype(np.float16))


def test_sigma_errors():
    bad = initializer(Normal(sigma=-1.0), (2,), ms.float32)  # raises at the first use
    with pytest.raises(ValueError, match="sigma < 0"):
        bad.asnumpy()
    with pytest.raises(ValueError, match="sigma < 0"):
        bad.asnumpy()
    with pytest.raises(RuntimeError, match="invalid sigma 0"):
        initializer(TruncatedNormal(sigma=0.0), (2,), ms.float32).asnumpy()


def test_fill_is_deferred_to_the_first_use():
    ms.set_seed(6)
    a = initializer(Uniform(), (3,), ms.float32)
    b = initializer(Uniform(), (3,), ms.float32)
    first = b.asnumpy().copy()  # b draws first
    ms.set_seed(6)
    np.testing.assert_array_equal(initializer(Uniform(), (3,), ms.float32).asnumpy(), first)
    assert not np.array_equal(a.asnumpy(), first)
