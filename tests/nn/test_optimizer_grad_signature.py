"""Optimizer._check_grads re-runs its per-gradient checks only when the structure changes
(gradient class/shape/dtype, parameter shapes) from the last validated step. Each change must
still be checked: a parameter reshaped by set_data, a gradient that changes dtype or class
after good steps; and cached steps update exactly as checked ones."""
import numpy as np
import pytest

from mindcell import Parameter, Tensor, nn

SHAPES = [(2, 3), (4,)]


def _params():
    return [Parameter(Tensor(np.full(s, 0.5, np.float32)), name="w%d" % i)
            for i, s in enumerate(SHAPES)]


def _grads(dtype=np.float32):
    return tuple(Tensor(np.full(s, 0.25, dtype)) for s in SHAPES)


OPTS = {"SGD": lambda ps: nn.SGD(ps, 0.1, momentum=0.9), "Adam": lambda ps: nn.Adam(ps, 0.01),
        "LARS": lambda ps: nn.LARS(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.01))}


@pytest.mark.parametrize("name", sorted(OPTS))
def test_reshaped_parameter_rejects_old_gradient_shape(name):
    # PYNATIVE_MODE: a compiled step is not traced again, its kernels reject the new shape
    params = _params()
    opt = OPTS[name](params)
    opt(_grads())
    opt(_grads())
    params[1].set_data(Tensor(np.zeros((2, 2), np.float32)))
    with pytest.raises(ValueError, match="%s: the gradient of parameter 'w1'.*\\(4,\\).*\\(2, 2\\)"
                       % type(opt).__name__):
        opt(_grads())


@pytest.mark.parametrize("bad,error", [(np.int32, TypeError), (np.int64, TypeError)])
@pytest.mark.parametrize("name", sorted(OPTS))
def test_dtype_change_after_good_steps_is_checked(name, bad, error, mode):
    opt = OPTS[name](_params())
    opt(_grads())
    opt(_grads())
    with pytest.raises(error, match="must have a float dtype"):
        opt(_grads(bad))
    opt(_grads(np.float64))  # another float dtype is a valid new structure


@pytest.mark.parametrize("name", sorted(OPTS))
def test_non_tensor_after_good_steps_is_checked(name):
    opt = OPTS[name](_params())
    opt(_grads())
    with pytest.raises(TypeError, match="must be a Tensor, but got ndarray"):
        opt((_grads()[0], np.full(SHAPES[1], 0.25, np.float32)))


@pytest.mark.parametrize("name", sorted(OPTS))
def test_cached_steps_update_as_checked_steps(name):
    a, b = _params(), _params()
    opt_a, opt_b = OPTS[name](a), OPTS[name](b)
    for _ in range(3):
        opt_a(_grads())
        opt_b.__dict__.pop("_grads_checked", None)  # force the full check every step
        opt_b(_grads())
    for pa, pb in zip(a, b):
        assert pa.asnumpy().tobytes() == pb.asnumpy().tobytes()
