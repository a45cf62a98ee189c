"""Embeddings for semantic recall: ``wordllama``'s model, loaded from its own wheel.

The wheel ships the 256-dimension model (weights and tokenizer), but its loader looks for
the tokenizer under ``tokenizer/`` while the wheel has it under ``tokenizers/``, and then
tries to download it. :func:`load_wordllama` copies the packaged tokenizer file into a cache
directory of ours and loads with downloads disabled: no network, ever.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from overlord.adapters.vault.crypto import VaultError

DIM = 256
TOKENIZER_FILE = "l2_supercat_tokenizer_config.json"


class Embedder(Protocol):
    """Turns texts into unit vectors of :attr:`dim` float32s."""

    dim: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """``len(texts)`` x ``dim`` float32, each row of norm 1 (a zero row for empty text)."""
        ...


class WordLlamaEmbedder:
    """wordllama's 256-dimension model (see the module docstring)."""

    dim = DIM

    def __init__(self, model: Any) -> None:
        self._model = model

    def embed(self, texts: list[str]) -> np.ndarray:
        """See :class:`Embedder`."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = np.asarray(self._model.embed(texts, norm=True), dtype=np.float32)
        return np.ascontiguousarray(np.nan_to_num(vectors))


def load_wordllama(cache_dir: Path) -> WordLlamaEmbedder:
    """The model (loading takes about two seconds: load it once and keep it).

    Raises:
        VaultError: wordllama is not installed, or its wheel lacks the model.
    """
    try:
        import wordllama
        from wordllama import WordLlama
    except ImportError as e:
        raise VaultError("the embedding model (wordllama) is not installed", "pip install overlord again") from e
    packaged = Path(wordllama.__file__).parent / "tokenizers" / TOKENIZER_FILE
    target = cache_dir / "tokenizers" / TOKENIZER_FILE
    try:
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            shutil.copyfile(packaged, target)
        model = WordLlama.load(cache_dir=cache_dir, disable_download=True)
    except (OSError, ValueError) as e:
        raise VaultError(f"the embedding model cannot be loaded from its wheel: {e}",
                         "reinstall wordllama (pip install overlord)") from e
    return WordLlamaEmbedder(model)
