"""Hook adapters: the stdlib-only Claude Code hook client and its installer.

``claude_code_hook.py`` is copied into a content-hashed snapshot and run by Claude Code on
every PreToolUse; :mod:`overlord.adapters.hooks.install` puts it there and arms it.
"""
