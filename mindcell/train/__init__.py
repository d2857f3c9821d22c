"""``mindcell.train``: checkpoints (and the Model API)."""
from mindcell.train.serialization import (save_checkpoint, load_checkpoint,  # noqa: F401
                                          load_param_into_net)
from mindcell.train.serialization import load_checkpoint_async  # noqa: E402,F401
