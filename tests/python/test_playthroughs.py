"""Every game through the Python API against C++'s results for the same seed.

tests/golden/<game>.txt is the C++ golden playthrough of each registered game
(tests/golden/golden_test.cc): chance and seats draw from one seeded
kibitz::Rng. Replaying the same draws through the Python module must give the
same states, legal actions, action texts, chosen actions and returns, line by
line. And kibitz.play_deal (the C++ game loop) with random agents must match
a Python loop that seeds chance and agents as the arena does.
"""

import os
import re
import unittest

import kibitz

SOURCE_DIR = os.environ.get("KIBITZ_SOURCE_DIR",
                            os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GOLDEN_DIR = os.path.join(SOURCE_DIR, "tests", "golden")


def read_golden(name):
    """(Rng label, game spec, moves, final returns) of a golden file; each move
    a dict: "state" (the full text), "tensors" {seat: sparse text}, "choices"
    (the legal or outcomes line) and "chosen"."""
    with open(os.path.join(GOLDEN_DIR, name + ".txt"), encoding="utf-8") as f:
        text = f.read()
    label = re.search(r"child '([^']*)'", text).group(1)
    spec = re.search(r"^game (.*)$", text, re.M).group(1)
    moves = []
    for block in re.split(r"^move \d+$", text, flags=re.M)[1:]:
        lines = block.strip("\n").split("\n")
        move = {"tensors": {}}
        state_lines = None
        for line in lines:
            if line.startswith("  state: "):
                state_lines = [line[len("  state: "):]]
            elif state_lines is not None and not line.startswith("  "):
                state_lines.append(line)  # a multi-line state text goes on unindented
            elif line.startswith("  seat "):
                if state_lines is not None:
                    move["state"] = "\n".join(state_lines).rstrip("\n")
                    state_lines = None
                tensor = re.match(r"  seat (\d+) infostate tensor: (.*)$", line)
                if tensor:
                    move["tensors"][int(tensor.group(1))] = tensor.group(2)
            elif line.startswith("  legal ") or line.startswith("  outcomes "):
                move["choices"] = line.split(" ", 3)[3]
            elif line.startswith("  chosen "):
                move["chosen"] = int(line.split()[1])
        moves.append(move)
    final = re.search(r"^returns (.*)$", text, re.M).group(1)
    return label, spec, moves, [float(x) for x in final.split()]


def sparse(tensor):
    """The golden file's tensor text: index:value of the nonzero entries."""
    parts = ["%d:%s" % (i, _number(float(v))) for i, v in enumerate(tensor) if v != 0]
    return " ".join(parts) if parts else "(all zero)"


class GoldenPlaythroughTest(unittest.TestCase):
    def test_every_game_replays_its_golden_playthrough(self):
        names = [info.name for info in kibitz.registered_games()]
        self.assertGreaterEqual(len(names), 8)
        for name in names:
            with self.subTest(game=name):
                self.check_game(name)

    def check_game(self, name):
        label, spec, moves, final_returns = read_golden(name)
        game = kibitz.load_game(label)
        self.assertEqual(game.spec, spec)
        rng = kibitz.Rng(2024).child(label)
        state = game.new_initial_state()
        self.assertGreater(len(moves), 2)
        for number, move in enumerate(moves):
            where = "%s move %d" % (name, number)
            self.assertEqual(state.to_string().rstrip("\n"), move["state"], where)
            for seat, tensor in move["tensors"].items():
                self.assertEqual(sparse(state.information_state_tensor(seat)), tensor, where)
            if "chosen" not in move:
                break  # the terminal state's block
            choices, chosen = move["choices"], move["chosen"]
            player = state.current_player()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                listed = ", ".join("%d (%s) p=%s" % (a, state.action_to_string(kibitz.CHANCE, a), _number(p))
                                   for a, p in outcomes)
                self.assertEqual(listed, choices, where)
                action = outcomes[rng.sample_index([p for _, p in outcomes])][0]
            else:
                legal = state.legal_actions()
                listed = ", ".join("%d (%s)" % (a, state.action_to_string(player, a)) for a in legal)
                self.assertEqual(listed, choices, where)
                action = legal[rng.uniform_int(len(legal))]
            self.assertEqual(action, chosen, where)
            state.apply_action(action)
        self.assertTrue(state.is_terminal())
        for got, expected in zip(state.returns(), final_returns):
            self.assertAlmostEqual(got, expected, places=5)


def _number(p):
    """The golden file's number format: shortest round-trip text (C++'s %.17g trimmed)."""
    return repr(p) if p != int(p) else str(int(p))


class GameLoopTest(unittest.TestCase):
    def test_play_deal_equals_a_python_loop_seeded_as_the_arena(self):
        for info in kibitz.registered_games():
            game = kibitz.load_game(info.test_specs[0])
            seed = 99
            final, record = kibitz.play_deal(game, ["random"] * game.num_players, seed)
            chance = kibitz.Rng(seed)
            agents = [kibitz.make_agent("random", game, kibitz.Rng(seed).child("seat", s).seed)
                      for s in range(game.num_players)]
            for seat, agent in enumerate(agents):
                agent.new_game(seat)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance_outcome(chance))
                else:
                    seat = state.current_player()
                    state.apply_action(agents[seat].act(state.seat_view(seat)))
            self.assertEqual(state.history, record.actions, info.name)
            self.assertEqual(state, final, info.name)
            self.assertEqual(state.returns(), record.returns, info.name)


if __name__ == "__main__":
    unittest.main()
