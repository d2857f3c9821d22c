"""``mindspore.version``: the version string programs compare (``version.__version__ >= "2.2"``).

``__version__`` is always ``mindcell.__version__``, as ``mindspore.version.__version__`` is
``mindspore.__version__`` in MindSpore: mindcell's package version, and under
``python -m mindcell.run`` (:func:`mindcell.compat.install`) the MindSpore release whose API
mindcell follows, :data:`mindcell.compat.MINDSPORE_VERSION`.
"""
__all__ = []


def __getattr__(name):
    if name == "__version__":
        import mindcell
        return mindcell.__version__
    raise AttributeError("module 'mindcell.version' has no attribute %r" % name)
