"""The witness server: a read API, a live stream, one page, the C2SP witness, token-gated actions.

Modules: :mod:`witness.state` (the witness's own home: key and SQLite store of log states),
:mod:`witness.protocol` (C2SP tlog-witness v1.0.0 ``add-checkpoint``), :mod:`witness.index`
(an in-memory, append-only view of the ledger for the read API), :mod:`witness.app` (the
aiohttp application), :mod:`witness.client` (asks a witness to cosign a checkpoint).
"""
