"""The release server under test, started on a free port."""

import os
import re
import signal
import subprocess
from pathlib import Path

LISTENING = re.compile(r"^listening on (http://127\.0\.0\.1:\d+/)$")


class Server:
    """`tableview serve --port 0` in the background; `url` comes from the first line it prints."""

    def __init__(self, binary: Path, log: Path, tables: Path | None = None, public: Path | None = None):
        """`public`: static files other than the built-in ones (`--public`), such as a test's stylesheet."""
        command = [str(binary), "serve", "--port", "0"]
        if tables is not None:
            command += ["--tables", str(tables)]
        if public is not None:
            command += ["--public", str(public)]
        self.name = tables.stem if tables else "demo"
        log.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(log, "wb")
        self._process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=self._log, text=True, encoding="utf-8"
        )
        first = self._process.stdout.readline().rstrip("\n")
        match = LISTENING.match(first)
        if match is None:
            self.stop()
            raise RuntimeError(f"{' '.join(command)} printed {first!r}, not 'listening on http://…/'; see {log}")
        self.url = match.group(1)

    def stop(self) -> None:
        """SIGTERM, then the exit status SPEC §4 asks for: 0 after a graceful stop."""
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
                raise RuntimeError(f"the {self.name} server did not stop within 15 s of SIGTERM")
        self._log.close()
        if self._process.returncode != 0:
            raise RuntimeError(f"the {self.name} server exited with status {self._process.returncode}")


def release_binary(root: Path) -> Path:
    """The binary scripts/e2e built (`TABLEVIEW_BIN`), else the project's release build."""
    binary = Path(os.environ.get("TABLEVIEW_BIN", root / ".build" / "release" / "tableview"))
    if not binary.is_file():
        raise RuntimeError(f"no tableview binary at {binary}: run scripts/e2e, which builds it in release mode")
    return binary
