"""Compiled kernel modules (built from csrc/*.pyx). Import them only through mindcell._core.kernels.

Each kernel family is built once per instruction set, as ``mindcell._C.<isa>.<family>``:
``baseline`` (the platform's baseline, x86-64's SSE2), ``avx2`` (AVX2 + FMA) and ``avx512``
(AVX-512 F/CD/BW/DQ/VL). Importing this package picks, once, the best set that was built and
that this CPU runs, and binds every family of it as ``mindcell._C.<family>``.
``MINDCELL_ISA=baseline|avx2|avx512`` asks for one set: an error if it was not built or this CPU
lacks it.
"""
import importlib
import os
import pkgutil
import sys

ISAS = ("avx512", "avx2", "baseline")  # best first
# numpy's names of the CPU features each instruction set needs (AVX512_SKX is F+CD+BW+DQ+VL)
_NEEDS = {"avx512": ("AVX512_SKX", "AVX2", "FMA3"), "avx2": ("AVX2", "FMA3"), "baseline": ()}
# the same, as Linux /proc/cpuinfo flags (when numpy's table is not there)
_CPUINFO = {"AVX512_SKX": ("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"),
            "AVX2": ("avx2",), "FMA3": ("fma",)}


def cpu_features():
    """{feature name: bool} of this CPU, as numpy's runtime dispatch detects them (it also
    checks that the operating system saves the wider registers)."""
    for path in ("numpy._core._multiarray_umath", "numpy.core._multiarray_umath"):
        try:
            return dict(importlib.import_module(path).__cpu_features__)
        except (ImportError, AttributeError):
            continue
    try:
        with open("/proc/cpuinfo") as f:
            flags = set(f.read().split())
    except OSError:
        return {}
    return {name: all(flag in flags for flag in needs) for name, needs in _CPUINFO.items()}


def built_isas():
    """The instruction sets whose kernel modules are installed, best first."""
    here = os.path.dirname(__file__)
    return [isa for isa in ISAS
            if any(True for _ in pkgutil.iter_modules([os.path.join(here, isa)]))]


def runnable(isa, features=None):
    """Whether this CPU runs the kernels built for ``isa``."""
    features = cpu_features() if features is None else features
    return all(features.get(name, False) for name in _NEEDS[isa])


def choose_isa():
    """The instruction set to load: MINDCELL_ISA if set (checked), else the best one built
    that this CPU runs."""
    built = built_isas()
    if not built:
        raise ImportError("mindcell._C: no compiled kernel modules are installed (mindcell was "
                          "installed without building csrc/; reinstall from source)")
    features = cpu_features()
    asked = os.environ.get("MINDCELL_ISA", "").strip().lower()
    if asked:
        if asked not in ISAS:
            raise ImportError("MINDCELL_ISA: expected one of %s, but got %r"
                              % (", ".join(ISAS), asked))
        if asked not in built:
            raise ImportError("MINDCELL_ISA=%s: mindcell was built without it (built: %s)"
                              % (asked, ", ".join(built)))
        if not runnable(asked, features):
            raise ImportError("MINDCELL_ISA=%s: this CPU lacks %s" % (
                asked, ", ".join(n for n in _NEEDS[asked] if not features.get(n, False))))
        return asked
    for isa in built:
        if runnable(isa, features):
            return isa
    raise ImportError("mindcell._C: this CPU runs none of the built kernel sets (%s)"
                      % ", ".join(built))


ISA = choose_isa()
FAMILIES = tuple(sorted(info.name for info in
                        pkgutil.iter_modules([os.path.join(os.path.dirname(__file__), ISA)])))
for _family in FAMILIES:
    _module = importlib.import_module("%s.%s.%s" % (__name__, ISA, _family))
    sys.modules["%s.%s" % (__name__, _family)] = _module
    globals()[_family] = _module
del _family, _module
