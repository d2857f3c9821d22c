"""Elementwise fusion: trees of elementwise nodes whose intermediate values have a single
user become one ``FusedElementwise`` node holding a register program
``((op_name, dst, a, b), ...)``. Registers 0..k-1 are the group's inputs (full-shape arrays or
scalars); the last register is the result. The program runs blockwise in the Cython VM, which
implements the primitives that declare an ``opcode`` (unary ones have b == -1)."""
import numpy as np

from mindcell._core.primitive import defprim


def _run_program_numpy(program, arrays, out_shape, dtype):
    """Reference evaluation of a fused program (the oracle for the VM)."""
    from mindcell._core.primitive import REGISTRY
    regs = list(arrays)
    for name, dst, a, b in program:
        args = (regs[a],) if b < 0 else (regs[a], regs[b])
        r = REGISTRY[name].impl(*[np.asarray(x, dtype) for x in args])
        if dst == len(regs):
            regs.append(r)
        else:
            regs[dst] = r
    # np.array, not np.ascontiguousarray: that one turns a 0-d result into shape (1,)
    return np.array(np.broadcast_to(regs[-1], out_shape), dtype=dtype, order="C")


def _fused_impl(*arrays, program, shape):
    dtype = np.result_type(*[a.dtype for a in arrays]) if arrays else np.float32
    return _run_program_numpy(program, arrays, shape, dtype)


fused_p = defprim("FusedElementwise", _fused_impl, lowering="fused",
                  infer=lambda *avals, program, shape: (shape, avals[0][1]))


def _eligible(node):
    if node.prim.opcode is None or node.attrs or len(node.outputs) != 1:
        return False
    out = node.outputs[0]
    if out.dtype.kind != "f":
        return False
    return all(v.dtype == out.dtype and (v.shape == out.shape or _is_scalar(v))
               for v in node.inputs)


def _is_scalar(v):
    return v.shape == () or (int(np.prod(v.shape)) == 1 and len(v.shape) <= 1)


def fuse_elementwise(graph, min_size=2):
    users = graph.users()
    out_ids = {v.id for v in graph.outputs}
    group_of = {}  # node id -> list of nodes (in order)
    for node in graph.nodes:
        if not _eligible(node):
            continue
        members = [node]
        for v in node.inputs:
            p = v.producer
            if (p is not None and p.id in group_of and v.id not in out_ids
                    and len(users.get(v.id, ())) == 1 and v.shape == node.outputs[0].shape
                    and p.tag == node.tag):
                members = group_of.pop(p.id) + members
        group_of[node.id] = members
    groups = {root_id: nodes for root_id, nodes in group_of.items() if len(nodes) >= min_size}
    if not groups:
        return graph
    in_group = {n.id for nodes in groups.values() for n in nodes}
    new_nodes = []
    for node in graph.nodes:
        if node.id in groups:
            new_nodes.append(_build_fused(graph, groups[node.id]))
        elif node.id not in in_group:
            new_nodes.append(node)
    graph.nodes = new_nodes
    return graph


def _build_fused(graph, members):
    from mindcell.graph.ir import Node
    internal = {o.id for n in members for o in n.outputs}
    inputs, reg = [], {}
    for n in members:
        for v in n.inputs:
            if v.id not in internal and v.id not in reg:
                reg[v.id] = len(inputs)
                inputs.append(v)
    program = []
    for n in members:
        dst = len(inputs) + len(program)
        a = reg[n.inputs[0].id]
        b = reg[n.inputs[1].id] if len(n.inputs) > 1 else -1
        program.append((n.prim.name, dst, a, b))
        reg[n.outputs[0].id] = dst
    root = members[-1]
    out = root.outputs[0]
    fused = Node(fused_p, inputs, {"program": tuple(program), "shape": out.shape},
                 [(out.shape, out.dtype)], tag=root.tag, phase=root.phase)
    fused.outputs = [out]
    out.producer = fused
    return fused
