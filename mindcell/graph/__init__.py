"""GRAPH_MODE: trace ``construct`` into an IR graph, optimise it, run it as a flat program."""
