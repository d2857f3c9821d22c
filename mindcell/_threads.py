"""Thread settings that must be in the environment before the OpenMP runtime and the BLAS
start: imported first by ``mindcell/__init__.py``. A user's own setting always wins.

Our OpenMP loops and the BLAS's threads share two cores and run in alternation (a product,
then elementwise work, then a product ...). Workers that spin-wait after their work take the
cores the next kernel needs, so both kinds sleep when idle:

- ``OMP_WAIT_POLICY=PASSIVE``: idle OpenMP workers sleep (spinning tripled training steps).
- ``OPENBLAS_THREAD_TIMEOUT=16``: OpenBLAS workers spin 2**16 cycles (some 20 us) instead of
  2**28 after a product (a LeNet training step on two cores: 150 ms -> 12 ms with 2**4), long
  enough to stay awake between products issued back to back (an LSTM's per-step products,
  attention's): against 2**4, the LSTM LM step 1.10x -> 1.01-1.03x PyTorch's time and the W6
  transformer block 33 -> 28 ms, with W3-W5 unchanged. mindcell's products use
  scipy's OpenBLAS, which loads after this module; numpy's own, loaded earlier with numpy,
  serves no hot path of mindcell.
"""
import os

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "16")


def default_num_threads():
    """``OMP_NUM_THREADS`` when it is a positive int, else the cores this process may use."""
    value = os.environ.get("OMP_NUM_THREADS", "").split(",")[0].strip()
    if value.isdigit() and int(value) > 0:
        return int(value)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_state = {"threads": None}


def _kernel_modules():
    """Every compiled kernel module (mindcell._C.<family>), enumerated, not listed."""
    from mindcell import _C
    return [getattr(_C, family) for family in _C.FAMILIES]


def set_num_threads(n=None):
    """Threads of every kernel's parallel loops and of the BLAS (None: the default)."""
    n = default_num_threads() if n is None else int(n)
    if n < 1:
        raise ValueError("set_num_threads: expects n >= 1, but got %d" % n)
    for module in _kernel_modules():
        module.set_num_threads(n)
    _state["threads"] = n
    for follow in _FOLLOWERS:
        follow(n)


_FOLLOWERS = []  # the BLAS's thread setter (mindcell/_core/blas.py registers it)


def follow(setter):
    """Call ``setter(n)`` now and whenever the thread count changes."""
    _FOLLOWERS.append(setter)
    if _state["threads"] is not None:
        setter(_state["threads"])


def get_num_threads():
    """The thread count set by :func:`set_num_threads` (the default until it is called)."""
    if _state["threads"] is None:
        set_num_threads()
    return _state["threads"]
