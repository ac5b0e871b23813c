"""Checkpoints written from Python and read by the nn agent's C++ code, and
exploitability of tabular policies."""

import os
import tempfile
import unittest

import numpy as np

import kibitz

SOURCE_DIR = os.environ.get("KIBITZ_SOURCE_DIR",
                            os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def random_tensors(game, hidden, seed):
    rng = np.random.default_rng(seed)
    sizes = [game.information_state_tensor_size] + hidden
    tensors = []
    for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
        tensors += [("trunk.%d.weight" % i, rng.normal(0, 0.3, (b, a)).astype(np.float32)),
                    ("trunk.%d.bias" % i, rng.normal(0, 0.1, b).astype(np.float32))]
    tensors += [("policy.weight", rng.normal(0, 0.5, (game.num_distinct_actions, sizes[-1])).astype(np.float32)),
                ("policy.bias", rng.normal(0, 0.1, game.num_distinct_actions).astype(np.float32)),
                ("value.weight", rng.normal(0, 0.5, (game.num_players, sizes[-1])).astype(np.float32)),
                ("value.bias", rng.normal(0, 0.1, game.num_players).astype(np.float32))]
    return tensors


def numpy_forward(tensors, x, mask, value_scale):
    """The network's function as docs/neural.md states it, in NumPy."""
    weights = dict(tensors)
    layer = 0
    while "trunk.%d.weight" % layer in weights:
        x = np.maximum(0, weights["trunk.%d.weight" % layer] @ x + weights["trunk.%d.bias" % layer])
        layer += 1
    logits = weights["policy.weight"] @ x + weights["policy.bias"]
    logits = np.where(mask > 0, logits, -np.inf)
    policy = np.exp(logits - logits.max())
    policy /= policy.sum()
    values = np.tanh(weights["value.weight"] @ x + weights["value.bias"]) * value_scale
    return policy, values


class CheckpointTest(unittest.TestCase):
    def setUp(self):
        self.game = kibitz.load_game("leduc_poker")
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "net.pt")

    def tearDown(self):
        self.folder.cleanup()

    def test_written_weights_read_back_and_evaluate_as_the_network_function(self):
        tensors = random_tensors(self.game, [24, 16], 0)
        kibitz.write_checkpoint(self.path, self.game, [24, 16], tensors, training_step=7)
        back = kibitz.read_checkpoint(self.path)
        self.assertEqual(back["game_name"], "leduc_poker")
        self.assertEqual(back["hidden"], [24, 16])
        self.assertEqual(back["training_step"], 7)
        self.assertEqual((back["value_min"], back["value_max"]), (self.game.min_return, self.game.max_return))
        for (name, array), (name_back, array_back) in zip(tensors, back["tensors"]):
            self.assertEqual(name, name_back)
            np.testing.assert_array_equal(array, array_back)
        net = kibitz.PolicyValueNet.load(self.path, self.game)
        state = self.game.new_initial_state()
        state.apply_action(1)
        state.apply_action(4)
        state.apply_action(2)  # seat 0 raises
        x, mask = state.information_state_tensor(1), state.legal_action_mask()
        policy, values = net.evaluate(x[None], mask[None])
        expected_policy, expected_values = numpy_forward(tensors, x, mask, self.game.max_return)
        np.testing.assert_allclose(policy[0], expected_policy, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(values[0], expected_values, rtol=1e-5, atol=1e-5)

    def test_tensors_that_do_not_fit_the_game_are_refused_before_writing(self):
        tensors = random_tensors(self.game, [8], 1)
        with self.assertRaisesRegex(kibitz.KibitzError, "trunk.0.weight|sizes|shape"):
            kibitz.write_checkpoint(self.path, self.game, [9], tensors)
        with self.assertRaises(kibitz.KibitzError):
            kibitz.write_checkpoint(self.path, self.game, [8], tensors[:-1])
        self.assertFalse(os.path.exists(self.path))

    def test_a_checkpoint_of_another_game_or_a_corrupt_one_is_refused(self):
        kibitz.write_checkpoint(self.path, self.game, [8], random_tensors(self.game, [8], 2))
        with self.assertRaisesRegex(kibitz.KibitzError, "leduc_poker"):
            kibitz.PolicyValueNet.load(self.path, kibitz.load_game("kuhn_poker"))
        with open(self.path, "rb") as f:
            data = bytearray(f.read())
        data[-3] ^= 0xFF
        with open(self.path, "wb") as f:
            f.write(data)
        with self.assertRaisesRegex(kibitz.KibitzError, "corrupt|checksum"):
            kibitz.read_checkpoint(self.path)


class ExploitabilityTest(unittest.TestCase):
    def test_uniform_policies_have_their_known_nash_conv(self):
        self.assertAlmostEqual(kibitz.exploitability(kibitz.load_game("leduc_poker"), "uniform")["nash_conv"],
                               4.747222222, places=6)
        kuhn = kibitz.exploitability(kibitz.load_game("kuhn_poker"), "uniform")
        self.assertAlmostEqual(kuhn["nash_conv"], 0.916666667, places=6)
        self.assertAlmostEqual(kuhn["exploitability"], kuhn["nash_conv"] / 2)

    def test_the_kuhn_equilibrium_file_and_dict_are_unexploitable(self):
        game = kibitz.load_game("kuhn_poker")
        path = os.path.join(SOURCE_DIR, "tests", "agents", "data", "kuhn_nash.policy")
        self.assertAlmostEqual(kibitz.exploitability(game, path)["nash_conv"], 0.0, places=6)
        # Always betting is exploitable: a dict policy, uniform where missing.
        always_bet = {}
        state = game.new_initial_state()
        for card in range(3):
            dealt = state.clone()
            dealt.apply_action(card)
            dealt.apply_action((card + 1) % 3)
            always_bet[dealt.information_state_string(0)] = {1: 1.0}
        report = kibitz.exploitability(game, always_bet, allow_missing=True)
        self.assertGreater(report["nash_conv"], 0.1)
        with self.assertRaisesRegex(kibitz.KibitzError, "no entry for information state"):
            kibitz.exploitability(game, always_bet)


if __name__ == "__main__":
    unittest.main()
