"""Loss cells."""
from mindcell.nn.loss.loss import (LossBase, MSELoss, L1Loss, SmoothL1Loss,  # noqa: F401
                                   SoftmaxCrossEntropyWithLogits, CrossEntropyLoss, NLLLoss,
                                   BCELoss, BCEWithLogitsLoss)
