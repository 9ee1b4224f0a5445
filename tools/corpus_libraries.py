"""Imports architectures from the source trees of Paddle's model libraries
(PaddleClas, PaddleSeg, ...) unpacked from their wheels, inside Paddle's
venv, for tools/export_corpus.py.

The libraries' packages import, on the way to a model file, much that no
architecture calls (scikit-learn metrics, download and logging helpers,
OpenCV data loaders) and that Paddle's venv does not have. A model module is
therefore imported without running its packages' `__init__`s, and those
third-party modules are stand-ins that raise nothing until used: an
architecture that did use one would fail to build, not export wrong."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
from pathlib import Path

#: Third-party modules the libraries import at module level but never call
#: while building a model.
STAND_INS = {
    "sklearn", "requests", "six", "yaml", "colorlog", "cv2", "tqdm", "faiss", "easydict",
    "visualdl", "prettytable", "ujson", "scipy", "shapely", "pyclipper", "lap", "pycocotools",
    "typeguard", "filelock", "sentencepiece", "huggingface_hub", "aistudio_sdk", "safetensors",
    "matplotlib", "mpl_toolkits",
}


class _StandIn(types.ModuleType):
    """A module whose attributes are stand-ins too (calling one gives
    another; subclassing one gives a plain class)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        sub = _StandIn(f"{self.__name__}.{name}")
        sub.__path__ = []
        return sub

    def __call__(self, *args, **kwargs):
        return _StandIn(f"{self.__name__}()")

    def __iter__(self):
        return iter(())

    def __mro_entries__(self, bases):
        return (object,)


class _StandInFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in STAND_INS:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _StandIn(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


def import_architecture(root: Path, dotted: str):
    """The module `dotted` (e.g. ppcls.arch.backbone.legendary_models.resnet)
    of the source tree at `root`, its parent packages as bare namespaces."""
    if not (Path(root) / Path(*dotted.split("."))).with_suffix(".py").exists():
        raise FileNotFoundError(f"{dotted} not found under {root} (run `make corpus`)")
    if not any(type(f) is _StandInFinder for f in sys.meta_path):
        sys.meta_path.append(_StandInFinder())
    parts = dotted.split(".")
    for i in range(1, len(parts)):
        name = ".".join(parts[:i])
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [str(Path(root, *parts[:i]))]
            sys.modules[name] = package
    return importlib.import_module(dotted)


#: PaddleNLP modules the model files import on the way that no model calls
#: (the data collators import the tokenizers; the generation streamers, the
#: chat templates of jinja2): stand-ins, like STAND_INS, matched by prefix.
PADDLENLP_STAND_INS = ("jinja2", "paddlenlp.data", "paddlenlp.generation.streamers")


class _PrefixStandInFinder(_StandInFinder):
    def __init__(self, prefixes):
        self.prefixes = tuple(prefixes)

    def find_spec(self, fullname, path, target=None):
        if any(fullname == p or fullname.startswith(p + ".") for p in self.prefixes):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None


def _provide_six() -> None:
    """The two names of `six` PaddleNLP uses, on the stand-in (STAND_INS)
    or a module of their own: a stand-in decorator would replace its
    PretrainedModel class."""
    six = sys.modules.get("six")
    if six is not None and not isinstance(six, _StandIn):
        return  # the real one
    if six is None:
        six = _StandIn("six")
        six.__path__ = []
        sys.modules["six"] = six

    def add_metaclass(metaclass):
        def wrap(cls):
            body = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
            return metaclass(cls.__name__, cls.__bases__, body)
        return wrap
    six.add_metaclass = add_metaclass
    six.string_types = (str,)


def import_paddlenlp_model(root: Path, arch: str):
    """(modeling, configuration) modules of PaddleNLP's transformers/`arch`
    (bert, ernie, gpt, t5) from its source tree at `root`, its packages as
    bare namespaces (no paddlenlp/__init__, which imports every model, the
    tokenizers and the datasets)."""
    if "paddlenlp" not in sys.modules:
        package = types.ModuleType("paddlenlp")
        package.__path__ = [str(Path(root, "paddlenlp"))]
        package.__version__ = "2.8.1"  # generation/configuration_utils reads it
        sys.modules["paddlenlp"] = package
    if not any(isinstance(f, _PrefixStandInFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PrefixStandInFinder(PADDLENLP_STAND_INS))
    _provide_six()
    # Some models import PretrainedModel from the transformers package.
    utils = import_architecture(root, "paddlenlp.transformers.model_utils")
    transformers = sys.modules["paddlenlp.transformers"]
    for name in ("PretrainedModel", "register_base_model"):
        setattr(transformers, name, getattr(utils, name))
    return (import_architecture(root, f"paddlenlp.transformers.{arch}.modeling"),
            import_architecture(root, f"paddlenlp.transformers.{arch}.configuration"))
