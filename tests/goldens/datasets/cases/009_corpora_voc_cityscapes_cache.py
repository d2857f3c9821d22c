"""FashionMnistDataset, WikiTextDataset, YelpReviewDataset, AmazonReviewDataset, SQuADDataset,
VOCDataset (Segmentation, Detection), CityscapesDataset on tiny synthetic trees, and
DatasetCache's argument checks. Several-file usages give num_parallel_workers=2 (their row
interleaving depends on the reader count)."""
import io
import json
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset


def table(make):
    try:
        data = make()
        rows = [[[v.dtype.str, list(v.shape), v.tolist() if v.dtype.kind in "Uf" or v.size < 40
                  else int(v.astype(np.int64).sum())] for v in r]
                for r in data.create_tuple_iterator(output_numpy=True)]
        return [data.get_col_names(), data.get_dataset_size(), rows]
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        return type(e).__name__


def call(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


root = tempfile.mkdtemp()


def write(path, data, mode="w"):
    path = os.path.join(root, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(data)
    return path


def idx(magic, array):
    return np.array([magic, *array.shape], ">u4").tobytes() + array.astype(np.uint8).tobytes()


images = np.arange(3 * 28 * 28).reshape(3, 28, 28) % 251
write("fashion/train-images-idx3-ubyte", idx(2051, images), "wb")
write("fashion/train-labels-idx1-ubyte", idx(2049, np.array([9, 0, 4])), "wb")
write("fashion/t10k-images-idx3-ubyte", idx(2051, images[:1]), "wb")
write("fashion/t10k-labels-idx1-ubyte", idx(2049, np.array([7])), "wb")
F = os.path.join(root, "fashion")
emit("fashion_train", table(lambda: ds.FashionMnistDataset(F, usage="train", shuffle=False)))
emit("fashion_all", table(lambda: ds.FashionMnistDataset(F, shuffle=False)))
emit("fashion_bad_usage", table(lambda: ds.FashionMnistDataset(F, usage="valid")))
emit("fashion_no_dir", table(lambda: ds.FashionMnistDataset(F + "x")))

write("wiki/wiki.train.tokens", " \n = Title = \n\n first line , here . \n second <unk> line \n")
write("wiki/wiki.test.tokens", "test a\n\ntest b\n")
write("wiki/wiki.valid.tokens", "valid a\n")
W = os.path.join(root, "wiki")
for usage in ("train", "test", "valid"):
    emit("wiki_" + usage, table(lambda: ds.WikiTextDataset(W, usage=usage, shuffle=False)))
emit("wiki_all", table(lambda: ds.WikiTextDataset(W, shuffle=False, num_parallel_workers=2)))
emit("wiki_bad_usage", table(lambda: ds.WikiTextDataset(W, usage="dev")))
emit("wiki_no_dir", table(lambda: ds.WikiTextDataset(W + "x")))
emit("wiki_num_samples", table(lambda: ds.WikiTextDataset(W, "train", num_samples=2,
                                                          shuffle=False)))

write("yelp/train.csv", '"1","Bad food, slow."\n"2","Great ""place""\\nnice"\n"1",""\n')
write("yelp/test.csv", '"2","ok"\n')
write("amazon/train.csv", '"1","Title one","Content, one"\n"2","T2","C ""2"""\n')
write("amazon/test.csv", '"3","tt","cc"\n')
Y, A = os.path.join(root, "yelp"), os.path.join(root, "amazon")
for usage in ("train", "test"):
    emit("yelp_" + usage, table(lambda: ds.YelpReviewDataset(Y, usage=usage, shuffle=False)))
    emit("amazon_" + usage, table(lambda: ds.AmazonReviewDataset(A, usage=usage, shuffle=False)))
emit("yelp_all", table(lambda: ds.YelpReviewDataset(Y, shuffle=False, num_parallel_workers=2)))
emit("amazon_all", table(lambda: ds.AmazonReviewDataset(A, shuffle=False,
                                                        num_parallel_workers=2)))
emit("yelp_bad_usage", table(lambda: ds.YelpReviewDataset(Y, usage="dev")))
emit("amazon_bad_usage", table(lambda: ds.AmazonReviewDataset(A, usage="valid")))
emit("yelp_num_samples", table(lambda: ds.YelpReviewDataset(Y, "train", num_samples=2,
                                                            shuffle=False)))

qa = [{"id": "q1", "question": "Where is Paris?",
       "answers": [{"answer_start": 12, "text": "France"}, {"answer_start": 9,
                                                           "text": "in France"}]},
      {"id": "q2", "question": "What?", "answers": []}]
write("squad/train-v1.1.json", json.dumps({"version": "1.1", "data": [{"title": "T", "paragraphs": [
    {"context": "Paris is in France.", "qas": qa}]}]}))
write("squad/dev-v1.1.json", json.dumps({"version": "1.1", "data": [{"title": "D", "paragraphs": [
    {"context": "abc", "qas": [{"id": "d1", "question": "q?",
                                "answers": [{"answer_start": 0, "text": "a"}]}]}]}]}))
S = os.path.join(root, "squad")
for usage in ("train", "dev"):
    emit("squad_" + usage, table(lambda: ds.SQuADDataset(S, usage=usage, shuffle=False)))
emit("squad_all", table(lambda: ds.SQuADDataset(S, shuffle=False, num_parallel_workers=2)))
emit("squad_bad_usage", table(lambda: ds.SQuADDataset(S, usage="test")))

try:
    from PIL import Image
except ImportError:  # both targets record with Pillow installed
    Image = None


def png(path, array, palette=None):
    image = Image.fromarray(array)
    if palette is not None:
        image = image.convert("P")
        image.putpalette(palette + [0] * (768 - len(palette)))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG" if path.endswith(".png") else "JPEG", quality=95)
    write(path, buffer.getvalue(), "wb")


V = os.path.join(root, "VOC2012")
for i, name in enumerate(["img1", "img2"]):
    png("VOC2012/JPEGImages/%s.jpg" % name, np.full((4, 6, 3), 40 * i, np.uint8))
    mask = Image.fromarray(np.full((4, 6), i + 1, np.uint8), mode="P")
    mask.putpalette([0, 0, 0, 128, 0, 0, 0, 128, 0] + [0] * 759)
    buffer = io.BytesIO()
    mask.save(buffer, format="PNG")
    write("VOC2012/SegmentationClass/%s.png" % name, buffer.getvalue(), "wb")
    write("VOC2012/Annotations/%s.xml" % name, """<annotation><filename>%s.jpg</filename>
<object><name>dog</name><truncated>1</truncated><difficult>0</difficult><bndbox><xmin>1</xmin>
<ymin>1</ymin><xmax>4</xmax><ymax>3</ymax></bndbox></object>
<object><name>cat</name><difficult>1</difficult><bndbox><xmin>2.5</xmin><ymin>1</ymin>
<xmax>5</xmax><ymax>4</ymax></bndbox></object></annotation>""" % name)
write("VOC2012/ImageSets/Segmentation/train.txt", "img1\nimg2\n")
write("VOC2012/ImageSets/Main/train.txt", "img2\nimg1\n")
write("VOC2012/Annotations/bad.xml", "<annotation><object><name>dog</name><bndbox><xmin>0</xmin>"
      "<ymin>1</ymin><xmax>4</xmax><ymax>3</ymax></bndbox></object></annotation>")
png("VOC2012/JPEGImages/bad.jpg", np.zeros((4, 6, 3), np.uint8))
write("VOC2012/ImageSets/Main/bad.txt", "bad\n")
emit("voc_seg", table(lambda: ds.VOCDataset(V, task="Segmentation", usage="train",
                                            shuffle=False)))
emit("voc_seg_decode", table(lambda: ds.VOCDataset(V, task="Segmentation", usage="train",
                                                   shuffle=False, decode=True)))
emit("voc_det", table(lambda: ds.VOCDataset(V, task="Detection", usage="train", shuffle=False)))
emit("voc_det_indexing", table(lambda: ds.VOCDataset(V, task="Detection", usage="train",
                                                     shuffle=False,
                                                     class_indexing={"cat": 5, "dog": 7})))
emit("voc_det_one_class", table(lambda: ds.VOCDataset(V, task="Detection", usage="train",
                                                      shuffle=False, class_indexing={"cat": 5})))
emit("voc_class_indexing", call(lambda: ds.VOCDataset(V, task="Detection",
                                                      usage="train").get_class_indexing()))
emit("voc_seg_class_indexing", call(lambda: ds.VOCDataset(V, usage="train").get_class_indexing()))
emit("voc_zero_coordinate", table(lambda: ds.VOCDataset(V, task="Detection", usage="bad")))
emit("voc_bad_task", table(lambda: ds.VOCDataset(V, task="Classification")))
emit("voc_bad_usage", table(lambda: ds.VOCDataset(V, task="Segmentation", usage="val")))
emit("voc_seg_indexing", table(lambda: ds.VOCDataset(V, task="Segmentation",
                                                     class_indexing={"a": 1})))

C = os.path.join(root, "cityscapes")
for split, cities in (("train", ["zurich", "aachen"]), ("val", ["bonn"])):
    for city in cities:
        for k in (2, 1):
            stem = "%s_%06d_000019" % (city, k)
            png("cityscapes/leftImg8bit/%s/%s/%s_leftImg8bit.png" % (split, city, stem),
                np.full((2, 3, 3), 10 * k, np.uint8))
            gt = "cityscapes/gtFine/%s/%s/%s_gtFine_" % (split, city, stem)
            png(gt + "instanceIds.png", np.full((2, 3), k, np.uint8))
            png(gt + "labelIds.png", np.full((2, 3), k + 5, np.uint8))
            png(gt + "color.png", np.full((2, 3, 3), 100 + k, np.uint8))
            write(gt + "polygons.json", json.dumps({"objects": [{"polygon": [[0, 0], [1, 1]],
                                                                 "label": "car"}],
                                                    "imgHeight": 2}, indent=2))
for task in ("instance", "semantic", "color", "polygon"):
    emit("city_" + task, table(lambda: ds.CityscapesDataset(C, usage="train", task=task,
                                                            shuffle=False, decode=True)))
emit("city_bytes", table(lambda: ds.CityscapesDataset(C, usage="val", task="semantic",
                                                      shuffle=False)))
emit("city_all", table(lambda: ds.CityscapesDataset(C, usage="all", task="color",
                                                    shuffle=False, decode=True)))
emit("city_coarse_test", table(lambda: ds.CityscapesDataset(C, usage="test",
                                                            quality_mode="coarse")))
emit("city_bad_task", table(lambda: ds.CityscapesDataset(C, task="depth")))
emit("city_bad_quality", table(lambda: ds.CityscapesDataset(C, quality_mode="medium")))
emit("city_decode_int", table(lambda: ds.CityscapesDataset(C, decode=1)))

cache = ds.DatasetCache(session_id=1, size=0)
emit("cache_attrs", [cache.session_id, cache.size, cache.spilling, cache.hostname, cache.port,
                     cache.num_connections, cache.prefetch_size])
emit("cache_get_stat", call(cache.get_stat))
for args in [dict(session_id=0), dict(session_id=2 ** 32), dict(session_id="a"),
             dict(session_id=True), dict(session_id=1, size=-1), dict(session_id=1, size=1.5),
             dict(session_id=1, spilling=1), dict(session_id=1, hostname="localhost"),
             dict(session_id=1, port=1024), dict(session_id=1, port="5"),
             dict(session_id=1, prefetch_size=0), dict(session_id=1, num_connections=0)]:
    emit("cache_" + "_".join("%s=%r" % kv for kv in args.items()),
         call(lambda: type(ds.DatasetCache(**args)).__name__))
full = ds.DatasetCache(5, size=3, spilling=True, hostname="127.0.0.1", port=50053,
                       num_connections=2, prefetch_size=8)
emit("cache_full", [full.session_id, full.size, full.spilling, full.hostname, full.port,
                    full.num_connections, full.prefetch_size])
emit("cache_not_a_cache", table(lambda: ds.TextFileDataset(os.path.join(W, "wiki.test.tokens"),
                                                           cache=5)))
emit("map_cache_not_a_cache", table(lambda: ds.NumpySlicesDataset(np.arange(3), ["x"]).map(
    lambda x: x, "x", cache=5)))
