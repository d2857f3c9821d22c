# The optimizer updates as inline nogil loops over raw pointers: shared by the eager kernels
# (optim.pyx) and the graph executor (executor.pyx), so both modes compute the same numbers.
#
# float32 computes what MindSpore 2.10's CPU kernels compute, bit for bit (ms-oracle, 3 steps of
# 4096 elements): every operation rounded to float32 in MindSpore's order, with a fused
# multiply-add exactly where MindSpore's SIMD kernels have one (Adam's moments) and nowhere else.
# The loops are C under fp-contract=off, since gcc's default -ffp-contract=fast would fuse
# a*b+c on its own in the avx2/avx512 builds; fmaf is a real instruction there and libm's
# correctly rounded fmaf in the baseline build, so every build gives the same bits.
# float64 keeps one double evaluation per element.
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from _common cimport real
from libc.math cimport sqrt as libc_sqrt

cdef extern from *:
    """
    #include <math.h>
    #pragma GCC push_options
    #pragma GCC optimize("fp-contract=off")
    /* nn.SGD: g += w*wd; acc = g (first step) or acc*mom + (1-damp)*g; Nesterov g += acc*mom
       else g = acc; w -= lr*g */
    static void mc_sgd_f32(float* restrict w, const float* restrict gr, float* restrict acc,
                           float lr, float mom, float damp, float wd, int nesterov, int first,
                           long start, long end) {
        const float keep = 1.0f - damp;
        long i;
        if (mom == 0.0f && wd == 0.0f) {
            for (i = start; i < end; i++) w[i] = w[i] - lr * gr[i];
            return;
        }
        for (i = start; i < end; i++) {
            float g = gr[i];
            if (wd != 0.0f) g = g + w[i] * wd;
            if (mom > 0.0f) {
                float a = first ? g : acc[i] * mom + keep * g;
                acc[i] = a;
                g = nesterov ? g + a * mom : a;
            }
            w[i] = w[i] - lr * g;
        }
    }
    /* nn.Momentum's ApplyMomentum: acc = acc*mom + g; w -= lr*acc (Nesterov: w -= lr*(g +
       mom*acc), which MindSpore 2.10's CPU kernel does not do: it ignores use_nesterov) */
    static void mc_momentum_f32(float* restrict w, float* restrict acc, const float* restrict gr,
                                float lr, float mom, int nesterov, long start, long end) {
        long i;
        for (i = start; i < end; i++) {
            float a = acc[i] * mom + gr[i];
            acc[i] = a;
            w[i] = nesterov ? w[i] - lr * (gr[i] + mom * a) : w[i] - lr * a;
        }
    }
    /* Adam (MindSpore's nnacl AdamFp32): m = fma(g-m, 1-b1, m); v = fma(fma(g, g, -v), 1-b2, v);
       w -= lr_t*m / (sqrt(v)+eps), Nesterov w -= lr_t*fma(1-b1, g, m*b1) / (sqrt(v)+eps).
       Coupled weight decay first: g += w*wd.  Decoupled (AdamWeightDecay, lr_t == lr): the same
       moments, then w -= lr*(m/(sqrt(v)+eps) + wd*w) evaluated in double from the float32
       values, as MindSpore's AdamWeightDecay kernel does; with lr_t != lr (a bias-corrected
       step): w -= lr*wd*w, then w -= lr_t*m/(sqrt(v)+eps), in double. */
    static void mc_adam_f32(float* restrict w, float* restrict m, float* restrict v,
                            const float* restrict gr, double lr, float lr_t, float b1, float b2,
                            float eps, float wd, int decoupled, int nesterov, long start,
                            long end) {
        const float c1 = 1.0f - b1, c2 = 1.0f - b2, wg = decoupled ? 0.0f : wd;
        const double flr = (float)lr;
        long i;
        /* one branch-free loop per variant, so that gcc vectorises each */
    #define MC_ADAM_MOMENTS                                                                  \
            float g = gr[i];                                                                 \
            if (wg != 0.0f) g = g + w[i] * wg;                                               \
            float mi = fmaf(g - m[i], c1, m[i]);                                             \
            float vi = fmaf(fmaf(g, g, -v[i]), c2, v[i]);                                    \
            m[i] = mi;                                                                       \
            v[i] = vi;
        if (decoupled && flr == (double)lr_t) {
            for (i = start; i < end; i++) {
                MC_ADAM_MOMENTS
                double p = w[i];
                w[i] = (float)(p - flr * ((double)mi / (sqrt((double)vi) + (double)eps)
                                          + (double)wd * p));
            }
        } else if (decoupled) {
            for (i = start; i < end; i++) {
                MC_ADAM_MOMENTS
                double p = w[i];
                p = p - lr * (double)wd * p;
                w[i] = (float)(p - (double)lr_t * (double)mi / (sqrt((double)vi) + (double)eps));
            }
        } else if (nesterov) {
            for (i = start; i < end; i++) {
                MC_ADAM_MOMENTS
                w[i] = w[i] - lr_t * fmaf(c1, g, mi * b1) / (sqrtf(vi) + eps);
            }
        } else {
            for (i = start; i < end; i++) {
                MC_ADAM_MOMENTS
                w[i] = w[i] - lr_t * mi / (sqrtf(vi) + eps);
            }
        }
    #undef MC_ADAM_MOMENTS
    }
    #pragma GCC pop_options
    """
    void mc_sgd_f32(float* w, const float* gr, float* acc, float lr, float mom, float damp,
                    float wd, int nesterov, int first, long start, long end) noexcept nogil
    void mc_momentum_f32(float* w, float* acc, const float* gr, float lr, float mom,
                         int nesterov, long start, long end) noexcept nogil
    void mc_adam_f32(float* w, float* m, float* v, const float* gr, double lr, float lr_t,
                     float b1, float b2, float eps, float wd, int decoupled, int nesterov,
                     long start, long end) noexcept nogil

cdef enum:
    OPT_CHUNK = 16384  # elements per thread task of the float32 loops


cdef inline Py_ssize_t _n_chunks(Py_ssize_t n) noexcept nogil:
    return (n + OPT_CHUNK - 1) // OPT_CHUNK


cdef inline Py_ssize_t _chunk_end(Py_ssize_t c, Py_ssize_t n) noexcept nogil:
    return min(n, (c + 1) * OPT_CHUNK)


cdef inline void sgd_step(real* param, const real* grad, real* accum, double lr,
                          double momentum, double dampening, double weight_decay,
                          bint nesterov, bint first_step, Py_ssize_t n) noexcept nogil:
    """param -= lr * step in place (accum: the momentum buffer, written when momentum > 0)."""
    cdef Py_ssize_t i, c
    cdef double g, a
    if real is float:
        for c in prange(_n_chunks(n), schedule="static", num_threads=mc_threads_if(n >= 65536)):
            mc_sgd_f32(param, grad, accum, <float>lr, <float>momentum, <float>dampening,
                       <float>weight_decay, nesterov, first_step, c * OPT_CHUNK, _chunk_end(c, n))
    else:
        for i in prange(n, schedule="static", num_threads=mc_threads_if(n >= 65536)):
            g = grad[i] + weight_decay * param[i]
            if momentum > 0:
                if first_step:
                    a = g
                else:
                    a = momentum * accum[i] + (1.0 - dampening) * g
                accum[i] = <real>a
                g = g + momentum * a if nesterov else a
            param[i] = <real>(param[i] - lr * g)


cdef inline void momentum_step(real* var, real* accum, const real* grad, double lr,
                               double momentum, bint use_nesterov, Py_ssize_t n) noexcept nogil:
    """accum = momentum * accum + grad; var -= lr * accum (Nesterov: the look-ahead step)."""
    cdef Py_ssize_t i, c
    cdef double a
    if real is float:
        for c in prange(_n_chunks(n), schedule="static", num_threads=mc_threads_if(n >= 65536)):
            mc_momentum_f32(var, accum, grad, <float>lr, <float>momentum, use_nesterov,
                            c * OPT_CHUNK, _chunk_end(c, n))
    else:
        for i in prange(n, schedule="static", num_threads=mc_threads_if(n >= 65536)):
            a = momentum * accum[i] + grad[i]
            accum[i] = <real>a
            if use_nesterov:
                var[i] = <real>(var[i] - lr * (grad[i] + momentum * a))
            else:
                var[i] = <real>(var[i] - lr * a)


cdef inline void adam_step(real* param, real* m, real* v, const real* grad, double lr,
                           double lr_t, double beta1, double beta2, double eps,
                           double weight_decay, bint decoupled, bint use_nesterov,
                           Py_ssize_t n) noexcept nogil:
    """Adam in place; lr_t carries the bias correction; decoupled weight decay uses lr."""
    cdef Py_ssize_t i, c
    cdef double g, mi, vi, p
    if real is float:
        for c in prange(_n_chunks(n), schedule="static", num_threads=mc_threads_if(n >= 65536)):
            mc_adam_f32(param, m, v, grad, lr, <float>lr_t, <float>beta1, <float>beta2,
                        <float>eps, <float>weight_decay, decoupled, use_nesterov,
                        c * OPT_CHUNK, _chunk_end(c, n))
    else:
        for i in prange(n, schedule="static", num_threads=mc_threads_if(n >= 65536)):
            p = param[i]
            g = grad[i]
            if weight_decay != 0 and decoupled:
                p = p - lr * weight_decay * p
            elif weight_decay != 0:
                g = g + weight_decay * p
            mi = beta1 * m[i] + (1.0 - beta1) * g
            vi = beta2 * v[i] + (1.0 - beta2) * g * g
            m[i] = <real>mi
            v[i] = <real>vi
            if use_nesterov:
                p = p - lr_t * (mi * beta1 + (1.0 - beta1) * g) / (libc_sqrt(vi) + eps)
            else:
                p = p - lr_t * mi / (libc_sqrt(vi) + eps)
            param[i] = <real>p
