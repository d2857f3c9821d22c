"""mindcell/_malloc.py: large buffers freed by one training step are reused by the next without
page faults, and the user's own malloc settings (or MINDCELL_MALLOC_TUNING=0) win."""
import subprocess
import sys
import textwrap

from mindcell import _malloc

_FAULTS = textwrap.dedent("""
    import resource, numpy as np
    import mindcell
    def step():  # buffers of an LSTM step's sizes, allocated, written and freed in turn
        bufs = [np.empty(n, np.uint8) for n in (30 << 20, 8 << 20, 14 << 20, 2 << 20, 31 << 20)]
        for b in bufs:
            b.fill(1)
    step(); step()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(5):
        step()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
""")


def test_repeated_large_buffers_do_not_fault_again():
    out = subprocess.run([sys.executable, "-c", _FAULTS], capture_output=True, text=True,
                         check=True)
    pages = 5 * (85 << 20) // 4096
    assert int(out.stdout) < pages // 100, out.stdout


def test_user_settings_win():
    assert _malloc.tune({"MINDCELL_MALLOC_TUNING": "0"}) == []
    applied = _malloc.tune({"MALLOC_TRIM_THRESHOLD_": "1000000"})
    assert "MALLOC_TRIM_THRESHOLD_" not in applied
    assert set(applied) <= {"MALLOC_MMAP_THRESHOLD_"}
