"""Helpers shared by passes: replacing a value everywhere."""


def replace_value(graph, old, new):
    """Make every use of ``old`` (node inputs and graph outputs) use ``new``."""
    if old is new:
        return
    for n in graph.nodes:
        if any(v is old for v in n.inputs):
            n.inputs = [new if v is old else v for v in n.inputs]
    graph.outputs = [new if v is old else v for v in graph.outputs]


def attrs_key(attrs):
    """A hashable form of a node's attributes, or None when they are not hashable."""
    try:
        key = tuple(sorted(attrs.items()))
        hash(key)
        return key
    except TypeError:
        return None
