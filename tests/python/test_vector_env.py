"""kibitz.Env and kibitz.VectorEnv from Python: zero copy, auto-reset, errors."""

import gc
import threading
import time
import unittest

import numpy as np

import kibitz

try:
    import torch
except ImportError:  # torch is optional: Debian's python3-torch
    torch = None

BUFFERS = ("observations", "legal_masks", "rewards", "episode_returns", "players", "first", "terminated",
           "truncated")


def random_legal_actions(masks, rng):
    """One legal action per row of a 0/1 mask, chosen uniformly in NumPy."""
    scores = rng.random(masks.shape) * masks
    return scores.argmax(axis=1).astype(np.int32)


def address(array):
    return array.__array_interface__["data"][0]


class VectorEnvTest(unittest.TestCase):
    def setUp(self):
        self.game = kibitz.load_game("leduc_poker")
        self.env = kibitz.VectorEnv(self.game, num_envs=8, threads=2)
        self.env.reset(7)

    def test_shapes_and_dtypes(self):
        env = self.env
        self.assertEqual(env.observations.shape, (8, self.game.information_state_tensor_size))
        self.assertEqual(env.legal_masks.shape, (8, self.game.num_distinct_actions))
        self.assertEqual(env.rewards.shape, (8, 2))
        self.assertEqual(env.players.shape, (8,))
        self.assertEqual(env.observations.dtype, np.float32)
        self.assertEqual(env.players.dtype, np.int32)
        self.assertEqual(env.terminated.dtype, np.uint8)
        self.assertTrue(all(env.first == 1))

    def test_arrays_alias_the_buffers_across_steps(self):
        env = self.env
        held = {name: getattr(env, name) for name in BUFFERS}
        addresses = {name: address(array) for name, array in held.items()}
        rng = np.random.default_rng(0)
        before = held["observations"].copy()
        for _ in range(30):
            env.step(random_legal_actions(env.legal_masks, rng))
            for name in BUFFERS:
                fresh = getattr(env, name)
                self.assertEqual(address(fresh), addresses[name], name)
                self.assertTrue(np.shares_memory(fresh, held[name]), name)
        # The array taken before the steps shows the new contents: no copy.
        self.assertFalse(np.array_equal(before, held["observations"]))
        np.testing.assert_array_equal(held["observations"], env.observations)

    def test_rows_equal_each_env_state(self):
        env = self.env
        rng = np.random.default_rng(1)
        for _ in range(12):
            env.step(random_legal_actions(env.legal_masks, rng))
            for i in range(env.num_envs):
                player = int(env.players[i])
                if player == kibitz.TERMINAL:
                    self.assertTrue(env.terminated[i])
                    continue
                state = env.env_state(i)
                self.assertEqual(state.current_player(), player)
                np.testing.assert_array_equal(env.observations[i], state.information_state_tensor(player))
                np.testing.assert_array_equal(env.legal_masks[i], state.legal_action_mask())

    def test_episodes_end_with_zero_sum_returns_and_auto_reset(self):
        env = self.env
        rng = np.random.default_rng(2)
        finished = 0
        for _ in range(200):
            env.step(random_legal_actions(env.legal_masks, rng))
            done = env.terminated.astype(bool)
            if done.any():
                returns = env.episode_returns[done]
                np.testing.assert_allclose(returns.sum(axis=1), 0.0, atol=1e-6)
                # Rows still playing report no returns.
                np.testing.assert_array_equal(env.episode_returns[~done], 0.0)
                finished += int(done.sum())
        self.assertGreater(finished, 50)

    def test_same_seed_same_batches(self):
        other = kibitz.VectorEnv(self.game, num_envs=8, threads=1)
        other.reset(7)
        rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
        for _ in range(40):
            self.env.step(random_legal_actions(self.env.legal_masks, rng_a))
            other.step(random_legal_actions(other.legal_masks, rng_b))
            np.testing.assert_array_equal(self.env.observations, other.observations)
            np.testing.assert_array_equal(self.env.rewards, other.rewards)

    def test_arrays_keep_the_env_alive(self):
        env = kibitz.VectorEnv(self.game, num_envs=4)
        env.reset(1)
        observations = env.observations
        expected = observations.copy()
        del env
        gc.collect()
        np.testing.assert_array_equal(observations, expected)
        self.assertIsInstance(observations.base, kibitz.VectorEnv)

    def test_bad_actions_raise_and_change_nothing(self):
        env = self.env
        before = env.observations.copy()
        actions = random_legal_actions(env.legal_masks, np.random.default_rng(0))
        actions[3] = 99
        with self.assertRaisesRegex(kibitz.KibitzError, "99"):
            env.step(actions)
        np.testing.assert_array_equal(env.observations, before)
        with self.assertRaisesRegex(kibitz.KibitzError, "one action per env"):
            env.step(np.zeros(3, dtype=np.int32))
        with self.assertRaisesRegex(kibitz.KibitzError, "num_envs|at least|>= 1"):
            kibitz.VectorEnv(self.game, num_envs=0)

    def test_the_observation_tensor_option(self):
        env = kibitz.VectorEnv(self.game, num_envs=4, observation="observation")
        env.reset(2)
        self.assertEqual(env.observations.shape, (4, self.game.observation_tensor_size))
        for i in range(4):
            state = env.env_state(i)
            np.testing.assert_array_equal(env.observations[i], state.observation_tensor(int(env.players[i])))
        with self.assertRaisesRegex(kibitz.KibitzError, "unknown observation type 'pixels'"):
            kibitz.VectorEnv(self.game, num_envs=4, observation="pixels")

    def test_max_steps_truncates_episodes(self):
        env = kibitz.VectorEnv(kibitz.load_game("loyalist_spies"), num_envs=4, max_steps=3)
        env.reset(5)
        rng = np.random.default_rng(8)
        for _ in range(3):
            self.assertFalse(env.truncated.any())
            env.step(random_legal_actions(env.legal_masks, rng))
        self.assertTrue(env.truncated.all())
        self.assertFalse(env.terminated.any())

    def test_any_integer_actions_are_accepted_and_floats_refused(self):
        rng = np.random.default_rng(4)
        self.env.step(random_legal_actions(self.env.legal_masks, rng).astype(np.int64))
        self.assertTrue(all(self.env.first == 0))
        self.env.step(random_legal_actions(self.env.legal_masks, rng).tolist())
        if torch is not None:
            self.env.step(torch.from_numpy(random_legal_actions(self.env.legal_masks, rng).astype(np.int64)))
        before = self.env.observations.copy()
        with self.assertRaisesRegex(kibitz.KibitzError, "integers, not float64"):
            self.env.step(random_legal_actions(self.env.legal_masks, rng).astype(np.float64))
        np.testing.assert_array_equal(self.env.observations, before)

    @unittest.skipIf(torch is None, "torch is not importable")
    def test_torch_from_numpy_shares_the_memory(self):
        env = self.env
        tensor = torch.from_numpy(env.observations)
        self.assertEqual(tensor.data_ptr(), address(env.observations))
        masks = torch.from_numpy(env.legal_masks)
        rng = np.random.default_rng(5)
        env.step(random_legal_actions(env.legal_masks, rng))
        self.assertTrue(torch.equal(tensor, torch.from_numpy(env.observations.copy())))
        self.assertTrue(torch.equal(masks, torch.from_numpy(env.legal_masks.copy())))

    def test_step_releases_the_gil(self):
        # While another thread runs a long step, this thread keeps running
        # Python: the longest pause it sees is far shorter than the step. A
        # step holding the GIL would pause it for the whole step.
        game = kibitz.load_game("loyalist_spies")
        env = kibitz.VectorEnv(game, num_envs=8192, threads=1)
        env.reset(0)
        actions = random_legal_actions(env.legal_masks, np.random.default_rng(6))
        start = time.perf_counter()
        env.step(actions)
        step_seconds = time.perf_counter() - start
        self.assertGreater(step_seconds, 0.005)
        # Three tries: on a loaded machine the OS may pause this thread too.
        ratios = [self.longest_pause_during_step(env, seed) / step_seconds for seed in (7, 8, 9)]
        self.assertLess(min(ratios), 0.5, ratios)

    @staticmethod
    def longest_pause_during_step(env, seed):
        actions = random_legal_actions(env.legal_masks, np.random.default_rng(seed))
        thread = threading.Thread(target=env.step, args=(actions,))
        longest_pause = 0.0
        last = time.perf_counter()
        thread.start()
        while thread.is_alive():
            now = time.perf_counter()
            longest_pause = max(longest_pause, now - last)
            last = now
        thread.join()
        return longest_pause


class EnvTest(unittest.TestCase):
    def test_single_env_time_steps(self):
        game = kibitz.load_game("kuhn_poker")
        env = kibitz.Env(game)
        step = env.reset(3)
        self.assertTrue(step.first)
        self.assertIn(step.player, (0, 1))
        self.assertIsNone(step.episode_returns)
        mask_view = env.legal_mask
        total = np.zeros(2)
        while not step.terminated:
            legal = np.flatnonzero(step.legal_mask)
            np.testing.assert_array_equal(mask_view, step.legal_mask)  # one buffer, viewed twice
            self.assertTrue(np.shares_memory(mask_view, step.legal_mask))
            step = env.step(int(legal[0]))
            total += step.rewards
        np.testing.assert_allclose(step.episode_returns, total)
        self.assertEqual(step.player, kibitz.TERMINAL)
        self.assertTrue(step.done())
        with self.assertRaisesRegex(kibitz.KibitzError, "reset|ended|over"):
            env.step(0)

    def test_observe_any_seat_equals_its_tensor(self):
        game = kibitz.load_game("leduc_poker")
        env = kibitz.Env(game)
        env.reset(9)
        state = env.state()
        for seat in (0, 1):
            np.testing.assert_array_equal(env.observe(seat), state.information_state_tensor(seat))
        with self.assertRaisesRegex(kibitz.KibitzError, "no seat 2"):
            env.observe(2)


if __name__ == "__main__":
    unittest.main()
