"""Attributes and methods of every public class of mindspore.nn.probability.bijector and
.distribution (see _attrs.py)."""
from _attrs import ms, record

record("bijector", ms.nn.probability.bijector)
record("distribution", ms.nn.probability.distribution)
