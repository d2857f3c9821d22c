"""float32 tanh (csrc/_simd_math.h mc_tanh_f) against float64: the accuracy its comment
promises (within 1 ulp of the correctly rounded value, >= 99% correctly rounded over
[-9.5, 9.5]; at most 1.1 ulp of the float64 value where numpy's float32 tanh gives 1.36),
the value MindSpore prints for tanh(1), and the same bits from the eager kernel and the
fused-program VM."""
import numpy as np

from mindcell._C import elementwise as ew


def _dense_float32(lo, hi, step):
    """Every step-th float32 in [lo, hi] (bit patterns of both signs)."""
    bits = np.arange(0, np.float32(hi).view(np.int32) + 1, step, dtype=np.int32)
    pos = bits.view(np.float32)
    pos = pos[pos >= lo]
    return np.concatenate([pos, -pos])


def _tanh_eager(x):
    out = np.empty_like(x)
    ew.ew_unary(ew.OPCODES["Tanh"], x, out)
    return out


def _tanh_vm(x):
    out = np.empty_like(x)
    ew.ew_fused(np.array([[ew.OPCODES["Tanh"], 1, 0, -1]], np.int32), [x], out)
    return out


def _ulps(got, want):
    """Distance in float32 units of the last place (both finite, same sign or zero)."""
    g = got.view(np.int32).astype(np.int64)
    w = want.view(np.int32).astype(np.int64)
    g = np.where(g < 0, -(g & 0x7FFFFFFF), g)
    w = np.where(w < 0, -(w & 0x7FFFFFFF), w)
    return np.abs(g - w)


def test_tanh_f32_ulp_and_correct_rounding():
    x = _dense_float32(0.0, 9.5, 97)  # ~2.2 million values, every binade
    got = _tanh_eager(x)
    want = np.tanh(x.astype(np.float64)).astype(np.float32)  # correctly rounded reference
    ulps = _ulps(got, want)
    assert ulps.max() <= 1, (x[ulps.argmax()], got[ulps.argmax()], want[ulps.argmax()])
    assert np.mean(ulps == 0) >= 0.99, np.mean(ulps == 0)
    # the region each branch covers, separately (the split is at |x| = 0.9)
    for part in (np.abs(x) < 0.9, np.abs(x) >= 0.9):
        assert np.mean(ulps[part] == 0) >= 0.95


def test_tanh_f32_error_below_numpys():
    """The error in units of the float32 spacing at the true (float64) value: 1.01 at most
    over every float32 in [1e-6, 10] (csrc/fit_tanh.py --ulp 1), where numpy 2's float32
    tanh gives 1.36 and the version before this one 3.3."""
    x = _dense_float32(1e-6, 10.0, 89)
    ref = np.tanh(x.astype(np.float64))
    spacing = np.spacing(np.abs(ref.astype(np.float32))).astype(np.float64)
    err = np.abs(_tanh_eager(x).astype(np.float64) - ref) / spacing
    assert err.max() <= 1.1, (x[err.argmax()], err.max())  # 1.05 on the baseline ISA (no FMA)


def test_tanh_f32_values_mindspore_prints():
    x = np.array([1.0, -1.0, 0.5, 0.55, 2.0, 9.0, 10.0, 30.0, 1e-30, 0.0, -0.0], np.float32)
    got = _tanh_eager(x)
    assert np.float32(got[0]) == np.float32(0.7615942)  # MindSpore 2.10: tanh(1) 0.7615942
    assert got[1] == -got[0]
    np.testing.assert_array_equal(got[6:8], np.float32([1.0, 1.0]))
    assert got[8] == np.float32(1e-30)
    assert np.signbit(got[10]) and got[10] == 0 and not np.signbit(got[9])
    special = _tanh_eager(np.array([np.nan, np.inf, -np.inf], np.float32))
    assert np.isnan(special[0]) and special[1] == 1.0 and special[2] == -1.0


def test_tanh_f32_eager_and_vm_same_bits():
    x = _dense_float32(0.0, 12.0, 1009)
    x = np.concatenate([x, np.random.default_rng(1).standard_normal(100_003).astype(np.float32)])
    np.testing.assert_array_equal(_tanh_eager(x).view(np.int32), _tanh_vm(x).view(np.int32))
