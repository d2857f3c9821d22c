"""Round 11 (gh11): patterns of public MindSpore programs that stopped under mindcell.

A T-GCN traffic-forecasting program imports ``INT32_MAX`` from
``mindspore.dataset.core.validator_helpers``: mindcell served that module path (its functions
through the recorded alias groups) but none of the module-level constants MindSpore's modules
define. ``mindcell/_faces/mindspore_constants.py`` records them from MindSpore 2.10
(``tests/goldens/faces/record_constants.py``) and ``mindcell._faces`` binds each at its path.
"""
import math

import pytest

from mindcell import compat
from mindcell._faces.mindspore_constants import CONSTANTS

# Values printed by MindSpore 2.10 (ms-oracle) for these names at these paths.
MINDSPORE_VALUES = [
    ("mindspore.dataset.core.validator_helpers", "INT32_MAX", 2147483647),
    ("mindspore.dataset.core.validator_helpers", "INT32_MIN", -2147483648),
    ("mindspore.dataset.core.validator_helpers", "UINT8_MAX", 255),
    ("mindspore.dataset.core.validator_helpers", "UINT32_MAX", 4294967295),
    ("mindspore.dataset.core.validator_helpers", "FLOAT_MAX_INTEGER", 16777216),
    ("mindspore.dataset.core.validator_helpers", "DOUBLE_MIN_INTEGER", -9007199254740992),
    ("mindspore.dataset.core.validator_helpers", "POS_INT_MIN", 1),
    ("mindspore.dataset.vision.validators", "UINT8_MIN", 0),
    ("mindspore.train.serialization", "INT_64_MAX", 9223372036854775807),
    ("mindspore.communication.management", "HCCL_WORLD_COMM_GROUP", "hccl_world_group"),
    ("mindspore.mindrecord.common.constant", "SYS_ID", 42),
    ("mindspore.common.seed", "DEFAULT_GRAPH_SEED", 87654321),
    ("mindspore.numpy", "PINF", math.inf),
    ("mindspore.numpy", "NINF", -math.inf),
]


@pytest.fixture
def mindspore_names():
    compat.install()
    try:
        yield
    finally:
        compat.uninstall()


@pytest.mark.parametrize("path,name,value", MINDSPORE_VALUES)
def test_constant_imports_from_its_mindspore_path(mindspore_names, path, name, value):
    namespace = {}
    exec("from %s import %s as got" % (path, name), namespace)  # pylint: disable=exec-used
    assert namespace["got"] == value and type(namespace["got"]) is type(value)


def test_every_recorded_constant_is_at_its_path(mindspore_names):
    import importlib
    missing = []
    for path, values in CONSTANTS.items():
        module = importlib.import_module("mindspore" + ("" if path == "." else path))
        for name, value in values.items():
            if getattr(module, name, missing) != value:
                missing.append("%s.%s" % (path, name))
    assert not missing, missing


def test_constants_never_replace_mindcell_names():
    # GRAPH_MODE is mindcell's own (an int in both); the table only adds what a module lacks
    import mindcell.context as context
    assert context.GRAPH_MODE == CONSTANTS[".context"]["GRAPH_MODE"] == 0
    assert "GRAPH_MODE" not in __import__("mindcell._faces", fromlist=["ADDED"]).ADDED.get(
        "mindcell.context", ())


def test_validator_helpers_constant_in_a_metric(mindspore_names):
    # the program's pattern: a Metric counting samples against the dataset limit
    from mindspore.dataset.core.validator_helpers import INT32_MAX
    import mindspore as ms
    import numpy as np

    class Count(ms.train.Metric):
        def __init__(self):
            super().__init__()
            self.clear()

        def clear(self):
            self.n = 0

        def update(self, *inputs):
            self.n = min(self.n + inputs[0].shape[0], INT32_MAX)

        def eval(self):
            return self.n

    m = Count()
    m.update(ms.Tensor(np.zeros((5, 2), np.float32)))
    m.update(ms.Tensor(np.zeros((3, 2), np.float32)))
    assert m.eval() == 8
