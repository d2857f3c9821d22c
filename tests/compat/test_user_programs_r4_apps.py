"""Round-4 user programs (mindspore-courses/applications, the model zoo's NLP and audio
programs): the general mechanisms those programs stopped at, each checked for its whole class
against MindSpore 2.10 (recorded with the ms-oracle)."""
import importlib
import os
import subprocess
import sys
import textwrap

import pytest

import mindcell as ms
from mindcell import _faces


# ----- MindSpore module paths that mindcell has no file for ---------------------------------
# ShuffleNet's train.py: `from mindspore.nn.optim.momentum import Momentum`. MindSpore 2.10 has
# one module per optimizer and layer family (nn.optim.momentum, nn.optim.rmsprop,
# nn.optim.ada_grad, nn.layer.image, nn.layer.math ...); the recorded alias groups
# (mindcell/_faces/mindspore_aliases.py, written from MindSpore itself) name every such path and
# the objects MindSpore has there.
def _recorded_paths_under_packages():
    ms.nn, ms.ops, ms.dataset, ms.train, ms.common  # noqa: B018 (load the usual packages)
    paths = []
    for name in sorted(_faces._BY_MODULE, key=lambda n: n.count(".")):
        parent_name, _, child = name.rpartition(".")
        if not parent_name:
            continue  # mindcell itself
        try:
            parent = importlib.import_module(parent_name)
        except ImportError:
            continue  # a MindSpore package mindcell lacks altogether
        if getattr(parent, "__path__", None) is None or (
                child in parent.__dict__ and not isinstance(parent.__dict__[child], type(os))):
            continue  # a module in mindcell, or a function shadowing its submodule
        if any((parent_name, child) in members for members in _faces._BY_MODULE.get(parent_name, ())):
            continue  # MindSpore's package binds a function of that name (nn.optim.thor)
        paths.append(name)
    return paths


PATHS = _recorded_paths_under_packages()


def test_every_recorded_module_path_under_a_package_imports():
    assert {"mindcell.nn.optim.momentum", "mindcell.nn.optim.rmsprop", "mindcell.nn.optim.ada_grad",
            "mindcell.nn.layer.image", "mindcell.nn.layer.dense"} <= set(PATHS)
    failed = []
    for name in PATHS:
        try:
            importlib.import_module(name)
        except ImportError as e:
            failed.append("%s: %s" % (name, e))
    assert not failed, failed


def test_recorded_names_at_those_paths_are_mindcells_objects():
    """Each name of a group that mindcell defines at some member path is the same object at
    every member path (Momentum at nn.optim.momentum is nn.Momentum)."""
    checked, wrong = 0, []
    for name in PATHS:
        module = importlib.import_module(name)
        if not isinstance(module.__spec__.loader, _faces._FacesOnlyLoader):
            continue  # a module mindcell has a file for
        for members in _faces._BY_MODULE[name]:
            objects = [getattr(sys.modules[m], n) for m, n in members
                       if m != name and m in sys.modules and hasattr(sys.modules[m], n)]
            if not objects:
                continue
            for m, n in members:
                if m == name:
                    checked += 1
                    if not any(getattr(module, n, None) is o for o in objects):
                        wrong.append("%s.%s" % (m, n))
    assert checked > 50 and not wrong, wrong
    from mindcell.nn.optim.momentum import Momentum
    from mindcell.nn.optim.rmsprop import RMSProp
    from mindcell.nn.layer.image import PixelShuffle
    assert (Momentum, RMSProp, PixelShuffle) == (ms.nn.Momentum, ms.nn.RMSProp, ms.nn.PixelShuffle)


OPTIMIZER_MODULES = '''
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.nn.optim.momentum import Momentum
from mindspore.nn.optim.rmsprop import RMSProp
from mindspore.nn.optim.ada_grad import Adagrad
from mindspore.nn.layer.dense import BiDense
import mindspore.nn.layer.image as image
net = nn.Dense(3, 2)
for opt in (Momentum(net.trainable_params(), 0.1, 0.9), RMSProp(net.trainable_params(), 0.01),
            Adagrad(net.trainable_params())):
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    print(type(opt).__name__, step(Tensor(np.ones((2, 3), np.float32)),
                                   Tensor(np.zeros((2, 2), np.float32))).shape)
print(image.PixelShuffle is nn.PixelShuffle, BiDense is nn.BiDense)
from mindspore.nn.layer.thor_layer import DenseThor
'''


def test_a_submodule_shadowed_by_a_function_of_its_name_is_not_made():
    """MindSpore's nn.optim binds the function thor over its submodule thor: a module made for
    the path would shadow the (not implemented) function at nn.optim.thor."""
    assert not isinstance(getattr(ms.nn.optim, "thor", None), type(os))
    assert _faces._faces_only_spec("mindcell.nn.optim.thor") is None


def test_program_imports_optimizers_from_their_modules(tmp_path):
    (tmp_path / "main.py").write_text(textwrap.dedent(OPTIMIZER_MODULES))
    r = subprocess.run([sys.executable, "-m", "mindcell.run", "main.py"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    lines = r.stdout.split("\n")
    assert lines[:4] == ["Momentum ()", "RMSProp ()", "Adagrad ()", "True True"], r.stderr
    # a name MindSpore has at that path which mindcell lacks is named as not implemented
    assert r.returncode == 1
    assert "mindspore.nn.layer.thor_layer.DenseThor is not implemented by mindcell" in r.stderr
