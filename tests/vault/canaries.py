"""A canary corpus of key formats: one made-up key of each format, in a sentence.

The keys are generated (seeded) from each format's shape, so the repository holds no string
that a scanner would take for a live key. Each entry names the format and where its shape
comes from (the provider's documented prefix and length).
"""

from __future__ import annotations

import base64
import random
import string

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
URLSAFE = ALNUM + "-_"
B64 = ALNUM + "+/"


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def canaries(seed: int = 5) -> list[tuple[str, str]]:
    """``[(format, text)]``: at least 30 key formats, each a sentence holding one made-up key."""
    rng = random.Random(seed)
    r = lambda alphabet, n: _r(rng, alphabet, n)  # noqa: E731
    jwt_head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    jwt_body = base64.urlsafe_b64encode(b'{"sub":"1234567890","name":"canary"}').decode().rstrip("=")
    keys = [
        ("anthropic", "sk-ant-api03-" + r(URLSAFE, 93) + "AA"),
        ("openai_legacy", "sk-" + r(ALNUM, 20) + "T3BlbkFJ" + r(ALNUM, 20)),
        ("openai_project", "sk-proj-" + r(URLSAFE, 156)),
        ("aws_access_key_id", "AKIA" + r(UPPER_ALNUM, 16)),
        ("aws_secret_access_key", "aws_secret_access_key = " + r(ALNUM + "/+", 40)),
        ("github_classic_pat", "ghp_" + r(ALNUM, 36)),
        ("github_oauth", "gho_" + r(ALNUM, 36)),
        ("github_fine_grained", "github_pat_" + r(ALNUM, 22) + "_" + r(ALNUM, 59)),
        ("gitlab_pat", "glpat-" + r(URLSAFE, 20)),
        ("slack_bot", "xoxb-" + r(string.digits, 12) + "-" + r(string.digits, 13) + "-" + r(ALNUM, 24)),
        ("slack_webhook", "https://hooks.slack.com/services/T" + r(UPPER_ALNUM, 8) + "/B" + r(UPPER_ALNUM, 10)
         + "/" + r(ALNUM, 24)),
        ("stripe_live", "sk_live_" + r(ALNUM, 24)),
        ("stripe_test", "sk_test_" + r(ALNUM, 24)),
        ("google_api", "AIza" + r(URLSAFE, 35)),
        ("google_oauth_secret", "GOCSPX-" + r(URLSAFE, 28)),
        ("huggingface", "hf_" + r(string.ascii_letters, 34)),
        ("sendgrid", "SG." + r(URLSAFE, 22) + "." + r(URLSAFE, 43)),
        ("twilio", "SK" + r(HEX, 32)),
        ("npm", "npm_" + r(ALNUM, 36)),
        ("pypi", "pypi-AgEIcHlwaS5vcmc" + r(URLSAFE, 80)),
        ("digitalocean", "dop_v1_" + r(HEX, 64)),
        ("shopify", "shpat_" + r(HEX, 32)),
        ("hashicorp_vault", "hvs." + r(URLSAFE, 90)),
        ("databricks", "dapi" + r(HEX, 32)),
        ("linear", "lin_api_" + r(ALNUM, 40)),
        ("postman", "PMAK-" + r(HEX, 24) + "-" + r(HEX, 34)),
        ("newrelic", "NRAK-" + r(UPPER_ALNUM, 27)),
        ("grafana", "glsa_" + r(ALNUM, 32) + "_" + r(HEX, 8)),
        ("pulumi", "pul-" + r(HEX, 40)),
        ("docker_hub", "dckr_pat_" + r(URLSAFE, 27)),
        ("groq", "gsk_" + r(ALNUM, 52)),
        ("replicate", "r8_" + r(ALNUM, 37)),
        ("mailgun", "key-" + r(HEX, 32)),
        ("mailchimp", r(HEX, 32) + "-us" + str(rng.randint(1, 20))),
        ("telegram_bot", str(rng.randint(10**8, 10**9)) + ":" + r(URLSAFE, 35)),
        ("discord_bot", "M" + r(URLSAFE, 23) + "." + r(URLSAFE, 6) + "." + r(URLSAFE, 27)),
        ("jwt", f"{jwt_head}.{jwt_body}.{r(URLSAFE, 43)}"),
        ("age", "AGE-SECRET-KEY-1" + r("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
        ("rsa_pem", "-----BEGIN RSA PRIVATE KEY-----\n" + r(B64, 64) + "\n-----END RSA PRIVATE KEY-----"),
        ("openssh_pem", "-----BEGIN OPENSSH PRIVATE KEY-----\n" + r(B64, 70) + "\n-----END OPENSSH PRIVATE KEY-----"),
        ("pkcs8_pem", "-----BEGIN PRIVATE KEY-----\n" + r(B64, 64) + "\n-----END PRIVATE KEY-----"),
        ("basic_auth_url", "postgres://deploy:" + r(ALNUM, 16) + "@db.internal:5432/app"),
        ("azure_storage", "DefaultEndpointsProtocol=https;AccountName=canary;AccountKey=" + r(B64, 86) + "=="),
        ("overlord_log_key", "PRIVATE+KEY+overlord.local/ledger/canary+" + r(HEX, 8) + "+"
         + base64.b64encode(rng.randbytes(33)).decode()),
        ("assigned_password", 'password = "' + r(ALNUM, 14) + '"'),
    ]
    return [(name, f"note for the deploy: the {name.replace('_', ' ')} credential is {key} (keep it safe)")
            for name, key in keys]
