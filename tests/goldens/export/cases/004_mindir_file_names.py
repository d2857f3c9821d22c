"""ms.export(file_format="MINDIR") file naming: ".mindir" appended unless the name ends with it
(case-sensitive), missing directories created, the file read-only; nothing is returned."""
import os
import stat
import tempfile

import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

ms.set_context(mode=ms.PYNATIVE_MODE)
d = tempfile.mkdtemp()
x = Tensor(np.ones((1, 3), np.float32))
for k, name in enumerate(["n", "n2.mindir", "n3.MINDIR", "sub/n4"]):
    net = nn.SequentialCell([nn.Dense(3, 2), nn.ReLU()])
    out = ms.export(net, x, file_name=os.path.join(d, name), file_format="MINDIR")
    emit("returns_%d" % k, out is None)
walk = sorted((os.path.relpath(root, d), sorted(files)) for root, _, files in os.walk(d))
emit("files", walk)
emit("mode", oct(stat.S_IMODE(os.stat(os.path.join(d, "n.mindir")).st_mode)))
