"""Rules that the model zoo's vision programs (mindspore-ai/models official/cv and research/cv:
detection, segmentation, re-identification, super-resolution, pose, GAN and metric-learning
training scripts) rely on, each checked against MindSpore 2.10's behaviour (ms-oracle)."""
import importlib
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mindcell as ms
from mindcell import _faces


def _run(tmp_path, source):
    (tmp_path / "main.py").write_text(textwrap.dedent(source))
    return subprocess.run([sys.executable, "-m", "mindcell.run", "main.py"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)


# ----- a submodule whose package binds a function of the same name ----------------------------
# OpenPose, the FaceRecognition family and other zoo scripts: `from mindspore.common.seed import
# set_seed`. MindSpore's common package imports its submodule seed and then binds the function
# seed over it, so the import reads the module from sys.modules while `mindspore.common.seed`
# stays the function (ms-oracle). The same holds at every recorded path below.
def _shadowed_paths():
    for package in ("nn", "ops", "dataset", "train", "train.metrics", "common", "profiler",
                    "scipy.optimize"):
        importlib.import_module("mindcell." + package)
    found = []
    for name in sorted(_faces._BY_MODULE):
        parent_name, _, child = name.rpartition(".")
        parent = sys.modules.get(parent_name)
        bound = getattr(parent, "__dict__", {}).get(child)
        if bound is not None and not isinstance(bound, type(os)):
            found.append(name)
    return found


SHADOWED = _shadowed_paths()


def test_shadowed_submodules_import_and_keep_the_packages_object():
    assert {"mindcell.common.seed", "mindcell.train.metrics.auc", "mindcell.run_check",
            "mindcell.ops.function.grad", "mindcell.train.data_sink"} <= set(SHADOWED)
    for name in SHADOWED:
        parent_name, _, child = name.rpartition(".")
        before = sys.modules[parent_name].__dict__[child]
        module = importlib.import_module(name)
        assert isinstance(module, type(os)), name
        # the package still binds its object, as MindSpore's does
        assert sys.modules[parent_name].__dict__[child] is before, name
        for members in _faces._BY_MODULE[name]:
            others = [getattr(sys.modules[m], n) for m, n in members
                      if m != name and m in sys.modules and n in sys.modules[m].__dict__]
            for m, n in members:
                if m == name and others:
                    assert getattr(module, n) in others, "%s.%s" % (name, n)


SEED_SCRIPT = '''
import mindspore
import mindspore.common.seed as bound
from mindspore.common.seed import set_seed, get_seed
from mindspore.train.metrics.auc import auc
from mindspore.run_check import run_check
set_seed(7)
print(get_seed(), callable(bound), type(bound).__name__ != "module", auc is mindspore.train.auc)
'''


def test_program_imports_set_seed_from_common_seed(tmp_path):
    r = _run(tmp_path, SEED_SCRIPT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[0] == "7 True True True"
