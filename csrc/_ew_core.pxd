# The elementwise loops (unary, row/column-broadcast binary, fused-program VM blocks) as
# inline nogil functions, so that the eager kernels (elementwise.pyx) and the graph executor
# (executor.pyx) compile the same code: the two modes stay bit-exact on these ops.
from cython.parallel cimport prange, parallel
from _threads cimport mc_threads, mc_threads_if
from libc.stdlib cimport malloc, free
from _common cimport *
from _scalar cimport unary_d, unary_f, binary_d, binary_f
from _spans cimport unary_span_f32, binary_span_f32, binary_span_sb_f32, binary_span_sa_f32

cdef enum:
    # Elements per VM block. Every instruction of a program runs over one block before the
    # next block starts, so its registers stay in L1. 256 rather than 1024, with the inputs
    # prefetched and the registers and output blocks on cache lines (below): W2's program
    # (tanh(x*0.5 + 0.1)*2 - x, 1e6 float32) measured 0.64-0.74x of its time with 1024 (one
    # and two threads, interleaved), 1.25-1.35x a hand-written fused C loop instead of
    # 1.9-2.1x. A block's first instruction reads its inputs from memory with no arithmetic
    # to overlap the wait, and 4 KB (1024 floats, one page) is where the hardware prefetcher
    # stops.
    BLOCK = 256
    # Elements between two VM registers: BLOCK plus 16 (one or two cache lines), so that they
    # are not a multiple of 4 KB apart (loads of one and stores to another would alias in the
    # store-forwarding check).
    REG_STRIDE = BLOCK + 16
    # Inputs are prefetched this many blocks ahead (the read of block b + AHEAD overlaps the
    # arithmetic of block b).
    AHEAD = 2
    CHUNK = 8192  # elements per thread task in the flat kernels


cdef extern from *:
    """
    /* Ask for `bytes` bytes from `p` on to be brought into the caches (one request per
       64-byte line); no effect on results, no fault past the end of an array. */
    static inline void mc_prefetch_bytes(const void* p, size_t bytes) {
        const char* c = (const char*)p;
        size_t off;
        for (off = 0; off < bytes; off += 64) __builtin_prefetch(c + off, 0, 3);
    }
    """
    void mc_prefetch_bytes(const void* p, size_t bytes) noexcept nogil


# ----- unary -----------------------------------------------------------------------------------
cdef inline void _unary_f32(int op, const float* x, float* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t c, start
    if n < PARALLEL_MIN:
        unary_span_f32(op, x, out, n)
        return
    for c in prange((n + CHUNK - 1) // CHUNK, schedule="static", num_threads=mc_threads):
        start = c * CHUNK
        unary_span_f32(op, x + start, out + start, CHUNK if start + CHUNK <= n else n - start)


cdef inline void _unary_f64(int op, const double* x, double* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    if n >= PARALLEL_MIN:
        for i in prange(n, schedule="static", num_threads=mc_threads):
            out[i] = unary_d(op, x[i])
    else:
        for i in range(n):
            out[i] = unary_d(op, x[i])



# ----- binary over rows: out[r, c] = a[r*ra + c*ca] op b[r*rb + c*cb] -----------------------
cdef inline void _binary_f32(int op, const float* a, Py_ssize_t ra, Py_ssize_t ca,
                             const float* b, Py_ssize_t rb, Py_ssize_t cb,
                             float* out, Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    """Column strides ca, cb are 1 (a full row) or 0 (one value broadcast along the row)."""
    cdef Py_ssize_t r, c, start, n = rows * cols
    if rows == 1 and n >= PARALLEL_MIN:  # one long row: split it into chunks
        for c in prange((n + CHUNK - 1) // CHUNK, schedule="static", num_threads=mc_threads):
            start = c * CHUNK
            _binary_row_f32(op, a + start * ca, ca, b + start * cb, cb, out + start,
                            CHUNK if start + CHUNK <= n else n - start)
    elif rows > 1 and n >= PARALLEL_MIN:
        for r in prange(rows, schedule="static", num_threads=mc_threads):
            _binary_row_f32(op, a + r * ra, ca, b + r * rb, cb, out + r * cols, cols)
    else:
        for r in range(rows):
            _binary_row_f32(op, a + r * ra, ca, b + r * rb, cb, out + r * cols, cols)


cdef inline void _binary_row_f32(int op, const float* a, Py_ssize_t ca, const float* b,
                                 Py_ssize_t cb, float* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef float v
    if ca and cb:
        binary_span_f32(op, a, b, out, n)
    elif ca:
        binary_span_sb_f32(op, a, b[0], out, n)
    elif cb:
        binary_span_sa_f32(op, a[0], b, out, n)
    else:
        v = binary_f(op, a[0], b[0])
        for i in range(n):
            out[i] = v


cdef inline void _binary_f64(int op, const double* a, Py_ssize_t ra, Py_ssize_t ca,
                      const double* b, Py_ssize_t rb, Py_ssize_t cb,
                      double* out, Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    cdef Py_ssize_t r, c, i, n = rows * cols
    if rows == 1 and n >= PARALLEL_MIN:
        for i in prange(n, schedule="static", num_threads=mc_threads):
            out[i] = binary_d(op, a[i * ca], b[i * cb])
    elif n >= PARALLEL_MIN and rows > 1:
        for r in prange(rows, schedule="static", num_threads=mc_threads):
            for c in range(cols):
                out[r * cols + c] = binary_d(op, a[r * ra + c * ca], b[r * rb + c * cb])
    else:
        for r in range(rows):
            for c in range(cols):
                out[r * cols + c] = binary_d(op, a[r * ra + c * ca], b[r * rb + c * cb])



# ----- fused programs --------------------------------------------------------------------------
cdef inline void _vm_block_f32(const int* prog, int n_instr, int n_in, const float** ins,
                               const char* scalar, float* regs, float* out, Py_ssize_t start,
                               Py_ssize_t length, Py_ssize_t n) noexcept nogil:
    """Run the program over elements [start, start+length) of n using per-thread registers."""
    cdef int k, op, dst, ra, rb
    cdef Py_ssize_t i, ahead = start + AHEAD * BLOCK
    cdef const float* pa
    cdef const float* pb
    cdef float* pd
    cdef bint sa, sb
    cdef float v
    if ahead < n:
        for k in range(n_in):
            if not scalar[k]:
                mc_prefetch_bytes(ins[k] + ahead, 4 * (BLOCK if ahead + BLOCK <= n else n - ahead))
    for k in range(n_instr):
        op = prog[4 * k]
        dst = prog[4 * k + 1] - n_in
        ra = prog[4 * k + 2]
        rb = prog[4 * k + 3]
        # the last instruction writes its block of the output itself (registers are written
        # once each, so no later instruction reads the last one): no copy pass at the end
        pd = out + start if k == n_instr - 1 else regs + dst * REG_STRIDE
        sa = ra < n_in and scalar[ra]
        if ra < n_in:
            pa = ins[ra] + (0 if sa else start)
        else:
            pa = regs + (ra - n_in) * REG_STRIDE
        if op < OP_UNARY_FIRST:
            sb = rb < n_in and scalar[rb]
            if rb < n_in:
                pb = ins[rb] + (0 if sb else start)
            else:
                pb = regs + (rb - n_in) * REG_STRIDE
            if sa and sb:
                v = binary_f(op, pa[0], pb[0])
                for i in range(length):
                    pd[i] = v
            elif sa:
                binary_span_sa_f32(op, pa[0], pb, pd, length)
            elif sb:
                binary_span_sb_f32(op, pa, pb[0], pd, length)
            else:
                binary_span_f32(op, pa, pb, pd, length)
        elif sa:
            v = unary_f(op, pa[0])
            for i in range(length):
                pd[i] = v
        else:
            unary_span_f32(op, pa, pd, length)


cdef inline void _vm_block_f64(const int* prog, int n_instr, int n_in, const double** ins,
                        const char* scalar, double* regs, double* out, Py_ssize_t start,
                        Py_ssize_t length, Py_ssize_t n) noexcept nogil:
    cdef int k, op, dst, ra, rb, i
    cdef Py_ssize_t ahead = start + AHEAD * BLOCK
    cdef const double* pa
    cdef const double* pb
    cdef double* pd
    if ahead < n:
        for k in range(n_in):
            if not scalar[k]:
                mc_prefetch_bytes(ins[k] + ahead, 8 * (BLOCK if ahead + BLOCK <= n else n - ahead))
    for k in range(n_instr):
        op = prog[4 * k]
        dst = prog[4 * k + 1] - n_in
        ra = prog[4 * k + 2]
        rb = prog[4 * k + 3]
        pd = out + start if k == n_instr - 1 else regs + dst * REG_STRIDE
        pa = (ins[ra] + (0 if scalar[ra] else start)) if ra < n_in else \
            regs + (ra - n_in) * REG_STRIDE
        if op < OP_UNARY_FIRST:
            pb = (ins[rb] + (0 if scalar[rb] else start)) if rb < n_in else \
                regs + (rb - n_in) * REG_STRIDE
            for i in range(length):
                pd[i] = binary_d(op, pa[0 if (ra < n_in and scalar[ra]) else i],
                                 pb[0 if (rb < n_in and scalar[rb]) else i])
        else:
            for i in range(length):
                pd[i] = unary_d(op, pa[0 if (ra < n_in and scalar[ra]) else i])


cdef inline int fused_run(const int* prog, int n_instr, int n_in, const void** ptrs,
                          const char* scalar, void* out, Py_ssize_t n, bint is32) noexcept nogil:
    """Run a register program over n elements blockwise (2 threads above PARALLEL_MIN).
    Returns -1 when a thread could not allocate its registers, else 0.

    The registers start on a cache line, and the blocks are placed so that every block but
    the first begins on a cache line of the output (numpy's arrays start 16 bytes into one):
    vector loads and stores that straddle two lines cost about twice. Elementwise results do
    not depend on where the blocks begin."""
    cdef size_t item = 4 if is32 else 8
    # the first block is [0, head), the elements before the output's first line boundary
    cdef Py_ssize_t head = <Py_ssize_t>(((64 - <size_t>out % 64) % 64) // item)
    cdef Py_ssize_t off = (head - BLOCK) if 0 < head < n and <size_t>out % item == 0 else 0
    cdef Py_ssize_t nb = (n - off + BLOCK - 1) // BLOCK, b, start, end
    cdef int failed = 0
    cdef int* failed_flag = &failed  # written through a pointer: shared by the threads
    cdef char* mem
    cdef char* regs
    with parallel(num_threads=mc_threads_if(n >= PARALLEL_MIN)):
        mem = <char*>malloc(n_instr * REG_STRIDE * item + 64)
        if mem == NULL:
            failed_flag[0] = 1
        else:
            regs = mem + (64 - <size_t>mem % 64) % 64
            for b in prange(nb, schedule="static"):
                start = off + b * BLOCK
                end = start + BLOCK if start + BLOCK <= n else n
                start = start if start > 0 else 0
                if is32:
                    _vm_block_f32(prog, n_instr, n_in, <const float**>ptrs, scalar,
                                  <float*>regs, <float*>out, start, end - start, n)
                else:
                    _vm_block_f64(prog, n_instr, n_in, <const double**>ptrs, scalar,
                                  <double*>regs, <double*>out, start, end - start, n)
            free(mem)
    return -1 if failed else 0
