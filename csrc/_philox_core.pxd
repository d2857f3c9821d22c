# MindSpore 2.10's initializer streams (mindspore.common.initializer), bit for bit: the
# Philox4x32-10 stream of a 64-bit seed and the uniform, normal and truncated-normal fills
# MindSpore's C++ computes from it (csrc/philox.pyx; mindcell/common/_ms_philox.py).
#
# The stream is counter based: block b (four words) is Philox of the 128-bit counter
# (b, seed lo, seed hi) under the key (seed lo, seed hi), and element i of every fill is made
# from block i / 4 (uniform and truncated normal: word i % 4; normal: the word pair of its
# Box-Muller pair). So a fill splits into block ranges computed independently, in any order
# and by any thread, with the same result.
#
# Every value is computed in double from the words, in MindSpore's order of operations, and
# rounded to float once at the end; mean, sigma and the bounds arrive as doubles that hold
# floats (they cross into MindSpore's C++ as float). fp-contract is off: gcc's default
# -ffp-contract=fast would fuse a*b+c into an FMA in the avx2/avx512 builds (one rounding
# instead of two) and change the last bits. log, sin, cos, sqrt are libm's, as MindSpore's.
#
# The C is verbatim below (a .pxd, not a csrc/*.h: setup.py rebuilds every family when a
# header changes).
from libc.stdint cimport int64_t, uint32_t, uint64_t

cdef extern from *:
    """
    #include <math.h>
    #include <stdint.h>

    #pragma GCC push_options
    #pragma GCC optimize("fp-contract=off")

    /* Words [4b, 4b + MC_WORDS) of the stream of seed (lo, hi) into w, in stream order: blocks
       b .. b + MC_LANES - 1, each Philox of the counter (block, lo, hi) under the key (lo, hi),
       as MC_LANES independent lanes: gcc turns the rounds into vector multiplies (not once it
       is inlined into a fill loop and unrolled there, hence noinline). */
    #define MC_LANES 8
    #define MC_WORDS (4 * MC_LANES)
    static __attribute__((noinline)) void mc_philox_group(uint64_t b, uint32_t lo, uint32_t hi,
                                                          uint32_t w[MC_WORDS]) {
        uint32_t c0[MC_LANES], c1[MC_LANES], c2[MC_LANES], c3[MC_LANES];
        uint32_t k0 = lo, k1 = hi;
        int r, j;
        for (j = 0; j < MC_LANES; j++) {
            c0[j] = (uint32_t)(b + j);
            c1[j] = (uint32_t)((b + j) >> 32);
            c2[j] = lo;
            c3[j] = hi;
        }
        for (r = 0; r < 10; r++) {  /* the key steps after each round (a test here would
                                       keep gcc from vectorizing the lanes) */
            for (j = 0; j < MC_LANES; j++) {
                uint64_t p0 = (uint64_t)0xD2511F53u * c0[j];
                uint64_t p1 = (uint64_t)0xCD9E8D57u * c2[j];
                c0[j] = (uint32_t)(p1 >> 32) ^ c1[j] ^ k0;
                c1[j] = (uint32_t)p1;
                c2[j] = (uint32_t)(p0 >> 32) ^ c3[j] ^ k1;
                c3[j] = (uint32_t)p0;
            }
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        for (j = 0; j < MC_LANES; j++) {
            w[4 * j] = c0[j];
            w[4 * j + 1] = c1[j];
            w[4 * j + 2] = c2[j];
            w[4 * j + 3] = c3[j];
        }
    }

    /* A fill's transform of one group's words: its elements o[0 .. count) from w[0 .. count),
       with the fill's parameters p. */
    typedef void (*mc_emit_fn)(const uint32_t* w, int count, void* o, const double* p);

    /* Elements [4 b0, min(4 b1, n)) of a fill of n 4-byte elements at out, from blocks
       [b0, b1), b0 a multiple of MC_LANES. */
    static void mc_philox_fill(uint64_t seed, mc_emit_fn emit, const double* p, void* out,
                               int64_t n, int64_t b0, int64_t b1) {
        uint32_t w[MC_WORDS];
        int64_t g;
        for (g = b0; g < b1; g += MC_LANES) {
            mc_philox_group((uint64_t)g, (uint32_t)seed, (uint32_t)(seed >> 32), w);
            emit(w, n - 4 * g < MC_WORDS ? (int)(n - 4 * g) : MC_WORDS, (uint32_t*)out + 4 * g, p);
        }
    }

    /* The words themselves. */
    static void mc_emit_words(const uint32_t* w, int count, void* o, const double* p) {
        int k;
        (void)p;
        for (k = 0; k < count; k++) ((uint32_t*)o)[k] = w[k];
    }

    /* U[a, b), p = {a, b - a}: (b - a) * (word / 2^32) + a. */
    static void mc_emit_uniform(const uint32_t* w, int count, void* o, const double* p) {
        int k;
        for (k = 0; k < count; k++)
            ((float*)o)[k] = (float)(p[1] * ((double)w[k] / 4294967296.0) + p[0]);
    }

    /* A word's low 23 bits as a float in [0, 1) (1.m - 1 in float), floored at 1e-7f. */
    static inline double mc_unit_open(uint32_t word) {
        union { uint32_t u; float f; } bits;
        double v;
        bits.u = (word & 0x7FFFFFu) | (127u << 23);
        v = (double)(bits.f - 1.0f);
        return v > (double)1.0e-7f ? v : (double)1.0e-7f;
    }

    /* Box-Muller on word pairs (2j, 2j+1), p = {mean, sigma}: mean + r*cos(t), then
       mean + r*sin(t), with r = sqrt(-2 log u0) * sigma and t = 2 * (double)3.1415926f * u1. */
    static void mc_emit_normal(const uint32_t* w, int count, void* o, const double* p) {
        const double two_pi = 2.0 * (double)3.1415926f;
        float* out = (float*)o;
        int k;
        for (k = 0; k < count; k += 2) {
            double r = sqrt(-2.0 * log(mc_unit_open(w[k]))) * p[1];
            double t = two_pi * mc_unit_open(w[k + 1]);
            out[k] = (float)(p[0] + r * cos(t));
            if (k + 1 < count) out[k + 1] = (float)(p[0] + r * sin(t));
        }
    }

    /* Horner's rule, coefficients lowest degree first. */
    static inline double mc_poly(const double* c, int len, double x) {
        double acc = c[len - 1];
        int j;
        for (j = len - 2; j >= 0; j--) acc = acc * x + c[j];
        return acc;
    }

    /* erf^-1 by Boost's rational approximations (published coefficients, lowest degree first),
     * region by region: p <= 0.5 by p; q = 1 - p >= 0.25 by q - 0.25; smaller q by
     * x = sqrt(-log q) in five bands. */
    static const double MC_EI_SMALL_Y = 0.0891314744949340820313;
    static const double MC_EI_SMALL_P[8] = {
        -0.000508781949658280665617, -0.00836874819741736770379, 0.0334806625409744615033,
        -0.0126926147662974029034, -0.0365637971411762664006, 0.0219878681111168899165,
        0.00822687874676915743155, -0.00538772965071242932965};
    static const double MC_EI_SMALL_Q[10] = {
        1.0, -0.970005043303290640362, -1.56574558234175846809, 1.56221558398423026363,
        0.662328840472002992063, -0.71228902341542847553, -0.0527396382340099713954,
        0.0795283687341571680018, -0.00233393759374190016776, 0.000886216390456424707504};
    static const double MC_EI_MID_Y = 2.249481201171875;
    static const double MC_EI_MID_P[9] = {
        -0.202433508355938759655, 0.105264680699391713268, 8.37050328343119927838,
        17.6447298408374015486, -18.8510648058714251895, -44.6382324441786960818,
        17.445385985570866523, 21.1294655448340526258, -3.67192254707729348546};
    static const double MC_EI_MID_Q[9] = {
        1.0, 6.24264124854247537712, 3.9713437953343869095, -28.6608180499800029974,
        -20.1432634680485188801, 48.5609213108739935468, 10.8268667355460159008,
        -22.6436933413139721736, 1.72114765761200282724};

    typedef struct {
        double upper, shift, y;  /* the band x < upper (from the previous band's upper) */
        int np, nq;
        double p[11], q[8];
    } mc_ei_tail_t;

    static const mc_ei_tail_t MC_EI_TAILS[5] = {
        {3.0, 1.125, 0.807220458984375, 11, 8,
         {-0.131102781679951906451, -0.163794047193317060787, 0.117030156341995252019,
          0.387079738972604337464, 0.337785538912035898924, 0.142869534408157156766,
          0.0290157910005329060432, 0.00214558995388805277169, -0.679465575181126350155e-6,
          0.285225331782217055858e-7, -0.681149956853776992068e-9},
         {1.0, 3.46625407242567245975, 5.38168345707006855425, 4.77846592945843778382,
          2.59301921623620271374, 0.848854343457902036425, 0.152264338295331783612,
          0.01105924229346489121}},
        {6.0, 3.0, 0.93995571136474609375, 9, 7,
         {-0.0350353787183177984712, -0.00222426529213447927281, 0.0185573306514231072324,
          0.00950804701325919603619, 0.00187123492819559223345, 0.000157544617424960554631,
          0.460469890584317994083e-5, -0.230404776911882601748e-9, 0.266339227425782031962e-11},
         {1.0, 1.3653349817554063097, 0.762059164553623404043, 0.220091105764131249824,
          0.0341589143670947727934, 0.00263861676657015992959, 0.764675292302794483503e-4}},
        {18.0, 6.0, 0.98362827301025390625, 9, 7,
         {-0.0167431005076633737133, -0.00112951438745580278863, 0.00105628862152492910091,
          0.000209386317487588078668, 0.149624783758342370182e-4, 0.449696789927706453732e-6,
          0.462596163522878599135e-8, -0.281128735628831791805e-13, 0.99055709973310326855e-16},
         {1.0, 0.591429344886417493481, 0.138151865749083321638, 0.0160746087093676504695,
          0.000964011807005165528527, 0.275335474764726041141e-4, 0.282243172016108031869e-6}},
        {44.0, 18.0, 0.99714565277099609375, 8, 7,
         {-0.0024978212791898131227, -0.779190719229053954292e-5, 0.254723037413027451751e-4,
          0.162397777342510920873e-5, 0.396341011304801168516e-7, 0.411632831190944208473e-9,
          0.145596286718675035587e-11, -0.116765012397184275695e-17},
         {1.0, 0.207123112214422517181, 0.0169410838120975906478, 0.000690538265622684595676,
          0.145007359818232637924e-4, 0.144437756628144157666e-6, 0.509761276599778486139e-9}},
        {INFINITY, 44.0, 0.99941349029541015625, 8, 7,
         {-0.000539042911019078575891, -0.28398759004727721098e-6, 0.899465114892291446442e-6,
          0.229345859265920864296e-7, 0.225561444863500149219e-9, 0.947846627503022684216e-12,
          0.135880130108924861008e-14, -0.348890393399948882918e-21},
         {1.0, 0.0845746234001899436914, 0.00282092984726264681981, 0.468292921940894236786e-4,
          0.399968812193862100054e-6, 0.161809290887904476097e-8, 0.231558608310259605225e-11}},
    };

    /* erf^-1(p) for p in [0, 1), given q = 1 - p. */
    static inline double mc_erf_inv(double p, double q) {
        double g, x;
        int band;
        if (p <= 0.5) {
            g = p * (p + 10.0);
            return g * MC_EI_SMALL_Y
                   + g * (mc_poly(MC_EI_SMALL_P, 8, p) / mc_poly(MC_EI_SMALL_Q, 10, p));
        }
        if (q >= 0.25) {
            g = sqrt(-2.0 * log(q));
            x = q - 0.25;
            return g / (MC_EI_MID_Y + mc_poly(MC_EI_MID_P, 9, x) / mc_poly(MC_EI_MID_Q, 9, x));
        }
        x = sqrt(-log(q));
        for (band = 0; band < 4 && !(x < MC_EI_TAILS[band].upper); band++) {
        }
        {
            const mc_ei_tail_t* t = &MC_EI_TAILS[band];
            double xs = x - t->shift;
            return t->y * x + (mc_poly(t->p, t->np, xs) / mc_poly(t->q, t->nq, xs)) * x;
        }
    }

    /* erfc^-1(z), z kept inside (0, 2) by the floats next to 0 and 2. */
    static inline double mc_erfc_inv(double z) {
        double q;
        if (z <= 0.0) z = (double)nextafterf(0.0f, 2.0f);
        if (z >= 2.0) z = (double)nextafterf(2.0f, 0.0f);
        if (z > 1.0) {
            q = 2.0 - z;
            return -mc_erf_inv(1.0 - q, q);
        }
        return mc_erf_inv(1.0 - z, z);
    }

    /* Inverse-CDF sampling between the bounds, p = {mean, sigma, cdf_a, cdf_b - cdf_a} (the
       standard-normal CDF at the standardized bounds): p = cdf_a + (word / 2^32) * (cdf_b -
       cdf_a), x = -erfc^-1(2p) * (double)1.4142135f, mean + x * sigma. */
    static void mc_emit_truncated_normal(const uint32_t* w, int count, void* o, const double* p) {
        const double root_two = (double)1.4142135f;
        int k;
        for (k = 0; k < count; k++) {
            double x = -mc_erfc_inv(2.0 * (p[2] + ((double)w[k] / 4294967296.0) * p[3])) * root_two;
            ((float*)o)[k] = (float)(p[0] + x * p[1]);
        }
    }

    #pragma GCC pop_options
    """
    ctypedef void (*mc_emit_fn)(const uint32_t* w, int count, void* o,
                                const double* p) noexcept nogil
    void mc_philox_fill(uint64_t seed, mc_emit_fn emit, const double* p, void* out, int64_t n,
                        int64_t b0, int64_t b1) noexcept nogil
    void mc_emit_words(const uint32_t* w, int count, void* o, const double* p) noexcept nogil
    void mc_emit_uniform(const uint32_t* w, int count, void* o, const double* p) noexcept nogil
    void mc_emit_normal(const uint32_t* w, int count, void* o, const double* p) noexcept nogil
    void mc_emit_truncated_normal(const uint32_t* w, int count, void* o,
                                  const double* p) noexcept nogil
