"""Docstring pieces shared by several public classes of ``mindcell.dataset``: the ``Args``
entries of the options every random-access source takes (rows per epoch, threads, shuffling,
samplers, shards, cache), put into each class's docstring by :func:`source_options`, and the
sections a class documented like a parent or sibling borrows from it
(:func:`shared_sections`)."""

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


_SECTIONS = ("Args:", "Inputs:", "Returns:", "Raises:")


def _sections(doc):
    """(the text before the first section, {header: the section's text, header included})
    of a cleaned docstring; ``Examples:`` is a section too."""
    head, out, current = [], {}, None
    for line in doc.split("\n"):
        if line in _SECTIONS or line == "Examples:":
            current = line
            out[current] = [line]
        elif current is None:
            head.append(line)
        else:
            out[current].append(line)
    return ("\n".join(head).rstrip("\n"),
            {k: "\n".join(v).rstrip("\n") for k, v in out.items()})


def shared_sections(source, names=_SECTIONS):
    """Class decorator for a transform or dataset documented like ``source`` (a parent or a
    sibling with the same parameters): the ``names`` sections of ``source``'s docstring that
    the class's own docstring lacks are added to it, all sections in the order Args, Inputs,
    Returns, Raises, Examples, so the class writes only what differs. Returns the
    decorator."""
    import inspect

    def decorate(cls):
        if not cls.__doc__ or not source.__doc__:  # python -OO
            return cls
        head, mine = _sections(inspect.cleandoc(cls.__doc__))
        _, borrowed = _sections(inspect.cleandoc(source.__doc__))
        for name in names:
            if name in borrowed and name not in mine:
                mine[name] = borrowed[name]
        order = [n for n in _SECTIONS + ("Examples:",) if n in mine]
        cls.__doc__ = "\n\n".join([head] + [mine[n] for n in order]) + "\n"
        return cls
    return decorate
