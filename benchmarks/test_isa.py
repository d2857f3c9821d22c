"""The kernels of each instruction set one build holds (mindcell._C.<isa>, chosen at import):
unary elementwise kernels over 1M float32 values on one thread, next to numpy's ufunc, grouped
per op so the table shows baseline / AVX2 / AVX-512 / numpy side by side. The values are
checked against numpy once, outside the timed calls; no timing is asserted."""
import importlib

import numpy as np
import pytest

from mindcell import _C

OPS = {"Tanh": np.tanh, "Exp": np.exp, "Sigmoid": lambda v: 1 / (1 + np.exp(-v)),
       "Log": np.log, "Sqrt": np.sqrt}
ISAS = [isa for isa in _C.built_isas() if _C.runnable(isa)]


@pytest.fixture(scope="module")
def data():
    x = np.random.default_rng(0).uniform(0.1, 4.0, 1 << 20).astype(np.float32)
    return x, np.empty_like(x)


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("isa", ISAS)
def test_kernel(benchmark, data, isa, op):
    x, out = data
    module = importlib.import_module("mindcell._C.%s.elementwise" % isa)
    module.set_num_threads(1)
    code = module.OPCODES[op]
    benchmark.group = "unary %s, 1M float32, 1 thread" % op
    benchmark(module.ew_unary, code, x, out)
    np.testing.assert_allclose(out, OPS[op](x.astype(np.float64)), rtol=2e-6, atol=1e-6)
    module.set_num_threads(_C.elementwise.get_num_threads())


@pytest.mark.parametrize("op", sorted(OPS))
def test_numpy(benchmark, data, op):
    x, out = data
    benchmark.group = "unary %s, 1M float32, 1 thread" % op
    fn = {"Sigmoid": lambda v: np.reciprocal(1 + np.exp(-v), out=out)}.get(op, OPS[op])
    benchmark(fn, x)
