"""MindSpore 2.10 docstring-example round 7, names outside ``mindspore.ops``: Tensor methods,
dataset text transforms, runtime functions. Expected values were recorded with MindSpore 2.10
CPU (ms-oracle); the cases are our own."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor


def _np(x):
    return x.asnumpy()


# ----- Tensor methods -----------------------------------------------------------------------
def test_argmax_argmin_with_value():
    x = ms.tensor([[9, 3, 4, 5], [5, 2, 7, 4], [8, 1, 3, 6]])
    v, i = x.argmax_with_value()
    assert _np(v).tolist() == [9, 3, 7, 6] and _np(i).tolist() == [0, 0, 1, 2]
    v, i = x.argmax_with_value(axis=1, keep_dims=True)
    assert v.shape == (3, 1) and _np(v).ravel().tolist() == [9, 7, 8]
    assert _np(i).ravel().tolist() == [0, 2, 0] and i.dtype == ms.int64
    v, i = x.argmax_with_value(axis=None, keep_dims=True)
    assert v.shape == () and int(v) == 9
    y = Tensor(np.array([[1, 3, 3], [2, 2, 1]], np.float32))
    v, i = y.argmin_with_value(1)
    assert _np(v).tolist() == [1.0, 1.0] and _np(i).tolist() == [0, 2]
    with pytest.raises(TypeError):
        x.argmax_with_value(axis=1, keep_dims=1)


def test_median_method_overloads():
    x = Tensor(np.array([[0.57, 0.11, 0.21], [0.38, 0.50, 0.57], [0.36, 0.16, 0.44]], np.float32))
    v, i = x.median()  # the last axis by default
    np.testing.assert_allclose(_np(v), [0.21, 0.5, 0.36], rtol=1e-6)
    assert _np(i).tolist() == [2, 1, 0]
    v, i = x.median(axis=0)
    np.testing.assert_allclose(_np(v), [0.38, 0.16, 0.44], rtol=1e-6)
    assert _np(i).tolist() == [1, 2, 2]
    v, i = x.median(dim=1, keepdim=True)
    assert v.shape == (3, 1) and _np(i).ravel().tolist() == [2, 1, 0]
    v, i = Tensor(np.array([[1., 2, 3, 4]], np.float32)).median(axis=1)  # lower middle
    assert _np(v).tolist() == [2.0] and _np(i).tolist() == [1]


def test_choose_fill_diagonal():
    x = Tensor(np.array([2, 3, 1, 0]))
    ch = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]
    assert _np(x.choose(ch)).tolist() == [20, 31, 12, 3]
    c3 = [[0, 1, 2], [10, 11, 12], [20, 21, 22]]
    assert _np(Tensor(np.array([2, 5, -1])).choose(c3)).tolist() == [20, 21, 2]
    assert _np(Tensor(np.array([2, 5, -1])).choose(c3, mode="wrap")).tolist() == [20, 21, 22]
    a = Tensor(np.ones((6, 3)), ms.float32)
    out = _np(a.fill_diagonal(5.0, wrap=True))
    assert out[:, 0].tolist() == [5, 1, 1, 1, 5, 1] and out[5, 1] == 5
    assert _np(a).max() == 1  # not in place
    assert _np(Tensor(np.ones((7, 3)), ms.float32).fill_diagonal(5.0))[4:].max() == 1
    assert _np(Tensor(np.ones((2, 3)), ms.int32).fill_diagonal(2.5)).tolist() == [[2, 1, 1],
                                                                                  [1, 2, 1]]
    cube = _np(Tensor(np.ones((2, 2, 2)), ms.float32).fill_diagonal(5.0))
    assert cube[0, 0, 0] == 5 and cube[1, 1, 1] == 5 and cube.sum() == 16
    with pytest.raises(ValueError):
        Tensor(np.ones((2, 2, 3)), ms.float32).fill_diagonal(5.0)
    g = ms.grad(lambda t: (t.fill_diagonal(0.0) * 2).sum())(ms.ops.ones((2, 2)))
    assert _np(g).tolist() == [[0, 2], [2, 0]]


def test_index_put():
    x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
    ind = [Tensor(np.array([0, 1, 1], np.int32)), Tensor(np.array([1, 2, 1], np.int32))]
    assert _np(x.index_put(ind, Tensor(np.array([3], np.int32)))).tolist() == [[1, 3, 3],
                                                                               [4, 3, 3]]
    out = x.index_put(ind, Tensor(np.array([7, 8, 9], np.int32)), True)
    assert _np(out).tolist() == [[1, 9, 3], [4, 14, 14]]
    assert _np(x).tolist() == [[1, 2, 3], [4, 5, 6]]
    assert _np(x.index_put([Tensor(np.array([1, 0], np.int32))],
                           Tensor(np.array([7], np.int32)))).tolist() == [[7, 7, 7], [7, 7, 7]]
    rep = x.index_put([Tensor(np.array([1, 1], np.int32)), Tensor(np.array([0, 0], np.int32))],
                      Tensor(np.array([7, 8], np.int32)), True)
    assert _np(rep).tolist() == [[1, 2, 3], [19, 5, 6]]
    with pytest.raises(TypeError):
        x.index_put([Tensor(np.array([1], np.int32))], Tensor(np.array([7.5], np.float32)))
    with pytest.raises(TypeError):
        x.index_put([Tensor(np.array([True, False]))], Tensor(np.array([7], np.int32)))


def test_index_copy_in_place():
    x = ms.mint.ones((5, 3), dtype=ms.int64)
    out = x.index_copy_(0, Tensor([4, 0, 2]), Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]], ms.int64))
    assert out is x
    assert _np(x).tolist() == [[4, 5, 6], [1, 1, 1], [7, 8, 9], [1, 1, 1], [1, 2, 3]]
    y = ms.ops.zeros((2, 3))
    y.index_copy_(1, Tensor([2, 0]), Tensor([[1., 2.], [3., 4.]]))
    assert _np(y).tolist() == [[2, 0, 1], [4, 0, 3]]
    with pytest.raises(ValueError):
        y.index_copy_(1, Tensor([2, 0]), Tensor([[1., 2., 3.]]))


def test_itemset_resize_sum_to_size():
    x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.float32))
    assert _np(x.itemset((0, 1), 4)).tolist() == [[1, 4, 3], [4, 5, 6]]
    assert _np(x.itemset(4, 9)).tolist() == [[1, 2, 3], [4, 9, 6]]
    assert _np(Tensor(np.array([3.0], np.float32)).itemset(7)).tolist() == [7.0]
    assert _np(x).tolist() == [[1, 2, 3], [4, 5, 6]]
    with pytest.raises(IndexError):
        x.itemset(7)
    with pytest.raises(ValueError):
        x.itemset(1, 2, 3)
    assert _np(x.resize(3, 3)).tolist() == [[1, 2, 3], [4, 5, 6], [0, 0, 0]]
    assert _np(x.resize((2, 2))).tolist() == [[1, 2], [3, 4]]
    assert x.resize(0).shape == (0,)
    y = Tensor(np.arange(24.).reshape(2, 3, 4), ms.float32)
    assert _np(y.sum_to_size((1, 3, 1))).ravel().tolist() == [60, 92, 124]
    assert y.sum_to_size(3, 1).shape == (3, 1)
    assert _np(y.sum_to_size(4)).tolist() == [60, 66, 72, 78]
    assert _np(y.sum_to_size((2, 1, 4)))[1, 0].tolist() == [48, 51, 54, 57]
    assert float(y.sum_to_size()) == 276.0
    s = Tensor(np.arange(4), ms.int32).sum_to_size(1)
    assert s.dtype == ms.int64 and _np(s).tolist() == [6]
    for bad in ((5,), (1, 1, 1, 1)):
        with pytest.raises(ValueError):
            y.sum_to_size(bad)


def test_bytes_storage_data():
    assert Tensor([1, 2, 3], ms.int16).get_bytes() == b'\x01\x00\x02\x00\x03\x00'
    assert Tensor([1.5, 2], ms.float32).get_bytes() == b'\x00\x00\xc0?\x00\x00\x00@'
    assert Tensor([1.5, 2], ms.bfloat16).get_bytes() == b'\xc0?\x00@'
    t = Tensor.convert_bytes_to_tensor(b'\x01\x00\x02\x00\x03\x00', (1, 3), ms.int16)
    assert t.dtype == ms.int16 and _np(t).tolist() == [[1, 2, 3]]
    with pytest.raises(ValueError):
        Tensor.convert_bytes_to_tensor(b'\x01\x00', (3,), ms.int16)
    y = Tensor(np.arange(24.).reshape(2, 3, 4), ms.float32)
    assert y.storage_offset() == 0
    v = Tensor(np.arange(24.).reshape(2, 3, 4)[1])
    assert v.storage_offset() in (0, 12)
    t = Tensor([1., 2, 3, 4])
    d = t.data
    assert d is not t
    d[0] = 9
    assert _np(t).tolist() == [9, 2, 3, 4]  # shares storage, as in MindSpore
    t.data = Tensor([5., 6.])
    assert _np(t).tolist() == [5, 6]


def test_device_noops_and_H():
    x = Tensor([1, 2])
    assert x.is_pinned() is False and x.is_shared() is False
    moved = x.move_to("CPU")
    assert moved is not x and _np(moved).tolist() == [1, 2]
    with pytest.raises(RuntimeError):
        x.move_to("Ascend")
    with pytest.raises(ValueError):
        x.move_to("cpu")
    assert x.set_const_arg() is x and x.const_arg is True
    with pytest.raises(TypeError):
        x.set_const_arg(1)
    m = Tensor(np.array([[1, 2], [3, 4]]))
    assert _np(m.H).tolist() == [[1, 3], [2, 4]] and _np(m.mH).tolist() == [[1, 3], [2, 4]]
    with pytest.raises(ValueError):
        Tensor(np.arange(8).reshape(2, 2, 2)).H


def test_random_fills():
    ms.set_seed(3)
    a = Tensor(np.zeros((1, 2)), ms.float32).cauchy()
    ms.set_seed(3)
    assert _np(Tensor(np.zeros((1, 2)), ms.float32).cauchy()).tolist() == _np(a).tolist()
    assert Tensor(np.zeros((2,)), ms.float64).cauchy().dtype == ms.float64
    ln = Tensor(np.ones((50,)), ms.float32).log_normal(0.0, 0.5)
    assert (_np(ln) > 0).all()
    with pytest.raises(TypeError):
        Tensor(np.array([1, 2], np.int32)).log_normal()
    with pytest.raises(TypeError):
        Tensor(np.array([1., 2.], np.float32)).log_normal(mean=1, std=2.0)
    r = Tensor([[2, 3, 4], [1, 2, 3]])
    assert r.random_(0, 5) is r and ((_np(r) >= 0) & (_np(r) < 5)).all()
    g = ms.Generator()
    g.manual_seed(100)
    u1 = _np(ms.ops.ones((4, 2)).uniform_(1., 2., generator=g))
    u2 = _np(ms.ops.ones((4, 2)).uniform_(1., 2., generator=g))
    g.manual_seed(100)
    again = _np(ms.ops.ones((4, 2)).uniform_(1., 2., generator=g))
    assert (again == u1).all() and not (u2 == u1).all() and (u1 >= 1).all()
    with pytest.raises(TypeError):
        ms.ops.ones((2,)).normal_(generator=3)


# ----- dataset.text transforms --------------------------------------------------------------
def test_text_rewriters():
    from mindcell.dataset import text
    from mindcell.dataset.text import NormalizeForm
    assert text.CaseFold()(["ABC", "Straße", "ΣΑΣ"]).tolist() == ["abc", "strasse", "σασ"]
    assert str(text.CaseFold()("ǅ ﬁ İ")) == "dž fi i̇"
    data = ["ﬁ", "é", "e\u0301", "2⁵"]
    assert text.NormalizeUTF8(NormalizeForm.NONE)(data).tolist() == data
    assert text.NormalizeUTF8()(data).tolist() == ["fi", "é", "é", "25"]
    assert text.NormalizeUTF8(NormalizeForm.NFD)(data)[1] == "e\u0301"
    with pytest.raises(TypeError):
        text.NormalizeUTF8(1)
    assert str(text.RegexReplace("o", "0", False)("foo boo")) == "f0o boo"
    assert str(text.RegexReplace("(a)(b)", r"\2\1")("abab")) == "2121"  # ICU: \ escapes
    assert str(text.RegexReplace("(a)(b)", "$2$1")("abab")) == "baba"
    assert str(text.RegexReplace(r"\s+", " ")("a   b\t c")) == "a b c"


@pytest.mark.parametrize("raw, want", [
    ("Hello 123 <b>World</b>", "hello one two three"), ("[[link|text]] &amp; é", "link text"),
    ("a-b_c.d,e", "a b c d e"), ("x{{tmpl}}y", "x tmpl y"), ("!!!", ""),
    ("Zo\u00eb 42 #hash", "zo four two hash"), ("<text>a</text>", ""),
    ("&lt;ref&gt;x&lt;/ref&gt;", "ref x ref"), ("[http://x.org name] t", "http x org name t"),
    ("[[Image:a.jpg|thumb|cap]] k", "image a jpg thumb cap k"), ("x\ny", "x y"),
    ("#REDIRECT x", ""), ("Rome", "ome")])  # MindSpore deletes a capital R
def test_filter_wikipedia_xml(raw, want):
    from mindcell.dataset import text
    assert str(text.FilterWikipediaXML()(raw)) == want


def test_filter_wikipedia_xml_first_string_only():
    from mindcell.dataset import text
    assert text.FilterWikipediaXML()(["A 1", "b"]).tolist() == ["a one", ""]


def test_regex_and_script_tokenizers():
    from mindcell.dataset import text
    assert text.RegexTokenizer(r"\s+")("  a  b c ").tolist() == ["a", "b", "c"]
    assert text.RegexTokenizer(r"\s+", r"\s+")("a  b c").tolist() == ["a", "  ", "b", " ", "c"]
    words, start, end = text.RegexTokenizer(r"\s+", with_offsets=True)("é  b")
    assert words.tolist() == ["é", "b"] and start.tolist() == [0, 4] and end.tolist() == [2, 5]
    assert start.dtype == np.uint32
    assert text.RegexTokenizer(",", ",")("a,,b").tolist() == ["a", ",", ",", "b"]
    assert text.RegexTokenizer(r"x|y", "y")("axbyc").tolist() == ["a", "b", "y", "c"]
    assert text.RegexTokenizer(r"\s+")("").tolist() == [""]
    s = "北 京abc  123,x.y 東京ひらがなカタカナ한국어 Ελλ привет!?"
    keep = ["北", " ", "京", "abc", "  ", "123,", "x", ".", "y", " ", "東京", "ひらがな",
            "カタカナ", "한국어", " ", "Ελλ", " ", "привет", "!?"]
    assert text.UnicodeScriptTokenizer(keep_whitespace=True)(s).tolist() == keep
    words, start, end = text.UnicodeScriptTokenizer(with_offsets=True)(s)
    assert words.tolist() == [w for w in keep if w.strip()]
    assert start.tolist() == [0, 4, 7, 12, 16, 17, 18, 20, 26, 38, 50, 60, 67, 79]
    assert end.tolist() == [3, 7, 10, 16, 17, 18, 19, 26, 38, 50, 59, 66, 79, 81]
    assert text.UnicodeScriptTokenizer()("a1b2 __ --").tolist() == ["a", "1", "b", "2", "__",
                                                                    "--"]
    assert text.UnicodeScriptTokenizer()("don't 3.5 a_b é\u0301x").tolist() == [
        "don", "'", "t", "3.5", "a", "_", "b", "é", "\u0301", "x"]
    assert text.PythonTokenizer(str.split)(np.array("a b  c".encode())).tolist() == ["a", "b",
                                                                                     "c"]
    with pytest.raises(TypeError):
        text.PythonTokenizer(1)


def test_sequence_transforms():
    from mindcell.dataset import text
    assert text.AddToken("T", begin=False)(["a", "b"]).tolist() == ["a", "b", "T"]
    assert text.AddToken("T")(np.array([["a", "b"]])).tolist() == [["T", "a", "b"]]
    for bad in ("ab", np.array([1, 2]), np.array([], dtype=str)):
        with pytest.raises(RuntimeError):
            text.AddToken("T")(bad)
    with pytest.raises(TypeError):
        text.AddToken("T", begin=1)
    assert text.SlidingWindow(2)([1, 2, 3]).tolist() == [[1, 2], [2, 3]]
    assert text.SlidingWindow(5)([1, 2, 3]).shape == (0,)
    with pytest.raises(RuntimeError):
        text.SlidingWindow(2)(np.array([[1, 2, 3], [4, 5, 6]]))
    with pytest.raises(ValueError):
        text.SlidingWindow(0)
    assert text.Truncate(2)(np.array([[1, 2, 3], [4, 5, 6]])).tolist() == [[1, 2], [4, 5]]
    assert text.Truncate(5)([1, 2, 3]).tolist() == [1, 2, 3]
    with pytest.raises(RuntimeError):
        text.Truncate(2)(np.array([[[1, 2, 3]]]))
    with pytest.raises(ValueError):
        text.Truncate(0)


def test_text_transforms_in_a_pipeline():
    import mindcell.dataset as ds
    from mindcell.dataset import text
    data = ds.NumpySlicesDataset(data=["Welcome  |,  To  |,  BeiJing!"], column_names=["text"])
    data = data.map(operations=text.RegexTokenizer(r"[ |,]", with_offsets=True),
                    input_columns=["text"], output_columns=["token", "start", "limit"])
    row = next(data.create_dict_iterator(num_epochs=1, output_numpy=True))
    assert row["token"].tolist() == ["Welcome", "To", "BeiJing!"]
    assert row["start"].tolist() == [0, 13, 21] and row["limit"].tolist() == [7, 15, 29]


def test_one_hot_drops_size_one_axes():
    from mindcell.dataset import transforms
    out = transforms.OneHot(4)(np.array([[1], [2], [3]]))
    assert out.shape == (3, 4) and out.argmax(1).tolist() == [1, 2, 3]
    assert transforms.OneHot(4)(np.array([[[1], [2]]])).shape == (2, 4)
    assert transforms.OneHot(4)(np.array([[1]])).tolist() == [0, 1, 0, 0]
    assert transforms.OneHot(4)(np.array([1, 3], np.uint8)).dtype == np.uint8
    with pytest.raises(ValueError):
        transforms.OneHot(4)(np.array([[1, 2], [2, 3]]))
    smooth = transforms.OneHot(4, 0.1)(np.array(2))
    assert smooth.dtype == np.float64
    np.testing.assert_allclose(smooth, [0.025, 0.025, 0.925, 0.025])


# ----- runtime ------------------------------------------------------------------------------
def test_runtime_counters_streams_and_limits():
    rt = ms.runtime
    assert rt.memory_allocated() == 0 and ms.max_memory_reserved() == 0  # MindSpore CPU: 0
    stats = rt.memory_stats()
    assert stats["total_allocated_memory"] == 0 and "persistent_mem_pool_stats" in stats
    assert "Memory summary" in rt.memory_summary()
    assert rt.reset_peak_memory_stats() is None and rt.empty_cache() is None
    s = rt.Stream()
    assert repr(s) == "Stream(device_name=CPU, device_id:0, stream id:0)" and s.query()
    assert rt.get_device_limit(5) == {"cube_core_num": -1, "vector_core_num": -1}
    rt.set_device_limit(5, 8, 4)
    assert rt.get_device_limit(5) == {"cube_core_num": 8, "vector_core_num": 4}
    rt.set_stream_limit(s, 2, 1)
    assert rt.get_stream_limit(s) == {"cube_core_num": 2, "vector_core_num": 1}
    rt.reset_stream_limit(s)
    with rt.StreamLimitCtx(s, 3, 3):
        assert rt.get_stream_limit(s)["cube_core_num"] == 3
    assert rt.get_stream_limit(s)["cube_core_num"] == -1
    with pytest.raises(TypeError):
        rt.set_stream_limit(1, 1, 2)
    with pytest.raises(TypeError):
        rt.set_device_limit(0, 1.5, 1)


def test_runtime_settings_are_set_once():
    import subprocess
    import sys
    code = """
import mindcell as ms
rt = ms.runtime
def err(f):
    try:
        f()
    except Exception as e:
        return type(e).__name__
    return "ok"
print(err(lambda: rt.set_memory(init_size="2G")), err(lambda: rt.set_memory(init_size=2)),
      err(lambda: rt.set_memory(optimize_level="O3")))
print(err(lambda: rt.set_memory(init_size="1GB", max_size="0.5GB")),
      err(lambda: rt.set_memory(init_size="1GB")))
print(err(lambda: rt.dispatch_threads_num("4")), err(lambda: rt.dispatch_threads_num(4)),
      err(lambda: rt.dispatch_threads_num(5)))
print(err(lambda: rt.set_kernel_launch_group(3, 8)), err(lambda: rt.set_kernel_launch_group(2, 8)),
      err(lambda: rt.set_kernel_launch_group(2, 8)), err(lambda: rt.set_kernel_launch_capture(True)))
print(err(lambda: rt.set_cpu_affinity(True, [0])), err(lambda: rt.set_cpu_affinity(1)))
print(err(lambda: rt.set_kernel_launch_capture(1)))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300).stdout.split("\n")
    assert out[0].split() == ["ValueError", "TypeError", "ValueError"]
    assert out[1].split() == ["ok", "RuntimeError"]
    assert out[2].split() == ["TypeError", "ok", "RuntimeError"]
    assert out[3].split() == ["ValueError", "ok", "RuntimeError", "RuntimeError"]
    assert out[4].split()[0] == "ValueError"  # a CPU range is a string, as in MindSpore
    assert out[5].split() == ["TypeError"]


# ----- frombuffer, merge_sliced_parameter, checkpoint type tables -------------------------
def test_frombuffer_shares_memory():
    data = bytearray([1, 2, 3, 4, 5, 6])
    t = ms.frombuffer(data, dtype=ms.uint8)
    assert t.dtype == ms.uint8 and _np(t).tolist() == [1, 2, 3, 4, 5, 6]
    data[0] = 99
    assert _np(t)[0] == 99
    assert _np(ms.frombuffer(data, ms.int16)).tolist()[1:] == [1027, 1541]
    assert _np(ms.frombuffer(data, ms.uint8, count=2, offset=1)).tolist() == [2, 3]
    assert _np(ms.frombuffer(b"\x00\x00\x80?", ms.float32)).tolist() == [1.0]
    for bad in (dict(dtype=ms.int32), dict(dtype=ms.uint8, offset=7),
                dict(dtype=ms.uint8, count=10)):
        with pytest.raises(RuntimeError):
            ms.frombuffer(data, **bad)
    with pytest.raises(RuntimeError):
        ms.frombuffer(bytearray(), ms.uint8)


def test_merge_sliced_parameter_and_type_tables():
    from mindcell.train import serialization
    def p(values, name="w", dtype=np.float32):
        return ms.Parameter(Tensor(np.array(values, dtype)), name)
    merged = ms.merge_sliced_parameter([p([[1, 2]]), p([[3, 4]])])
    assert isinstance(merged, ms.Parameter) and merged.name == "w"
    assert _np(merged).tolist() == [[1, 2], [3, 4]] and merged.requires_grad
    assert ms.merge_sliced_parameter([p([1]), p([2], dtype=np.float64)]).dtype == ms.float64
    assert ms.train.merge_sliced_parameter is ms.merge_sliced_parameter
    with pytest.raises(ValueError):
        ms.merge_sliced_parameter([p([1]), p([2], "v")])
    with pytest.raises(ValueError):
        ms.merge_sliced_parameter([])
    with pytest.raises(TypeError):
        ms.merge_sliced_parameter([Tensor([1.0])])
    with pytest.raises(NotImplementedError):
        ms.merge_sliced_parameter([p([1])], {"w": None})
    assert serialization.tensor_to_np_type("Int8") is np.int8
    assert serialization.tensor_to_np_type("str") == "U"
    assert serialization.tensor_to_np_type("Foo") is None
    assert serialization.tensor_to_ms_type["BFloat16"] == ms.bfloat16


# ----- experimental.optim -------------------------------------------------------------------
def test_experimental_optimizer_add_param_group():
    from mindcell import nn, Parameter
    from mindcell.experimental import optim
    net = nn.Dense(2, 1)
    opt = optim.SGD(net.trainable_params(), 0.1, momentum=0.9)
    extra = Parameter(Tensor(np.array([1., 2.], np.float32)), name="extra")
    opt.add_param_group({"params": extra, "lr": 0.5})
    group = opt.param_groups[-1]
    assert group["momentum"] == 0.9 and group["lr"].name == "learning_rate_group_1"
    assert opt.group_start_id == [0, 2, 3]
    assert [p.name for p in opt.parameters] == ["weight", "bias", "extra"]
    grads = tuple(ms.ops.ones_like(p) for p in opt.parameters)
    opt(grads)
    np.testing.assert_allclose(_np(extra), [0.5, 1.5])
    opt(grads)  # the new parameter has momentum state of its own
    np.testing.assert_allclose(_np(extra), [-0.45, 0.55], rtol=1e-6)
    with pytest.raises(ValueError):
        opt.add_param_group({"params": [extra]})
    with pytest.raises(TypeError):
        opt.add_param_group([extra])

    class MySGD(optim.Optimizer):  # a custom optimizer indexing gradients by group_start_id
        def __init__(self, params, lr):
            super().__init__(params, dict(lr=lr))

        def construct(self, gradients):
            for group_id, grp in enumerate(self.param_groups):
                start = self.group_start_id[group_id]
                for i, param in enumerate(grp["params"]):
                    ms.ops.assign(param, param - gradients[start + i] * grp["lr"])
    net2 = nn.Dense(2, 1)
    mine = MySGD(net2.trainable_params(), 0.25)
    other = Parameter(Tensor(np.array([1.0], np.float32)), name="other")
    mine.add_param_group({"params": other})
    mine(tuple(ms.ops.ones_like(p) for p in mine.parameters))
    np.testing.assert_allclose(_np(other), [0.75])


# ----- mutable sequences under GradOperation ------------------------------------------------
@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_grad_operation_of_a_mutable_tuple(mode):
    from mindcell import nn, ops

    class Net(nn.Cell):
        def construct(self, z):
            return ops.matmul(z[0], z[1])

    class GradNet(nn.Cell):
        def __init__(self, net, get_all=False):
            super().__init__()
            self.net, self.grad_op = net, ops.GradOperation(get_all=get_all)

        def construct(self, z):
            return self.grad_op(self.net)(z)

    a = Tensor(np.array([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], np.float32))
    b = Tensor(np.array([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], np.float32))
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        ga, gb = GradNet(Net())(ms.mutable((a, b)))  # MindSpore's GRAPH_MODE values (ms-oracle)
        np.testing.assert_allclose(_np(ga), [[1.41, 1.6, 6.6]] * 2, rtol=1e-5)
        np.testing.assert_allclose(_np(gb), [[1.7] * 3, [1.9] * 3, [1.5] * 3], rtol=1e-5)
        as_list = GradNet(Net())(ms.mutable([a, b]))
        assert isinstance(as_list, list) and len(as_list) == 2
        assert GradNet(Net())((a, b)) == ()  # a plain tuple is a constant: no gradient
        (pair,) = GradNet(Net(), get_all=True)(ms.mutable((a, b)))
        np.testing.assert_allclose(_np(pair[1]), _np(gb))
    finally:
        ms.set_context(mode=old)


def test_adaptive_max_pool3d_return_indices():
    x = Tensor(np.array([[[[3, 1, 2], [0, 5, 4]], [[7, 6, 1], [2, 9, 8]]]], np.float32))
    for size, values, index in [((1, 1, 2), [9, 9], [10, 10]), ((2, 1, 1), [5, 9], [4, 10]),
                                ((1, 2, 2), [7, 6, 9, 9], [6, 7, 10, 10])]:
        y, i = ms.nn.AdaptiveMaxPool3d(size, True)(x)
        assert i.dtype == ms.int32 and y.shape == i.shape == (1,) + size
        assert _np(y).ravel().tolist() == values and _np(i).ravel().tolist() == index
    x5 = Tensor(np.random.RandomState(0).rand(1, 1, 3, 4, 5).astype(np.float32))
    _, i = ms.nn.AdaptiveMaxPool3d((2, 2, 3), True)(x5)  # MindSpore 2.10's indices
    assert _np(i).ravel().tolist() == [20, 8, 8, 10, 38, 38, 20, 27, 23, 31, 52, 38]


# ----- nn cells ---------------------------------------------------------------------------
def test_parameter_update_and_sparse_cells():
    from mindcell import nn, COOTensor
    net = nn.Dense(3, 4)
    update = nn.ParameterUpdate(net.weight)
    out = update(Tensor(np.arange(12).reshape((4, 3)), ms.float32))
    assert _np(out).tolist() == np.arange(12).reshape(4, 3).tolist()
    assert _np(net.weight)[0].tolist() == [0, 1, 2]
    with pytest.raises(ValueError):
        update(Tensor(np.ones((2, 2)), ms.float32))
    with pytest.raises(TypeError):
        nn.ParameterUpdate(Tensor([1.0]))
    indices = Tensor([[0, 1], [1, 2]], ms.int32)
    values = Tensor([1, 2], ms.float32)
    dense = Tensor([[1, 1], [2, 2], [3, 3], [4, 4]], ms.float32)
    assert _np(nn.SparseTensorDenseMatmul()(indices, values, (3, 4), dense)).tolist() == [
        [2, 2], [6, 6], [0, 0]]
    st = nn.SparseTensorDenseMatmul(adjoint_st=True)(indices, values, (3, 4),
                                                    Tensor(np.ones((3, 2)), ms.float32))
    assert _np(st).tolist() == [[0, 0], [1, 1], [2, 2], [0, 0]]
    dt = nn.SparseTensorDenseMatmul(adjoint_dt=True)(indices, values, (3, 4),
                                                    Tensor(np.ones((2, 4)), ms.float32))
    assert _np(dt).tolist() == [[1, 1], [2, 2], [0, 0]]
    dup = nn.SparseTensorDenseMatmul()(Tensor([[0, 1], [0, 1]], ms.int32), values, (3, 4),
                                       Tensor(np.ones((4, 2)), ms.float32))
    assert _np(dup).tolist() == [[3, 3], [0, 0], [0, 0]]  # repeated indices add up
    dense_out = nn.SparseToDense()(COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([1, 2], ms.int32),
                                             (3, 4)))
    assert dense_out.dtype == ms.int32 and _np(dense_out).tolist() == [[0, 1, 0, 0], [0, 0, 2, 0],
                                                                       [0, 0, 0, 0]]


def test_amp_grad_scale_maps():
    from mindcell.amp import LossScaler, _grad_scale_map, _grad_unscale_map
    scale = ms.Parameter(Tensor(4.0, ms.float32), name="scale_value")
    out = _grad_scale_map(scale, (Tensor([1., 2.]), Tensor([3.], ms.float16)))
    assert isinstance(out, tuple) and _np(out[0]).tolist() == [4, 8]
    assert out[1].dtype == ms.float16 and _np(out[1]).tolist() == [12]
    back = _grad_unscale_map(scale, [Tensor([4.])])
    assert isinstance(back, list) and _np(back[0]).tolist() == [1]

    class MyLossScaler(LossScaler):  # a custom scaler built on the two helpers
        def __init__(self, value):
            self.scale_value = ms.Parameter(Tensor(value, ms.float32), name="scale_value")

        def scale(self, inputs):
            return _grad_scale_map(self.scale_value, ms.mutable(inputs))

        def unscale(self, inputs):
            return _grad_unscale_map(self.scale_value, ms.mutable(inputs))

    scaler = MyLossScaler(1024)
    assert _np(scaler.unscale(scaler.scale((Tensor([0.5]),)))[0]).tolist() == [0.5]


def test_sampled_softmax_loss():
    from mindcell import nn
    rs = np.random.RandomState(0)
    w = Tensor(rs.randn(7, 5).astype(np.float32))
    b = Tensor(rs.randn(7).astype(np.float32))
    x = Tensor(rs.randn(3, 5).astype(np.float32))
    labels = Tensor(np.array([0, 1, 2], np.int32))
    sampled = (Tensor(np.array([2, 4, 5, 6], np.int32)),
               Tensor(np.array([[0.3], [0.2], [0.25]], np.float32)),
               Tensor(np.array([0.25, 0.1, 0.12, 0.05], np.float32)))
    keep = nn.SampledSoftmaxLoss(4, 7, sampled_values=sampled, remove_accidental_hits=False)
    np.testing.assert_allclose(_np(keep(w, b, labels, x)), [10.086627, 2.3394291, 2.5010128],
                               rtol=1e-5)  # MindSpore 2.10
    removed = _np(nn.SampledSoftmaxLoss(4, 7, sampled_values=sampled)(w, b, labels, x))
    # rows whose label is not sampled are MindSpore's; class 2 (row 3) no longer counts
    # as a negative of its own example
    np.testing.assert_allclose(removed[:2], [10.086627, 2.3394291], rtol=1e-5)
    assert removed[2] < 2.5010128
    labels2 = Tensor(np.array([[0, 2], [1, 3], [2, 4]], np.int32))
    sampled2 = (sampled[0], Tensor(np.array([[0.3, 0.1], [0.2, 0.3], [0.25, 0.2]], np.float32)),
                sampled[2])
    two = nn.SampledSoftmaxLoss(4, 7, 2, sampled_values=sampled2, remove_accidental_hits=False)
    np.testing.assert_allclose(_np(two(w, b, labels2, x)), [5.7475595, 3.7118878, 2.2721312],
                               rtol=1e-5)
    mean = nn.SampledSoftmaxLoss(4, 7, sampled_values=sampled, remove_accidental_hits=False,
                                 reduction="mean")(w, b, labels, x)
    assert mean.shape == () and abs(float(mean) - 4.975683) < 1e-4
    drawn = nn.SampledSoftmaxLoss(4, 7)(w, b, labels, x)
    assert drawn.shape == (3,) and (_np(drawn) > 0).all()
    with pytest.raises(ValueError):
        nn.SampledSoftmaxLoss(8, 7)
    grads = ms.grad(lambda ww, bb, xx: keep(ww, bb, labels, xx).sum(),
                    grad_position=(0, 1, 2))(w, b, x)
    assert [g.shape for g in grads] == [(7, 5), (7,), (3, 5)]


# ----- dataset corpora ----------------------------------------------------------------------
def _rows(data):
    return [[str(v) for v in r] for r in data.create_tuple_iterator(output_numpy=True)]


@pytest.mark.parametrize("name, columns, first", [
    ("AGNewsDataset", ["index", "title", "description"], "test"),
    ("DBpediaDataset", ["class", "title", "content"], "test"),
    ("SogouNewsDataset", ["index", "title", "content"], "train"),
    ("YahooAnswersDataset", ["class", "title", "content", "answer"], "test")])
def test_csv_corpora(tmp_path, name, columns, first):
    import mindcell.dataset as ds
    n = len(columns)
    (tmp_path / "train.csv").write_text('"1",%s\n"2",%s\n' % (
        ",".join('"tr%d"' % i for i in range(n - 1)), ",".join('"tr%d"' % i for i in range(n - 1))))
    (tmp_path / "test.csv").write_text('"3",%s\n' % ",".join('"te%d"' % i for i in range(n - 1)))
    data = getattr(ds, name)(str(tmp_path), shuffle=False)
    assert data.get_col_names() == columns
    # usage='all' interleaves the files' rows in MindSpore 2.10's order
    labels = [r[0] for r in _rows(data)]
    assert labels == (["3", "1", "2"] if first == "test" else ["1", "3", "2"])
    assert _rows(getattr(ds, name)(str(tmp_path), usage="test", shuffle=False))[0][1] == "te0"
    with pytest.raises(ValueError):
        getattr(ds, name)(str(tmp_path), usage="valid")


def test_line_corpora(tmp_path):
    import mindcell.dataset as ds
    (tmp_path / "ptb.train.txt").write_text("a b\nc d\n")
    (tmp_path / "ptb.valid.txt").write_text("v1\n")
    (tmp_path / "ptb.test.txt").write_text("t1\nt2\n")
    assert _rows(ds.PennTreebankDataset(str(tmp_path), shuffle=False)) == [
        ["t1"], ["a b"], ["t2"], ["c d"], ["v1"]]
    assert _rows(ds.PennTreebankDataset(str(tmp_path), usage="valid", shuffle=False)) == [["v1"]]
    (tmp_path / "enwik9").write_text("line one\nline two\n")
    assert _rows(ds.EnWik9Dataset(str(tmp_path), shuffle=False)) == [["line one"], ["line two"]]
    with pytest.raises(ValueError):  # no such folder
        ds.PennTreebankDataset(str(tmp_path / "missing"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(RuntimeError):  # no enwik9 in it
        ds.EnWik9Dataset(str(tmp_path / "empty"))


def test_imdb_and_fake_image_datasets(tmp_path):
    import mindcell.dataset as ds
    files = {("train", "pos", "0_9.txt"): "good movie\n", ("train", "pos", "1_8.txt"): "great",
             ("train", "pos", "2_7.txt"): "line1\nline2", ("train", "neg", "0_2.txt"): "bad",
             ("test", "pos", "0_10.txt"): "test pos", ("test", "neg", "0_1.txt"): "test neg",
             ("train", "unsup", "0_0.txt"): "unsup"}
    for parts, text in files.items():
        (tmp_path / parts[0] / parts[1]).mkdir(parents=True, exist_ok=True)
        (tmp_path / parts[0] / parts[1] / parts[2]).write_text(text)
    rows = [(str(r["text"]), r["label"]) for r in ds.IMDBDataset(
        str(tmp_path), shuffle=False).create_dict_iterator(output_numpy=True)]
    # MindSpore 2.10: train then test, pos then neg, a file's last line
    assert [t for t, _ in rows] == ["good movie", "great", "line2", "bad", "test pos", "test neg"]
    assert [int(l) for _, l in rows] == [1, 1, 1, 0, 1, 0] and rows[0][1].dtype == np.int32
    assert ds.IMDBDataset(str(tmp_path), usage="test").get_dataset_size() == 2
    with pytest.raises(ValueError):
        ds.IMDBDataset(str(tmp_path), usage="unsup")
    fake = ds.FakeImageDataset(num_images=5, image_size=(4, 4, 3), num_classes=3, num_samples=3)
    assert fake.get_col_names() == ["image", "label"] and fake.get_dataset_size() == 3
    one = [(r["image"], r["label"]) for r in ds.FakeImageDataset(
        5, (4, 4, 3), 3, shuffle=False).create_dict_iterator(output_numpy=True)]
    again = [(r["image"], r["label"]) for r in ds.FakeImageDataset(
        5, (4, 4, 3), 3, shuffle=False).create_dict_iterator(output_numpy=True)]
    assert all((a[0] == b[0]).all() and a[1] == b[1] for a, b in zip(one, again))
    assert one[0][0].dtype == np.uint8 and one[0][1].dtype == np.uint32
    assert all(0 <= int(l) < 3 for _, l in one)
    with pytest.raises(ValueError):
        ds.FakeImageDataset(num_images=0)


def test_tensor_methods_of_existing_ops_functions():
    x = Tensor(np.array([[1., np.nan, 3.], [4., 5., 6.]], np.float32))
    assert abs(float(x.nanmean()) - 3.8) < 1e-6 and _np(x.nanmean(1)).tolist() == [2.0, 5.0]
    cov = _np(Tensor(np.array([[1., 2, 3], [4, 5, 7]], np.float32)).cov())
    np.testing.assert_allclose(cov, [[1.0, 1.5], [1.5, 2.3333333]], rtol=1e-6)
    y = Tensor(np.array([-1.5, 0., 2.], np.float32))
    assert _np(y.sgn()).tolist() == [-1, 0, 1]
    assert _np(y.soft_shrink(1.0)).tolist() == [-0.5, 0, 1]
    np.testing.assert_allclose(_np(y.i0()), [1.6467233, 1.0, 2.2795854], rtol=1e-6)
    sign, logdet = Tensor(np.array([[2., 1.], [1., 3.]], np.float32)).log_matrix_determinant()
    assert float(sign) == 1.0 and abs(float(logdet) - np.log(5.0)) < 1e-5
    assert Tensor.nanmean._ops_function is ms.ops.nanmean  # one definition


def test_ops_move_to():
    x = Tensor([1, 2])
    assert _np(ms.ops.move_to(x, "CPU")).tolist() == [1, 2]
    with pytest.raises(RuntimeError):
        ms.ops.move_to(x, "GPU")
    with pytest.raises(TypeError):
        ms.ops.move_to([1, 2])


def test_speech_corpora(tmp_path):
    from scipy.io import wavfile
    import mindcell.dataset as ds
    (tmp_path / "yesno").mkdir()
    wavfile.write(str(tmp_path / "yesno" / "0_1_0_0_1_0_1_1.wav"), 8000,
                  (np.arange(10) * 100).astype(np.int16))
    row = next(ds.YesNoDataset(str(tmp_path / "yesno"), shuffle=False).create_dict_iterator(
        output_numpy=True))
    assert row["waveform"].shape == (1, 10) and row["waveform"].dtype == np.float32
    assert abs(float(row["waveform"][0, 1]) - 0.0030518509) < 1e-9  # 100 / 32767, as MindSpore
    assert int(row["sample_rate"]) == 8000 and row["sample_rate"].dtype == np.int32
    assert row["label"].tolist() == [0, 1, 0, 0, 1, 0, 1, 1] and row["label"].dtype == np.int32
    lj = tmp_path / "lj"
    (lj / "wavs").mkdir(parents=True)
    wavfile.write(str(lj / "wavs" / "LJ001-0001.wav"), 22050, np.zeros(5, np.int16))
    (lj / "metadata.csv").write_text("LJ001-0001|Printing, in 1.|Printing, in one.\n")
    data = ds.LJSpeechDataset(str(lj), shuffle=False)
    assert data.get_col_names() == ["waveform", "sample_rate", "transcription",
                                    "normalized_transcription"]
    row = next(data.create_dict_iterator(output_numpy=True))
    assert str(row["transcription"]) == "Printing, in 1." and int(row["sample_rate"]) == 22050
    sc = tmp_path / "sc"
    for word, name, sign in (("yes", "abc123_nohash_0.wav", 1), ("no", "def456_nohash_1.wav", -1)):
        (sc / word).mkdir(parents=True)
        wavfile.write(str(sc / word / name), 16000, (np.arange(4) * 7 * sign).astype(np.int16))
    (sc / "validation_list.txt").write_text("no/def456_nohash_1.wav\n")
    rows = list(ds.SpeechCommandsDataset(str(sc), shuffle=False).create_dict_iterator(
        output_numpy=True))
    assert [str(r["label"]) for r in rows] == ["no", "yes"]
    assert [str(r["speaker_id"]) for r in rows] == ["def456", "abc123"]
    assert [int(r["utterance_number"]) for r in rows] == [1, 0]
    valid = list(ds.SpeechCommandsDataset(str(sc), usage="valid").create_dict_iterator(
        output_numpy=True))
    train = list(ds.SpeechCommandsDataset(str(sc), usage="train").create_dict_iterator(
        output_numpy=True))
    assert [str(r["label"]) for r in valid] == ["no"] and [str(r["label"]) for r in train] == [
        "yes"]
    with pytest.raises(ValueError):
        ds.SpeechCommandsDataset(str(sc), usage="dev")


def test_clue_dataset(tmp_path):
    import mindcell.dataset as ds
    def rows(path, task, usage):
        data = ds.CLUEDataset(str(path), task=task, usage=usage, shuffle=False)
        return data.get_col_names(), [{k: v.tolist() for k, v in r.items()}
                                      for r in data.create_dict_iterator(output_numpy=True)]
    afqmc = tmp_path / "afqmc.json"
    afqmc.write_text('{"sentence1": "a b", "sentence2": "c", "label": "0"}\n')
    assert rows(afqmc, "AFQMC", "train") == (["label", "sentence1", "sentence2"],
                                             [{"label": "0", "sentence1": "a b", "sentence2": "c"}])
    test = tmp_path / "tnews_test.json"
    test.write_text('{"id": 5, "label": "102", "label_desc": "e", "sentence": "s1", '
                    '"keywords": "k1,k2"}\n')
    names, got = rows(test, "TNEWS", "test")
    assert names == ["id", "keywords", "sentence"] and got[0]["id"] == 5
    wsc = tmp_path / "wsc.json"
    wsc.write_text('{"target": {"span1_index": 0, "span2_index": 3, "span1_text": "A", '
                   '"span2_text": "it"}, "idx": 7, "label": "true", "text": "A saw it"}\n')
    names, got = rows(wsc, "WSC", "train")
    assert names == ["idx", "label", "span1_index", "span1_text", "span2_index", "span2_text",
                     "text"] and got[0]["span2_index"] == 3
    data = ds.CLUEDataset(str(wsc), task="WSC", shuffle=False)
    assert next(data.create_dict_iterator(output_numpy=True))["idx"].dtype == np.uint32
    csl = tmp_path / "csl.json"
    csl.write_text('{"id": 1, "abst": "ab", "keyword": ["k1", "k2"], "label": "1"}\n')
    assert rows(csl, "CSL", "eval")[1][0]["keyword"] == ["k1", "k2"]
    with pytest.raises(RuntimeError):  # a key of the task is missing
        rows(afqmc, "IFLYTEK", "train")
    with pytest.raises(ValueError):
        ds.CLUEDataset(str(afqmc), task="FOO")
    with pytest.raises(ValueError):
        ds.CLUEDataset(str(afqmc), usage="dev")
