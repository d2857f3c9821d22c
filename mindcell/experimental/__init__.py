"""``mindcell.experimental``: PyTorch-signature optimizers (``experimental.optim``)."""
from mindcell.experimental import optim  # noqa: F401
