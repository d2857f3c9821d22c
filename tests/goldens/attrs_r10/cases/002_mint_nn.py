"""Attributes and methods of every public class of mindspore.mint.nn (see _attrs.py)."""
from _attrs import ms, record

record("mint.nn", ms.mint.nn)
