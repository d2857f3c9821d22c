"""mindcell.profiler: eager ops and graph instructions are recorded with names, shapes, times
and output bytes; the Chrome trace is valid; recording is off outside start/stop; options,
schedule and handlers behave as documented."""
import doctest
import json
import os
import pathlib
import re

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell._core import primitive
from mindcell.graph import executor
from mindcell.profiler import (Profiler, profile, schedule, tensorboard_trace_handler,
                               ProfilerAction, ProfilerLevel, AicoreMetrics, ExportType)
from mindcell.profiler import profiler as profiler_module, _recorder

REQUIRED = {"name", "ph", "ts", "dur", "pid", "tid", "args"}


@pytest.fixture(autouse=True)
def _no_recorder_left():
    yield
    _recorder.install(None)  # a failed test must not leave later ones recording


def _trace(prof):
    path = os.path.join(prof.last_output_dir, "ASCEND_PROFILER_OUTPUT", "trace_view.json")
    with open(path) as f:
        doc = json.load(f)
    assert set(doc) >= {"traceEvents"}
    return [e for e in doc["traceEvents"] if e["ph"] == "X"]


def _x(shape=(4, 4), seed=0):
    return ms.Tensor(np.random.default_rng(seed).normal(size=shape).astype(np.float32))


def test_eager_ops_recorded_with_shapes_bytes_and_times(tmp_path, capsys):
    x = _x()
    prof = Profiler(output_path=str(tmp_path))
    y = ops.matmul(x, x)
    z = ops.add(y, ops.ones((1, 4), ms.float32))
    prof.stop()
    ops.mul(z, z)  # after stop: not recorded
    prof.analyse()
    events = _trace(prof)
    assert [e["name"] for e in events if e["name"] != "Ones"] == ["MatMul", "Add"]
    mm = next(e for e in events if e["name"] == "MatMul")
    assert mm["args"]["Input Dims"] == "4,4;4,4"
    assert mm["args"]["Output Bytes"] == 64 and mm["args"]["mode"] == "PYNATIVE"
    for e in events:
        assert REQUIRED <= set(e) and e["dur"] >= 0 and isinstance(e["ts"], float)
    starts = [e["ts"] for e in events]
    assert starts == sorted(starts)
    out = capsys.readouterr().out
    assert "MatMul" in out and "total(ms)" in out
    assert os.path.exists(os.path.join(prof.last_output_dir, "ASCEND_PROFILER_OUTPUT",
                                       "op_statistic.csv"))


def test_off_means_no_hook(tmp_path):
    assert primitive.PROFILER is None and executor.PROFILER is None
    prof = Profiler(output_path=str(tmp_path))
    assert primitive.PROFILER is not None and executor.PROFILER is primitive.PROFILER
    prof.stop()
    assert primitive.PROFILER is None and executor.PROFILER is None
    prof = Profiler(output_path=str(tmp_path), start_profile=False)
    ops.add(_x(), 1.0)
    assert prof._events() == [] and primitive.PROFILER is None


def test_graph_instructions_recorded_and_results_unchanged(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 3), nn.Softmax()])
    x = _x((5, 4))
    expected = net(x).asnumpy()
    with Profiler(output_path=str(tmp_path)) as prof:
        got = net(x).asnumpy()
    prof.analyse()
    np.testing.assert_array_equal(got, expected)  # the same kernels, run one by one
    events = _trace(prof)
    runs = [e for e in events if e["name"] == "RunGraph"]
    steps = [e for e in events if e["name"] != "RunGraph"]
    assert len(runs) == 1 and len(steps) == runs[0]["args"]["instructions"] > 0
    assert all(e["args"]["mode"] == "GRAPH" and "instruction" in e["args"] for e in steps)
    assert {e["args"]["instruction"] for e in steps} & {"gemm", "py"}
    assert [e["args"]["index"] for e in steps] == list(range(len(steps)))
    assert {e["args"]["graph"] for e in steps} == {runs[0]["args"]["graph"]}
    assert runs[0]["ts"] <= steps[0]["ts"] and \
        steps[-1]["ts"] + steps[-1]["dur"] <= runs[0]["ts"] + runs[0]["dur"] + 1e-3


def test_graph_training_step_same_parameters(tmp_path):
    def train(profiled):
        ms.set_context(mode=ms.GRAPH_MODE)
        ms.set_seed(3)
        net = nn.Dense(4, 2)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                   nn.Momentum(net.trainable_params(), 0.1, 0.9))
        x, y = _x((6, 4), 1), _x((6, 2), 2)
        losses = [float(step(x, y).asnumpy())]
        prof = Profiler(output_path=str(tmp_path)) if profiled else None
        losses += [float(step(x, y).asnumpy()) for _ in range(2)]
        if prof:
            prof.stop()
        return losses, [p.asnumpy() for p in net.trainable_params()]

    ref_losses, ref_params = train(False)
    losses, params = train(True)
    assert losses == ref_losses
    for a, b in zip(params, ref_params):
        np.testing.assert_array_equal(a, b)


def test_schedule_actions_and_trace_ready(tmp_path):
    s = schedule(wait=1, warmup=1, active=2, repeat=1)
    assert [s(i) for i in range(6)] == [ProfilerAction.NONE, ProfilerAction.WARM_UP,
                                        ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE,
                                        ProfilerAction.NONE, ProfilerAction.NONE]
    assert repr(s) == "Schedule(wait=1, active=2, warmup=1, repeat=1, skip_first=0)"
    seen = []
    prof = Profiler(output_path=str(tmp_path), schedule=s,
                    on_trace_ready=lambda p: seen.append((p.step_num, sorted(
                        {e.name for e in p._events()}), len(p._events()))))
    x = _x()
    for i in range(6):
        [ops.add, ops.mul, ops.sub, ops.div, ops.add, ops.add][i](x, x)
        prof.step()
    prof.stop()
    # steps 2 and 3 kept (Sub, Div); step 1 (warm-up, Mul) dropped; handed over once
    assert seen == [(4, ["RealDiv", "Sub"], 2)]


def test_tensorboard_trace_handler_and_profile(tmp_path, capsys):
    out = tmp_path / "tb"
    with profile(schedule=schedule(wait=0, active=1),
                 on_trace_ready=tensorboard_trace_handler(str(out), worker_name="w0")) as prof:
        for _ in range(3):
            ops.add(_x(), 1.0)
            prof.step()
    folders = sorted(os.listdir(out))
    assert len(folders) >= 3 and all(f.startswith("w0_") for f in folders)
    assert "mindcell profiler" in capsys.readouterr().out
    with pytest.raises(TypeError, match="analyse_flag"):
        tensorboard_trace_handler(str(out), analyse_flag=1)


def test_options(tmp_path):
    with pytest.raises(TypeError, match="'foo'"):
        Profiler(output_path=str(tmp_path), foo=1)
    with pytest.raises(NotImplementedError, match="data_process"):
        profile(data_process=True)
    with pytest.raises(NotImplementedError, match="ExportType.Db"):
        Profiler(output_path=str(tmp_path), export_type=[ExportType.Db])
    with pytest.raises(TypeError, match="with_stack"):
        Profiler(output_path=str(tmp_path), with_stack="yes")
    with pytest.raises(ValueError, match="active"):
        schedule(wait=0, active=0)
    prof = Profiler(output_path=str(tmp_path), start_profile=False, l2_cache=True,
                    profiler_level=ProfilerLevel.Level2, aic_metrics=AicoreMetrics.Memory,
                    hbm_ddr=False, sync_enable=False)
    assert prof._opts["profiler_level"] is ProfilerLevel.Level2
    with pytest.warns(UserWarning, match="timeline_limit"):
        Profiler(output_path=str(tmp_path), start_profile=False, timeline_limit=10)
    with pytest.warns(UserWarning, match="is_detail"):  # MindSpore 1.x: ignored by 2.10
        Profiler(output_path=str(tmp_path), start_profile=False, is_detail=True)


def test_profile_memory_counter_track(tmp_path):
    prof = Profiler(output_path=str(tmp_path), profile_memory=True)
    big = ms.Tensor(np.ones((512, 1024), np.float32))  # 2 MB
    ops.mul(ops.add(big, 1.0), 2.0)
    prof.stop()
    prof.analyse()
    path = os.path.join(prof.last_output_dir, "ASCEND_PROFILER_OUTPUT", "trace_view.json")
    with open(path) as f:
        counters = [e for e in json.load(f)["traceEvents"] if e["ph"] == "C"]
    assert len(counters) == 2 and all(c["name"] == "Memory" for c in counters)
    assert all(c["args"]["RSS (MB)"] > 1 for c in counters)
    assert {r["op"] for r in profiler_module._export.op_table(prof._events())} == {"Mul", "Add"}


def test_one_recorder_at_a_time(tmp_path):
    first = Profiler(output_path=str(tmp_path))
    try:
        with pytest.raises(RuntimeError, match="another profiler"):
            Profiler(output_path=str(tmp_path))
    finally:
        first.stop()
    assert primitive.PROFILER is None


def test_with_stack_and_metadata(tmp_path):
    prof = Profiler(output_path=str(tmp_path), with_stack=True)
    ops.add(_x(), 1.0)
    prof.add_metadata("run", "a")
    prof.add_metadata_json("cfg", '{"lr": 0.1}')
    prof.stop()
    prof.analyse(pretty=True)
    (event,) = _trace(prof)
    assert any("test_profiler.py" in frame for frame in event["args"]["stack"])
    with open(os.path.join(prof.last_output_dir, "profiler_metadata.json")) as f:
        assert json.load(f) == {"run": "a", "cfg": {"lr": 0.1}}
    with pytest.raises(NotImplementedError, match="offline_path"):
        prof.analyse(offline_path=str(tmp_path))
    with pytest.raises(ValueError, match="mode"):
        prof.analyse(mode="later")


def test_offline_analyse_reads_trace(tmp_path, capsys):
    prof = Profiler(output_path=str(tmp_path))
    ops.matmul(_x(), _x())
    prof.stop()
    prof.analyse()
    capsys.readouterr()
    Profiler.offline_analyse(str(tmp_path))
    assert "MatMul" in capsys.readouterr().out


@pytest.mark.parametrize("module", ["profiler", "schedule", "_mstx", "dynamic"])
def test_docstring_examples(module):
    import importlib
    result = doctest.testmod(importlib.import_module("mindcell.profiler." + module),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_mstx_marks_and_ranges(tmp_path):
    from mindcell.profiler import mstx, _ExperimentalConfig
    assert mstx.range_start("idle") == 0  # nothing records
    prof = Profiler(output_path=str(tmp_path), mstx=True, mstx_domain_exclude=["noisy"])
    rid = mstx.range_start("block")
    ops.add(_x(), 1.0)
    mstx.range_end(rid)
    mstx.mark("done")
    mstx.mark("skipped", domain="noisy")
    prof.stop()
    prof.analyse()
    events = _trace(prof)
    annotations = {e["name"]: e for e in events if e["cat"] == "mstx"}
    assert set(annotations) == {"block", "done"}
    block, add = annotations["block"], next(e for e in events if e["name"] == "Add")
    assert block["ts"] <= add["ts"] and add["ts"] + add["dur"] <= block["ts"] + block["dur"]
    assert all(r["op"] != "block" for r in profiler_module._export.op_table(prof._events()))
    with profile(experimental_config=_ExperimentalConfig(mstx=False)) as off:
        mstx.mark("not recorded")
    assert off._events() == []
    with pytest.raises(TypeError, match="message"):
        mstx.mark("")


def test_doc_page_examples_run(tmp_path, monkeypatch, capsys):
    page = pathlib.Path(__file__).resolve().parents[2] / "docs" / "profiler_and_summaries.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert len(blocks) == 2
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        exec(compile(block, str(page), "exec"), {})
    out = capsys.readouterr().out
    assert "True ['Add'" in out and "{'epoch': [1, 2]} ['net_output', 'acc']" in out


def test_op_analyse(tmp_path):
    prof = Profiler(output_path=str(tmp_path))
    x = _x()
    for _ in range(3):
        ops.matmul(x, x)
    ops.matmul(_x((4, 2)).T, _x((4, 2)))
    prof.stop()
    with pytest.warns(UserWarning, match="deprecated"):
        info = json.loads(prof.op_analyse(["MatMul", "Conv2D"]))
    assert list(info) == ["MatMul"] and info["MatMul"]["op_occurrences"] == 4
    assert info["MatMul"]["input_shapes"] == {"4,4;4,4": 3, "2,4;4,2": 1}
    with pytest.warns(UserWarning):
        assert prof.op_analyse("Conv2D") is None
    with pytest.warns(UserWarning), pytest.raises(TypeError, match="op_name"):
        prof.op_analyse(3)


def test_run_stepwise_matches_run_and_frees_dead_values():
    from mindcell.graph.compile import CompileReport, optimize
    from mindcell.graph.tracer import trace
    w = _x((16, 8), 1)

    def fn(x):
        h = ops.matmul(x, w)
        return ops.softmax(ops.relu(h) * 2.0 + 1.0), ops.reduce_sum(h, 1)

    x = _x((4, 16), 2)
    graph, _, _ = trace(fn, [x], {}, "test")
    optimize(graph, CompileReport("test"), verify=True)
    program = executor.Program(graph)
    seen = []
    stepwise = program.run_stepwise([x.asnumpy()], lambda node, kind, *rest: seen.append(kind))
    for a, b in zip(stepwise, program.run([x.asnumpy()])):
        np.testing.assert_array_equal(a, b)
    assert seen == [i["kind"] for i in program.lowered.instrs]
    frees = [s for step in program._stepwise_frees() for s in step]
    outputs = set(program.lowered.memory.slots["output_slots"])
    produced = {program.lowered.slot[o.id] for n in program.nodes for o in n.outputs}
    assert sorted(frees) == sorted(produced - outputs)  # every dead result dropped once


def test_dynamic_profiler_monitor(tmp_path, capsys):
    from mindcell.profiler import DynamicProfilerMonitor
    cfg_dir, out = tmp_path / "cfg", tmp_path / "out"
    monitor = DynamicProfilerMonitor(cfg_path=str(cfg_dir), output_path=str(out),
                                     poll_interval=0)
    cfg_file = cfg_dir / "profiler_config.json"
    cfg = json.loads(cfg_file.read_text())
    assert cfg["start_step"] == -1 and cfg["profiler_level"] == "Level0"
    cfg.update(start_step=3, stop_step=4, profiler_level=1, activities=1)
    cfg_file.write_text(json.dumps(cfg))
    x = _x((3,))
    steps = [ops.add, ops.mul, ops.sub, ops.div, ops.exp, ops.neg, ops.abs]
    for fn in steps:
        fn(x, x) if fn in (ops.add, ops.mul, ops.sub, ops.div) else fn(x)
        monitor.step()
    (trace,) = list(out.glob("rank0_start3_stop4/*/ASCEND_PROFILER_OUTPUT/trace_view.json"))
    names = {e["name"] for e in json.loads(trace.read_text())["traceEvents"] if e["ph"] == "X"}
    # as MindSpore's monitor: the profile starts at step() of step 3 and records 2 steps
    assert names == {"RealDiv", "Exp"}
    assert primitive.PROFILER is None
    with pytest.raises(TypeError, match="cfg_path"):
        DynamicProfilerMonitor(cfg_path=None)
