"""Fits the polynomials of the float32 tanh of _simd_math.h (mc_tanh_f) and prints their
coefficients; ``--ulp`` measures the built kernel's accuracy instead.

- Below |x| = SPLIT: tanh(a) ~ a + a s P(s), s = a^2, P of degree N_P, fitted for the smallest
  largest relative error of tanh over [0, SPLIT] (least squares reweighted toward the largest
  errors, Lawson's iteration, which approaches the minimax fit).
- Above: 1 - 2/(e^2a + 1), with e^r on [-ln2/2, ln2/2] a degree-N_E polynomial with
  p(0) = 1, fitted the same way (mc_exp_0_20_f).

``python csrc/fit_tanh.py`` (numpy only) prints the coefficients;
``python csrc/fit_tanh.py --ulp [STRIDE]`` compares mindcell's float32 tanh and numpy's with
float64 over every STRIDE-th float32 in [1e-6, 10] (default 16; 1 is every float, ~200
million values, about a minute): the largest error in units of the float32 spacing at the
true value, and the share correctly rounded.
"""
import sys

import numpy as np

SPLIT = 0.9
N_P = 6
N_E = 6


def _lawson(a, b, scale, rounds=100):
    """Coefficients c minimising max |a c - b| * scale (approximately)."""
    w = np.ones(len(b))
    for k in range(rounds):
        sw = w * scale
        c = np.linalg.lstsq(a * sw[:, None], b * sw, rcond=None)[0]
        err = np.abs(a @ c - b) * scale
        if k > 5:
            w = w * (err / err.max()) ** 0.3
            w /= w.mean()
    return c, err.max()


def fit_small():
    x = np.linspace(1e-4, SPLIT, 20000)
    t, s = np.tanh(x), x * x
    return _lawson((x * s)[:, None] * s[:, None] ** np.arange(N_P + 1), t - x, 1 / t, rounds=80)


def fit_exp():
    r = np.linspace(-np.log(2) / 2, np.log(2) / 2, 20001)
    t = np.exp(r)
    c, err = _lawson(r[:, None] ** np.arange(1, N_E + 1), t - 1, 1 / t)
    return c, err


def measure(stride):
    from mindcell._C import elementwise as ew
    lo, hi = np.float32(1e-6).view(np.int32), np.float32(10.0).view(np.int32)
    stats = {"mindcell": [0.0, 0, 0], "numpy": [0.0, 0, 0]}
    chunk = 1 << 22
    for start in range(lo, hi, chunk * stride):
        x = np.arange(start, min(start + chunk * stride, hi), stride, dtype=np.int32)
        x = x.view(np.float32)
        ref = np.tanh(x.astype(np.float64))
        spacing = np.spacing(np.abs(ref.astype(np.float32))).astype(np.float64)
        ours = np.empty_like(x)
        ew.ew_unary(ew.OPCODES["Tanh"], x, ours)
        for name, got in (("mindcell", ours), ("numpy", np.tanh(x))):
            err = np.abs(got.astype(np.float64) - ref) / spacing
            st = stats[name]
            st[0] = max(st[0], float(err.max()))
            st[1] += int((err <= 0.5).sum())
            st[2] += err.size
    for name, (worst, rounded, n) in stats.items():
        print("%-8s at most %.3f ulp, %.2f%% correctly rounded (%d values)"
              % (name, worst, 100.0 * rounded / n, n))


if __name__ == "__main__":
    if "--ulp" in sys.argv:
        rest = sys.argv[sys.argv.index("--ulp") + 1:]
        measure(int(rest[0]) if rest else 16)
    else:
        P, err_p = fit_small()
        E, err_e = fit_exp()
        print("P (s^0..s^%d):" % N_P, ", ".join("%.9g" % np.float32(c) for c in P))
        print("  largest relative error of tanh below %g: %.3g" % (SPLIT, err_p))
        print("exp (r^1..r^%d):" % N_E, ", ".join("%.9g" % np.float32(c) for c in E))
        print("  largest relative error of e^r: %.3g" % err_e)
