"""python/bench/ at a tiny budget: the scripts docs/PERFORMANCE.md quotes
still run, print one row per measurement, and their random choice is legal
and uniform (a chooser that picked an illegal action would make VectorEnv
raise; one that always picked the first legal action would skew every
figure)."""

import os
import subprocess
import sys
import unittest

import numpy as np

import kibitz

SOURCE_DIR = os.environ.get("KIBITZ_SOURCE_DIR",
                            os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BENCH = os.path.join(SOURCE_DIR, "python", "bench")
sys.path.insert(0, BENCH)

import vector_env_bench  # noqa: E402  (python/bench is not a package)


def run_bench(name, *args):
    result = subprocess.run([sys.executable, os.path.join(BENCH, name), *args], capture_output=True, text=True,
                            timeout=120, check=False)
    if result.returncode != 0:
        raise AssertionError("%s failed (%d):\n%s%s" % (name, result.returncode, result.stdout, result.stderr))
    return result.stdout.splitlines()


class BenchScriptsTest(unittest.TestCase):
    def test_vector_env_bench_prints_a_row_per_game_and_thread_count(self):
        lines = run_bench("vector_env_bench.py", "--seconds", "0.05", "--repetitions", "2",
                          "--specs", "kuhn_poker,leduc_poker")
        rows = [line.split() for line in lines[1:]]
        self.assertEqual([(row[0], row[1]) for row in rows],
                         [("kuhn_poker", "1"), ("kuhn_poker", "2"), ("leduc_poker", "1"), ("leduc_poker", "2")])
        for row in rows:
            self.assertGreater(float(row[2]), 0.0)

    def test_vector_env_bench_refuses_zero_repetitions(self):
        result = subprocess.run([sys.executable, os.path.join(BENCH, "vector_env_bench.py"), "--repetitions", "0"],
                                capture_output=True, text=True, timeout=60, check=False)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("--repetitions", result.stderr)

    def test_aec_bench_prints_a_row_per_game(self):
        lines = run_bench("aec_bench.py", "--seconds", "0.05", "--specs", "kuhn_poker")
        self.assertEqual(lines[1].split()[0], "kuhn_poker")

    def test_the_chooser_picks_legal_actions_uniformly_across_noise_blocks(self):
        masks = np.zeros((4, 3), dtype=np.float32)
        masks[0, :] = 1        # all three legal
        masks[1, [0, 2]] = 1   # two legal
        masks[2, 1] = 1        # one legal
        choose = vector_env_bench.Chooser(masks, seed=5)
        draws = 3 * vector_env_bench.Chooser.BLOCK  # crosses block refills
        counts = np.zeros((4, 3), dtype=np.int64)
        for _ in range(draws):
            actions = choose()
            counts[np.arange(4), actions] += 1
        self.assertTrue(np.all(counts[masks == 0][:-3] == 0))  # nothing illegal (row 3 has nothing legal)
        self.assertEqual(counts[2, 1], draws)
        for row, legal in ((0, [0, 1, 2]), (1, [0, 2])):
            expected = draws / len(legal)
            for action in legal:  # binomial: 5 standard deviations at most
                self.assertLess(abs(counts[row, action] - expected), 5 * np.sqrt(expected))


if __name__ == "__main__":
    unittest.main()
