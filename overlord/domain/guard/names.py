"""The guard's tables of program names: agents, package managers, network clients, escapes,
killers, shells, git's read-only subcommands, and the environment variables that run code."""

from __future__ import annotations

import re

MAX_NESTING = 6
"""How many shells deep (``sh -c "bash -c '...'"``) the guard follows before denying."""

MAX_VARIANTS = 16
"""The most argument vectors one command may expand to before its words count as unknown."""

AGENT_CLIENTS = frozenset({"claude", "codex", "omp", "opencode", "goose", "aider", "gemini",
                           "qwen", "cursor-agent", "amp", "crush", "claude-code", "openhands",
                           "cline", "continue", "copilot", "llm", "sgpt", "interpreter"})
PACKAGE_MANAGERS = frozenset({"pip", "pip3", "uv", "uvx", "poetry", "pipx", "pipenv", "pdm",
                              "npm", "pnpm", "yarn", "npx", "pnpx", "bun", "bunx", "corepack",
                              "apt", "apt-get", "aptitude", "dnf", "yum", "zypper", "apk",
                              "pacman", "snap", "flatpak", "gem", "brew", "conda", "mamba",
                              "micromamba", "easy_install", "rustup", "composer", "nix-env",
                              "cpan", "cpanm", "port", "choco", "winget", "bundle", "bundler"})
NETWORK_CLIENTS = frozenset({"curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ssh",
                             "scp", "sftp", "ftp", "lftp", "http", "https", "xh", "aria2c",
                             "ping", "ping6", "dig", "nslookup", "host", "traceroute", "mtr",
                             "websocat", "gh", "hub", "mosh", "tftp", "nmap", "axel", "sshpass",
                             "ssh-copy-id", "rclone", "s3cmd", "aws", "gcloud", "az", "kubectl"})
HTTP_CLIENTS = frozenset({"curl", "wget", "http", "https", "xh", "aria2c"})
ESCAPES = frozenset({"setsid", "disown", "systemd-run", "at", "batch", "crontab", "daemonize",
                     "start-stop-daemon", "dtach", "abduco", "docker", "podman", "nerdctl",
                     "chroot", "unshare", "nsenter", "machinectl", "systemctl", "launchctl",
                     "atd", "cron", "anacron", "incrontab", "runit", "sv", "supervisorctl"})
KILLERS = frozenset({"pkill", "killall", "killall5", "skill", "slay", "wipefs", "fdisk",
                     "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "blkdiscard", "mkswap",
                     "reboot", "shutdown", "halt", "poweroff", "pgrep-kill", "xkill"})
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh",
                    "busybox-sh", "rbash", "yash", "posh"})
PYTHONS = re.compile(r"^(python|python3|python2|pypy|pypy3)(\.\d+)*$")
GIT_READ = frozenset({"status", "diff", "log", "show", "blame", "grep", "ls-files", "rev-parse",
                      "describe", "shortlog", "ls-tree", "cat-file", "rev-list", "show-ref",
                      "merge-base", "version", "help", "whatchanged", "annotate", "diff-tree",
                      "diff-files", "diff-index", "name-rev", "for-each-ref", "count-objects",
                      "check-ignore", "var", "cherry", "show-branch", "check-attr",
                      "verify-commit", "verify-tag", "range-diff"})
GIT_NETWORK = frozenset({"clone", "fetch", "pull", "push", "ls-remote", "remote", "submodule",
                         "archive", "request-pull", "send-email", "svn", "p4"})
GIT_BRANCH_LIST = frozenset({"-a", "--all", "-r", "--remotes", "-l", "--list", "-v", "-vv",
                             "--verbose", "--show-current", "--contains", "--no-contains",
                             "--merged", "--no-merged", "--points-at", "--column",
                             "--no-column", "--color", "--no-color", "-i", "--ignore-case",
                             "--sort", "--format", "--abbrev", "--no-abbrev", "-q", "--quiet"})
ENV_COMMANDS = ("PAGER", "GIT_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "GIT_SSH_COMMAND",
                "GIT_SSH", "GIT_EXTERNAL_DIFF", "LESSOPEN", "LESSCLOSE", "MANPAGER", "BROWSER",
                "PROMPT_COMMAND", "BASH_ENV", "ENV", "GIT_ASKPASS", "SSH_ASKPASS", "SHELL",
                "GIT_SEQUENCE_EDITOR", "SYSTEMD_PAGER")
ENV_CODE = ("LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "PYTHONSTARTUP", "NODE_OPTIONS",
            "PERL5OPT", "RUBYOPT", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS", "GIT_EXEC_PATH",
            "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_TEMPLATE_DIR", "BASH_FUNC_",
            "CURL_HOME", "WGETRC", "GIT_PROXY_COMMAND")
PROMPT_VARIABLES = frozenset({"PS0", "PS1", "PS2", "PS3", "PS4"})
"""Variables bash prompt-expands (PS4 on every ``set -x`` trace line): command substitutions
in them run."""
PROXY_VARIABLES = re.compile(r"(?i)(http|https|all|ftp|socks|socks4|socks5|ws|wss|rsync|grpc)"
                             r"_proxy|npm_config_(https_)?proxy|yarn_(https?_)?proxy")
"""Environment variables that send a client's traffic through another host: judged as a
request to that host."""
CODE_TEXT = re.compile(r"\$\(|`|<\(|>\(")
"""Text that runs a command when bash expands it again (a prompt, an array subscript)."""
SUBSCRIPT_CODE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\[[^\]]*(\$\(|`|<\(|>\()")
"""An array subscript holding a command substitution: arithmetic evaluation of this text
(``$((x))``, ``[[ x -eq 1 ]]``, ``test -v``, ``printf -v``, ``read``, ``declare -n``, ``${!x}``)
runs the command."""
LISTENERS = frozenset({
    "uvicorn", "gunicorn", "hypercorn", "daphne", "waitress-serve", "http-server",
    "live-server", "miniserve", "darkhttpd", "httpd", "lighttpd", "nginx", "apache2", "caddy",
    "mini_httpd", "webfsd", "sshd", "dropbear", "inetd", "xinetd", "ngrok", "cloudflared",
    "localtunnel", "frpc", "frps", "chisel", "bore", "redis-server", "memcached", "mongod",
    "mysqld", "jupyter", "jupyter-lab", "jupyter-notebook", "jupyter-server", "streamlit",
    "twistd", "php-fpm", "vsftpd", "smbd", "dnsmasq", "tinyproxy", "squid", "privoxy",
    "mitmproxy", "mitmdump", "websockify", "serve", "devd", "static-web-server",
    "sphinx-autobuild",
})
"""Programs that start a network listener (a server, a tunnel): a network action."""
LISTENER_SUBCOMMANDS = {"flask": ("run",), "django-admin": ("runserver", "testserver"),
                        "mkdocs": ("serve",), "hugo": ("server", "serve"),
                        "jekyll": ("serve", "s", "server"), "iperf": ("-s", "--server"),
                        "iperf3": ("-s", "--server"), "pg_ctl": ("start",)}
"""Programs that start a listener only with one of these words (an empty tuple: always)."""
PYTHON_LISTENER_MODULES = frozenset({
    "http.server", "SimpleHTTPServer", "CGIHTTPServer", "smtpd", "aiosmtpd", "xmlrpc.server",
    "uvicorn", "gunicorn", "hypercorn", "daphne", "waitress", "jupyter", "notebook",
    "jupyterlab", "streamlit", "wsgiref.simple_server", "twisted", "mitmproxy", "websockify",
    "pyftpdlib", "http_server",
})
"""``python -m`` modules that start a listener (``pydoc -p``/``-b``, ``flask run`` and
``django runserver`` are judged by their arguments)."""
RECURSIVE_READERS = frozenset({"find", "rg", "ag", "ack", "du", "tree", "fd", "fdfind",
                               "locate"})
RESERVED = frozenset({"{", "}", "then", "else", "elif", "fi", "do", "done", "esac", "in",
                      "function", "select", "until", "while", "for", "if", "case", "[[", "]]",
                      "!", "coproc", "time -p"})
"""Shell reserved words: a command by that name means the parse went astray."""
EDITORS = frozenset({"vi", "vim", "nvim", "view", "ex", "ed", "red", "emacs", "nano", "pico",
                     "micro", "joe", "kak", "hx", "code", "subl", "gedit", "vimdiff"})
GENERIC_OUTPUTS = ("--output", "--output-file", "--outfile", "--log-file", "--junitxml",
                   "--junit-xml", "--basetemp", "--out", "--output-dir", "--outdir",
                   "--target-dir", "--build-dir", "--dest", "--destination", "--prefix",
                   "--root", "--cache-dir", "--html-dir", "--report-dir")
"""Options that name where any program writes, judged wherever they appear."""

_CC = {"-o": "write", "-MF": "write", "-aux-info": "write", "-dumpdir": "dir",
       "-fprofile-generate": "dir", "-fprofile-dir": "dir"}
OUTPUT_OPTIONS: dict[str, dict[str, str]] = {
    "pytest": {"--basetemp": "clear", "--junitxml": "write", "--junit-xml": "write",
               "--resultlog": "write", "--result-log": "write", "--report-log": "write",
               "--html": "write", "--log-file": "write", "--rootdir": "cache"},
    "mypy": {"--cache-dir": "dir", "--html-report": "dir", "--xml-report": "dir",
             "--txt-report": "dir", "--linecount-report": "dir", "--linecoverage-report": "dir",
             "--memory-xml-report": "dir", "--cobertura-xml-report": "dir",
             "--lineprecision-report": "dir", "--any-exprs-report": "dir",
             "--junit-xml": "write"},
    "coverage": {"-d": "dir", "--directory": "dir", "-o": "write", "--data-file": "write"},
    "ruff": {"--cache-dir": "dir", "--output-file": "write", "-o": "write"},
    "flake8": {"--output-file": "write"},
    "pylint": {"--output": "write"},
    "gcc": _CC, "g++": _CC, "cc": _CC, "c++": _CC, "clang": _CC, "clang++": _CC,
    "rustc": {"-o": "write", "--out-dir": "dir"},
    "go": {"-o": "write", "-coverprofile": "write", "-cpuprofile": "write",
           "-memprofile": "write", "-blockprofile": "write", "-mutexprofile": "write",
           "-trace": "write", "-outputdir": "dir", "-pkgdir": "dir"},
    "javac": {"-d": "dir", "-s": "dir", "-h": "dir"},
    "tsc": {"--outDir": "dir", "--outFile": "write", "--declarationDir": "dir",
            "--tsBuildInfoFile": "write", "--generateTrace": "dir"},
    "esbuild": {"--outfile": "write", "--outdir": "dir", "--metafile": "write"},
    "webpack": {"-o": "dir", "--output-path": "dir"},
    "cargo": {"--target-dir": "dir", "--artifact-dir": "dir", "--out-dir": "dir"},
    "pandoc": {"-o": "write", "--output": "write", "--extract-media": "dir"},
    "genisoimage": {"-o": "write"}, "mkisofs": {"-o": "write"},
    "unsquashfs": {"-d": "dir", "-dest": "dir"},
    "xorriso": {"-outdev": "write"},
    "jar": {"--file": "write"},
}
"""Per program, the options that name a file it writes (``write``), a directory it fills
(``dir``), one it deletes and refills (``clear``: pytest's ``--basetemp``) or under which it
keeps a cache (``cache``). The value may follow as the next word, after ``=``, or (one-letter
options) attached: ``-oFILE``."""
