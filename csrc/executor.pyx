# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The graph executor: runs a lowered program, a flat list of instructions over value slots.

Native instructions (elementwise, fused VM programs, GEMM, row softmax) are C structs executed back to
back without the GIL, reading and writing through a table of data pointers; their
intermediate results live at planned offsets of one preallocated arena. Other primitives are
Python steps (``compute(arrays, attrs)``), whose results are bound to their slots between
native stretches. The kernels are the same inline loops the eager kernels run."""
cimport numpy as cnp
from libc.stdlib cimport malloc, calloc, free
from _common cimport *
from _ew_core cimport _unary_f32, _unary_f64, _binary_f32, _binary_f64, fused_run
from _blas cimport BlasTable, cblas_sgemm_t, cblas_dgemm_t, gemm_batched
from _softmax_core cimport softmax_rows, softmax_grad_rows
from _check cimport need_opcode, need_program

import numpy as np

cnp.import_array()
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

KINDS = {"py": K_PY, "unary": K_UNARY, "binary": K_BINARY, "fused": K_FUSED, "gemm": K_GEMM,
         "softmax": K_SOFTMAX, "softmax_grad": K_SOFTMAX_GRAD}


cdef struct Instr:
    int kind
    int op
    bint is32
    int a, b, out                               # slots
    Py_ssize_t ra, ca, rb, cb, rows, cols       # binary strides and extent; unary: cols = n
    int batch, m, n, k, lda, ldb, ldc           # gemm
    bint ta, tb
    Py_ssize_t sa, sb, sc                       # gemm batch strides in bytes
    int* prog                                   # fused: (opcode, dst, a, b) rows
    int n_prog, n_in
    int* in_slots
    char* scalar
    const void** in_ptrs
    int py                                      # index of the Python step (K_PY)


cdef int _run_native(Instr* code, int start, int end, void** ptr) noexcept nogil:
    """Run instructions [start, end), all native. Returns -1 if the VM could not allocate."""
    cdef int i, j
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
    return 0


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
        c.is32 = spec.get("is32", True)
        c.a, c.b, c.out = spec.get("a", 0), spec.get("b", 0), spec.get("out", 0)
        c.ra, c.ca, c.rb, c.cb = spec.get("ra", 0), spec.get("ca", 0), spec.get("rb", 0), \
            spec.get("cb", 0)
        c.rows, c.cols = spec.get("rows", 0), spec.get("cols", 0)
        c.batch, c.m, c.n, c.k = spec.get("batch", 0), spec.get("m", 0), spec.get("n", 0), \
            spec.get("k", 0)
        c.lda, c.ldb, c.ldc = spec.get("lda", 0), spec.get("ldb", 0), spec.get("ldc", 0)
        c.ta, c.tb = spec.get("ta", False), spec.get("tb", False)
        c.sa, c.sb, c.sc = spec.get("sa", 0), spec.get("sb", 0), spec.get("sc", 0)
        c.py = spec.get("py", -1)
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
        if c.kind == K_UNARY or c.kind == K_BINARY:
            need_opcode("Executor", c.op, c.kind == K_BINARY)
        if c.kind != K_PY:
            self._need_slot(c.a)
            self._need_slot(c.b)
            self._need_slot(c.out)
        elif not 0 <= c.py < len(self.py_steps):
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

    cdef object _checked(self, int s, object arr):
        """arr as the C-contiguous array of the shape and dtype native code expects at s."""
        shape, dtype = self.native_in[s]
        if type(arr) is not np.ndarray:
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
            arr = self._checked(s, arr)
        env[s] = arr
        self.ptr[s] = cnp.PyArray_DATA(arr)

    cdef _bind_input(self, list env, int s, object value):
        """A call's input: the signature already matched its shape and dtype; the byte count
        and type are checked in C (cheap), the full check runs only when they differ."""
        cdef cnp.ndarray arr = value if type(value) is np.ndarray else np.asarray(value)
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
        cdef list env = list(self.template)
        cdef int i, pc = 0, end, rc
        if len(inputs) != len(self.input_slots) or len(params) != len(self.param_slots):
            raise ValueError("compiled graph: run() takes %d inputs and %d parameters, but got "
                             "%d and %d" % (len(self.input_slots), len(self.param_slots),
                                            len(inputs), len(params)))
        for i in range(len(self.input_slots)):
            self._bind_input(env, self.input_slots[i], inputs[i])
        for i in range(len(self.param_slots)):
            self._bind(env, self.param_slots[i], params[i])
        for s, shape, dtype in self.fresh:
            self._bind(env, s, np.empty(shape, dtype))
        while pc < self.n_code:
            if self.code[pc].kind == K_PY:
                self._run_py(env, self.code[pc].py)
                self._free(env, pc)
                pc += 1
                continue
            end = pc
            while end < self.n_code and self.code[end].kind != K_PY:
                end += 1
            with nogil:
                rc = _run_native(self.code, pc, end, self.ptr)
            if rc != 0:
                raise MemoryError("compiled graph: the fused-program VM could not allocate "
                                  "its registers")
            while pc < end:
                self._free(env, pc)
                pc += 1
        return [env[s] for s in self.output_slots]

    cdef _free(self, list env, int pc):
        for s in self.frees[pc]:
            env[s] = None

    cdef _run_py(self, list env, int index):
        compute, in_slots, attrs, out_slots, multi, may_alias = self.py_steps[index]
        result = compute([env[s] for s in in_slots], attrs)
        if not multi:
            result = (result,)
        for s, r in zip(out_slots, result):
            if type(r) is not np.ndarray:
                r = np.asarray(r)
            elif not may_alias and self._in_arena(r):
                # a view into a planned buffer that the plan does not know is still in use
                r = r.copy()
            self._bind(env, s, r)

    cdef bint _in_arena(self, cnp.ndarray r):
        cdef char* p = <char*>cnp.PyArray_DATA(r)
        return self.arena_lo <= p < self.arena_hi
