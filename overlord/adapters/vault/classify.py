"""The secret classifier: known key formats found in a text, by kind (never by value).

Two sources of formats: the known-format plugins of ``detect-secrets`` (AWS, GitHub, GitLab,
OpenAI, Slack, Stripe, private keys, JWTs, ...; its entropy and keyword plugins are left out:
the entropy plugin flags "hello world"), and Overlord's own patterns for formats it does not
know (Anthropic, OpenAI project keys, Google, Hugging Face, HashiCorp Vault, ...; and
Overlord's own log key). A text with any finding is stamped at least SECRET by the gate.

What it cannot find: a secret with no recognisable shape (a password in prose, a random hex
string with no name beside it). Those keep the label they were given.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from detect_secrets.plugins.artifactory import ArtifactoryDetector
from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.base import RegexBasedDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.discord import DiscordBotTokenDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.npm import NpmDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.private_key import PrivateKeyDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.square_oauth import SquareOAuthDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

FORMAT_PLUGINS: tuple[type[RegexBasedDetector], ...] = (
    ArtifactoryDetector, AWSKeyDetector, AzureStorageKeyDetector, BasicAuthDetector, DiscordBotTokenDetector,
    GitHubTokenDetector, GitLabTokenDetector, JwtTokenDetector, MailchimpDetector, NpmDetector, OpenAIDetector,
    PrivateKeyDetector, PypiTokenDetector, SendGridDetector, SlackDetector, SquareOAuthDetector, StripeDetector,
    TelegramBotTokenDetector, TwilioKeyDetector,
)
"""detect-secrets' known-format plugins (regular expressions on a key's shape)."""

OWN_PATTERNS: tuple[tuple[str, str], ...] = (
    ("anthropic_api_key", r"\bsk-ant-(?:api|admin|oat)\d{2}-[A-Za-z0-9_-]{32,}"),
    ("openai_project_key", r"\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,}"),
    ("aws_secret_access_key", r"(?i)\baws.{0,20}(?:secret|private).{0,20}[=:]\s*[\"']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])"),
    ("github_fine_grained_pat", r"\bgithub_pat_[A-Za-z0-9_]{60,}"),
    ("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
    ("google_oauth_client_secret", r"\bGOCSPX-[A-Za-z0-9_-]{28}"),
    ("huggingface_token", r"\bhf_[A-Za-z]{34}\b"),
    ("slack_app_token", r"\bxapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+"),
    ("discord_webhook", r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{60,}"),
    ("stripe_test_or_webhook_key", r"\b(?:(?:sk|rk)_test_[0-9a-zA-Z]{24,}|whsec_[A-Za-z0-9]{32,})"),
    ("digitalocean_token", r"\bdo[por]_v1_[a-f0-9]{64}\b"),
    ("shopify_token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b"),
    ("hashicorp_vault_token", r"\bhv[sbr]\.[A-Za-z0-9_-]{24,}"),
    ("terraform_cloud_token", r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}"),
    ("doppler_token", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}"),
    ("databricks_token", r"\bdapi[a-f0-9]{32}(?:-\d)?\b"),
    ("linear_api_key", r"\blin_api_[A-Za-z0-9]{40}\b"),
    ("postman_api_key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b"),
    ("newrelic_user_key", r"\bNRAK-[A-Z0-9]{27}\b"),
    ("grafana_token", r"\b(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2})"),
    ("pulumi_token", r"\bpul-[a-f0-9]{40}\b"),
    ("age_secret_key", r"\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b"),
    ("pem_private_key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
    ("docker_hub_pat", r"\bdckr_pat_[A-Za-z0-9_-]{27,}"),
    ("npm_access_token", r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("rubygems_api_key", r"\brubygems_[a-f0-9]{48}\b"),
    ("supabase_token", r"\bsbp_[a-f0-9]{40}\b"),
    ("flyio_token", r"\bfo1_[A-Za-z0-9_-]{43}"),
    ("replicate_token", r"\br8_[A-Za-z0-9]{37}\b"),
    ("groq_api_key", r"\bgsk_[A-Za-z0-9]{52}\b"),
    ("xai_api_key", r"\bxai-[A-Za-z0-9]{80}\b"),
    ("perplexity_api_key", r"\bpplx-[A-Za-z0-9]{48}\b"),
    ("notion_token", r"\b(?:ntn_[A-Za-z0-9]{46}|secret_[A-Za-z0-9]{43})\b"),
    ("figma_token", r"\bfigd_[A-Za-z0-9_-]{40}"),
    ("sentry_token", r"\bsntry[su]_[A-Za-z0-9+/=_-]{60,}"),
    ("mailgun_api_key", r"\bkey-[0-9a-f]{32}\b"),
    ("azure_ad_client_secret", r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])"),
    ("overlord_log_key", r"PRIVATE\+KEY\+[^+\s]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]{40,}={0,2}"),
    ("assigned_credential", r"(?i)\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)\b"
                            r"[\"']?\s*[:=]\s*[\"'][^\"'\s]{8,}[\"']"),
)
"""Overlord's own formats: ``(kind, regular expression)``."""


@dataclass(frozen=True)
class Finding:
    """A key format found: its ``kind`` (a plugin's secret type or one of Overlord's names)
    and ``start``/``end`` offsets in the text (so a caller can redact; never the value)."""

    kind: str
    start: int
    end: int


class SecretClassifier:
    """Finds known key formats in text (see the module docstring). Build once, reuse."""

    def __init__(self, extra: Sequence[tuple[str, str]] = ()) -> None:
        self._patterns: list[tuple[str, re.Pattern[str]]] = []
        for plugin_class in FORMAT_PLUGINS:
            plugin = plugin_class()
            kind = _kind(plugin.secret_type)
            for regex in plugin.denylist:
                self._patterns.append((kind, regex))
        for kind, pattern in (*OWN_PATTERNS, *extra):
            self._patterns.append((kind, re.compile(pattern)))

    @property
    def kinds(self) -> list[str]:
        """Every kind it can find, sorted."""
        return sorted({k for k, _ in self._patterns})

    def find(self, text: str) -> list[Finding]:
        """Every finding in ``text``, by position."""
        found = [Finding(kind, m.start(), m.end()) for kind, regex in self._patterns for m in regex.finditer(text)]
        return sorted(found, key=lambda f: (f.start, f.kind))

    def kinds_in(self, text: str) -> list[str]:
        """The kinds found in ``text`` (sorted, each once): what the event records."""
        return sorted({f.kind for f in self.find(text)})


def _kind(secret_type: str) -> str:
    return "ds:" + re.sub(r"[^a-z0-9]+", "_", secret_type.lower()).strip("_")
