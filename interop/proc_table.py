"""The machine's processes as Linux's /proc shows them: what the tests that watch workers
start, die and leave nothing behind read."""
import os
import pathlib


def proc_stat(pid):
    """(state, ppid, starttime) of a process, or None if it does not exist."""
    try:
        text = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1]), fields[19]


def proc_cmdline(pid):
    """The command line of a process, [] if it does not exist."""
    try:
        return [part.decode(errors="replace") for part in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0") if part]
    except OSError:
        return []


def all_pids():
    return [int(entry) for entry in os.listdir("/proc") if entry.isdigit()]


def is_running(pid, starttime):
    """Whether this very process (same start time: no pid reuse) still runs (zombies do not)."""
    stat = proc_stat(pid)
    return stat is not None and stat[2] == starttime and stat[0] not in ("Z", "X")


#: The executables `rulebook check` and `rulebook mcp` start as their workers.
WORKER_NAMES = ("rulebook-persister", "rulebook-validator")


def worker_children(parent):
    """{pid: (starttime, cmdline)} of the rulebook workers whose parent is `parent`."""
    found = {}
    for pid in all_pids():
        stat = proc_stat(pid)
        if stat is None or stat[1] != parent or stat[0] in ("Z", "X"):
            continue
        cmdline = proc_cmdline(pid)
        if cmdline and os.path.basename(cmdline[0]) in WORKER_NAMES:
            found[pid] = (stat[2], cmdline)
    return found


def worker_name(cmdline):
    """The executable's name of a worker's command line (`rulebook-validator`)."""
    return os.path.basename(cmdline[0])
