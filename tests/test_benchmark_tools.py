"""mindcell.benchmark: compare_modes on a user Cell and the table of a benchmark JSON."""
import numpy as np

import mindcell as ms
from mindcell import nn
from mindcell.benchmark import compare_modes
from mindcell.benchmark.__main__ import _table


def test_compare_modes_reports_both_modes():
    net = nn.SequentialCell([nn.Dense(8, 16), nn.ReLU(), nn.Dense(16, 2)])
    result = compare_modes(net, ms.Tensor(np.ones((4, 8), np.float32)), min_time=0.02)
    assert result.outputs_agree
    assert result.pynative_seconds > 0 and result.graph_seconds > 0
    assert result.peak_bytes > 0 and result.compile_seconds > 0
    assert "speedup" in repr(result)
    assert ms.get_context("mode") == ms.PYNATIVE_MODE


def test_table_ratios():
    data = {"benchmarks": [{"name": "a", "group": "W", "stats": {"median": 0.002}},
                           {"name": "b", "group": "W", "stats": {"median": 0.001}}]}
    text = _table(data, data)
    assert "2.00x" in text and "1.00x" in text


def test_times_print_in_units_that_fit():
    from mindcell.benchmark.__main__ import format_time
    assert format_time(4.15e-7) == "415.000 ns"
    assert format_time(2.5e-6) == "2.500 µs"
    assert format_time(0.0123) == "12.300 ms"
    assert format_time(3.0) == "3.000 s"
    data = {"benchmarks": [{"name": "fast", "group": "W1", "stats": {"median": 4.7e-7}}]}
    assert "470.000 ns" in _table(data) and "0.000 ms" not in _table(data)


def _collect(*ids, cwd):
    """The node ids the CLI's pytest run would select for ``ids``, collected only, run from
    ``cwd`` (outside the repository: the workloads come from the installed package)."""
    import os
    import subprocess
    import sys
    import mindcell.benchmark.workloads as workloads
    folder = os.path.dirname(workloads.__file__)
    cmd = [sys.executable, "-m", "pytest", folder, "--collect-only", "-q",
           "-p", "no:cacheprovider"]
    for w in ids:
        cmd += ["--workload", w]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=str(cwd), timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return [ln for ln in out.stdout.splitlines() if "::" in ln]


def test_workloads_ship_in_the_package_and_select_exactly(tmp_path):
    import pytest
    pytest.importorskip("pytest_benchmark")
    w1 = _collect("W1", cwd=tmp_path)
    assert w1 and all("::test_w1_" in n for n in w1), w1
    w3 = _collect("w3", cwd=tmp_path)
    assert w3 and all("test_mlp_training_step[" in n and "-W3]" in n for n in w3), w3
    both = _collect("W2", "M1", cwd=tmp_path)
    assert {n.split("::")[1][:7] for n in both} == {"test_w2", "test_m1"}


def test_unknown_workload_is_refused(capsys):
    import pytest
    from mindcell.benchmark.__main__ import main
    with pytest.raises(SystemExit) as info:
        main(["-k", "W99"])
    assert info.value.code == 2
    assert "W99" in capsys.readouterr().err


def test_plot_without_matplotlib_exits_nonzero(monkeypatch, capsys):
    import sys
    from mindcell.benchmark.__main__ import main
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    assert main(["-k", "W1", "--plot", "out.png"]) != 0
    assert "pip install matplotlib" in capsys.readouterr().err


def test_summary_table_columns_bounds_and_ratios():
    from mindcell.benchmark.bounds import WORK, column_of, summary_markdown, workload_of
    assert workload_of("W7 LayerNorm fwd+bwd (4096,1024)") == "W7ln"
    assert workload_of("W7 RMSNorm fwd+bwd (4096,1024)") == "W7rms"
    assert workload_of("W3 MLP training step, batch 64") == "W3"
    assert column_of("test_w2_torch_compile") == "torch_compile"
    assert column_of("test_w7_layernorm_torch[torch]") == "torch"
    assert column_of("test_mlp_training_step[jax-W3]") == "jax"
    assert column_of("test_w8_startup_to_first_step[GRAPH_MODE]") == "graph"
    assert column_of("test_w1_numpy") == "numpy"
    # the MLP's FLOPs: forward, weight gradients, and two of the three input gradients
    assert WORK["W3"][0] == 2 * 64 * (2 * (784 * 512 + 512 * 512 + 512 * 10) + 512 * 512
                                      + 512 * 10)
    group = "W2 fused elementwise 1e6"
    data = {"benchmarks": [
        {"name": "test_w2_torch", "group": group, "stats": {"median": 4e-3}},
        {"name": "test_w2_jax", "group": group, "stats": {"median": 1e-3}},
        {"name": "test_w2_graph", "group": group, "stats": {"median": 2e-3}},
        {"name": "test_w2_pynative", "group": group, "stats": {"median": 3e-3}},
        {"name": "test_w8_startup_to_first_step[GRAPH_MODE]", "group": "W8 start-up",
         "stats": {"median": 1e-6}, "extra_info": {"first_step_seconds": 0.02}}]}
    table = summary_markdown(data, peaks=(1e11, 8e9)).splitlines()
    w2 = [r for r in table if r.startswith("| W2 ")][0].split(" | ")
    # bound: 8 MB at 8 GB/s = 1 ms; GRAPH / best peer (JAX) 2.00; GRAPH / bound 2.00;
    # PYNATIVE / torch eager 0.75
    assert w2[6] == "1.000 ms" and w2[7:10] == ["2.00", "2.00", "0.75 |"], w2
    w8 = [r for r in table if r.startswith("| W8 ")][0]
    assert "20.000 ms" in w8  # the child process's time, not the placeholder's
