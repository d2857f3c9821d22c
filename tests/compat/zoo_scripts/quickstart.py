"""Quick-start tutorial style: MnistDataset + map(vision transforms) + batch, SequentialCell MLP,
value_and_grad(has_aux=True) train loop, checkpoint save/load, predict.
Usage: python -m mindcell.run quickstart.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore
from mindspore import nn
from mindspore.dataset import vision, transforms
from mindspore.dataset import MnistDataset

mindspore.set_context(mode=mindspore.GRAPH_MODE if sys.argv[1] == "graph" else mindspore.PYNATIVE_MODE)
mindspore.set_seed(1)


def write_fake_mnist(root, n_train, n_test):
    """idx files whose digit is the position of a bright 6x6 square (a learnable task)."""
    rng = np.random.default_rng(0)
    for prefix, n in (("train", n_train), ("t10k", n_test)):
        labels = rng.integers(0, 10, size=n).astype(np.uint8)
        images = rng.integers(0, 60, size=(n, 28, 28)).astype(np.uint8)
        for i, lab in enumerate(labels):
            r, c = 2 + 8 * (lab // 4), 2 + 8 * (lab % 4)
            images[i, r:r + 6, c:c + 6] = 255
        with open(os.path.join(root, prefix + "-images-idx3-ubyte"), "wb") as f:
            f.write(np.array([2051, n, 28, 28], ">u4").tobytes() + images.tobytes())
        with open(os.path.join(root, prefix + "-labels-idx1-ubyte"), "wb") as f:
            f.write(np.array([2049, n], ">u4").tobytes() + labels.tobytes())


def datapipe(path, batch_size, usage):
    image_transforms = [
        vision.Rescale(1.0 / 255.0, 0),
        vision.Normalize(mean=(0.1307,), std=(0.3081,)),
        vision.HWC2CHW()
    ]
    label_transform = transforms.TypeCast(mindspore.int32)
    dataset = MnistDataset(path, usage=usage, shuffle=False)
    dataset = dataset.map(image_transforms, 'image')
    dataset = dataset.map(label_transform, 'label')
    dataset = dataset.batch(batch_size)
    return dataset


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.dense_relu_sequential = nn.SequentialCell(
            nn.Dense(28 * 28, 128),
            nn.ReLU(),
            nn.Dense(128, 64),
            nn.ReLU(),
            nn.Dense(64, 10)
        )

    def construct(self, x):
        x = self.flatten(x)
        logits = self.dense_relu_sequential(x)
        return logits


tmp = tempfile.mkdtemp()
write_fake_mnist(tmp, 640, 160)
train_dataset = datapipe(tmp, 64, "train")
test_dataset = datapipe(tmp, 64, "test")
for image, label in train_dataset.create_tuple_iterator():
    print(f"Shape of image [N, C, H, W]: {image.shape} {image.dtype}")
    print(f"Shape of label: {label.shape} {label.dtype}")
    break
assert image.shape == (64, 1, 28, 28) and label.dtype == mindspore.int32

model = Network()
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.SGD(model.trainable_params(), 1e-2, momentum=0.9)


def forward_fn(data, label):
    logits = model(data)
    loss = loss_fn(logits, label)
    return loss, logits


grad_fn = mindspore.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)


def train_step(data, label):
    (loss, _), grads = grad_fn(data, label)
    optimizer(grads)
    return loss


if sys.argv[1] == "graph":
    train_step = mindspore.jit(train_step)


def train(model, dataset):
    size = dataset.get_dataset_size()
    model.set_train()
    losses = []
    for batch, (data, label) in enumerate(dataset.create_tuple_iterator()):
        loss = train_step(data, label)
        losses.append(float(loss.asnumpy()))
        if batch % 5 == 0:
            print(f"loss: {loss.asnumpy():>7f}  [{batch:>3d}/{size:>3d}]")
    return losses


def test(model, dataset, loss_fn):
    num_batches = dataset.get_dataset_size()
    model.set_train(False)
    total, test_loss, correct = 0, 0, 0
    for data, label in dataset.create_tuple_iterator():
        pred = model(data)
        total += len(data)
        test_loss += loss_fn(pred, label).asnumpy()
        correct += (pred.argmax(1) == label).asnumpy().sum()
    test_loss /= num_batches
    correct /= total
    print(f"Test: \n Accuracy: {(100*correct):>0.1f}%, Avg loss: {test_loss:>8f} \n")
    return correct


epochs = 3
all_losses = []
for t in range(epochs):
    print(f"Epoch {t+1}\n-------------------------------")
    all_losses += train(model, train_dataset)
    acc = test(model, test_dataset, loss_fn)
print("LOSSES", " ".join("%.6f" % v for v in all_losses))
# the loss falls (MindSpore 2.10 itself ends at 0.56x of its first steps' mean on this data)
assert np.mean(all_losses[-5:]) < 0.7 * np.mean(all_losses[:5]), all_losses
assert acc > 0.5, acc

ckpt = os.path.join(tmp, "model.ckpt")
mindspore.save_checkpoint(model, ckpt)
model2 = Network()
param_dict = mindspore.load_checkpoint(ckpt)
param_not_load, _ = mindspore.load_param_into_net(model2, param_dict)
assert param_not_load == [], param_not_load
for p, q in zip(model.get_parameters(), model2.get_parameters()):
    assert p.name == q.name and np.array_equal(p.asnumpy(), q.asnumpy()), p.name

model2.set_train(False)
for data, label in test_dataset:
    pred = model2(data)
    predicted = pred.argmax(1)
    print(f'Predicted: "{predicted[:5]}", Actual: "{label[:5]}"')
    assert np.array_equal(predicted.asnumpy(), model(data).argmax(1).asnumpy())
    break
print("OK")
