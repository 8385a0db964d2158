# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The public names: each has a docstring, a type stub in dms/__init__.pyi, and every argument
of a function is explained in its docstring (help(dms.run))."""

import ast
import inspect
import pathlib

import dms

STUB = pathlib.Path(dms.__file__).with_name("__init__.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    return names, tree


def test_every_public_name_has_a_stub():
    public = {n for n in dir(dms) if not n.startswith("_")} - {"annotations", "dataclass", "field",
                                                               "Callable", "Dict", "List",
                                                               "Optional", "Sequence", "Union"}
    assert set(dms.__all__) - {"__version__"} == public
    names, _ = stub_names()
    assert set(dms.__all__) <= names, set(dms.__all__) - names


def test_stub_signatures_match():
    _, tree = stub_names()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            params = [a.arg for a in node.args.args + node.args.kwonlyargs]
            real = [p.name for p in inspect.signature(getattr(dms, node.name)).parameters.values()
                    if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
            assert params == real, node.name


def test_docstrings_explain_every_argument():
    for name in dms.__all__:
        obj = getattr(dms, name)
        if name == "__version__":
            continue
        assert inspect.getdoc(obj), name
        if inspect.isfunction(obj):
            doc = inspect.getdoc(obj)
            for p in inspect.signature(obj).parameters:
                assert p in doc, (name, p)


def test_run_help_lists_every_system_with_its_state():
    doc = inspect.getdoc(dms.run)
    for s in dms.systems():
        assert f"{s.name}: {s.title}." in doc, s.name
        assert f"methods: {', '.join(s.method_names)}." in doc, s.name
        # the parts a run of the system has, with their shapes, as run.state gives them
        run = dms.run(s, s.method_names[0], T=s.article_setup["h"])
        parts = ", ".join(f"{n} {a.shape[1:]}" for n, a in run.state.items())
        assert f"state: {parts}" in doc, (s.name, parts)


def test_declared_state_is_the_runs_state():
    # System.state names the parts of Run.state, in order, with their shapes after the samples'
    # axis (a structural parameter's name read at its default)
    for s in dms.systems():
        run = dms.run(s, s.method_names[0], T=s.article_setup["h"])
        assert [p.name for p in s.state] == list(run.state), s.name
        for p in s.state:
            shape = tuple(s.param(d).default if isinstance(d, str) else d for d in p.shape)
            assert run.state[p.name].shape[1:] == shape, (s.name, p.name)
