"""``mindcell.nn.probability.distribution``: probability distributions as Cells (MindSpore's
``mindspore.nn.probability.distribution``).

Each distribution takes its parameters at construction or at call time, computes ``prob``,
``log_prob``, ``cdf``, ``log_cdf``, ``survival_function``, ``log_survival``, ``mean``,
``mode``, ``sd``, ``var``, ``entropy``, ``kl_loss``, ``cross_entropy`` on mindcell ops (so
gradients flow through them and they compile in GRAPH_MODE) and draws ``sample`` from seeded
random ops.
"""
from mindcell.nn.probability.distribution.distribution import Distribution
from mindcell.nn.probability.distribution.transformed_distribution import \
    TransformedDistribution
from mindcell.nn.probability.distribution.discrete import (Bernoulli, Categorical, Geometric,
                                                           Poisson)
from mindcell.nn.probability.distribution.continuous import (Beta, Cauchy, Exponential, Gamma,
                                                             Gumbel, HalfNormal, Laplace,
                                                             Logistic, LogNormal, Normal,
                                                             StudentT, Uniform)

__all__ = ["Distribution", "TransformedDistribution", "Bernoulli", "Beta", "Categorical",
           "Cauchy", "Exponential", "Gamma", "Geometric", "Gumbel", "Logistic", "LogNormal",
           "Normal", "Poisson", "Uniform", "HalfNormal", "Laplace", "StudentT"]
