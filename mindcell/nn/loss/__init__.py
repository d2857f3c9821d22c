"""Loss cells."""
from mindcell.nn.loss.loss import (LossBase, MSELoss, L1Loss, SmoothL1Loss,  # noqa: F401
                                   SoftmaxCrossEntropyWithLogits, CrossEntropyLoss, NLLLoss,
                                   BCELoss, BCEWithLogitsLoss)
from mindcell.nn.loss.loss_extra import (HuberLoss, KLDivLoss, CosineEmbeddingLoss,  # noqa: F401
                                         MarginRankingLoss, SoftMarginLoss, MultiMarginLoss)
from mindcell.nn.loss.ctc import CTCLoss  # noqa: F401,E402
from mindcell.nn.loss.loss_more import (MAELoss, RMSELoss, DiceLoss,  # noqa: F401,E402
                                        MultiClassDiceLoss)
from mindcell.nn.loss.loss_nn_more import (HingeEmbeddingLoss, GaussianNLLLoss,  # noqa: F401
                                           PoissonNLLLoss, MultiLabelSoftMarginLoss,
                                           TripletMarginLoss, FocalLoss,
                                           TripletMarginWithDistanceLoss, MultilabelMarginLoss)
from mindcell.nn.loss.sampled_softmax import SampledSoftmaxLoss  # noqa: F401,E402
