"""Fits the rational part of the float32 tanh of _simd_math.h (mc_tanh_f, used below
|x| = 0.55) and prints its coefficients.

tanh(x) ~ x P(x^2) / Q(x^2) with P and Q of degree 2 in x^2, P(0) = Q(0) = 1, on [0, 1]:
the linearised problem x P - tanh(x) Q = 0 is solved by least squares, reweighted
by 1 / (tanh(x) Q) (relative error) and, after a few rounds, toward the largest errors
(Lawson), which approaches the minimax fit. Run: ``python csrc/fit_tanh.py`` (numpy only).
"""
import numpy as np

CLAMP = 1.0  # the end of the fitted range (a little past 0.55, where mc_tanh_f switches)
N_P, N_Q = 3, 3


def fit(rounds=60):
    x = np.linspace(1e-4, CLAMP, 12000)
    t, s = np.tanh(x), x * x
    q, w = np.ones_like(x), np.ones_like(x)
    for k in range(rounds):
        a = np.hstack([x[:, None] * s[:, None] ** np.arange(N_P),
                       -t[:, None] * s[:, None] ** np.arange(1, N_Q)])
        scale = w / (t * q)
        a, b = a * scale[:, None], t * scale
        norm = np.abs(a).max(0)
        coef = np.linalg.lstsq(a / norm, b, rcond=None)[0] / norm
        p_coef, q_coef = coef[:N_P], np.concatenate([[1.0], coef[N_P:]])
        q = np.polyval(q_coef[::-1], s)
        err = np.abs(x * np.polyval(p_coef[::-1], s) / q - t) / t
        if k > 10:
            w = w * (err / err.max()) ** 0.3
            w /= w.mean()
    return p_coef, q_coef


def max_float32_error(p_coef, q_coef):
    """The largest relative error of the float32 Horner evaluation over [-CLAMP, CLAMP]."""
    x = np.float32(np.concatenate([np.linspace(-CLAMP, CLAMP, 2_000_001),
                                   np.geomspace(1e-6, 1, 100_000)]))
    s = x * x
    p = np.float32(p_coef[-1])
    for c in p_coef[-2::-1]:
        p = p * s + np.float32(c)
    q = np.float32(q_coef[-1])
    for c in q_coef[-2::-1]:
        q = q * s + np.float32(c)
    ref = np.tanh(x.astype(np.float64))
    keep = ref != 0
    return float((np.abs(x * p / q - ref)[keep] / np.abs(ref[keep])).max())


if __name__ == "__main__":
    P, Q = fit()
    print("P:", ", ".join("%.8g" % np.float32(c) for c in P))
    print("Q:", ", ".join("%.8g" % np.float32(c) for c in Q))
    print("max float32 relative error: %.3g" % max_float32_error(P, Q))
