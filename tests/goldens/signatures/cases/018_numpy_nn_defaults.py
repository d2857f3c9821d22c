"""mindspore.numpy clip(x, xmin, xmax), arccos(input), negative/positive(a), fix(x),
isposinf/isneginf(x); nn.MultiheadAttention/Transformer layers' dtype default; vision.Erase's
value default."""
import inspect

import numpy as np
from _target import ms, nn, emit

mnp = ms.numpy
x = mnp.asarray([-2.5, 0.5, 3.0, float("inf"), -float("inf")], ms.float32)
emit("clip_kw", mnp.clip(x=x, xmin=-1.0, xmax=1.0))
# (MindSpore 2.10 returns Float32 for clip(..., dtype=float16): its dtype is lost; mindcell
# gives the dtype asked for)
emit("arccos_kw", mnp.arccos(input=mnp.asarray([0.5, -1.0], ms.float32)))
emit("negative_kw", mnp.negative(a=x[:3]))
emit("positive_kw", mnp.positive(a=x[:3]))
emit("fix", mnp.fix(x[:3]))
emit("isposinf", mnp.isposinf(x))
emit("isneginf", mnp.isneginf(x))
for cls in (nn.MultiheadAttention, nn.TransformerEncoderLayer, nn.TransformerDecoderLayer,
            nn.Transformer):
    emit("%s_dtype_default" % cls.__name__,
         str(inspect.signature(cls).parameters["dtype"].default))
emit("mha_weight_dtype", nn.MultiheadAttention(4, 2).in_proj_weight.dtype)
emit("erase_value_default",
     inspect.signature(ms.dataset.vision.Erase).parameters["value"].default)
img = np.full((2, 2, 3), 7, np.uint8)
emit("erase_default", ms.dataset.vision.Erase(0, 0, 1, 1)(img).tolist())
