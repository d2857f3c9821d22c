"""Constructor sweep (see _layer_sweep.py) of the dense, convolution, normalisation and
embedding layers. (InstanceNorm2d is left out: MindSpore 2.10's CPU build has no kernel for it,
every call raises RuntimeError; mindcell computes it.)"""
from _layer_sweep import sweep, CONV_DENSE_NORM

sweep(CONV_DENSE_NORM)
