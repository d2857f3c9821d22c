/* Gate math of one batch row at one time step of the fused recurrent kernels (recurrent.pyx).
 *
 * C rather than Cython for the reason _simd_math.h gives: with `restrict` rows and the
 * always-inline polynomial exp/tanh/sigmoid, gcc vectorises each loop over the hidden units
 * (Cython's version of the same loop ran scalar: 18 of an LSTM layer's 28 ms forward).
 * The float and double versions are one macro body; double uses libm.
 *
 * Row layouts (units of H = hidden size), shared with recurrent.pyx:
 *   pre-activations p (input projection + b_ih) and g (hidden projection): G = gates * H
 *   reserve o:  LSTM  i f g o tanh(c_t) c_{t-1} h_{t-1}    (7)
 *               GRU   r z n (W_hn h + b_hn) h_{t-1}        (5)
 *               RNN   h_t h_{t-1}                          (2)
 * Backward rows: d = dh + dy; q is the gate-gradient row the per-step GEMM reads, a the row
 * of the per-time buffer the weight GEMMs read (equal to q except for GRU's n gate). */
#ifndef MINDCELL_RNN_GATES_H
#define MINDCELL_RNN_GATES_H
#include <math.h>
#include <string.h>
#include "_simd_math.h"

static inline double mc_sigmoid_d(double x) {
    return x >= 0 ? 1.0 / (1.0 + exp(-x)) : exp(x) / (1.0 + exp(x));
}

/* Each loop gets every row as its own restrict pointer and stores to at most five of them:
 * gcc 12 gives up vectorising a loop that stores to six offsets of one base pointer. */
#define MC_RNN_GATES(T, SFX, SIG, TANH)                                                        \
MC_INLINE void mc_lstm_gates_##SFX(long H, const T* restrict p, const T* restrict g,           \
        const T* restrict bh, T* restrict o) {                                                \
    for (long j = 0; j < H; j++) {                                                            \
        o[j] = SIG(p[j] + g[j] + bh[j]);                                                      \
        o[H + j] = SIG(p[H + j] + g[H + j] + bh[H + j]);                                      \
        o[2 * H + j] = TANH(p[2 * H + j] + g[2 * H + j] + bh[2 * H + j]);                     \
        o[3 * H + j] = SIG(p[3 * H + j] + g[3 * H + j] + bh[3 * H + j]);                      \
    }                                                                                         \
}                                                                                             \
MC_INLINE void mc_lstm_cell_##SFX(long H, const T* restrict gi, const T* restrict gf,          \
        const T* restrict gg, const T* restrict go, T* restrict tc_out, T* restrict c_prev,   \
        T* restrict h_prev, T* restrict h, T* restrict c, T* restrict y) {                    \
    for (long j = 0; j < H; j++) {                                                            \
        T cp = c[j], cn = gf[j] * cp + gi[j] * gg[j], tc = TANH(cn), hn = go[j] * tc;         \
        tc_out[j] = tc; c_prev[j] = cp; h_prev[j] = h[j];                                     \
        c[j] = cn; h[j] = hn; y[j] = hn;                                                      \
    }                                                                                         \
}                                                                                             \
MC_INLINE void mc_lstm_fwd_row_##SFX(long H, const T* p, const T* g, const T* bh, T* o,       \
        T* h, T* c, T* y) {                                                                   \
    mc_lstm_gates_##SFX(H, p, g, bh, o);                                                      \
    mc_lstm_cell_##SFX(H, o, o + H, o + 2 * H, o + 3 * H, o + 4 * H, o + 5 * H, o + 6 * H,    \
                       h, c, y);                                                              \
}                                                                                             \
MC_INLINE void mc_gru_fwd_rows_##SFX(long H, const T* restrict pr, const T* restrict pz,       \
        const T* restrict pn, const T* restrict g, const T* restrict bh, T* restrict r_out,   \
        T* restrict z_out, T* restrict n_out, T* restrict hn_out) {                           \
    for (long j = 0; j < H; j++) {                                                            \
        T r = SIG(pr[j] + g[j] + bh[j]);                                                      \
        T z = SIG(pz[j] + g[H + j] + bh[H + j]);                                              \
        T hn = g[2 * H + j] + bh[2 * H + j];                                                  \
        r_out[j] = r; z_out[j] = z; n_out[j] = TANH(pn[j] + r * hn);                          \
        hn_out[j] = hn;                                                                       \
    }                                                                                         \
}                                                                                             \
MC_INLINE void mc_gru_mix_##SFX(long H, const T* restrict z, const T* restrict n,              \
        T* restrict h_prev, T* restrict h, T* restrict y) {                                   \
    for (long j = 0; j < H; j++) {                                                            \
        T hp = h[j], hn = n[j] + z[j] * (hp - n[j]);                                          \
        h_prev[j] = hp; h[j] = hn; y[j] = hn;                                                 \
    }                                                                                         \
}                                                                                             \
MC_INLINE void mc_gru_fwd_row_##SFX(long H, const T* p, const T* g, const T* bh, T* o, T* h,  \
        T* y) {                                                                               \
    mc_gru_fwd_rows_##SFX(H, p, p + H, p + 2 * H, g, bh, o, o + H, o + 2 * H, o + 3 * H);     \
    mc_gru_mix_##SFX(H, o + H, o + 2 * H, o + 4 * H, h, y);                                   \
}                                                                                             \
MC_INLINE void mc_rnn_fwd_row_##SFX(long H, int relu, const T* restrict p,                    \
        const T* restrict g, const T* restrict bh, T* restrict o, T* restrict h,              \
        T* restrict y) {                                                                      \
    for (long j = 0; j < H; j++) {                                                            \
        T z = p[j] + g[j] + bh[j];                                                            \
        T n = relu ? (z > 0 ? z : (T)0) : TANH(z);                                            \
        o[H + j] = h[j]; o[j] = n;                                                            \
        h[j] = n;                                                                             \
        y[j] = n;                                                                             \
    }                                                                                         \
}                                                                                             \
MC_INLINE void mc_lstm_bwd_rows_##SFX(long H, const T* restrict gi, const T* restrict gf,      \
        const T* restrict gg, const T* restrict go, const T* restrict tc,                     \
        const T* restrict cp, const T* restrict dh, const T* restrict dy, T* restrict dc,     \
        T* restrict q) {                                                                      \
    for (long j = 0; j < H; j++) {                                                            \
        T d = dh[j] + dy[j], e = tc[j];                                                       \
        T dcn = dc[j] + d * go[j] * (1 - e * e);                                              \
        q[j] = dcn * gg[j] * gi[j] * (1 - gi[j]);                                             \
        q[H + j] = dcn * cp[j] * gf[j] * (1 - gf[j]);                                         \
        q[2 * H + j] = dcn * gi[j] * (1 - gg[j] * gg[j]);                                     \
        q[3 * H + j] = d * e * go[j] * (1 - go[j]);                                           \
        dc[j] = dcn * gf[j];                                                                  \
    }                                                                                         \
}                                                                                             \
MC_INLINE void mc_lstm_bwd_row_##SFX(long H, const T* o, const T* dh, const T* dy, T* dc,     \
        T* q, T* a) {                                                                         \
    mc_lstm_bwd_rows_##SFX(H, o, o + H, o + 2 * H, o + 3 * H, o + 4 * H, o + 5 * H, dh, dy,   \
                           dc, q);                                                            \
    memcpy(a, q, 4 * H * sizeof(T));                                                          \
}                                                                                             \
MC_INLINE void mc_gru_bwd_rows_##SFX(long H, const T* restrict r, const T* restrict z,         \
        const T* restrict n, const T* restrict hn, const T* restrict hp, T* restrict dh,      \
        const T* restrict dy, T* restrict a, T* restrict q_n) {                               \
    for (long j = 0; j < H; j++) {                                                            \
        T d = dh[j] + dy[j];                                                                  \
        T dn = d * (1 - z[j]) * (1 - n[j] * n[j]);     /* d pre-activation of n */            \
        a[j] = dn * hn[j] * r[j] * (1 - r[j]);                                                \
        a[H + j] = d * (hp[j] - n[j]) * z[j] * (1 - z[j]);                                    \
        a[2 * H + j] = dn;                                                                    \
        q_n[j] = dn * r[j];                                                                   \
        dh[j] = d * z[j];                              /* the direct path */                  \
    }                                                                                         \
}                                                                                             \
MC_INLINE void mc_gru_bwd_row_##SFX(long H, const T* o, T* dh, const T* dy, T* q, T* a,       \
        T* ah) {                                                                              \
    mc_gru_bwd_rows_##SFX(H, o, o + H, o + 2 * H, o + 3 * H, o + 4 * H, dh, dy, a, q + 2 * H);\
    memcpy(q, a, 2 * H * sizeof(T));                                                          \
    memcpy(ah, q, 3 * H * sizeof(T));                                                         \
}                                                                                             \
MC_INLINE void mc_rnn_bwd_row_##SFX(long H, int relu, const T* restrict o,                    \
        const T* restrict dh, const T* restrict dy, T* restrict q, T* restrict a) {           \
    for (long j = 0; j < H; j++) {                                                            \
        T d = dh[j] + dy[j], n = o[j];                                                        \
        T v = relu ? (n > 0 ? d : (T)0) : d * (1 - n * n);                                    \
        q[j] = v;                                                                             \
        a[j] = v;                                                                             \
    }                                                                                         \
}

MC_RNN_GATES(float, f, mc_sigmoid_f, mc_tanh_f)
MC_RNN_GATES(double, d, mc_sigmoid_d, tanh)

#endif
