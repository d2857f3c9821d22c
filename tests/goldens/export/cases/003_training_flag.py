"""ms.export leaves the training flags as they were (the export itself traces in inference
mode). Only uniform flags are recorded: MindSpore restores the top cell's flag recursively, so
a sub-cell set apart comes back with the top cell's flag; mindcell restores each cell's own
(docs/export.md)."""
import os
import tempfile

import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

ms.set_context(mode=ms.PYNATIVE_MODE)
for mode in (True, False):
    net = nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4), nn.ReLU()])
    net.set_train(mode)
    ms.export(net, Tensor(np.ones((2, 3), np.float32)),
              file_name=os.path.join(tempfile.mkdtemp(), "a"), file_format="ONNX")
    emit("flags_%s" % mode, [net.training, net[0].training, net[1].training, net[2].training])
