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

The BLAS's thread count follows the machine's load (csrc/_threads.h): while other processes
keep cores busy, products use fewer threads (OpenBLAS's threads spin while a peer that lost
its core holds them up: an MLP step went from 1.2 ms to 144 ms with 2 threads next to one busy
process), and the configured count comes back when the cores are free. The OpenMP loops,
whose idle workers sleep, keep the configured count.
``set_adaptive(False)``, ``MINDCELL_ADAPTIVE_THREADS=0`` or a deterministic context
(``set_context(deterministic="ON")``: OpenBLAS's products differ in the last bits between
thread counts) keep the configured count.
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


def _kernel_modules():
    """Every compiled kernel module (mindcell._C.<family>), enumerated, not listed."""
    from mindcell import _C
    return [getattr(_C, family) for family in _C.FAMILIES]


def _env_adaptive():
    """MINDCELL_ADAPTIVE_THREADS: '0' (or 'false', 'off', 'no') switches load following off.
    So does OMP_WAIT_POLICY=ACTIVE: idle OpenMP workers then spin and would count as load."""
    if os.environ.get("OMP_WAIT_POLICY", "").strip().lower() == "active":
        return False
    return os.environ.get("MINDCELL_ADAPTIVE_THREADS", "1").strip().lower() not in (
        "0", "false", "off", "no")


def _blas_spin_ns():
    """How long OpenBLAS's idle workers spin after a product: 2**OPENBLAS_THREAD_TIMEOUT
    cycles (clamped to 4..30 as OpenBLAS does), counted as nanoseconds (a cycle < 1 ns),
    at least 100 us."""
    value = os.environ.get("OPENBLAS_THREAD_TIMEOUT", "").strip()
    bits = min(max(int(value), 4), 30) if value.isdigit() else 28  # OpenBLAS's default
    return max(2 ** bits, 100000)


def _machine_cores():
    return os.cpu_count() or 1


_state = {"threads": None, "bound": False, "adaptive": _env_adaptive(),
          "deterministic": False, "sampling": True, "cores": None, "loops": False}


def _owner():
    """The kernel module whose thread state every module shares (bound on first use)."""
    modules = _kernel_modules()
    if not _state["bound"]:
        address = modules[0]._thread_state_address()
        for module in modules[1:]:
            module._bind_thread_state(address)
        _state["bound"] = True
        _configure(modules[0])
    return modules[0]


def _configure(owner):
    cores = _state["cores"] or _usable_cores()
    owner._thread_configure(int(_state["adaptive"] and not _state["deterministic"]),
                            int(_state["sampling"]), cores, max(_machine_cores(), cores),
                            _blas_spin_ns())
    owner._thread_loops_follow(int(_state["loops"]))


def _set_load_source(sampling=True, cores=None):
    """Tests: ``sampling=False`` stops reading the machine's load (samples are then fed with
    the modules' ``_thread_feed``); ``cores`` replaces the usable cores. Forgets the load."""
    _state["sampling"], _state["cores"] = bool(sampling), cores
    owner = _owner()
    _configure(owner)
    owner._thread_reset_load()


def _usable_cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _set_loops_follow(flag):
    """Experiments, tests: whether the OpenMP loops follow the load too (default: only the
    BLAS does; see docs/performance.md)."""
    _state["loops"] = bool(flag)
    _configure(_owner())


def set_adaptive(flag):
    """Whether the thread count in use follows the machine's load (True: the default)."""
    _state["adaptive"] = bool(flag)
    _configure(_owner())


def is_adaptive():
    """Whether the thread count follows the load now (off in a deterministic context)."""
    return _owner()._thread_state()["adaptive"]


def set_deterministic(flag):
    """A deterministic context keeps the configured thread count (mindcell/context.py)."""
    _state["deterministic"] = bool(flag)
    _configure(_owner())


def state():
    """The shared thread state: configured and current count, smoothed load, counters."""
    return _owner()._thread_state()


def set_num_threads(n=None):
    """Threads of every kernel's parallel loops and of the BLAS (None: the default)."""
    n = default_num_threads() if n is None else int(n)
    if n < 1:
        raise ValueError("set_num_threads: expects n >= 1, but got %d" % n)
    _owner().set_num_threads(n)  # one state for every module
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
