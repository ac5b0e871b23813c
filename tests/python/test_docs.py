"""docs/python.md's Python examples run, in order, as a reader would run them.

The page's blocks build on each other (a game, a state, a seat); the few
names it leaves to the reader (a network's weight arrays, a batch of inputs,
a policy file) are supplied here. Files the examples write go to a
temporary folder.
"""

import os
import re
import tempfile
import unittest

import numpy as np

import kibitz

try:
    import torch  # noqa: F401  (the VectorEnv example wraps its arrays in tensors)
except ImportError:
    torch = None

SOURCE_DIR = os.environ.get("KIBITZ_SOURCE_DIR",
                            os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def reader_supplied(game):
    """What the page's checkpoint example expects the reader to have."""
    rng = np.random.default_rng(0)
    size, actions, seats = game.information_state_tensor_size, game.num_distinct_actions, game.num_players
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(1)
    return {
        "w0": rng.normal(size=(64, size)).astype(np.float32), "b0": np.zeros(64, np.float32),
        "w1": rng.normal(size=(64, 64)).astype(np.float32), "b1": np.zeros(64, np.float32),
        "wp": rng.normal(size=(actions, 64)).astype(np.float32), "bp": np.zeros(actions, np.float32),
        "wv": rng.normal(size=(seats, 64)).astype(np.float32), "bv": np.zeros(seats, np.float32),
        "inputs": state.information_state_tensor(0)[None], "masks": state.legal_action_mask()[None],
    }


class PythonDocTest(unittest.TestCase):
    @unittest.skipIf(torch is None, "torch is not importable (Debian: python3-torch)")
    def test_every_python_block_of_docs_python_md_runs(self):
        with open(os.path.join(SOURCE_DIR, "docs", "python.md"), encoding="utf-8") as f:
            blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
        self.assertGreaterEqual(len(blocks), 6)
        namespace = {}
        start = os.getcwd()
        with tempfile.TemporaryDirectory() as folder:
            os.chdir(folder)
            try:
                for number, block in enumerate(blocks):
                    if "PolicyValueNet" in block:
                        namespace.update(reader_supplied(kibitz.load_game("leduc_poker")))
                    block = block.replace('"policy.txt"', '"uniform"')
                    with self.subTest(block=number):
                        exec(compile(block, "docs/python.md block %d" % number, "exec"), namespace)
            finally:
                os.chdir(start)


if __name__ == "__main__":
    unittest.main()
