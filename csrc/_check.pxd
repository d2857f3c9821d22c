# Argument checks shared by the kernel entry points. Each is a few C comparisons on one
# buffer's header (type, rank, extents, contiguity, alignment, writability), run with the GIL
# before a kernel releases it, so a kernel never reads or writes outside the buffers it was
# given. A failed check raises ValueError naming the kernel, the argument, what was expected
# and what was given; messages are formatted only on failure.
cimport numpy as cnp
from _common cimport OP_BINARY_LAST, OP_UNARY_FIRST, OP_UNARY_LAST


cdef inline str _shape(cnp.ndarray a):
    return str((<object>a).shape)


cdef inline int need_array(str kernel, str name, cnp.ndarray a, int ndim, int typenum,
                           bint out) except -1:
    """a is an ndarray (not None) with ndim dimensions (-1: any), of numpy type typenum,
    C-contiguous and aligned, and writeable if out."""
    if a is None:
        raise ValueError("%s: '%s' must be an array, but got None" % (kernel, name))
    if ndim >= 0 and cnp.PyArray_NDIM(a) != ndim:
        raise ValueError("%s: '%s' must be %d-D, but got shape %s"
                         % (kernel, name, ndim, _shape(a)))
    if not cnp.PyArray_EquivTypenums(cnp.PyArray_TYPE(a), typenum):
        raise ValueError("%s: '%s' must have dtype %s, but got %s"
                         % (kernel, name, cnp.PyArray_DescrFromType(typenum), (<object>a).dtype))
    if not cnp.PyArray_IS_C_CONTIGUOUS(a) or not cnp.PyArray_ISALIGNED(a):
        raise ValueError("%s: '%s' must be C-contiguous and aligned, but got an array with "
                         "strides %s" % (kernel, name, (<object>a).strides))
    if out and not cnp.PyArray_ISWRITEABLE(a):
        raise ValueError("%s: '%s' is written to, but the array is read-only" % (kernel, name))
    return 0


cdef inline int float_type(str kernel, str name, cnp.ndarray a) except -1:
    """The numpy type number of a, which must be float32 or float64."""
    if a is None:
        raise ValueError("%s: '%s' must be an array, but got None" % (kernel, name))
    cdef int t = cnp.PyArray_TYPE(a)
    if t != cnp.NPY_FLOAT32 and t != cnp.NPY_FLOAT64:
        raise ValueError("%s: '%s' must be float32 or float64, but got %s"
                         % (kernel, name, (<object>a).dtype))
    return t


cdef inline int need_dim(str kernel, str name, cnp.ndarray a, int axis, Py_ssize_t want,
                         str why) except -1:
    """a.shape[axis] == want; ``why`` says where want comes from."""
    if cnp.PyArray_DIMS(a)[axis] != want:
        raise ValueError("%s: '%s' has shape %s, but its axis %d must be %d (%s)"
                         % (kernel, name, _shape(a), axis, want, why))
    return 0


cdef inline int need_size(str kernel, str name, cnp.ndarray a, Py_ssize_t want,
                          str why) except -1:
    """a.size == want."""
    if cnp.PyArray_SIZE(a) != want:
        raise ValueError("%s: '%s' has shape %s (%d elements), but must have %d elements (%s)"
                         % (kernel, name, _shape(a), cnp.PyArray_SIZE(a), want, why))
    return 0


cdef inline int need_shape(str kernel, str name, cnp.ndarray a, str ref_name,
                          cnp.ndarray ref) except -1:
    """a has the shape of ref."""
    cdef int nd = cnp.PyArray_NDIM(ref), i
    cdef bint same = cnp.PyArray_NDIM(a) == nd
    i = 0
    while same and i < nd:
        same = cnp.PyArray_DIMS(a)[i] == cnp.PyArray_DIMS(ref)[i]
        i += 1
    if not same:
        raise ValueError("%s: '%s' has shape %s, but must have the shape of '%s', %s"
                         % (kernel, name, _shape(a), ref_name, _shape(ref)))
    return 0


cdef inline int need_positive(str kernel, str name, Py_ssize_t v) except -1:
    if v < 1:
        raise ValueError("%s: '%s' must be >= 1, but got %d" % (kernel, name, v))
    return 0


cdef inline int need_opcode(str kernel, int op, bint binary) except -1:
    """op is a binary opcode (0..OP_BINARY_LAST) or a unary one (OP_UNARY_FIRST..LAST)."""
    if binary and not (0 <= op <= OP_BINARY_LAST):
        raise ValueError("%s: opcode %d is not a binary elementwise opcode (0..%d)"
                         % (kernel, op, <int>OP_BINARY_LAST))
    if not binary and not (OP_UNARY_FIRST <= op <= OP_UNARY_LAST):
        raise ValueError("%s: opcode %d is not a unary elementwise opcode (%d..%d)"
                         % (kernel, op, <int>OP_UNARY_FIRST, <int>OP_UNARY_LAST))
    return 0


cdef inline int need_program(str kernel, const int* prog, int n_instr, int n_in) except -1:
    """A fused register program: instruction k is (opcode, n_in + k, a, b) and reads only
    registers written before it (a binary op reads b too)."""
    cdef int k, op
    if n_instr < 1:
        raise ValueError("%s: the program must have at least one instruction" % kernel)
    for k in range(n_instr):
        op = prog[4 * k]
        need_opcode(kernel, op, op < OP_UNARY_FIRST)
        if prog[4 * k + 1] != n_in + k:
            raise ValueError("%s: instruction %d must write register %d, but writes %d"
                             % (kernel, k, n_in + k, prog[4 * k + 1]))
        if not (0 <= prog[4 * k + 2] < n_in + k) or (
                op < OP_UNARY_FIRST and not (0 <= prog[4 * k + 3] < n_in + k)):
            raise ValueError("%s: instruction %d reads registers (%d, %d); only 0..%d are "
                             "defined there" % (kernel, k, prog[4 * k + 2], prog[4 * k + 3],
                                                n_in + k - 1))
    return 0


cdef inline bint strided_fits(Py_ssize_t size, Py_ssize_t rows, Py_ssize_t rstride,
                              Py_ssize_t cols, Py_ssize_t cstride) noexcept:
    """Every element r*rstride + c*cstride (r < rows, c < cols) lies in [0, size); strides are
    non-negative, cstride is 0 or 1. No overflow for any inputs."""
    cdef Py_ssize_t last
    if rows < 0 or cols < 0 or rstride < 0 or (cstride != 0 and cstride != 1):
        return False
    if rows == 0 or cols == 0:
        return True
    last = (cols - 1) * cstride
    if last >= size:
        return False
    return rows == 1 or rstride <= (size - 1 - last) // (rows - 1)
