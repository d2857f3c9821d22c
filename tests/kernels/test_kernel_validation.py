"""Every entry point of mindcell._C checks its buffers before it touches memory: a too-small
buffer, a wrong dtype, a mismatched shape, a non-contiguous or read-only buffer, None, a bad
opcode or program raise ValueError naming the kernel. The calls run in one child process
(``python this_file``), so a check that is missing shows up as a crash of that child, not of
the test run; each kernel's cases are then asserted here."""
import importlib
import json
import os
import subprocess
import sys

import numpy as np
import pytest

F32, F64 = np.float32, np.float64
IN, OUT, FREE = "in", "out", "free"  # FREE: an input whose length along axis 0 is free


def _x(shape, dt=F32, value=0.5):
    return np.full(shape, value, dt)


def _add():
    from mindcell._C.elementwise import OPCODES
    return OPCODES["Add"], OPCODES["Neg"], OPCODES["Mul"], OPCODES["Tanh"]


# kernel -> (module, function name, builder); builder() returns (args, roles, options):
# roles maps argument index -> IN/OUT/FREE for the array arguments; options: "flat" (the kernel
# only needs equal sizes, so a reshaped buffer is valid), "declines" (returns None for inputs
# it does not cover).
def _rows():
    add, neg, mul, tanh = _add()
    rows = {
        "conv.im2col": lambda: ([_x((2, 3, 5, 6)), 2, 2, 1, 1, 0, 0, 1, 1, 4, 5,
                                 _x((12, 40))], {0: IN, 11: OUT}, ()),
        "conv.col2im": lambda: ([_x((12, 40)), 2, 2, 1, 1, 0, 0, 1, 1, 4, 5,
                                 _x((2, 3, 5, 6))], {0: IN, 11: OUT}, ()),
        "conv.conv2d_fwd": lambda: ([_x((2, 4, 5, 6)), _x((6, 2, 3, 2)), 1, 2, 1, 0, 1, 1, 2,
                                     _x((2, 6, 5, 3)), 1], {0: IN, 1: IN, 9: OUT}, ()),
        "conv.conv2d_bwd_input": lambda: ([_x((2, 6, 5, 3)), _x((6, 2, 3, 2)), 1, 2, 1, 0, 1, 1,
                                           2, _x((2, 4, 5, 6)), 2], {0: IN, 1: IN, 9: OUT}, ()),
        "conv.conv2d_bwd_filter": lambda: ([_x((2, 6, 5, 3)), _x((2, 4, 5, 6)), 1, 2, 1, 0, 1,
                                            1, 2, _x((6, 2, 3, 2)), 3],
                                           {0: IN, 1: IN, 9: OUT}, ()),
        "conv.max_pool_fwd": lambda: ([_x((2, 3, 6, 6)), 2, 2, 2, 2, 0, 0, _x((2, 3, 3, 3)),
                                       np.zeros((2, 3, 3, 3), np.int64)],
                                      {0: IN, 7: OUT, 8: OUT}, ()),
        "conv.max_pool_bwd": lambda: ([_x((2, 3, 3, 3)), np.zeros((2, 3, 3, 3), np.int64),
                                       _x((2, 3, 6, 6))], {0: IN, 1: IN, 2: OUT}, ()),
        "conv.max_pool2x2_fwd": lambda: ([_x((2, 3, 7, 6)), _x((2, 3, 3, 3))],
                                         {0: IN, 1: OUT}, ()),
        "conv.max_pool2x2_bwd": lambda: ([_x((2, 3, 7, 6)), _x((2, 3, 3, 3)),
                                          _x((2, 3, 7, 6))], {0: IN, 1: IN, 2: OUT}, ()),
        "conv.avg_pool_fwd": lambda: ([_x((2, 3, 6, 6)), 2, 2, 2, 2, 0, 0, True,
                                       _x((2, 3, 3, 3))], {0: IN, 8: OUT}, ()),
        "conv.avg_pool_bwd": lambda: ([_x((2, 3, 3, 3)), 2, 2, 2, 2, 0, 0, True,
                                       _x((2, 3, 6, 6))], {0: IN, 8: OUT}, ()),
        "elementwise.ew_unary": lambda: ([neg, _x((4, 5)), _x((4, 5))], {1: IN, 2: OUT},
                                         ("flat",)),
        "elementwise.ew_binary": lambda: ([add, _x((4, 5)), 5, 1, _x((5,)), 0, 1, _x((4, 5)),
                                           4, 5], {1: IN, 4: IN, 7: OUT}, ("flat",)),
        "elementwise.ew_fused": lambda: ([np.array([[mul, 2, 0, 1], [tanh, 3, 2, -1]],
                                                   np.int32), [_x((4, 5)), _x((1,))],
                                          _x((4, 5))], {0: FREE, 2: OUT}, ("flat",)),
        "elementwise.binary_same_shape": lambda: ([add, _x((4, 5)), _x((4, 5))],
                                                  {1: IN, 2: IN}, ("declines",)),
        "elementwise.unary_contiguous": lambda: ([neg, _x((4, 5))], {1: FREE},
                                                 ("declines", "flat")),
        "matmul.matmul_gemm": lambda: ([_x((3, 4)), _x((4, 5)), False, False, _x((3, 5))],
                                       {0: IN, 1: IN, 4: OUT}, ()),
        "matmul.matmul_batched": lambda: ([_x((2, 3, 4)), _x((2, 4, 5)), False, False,
                                           _x((2, 3, 5))], {0: IN, 1: IN, 4: OUT}, ()),
        "norm.layer_norm_fwd": lambda: ([_x((3, 4)), _x(4), _x(4), 1e-5, _x((3, 4)), _x(3),
                                         _x(3)], {0: IN, 1: IN, 2: IN, 4: OUT, 5: OUT, 6: OUT},
                                        ()),
        "norm.layer_norm_bwd": lambda: ([_x((3, 4)), _x((3, 4)), _x(3), _x(3), _x(4),
                                         _x((3, 4)), _x(4), _x(4)],
                                        {0: IN, 1: IN, 2: IN, 3: IN, 4: IN, 5: OUT, 6: OUT,
                                         7: OUT}, ()),
        "norm.batch_norm_fwd": lambda: ([_x((2, 3, 4)), _x(3), _x(3), 1e-5, _x((2, 3, 4)), _x(3),
                                         _x(3)], {0: IN, 1: IN, 2: IN, 4: OUT, 5: OUT, 6: OUT},
                                        ()),
        "norm.batch_norm_bwd": lambda: ([_x((2, 3, 4)), _x((2, 3, 4)), _x(3), _x(3), _x(3), 1e-5,
                                         _x((2, 3, 4)), _x(3), _x(3)],
                                        {0: IN, 1: IN, 2: IN, 3: IN, 4: IN, 6: OUT, 7: OUT,
                                         8: OUT}, ()),
        "norm.rms_norm_fwd": lambda: ([_x((3, 4)), _x(4), 1e-5, False, _x((3, 4)), _x(3)],
                                      {0: IN, 1: IN, 4: OUT, 5: OUT}, ()),
        "norm.rms_norm_bwd": lambda: ([_x((3, 4)), _x((3, 4)), _x(3), _x(4), 1e-5, False,
                                       _x((3, 4)), _x(4)],
                                      {0: IN, 1: IN, 2: IN, 3: IN, 6: OUT, 7: OUT}, ()),
        "optim.sgd_update": lambda: ([_x((3, 4)), _x((3, 4)), _x((3, 4)), 0.1, 0.9, 0.0, 0.0,
                                      False, True], {0: OUT, 1: IN, 2: OUT}, ()),
        "optim.apply_momentum": lambda: ([_x((3, 4)), _x((3, 4)), _x((3, 4)), 0.1, 0.9, False],
                                         {0: OUT, 1: OUT, 2: IN}, ()),
        "optim.adam_update": lambda: ([_x((3, 4)), _x((3, 4)), _x((3, 4)), _x((3, 4)), 0.1,
                                       0.1, 0.9, 0.999, 1e-8, 0.0, False, False],
                                      {0: OUT, 1: OUT, 2: OUT, 3: IN}, ()),
        "reduce.sum_rows": lambda: ([_x((3, 4)), _x(3)], {0: IN, 1: OUT}, ()),
        "reduce.sum_cols": lambda: ([_x((3, 4)), _x(4)], {0: FREE, 1: OUT}, ()),
        # (outer, mid, inner): any outer and inner are valid; a reversed 3-D shape keeps mid
        "reduce.sum_middle": lambda: ([_x((3, 4, 5)), _x(4)], {0: FREE, 1: OUT}, ("flat",)),
        "softmax.softmax_fwd": lambda: ([_x((3, 4)), _x((3, 4)), False], {0: IN, 1: OUT}, ()),
        "softmax.softmax_bwd": lambda: ([_x((3, 4)), _x((3, 4)), _x((3, 4)), False],
                                        {0: IN, 1: IN, 2: OUT}, ()),
        "softmax.sparse_xent": lambda: ([_x((3, 4)), np.array([0, 1, 3], np.int64), _x(3),
                                         _x((3, 4))], {0: IN, 1: IN, 2: OUT, 3: OUT}, ()),
        # a fill's length is its out buffer's: any 1-D size is valid (read-only: _extra_cases)
        "philox.words": lambda: ([7, np.zeros(9, np.uint32)], {1: FREE}, ()),
        "philox.uniform": lambda: ([7, _x(9), 0.0, 1.0], {1: FREE}, ()),
        "philox.normal": lambda: ([7, _x(9), 0.0, 1.0], {1: FREE}, ()),
        "philox.truncated_normal": lambda: ([7, _x(9), 0.0, 1.0, 0.1, 0.9], {1: FREE}, ()),
        "recurrent.recurrent_forward": lambda: (_rnn_forward_args(), dict(
            [(i, IN) for i in range(3, 9)] + [(i, OUT) for i in range(9, 15)]), ()),
        "recurrent.recurrent_backward": lambda: (_rnn_backward_args(), dict(
            [(i, IN) for i in range(3, 9)] + [(i, OUT) for i in range(9, 20)]), ()),
    }
    return rows


# Module members that are not kernels over user buffers (or are tested by their own cases).
NOT_KERNELS = {"matmul.set_blas", "executor.set_blas", "executor.Executor",
               "recurrent.set_blas", "conv.set_blas",
               # convolution's strategy switches (tests/kernels/test_conv_winograd.py)
               "conv.set_block_team", "conv.set_winograd", "conv.set_winograd_tile",
               # the compiled Cell call (tests/graph/test_cell_fast_call.py)
               "executor.cell_call", "executor.configure_calls", "executor.FastCall",
               "executor.FastPrograms"}
# Every module's thread controls (csrc/_threads.pxi): tests/kernels/test_thread_count.py
_THREAD_CONTROLS = ("set_num_threads", "get_num_threads", "team_size")
NOT_KERNELS |= {"%s.%s" % (family, attr) for family in importlib.import_module(
    "mindcell._C").FAMILIES for attr in _THREAD_CONTROLS}


def _rnn_forward_args():
    """An LSTM (kind 1) of 3 steps, batch 2, input 5, hidden 4 (16 gate rows)."""
    return [1, False, False, _x((3, 2, 5)), _x((16, 5)), _x((16, 4)), _x(16), _x(16),
            np.array([3, 3], np.int64), _x((3, 2, 4)), _x((2, 4)), _x((2, 4)), _x((3, 2, 28)),
            _x((3, 2, 16)), _x((2, 16))]


def _rnn_backward_args():
    return [1, False, False, _x((3, 2, 5)), _x((16, 5)), _x((16, 4)), np.array([3, 3], np.int64),
            _x((3, 2, 28)), _x((3, 2, 4)), _x((2, 4)), _x((2, 4)), _x((3, 2, 5)), _x((16, 5)),
            _x((16, 4)), _x(16), _x(16), _x((3, 2, 16)), _x((3, 2, 16)), _x((2, 16)), _x((2, 4))]


def _other_dtypes(dt):
    if dt == np.int64:
        return [np.int32, np.float64]
    if dt == np.int32:
        return [np.int64, np.float32]
    return [F64 if dt == F32 else F32, np.int32]


def _non_contiguous(a):
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), a.dtype)
    view = wide[..., ::2]
    view[...] = a
    return view


def _read_only(a):
    a = a.copy()
    a.flags.writeable = False
    return a


def _mutations(args, roles, options):
    """(case name, mutated args) for every buffer argument and every kind of defect."""
    for i, role in roles.items():
        a = args[i]
        targets = [(i, None, a)]
        if isinstance(a, list):  # ew_fused's inputs: mutate the full-size one
            targets = [(i, 0, a[0])]
        for i, j, buf in targets:
            def put(value, i=i, j=j):
                new = list(args)
                if j is None:
                    new[i] = value
                else:
                    new[i] = list(args[i])
                    new[i][j] = value
                return new
            name = "arg%d" % i if j is None else "arg%d[%d]" % (i, j)
            if role != FREE and buf.ndim and buf.shape[0] > 1:
                yield name + ":smaller", put(np.ascontiguousarray(buf[:-1]))
            for dt in _other_dtypes(buf.dtype):
                yield name + ":dtype_" + np.dtype(dt).name, put(buf.astype(dt))
            yield name + ":non_contiguous", put(_non_contiguous(buf))
            yield name + ":none", put(None)
            if "flat" not in options:
                wrong = buf.reshape(buf.shape[::-1]) if buf.ndim > 1 else buf.reshape(-1, 1)
                if wrong.shape != buf.shape:
                    yield name + ":shape_" + "x".join(map(str, wrong.shape)), put(wrong)
            if role == OUT:
                yield name + ":read_only", put(_read_only(buf))


def _extra_cases():
    """Defects that are not about one buffer: opcodes, programs, strides, index ranges,
    window sizes, transpose flags, empty normalized axes."""
    add, neg, mul, tanh = _add()
    prog = lambda rows: np.array(rows, np.int32)  # noqa: E731
    ins = [_x((4, 5)), _x((1,))]
    cases = {
        "elementwise.ew_unary": [("binary_opcode", [add, _x(5), _x(5)]),
                                 ("opcode_99", [99, _x(5), _x(5)])],
        "elementwise.ew_binary": [
            ("unary_opcode", [neg, _x(5), 0, 1, _x(5), 0, 1, _x(5), 1, 5]),
            ("row_stride_too_big", [add, _x((4, 5)), 6, 1, _x((5,)), 0, 1, _x((4, 5)), 4, 5]),
            ("column_stride_2", [add, _x(10), 0, 2, _x(10), 0, 2, _x(5), 1, 5]),
            ("negative_stride", [add, _x(5), -1, 1, _x(5), 0, 1, _x(5), 1, 5]),
            ("rows_cols_not_out", [add, _x(20), 5, 1, _x(20), 5, 1, _x(20), 5, 5])],
        "elementwise.ew_fused": [
            ("empty_program", [np.zeros((0, 4), np.int32), ins, _x((4, 5))]),
            ("three_columns", [prog([[mul, 2, 0]]), ins, _x((4, 5))]),
            ("int64_program", [np.array([[mul, 2, 0, 1]], np.int64), ins, _x((4, 5))]),
            ("wrong_destination", [prog([[mul, 3, 0, 1]]), ins, _x((4, 5))]),
            ("reads_later_register", [prog([[mul, 2, 0, 2]]), ins, _x((4, 5))]),
            ("negative_register", [prog([[mul, 2, -1, 0]]), ins, _x((4, 5))]),
            ("bad_opcode", [prog([[15, 2, 0, 1]]), ins, _x((4, 5))]),
            ("input_of_size_2", [prog([[mul, 2, 0, 1]]), [_x((4, 5)), _x(2)], _x((4, 5))])],
        "elementwise.binary_same_shape": [("unary_opcode", [neg, _x(3), _x(3)])],
        "elementwise.unary_contiguous": [("binary_opcode", [add, _x(3)])],
        "softmax.sparse_xent": [
            ("label_minus_1", [_x((3, 4)), np.array([0, -1, 3], np.int64), _x(3), _x((3, 4))]),
            ("label_n", [_x((3, 4)), np.array([0, 4, 3], np.int64), _x(3), _x((3, 4))]),
            ("no_classes", [_x((3, 0)), np.array([0, 0, 0], np.int64), _x(3), _x((3, 0))])],
        "conv.max_pool_bwd": [
            ("argmax_past_plane", [_x((1, 1, 1, 1)), np.full((1, 1, 1, 1), 4, np.int64),
                                   _x((1, 1, 2, 2))]),
            ("argmax_minus_2", [_x((1, 1, 1, 1)), np.full((1, 1, 1, 1), -2, np.int64),
                                _x((1, 1, 2, 2))])],
        "conv.im2col": [("zero_kernel", [_x((2, 3, 5, 6)), 0, 2, 1, 1, 0, 0, 1, 1, 4, 5,
                                         _x((0, 40))]),
                        ("negative_stride", [_x((2, 3, 5, 6)), 2, 2, -1, 1, 0, 0, 1, 1, 4, 5,
                                             _x((12, 40))]),
                        ("negative_Ho", [_x((2, 3, 5, 6)), 2, 2, 1, 1, 0, 0, 1, 1, -4, -5,
                                         _x((12, 40))])],
        "conv.conv2d_fwd": [
            ("groups_3", [_x((2, 4, 5, 6)), _x((6, 2, 3, 2)), 1, 2, 1, 0, 1, 1, 3,
                          _x((2, 6, 5, 3)), 1]),
            ("zero_stride", [_x((2, 4, 5, 6)), _x((6, 2, 3, 2)), 0, 2, 1, 0, 1, 1, 2,
                             _x((2, 6, 5, 3)), 1]),
            ("zero_dilation", [_x((2, 4, 5, 6)), _x((6, 2, 3, 2)), 1, 2, 1, 0, 0, 1, 2,
                               _x((2, 6, 5, 3)), 1]),
            ("zero_block", [_x((2, 4, 5, 6)), _x((6, 2, 3, 2)), 1, 2, 1, 0, 1, 1, 2,
                            _x((2, 6, 5, 3)), 0])],
        "conv.conv2d_bwd_filter": [
            ("groups_0", [_x((2, 6, 5, 3)), _x((2, 4, 5, 6)), 1, 2, 1, 0, 1, 1, 0,
                          _x((6, 2, 3, 2)), 1])],
        "conv.avg_pool_fwd": [("zero_stride", [_x((2, 3, 6, 6)), 2, 2, 0, 2, 0, 0, True,
                                               _x((2, 3, 3, 3))])],
        "conv.max_pool_fwd": [("zero_kernel", [_x((2, 3, 6, 6)), 0, 2, 2, 2, 0, 0,
                                               _x((2, 3, 3, 3)),
                                               np.zeros((2, 3, 3, 3), np.int64)])],
        "matmul.matmul_gemm": [("transpose_flag", [_x((3, 4)), _x((4, 5)), True, False,
                                                   _x((3, 5))]),
                               ("transpose_b_flag", [_x((3, 4)), _x((4, 5)), False, True,
                                                     _x((3, 5))])],
        "matmul.matmul_batched": [("batch_mismatch", [_x((2, 3, 4)), _x((3, 4, 5)), False,
                                                      False, _x((2, 3, 5))])],
        "norm.layer_norm_fwd": [("empty_axis", [_x((3, 0)), _x(0), _x(0), 1e-5, _x((3, 0)),
                                                _x(3), _x(3)])],
        "norm.batch_norm_fwd": [("empty_batch", [_x((0, 3, 4)), _x(3), _x(3), 1e-5,
                                                 _x((0, 3, 4)), _x(3), _x(3)]),
                                ("empty_plane", [_x((2, 3, 0)), _x(3), _x(3), 1e-5,
                                                 _x((2, 3, 0)), _x(3), _x(3)])],
        "norm.rms_norm_fwd": [("empty_axis", [_x((3, 0)), _x(0), 1e-5, False, _x((3, 0)),
                                              _x(3)])],
        **{kernel: [("read_only_out", args[:1] + [_read_only(args[1])] + args[2:])]
           for kernel, args in (("philox.words", [7, np.zeros(9, np.uint32)]),
                                ("philox.uniform", [7, _x(9), 0.0, 1.0]),
                                ("philox.normal", [7, _x(9), 0.0, 1.0]),
                                ("philox.truncated_normal", [7, _x(9), 0.0, 1.0, 0.1, 0.9]))},
        "recurrent.recurrent_forward": [
            ("kind_3", [3] + _rnn_forward_args()[1:]),
            ("length_past_T", _rnn_forward_args()[:8] + [np.array([3, 4], np.int64)]
             + _rnn_forward_args()[9:])],
    }
    return cases


def _outcome(fn, args):
    try:
        result = fn(*args)
    except Exception as e:  # noqa: BLE001  (reported to the parent, which asserts the type)
        return "%s: %s" % (type(e).__name__, e)
    return "returned " + type(result).__name__


def _child():
    import mindcell  # noqa: F401  (binds BLAS for the matmul kernels)
    rows, extra = _rows(), _extra_cases()
    for kernel in sorted(rows):
        module, name = kernel.split(".")
        fn = getattr(importlib.import_module("mindcell._C." + module), name)
        args, roles, options = rows[kernel]()
        print(json.dumps([kernel, "valid", _outcome(fn, args)]), flush=True)
        for case, mutated in _mutations(args, roles, options):
            print(json.dumps([kernel, case, _outcome(fn, mutated)]), flush=True)
        for case, case_args in extra.get(kernel, ()):
            print(json.dumps([kernel, case, _outcome(fn, case_args)]), flush=True)


@pytest.fixture(scope="module")
def outcomes():
    proc = subprocess.run([sys.executable, os.path.abspath(__file__)], capture_output=True,
                          text=True, timeout=600)
    results = {}
    for line in proc.stdout.splitlines():
        kernel, case, outcome = json.loads(line)
        results.setdefault(kernel, []).append((case, outcome))
    return results, proc


def _kernel_names():
    import mindcell._C as pkg
    names = set()
    for family in pkg.FAMILIES:
        module = getattr(pkg, family)
        for attr, value in vars(module).items():
            # a function's __module__ is the name Cython compiled in: mindcell._C.<family>
            if not attr.startswith("_") and callable(value) and not isinstance(value, type(
                    sys)) and getattr(value, "__module__", None) == "mindcell._C." + family:
                names.add("%s.%s" % (family, attr))
    return names


def test_every_kernel_has_a_row():
    assert _kernel_names() - NOT_KERNELS == set(_rows())


@pytest.mark.parametrize("kernel", sorted(_rows()))
def test_kernel_rejects_bad_buffers(kernel, outcomes):
    results, proc = outcomes
    cases = dict(results.get(kernel, ()))
    assert cases, "the child process died before reaching %s (exit %s): %s" % (
        kernel, proc.returncode, proc.stderr[-2000:])
    _, _, options = _rows()[kernel]()
    expected = 1 + len(list(_mutations(*_rows()[kernel]()))) + len(
        _extra_cases().get(kernel, ()))
    assert len(cases) == expected, "the child process died inside %s after case %r (exit %s)" \
        % (kernel, list(cases)[-1], proc.returncode)
    valid = cases.pop("valid")
    assert valid == ("returned ndarray" if "declines" in options else "returned NoneType"), valid
    name = kernel.split(".")[1]
    for case, outcome in cases.items():
        if "declines" in options and (outcome == "returned NoneType" or (
                outcome == "returned ndarray" and ":dtype_float" in case)):
            continue  # declined, or the other float dtype, which it covers
        if case.endswith(":none") and outcome.startswith("TypeError"):
            continue
        assert outcome.startswith("ValueError: %s:" % name), (kernel, case, outcome)


def _executor_program():
    from mindcell._C.elementwise import OPCODES
    f32 = np.dtype(np.float32)
    instrs = [dict(kind="binary", op=OPCODES["Add"], a=0, b=1, out=2, ra=0, ca=1, rb=0, cb=1,
                   rows=1, cols=4, is32=True)]
    bindings = dict(input_slots=(0, 1), param_slots=(), output_slots=(2,),
                    template=[None, None, None], fresh=[(2, (4,), f32)],
                    native_in={0: ((4,), f32), 1: ((4,), f32)}, arena=np.empty(0, np.uint8))
    return instrs, bindings


def test_executor_checks_its_bindings():
    import mindcell  # noqa: F401  (binds BLAS)
    from mindcell._C.executor import Executor
    instrs, bindings = _executor_program()
    ex = Executor(3, instrs, [], [()], bindings)
    np.testing.assert_array_equal(ex.run([_x(4), _x(4)], [])[0], np.ones(4, F32))
    with pytest.raises(ValueError, match="takes 2 inputs"):
        ex.run([_x(4)], [])
    with pytest.raises(ValueError, match="takes 2 inputs"):
        ex.run([_x(4), _x(4), _x(4)], [])
    for bad in (_x(3), _x((2, 2)), _x((4, 1)), _x(4, F64), _x(2, F64)):
        with pytest.raises(RuntimeError, match="compiled graph"):
            ex.run([_x(4), bad], [])
    strided = _non_contiguous(_x(4, value=2.0))  # copied to a contiguous buffer, not misread
    np.testing.assert_array_equal(ex.run([_x(4), strided], [])[0], np.full(4, 2.5, F32))
    for key, value in (("out", 3), ("a", -1), ("op", 99)):
        broken = [dict(instrs[0], **{key: value})]
        with pytest.raises(ValueError, match="Executor"):
            Executor(3, broken, [], [()], bindings)
    with pytest.raises(ValueError, match="Executor"):
        Executor(3, instrs, [], [()], dict(bindings, output_slots=(7,)))
    with pytest.raises(ValueError, match="Executor"):
        Executor(3, instrs, [], [], bindings)


if __name__ == "__main__":
    _child()
