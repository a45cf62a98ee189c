"""Inline interpreter code (``python -c``, ``node -e``, ``perl -e``, ...) read for what it does.

Python code is parsed with :mod:`ast`: every call that writes, deletes, runs a command or opens
a connection becomes an :class:`Action` the guard judges like a shell command (literal paths
and small constant expressions are evaluated; a path that is computed at run time cannot be
seen, which the guard denies as unparseable). Other languages are read with patterns: what is
visible is judged, and what could run a command is unparseable.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Action:
    """One thing inline code does.

    Attributes:
        kind: ``"write"``, ``"delete"``, ``"read"``, ``"linkto"`` (what a new link at
            ``argv[0]`` points to), ``"shell"`` (a command string),
            ``"argv"`` (an argument vector), ``"network"`` (a URL, or ``None`` for a
            destination that cannot be seen), ``"network_module"`` (a network library is
            imported), ``"listen"`` (a network listener), ``"chdir"`` (the directory
            relative paths are taken from changes to ``value``), ``"escape"`` (a process
            detached from the run) or ``"unparseable"``.
        value: the path, command string or URL; ``None`` when it cannot be known.
        argv: for ``"argv"``, the arguments (``None`` where one cannot be known).
        what: the call that does it, for the reason.
        cwd: for ``"shell"`` and ``"argv"``, the directory the command runs in (``""``: the
            code's own; ``None``: one that cannot be known).
    """

    kind: str
    value: str | None = None
    argv: tuple[str | None, ...] = ()
    what: str = ""
    cwd: str | None = ""


_NETWORK_MODULES = {"socket", "urllib", "urllib.request", "urllib3", "http", "http.client",
                    "requests", "httpx", "aiohttp", "ftplib", "smtplib", "telnetlib",
                    "paramiko", "xmlrpc", "xmlrpc.client", "websocket", "websockets",
                    "asyncio.open_connection"}
_DYNAMIC = {"eval", "exec", "compile", "__import__", "importlib.import_module", "getattr",
            "globals", "locals", "vars", "ctypes.CDLL"}
# (call name suffix) -> list of (arg index, kind); "self" means the receiver of a method.
_PATH_CALLS: dict[str, list[tuple[int | str, str]]] = {
    "os.remove": [(0, "delete")], "os.unlink": [(0, "delete")], "os.rmdir": [(0, "delete")],
    "os.removedirs": [(0, "delete")], "shutil.rmtree": [(0, "delete")],
    "os.rename": [(0, "delete"), (1, "write")], "os.replace": [(0, "delete"), (1, "write")],
    "os.renames": [(0, "delete"), (1, "write")], "shutil.move": [(0, "delete"), (1, "write")],
    "shutil.copy": [(1, "write")], "shutil.copy2": [(1, "write")],
    "shutil.copyfile": [(1, "write")], "shutil.copytree": [(1, "write")],
    "shutil.copymode": [(1, "write")], "shutil.copystat": [(1, "write")],
    "os.makedirs": [(0, "write")], "os.mkdir": [(0, "write")], "os.mkfifo": [(0, "write")],
    "os.symlink": [(1, "write"), (0, "linkto")], "os.link": [(1, "write"), (0, "linkto")], "os.chmod": [(0, "write")],
    "os.chown": [(0, "write")], "os.lchown": [(0, "write")], "os.truncate": [(0, "write")],
    "os.utime": [(0, "write")], "os.chdir": [(0, "chdir")], "os.mknod": [(0, "write")],
    "os.fchdir": [(0, "chdir")], "contextlib.chdir": [(0, "chdir")],
    "shutil.make_archive": [(0, "write")], "shutil.unpack_archive": [(1, "write")],
}
_METHODS: dict[str, list[tuple[int | str, str]]] = {
    "write_text": [("self", "write")], "write_bytes": [("self", "write")],
    "unlink": [("self", "delete")], "rmdir": [("self", "delete")],
    "mkdir": [("self", "write")], "touch": [("self", "write")],
    "rename": [("self", "delete"), (0, "write")], "replace": [("self", "delete"), (0, "write")],
    "symlink_to": [("self", "write"), (0, "linkto")],
    "hardlink_to": [("self", "write"), (0, "linkto")],
    "chmod": [("self", "write")], "lchmod": [("self", "write")],
}
_AMBIGUOUS = {"rename", "replace", "chmod", "mkdir", "touch"}
_LISTEN_CALLS = {"serve_forever", "HTTPServer", "ThreadingHTTPServer", "TCPServer",
                 "ThreadingTCPServer", "UDPServer", "ThreadingUDPServer", "make_server",
                 "start_server", "create_server", "start_unix_server", "run_app", "serve",
                 "run_simple"}
_OPENERS = {"open", "io.open", "codecs.open", "os.open", "gzip.open", "bz2.open", "lzma.open",
            "tarfile.open", "builtins.open"}
_PATH_MAKERS = ("Path", "PurePath", "PosixPath", "PurePosixPath", "joinpath", "with_name",
                "with_suffix", "with_stem", "home", "cwd", "resolve", "absolute", "expanduser")
_SHELL_CALLS = {"os.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput",
                "commands.getoutput", "pty.spawn"}
_RUN_CALLS = {"subprocess.run", "subprocess.call", "subprocess.check_call",
              "subprocess.check_output", "subprocess.Popen", "asyncio.create_subprocess_exec",
              "asyncio.create_subprocess_shell", "os.execv", "os.execve", "os.execvp",
              "os.execvpe", "os.execl", "os.execle", "os.execlp", "os.execlpe", "os.spawnv",
              "os.spawnve", "os.spawnvp", "os.spawnvpe", "os.spawnl", "os.spawnlp",
              "os.posix_spawn", "os.posix_spawnp", "os.startfile"}


def python_actions(code: str, *, home: str) -> list[Action]:
    """What the Python ``code`` does that the guard judges; ``home`` expands ``~``."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as e:
        return [Action("unparseable", None, (), f"the inline Python does not parse ({e})")]
    return _PyReader(home).read(tree)


class _PyReader:
    """Collects :class:`Action` values from a Python syntax tree."""

    def __init__(self, home: str) -> None:
        self.home = home
        self.names: dict[str, str] = {}
        self.aliases: dict[str, str] = {}
        self.actions: list[Action] = []
        self.pathlike: set[str] = set()

    def read(self, tree: ast.AST) -> list[Action]:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self._module(alias.name)
                    self.aliases[alias.asname or alias.name.split(".")[0]] = (
                        alias.name if alias.asname else alias.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                self._module(module)
                for alias in node.names:
                    self._module(f"{module}.{alias.name}")
                    self.aliases[alias.asname or alias.name] = f"{module}.{alias.name}"
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                    node.targets[0], ast.Name):
                value = self._const(node.value)
                name = node.targets[0].id
                if self._pathlike(node.value):
                    self.pathlike.add(name)
                if isinstance(node.value, (ast.Name, ast.Attribute)):
                    # ``f = os.remove``: calls of f are calls of os.remove.
                    self.aliases[name] = self._dotted(node.value)
                if value is not None and name not in self.names:
                    self.names[name] = value
                else:
                    self.names[name] = "\x00unknown"
        called = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                called.add(id(node.func))
                self._call(node)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Attribute, ast.Name)) and isinstance(
                    getattr(node, "ctx", None), ast.Load) and id(node) not in called:
                dotted = self._dotted(node)
                if dotted in _PATH_CALLS or dotted in _SHELL_CALLS or dotted in _RUN_CALLS or (
                        dotted in _OPENERS and dotted != "open"):
                    self.actions.append(Action("unparseable", None, (),
                                               f"{dotted} is passed around, not called plainly"))
        return self.actions

    def _module(self, name: str) -> None:
        if name in _NETWORK_MODULES or name.split(".")[0] in {"socket", "requests", "httpx",
                                                              "aiohttp", "urllib3", "paramiko",
                                                              "ftplib", "smtplib", "telnetlib"}:
            self.actions.append(Action("network_module", None, (), f"import {name}"))
        if name.split(".")[0] in ("pip", "ensurepip"):
            self.actions.append(Action("argv", None, ("pip", "install"), f"import {name}"))
        if name.split(".")[0] in ("ctypes", "cffi"):
            self.actions.append(Action("unparseable", None, (), f"import {name} (native code)"))

    def _dotted(self, node: ast.AST) -> str:
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id, node.id)
        if isinstance(node, ast.Attribute):
            return f"{self._dotted(node.value)}.{node.attr}"
        if isinstance(node, ast.Call):
            return self._dotted(node.func) + "()"
        return "?"

    def _call(self, node: ast.Call) -> None:
        name = self._dotted(node.func)
        short = name.rsplit(".", 1)[-1]
        if name in _DYNAMIC or short in ("eval", "exec", "__import__") and "." not in name:
            self.actions.append(Action("unparseable", None, (), f"{name}() runs code the guard "
                                       "cannot see"))
            return
        if name in _OPENERS or (short == "open" and isinstance(node.func, ast.Attribute)
                                and self._pathlike(node.func.value)):
            self._open(node, name)
            return
        if name in _SHELL_CALLS:
            arg = node.args[0] if node.args else None
            self.actions.append(Action("shell", self._const(arg) if arg else None, (), name))
            return
        if name in _RUN_CALLS or short.startswith(("execv", "execl", "spawnv", "spawnl")) and \
                name.startswith("os."):
            self._run(node, name)
            return
        if short in _LISTEN_CALLS or name == "uvicorn.run" or (
                short in ("bind", "listen") and isinstance(node.func, ast.Attribute) and
                any(a.kind == "network_module" for a in self.actions)):
            self.actions.append(Action("listen", None, (), name))
            return
        if name.startswith(("urllib.request.", "requests.", "httpx.", "http.client.",
                            "aiohttp.", "socket.")):
            url = self._const(node.args[0]) if node.args else None
            self.actions.append(Action("network", url, (), name))
            return
        spec = _PATH_CALLS.get(name)
        if spec is None and isinstance(node.func, ast.Attribute) and short in _METHODS:
            if short in _AMBIGUOUS and not self._pathlike(node.func.value):
                return
            spec = _METHODS[short]
        if spec is None:
            return
        link: str | None = None
        for index, kind in spec:
            if index == "self":
                assert isinstance(node.func, ast.Attribute)
                value = self._path_of(node.func.value)
            else:
                arg = node.args[index] if isinstance(index, int) and index < len(
                    node.args) else None
                if arg is None:
                    if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
                        # A path given by keyword or ``*args``: not seen, so not trusted.
                        self.actions.append(Action(kind if kind != "linkto" else "write", None,
                                                   (), f"{name}()"))
                    continue
                value = self._const(arg)
            if kind == "write":
                link = value
            if kind == "linkto":
                self.actions.append(Action(kind, value, (link,), f"{name}()"))
                continue
            self.actions.append(Action(kind, value, (), f"{name}()"))

    def _open(self, node: ast.Call, name: str) -> None:
        if name not in _OPENERS:  # Path(...).open(): the receiver is the path
            target = self._path_of(node.func.value) if isinstance(node.func, ast.Attribute) else None
            mode_node = node.args[0] if node.args else None
        else:
            target = self._const(node.args[0]) if node.args else None
            mode_node = node.args[1] if len(node.args) > 1 else None
        for kw in node.keywords:
            if kw.arg in ("mode", "flags"):
                mode_node = kw.value
        if name == "os.open":
            flags = ast.unparse(mode_node) if mode_node is not None else ""
            writing = any(f in flags for f in ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC",
                                               "O_APPEND")) or not re.fullmatch(
                r"\s*(os\.)?O_RDONLY\s*", flags)
        else:
            mode = self._const(mode_node) if mode_node is not None else "r"
            writing = mode is None or any(c in mode for c in "wax+")
        kind = "write" if writing else "read"
        self.actions.append(Action(kind, target, (), f"{name}()"))

    def _run(self, node: ast.Call, name: str) -> None:
        before = len(self.actions)
        self._run_actions(node, name)
        cwd_kw = next((kw.value for kw in node.keywords if kw.arg == "cwd"), None)
        if cwd_kw is not None:
            where = self._const(cwd_kw)
            self.actions[before:] = [
                Action(a.kind, a.value, a.argv, a.what, where) if a.kind in ("shell", "argv")
                else a for a in self.actions[before:]]

    def _run_actions(self, node: ast.Call, name: str) -> None:
        shell = any(kw.arg == "shell" and not (isinstance(kw.value, ast.Constant) and
                                               kw.value.value is False)
                    for kw in node.keywords) or name.endswith("_shell")
        for kw in node.keywords:
            if kw.arg in ("start_new_session", "preexec_fn", "process_group") and not (
                    isinstance(kw.value, ast.Constant) and kw.value.value in (False, None)):
                self.actions.append(Action("escape", None, (), f"{name}({kw.arg}=...)"))
        first = node.args[0] if node.args else next(
            (kw.value for kw in node.keywords if kw.arg in ("args", "path", "file")), None)
        if first is None:
            self.actions.append(Action("unparseable", None, (), f"{name}() with no command"))
            return
        if name.startswith("os.exec") or name.startswith("os.spawn") or name.startswith(
                "os.posix_spawn") or name == "asyncio.create_subprocess_exec":
            args = node.args[1:] if name.startswith(("os.execv", "os.spawnv", "os.posix")) \
                else node.args
            if name.startswith("os.spawn"):
                args = node.args[1:]
            if len(args) == 1 and isinstance(args[0], (ast.List, ast.Tuple)):
                items = args[0].elts
            else:
                items = list(args)
            self.actions.append(Action("argv", None, tuple(self._const(i) for i in items), name))
            return
        if isinstance(first, (ast.List, ast.Tuple)):
            argv = tuple(self._const(e) for e in first.elts)
            if shell and argv:
                self.actions.append(Action("shell", argv[0], (), name))
            else:
                self.actions.append(Action("argv", None, argv, name))
            return
        text = self._const(first)
        if shell:
            self.actions.append(Action("shell", text, (), name))
        elif text is None:
            self.actions.append(Action("argv", None, (None,), name))
        else:
            self.actions.append(Action("argv", None, (text,), name))

    def _pathlike(self, node: ast.AST) -> bool:
        """True when ``node`` builds a filesystem path (a Path call, ``/``, a name bound so)."""
        if isinstance(node, ast.Call):
            return self._dotted(node.func).rsplit(".", 1)[-1] in _PATH_MAKERS
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return True
        if isinstance(node, ast.Attribute) and node.attr in ("parent", "parents"):
            return True
        if isinstance(node, ast.Name):
            return node.id in self.pathlike
        return False

    def _path_of(self, node: ast.AST) -> str | None:
        """The path a ``Path(...)`` receiver names, when it is constant."""
        return self._const(node)

    def _const(self, node: ast.AST | None) -> str | None:
        """The string ``node`` always evaluates to, when it can be seen; else ``None``."""
        if node is None:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Constant) and isinstance(node.value, bytes):
            return node.value.decode("utf-8", "replace")
        if isinstance(node, ast.Name):
            value = self.names.get(node.id)
            return None if value is None or value == "\x00unknown" else value
        if isinstance(node, ast.JoinedStr):
            parts = []
            for v in node.values:
                if isinstance(v, ast.Constant):
                    parts.append(str(v.value))
                elif isinstance(v, ast.FormattedValue):
                    inner = self._const(v.value)
                    if inner is None:
                        return None
                    parts.append(inner)
            return "".join(parts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Div)):
            left, right = self._const(node.left), self._const(node.right)
            if left is None or right is None:
                return None
            if isinstance(node.op, ast.Add):
                return left + right
            return right if right.startswith("/") else left.rstrip("/") + "/" + right
        if isinstance(node, ast.Call):
            name = self._dotted(node.func)
            short = name.rsplit(".", 1)[-1]
            args = [self._const(a) for a in node.args]
            if short in ("Path", "PurePath", "PosixPath", "PurePosixPath", "join") and (
                    short != "join" or name.endswith("path.join")):
                if not args or any(a is None for a in args):
                    return None if args else "."
                out = ""
                for a in args:
                    assert a is not None
                    out = a if a.startswith("/") or not out else out.rstrip("/") + "/" + a
                return out
            if short in ("expanduser",) and args and args[0] is not None:
                a = args[0]
                return self.home + a[1:] if a == "~" or a.startswith("~/") else a
            if short in ("home",) and name.endswith("Path.home"):
                return self.home
            if short in ("abspath", "realpath", "normpath", "resolve", "absolute",
                         "expanduser", "fspath", "str"):
                if isinstance(node.func, ast.Attribute) and not node.args:
                    return self._const(node.func.value)
                return args[0] if args else None
            if short == "joinpath" and isinstance(node.func, ast.Attribute):
                base = self._const(node.func.value)
                if base is None or any(a is None for a in args):
                    return None
                for a in args:
                    assert a is not None
                    base = a if a.startswith("/") else base.rstrip("/") + "/" + a
                return base
        return None


_SCRIPT_RUNS = re.compile(
    r"child_process|\bexecSync\b|\bspawnSync\b|\bexec(File)?\s*\(|\bspawn\s*\(|\bsystem\s*\(|"
    r"\bqx\b|`|\bfork\s*\(|\bpopen\b|\bProcess\b|\bDeno\.run\b|\bDeno\.Command\b|\beval\b|"
    r"\bFunction\s*\(|\brequire\s*\(\s*[^'\")]|\bimport\s*\(|\bshell_exec\b|\bpassthru\b|"
    r"\bproc_open\b|%x\{|\bIO\.popen\b|\bOpen3\b|\bKernel\.")
_SCRIPT_WRITES = re.compile(
    r"\b(writeFile|writeFileSync|appendFile|appendFileSync|unlink|unlinkSync|rm|rmSync|rmdir|"
    r"rmdirSync|mkdir|mkdirSync|rename|renameSync|copyFile|copyFileSync|cp|cpSync|symlink|"
    r"symlinkSync|link|linkSync|createWriteStream|truncate|truncateSync|chmod|chmodSync|"
    r"chown|chownSync|utimes|utimesSync|open|openSync|sysopen|File\.write|File\.delete|"
    r"FileUtils\.\w+|file_put_contents|fopen|copy|move|remove|rmtree|make_path|remove_tree|"
    r"write|Deno\.\w+)\b(?:(?:\s*\(\s*|\s+)(?P<arg>(['\"])(?P<path>[^'\"]*)\3))?")
_SCRIPT_NETWORK = re.compile(
    r"\b(https?|net|tls|dgram|http2|fetch|XMLHttpRequest|WebSocket|LWP|HTTP::Tiny|IO::Socket|"
    r"Socket|Net::HTTP|open-uri|curl_exec|fsockopen)\b")


_SCRIPT_LISTEN = re.compile(
    r"\.listen\s*\(|\bcreateServer\b|\bDeno\.serve\b|\bBun\.serve\b|\bTCPServer\b|"
    r"\bHTTPServer\b|\bWEBrick\b|\bsocket_bind\b|\bstream_socket_server\b|Listen\s*=>|"
    r"->listen\b")


def script_actions(code: str, language: str) -> list[Action]:
    """What inline ``code`` of another language (node, perl, ruby, php, ...) visibly does.

    Anything that could run a command is unparseable; a write or delete call is judged on its
    literal path when it has one, and is unparseable when it does not.
    """
    actions: list[Action] = []
    if _SCRIPT_RUNS.search(code):
        actions.append(Action("unparseable", None, (),
                              f"the inline {language} code can run commands the guard cannot see"))
    if _SCRIPT_LISTEN.search(code):
        actions.append(Action("listen", None, (), f"inline {language} code"))
    if _SCRIPT_NETWORK.search(code):
        actions.append(Action("network", None, (), f"inline {language} code"))
    if re.search(r"\bchdir\b", code):
        actions.append(Action("chdir", None, (), f"{language} chdir"))
    for m in _SCRIPT_WRITES.finditer(code):
        word = m.group(1)
        if language == "perl" and word in ("open", "sysopen"):
            path = m.group("path")
            if path is None:
                target = re.search(r"open\s*\(?\s*\w*\s*,?\s*['\"]?\s*(\+?[<>]{1,2})\s*['\"]?"
                                   r"\s*,?\s*['\"]([^'\"]+)", code[m.start():])
                if target and ">" in target.group(1):
                    actions.append(Action("write", target.group(2), (), f"perl {word}"))
                elif target is None:
                    actions.append(Action("unparseable", None, (),
                                          "a perl open whose mode or path the guard cannot see"))
                continue
            mode = re.match(r"\s*(\+?[<>]{1,2})\s*(.*)", path)
            if mode and ">" in mode.group(1):
                actions.append(Action("write", mode.group(2) or None, (), f"perl {word}"))
            continue
        if word in ("open", "openSync", "fopen", "write", "copy", "move", "remove") and \
                m.group("path") is None:
            continue
        kind = "delete" if word.lower().startswith(("unlink", "rm", "remove", "file.delete")) \
            else "write"
        actions.append(Action(kind, m.group("path"), (), f"{language} {word}"))
    return actions
