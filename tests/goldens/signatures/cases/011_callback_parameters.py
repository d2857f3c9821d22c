"""TimeMonitor(data_time), CheckpointConfig(remove_redundancy), RunContext(original_args):
keyword calls, attributes and argument errors."""
from _target import ms, emit

tm = ms.train.TimeMonitor(data_size=4, data_time=True)
emit("time_monitor_data_time", tm.data_time)
emit("time_monitor_data_size", tm.data_size)
emit("time_monitor_data_time_sum", tm.data_time_sum)
for value in (1, "x", None):
    try:
        ms.train.TimeMonitor(data_time=value)
        emit("time_monitor_%r" % (value,), "accepted")
    except Exception as e:  # noqa: BLE001
        emit("time_monitor_%r" % (value,), e)
emit("ckpt_config_remove_redundancy", ms.train.CheckpointConfig(
    remove_redundancy=True).remove_redundancy)
emit("ckpt_config_default", ms.train.CheckpointConfig().remove_redundancy)
for value in (1, "x", None):
    try:
        ms.train.CheckpointConfig(remove_redundancy=value)
        emit("ckpt_config_%r" % (value,), "accepted")
    except Exception as e:  # noqa: BLE001
        emit("ckpt_config_%r" % (value,), e)
ctx = ms.train.RunContext(original_args={"cur_step_num": 3})
emit("run_context_args", ctx.original_args())
ctx.request_stop()
emit("run_context_stop", ctx.get_stop_requested())
for value in ([1], None, 3):
    try:
        ms.train.RunContext(value)
        emit("run_context_%r" % (value,), "accepted")
    except Exception as e:  # noqa: BLE001
        emit("run_context_%r" % (value,), e)
