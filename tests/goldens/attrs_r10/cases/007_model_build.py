"""Model.build (a method programs call before train): MindSpore 2.10 on the CPU checks epoch
(ValueError), then raises RuntimeError (its pre-build exists for Ascend only); train still works."""
import numpy as np
from _target import ms, nn, emit
ds = ms.dataset.NumpySlicesDataset((np.ones((8, 3), np.float32), np.ones((8, 4), np.float32)), shuffle=False).batch(4)
net = nn.Dense(3, 4, weight_init="ones", bias_init="zeros")
m = ms.train.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
for args, kw in [((), {}), ((ds,), {"epoch": 2}), ((ds,), {"epoch": 0}), ((ds,), {"sink_mode": False}), ((), {"valid_dataset": ds})]:
    try:
        r = m.build(*args, **kw); emit("build|%s" % sorted(kw), [r is None, net.weight.asnumpy()[0, 0]])
    except Exception as e:
        emit("build|%s" % sorted(kw), type(e).__name__)
m.train(1, ds)
emit("after_train", net.weight.asnumpy()[0, 0])
