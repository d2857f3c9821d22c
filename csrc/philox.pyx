# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""MindSpore 2.10's initializer streams (csrc/_philox_core.pxd): the words of the Philox4x32-10
stream of a 64-bit seed and the uniform, normal and truncated-normal float32 fills made from
them, bit for bit as MindSpore's C++ makes them. Each entry point fills a 1-D C-contiguous
``out`` (its size is the fill's length), checked before the GIL is released; the fill is split
into block ranges computed in parallel without the GIL (the stream is counter based, so the
split does not change it)."""
cimport numpy as cnp
from cython.parallel cimport prange
from libc.stdint cimport int64_t, uint32_t, uint64_t
from _philox_core cimport (mc_emit_fn, mc_emit_normal, mc_emit_truncated_normal,
                          mc_emit_uniform, mc_emit_words, mc_philox_fill)
from _check cimport need_array
from _threads cimport mc_threads_if

cnp.import_array()
include "_threads.pxi"

DEF CHUNK = 2048  # blocks (8192 elements) per parallel work item


cdef int _fill(str kernel, mc_emit_fn emit, uint64_t seed, cnp.ndarray out, int typenum,
               double p0=0.0, double p1=0.0, double p2=0.0, double p3=0.0) except -1:
    """Elements [0, out.size) of one fill, block range by block range over the team."""
    need_array(kernel, "out", out, 1, typenum, True)
    cdef int64_t n = cnp.PyArray_SIZE(out), blocks = (n + 3) // 4
    cdef int64_t chunks = (blocks + CHUNK - 1) // CHUNK, c
    cdef void* po = cnp.PyArray_DATA(out)
    cdef double p[4]
    p[0], p[1], p[2], p[3] = p0, p1, p2, p3
    with nogil:
        for c in prange(chunks, schedule="static", num_threads=mc_threads_if(chunks > 1)):
            mc_philox_fill(seed, emit, p, po, n, c * CHUNK, min(c * CHUNK + CHUNK, blocks))
    return 0


def words(uint64_t seed, cnp.ndarray out):
    """out[i] = word i of the stream of ``seed`` (out: uint32)."""
    _fill("words", mc_emit_words, seed, out, cnp.NPY_UINT32)


def uniform(uint64_t seed, cnp.ndarray out, double a, double b):
    """out[i] = (b - a) * (word i / 2^32) + a in double, rounded to float32 (out: float32)."""
    _fill("uniform", mc_emit_uniform, seed, out, cnp.NPY_FLOAT32, a, b - a)


def normal(uint64_t seed, cnp.ndarray out, double mean, double sigma):
    """Box-Muller on the word pairs (2j, 2j+1): out[2j], out[2j+1] = mean + r*cos(t),
    mean + r*sin(t) (out: float32)."""
    _fill("normal", mc_emit_normal, seed, out, cnp.NPY_FLOAT32, mean, sigma)


def truncated_normal(uint64_t seed, cnp.ndarray out, double mean, double sigma, double cdf_a,
                     double cdf_b):
    """Inverse-CDF samples of N(mean, sigma^2) between the standard-normal CDF values
    ``cdf_a`` < ``cdf_b`` of the bounds (out: float32)."""
    _fill("truncated_normal", mc_emit_truncated_normal, seed, out, cnp.NPY_FLOAT32,
          mean, sigma, cdf_a, cdf_b - cdf_a)
