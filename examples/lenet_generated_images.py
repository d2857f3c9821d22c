"""LeNet-5 on generated 32x32 images (bright squares vs. crosses vs. diagonals), trained with
TrainOneStepCell in GRAPH_MODE. Run: python examples/lenet_generated_images.py --steps 60"""
import argparse

import numpy as np

import mindcell as ms
from mindcell import nn


def make_images(n, rng):
    x = rng.normal(0, 0.3, (n, 1, 32, 32)).astype(np.float32)
    y = rng.integers(0, 3, n).astype(np.int32)
    for i, c in enumerate(y):
        r, s = rng.integers(4, 20, 2)
        if c == 0:
            x[i, 0, r:r + 8, s:s + 8] += 2.0
        elif c == 1:
            x[i, 0, r + 3, s:s + 9] += 2.0
            x[i, 0, r:r + 9, s + 4] += 2.0
        else:
            for k in range(9):
                x[i, 0, r + k, s + k] += 2.0
    return x, y


class LeNet5(nn.Cell):
    def __init__(self, n_classes=3):
        super().__init__()
        self.features = nn.SequentialCell([
            nn.Conv2d(1, 6, 5, pad_mode="valid", has_bias=True), nn.ReLU(), nn.MaxPool2d(2, 2),
            nn.Conv2d(6, 16, 5, pad_mode="valid", has_bias=True), nn.ReLU(), nn.MaxPool2d(2, 2)])
        self.head = nn.SequentialCell([nn.Flatten(), nn.Dense(400, 120), nn.ReLU(),
                                       nn.Dense(120, 84), nn.ReLU(), nn.Dense(84, n_classes)])

    def construct(self, x):
        return self.head(self.features(x))


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args(argv)
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    rng = np.random.default_rng(0)
    net = LeNet5()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss),
                               nn.Momentum(net.trainable_params(), 0.02, 0.9))
    step.set_train()
    for i in range(args.steps):
        x, y = make_images(32, rng)
        value = float(step(ms.Tensor(x), ms.Tensor(y)).asnumpy())
        if i % 20 == 0:
            print("step %d loss %.4f" % (i, value))
    net.set_train(False)
    x, y = make_images(256, rng)
    acc = float((net(ms.Tensor(x)).asnumpy().argmax(1) == y).mean())
    print("accuracy %.3f" % acc)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return acc


if __name__ == "__main__":
    main()
