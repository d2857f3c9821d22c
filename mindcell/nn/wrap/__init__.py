"""Training wrappers."""
from mindcell.nn.wrap.cell_wrapper import WithLossCell, TrainOneStepCell, WithEvalCell  # noqa
from mindcell.nn.wrap.grad_reducer import DistributedGradReducer  # noqa: F401
from mindcell.nn.wrap.loss_scale import (TrainOneStepWithLossScaleCell,  # noqa: F401
                                          DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell)
from mindcell.nn.wrap.forward_value_and_grad import ForwardValueAndGrad  # noqa: F401,E402
from mindcell.nn.wrap.grad_cells_more import WithGradCell, Jvp, Vjp  # noqa: F401,E402
from mindcell.nn.wrap.param_update import ParameterUpdate  # noqa: F401,E402
from mindcell.nn.wrap.micro_batch import (MicroBatchInterleaved, PipelineCell,  # noqa: F401,E402
                                          GradAccumulationCell)
