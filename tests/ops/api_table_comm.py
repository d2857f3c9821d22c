"""API-table rows of the collective Primitive classes (one process: the world is this process,
so the collectives are identities and their gradients too)."""
from mindcell import ops
from api_table import P, R

ROWS = [
    P("AllReduce", (), (2, 3)),
    P("AllReduce", ("max",), (2, 3)),
    P("AllGather", (), (2, 3)),
    P("ReduceScatter", (), (2, 3)),
    R("ops.Broadcast", lambda x: ops.Broadcast(0)((x,))[0], (2, 3)),
]
