"""What every export format shares: ``construct`` traced in inference mode into a graph of
primitives (GRAPH_MODE's tracer, dead code removed, constants folded), the names of the graph
inputs, and the error for a primitive a format cannot express."""
import inspect
import sys

from mindcell.common.tensor import Tensor
from mindcell.graph import passes
from mindcell.graph.attr_effects import AttrJournal
from mindcell.graph.tracer import (GraphTrace, MAX_REWRITES, _DecideByValue, _flatten,
                                   _trace_paths)


class _ExportTrace(GraphTrace):
    """Notes in each node the innermost cell whose ``construct`` called it: an error about a
    node then names the user's cell, not just the top one."""

    def process(self, prim, inputs, attrs):
        out = super().process(prim, inputs, attrs)
        if self.graph.nodes:
            self.graph.nodes[-1].source = _calling_cell()
        return out


def _calling_cell():
    from mindcell.nn.cell import Cell
    frame = sys._getframe(2)
    while frame is not None:
        owner = frame.f_locals.get("self") if frame.f_code.co_name == "construct" else None
        if isinstance(owner, Cell):
            return owner
        frame = frame.f_back
    return None


def trace_for_export(net, args):
    """The graph of ``net(*args)`` in inference mode (each cell's training flag restored)."""
    from mindcell.graph.rewrite import NeedsRewrite, installed
    cells = [cell for _, cell in net.cells_and_names()]
    flags = [cell.training for cell in cells]
    net.set_train(False)
    try:
        with installed():
            for _ in range(MAX_REWRITES):
                gt = _ExportTrace(type(net).__name__)
                # Python attributes construct writes (MultiheadAttention's k_is_v) are no part of
                # an exported graph: journaled, then put back as they were
                gt.attr_journal, gt.path_attr_writes = AttrJournal(), []
                try:
                    graph, _, _ = _trace_paths(lambda *a: net._eager_call(a, {}), args, {}, gt)
                    break
                except NeedsRewrite:
                    continue
                except _DecideByValue as e:  # export has no values to decide branches by
                    raise e.error from None
                finally:
                    gt.attr_journal.undo()
            else:
                raise RuntimeError("For 'export', tracing %s did not settle after %d source "
                                   "rewrites" % (type(net).__name__, MAX_REWRITES))
    finally:
        for cell, flag in zip(cells, flags):  # pre-order: each cell's own flag wins
            cell.set_train(flag)
    for fn in (passes.eliminate_dead_code, passes.fold_constants, passes.eliminate_dead_code):
        fn(graph)
    return graph


def _input_names(net, count):
    """``construct``'s argument names (x, y, ...); ``name_k`` for the tensors of a tuple argument
    or of ``*args``."""
    try:
        params = list(inspect.signature(net.construct).parameters.values())
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return names + ["input_%d" % k for k in range(len(names), count)]


def leaf_names(net, args):
    """One name per tensor leaf of ``args``."""
    names = _input_names(net, len(args))
    out = []
    for name, arg in zip(names, args):
        leaves = []
        _flatten(arg, leaves)
        out.extend([name] if isinstance(arg, Tensor) else
                   ["%s_%d" % (name, k) for k in range(len(leaves))])
    return out


def _cell_names(net):
    return {id(cell): name for name, cell in net.cells_and_names()}


def unsupported(net, node, converters, fmt, reason=None):
    """The RuntimeError for a node ``fmt`` cannot express: it names the primitive, the cell
    whose construct called it and the primitives that convert."""
    cell = node.source if node.source is not None else net
    where = _cell_names(net).get(id(cell)) or "the top cell"
    what = ("has no %s converter" % fmt if reason is None
            else "cannot be exported to %s here: %s" % (fmt, reason))
    return RuntimeError("For 'export', the primitive '%s' %s. It was called in %s (%s, "
                        "%s.construct). Supported primitives: %s."
                        % (node.name, what, "'%s'" % where if where != "the top cell" else where,
                           type(cell).__name__, type(cell).__name__,
                           ", ".join(sorted(converters))))
