"""opt_init_args_register (mindspore.nn.optim.optimizer): the decorator custom optimizers in model
code put on ``__init__`` (mindocr's AdamW/Adan/Lion/NAdam, mindcv, mindface ...) and the
init_args / init_learning_rate / init_params it records, for a custom optimizer and for the
built-in ones, as MindSpore 2.10 records them (values from ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.nn.optim.optimizer import opt_init_args_register


class MySGD(nn.Optimizer):
    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, momentum=0.0, *, nesterov=False):
        super().__init__(learning_rate, params)
        self.momentum = momentum


@pytest.mark.parametrize("lr,recorded", [
    (0.1, 0.1),
    (ms.Tensor(np.array([0.1, 0.2], np.float32)), [0.10000000149011612, 0.20000000298023224]),
    ("schedule", None),
    ([0.1, 0.05], [0.1, 0.05])])
def test_custom_optimizer_records_its_arguments(lr, recorded):
    net = nn.Dense(2, 2)
    if isinstance(lr, str):
        lr = nn.ExponentialDecayLR(0.1, 0.9, 2)
    opt = MySGD(net.trainable_params(), lr, 0.9)
    assert opt.init_args == {"momentum": 0.9, "nesterov": False}
    assert opt.init_learning_rate == recorded
    assert [p.name for p in opt.init_params["params"]] == ["weight", "bias"]
    assert opt.momentum == 0.9 and MySGD.__init__.__name__ == "__init__"


BUILT_IN = {  # MindSpore 2.10's init_args for each optimizer with default arguments
    "Adam": {"beta1": 0.9, "beta2": 0.999, "eps": 1e-08, "use_locking": False,
             "use_nesterov": False, "weight_decay": 0.0, "loss_scale": 1.0, "use_amsgrad": False,
             "kwargs": {}},
    "Momentum": {"momentum": 0.9, "weight_decay": 0.0, "loss_scale": 1.0,
                 "use_nesterov": False},
    "SGD": {"momentum": 0.0, "dampening": 0.0, "weight_decay": 0.0, "nesterov": False,
            "loss_scale": 1.0},
    "RMSProp": {"decay": 0.9, "momentum": 0.0, "epsilon": 1e-10, "use_locking": False,
                "centered": False, "loss_scale": 1.0, "weight_decay": 0.0},
    "Lamb": {"beta1": 0.9, "beta2": 0.999, "eps": 1e-06, "weight_decay": 0.0},
    "Adagrad": {"accum": 0.1, "update_slots": True, "loss_scale": 1.0, "weight_decay": 0.0},
    "FTRL": {"initial_accum": 0.1, "lr_power": -0.5, "l1": 0.0, "l2": 0.0, "use_locking": False,
             "loss_scale": 1.0, "weight_decay": 0.0},
    "Adadelta": {"rho": 0.9, "epsilon": 1e-06, "loss_scale": 1.0, "weight_decay": 0.0},
}


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_built_in_optimizers_record_what_mindspore_records(name):
    params = nn.Dense(2, 2).trainable_params()
    extra = {"momentum": 0.9} if name == "Momentum" else {}
    opt = getattr(nn, name)(params, learning_rate=0.01, **extra)
    assert opt.init_args == BUILT_IN[name]
    assert opt.init_learning_rate == 0.01
    assert opt.init_params["params"] == params


def test_lars_records_the_wrapped_optimizers_parameters():
    params = nn.Dense(2, 2).trainable_params()
    opt = nn.LARS(nn.Momentum(params, 0.1, 0.9))
    assert {k: v for k, v in opt.init_args.items() if k != "lars_filter"} == {
        "epsilon": 1e-05, "coefficient": 0.001, "use_clip": False}
    assert callable(opt.init_args["lars_filter"])
    assert opt.init_params["params"] == params


def test_target_property_as_mindspore():
    """Optimizer.target: 'CPU'; the base setter raises NotImplementedError, Adam's and FTRL's
    check the value (ms-oracle); a custom optimizer can define its setter from the base property
    (mindocr's Adan: ``@Optimizer.target.setter``) and use _grad_sparse_indices_deduplicate."""
    params = nn.Dense(2, 2).trainable_params()
    mom = nn.Momentum(params, 0.1, 0.9)
    assert mom.target == "CPU"
    with pytest.raises(NotImplementedError):
        mom.target = "CPU"
    for opt in (nn.Adam(params), nn.FTRL(params)):
        opt.target = "CPU"
        assert opt.target == "CPU"
        with pytest.raises(ValueError, match="cannot be set to 'GPU' or 'Ascend'"):
            opt.target = "GPU"
        with pytest.raises(ValueError, match="must be one of"):
            opt.target = "TPU"
        with pytest.raises(TypeError, match="must be string"):
            opt.target = 3

    class Custom(nn.Optimizer):
        def __init__(self, params):
            super().__init__(0.1, params)

        @nn.Optimizer.target.setter
        def target(self, value):
            self._set_base_target(value)

        def construct(self, gradients):
            gradients = self._grad_sparse_indices_deduplicate(gradients)
            return [ms.ops.assign_sub(p, 0.1 * g) for p, g in zip(self._parameters, gradients)]

    opt = Custom(params)
    opt.target = "CPU"
    before = params[1].asnumpy().copy()
    opt((ms.Tensor(np.ones((2, 2), np.float32)), ms.Tensor(np.ones(2, np.float32))))
    np.testing.assert_allclose(params[1].asnumpy(), before - 0.1, rtol=1e-6)
