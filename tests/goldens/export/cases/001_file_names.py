"""ms.export(file_format="ONNX") file naming: ".onnx" appended unless the name ends with it
(case-sensitive), missing directories created, the file read-only (0o400), an existing file
overwritten; nothing is returned."""
import os
import stat
import tempfile

import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

ms.set_context(mode=ms.PYNATIVE_MODE)
d = tempfile.mkdtemp()
x = Tensor(np.ones((1, 3), np.float32))
for k, name in enumerate(["net", "net2.onnx", "net3.ONNX", "sub/dir/net", "net"]):
    # a fresh network each time: MindSpore cannot export the same Dense to ONNX twice
    out = ms.export(nn.Dense(3, 2), x, file_name=os.path.join(d, name), file_format="ONNX")
    emit("returns_%d" % k, out is None)
walk = sorted((os.path.relpath(root, d), sorted(files)) for root, _, files in os.walk(d))
emit("files", walk)
emit("mode", oct(stat.S_IMODE(os.stat(os.path.join(d, "net.onnx")).st_mode)))
