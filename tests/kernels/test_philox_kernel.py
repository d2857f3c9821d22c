"""The compiled initializer streams (csrc/philox.pyx, through mindcell.common._ms_philox) give
the numpy reference's bits (philox_reference.py: the path the goldens in tests/goldens/seeded_init
were first matched with): every distribution, shapes across the kernel's lane groups (32 words)
and parallel chunks (8192), seeds over the 64 bits, float16/float32/float64 initializers, any
thread count."""
import math
import os
import subprocess
import sys

import numpy as np
import pytest

import mindcell as ms
from mindcell import _C
from mindcell.common import _ms_philox as kernel
from mindcell.common.initializer import (Normal, TruncatedNormal, Uniform, XavierUniform,
                                         initializer)

import philox_reference as ref

SEEDS = (1, 0x5DEECE66D12345, (1 << 63) - 1, 987654321987654321, 0xFFFFFFFF, 1 << 32)
SHAPES = ((), (0,), (1,), (3,), (5,), (31,), (33,), (4, 8), (3, 5, 7), (8191,), (8193,),
          (3, 8192 + 37), (64, 1030))


def _same(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got.view(np.uint32) if got.dtype == np.float32 else got,
                                  want.view(np.uint32) if want.dtype == np.float32 else want)


@pytest.mark.parametrize("seed", SEEDS)
def test_words(seed):
    for count in (0, 1, 3, 4, 5, 31, 32, 33, 8191, 8192, 8193, 3 * 8192 + 7):
        _same(kernel.philox_words(seed, count), ref.philox_words(seed, count))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("shape", SHAPES)
def test_uniform_normal(seed, shape):
    for a, b in ((-0.05, 0.05), (0.0, 1.0), (-3.0, 7.5)):
        _same(kernel.uniform(seed, shape, a, b), ref.uniform(seed, shape, a, b))
    for mean, sigma in ((0.0, 0.01), (0.0, 1.0), (2.5, 0.3)):
        _same(kernel.normal(seed, shape, mean, sigma), ref.normal(seed, shape, mean, sigma))


@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("shape", SHAPES)
def test_truncated_normal(seed, shape):
    # bounds that reach every branch of erfc^-1: the central region, the middle one, each tail
    # band, both sides of 2p = 1, and bounds beyond float64's CDF (the clamps)
    for a, b, mean, sigma in ((-2.0, 2.0, 0.0, 1.0), (-1.0, 2.5, 0.5, 1.5), (4.0, 9.0, 0.0, 1.0),
                              (-50.0, -4.0, 0.0, 1.0), (-0.1, 0.1, 0.0, 0.02),
                              (-3.0, 40.0, 0.0, 0.1), (8.0, 12.0, 0.0, 1.0)):
        _same(kernel.truncated_normal(seed, shape, a, b, mean, sigma),
              ref.truncated_normal(seed, shape, a, b, mean, sigma))


def test_a_million_normals():
    seed = 0x123456789ABCDEF
    _same(kernel.normal(seed, (1 << 20,), 0.0, 1.0), ref.normal(seed, (1 << 20,), 0.0, 1.0))


@pytest.mark.parametrize("dtype", [ms.float16, ms.float32, ms.float64])
def test_initializers_of_every_float_dtype(dtype):
    np_dtype = {ms.float16: np.float16, ms.float32: np.float32, ms.float64: np.float64}[dtype]
    shape = (48, 40)
    xavier = math.sqrt(6.0 / (40 + 48))  # fan_in 40, fan_out 48
    cases = [(Normal(0.02, 0.1), lambda s: ref.normal(s, shape, 0.1, 0.02)),
             (Uniform(0.3), lambda s: ref.uniform(s, shape, -0.3, 0.3)),
             (TruncatedNormal(0.5, 0.2, -0.4, 0.9),
              lambda s: ref.truncated_normal(s, shape, -0.4, 0.9, 0.2, 0.5)),
             (XavierUniform(), lambda s: ref.uniform(s, shape, -xavier, xavier))]
    for i, (init, want) in enumerate(cases):
        ms.set_seed(100 + i)
        got = initializer(init, shape, dtype).asnumpy()
        ms.set_seed(100 + i)
        seed = int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))
        expect = want(seed).astype(np_dtype)
        assert got.dtype == np_dtype, (init, got.dtype)
        np.testing.assert_array_equal(got, expect, err_msg=type(init).__name__)


def test_thread_count_does_not_change_the_values():
    seed, shape = 0xC0FFEE, (5, 8192 + 11)
    module = _C.philox
    before = module.get_num_threads()
    try:
        results = []
        for threads in (1, 2, 3):
            module.set_num_threads(threads)
            results.append((kernel.normal(seed, shape, 0.0, 1.0),
                            kernel.truncated_normal(seed, shape, -2.0, 2.0, 0.0, 1.0)))
    finally:
        module.set_num_threads(before)
    for normal, truncated in results[1:]:
        _same(normal, results[0][0])
        _same(truncated, results[0][1])


def test_kernel_checks_its_seed():
    # buffer checks: tests/kernels/test_kernel_validation.py (rows philox.*)
    with pytest.raises(OverflowError):
        _C.philox.words(-1, np.empty(4, np.uint32))
    with pytest.raises(ValueError, match=r"^uniform: 'out' must have dtype float32"):
        _C.philox.uniform(1, np.empty(4, np.float64), 0.0, 1.0)


PROBE = r"""
import hashlib
from mindcell.common import _ms_philox as k
fills = [k.normal(77, (9000,), 0.5, 2.0), k.uniform(77, (9000,), -1.0, 3.0),
         k.truncated_normal(77, (9000,), -3.0, 40.0, 0.0, 0.1), k.philox_words(77, 9000)]
print(hashlib.sha256(b"".join(f.tobytes() for f in fills)).hexdigest())
"""


def test_every_instruction_set_gives_the_same_bits():
    # the avx2/avx512 builds would fuse a*b+c into FMAs without the kernel's fp-contract=off
    digests = {}
    for isa in [isa for isa in _C.built_isas() if _C.runnable(isa)]:
        proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                              env=dict(os.environ, MINDCELL_ISA=isa), timeout=300)
        assert proc.returncode == 0, proc.stderr[-2000:]
        digests[isa] = proc.stdout.split()[-1]
    assert "baseline" in digests and len(set(digests.values())) == 1, digests
