"""The table of common user mistakes shared by tests/train/test_user_errors.py (mindcell's
messages) and tests/goldens/user_errors (MindSpore's exception types): each row is
``(key, make)``; ``make(ms, nn, ops, Tensor)`` returns the call that goes wrong."""
import numpy as np


def _parts(ms, nn, ops, Tensor):
    net = nn.Dense(4, 3)
    x = Tensor(np.ones((2, 4), np.float32))
    opt = nn.SGD(net.trainable_params(), 0.1)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, x, opt, loss


def _f(shape, dtype, Tensor):
    return Tensor(np.ones(shape, dtype))


# key: (call, words the message must contain: the API, what was expected / given, the fix)
ROWS = {
    "adam_given_the_cell": (lambda ms, nn, ops, T, net, x, opt, loss: nn.Adam(net),
                            ["Adam", "parameters", "Dense", "trainable_params()"]),
    "sgd_lr_keyword": (lambda ms, nn, ops, T, net, x, opt, loss:
                       nn.SGD(net.trainable_params(), lr=0.1),
                       ["SGD", "'lr'", "learning_rate"]),
    "momentum_without_momentum": (lambda ms, nn, ops, T, net, x, opt, loss:
                                  nn.Momentum(net.trainable_params(), 0.1), ["momentum"]),
    "adam_negative_lr": (lambda ms, nn, ops, T, net, x, opt, loss:
                         nn.Adam(net.trainable_params(), learning_rate=-1.0),
                         ["Adam", "learning_rate", "-1.0"]),
    "adam_lr_string": (lambda ms, nn, ops, T, net, x, opt, loss:
                       nn.Adam(net.trainable_params(), learning_rate="0.1"),
                       ["Adam", "learning_rate", "'0.1'"]),
    "sgd_no_parameters": (lambda ms, nn, ops, T, net, x, opt, loss: nn.SGD([], 0.1),
                          ["SGD", "parameters", "empty"]),
    "train_one_step_optimizer_string": (
        lambda ms, nn, ops, T, net, x, opt, loss:
        nn.TrainOneStepCell(nn.WithLossCell(net, loss), "sgd"),
        ["TrainOneStepCell", "optimizer", "str", "nn.SGD(net.trainable_params()"]),
    "model_train_ndarray": (
        lambda ms, nn, ops, T, net, x, opt, loss:
        ms.Model(net, loss, opt).train(1, np.ones((2, 4), np.float32)),
        ["Model.train", "train_dataset", "ndarray", "NumpySlicesDataset"]),
    "model_train_list": (lambda ms, nn, ops, T, net, x, opt, loss:
                         ms.Model(net, loss, opt).train(1, [(x,)]),
                         ["Model.train", "train_dataset", "list", "NumpySlicesDataset"]),
    "model_fit_ndarray": (lambda ms, nn, ops, T, net, x, opt, loss:
                          ms.Model(net, loss, opt).fit(1, np.ones((2, 4), np.float32)),
                          ["Model.fit", "train_dataset", "ndarray"]),
    "model_train_epoch_zero": (lambda ms, nn, ops, T, net, x, opt, loss:
                               ms.Model(net, loss, opt).train(0, None),
                               ["Model.train", "epoch", "positive", "0"]),
    "model_train_epoch_string": (lambda ms, nn, ops, T, net, x, opt, loss:
                                 ms.Model(net, loss, opt).train("1", None),
                                 ["Model.train", "epoch", "int", "str"]),
    "model_loss_string": (lambda ms, nn, ops, T, net, x, opt, loss: ms.Model(net, "mse", opt),
                          ["Model", "loss_fn", "str", "nn.MSELoss()"]),
    "model_optimizer_string": (lambda ms, nn, ops, T, net, x, opt, loss:
                               ms.Model(net, loss, "adam"),
                               ["Model", "optimizer", "str", "nn.Adam(net.trainable_params()"]),
    "model_metrics_string": (lambda ms, nn, ops, T, net, x, opt, loss:
                             ms.Model(net, loss, opt, metrics="acc"),
                             ["Model", "metrics", "str", "{'accuracy'}"]),
    "model_eval_without_metrics": (lambda ms, nn, ops, T, net, x, opt, loss:
                                   ms.Model(net, loss, opt).eval(None),
                                   ["Model.eval", "metrics"]),
    "model_callbacks_string": (
        lambda ms, nn, ops, T, net, x, opt, loss: ms.Model(net, loss, opt).train(
            1, ms.dataset.NumpySlicesDataset((np.ones((2, 4), np.float32),
                                              np.zeros(2, np.int32))).batch(2),
            callbacks="loss"), ["callbacks", "Callback", "str"]),
    "dense_float64_input": (lambda ms, nn, ops, T, net, x, opt, loss: net(_f((2, 4), np.float64, T)),
                            ["Dense", "Float32", "Float64", "astype"]),
    "dense_float16_input": (lambda ms, nn, ops, T, net, x, opt, loss: net(_f((2, 4), np.float16, T)),
                            ["Dense", "Float32", "Float16"]),
    "dense_int_input": (lambda ms, nn, ops, T, net, x, opt, loss: net(_f((2, 4), np.int32, T)),
                        ["Dense", "float", "Int32"]),
    "dense_wrong_features": (lambda ms, nn, ops, T, net, x, opt, loss:
                             net(_f((2, 5), np.float32, T)), ["Dense", "4", "5"]),
    "matmul_float64_float32": (lambda ms, nn, ops, T, net, x, opt, loss: ops.matmul(
        _f((2, 4), np.float64, T), _f((4, 3), np.float32, T)), ["matmul", "Float64", "Float32"]),
    "matmul_float16_float32": (lambda ms, nn, ops, T, net, x, opt, loss: ops.matmul(
        _f((2, 4), np.float16, T), _f((4, 3), np.float32, T)), ["matmul", "Float16", "Float32"]),
    "MatMul_float64_float32": (lambda ms, nn, ops, T, net, x, opt, loss: ops.MatMul()(
        _f((2, 4), np.float64, T), _f((4, 3), np.float32, T)), ["MatMul", "Float64", "Float32"]),
    "bmm_float64_float32": (lambda ms, nn, ops, T, net, x, opt, loss: ops.bmm(
        _f((1, 2, 4), np.float64, T), _f((1, 4, 3), np.float32, T)), ["bmm", "Float64"]),
    "conv2d_float64_input": (lambda ms, nn, ops, T, net, x, opt, loss: nn.Conv2d(1, 2, 3)(
        _f((1, 1, 4, 4), np.float64, T)), ["Conv2d", "Float32", "Float64"]),
    "conv2d_3d_input": (lambda ms, nn, ops, T, net, x, opt, loss: nn.Conv2d(3, 4, 3)(
        _f((3, 8, 8), np.float32, T)), ["Conv2d", "4", "(3, 8, 8)"]),
    "loss_backward": (lambda ms, nn, ops, T, net, x, opt, loss: net(x).sum().backward(),
                      ["backward", "ms.value_and_grad", "optimizer(grads)"]),
    "optimizer_step": (lambda ms, nn, ops, T, net, x, opt, loss: opt.step(),
                       ["SGD", "step", "ms.value_and_grad", "optimizer(grads)"]),
    "optimizer_without_grads": (lambda ms, nn, ops, T, net, x, opt, loss: opt(),
                                ["gradients"]),
    "parameter_grad": (lambda ms, nn, ops, T, net, x, opt, loss: net.weight.grad,
                       ["grad", "ms.value_and_grad"]),
    "dense_float_channels": (lambda ms, nn, ops, T, net, x, opt, loss: nn.Dense(3.5, 2),
                             ["Dense", "in_channels", "int", "float"]),
    "dropout_p_above_one": (lambda ms, nn, ops, T, net, x, opt, loss: nn.Dropout(p=1.5),
                            ["Dropout", "'p'", "1.5"]),
    "dropout_keep_prob_zero": (lambda ms, nn, ops, T, net, x, opt, loss:
                               nn.Dropout(keep_prob=0.0), ["Dropout", "keep_prob", "0.0"]),
    "set_context_mode_string": (lambda ms, nn, ops, T, net, x, opt, loss:
                                ms.set_context(mode="graph"),
                                ["set_context", "mode", "GRAPH_MODE", "'graph'"]),
    "set_seed_string": (lambda ms, nn, ops, T, net, x, opt, loss: ms.set_seed("1"),
                        ["set_seed", "int", "str"]),
    "sparse_loss_float_labels": (lambda ms, nn, ops, T, net, x, opt, loss: loss(
        net(x), T(np.array([0.0, 1.0], np.float32))), ["labels", "Float32"]),
    "softmax_dim_keyword": (lambda ms, nn, ops, T, net, x, opt, loss: ops.softmax(x, dim=1),
                            ["softmax", "dim"]),
    "cat_dim_keyword": (lambda ms, nn, ops, T, net, x, opt, loss: ops.cat([x, x], dim=0),
                        ["dim"]),
    "value_and_grad_nothing_to_differentiate": (
        lambda ms, nn, ops, T, net, x, opt, loss: ms.value_and_grad(net, None, None)(x),
        ["grad_position", "None"]),
    "load_missing_checkpoint": (lambda ms, nn, ops, T, net, x, opt, loss:
                                ms.load_checkpoint("/nonexistent/x.ckpt"),
                                ["load_checkpoint", "/nonexistent/x.ckpt", "does not exist"]),
    "load_param_into_net_path": (lambda ms, nn, ops, T, net, x, opt, loss:
                                 ms.load_param_into_net(net, "x.ckpt"),
                                 ["load_param_into_net", "parameter_dict", "dict", "str"]),
    "save_checkpoint_string": (lambda ms, nn, ops, T, net, x, opt, loss:
                               ms.save_checkpoint("net", "/tmp/never_written.ckpt"),
                               ["save_checkpoint", "save_obj", "Cell", "str"]),
    "tensor_of_strings": (lambda ms, nn, ops, T, net, x, opt, loss: T(["a", "b"]),
                          ["Tensor", "['a', 'b']"]),
}


def call(key, ms, nn, ops, Tensor):
    """Run row ``key``; returns the exception it raised (or None)."""
    fn = ROWS[key][0]
    try:
        out = fn(ms, nn, ops, Tensor, *_parts(ms, nn, ops, Tensor))
        # MindSpore runs PYNATIVE ops asynchronously and reports a kernel's error at a later
        # op: reading the result here keeps each error on its own row
        if hasattr(out, "asnumpy"):
            out.asnumpy()
    except Exception as e:  # noqa: BLE001  (the row is about the exception)
        return e
    return None
