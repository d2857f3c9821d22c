"""Every loss Cell checks ``reduction`` with the shared check (ops._errors.check_reduction):
any value it does not take is a ValueError (as in MindSpore, a non-str too) naming the loss
class and 'reduction'; the values it takes are kept."""
import inspect

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn

# the Cells (metrics such as nn.CosineSimilarity take 'reduction' too, with MindSpore's
# validator messages: they are not losses)
LOSSES = sorted((o for n, o in vars(nn).items() if inspect.isclass(o)
                 and issubclass(o, nn.Cell)
                 and "reduction" in inspect.signature(o.__init__).parameters),
                key=lambda c: c.__name__)
BAD = ["avg", "MEAN", "", 1, None, 1.5, ["mean"], np.ones(2), ms.Tensor([1.0])]


# losses with required constructor arguments: valid values for them
_REQUIRED = {"SampledSoftmaxLoss": (2, 5)}  # num_sampled, num_classes


def _make(cls, reduction):
    return cls(*_REQUIRED.get(cls.__name__, ()), reduction=reduction)


def _takes(cls):
    return ("none", "sum", "mean", "batchmean") if cls is nn.KLDivLoss else ("none", "sum", "mean")


def test_every_loss_class_is_covered():
    assert len(LOSSES) >= 14, [c.__name__ for c in LOSSES]


@pytest.mark.parametrize("cls", LOSSES, ids=lambda c: c.__name__)
def test_valid_reductions_are_kept(cls):
    for r in _takes(cls):
        assert _make(cls, r).reduction == r


@pytest.mark.parametrize("bad", BAD, ids=lambda v: type(v).__name__ + ":" + repr(v)[:12])
@pytest.mark.parametrize("cls", LOSSES, ids=lambda c: c.__name__)
def test_bad_reduction_is_value_error_naming_the_class(cls, bad):
    with pytest.raises(ValueError) as info:
        _make(cls, bad)
    msg = str(info.value)
    assert msg.startswith(cls.__name__ + ": 'reduction'"), msg


def test_batchmean_only_for_kldiv():
    with pytest.raises(ValueError, match="^MSELoss: 'reduction' must be one of"):
        nn.MSELoss(reduction="batchmean")
