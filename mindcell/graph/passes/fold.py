"""Constant folding: evaluate nodes whose inputs are all constants at compile time."""
import numpy as np

from mindcell.graph.passes._rewrite import replace_value

MAX_FOLD_ELEMENTS = 1 << 20  # do not bloat the program with huge folded constants


def fold_constants(graph):
    remaining = []
    for node in graph.nodes:
        foldable = (not node.prim.has_side_effect and node.prim.impl is not None
                    and all(v.kind == "const" for v in node.inputs)
                    and all(o.nbytes // max(o.dtype.itemsize, 1) <= MAX_FOLD_ELEMENTS
                            for o in node.outputs))
        if not foldable:
            remaining.append(node)
            continue
        out = node.prim.compute([v.const for v in node.inputs], node.attrs)
        outs = out if node.prim.nout != 1 else (out,)
        for old, arr in zip(node.outputs, outs):
            # numpy returns scalars (np.float16(...)) for 0-d results; slots hold arrays
            replace_value(graph, old, graph.add_const(np.asarray(arr)))
    graph.nodes = remaining
    return graph
