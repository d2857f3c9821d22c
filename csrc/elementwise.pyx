# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Elementwise kernels: unary and binary ops over flat or row/column-broadcast operands, and
the fused-program VM that runs a chain of elementwise ops blockwise with temporaries in
cache. Every entry point writes into a preallocated ``out`` and releases the GIL."""
cimport numpy as cnp
from libc.stdlib cimport malloc, free
from _common cimport *
from _ew_core cimport _unary_f32, _unary_f64, _binary_f32, _binary_f64, fused_run

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
    "GeLUGradTanh": OP_GELU_TANH_GRAD, "GeLUGradErf": OP_GELU_ERF_GRAD,
}
BINARY_LIMIT = 20  # opcodes below this take two operands


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


def ew_fused(int[:, ::1] program, list inputs, cnp.ndarray out):
    """Run a register program (rows of opcode, dst, a, b) over ``inputs`` (contiguous arrays of
    out's size, or single-element scalars) blockwise; the last instruction's register is the
    result. Registers 0..len(inputs)-1 are the inputs; instruction k writes register
    len(inputs)+k."""
    cdef int n_in = len(inputs), n_instr = program.shape[0], i, rc
    cdef Py_ssize_t n = cnp.PyArray_SIZE(out)
    cdef bint is32 = cnp.PyArray_TYPE(out) == cnp.NPY_FLOAT32
    cdef const void** ptrs = <const void**>malloc(n_in * sizeof(void*))
    cdef char* scalar = <char*>malloc(n_in)
    cdef cnp.ndarray arr
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
            rc = fused_run(&program[0, 0], n_instr, n_in, ptrs, scalar,
                           cnp.PyArray_DATA(out), n, is32)
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
