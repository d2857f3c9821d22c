"""Views under traced in-place updates. Eagerly, ``y = x[0]`` (basic indexing), ``x.T``,
``identity`` and the reshape family (``reshape``/``view``/``squeeze``/``expand_dims``/``flatten``/
``ravel`` of a C-contiguous tensor) share memory with ``x``: ``y[i] = v`` changes ``x`` and ``x[i] = v`` changes
``y``. When such a write is recorded (a graph is being traced, or gradients are being taken)
it becomes a functional IndexPut, so the sharing is reproduced explicitly: a trace remembers
which tensor is a view of which (the primitive's ``view`` rule says which ops make views), and
an update of either rebinds the other (the base gets the view written back; its other views
are recomputed from the new base)."""
import weakref

import numpy as np
from numpy.lib.stride_tricks import as_strided

from mindcell._core import autodiff


def strided_layout(shape, dtype, strides=None):
    """A zero-memory array with ``shape`` and ``strides`` (C order by default): numpy's view
    functions on it compute a view's strides without touching any data."""
    dtype = np.dtype(dtype)
    if strides is None:
        strides, step = [], dtype.itemsize
        for n in reversed(tuple(shape)):
            strides.insert(0, step)
            step *= max(int(n), 1)
    return as_strided(np.zeros(1, dtype), tuple(shape), tuple(strides), writeable=False)


class ViewRule:
    """A primitive's view behaviour: ``applies(inputs)`` tells whether the eager result is a
    view of input 0; ``write_back(base, view, **attrs)`` is the base after the view changed.
    ``contiguous_only``: the eager kernel makes a view only of a C-contiguous input (and a copy
    otherwise: reshape), so a trace asks ``is_c_contiguous`` of the input too.
    ``layout(base_layout, **attrs)``: the view's strides, given a zero-memory array with the
    base's (how a graph trace knows whether a later reshape of the view is a view)."""

    __slots__ = ("applies", "write_back", "contiguous_only", "layout")

    def __init__(self, write_back, applies=None, contiguous_only=False, layout=None):
        self.write_back = write_back
        self.applies = applies or (lambda inputs: True)
        self.contiguous_only = contiguous_only
        self.layout = layout


def _drop_link(views, view_of, key, base_key):
    """Forget that the tensor with id ``key`` is a view of the one with id ``base_key``."""
    view_of.pop(key, None)
    siblings = views.get(base_key)
    if siblings is not None:
        siblings.pop(key, None)
        if not siblings:
            del views[base_key]


class ViewTracking:
    """Mixin of the traces: view links, and rebinding after a recorded in-place update.
    Subclasses define ``snapshot(t)`` and ``_assign(t, new)``."""

    def _init_views(self):
        self._view_of = {}   # id(view) -> (weakref(view), base, prim, attrs)
        self._views = {}     # id(base) -> {id(view): weakref(view)}
        self._rebinding = False  # values computed while rebinding are temporaries, not views
        self.new_storage = set()  # ids of tensors rebind gave new storage (not written in place)

    def record_views(self, prim, inputs, attrs, outputs):
        if self._rebinding or not prim.view.applies(inputs):
            return
        if prim.view.contiguous_only and not self.is_c_contiguous(inputs[0]):
            return  # the eager kernel copied
        view, base = outputs[0], inputs[0]
        key, base_key = id(view), id(base)

        def forget(_ref, views=self._views, view_of=self._view_of):  # no reference to self
            _drop_link(views, view_of, key, base_key)

        ref = weakref.ref(view, forget)
        self._view_of[key] = (ref, base, prim, attrs)
        self._views.setdefault(base_key, {})[key] = ref

    def is_c_contiguous(self, t):
        """Whether ``t``'s eager storage is C-contiguous (a graph trace works it out from the
        view links: ``GraphTrace.is_c_contiguous``)."""
        return t._data.flags.c_contiguous

    def update(self, t, compute):
        """A recorded in-place write: ``t`` becomes ``compute(old value of t)``, and every
        tensor sharing memory with it is rebound to match."""
        self._replace(t, compute)
        self._update_base(t)
        self._refresh_views(t, skip=None)

    def rebind(self, t, compute):
        """A recorded storage replacement (``assign_value``, ``set_dtype``): ``t`` becomes
        ``compute(old value of t)`` in new storage, so unlike :meth:`update` its base and its
        views keep their values and stop sharing memory with it."""
        self._unlink(t)
        self._replace(t, compute)
        self.new_storage.add(id(t))

    def _unlink(self, t):
        link = self._view_of.get(id(t))
        if link is not None:
            _drop_link(self._views, self._view_of, id(t), id(link[1]))
        for ref in self._views.pop(id(t), {}).values():
            view = ref()
            if view is not None:
                self._view_of.pop(id(view), None)

    def _update_base(self, view):
        link = self._view_of.get(id(view))
        if link is None:
            return
        _, base, prim, attrs = link
        self._replace(base, lambda old: prim.view.write_back(old, view, **attrs))
        self._update_base(base)
        self._refresh_views(base, skip=view)

    def _refresh_views(self, base, skip):
        for ref in list(self._views.get(id(base), {}).values()):
            view = ref()
            if view is None or view is skip:
                continue
            _, _, prim, attrs = self._view_of[id(view)]
            self._replace(view, lambda old: prim.bind(base, **attrs))
            self._refresh_views(view, skip=None)

    def _replace(self, t, compute):
        """Rebind ``t`` to ``compute(old)``; earlier tape entries keep seeing the old value."""
        shadow = self.snapshot(t)
        autodiff.replace_in_tapes(t, shadow)
        self._rebinding = True
        try:
            new = compute(shadow)
        finally:
            self._rebinding = False
        autodiff.replace_in_tapes(new, t)
        self._assign(t, new)
