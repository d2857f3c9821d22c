# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""In-place optimizer updates (SGD with momentum, Momentum, Adam/AdamW), one fused pass."""
cimport numpy as cnp
from cython.parallel cimport prange
from libc.math cimport sqrt
from _common cimport real

cnp.import_array()


def sgd_update(real[::1] param, real[::1] grad, real[::1] accum, double lr, double momentum,
               double dampening, double weight_decay, bint nesterov, bint first_step):
    cdef Py_ssize_t n = param.shape[0], i
    cdef double g, a
    with nogil:
        for i in prange(n, schedule="static", num_threads=2 if n >= 65536 else 1):
            g = grad[i] + weight_decay * param[i]
            if momentum > 0:
                if first_step:
                    a = g
                else:
                    a = momentum * accum[i] + (1.0 - dampening) * g
                accum[i] = <real>a
                g = g + momentum * a if nesterov else a
            param[i] = <real>(param[i] - lr * g)


def apply_momentum(real[::1] var, real[::1] accum, real[::1] grad, double lr, double momentum,
                   bint use_nesterov):
    cdef Py_ssize_t n = var.shape[0], i
    cdef double a
    with nogil:
        for i in prange(n, schedule="static", num_threads=2 if n >= 65536 else 1):
            a = momentum * accum[i] + grad[i]
            accum[i] = <real>a
            if use_nesterov:
                var[i] = <real>(var[i] - lr * (grad[i] + momentum * a))
            else:
                var[i] = <real>(var[i] - lr * a)


def adam_update(real[::1] param, real[::1] m, real[::1] v, real[::1] grad, double lr,
                double lr_t, double beta1, double beta2, double eps, double weight_decay,
                bint decoupled, bint use_nesterov):
    """lr_t carries the bias correction; decoupled weight decay uses lr."""
    cdef Py_ssize_t n = param.shape[0], i
    cdef double g, mi, vi, p
    with nogil:
        for i in prange(n, schedule="static", num_threads=2 if n >= 65536 else 1):
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
                p = p - lr_t * (mi * beta1 + (1.0 - beta1) * g) / (sqrt(vi) + eps)
            else:
                p = p - lr_t * mi / (sqrt(vi) + eps)
            param[i] = <real>p
