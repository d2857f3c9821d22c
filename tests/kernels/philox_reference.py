"""The numpy reference of MindSpore's initializer streams: what mindcell/common/_ms_philox.py
computed from 76dcd1e until the fills moved into the compiled kernel (csrc/philox.pyx), kept for
tests/kernels/test_philox_kernel.py to check the kernel against, bit for bit.

MindSpore's ``mindspore.common.initializer`` fills float32 arrays with C++ Philox4x32-10 streams
keyed by a 64-bit seed (one ``np.random.randint(1, 2**63)`` draw per fill). The stream is
counter based: word ``i`` of the stream is word ``i % 4`` of the Philox block for counter
``i // 4``, and element ``i`` of a fill uses word ``i`` (normals use words ``2k, 2k+1`` for
elements ``2k, 2k+1``), so the result does not depend on how MindSpore splits the fill among
threads. The distributions are computed in float64 and rounded to float32 at the end, with
``mean``/``sigma``/bounds rounded to float32 first (they cross into C++ as ``float``).
"""
import math

import numpy as np

from mindcell.common._ms_philox import truncated_bounds

_M32 = np.uint64(0xFFFFFFFF)
_MUL = (np.uint64(0xD2511F53), np.uint64(0xCD9E8D57))
_KEY_STEP = (0x9E3779B9, 0xBB67AE85)
_ROUNDS = 10


def philox_words(seed, count):
    """The first ``count`` uint32 words of MindSpore's Philox stream for the 64-bit ``seed``.

    The key is the seed's (low, high) 32-bit halves; the 128-bit counter starts at
    ``(0, 0, low, high)`` (least significant word first) and advances by one per block of four."""
    seed = int(seed) & 0xFFFFFFFFFFFFFFFF
    lo, hi = seed & 0xFFFFFFFF, seed >> 32
    blocks = (int(count) + 3) // 4
    step = np.arange(blocks, dtype=np.uint64)
    c0 = step & _M32
    c1 = step >> np.uint64(32)  # the low 64 bits never carry into the seed words for real sizes
    c2 = np.full(blocks, lo, np.uint64)
    c3 = np.full(blocks, hi, np.uint64)
    k0, k1 = lo, hi
    for r in range(_ROUNDS):
        if r:
            k0 = (k0 + _KEY_STEP[0]) & 0xFFFFFFFF
            k1 = (k1 + _KEY_STEP[1]) & 0xFFFFFFFF
        p0 = _MUL[0] * c0
        p1 = _MUL[1] * c2
        c0, c1, c2, c3 = ((p1 >> np.uint64(32)) ^ c1 ^ np.uint64(k0), p1 & _M32,
                          (p0 >> np.uint64(32)) ^ c3 ^ np.uint64(k1), p0 & _M32)
    words = np.stack([c0, c1, c2, c3], axis=1).reshape(-1)[:count]
    return words.astype(np.uint32)


def _f32(x):
    return float(np.float32(x))


def _unit_open(words):
    """Words to floats in [0, 1) through the 23-bit mantissa trick, in float32 (as MindSpore)."""
    bits = (words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return (bits.view(np.float32) - np.float32(1.0)).astype(np.float64)


def uniform(seed, shape, a, b):
    """float32 array of ``shape``: MindSpore's ``_random_uniform(seed, arr, a, b)``."""
    n = int(np.prod(shape, dtype=np.int64))
    a, b = _f32(a), _f32(b)
    s = philox_words(seed, n).astype(np.float64) / 4294967296.0
    return ((b - a) * s + a).astype(np.float32).reshape(shape)


_PI = _f32(3.1415926)
_TINY = _f32(1.0e-7)


def normal(seed, shape, mean, sigma):
    """float32 array of ``shape``: MindSpore's ``_random_normal(seed, arr, mean, sigma)``
    (Box-Muller on consecutive word pairs; cosine branch first)."""
    n = int(np.prod(shape, dtype=np.int64))
    mean, sigma = _f32(mean), _f32(sigma)
    pairs = (n + 1) // 2
    u = np.maximum(_unit_open(philox_words(seed, 2 * pairs)), _TINY)
    x = np.sqrt(-2.0 * np.log(u[0::2])) * sigma
    y = 2.0 * _PI * u[1::2]
    out = np.empty(2 * pairs, np.float64)
    out[0::2] = mean + x * np.cos(y)
    out[1::2] = mean + x * np.sin(y)
    return out[:n].astype(np.float32).reshape(shape)


def truncated_normal(seed, shape, a, b, mean, sigma):
    """float32 array of ``shape``: MindSpore's ``_truncated_normal(seed, arr, a, b, mean,
    sigma)`` (inverse-CDF sampling between the bounds)."""
    n = int(np.prod(shape, dtype=np.int64))
    mean, sigma, cdf_a, cdf_b = truncated_bounds(a, b, mean, sigma)  # shared with the kernel
    root_two = _f32(1.4142135)
    u = philox_words(seed, n).astype(np.float64) / 4294967296.0
    p = cdf_a + u * (cdf_b - cdf_a)
    x = -_erfc_inv(2.0 * p) * root_two
    return (mean + x * sigma).astype(np.float32).reshape(shape)


def _erfc_inv(z):
    """erfc^-1 of float64 ``z``, kept inside (0, 2) by float32 steps as MindSpore does."""
    low = z <= 0
    if low.any():
        z = np.where(low, float(np.nextafter(np.float32(0), np.float32(2))), z)
    high = z >= 2.0
    if high.any():
        z = np.where(high, float(np.nextafter(np.float32(2), np.float32(0))), z)
    upper = z > 1.0
    q = np.where(upper, 2.0 - z, z)
    out = _erf_inv(1.0 - q, q)
    np.negative(out, out=out, where=upper)
    return out


def _poly(coeffs, x):
    """Horner evaluation; ``coeffs`` lowest degree first."""
    acc = np.full_like(x, coeffs[-1])
    for c in coeffs[-2::-1]:
        acc *= x
        acc += c
    return acc


# Rational approximations of erf^-1 (Boost's published coefficients, lowest degree first):
# p <= 0.5 uses (Y, P, Q) of p; q >= 0.25 those of q - 0.25; smaller q the tails below, by
# x = sqrt(-log q).
_ERF_INV_SMALL = (0.0891314744949340820313,
                  (-0.000508781949658280665617, -0.00836874819741736770379,
                   0.0334806625409744615033,
                   -0.0126926147662974029034, -0.0365637971411762664006, 0.0219878681111168899165,
                   0.00822687874676915743155, -0.00538772965071242932965),
                  (1.0, -0.970005043303290640362, -1.56574558234175846809, 1.56221558398423026363,
                   0.662328840472002992063, -0.71228902341542847553, -0.0527396382340099713954,
                   0.0795283687341571680018, -0.00233393759374190016776,
                   0.000886216390456424707504))
_ERF_INV_MID = (2.249481201171875,
                (-0.202433508355938759655, 0.105264680699391713268, 8.37050328343119927838,
                 17.6447298408374015486, -18.8510648058714251895, -44.6382324441786960818,
                 17.445385985570866523, 21.1294655448340526258, -3.67192254707729348546),
                (1.0, 6.24264124854247537712, 3.9713437953343869095, -28.6608180499800029974,
                 -20.1432634680485188801, 48.5609213108739935468, 10.8268667355460159008,
                 -22.6436933413139721736, 1.72114765761200282724))
_ERF_INV_TAILS = (  # (upper bound of x, shift, Y, P, Q)
    (3.0, 1.125, 0.807220458984375,
     (-0.131102781679951906451, -0.163794047193317060787, 0.117030156341995252019,
      0.387079738972604337464, 0.337785538912035898924, 0.142869534408157156766,
      0.0290157910005329060432, 0.00214558995388805277169, -0.679465575181126350155e-6,
      0.285225331782217055858e-7, -0.681149956853776992068e-9),
     (1.0, 3.46625407242567245975, 5.38168345707006855425, 4.77846592945843778382,
      2.59301921623620271374, 0.848854343457902036425, 0.152264338295331783612,
      0.01105924229346489121)),
    (6.0, 3.0, 0.93995571136474609375,
     (-0.0350353787183177984712, -0.00222426529213447927281, 0.0185573306514231072324,
      0.00950804701325919603619, 0.00187123492819559223345, 0.000157544617424960554631,
      0.460469890584317994083e-5, -0.230404776911882601748e-9, 0.266339227425782031962e-11),
     (1.0, 1.3653349817554063097, 0.762059164553623404043, 0.220091105764131249824,
      0.0341589143670947727934, 0.00263861676657015992959, 0.764675292302794483503e-4)),
    (18.0, 6.0, 0.98362827301025390625,
     (-0.0167431005076633737133, -0.00112951438745580278863, 0.00105628862152492910091,
      0.000209386317487588078668, 0.149624783758342370182e-4, 0.449696789927706453732e-6,
      0.462596163522878599135e-8, -0.281128735628831791805e-13, 0.99055709973310326855e-16),
     (1.0, 0.591429344886417493481, 0.138151865749083321638, 0.0160746087093676504695,
      0.000964011807005165528527, 0.275335474764726041141e-4, 0.282243172016108031869e-6)),
    (44.0, 18.0, 0.99714565277099609375,
     (-0.0024978212791898131227, -0.779190719229053954292e-5, 0.254723037413027451751e-4,
      0.162397777342510920873e-5, 0.396341011304801168516e-7, 0.411632831190944208473e-9,
      0.145596286718675035587e-11, -0.116765012397184275695e-17),
     (1.0, 0.207123112214422517181, 0.0169410838120975906478, 0.000690538265622684595676,
      0.145007359818232637924e-4, 0.144437756628144157666e-6, 0.509761276599778486139e-9)),
    (math.inf, 44.0, 0.99941349029541015625,
     (-0.000539042911019078575891, -0.28398759004727721098e-6, 0.899465114892291446442e-6,
      0.229345859265920864296e-7, 0.225561444863500149219e-9, 0.947846627503022684216e-12,
      0.135880130108924861008e-14, -0.348890393399948882918e-21),
     (1.0, 0.0845746234001899436914, 0.00282092984726264681981, 0.468292921940894236786e-4,
      0.399968812193862100054e-6, 0.161809290887904476097e-8, 0.231558608310259605225e-11)),
)


def _erf_inv(p, q):
    """erf^-1 for p in [0, 1) given q = 1 - p, evaluated region by region as MindSpore does."""
    out = np.empty_like(p)
    small = p <= 0.5
    if small.any():
        y, pc, qc = _ERF_INV_SMALL
        ps = p[small]
        g = ps * (ps + 10.0)
        out[small] = g * y + g * (_poly(pc, ps) / _poly(qc, ps))
    mid = ~small & (q >= 0.25)
    if mid.any():
        y, pc, qc = _ERF_INV_MID
        qs = q[mid]
        g = np.sqrt(-2.0 * np.log(qs))
        xs = qs - 0.25
        out[mid] = g / (y + _poly(pc, xs) / _poly(qc, xs))
    rest = ~small & ~mid
    if rest.any():
        x = np.sqrt(-np.log(q[rest]))
        vals = np.empty_like(x)
        lower = -math.inf
        for upper, shift, y, pc, qc in _ERF_INV_TAILS:
            sel = (x >= lower) & (x < upper)
            if sel.any():
                xr = x[sel]
                xs = xr - shift
                vals[sel] = y * xr + (_poly(pc, xs) / _poly(qc, xs)) * xr
            lower = upper
        out[rest] = vals
    return out
