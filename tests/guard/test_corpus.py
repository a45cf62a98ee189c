"""The guard corpus: 0 false allows; false denials are listed (and fail unless known)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from overlord.domain.guard import CLASS_ORDER, DenialClass, decide_tool_call

from .conftest import Tree, case_call, load_corpus

CASES = load_corpus()

HIDING_PLACES = {
    "subst", "backtick", "procsub", "subshell", "group", "&&", "||", ";", "pipe", "newline",
    "heredoc", "sh_c", "eval", "env", "var_prefix", "sudo", "nice", "timeout", "stdbuf", "time",
    "command", "builtin", "xargs", "find_exec", "find_delete", ">", ">>", "&>", "2>", "tee",
    "cp", "mv", "install", "rsync", "ln", "dd", "tar_C", "unzip_d", "sed_i", "perl_i",
    "truncate", "touch", "mkdir", "chmod", "chown", "cp_t", "target_directory", "cd", "pushd",
    "dotdot", "symlink", "python_c", "known_bug",
}
"""Every hiding place and write target the issue lists: each must appear in a denied case."""


def _decide(case: dict[str, Any], tree: Tree):
    call, policy = case_call(case, tree)
    return decide_tool_call(call, policy, overlord_home=tree.overlord_home,
                            resolver=tree.resolver)


def _line(case: dict[str, Any], decision) -> str:
    got = decision.denial_class.value if decision.denial_class else None
    return (f"#{case['id']} {case['tool']} {case['input']!r}: expected {case['expect']}"
            f"/{case['class']}, got {decision.decision}/{got} ({decision.reason})")


def test_corpus_is_large_and_covers_every_class() -> None:
    assert len(CASES) >= 300
    classes = Counter(c["class"] for c in CASES if c["expect"] == "deny")
    assert set(classes) == {c.value for c in CLASS_ORDER}
    allows = [c for c in CASES if c["expect"] == "allow"]
    assert len(allows) >= 100
    assert all((c["class"] is None) == (c["expect"] == "allow") for c in CASES)
    assert len({c["id"] for c in CASES}) == len(CASES)


def test_corpus_covers_every_hiding_place() -> None:
    tags = {t for c in CASES if c["expect"] == "deny" for t in c.get("tags", ())}
    assert HIDING_PLACES - tags == set()


def test_known_bug_both_ways(tree: Tree) -> None:
    by_command = {c["input"].get("command"): c for c in CASES if c["tool"] == "Bash"}
    assert _decide(by_command["cp x /etc/y"], tree).denial_class is DenialClass.WRITE_OUTSIDE
    assert _decide(by_command["mv x ~/.bashrc"], tree).denial_class is DenialClass.WRITE_OUTSIDE
    assert _decide(by_command["rm -rf {ROOT}/build/cache"], tree).decision == "allow"


def test_no_false_allows(tree: Tree) -> None:
    false_allows = []
    for case in CASES:
        decision = _decide(case, tree)
        if case["expect"] == "deny" and decision.decision == "allow":
            false_allows.append(_line(case, decision))
    assert false_allows == [], "false allows:\n" + "\n".join(false_allows)


def test_denials_have_the_expected_class(tree: Tree) -> None:
    wrong = []
    for case in CASES:
        decision = _decide(case, tree)
        if case["expect"] == "deny" and decision.decision == "deny" and \
                decision.denial_class.value != case["class"]:
            wrong.append(_line(case, decision))
    assert wrong == [], "denied with another class:\n" + "\n".join(wrong)


def test_false_denials_are_listed(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    unknown, known = [], []
    for case in CASES:
        decision = _decide(case, tree)
        if case["expect"] == "allow" and decision.decision == "deny":
            (known if case.get("known") else unknown).append(
                _line(case, decision) + (f" [known: {case['known']}]" if case.get("known")
                                         else ""))
    with capsys.disabled():
        print(f"\nguard corpus: {len(CASES)} cases, false denials: {len(known) + len(unknown)} "
              f"({len(known)} known)")
        for line in known + unknown:
            print("  false denial:", line)
    assert unknown == [], "false denials not marked known:\n" + "\n".join(unknown)


def test_every_denial_tells_the_contract(tree: Tree) -> None:
    for case in CASES:
        decision = _decide(case, tree)
        if decision.decision == "deny":
            assert decision.message.startswith(f"Denied ({decision.denial_class.value}): ")
            assert "Do not retry this by another route" in decision.message
            assert decision.reason in decision.message
        else:
            assert decision.denial_class is None and decision.message == ""


ISSUE_11 = [c for c in CASES if "issue11" in c.get("tags", ())]
ISSUE_11_FORMS = {"continuation", "carriage_return", "rebind", "expansion", "arithmetic",
                  "write_then_run", "inline_chdir", "option_path", "find_exec", "listener",
                  "proxy", "signal", "read_only", "heredoc"}


def test_issue_11_forms_are_judged_exactly(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    """Each form of issue 11 items 2 to 5: the dangerous ones denied with their class, the
    look-alikes allowed, each row with the public report it is modelled on."""
    assert {t for c in ISSUE_11 for t in c["tags"]} >= ISSUE_11_FORMS
    for form in ISSUE_11_FORMS:
        rows = [c for c in ISSUE_11 if form in c["tags"]]
        assert any(c["expect"] == "deny" for c in rows) or form == "heredoc", form
    assert all(c.get("source") for c in ISSUE_11)
    wrong = [_line(c, d) for c in ISSUE_11 for d in [_decide(c, tree)]
             if (d.decision, d.denial_class.value if d.denial_class else None)
             != (c["expect"], c["class"])]
    false_allows = sum(1 for c in ISSUE_11 if c["expect"] == "deny"
                       and _decide(c, tree).decision == "allow")
    false_denials = sum(1 for c in ISSUE_11 if c["expect"] == "allow"
                        and _decide(c, tree).decision == "deny")
    with capsys.disabled():
        print(f"\nissue 11 rows: {len(ISSUE_11)}, false allows: {false_allows}, "
              f"false denials: {false_denials}")
    assert wrong == [], "\n".join(wrong)


def test_ls_la_of_a_home_holding_overlord_home_is_not_a_recursive_read(tmp_path) -> None:
    """``ls -la ~`` lists the home; only ``-R`` walks into the OVERLORD_HOME below it."""
    from overlord.domain.guard import GuardPolicy, ToolCall

    from .conftest import HomeResolver

    home = tmp_path / "home"
    (home / ".local" / "share" / "overlord").mkdir(parents=True)
    root = tmp_path / "work"
    root.mkdir()
    resolver = HomeResolver(str(home))

    def decide(command: str):
        return decide_tool_call(ToolCall("Bash", {"command": command}, str(root)),
                                GuardPolicy(), overlord_home=str(home / ".local/share/overlord"),
                                resolver=resolver)

    for command in ("ls -la ~", "ls -a ~", "ls -lah ~/", "ls -l --all ~"):
        assert decide(command).decision == "allow", command
    for command in ("ls -laR ~", "ls -R ~", "ls --recursive ~", "grep -r key ~"):
        assert decide(command).denial_class is DenialClass.GUARD_TAMPER, command
