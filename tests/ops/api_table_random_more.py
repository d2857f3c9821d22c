"""api_table rows for the random functions of mindcell/ops/function/random_more_func.py
(round 6, exfn): random draws, so shape/dtype rows, and gumbel_softmax/rrelu's gradients through
fixed draws (graph and gradient checks reseed before each run)."""
import mindcell as ms
from mindcell import ops

from api_table import R

RND = dict(kind="random")

ROWS = [
    R("ops.randperm", lambda x: x * ops.randperm(3, dtype=x.dtype), (3,), **RND),
    R("ops.randint_like", lambda x: ops.randint_like(x.astype(ms.int32), 0, 5), (2, 3), **RND),
    R("ops.shuffle", lambda x: ops.shuffle(x), (3, 2), **RND),
    R("ops.standard_laplace", lambda x: x * ops.standard_laplace((2, 3)), (2, 3), **RND),
    R("ops.gumbel_softmax", lambda x: ops.gumbel_softmax(x), (2, 3), **RND),
    R("ops.rrelu", lambda x: ops.rrelu(x), (2, 3), **RND),
]


def base_overrides(a, t):
    """Valid base calls for tests/ops/test_bad_input_fuzz.py: name -> () -> (args, kwargs)."""
    import numpy as np
    return {"randint_like": lambda: ([t(np.array([1, 2], np.int32)), 0, 5], {})}
