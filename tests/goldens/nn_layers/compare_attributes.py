"""Development tool (not a test): which instance attributes MindSpore 2.10's layers, losses and
optimizers hold that mindcell's lack or hold with another kind of value.

    # 1. record MindSpore's attributes (vars() less every Cell's own) into a JSON file
    CONF_TARGET=mindspore ../shared/tools/ms-oracle tests/goldens/nn_layers/compare_attributes.py /tmp/ms_attrs.json
    # 2. list what mindcell lacks or holds differently
    CONF_TARGET=mindcell python tests/goldens/nn_layers/compare_attributes.py /tmp/ms_attrs.json

The names that matter are then recorded in cases/005_layer_attributes.py.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "..", "shared", "conformance"))
from _target import ms, nn, ops, Tensor, Parameter  # noqa: E402

CELL_OWN = {"training", "requires_grad", "is_top_cell", "arguments_key", "mixed_precision_type",
            "cell_type", "grad_ops_label", "has_bprop"}


def kind(v):
    if isinstance(v, Parameter):
        return "Parameter:" + v.name
    if isinstance(v, Tensor):
        return "Tensor:%s:%s" % (v.dtype, list(v.shape))
    if isinstance(v, nn.Cell):
        return "Cell:" + type(v).__name__
    if isinstance(v, ops.Primitive):
        return "Prim:" + type(v).__name__
    if isinstance(v, (bool, int, float, str, type(None))):
        return v
    if isinstance(v, tuple) and all(isinstance(i, (int, float, str, bool)) for i in v):
        return list(v)
    return "type:" + type(v).__name__


def cells():
    net = nn.Dense(3, 4)
    return {
        "Dense": nn.Dense(3, 4, activation="relu"), "Conv1d": nn.Conv1d(2, 4, 3, has_bias=True),
        "Conv2d": nn.Conv2d(2, 4, 3, has_bias=True), "Conv3d": nn.Conv3d(2, 4, 3, has_bias=True),
        "Conv2dTranspose": nn.Conv2dTranspose(2, 4, 3, has_bias=True),
        "BatchNorm1d": nn.BatchNorm1d(4), "BatchNorm2d": nn.BatchNorm2d(4),
        "LayerNorm": nn.LayerNorm((4,)), "GroupNorm": nn.GroupNorm(2, 4),
        "Dropout": nn.Dropout(p=0.3), "Embedding": nn.Embedding(10, 4), "ReLU": nn.ReLU(),
        "Softmax": nn.Softmax(), "MaxPool2d": nn.MaxPool2d(2, 2), "AvgPool2d": nn.AvgPool2d(2, 2),
        "LSTM": nn.LSTM(3, 4), "GRU": nn.GRU(3, 4), "Flatten": nn.Flatten(),
        "SequentialCell": nn.SequentialCell([nn.ReLU()]), "CellList": nn.CellList([nn.ReLU()]),
        "SoftmaxCrossEntropyWithLogits": nn.SoftmaxCrossEntropyWithLogits(sparse=True),
        "MSELoss": nn.MSELoss(), "Adam": nn.Adam(net.trainable_params()),
        "Momentum": nn.Momentum(net.trainable_params(), 0.1, 0.9),
        "SGD": nn.SGD(net.trainable_params()),
    }


def main(path):
    if os.environ.get("CONF_TARGET", "mindspore") == "mindspore":
        out = {name: {k: kind(v) for k, v in vars(c).items()
                      if not k.startswith("_") and k not in CELL_OWN}
               for name, c in cells().items()}
        with open(path, "w") as f:
            json.dump(out, f, indent=1)
        return
    with open(path) as f:
        ref = json.load(f)
    for name, c in cells().items():
        for attr, want in ref[name].items():
            if not hasattr(c, attr):
                print("MISSING %s.%s (MindSpore: %s)" % (name, attr, want))
            elif kind(getattr(c, attr)) != want:
                print("DIFF    %s.%s MindSpore %r, mindcell %r"
                      % (name, attr, want, kind(getattr(c, attr))))


if __name__ == "__main__":
    main(sys.argv[1])
