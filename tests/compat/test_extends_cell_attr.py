"""mindspore._extends.cell_attr_register (model-zoo GNNs decorate their cells' __init__ with
it): cell_init_args records the class name and the given arguments, or the named attributes,
as MindSpore 2.10 writes it (checked with ms-oracle); the cell is otherwise unchanged."""
import subprocess
import sys

import pytest

from mindcell import nn
from mindcell._extends import cell_attr_register
from mindcell.nn.layer import activation, conv


class Scale(nn.Cell):
    @cell_attr_register
    def __init__(self, factor, bias=0.0):
        super().__init__()
        self.factor = factor


class Named(nn.Cell):
    @cell_attr_register(attrs=["factor", "missing"])
    def __init__(self, factor):
        super().__init__()
        self.factor = factor


class One(nn.Cell):
    @cell_attr_register(attrs="factor")
    def __init__(self, factor):
        super().__init__()
        self.factor = factor


def test_records_arguments_and_attributes():
    assert Scale(2.0).cell_init_args == "Scaledict_values([2.0])"
    assert Scale(2.0, bias=1).cell_init_args == "Scaledict_values([2.0, 1])"
    assert Named(3).cell_init_args == "Named[3]"
    assert One(4).cell_init_args == "One4"
    assert Scale.__init__.__name__ == "__init__" and Scale(1.0).factor == 1.0


def test_bad_attrs_raise_when_the_cell_is_built():
    class Bad(nn.Cell):
        @cell_attr_register(attrs=[1])
        def __init__(self):
            super().__init__()

    with pytest.raises(ValueError, match="cell_attr_register"):
        Bad()


def test_same_object_at_mindspore_paths(tmp_path):
    assert activation.cell_attr_register is cell_attr_register
    assert conv.cell_attr_register is cell_attr_register
    script = tmp_path / "prog.py"
    script.write_text("from mindspore._extends import cell_attr_register\n"
                      "from mindspore.nn.layer.basic import cell_attr_register as b\n"
                      "print(cell_attr_register is b)\n")
    out = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
