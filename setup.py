"""Build script: every csrc/<family>.pyx becomes the extension module mindcell._C.<family>."""
import glob
import os
import sys

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))


def _simd_flags():
    """AVX2/FMA when the building CPU has them (mindcell builds from source where it runs);
    MINDCELL_PORTABLE=1 builds for the x86-64 baseline instead."""
    if os.environ.get("MINDCELL_PORTABLE") or not sys.platform.startswith("linux"):
        return []
    try:
        with open("/proc/cpuinfo") as f:
            flags = set(f.read().split())
    except OSError:
        return []
    return ["-mavx2", "-mfma"] if {"avx2", "fma"} <= flags else []


def _openmp_flags():
    if sys.platform == "darwin":
        return [], []
    return ["-fopenmp"], ["-fopenmp"]


def _strip_flags():
    """No debug information in the built modules (an 11 MB wheel becomes about 2 MB);
    MINDCELL_DEBUG=1 keeps it."""
    if os.environ.get("MINDCELL_DEBUG") or not sys.platform.startswith("linux"):
        return [], []
    return ["-g0"], ["-s"]


def _extensions():
    # The elementwise kernels are instantiated from their formulas (csrc/generate.py).
    sys.path.insert(0, os.path.join(HERE, "csrc"))
    import generate
    generate.generate()
    compile_omp, link_omp = _openmp_flags()
    exts = []
    only = [f for f in os.environ.get("MINDCELL_ONLY", "").split(",") if f]  # dev: rebuild a subset
    for path in sorted(glob.glob(os.path.join("csrc", "*.pyx"))):
        family = os.path.splitext(os.path.basename(path))[0]
        if only and family not in only:
            continue
        exts.append(Extension(
            "mindcell._C." + family,
            [path],
            include_dirs=[numpy.get_include(), "csrc"],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            extra_compile_args=["-O3", "-fno-math-errno", "-fno-trapping-math"] + _simd_flags()
            + compile_omp + _strip_flags()[0],
            extra_link_args=link_omp + _strip_flags()[1],
        ))
    if not exts and not only:
        raise RuntimeError("setup.py: no csrc/*.pyx beside setup.py; mindcell's kernels cannot "
                           "be built (an incomplete source tree or sdist)")
    return cythonize(
        exts,
        include_path=["csrc"],
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True,
                             "initializedcheck": False},
        nthreads=int(os.environ.get("MINDCELL_BUILD_JOBS", "2")),
    )


setup(ext_modules=_extensions())
