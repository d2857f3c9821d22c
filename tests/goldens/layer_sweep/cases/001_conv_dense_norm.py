"""Constructor sweep (see _layer_sweep.py) of the dense, convolution, normalisation and
embedding layers. (InstanceNorm2d is left out: MindSpore 2.10's CPU build has no kernel for it,
every call raises RuntimeError; mindcell computes it.)"""
from _layer_sweep import sweep, x, ids

sweep([
    ("Dense", (4, 3), {}, [x(2, 4)]),
    ("Conv1d", (2, 3, 3), {}, [x(1, 2, 7)]),
    ("Conv2d", (2, 3, 3), {}, [x(1, 2, 6, 5)]),
    ("Conv3d", (2, 2, 2), {}, [x(1, 2, 4, 4, 3)]),
    ("Conv2dTranspose", (2, 3, 3), {}, [x(1, 2, 4, 4)]),
    ("Conv1dTranspose", (2, 3, 3), {}, [x(1, 2, 5)]),
    ("BatchNorm1d", (3,), {}, [x(4, 3)]),
    ("BatchNorm2d", (3,), {}, [x(2, 3, 2, 2)]),
    ("BatchNorm3d", (3,), {}, [x(2, 3, 2, 2, 2)]),
    ("LayerNorm", ((4,),), {}, [x(2, 3, 4)]),
    ("GroupNorm", (2, 4), {}, [x(2, 4, 3, 3)]),
    ("Embedding", (6, 3), {}, [ids(2, 4)]),
    ("Dropout", (), {}, [x(2, 3)]),
    ("Flatten", (), {}, [x(2, 3, 2)]),
])
