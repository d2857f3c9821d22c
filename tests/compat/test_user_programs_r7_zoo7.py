"""Round-7 user programs from mindspore-ai/models (research/cv, research/nlp, research/recommend,
research/audio and official/cv families not tried before): the general mechanisms those programs
stopped at or differed by, each checked for its class against MindSpore 2.10 (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


# ----- the deprecated lower-case primitive class ops.operations.identity -----------------------
# official/cv/Unet's TempLoss builds ``self.identity = ops.identity()`` from
# mindspore.ops.operations (MindSpore's mindspore.ops.deprecated.identity): the call returns its
# input object itself; mindspore.ops.identity stays the function.
def test_deprecated_identity_primitive_returns_its_input():
    from mindcell.ops import operations as P
    import mindcell.ops.deprecated as D
    assert D.identity is P.identity and isinstance(P.identity(), ops.Primitive)
    x = ms.Tensor(np.ones((2, 3), np.float32))
    y = P.identity()(x)
    assert y is x
    y[0, 0] = 5.0
    assert x.asnumpy()[0, 0] == 5.0
    assert P.identity()(3) == 3
    # the function at mindspore.ops is not replaced by the class
    assert not isinstance(ops.identity, type)


def test_deprecated_identity_in_a_loss_cell_under_model_eval():
    from mindcell.ops import operations as P

    class PassLoss(nn.Cell):
        def __init__(self):
            super().__init__()
            self.identity = P.identity()

        def construct(self, logits, label):
            return self.identity(logits)

    net = nn.Dense(3, 2)
    data = ms.dataset.NumpySlicesDataset(
        {"x": np.ones((4, 3), np.float32), "y": np.zeros((4, 2), np.float32)}, shuffle=False).batch(2)
    model = ms.train.Model(net, loss_fn=PassLoss(), metrics={"mae": nn.MAE()})
    res = model.eval(data, dataset_sink_mode=False)
    # nn.MAE sums |error| over a sample's values and averages over samples (MindSpore: 5.0 for
    # rows [1, 2] and [3, 4] against zeros)
    expect = np.abs(net(ms.Tensor(np.ones((1, 3), np.float32))).asnumpy()).sum()
    assert np.isclose(res["mae"], expect, rtol=1e-5)
