"""DCGAN as in the GAN tutorial: nn.Conv2dTranspose generator, LeakyReLU discriminator, BCELoss,
two Adam optimizers (update_parameters_name), ms.value_and_grad on each net (has_aux for the
generator), ops.ones_like/zeros_like labels, an @ms.jit train step, checkpoint of the generator.
Usage: python -m mindcell.run dcgan.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.common.initializer import Normal

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE)
ms.set_seed(7)

nz, ngf, ndf, nc, image_size, batch_size = 8, 8, 8, 1, 16, 16
lr, beta1 = 0.002, 0.5
weight_init = Normal(mean=0, sigma=0.02)
gamma_init = Normal(mean=1, sigma=0.02)


class Generator(nn.Cell):
    def __init__(self):
        super(Generator, self).__init__()
        self.generator = nn.SequentialCell()
        self.generator.append(nn.Conv2dTranspose(nz, ngf * 4, 4, 1, 'valid', weight_init=weight_init))
        self.generator.append(nn.BatchNorm2d(ngf * 4, gamma_init=gamma_init))
        self.generator.append(nn.ReLU())
        self.generator.append(nn.Conv2dTranspose(ngf * 4, ngf * 2, 4, 2, 'pad', 1, weight_init=weight_init))
        self.generator.append(nn.BatchNorm2d(ngf * 2, gamma_init=gamma_init))
        self.generator.append(nn.ReLU())
        self.generator.append(nn.Conv2dTranspose(ngf * 2, nc, 4, 2, 'pad', 1, weight_init=weight_init))
        self.generator.append(nn.Tanh())

    def construct(self, x):
        return self.generator(x)


class Discriminator(nn.Cell):
    def __init__(self):
        super(Discriminator, self).__init__()
        self.discriminator = nn.SequentialCell()
        self.discriminator.append(nn.Conv2d(nc, ndf, 4, 2, 'pad', 1, weight_init=weight_init))
        self.discriminator.append(nn.LeakyReLU(0.2))
        self.discriminator.append(nn.Conv2d(ndf, ndf * 2, 4, 2, 'pad', 1, weight_init=weight_init))
        self.discriminator.append(nn.BatchNorm2d(ngf * 2, gamma_init=gamma_init))
        self.discriminator.append(nn.LeakyReLU(0.2))
        self.discriminator.append(nn.Conv2d(ndf * 2, 1, 4, 1, 'valid', weight_init=weight_init))
        self.adv_layer = nn.Sigmoid()

    def construct(self, x):
        out = self.discriminator(x)
        out = out.reshape(out.shape[0], -1)
        return self.adv_layer(out)


generator = Generator()
discriminator = Discriminator()
adversarial_loss = nn.BCELoss(reduction='mean')
optimizer_D = nn.Adam(discriminator.trainable_params(), learning_rate=lr, beta1=beta1)
optimizer_G = nn.Adam(generator.trainable_params(), learning_rate=lr, beta1=beta1)
optimizer_G.update_parameters_name('optim_g.')
optimizer_D.update_parameters_name('optim_d.')


def generator_forward(real_imgs, z, valid):
    gen_imgs = generator(z)
    g_loss = adversarial_loss(discriminator(gen_imgs), valid)
    return g_loss, gen_imgs


def discriminator_forward(real_imgs, gen_imgs, valid, fake):
    real_loss = adversarial_loss(discriminator(real_imgs), valid)
    fake_loss = adversarial_loss(discriminator(gen_imgs), fake)
    d_loss = (real_loss + fake_loss) / 2
    return d_loss


grad_generator_fn = ms.value_and_grad(generator_forward, None, optimizer_G.parameters,
                                      has_aux=True)
grad_discriminator_fn = ms.value_and_grad(discriminator_forward, None, optimizer_D.parameters)


@ms.jit
def train_step(imgs, z):
    d_out = discriminator(imgs)
    valid = ops.ones_like(d_out)
    fake = ops.zeros_like(d_out)
    (g_loss, gen_imgs), g_grads = grad_generator_fn(imgs, z, valid)
    optimizer_G(g_grads)
    gen_imgs = ops.stop_gradient(gen_imgs)
    d_loss, d_grads = grad_discriminator_fn(imgs, gen_imgs, valid, fake)
    optimizer_D(d_grads)
    return g_loss, d_loss, gen_imgs


rng = np.random.default_rng(0)
real = np.full((batch_size, nc, image_size, image_size), -0.8, np.float32)
real[:, :, 4:12, 4:12] = 0.8
generator.set_train()
discriminator.set_train()
g_losses, d_losses = [], []
for step in range(60):
    imgs = Tensor(real + rng.normal(0, 0.05, real.shape).astype(np.float32))
    z = Tensor(rng.normal(size=(batch_size, nz, 1, 1)).astype(np.float32))
    g_loss, d_loss, gen_imgs = train_step(imgs, z)
    g_losses.append(float(g_loss.asnumpy()))
    d_losses.append(float(d_loss.asnumpy()))
    if step % 20 == 0:
        print('[%2d] Loss_D: %.4f Loss_G: %.4f' % (step, d_losses[-1], g_losses[-1]))
print("LOSSES", " ".join("%.6f" % v for v in g_losses + d_losses))
assert gen_imgs.shape == (batch_size, nc, image_size, image_size)
assert abs(d_losses[0] - np.log(2)) < 0.05, d_losses[0]
fake_np = gen_imgs.asnumpy()
contrast = fake_np[:, :, 4:12, 4:12].mean() - np.concatenate(
    [fake_np[:, :, :4].ravel(), fake_np[:, :, 12:].ravel()]).mean()
print("generated centre - border contrast", contrast)
assert contrast > 0.3, contrast  # the generator learned the bright centre

ckpt = os.path.join(tempfile.mkdtemp(), "Generator.ckpt")
ms.save_checkpoint(generator, ckpt)
ms.save_checkpoint(optimizer_G, ckpt.replace(".ckpt", "_opt.ckpt"))
opt_g = set(ms.load_checkpoint(ckpt.replace(".ckpt", "_opt.ckpt")))
ms.save_checkpoint(optimizer_D, ckpt.replace(".ckpt", "_optd.ckpt"))
opt_d = set(ms.load_checkpoint(ckpt.replace(".ckpt", "_optd.ckpt")))
assert all(k.startswith("optim_g.") for k in opt_g) and not opt_g & opt_d, (opt_g, opt_d)
generator2 = Generator()  # built as the training script builds it, optimizer included
nn.Adam(generator2.trainable_params(), learning_rate=lr).update_parameters_name('optim_g.')
param_not_load, _ = ms.load_param_into_net(generator2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
generator.set_train(False)
generator2.set_train(False)
z = Tensor(rng.normal(size=(4, nz, 1, 1)).astype(np.float32))
np.testing.assert_allclose(generator(z).asnumpy(), generator2(z).asnumpy(), rtol=1e-5, atol=1e-6)
print("OK")
