"""The parameter table kept outside the graph (PIR design §2.4).

A `ParameterStore` maps parameter names to numpy arrays. Programs read
weights with `pd.get_parameter` and write them with `pd.set_parameter`; a
weight is *mutable* when a program that will run writes it, and only
immutable weights may be treated as constants (frozen).

Weights are saved as `.npz` (never pickle); loading checks names, shapes and
dtypes against the store and loads nothing unless everything matches.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, MutableMapping

import numpy as np


class ParameterError(ValueError):
    """A parameter is unknown, or its value does not fit its declaration."""


class ParameterLoadError(ParameterError):
    """A weights file is corrupt or does not match the parameters."""


@dataclass
class Parameter:
    """A declared weight: its shape and dtype, and its value once set."""

    name: str
    shape: tuple
    dtype: str
    value: np.ndarray | None = None
    is_mutable: bool = True
    trainable: bool = True
    #: The startup program holding this parameter's initializer, if any:
    #: eager calls and traces initialize a weight from it on first use.
    initializer_program: object = field(default=None, compare=False, repr=False)


def _np_dtype(dtype: str) -> np.dtype:
    try:
        return np.dtype({"bfloat16": "uint16"}.get(dtype, dtype))
    except TypeError as e:
        raise ParameterError(f"dtype {dtype!r} has no numpy counterpart") from e


@dataclass
class ParameterStore(MutableMapping):
    """name -> numpy array, with each parameter's declared shape and dtype."""

    parameters: dict = field(default_factory=dict)

    # -- declaration ---------------------------------------------------------
    def declare(self, name: str, shape, dtype: str, trainable: bool = True) -> Parameter:
        shape = tuple(int(d) for d in shape)
        old = self.parameters.get(name)
        if old is not None:
            if old.shape != shape or old.dtype != dtype:
                raise ParameterError(
                    f"parameter {name!r} is already declared with shape {list(old.shape)} "
                    f"and dtype {old.dtype}, not {list(shape)} and {dtype}")
            return old
        p = Parameter(name, shape, dtype, trainable=trainable)
        self.parameters[name] = p
        return p

    def share(self, parameter: Parameter) -> Parameter:
        """Makes `parameter` (of another store) one of this store's: both see
        the same value. A different parameter of the same name is an error."""
        old = self.parameters.get(parameter.name)
        if old is None or old is parameter:
            self.parameters[parameter.name] = parameter
            return parameter
        if old.shape != parameter.shape or old.dtype != parameter.dtype:
            raise ParameterError(
                f"parameter {parameter.name!r} is already declared with shape "
                f"{list(old.shape)} and dtype {old.dtype}, not {list(parameter.shape)} "
                f"and {parameter.dtype}")
        if old.value is None:
            self.parameters[parameter.name] = parameter
        return self.parameters[parameter.name]

    def parameter(self, name: str) -> Parameter:
        try:
            return self.parameters[name]
        except KeyError:
            raise ParameterError(f"unknown parameter {name!r}") from None

    # -- mapping interface: name -> array ------------------------------------
    def __getitem__(self, name: str) -> np.ndarray:
        p = self.parameter(name)
        if p.value is None:
            raise ParameterError(f"parameter {name!r} has no value yet: run the startup program")
        return p.value

    def __setitem__(self, name: str, value) -> None:
        p = self.parameter(name)
        array = np.asarray(value)
        if tuple(array.shape) != p.shape:
            raise ParameterError(f"parameter {name!r} has shape {list(p.shape)}, "
                                 f"got an array of shape {list(array.shape)}")
        if array.dtype != _np_dtype(p.dtype):
            raise ParameterError(f"parameter {name!r} has dtype {p.dtype}, got {array.dtype}")
        p.value = np.ascontiguousarray(array)

    def __delitem__(self, name: str) -> None:
        del self.parameters[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.parameters)

    def __len__(self) -> int:
        return len(self.parameters)

    # -- mutability ----------------------------------------------------------
    def update_mutability(self, programs: Iterable) -> None:
        """A parameter is mutable iff one of `programs` (those that will run)
        writes it with pd.set_parameter."""
        written = set()
        for program in programs:
            written |= program.written_parameters()
        for name, p in self.parameters.items():
            p.is_mutable = name in written

    # -- files ---------------------------------------------------------------
    def save(self, path) -> None:
        """Writes every parameter with a value to an .npz file."""
        arrays = {name: p.value for name, p in self.parameters.items() if p.value is not None}
        missing = [name for name, p in self.parameters.items() if p.value is None]
        if missing:
            raise ParameterError(f"parameters without a value cannot be saved: {missing}")
        with open(path, "wb") as f:
            np.savez(f, **arrays)

    def load(self, path) -> None:
        """Loads an .npz file written by save(): every declared parameter must
        be there with its shape and dtype, and nothing else; on any mismatch
        nothing is loaded."""
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as npz:
                arrays = {name: npz[name] for name in npz.files}
        except FileNotFoundError:
            raise ParameterLoadError(f"{path}: no such weights file") from None
        except (zipfile.BadZipFile, ValueError, OSError, EOFError, KeyError) as e:
            raise ParameterLoadError(f"{path}: not a valid .npz weights file ({e})") from None
        problems = []
        for name in sorted(set(self.parameters) - set(arrays)):
            problems.append(f"missing parameter {name!r}")
        for name in sorted(set(arrays) - set(self.parameters)):
            problems.append(f"unexpected parameter {name!r}")
        for name in sorted(set(arrays) & set(self.parameters)):
            p, a = self.parameters[name], arrays[name]
            if tuple(a.shape) != p.shape:
                problems.append(f"{name!r}: shape {list(a.shape)} in the file, "
                                f"{list(p.shape)} declared")
            elif a.dtype != _np_dtype(p.dtype):
                problems.append(f"{name!r}: dtype {a.dtype} in the file, {p.dtype} declared")
        if problems:
            raise ParameterLoadError(f"{path}: " + "; ".join(problems))
        for name, a in arrays.items():
            self.parameters[name].value = np.ascontiguousarray(a)
