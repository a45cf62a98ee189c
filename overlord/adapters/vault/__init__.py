"""The Vault: memory in one encrypted SQLite database, filled only through the intake gate.

:mod:`.key` gets the vault's key from the secret store; :mod:`.crypto` derives the database
key, the text-sealing key and the content-hash key from it; :mod:`.classify` is the secret
classifier; :mod:`.embed` the embedding model (``wordllama``, from its wheel, no network);
:mod:`.intake` the intake gate (the only code that makes ``MemoryAccepted`` events); :mod:`.db`
the database (SQLCipher with FTS5 and ``sqlite-vec``), a view of the ledger rebuilt from its
events; :mod:`.summarizer` the compression ladder's model call.

Nothing here writes the ledger: the gate returns aggregates with their pending events, and
the caller saves them.
"""
