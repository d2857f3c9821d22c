"""Layer size arguments go through the one shared positive-int check (ops._errors): a
non-positive int is a ValueError, a non-int (float, bool, str) a TypeError, each message naming
the layer and the argument."""
import numpy as np
import pytest

from mindcell import nn

# (layer, valid keyword arguments, the argument to break)
CASES = [
    (nn.Dense, dict(in_channels=3, out_channels=4), "in_channels"),
    (nn.Dense, dict(in_channels=3, out_channels=4), "out_channels"),
    (nn.Conv2d, dict(in_channels=3, out_channels=4, kernel_size=3), "in_channels"),
    (nn.Conv2d, dict(in_channels=4, out_channels=4, kernel_size=3, group=2), "group"),
    (nn.Conv3d, dict(in_channels=3, out_channels=4, kernel_size=3), "out_channels"),
    (nn.BatchNorm2d, dict(num_features=3), "num_features"),
    (nn.InstanceNorm2d, dict(num_features=3), "num_features"),
    (nn.GroupNorm, dict(num_groups=2, num_channels=4), "num_groups"),
    (nn.GroupNorm, dict(num_groups=2, num_channels=4), "num_channels"),
    (nn.PReLU, dict(channel=3), "channel"),
    (nn.MultiheadAttention, dict(embed_dim=4, num_heads=2), "embed_dim"),
    (nn.MultiheadAttention, dict(embed_dim=4, num_heads=2), "num_heads"),
    (nn.Embedding, dict(vocab_size=5, embedding_size=3), "vocab_size"),
    (nn.Embedding, dict(vocab_size=5, embedding_size=3), "embedding_size"),
    (nn.LSTM, dict(input_size=3, hidden_size=4), "hidden_size"),
    (nn.RNNCell, dict(input_size=3, hidden_size=4), "input_size"),
]
BAD = [(0, ValueError), (-2, ValueError), (2 ** 31, ValueError), (2.0, TypeError),
       (True, TypeError), ("3", TypeError)]


def _id(case):
    return "%s-%s" % (case[0].__name__, case[2])


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_valid_sizes_are_kept_as_ints(case):
    cls, kwargs, arg = case
    layer = cls(**dict(kwargs, **{arg: np.int64(kwargs[arg])}))
    assert layer is not None


@pytest.mark.parametrize("value,error", BAD, ids=[repr(v) for v, _ in BAD])
@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_bad_sizes_raise_naming_layer_and_argument(case, value, error):
    cls, kwargs, arg = case
    with pytest.raises(error) as info:
        cls(**dict(kwargs, **{arg: value}))
    msg = str(info.value)
    assert msg.startswith(cls.__name__ + ":"), msg
    assert "'%s'" % arg in msg, msg
