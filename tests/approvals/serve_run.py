"""Host one run's decision service and approval broker in a process of its own (so a test can
kill it with SIGKILL while a call waits). Args: HOME RUN_ID ROOT SOCKET TIMEOUT_MS."""

import sys
import threading
import uuid
from pathlib import Path

from overlord.domain.guard import DenialClass, GuardPolicy
from overlord.domain.policy import ApprovalPolicy
from overlord.ledger.session import open_home
from overlord.supervision.approvals import ApprovalBroker
from overlord.supervision.decision_service import DecisionCore, DecisionService
from overlord.supervision.recorder import RunRecorder
from tests.conftest import StepClock


def main() -> None:
    home, run, root, sock, timeout_ms = sys.argv[1:6]
    session = open_home(Path(home))
    run_id = uuid.UUID(run)
    clock = StepClock()
    core = DecisionCore(GuardPolicy(worker_root=root), overlord_home=home,
                        recorder=RunRecorder(session.ledger, run_id, clock), run_id=run)
    core.approvals = ApprovalBroker(session.ledger, run_id=run_id,
                                    approval=ApprovalPolicy((DenialClass.PACKAGE_INSTALL,), int(timeout_ms)),
                                    verifiers=[session.signer.verifier()], clock=clock,
                                    run_dir=session.home.run_dir(run)).start()
    DecisionService(Path(sock), core).start()
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
