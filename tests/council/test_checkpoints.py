"""Every task and worker command that appends events ends by signing and pinning a checkpoint
(issue 11 item 1): after each, the log's last event is the ``CheckpointSigned`` whose note is
the pinned one, and ``verify`` passes; a refusal appends nothing, not even a checkpoint."""

from __future__ import annotations

from tests.council.conftest import GOOD, STUB, TESTS, files
from tests.ledger.test_final_checkpoint import _tail_is_the_pinned_checkpoint


def test_task_and_worker_commands_end_with_a_pinned_checkpoint(world):
    ok = world.command_mission([files(GOOD)], name="ok.toml")
    p = world.overlord("task", "run", str(ok), "--root", str(world.root), "--json", timeout=300)
    assert world.last_json(p)["state"] == "DONE", p.stderr
    _tail_is_the_pinned_checkpoint(world.home)

    # routed to no one (a contract, but no file to put it in): FAILED at once, no loop ran
    nowhere = world.command_mission([files(GOOD)], name="nowhere.toml", goal="Write `is_prime(n)` somewhere.")
    p = world.overlord("task", "run", str(nowhere), "--root", str(world.root), "--json")
    assert p.returncode == 1 and world.last_json(p)["state"] == "FAILED", p.stderr
    _tail_is_the_pinned_checkpoint(world.home)

    queued = []
    for n in range(2):
        root = world.tmp / f"q{n}"
        root.mkdir()
        p = world.overlord("task", "submit", str(ok), "--root", str(root), "--json", check=True)
        queued.append(world.last_json(p)["task_id"])
        _tail_is_the_pinned_checkpoint(world.home)
    world.overlord("task", "cancel", queued[1], check=True)
    _tail_is_the_pinned_checkpoint(world.home)
    p = world.overlord("worker", "--drain", "--poll-ms", "50", "--json", timeout=300, check=True)
    assert [t["state"] for t in world.last_json(p)["tasks"]] == ["DONE"]
    _tail_is_the_pinned_checkpoint(world.home)

    halting = world.command_mission([files(STUB, TESTS), files(STUB)], name="halt.toml",
                                    extra="[task]\nmax_cycles = 0\n")
    (world.tmp / "h").mkdir()
    p = world.overlord("task", "run", str(halting), "--root", str(world.tmp / "h"), "--json", timeout=300)
    halted = world.last_json(p)
    assert halted["state"] == "HALTED", p.stderr
    p = world.overlord("task", "approve", halted["task_id"], "--json", timeout=300)
    assert world.last_json(p)["state"] == "HALTED", p.stderr
    _tail_is_the_pinned_checkpoint(world.home)
    world.overlord("task", "fail", halted["task_id"], check=True)
    _tail_is_the_pinned_checkpoint(world.home)

    # refusals append nothing, not even a checkpoint
    size = world.ledger_size()
    for argv in (("task", "approve", halted["task_id"]), ("task", "fail", halted["task_id"]),
                 ("task", "cancel", "ffffffff"), ("worker", "--task", "ffffffff")):
        p = world.overlord(*argv)
        assert p.returncode == 2, (argv, p.stdout, p.stderr)
    assert world.ledger_size() == size
