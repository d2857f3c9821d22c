"""W9: CIFAR ResNet-18 training step, input (32, 3, 32, 32): 3x3 stem convolution (64, no
max-pool), 4 stages of 2 BasicBlocks (64/128/256/512 channels, strides 1/2/2/2, a 1x1
convolution + BatchNorm shortcut when a block downsamples), BatchNorm in training mode after
every convolution, ReLU, global average pool, Dense 512 -> 10, mean softmax cross-entropy,
SGD lr 0.01 (106.5 GFLOP per step). Columns: PYNATIVE, GRAPH (TrainOneStepCell), functional
(the MindSpore 2.x loop under ``ms.jit``), PyTorch eager, torch.compile and JAX jit (the last
three when installed)."""
import numpy as np
import pytest

import mindcell as ms

from mindcell.benchmark.workloads import jax_models
from mindcell.benchmark.workloads.models import ResNet18
from mindcell.benchmark.workloads.test_w3_w6_training import mindcell_step, torch_train_step

SHAPE = (32, 3, 32, 32)
GROUP = "W9 ResNet-18 training step (32,3,32,32)"


def torch_resnet18_step(torch, compiled=False):
    """The same network and step in PyTorch (zero padding kernel // 2, BatchNorm in training
    mode); ``compiled`` runs the step through torch.compile."""
    torch.manual_seed(0)
    nn_ = torch.nn

    def conv_bn(c_in, c_out, kernel, stride):
        return nn_.Sequential(nn_.Conv2d(c_in, c_out, kernel, stride, kernel // 2, bias=False),
                              nn_.BatchNorm2d(c_out))

    class Block(nn_.Module):
        def __init__(self, c_in, c_out, stride):
            super().__init__()
            self.conv1, self.conv2 = conv_bn(c_in, c_out, 3, stride), conv_bn(c_out, c_out, 3, 1)
            self.shortcut = conv_bn(c_in, c_out, 1, stride) \
                if stride != 1 or c_in != c_out else None

        def forward(self, x):
            out = self.conv2(torch.relu(self.conv1(x)))
            return torch.relu(out + (x if self.shortcut is None else self.shortcut(x)))

    class Net(nn_.Module):
        def __init__(self):
            super().__init__()
            self.stem = conv_bn(3, 64, 3, 1)
            blocks, c_in = [], 64
            for c_out, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
                blocks += [Block(c_in, c_out, stride), Block(c_out, c_out, 1)]
                c_in = c_out
            self.blocks = nn_.Sequential(*blocks)
            self.head = nn_.Linear(512, 10)

        def forward(self, x):
            return self.head(self.blocks(torch.relu(self.stem(x))).mean((2, 3)))

    return torch_train_step(torch, Net(), SHAPE, compiled)


@pytest.mark.parametrize("column", ["pynative", "graph", "functional", "torch", "torch_compile",
                                    "jax"])
def test_w9_resnet18_training_step(benchmark, column, request):
    benchmark.group = GROUP
    if column.startswith("torch"):
        fn = torch_resnet18_step(request.getfixturevalue("torch"), column == "torch_compile")
    elif column == "jax":
        fn = jax_models.resnet18_step(request.getfixturevalue("jax"), SHAPE)
        assert np.isfinite(fn())  # compiles before timing
    else:
        fn = mindcell_step(column, ResNet18, SHAPE)
    benchmark.pedantic(fn, rounds=5, warmup_rounds=1)
