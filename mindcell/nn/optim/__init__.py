"""Optimizers: update parameters in place through fused kernels."""
from mindcell.nn.optim.optimizer import Optimizer  # noqa: F401
from mindcell.nn.optim.sgd import SGD, Momentum  # noqa: F401
from mindcell.nn.optim.adam import Adam, AdamWeightDecay  # noqa: F401
from mindcell.nn.optim.adaptive import Adagrad, RMSProp  # noqa: F401,E402
from mindcell.nn.optim.lamb import Lamb  # noqa: F401,E402
from mindcell.nn.optim.lars import LARS  # noqa: F401,E402
from mindcell.nn.optim.ftrl import FTRL  # noqa: F401,E402
from mindcell.nn.optim.adadelta import Adadelta  # noqa: F401,E402
from mindcell.nn.optim.adamax import AdaMax  # noqa: F401,E402
from mindcell.nn.optim.lazyadam import LazyAdam  # noqa: F401,E402
from mindcell.nn.optim.proximal_ada_grad import ProximalAdagrad  # noqa: F401,E402
from mindcell.nn.optim.asgd import ASGD  # noqa: F401,E402
from mindcell.nn.optim.rprop import Rprop  # noqa: F401,E402
from mindcell.nn.optim.adafactor import AdaFactor  # noqa: F401,E402
from mindcell.nn.optim._thor import thor  # noqa: F401,E402
