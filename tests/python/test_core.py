"""The core API from Python: games, states, streams, serialization, errors.

Run by ctest (python.test_core) with the module's build folder on PYTHONPATH;
by hand: PYTHONPATH=build-py/python /usr/bin/python3 -m unittest test_core
from tests/python/.
"""

import json
import os
import unittest

import numpy as np

import kibitz


def deal_kuhn(first, second):
    """A Kuhn state after dealing `first` to seat 0 and `second` to seat 1 (0=J, 1=Q, 2=K)."""
    state = kibitz.load_game("kuhn_poker").new_initial_state()
    state.apply_action(first)
    state.apply_action(second)
    return state


class GamesTest(unittest.TestCase):
    def test_every_registered_game_loads_with_its_declared_parameters(self):
        names = [info.name for info in kibitz.registered_games()]
        for expected in ("kuhn_poker", "leduc_poker", "loyalist_spies", "adulting", "laws_and_disorder",
                         "tea_game", "spoon_nomic", "liars_dice"):
            self.assertIn(expected, names)
        for info in kibitz.registered_games():
            game = kibitz.load_game(info.name)
            self.assertEqual(game.name, info.name)
            self.assertEqual(list(game.params.keys()), [p.name for p in info.params])
            self.assertEqual(kibitz.load_game(game.spec), game)

    def test_every_game_carries_its_rules_file(self):
        source = os.environ.get("KIBITZ_SOURCE_DIR",
                                os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
        for info in kibitz.registered_games():
            with open(os.path.join(source, "docs", "rules", info.name + ".md"), encoding="utf-8") as f:
                self.assertEqual(info.rules, f.read(), info.name)
            self.assertEqual(kibitz.load_game(info.name).rules, info.rules)

    def test_the_version_is_the_projects(self):
        source = os.environ.get("KIBITZ_SOURCE_DIR",
                                os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
        with open(os.path.join(source, "CMakeLists.txt"), encoding="utf-8") as f:
            self.assertIn("project(kibitz VERSION %s " % kibitz.__version__, f.read())

    def test_kuhn_facts(self):
        game = kibitz.load_game("kuhn_poker")
        self.assertEqual(game.num_players, 2)
        self.assertEqual(game.num_distinct_actions, 2)
        self.assertEqual(game.max_chance_outcomes, 3)
        self.assertEqual(game.reward_model, "zero_sum")
        self.assertEqual((game.min_return, game.max_return), (-2.0, 2.0))
        self.assertEqual(game.spec, "kuhn_poker(players=2)")
        state = game.new_initial_state()
        self.assertEqual(state.current_player(), kibitz.CHANCE)
        outcomes = state.chance_outcomes()
        self.assertEqual([a for a, _ in outcomes], [0, 1, 2])
        for _, p in outcomes:
            self.assertAlmostEqual(p, 1 / 3)

    def test_parameters_change_the_game_and_bad_ones_name_themselves(self):
        self.assertEqual(kibitz.load_game("kuhn_poker(players=3)").num_players, 3)
        with self.assertRaisesRegex(kibitz.KibitzError, "players"):
            kibitz.load_game("kuhn_poker(players=99)")
        with self.assertRaisesRegex(kibitz.KibitzError, "no_such_game"):
            kibitz.load_game("no_such_game")
        with self.assertRaises(ValueError):  # KibitzError is a ValueError
            kibitz.load_game("kuhn_poker(")

    def test_param_specs_describe_themselves(self):
        players = next(p for p in kibitz.find_game("kuhn_poker").params if p.name == "players")
        self.assertEqual(players.type, "int")
        self.assertEqual(players.default, 2)
        self.assertIn("default 2", players.describe_range())


class StateTest(unittest.TestCase):
    def test_kuhn_showdown_returns(self):
        # K against J: pass, bet, call -> the king wins the pot of 2 each.
        state = deal_kuhn(2, 0)
        self.assertEqual(state.current_player(), 0)
        self.assertEqual(state.legal_actions(), [0, 1])
        for action in ("pass", "bet", "bet"):
            state.apply_action(state.string_to_action(state.current_player(), action))
        self.assertTrue(state.is_terminal())
        self.assertEqual(state.returns(), [2.0, -2.0])
        self.assertEqual(state.history, [2, 0, 0, 1, 1])

    def test_action_strings_round_trip(self):
        state = deal_kuhn(1, 2)
        for action in state.legal_actions():
            text = state.action_to_string(0, action)
            self.assertEqual(state.string_to_action(0, text), action)
            self.assertEqual(state.string_to_action(0, "  " + text.upper() + " "), action)
        with self.assertRaisesRegex(kibitz.KibitzError, "raise"):
            state.string_to_action(0, "raise")

    def test_illegal_action_raises_and_changes_nothing(self):
        state = deal_kuhn(0, 1)
        before = state.serialize()
        with self.assertRaisesRegex(kibitz.KibitzError, "7"):
            state.apply_action(7)
        self.assertEqual(state.serialize(), before)

    def test_clone_is_independent(self):
        state = deal_kuhn(0, 1)
        copy = state.clone()
        copy.apply_action(1)
        self.assertEqual(state.move_number(), 2)
        self.assertEqual(copy.move_number(), 3)
        self.assertNotEqual(state, copy)

    def test_serialization_round_trips(self):
        game = kibitz.load_game("leduc_poker")
        state = game.new_initial_state()
        rng = kibitz.Rng(5)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.uniform_int(len(legal))])
            text = state.serialize()
            again = kibitz.deserialize_state(text)
            self.assertEqual(again, state)
            self.assertEqual(again.serialize(), text)
        self.assertEqual(game.state_from_history(state.history), state)
        with self.assertRaises(kibitz.KibitzError):
            kibitz.deserialize_state("leduc_poker(players=2)\n0 0 0 0 0\n")

    def test_states_and_games_pickle_as_their_serialization(self):
        import pickle
        state = deal_kuhn(2, 1)
        state.apply_action(1)
        again = pickle.loads(pickle.dumps(state))
        self.assertEqual(again, state)
        self.assertEqual(again.history, [2, 1, 1])
        game = kibitz.load_game("loyalist_spies(rounds=1)")
        self.assertEqual(pickle.loads(pickle.dumps(game)).spec, game.spec)

    def test_tensors_have_the_declared_shapes_and_the_mask_matches(self):
        game = kibitz.load_game("leduc_poker")
        state = game.new_initial_state()
        state.apply_action(0)
        state.apply_action(1)
        tensor = state.information_state_tensor(0)
        self.assertEqual(tensor.dtype, np.float32)
        self.assertEqual(list(tensor.shape), game.information_state_tensor_shape)
        self.assertEqual(list(state.observation_tensor(1).shape), game.observation_tensor_shape)
        mask = state.legal_action_mask()
        self.assertEqual(list(np.flatnonzero(mask)), state.legal_actions())
        with self.assertRaisesRegex(kibitz.KibitzError, "no seat 5"):
            state.information_state_tensor(5)

    def test_bad_seats_and_node_kinds_raise(self):
        state = kibitz.load_game("kuhn_poker").new_initial_state()
        with self.assertRaisesRegex(kibitz.KibitzError, "chance node"):
            state.legal_action_mask()
        with self.assertRaisesRegex(kibitz.KibitzError, "no seat -2"):
            state.seat_stream(-2)
        deal = deal_kuhn(0, 1)
        with self.assertRaisesRegex(kibitz.KibitzError, "not a chance node"):
            deal.chance_outcomes()
        with self.assertRaisesRegex(kibitz.KibitzError, "no seat 5"):
            deal.action_to_string(5, 1)
        with self.assertRaisesRegex(kibitz.KibitzError, "no seat 7"):
            deal.string_to_action(7, "bet")
        self.assertEqual(state.action_to_string(kibitz.CHANCE, 2), "deal K")
        with self.assertRaisesRegex(kibitz.KibitzError, "seat to act"):
            state.seat_view(kibitz.CHANCE)  # the chance player is no seat
        with self.assertRaisesRegex(kibitz.KibitzError, "positive bound"):
            kibitz.Rng(1).uniform_int(0)


class StreamTest(unittest.TestCase):
    def test_a_seat_sees_its_own_card_and_not_the_other(self):
        state = deal_kuhn(2, 0)
        mine = [o.text for o in state.seat_stream(0)]
        theirs = [o.text for o in state.seat_stream(1)]
        public = [o.text for o in state.public_stream()]
        self.assertTrue(any("K" in text for text in mine), mine)
        self.assertFalse(any("K" in text for text in theirs), theirs)
        self.assertFalse(any("K" in text or "J" in text for text in public), public)
        self.assertNotEqual(mine, theirs)

    def test_observations_read_back_from_text_and_json(self):
        game = kibitz.load_game("leduc_poker")
        state = game.new_initial_state()
        rng = kibitz.Rng(11)
        while not state.is_terminal():
            state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node()
                               else state.legal_actions()[-1])
        for seat in (0, 1, kibitz.SPECTATOR):
            stream = state.seat_stream(seat)
            self.assertGreater(len(stream), 2)
            as_json = json.loads(state.seat_stream_json(seat))
            self.assertEqual(as_json, [o.to_dict() for o in stream])
            for observation, data in zip(stream, as_json):
                self.assertEqual(data["kind"], observation.kind)
                self.assertEqual(kibitz.Observation.from_json(game, data), observation)
                self.assertEqual(kibitz.Observation.from_json(game, observation.to_json()), observation)
                self.assertEqual(kibitz.Observation.from_text(game, observation.text), observation)
        with self.assertRaises(kibitz.KibitzError):
            kibitz.Observation.from_text(game, "P0 juggles")

    def test_information_state_string_comes_from_the_stream(self):
        # Two deals that seat 0 cannot tell apart give it the same string and tensor.
        a, b = deal_kuhn(1, 0), deal_kuhn(1, 2)
        self.assertEqual(a.information_state_string(0), b.information_state_string(0))
        np.testing.assert_array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
        self.assertNotEqual(a.information_state_string(1), b.information_state_string(1))


class WorldSamplingTest(unittest.TestCase):
    def test_worlds_from_a_stream_agree_with_it_and_cover_the_hidden_card(self):
        state = deal_kuhn(1, 0)
        state.apply_action(1)  # seat 0 bets
        stream = state.seat_stream(0)
        game = state.game
        rng = kibitz.Rng(3)
        opponent_cards = set()
        for _ in range(40):
            world = kibitz.sample_world(game, 0, stream, rng)
            self.assertEqual(world.seat_stream(0), stream)
            self.assertEqual(world.history[0], 1)  # seat 0's own card never changes
            opponent_cards.add(world.history[1])
        self.assertEqual(opponent_cards, {0, 2})

    def test_every_game_samples_worlds_matching_a_seat_stream(self):
        for info in kibitz.registered_games():
            game = kibitz.load_game(info.test_specs[0])
            state = game.new_initial_state()
            rng = kibitz.Rng(17)
            for _ in range(12):  # a few moves in, then sample for the seat to act
                if state.is_terminal():
                    break
                state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node()
                                   else state.legal_actions()[0])
            while state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            if state.is_terminal():
                continue
            seat = state.current_player()
            view = state.seat_view(seat)
            world = view.sample_world(rng)
            self.assertEqual(world.seat_stream(seat), state.seat_stream(seat), info.name)
            self.assertEqual(world.legal_actions(), state.legal_actions(), info.name)

    def test_a_stream_of_another_game_is_refused(self):
        kuhn = kibitz.load_game("kuhn_poker")
        leduc = kibitz.load_game("leduc_poker").new_initial_state()
        leduc.apply_action(0)
        leduc_stream = leduc.seat_stream(0)
        self.assertTrue(leduc_stream)
        with self.assertRaisesRegex(kibitz.KibitzError, "another|of leduc"):
            kibitz.sample_world(kuhn, 0, leduc_stream, kibitz.Rng(0))


class SeatViewTest(unittest.TestCase):
    def test_a_view_is_for_the_seat_to_act_and_matches_the_state(self):
        state = deal_kuhn(2, 1)
        view = state.seat_view(0)
        self.assertEqual(view.seat, 0)
        self.assertEqual(view.legal_actions(), state.legal_actions())
        self.assertEqual(view.stream(), state.seat_stream(0))
        self.assertEqual(view.information_state_string(), state.information_state_string(0))
        np.testing.assert_array_equal(view.information_state_tensor(), state.information_state_tensor(0))
        with self.assertRaisesRegex(kibitz.KibitzError, "seat to act"):
            state.seat_view(1)

    def test_a_view_keeps_its_own_copy(self):
        state = deal_kuhn(2, 1)
        view = state.seat_view(0)
        state.apply_action(1)
        self.assertEqual(view.move_number(), 2)
        self.assertEqual(view.legal_actions(), [0, 1])


if __name__ == "__main__":
    unittest.main()
