"""The repr of a 0-d float Tensor is MindSpore 2.10's: the value as C's %g writes it (six
significant digits), so printed losses and gradients read as in MindSpore's tutorials
(``value= 2``, not ``value= 2.0``; ``0.1``, not ``0.10000000149011612``). Checked against
ms-oracle for every value below."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor

CASES = [
    (np.float32(2.0), "2"), (np.float32(2.5), "2.5"), (np.float32(0.1), "0.1"),
    (np.float32(1e-8), "1e-08"), (np.float32(1e10), "1e+10"), (np.float32(-3.0), "-3"),
    (np.float32(123456789.0), "1.23457e+08"), (np.float32(1.0 / 3), "0.333333"),
    (np.float32("nan"), "nan"), (np.float32("inf"), "inf"), (np.float32(0.0), "0"),
    (np.float32(-0.0), "-0"), (np.float16(2.0), "2"), (np.float64(1.0 / 3), "0.333333"),
]


@pytest.mark.parametrize("value,text", CASES)
def test_zero_d_float_repr(value, text):
    t = Tensor(value)
    assert repr(t) == "Tensor(shape=[], dtype=%s, value= %s)" % (t.dtype, text)


def test_other_reprs_unchanged():
    assert repr(Tensor(np.int32(2))) == "Tensor(shape=[], dtype=Int32, value= 2)"
    assert repr(Tensor(np.bool_(True))) == "Tensor(shape=[], dtype=Bool, value= True)"
    assert repr(Tensor(np.array([2.0], np.float32))) == \
        "Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])"
    assert str(Tensor(np.float32(2.0))) == "2.0"  # str stays numpy's, as MindSpore's
    assert ms.Tensor(np.float32(2.5)).item() == 2.5


def test_three_d_repr_has_no_blank_lines_between_blocks():
    t = Tensor(np.arange(8, dtype=np.int32).reshape(2, 2, 2))
    assert repr(t) == ("Tensor(shape=[2, 2, 2], dtype=Int32, value=\n"
                       "[[[0, 1],\n  [2, 3]],\n [[4, 5],\n  [6, 7]]])")
    assert "\n\n" in str(t)  # print() keeps numpy's layout, as MindSpore's str


def test_fstring_of_a_tensor_is_its_str():
    # f"loss: {loss}" in training loops prints str(loss), as MindSpore 2.10 (ms-oracle)
    t = Tensor(np.float32(0.12394385))
    assert f"loss: {t}" == "loss: %s" % t == "loss: 0.12394385"
    assert "{}".format(Tensor(np.array([0.5], np.float32))) == "[0.5]"
    assert f"{t:.3f}" == "0.124"  # a format spec still formats the number
