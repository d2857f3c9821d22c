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
