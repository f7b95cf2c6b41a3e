"""The stub (mlsi/__init__.pyi) declares every public name of the package, and every public name has
a docstring."""
import ast
import inspect
import pathlib

import mlsi

STUB = pathlib.Path(mlsi.__file__).with_name("__init__.pyi")


def _stub_names():
    tree = ast.parse(STUB.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_the_stub_declares_every_public_name():
    assert set(mlsi.__all__) <= _stub_names()


def test_every_public_name_has_a_docstring():
    for name in mlsi.__all__:
        obj = getattr(mlsi, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            assert inspect.getdoc(obj), name
    for cls in (mlsi.Session, mlsi.Quantity, mlsi.SweepResult):
        for member, value in vars(cls).items():
            if not member.startswith("_") and (inspect.isfunction(value) or isinstance(value, property)):
                assert inspect.getdoc(value), f"{cls.__name__}.{member}"
