"""``mindcell.nn.probability``: probability distributions and bijectors (MindSpore's
``mindspore.nn.probability``); the Bayesian layers are the submodule ``bnn_layers``, imported
on its own as in MindSpore (``from mindspore.nn.probability import bnn_layers``)."""
from mindcell.nn.probability import bijector, distribution  # noqa: F401
