"""``import mindspore`` in a process started by a ``python -m mindcell.run`` program: install
mindcell's aliases (:mod:`mindcell.compat`) and hand back mindcell in this module's place."""
import sys

del sys.modules[__name__]  # compat.install() refuses a foreign 'mindspore' module
from mindcell import compat  # noqa: E402

compat.install()  # enters mindcell in sys.modules as 'mindspore', which the import returns
