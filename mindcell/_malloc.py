"""Keep freed tensor buffers in the process instead of returning them to the OS each step.

glibc's malloc serves large blocks (above a threshold it raises as they are freed, up to
32 MB) with fresh mmap()s, and gives memory at the top of its heap back to the OS once 2x that
threshold is free. A training step that allocates and frees the same large buffers every step
(activations, saved values, gradients) then page-faults on all of them again: 4,300 faults
(17 MB of pages zeroed) per step of the LSTM language model, 6% of its time. So, on glibc and
unless the user set them (MALLOC_MMAP_THRESHOLD_ / MALLOC_TRIM_THRESHOLD_), blocks up to 32 MB
come from the heap and up to 512 MB of free heap is kept. ``MINDCELL_MALLOC_TUNING=0`` leaves
malloc alone.
"""
import ctypes
import os
import platform

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20   # glibc's largest (HEAP_MAX_SIZE / 2 on 64-bit)
TRIM_THRESHOLD = 512 << 20


def tune(environ=os.environ):
    """Apply the thresholds; returns the names of the settings applied (empty if none)."""
    if environ.get("MINDCELL_MALLOC_TUNING", "1") == "0" or platform.libc_ver()[0] != "glibc":
        return []
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return []
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    applied = []
    for name, option, value in (("MALLOC_MMAP_THRESHOLD_", M_MMAP_THRESHOLD, MMAP_THRESHOLD),
                                ("MALLOC_TRIM_THRESHOLD_", M_TRIM_THRESHOLD, TRIM_THRESHOLD)):
        if name not in environ and mallopt(option, value) == 1:
            applied.append(name)
    return applied


def trim():
    """Return the free heap to the OS (glibc's ``malloc_trim(0)``); False where unavailable."""
    if platform.libc_ver()[0] != "glibc":
        return False
    try:
        malloc_trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return False
    malloc_trim.argtypes, malloc_trim.restype = [ctypes.c_size_t], ctypes.c_int
    return bool(malloc_trim(0))


APPLIED = tune()
