# Scalar helpers the elementwise formulas call (mindcell/ops/spec/elementwise.py): sigmoid and
# GeLU pieces for float64 here, their float32 versions in C (_simd_math.h) so that gcc always
# inlines them.
from libc.math cimport exp, tanh, fabs, sin, cos

cdef extern from "_simd_math.h" nogil:
    float exp_f "mc_exp_f"(float x) noexcept
    float _tanh_f "mc_tanh_f"(float x) noexcept
    float _sigmoid_f "mc_sigmoid_f"(float x) noexcept
    float _gelu_tanh_f "mc_gelu_tanh_f"(float x) noexcept
    float _gelu_tanh_slope_f "mc_gelu_tanh_slope_f"(float x) noexcept


# float32 sine and cosine correctly rounded (the double result rounded once), as MindSpore 2.10's
# CPU kernels return them (ms-oracle: every one of 1e6 samples in [-10, 10]); sinf/cosf are
# 1 ulp off in about 1% of them.
cdef inline float _sin_f(float x) noexcept nogil:
    return <float>sin(<double>x)


cdef inline float _cos_f(float x) noexcept nogil:
    return <float>cos(<double>x)


cdef inline double _sigmoid_d(double x) noexcept nogil:
    cdef double e
    if x >= 0:
        return 1.0 / (1.0 + exp(-x))
    e = exp(x)
    return e / (1.0 + e)


cdef inline double _gelu_tanh_d(double x) noexcept nogil:
    cdef double u = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    return 0.5 * x * (1.0 + tanh(u))


# dGeLU/dx (tanh form) = sigmoid(2u) + x/2 * sech(u)^2 * du/dx, u = sqrt(2/pi)(x + 0.044715x^3),
# both from e = exp(-2|u|): no cancellation in 1 - tanh(u)^2 where tanh(u) rounds to +-1.
cdef inline double _gelu_tanh_slope_d(double x) noexcept nogil:
    cdef double u = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    cdef double e = exp(-2.0 * fabs(u))
    cdef double sig = 1.0 / (1.0 + e) if u >= 0 else e / (1.0 + e)
    return sig + 0.5 * x * (4.0 * e / ((1.0 + e) * (1.0 + e))) * 0.7978845608028654 * (
        1.0 + 0.134145 * x * x)
