"""grad, value_and_grad, vjp and jvp check 'fn' and 'has_aux' with one shared helper
(ops.grad.check_fn_and_aux): a non-callable fn or a non-bool has_aux is a TypeError naming the
op the user called, raised before fn runs; valid calls still differentiate."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops

X = ms.Tensor(np.array([1.0, 3.0], np.float32))

ENTRY = {
    "grad": lambda fn, aux: ops.grad(fn, has_aux=aux)(X),
    "value_and_grad": lambda fn, aux: ops.value_and_grad(fn, has_aux=aux)(X),
    "vjp": lambda fn, aux: ops.vjp(fn, X, has_aux=aux),
    "jvp": lambda fn, aux: ops.jvp(fn, X, X, has_aux=aux),
}
BAD_FN = [None, 3, "sin", X]
BAD_AUX = [1, 0, None, "yes", np.bool_(True), X]


def _square_sum(x):
    return (x * x).sum()


@pytest.mark.parametrize("fn", BAD_FN, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("op", sorted(ENTRY))
def test_non_callable_fn_is_type_error_naming_op(op, fn):
    with pytest.raises(TypeError, match="^%s: 'fn' must be a function or a Cell" % op):
        ENTRY[op](fn, False)


@pytest.mark.parametrize("aux", BAD_AUX, ids=lambda v: type(v).__name__ + repr(v)[:6])
@pytest.mark.parametrize("op", sorted(ENTRY))
def test_non_bool_has_aux_is_type_error_naming_op(op, aux):
    calls = []

    def fn(x):
        calls.append(1)
        return _square_sum(x)

    with pytest.raises(TypeError, match="^%s: 'has_aux' must be a bool" % op):
        ENTRY[op](fn, aux)
    assert not calls  # checked before fn runs


@pytest.mark.parametrize("op", sorted(ENTRY))
def test_valid_arguments_still_differentiate(op):
    out = ENTRY[op](_square_sum, False)
    expected = 2 * X.asnumpy()
    if op == "grad":
        got = out
    elif op == "value_and_grad":
        got = out[1]
    elif op == "vjp":
        got, = out[1](ms.Tensor(np.float32(1.0)))  # a 1-tuple for one input (MindSpore 2.10)
    else:  # jvp: J v with v = X
        got = out[1]
        expected = np.float32(np.dot(expected, X.asnumpy()))
    np.testing.assert_allclose(got.asnumpy(), expected, rtol=1e-6)
