"""``mindcell.dataset``: MindSpore's dataset API. Sources (``NumpySlicesDataset``,
``GeneratorDataset``, ``MnistDataset``, ``Cifar10Dataset``, ``Cifar100Dataset``,
``ImageFolderDataset``, ``MindDataset``, ``TFRecordDataset`` with ``Schema``,
``TextFileDataset``, ``CSVDataset``, ``PaddedDataset``), the samplers (``RandomSampler``,
``SequentialSampler``, ``DistributedSampler`` ..., user ``Sampler`` subclasses), the
pipeline methods every dataset has (``map``, ``batch``, ``padded_batch``, ``shuffle``,
``repeat``, ``split`` ...; :mod:`.engine`, :mod:`.pipeline`, :mod:`.batch`),
``config.set_seed``, and the transforms in :mod:`.vision`, :mod:`.text` and
:mod:`.transforms`. See docs/datasets.md. MindRecord files: :mod:`mindcell.mindrecord`.

Examples:
    >>> import numpy as np
    >>> import mindcell.dataset as ds
    >>> data = ds.NumpySlicesDataset({"x": np.arange(6.0), "y": np.arange(6) % 2}, shuffle=False)
    >>> data = data.map(lambda x: x * 2, input_columns="x").batch(4)
    >>> data.get_dataset_size(), data.get_col_names()
    (2, ['x', 'y'])
    >>> [b["x"].tolist() for b in data.create_dict_iterator(output_numpy=True)]
    [[0.0, 2.0, 4.0, 6.0], [8.0, 10.0]]
"""
from mindcell.dataset import config, text, transforms, vision
from mindcell.dataset.bases import (AudioBaseDataset, MappableDataset, SourceDataset,
                                    TextBaseDataset, UnionBaseDataset, VisionBaseDataset)
from mindcell.dataset.batch import BatchDataset, BatchInfo
from mindcell.dataset.cifar import Cifar10Dataset, Cifar100Dataset
from mindcell.dataset.coco import CocoDataset
from mindcell.dataset.engine import Dataset, DictIterator, TupleIterator
from mindcell.dataset.folder import ImageFolderDataset
from mindcell.dataset.manifest import ManifestDataset
from mindcell.dataset.cache import DatasetCache
from mindcell.dataset.callback import DSCallback
from mindcell.dataset.mnist import FashionMnistDataset, MnistDataset
from mindcell.dataset.mnist_family import EMnistDataset, KMnistDataset, QMnistDataset
from mindcell.dataset.pipeline import ConcatDataset, MapDataset, RepeatDataset, ZipDataset
from mindcell.dataset.mind_dataset import MindDataset
from mindcell.dataset.samplers import (DistributedSampler, PKSampler, RandomSampler, Sampler,
                                       SequentialSampler, Shuffle, SubsetRandomSampler,
                                       SubsetSampler, WeightedRandomSampler)
from mindcell.dataset.padded import PaddedDataset
from mindcell.dataset.random_source import RandomDataset
from mindcell.dataset.schema import Schema
from mindcell.dataset.semeion import SemeionDataset
from mindcell.dataset.sources import GeneratorDataset, NumpySlicesDataset
from mindcell.dataset.stl10 import STL10Dataset
from mindcell.dataset.svhn import SVHNDataset
from mindcell.dataset.text_corpora import (AmazonReviewDataset, SQuADDataset, WikiTextDataset,
                                          YelpReviewDataset)
from mindcell.dataset.text_sources import CSVDataset, TextFileDataset
from mindcell.dataset.imdb_fake import FakeImageDataset, IMDBDataset  # noqa: F401
from mindcell.dataset.audio_corpora import (LJSpeechDataset, SpeechCommandsDataset,  # noqa: F401
                                            YesNoDataset)
from mindcell.dataset.text_corpora_more import (AGNewsDataset, DBpediaDataset,  # noqa: F401
                                                CLUEDataset, EnWik9Dataset, PennTreebankDataset,
                                                SogouNewsDataset, YahooAnswersDataset)
from mindcell.dataset.tfrecord import TFRecordDataset
from mindcell.dataset.usps import USPSDataset
from mindcell.dataset.voc import CityscapesDataset, VOCDataset

__all__ = ["NumpySlicesDataset", "GeneratorDataset", "MnistDataset", "Cifar10Dataset",
           "Cifar100Dataset", "ImageFolderDataset", "DistributedSampler", "Dataset",
           "MapDataset", "BatchDataset", "BatchInfo", "RepeatDataset", "ZipDataset",
           "ConcatDataset", "TupleIterator", "DictIterator", "config", "text", "transforms",
           "vision", "zip", "MindDataset", "Sampler", "SequentialSampler", "RandomSampler",
           "SubsetSampler", "SubsetRandomSampler", "WeightedRandomSampler", "Shuffle",
           "Schema", "TFRecordDataset", "PaddedDataset", "TextFileDataset", "CSVDataset",
           "FashionMnistDataset", "WikiTextDataset", "YelpReviewDataset", "AmazonReviewDataset",
           "SQuADDataset", "AGNewsDataset", "DBpediaDataset", "SogouNewsDataset",
           "YahooAnswersDataset", "PennTreebankDataset", "EnWik9Dataset", "IMDBDataset",
           "FakeImageDataset", "YesNoDataset", "LJSpeechDataset", "SpeechCommandsDataset",
           "CLUEDataset", "DatasetCache",
           "VOCDataset", "CityscapesDataset", "KMnistDataset",
           "EMnistDataset", "QMnistDataset", "PKSampler", "RandomDataset",
           "DSCallback", "ManifestDataset", "SVHNDataset",
           "SemeionDataset", "STL10Dataset", "USPSDataset",
           "CocoDataset", "SourceDataset", "MappableDataset", "VisionBaseDataset",
           "TextBaseDataset", "AudioBaseDataset", "UnionBaseDataset"]


def zip(datasets):  # noqa: A001 - MindSpore's name
    """zip(datasets): the rows of a tuple of datasets side by side, as long as the shortest
    (see :meth:`Dataset.zip`).

    Args:
        datasets (tuple[Dataset]): the datasets, with distinct column names.

    Returns:
        ZipDataset.

    Raises:
        TypeError: ``datasets`` is not a non-empty tuple, or an item is not a dataset.
        ValueError: the datasets share column names.

    Examples:
        >>> import mindcell.dataset as ds
        >>> a = ds.NumpySlicesDataset({"a": [1, 2]}, shuffle=False)
        >>> b = ds.NumpySlicesDataset({"b": [3, 4]}, shuffle=False)
        >>> [[int(v) for v in row] for row in ds.zip((a, b))]
        [[1, 3], [2, 4]]
    """
    if not isinstance(datasets, tuple) or not datasets:
        raise TypeError("zip: 'datasets' must be a non-empty tuple of datasets, but got %r"
                        % (datasets,))
    return ZipDataset(datasets)
