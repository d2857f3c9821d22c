"""nn.dynamic_lr: the per-step learning-rate lists, at their module path, and their argument
checks (exception types)."""
from _target import ms, emit

d = ms.nn.dynamic_lr


def err(key, fn, *args):
    try:
        emit(key, fn(*args))
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


emit("same_object", ms.nn.piecewise_constant_lr is d.piecewise_constant_lr)
emit("piecewise", d.piecewise_constant_lr([2, 5, 10], [0.1, 0.05, 0.01]))
emit("piecewise_tuple_equal", d.piecewise_constant_lr((2, 2, 3), (0.1, 0.2, 0.3)))
emit("cosine", d.cosine_decay_lr(0.01, 0.1, 10, 2, 3))
emit("exp", d.exponential_decay_lr(0.1, 0.9, 6, 2, 1))
emit("exp_stair", d.exponential_decay_lr(0.1, 0.9, 6, 2, 2, True))
emit("natural", d.natural_exp_decay_lr(0.1, 0.9, 6, 2, 2))
emit("natural_stair", d.natural_exp_decay_lr(0.1, 0.9, 6, 2, 2, True))
emit("inverse", d.inverse_decay_lr(0.1, 0.5, 6, 1, 1))
emit("inverse_stair", d.inverse_decay_lr(0.1, 0.5, 6, 2, 2, True))
emit("warmup", d.warmup_lr(0.1, 10, 2, 3))
emit("poly", d.polynomial_decay_lr(0.1, 0.01, 10, 1, 3, 2.0))
emit("poly_update", d.polynomial_decay_lr(0.1, 0.01, 10, 1, 3, 2.0, True))
err("e_pw_order", d.piecewise_constant_lr, [5, 2], [0.1, 0.2])
err("e_pw_len", d.piecewise_constant_lr, [2, 5], [0.1])
err("e_pw_float_ms", d.piecewise_constant_lr, [2.0, 5], [0.1, 0.2])
err("e_pw_zero", d.piecewise_constant_lr, [0, 5], [0.1, 0.2])
err("e_pw_int_lr", d.piecewise_constant_lr, [2, 5], [1, 0.2])
err("e_pw_bool_ms", d.piecewise_constant_lr, [True, 5], [0.1, 0.2])
err("e_pw_not_seq", d.piecewise_constant_lr, 3, [0.1])
err("e_exp_total0", d.exponential_decay_lr, 0.1, 0.9, 0, 2, 1)
err("e_exp_spe_float", d.exponential_decay_lr, 0.1, 0.9, 6, 2.0, 1)
err("e_exp_bool_total", d.exponential_decay_lr, 0.1, 0.9, True, 2, 1)
err("e_exp_neg_lr", d.exponential_decay_lr, -0.1, 0.9, 6, 2, 1)
err("e_exp_int_lr", d.exponential_decay_lr, 1, 0.9, 6, 2, 1)
err("e_exp_int_rate", d.exponential_decay_lr, 0.1, 1, 6, 2, 1)
err("e_exp_stair_int", d.exponential_decay_lr, 0.1, 0.9, 6, 2, 1, 1)
err("e_inv_rate0", d.inverse_decay_lr, 0.1, 0.0, 6, 2, 1)
err("e_nat_total_float", d.natural_exp_decay_lr, 0.1, 0.5, 1.5, 2, 1)
err("e_cos_order", d.cosine_decay_lr, 0.2, 0.1, 6, 2, 1)
err("e_cos_equal", d.cosine_decay_lr, 0.1, 0.1, 6, 2, 1)
err("e_cos_neg_min", d.cosine_decay_lr, -0.2, 0.1, 6, 2, 1)
err("e_cos_int_min", d.cosine_decay_lr, 0, 0.1, 6, 2, 1)
err("e_cos_int_max", d.cosine_decay_lr, 0.0, 1, 6, 2, 1)
err("e_cos_decay0", d.cosine_decay_lr, 0.0, 0.1, 6, 2, 0)
err("e_warm_epoch0", d.warmup_lr, 0.1, 6, 2, 0)
err("e_warm_neg", d.warmup_lr, -0.1, 6, 2, 1)
err("e_warm_int", d.warmup_lr, 1, 6, 2, 1)
emit("warm_zero", d.warmup_lr(0.0, 3, 1, 1))
err("e_poly_int_power", d.polynomial_decay_lr, 0.1, 0.01, 6, 2, 2, 1)
err("e_poly_power0", d.polynomial_decay_lr, 0.1, 0.01, 6, 2, 2, 0.0)
err("e_poly_neg_end", d.polynomial_decay_lr, 0.1, -0.01, 6, 2, 2, 1.0)
err("e_poly_int_end", d.polynomial_decay_lr, 0.1, 1, 6, 2, 1, 1.0)
err("e_poly_lr0", d.polynomial_decay_lr, 0.0, 0.01, 6, 2, 2, 1.0)
err("e_poly_update_int", d.polynomial_decay_lr, 0.1, 0.01, 6, 2, 2, 1.0, 1)
emit("poly_end_above", d.polynomial_decay_lr(0.1, 0.2, 6, 2, 1, 1.0))
