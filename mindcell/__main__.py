"""``python -m mindcell``: version, build information and a quick self-check."""
import os
import platform
import sys

import numpy as np


def main():
    import mindcell as ms
    from mindcell._core import blas, kernels
    print("mindcell %s (Python %s, numpy %s, %s)" % (ms.__version__, platform.python_version(),
                                                    np.__version__, platform.machine()))
    from mindcell import _C
    print("compiled kernels: %d primitives, %s instruction set of %s (%s)" % (
        len(kernels.KERNELS), _C.ISA, "/".join(_C.built_isas()), ", ".join(_C.FAMILIES)))
    print("BLAS: %s" % blas.config())
    print("threads: OMP_NUM_THREADS=%s, OPENBLAS_NUM_THREADS=%s, cores=%d" % (
        os.environ.get("OMP_NUM_THREADS", "unset"), os.environ.get("OPENBLAS_NUM_THREADS", "unset"),
        os.cpu_count() or 0))
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    eager = ms.ops.grad(lambda t: (ms.ops.tanh(t) * t).sum())(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = ms.ops.grad(lambda t: (ms.ops.tanh(t) * t).sum())(x).asnumpy()
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ok = np.allclose(eager, graph, rtol=1e-5)
    print("self-check (gradient in both modes): %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
