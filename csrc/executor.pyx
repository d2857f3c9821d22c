# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The graph executor: runs a lowered program, a flat list of instructions over value slots.

Native instructions (elementwise, fused VM programs, GEMM, row softmax, sums, the SGD update)
are C structs executed back to back without the GIL, reading and writing through a table of data pointers; their
intermediate results live at planned offsets of one preallocated arena. Other primitives are
Python steps (``compute(arrays, attrs)``), whose results are bound to their slots between
native stretches. The kernels are the same inline loops the eager kernels run."""
cimport numpy as cnp
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset
from _common cimport *
from _ew_core cimport _unary_f32, _unary_f64, _binary_f32, _binary_f64, fused_run
from _blas cimport BlasTable, cblas_sgemm_t, cblas_dgemm_t, gemm_batched
from _softmax_core cimport softmax_rows, softmax_grad_rows, sparse_xent_rows
cimport _reduce_core
from _optim_core cimport sgd_step
from _epilogue cimport binary_unary_f32, binary_unary_f64
from _check cimport need_opcode, need_program
from cpython.object cimport PyObject, PyObject_GenericGetDict, PyTypeObject
from cpython.ref cimport Py_INCREF

cdef extern from "structmember.h":
    ctypedef struct PyMemberDef:
        int type
        Py_ssize_t offset
        int flags
    enum:
        T_OBJECT_EX
        READONLY

cdef extern from "Python.h":
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    object PyType_GenericAlloc(PyTypeObject* type, Py_ssize_t n_items)
    # a borrowed reference or NULL; with str keys it cannot fail (PyDict_GetItem's error
    # save and restore cost a W1 call ~150 instructions per lookup)
    PyObject* PyDict_GetItem "PyDict_GetItemWithError" (object d, object key) except? NULL
    ctypedef struct PyThreadState
    PyThreadState* PyThreadState_Get()
    unsigned long long PyThreadState_GetID(PyThreadState* tstate)

import numpy as np

cnp.import_array()
cdef object _ndarray = np.ndarray  # (a module attribute lookup costs more than a run of W1)
include "_threads.pxi"

cdef BlasTable _blas


def set_blas(size_t sgemm_address, size_t dgemm_address):
    """Bind cblas_sgemm/cblas_dgemm (addresses of the loaded library's functions)."""
    _blas.sgemm = <cblas_sgemm_t>sgemm_address
    _blas.dgemm = <cblas_dgemm_t>dgemm_address

cdef enum Kind:
    K_PY = 0
    K_UNARY = 1
    K_BINARY = 2
    K_FUSED = 3
    K_GEMM = 4
    K_SOFTMAX = 5       # op: 1 for log-softmax; rows x cols
    K_SOFTMAX_GRAD = 6  # a: the forward output, b: its gradient
    K_SUM = 7           # op: 0 rows (d0 rows of d1), 1 columns (d0 rows of d1), 2 middle
                        # (d0 x d1 x d2, d1 kept): _reduce_core.pxd
    K_SGD = 8           # in place: in_slots (param, grad, accum, lr, stat), d0 elements, d1
                        # stat elements, f0..f2 momentum, dampening, weight decay, ta
                        # nesterov, tb clear_stat; out is param's array (bound before the run)
    K_SPARSE_XENT = 9   # a logits (rows x cols), b labels (op 1: int64, 0: int32), out the
                        # per-row loss, out2 the gradient; py: the Python step that reports
                        # a label out of range
    K_BINARY_UNARY = 10  # K_BINARY's fields, then unary op2 over each result row (in L1)

KINDS = {"py": K_PY, "unary": K_UNARY, "binary": K_BINARY, "fused": K_FUSED, "gemm": K_GEMM,
         "softmax": K_SOFTMAX, "softmax_grad": K_SOFTMAX_GRAD, "sum": K_SUM, "sgd": K_SGD,
         "sparse_xent": K_SPARSE_XENT, "binary_unary": K_BINARY_UNARY}


cdef struct Instr:
    int kind
    int op
    int op2                                     # K_BINARY_UNARY: the unary opcode
    bint is32
    int a, b, out, out2                         # slots (out2: a second result)
    Py_ssize_t ra, ca, rb, cb, rows, cols       # binary strides and extent; unary: cols = n
    int batch, m, n, k, lda, ldb, ldc           # gemm
    bint ta, tb
    Py_ssize_t sa, sb, sc                       # gemm batch strides in bytes
    int* prog                                   # fused: (opcode, dst, a, b) rows
    int n_prog, n_in
    int* in_slots
    char* scalar
    const void** in_ptrs
    int py                                      # index of the Python step (K_PY; K_SGD:
                                                # its fallback when a written array is not
                                                # one the native loop can write in place)
    Py_ssize_t d0, d1, d2                       # K_SUM, K_SGD extents
    double f0, f1, f2                           # K_SGD attributes


cdef int _run_native(Instr* code, int start, int end, void** ptr, int* failed) noexcept nogil:
    """Run instructions [start, end), all native. Returns -1 if the VM could not allocate, -2
    if an instruction found invalid values (its index in failed[0])."""
    cdef int i, j
    cdef Py_ssize_t bad
    cdef Instr* c
    for i in range(start, end):
        c = &code[i]
        if c.kind == K_BINARY:
            if c.is32:
                _binary_f32(c.op, <const float*>ptr[c.a], c.ra, c.ca, <const float*>ptr[c.b],
                            c.rb, c.cb, <float*>ptr[c.out], c.rows, c.cols)
            else:
                _binary_f64(c.op, <const double*>ptr[c.a], c.ra, c.ca,
                            <const double*>ptr[c.b], c.rb, c.cb, <double*>ptr[c.out],
                            c.rows, c.cols)
        elif c.kind == K_BINARY_UNARY:
            if c.is32:
                binary_unary_f32(c.op, c.op2, <const float*>ptr[c.a], c.ra, c.ca,
                                 <const float*>ptr[c.b], c.rb, c.cb, <float*>ptr[c.out],
                                 c.rows, c.cols)
            else:
                binary_unary_f64(c.op, c.op2, <const double*>ptr[c.a], c.ra, c.ca,
                                 <const double*>ptr[c.b], c.rb, c.cb, <double*>ptr[c.out],
                                 c.rows, c.cols)
        elif c.kind == K_UNARY:
            if c.is32:
                _unary_f32(c.op, <const float*>ptr[c.a], <float*>ptr[c.out], c.cols)
            else:
                _unary_f64(c.op, <const double*>ptr[c.a], <double*>ptr[c.out], c.cols)
        elif c.kind == K_FUSED:
            for j in range(c.n_in):
                c.in_ptrs[j] = ptr[c.in_slots[j]]
            if fused_run(c.prog, c.n_prog, c.n_in, c.in_ptrs, c.scalar, ptr[c.out], c.cols,
                         c.is32) != 0:
                return -1
        elif c.kind == K_GEMM:
            gemm_batched(&_blas, c.is32, c.ta, c.tb, c.batch, c.m, c.n, c.k,
                         <const char*>ptr[c.a], c.lda, c.sa, <const char*>ptr[c.b], c.ldb, c.sb,
                         <char*>ptr[c.out], c.ldc, c.sc)
        elif c.kind == K_SOFTMAX:
            if c.is32:
                softmax_rows(<const float*>ptr[c.a], <float*>ptr[c.out], c.rows, c.cols, c.op)
            else:
                softmax_rows(<const double*>ptr[c.a], <double*>ptr[c.out], c.rows, c.cols,
                             c.op)
        elif c.kind == K_SOFTMAX_GRAD:
            if c.is32:
                softmax_grad_rows(<const float*>ptr[c.a], <const float*>ptr[c.b],
                                  <float*>ptr[c.out], c.rows, c.cols, c.op)
            else:
                softmax_grad_rows(<const double*>ptr[c.a], <const double*>ptr[c.b],
                                  <double*>ptr[c.out], c.rows, c.cols, c.op)
        elif c.kind == K_SUM:
            if c.is32:
                _sum_f32(c, <const float*>ptr[c.a], <float*>ptr[c.out])
            else:
                _sum_f64(c, <const double*>ptr[c.a], <double*>ptr[c.out])
        elif c.kind == K_SGD:
            if c.is32:
                _sgd_f32(c, ptr)
            else:
                _sgd_f64(c, ptr)
        elif c.kind == K_SPARSE_XENT:
            if c.is32:
                bad = sparse_xent_rows(<const float*>ptr[c.a], ptr[c.b], c.op,
                                       <float*>ptr[c.out], <float*>ptr[c.out2], c.rows, c.cols)
            else:
                bad = sparse_xent_rows(<const double*>ptr[c.a], ptr[c.b], c.op,
                                       <double*>ptr[c.out], <double*>ptr[c.out2], c.rows,
                                       c.cols)
            if bad >= 0:
                failed[0] = i
                return -2
    return 0


cdef inline void _sum_f32(Instr* c, const float* x, float* out) noexcept nogil:
    if c.op == 0:
        _reduce_core.sum_rows(x, out, c.d0, c.d1)
    elif c.op == 1:
        _reduce_core.sum_cols(x, out, c.d0, c.d1)
    else:
        _reduce_core.sum_middle(x, out, c.d0, c.d1, c.d2)


cdef inline void _sum_f64(Instr* c, const double* x, double* out) noexcept nogil:
    if c.op == 0:
        _reduce_core.sum_rows(x, out, c.d0, c.d1)
    elif c.op == 1:
        _reduce_core.sum_cols(x, out, c.d0, c.d1)
    else:
        _reduce_core.sum_middle(x, out, c.d0, c.d1, c.d2)


cdef inline void _sgd_f32(Instr* c, void** ptr) noexcept nogil:
    """SGDUpdate's kernel (mindcell/_core/kernels/nn.py sgd_update) on the slots' arrays."""
    cdef float* stat = <float*>ptr[c.in_slots[4]]
    cdef bint first = stat[0] > 0
    cdef Py_ssize_t j
    sgd_step(<float*>ptr[c.in_slots[0]], <const float*>ptr[c.in_slots[1]],
             <float*>ptr[c.in_slots[2]], (<const float*>ptr[c.in_slots[3]])[0], c.f0, c.f1,
             c.f2, c.ta, first, c.d0)
    if c.tb and first:
        for j in range(c.d1):
            stat[j] = 0


cdef inline void _sgd_f64(Instr* c, void** ptr) noexcept nogil:
    cdef double* stat = <double*>ptr[c.in_slots[4]]
    cdef bint first = stat[0] > 0
    cdef Py_ssize_t j
    sgd_step(<double*>ptr[c.in_slots[0]], <const double*>ptr[c.in_slots[1]],
             <double*>ptr[c.in_slots[2]], (<const double*>ptr[c.in_slots[3]])[0], c.f0, c.f1,
             c.f2, c.ta, first, c.d0)
    if c.tb and first:
        for j in range(c.d1):
            stat[j] = 0


cdef enum:
    TINY_ELEMENTS = 4096  # a program of no GEMM and at most this many elements' native work


cdef bint _tiny(Instr* code, int n) noexcept:
    """Whether the native instructions' work is a few microseconds at most (elementwise,
    fused or softmax over TINY_ELEMENTS elements in all, no GEMM)."""
    cdef Py_ssize_t total = 0
    cdef int i
    for i in range(n):
        if code[i].kind == K_GEMM:
            return False
        if code[i].kind == K_SUM:
            total += code[i].d0 * code[i].d1 * max(code[i].d2, 1)
        elif code[i].kind == K_SGD:
            total += code[i].d0
        elif code[i].kind == K_SPARSE_XENT:
            total += 4 * code[i].rows * code[i].cols
        elif code[i].kind != K_PY:
            total += max(code[i].rows, 1) * code[i].cols
    return total <= TINY_ELEMENTS


cdef class Executor:
    """Executor(n_slots, instrs, py_steps, frees, bindings)

    ``instrs``: one dict per instruction with ``kind`` (a KINDS key) and its fields.
    ``py_steps``: (compute, in_slots, attrs, out_slots, multi, may_alias) per Python step.
    ``frees``: per instruction, the slots of Python-owned values dead after it.
    ``bindings``: dict with input_slots, param_slots, output_slots, template (per-slot arrays
    fixed before a run: constants and arena views), fresh ((slot, shape, dtype) allocated per
    run: native results that are returned), native_in ({slot: (shape, dtype)} read by native
    instructions: must be C-contiguous), arena (the array the views share)."""
    cdef Instr* code
    cdef int n_code
    cdef void** ptr
    cdef int n_slots
    cdef list py_steps, frees, template
    cdef tuple input_slots, param_slots, output_slots, fresh
    cdef dict native_in
    cdef char* reads_native       # per slot: read by a native instruction
    cdef Py_ssize_t* want_nbytes  # per slot read natively: the bytes and numpy type number,
    cdef int* want_type           # the rank and (at want_dims + dims_at[slot]) the extents
    cdef int* want_ndim
    cdef Py_ssize_t* dims_at
    cdef Py_ssize_t* want_dims
    cdef object arena
    cdef char* arena_lo
    cdef char* arena_hi
    cdef char* has_frees           # per instruction: its free list is not empty
    cdef bint hold_gil             # the native work is tiny (runs without releasing the GIL)
    cdef int n_fresh               # per fresh result: slot, rank, numpy type number (-1: a
    cdef int* fresh_slot           # type PyArray_EMPTY does not make) and extents
    cdef int* fresh_ndim
    cdef int* fresh_type
    cdef Py_ssize_t* fresh_dims_at
    cdef cnp.npy_intp* fresh_dims
    cdef int n_sgd                 # the in-place updates (K_SGD): their instructions,
    cdef int* sgd_at
    cdef char* written             # per slot: written in place by one of them,
    cdef char* unwritable          # this run: bound to an array they cannot write natively
    cdef char* as_py               # per instruction, this run: run its Python step instead
    cdef list kept                 # this run: contiguous copies native readers see

    def __cinit__(self, int n_slots, list instrs, list py_steps, list frees, dict bindings):
        self.n_slots = n_slots
        self.n_code = len(instrs)
        self.code = <Instr*>calloc(max(self.n_code, 1), sizeof(Instr))
        self.ptr = <void**>calloc(max(n_slots, 1), sizeof(void*))
        if self.code == NULL or self.ptr == NULL:
            raise MemoryError("Executor: cannot allocate a program of %d instructions"
                              % self.n_code)
        if _blas.sgemm == NULL or _blas.dgemm == NULL:
            raise RuntimeError("Executor: no BLAS bound; import mindcell first")
        self.py_steps = py_steps
        for i, spec in enumerate(instrs):
            self._load(&self.code[i], spec)
        if len(frees) != self.n_code:
            raise ValueError("Executor: %d instructions but %d free lists"
                             % (self.n_code, len(frees)))
        self.frees = frees
        self.input_slots = tuple(bindings["input_slots"])
        self.param_slots = tuple(bindings["param_slots"])
        self.output_slots = tuple(bindings["output_slots"])
        self.fresh = tuple(bindings["fresh"])
        self.n_fresh = len(self.fresh)
        self.has_frees = <char*>calloc(max(self.n_code, 1), 1)
        self.fresh_slot = <int*>calloc(max(self.n_fresh, 1), sizeof(int))
        self.fresh_ndim = <int*>calloc(max(self.n_fresh, 1), sizeof(int))
        self.fresh_type = <int*>calloc(max(self.n_fresh, 1), sizeof(int))
        self.fresh_dims_at = <Py_ssize_t*>calloc(max(self.n_fresh, 1), sizeof(Py_ssize_t))
        n_dims = sum(len(f[1]) for f in self.fresh)
        self.fresh_dims = <cnp.npy_intp*>calloc(max(n_dims, 1), sizeof(cnp.npy_intp))
        if self.has_frees == NULL or self.fresh_slot == NULL or self.fresh_ndim == NULL \
                or self.fresh_type == NULL or self.fresh_dims_at == NULL \
                or self.fresh_dims == NULL:
            raise MemoryError("Executor: cannot allocate the result table")
        for i in range(self.n_code):
            self.has_frees[i] = len(frees[i]) > 0
        self._load_writes(n_slots)
        self.hold_gil = _tiny(self.code, self.n_code)
        at = 0
        for i, (s, shape, dtype) in enumerate(self.fresh):
            dtype = np.dtype(dtype)
            self.fresh_slot[i] = s
            self.fresh_ndim[i] = len(shape)
            plain = dtype.isnative and dtype.num < cnp.NPY_NTYPES_LEGACY \
                and dtype == np.dtype(dtype.char)
            self.fresh_type[i] = dtype.num if plain else -1
            self.fresh_dims_at[i] = at
            for d in shape:
                self.fresh_dims[at] = d
                at += 1
        for group in (self.input_slots, self.param_slots, self.output_slots,
                      [f[0] for f in self.fresh], *frees,
                      *[step[1] + step[3] for step in py_steps]):
            for s in group:
                self._need_slot(s)
        if len(bindings["template"]) != n_slots:
            raise ValueError("Executor: the template has %d slots, the program %d"
                             % (len(bindings["template"]), n_slots))
        self.native_in = dict(bindings["native_in"])
        self.reads_native = <char*>calloc(max(n_slots, 1), 1)
        self.want_nbytes = <Py_ssize_t*>calloc(max(n_slots, 1), sizeof(Py_ssize_t))
        self.want_type = <int*>calloc(max(n_slots, 1), sizeof(int))
        self.want_ndim = <int*>calloc(max(n_slots, 1), sizeof(int))
        self.dims_at = <Py_ssize_t*>calloc(max(n_slots, 1), sizeof(Py_ssize_t))
        n_dims = sum(len(shape) for shape, _ in self.native_in.values())
        self.want_dims = <Py_ssize_t*>calloc(max(n_dims, 1), sizeof(Py_ssize_t))
        if self.reads_native == NULL or self.want_nbytes == NULL or self.want_type == NULL \
                or self.want_ndim == NULL or self.dims_at == NULL or self.want_dims == NULL:
            raise MemoryError("Executor: cannot allocate the slot table")
        at = 0
        for s, (shape, dtype) in self.native_in.items():
            if not 0 <= s < n_slots:
                raise ValueError("Executor: native input slot %d is outside 0..%d"
                                 % (s, n_slots - 1))
            self.reads_native[s] = 1
            self.want_nbytes[s] = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
            self.want_type[s] = dtype.num
            self.want_ndim[s] = len(shape)
            self.dims_at[s] = at
            for d in shape:
                self.want_dims[at] = d
                at += 1
        self.arena = bindings["arena"]
        self.arena_lo = <char*>cnp.PyArray_DATA(self.arena)
        self.arena_hi = self.arena_lo + cnp.PyArray_NBYTES(self.arena)
        self.template = list(bindings["template"])
        for s in range(n_slots):
            arr = self.template[s]
            if arr is not None:
                if self.reads_native[s]:
                    arr = self.template[s] = self._checked(s, arr)
                self.ptr[s] = cnp.PyArray_DATA(arr)

    cdef _load(self, Instr* c, dict spec):
        cdef int j
        if spec.get("kind") not in KINDS:
            raise ValueError("Executor: unknown instruction kind %r" % (spec.get("kind"),))
        c.kind = KINDS[spec["kind"]]
        c.op = spec.get("op", 0)
        c.op2 = spec.get("op2", 0)
        c.is32 = spec.get("is32", True)
        c.a, c.b, c.out = spec.get("a", 0), spec.get("b", 0), spec.get("out", 0)
        c.out2 = spec.get("out2", 0)
        c.ra, c.ca, c.rb, c.cb = spec.get("ra", 0), spec.get("ca", 0), spec.get("rb", 0), \
            spec.get("cb", 0)
        c.rows, c.cols = spec.get("rows", 0), spec.get("cols", 0)
        c.batch, c.m, c.n, c.k = spec.get("batch", 0), spec.get("m", 0), spec.get("n", 0), \
            spec.get("k", 0)
        c.lda, c.ldb, c.ldc = spec.get("lda", 0), spec.get("ldb", 0), spec.get("ldc", 0)
        c.ta, c.tb = spec.get("ta", False), spec.get("tb", False)
        c.sa, c.sb, c.sc = spec.get("sa", 0), spec.get("sb", 0), spec.get("sc", 0)
        c.py = spec.get("py", -1)
        c.d0, c.d1, c.d2 = spec.get("d0", 0), spec.get("d1", 0), spec.get("d2", 0)
        c.f0, c.f1, c.f2 = spec.get("f0", 0.0), spec.get("f1", 0.0), spec.get("f2", 0.0)
        if c.kind == K_SGD:
            ins = spec["in_slots"]
            if len(ins) != 5:
                raise ValueError("Executor: an sgd instruction takes 5 slots, got %d" % len(ins))
            c.n_in = 5
            c.in_slots = <int*>malloc(5 * sizeof(int))
            if c.in_slots == NULL:
                raise MemoryError("Executor: cannot allocate an sgd instruction")
            for j in range(5):
                c.in_slots[j] = ins[j]
                self._need_slot(c.in_slots[j])
            if not 0 <= c.py < len(self.py_steps):
                raise ValueError("Executor: the fallback step %d of an sgd instruction is "
                                 "outside 0..%d" % (c.py, len(self.py_steps) - 1))
            if c.d0 < 0 or c.d1 < 1:
                raise ValueError("Executor: an sgd instruction needs a stat of at least one "
                                 "element, got %d" % c.d1)
        if c.kind == K_SUM and not (0 <= c.op <= 2 and c.d0 >= 0 and c.d1 >= 0
                                    and c.d2 >= 0):
            raise ValueError("Executor: bad sum instruction %r" % (spec,))
        if c.kind == K_FUSED:
            prog = spec["program"]
            ins = spec["in_slots"]
            c.n_prog, c.n_in = len(prog), len(ins)
            c.prog = <int*>malloc(4 * c.n_prog * sizeof(int))
            c.in_slots = <int*>malloc(c.n_in * sizeof(int))
            c.scalar = <char*>malloc(c.n_in)
            c.in_ptrs = <const void**>malloc(c.n_in * sizeof(void*))
            if c.prog == NULL or c.in_slots == NULL or c.scalar == NULL or c.in_ptrs == NULL:
                raise MemoryError("Executor: cannot allocate a fused program")
            for j in range(c.n_prog):
                c.prog[4 * j], c.prog[4 * j + 1], c.prog[4 * j + 2], c.prog[4 * j + 3] = prog[j]
            for j in range(c.n_in):
                c.in_slots[j] = ins[j]
                c.scalar[j] = spec["scalar"][j]
                self._need_slot(c.in_slots[j])
            need_program("Executor", c.prog, c.n_prog, c.n_in)
        if c.kind == K_UNARY or c.kind == K_BINARY or c.kind == K_BINARY_UNARY:
            need_opcode("Executor", c.op, c.kind != K_UNARY)
        if c.kind == K_BINARY_UNARY:
            need_opcode("Executor", c.op2, False)
        if c.kind != K_PY:
            self._need_slot(c.a)
            self._need_slot(c.b)
            self._need_slot(c.out)
            self._need_slot(c.out2)
        if (c.kind == K_PY or c.kind == K_SPARSE_XENT) and not 0 <= c.py < len(self.py_steps):
            raise ValueError("Executor: Python step %d is outside 0..%d"
                             % (c.py, len(self.py_steps) - 1))
        if c.rows < 0 or c.cols < 0 or c.batch < 0 or c.m < 0 or c.n < 0 or c.k < 0:
            raise ValueError("Executor: negative extent in instruction %r" % (spec,))

    cdef _need_slot(self, int s):
        if not 0 <= s < self.n_slots:
            raise ValueError("Executor: slot %d is outside 0..%d" % (s, self.n_slots - 1))

    def __dealloc__(self):
        cdef int i
        if self.code != NULL:
            for i in range(self.n_code):
                free(self.code[i].prog)
                free(self.code[i].in_slots)
                free(self.code[i].scalar)
                free(<void*>self.code[i].in_ptrs)
            free(self.code)
        free(self.ptr)
        free(self.reads_native)
        free(self.want_nbytes)
        free(self.want_type)
        free(self.want_ndim)
        free(self.dims_at)
        free(self.want_dims)
        free(self.has_frees)
        free(self.fresh_slot)
        free(self.fresh_ndim)
        free(self.fresh_type)
        free(self.fresh_dims_at)
        free(self.fresh_dims)
        free(self.sgd_at)
        free(self.written)
        free(self.unwritable)
        free(self.as_py)

    cdef _load_writes(self, int n_slots):
        """The in-place updates' tables: which instructions, which slots they write."""
        cdef int i, j
        self.kept = []
        self.sgd_at = <int*>calloc(max(self.n_code, 1), sizeof(int))
        self.as_py = <char*>calloc(max(self.n_code, 1), 1)
        self.written = <char*>calloc(max(n_slots, 1), 1)
        self.unwritable = <char*>calloc(max(n_slots, 1), 1)
        if self.sgd_at == NULL or self.as_py == NULL or self.written == NULL \
                or self.unwritable == NULL:
            raise MemoryError("Executor: cannot allocate the update table")
        for i in range(self.n_code):
            if self.code[i].kind == K_SGD:
                self.sgd_at[self.n_sgd] = i
                self.n_sgd += 1
                for j in (0, 2, 4):  # param, accum, stat
                    self.written[self.code[i].in_slots[j]] = 1

    cdef object _checked(self, int s, object arr):
        """arr as the C-contiguous array of the shape and dtype native code expects at s."""
        shape, dtype = self.native_in[s]
        if type(arr) is not _ndarray:
            arr = np.asarray(arr)
        if arr.shape != shape or arr.dtype != dtype:
            raise RuntimeError("compiled graph: value bound to slot %d is %s %s, the program "
                               "was compiled for %s %s (a parameter's shape or dtype changed "
                               "after compilation?)" % (s, arr.shape, arr.dtype, shape, dtype))
        if not cnp.PyArray_IS_C_CONTIGUOUS(arr) or not cnp.PyArray_ISALIGNED(arr):
            arr = np.ascontiguousarray(arr)
        return arr

    cdef _bind(self, list env, int s, object arr):
        if self.reads_native[s]:
            if self.written[s]:
                self._bind_written(env, s, arr)
                return
            arr = self._checked(s, arr)
        env[s] = arr
        self.ptr[s] = cnp.PyArray_DATA(arr)

    cdef _bind_written(self, list env, int s, object arr):
        """A slot an in-place update writes natively: its array as given when that loop can
        write it (C-contiguous, aligned, writeable); otherwise the updates writing it run
        their Python steps this time, on the array as given (_prepare_writes), and native
        readers see a contiguous copy."""
        checked = self._checked(s, arr)
        env[s] = arr
        self.ptr[s] = cnp.PyArray_DATA(checked)
        if checked is arr and cnp.PyArray_ISWRITEABLE(<cnp.ndarray>arr):
            self.unwritable[s] = 0
        else:
            self.unwritable[s] = 1
            self.kept.append(checked)

    cdef _prepare_writes(self, list env):
        """Before a run: each in-place update runs natively unless an array it writes is not
        writable there; a native one's result is its parameter's array (bound now)."""
        cdef int i, k
        cdef Instr* c
        for k in range(self.n_sgd):
            i = self.sgd_at[k]
            c = &self.code[i]
            self.as_py[i] = self.unwritable[c.in_slots[0]] or self.unwritable[c.in_slots[2]] \
                or self.unwritable[c.in_slots[4]]
            if not self.as_py[i]:
                env[c.out] = env[c.in_slots[0]]
                self.ptr[c.out] = self.ptr[c.in_slots[0]]

    cdef _bind_input(self, list env, int s, object value):
        """A call's input: the signature already matched its shape and dtype; the byte count
        and type are checked in C (cheap), the full check runs only when they differ."""
        cdef cnp.ndarray arr = value if type(value) is _ndarray else np.asarray(value)
        if self.reads_native[s]:
            if (cnp.PyArray_NBYTES(arr) != self.want_nbytes[s]
                    or cnp.PyArray_TYPE(arr) != self.want_type[s]
                    or not self._same_dims(s, arr)
                    or not cnp.PyArray_IS_C_CONTIGUOUS(arr) or not cnp.PyArray_ISALIGNED(arr)):
                arr = self._checked(s, arr)
        env[s] = arr
        self.ptr[s] = cnp.PyArray_DATA(arr)

    cdef bint _same_dims(self, int s, cnp.ndarray arr) noexcept:
        cdef int i, nd = self.want_ndim[s]
        cdef const Py_ssize_t* want = self.want_dims + self.dims_at[s]
        if cnp.PyArray_NDIM(arr) != nd:
            return False
        for i in range(nd):
            if cnp.PyArray_DIMS(arr)[i] != want[i]:
                return False
        return True

    def run(self, list inputs not None, list params not None):
        """Execute once; returns the output arrays (never views of the arena). Not
        re-entrant: the caller gives each concurrent run its own Executor."""
        return self._run(inputs, params)

    cdef list _run(self, list inputs, list params):
        cdef list env = list(self.template)
        cdef int i, pc = 0, end, rc, failed = -1
        if self.kept:
            self.kept = []
        if len(inputs) != len(self.input_slots) or len(params) != len(self.param_slots):
            raise ValueError("compiled graph: run() takes %d inputs and %d parameters, but got "
                             "%d and %d" % (len(self.input_slots), len(self.param_slots),
                                            len(inputs), len(params)))
        for i in range(len(self.input_slots)):
            self._bind_input(env, self.input_slots[i], inputs[i])
        for i in range(len(self.param_slots)):
            self._bind(env, self.param_slots[i], params[i])
        for i in range(self.n_fresh):
            self._bind_fresh(env, i)
        if self.n_sgd:
            self._prepare_writes(env)
        while pc < self.n_code:
            if self.code[pc].kind == K_PY or self.as_py[pc]:
                self._run_py(env, self.code[pc].py)
                if self.has_frees[pc]:
                    self._free(env, pc)
                pc += 1
                continue
            end = pc
            while end < self.n_code and self.code[end].kind != K_PY and not self.as_py[end]:
                end += 1
            if self.hold_gil:  # microseconds of work: releasing the GIL would cost more
                rc = _run_native(self.code, pc, end, self.ptr, &failed)
            else:
                with nogil:
                    rc = _run_native(self.code, pc, end, self.ptr, &failed)
            if rc == -2:
                # invalid values (a label out of range): the op's Python step raises its error
                self._run_py(env, self.code[failed].py)
                raise RuntimeError("compiled graph: instruction %d rejected its inputs, but "
                                   "its Python step did not" % failed)
            if rc != 0:
                raise MemoryError("compiled graph: the fused-program VM could not allocate "
                                  "its registers")
            while pc < end:
                if self.has_frees[pc]:
                    self._free(env, pc)
                pc += 1
        return [env[s] for s in self.output_slots]

    cdef _free(self, list env, int pc):
        for s in self.frees[pc]:
            env[s] = None

    cdef _bind_fresh(self, list env, int i):
        """A native result returned to the caller: a new array each run (PyArray_EMPTY for
        numpy's own types, np.empty for the others)."""
        cdef int s = self.fresh_slot[i]
        if self.fresh_type[i] >= 0:
            arr = cnp.PyArray_EMPTY(self.fresh_ndim[i], self.fresh_dims + self.fresh_dims_at[i],
                                    self.fresh_type[i], 0)
        else:
            _, shape, dtype = self.fresh[i]
            arr = np.empty(shape, dtype)
        self._bind(env, s, arr)

    cdef _run_py(self, list env, int index):
        compute, in_slots, attrs, out_slots, multi, may_alias = self.py_steps[index]
        result = compute([env[s] for s in in_slots], attrs)
        if not multi:
            result = (result,)
        for s, r in zip(out_slots, result):
            if type(r) is not _ndarray:
                r = np.asarray(r)
            elif not may_alias and self._in_arena(r):
                # a view into a planned buffer that the plan does not know is still in use
                r = r.copy()
            self._bind(env, s, r)

    cdef bint _in_arena(self, cnp.ndarray r):
        cdef char* p = <char*>cnp.PyArray_DATA(r)
        return self.arena_lo <= p < self.arena_hi


# ----- compiled calls ---------------------------------------------------------------------
# A GRAPH_MODE Cell's call with plain tensor arguments, the same signature as an earlier call,
# runs here from C: nn.Cell.__call__ is cell_call. These objects of mindcell's Python side are
# bound by configure_calls when mindcell.graph.executor is imported.
cdef object _Tensor = None            # mindcell.common.tensor.Tensor
cdef dict _context = None             # mindcell.context._context (its "mode")
cdef object _traces = None            # the threads' trace stacks (mindcell._core.trace._local)
cdef object _Eager = None             # the type of a thread's eager trace
cdef object _GRAPH_MODE = None
cdef dict _executor_globals = None    # mindcell.graph.executor's globals (its PROFILER)
cdef object _slow_call = None         # nn.Cell._call: every other call
cdef list _NO_PARAMS = []            # (never appended to)
cdef Py_ssize_t _data_at = 0          # the offset of a Tensor's _data slot in the object


def configure_calls(tensor, dict context not None, traces, eager, graph_mode,
                    dict executor_globals not None, slow_call):
    """Bind the Python objects the compiled-call fast path reads (once, at import)."""
    global _Tensor, _context, _traces, _Eager, _GRAPH_MODE, _executor_globals, _slow_call
    global _data_at
    import types
    slot = tensor.__dict__.get("_data")
    if type(slot) is not types.MemberDescriptorType \
            or (<PyMemberDescrObject*>slot).d_member.type != T_OBJECT_EX \
            or (<PyMemberDescrObject*>slot).d_member.flags & READONLY \
            or type(tensor) is not type:
        raise TypeError("configure_calls: Tensor must be a plain class keeping its array in a "
                        "__slots__ entry '_data'")
    _data_at = (<PyMemberDescrObject*>slot).d_member.offset
    _Tensor, _context, _traces, _Eager, _GRAPH_MODE = tensor, context, traces, eager, graph_mode
    _executor_globals, _slow_call = executor_globals, slow_call


cdef inline PyObject* _tensor_data(object t) noexcept:
    """The _data of a Tensor (exactly that type) as a borrowed reference; NULL if unset."""
    return (<PyObject**>(<char*><PyObject*>t + _data_at))[0]


cdef inline object _new_tensor(object array):
    """Tensor._make(array): object.__new__(Tensor) (a plain class's tp_alloc), its _data slot
    set."""
    t = PyType_GenericAlloc(<PyTypeObject*>_Tensor, 0)
    Py_INCREF(array)
    (<PyObject**>(<char*><PyObject*>t + _data_at))[0] = <PyObject*>array
    return t


cdef class FastCall:
    """FastCall(compiled, training, arrays)

    One compiled signature of a cell called with plain tensors, run from C: the arguments must
    be Tensors whose arrays have the ranks, extents and dtypes of ``arrays`` (the arrays of the
    call that compiled or found ``compiled``), and the cell's training flag must equal
    ``training``; then the program runs as ``Program.run`` would (an idle executor of its pool,
    the parameters' current arrays bound by reference, results sharing memory with a parameter
    or constant copied) and its one result is wrapped as a Tensor. ``compiled`` is a
    graph.compile.Compiled with ``fast_call_ok``: one tensor result, no layouts, values read or
    inputs written to check per call. ``call`` returns NotImplemented for another signature."""
    cdef readonly object compiled
    cdef object program
    cdef list idle
    cdef list params
    cdef bint detach
    cdef object training
    cdef Py_ssize_t n_in
    cdef int* ndim
    cdef Py_ssize_t* dims_at
    cdef cnp.npy_intp* dims
    cdef list dtypes

    def __cinit__(self, compiled, training, list arrays not None):
        cdef Py_ssize_t i, j, at = 0
        program = compiled.program
        self.compiled, self.program, self.training = compiled, program, training
        self.idle = program._idle
        self.params = list(program.params)
        self.detach = bool(program._shared_outputs)
        self.n_in = len(arrays)
        self.dtypes = [np.asarray(a).dtype for a in arrays]
        self.ndim = <int*>calloc(max(self.n_in, 1), sizeof(int))
        self.dims_at = <Py_ssize_t*>calloc(max(self.n_in, 1), sizeof(Py_ssize_t))
        self.dims = <cnp.npy_intp*>calloc(max(sum(np.ndim(a) for a in arrays), 1),
                                          sizeof(cnp.npy_intp))
        if self.ndim == NULL or self.dims_at == NULL or self.dims == NULL:
            raise MemoryError("FastCall: cannot allocate the signature")
        for i in range(self.n_in):
            shape = np.shape(arrays[i])
            self.ndim[i] = len(shape)
            self.dims_at[i] = at
            for j in range(len(shape)):
                self.dims[at] = shape[j]
                at += 1

    def __dealloc__(self):
        free(self.ndim)
        free(self.dims_at)
        free(self.dims)

    def __call__(self, tuple args not None, training):
        """The result of the compiled call of ``args``, or NotImplemented."""
        return self.call(args, training)

    cdef bint _matches(self, Py_ssize_t i, cnp.ndarray arr) except -1:
        cdef int k, nd = self.ndim[i]
        cdef const cnp.npy_intp* want = self.dims + self.dims_at[i]
        if cnp.PyArray_NDIM(arr) != nd:
            return False
        for k in range(nd):
            if cnp.PyArray_DIMS(arr)[k] != want[k]:
                return False
        want_dtype = self.dtypes[i]
        return <object>cnp.PyArray_DESCR(arr) is want_dtype or arr.dtype == want_dtype

    cdef object call(self, tuple args, object training):
        cdef Py_ssize_t i
        cdef list arrays = []
        cdef list bound
        cdef Executor ex
        cdef PyObject* x
        if len(args) != self.n_in:
            return NotImplemented
        if training is not self.training and not training == self.training:
            return NotImplemented
        for i in range(self.n_in):
            a = args[i]
            if type(a) is not _Tensor:
                return NotImplemented
            x = _tensor_data(a)
            if x is NULL or type(<object>x) is not _ndarray \
                    or not self._matches(i, <cnp.ndarray>x):
                return NotImplemented
            arrays.append(<object>x)
        if _executor_globals["PROFILER"] is not None or not self.idle:
            outs = self.program.run(arrays)  # the profiler's run, or a nested/concurrent one
        else:
            ex = self.idle.pop()
            bound = [p._data for p in self.params] if self.params else _NO_PARAMS
            try:
                outs = ex._run(arrays, bound)
            finally:
                self.idle.append(ex)
            if self.detach:
                self.program._detach(outs, bound)
        return _new_tensor(outs[0])


cdef class FastPrograms:
    """A GRAPH_MODE cell's compiled signatures for plain tensor arguments (its
    ``_fast_programs``): ``get(key)`` is the Compiled of a key of nn.cell._fast_key (training
    flag, shapes, dtypes); ``last`` is the FastCall of the latest signature used whose program
    runs from C (``Compiled.fast_call_ok``), or None."""
    cdef readonly dict table
    cdef dict calls
    cdef public object last

    def __cinit__(self):
        self.table, self.calls, self.last = {}, {}, None

    def get(self, key):
        """The Compiled of ``key`` (None if none); its FastCall becomes ``last``."""
        compiled = self.table.get(key)
        if compiled is not None:
            call = self.calls.get(key)
            if call is not None:
                self.last = call
        return compiled

    def add(self, key, compiled, training, list arrays not None):
        """Record ``compiled`` for ``key``, made by a call with these tensors' ``arrays``."""
        self.table[key] = compiled
        old = self.calls.pop(key, None)
        if compiled.fast_call_ok:
            self.last = self.calls[key] = FastCall(compiled, training, arrays)
        elif old is not None and self.last is old:
            self.last = None

    def __len__(self):
        return len(self.table)

    def __contains__(self, key):
        return key in self.table

    def __iter__(self):
        return iter(self.table)

    def __getitem__(self, key):
        return self.table[key]

    def keys(self):
        return self.table.keys()


# The trace stack of the thread that called last: its id (PyThreadState_GetID: never reused),
# the stack's attribute dict in that thread, its eager trace and that trace's tapes (a list
# that is mutated, never rebound: mindcell._core.autodiff).
cdef unsigned long long _thread_id = 0
cdef dict _thread_traces = None
cdef object _thread_eager = None
cdef list _thread_tapes = None


cdef bint _eager_untaped() except -1:
    """Whether this thread's innermost trace is its eager trace with no tape active (what
    ``type(_traces.top) is _Eager and not top.tapes`` tests, without the thread-local lookup
    while the same thread calls)."""
    global _thread_id, _thread_traces, _thread_eager, _thread_tapes
    cdef unsigned long long tid = PyThreadState_GetID(PyThreadState_Get())
    cdef PyObject* top
    if tid != _thread_id or _thread_traces is None:
        traces = _traces.__dict__  # this thread's (made on its first use)
        eager = traces["eager"]
        tapes = eager.tapes
        if type(eager) is not _Eager or type(tapes) is not list:
            return False
        _thread_traces, _thread_eager, _thread_tapes = traces, eager, tapes
        _thread_id = tid
    top = PyDict_GetItem(_thread_traces, "top")
    if top is NULL or <object>top is not _thread_eager:
        return False
    return len(_thread_tapes) == 0


cdef inline bint _compiled_now(object cell, dict d) except -1:
    """The conditions of nn.Cell._call's compiled path: GRAPH_MODE (or ms.jit(cell)), no trace
    or gradient tape active in this thread, no set_inputs, a cell that keeps no Python state."""
    cdef PyObject* p = PyDict_GetItem(_context, "mode")
    if p is NULL or not (<object>p == _GRAPH_MODE):
        p = PyDict_GetItem(d, "_force_graph")
        if p is NULL or not <object>p:
            return False
    if not _eager_untaped():
        return False
    p = PyDict_GetItem(d, "_input_spec")
    if p is not NULL and <object>p is not None:
        return False
    return not type(cell)._keeps_python_state


def cell_call(self, *args, **kwargs):
    """nn.Cell.__call__: a GRAPH_MODE call with the plain tensors of the cell's latest
    compiled signature runs its program from C (FastCall); every other call is
    ``nn.Cell._call``'s."""
    cdef PyObject* p
    cdef dict d
    if not kwargs:
        d = PyObject_GenericGetDict(self, NULL)
        p = PyDict_GetItem(d, "_fast_programs")
        if p is not NULL and type(<object>p) is FastPrograms:
            call = (<FastPrograms>p).last
            if call is not None and _compiled_now(self, d):
                p = PyDict_GetItem(d, "_training")
                if p is not NULL:
                    out = (<FastCall>call).call(args, <object>p)
                    if out is not NotImplemented:
                        return out
    return _slow_call(self, args, kwargs)
