"""Runtimes: the coding agents Overlord supervises, behind one interface
(:mod:`overlord.adapters.runtimes.base`), picked by short name
(:mod:`overlord.adapters.runtimes.registry`)."""
