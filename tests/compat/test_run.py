"""``python -m mindcell.run script.py``: unchanged MindSpore scripts run on mindcell."""
import os
import subprocess
import sys
import textwrap

import pytest

TRAIN = '''
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, context
from mindspore.ops import operations as P
from mindspore.common.initializer import Normal
from mindspore.dataset import NumpySlicesDataset
from mindspore.train.callback import LossMonitor

context.set_context(mode=context.GRAPH_MODE if "--graph" in sys.argv else context.PYNATIVE_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8, weight_init=Normal(0.1))
        self.relu = P.ReLU()
        self.fc2 = nn.Dense(8, 3)

    def construct(self, x):
        return self.fc2(ops.tanh(self.relu(self.fc1(x))))


rng = np.random.default_rng(0)
x = rng.normal(size=(64, 4)).astype(np.float32)
y = ((x[:, 0] > 0).astype(np.int32) + (x[:, 1] > 0)).astype(np.int32)
ds = NumpySlicesDataset({"data": x, "label": y}, shuffle=False).batch(16)
net = Net()
loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
model = ms.Model(net, loss, opt, metrics={"accuracy"})
model.train(3, ds, callbacks=[LossMonitor(4)])
step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
for data, label in ds.create_tuple_iterator():
    step(data, label)
print("accuracy", model.eval(ds)["accuracy"])
ms.save_checkpoint(net, "net.ckpt")
print("argv", sys.argv[1:], "is_mindcell", ms.nn.__name__)
'''


def _run(tmp_path, source, *args):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(source))
    env = dict(os.environ, PYTHONWARNINGS="error")
    return subprocess.run([sys.executable, "-m", "mindcell.run", "script.py", *args],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.parametrize("flag", ["--pynative", "--graph"])
def test_training_script_runs_unchanged(tmp_path, flag):
    r = _run(tmp_path, TRAIN, flag, "--x=1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("loss is") == 3
    assert "argv ['%s', '--x=1'] is_mindcell mindspore.nn" % flag in r.stdout
    acc = float(r.stdout.split("accuracy ")[1].split()[0])
    assert 0.0 <= acc <= 1.0
    assert (tmp_path / "net.ckpt").stat().st_size > 0


@pytest.mark.parametrize("source, shown", [
    ("from mindspore import ops\nops.NoSuchOp()\n", "mindspore.ops.NoSuchOp"),
    ("from mindspore.ops import NoSuchOp\n", "mindspore.ops.NoSuchOp"),
    ("import mindspore.no_such_module\n", "mindspore.no_such_module"),
    ("import mindspore as ms\nms.nn.NoSuchCell()\n", "mindspore.nn.NoSuchCell"),
])
def test_unimplemented_name_fails_clearly(tmp_path, source, shown):
    r = _run(tmp_path, source)
    assert r.returncode != 0
    assert "%s is not implemented by mindcell yet (mindcell " % shown in r.stderr


def test_exception_traceback_names_the_script(tmp_path):
    r = _run(tmp_path, "def f():\n    raise ValueError('boom')\n\nf()\n")
    assert r.returncode == 1
    assert 'File "script.py", line 2, in f' in r.stderr
    assert "ValueError: boom" in r.stderr
    assert "runpy" not in r.stderr


def test_exit_code_is_the_scripts(tmp_path):
    assert _run(tmp_path, "import sys\nsys.exit(3)\n").returncode == 3


def test_missing_script(tmp_path):
    r = subprocess.run([sys.executable, "-m", "mindcell.run", "nope.py"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "no such script" in r.stderr


VERSION = '''
import mindspore
from mindspore import version, __version__
from mindspore.version import __version__ as from_module
from packaging.version import parse
print(__version__, version.__version__, from_module, parse(mindspore.__version__) >= parse("2.0.0rc"))
import mindcell, mindcell.compat
mindcell.compat.uninstall()
print(mindcell.__version__, mindcell.version.__version__)
'''


def test_mindspore_version_is_the_followed_release(tmp_path):
    """Programs pick MindSpore APIs by mindspore.__version__ (mindocr: >= 2.0.0rc selects jit over
    ms_function, which MindSpore 2.x no longer has): under mindcell.run it is the MindSpore release
    mindcell follows, everywhere MindSpore has it; uninstall() gives back mindcell's own version."""
    import mindcell
    from mindcell.compat import MINDSPORE_VERSION
    assert MINDSPORE_VERSION == "2.10.0"
    r = _run(tmp_path, VERSION)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    assert lines[0] == "2.10.0 2.10.0 2.10.0 True"
    assert lines[1] == "%s %s" % (mindcell.__version__, mindcell.__version__)
    assert mindcell.__version__ != MINDSPORE_VERSION


IDENTITY = '''
import inspect, sys, types
import mindspore as ms
from mindspore import nn, ops, Tensor
import mindspore.dataset as ds
backend = [k for k, v in globals().items() if isinstance(v, types.ModuleType) and v.__name__ == "mindspore"]
print(backend)
print(ms.__name__, nn.__name__, ops.__name__, ds.__name__, ms.train.__name__, ms.common.__name__)
print(inspect.getmodule(nn.Dense).__name__, inspect.getmodule(Tensor).__name__)
print(all(sys.modules[m.__name__] is m for m in (ms, nn, ops, ds, inspect.getmodule(nn.Dense))))
import mindcell, mindcell.compat
print(mindcell is ms, mindcell.nn is nn, mindcell.__spec__.name, nn.__package__)
mindcell.compat.uninstall()
print(mindcell.__name__, mindcell.nn.__name__, mindcell.dataset.__name__, "mindspore" in sys.modules)
'''


def test_modules_present_their_mindspore_names(tmp_path):
    """Under mindcell.run a module reports the __name__ of its MindSpore module and is in
    sys.modules under it, as in MindSpore 2.10 (ms-oracle: mindspore.nn.__name__ == "mindspore.nn",
    inspect.getmodule(nn.Dense).__name__ == "mindspore.nn.layer.basic"): graphlearning finds its
    backend as the global module whose __name__ is "mindspore". The modules are the mindcell ones
    (spec and __package__ keep mindcell's names); uninstall() gives their names back."""
    r = _run(tmp_path, IDENTITY)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    assert lines[0] == "['ms']"
    assert lines[1] == ("mindspore mindspore.nn mindspore.ops mindspore.dataset mindspore.train "
                        "mindspore.common")
    assert lines[2] == "mindspore.nn.layer.basic mindspore.common.tensor"
    assert lines[3] == "True"
    assert lines[4] == "True True mindcell mindcell.nn"
    assert lines[5] == "mindcell mindcell.nn mindcell.dataset False"


CHILDREN = '''
import multiprocessing
import subprocess
import sys
import numpy as np
import mindspore
from mindspore import Tensor, ops


def square(i):
    return float(ops.square(Tensor(np.float32(i))).asnumpy())


if __name__ == "__main__":
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        print("spawned", pool.map(square, [1, 2, 3]))
    child = subprocess.run([sys.executable, "-c",
                            "import mindspore; print(mindspore.nn.Dense.__module__)"],
                           capture_output=True, text=True, check=True)
    print("subprocess", child.stdout.strip())
'''


def test_processes_the_script_starts_import_mindspore_too(tmp_path):
    # a spawned worker re-imports the script, whose first line is `import mindspore`
    r = _run(tmp_path, CHILDREN)
    assert r.returncode == 0, r.stderr
    assert "spawned [1.0, 4.0, 9.0]" in r.stdout
    assert "subprocess mindcell.nn." in r.stdout
