"""Names MindSpore defines in its non-public submodules (``mindspore.nn.layer.activation``,
``mindspore.nn.loss.loss``, ``mindspore.ops.function.math_func`` ...) resolve at those paths
to the same objects mindcell has at the public ones (mindcell._faces, recorded from MindSpore
2.10 by tests/goldens/faces/record_aliases.py)."""
import importlib

import pytest

import mindcell
from mindcell import nn, ops
from mindcell._faces.mindspore_aliases import GROUPS

# (submodule, name, the public object it must be)
CASES = [
    ("mindcell.nn.layer.activation", "PReLU", lambda: nn.PReLU),
    ("mindcell.nn.layer.activation", "HSigmoid", lambda: nn.HSigmoid),
    ("mindcell.nn.layer.basic", "Norm", lambda: nn.Norm),
    ("mindcell.nn.layer.normalization", "InstanceNorm2d", lambda: nn.InstanceNorm2d),
    ("mindcell.nn.loss.loss", "HuberLoss", lambda: nn.HuberLoss),
    ("mindcell.ops.function.math_func", "cumsum", lambda: ops.cumsum),
    ("mindcell.ops.function.nn_func", "pad", lambda: ops.pad),
]


@pytest.mark.parametrize("module_name,name,public", CASES)
def test_submodule_name_is_the_public_object(module_name, name, public):
    module = importlib.import_module(module_name)
    assert getattr(module, name) is public()


def test_recorded_groups_cover_submodule_paths():
    members = {m for group in GROUPS for m in group}
    assert ".nn.layer.activation:PReLU" in members
    assert ".nn.layer.activation:PReLU" in next(g for g in GROUPS if ".nn:PReLU" in g)


def test_from_import_under_compat(tmp_path):
    import subprocess
    import sys
    script = tmp_path / "prog.py"
    script.write_text("from mindspore.nn.layer.activation import PReLU\n"
                      "from mindspore.nn.loss.loss import HuberLoss\n"
                      "import mindspore\n"
                      "print(PReLU is mindspore.nn.PReLU, HuberLoss is mindspore.nn.HuberLoss)\n")
    out = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True"]
    assert mindcell  # the in-process import above is the one under test


def test_builtin_named_faces_do_not_shadow_the_builtin():
    # MindSpore's ops.function.array_func has an op named range; mindcell's module of that
    # name calls Python's range(), so the face is an attribute, never a global there
    array_func = importlib.import_module("mindcell.ops.function.array_func")
    assert array_func.range is ops.range
    assert "range" not in vars(array_func)
    out = ops.stack([mindcell.Tensor([1.0, 2.0]), mindcell.Tensor([3.0, 4.0])])
    assert out.shape == (2, 2)
    with pytest.raises(AttributeError):
        array_func.no_such_name_anywhere  # noqa: B018
