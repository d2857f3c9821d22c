"""Constructor sweep (see _layer_sweep.py) of pooling, activation, recurrent and loss cells.
(ELU's alpha stays at 1.0: MindSpore 2.10's CPU kernel refuses any other value when the cell
runs, ValueError 'alpha must be 1.0f'; mindcell computes it.)"""
from _layer_sweep import sweep, x, ids

sweep([
    ("MaxPool2d", (), {"kernel_size": 2}, [x(1, 2, 5, 5)]),
    ("AvgPool2d", (), {"kernel_size": 2}, [x(1, 2, 5, 5)]),
    ("MaxPool1d", (), {"kernel_size": 2}, [x(1, 2, 7)]),
    ("AvgPool1d", (), {"kernel_size": 2}, [x(1, 2, 7)]),
    ("AdaptiveAvgPool2d", ((2, 2),), {}, [x(1, 2, 5, 4)]),
    ("AdaptiveMaxPool2d", ((2, 2),), {}, [x(1, 2, 5, 4)]),
    ("ReLU", (), {}, [x(2, 3)]),
    ("LeakyReLU", (), {}, [x(2, 3)]),
    ("PReLU", (), {}, [x(2, 3)]),
    ("GELU", (), {}, [x(2, 3)]),
    ("ELU", (), {"alpha": 1.0}, [x(2, 3)]),
    ("Softmax", (), {}, [x(2, 3)]),
    ("LogSoftmax", (), {}, [x(2, 3)]),
    ("HSwish", (), {}, [x(2, 3)]),
    ("SiLU", (), {}, [x(2, 3)]),
    ("LSTM", (3, 4), {}, [x(2, 5, 3)]),
    ("GRU", (3, 4), {}, [x(2, 5, 3)]),
    ("RNN", (3, 4), {}, [x(2, 5, 3)]),
    ("SoftmaxCrossEntropyWithLogits", (), {},
     [x(4, 3), (ids(4, high=3) == 1).astype("float32")]),
    ("CrossEntropyLoss", (), {}, [x(4, 3), ids(4, high=3)]),
    ("MSELoss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
    ("L1Loss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
    ("SmoothL1Loss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
    ("BCEWithLogitsLoss", (), {}, [x(2, 3), (x(2, 3, seed=1) > 0).astype("float32")]),
    ("NLLLoss", (), {}, [x(4, 3), ids(4, high=3)]),
    ("KLDivLoss", (), {}, [x(2, 3), abs(x(2, 3, seed=1))]),
    ("HuberLoss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
])
