"""Checkpoint interoperability: save a mindcell network in MindSpore's .ckpt format and as
safetensors, load it back, and convert a PyTorch-style state_dict (numpy arrays with torch
names) into the network. Run: python examples/checkpoint_interop.py"""
import os
import tempfile

import numpy as np

import mindcell as ms
from mindcell import nn

TORCH_TO_MINDSPORE = {"running_mean": "moving_mean", "running_var": "moving_variance",
                      "weight": "gamma", "bias": "beta"}


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 4)
        self.bn = nn.BatchNorm1d(4)

    def construct(self, x):
        return self.bn(self.fc(x))


def from_torch_state_dict(net, state):
    """Rename a torch state_dict by layer type (BatchNorm: weight->gamma ...) and load it."""
    params = {}
    for key, value in state.items():
        if key.endswith("num_batches_tracked"):
            continue
        cell_path, _, leaf = key.rpartition(".")
        cell = net.get_sub_cell(cell_path)
        if isinstance(cell, (nn.BatchNorm1d, nn.BatchNorm2d)):
            leaf = TORCH_TO_MINDSPORE.get(leaf, leaf)
        name = cell_path + "." + leaf
        params[name] = ms.Parameter(ms.Tensor(np.asarray(value)), name=name)
    return ms.load_param_into_net(net, params)


def main(argv=None):
    net = Net()
    folder = tempfile.mkdtemp(prefix="mindcell_ckpt_")
    ckpt = os.path.join(folder, "net.ckpt")
    ms.save_checkpoint(net, ckpt, append_dict={"epoch": 1})
    fresh = Net()
    print("load .ckpt:", ms.load_param_into_net(fresh, ms.load_checkpoint(ckpt)))
    st = os.path.join(folder, "net.safetensors")
    ms.save_checkpoint(net, st, format="safetensors")
    print("load .safetensors:", ms.load_param_into_net(Net(), ms.load_checkpoint(
        st, format="safetensors")))
    rng = np.random.default_rng(0)
    torch_like = {"fc.weight": rng.standard_normal((4, 3)).astype(np.float32),
                  "fc.bias": np.zeros(4, np.float32), "bn.weight": np.ones(4, np.float32),
                  "bn.bias": np.zeros(4, np.float32), "bn.running_mean": np.zeros(4, np.float32),
                  "bn.running_var": np.ones(4, np.float32),
                  "bn.num_batches_tracked": np.array(0)}
    result = from_torch_state_dict(fresh, torch_like)
    print("load torch state_dict:", result)
    assert np.array_equal(fresh.fc.weight.asnumpy(), torch_like["fc.weight"])
    return result


if __name__ == "__main__":
    main()
