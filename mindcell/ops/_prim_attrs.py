"""The base of primitive classes whose attributes are recorded the way MindSpore's are: each in
``attrs`` (the normalised value), ``init_attrs`` (the value given) and as ``self.<name>``, and
shown by ``repr`` as ``Prim[Name]<attr=value, ...>``."""
from mindcell.ops.primitive import Primitive

_HIDDEN = ("input_names", "output_names")


def _show(v):
    return v if isinstance(v, str) else repr(v)


class AttrPrimitive(Primitive):
    """A Primitive whose constructor arguments are attributes (see the module doc)."""

    def __init__(self):
        super().__init__()

    def set_attrs(self, given=None, flags=None, **normalised):
        """Records ``normalised`` as attributes and ``given`` (default: the same values) as the
        constructor's arguments in ``init_attrs``; ``flags`` are attributes only (MindSpore's
        side-effect markers)."""
        for name, value in normalised.items():
            self.add_prim_attr(name, value)
        for name, value in (flags or {}).items():
            self.add_prim_attr(name, value)
        self.init_attrs.update(normalised if given is None else given)

    def __repr__(self):
        shown = ["%s=%s" % (k, _show(v)) for k, v in self.attrs.items() if k not in _HIDDEN]
        return "Prim[%s]%s" % (self.name, "<%s>" % ", ".join(shown) if shown else "")
