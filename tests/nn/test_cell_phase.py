"""Cell.phase as MindSpore 2.10 has it (ms-oracle): a str property, 'train' at first,
'predict' / 'train' after set_train on that cell only, assignable by programs (mindface's
RetinaFace sets ``self.phase = phase`` in __init__ and branches on it in construct)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn


def test_phase_follows_set_train_on_the_cell_only():
    s = nn.SequentialCell([nn.Dense(2, 2)])
    assert (s.phase, s[0].phase) == ("train", "train")
    s.set_train(False)
    assert (s.phase, s[0].phase) == ("predict", "train")
    s.set_train(True)
    assert (s.phase, s[0].phase) == ("train", "train")
    s[0].phase = "abc"
    s.set_train(True)
    assert s[0].phase == "abc"
    with pytest.raises(TypeError, match="'phase' must be string"):
        s.phase = 3


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_program_assigned_phase_drives_construct(mode):
    class Net(nn.Cell):
        def __init__(self, phase):
            super().__init__()
            self.phase = phase
            self.fc = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

        def construct(self, x):
            y = self.fc(x)
            if self.phase == "train":
                return y
            return ms.ops.softmax(y, -1)

    previous = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        np.testing.assert_allclose(Net("train")(x).asnumpy(), [[3.0, 3.0]])
        np.testing.assert_allclose(Net("val")(x).asnumpy(), [[0.5, 0.5]])
    finally:
        ms.set_context(mode=previous)
