"""``mindcell.nn.probability``: probability distributions and bijectors (MindSpore's
``mindspore.nn.probability``)."""
from mindcell.nn.probability import bijector, distribution  # noqa: F401
