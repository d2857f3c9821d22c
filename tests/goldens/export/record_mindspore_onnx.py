"""Record an ONNX file written by MindSpore 2.10's ``export`` (run under real MindSpore; a
development step, tests never need MindSpore):

    ../shared/tools/ms-oracle tests/goldens/export/record_mindspore_onnx.py

A small convolutional network with fixed weights is exported; the file (base64), the inputs and
MindSpore's outputs go to ``mindspore_convnet.json``. tests/train/test_export_onnx.py loads the
file with ``mindcell.load`` and checks that ``nn.GraphCell`` reproduces MindSpore's outputs
(MindSpore writes Gemm, BatchNormalization, Flatten, MaxPool with auto_pad, Constant ...).
"""
import base64
import json
import os
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mindspore_convnet.json")


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, pad_mode="pad", padding=1, has_bias=True)
        self.bn = nn.BatchNorm2d(3)
        self.pool, self.flatten = nn.MaxPool2d(2, 2), nn.Flatten()
        self.fc, self.relu = nn.Dense(12, 4), nn.ReLU()

    def construct(self, x, y):
        h = self.flatten(self.pool(self.relu(self.bn(self.conv(x)))))
        return ops.softmax(self.fc(h) + y, -1), h * 2


def main():
    net = ConvNet()
    net.set_train(False)
    rng = np.random.default_rng(0)
    for p in net.get_parameters():
        positive = "variance" in p.name or "gamma" in p.name
        v = rng.uniform(0.5, 1.5, p.shape) if positive else rng.standard_normal(p.shape) * 0.5
        p.set_data(Tensor(v.astype(np.float32)))
    x = Tensor(rng.standard_normal((2, 2, 4, 4)).astype(np.float32))
    y = Tensor(rng.standard_normal((2, 4)).astype(np.float32))
    path = os.path.join(tempfile.mkdtemp(), "convnet")
    ms.export(net, x, y, file_name=path, file_format="ONNX")
    with open(path + ".onnx", "rb") as f:
        data = base64.b64encode(f.read()).decode()
    record = {"onnx": data, "x": x.asnumpy().tolist(), "y": y.asnumpy().tolist(),
              "outputs": [o.asnumpy().tolist() for o in net(x, y)]}
    with open(OUT, "w") as f:
        json.dump(record, f)
        f.write("\n")


if __name__ == "__main__":
    main()
