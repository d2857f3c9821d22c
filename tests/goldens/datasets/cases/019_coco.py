"""CocoDataset on an annotation file written here, Detection and Keypoint tasks: rows in the
file's image order (images without annotations skipped), column names, dtypes and shapes,
class indexing, num_samples, and an unknown task."""
import json
import os
import tempfile

from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
imgs = [{"id": 7, "file_name": "b.jpg", "height": 4, "width": 5},
        {"id": 3, "file_name": "a.jpg", "height": 4, "width": 5},
        {"id": 9, "file_name": "c.jpg", "height": 4, "width": 5},
        {"id": 4, "file_name": "d.jpg", "height": 4, "width": 5}]
for im in imgs:
    with open(os.path.join(tmp, im["file_name"]), "wb") as f:
        f.write(bytes([0xff, 0xd8, 0xff, im["id"]]))
anns = [
    {"id": 1, "image_id": 7, "category_id": 2, "bbox": [1, 2, 3, 4], "iscrowd": 0, "area": 12.0,
     "segmentation": [[1, 2, 3, 4, 5, 6]], "keypoints": list(range(51)), "num_keypoints": 5},
    {"id": 2, "image_id": 7, "category_id": 5, "bbox": [0.5, 1, 2, 2], "iscrowd": 1, "area": 4.0,
     "segmentation": [[0, 0, 1, 1, 2, 2, 3, 3]], "keypoints": [1] * 51, "num_keypoints": 3},
    {"id": 3, "image_id": 3, "category_id": 1, "bbox": [0, 0, 1, 1], "iscrowd": 0, "area": 1.0,
     "segmentation": [[0, 0, 1, 0, 1, 1]], "keypoints": [2] * 51, "num_keypoints": 1},
    {"id": 4, "image_id": 4, "category_id": 1, "bbox": [2, 2, 1.5, 1.25], "iscrowd": 0,
     "area": 1.0, "segmentation": [[0, 0, 1, 0, 1, 1]], "keypoints": [3] * 51, "num_keypoints": 2},
]
cats = [{"id": 1, "name": "cat", "supercategory": "animal"},
        {"id": 2, "name": "dog", "supercategory": "animal"},
        {"id": 5, "name": "car", "supercategory": "vehicle"}]
ann_file = os.path.join(tmp, "ann.json")
with open(ann_file, "w") as f:
    json.dump({"images": imgs, "annotations": anns, "categories": cats}, f)
for task in ("Detection", "Keypoint"):
    d = ds.CocoDataset(tmp, ann_file, task=task, shuffle=False)
    emit(task + "_size", d.get_dataset_size())
    emit(task + "_cols", d.get_col_names())
    emit(task + "_rows", [[[k, str(v.dtype), list(v.shape), v.tolist()] for k, v in r.items()]
                          for r in d.create_dict_iterator(output_numpy=True)])
emit("class_indexing", ds.CocoDataset(tmp, ann_file).get_class_indexing())
emit("num_samples", ds.CocoDataset(tmp, ann_file, num_samples=2).get_dataset_size())
try:
    ds.CocoDataset(tmp, ann_file, task="Segmentation")
    emit("bad_task", "no error")
except Exception as e:  # noqa: BLE001
    emit("bad_task", e)
