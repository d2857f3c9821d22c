"""Training wrappers."""
from mindcell.nn.wrap.cell_wrapper import WithLossCell, TrainOneStepCell, WithEvalCell  # noqa
