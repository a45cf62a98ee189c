"""Runtimes: the coding agents Overlord supervises (Claude Code; ``command`` lives in
:mod:`overlord.adapters.command`)."""
