"""The replay reports (`kibitz replay report`) from Python, through the command.

The reports (Loyalist Spies bluffs, Adulting bids and claims, Laws and
Disorder laws; docs/bluff_report.md) are built by the kibitz command's own
per-game report code, which the module does not link (it lives with the web
and HTML pages in kibitz_tools). This runs the command and reads its JSON:

    summary = kibitz.reports.replay_report("games.kzr")       # a dict
    kibitz.reports.replay_report("games.kzr", html="page.html")

The command is found as `kibitz_binary`, else $KIBITZ_BINARY, else `kibitz`
on PATH (build/tools/kibitz after a build).
"""

import json
import os
import shutil
import subprocess
import tempfile

from kibitz import _kibitz


def find_kibitz(kibitz_binary=None):
    """The kibitz command's path; KibitzError when there is none."""
    candidate = kibitz_binary or os.environ.get("KIBITZ_BINARY") or shutil.which("kibitz")
    if not candidate or not os.path.isfile(candidate):
        raise _kibitz.KibitzError(
            "the kibitz command was not found (give kibitz_binary=, set KIBITZ_BINARY or put build/tools "
            "on PATH); got %r" % (candidate,))
    return candidate


def replay_report(path, game=0, particles=1000, seed=1, html=None, kibitz_binary=None):
    """Runs `kibitz replay report` on a replay file and returns its JSON as a dict.

    `game` is the record shown in detail (from 0); with `html` the page is
    written there too. The command's error message becomes a KibitzError:
    a missing or corrupt file, or a game whose report has no JSON form
    (Kuhn, Leduc, ...: their report is the HTML page alone).
    """
    command = [find_kibitz(kibitz_binary), "replay", "report", os.fspath(path), "--game", str(game),
               "--particles", str(particles), "--seed", str(seed)]
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "report.json")
        command += ["--json", out]
        if html is not None:
            command += ["--html", os.fspath(html)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise _kibitz.KibitzError(result.stderr.strip() or "kibitz replay report failed")
        with open(out, encoding="utf-8") as f:
            return json.load(f)
