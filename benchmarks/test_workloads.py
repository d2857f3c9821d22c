"""The workloads that ship with mindcell (W1-W9, M1, LSTM, CONTENTION:
mindcell.benchmark.workloads, also run by ``python -m mindcell.benchmark``), collected here
too so that ``python -m pytest benchmarks --benchmark-only`` measures every benchmark in one run."""
from mindcell.benchmark.workloads.test_w1_w2_overhead_fusion import *  # noqa: F401,F403
from mindcell.benchmark.workloads.test_w3_w6_training import *  # noqa: F401,F403
from mindcell.benchmark.workloads.test_w7_norms import *  # noqa: F401,F403
from mindcell.benchmark.workloads.test_w8_m1 import *  # noqa: F401,F403
from mindcell.benchmark.workloads.test_w9_resnet import *  # noqa: F401,F403
from mindcell.benchmark.workloads.test_lstm import *  # noqa: F401,F403
from mindcell.benchmark.workloads.test_contention import *  # noqa: F401,F403
