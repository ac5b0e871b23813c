"""`kibitz seat` at a terminal: line editing, history and Tab completion
(libedit, tools/edit_line_input.h), driven through a pseudo-terminal as a
person's keyboard would drive it:

    python3 seat_line_editing_test.py KIBITZ_BINARY

Tab completes what can come next ('dealt q' + Tab gives 'dealt Q', the
common beginning of the two queens a Leduc seat may be dealt); Enter reads
the line; Up brings the last line back; Ctrl-C ends the session with exit
status 130. Exits 0 when all of that happens, 1 naming the first that did
not."""

import os
import pty
import select
import sys
import time


def read_for(fd, seconds):
    """What the terminal shows within `seconds` (less once the program ends)."""
    out = b""
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out.decode(errors="replace")


def read_until(fd, wanted, seconds=20.0):
    """Reads until `wanted` appears (a loaded machine may be slow); returns all read."""
    seen = ""
    end = time.time() + seconds
    while time.time() < end and wanted not in seen:
        seen += read_for(fd, 0.2)
    return seen


def fail(problem, seen):
    print("seat_line_editing_test: " + problem + "\n--- the terminal showed:\n" + seen)
    sys.exit(1)


def main():
    kibitz = sys.argv[1]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(kibitz, [kibitz, "seat", "--game", "leduc_poker", "--seat", "0", "--agent", "random", "--no-records"])
    seen = read_until(fd, "P0> ")
    if "P0> " not in seen:
        fail("no prompt", seen)
    os.write(fd, b"dealt q\t")
    seen = read_until(fd, "Q", 10.0)
    if "Q" not in seen:
        fail("Tab did not complete 'dealt q' to 'dealt Q'", seen)
    os.write(fd, b"s\r")
    seen = read_until(fd, "P0 to act")
    if "ok: dealt Qs" not in seen:
        fail("the completed line was not entered as 'dealt Qs'", seen)
    if "P0> " not in seen[seen.find("P0 to act"):]:
        read_until(fd, "P0> ")
    os.write(fd, b"\x1b[A")  # Up
    seen = read_until(fd, "dealt Qs", 10.0)
    if "dealt Qs" not in seen:
        fail("Up did not bring back the last line", seen)
    os.write(fd, b"\x15")  # Ctrl-U: the line is cleared, nothing is entered
    os.write(fd, b"\x03")  # Ctrl-C
    seen = read_until(fd, "interrupted", 10.0)
    _, status = os.waitpid(pid, 0)
    if "interrupted" not in seen or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 130:
        fail("Ctrl-C did not end the session with status 130 (status %r)" % status, seen)
    print("seat_line_editing_test: Tab, Enter, Up and Ctrl-C work at a terminal")


if __name__ == "__main__":
    main()
