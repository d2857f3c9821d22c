# Epilogues (graph/passes/epilogue.py): out[r, :] = u(a[r, :] op b[r, :]), a binary op over
# rows (a Dense layer's bias add) and the unary op applied to each row while it is in L1 (its
# activation), instead of a second pass over the whole result. Each value is computed by the
# span loops of the separate ops (_binary_row_f32 / unary_span_f32; binary_d / unary_d for
# float64), so the results are bit for bit those of the two ops run apart.
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from _common cimport *
from _scalar cimport unary_d, binary_d
from _spans cimport unary_span_f32
from _ew_core cimport _binary_row_f32, CHUNK


cdef inline void binary_unary_f32(int op, int op2, const float* a, Py_ssize_t ra,
                                  Py_ssize_t ca, const float* b, Py_ssize_t rb, Py_ssize_t cb,
                                  float* out, Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    cdef Py_ssize_t r, c, start, w
    if rows == 1:  # one long row (operands of one shape): chunks of it
        for c in prange((cols + CHUNK - 1) // CHUNK, schedule="static",
                        num_threads=mc_threads_if(cols >= PARALLEL_MIN)):
            start = c * CHUNK
            w = CHUNK if start + CHUNK <= cols else cols - start
            _binary_row_f32(op, a + start * ca, ca, b + start * cb, cb, out + start, w)
            unary_span_f32(op2, out + start, out + start, w)
        return
    for r in prange(rows, schedule="static",
                    num_threads=mc_threads_if(rows * cols >= PARALLEL_MIN)):
        _binary_row_f32(op, a + r * ra, ca, b + r * rb, cb, out + r * cols, cols)
        unary_span_f32(op2, out + r * cols, out + r * cols, cols)


cdef inline void binary_unary_f64(int op, int op2, const double* a, Py_ssize_t ra,
                                  Py_ssize_t ca, const double* b, Py_ssize_t rb,
                                  Py_ssize_t cb, double* out, Py_ssize_t rows,
                                  Py_ssize_t cols) noexcept nogil:
    cdef Py_ssize_t r, c
    for r in prange(rows, schedule="static",
                    num_threads=mc_threads_if(rows > 1 and rows * cols >= PARALLEL_MIN)):
        for c in range(cols):
            out[r * cols + c] = unary_d(op2, binary_d(op, a[r * ra + c * ca],
                                                       b[r * rb + c * cb]))
