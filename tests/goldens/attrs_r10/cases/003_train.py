"""Attributes and methods of every public class of mindspore.train: Model, callbacks, metrics,
loss-scale managers (see _attrs.py)."""
from _attrs import ms, record

record("train", ms.train)
