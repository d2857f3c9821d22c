"""Constructor sweep (see _layer_sweep.py) of pooling, activation, recurrent and loss cells.
(ELU's alpha stays at 1.0: MindSpore 2.10's CPU kernel refuses any other value when the cell
runs, ValueError 'alpha must be 1.0f'; mindcell computes it.)"""
from _layer_sweep import sweep, POOL_ACT_RNN_LOSS

sweep(POOL_ACT_RNN_LOSS)
