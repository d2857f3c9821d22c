"""API-table rows of mindcell.ops.composite's ops (tests/ops/test_api_table.py collects ROWS)."""
from api_table import R

from mindcell import ops

ROWS = [
    R("ops.clip_by_global_norm", lambda a, b: ops.clip_by_global_norm((a, b), 1.0), (3,),
      (2, 2)),
    R("ops.clip_by_global_norm", lambda a: ops.clip_by_global_norm([a], 100.0), (4,)),
]
