"""Docstring pieces shared by several public classes of ``mindcell.dataset``: the ``Args``
entries of the options every random-access source takes (rows per epoch, threads, shuffling,
samplers, shards, cache), put into each class's docstring by :func:`source_options`; and
:func:`shared_sections` (mindcell._docsections), for a class documented like its parent or
sibling."""

from mindcell._docsections import shared_sections

__all__ = ["source_options", "shared_sections"]

_MARKER = "(the source options)"

_OPTIONS = """\
num_samples (int, optional): read at most this many rows per epoch, >= 1; None: all.
    Default: ``None``.
num_parallel_workers (int, optional): threads reading the rows, >= 1; the rows keep
    their order. Default: ``None``.
shuffle (bool, optional): a new random order every epoch; None shuffles too (MindSpore's
    default for these sources). Default: ``None``.
sampler (Union[Sampler, list[int]], optional): which rows to read, in what order (instead
    of ``shuffle``; a list of indices is a :class:`SubsetSampler`). Default: ``None``.
num_shards (int, optional): read one of this many shards (data parallel, see
    :class:`DistributedSampler`); given with ``shard_id``. Default: ``None``.
shard_id (int, optional): the shard read, in [0, num_shards). Default: ``None``.
cache (DatasetCache, optional): accepted; the rows are read uncached. Default: ``None``."""


def source_options(cls):
    """Class decorator: replace the line ``(the source options)`` of the class docstring's
    ``Args:`` by the entries of the shared source options, at that line's indentation."""
    doc = cls.__doc__
    if not doc:  # python -OO
        return cls
    lines = doc.split("\n")
    for i, line in enumerate(lines):
        if line.strip() == _MARKER:
            indent = line[:len(line) - len(line.lstrip())]
            lines[i:i + 1] = [indent + text for text in _OPTIONS.split("\n")]
            cls.__doc__ = "\n".join(lines)
            return cls
    raise ValueError("source_options: %s's docstring has no %r line" % (cls.__name__, _MARKER))
