"""The one place that imports the compiled kernels (mindcell._C.*).

Contract: ``KERNELS[primitive_name]`` is a callable with the same signature as the primitive's
numpy ``impl``: ``fn(*arrays, **attrs)`` returning one ndarray or a tuple of ndarrays. A kernel
wrapper validates dtype/contiguity, allocates the output and calls the Cython entry point, which
writes into that preallocated ``out``. A wrapper may return ``NotImplemented`` for inputs its
kernel does not cover (for example an integer dtype); the eager trace then runs the primitive's
numpy reference instead. Kernels cover float32/float64 only and must return ``NotImplemented``
when an array they read is bfloat16: ``Prim.compute`` looks for bfloat16 only after the kernel
declined, then runs the kernel again on float32 copies (``_core/bf16.py``). A missing compiled module is an ImportError here, never a silent
fallback.
"""

from mindcell import _threads  # noqa: F401  (thread settings before any BLAS/OpenMP start)

import numpy as np  # noqa: E402

from mindcell._arrays import c_contiguous  # noqa: E402

KERNELS = {}
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)


def same_float_dtype(*arrays):
    """All of ``arrays`` are float32, or all float64 (what the compiled kernels cover)."""
    dt = arrays[0].dtype
    return (dt is _F32 or dt is _F64) and all(a.dtype is dt for a in arrays)


def contiguous(a):
    """``a`` itself if C-contiguous, else a C-contiguous copy."""
    return a if a.flags.c_contiguous else c_contiguous(a)


def register(name):
    """Decorator: register ``fn`` as the kernel of primitive ``name``."""
    def deco(fn):
        KERNELS[name] = fn
        return fn
    return deco


from . import elementwise  # noqa: E402,F401  (registers elementwise, reduce, softmax kernels)
from . import nn  # noqa: E402,F401  (registers matmul, conv, pooling, norm, optimizer kernels)
from . import recurrent  # noqa: E402,F401  (registers the fused RNN/LSTM/GRU sequences)
