"""Graph passes, one per module; each takes a Graph and returns it (changed in place)."""
from mindcell.graph.passes.dce import eliminate_dead_code  # noqa: F401
from mindcell.graph.passes.fold import fold_constants  # noqa: F401
from mindcell.graph.passes.cse import eliminate_common_subexpressions  # noqa: F401
from mindcell.graph.passes.simplify import simplify_algebra  # noqa: F401
from mindcell.graph.passes.recompute import apply_recompute  # noqa: F401
from mindcell.graph.passes.fuse import fuse_elementwise  # noqa: F401
from mindcell.graph.passes.epilogue import fuse_epilogues  # noqa: F401
from mindcell.graph.passes.memory import plan_memory  # noqa: F401
from mindcell.graph.passes.schedule import sink_to_first_use  # noqa: F401
from mindcell.graph.passes.state import protect_overwritten_values  # noqa: F401
