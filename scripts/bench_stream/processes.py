"""The child processes: running ftrl commands, the `ftrl worker` processes, waiting on them."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchlib import BenchError

READY_LINE = "restored state from the changelog; ready"


def proc_cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux /proc), None if unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def thread_cpu_seconds(pids: list[int]) -> dict[str, float]:
    """CPU seconds so far of the processes' threads, summed by thread name (digits dropped:
    librdkafka's `rdk:broker111` and `rdk:broker112` are one kind)."""
    by_name: dict[str, float] = {}
    for pid in pids:
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                text = (task / "stat").read_text()
            except OSError:
                continue  # the thread ended
            name = re.sub(r"\d+$", "", text[text.index("(") + 1:text.rindex(")")])
            fields = text.rsplit(")", 1)[1].split()
            seconds = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            by_name[name] = by_name.get(name, 0.0) + seconds
    return by_name


def progress(message: str) -> None:
    print(f"bench-stream: {message}", file=sys.stderr, flush=True)


def tail_file(path: Path | None, lines: int = 40) -> str:
    if path is None or not path.exists():
        return "    (no log)"
    kept = path.read_text(errors="replace").rstrip().splitlines()[-lines:]
    return "\n".join("    " + line for line in kept) or "    (empty)"


def run_checked(cmd: list[str], what: str, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired as err:
        raise BenchError(f"{what} did not finish within {timeout:.0f} s: {' '.join(cmd)}") from err
    except OSError as err:
        raise BenchError(f"{what}: cannot run {cmd[0]}: {err}") from err
    if proc.returncode != 0:
        output = (proc.stderr.strip() + "\n" + proc.stdout.strip()).strip().splitlines()[-30:]
        raise BenchError(f"{what} failed (exit status {proc.returncode}): {' '.join(cmd)}\n"
                         + "\n".join("    " + line for line in output))
    return proc


def worker_environment() -> dict[str, str]:
    """Our environment minus FTRL_section__key overrides (the benchmark's config is the
    config), with ftrl's log filter at info unless FTRL_LOG says otherwise: the ready line
    is an info event."""
    env = {name: value for name, value in os.environ.items()
           if not (name.upper().startswith("FTRL_") and "__" in name)}
    env.setdefault("FTRL_LOG", "info")
    env["NO_COLOR"] = "1"
    return env


class Worker:
    """One `ftrl worker` process in its own session (so its whole group can be killed),
    logging to `log`; `ready_at` is when its log first showed the ready line."""

    def __init__(self, ftrl: Path, config: Path, log: Path):
        self.log = log
        self.ready_at: float | None = None
        self.ready_line = ""
        self._read = 0
        self._partial = ""
        with log.open("wb") as out:
            self.started_at = time.monotonic()
            self.started_wall = time.time()
            self.proc = subprocess.Popen([str(ftrl), "worker", "--config", str(config)],
                                         stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                         env=worker_environment(), start_new_session=True)

    def poll_log(self) -> None:
        """Reads what the worker logged since the last call; notes the first ready line."""
        if self.ready_at is not None:
            return
        now = time.monotonic()
        with self.log.open("rb") as log:
            log.seek(self._read)
            chunk = log.read()
        self._read += len(chunk)
        text = self._partial + chunk.decode(errors="replace")
        lines = text.split("\n")
        self._partial = lines.pop()
        for line in lines:
            if READY_LINE in line:
                self.ready_at, self.ready_line = now, line
                return

    def restored(self) -> tuple[int | None, float | None]:
        """(records, seconds) of the restore, as the ready line reports them."""
        records = re.search(r"\brecords=(\d+)", self.ready_line)
        seconds = re.search(r"\bseconds=([0-9.]+)", self.ready_line)
        return (int(records.group(1)) if records else None,
                float(seconds.group(1)) if seconds else None)

    def check_alive(self) -> None:
        code = self.proc.poll()
        if code is not None:
            raise BenchError(f"the worker exited unexpectedly (exit status {code})")

    def terminate(self, timeout: float) -> float:
        """SIGTERM to the worker's process group; returns the seconds until it exited."""
        start = time.monotonic()
        self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired as err:
            raise BenchError(f"the worker did not exit within {timeout:.0f} s of SIGTERM") from err
        return time.monotonic() - start

    def kill(self) -> None:
        """Best-effort stop for clean-up: SIGTERM to the group, SIGKILL after 10 s."""
        if self.proc.poll() is not None:
            return  # exited and reaped: its group id may no longer be ours to signal
        self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
            return
        except subprocess.TimeoutExpired:
            pass
        self._signal(signal.SIGKILL)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            progress(f"warning: worker pid {self.proc.pid} survived SIGKILL")

    def _signal(self, sig: int) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            pass


def wait_until(condition: Callable[[], bool], timeout: float, what: str,
               worker: Worker | None = None, interval: float = 0.005) -> None:
    """Polls `condition` every `interval` s; fails after `timeout` s or if the worker dies."""
    deadline = time.monotonic() + timeout
    while True:
        if worker is not None:
            worker.poll_log()
        if condition():
            return
        if worker is not None:
            worker.check_alive()
        if time.monotonic() > deadline:
            raise BenchError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)
