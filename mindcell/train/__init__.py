"""``mindcell.train``: checkpoints (and the Model API)."""
from mindcell.train.serialization import (save_checkpoint, load_checkpoint,  # noqa: F401
                                          load_param_into_net)
from mindcell.train.serialization import load_checkpoint_async  # noqa: E402,F401
from mindcell.train.model import Model, Accuracy, Loss  # noqa: F401,E402
from mindcell.train.callback import (Callback, RunContext, LossMonitor, TimeMonitor,  # noqa
                                     ModelCheckpoint, CheckpointConfig, EarlyStopping,
                                     LearningRateScheduler, History, LambdaCallback,
                                     ReduceLROnPlateau, OnRequestExit, SummaryCollector)
from mindcell.train import summary  # noqa: F401,E402
from mindcell.train.summary import SummaryRecord  # noqa: F401,E402
from mindcell.train import metrics  # noqa: F401,E402
from mindcell.train.metrics import (Metric, rearrange_inputs, TopKCategoricalAccuracy,  # noqa
                                    Top1CategoricalAccuracy, Top5CategoricalAccuracy, Precision,
                                    Recall, Fbeta, F1, MAE, MSE, names, get_metric_fn,
                                    ROC, auc, Dice, ConfusionMatrix,
                                    ConfusionMatrixMetric)
from mindcell.train.dataset_helper import (DatasetHelper,  # noqa: F401,E402
                                           connect_network_with_dataset)
from mindcell.train._thor import ConvertModelUtils, ConvertNetUtils  # noqa: F401,E402
from mindcell.train import loss_scale_manager  # noqa: F401,E402
from mindcell.train.loss_scale_manager import (LossScaleManager,  # noqa: F401,E402
                                               FixedLossScaleManager, DynamicLossScaleManager)
