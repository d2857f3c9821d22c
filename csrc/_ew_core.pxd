# The elementwise loops (unary, row/column-broadcast binary, fused-program VM blocks) as
# inline nogil functions, so that the eager kernels (elementwise.pyx) and the graph executor
# (executor.pyx) compile the same code: the two modes stay bit-exact on these ops.
from cython.parallel cimport prange, parallel
from libc.stdlib cimport malloc, free
from libc.math cimport fabsf
from _common cimport *
from _scalar cimport unary_d, unary_f, binary_d, binary_f, exp_f, _tanh_f, _sigmoid_f

cdef enum:
    BLOCK = 1024  # elements per VM block: a program's registers stay in L1/L2


# ----- unary -----------------------------------------------------------------------------------
ctypedef float (*unary_fn_f)(float) noexcept nogil

cdef inline float _u_neg(float x) noexcept nogil:
    return -x
cdef inline float _u_abs(float x) noexcept nogil:
    return fabsf(x)
cdef inline float _u_exp(float x) noexcept nogil:
    return exp_f(x) if x == x else x
cdef inline float _u_square(float x) noexcept nogil:
    return x * x
cdef inline float _u_relu(float x) noexcept nogil:
    return x if (x > 0 or x != x) else <float>0.0
cdef inline float _u_generic(float x) noexcept nogil:
    return x

cdef inline unary_fn_f _table_f(int op) noexcept nogil:
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


cdef inline void _unary_f32(int op, const float* x, float* out, Py_ssize_t n) noexcept nogil:
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


cdef inline void _unary_f64(int op, const double* x, double* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    if n >= PARALLEL_MIN:
        for i in prange(n, schedule="static", num_threads=2):
            out[i] = unary_d(op, x[i])
    else:
        for i in range(n):
            out[i] = unary_d(op, x[i])



# ----- binary over rows: out[r, c] = a[r*ra + c*ca] op b[r*rb + c*cb] -----------------------
cdef inline void _binary_f32(int op, const float* a, Py_ssize_t ra, Py_ssize_t ca,
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


cdef inline void _binary_f64(int op, const double* a, Py_ssize_t ra, Py_ssize_t ca,
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



# ----- fused programs --------------------------------------------------------------------------
cdef inline void _vm_block_f32(const int* prog, int n_instr, int n_in, const float** ins,
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


cdef inline void _vm_block_f64(const int* prog, int n_instr, int n_in, const double** ins,
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


cdef inline int fused_run(const int* prog, int n_instr, int n_in, const void** ptrs,
                          const char* scalar, void* out, Py_ssize_t n, bint is32) noexcept nogil:
    """Run a register program over n elements blockwise (2 threads above PARALLEL_MIN).
    Returns -1 when a thread could not allocate its registers, else 0."""
    cdef int b, nb = <int>((n + BLOCK - 1) // BLOCK), failed = 0
    cdef Py_ssize_t start, length
    cdef size_t item = 4 if is32 else 8
    cdef int* failed_flag = &failed  # written through a pointer: shared by the threads
    cdef char* regs
    with parallel(num_threads=2 if n >= PARALLEL_MIN else 1):
        regs = <char*>malloc(n_instr * BLOCK * item)
        if regs == NULL:
            failed_flag[0] = 1
        else:
            for b in prange(nb, schedule="static"):
                start = <Py_ssize_t>b * BLOCK
                length = BLOCK if start + BLOCK <= n else n - start
                if is32:
                    _vm_block_f32(prog, n_instr, n_in, <const float**>ptrs, scalar,
                                  <float*>regs, <float*>out, start, length)
                else:
                    _vm_block_f64(prog, n_instr, n_in, <const double**>ptrs, scalar,
                                  <double*>regs, <double*>out, start, length)
            free(regs)
    return -1 if failed else 0
