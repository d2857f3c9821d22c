"""nn.get_activation and MindSpore's registry nn.layer.activation._activation: the MindSpore
2.10 names of the activation cells mindcell has build those cells (hsigmoid, hardtanh, mish,
prelu, logsigmoid were KeyErrors), and the registry is a dict programs copy and extend (SciAI's
architecture module does at import time). Checked with ms-oracle."""
import copy

import pytest

from mindcell import nn
from mindcell.nn.layer.activation import _activation

MINDSPORE_NAMES = {
    "elu": "ELU", "fast_gelu": "FastGelu", "gelu": "GELU", "hardtanh": "Hardtanh",
    "hsigmoid": "HSigmoid", "hswish": "HSwish", "leakyrelu": "LeakyReLU",
    "logsigmoid": "LogSigmoid", "logsoftmax": "LogSoftmax", "mish": "Mish", "prelu": "PReLU",
    "relu": "ReLU", "relu6": "ReLU6", "sigmoid": "Sigmoid", "silu": "SiLU",
    "softmax": "Softmax", "tanh": "Tanh",
}


@pytest.mark.parametrize("name", sorted(MINDSPORE_NAMES))
def test_mindspore_names_build_their_cells(name):
    assert type(nn.get_activation(name)).__name__ == MINDSPORE_NAMES[name]
    assert _activation[name] is getattr(nn, MINDSPORE_NAMES[name])


def test_registry_is_a_dict_programs_extend():
    mine = copy.copy(_activation)
    mine["my_act"] = nn.ReLU
    assert "my_act" not in _activation and isinstance(mine["mish"](), nn.Mish)
    with pytest.raises(KeyError, match="unknown activation 'nope'"):
        nn.get_activation("nope")
    assert nn.get_activation(None) is None
