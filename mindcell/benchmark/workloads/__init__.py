"""The benchmark workloads that ship with mindcell (pytest-benchmark modules): W1 dispatch
overhead, W2 fused elementwise, W3/W4 MLP training steps, W5 LeNet-5, W6 transformer block,
W7 LayerNorm/RMSNorm, W8 start-up, W9 ResNet-18 training step, M1 recompute memory, LSTM
language model, CONTENTION (training steps' slowdown next to a busy process). Run them with
``python -m mindcell.benchmark`` (``-k W1`` selects one workload by id)."""

WORKLOADS = ("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "M1", "LSTM", "CONTENTION")
