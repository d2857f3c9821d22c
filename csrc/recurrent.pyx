# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Fused recurrent sequences (Elman RNN, LSTM, GRU; one layer, one direction).

Forward: one GEMM projects every time step's input (x @ w_ih^T + b_ih), then per step one
GEMM with the hidden weights and the fused gate math of the whole batch. Backward
(backpropagation through time): per step the fused gate derivatives and one GEMM back into
the hidden state, then three GEMMs over all steps give dx, dw_ih and dw_hh.

Variable lengths: batch row b runs lengths[b] steps; a reversed sequence visits times
lengths[b]-1 .. 0. Past its length a row's state is frozen and its outputs are zero. Every
per-time buffer (outputs, the saved ``reserve``, gate gradients) is indexed by time, so the
big GEMMs need no reordering. All arguments are checked before the GIL is released.
"""
cimport numpy as cnp
from libc.string cimport memset, memcpy
from libc.limits cimport INT_MAX
from _blas cimport BlasTable, cblas_sgemm_t, cblas_dgemm_t, gemm
from _check cimport float_type, need_array, need_dim
from _common cimport real

cnp.import_array()
include "_threads.pxi"

cdef extern from "_rnn_gates.h" nogil:
    void lstm_fwd_f "mc_lstm_fwd_row_f"(long H, const float* p, const float* g, const float* bh,
                                        float* o, float* h, float* c, float* y) noexcept
    void lstm_fwd_d "mc_lstm_fwd_row_d"(long H, const double* p, const double* g,
                                        const double* bh, double* o, double* h, double* c,
                                        double* y) noexcept
    void gru_fwd_f "mc_gru_fwd_row_f"(long H, const float* p, const float* g, const float* bh,
                                      float* o, float* h, float* y) noexcept
    void gru_fwd_d "mc_gru_fwd_row_d"(long H, const double* p, const double* g,
                                      const double* bh, double* o, double* h,
                                      double* y) noexcept
    void rnn_fwd_f "mc_rnn_fwd_row_f"(long H, int relu, const float* p, const float* g,
                                      const float* bh, float* o, float* h, float* y) noexcept
    void rnn_fwd_d "mc_rnn_fwd_row_d"(long H, int relu, const double* p, const double* g,
                                      const double* bh, double* o, double* h,
                                      double* y) noexcept
    void lstm_bwd_f "mc_lstm_bwd_row_f"(long H, const float* o, const float* dh,
                                        const float* dy, float* dc, float* q,
                                        float* a) noexcept
    void lstm_bwd_d "mc_lstm_bwd_row_d"(long H, const double* o, const double* dh,
                                        const double* dy, double* dc, double* q,
                                        double* a) noexcept
    void gru_bwd_f "mc_gru_bwd_row_f"(long H, const float* o, float* dh, const float* dy,
                                      float* q, float* a, float* ah) noexcept
    void gru_bwd_d "mc_gru_bwd_row_d"(long H, const double* o, double* dh, const double* dy,
                                      double* q, double* a, double* ah) noexcept
    void rnn_bwd_f "mc_rnn_bwd_row_f"(long H, int relu, const float* o, const float* dh,
                                      const float* dy, float* q, float* a) noexcept
    void rnn_bwd_d "mc_rnn_bwd_row_d"(long H, int relu, const double* o, const double* dh,
                                      const double* dy, double* q, double* a) noexcept

cdef BlasTable _blas

cdef enum:
    RNN = 0
    LSTM = 1
    GRU = 2

cdef inline Py_ssize_t _gates(int kind) noexcept nogil:
    """Gate blocks of hidden_size in w_ih / w_hh."""
    return 4 if kind == LSTM else (3 if kind == GRU else 1)


cdef inline Py_ssize_t _reserve(int kind) noexcept nogil:
    """Saved values per (time, batch) row, in units of hidden_size."""
    return 7 if kind == LSTM else (5 if kind == GRU else 2)


RESERVE = tuple(_reserve(k) for k in (RNN, LSTM, GRU))  # for the callers' allocations


cdef inline Py_ssize_t _hprev(int kind) noexcept nogil:
    """Where the previous hidden state sits in a reserve row (units of hidden_size)."""
    return 6 if kind == LSTM else (4 if kind == GRU else 1)


def set_blas(size_t sgemm_address, size_t dgemm_address):
    """Bind cblas_sgemm/cblas_dgemm (addresses of the loaded library's functions)."""
    _blas.sgemm = <cblas_sgemm_t>sgemm_address
    _blas.dgemm = <cblas_dgemm_t>dgemm_address


cdef inline Py_ssize_t _time(const long long* lengths, Py_ssize_t b, Py_ssize_t s,
                             bint reverse) noexcept nogil:
    """The time step batch row b visits at step s, or -1 when its sequence has ended."""
    cdef long long n = lengths[b]
    if s >= n:
        return -1
    return n - 1 - s if reverse else s


# ----- per-row gate math (csrc/_rnn_gates.h), dispatched on the float type ---------------------
cdef inline void _forward_row(int kind, bint relu, Py_ssize_t H, const real* p, const real* g,
                              const real* bh, real* o, real* h, real* c,
                              real* y) noexcept nogil:
    if real is float:
        if kind == LSTM:
            lstm_fwd_f(H, p, g, bh, o, h, c, y)
        elif kind == GRU:
            gru_fwd_f(H, p, g, bh, o, h, y)
        else:
            rnn_fwd_f(H, relu, p, g, bh, o, h, y)
    else:
        if kind == LSTM:
            lstm_fwd_d(H, p, g, bh, o, h, c, y)
        elif kind == GRU:
            gru_fwd_d(H, p, g, bh, o, h, y)
        else:
            rnn_fwd_d(H, relu, p, g, bh, o, h, y)


cdef inline void _backward_row(int kind, bint relu, Py_ssize_t H, const real* o, real* dh,
                               const real* dy, real* dc, real* q, real* a,
                               real* ah) noexcept nogil:
    if real is float:
        if kind == LSTM:
            lstm_bwd_f(H, o, dh, dy, dc, q, a)
        elif kind == GRU:
            gru_bwd_f(H, o, dh, dy, q, a, ah)
        else:
            rnn_bwd_f(H, relu, o, dh, dy, q, a)
    else:
        if kind == LSTM:
            lstm_bwd_d(H, o, dh, dy, dc, q, a)
        elif kind == GRU:
            gru_bwd_d(H, o, dh, dy, q, a, ah)
        else:
            rnn_bwd_d(H, relu, o, dh, dy, q, a)


cdef inline bint _all_full(const long long* lengths, Py_ssize_t B, Py_ssize_t T) noexcept nogil:
    """Every row runs all T steps: no per-time buffer row is left unwritten."""
    cdef Py_ssize_t b
    for b in range(B):
        if lengths[b] != T:
            return False
    return True


# ----- forward ---------------------------------------------------------------------------------
cdef void _forward(real* dummy, int kind, bint relu, bint reverse, Py_ssize_t T, Py_ssize_t B,
                   Py_ssize_t I, Py_ssize_t H, const real* x, const real* w_ih,
                   const real* w_hh, const real* b_ih, const real* b_hh,
                   const long long* lengths, real* y, real* h, real* c, real* res,
                   real* xp, real* gh) noexcept nogil:
    """h, c enter as the initial state and leave as the final one."""
    cdef bint is32 = real is float
    cdef Py_ssize_t G = _gates(kind) * H, R = _reserve(kind) * H, s, b, t, j, r
    cdef real *p
    gemm(&_blas, is32, False, True, <int>(T * B), <int>G, <int>I, x, <int>I, w_ih, <int>I,
         xp, <int>G)
    for r in range(T * B):
        p = xp + r * G
        for j in range(G):
            p[j] += b_ih[j]
    if not _all_full(lengths, B, T):       # rows past a sequence's end stay zero
        memset(y, 0, T * B * H * sizeof(real))
        memset(res, 0, T * B * R * sizeof(real))
    for s in range(T):
        gemm(&_blas, is32, False, True, <int>B, <int>G, <int>H, h, <int>H, w_hh, <int>H, gh,
             <int>G)
        for b in range(B):
            t = _time(lengths, b, s, reverse)
            if t >= 0:
                _forward_row(kind, relu, H, xp + (t * B + b) * G, gh + b * G, b_hh,
                             res + (t * B + b) * R, h + b * H, c + b * H, y + (t * B + b) * H)


# ----- backward --------------------------------------------------------------------------------
cdef void _backward(real* dummy, int kind, bint relu, bint reverse, Py_ssize_t T, Py_ssize_t B,
                    Py_ssize_t I, Py_ssize_t H, const real* x, const real* w_ih,
                    const real* w_hh, const long long* lengths, const real* res,
                    const real* dy, real* dh, real* dc, real* dx, real* dw_ih, real* dw_hh,
                    real* db_ih, real* db_hh, real* dgi, real* dgh, real* dgs,
                    real* dhh) noexcept nogil:
    """dh, dc enter as the gradients of the final state and leave as those of the initial
    one. dgi/dgh (per time) and dgs/dhh (per step) are scratch; for RNN and LSTM the
    gradients of the input and hidden pre-activations are equal, so dgh is dgi."""
    cdef bint is32 = real is float
    cdef Py_ssize_t G = _gates(kind) * H, R = _reserve(kind) * H, s, b, t, j, r
    cdef real *hb
    if kind != GRU:
        dgh = dgi
    if not _all_full(lengths, B, T):       # rows past a sequence's end get zero gradients
        memset(dgi, 0, T * B * G * sizeof(real))
        if kind == GRU:
            memset(dgh, 0, T * B * G * sizeof(real))
    for s in range(T - 1, -1, -1):
        for b in range(B):
            t = _time(lengths, b, s, reverse)
            if t < 0:
                memset(dgs + b * G, 0, G * sizeof(real))
            else:
                _backward_row(kind, relu, H, res + (t * B + b) * R, dh + b * H,
                              dy + (t * B + b) * H, dc + b * H, dgs + b * G,
                              dgi + (t * B + b) * G, dgh + (t * B + b) * G)
        gemm(&_blas, is32, False, False, <int>B, <int>H, <int>G, dgs, <int>G, w_hh, <int>H, dhh,
             <int>H)
        for b in range(B):
            if _time(lengths, b, s, reverse) < 0:
                continue
            hb = dh + b * H
            for j in range(H):
                hb[j] = (hb[j] if kind == GRU else 0) + dhh[b * H + j]
    gemm(&_blas, is32, False, False, <int>(T * B), <int>I, <int>G, dgi, <int>G, w_ih, <int>I,
         dx, <int>I)
    if T * B == 0:
        memset(dw_ih, 0, G * I * sizeof(real))
        memset(dw_hh, 0, G * H * sizeof(real))
    else:
        gemm(&_blas, is32, True, False, <int>G, <int>I, <int>(T * B), dgi, <int>G, x, <int>I,
             dw_ih, <int>I)
        gemm(&_blas, is32, True, False, <int>G, <int>H, <int>(T * B), dgh, <int>G,
             res + _hprev(kind) * H, <int>R, dw_hh, <int>H)
    _column_sums(dgi, T * B, G, db_ih)
    if kind == GRU:
        _column_sums(dgh, T * B, G, db_hh)
    else:
        memcpy(db_hh, db_ih, G * sizeof(real))


cdef inline void _column_sums(const real* a, Py_ssize_t rows, Py_ssize_t cols,
                              real* out) noexcept nogil:
    cdef Py_ssize_t r, j
    memset(out, 0, cols * sizeof(real))
    for r in range(rows):
        for j in range(cols):
            out[j] += a[r * cols + j]


# ----- entry points ----------------------------------------------------------------------------
cdef int _check_kind(str k, int kind) except -1:
    if _blas.sgemm == NULL or _blas.dgemm == NULL:
        raise RuntimeError("mindcell._C.recurrent: no BLAS bound; import mindcell first")
    if kind < 0 or kind > 2:
        raise ValueError("%s: kind must be 0 (RNN), 1 (LSTM) or 2 (GRU), but got %d" % (k, kind))
    return 0


cdef int _check_lengths(str k, cnp.ndarray lengths, Py_ssize_t T, Py_ssize_t B) except -1:
    need_array(k, "lengths", lengths, 1, cnp.NPY_INT64, False)
    need_dim(k, "lengths", lengths, 0, B, "the batch size")
    cdef const long long* p = <const long long*>cnp.PyArray_DATA(lengths)
    cdef Py_ssize_t b
    for b in range(B):
        if p[b] < 0 or p[b] > T:
            raise ValueError("%s: 'lengths' must be in [0, %d], but got %d" % (k, T, p[b]))
    return 0


cdef int _check_shapes(str k, int t, list named, list shapes) except -1:
    """Each (name, array) in named has dtype t, is C-contiguous, and has the shape given."""
    cdef int i, ax
    for i in range(len(named)):
        name, arr = named[i]
        shape = shapes[i]
        need_array(k, name, arr, len(shape), t, name.startswith("out"))
        for ax in range(len(shape)):
            need_dim(k, name, arr, ax, shape[ax], "the sequence's sizes")
        if cnp.PyArray_SIZE(arr) > INT_MAX:
            raise ValueError("%s: '%s' has more than %d elements" % (k, name, INT_MAX))
    return 0


cdef int _check_sequence(str k, int kind, cnp.ndarray x, cnp.ndarray w_hh,
                         Py_ssize_t* sizes) except -1:
    """The checks both entry points start with: kind, x (T, B, I) and w_hh (G, H) of one float
    type, which is returned; sizes receives T, B, I, H and G = gates * H."""
    _check_kind(k, kind)
    cdef int t = float_type(k, "x", x)
    need_array(k, "x", x, 3, t, False)
    need_array(k, "w_hh", w_hh, 2, t, False)
    sizes[0], sizes[1], sizes[2], sizes[3] = x.shape[0], x.shape[1], x.shape[2], w_hh.shape[1]
    sizes[4] = _gates(kind) * sizes[3]
    return t


def recurrent_forward(int kind, bint relu, bint reverse, cnp.ndarray x, cnp.ndarray w_ih,
                      cnp.ndarray w_hh, cnp.ndarray b_ih, cnp.ndarray b_hh, cnp.ndarray lengths,
                      cnp.ndarray out_y, cnp.ndarray out_h, cnp.ndarray out_c,
                      cnp.ndarray out_reserve, cnp.ndarray out_xproj, cnp.ndarray out_gh):
    """Run one layer-direction over x (T, B, I). out_h/out_c hold the initial state on entry
    and the final one on return (out_c is unused, shape (B, H), for RNN and GRU);
    out_xproj (T, B, G*H) and out_gh (B, G*H) are scratch."""
    k = "recurrent_forward"
    cdef Py_ssize_t n[5]
    cdef int t = _check_sequence(k, kind, x, w_hh, n)
    cdef Py_ssize_t T = n[0], B = n[1], I = n[2], H = n[3], G = n[4]
    _check_shapes(k, t, [("w_ih", w_ih), ("w_hh", w_hh), ("b_ih", b_ih), ("b_hh", b_hh),
                         ("out_y", out_y), ("out_h", out_h), ("out_c", out_c),
                         ("out_reserve", out_reserve), ("out_xproj", out_xproj),
                         ("out_gh", out_gh)],
                  [(G, I), (G, H), (G,), (G,), (T, B, H), (B, H), (B, H),
                   (T, B, _reserve(kind) * H), (T, B, G), (B, G)])
    _check_lengths(k, lengths, T, B)
    cdef const long long* ln = <const long long*>cnp.PyArray_DATA(lengths)
    cdef void* d[12]
    for i, a in enumerate((x, w_ih, w_hh, b_ih, b_hh, out_y, out_h, out_c, out_reserve,
                           out_xproj, out_gh)):
        d[i] = cnp.PyArray_DATA(a)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _forward(<float*>NULL, kind, relu, reverse, T, B, I, H, <float*>d[0], <float*>d[1],
                     <float*>d[2], <float*>d[3], <float*>d[4], ln, <float*>d[5], <float*>d[6],
                     <float*>d[7], <float*>d[8], <float*>d[9], <float*>d[10])
        else:
            _forward(<double*>NULL, kind, relu, reverse, T, B, I, H, <double*>d[0],
                     <double*>d[1], <double*>d[2], <double*>d[3], <double*>d[4], ln,
                     <double*>d[5], <double*>d[6], <double*>d[7], <double*>d[8], <double*>d[9],
                     <double*>d[10])


def recurrent_backward(int kind, bint relu, bint reverse, cnp.ndarray x, cnp.ndarray w_ih,
                       cnp.ndarray w_hh, cnp.ndarray lengths, cnp.ndarray reserve,
                       cnp.ndarray dy, cnp.ndarray out_dh, cnp.ndarray out_dc,
                       cnp.ndarray out_dx, cnp.ndarray out_dw_ih, cnp.ndarray out_dw_hh,
                       cnp.ndarray out_db_ih, cnp.ndarray out_db_hh, cnp.ndarray out_dgi,
                       cnp.ndarray out_dgh, cnp.ndarray out_dgs, cnp.ndarray out_dhh):
    """Backpropagation through time for :func:`recurrent_forward`. out_dh/out_dc hold the
    gradients of the final state on entry and those of the initial state on return;
    out_dgi, out_dgh (T, B, G*H), out_dgs (B, G*H), out_dhh (B, H) are scratch."""
    k = "recurrent_backward"
    cdef Py_ssize_t n[5]
    cdef int t = _check_sequence(k, kind, x, w_hh, n)
    cdef Py_ssize_t T = n[0], B = n[1], I = n[2], H = n[3], G = n[4]
    _check_shapes(k, t, [("w_ih", w_ih), ("w_hh", w_hh), ("reserve", reserve), ("dy", dy),
                         ("out_dh", out_dh), ("out_dc", out_dc), ("out_dx", out_dx),
                         ("out_dw_ih", out_dw_ih), ("out_dw_hh", out_dw_hh),
                         ("out_db_ih", out_db_ih), ("out_db_hh", out_db_hh),
                         ("out_dgi", out_dgi), ("out_dgh", out_dgh), ("out_dgs", out_dgs),
                         ("out_dhh", out_dhh)],
                  [(G, I), (G, H), (T, B, _reserve(kind) * H), (T, B, H), (B, H), (B, H),
                   (T, B, I), (G, I), (G, H), (G,), (G,), (T, B, G), (T, B, G), (B, G),
                   (B, H)])
    _check_lengths(k, lengths, T, B)
    cdef const long long* ln = <const long long*>cnp.PyArray_DATA(lengths)
    cdef void* d[18]
    for i, a in enumerate((x, w_ih, w_hh, reserve, dy, out_dh, out_dc, out_dx, out_dw_ih,
                           out_dw_hh, out_db_ih, out_db_hh, out_dgi, out_dgh, out_dgs,
                           out_dhh)):
        d[i] = cnp.PyArray_DATA(a)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _backward(<float*>NULL, kind, relu, reverse, T, B, I, H, <float*>d[0],
                      <float*>d[1], <float*>d[2], ln, <float*>d[3], <float*>d[4], <float*>d[5],
                      <float*>d[6], <float*>d[7], <float*>d[8], <float*>d[9], <float*>d[10],
                      <float*>d[11], <float*>d[12], <float*>d[13], <float*>d[14],
                      <float*>d[15])
        else:
            _backward(<double*>NULL, kind, relu, reverse, T, B, I, H, <double*>d[0],
                      <double*>d[1], <double*>d[2], ln, <double*>d[3], <double*>d[4],
                      <double*>d[5], <double*>d[6], <double*>d[7], <double*>d[8], <double*>d[9],
                      <double*>d[10], <double*>d[11], <double*>d[12], <double*>d[13],
                      <double*>d[14], <double*>d[15])
