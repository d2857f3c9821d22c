"""``mindcell.nn``: Cell, layers, losses, optimizers and training wrappers."""
from mindcell.nn.cell import Cell  # noqa: F401
from mindcell.nn.layer import *  # noqa: F401,F403
from mindcell.nn.layer import get_activation  # noqa: F401
from mindcell.nn.loss import *  # noqa: F401,F403,E402
from mindcell.nn.optim import *  # noqa: F401,F403,E402
from mindcell.nn.wrap import *  # noqa: F401,F403,E402
from mindcell.nn.dynamic_lr import *  # noqa: F401,F403,E402
from mindcell.nn.learning_rate_schedule import (LearningRateSchedule, ExponentialDecayLR,  # noqa
                                                CosineDecayLR, WarmUpLR, PolynomialDecayLR,
                                                NaturalExpDecayLR, InverseDecayLR)
from mindcell.nn.graph_cell import GraphCell  # noqa: F401,E402
from mindcell.nn.utils import no_init_parameters  # noqa: F401,E402
from mindcell.nn import probability  # noqa: F401,E402
