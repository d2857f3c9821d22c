"""mindspore._c_expression.typing: isinstance(dtype, typing.Number / Float / Int ...) sorts
mindcell's dtypes as MindSpore 2.10 sorts its own (the table was checked with ms-oracle);
SciAI's utilities import it at import time."""
import subprocess
import sys

import pytest

import mindcell as ms
from mindcell._c_expression import typing

DTYPES = [ms.float32, ms.float16, ms.float64, ms.bfloat16, ms.int32, ms.int8, ms.uint8,
          ms.bool_, ms.complex64]
# per class: which of DTYPES are instances (MindSpore 2.10)
TABLE = {
    "Type": [1, 1, 1, 1, 1, 1, 1, 1, 1],
    "Number": [1, 1, 1, 1, 1, 1, 1, 1, 1],
    "Bool": [0, 0, 0, 0, 0, 0, 0, 1, 0],
    "Int": [0, 0, 0, 0, 1, 1, 0, 0, 0],
    "UInt": [0, 0, 0, 0, 0, 0, 1, 0, 0],
    "Float": [1, 1, 1, 0, 0, 0, 0, 0, 0],
    "BFloat": [0, 0, 0, 1, 0, 0, 0, 0, 0],
    "Complex": [0, 0, 0, 0, 0, 0, 0, 0, 1],
}


@pytest.mark.parametrize("name", sorted(TABLE))
def test_isinstance_table(name):
    cls = getattr(typing, name)
    assert [int(isinstance(d, cls)) for d in DTYPES] == TABLE[name]
    assert not isinstance(3, cls) and not isinstance("Float32", cls)


def test_subclasses():
    assert issubclass(typing.Float, typing.Number) and issubclass(typing.Number, typing.Type)
    assert not issubclass(typing.Float, typing.Int)


def test_import_path_under_compat(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text("from mindspore._c_expression import typing\n"
                      "import mindspore as ms\n"
                      "print(isinstance(ms.float32, (typing.Number, float)))\n")
    out = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
