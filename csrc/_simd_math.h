/* Polynomial and rational float32 exp, tanh, sigmoid and tanh-GeLU for the elementwise kernels and the VM.
 *
 * These are C rather than Cython for one reason: gcc must inline them into every loop
 * that calls them, or the loop does not vectorise (tanh over 1e6 floats: 6 ms instead of
 * 1 ms), and its inliner judges many of those calls "cold" and declines. Cython cannot mark
 * a function always_inline; C can. The loops themselves stay in Cython (_ew_core.pxd).
 *
 * Clamps are selects, not fminf/fmaxf (whose NaN rule stops gcc vectorising), so a NaN
 * passes through every function. */
#ifndef MINDCELL_SIMD_MATH_H
#define MINDCELL_SIMD_MATH_H
#include <math.h>
#include <string.h>

#if defined(__GNUC__)
#define MC_INLINE static inline __attribute__((always_inline))
#else
#define MC_INLINE static inline
#endif

/* exp(x) = 2**n * p(r), r = x - n*ln2 in [-ln2/2, ln2/2], p a degree-7 Taylor polynomial
 * (relative error below float32 rounding). 2**n is applied in two halves, both normal for
 * every n in [-126, 128]: the product overflows to inf exactly where exp(x) exceeds
 * FLT_MAX. Below FLT_MIN the result is flushed to 0. */
MC_INLINE float mc_exp_f(float x) {
    float xc = x < -87.33655f ? -87.33655f : x;
    xc = xc > 88.8f ? 88.8f : xc;
    /* nearest integer by adding and subtracting 1.5 * 2**23 (float arithmetic rounds to
     * nearest), not floorf(v + 0.5f): floorf is a libm call on the x86-64 baseline, which has
     * no SSE4.1 round instruction, and kept the loop scalar there (tanh 1e6: 18 ms -> 7 ms) */
    float n = (xc * 1.4426950408889634f + 12582912.0f) - 12582912.0f;
    float r = xc - n * 0.693145751953125f - n * 1.428606765330187e-06f;
    float p = 1.0f + r * (1.0f + r * (0.5f + r * (0.16666667f + r * (0.041666668f + r * (
        0.008333334f + r * (0.0013888889f + r * 0.0001984127f))))));
    int k = (int)n;
    int b1 = ((k >> 1) + 127) << 23, b2 = ((k - (k >> 1)) + 127) << 23;
    float s1, s2;
    memcpy(&s1, &b1, sizeof s1);
    memcpy(&s2, &b2, sizeof s2);
    p = p * s1 * s2;
    return x < -87.33655f ? 0.0f : p;
}

/* exp(t) for t in [0, 20] (tanh's argument range): mc_exp_f's reduction and polynomial, with
 * neither clamp and 2**n applied as one factor (n <= 29: both are exact, so the bits are
 * mc_exp_f's). */
MC_INLINE float mc_exp_0_20_f(float t) {
    float n = (t * 1.4426950408889634f + 12582912.0f) - 12582912.0f;
    float r = t - n * 0.693145751953125f - n * 1.428606765330187e-06f;
    float p = 1.0f + r * (1.0f + r * (0.5f + r * (0.16666667f + r * (0.041666668f + r * (
        0.008333334f + r * (0.0013888889f + r * 0.0001984127f))))));
    int b = ((int)n + 127) << 23;
    float s;
    memcpy(&s, &b, sizeof s);
    return p * s;
}

/* tanh: below |x| = 0.55 a rational minimax fit x P(x^2) / Q(x^2), degrees 5 over 4
 * (csrc/fit_tanh.py; P(0) = Q(0) = 1, so tanh(x) = x near 0 with no cancellation); above,
 * 1 - 2/(e^2|x| + 1) with the polynomial exp, which keeps values near +-1 correctly rounded.
 * Over [-9.5, 9.5]: at most 3 ulp from tanh, 95% of values correctly rounded (a rational fit
 * on the whole range is 1.5x faster but only 40% correctly rounded: tanh(1) printed
 * 0.7615941, not MindSpore's 0.7615942). Both branches are computed and selected per element:
 * q = (x P or 2) / (Q or e^2|x| + 1). gcc (12, AVX-512) still emits two divisions for that,
 * one masked, and forcing one (bitwise selects) measured no faster: the divisions overlap
 * with the polynomials. What made this 1.5x faster than the version with mc_exp_f, with
 * the same bits, is mc_exp_0_20_f (no clamps, one exact scale that gcc folds into the
 * + 1). No branch in the loop; a NaN passes through. */
MC_INLINE float mc_tanh_f(float x) {
    float a = fabsf(x), s = x * x;
    int small = a < 0.55f;
    float num = x * (1.0f + s * (0.11071634f + s * 0.0010325141f));
    float den = 1.0f + s * (0.44404966f + s * 0.01571581f);
    float e1 = mc_exp_0_20_f(2.0f * (a > 10.0f ? 10.0f : a)) + 1.0f;
    float q = (small ? num : 2.0f) / (small ? den : e1);
    return small ? q : copysignf(1.0f - q, x);
}

MC_INLINE float mc_sigmoid_f(float x) {
    float e = mc_exp_f(-fabsf(x));
    float s = 1.0f / (1.0f + e);
    return x >= 0 ? s : e * s;
}

/* GeLU, tanh form, and its slope: dGeLU/dx = sigmoid(2u) + x/2 * sech(u)^2 * du/dx with
 * u = sqrt(2/pi)(x + 0.044715x^3), both from e = exp(-2|u|): no cancellation in
 * 1 - tanh(u)^2 where tanh(u) rounds to +-1. */
MC_INLINE float mc_gelu_tanh_f(float x) {
    float u = 0.7978845608028654f * (x + 0.044715f * x * x * x);
    return 0.5f * x * (1.0f + mc_tanh_f(u));
}

MC_INLINE float mc_gelu_tanh_slope_f(float x) {
    float u = 0.7978845608028654f * (x + 0.044715f * x * x * x);
    float e = mc_exp_f(-2.0f * fabsf(u));
    float sig = u >= 0 ? 1.0f / (1.0f + e) : e / (1.0f + e);
    return sig + 0.5f * x * (4.0f * e / ((1.0f + e) * (1.0f + e))) * 0.7978845608028654f
        * (1.0f + 0.134145f * x * x);
}

#endif
