"""kibitz.pettingzoo_env.AECEnv against the rules of PettingZoo's AEC API.

PettingZoo is not a dependency, so its api_test cannot be assumed; each test
here checks one rule of the AEC API as PettingZoo documents it (attributes,
spaces, last(), stepping dead agents with None, agent_iter, rewards,
reset(seed)), on every registered game where the rule is game-independent.
"""

import unittest

import numpy as np

import kibitz
from kibitz import pettingzoo_env


def play_random_episode(env, seed, rng):
    """Plays one episode by the AEC loop with random legal actions; returns the
    agents seen acting, the rewards summed per agent and the number of steps."""
    env.reset(seed=seed)
    totals = {agent: 0.0 for agent in env.possible_agents}
    actors = []
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            actors.append(agent)
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
        steps += 1
    return actors, totals, steps


class AecContractTest(unittest.TestCase):
    def test_every_game_plays_to_the_end_by_the_aec_loop(self):
        rng = np.random.default_rng(0)
        for info in kibitz.registered_games():
            with self.subTest(game=info.name):
                env = pettingzoo_env.env(info.test_specs[0])
                actors, totals, _ = play_random_episode(env, 1, rng)
                self.assertTrue(actors)
                self.assertEqual(env.agents, [])
                if env.game.reward_model == "zero_sum":
                    self.assertAlmostEqual(sum(totals.values()), 0.0, places=5)

    def test_attributes_after_reset(self):
        env = pettingzoo_env.AECEnv("leduc_poker")
        self.assertEqual(env.possible_agents, ["player_0", "player_1"])
        env.reset(seed=3)
        self.assertEqual(env.agents, env.possible_agents)
        self.assertIsNot(env.agents, env.possible_agents)
        self.assertEqual(env.num_agents, 2)
        self.assertEqual(env.max_num_agents, 2)
        self.assertIn(env.agent_selection, env.agents)
        for table in (env.rewards, env.terminations, env.truncations, env.infos, env._cumulative_rewards):
            self.assertEqual(sorted(table), sorted(env.agents))
        self.assertEqual(set(env.rewards.values()), {0.0})
        self.assertIn("name", env.metadata)
        self.assertIn("ansi", env.metadata["render_modes"])

    def test_spaces_are_fixed_and_hold_every_observation(self):
        env = pettingzoo_env.AECEnv("leduc_poker")
        env.reset(seed=4)
        game = env.game
        for agent in env.possible_agents:
            self.assertIs(env.observation_space(agent), env.observation_space(agent))
            self.assertIs(env.action_space(agent), env.action_space(agent))
            self.assertEqual(env.action_space(agent).n, game.num_distinct_actions)
            self.assertEqual(env.observation_space(agent)["observation"].shape,
                             (game.information_state_tensor_size,))
        rng = np.random.default_rng(1)
        for agent in env.agent_iter():
            for other in env.agents:
                self.assertTrue(env.observation_space(other).contains(env.observe(other)), other)
            observation, _, termination, truncation, _ = env.last()
            env.step(None if termination or truncation
                     else int(rng.choice(np.flatnonzero(observation["action_mask"]))))

    def test_action_mask_marks_exactly_the_legal_actions_of_the_agent_to_act(self):
        env = pettingzoo_env.AECEnv("leduc_poker")
        env.reset(seed=5)
        observation, *_ = env.last()
        state = env._core.state()
        seat = state.current_player()
        self.assertEqual(env.agent_selection, "player_%d" % seat)
        self.assertEqual(observation["action_mask"].dtype, np.int8)
        self.assertEqual(list(np.flatnonzero(observation["action_mask"])), state.legal_actions())
        other = "player_%d" % (1 - seat)
        self.assertEqual(env.observe(other)["action_mask"].sum(), 0)

    def test_done_agents_are_stepped_with_none_and_removed(self):
        env = pettingzoo_env.AECEnv("kuhn_poker")
        env.reset(seed=6)
        env.step(0)  # pass
        env.step(0)  # pass: showdown, both done
        self.assertTrue(all(env.terminations.values()))
        first = env.agent_selection
        with self.assertRaisesRegex(kibitz.KibitzError, "None"):
            env.step(0)
        env.step(None)
        self.assertNotIn(first, env.agents)
        self.assertNotIn(first, env.rewards)
        self.assertEqual(len(env.agents), 1)
        env.step(None)
        self.assertEqual(env.agents, [])
        self.assertEqual(list(env.agent_iter()), [])

    def test_max_steps_truncates_every_agent(self):
        env = pettingzoo_env.AECEnv("loyalist_spies", max_steps=3)
        env.reset(seed=14)
        for _ in range(3):
            observation, _, termination, truncation, _ = env.last()
            self.assertFalse(termination or truncation)
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        self.assertTrue(all(env.truncations.values()))
        self.assertFalse(any(env.terminations.values()))
        observation, _, _, truncation, _ = env.last()
        self.assertTrue(truncation)
        self.assertEqual(observation["action_mask"].sum(), 0)
        for _ in env.agent_iter():
            env.step(None)
        self.assertEqual(env.agents, [])

    def test_the_observation_tensor_option(self):
        env = pettingzoo_env.AECEnv("leduc_poker", observation="observation")
        env.reset(seed=15)
        state = env._core.state()
        self.assertEqual(env.observation_space("player_0")["observation"].shape,
                         (env.game.observation_tensor_size,))
        for seat, agent in enumerate(env.possible_agents):
            np.testing.assert_array_equal(env.observe(agent)["observation"], state.observation_tensor(seat))

    def test_a_live_agent_needs_an_action_and_a_legal_one(self):
        env = pettingzoo_env.AECEnv("leduc_poker")
        env.reset(seed=7)
        with self.assertRaisesRegex(kibitz.KibitzError, "None"):
            env.step(None)
        illegal = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
        with self.assertRaisesRegex(kibitz.KibitzError, "illegal"):
            env.step(illegal)
        with self.assertRaisesRegex(kibitz.KibitzError, "an action is an integer, not 1.5"):
            env.step(1.5)

    def test_cumulative_rewards_sum_to_the_returns_of_the_game(self):
        env = pettingzoo_env.AECEnv("kuhn_poker")
        env.reset(seed=8)
        state = env._core.state()
        cards = state.history[:2]
        env.step(1)  # bet
        env.step(1)  # call: the higher card wins 2
        winner = 0 if cards[0] > cards[1] else 1
        self.assertEqual(env._cumulative_rewards["player_%d" % winner], 2.0)
        self.assertEqual(env._cumulative_rewards["player_%d" % (1 - winner)], -2.0)
        _, reward, termination, _, _ = env.last()
        self.assertTrue(termination)
        self.assertEqual(reward, env._cumulative_rewards[env.agent_selection])

    def test_reset_with_a_seed_repeats_the_episode(self):
        runs = []
        for _ in range(2):
            env = pettingzoo_env.AECEnv("loyalist_spies(rounds=1)")
            runs.append(play_random_episode(env, 11, np.random.default_rng(2)))
        self.assertEqual(runs[0], runs[1])
        env = pettingzoo_env.AECEnv("loyalist_spies(rounds=1)")
        other = play_random_episode(env, 12, np.random.default_rng(2))
        self.assertNotEqual(runs[0], other)


    def test_observing_changes_nothing_and_types_are_plain(self):
        # As PettingZoo's api_test checks: last() shows observe(agent_selection),
        # observing twice gives equal, independent arrays, rewards are floats,
        # flags are bools, infos are dicts, and NumPy integers are valid actions.
        env = pettingzoo_env.AECEnv("loyalist_spies(rounds=1)")
        env.reset(seed=13)
        rng = np.random.default_rng(4)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            again = env.observe(agent)
            for key in ("observation", "action_mask"):
                np.testing.assert_array_equal(observation[key], again[key])
                self.assertFalse(np.shares_memory(observation[key], again[key]))
            self.assertEqual(observation["observation"].dtype, np.float32)
            self.assertIsInstance(reward, float)
            self.assertIsInstance(termination, bool)
            self.assertIsInstance(truncation, bool)
            self.assertIsInstance(info, dict)
            if termination or truncation:
                env.step(None)
            else:
                env.step(np.int64(rng.choice(np.flatnonzero(observation["action_mask"]))))
        self.assertEqual(env.agents, [])


class OwnViewTest(unittest.TestCase):
    def test_observations_come_from_the_seats_stream_alone(self):
        # Any world drawn from a seat's stream gives the same observation:
        # nothing the seat has not seen can reach it.
        env = pettingzoo_env.AECEnv("leduc_poker")
        env.reset(seed=9)
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[-1]))
        state = env._core.state()
        rng = kibitz.Rng(0)
        for seat, agent in enumerate(env.possible_agents):
            stream = state.seat_stream(seat)
            for _ in range(10):
                world = kibitz.sample_world(env.game, seat, stream, rng)
                np.testing.assert_array_equal(env.observe(agent)["observation"],
                                              world.information_state_tensor(seat))

    def test_render_shows_the_public_stream_not_the_hidden_cards(self):
        env = pettingzoo_env.AECEnv("kuhn_poker", render_mode="ansi")
        env.reset(seed=10)
        text = env.render()
        state = env._core.state()
        self.assertEqual(text.split("\n")[:-1], [o.text for o in state.public_stream()])
        for seat in (0, 1):
            private = [o.text for o in state.seat_stream(seat) if o not in state.public_stream()]
            self.assertTrue(private)
            for line in private:
                self.assertNotIn(line, text)
        self.assertTrue(text.endswith("to act"))


if __name__ == "__main__":
    unittest.main()
