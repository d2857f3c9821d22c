"""Parameter names of many Cell trees (see _trees.py): get_parameters() names,
parameters_and_names() and cells_and_names() paths, parameters_dict() keys, the keys of the
checkpoint save_checkpoint writes, and what load_param_into_net leaves unloaded when that
checkpoint is loaded into a second net built the same way."""
import os
import tempfile

from _target import ms, emit
from _trees import extra_trees, trees

ms.set_context(mode=ms.PYNATIVE_MODE)
TMP = tempfile.mkdtemp()


def record(tag, build):
    try:
        net = build()
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(tag + "/build", e)
        return
    emit(tag + "/names", [p.name for p in net.get_parameters()])
    emit(tag + "/paths", [n for n, _ in net.parameters_and_names()])
    emit(tag + "/cells", [n for n, _ in net.cells_and_names()])
    pd = net.parameters_dict()
    emit(tag + "/dict", None if pd is None else list(pd))
    path = os.path.join(TMP, tag + ".ckpt")
    ms.save_checkpoint(net, path)
    try:
        emit(tag + "/ckpt", list(ms.load_checkpoint(path)))
    except ValueError as e:  # a checkpoint with no parameter loads as an error
        emit(tag + "/ckpt", e)
        return
    names = [p.name for p in net.get_parameters()]
    if len(set(names)) < len(names):
        # MindSpore 2.10's load_param_into_net fails with its own ValueError (list.remove)
        # on a net whose parameters share a name: a crash in its bookkeeping, not recorded
        emit(tag + "/reload", "not recorded: duplicate names")
        return
    not_loaded, unused = ms.load_param_into_net(build(), ms.load_checkpoint(path))
    emit(tag + "/reload", [list(not_loaded), list(unused)])


for name, fn in trees(ms) + extra_trees(ms):
    record(name, fn)
