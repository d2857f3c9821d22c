# The SGD update (with momentum, dampening, weight decay, Nesterov) as an inline nogil loop
# over raw pointers: shared by the eager kernel (optim.pyx) and the graph executor
# (executor.pyx), so both modes compute the same numbers.
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from _common cimport real


cdef inline void sgd_step(real* param, const real* grad, real* accum, double lr,
                          double momentum, double dampening, double weight_decay,
                          bint nesterov, bint first_step, Py_ssize_t n) noexcept nogil:
    """param -= lr * step in place (accum: the momentum buffer, written when momentum > 0).
    Plain SGD (no momentum, no weight decay: a training step's common case) has a loop of
    its own that the compiler vectorises; it computes what the general loop does."""
    cdef Py_ssize_t i
    cdef double g, a
    if momentum == 0 and weight_decay == 0:
        for i in prange(n, schedule="static", num_threads=mc_threads_if(n >= 65536)):
            param[i] = <real>(param[i] - lr * <double>grad[i])
        return
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
