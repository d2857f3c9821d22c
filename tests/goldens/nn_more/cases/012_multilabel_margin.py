"""nn.MultilabelMarginLoss: its argument errors (MindSpore 2.10's CPU build has no kernel for the
loss, RuntimeError on every call with valid arguments; tests/nn/test_nn_more_losses.py checks the
values against numpy)."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


xm = Tensor(np.array([[0.1, 0.2, 0.4, 0.8], [0.3, -0.5, 0.9, 0.05]], np.float32))
tm = Tensor(np.array([[3, 0, -1, 1], [1, 2, -1, 0]], np.int32))
run("mlml_red_bad", lambda: nn.MultilabelMarginLoss("avg"))
run("mlml_float_target", lambda: nn.MultilabelMarginLoss()(xm, Tensor(tm.asnumpy().astype(np.float32))))
