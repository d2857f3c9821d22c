"""Every dataset test starts without a dataset seed of its own (``mindcell.set_seed(0)`` from
the top conftest then seeds the pipeline)."""
import pytest

from mindcell.dataset import config


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    saved = dict(config._state)
    config._state["seed"] = None
    yield
    config._state.update(saved)
