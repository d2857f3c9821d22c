"""``mindcell.nn.probability.bijector``: invertible transformations with their log-Jacobians
(MindSpore's ``mindspore.nn.probability.bijector``)."""
from mindcell.nn.probability.bijector.bijector import (Bijector, Exp, GumbelCDF, Invert,
                                                       PowerTransform, ScalarAffine, Softplus)

__all__ = ["Bijector", "PowerTransform", "Exp", "ScalarAffine", "Softplus", "GumbelCDF",
           "Invert"]
