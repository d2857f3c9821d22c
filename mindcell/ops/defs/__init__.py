"""Primitive definitions, one module per family. Importing this package registers them all."""
from mindcell.ops.defs import elementwise, reduce, shape, nn, state, bitwise  # noqa: F401
from mindcell.ops.defs import comm  # noqa: F401
from mindcell.ops.defs import recurrent  # noqa: F401,E402
from mindcell.ops.defs import inverse_trig  # noqa: F401
from mindcell.ops.defs import cplx  # noqa: F401,E402
