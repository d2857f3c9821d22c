"""``mindspore.communication._comm_helper``: the one helper of MindSpore's private module that
public code imports (mindformers, mindnlp: ``from mindspore.communication._comm_helper import
_is_initialized``), to ask whether :func:`mindcell.communication.init` has run."""
from mindcell.communication.management import GlobalComm

__all__ = []


def _is_initialized():
    """Whether :func:`mindcell.communication.init` has run in this process (and
    :func:`~mindcell.communication.release` has not since), as MindSpore's."""
    return bool(GlobalComm.INITED)
