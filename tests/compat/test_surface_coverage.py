"""mindcell has the names real MindSpore code uses, at the module paths it uses them, with
MindSpore 2.10's signatures (``../shared/surface``: MindSpore's public surface and a scan of
17 public MindSpore code bases). Every name used by 3 or more files is present, or listed in
surface_gaps.py with the reason it is not; the lists there may only shrink."""
import pytest

import ms_surface as surface
from surface_gaps import COVERAGE_FLOOR, MISSING, SIGNATURE_DIFFERENCES

pytestmark = pytest.mark.skipif(not surface.available(),
                                reason="../shared/surface is not beside the repository")
MIN_FILES = 3


@pytest.fixture(scope="module")
def used():
    return surface.used_names()


def _key(module, name):
    return "%s:%s" % (module, name)


def test_every_name_used_by_3_files_is_present_or_listed(used):
    absent = sorted(_key(m, n) for (m, n), (files, _) in used.items()
                    if files >= MIN_FILES and surface.lookup(m, n) is None)
    unlisted = [k for k in absent if k not in MISSING]
    assert not unlisted, "names real code uses that mindcell lacks (implement them, or list " \
        "them with the reason in surface_gaps.MISSING): %s" % unlisted


def test_listed_gaps_are_still_missing(used):
    present = [k for k in MISSING if surface.lookup(*k.split(":", 1)) is not None]
    assert not present, "now present: remove from surface_gaps.MISSING: %s" % present


def signature_differences():
    """{"module:name": difference} over every function and class of MindSpore 2.10's public
    surface that mindcell has at the same path."""
    found = {}
    for module, names in surface.mindspore_surface().items():
        if module == "Tensor":
            continue
        for name, entry in names.items():
            obj = surface.lookup(module, name)
            if obj is None or entry.get("kind") not in ("class", "function"):
                continue
            diff = surface.signature_difference(entry.get("sig"), obj)
            if diff:
                found[_key(module, name)] = diff
    return found


def test_signatures_match_mindspore():
    """Every public callable mindcell shares with MindSpore takes MindSpore's parameters
    (names, order, defaults), or is listed with how it differs."""
    found = signature_differences()
    new = {k: v for k, v in found.items() if k not in SIGNATURE_DIFFERENCES}
    fixed = [k for k in SIGNATURE_DIFFERENCES if k not in found]
    assert not new, "signatures that differ from MindSpore 2.10's: %s" % new
    assert not fixed, "these match now: remove from surface_gaps.SIGNATURE_DIFFERENCES: %s" \
        % fixed


def test_file_weighted_coverage_does_not_fall(used):
    """Share of name uses (counted per file) that mindcell resolves, over the names MindSpore
    2.10 has at the path used: the floor rises as names land."""
    total = covered = 0
    for (module, name), (files, in_210) in used.items():
        if in_210:
            total += files
            covered += files if surface.lookup(module, name) is not None else 0
    assert covered / total >= COVERAGE_FLOOR, "coverage %.4f < floor %.4f" % (
        covered / total, COVERAGE_FLOOR)


def test_faces_share_one_object():
    """Names MindSpore has at several paths are one object in mindcell too."""
    import mindcell
    from mindcell.ops import functional as F, operations as P
    assert P.Shape is mindcell.ops.Shape and P.BiasAdd is mindcell.ops.BiasAdd
    assert F.tuple_to_array is mindcell.ops.tuple_to_array
    assert mindcell.common.set_seed is mindcell.set_seed
