"""api_table rows for MindSpore's TensorFlow-style CTC ops: ops.CTCLoss under each flag (the loss
is differentiable, its gradient output is not: probe=1) and the greedy decoder, whose decoded
shapes depend on the values (GRAPH_MODE refuses it)."""
import itertools

import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op, P

T, B, C = 5, 2, 4
LI = ms.Tensor(np.array([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]], np.int64))
LV = ms.Tensor(np.array([1, 1, 0, 2, 2], np.int32))
SL = ms.Tensor(np.array([5, 4], np.int32))
SEQ = ("int", (B,), T + 1)
DENSE = ms.Tensor(np.array([[1, 2, 2], [2, 0, 0]], np.int32))  # CTCLossV2's padded targets
IL = ms.Tensor(np.array([5, 4], np.int32))
TL = ms.Tensor(np.array([3, 1], np.int32))

CTC_BPROP = ("MindSpore's ctc_loss backpropagates exp(log_probs) - occupancy (as PyTorch), the "
             "derivative only through a log_softmax (tests/ops/test_ctc_loss.py checks both)")

ROWS = [
    *[R("ops.CTCLoss", lambda x, f=f: ops.CTCLoss(*f)(x, LI, LV, SL), (T, B, C), probe=1)
      for f in itertools.product([False, True], repeat=3)],
    Op("ctc_greedy_decoder", (T, B, C), SEQ, kind="datadep"),
    Op("ctc_greedy_decoder", (T, B, C), SEQ, kw=dict(merge_repeated=False), kind="datadep"),
    P("CTCGreedyDecoder", (), (T, B, C), SEQ, kind="datadep"),
    P("CTCGreedyDecoder", (False,), (T, B, C), SEQ, kind="datadep"),
    *[R("ops.CTCLossV2", lambda lp, k=k: ops.CTCLossV2(**k)(lp, DENSE, IL, TL)[0], (T, B, C),
        probe=1, fd=CTC_BPROP) for k in ({}, {"blank": 3, "zero_infinity": True})],
]
