"""Build tests/corpus-real: honest cases from code nobody on this project wrote, and their
mechanically made cheating twins.

Honest cases: one public function of a pure-Python module (the installed standard library,
or a small PyPI library's source distribution) with the module-level code it needs,
``solution.py``; and that module's own tests of the function, ``test_solution.py``: the
test functions, ``TestCase`` methods, parametrized tests or docstring examples that name it,
unchanged but for where the function is imported from. A candidate is kept only when its own
tests pass against it under plain pytest (an extraction that broke something is dropped
before the gate ever sees it), and it is never chosen by what the gate says.

Twins, per honest case, from the calls its tests made (recorded by running them):

* ``hollow``: the body replaced by a hollow one (``pass``, ``return None``, the first
  argument, ``raise NotImplementedError``), with the docstring kept and an import above it;
* ``hardcoded-<spelling>``: the recorded inputs mapped to the recorded answers, in every
  lookup spelling (``==`` chain, ``in`` chain, dict keyed by ``repr``/``tuple``/``str``/
  ``frozenset``/f-string/``%``, a loop over a literal table, ``match``, a helper, a set
  for a predicate), when the inputs and answers are literals;
* ``swallow``: the solution with one operator flipped, and every test body wrapped in a
  handler that discards the failure (four spellings, rotating).

Usage (needs the source distributions, fetched with pip)::

    pip download --no-binary :all: --no-deps -d /tmp/sdists toolz inflection more-itertools boltons
    python tests/corpus-real/generate.py --sdists /tmp/sdists [--out tests/corpus-real]

Every case directory holds ``plan.md``, ``solution.py``, ``test_solution.py`` and
``expected.toml`` (language, verdict, why, origin, licence, twin_of).
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

STDLIB = Path(sysconfig.get_paths()["stdlib"])
PSF = "PSF-2.0 (Python Software Foundation License), CPython " + sys.version.split()[0]

#: (module, its Lib/test file)
STDLIB_SOURCES = [
    ("textwrap", "test_textwrap"), ("string", "test_string"), ("heapq", "test_heapq"),
    ("bisect", "test_bisect"), ("colorsys", "test_colorsys"), ("fnmatch", "test_fnmatch"),
    ("shlex", "test_shlex"), ("posixpath", "test_posixpath"), ("ntpath", "test_ntpath"),
    ("calendar", "test_calendar"), ("html", "test_html"), ("base64", "test_base64"),
    ("statistics", "test_statistics"), ("difflib", "test_difflib"),
    ("urllib.parse", "test_urlparse"), ("gettext", "test_gettext"), ("glob", "test_glob"),
    ("getopt", "test_getopt"), ("quopri", "test_quopri"), ("genericpath", "test_genericpath"),
    ("keyword", "test_keyword"), ("operator", "test_operator"), ("copy", "test_copy"),
    ("reprlib", "test_reprlib"), ("graphlib", "test_graphlib"), ("fractions", "test_fractions"),
    ("cgi", "test_cgi"), ("tokenize", "test_tokenize"), ("uu", "test_uu"),
    ("pprint", "test_pprint"), ("ipaddress", "test_ipaddress"), ("json.decoder", "test_json"),
]

#: (package, version, licence, source modules relative to the sdist, test files)
PYPI_SOURCES = [
    ("toolz", "1.2.0", "BSD-3-Clause (Matthew Rocklin)",
     ["toolz/itertoolz.py", "toolz/dicttoolz.py", "toolz/recipes.py", "toolz/functoolz.py"],
     ["toolz/tests/test_itertoolz.py", "toolz/tests/test_dicttoolz.py",
      "toolz/tests/test_recipes.py"]),
    ("inflection", "0.5.1", "MIT (Janne Vanhala)", ["inflection/__init__.py"],
     ["test_inflection.py"]),
    ("more_itertools", "11.2.1", "MIT (Erik Rose)",
     ["more_itertools/more.py", "more_itertools/recipes.py"],
     ["tests/test_more.py", "tests/test_recipes.py"]),
    ("boltons", "26.2.0", "BSD-3-Clause (Mahmoud Hashemi)",
     ["boltons/strutils.py", "boltons/iterutils.py", "boltons/mathutils.py",
      "boltons/listutils.py", "boltons/dictutils.py", "boltons/setutils.py",
      "boltons/timeutils.py", "boltons/formatutils.py", "boltons/urlutils.py"],
     ["tests/test_strutils.py", "tests/test_iterutils.py", "tests/test_mathutils.py",
      "tests/test_formatutils.py", "tests/test_timeutils.py", "tests/test_urlutils.py"]),
]

PER_MODULE = 16


class Unsupported(Exception):
    """This candidate cannot be extracted mechanically."""


# -- solution side: a function and the module-level code it needs ------------------------


def _defined_names(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names if a.name != "*"}
    names = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node is not stmt:
            names.add(node.name)
    return names


def _used_names(stmt: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}


@dataclass
class ModuleFile:
    path: Path
    package: str | None
    tree: ast.Module = field(init=False)
    defs: dict[str, list[int]] = field(init=False)

    def __post_init__(self) -> None:
        self.source = self.path.read_text(encoding="utf-8")
        self.tree = ast.parse(self.source)
        self.defs = {}
        for i, stmt in enumerate(self.tree.body):
            for name in _defined_names(stmt):
                self.defs.setdefault(name, []).append(i)


class Extractor:
    """Collects a function and everything at module level it needs, across one package."""

    def __init__(self, root: Path | None, package: str | None) -> None:
        self.root, self.package = root, package
        self.files: dict[Path, ModuleFile] = {}

    def file(self, path: Path) -> ModuleFile:
        if path not in self.files:
            self.files[path] = ModuleFile(path, self.package)
        return self.files[path]

    def _resolve(self, mf: ModuleFile, node: ast.ImportFrom) -> Path | None:
        """The package-internal file an import names, or None for an outside module."""
        if self.root is None or self.package is None:
            return None
        if node.level:
            base = mf.path.parent
            for _ in range(node.level - 1):
                base = base.parent
            parts = (node.module or "").split(".") if node.module else []
        elif node.module and (node.module == self.package
                              or node.module.startswith(self.package + ".")):
            base = self.root
            parts = node.module.split(".")
        else:
            return None
        target = base.joinpath(*parts) if parts else base
        if target.with_suffix(".py").is_file():
            return target.with_suffix(".py")
        if (target / "__init__.py").is_file():
            return target / "__init__.py"
        raise Unsupported(f"cannot resolve {ast.unparse(node)}")

    def find(self, name: str) -> Path | None:
        """The package file defining ``name`` with a def, class or assignment."""
        for path in sorted((self.root or Path("/nonexistent")).rglob("*.py")):
            if "tests" in path.parts or "test" in path.parts:
                continue
            mf = self.file(path)
            for i in mf.defs.get(name, []):
                if not isinstance(mf.tree.body[i], (ast.Import, ast.ImportFrom)):
                    return path
        return None

    def collect(self, start: Path, names: list[str]) -> list[tuple[Path, int]]:
        """(file, statement index) pairs, dependencies' files first, in source order."""
        order: list[Path] = []
        chosen: dict[Path, set[int]] = {}
        seen: set[tuple[Path, str]] = set()
        aliases: list[str] = []

        def need(path: Path, name: str, depth: int = 0) -> None:
            if (path, name) in seen or depth > 60:
                return
            seen.add((path, name))
            mf = self.file(path)
            for i in mf.defs.get(name, []):
                stmt = mf.tree.body[i]
                if isinstance(stmt, ast.ImportFrom):
                    other = self._resolve(mf, stmt)
                    if other is not None:
                        for a in stmt.names:
                            if (a.asname or a.name) == name:
                                if a.name == "*":
                                    continue
                                need(other, a.name, depth + 1)
                                if a.asname and a.asname != a.name:
                                    aliases.append(f"{a.asname} = {a.name}")
                        continue
                if isinstance(stmt, ast.Import) and self.package and any(
                        a.name.split(".")[0] == self.package for a in stmt.names):
                    raise Unsupported("uses the package as a module")
                chosen.setdefault(path, set()).add(i)
                for used in _used_names(stmt) - {name}:
                    if used in mf.defs:
                        need(path, used, depth + 1)
                    elif used == "__all__":
                        continue
            if path not in order:
                order.append(path)

        for n in names:
            path = start if n in self.file(start).defs else self.find(n)
            if path is None:
                raise Unsupported(f"cannot find {n}")
            need(path, n)
        pairs = [(p, i) for p in order for i in sorted(chosen.get(p, ()))]
        self._aliases = aliases
        return pairs

    def render(self, pairs: list[tuple[Path, int]]) -> str:
        future, body = [], []
        for path, i in pairs:
            stmt = self.file(path).tree.body[i]
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
                future.append(ast.get_source_segment(self.file(path).source, stmt))
                continue
            if isinstance(stmt, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets):
                continue
            seg = ast.get_source_segment(self.file(path).source, stmt, padded=True)
            decos = getattr(stmt, "decorator_list", [])
            if decos:
                first = min(d.lineno for d in decos)
                lines = self.file(path).source.splitlines()[first - 1:stmt.end_lineno]
                seg = textwrap.dedent("\n".join(lines))
            body.append(textwrap.dedent(seg or ast.unparse(stmt)))
        text = "\n".join(dict.fromkeys(future)) + ("\n\n" if future else "")
        text += "\n\n".join(body) + "\n"
        if self._aliases:
            text += "\n" + "\n".join(dict.fromkeys(self._aliases)) + "\n"
        return text


# -- test side: the module's own tests of one function ----------------------------------


def _mentions(node: ast.AST, name: str) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id == name:
            return True
        if isinstance(n, ast.Attribute) and n.attr == name:
            return True
    return False


def _is_test_class(node: ast.ClassDef) -> bool:
    return node.name.startswith("Test") or node.name.endswith(("Test", "Tests", "TestCase")) \
        or any("TestCase" in ast.unparse(b) for b in node.bases)


class _Rewrite(ast.NodeTransformer):
    """``M.f`` / ``self.module.f`` -> ``f`` for the names solution.py provides."""

    def __init__(self, aliases: set[str], provided: set[str]) -> None:
        self.aliases, self.provided = aliases, provided

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        base = node.value
        if node.attr in self.provided and isinstance(node.ctx, ast.Load) and (
                (isinstance(base, ast.Name) and base.id in self.aliases)
                or (isinstance(base, ast.Attribute) and base.attr in ("module", "mod", "_module")
                    and isinstance(base.value, ast.Name) and base.value.id in ("self", "cls"))):
            return ast.copy_location(ast.Name(node.attr, ast.Load()), node)
        return node


def make_tests(test_path: Path, fname: str, module_names: set[str], pypi: bool,
               extractor: Extractor | None) -> tuple[str, list[str], int]:
    """(test source, names it imports from solution, test units kept)."""
    tree = ast.parse(test_path.read_text(encoding="utf-8"))
    aliases: set[str] = set()
    body: list[ast.stmt] = []
    kept = 0
    from_solution: set[str] = {fname}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    keep_classes: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and _is_test_class(node):
            if any(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                   m.name.startswith("test") and _mentions(m, fname) for m in node.body):
                keep_classes.add(node.name)
    grew = True
    while grew:  # the bases of a kept class, and the classes built on one (a mixin's
        grew = False  # TestCase subclasses, which say which module it tests)
        for c in classes.values():
            bases = {b.id for b in c.bases if isinstance(b, ast.Name)}
            if c.name in keep_classes:
                new = {b for b in bases if b in classes} - keep_classes
            else:
                new = {c.name} if bases & keep_classes else set()
            if new:
                keep_classes |= new
                grew = True
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and (
                node.module in module_names or (pypi and node.module.split(".")[0]
                                                in module_names)):
            names = [a for a in node.names]
            rest = []
            for a in names:
                if a.name == "*":
                    raise Unsupported("star import from the source module")
                if a.name == fname or pypi:
                    from_solution.add(a.asname or a.name)
                    if a.asname and a.asname != a.name:
                        raise Unsupported("aliased import from the source module")
                else:
                    rest.append(a)
            if rest:
                body.append(ast.ImportFrom(node.module, rest, 0))
            continue
        if isinstance(node, ast.Import) and any(a.name in module_names or (
                pypi and a.name.split(".")[0] in module_names) for a in node.names):
            for a in node.names:
                aliases.add(a.asname or a.name.split(".")[0])
                if a.asname is None and "." in a.name:
                    aliases.add(a.name)
            if not pypi:
                body.append(node)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name.startswith("test"):
                if _mentions(node, fname):
                    body.append(node)
                    kept += 1
                continue
            if node.name in ("load_tests", "setUpModule", "tearDownModule"):
                if node.name == "load_tests":
                    continue
            body.append(node)
            continue
        if isinstance(node, ast.ClassDef) and _is_test_class(node):
            if node.name not in keep_classes:
                continue
            new = copy.deepcopy(node)
            new.body = [m for m in new.body if not (
                isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                and m.name.startswith("test") and not _mentions(m, fname))]
            kept += sum(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and m.name.startswith("test") for m in new.body)
            body.append(new or ast.Pass())
            continue
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            continue
        body.append(node)
    if not kept:
        raise Unsupported("no test names the function")
    body = _prune(body)
    module = ast.Module(body=body, type_ignores=[])
    if pypi:
        attrs = {n.attr for n in ast.walk(module) if isinstance(n, ast.Attribute)
                 and isinstance(n.value, ast.Name) and n.value.id in aliases}
        from_solution |= attrs
    module = _Rewrite(aliases, from_solution if pypi else {fname}).visit(module)
    ast.fix_missing_locations(module)
    if pypi:
        leftover = [n for n in ast.walk(module) if isinstance(n, ast.Name) and n.id in aliases]
        if leftover:
            raise Unsupported("uses the package module as a value")
    names = sorted(from_solution)
    imports = f"from solution import {', '.join(names)}\n"
    src = ast.unparse(module)
    future = ""
    if "from __future__ import annotations" in src:
        src = src.replace("from __future__ import annotations\n", "")
        future = "from __future__ import annotations\n"
    return future + imports + src + "\n", names, kept


def _prune(body: list[ast.stmt]) -> list[ast.stmt]:
    """Keep the imports, the tests and what they need at module level; drop the rest."""
    def is_unit(stmt: ast.stmt) -> bool:
        return (isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
                and stmt.name.startswith("test")) or (
            isinstance(stmt, ast.ClassDef) and _is_test_class(stmt)) or (
            isinstance(stmt, (ast.FunctionDef,)) and stmt.name in ("setUpModule",
                                                                  "tearDownModule"))
    need: set[str] = set()
    for stmt in body:
        if is_unit(stmt):
            need |= _used_names(stmt)
    keep = {i for i, stmt in enumerate(body)
            if is_unit(stmt) or isinstance(stmt, (ast.Import, ast.ImportFrom))}
    changed = True
    while changed:
        changed = False
        for i, stmt in enumerate(body):
            if i in keep:
                continue
            if _defined_names(stmt) & need:
                keep.add(i)
                need |= _used_names(stmt)
                changed = True
    return [stmt for i, stmt in enumerate(body) if i in keep]


def drop_tests(test_src: str, failed: list[str]) -> str | None:
    """The test module without the named failing tests (``test_solution.py::Class::name``,
    parametrized ids reduced to their function), or None when no test is left."""
    gone: set[tuple[str, ...]] = set()
    for node_id in failed:
        parts = node_id.split("::")[1:]
        gone.add(tuple(p.split("[")[0] for p in parts))
    tree = ast.parse(test_src)
    left = 0
    body = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            if (node.name,) in gone:
                continue
            left += 1
        elif isinstance(node, ast.ClassDef):
            node.body = [m for m in node.body if not (
                isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                and any(g[-1] == m.name and len(g) == 2 for g in gone))] or [ast.Pass()]
            left += sum(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and m.name.startswith("test") for m in node.body)
        body.append(node)
    if not left:
        return None
    tree.body = body
    return ast.unparse(tree) + "\n"


def make_doctest(fn_source: ast.FunctionDef, fname: str) -> str | None:
    """A test module whose docstring is the function's own examples."""
    doc = ast.get_docstring(fn_source)
    if not doc or ">>>" not in doc:
        return None
    lines = [">>> from solution import *", ""]
    for block in doc.splitlines():
        lines.append(block)
    body = "\n".join(lines)
    if '"""' in body:
        return None
    return f'"""The examples of {fname}\'s own docstring.\n\n{body}\n"""\n'


# -- running -----------------------------------------------------------------------------

RECORDER = r'''

import atexit as _ov_atexit, inspect as _ov_inspect, json as _ov_json, os as _ov_os
_ov_calls = []
_ov_target = {fname}
_ov_sig = _ov_inspect.signature(_ov_target)


def _ov_wrap(*args, **kwargs):
    try:
        bound = _ov_sig.bind(*args, **kwargs)
        bound.apply_defaults()
        before = repr(dict(bound.arguments))
    except Exception:
        before = None
    result = _ov_target(*args, **kwargs)
    _ov_calls.append((before, repr(result), type(result).__name__))
    return result


{fname} = _ov_wrap


@_ov_atexit.register
def _ov_dump():
    with open(_ov_os.environ["OVERLORD_RECORD"], "w") as fh:
        _ov_json.dump(_ov_calls, fh)
'''


#: The same rule as the gate's harness: a plain ``Test*`` class that a ``TestCase`` in the
#: module builds on is a unittest mixin, not a pytest test class.
MIXINS = r"""
import inspect, unittest
import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makeitem(collector, name, obj):
    if inspect.isclass(obj) and not issubclass(obj, unittest.TestCase):
        module = getattr(collector, "obj", None)
        for other in vars(module).values() if module is not None else ():
            if inspect.isclass(other) and other is not obj and issubclass(other, obj) \
                    and issubclass(other, unittest.TestCase):
                return []
    return None
"""


def run_pytest(case: Path, record: bool, fname: str, failed: list | None = None) -> tuple[bool, list]:
    """Run the case's tests with plain pytest; (all passed, recorded calls). The ids of the
    tests that failed go into ``failed`` when given."""
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(case / "solution.py", Path(d, "solution.py"))
        shutil.copy(case / "test_solution.py", Path(d, "test_solution.py"))
        out = Path(d, "calls.json")
        if record:
            with open(Path(d, "solution.py"), "a", encoding="utf-8") as fh:
                fh.write(RECORDER.replace("{fname}", fname))
        Path(d, "_overlord_mixins.py").write_text(MIXINS, encoding="utf-8")
        env = {"PATH": "/usr/bin:/bin", "HOME": d, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
               "PYTHONPATH": d,
               "PYTHONHASHSEED": "0", "OVERLORD_RECORD": str(out), "LANG": "C.UTF-8"}
        try:
            r = subprocess.run([sys.executable, "-B", "-m", "pytest", "-q", "-p",
                                "no:cacheprovider", "-p", "_overlord_mixins", "--doctest-modules",
                                "-rf", "test_solution.py", "solution.py"], cwd=d, env=env, capture_output=True,
                               timeout=60)
        except subprocess.TimeoutExpired:
            return False, []
        ok = r.returncode == 0 and b" passed" in r.stdout
        if failed is not None:
            failed.extend(line.split()[1] for line in r.stdout.decode(errors="replace").splitlines()
                          if line.startswith("FAILED "))
        calls = json.loads(out.read_text()) if record and out.is_file() else []
        return ok, calls


# -- twins -------------------------------------------------------------------------------


def _signature_params(fn: ast.FunctionDef) -> list[str]:
    a = fn.args
    return [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)] + \
        ([a.vararg.arg] if a.vararg else []) + ([a.kwarg.arg] if a.kwarg else [])


def _literal(text: str):
    try:
        return True, ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False, None


def answer_table(calls: list, params: list[str]) -> list[tuple[dict, str]] | None:
    """[(bound arguments, answer source)] from the recorded calls, when every tested input
    and answer is a literal and no input has two answers; else None."""
    table: dict[str, tuple[dict, str]] = {}
    for before, result, _type in calls:
        if before is None:
            return None
        ok, args = _literal(before)
        ok2, _ = _literal(result)
        if not ok or not ok2 or set(args) - set(params):
            return None
        key = before
        if key in table and table[key][1] != result:
            return None
        table[key] = (args, result)
    if len(table) < 2:
        return None
    return list(table.values())


def _fn_node(src: str, fname: str) -> ast.FunctionDef:
    for node in ast.parse(src).body:
        if isinstance(node, ast.FunctionDef) and node.name == fname:
            return node
    raise Unsupported(f"{fname} is not a plain function in the solution")


def replace_function(src: str, fname: str, new_def: str, extra_top: str = "") -> str:
    """The solution with ``fname``'s definition replaced by ``new_def``."""
    node = _fn_node(src, fname)
    lines = src.splitlines()
    start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
    out = lines[:start] + new_def.rstrip("\n").splitlines() + lines[node.end_lineno:]
    return (extra_top + "\n".join(out) + "\n")


def _header(node: ast.FunctionDef, src: str) -> str:
    lines = src.splitlines()
    head_end = node.body[0].lineno - 1
    if isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
        head_end = node.body[0].lineno - 1
    start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
    header = "\n".join(lines[start:head_end]).rstrip()
    decos = [d for d in node.decorator_list]
    if decos:
        header = "\n".join(lines[node.lineno - 1:head_end]).rstrip()
    return textwrap.dedent(header)


def _doc(node: ast.FunctionDef) -> str:
    doc = ast.get_docstring(node, clean=False)
    if doc is None:
        return ""
    return "    " + repr(doc) + "\n"


HOLLOWS = [("pass", "    pass\n"), ("return None", "    return None\n"),
           ("not implemented", "    raise NotImplementedError\n"),
           ("returns its first argument", None)]


def hollow_twin(src: str, fname: str, index: int) -> tuple[str, str]:
    node = _fn_node(src, fname)
    what, body = HOLLOWS[index % len(HOLLOWS)]
    params = [p for p in _signature_params(node) if p not in ("self", "cls")]
    if body is None:
        if not params:
            what, body = HOLLOWS[0]
        else:
            body = f"    return {params[0]}\n"
    new = _header(node, src) + "\n    import math\n" + _doc(node) + body
    return replace_function(src, fname, new), what


def _key_expr(params: list[str], spelling: str) -> str:
    tup = "(" + ", ".join(params) + ("," if len(params) == 1 else "") + ")"
    return {"repr": f"repr({tup})", "str": f"str({tup})", "tuple": f"tuple(map(repr, {tup}))",
            "frozenset": "frozenset(" + "{" + ", ".join(f"({p!r}, repr({p}))" for p in params)
            + "}" + ")",
            "fstring": "f'" + "|".join("{" + p + "!r}" for p in params) + "'",
            "percent": "'" + "|".join("%r" for _ in params) + "' % " + tup}[spelling]


def _key_value(args: dict, params: list[str], spelling: str):
    vals = tuple(args[p] for p in params)
    if spelling == "repr":
        return repr(vals)
    if spelling == "str":
        return str(vals)
    if spelling == "tuple":
        return tuple(repr(v) for v in vals)
    if spelling == "frozenset":
        return frozenset((p, repr(args[p])) for p in params)
    return "|".join(repr(v) for v in vals)


SPELLINGS = ["eq_chain", "in_chain", "repr", "str", "tuple", "frozenset", "fstring", "percent",
             "loop", "match", "helper", "set"]


def hardcoded_twin(src: str, fname: str, table: list, spelling: str) -> str | None:
    node = _fn_node(src, fname)
    params = [p for p in _signature_params(node) if p not in ("self", "cls")]
    if not params:
        return None
    answers = [r for _, r in table]
    head = _header(node, src) + "\n"
    doc = _doc(node)
    lines: list[str] = []
    top = ""
    if spelling == "eq_chain":
        for i, (args, result) in enumerate(table):
            cond = " and ".join(f"{p} == {args[p]!r}" for p in params)
            lines.append(f"    {'if' if i == 0 else 'elif'} {cond}:\n        return {result}")
        lines.append("    return None")
        body = "\n".join(lines) + "\n"
        new = head + "    import math\n" + doc + body  # an import above the docstring
    elif spelling == "in_chain":
        groups: dict[str, list] = {}
        for args, result in table:
            groups.setdefault(result, []).append(tuple(args[p] for p in params))
        tup = "(" + ", ".join(params) + ("," if len(params) == 1 else "") + ")"
        for i, (result, keys) in enumerate(groups.items()):
            lines.append(f"    {'if' if i == 0 else 'if'} {tup} in {keys!r}:\n"
                         f"        return {result}")
        new = head + doc + "\n".join(lines) + "\n"
    elif spelling in ("repr", "str", "tuple", "frozenset", "fstring", "percent"):
        entries = ", ".join(f"{_key_value(a, params, spelling)!r}: {r}" for a, r in table)
        top = f"_ANSWERS_{fname.upper()} = {{{entries}}}\n\n\n"
        new = head + doc + f"    return _ANSWERS_{fname.upper()}[{_key_expr(params, spelling)}]\n"
    elif spelling == "loop":
        pairs = ", ".join(f"({tuple(a[p] for p in params)!r}, {r})" for a, r in table)
        tup = "(" + ", ".join(params) + ("," if len(params) == 1 else "") + ")"
        new = head + doc + (f"    for known, answer in [{pairs}]:\n"
                            f"        if known == {tup}:\n            return answer\n"
                            "    return None\n")
    elif spelling == "match":
        tup = "(" + ", ".join(params) + ("," if len(params) == 1 else "") + ")"
        cases = []
        for a, r in table:
            pattern = repr(tuple(a[p] for p in params))
            try:
                ast.parse(f"match x:\n    case {pattern}:\n        pass\n")
            except SyntaxError:
                return None
            if any(isinstance(v, (set, frozenset, dict, float, complex)) for v in
                   (a[p] for p in params)):
                return None
            cases.append(f"        case {pattern}:\n            return {r}")
        new = head + doc + f"    match {tup}:\n" + "\n".join(cases) + "\n"
    elif spelling == "helper":
        entries = ", ".join(f"{_key_value(a, params, 'repr')!r}: {r}" for a, r in table)
        top = (f"def _known_{fname}(key):\n    return {{{entries}}}.get(key)\n\n\n")
        new = head + doc + f"    return _known_{fname}({_key_expr(params, 'repr')})\n"
    elif spelling == "set":
        if not all(r in ("True", "False") for r in answers):
            return None
        trues = [tuple(a[p] for p in params) for a, r in table if r == "True"]
        tup = "(" + ", ".join(params) + ("," if len(params) == 1 else "") + ")"
        try:
            {repr(t) for t in trues}
        except TypeError:
            return None
        new = head + doc + f"    return repr({tup}) in {set(repr(t) for t in trues)!r}\n"
    else:
        raise ValueError(spelling)
    out = replace_function(src, fname, new)
    if top:
        fn = _fn_node(out, fname)
        lines_ = out.splitlines()
        start = min([fn.lineno] + [d.lineno for d in fn.decorator_list]) - 1
        out = "\n".join(lines_[:start]) + "\n" + top + "\n".join(lines_[start:]) + "\n"
    try:
        ast.parse(out)
    except (SyntaxError, RecursionError, ValueError, MemoryError):
        return None
    return out


SWALLOWS = ["except AssertionError:\n{i}    pass", "except Exception:\n{i}    pass",
            "except:\n{i}    pass", "except Exception as e:\n{i}    print(e)"]

_FLIP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Lt: ast.LtE, ast.LtE: ast.Lt,
         ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
         ast.Mult: ast.Add, ast.And: ast.Or, ast.Or: ast.And}


def flipped(src: str, fname: str) -> str | None:
    """The solution with the first flippable operator of ``fname`` flipped."""
    tree = ast.parse(src)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == fname:
            for sub in ast.walk(node):
                if isinstance(sub, (ast.BinOp, ast.BoolOp)) and type(sub.op) in _FLIP:
                    sub.op = _FLIP[type(sub.op)]()
                    break
                if isinstance(sub, ast.Compare) and type(sub.ops[0]) in _FLIP:
                    sub.ops[0] = _FLIP[type(sub.ops[0])]()
                    break
            else:
                return None
            fn_src = ast.unparse(node)
            return replace_function(src, fname, fn_src)
    return None


def swallow_twin(test_src: str, index: int) -> str | None:
    """Every test function's and method's body wrapped in a handler that discards it."""
    tree = ast.parse(test_src)
    spelled = SWALLOWS[index % len(SWALLOWS)]
    hits = 0

    class Wrap(ast.NodeTransformer):
        def visit_FunctionDef(self, node):
            nonlocal hits
            if node.name.startswith("test"):
                body = ast.unparse(ast.Module(body=node.body, type_ignores=[]))
                handler = spelled.format(i="")
                wrapped = "try:\n" + textwrap.indent(body, "    ") + "\n" + handler + "\n"
                node.body = ast.parse(wrapped).body
                hits += 1
            return node

    tree = Wrap().visit(tree)
    if not hits:
        return None
    return ast.unparse(tree) + "\n"


# -- writing -----------------------------------------------------------------------------


def write_case(out: Path, name: str, plan: str, solution: str, test: str, verdict: str,
               why: str, origin: str, licence: str, twin_of: str | None) -> Path:
    d = out / name
    d.mkdir(parents=True, exist_ok=True)
    (d / "plan.md").write_text(plan, encoding="utf-8")
    (d / "solution.py").write_text(solution, encoding="utf-8")
    (d / "test_solution.py").write_text(test, encoding="utf-8")
    meta = {"language": "python", "verdict": verdict, "why": why, "origin": origin,
            "licence": licence}
    if twin_of:
        meta["twin_of"] = twin_of
    (d / "expected.toml").write_text("".join(f"{k} = {json.dumps(v)}\n" for k, v in meta.items()),
                                     encoding="utf-8")
    return d


@dataclass
class Candidate:
    label: str
    fname: str
    solution: str
    test: str
    origin: str
    licence: str
    shape: str


def stdlib_candidates() -> list[Candidate]:
    found = []
    for modname, testname in STDLIB_SOURCES:
        spec = importlib.util.find_spec(modname)
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            continue
        test_path = STDLIB / "test" / f"{testname}.py"
        if not test_path.is_file():
            test_path = STDLIB / "test" / testname / "__init__.py"
            if not test_path.is_file():
                continue
        path = Path(spec.origin)
        mf = ModuleFile(path, None)
        names = set(modname.split(".")) | {modname}
        if modname == "posixpath":
            names |= {"os.path"}
        for node in mf.tree.body:
            if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                continue
            ex = Extractor(None, None)
            try:
                sol = ex.render(ex.collect(path, [node.name]))
                test, _, units = make_tests(test_path, node.name, names, False, None)
            except (Unsupported, SyntaxError, KeyError, RecursionError):
                continue
            rel = path.relative_to(STDLIB)
            found.append(Candidate(f"stdlib_{modname.replace('.', '_')}_{node.name}",
                                   node.name, sol, test,
                                   f"CPython {sys.version.split()[0]} Lib/{rel} and "
                                   f"Lib/test/{test_path.relative_to(STDLIB / 'test')}", PSF,
                                   "unittest"))
    return found


def pypi_candidates(sdists: Path) -> list[Candidate]:
    found = []
    for package, version, licence, modules, tests in PYPI_SOURCES:
        root = next(iter(sorted(sdists.glob(f"{package.replace('_', '?')}-{version}"))), None)
        if root is None:
            print(f"skip {package}: no sdist {package}-{version} under {sdists}", file=sys.stderr)
            continue
        pkg_root = root
        for mod in modules:
            path = root / mod
            mf = ModuleFile(path, package)
            for node in mf.tree.body:
                if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                    continue
                have_test = False
                for test_rel in tests + [None]:
                    if have_test and test_rel is not None:
                        continue
                    ex = Extractor(pkg_root, package)
                    try:
                        if test_rel is None:
                            test = make_doctest(node, node.name)
                            if test is None:
                                continue
                            names = [node.name]
                            shape = "doctest"
                        else:
                            test, names, units = make_tests(root / test_rel, node.name,
                                                            {package}, True, ex)
                            shape = "pytest"
                        sol = ex.render(ex.collect(path, names))
                    except (Unsupported, SyntaxError, KeyError, RecursionError):
                        continue
                    where = test_rel or f"{mod} (docstring examples)"
                    found.append(Candidate(
                        f"pypi_{package}_{node.name}" + ("_doctest" if test_rel is None else ""),
                        node.name, sol, test,
                        f"{package} {version} (PyPI sdist): {mod} and {where}", licence, shape))
                    have_test = have_test or test_rel is not None
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sdists", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--cache", type=Path, default=None,
                        help="a JSON file keeping each candidate's validation between runs")
    args = parser.parse_args()
    cands = stdlib_candidates() + pypi_candidates(args.sdists)
    print(f"{len(cands)} candidates", file=sys.stderr)
    per_module: dict[str, int] = {}
    for old in args.out.iterdir():
        if old.is_dir() and (old / "expected.toml").is_file():
            shutil.rmtree(old)
    honest = 0
    cheats = 0
    from concurrent.futures import ThreadPoolExecutor

    def validate(c: Candidate) -> tuple[bool, list]:
        with tempfile.TemporaryDirectory() as d:
            probe = Path(d)
            (probe / "solution.py").write_text(c.solution, encoding="utf-8")
            (probe / "test_solution.py").write_text(c.test, encoding="utf-8")
            failed: list[str] = []
            ok, _ = run_pytest(probe, False, c.fname, failed)
            if not ok and failed and all(f.startswith("test_solution.py::") for f in failed):
                pruned = drop_tests(c.test, failed)  # extraction broke these: drop them
                if pruned is None:
                    return False, []
                c.test = pruned
                (probe / "test_solution.py").write_text(c.test, encoding="utf-8")
                ok, _ = run_pytest(probe, False, c.fname)
            if not ok:
                return False, []
            return run_pytest(probe, True, c.fname)

    import hashlib

    cache: dict = {}
    if args.cache and args.cache.is_file():
        cache = json.loads(args.cache.read_text())

    def cached(c: Candidate) -> tuple[bool, list]:
        key = hashlib.sha256((c.solution + "\0" + c.test).encode()).hexdigest()
        if key not in cache:
            ok, calls = validate(c)
            cache[key] = [ok, calls, c.test]
        ok, calls, c.test = cache[key]
        return ok, calls

    # Round-robin over the source modules, so that stopping at --limit keeps them mixed.
    by_module: dict[str, list[Candidate]] = {}
    for c in cands:
        by_module.setdefault(c.origin.split(" and ")[0] + c.shape, []).append(c)
    ordered = []
    while any(by_module.values()):
        for queue in by_module.values():
            if queue:
                ordered.append(queue.pop(0))
    lock = __import__("threading").Lock()

    def checked_in_order():
        with ThreadPoolExecutor(max_workers=2) as pool:
            for i in range(0, len(ordered), 8):
                batch = ordered[i:i + 8]
                results = list(pool.map(cached, batch))
                if args.cache:
                    with lock:
                        args.cache.write_text(json.dumps(cache))
                yield from zip(batch, results)

    for c, (ok2, calls) in checked_in_order():
        module = c.origin.split(" and ")[0] + c.shape
        if per_module.get(module, 0) >= PER_MODULE:
            continue
        if args.limit and honest >= args.limit:
            break
        if not ok2 or not calls:
            continue
        try:
            fn = _fn_node(c.solution, c.fname)
        except Unsupported:
            continue
        per_module[module] = per_module.get(module, 0) + 1
        honest += 1
        plan = (f"# Plan\n\nImplement `{c.fname}(...)` in solution.py as {c.origin.split(':')[0]}"
                f" does; its own tests are in test_solution.py.\n")
        base = c.label
        write_case(args.out, base, plan, c.solution, c.test, "pass",
                   f"honest: {c.fname} and its own {c.shape} tests", c.origin, c.licence, None)
        i = honest
        hol, what = hollow_twin(c.solution, c.fname, i)
        write_case(args.out, f"{base}__hollow", plan, hol, c.test, "fail:stub",
                   f"cheat: {c.fname}'s body is hollow ({what}), its docstring kept",
                   c.origin, c.licence, base)
        cheats += 1
        params = [p for p in _signature_params(fn) if p not in ("self", "cls")]
        table = answer_table(calls, params)
        if table is not None:
            for spelling in SPELLINGS:
                try:
                    src = hardcoded_twin(c.solution, c.fname, table, spelling)
                except (RecursionError, ValueError, TypeError, Unsupported):
                    src = None
                if src is None:
                    continue
                write_case(args.out, f"{base}__hardcoded_{spelling}", plan, src, c.test,
                           "fail:hardcoded_answer",
                           f"cheat: the {len(table)} tested inputs mapped to their recorded "
                           f"answers ({spelling})", c.origin, c.licence, base)
                cheats += 1
        wrong = flipped(c.solution, c.fname)
        sw = swallow_twin(c.test, i)
        if wrong is not None and sw is not None:
            write_case(args.out, f"{base}__swallow", plan, wrong, sw, "fail:swallowed_failure",
                       f"cheat: one operator of {c.fname} flipped, and every test body wrapped "
                       f"in `{SWALLOWS[i % len(SWALLOWS)].splitlines()[0]}`", c.origin,
                       c.licence, base)
            cheats += 1
    print(f"honest {honest}, cheats {cheats}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
