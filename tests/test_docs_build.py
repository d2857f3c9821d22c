"""The documentation (docs/) builds with Sphinx with warnings as errors, and the API reference
generated from the modules holds every public name (docs/_ext/apigen.py; see also
tests/test_api_reference.py)."""
import pathlib
import subprocess
import sys

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"


def test_docs_build_without_warnings(tmp_path):
    out = tmp_path / "html"
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-j", "1", "-q", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(DOCS), str(out)],
        capture_output=True, text=True, timeout=1200)  # the reference documents ~1,400 callables
    assert proc.returncode == 0, "sphinx build failed:\n%s\n%s" % (proc.stdout, proc.stderr)

    for page in ("index", "getting_started", "graph_mode", "autodiff", "checkpoints",
                 "performance"):
        assert (out / (page + ".html")).is_file(), page

    expected = {
        "mindcell": ["Tensor", "Parameter", "set_context", "GRAPH_MODE", "save_checkpoint",
                     "load_param_into_net", "jit", "DType"],
        "nn": ["Cell", "Dense", "Conv2d", "LayerNorm", "SoftmaxCrossEntropyWithLogits", "Adam",
               "TrainOneStepCell", "WithLossCell"],
        "ops": ["value_and_grad", "GradOperation", "matmul", "softmax", "ReduceSum", "MatMul"],
        "train": ["Model", "LossMonitor", "ModelCheckpoint"],
        "dataset": ["NumpySlicesDataset", "GeneratorDataset"],
        "benchmark": ["compare_modes", "ModeComparison"],
        "testing": ["assert_modes_agree"],
    }
    for page, names in expected.items():
        html = (out / "api" / (page + ".html")).read_text(encoding="utf-8")
        module = "mindcell" if page == "mindcell" else "mindcell." + page
        for name in names:
            # every documented object gets an anchor named by its public path
            assert 'id="%s.%s"' % (module, name) in html, (page, name)
    # every public path of every documented module has its anchor on its module's page
    sys.path.insert(0, str(DOCS / "_ext"))
    import apigen
    anchors = {}
    for modname, page, entries in apigen.collect():
        if page not in anchors:
            anchors[page] = (out / "api" / (page + ".html")).read_text(encoding="utf-8")
        missing = [name for name, _, _ in entries
                   if 'id="%s.%s"' % (modname, name) not in anchors[page]]
        assert not missing, (modname, missing)
    # napoleon turned the docstrings' sections into fields
    ops_html = (out / "api" / "ops.html").read_text(encoding="utf-8")
    assert "Parameters" in ops_html and "Returns" in ops_html and "Examples" in ops_html
