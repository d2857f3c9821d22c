"""Shared fixtures: ``mode`` runs a test in both execution modes, ``graph`` in GRAPH_MODE;
every test starts in PYNATIVE_MODE with a fixed seed."""
import pytest

import mindcell as ms


@pytest.fixture(autouse=True)
def _reset_context():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.fixture(params=["PYNATIVE_MODE", "GRAPH_MODE"])
def mode(request):
    """Run the test once per execution mode (the mode is already set when the test starts)."""
    ms.set_context(mode=getattr(ms, request.param))
    return getattr(ms, request.param)


@pytest.fixture
def graph():
    """Run the test in GRAPH_MODE (``_reset_context`` restores PYNATIVE_MODE afterwards)."""
    ms.set_context(mode=ms.GRAPH_MODE)
