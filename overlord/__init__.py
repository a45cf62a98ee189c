"""Overlord: supervise unattended AI coding agents, and keep a signed ledger of every act."""

__version__ = "0.1.0"
