"""ew_fused formats an input's name only when that input fails its check: every defect of
any input position still raises ValueError naming 'inputs[i]' with that i, and good inputs run."""
import numpy as np
import pytest

from mindcell._C import elementwise as _ew

OPS = _ew.OPCODES
PROGRAM = np.array([[OPS["Mul"], 3, 0, 1], [OPS["Add"], 4, 3, 2]], np.int32)  # x0 * x1 + x2


def _inputs():
    rng = np.random.default_rng(0)
    return [rng.standard_normal((4, 5)).astype(np.float32) for _ in range(2)] + \
        [np.array([0.5], np.float32)]


def _defects(a):
    yield "float64", a.astype(np.float64)
    yield "int32", a.astype(np.int32)
    if a.size > 1:  # a one-element array counts as contiguous whatever its strides
        yield "non_contiguous", np.repeat(a, 2, axis=-1)[..., ::2]
    yield "none", None


CASES = [(i, name) for i in range(3) for name, _ in _defects(_inputs()[i])]


@pytest.mark.parametrize("position,defect", CASES, ids=["%d-%s" % c for c in CASES])
def test_bad_input_is_named_by_its_position(position, defect):
    ins = _inputs()
    ins[position] = dict(_defects(ins[position]))[defect]
    with pytest.raises(ValueError, match=r"^ew_fused: 'inputs\[%d\]'" % position):
        _ew.ew_fused(PROGRAM, ins, np.empty((4, 5), np.float32))


def test_good_inputs_run():
    ins = _inputs()
    out = np.empty((4, 5), np.float32)
    _ew.ew_fused(PROGRAM, ins, out)
    np.testing.assert_allclose(out, ins[0] * ins[1] + ins[2], rtol=1e-6)
