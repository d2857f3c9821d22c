# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""In-place optimizer updates (SGD with momentum, Momentum, Adam/AdamW), one fused pass (SGD's
loop is _optim_core.pxd's, which the graph executor runs too).

Every buffer is a C-contiguous float array of one dtype; the state and gradient buffers must
have the parameter's shape (checked before the GIL is released)."""
cimport numpy as cnp
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from libc.math cimport sqrt
from _common cimport real
from _check cimport float_type, need_array, need_shape
from _optim_core cimport sgd_step

cnp.import_array()
include "_threads.pxi"


cdef int _check_same(str kernel, cnp.ndarray param, tuple names, tuple arrays,
                     tuple written) except -1:
    """Every array: param's float dtype and shape, C-contiguous; the written ones writeable."""
    cdef int t = float_type(kernel, names[0], param), i
    for i in range(len(arrays)):
        need_array(kernel, names[i], arrays[i], -1, t, written[i])
        need_shape(kernel, names[i], arrays[i], names[0], param)
    return t


def sgd_update(cnp.ndarray param, cnp.ndarray grad, cnp.ndarray accum, double lr,
               double momentum, double dampening, double weight_decay, bint nesterov,
               bint first_step):
    """param -= lr * step in place (accum: the momentum buffer, written when momentum > 0)."""
    cdef int t = _check_same("sgd_update", param, ("param", "grad", "accum"), (param, grad, accum),
                    (True, False, True))
    cdef Py_ssize_t n = cnp.PyArray_SIZE(param)
    cdef void* pp = cnp.PyArray_DATA(param)
    cdef const void* pg = cnp.PyArray_DATA(grad)
    cdef void* pa = cnp.PyArray_DATA(accum)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            sgd_step(<float*>pp, <const float*>pg, <float*>pa, lr, momentum, dampening,
                     weight_decay, nesterov, first_step, n)
        else:
            sgd_step(<double*>pp, <const double*>pg, <double*>pa, lr, momentum, dampening,
                     weight_decay, nesterov, first_step, n)


cdef int _momentum(real[::1] var, real[::1] accum, const real[::1] grad, double lr,
                   double momentum, bint use_nesterov) except -1:
    cdef Py_ssize_t n = var.shape[0], i
    cdef double a
    with nogil:
        for i in prange(n, schedule="static", num_threads=mc_threads_if(n >= 65536)):
            a = momentum * accum[i] + grad[i]
            accum[i] = <real>a
            if use_nesterov:
                var[i] = <real>(var[i] - lr * (grad[i] + momentum * a))
            else:
                var[i] = <real>(var[i] - lr * a)
    return 0


def apply_momentum(cnp.ndarray var, cnp.ndarray accum, cnp.ndarray grad, double lr,
                   double momentum, bint use_nesterov):
    """accum = momentum * accum + grad; var -= lr * accum (Nesterov: the look-ahead step)."""
    t = _check_same("apply_momentum", var, ("var", "accum", "grad"), (var, accum, grad),
                    (True, True, False))
    if t == cnp.NPY_FLOAT32:
        _momentum[float](var.reshape(-1), accum.reshape(-1), grad.reshape(-1), lr, momentum,
                         use_nesterov)
    else:
        _momentum[double](var.reshape(-1), accum.reshape(-1), grad.reshape(-1), lr, momentum,
                          use_nesterov)


cdef int _adam(real[::1] param, real[::1] m, real[::1] v, const real[::1] grad, double lr,
               double lr_t, double beta1, double beta2, double eps, double weight_decay,
               bint decoupled, bint use_nesterov) except -1:
    cdef Py_ssize_t n = param.shape[0], i
    cdef double g, mi, vi, p
    with nogil:
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
                p = p - lr_t * (mi * beta1 + (1.0 - beta1) * g) / (sqrt(vi) + eps)
            else:
                p = p - lr_t * mi / (sqrt(vi) + eps)
            param[i] = <real>p
    return 0


def adam_update(cnp.ndarray param, cnp.ndarray m, cnp.ndarray v, cnp.ndarray grad, double lr,
                double lr_t, double beta1, double beta2, double eps, double weight_decay,
                bint decoupled, bint use_nesterov):
    """Adam in place; lr_t carries the bias correction; decoupled weight decay uses lr."""
    t = _check_same("adam_update", param, ("param", "m", "v", "grad"), (param, m, v, grad),
                    (True, True, True, False))
    if t == cnp.NPY_FLOAT32:
        _adam[float](param.reshape(-1), m.reshape(-1), v.reshape(-1), grad.reshape(-1), lr,
                     lr_t, beta1, beta2, eps, weight_decay, decoupled, use_nesterov)
    else:
        _adam[double](param.reshape(-1), m.reshape(-1), v.reshape(-1), grad.reshape(-1), lr,
                      lr_t, beta1, beta2, eps, weight_decay, decoupled, use_nesterov)
