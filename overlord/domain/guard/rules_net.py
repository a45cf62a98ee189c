"""Network clients: denied unless the policy allows the network, and then only public
http(s) destinations; their output files are writes like any other."""

from __future__ import annotations

import re

from overlord.domain.guard.args import Arg, has_opt, opt_values, opts
from overlord.domain.guard.classes import DenialClass as C
from overlord.domain.guard.context import Context, Finding
from overlord.domain.guard.judging import Judging
from overlord.domain.guard.names import HTTP_CLIENTS


class NetworkRules(Judging):
    """Judges network clients (mixed into :class:`BashJudge`)."""

    ctx: Context

    # ---- network ------------------------------------------------------------------------
    def _network(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        if rest and all(a.text in ("--version", "-V", "--help", "-h", "-help", "-version")
                        for a in rest):
            return out
        if name in ("curl",):
            options, operands = opts(rest, "dHoOuAebcXFTwmxEKrCDyYzQLtUP", {
                "--data", "--data-raw", "--data-binary", "--data-urlencode", "--header",
                "--output", "--user", "--user-agent", "--referer", "--cookie", "--cookie-jar",
                "--request", "--form", "--upload-file", "--write-out", "--max-time", "--proxy",
                "--cert", "--key", "--config", "--range", "--continue-at", "--dump-header",
                "--speed-limit", "--speed-time", "--time-cond", "--quote", "--resolve",
                "--connect-to", "--unix-socket", "--abstract-unix-socket", "--interface",
                "--dns-servers", "--doh-url", "--output-dir", "--trace", "--trace-ascii",
                "--stderr", "--url", "--cacert", "--capath", "--json", "--retry",
                "--connect-timeout", "--limit-rate", "--max-filesize", "--proxy-user",
                "--noproxy", "--preproxy", "--socks5", "--socks5-hostname", "--socks4",
                "--socks4a", "--libcurl", "--netrc-file", "--variable", "--expand-url"})
            urls = [o.text for o in operands] + [v.text for v in opt_values(options, "--url")]
            for key in ("-x", "--proxy", "--resolve", "--connect-to", "--unix-socket",
                        "--abstract-unix-socket", "-K", "--config", "--interface",
                        "--dns-servers", "--doh-url", "--preproxy", "--socks5",
                        "--socks5-hostname", "--socks4", "--socks4a", "--netrc-file",
                        "--variable", "--expand-url", "-:", "--next"):
                if has_opt(options, key):
                    out.append(Finding(C.NETWORK_CLIENT, f"curl {key} changes where the request "
                                       "goes"))
            for value in opt_values(options, "-o", "--output", "-D", "--dump-header", "-c",
                                    "--cookie-jar", "--trace", "--trace-ascii", "--stderr",
                                    "--libcurl"):
                if value.text != "-":
                    out.extend(self.write(value, cwds, "curl output"))
            for value in opt_values(options, "--output-dir"):
                out.extend(self.write(value, cwds, "curl --output-dir"))
            if has_opt(options, "-O", "--remote-name", "--remote-name-all", "-J"):
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what="curl -O"))
            for value in opt_values(options, "-d", "--data", "--data-binary", "--data-urlencode",
                                    "-T", "--upload-file", "-F", "--form", "--json"):
                t = value.text or ""
                path = t[1:] if t.startswith("@") else (t.split("@", 1)[1] if "=@" in t or
                                                        "=<" in t else t)
                for cwd in cwds:
                    f = self.ctx.judge_read(path, cwd, what="curl upload")
                    if f:
                        out.append(f)
            out.extend(self._network_access("curl", urls))
            return out
        if name == "wget":
            options, operands = opts(rest, "OoaPieUtTwQlAR", {
                "--output-document", "--output-file", "--append-output", "--directory-prefix",
                "--input-file", "--execute", "--user-agent", "--header", "--post-data",
                "--post-file", "--tries", "--timeout", "--wait", "--quota", "--level",
                "--accept", "--reject", "--user", "--password", "--bind-address", "--proxy-user",
                "--proxy-password", "--load-cookies", "--save-cookies", "--config",
                "--body-file", "--body-data", "--method", "--ca-certificate", "--certificate"})
            for key in ("-e", "--execute", "-i", "--input-file", "--config", "--bind-address",
                        "--use-askpass"):
                if has_opt(options, key):
                    out.append(Finding(C.NETWORK_CLIENT, f"wget {key} changes what is fetched "
                                       "or how"))
            wrote = False
            for value in opt_values(options, "-O", "--output-document", "-o", "--output-file",
                                    "-a", "--append-output", "--save-cookies"):
                if value.text != "-":
                    out.extend(self.write(value, cwds, "wget output"))
                wrote = True
            for value in opt_values(options, "-P", "--directory-prefix"):
                out.extend(self.write(value, cwds, "wget -P"))
                wrote = True
            if not wrote:
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what="wget"))
            out.extend(self._network_access("wget", [o.text for o in operands]))
            return out
        if name in HTTP_CLIENTS:
            first_url = next((a.text for a in rest if a.text and not a.text.startswith("-") and (
                "://" in a.text or "." in a.text or ":" in a.text)), None)
            return out + self._network_access(name, [first_url])
        return [Finding(C.NETWORK_CLIENT, f"{name} is a network client")]

    def _network_access(self, what: str, urls: list[str | None], *,
                        http_only: bool = True) -> list[Finding]:
        if not self.ctx.policy.allow_network:
            return [Finding(C.NETWORK_CLIENT, f"{what} reaches the network")]
        if not urls:
            return []
        out: list[Finding] = []
        for url in urls:
            if url is None:
                out.append(Finding(C.NETWORK_CLIENT, f"{what}: a destination the guard cannot "
                                   "see"))
                continue
            from overlord.domain.guard import network

            problem = network.url_problem(url)
            if problem is not None:
                out.append(Finding(C.NETWORK_CLIENT, f"{what}: {problem}"))
        return out

    def _rsync(self, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        options, operands = opts(rest, "eBfTM", {
            "--rsh", "--rsync-path", "--filter", "--exclude", "--include", "--files-from",
            "--log-file", "--backup-dir", "--partial-dir", "--temp-dir", "--link-dest",
            "--compare-dest", "--copy-dest", "--password-file", "--port", "--chmod",
            "--bwlimit", "--exclude-from", "--include-from", "--suffix", "--timeout",
            "--max-size", "--min-size", "--chown", "--usermap", "--groupmap", "--info",
            "--debug", "--out-format", "--log-file-format", "--sockopts", "--address",
            "--write-batch", "--only-write-batch", "--read-batch"})
        if has_opt(options, "-e", "--rsh", "--rsync-path"):
            out.append(Finding(C.UNPARSEABLE, "rsync -e runs a remote shell command"))
        remote = [o for o in operands if o.text is None or "::" in o.text or
                  o.text.startswith("rsync://") or re.match(r"^[^/]*:", o.text or "")]
        if remote:
            out.append(Finding(C.NETWORK_CLIENT, "rsync to or from a host reaches the network"))
        for value in opt_values(options, "--log-file", "--backup-dir", "--partial-dir",
                                "--temp-dir", "--write-batch", "--only-write-batch"):
            out.extend(self.write(value, cwds, "rsync"))
        for value in opt_values(options, "--link-dest", "--copy-dest"):
            out.extend(self.write(value, cwds, "rsync --link-dest"))
        if len(operands) >= 2:
            dest = operands[-1]
            delete = any(n.startswith("--delete") or n == "--del" for n, _ in options)
            out.extend(self.write(dest, cwds, "rsync", tree=any(
                s.text is None or s.text.endswith("/") for s in operands[:-1])))
            if delete:
                out.extend(self.write(dest, cwds, "rsync --delete", delete=True))
            if has_opt(options, "--remove-source-files"):
                for src in operands[:-1]:
                    out.extend(self.write(src, cwds, "rsync --remove-source-files", delete=True))
            out.extend(self.reads(operands[:-1], cwds, "rsync", recursive=True))
        return out
