"""Parameter naming of list/tuple attributes, as MindSpore 2.10 does it (ms-oracle): a plain
list keeps its Parameters' names and is not registered; a ParameterTuple numbers its unnamed
members ``Parameter$1``, ``Parameter$2`` ... whatever plain lists came before it."""
import numpy as np

from mindcell import Parameter, ParameterTuple, Tensor, nn


def _p(name=None):
    t = Tensor(np.ones(2, np.float32))
    return Parameter(t) if name is None else Parameter(t, name=name)


def test_plain_lists_keep_names_and_do_not_shift_the_tuple_numbering():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.plist = [_p(), _p()]
            self.ptuple = ParameterTuple([_p(), _p()])
            self.named = [_p("w"), _p("w2")]
            self.single = _p()

    net = Net()
    assert all(p.name.startswith("Parameter#") for p in net.plist)
    assert [p.name for p in net.ptuple] == ["Parameter$1", "Parameter$2"]
    assert [p.name for p in net.named] == ["w", "w2"]
    assert [p.name for p in net.get_parameters()] == ["Parameter$1", "Parameter$2", "single"]
    assert list(net.parameters_dict()) == ["Parameter$1", "Parameter$2", "single"]


def test_first_unnamed_parameter_of_a_program_is_number_two():
    # MindSpore 2.10 makes one unnamed Parameter while importing (oracle: a fresh program's first
    # is "Parameter#2"); programs that look Parameters up by these names rely on it
    import subprocess
    import sys
    code = ("import numpy as np, mindcell as ms\n"
            "print(ms.Parameter(ms.Tensor(np.ones(2, np.float32))).name)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[-1] == "Parameter#2"
