"""Mixture-of-experts configuration of MindSpore's transformer library
(``mindspore.parallel._transformer.moe``). The configuration is accepted and recorded; layers built
with more than one expert raise NotImplementedError (the routed experts are not implemented)."""
from mindcell import _checkparam as Validator
from mindcell.nn.cell import Cell
from mindcell.parallel._transformer.op_parallel_config import (  # noqa: F401
    default_moeparallel_config)

__all__ = ["MoEConfig"]


class MoEConfig:
    r"""
    The configuration of a mixture-of-experts layer.

    Args:
        expert_num (int): The number of experts; mindcell's layers implement 1 only. Default: ``1``.
        capacity_factor (float): Expert capacity factor, >= 1.0. Default: ``1.1``.
        aux_loss_factor (float): Balance loss factor, in (0, 1). Default: ``0.05``.
        num_experts_chosen (int): Experts chosen per token, <= ``expert_num``. Default: ``1``.
        expert_group_size (int): Tokens per expert group, or None. Default: ``None``.
        group_wise_a2a (bool): Grouped all-to-all. Default: ``False``.
        comp_comm_parallel (bool): Overlap computation and communication. Default: ``False``.
        comp_comm_parallel_degree (int): Its split degree. Default: ``2``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of its range.

    Examples:
        >>> from mindcell.parallel._transformer import MoEConfig
        >>> MoEConfig(expert_num=1).capacity_factor
        1.1
    """

    def __init__(self, expert_num=1, capacity_factor=1.1, aux_loss_factor=0.05,
                 num_experts_chosen=1, expert_group_size=None, group_wise_a2a=False,
                 comp_comm_parallel=False, comp_comm_parallel_degree=2):
        Validator.check_positive_int(expert_num, "expert_num")
        Validator.check_positive_float(capacity_factor, "capacity_factor")
        Validator.check_positive_float(aux_loss_factor, "aux_loss_factor")
        Validator.check_positive_int(num_experts_chosen, "num_experts_chosen")
        Validator.check_bool(group_wise_a2a, "group_wise_a2a")
        Validator.check_bool(comp_comm_parallel, "comp_comm_parallel")
        Validator.check_positive_int(comp_comm_parallel_degree, "comp_comm_parallel_degree")
        if expert_group_size is not None:
            Validator.check_positive_int(expert_group_size, "expert_group_size")
        if capacity_factor < 1.0:
            raise ValueError(f"'capacity_factor' must be equal to or greater than 1.0, "
                             f"but got {capacity_factor}.")
        if aux_loss_factor >= 1.0:
            raise ValueError(f"'aux_loss_factor' must be less than 1.0, but got {aux_loss_factor}.")
        if num_experts_chosen > expert_num:
            raise ValueError(f"'num_experts_chosen' must not be larger than 'expert_num', "
                             f"but got {num_experts_chosen}.")
        self.expert_num = expert_num
        self.capacity_factor = capacity_factor
        self.aux_loss_factor = aux_loss_factor
        self.num_experts_chosen = num_experts_chosen
        self.expert_group_size = expert_group_size
        self.group_wise_a2a = group_wise_a2a
        self.comp_comm_parallel = comp_comm_parallel
        self.comp_comm_parallel_degree = comp_comm_parallel_degree


default_moe_config = MoEConfig()


def _check_moe_config(moe_config=None, parallel_config=None, cls_name="MoE"):
    """``moe_config`` must be a MoEConfig; more than one expert raises NotImplementedError."""
    if not isinstance(moe_config, MoEConfig):
        raise TypeError(f"'moe_config' must be an instance of MoEConfig, but got "
                        f"{type(moe_config).__name__}.")
    if moe_config.expert_num > 1:
        raise NotImplementedError(
            f"{cls_name}: moe_config.expert_num > 1 (a mixture-of-experts feed-forward layer) is "
            f"not implemented by mindcell, got expert_num={moe_config.expert_num}")


class _NotBuilt(Cell):
    """A MindSpore mixture-of-experts Cell mindcell does not implement: importable, and its
    construction raises NotImplementedError naming it."""

    def __init__(self, *args, **kwargs):
        super().__init__()
        raise NotImplementedError("%s (mixture-of-experts routing) is not implemented by mindcell"
                                  % type(self).__name__)


class MoE(_NotBuilt):
    r"""
    MindSpore's mixture-of-experts feed-forward layer; not implemented by mindcell.

    Raises:
        NotImplementedError: always, when constructed.
    """


class Router(_NotBuilt):
    r"""
    MindSpore's expert router of :class:`MoE`; not implemented by mindcell.

    Raises:
        NotImplementedError: always, when constructed.
    """


class TopkRouter(_NotBuilt):
    r"""
    MindSpore's top-k expert router of :class:`MoE`; not implemented by mindcell.

    Raises:
        NotImplementedError: always, when constructed.
    """
