"""examples/python/ at a small budget: they run, and what they write is what
the C++ side reads."""

import os
import re
import subprocess
import sys
import tempfile
import unittest

import kibitz

SOURCE_DIR = os.environ.get("KIBITZ_SOURCE_DIR",
                            os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
EXAMPLES = os.path.join(SOURCE_DIR, "examples", "python")
KIBITZ = os.environ.get("KIBITZ_BINARY", "")

try:
    import torch  # noqa: F401
except ImportError:
    torch = None


def run_example(name, *args):
    result = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], capture_output=True,
                            text=True, timeout=120, check=False)
    if result.returncode != 0:
        raise AssertionError("%s failed (%d):\n%s%s" % (name, result.returncode, result.stdout, result.stderr))
    return result.stdout


class ExamplesTest(unittest.TestCase):
    @unittest.skipIf(torch is None, "torch is not importable (Debian: python3-torch)")
    def test_train_leduc_writes_a_checkpoint_the_nn_code_loads_and_reports_nash_conv(self):
        with tempfile.TemporaryDirectory() as out:
            extra = ["--kibitz", KIBITZ] if os.path.isfile(KIBITZ) else []
            text = run_example("train_leduc.py", "--steps", "6000", "--batch", "512", "--out", out, *extra)
            game = kibitz.load_game("leduc_poker")
            checkpoint = os.path.join(out, "model.pt")
            net = kibitz.PolicyValueNet.load(checkpoint, game)
            self.assertEqual(net.hidden, [64, 64])
            nash_conv = float(re.search(r"^NashConv (\S+)", text, re.M).group(1))
            report = kibitz.exploitability(game, os.path.join(out, "policy.txt"))
            self.assertAlmostEqual(nash_conv, report["nash_conv"], places=5)
            self.assertGreater(nash_conv, 0.0)
            if extra:  # the kibitz command's own report of the same file
                cli = float(re.search(r"^NashConv\s+(\S+)", text.split("$ ", 1)[1], re.M).group(1))
                self.assertAlmostEqual(cli, report["nash_conv"], places=6)
                arena = subprocess.run([KIBITZ, "arena", "--game", "leduc_poker", "--agents",
                                        "nn(model=%s),random" % checkpoint, "--games", "20", "--quiet"],
                                       capture_output=True, text=True, timeout=120, check=False)
                self.assertEqual(arena.returncode, 0, arena.stderr)

    def test_spies_bot_plays_the_heuristic_in_the_arena(self):
        text = run_example("spies_bot.py", "--deals", "2", "--worlds", "1")
        self.assertEqual(text.count("Python RolloutBot against"), 2)
        self.assertIn("heuristic", text)
        self.assertRegex(text, r"python\(name=py\d+\)\s+mean return [+-]\d")


if __name__ == "__main__":
    unittest.main()
