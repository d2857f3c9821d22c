"""``mindcell.train``: checkpoints (and the Model API)."""
from mindcell.train.serialization import (save_checkpoint, load_checkpoint,  # noqa: F401
                                          load_param_into_net)
