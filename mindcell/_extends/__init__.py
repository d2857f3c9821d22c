"""``mindspore._extends``: the helpers of it that model code imports (``cell_attr_register``)."""
import functools
import inspect

__all__ = ["cell_attr_register"]


def cell_attr_register(fn=None, attrs=None):
    """A decorator for a Cell's ``__init__`` that records how the cell was built: after
    ``__init__`` runs, ``self.cell_init_args`` is the class name followed by the arguments
    given (all of them, bound to ``__init__``'s parameters), or by the values of the attributes
    named in ``attrs``. Usable bare (``@cell_attr_register``) or called
    (``@cell_attr_register(attrs=[...])``); the cell itself is unchanged.

    Args:
        fn (function): the ``__init__`` to wrap (the bare form). Default: ``None``.
        attrs (Union[list[str], str, None]): attribute names whose values are recorded
            instead of the arguments (names the cell lacks are left out). Default: ``None``.

    Returns:
        function: the wrapped ``__init__``, or (without ``fn``) the decorator.

    Raises:
        ValueError: ``attrs`` is neither None, a str nor a list, or the list holds a non-str
            (raised when the cell is built, as in MindSpore).

    Examples:
        >>> from mindcell import nn
        >>> from mindcell._extends import cell_attr_register
        >>> class Scale(nn.Cell):
        ...     @cell_attr_register
        ...     def __init__(self, factor, bias=0.0):
        ...         super().__init__()
        ...         self.factor = factor
        >>> Scale(2.0).cell_init_args
        'Scaledict_values([2.0])'
    """
    def wrap(init):
        @functools.wraps(init)
        def recorded_init(self, *args, **kwargs):
            given = None
            if attrs is None:
                bound = inspect.signature(init).bind(self, *args, **kwargs).arguments
                bound.pop(next(iter(bound)))  # self
                given = bound.values()
            init(self, *args, **kwargs)
            if attrs is None:
                recorded = given
            elif isinstance(attrs, list):
                recorded = []
                for name in attrs:
                    if not isinstance(name, str):
                        raise ValueError("cell_attr_register: each name in 'attrs' must be a "
                                         "str, but got %r" % (name,))
                    if hasattr(self, name):
                        recorded.append(getattr(self, name))
            elif isinstance(attrs, str):
                recorded = getattr(self, attrs) if hasattr(self, attrs) else []
            else:
                raise ValueError("cell_attr_register: 'attrs' must be a list of str or a str, "
                                 "but got %s" % type(attrs).__name__)
            self.cell_init_args = type(self).__name__ + str(recorded)

        return recorded_init

    return wrap(fn) if fn is not None else wrap
