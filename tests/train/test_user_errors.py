"""Common user mistakes raise MindSpore's exception type (recorded from MindSpore 2.10 in
tests/goldens/user_errors) with a message naming the API, what was expected, what was given
and, where it helps, the MindSpore way to write it. The table is _user_errors_table.py."""
import json
import os

import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor

from _user_errors_table import ROWS, call

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "user_errors", "golden",
                       "001_common_mistakes.jsonl")


def _mindspore_types():
    with open(_GOLDEN) as f:
        return {row["k"]: row["v"] for row in map(json.loads, f)}


MINDSPORE = _mindspore_types()


def test_table_and_golden_cover_the_same_mistakes():
    assert list(MINDSPORE) == list(ROWS)
    assert len(ROWS) >= 30
    assert "no error" not in MINDSPORE.values()


@pytest.mark.parametrize("key", list(ROWS))
def test_mistake_raises_mindspore_type_with_a_helpful_message(key):
    err = call(key, ms, nn, ops, Tensor)
    assert err is not None, "%s raised nothing" % key
    assert type(err).__name__ == MINDSPORE[key], (key, type(err), err)
    message = str(err)
    missing = [w for w in ROWS[key][1] if w not in message]
    assert not missing, "%s: message %r lacks %s" % (key, message, missing)


def test_out_of_range_label_names_the_loss_in_pynative():
    net = nn.Dense(4, 3)
    x = Tensor([[1.0, 2.0, 3.0, 4.0]] * 2)
    with pytest.raises(ValueError, match="cross_entropy.*target.*\\[0, 3\\)"):
        nn.CrossEntropyLoss()(net(x), Tensor([0, 7]))


def test_mixed_precision_layers_still_cast_their_parameters():
    net = nn.Dense(4, 3).to_float(ms.float16)
    out = net(Tensor([[1.0, 2.0, 3.0, 4.0]]).astype(ms.float16))
    assert out.dtype == ms.float16


def test_elementwise_ops_keep_promoting_as_mindspore():
    a = Tensor([1.0], ms.float64)
    assert (a + Tensor([1.0], ms.float32)).dtype == ms.float64


@pytest.mark.parametrize("loss_cls, api", [(nn.CrossEntropyLoss, "cross_entropy"),
                                           (nn.NLLLoss, "nll_loss")])
def test_out_of_range_label_names_the_loss_in_graph_mode(loss_cls, api):
    """Label values are known only when the compiled step runs; the error still names the
    loss the user called, not the gather_elements it is built from."""
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = nn.Dense(4, 3)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_cls()),
                                   nn.SGD(net.trainable_params(), 0.1))
        x = Tensor([[1.0, 2.0, 3.0, 4.0]] * 2)
        with pytest.raises(ValueError, match="^%s: .*\\[0, 7\\]" % api):
            step(x, Tensor([0, 7]))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
