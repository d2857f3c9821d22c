/* Polynomial float32 exp, tanh, sigmoid and tanh-GeLU for the elementwise kernels and the VM.
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

/* exp(t) for t in [0, 20] (tanh's argument range): mc_exp_f's reduction with a degree-6
 * minimax polynomial for e^r on [-ln2/2, ln2/2] (relative error 2e-9, one term fewer than
 * mc_exp_f's Taylor polynomial), neither clamp, and 2**n applied as one factor (n <= 29). */
MC_INLINE float mc_exp_0_20_f(float t) {
    float n = (t * 1.4426950408889634f + 12582912.0f) - 12582912.0f;
    float r = t - n * 0.693145751953125f - n * 1.428606765330187e-06f;
    float p = 1.0f + r * (1.0f + r * (0.49999994f + r * (0.166664317f + r * (
        0.0416680016f + r * (0.00837414153f + r * 0.0013843592f)))));
    int b = ((int)n + 127) << 23;
    float s;
    memcpy(&s, &b, sizeof s);
    return p * s;
}

/* tanh with one division and no cancellation, computed on a = |x| and given x's sign (so
 * tanh(-0) = -0 and tanh is exactly odd):
 * - a < 0.9: a + a s P(s), s = x^2, P a degree-6 minimax fit of (tanh(a)/a - 1)/s over
 *   [0, 0.81] (csrc/fit_tanh.py; relative error 1e-9); the correction a s P is below a/4,
 *   so the result is nearly correctly rounded;
 * - a >= 0.9: 1 - 2/(e^2a + 1), where 2/(e^2a + 1) < 0.29 so its rounding errors shrink in
 *   the subtraction.
 * Both are computed and one selected per element (no branch in the loop; gcc vectorises it).
 * Over every float32 in [1e-6, 10] against float64 tanh: at most 1.01 ulp (1.05 without
 * FMA), 99.0% correctly rounded; numpy's float32 tanh (AVX-512 build) gives 1.36 ulp and
 * 84%, the previous version here (a 5/4 rational below 0.55, two divisions) 3.3 ulp and 73%,
 * at the same speed (csrc/fit_tanh.py prints these). A NaN passes through; |x| >= 9.1 gives
 * +-1 exactly. */
MC_INLINE float mc_tanh_f(float x) {
    float a = fabsf(x), s = x * x;
    float p = -0.333333224f + s * (0.133329779f + s * (-0.0539293177f + s * (
        0.0216636024f + s * (-0.00826466363f + s * (0.00258278311f + s * -0.000455503381f)))));
    float small = a + a * s * p;
    float e1 = mc_exp_0_20_f(2.0f * (a > 10.0f ? 10.0f : a)) + 1.0f;
    float large = 1.0f - 2.0f / e1;
    return copysignf(a < 0.9f ? small : large, x);
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
