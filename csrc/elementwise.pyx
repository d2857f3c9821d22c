# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Elementwise kernels: unary and binary ops over flat or row/column-broadcast operands, and
the fused-program VM that runs a chain of elementwise ops blockwise with temporaries in
cache. Every entry point writes into a preallocated ``out`` and releases the GIL."""
cimport numpy as cnp
from cython.parallel cimport prange, parallel
from libc.stdlib cimport malloc, free
from libc.math cimport fabsf
from _common cimport *
from _scalar cimport unary_d, unary_f, binary_d, binary_f, exp_f, _tanh_f, _sigmoid_f

cnp.import_array()

OPCODES = {
    "Add": OP_ADD, "Sub": OP_SUB, "Mul": OP_MUL, "RealDiv": OP_DIV, "Maximum": OP_MAX,
    "Minimum": OP_MIN, "Pow": OP_POW, "ReluGrad": OP_RELU_GRAD, "TanhGrad": OP_TANH_GRAD,
    "SigmoidGrad": OP_SIGMOID_GRAD, "Neg": OP_NEG, "Abs": OP_ABS, "Exp": OP_EXP,
    "Log": OP_LOG, "Log1p": OP_LOG1P, "Sqrt": OP_SQRT, "Rsqrt": OP_RSQRT,
    "Square": OP_SQUARE, "Sin": OP_SIN, "Cos": OP_COS, "Tanh": OP_TANH,
    "Sigmoid": OP_SIGMOID, "ReLU": OP_RELU, "Reciprocal": OP_RECIPROCAL, "Floor": OP_FLOOR,
    "Ceil": OP_CEIL, "Sign": OP_SIGN, "Erf": OP_ERF, "SiLU": OP_SILU,
    "GeLUTanh": OP_GELU_TANH, "GeLUErf": OP_GELU_ERF, "ReLU6": OP_RELU6,
}
BINARY_LIMIT = 20  # opcodes below this take two operands

DEF BLOCK = 1024


# ----- unary -----------------------------------------------------------------------------------
ctypedef float (*unary_fn_f)(float) noexcept nogil

cdef float _u_neg(float x) noexcept nogil:
    return -x
cdef float _u_abs(float x) noexcept nogil:
    return fabsf(x)
cdef float _u_exp(float x) noexcept nogil:
    return exp_f(x) if x == x else x
cdef float _u_square(float x) noexcept nogil:
    return x * x
cdef float _u_relu(float x) noexcept nogil:
    return x if (x > 0 or x != x) else <float>0.0
cdef float _u_generic(float x) noexcept nogil:
    return x

cdef unary_fn_f _table_f(int op) noexcept nogil:
    if op == OP_NEG:
        return _u_neg
    if op == OP_ABS:
        return _u_abs
    if op == OP_EXP:
        return _u_exp
    if op == OP_SQUARE:
        return _u_square
    if op == OP_RELU:
        return _u_relu
    if op == OP_TANH:
        return _tanh_f
    if op == OP_SIGMOID:
        return _sigmoid_f
    return NULL


cdef void _unary_f32(int op, const float* x, float* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef int threads = 2 if n >= PARALLEL_MIN else 1
    cdef unary_fn_f fn = _table_f(op)
    if op == OP_NEG:
        for i in prange(n, schedule="static", num_threads=threads):
            out[i] = -x[i]
        return
    if op == OP_EXP:
        for i in prange(n, schedule="static", num_threads=threads):
            out[i] = _u_exp(x[i])
        return
    # dedicated loops for the transcendental hot spots, so that they vectorise
    if op == OP_TANH:
        for i in prange(n, schedule="static", num_threads=threads):
            out[i] = _tanh_f(x[i])
        return
    if op == OP_SIGMOID:
        for i in prange(n, schedule="static", num_threads=threads):
            out[i] = _sigmoid_f(x[i])
        return
    if n >= PARALLEL_MIN:
        for i in prange(n, schedule="static", num_threads=2):
            out[i] = unary_f(op, x[i])
    else:
        for i in range(n):
            out[i] = unary_f(op, x[i])


cdef void _unary_f64(int op, const double* x, double* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    if n >= PARALLEL_MIN:
        for i in prange(n, schedule="static", num_threads=2):
            out[i] = unary_d(op, x[i])
    else:
        for i in range(n):
            out[i] = unary_d(op, x[i])


def ew_unary(int op, cnp.ndarray x, cnp.ndarray out):
    """out = op(x) for contiguous float32/float64 arrays of equal size."""
    cdef Py_ssize_t n = cnp.PyArray_SIZE(x)
    cdef int t = cnp.PyArray_TYPE(x)
    if t == cnp.NPY_FLOAT32:
        with nogil:
            _unary_f32(op, <const float*>cnp.PyArray_DATA(x), <float*>cnp.PyArray_DATA(out), n)
    else:
        with nogil:
            _unary_f64(op, <const double*>cnp.PyArray_DATA(x), <double*>cnp.PyArray_DATA(out), n)


# ----- binary over rows: out[r, c] = a[r*ra + c*ca] op b[r*rb + c*cb] -----------------------
cdef void _binary_f32(int op, const float* a, Py_ssize_t ra, Py_ssize_t ca,
                      const float* b, Py_ssize_t rb, Py_ssize_t cb,
                      float* out, Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    cdef Py_ssize_t r, c, i, n = rows * cols
    cdef float sa, sb
    if rows == 1 and ca == 1 and cb == 0 and op <= OP_DIV and n >= 4096:
        sb = b[0]
        if op == OP_SUB:
            op, sb = OP_ADD, -sb
        if op == OP_ADD:
            for i in prange(n, schedule="static", num_threads=2):
                out[i] = a[i] + sb
        elif op == OP_MUL:
            for i in prange(n, schedule="static", num_threads=2):
                out[i] = a[i] * sb
        else:
            for i in prange(n, schedule="static", num_threads=2):
                out[i] = a[i] / sb
        return
    if rows == 1 and ca == 1 and cb == 1 and op <= OP_DIV:
        # the hot same-shape case: one specialised loop per op so the compiler vectorises it
        if n >= PARALLEL_MIN:
            if op == OP_ADD:
                for i in prange(n, schedule="static", num_threads=2):
                    out[i] = a[i] + b[i]
            elif op == OP_SUB:
                for i in prange(n, schedule="static", num_threads=2):
                    out[i] = a[i] - b[i]
            elif op == OP_MUL:
                for i in prange(n, schedule="static", num_threads=2):
                    out[i] = a[i] * b[i]
            else:
                for i in prange(n, schedule="static", num_threads=2):
                    out[i] = a[i] / b[i]
        else:
            if op == OP_ADD:
                for i in range(n):
                    out[i] = a[i] + b[i]
            elif op == OP_SUB:
                for i in range(n):
                    out[i] = a[i] - b[i]
            elif op == OP_MUL:
                for i in range(n):
                    out[i] = a[i] * b[i]
            else:
                for i in range(n):
                    out[i] = a[i] / b[i]
        return
    if rows == 1 and n >= PARALLEL_MIN:
        for i in prange(n, schedule="static", num_threads=2):
            out[i] = binary_f(op, a[i * ca], b[i * cb])
    elif rows * cols >= PARALLEL_MIN and rows > 1:
        for r in prange(rows, schedule="static", num_threads=2):
            for c in range(cols):
                out[r * cols + c] = binary_f(op, a[r * ra + c * ca], b[r * rb + c * cb])
    else:
        for r in range(rows):
            for c in range(cols):
                out[r * cols + c] = binary_f(op, a[r * ra + c * ca], b[r * rb + c * cb])


cdef void _binary_f64(int op, const double* a, Py_ssize_t ra, Py_ssize_t ca,
                      const double* b, Py_ssize_t rb, Py_ssize_t cb,
                      double* out, Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    cdef Py_ssize_t r, c, i, n = rows * cols
    if rows == 1 and n >= PARALLEL_MIN:
        for i in prange(n, schedule="static", num_threads=2):
            out[i] = binary_d(op, a[i * ca], b[i * cb])
    elif n >= PARALLEL_MIN and rows > 1:
        for r in prange(rows, schedule="static", num_threads=2):
            for c in range(cols):
                out[r * cols + c] = binary_d(op, a[r * ra + c * ca], b[r * rb + c * cb])
    else:
        for r in range(rows):
            for c in range(cols):
                out[r * cols + c] = binary_d(op, a[r * ra + c * ca], b[r * rb + c * cb])


def ew_binary(int op, cnp.ndarray a, Py_ssize_t ra, Py_ssize_t ca,
              cnp.ndarray b, Py_ssize_t rb, Py_ssize_t cb,
              cnp.ndarray out, Py_ssize_t rows, Py_ssize_t cols):
    """out (rows x cols, contiguous) = a op b with element strides (row, column) per operand;
    a column stride of 0 broadcasts a value along the row."""
    if cnp.PyArray_TYPE(out) == cnp.NPY_FLOAT32:
        with nogil:
            _binary_f32(op, <const float*>cnp.PyArray_DATA(a), ra, ca,
                        <const float*>cnp.PyArray_DATA(b), rb, cb,
                        <float*>cnp.PyArray_DATA(out), rows, cols)
    else:
        with nogil:
            _binary_f64(op, <const double*>cnp.PyArray_DATA(a), ra, ca,
                        <const double*>cnp.PyArray_DATA(b), rb, cb,
                        <double*>cnp.PyArray_DATA(out), rows, cols)


# ----- fused programs --------------------------------------------------------------------------
cdef void _vm_block_f32(const int* prog, int n_instr, int n_in, const float** ins,
                        const char* scalar, float* regs, float* out, Py_ssize_t start,
                        Py_ssize_t length) noexcept nogil:
    """Run the program over elements [start, start+length) using per-thread registers."""
    cdef int k, op, dst, ra, rb, i
    cdef const float* pa
    cdef const float* pb
    cdef float* pd
    cdef float sa, sb
    for k in range(n_instr):
        op = prog[4 * k]
        dst = prog[4 * k + 1] - n_in
        ra = prog[4 * k + 2]
        rb = prog[4 * k + 3]
        pd = regs + dst * BLOCK
        if ra < n_in:
            pa = ins[ra] + (0 if scalar[ra] else start)
        else:
            pa = regs + (ra - n_in) * BLOCK
        if op < 20:
            if rb < n_in:
                pb = ins[rb] + (0 if scalar[rb] else start)
            else:
                pb = regs + (rb - n_in) * BLOCK
            if ra < n_in and scalar[ra]:
                sa = pa[0]
                for i in range(length):
                    pd[i] = binary_f(op, sa, pb[i] if not (rb < n_in and scalar[rb]) else pb[0])
            elif rb < n_in and scalar[rb]:
                sb = pb[0]
                if op == OP_MUL:
                    for i in range(length):
                        pd[i] = pa[i] * sb
                elif op == OP_ADD:
                    for i in range(length):
                        pd[i] = pa[i] + sb
                else:
                    for i in range(length):
                        pd[i] = binary_f(op, pa[i], sb)
            elif op == OP_SUB:
                for i in range(length):
                    pd[i] = pa[i] - pb[i]
            elif op == OP_ADD:
                for i in range(length):
                    pd[i] = pa[i] + pb[i]
            elif op == OP_MUL:
                for i in range(length):
                    pd[i] = pa[i] * pb[i]
            else:
                for i in range(length):
                    pd[i] = binary_f(op, pa[i], pb[i])
        else:
            if ra < n_in and scalar[ra]:
                sa = unary_f(op, pa[0])
                for i in range(length):
                    pd[i] = sa
            elif op == OP_TANH:
                for i in range(length):
                    pd[i] = _tanh_f(pa[i])
            elif op == OP_SIGMOID:
                for i in range(length):
                    pd[i] = _sigmoid_f(pa[i])
            else:
                for i in range(length):
                    pd[i] = unary_f(op, pa[i])
    pd = regs + (n_instr - 1) * BLOCK
    for i in range(length):
        out[start + i] = pd[i]


cdef void _vm_block_f64(const int* prog, int n_instr, int n_in, const double** ins,
                        const char* scalar, double* regs, double* out, Py_ssize_t start,
                        Py_ssize_t length) noexcept nogil:
    cdef int k, op, dst, ra, rb, i
    cdef const double* pa
    cdef const double* pb
    cdef double* pd
    for k in range(n_instr):
        op = prog[4 * k]
        dst = prog[4 * k + 1] - n_in
        ra = prog[4 * k + 2]
        rb = prog[4 * k + 3]
        pd = regs + dst * BLOCK
        pa = (ins[ra] + (0 if scalar[ra] else start)) if ra < n_in else regs + (ra - n_in) * BLOCK
        if op < 20:
            pb = (ins[rb] + (0 if scalar[rb] else start)) if rb < n_in else \
                regs + (rb - n_in) * BLOCK
            for i in range(length):
                pd[i] = binary_d(op, pa[0 if (ra < n_in and scalar[ra]) else i],
                                 pb[0 if (rb < n_in and scalar[rb]) else i])
        else:
            for i in range(length):
                pd[i] = unary_d(op, pa[0 if (ra < n_in and scalar[ra]) else i])
    pd = regs + (n_instr - 1) * BLOCK
    for i in range(length):
        out[start + i] = pd[i]


def ew_fused(int[:, ::1] program, list inputs, cnp.ndarray out):
    """Run a register program (rows of opcode, dst, a, b) over ``inputs`` (contiguous arrays of
    out's size, or single-element scalars) blockwise; the last instruction's register is the
    result. Registers 0..len(inputs)-1 are the inputs; instruction k writes register
    len(inputs)+k."""
    cdef int n_in = len(inputs), n_instr = program.shape[0], b, nb
    cdef Py_ssize_t n = cnp.PyArray_SIZE(out), start, length
    cdef int is32 = cnp.PyArray_TYPE(out) == cnp.NPY_FLOAT32
    cdef size_t item = 4 if is32 else 8
    cdef void** ptrs = <void**>malloc(n_in * sizeof(void*))
    cdef char* scalar = <char*>malloc(n_in)
    cdef char* regs
    cdef cnp.ndarray arr
    cdef int i
    for i in range(n_in):
        arr = inputs[i]
        ptrs[i] = cnp.PyArray_DATA(arr)
        scalar[i] = cnp.PyArray_SIZE(arr) == 1 and n != 1
    nb = <int>((n + BLOCK - 1) // BLOCK)
    try:
        with nogil, parallel(num_threads=2 if n >= PARALLEL_MIN else 1):
            regs = <char*>malloc(n_instr * BLOCK * item)
            for b in prange(nb, schedule="static"):
                start = <Py_ssize_t>b * BLOCK
                length = BLOCK if start + BLOCK <= n else n - start
                if is32:
                    _vm_block_f32(&program[0, 0], n_instr, n_in, <const float**>ptrs, scalar,
                                  <float*>regs, <float*>cnp.PyArray_DATA(out), start, length)
                else:
                    _vm_block_f64(&program[0, 0], n_instr, n_in, <const double**>ptrs, scalar,
                                  <double*>regs, <double*>cnp.PyArray_DATA(out), start, length)
            free(regs)
    finally:
        free(ptrs)
        free(scalar)


# ----- fast paths for the common case (called for every eager op: keep them lean) ---------------
cdef inline bint _same_layout(cnp.ndarray a, cnp.ndarray b) noexcept:
    cdef int nd = cnp.PyArray_NDIM(a), i
    if nd != cnp.PyArray_NDIM(b):
        return False
    for i in range(nd):
        if cnp.PyArray_DIMS(a)[i] != cnp.PyArray_DIMS(b)[i]:
            return False
    return True


def binary_same_shape(int op, cnp.ndarray a, cnp.ndarray b):
    """a op b for C-contiguous float arrays of one dtype and shape; None otherwise."""
    cdef int t = cnp.PyArray_TYPE(a)
    cdef Py_ssize_t n
    cdef cnp.ndarray out
    if (t != cnp.NPY_FLOAT32 and t != cnp.NPY_FLOAT64) or cnp.PyArray_TYPE(b) != t:
        return None
    if not (cnp.PyArray_IS_C_CONTIGUOUS(a) and cnp.PyArray_IS_C_CONTIGUOUS(b)):
        return None
    if not _same_layout(a, b):
        return None
    out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(a), cnp.PyArray_DIMS(a), t, 0)
    n = cnp.PyArray_SIZE(a)
    if t == cnp.NPY_FLOAT32:
        with nogil:
            _binary_f32(op, <const float*>cnp.PyArray_DATA(a), 0, 1,
                        <const float*>cnp.PyArray_DATA(b), 0, 1,
                        <float*>cnp.PyArray_DATA(out), 1, n)
    else:
        with nogil:
            _binary_f64(op, <const double*>cnp.PyArray_DATA(a), 0, 1,
                        <const double*>cnp.PyArray_DATA(b), 0, 1,
                        <double*>cnp.PyArray_DATA(out), 1, n)
    return out


def unary_contiguous(int op, cnp.ndarray x):
    """op(x) for a C-contiguous float array; None otherwise."""
    cdef int t = cnp.PyArray_TYPE(x)
    cdef cnp.ndarray out
    if (t != cnp.NPY_FLOAT32 and t != cnp.NPY_FLOAT64) or not cnp.PyArray_IS_C_CONTIGUOUS(x):
        return None
    out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(x), cnp.PyArray_DIMS(x), t, 0)
    ew_unary(op, x, out)
    return out
