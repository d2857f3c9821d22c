"""Build script: every csrc/<family>.pyx becomes the extension modules
mindcell._C.<isa>.<family>, one per instruction set in ISA_FLAGS."""
import glob
import os
import platform
import sys

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))


# Every kernel family is compiled once per instruction set and mindcell._C picks the best one
# this CPU runs when it is imported, so one wheel runs everywhere and fast where it can.
ISA_FLAGS = {
    "baseline": [],
    "avx2": ["-mavx2", "-mfma"],
    "avx512": ["-mavx512f", "-mavx512cd", "-mavx512bw", "-mavx512dq", "-mavx512vl", "-mavx2",
               "-mfma"],
}


def _isas():
    """The instruction sets to build: all of ISA_FLAGS on x86-64, the baseline elsewhere;
    MINDCELL_ISAS=baseline,avx2 (say) builds a subset (a quicker development build)."""
    wanted = [isa for isa in os.environ.get("MINDCELL_ISAS", "").split(",") if isa]
    unknown = sorted(set(wanted) - set(ISA_FLAGS))
    if unknown:
        raise RuntimeError("setup.py: MINDCELL_ISAS names unknown instruction sets %s; "
                           "known: %s" % (unknown, ", ".join(ISA_FLAGS)))
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return ["baseline"]
    return wanted or list(ISA_FLAGS)


def _isa_source(isa, c_file):
    """A one-line C file that includes ``c_file``, so each instruction set compiles the same
    Cython output into its own object file."""
    family = os.path.splitext(os.path.basename(c_file))[0]
    os.makedirs(os.path.join(HERE, "csrc", "_isa", isa), exist_ok=True)
    path = os.path.join("csrc", "_isa", isa, family + ".c")
    line = '#include "../../%s.c"\n' % family
    if not os.path.exists(path) or open(path).read() != line:
        with open(path, "w") as f:
            f.write(line)
    return path


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
    strip_compile, strip_link = _strip_flags()
    cython_exts = []
    only = [f for f in os.environ.get("MINDCELL_ONLY", "").split(",") if f]  # dev: rebuild a subset
    for path in sorted(glob.glob(os.path.join("csrc", "*.pyx"))):
        family = os.path.splitext(os.path.basename(path))[0]
        if only and family not in only:
            continue
        cython_exts.append(Extension("mindcell._C." + family, [path],
                                     include_dirs=[numpy.get_include(), "csrc"]))
    if not cython_exts and not only:
        raise RuntimeError("setup.py: no csrc/*.pyx beside setup.py; mindcell's kernels cannot "
                           "be built (an incomplete source tree or sdist)")
    translated = cythonize(
        cython_exts,
        include_path=["csrc"],
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True,
                             "initializedcheck": False},
        nthreads=int(os.environ.get("MINDCELL_BUILD_JOBS", "2")),
    )
    exts = []
    for ext in translated:
        family = ext.name.rsplit(".", 1)[1]
        for isa in _isas():
            exts.append(Extension(
                "mindcell._C.%s.%s" % (isa, family),
                [_isa_source(isa, ext.sources[0])],
                include_dirs=ext.include_dirs,
                define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
                # what the one-line source includes: Cython's output for the family (newer
                # when a .pyx/.pxd changed) and the C headers (_simd_math.h, _threads.h),
                # which Cython does not track
                depends=[ext.sources[0]] + sorted(glob.glob(os.path.join("csrc", "*.h"))),
                extra_compile_args=["-O3", "-fno-math-errno", "-fno-trapping-math"]
                + ISA_FLAGS[isa] + compile_omp + strip_compile,
                extra_link_args=link_omp + strip_link,
            ))
    return exts


# Compile the extensions in parallel (one per instruction set and family).
setup(ext_modules=_extensions(),
      options={"build_ext": {"parallel": int(os.environ.get("MINDCELL_BUILD_JOBS", "2"))}})
