"""The BLAS behind every matrix product: the CBLAS of the scipy-openblas32 package, loaded
here (after mindcell/_threads.py set its thread environment) and bound to the compiled
modules that call it (mindcell._C.matmul and mindcell._C.executor)."""
import ctypes
import glob
import os

import scipy_openblas32

from mindcell import _threads


def _load():
    lib_dir = scipy_openblas32.get_lib_dir()
    name = scipy_openblas32.get_library()
    paths = sorted(glob.glob(os.path.join(lib_dir, "lib%s*.so*" % name))
                   + glob.glob(os.path.join(lib_dir, "lib%s*.dylib" % name))
                   + glob.glob(os.path.join(lib_dir, "%s*.dll" % name)))
    if not paths:
        raise ImportError("mindcell: the scipy-openblas32 package has no library in %s"
                          % lib_dir)
    return ctypes.CDLL(paths[0])


LIBRARY = _load()
_PREFIX = "scipy_"  # scipy-openblas32 prefixes its symbols
SGEMM = ctypes.cast(getattr(LIBRARY, _PREFIX + "cblas_sgemm"), ctypes.c_void_p).value
DGEMM = ctypes.cast(getattr(LIBRARY, _PREFIX + "cblas_dgemm"), ctypes.c_void_p).value
SET_THREADS = ctypes.cast(getattr(LIBRARY, _PREFIX + "openblas_set_num_threads"),
                          ctypes.c_void_p).value
# The compiled modules call the library through wrappers (csrc/_threads.h) that give it the
# thread count of now (fewer threads while other processes keep the cores busy).
_WRAPPERS = _threads._owner()._thread_gemm_wrappers(SGEMM, DGEMM, SET_THREADS)


def bind(module):
    """Hand the CBLAS entry points (through the thread-count wrappers) to a compiled module
    with ``set_blas``."""
    module.set_blas(*_WRAPPERS)
    return module


def config():
    """The loaded OpenBLAS's build configuration (for ``python -m mindcell``)."""
    get = getattr(LIBRARY, _PREFIX + "openblas_get_config", None)
    if get is None:
        return "unknown"
    get.restype = ctypes.c_char_p
    return get().decode()


def set_num_threads(n):
    """The BLAS's own thread count (mindcell/_threads.py sets it with the kernels')."""
    getattr(LIBRARY, _PREFIX + "openblas_set_num_threads")(int(n))


def get_num_threads():
    return getattr(LIBRARY, _PREFIX + "openblas_get_num_threads")()


_threads.follow(set_num_threads)
