"""Every example runs (with small sizes) and does what it says."""
import importlib.util
from pathlib import Path

import mindcell as ms

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lenet_on_generated_images_learns():
    assert _load("lenet_generated_images").main(["--steps", "80"]) > 0.6
    assert ms.get_context("mode") == ms.PYNATIVE_MODE


def test_rinorm_forecast_beats_the_naive_baseline():
    mae, naive = _load("rinorm_forecast").main(["--steps", "150"])
    assert mae < naive


def test_custom_bprop_and_hooks_agree_between_modes():
    results = _load("custom_bprop_and_hooks").main([])
    # the clipped gradient (0.5 per output) flows back through the all-ones Dense: 4 * 0.5
    assert (results["GRAPH"] == 2.0).all() and (results["PYNATIVE"] == 2.0).all()


def test_checkpoint_interop():
    not_loaded, unused = _load("checkpoint_interop").main([])
    assert not_loaded == [] and unused == []
