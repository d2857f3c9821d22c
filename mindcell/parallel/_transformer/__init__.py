"""MindSpore's transformer layer library (``mindspore.parallel._transformer``; in MindSpore 1.8-1.10
``mindspore.nn.transformer``), which MindSpore 2.7 was the last release to ship: the layers of the
GPT, PanGu-alpha and BERT programs of that generation, run on one device."""
from mindcell.parallel._transformer import layers, loss, moe, op_parallel_config, transformer
from mindcell.parallel._transformer.transformer import *  # noqa: F401,F403
from mindcell.parallel._transformer.loss import *  # noqa: F401,F403
from mindcell.parallel._transformer.op_parallel_config import *  # noqa: F401,F403
from mindcell.parallel._transformer.layers import *  # noqa: F401,F403
from mindcell.parallel._transformer.moe import *  # noqa: F401,F403

__all__ = []
__all__.extend(transformer.__all__)
__all__.extend(loss.__all__)
__all__.extend(op_parallel_config.__all__)
__all__.extend(layers.__all__)
__all__.extend(moe.__all__)
