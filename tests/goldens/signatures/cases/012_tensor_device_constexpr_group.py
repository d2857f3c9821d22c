"""ms.tensor(device) (CPU accepted, other devices refused), mindspore.common.tensor/mutable are
the functions, constexpr(name), create_group's parameters."""
import inspect

from _target import ms, emit

emit("tensor_cpu", ms.tensor([1, 2], ms.float32, device="CPU"))
for device in ("cpu", "Ascend", "foo", 1):
    try:
        ms.tensor([1, 2], device=device)
        emit("tensor_%r" % (device,), "accepted")
    except Exception as e:  # noqa: BLE001
        emit("tensor_%r" % (device,), e)
emit("common_tensor_is_function", inspect.isfunction(ms.common.tensor))
emit("common_tensor_params", list(inspect.signature(ms.common.tensor).parameters))
emit("common_mutable_params", list(inspect.signature(ms.common.mutable).parameters))


@ms.ops.constexpr(name="twice")
def double(n):
    return 2 * n


@ms.ops.constexpr
def plus_one(n):
    return n + 1


emit("constexpr_value", double(3))
emit("constexpr_name", double.name)
emit("constexpr_default_name", plus_one.name)
emit("constexpr_plain_value", plus_one(3))
try:
    ms.ops.constexpr(name=3)(lambda n: n)
    emit("constexpr_int_name", "accepted")
except Exception as e:  # noqa: BLE001
    emit("constexpr_int_name", e)
emit("create_group_params", list(inspect.signature(ms.communication.create_group).parameters))
emit("create_group_options_default",
     inspect.signature(ms.communication.create_group).parameters["options"].default)
