"""Time-series forecasting with reversible instance normalisation: normalise each series with
nn.RINorm, forecast with a small MLP, and map the forecast back with RINorm.inverse.
Run: python examples/rinorm_forecast.py --steps 200"""
import argparse

import numpy as np

import mindcell as ms
from mindcell import nn, ops

IN_LEN, OUT_LEN, DIM = 24, 8, 2


def make_series(n, rng):
    t = np.arange(IN_LEN + OUT_LEN)
    level = rng.uniform(-50, 50, (n, 1, DIM))
    scale = rng.uniform(1, 20, (n, 1, DIM))
    phase = rng.uniform(0, 6.28, (n, 1, DIM))
    s = level + scale * np.sin(t[None, :, None] * 0.4 + phase)
    return s[:, :IN_LEN].astype(np.float32), s[:, IN_LEN:].astype(np.float32)


class Forecaster(nn.Cell):
    def __init__(self):
        super().__init__()
        self.rin = nn.RINorm(DIM)
        self.mlp = nn.SequentialCell([nn.Dense(IN_LEN * DIM, 64), nn.GELU(),
                                      nn.Dense(64, OUT_LEN * DIM)])

    def construct(self, x):
        z = self.rin(x)                                    # (batch, IN_LEN, DIM)
        out = self.mlp(ops.reshape(z, (x.shape[0], -1)))
        out = ops.reshape(out, (x.shape[0], OUT_LEN, DIM, 1))  # nr_params = 1
        return ops.squeeze(self.rin.inverse(out), -1)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args(argv)
    ms.set_seed(0)
    rng = np.random.default_rng(0)
    net = Forecaster()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.L1Loss()),
                               nn.Adam(net.trainable_params(), 3e-3))
    for i in range(args.steps):
        x, y = make_series(64, rng)
        loss = float(step(ms.Tensor(x), ms.Tensor(y)).asnumpy())
        if i % 50 == 0:
            print("step %d L1 %.3f" % (i, loss))
    x, y = make_series(256, rng)
    mae = float(np.abs(net(ms.Tensor(x)).asnumpy() - y).mean())
    naive = float(np.abs(x[:, -1:, :] - y).mean())
    print("test MAE %.3f (repeat-last baseline %.3f)" % (mae, naive))
    return mae, naive


if __name__ == "__main__":
    main()
