"""Layers."""
from mindcell.nn.layer.activation import *  # noqa: F401,F403
from mindcell.nn.layer.activation import get_activation  # noqa: F401
from mindcell.nn.layer.basic import Dense, Flatten, Dropout, Identity  # noqa: F401
from mindcell.nn.layer.container import SequentialCell, CellList, CellDict  # noqa: F401
from mindcell.nn.layer.conv import Conv2d, Conv1d, Conv2dTranspose  # noqa: F401,E402
from mindcell.nn.layer.pooling import (MaxPool2d, AvgPool2d,  # noqa: E402
                                       MaxPool1d, AvgPool1d)  # noqa: F401
from mindcell.nn.layer.normalization import (BatchNorm1d, BatchNorm2d, LayerNorm,  # noqa: E402
                                             GroupNorm)  # noqa: F401
from mindcell.nn.layer.embedding import Embedding, EmbeddingLookup  # noqa: F401,E402
from mindcell.nn.layer.norm_variants import RMSNorm, LayerNormNoBias, RINorm  # noqa: F401,E402
from mindcell.nn.layer import norm_variants  # noqa: F401,E402
from mindcell.nn.layer.transformer import MultiheadAttention, TransformerEncoderLayer  # noqa
from mindcell.nn.layer.rnns import RNN, LSTM, GRU  # noqa: F401,E402
from mindcell.nn.layer.rnn_cells import RNNCell, LSTMCell, GRUCell  # noqa: F401,E402
from mindcell.nn.layer.transformer_stack import (TransformerDecoderLayer,  # noqa: F401,E402
                                                 TransformerEncoder, TransformerDecoder,
                                                 Transformer)
from mindcell.nn.layer.padding import (Pad, ZeroPad2d, ConstantPad1d, ConstantPad2d,  # noqa
                                       ConstantPad3d, ReflectionPad1d, ReflectionPad2d,
                                       ReplicationPad1d, ReplicationPad2d)
from mindcell.nn.layer.activation_extra import (HSigmoid, PReLU, Mish, Hardtanh, GLU,  # noqa
                                                Dropout1d, Dropout2d, Dropout3d)
from mindcell.nn.layer.upsampling import (Upsample, ResizeBilinear, PixelShuffle,  # noqa
                                          PixelUnshuffle, Unfold)
from mindcell.nn.layer.adaptive_pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d,  # noqa
                                                AdaptiveMaxPool1d, AdaptiveMaxPool2d)
from mindcell.nn.layer.conv3d import Conv3d  # noqa: F401,E402
from mindcell.nn.layer.instance_norm import (InstanceNorm1d, InstanceNorm2d,  # noqa: F401,E402
                                             InstanceNorm3d)
from mindcell.nn.layer.clip import ClipByNorm  # noqa: F401,E402
from mindcell.nn.layer.basic_extra import (OneHot, MatMul, Norm, Range, Moments,  # noqa: F401
                                           LogSigmoid)
from mindcell.nn.layer.image_metrics import PSNR, SSIM, CentralCrop  # noqa: F401,E402
from mindcell.nn.layer.conv_transpose import Conv1dTranspose, Conv3dTranspose  # noqa: F401
from mindcell.nn.layer.norm_sync import BatchNorm3d, SyncBatchNorm  # noqa: F401,E402
from mindcell.nn.layer.combined import Conv2dBnAct, DenseBnAct  # noqa: F401,E402
from mindcell.nn.layer.activation_more import (CELU, Softsign, SoftShrink, Tanhshrink,  # noqa
                                               Threshold, Softmin, Softmax2d, SeLU)
from mindcell.nn.layer.basic_more import (Tril, Triu, Roll, Unflatten, ReduceLogSumExp,  # noqa
                                          ChannelShuffle, ImageGradients)
from mindcell.nn.layer.math_more import (L1Regularizer, LGamma, DiGamma, MatrixDiag,  # noqa
                                         MatrixDiagPart, MatrixSetDiag, MatDet, MatInverse)
from mindcell.nn.layer.pad_more import ReflectionPad3d, ReplicationPad3d  # noqa: F401,E402
from mindcell.nn.layer.pool_more import LPPool1d, LPPool2d, MaxPool3d, AvgPool3d  # noqa
from mindcell.nn.layer.more_layers2 import MaxPool2dExt, LRN, Dropout2dExt  # noqa: F401,E402
from mindcell.nn.layer.adaptive3d_rrelu import (AdaptiveAvgPool3d, AdaptiveMaxPool3d,  # noqa
                                                RReLU)
from mindcell.nn.layer.time_distributed import TimeDistributed  # noqa: F401,E402
from mindcell.nn.layer.unpool import MaxUnpool1d, MaxUnpool2d, MaxUnpool3d  # noqa: F401,E402
from mindcell.nn.layer.extra_cells import BiDense, IGamma, LBeta, MSSSIM  # noqa: F401,E402
from mindcell.nn.layer.fractional_pool import (FractionalMaxPool2d,  # noqa: F401,E402
                                               FractionalMaxPool3d)
from mindcell.nn.layer.sparse_cells import SparseToDense, SparseTensorDenseMatmul  # noqa: F401
