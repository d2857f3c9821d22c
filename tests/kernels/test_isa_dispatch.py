"""One build holds the kernels for several instruction sets (setup.ISA_FLAGS); mindcell._C loads
the best one this CPU runs, MINDCELL_ISA asks for one, and every set computes what the baseline
computes."""
import json
import os
import platform
import subprocess
import sys

import numpy as np
import pytest

from mindcell import _C

# ops whose kernels differ most between instruction sets (vectorised math, FMA contraction)
PROBE = r"""
import json, numpy as np, mindcell as ms
from mindcell import _C, nn, ops
rng = np.random.default_rng(0)
x = ms.Tensor(rng.standard_normal((33, 65)).astype(np.float32))
w = ms.Tensor(rng.standard_normal((65, 17)).astype(np.float32))
img = ms.Tensor(rng.standard_normal((2, 3, 9, 9)).astype(np.float32))
conv = nn.Conv2d(3, 4, 3, weight_init="ones", has_bias=False)
outs = {"tanh": ops.tanh(x), "exp": ops.exp(x * 0.5), "sigmoid": ops.sigmoid(x),
        "gelu": ops.gelu(x), "softmax": ops.softmax(x, -1), "matmul": ops.matmul(x, w),
        "layer_norm": nn.LayerNorm((65,))(x), "conv": conv(img),
        "sum": x.sum(axis=0), "grad": ops.grad(lambda t: (ops.tanh(t) * t).sum())(x)}
flat = {k: v.asnumpy().ravel().tolist() for k, v in outs.items()}
print(json.dumps({"isa": _C.ISA, "outs": flat}))
"""


def _run(isa, code=PROBE):
    env = dict(os.environ, MINDCELL_ISA=isa)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=300)


def _runnable():
    return [isa for isa in _C.built_isas() if _C.runnable(isa)]


def test_the_loaded_set_is_the_best_built_one_this_cpu_runs():
    assert _C.ISA in _C.built_isas() and _C.runnable(_C.ISA)
    assert _C.ISA == _runnable()[0]
    for family in _C.FAMILIES:
        module = sys.modules["mindcell._C." + family]
        assert module is getattr(_C, family)
        assert module.__name__ == "mindcell._C.%s.%s" % (_C.ISA, family)


def test_every_set_computes_what_the_baseline_computes():
    results = {}
    for isa in _runnable():
        proc = _run(isa)
        assert proc.returncode == 0, proc.stderr[-3000:]
        got = json.loads(proc.stdout.strip().splitlines()[-1])
        assert got["isa"] == isa
        results[isa] = got["outs"]
    assert "baseline" in results
    for isa, outs in results.items():
        for name, values in outs.items():
            np.testing.assert_allclose(values, results["baseline"][name], rtol=2e-5, atol=2e-5,
                                       err_msg="%s differs under %s" % (name, isa))


def test_asking_for_an_unknown_or_unbuilt_set_is_an_import_error():
    proc = _run("avx9000", "import mindcell")
    assert proc.returncode != 0
    assert "MINDCELL_ISA: expected one of avx512, avx2, baseline, but got 'avx9000'" in proc.stderr


def test_a_set_needs_every_cpu_feature_it_was_compiled_for():
    assert _C.runnable("baseline", {})
    assert not _C.runnable("avx2", {"AVX2": True})          # no FMA
    assert _C.runnable("avx2", {"AVX2": True, "FMA3": True})
    assert not _C.runnable("avx512", {"AVX2": True, "FMA3": True})
    assert _C.runnable("avx512", {"AVX512_SKX": True, "AVX2": True, "FMA3": True})


def test_a_set_this_cpu_lacks_is_refused_by_name(monkeypatch):
    wider = [isa for isa in _C.built_isas() if isa != "baseline"]
    if platform.machine().lower() in ("x86_64", "amd64"):
        assert wider == ["avx512", "avx2"]
    monkeypatch.setattr(_C, "cpu_features", lambda: {})
    for isa in wider:
        monkeypatch.setenv("MINDCELL_ISA", isa)
        with pytest.raises(ImportError, match="MINDCELL_ISA=%s: this CPU lacks" % isa):
            _C.choose_isa()
    monkeypatch.setenv("MINDCELL_ISA", "baseline")
    assert _C.choose_isa() == "baseline"
