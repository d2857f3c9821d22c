# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""In-place optimizer updates (SGD with momentum, Momentum, Adam/AdamW), one fused pass each
(the loops are _optim_core.pxd's, which the graph executor runs too; float32 computes MindSpore's
float32 arithmetic bit for bit).

Every buffer is a C-contiguous float array of one dtype; the state and gradient buffers must
have the parameter's shape (checked before the GIL is released)."""
cimport numpy as cnp
from _check cimport float_type, need_array, need_shape
from _optim_core cimport adam_step, momentum_step, sgd_step

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


def apply_momentum(cnp.ndarray var, cnp.ndarray accum, cnp.ndarray grad, double lr,
                   double momentum, bint use_nesterov):
    """accum = momentum * accum + grad; var -= lr * accum (Nesterov: the look-ahead step)."""
    cdef int t = _check_same("apply_momentum", var, ("var", "accum", "grad"), (var, accum, grad),
                    (True, True, False))
    cdef Py_ssize_t n = cnp.PyArray_SIZE(var)
    cdef void* pv = cnp.PyArray_DATA(var)
    cdef void* pa = cnp.PyArray_DATA(accum)
    cdef const void* pg = cnp.PyArray_DATA(grad)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            momentum_step(<float*>pv, <float*>pa, <const float*>pg, lr, momentum, use_nesterov, n)
        else:
            momentum_step(<double*>pv, <double*>pa, <const double*>pg, lr, momentum,
                          use_nesterov, n)


def adam_update(cnp.ndarray param, cnp.ndarray m, cnp.ndarray v, cnp.ndarray grad, double lr,
                double lr_t, double beta1, double beta2, double eps, double weight_decay,
                bint decoupled, bint use_nesterov):
    """Adam in place; lr_t carries the bias correction; decoupled weight decay uses lr."""
    cdef int t = _check_same("adam_update", param, ("param", "m", "v", "grad"), (param, m, v, grad),
                    (True, True, True, False))
    cdef Py_ssize_t n = cnp.PyArray_SIZE(param)
    cdef void* pp = cnp.PyArray_DATA(param)
    cdef void* pm = cnp.PyArray_DATA(m)
    cdef void* pv = cnp.PyArray_DATA(v)
    cdef const void* pg = cnp.PyArray_DATA(grad)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            adam_step(<float*>pp, <float*>pm, <float*>pv, <const float*>pg, lr, lr_t, beta1,
                      beta2, eps, weight_decay, decoupled, use_nesterov, n)
        else:
            adam_step(<double*>pp, <double*>pm, <double*>pv, <const double*>pg, lr, lr_t,
                      beta1, beta2, eps, weight_decay, decoupled, use_nesterov, n)
