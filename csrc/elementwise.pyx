# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Elementwise kernels: unary and binary ops over flat or row/column-broadcast operands, and
the fused-program VM that runs a chain of elementwise ops blockwise with temporaries in
cache. Every entry point checks its buffers (dtype, contiguity, sizes, opcodes) with O(1)
C comparisons per buffer, writes into a preallocated ``out`` and releases the GIL."""
cimport numpy as cnp
from libc.stdlib cimport malloc, free
from _common cimport *
from _ew_core cimport _unary_f32, _unary_f64, _binary_f32, _binary_f64, fused_run
from _check cimport (float_type, need_array, need_dim, need_size, need_opcode, need_program,
                     strided_fits)

cnp.import_array()
include "_threads.pxi"
include "_opcodes.pxi"


cdef int _operand(str kernel, str name, cnp.ndarray a, int t) except -1:
    """a: a C-contiguous, aligned array (not None) of type t."""
    return need_array(kernel, name, a, -1, t, False)


cdef inline bint _operand_ok(cnp.ndarray a, int t) noexcept:
    """What ``_operand`` checks, without raising (so a caller can name ``a`` lazily)."""
    return (a is not None and cnp.PyArray_EquivTypenums(cnp.PyArray_TYPE(a), t)
            and cnp.PyArray_IS_C_CONTIGUOUS(a) and cnp.PyArray_ISALIGNED(a))


cdef inline void _run_unary(int op, int t, cnp.ndarray x, cnp.ndarray out,
                            Py_ssize_t n) noexcept:
    """out = op(x) over n elements of float type t (checked by the caller), without the GIL."""
    cdef const void* px = cnp.PyArray_DATA(x)
    cdef void* po = cnp.PyArray_DATA(out)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _unary_f32(op, <const float*>px, <float*>po, n)
        else:
            _unary_f64(op, <const double*>px, <double*>po, n)


cdef inline void _run_binary(int op, int t, cnp.ndarray a, Py_ssize_t ra, Py_ssize_t ca,
                             cnp.ndarray b, Py_ssize_t rb, Py_ssize_t cb, cnp.ndarray out,
                             Py_ssize_t rows, Py_ssize_t cols) noexcept:
    """out = a op b (the row/column layout of _binary_f32) of float type t, without the GIL."""
    cdef const void* pa = cnp.PyArray_DATA(a)
    cdef const void* pb = cnp.PyArray_DATA(b)
    cdef void* po = cnp.PyArray_DATA(out)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _binary_f32(op, <const float*>pa, ra, ca, <const float*>pb, rb, cb, <float*>po,
                        rows, cols)
        else:
            _binary_f64(op, <const double*>pa, ra, ca, <const double*>pb, rb, cb,
                        <double*>po, rows, cols)


def ew_unary(int op, cnp.ndarray x, cnp.ndarray out):
    """out = op(x) for contiguous float32/float64 arrays of equal size and dtype."""
    cdef int t = float_type("ew_unary", "x", x)
    need_opcode("ew_unary", op, False)
    _operand("ew_unary", "x", x, t)
    need_array("ew_unary", "out", out, -1, t, True)
    need_size("ew_unary", "out", out, cnp.PyArray_SIZE(x), "the size of 'x'")
    cdef Py_ssize_t n = cnp.PyArray_SIZE(x)
    _run_unary(op, t, x, out, n)


def ew_binary(int op, cnp.ndarray a, Py_ssize_t ra, Py_ssize_t ca,
              cnp.ndarray b, Py_ssize_t rb, Py_ssize_t cb,
              cnp.ndarray out, Py_ssize_t rows, Py_ssize_t cols):
    """out (rows x cols, contiguous) = a op b with element strides (row, column) per operand;
    a column stride of 0 broadcasts a value along the row. Every element read must lie inside
    its operand."""
    cdef int t = float_type("ew_binary", "out", out)
    need_opcode("ew_binary", op, True)
    need_array("ew_binary", "out", out, -1, t, True)
    _operand("ew_binary", "a", a, t)
    _operand("ew_binary", "b", b, t)
    if rows < 0 or cols < 0 or (cols > 0 and rows > cnp.PyArray_SIZE(out) // cols) \
            or rows * cols != cnp.PyArray_SIZE(out):
        raise ValueError("ew_binary: 'out' has shape %s, but rows x cols is %d x %d"
                         % ((<object>out).shape, rows, cols))
    if not strided_fits(cnp.PyArray_SIZE(a), rows, ra, cols, ca):
        raise ValueError("ew_binary: strides (%d, %d) over %d x %d read outside 'a' of shape %s"
                         % (ra, ca, rows, cols, (<object>a).shape))
    if not strided_fits(cnp.PyArray_SIZE(b), rows, rb, cols, cb):
        raise ValueError("ew_binary: strides (%d, %d) over %d x %d read outside 'b' of shape %s"
                         % (rb, cb, rows, cols, (<object>b).shape))
    _run_binary(op, t, a, ra, ca, b, rb, cb, out, rows, cols)


def ew_fused(cnp.ndarray program, list inputs not None, cnp.ndarray out):
    """Run a register program (int32 rows of opcode, dst, a, b) over ``inputs`` (contiguous
    arrays of out's dtype and size, or single-element scalars) blockwise; the last
    instruction's register is the result. Registers 0..len(inputs)-1 are the inputs;
    instruction k writes register len(inputs)+k and reads only registers defined before it."""
    cdef int t = float_type("ew_fused", "out", out)
    need_array("ew_fused", "out", out, -1, t, True)
    need_array("ew_fused", "program", program, 2, cnp.NPY_INT32, False)
    need_dim("ew_fused", "program", program, 1, 4, "(opcode, dst, a, b) per instruction")
    if cnp.PyArray_DIMS(program)[0] > 1 << 20 or len(inputs) > 1 << 20:
        raise ValueError("ew_fused: %d instructions over %d inputs is too large a program"
                         % (cnp.PyArray_DIMS(program)[0], len(inputs)))
    cdef int n_in = len(inputs), n_instr = cnp.PyArray_DIMS(program)[0], i, rc
    cdef const int* prog = <const int*>cnp.PyArray_DATA(program)
    need_program("ew_fused", prog, n_instr, n_in)
    cdef Py_ssize_t n = cnp.PyArray_SIZE(out), size
    cdef bint is32 = t == cnp.NPY_FLOAT32
    cdef cnp.ndarray arr
    for i in range(n_in):
        arr = inputs[i]
        if not _operand_ok(arr, t):  # the argument's name is formatted only for the error
            _operand("ew_fused", "inputs[%d]" % i, arr, t)
        size = cnp.PyArray_SIZE(arr)
        if size != n and size != 1:
            raise ValueError("ew_fused: 'inputs[%d]' has shape %s; it must have %d elements "
                             "(the size of 'out') or 1" % (i, (<object>arr).shape, n))
    cdef const void** ptrs = <const void**>malloc((n_in + 1) * sizeof(void*))
    cdef char* scalar = <char*>malloc(n_in + 1)
    if ptrs == NULL or scalar == NULL:
        free(ptrs)
        free(scalar)
        raise MemoryError("ew_fused: cannot allocate %d input pointers" % n_in)
    try:
        for i in range(n_in):
            arr = inputs[i]
            ptrs[i] = cnp.PyArray_DATA(arr)
            scalar[i] = cnp.PyArray_SIZE(arr) == 1 and n != 1
        with nogil:
            rc = fused_run(prog, n_instr, n_in, ptrs, scalar, cnp.PyArray_DATA(out), n, is32)
    finally:
        free(ptrs)
        free(scalar)
    if rc != 0:
        raise MemoryError("ew_fused: cannot allocate the VM registers")


# ----- fast paths for the common case (called for every eager op: keep them lean) ---------------
cdef inline bint _same_layout(cnp.ndarray a, cnp.ndarray b) noexcept:
    cdef int nd = cnp.PyArray_NDIM(a), i
    if nd != cnp.PyArray_NDIM(b):
        return False
    for i in range(nd):
        if cnp.PyArray_DIMS(a)[i] != cnp.PyArray_DIMS(b)[i]:
            return False
    return True


def binary_same_shape(int op, cnp.ndarray a not None, cnp.ndarray b not None):
    """a op b for C-contiguous, aligned float arrays of one dtype and shape; None otherwise
    (ValueError for an opcode that is not binary)."""
    cdef int t = cnp.PyArray_TYPE(a)
    cdef Py_ssize_t n
    cdef cnp.ndarray out
    need_opcode("binary_same_shape", op, True)
    if (t != cnp.NPY_FLOAT32 and t != cnp.NPY_FLOAT64) or cnp.PyArray_TYPE(b) != t:
        return None
    if not (cnp.PyArray_IS_C_CONTIGUOUS(a) and cnp.PyArray_IS_C_CONTIGUOUS(b)
            and cnp.PyArray_ISALIGNED(a) and cnp.PyArray_ISALIGNED(b)):
        return None
    if not _same_layout(a, b):
        return None
    out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(a), cnp.PyArray_DIMS(a), t, 0)
    n = cnp.PyArray_SIZE(a)
    _run_binary(op, t, a, 0, 1, b, 0, 1, out, 1, n)
    return out


def unary_contiguous(int op, cnp.ndarray x not None):
    """op(x) for a C-contiguous, aligned float array; None otherwise (ValueError for an
    opcode that is not unary)."""
    cdef int t = cnp.PyArray_TYPE(x)
    cdef cnp.ndarray out
    cdef Py_ssize_t n = cnp.PyArray_SIZE(x)
    need_opcode("unary_contiguous", op, False)
    if (t != cnp.NPY_FLOAT32 and t != cnp.NPY_FLOAT64) or not cnp.PyArray_IS_C_CONTIGUOUS(x) \
            or not cnp.PyArray_ISALIGNED(x):
        return None
    out = cnp.PyArray_EMPTY(cnp.PyArray_NDIM(x), cnp.PyArray_DIMS(x), t, 0)
    _run_unary(op, t, x, out, n)
    return out
