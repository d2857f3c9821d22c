# Scalar math of every elementwise opcode, shared by the elementwise kernels and the VM.
from libc.math cimport (exp, log, log1p, sqrt, sin, cos, tanh, floor, ceil, erf, fabs, pow,
                        expf, logf, log1pf, sqrtf, sinf, cosf, tanhf, floorf, ceilf, erff,
                        fabsf, powf, copysignf)
from _common cimport *

cdef inline double _sigmoid_d(double x) noexcept nogil:
    cdef double e
    if x >= 0:
        return 1.0 / (1.0 + exp(-x))
    e = exp(x)
    return e / (1.0 + e)

cdef extern from "_simd_math.h" nogil:
    # float32 exp/tanh/sigmoid: C so that gcc always inlines them (see the header)
    float exp_f "mc_exp_f"(float x) noexcept
    float _tanh_f "mc_tanh_f"(float x) noexcept
    float _sigmoid_f "mc_sigmoid_f"(float x) noexcept
    float _gelu_tanh_f "mc_gelu_tanh_f"(float x) noexcept
    float _gelu_tanh_slope_f "mc_gelu_tanh_slope_f"(float x) noexcept

cdef inline double unary_d(int op, double x) noexcept nogil:
    cdef double s, u
    if op == OP_NEG:
        return -x
    elif op == OP_ABS:
        return fabs(x)
    elif op == OP_EXP:
        return exp(x)
    elif op == OP_LOG:
        return log(x)
    elif op == OP_LOG1P:
        return log1p(x)
    elif op == OP_SQRT:
        return sqrt(x)
    elif op == OP_RSQRT:
        return 1.0 / sqrt(x)
    elif op == OP_SQUARE:
        return x * x
    elif op == OP_SIN:
        return sin(x)
    elif op == OP_COS:
        return cos(x)
    elif op == OP_TANH:
        return tanh(x)
    elif op == OP_SIGMOID:
        return _sigmoid_d(x)
    elif op == OP_RELU:
        return x if x > 0 else (0.0 * x if x != x else 0.0)
    elif op == OP_RECIPROCAL:
        return 1.0 / x
    elif op == OP_FLOOR:
        return floor(x)
    elif op == OP_CEIL:
        return ceil(x)
    elif op == OP_SIGN:
        return 1.0 if x > 0 else (-1.0 if x < 0 else x)
    elif op == OP_ERF:
        return erf(x)
    elif op == OP_SILU:
        return x * _sigmoid_d(x)
    elif op == OP_GELU_TANH:
        u = 0.7978845608028654 * (x + 0.044715 * x * x * x)
        return 0.5 * x * (1.0 + tanh(u))
    elif op == OP_GELU_ERF:
        return 0.5 * x * (1.0 + erf(x * 0.7071067811865476))
    elif op == OP_RELU6:
        return 0.0 if x < 0 else (6.0 if x > 6 else x)
    return x

cdef inline float unary_f(int op, float x) noexcept nogil:
    cdef float u
    if op == OP_NEG:
        return -x
    elif op == OP_ABS:
        return fabsf(x)
    elif op == OP_EXP:
        return exp_f(x) if x == x else x
    elif op == OP_LOG:
        return logf(x)
    elif op == OP_LOG1P:
        return log1pf(x)
    elif op == OP_SQRT:
        return sqrtf(x)
    elif op == OP_RSQRT:
        return 1.0 / sqrtf(x)
    elif op == OP_SQUARE:
        return x * x
    elif op == OP_SIN:
        return sinf(x)
    elif op == OP_COS:
        return cosf(x)
    elif op == OP_TANH:
        return _tanh_f(x)
    elif op == OP_SIGMOID:
        return _sigmoid_f(x)
    elif op == OP_RELU:
        return x if x > 0 else (x if x != x else 0.0)
    elif op == OP_RECIPROCAL:
        return 1.0 / x
    elif op == OP_FLOOR:
        return floorf(x)
    elif op == OP_CEIL:
        return ceilf(x)
    elif op == OP_SIGN:
        return 1.0 if x > 0 else (-1.0 if x < 0 else x)
    elif op == OP_ERF:
        return erff(x)
    elif op == OP_SILU:
        return x * _sigmoid_f(x)
    elif op == OP_GELU_TANH:
        return _gelu_tanh_f(x)
    elif op == OP_GELU_ERF:
        return 0.5 * x * (1.0 + erff(x * 0.7071067811865476))
    elif op == OP_RELU6:
        return 0.0 if x < 0 else (6.0 if x > 6 else x)
    return x

cdef inline double binary_d(int op, double a, double b) noexcept nogil:
    if op == OP_ADD:
        return a + b
    elif op == OP_SUB:
        return a - b
    elif op == OP_MUL:
        return a * b
    elif op == OP_DIV:
        return a / b
    elif op == OP_MAX:
        return a if (a >= b or a != a) else b
    elif op == OP_MIN:
        return a if (a <= b or a != a) else b
    elif op == OP_POW:
        return pow(a, b)
    elif op == OP_RELU_GRAD:
        return a if b > 0 else 0.0
    elif op == OP_TANH_GRAD:
        return b * (1.0 - a * a)
    elif op == OP_SIGMOID_GRAD:
        return b * a * (1.0 - a)
    elif op == OP_GELU_TANH_GRAD:
        return a * _gelu_tanh_slope_d(b)
    elif op == OP_GELU_ERF_GRAD:
        return a * (0.5 * (1.0 + erf(b * 0.7071067811865476))
                    + b * exp(-0.5 * b * b) * 0.3989422804014327)
    return a

# dGeLU/dx (tanh form) = sigmoid(2u) + x/2 * sech(u)^2 * du/dx, u = sqrt(2/pi)(x + 0.044715x^3),
# both from e = exp(-2|u|): no cancellation in 1 - tanh(u)^2 where tanh(u) rounds to +-1.
cdef inline double _gelu_tanh_slope_d(double x) noexcept nogil:
    cdef double u = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    cdef double e = exp(-2.0 * fabs(u))
    cdef double sig = 1.0 / (1.0 + e) if u >= 0 else e / (1.0 + e)
    return sig + 0.5 * x * (4.0 * e / ((1.0 + e) * (1.0 + e))) * 0.7978845608028654 * (
        1.0 + 0.134145 * x * x)

cdef inline float binary_f(int op, float a, float b) noexcept nogil:
    if op == OP_ADD:
        return a + b
    elif op == OP_SUB:
        return a - b
    elif op == OP_MUL:
        return a * b
    elif op == OP_DIV:
        return a / b
    elif op == OP_MAX:
        return a if (a >= b or a != a) else b
    elif op == OP_MIN:
        return a if (a <= b or a != a) else b
    elif op == OP_POW:
        return powf(a, b)
    elif op == OP_RELU_GRAD:
        return a if b > 0 else 0.0
    elif op == OP_TANH_GRAD:
        return b * (1.0 - a * a)
    elif op == OP_SIGMOID_GRAD:
        return b * a * (1.0 - a)
    elif op == OP_GELU_TANH_GRAD:
        return a * _gelu_tanh_slope_f(b)
    elif op == OP_GELU_ERF_GRAD:
        return a * (<float>0.5 * (<float>1.0 + erff(b * <float>0.7071067811865476))
                    + b * exp_f(<float>-0.5 * b * b) * <float>0.3989422804014327)
    return a
