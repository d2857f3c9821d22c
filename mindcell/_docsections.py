"""Docstring sections a public class borrows from a parent or sibling documented the same way
(:func:`shared_sections`), so the shared text is written once."""

__all__ = ["shared_sections"]

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
    """Class decorator for a class documented like ``source`` (a parent or a sibling with the
    same parameters): the ``names`` sections of ``source``'s docstring that
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
