"""Shell arguments after expansion, and getopt-style splitting of options from operands."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Arg:
    """One argument after expansion: its text (``None`` when unknown) and whether it is an
    unquoted pattern."""

    text: str | None
    glob: bool = False


def opts(args: list[Arg], takes: str = "", long_takes: frozenset[str] | set[str] = frozenset(),
         *, first_operand_stops: bool = False) -> tuple[list[tuple[str, Arg | None]], list[Arg]]:
    """Split ``args`` into options (``(name, value)``) and operands, getopt-style.

    ``takes`` lists the short options that take a value; ``long_takes`` the long ones.
    """
    options: list[tuple[str, Arg | None]] = []
    operands: list[Arg] = []
    i = 0
    while i < len(args):
        a = args[i]
        t = a.text
        if t is None or t == "-" or not t.startswith("-"):
            operands.append(a)
            if first_operand_stops:
                operands.extend(args[i + 1:])
                return options, operands
            i += 1
            continue
        if t == "--":
            operands.extend(args[i + 1:])
            break
        if t.startswith("--"):
            name, eq, value = t.partition("=")
            if eq:
                options.append((name, Arg(value)))
            elif name in long_takes:
                options.append((name, args[i + 1] if i + 1 < len(args) else None))
                i += 1
            else:
                options.append((name, None))
            i += 1
            continue
        j = 1
        while j < len(t):
            c = t[j]
            if c in takes:
                rest = t[j + 1:]
                if rest:
                    options.append(("-" + c, Arg(rest)))
                else:
                    options.append(("-" + c, args[i + 1] if i + 1 < len(args) else None))
                    i += 1
                break
            options.append(("-" + c, None))
            j += 1
        i += 1
    return options, operands


def has_opt(options: list[tuple[str, Arg | None]], *names: str) -> bool:
    """True when any of ``names`` was given."""
    return any(n in names for n, _ in options)


def opt_values(options: list[tuple[str, Arg | None]], *names: str) -> list[Arg]:
    """The values given to any of ``names`` (unknown when an option lacked its value)."""
    return [v if v is not None else Arg(None) for n, v in options if n in names]
