"""kibitz.gymnasium_env.SingleAgentEnv: one seat, kibitz agents in the others."""

import unittest

import numpy as np

import kibitz
from kibitz import gymnasium_env


def run_episode(env, seed, rng):
    observation, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        self_check = env.observation_space.contains(observation)
        assert self_check, "observation outside its space"
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, env._state


class SingleAgentTest(unittest.TestCase):
    def test_rewards_sum_to_the_learners_return(self):
        env = gymnasium_env.SingleAgentEnv("leduc_poker", seat=1, opponents="random")
        rng = np.random.default_rng(0)
        for seed in range(20):
            total, steps, final = run_episode(env, seed, rng)
            self.assertGreater(steps, 0)
            self.assertTrue(final.is_terminal())
            self.assertAlmostEqual(total, final.returns()[1])

    def test_the_learner_acts_only_in_its_seat_and_sees_its_own_tensor(self):
        env = gymnasium_env.SingleAgentEnv("kuhn_poker(players=3)", seat=2, opponents=["random", "random"])
        observation, info = env.reset(seed=4)
        state = env._state
        self.assertEqual(state.current_player(), 2)
        np.testing.assert_array_equal(observation, state.information_state_tensor(2))
        self.assertEqual(list(np.flatnonzero(info["action_mask"])), state.legal_actions())

    def test_same_seed_same_episode_and_next_episodes_differ(self):
        def histories(env):
            rng = np.random.default_rng(1)
            first = run_episode(env, 5, rng)[2].history
            env.reset()
            second = env._state.history
            return first, second
        a = histories(gymnasium_env.SingleAgentEnv("loyalist_spies(rounds=1)", opponents="heuristic"))
        b = histories(gymnasium_env.SingleAgentEnv("loyalist_spies(rounds=1)", opponents="heuristic"))
        self.assertEqual(a, b)
        self.assertNotEqual(a[0][:len(a[1])], a[1])

    def test_the_heuristic_beats_random_play_in_loyalist_spies(self):
        # The learner plays uniformly at random against three heuristic seats.
        env = gymnasium_env.SingleAgentEnv("loyalist_spies(rounds=1)", seat=0, opponents="heuristic")
        rng = np.random.default_rng(2)
        totals = [run_episode(env, seed, rng)[0] for seed in range(60)]
        self.assertLess(np.mean(totals), 0.0)

    def test_python_opponents_are_asked_through_their_own_view(self):
        seen = []

        def always_call(view):
            seen.append((view.seat, view.information_state_string()))
            return 1  # call: legal at every Leduc decision (a check when nothing is bet)

        env = gymnasium_env.SingleAgentEnv("leduc_poker", seat=0, opponents=always_call)
        rng = np.random.default_rng(3)
        for seed in range(5):
            run_episode(env, seed, rng)
        self.assertTrue(seen)
        self.assertTrue(all(seat == 1 and info.startswith("seat 1") for seat, info in seen))

    def test_observation_tensor_and_render_show_the_learners_own_seat(self):
        env = gymnasium_env.SingleAgentEnv("kuhn_poker", seat=1, observation="observation", render_mode="ansi")
        observation, _ = env.reset(seed=6)
        state = env._state
        self.assertEqual(observation.shape, env.observation_space.shape)
        np.testing.assert_array_equal(observation, state.observation_tensor(1))
        self.assertEqual(env.render().split("\n"), [o.text for o in state.seat_stream(1)])
        public = state.public_stream()
        others_private = [o.text for o in state.seat_stream(0) if o not in public]
        self.assertTrue(others_private)
        for line in others_private:
            self.assertNotIn(line, env.render())

    def test_bad_arguments_raise(self):
        with self.assertRaisesRegex(kibitz.KibitzError, "no seat 2"):
            gymnasium_env.SingleAgentEnv("kuhn_poker", seat=2)
        with self.assertRaisesRegex(kibitz.KibitzError, "unknown agent"):
            gymnasium_env.SingleAgentEnv("kuhn_poker", opponents="nobody")
        with self.assertRaisesRegex(kibitz.KibitzError, "3 seats"):
            gymnasium_env.SingleAgentEnv("kuhn_poker(players=3)", opponents=["random"] * 5)
        env = gymnasium_env.SingleAgentEnv("kuhn_poker")
        with self.assertRaisesRegex(kibitz.KibitzError, "reset"):
            env.step(0)


if __name__ == "__main__":
    unittest.main()
