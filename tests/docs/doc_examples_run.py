"""Runs the example commands that doc_examples_extract.py found.

Each page's commands run in order in one fresh temporary folder, so that a
later example may read what an earlier one wrote (`--record games.kbr`,
then `kibitz replay verify games.kbr`). `kibitz` is found on the PATH, which
starts with the folder of the binary under test, so `kibitz train` reaches
the kibitz-torch built beside it. The folder links the source tree's
`tests`, `training` and `examples` folders, which the examples read.
"""

import os
import re
import shlex
import signal
import subprocess
import tempfile
import threading
import time

LINKED = ("tests", "training", "examples")
COMMAND_TIMEOUT_S = int(os.environ.get("KIBITZ_DOC_TIMEOUT", "90"))
UNTIL_TIMEOUT_S = 30


class Result:
    def __init__(self, example, command, ok, seconds, message=""):
        self.example, self.command, self.ok = example, command, ok
        self.seconds, self.message = seconds, message


def shell_command(example):
    """The command as the test runs it: the annotation's substitutions
    applied and the doc's path to the binary made plain `kibitz`."""
    text = example.text
    for old, new in example.substitutions:
        text = text.replace(old, new)
    for prefix in ("./build/tools/kibitz ", "build/tools/kibitz "):
        if text.startswith(prefix):
            text = "kibitz " + text[len(prefix):]
    return text


def tail(text, lines=15):
    return "\n".join(text.rstrip().split("\n")[-lines:])


class Runner:
    def __init__(self, kibitz, source_dir):
        self.kibitz = os.path.abspath(kibitz)
        self.source_dir = os.path.abspath(source_dir)
        self.env = dict(os.environ)
        self.env["PATH"] = os.path.dirname(self.kibitz) + os.pathsep + self.env.get("PATH", "")
        self.helps = {}

    def workdir(self):
        folder = tempfile.mkdtemp(prefix="kibitz_doc_examples_")
        for name in LINKED:
            os.symlink(os.path.join(self.source_dir, name), os.path.join(folder, name))
        return folder

    def run(self, example, folder):
        command = shell_command(example)
        start = time.monotonic()
        if example.until:
            ok, message = self.run_until(command, example.until, folder)
        else:
            ok, message = self.run_to_end(example, command, folder)
        return Result(example, command, ok, time.monotonic() - start, message)

    def run_to_end(self, example, command, folder):
        try:
            done = subprocess.run(["bash", "-c", "set -o pipefail\n" + command], cwd=folder, env=self.env,
                                  input=example.stdin, capture_output=True, text=True,
                                  timeout=COMMAND_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return False, f"still running after {COMMAND_TIMEOUT_S} s (shrink it with a doc-test substitution)"
        output = f"stdout:\n{tail(done.stdout)}\nstderr:\n{tail(done.stderr)}"
        if example.expect_exit is None:
            if done.returncode == 0:
                return False, f"the doc shows it failing, but it exited 0\n{output}"
        elif done.returncode != example.expect_exit:
            return False, f"exited {done.returncode}, expected {example.expect_exit}\n{output}"
        if example.expect_error and example.expect_error not in done.stderr:
            return False, f"the doc shows the error\n  {example.expect_error}\nbut it printed\n{output}"
        return True, ""

    def run_until(self, command, text, folder):
        """Runs a command that does not end (a server) until its output
        shows `text`, then stops it with SIGTERM."""
        process = subprocess.Popen(["bash", "-c", "exec " + command], cwd=folder, env=self.env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
        # A server that prints nothing is stopped by the timer, so that
        # readline, which returns at the end of output, cannot hang here.
        timer = threading.Timer(UNTIL_TIMEOUT_S, process.kill)
        timer.start()
        seen = []
        try:
            while True:
                line = process.stdout.readline()
                if not line:
                    break
                seen.append(line)
                if text in line:
                    return True, ""
            return False, f"its output never showed '{text}' (within {UNTIL_TIMEOUT_S} s)\n{tail(''.join(seen))}"
        finally:
            timer.cancel()
            stop(process)

    def help_text(self, words):
        key = tuple(words)
        if key not in self.helps:
            done = subprocess.run([self.kibitz, *words, "--help"], env=self.env, capture_output=True,
                                  text=True, timeout=COMMAND_TIMEOUT_S)
            self.helps[key] = done.stdout if done.returncode == 0 else None
        return self.helps[key]

    def check_synopsis(self, example):
        """A synopsis is not run: each --flag it names must be in the help
        of its command (for `kibitz launch ... -- train ...`, each part's)."""
        start = time.monotonic()
        text = shell_command(example)
        problems = []
        for part in re.split(r"\s--\s", text):
            words = part.split()
            if words and words[0] != "kibitz":
                words = ["kibitz"] + words  # the command after `launch ... --`
            problems += self.missing_flags(words[1:])
        ok = not problems
        return Result(example, text, ok, time.monotonic() - start, "; ".join(problems))

    def missing_flags(self, words):
        # The command is the longest run of lower-case words with a help.
        path = []
        for word in words[:2]:
            if not re.fullmatch(r"[a-z][a-z-]*", word) or self.help_text(path + [word]) is None:
                break
            path.append(word)
        help_text = self.help_text(path)
        if help_text is None:
            return [f"`kibitz {' '.join(path)} --help` failed"]
        flags = re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", " ".join(shlex_words(" ".join(words))))
        return [f"{flag} is not a flag of `kibitz {' '.join(path)}`" for flag in flags
                if not re.search(re.escape(flag) + r"(?![\w-])", help_text)]


def stop(process):
    """Ends a command started in its own process group, and its children."""
    for sig, wait_s in ((signal.SIGTERM, 10), (signal.SIGKILL, None)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=wait_s)
            break
        except subprocess.TimeoutExpired:
            continue
    process.stdout.close()


def shlex_words(text):
    """The words outside quotes (a quoted spec may hold '--' of its own)."""
    try:
        return [w for w in shlex.split(text, posix=False) if not w.startswith(("'", '"'))]
    except ValueError:
        return text.split()
