"""Round-5 user programs (mindspore-lab/models, mindediting, mindocr): the general mechanisms
those programs stopped at or computed differently, each checked for its whole class against
MindSpore 2.10 (recorded with the ms-oracle)."""
import random

import numpy as np
import pytest

import mindcell as ms


# ----- set_seed seeds numpy's and Python's global generators --------------------------------
# DeepFM (models/research/xidian/DeepFM_Criteo) calls set_seed(1001) and then initializes its
# weights with np.random.normal: under MindSpore 2.10 set_seed calls np.random.seed(seed) and
# dataset.config.set_seed(seed) (which seeds Python's random), so the program's initial weights,
# and its losses, are the same run after run and equal MindSpore's.
@pytest.mark.parametrize("seed", [0, 7, 1001, 2 ** 32 - 1])
def test_set_seed_seeds_numpy_and_python_random_as_mindspore(seed):
    np.random.seed(seed)
    want_np = np.random.normal(size=4)
    random.seed(seed)
    want_py = [random.random() for _ in range(3)]
    np.random.seed(12345)
    random.seed(12345)
    ms.set_seed(seed)
    assert np.array_equal(np.random.normal(size=4), want_np)
    assert [random.random() for _ in range(3)] == want_py
    assert ms.dataset.config.get_seed() == seed
    assert ms.get_seed() == seed


def test_set_seed_numpy_initialized_weights_repeat():
    """A parameter built from np.random after set_seed is the same on a second run (the
    DeepFM pattern: Parameter(Tensor(np.random.normal(...)))."""
    def build():
        ms.set_seed(1001)
        return ms.Parameter(ms.Tensor(np.random.normal(0.0, 0.01, (5, 3)).astype(np.float32)),
                            name="w").asnumpy()
    first = build()
    np.random.normal(size=10)  # move the global generator on
    assert np.array_equal(build(), first)
    np.random.seed(1001)
    assert np.array_equal(first, np.random.normal(0.0, 0.01, (5, 3)).astype(np.float32))
