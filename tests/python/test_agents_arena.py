"""Agents, Python seats, the arena and replays from Python."""

import json
import os
import subprocess
import tempfile
import unittest

import numpy as np

import kibitz


class RecordingBot:
    """A Python seat that plays its last legal action and keeps what it was shown."""

    def __init__(self):
        self.seen = []  # (seat, move number, stream) per decision
        self.games = 0
        self.endings = []

    def new_game(self, seat):
        self.games += 1

    def act(self, view):
        self.seen.append((view.seat, view.move_number(), [o.to_json() for o in view.stream()]))
        return view.legal_actions()[-1]

    def game_over(self, seat_return, stream):
        self.endings.append((seat_return, len(stream)))


class AgentTest(unittest.TestCase):
    def test_every_registered_agent_but_nn_builds_and_acts_on_a_view(self):
        game = kibitz.load_game("kuhn_poker")
        state = game.new_initial_state()
        state.apply_action(2)
        state.apply_action(0)
        names = [info.name for info in kibitz.registered_agents()]
        self.assertIn("python", names)
        # The network agents, torch-free on the CPU as the kibitz command plays them.
        self.assertIn("nn", names)
        self.assertIn("ismcts_nn", names)
        for spec in ("random", "cfr(iters=50)", "ismcts(sims=50)", "pimc(worlds=4,sims=10)"):
            agent = kibitz.make_agent(spec, game, seed=1)
            agent.new_game(0)
            self.assertIn(agent.act(state.seat_view(0)), state.legal_actions(), spec)

    def test_cfr_bets_the_king_and_reports_its_policy(self):
        game = kibitz.load_game("kuhn_poker")
        state = game.new_initial_state()
        state.apply_action(2)  # seat 0: king
        state.apply_action(0)
        state.apply_action(1)  # seat 0 bets
        agent = kibitz.make_agent("cfr(iters=2000)", game)
        agent.new_game(1)
        # Seat 1 holds the jack facing a bet: equilibrium play always folds.
        self.assertEqual(state.action_to_string(1, agent.act(state.seat_view(1))), "pass")

    def test_bad_specs_raise_naming_the_problem(self):
        game = kibitz.load_game("kuhn_poker")
        with self.assertRaisesRegex(kibitz.KibitzError, "unknown agent 'nobody'"):
            kibitz.make_agent("nobody", game)
        with self.assertRaisesRegex(kibitz.KibitzError, "sims"):
            kibitz.make_agent("ismcts(sims=-3)", game)
        with self.assertRaisesRegex(kibitz.KibitzError, "no Python agent registered as 'ghost'"):
            kibitz.make_agent("python(name=ghost)", game)
        with self.assertRaisesRegex(kibitz.KibitzError, "letters"):
            kibitz.register_agent("bad name", lambda view: 0)

    def test_an_agent_refuses_a_view_of_another_game_and_follows_the_seat(self):
        kuhn, leduc = kibitz.load_game("kuhn_poker"), kibitz.load_game("leduc_poker")
        state = leduc.new_initial_state()
        state.apply_action(0)
        state.apply_action(1)
        with self.assertRaisesRegex(kibitz.KibitzError, "built for kuhn_poker"):
            kibitz.make_agent("random", kuhn).act(state.seat_view(0))
        agent = kibitz.make_agent("random", leduc, seed=2)
        with self.assertRaisesRegex(kibitz.KibitzError, "no seat 3"):
            agent.new_game(3)
        self.assertIn(agent.act(state.seat_view(0)), state.legal_actions())  # new_game(0) implied
        self.assertEqual(agent.game, leduc)


class PythonSeatTest(unittest.TestCase):
    def test_a_python_seat_in_the_arena_receives_only_its_own_stream(self):
        bot = RecordingBot()
        game = kibitz.load_game("loyalist_spies(rounds=1)")
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.kzr")
            stats = kibitz.arena(game, [bot, "heuristic"], deals=3, seed=4, replay_path=path)
            records = kibitz.read_replay_file(path)
        self.assertEqual(stats["games_used"], len(records))
        python_seats_played = sum(sum(1 for spec in r.agent_specs if spec.startswith("python")) for r in records)
        self.assertGreater(python_seats_played, 0)
        self.assertEqual(bot.games, python_seats_played)
        self.assertEqual(len(bot.endings), python_seats_played)
        self.assertTrue(bot.seen)
        # Replay every recorded game: at each decision the bot was shown its own
        # seat's stream, exactly, and never another seat's.
        decisions = iter(bot.seen)
        for record in records:
            python_seats = [s for s, spec in enumerate(record.agent_specs) if spec.startswith("python")]
            state = game.new_initial_state()
            for action in record.actions:
                seat = state.current_player()
                if seat in python_seats:
                    shown_seat, move, stream = next(decisions)
                    self.assertEqual((shown_seat, move), (seat, state.move_number()))
                    self.assertEqual(stream, [o.to_json() for o in state.seat_stream(seat)])
                    for other in range(game.num_players):
                        if other != seat:
                            self.assertNotEqual(stream, [o.to_json() for o in state.seat_stream(other)])
                state.apply_action(action)
        self.assertIsNone(next(decisions, None))

    def test_arena_statistics_come_back_as_python_objects(self):
        stats = kibitz.arena("kuhn_poker", ["cfr(iters=300)", "random"], deals=200, seed=1)
        self.assertEqual(stats["deals_used"], 200)
        self.assertEqual(stats["games_used"], 400)
        cfr, random = stats["agents"]
        self.assertEqual(cfr["spec"], "cfr(iters=300)")
        # An equilibrium strategy wins against uniform play in Kuhn poker.
        self.assertGreater(cfr["mean_return"]["mean"], 0.0)
        self.assertAlmostEqual(cfr["mean_return"]["mean"], -random["mean_return"]["mean"])
        self.assertLess(cfr["mean_return"]["low"], cfr["mean_return"]["mean"])
        self.assertGreater(cfr["rating"]["rating"], random["rating"]["rating"])
        self.assertEqual(len(stats["seats"]), 2)

    def test_the_same_arena_twice_gives_the_same_statistics_for_any_thread_count(self):
        one = kibitz.arena("leduc_poker", ["random", "random"], deals=50, seed=3, threads=1)
        two = kibitz.arena("leduc_poker", ["random", "random"], deals=50, seed=3, threads=2)
        self.assertEqual(one, two)

    def test_python_seats_on_two_threads_give_the_one_thread_results(self):
        class SeededBot:
            def reseed(self, seed):
                self.rng = kibitz.Rng(seed)

            def act(self, view):
                legal = view.legal_actions()
                return legal[self.rng.uniform_int(len(legal))]

        # The class: each arena worker builds its own instance.
        one = kibitz.arena("leduc_poker", [SeededBot, "random"], deals=40, seed=5, threads=1)
        two = kibitz.arena("leduc_poker", [SeededBot, "random"], deals=40, seed=5, threads=2)
        for a, b in zip(one["agents"], two["agents"]):
            self.assertEqual(a["mean_return"], b["mean_return"])

    def test_progress_is_reported_and_an_error_there_stops_the_run(self):
        calls = []
        stats = kibitz.arena("leduc_poker", ["random", "random"], deals=3000, seed=1,
                             progress=lambda done, planned: calls.append((done, planned)))
        self.assertEqual(stats["deals_used"], 3000)
        self.assertTrue(calls)
        self.assertEqual(calls[-1], (6000, 6000))

        def give_up(done, planned):
            raise RuntimeError("enough after %d" % done)

        with self.assertRaisesRegex(RuntimeError, "enough after"):
            kibitz.arena("leduc_poker", ["random", "random"], deals=10**7, seed=1, progress=give_up)

    def test_ctrl_c_stops_an_arena(self):
        import signal
        import threading
        import time
        timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
        start = time.perf_counter()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            kibitz.arena("leduc_poker", ["random", "random"], deals=10**8, seed=1, threads=2)
        timer.join()
        self.assertLess(time.perf_counter() - start, 30)

    def test_play_with_a_python_callable(self):
        game = kibitz.load_game("leduc_poker")
        calls = []

        def always_call(view):
            calls.append(view)
            legal = view.legal_actions()
            return legal[0] if len(legal) == 1 else legal[1]

        final, record = kibitz.play(game, [always_call, "random"], seed=2)
        self.assertTrue(final.is_terminal())
        self.assertEqual(record.actions, final.history)
        self.assertTrue(calls)
        # The views expired when act returned: a kept one cannot be read later.
        with self.assertRaisesRegex(kibitz.KibitzError, "expired"):
            calls[0].legal_actions()
        self.assertEqual(kibitz._kibitz._python_agents, {})

    def test_a_python_seat_that_errs_stops_the_run_with_its_error(self):
        def illegal(view):
            return 99

        with self.assertRaisesRegex(kibitz.KibitzError, "chose action 99"):
            kibitz.play("kuhn_poker", [illegal, "random"])

        def broken(view):
            raise RuntimeError("bot crashed")

        with self.assertRaisesRegex(RuntimeError, "bot crashed"):
            kibitz.arena("kuhn_poker", [broken, "random"], deals=2, threads=2)


KIBITZ = os.environ.get("KIBITZ_BINARY", "")
SOURCE_DIR = os.environ.get("KIBITZ_SOURCE_DIR",
                            os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LEDUC_MODEL = os.path.join(SOURCE_DIR, "training", "models", "leduc_poker", "model.pt")


class NetworkAgentTest(unittest.TestCase):
    def test_greedy_nn_plays_the_argmax_of_the_checkpoints_policy(self):
        game = kibitz.load_game("leduc_poker")
        net = kibitz.PolicyValueNet.load(LEDUC_MODEL, game)
        agent = kibitz.make_agent("nn(model=%s,greedy=true)" % LEDUC_MODEL, game)
        rng = kibitz.Rng(4)
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance_outcome(rng))
                    continue
                seat = state.current_player()
                policy, _ = net.evaluate(state.information_state_tensor(seat)[None], state.legal_action_mask()[None])
                action = agent.act(state.seat_view(seat))
                self.assertEqual(action, int(np.argmax(policy[0])))
                state.apply_action(action)

    def test_bad_nn_specs_raise(self):
        game = kibitz.load_game("leduc_poker")
        with self.assertRaisesRegex(kibitz.KibitzError, "model= is required"):
            kibitz.make_agent("nn", game)
        with self.assertRaisesRegex(kibitz.KibitzError, "LibTorch"):
            kibitz.make_agent("nn(model=%s,device=cuda)" % LEDUC_MODEL, game)
        with self.assertRaisesRegex(kibitz.KibitzError, "leduc_poker"):
            kibitz.make_agent("nn(model=%s)" % LEDUC_MODEL, kibitz.load_game("kuhn_poker"))

    @unittest.skipUnless(os.path.isfile(KIBITZ), "the kibitz command is not built (KIBITZ_BINARY)")
    def test_the_module_arena_equals_the_commands_with_the_same_seed(self):
        self.check_same_arena(["nn(model=%s)" % LEDUC_MODEL, "random"], deals=150)

    @unittest.skipUnless(os.path.isfile(KIBITZ), "the kibitz command is not built (KIBITZ_BINARY)")
    def test_ismcts_nn_plays_as_in_the_command(self):
        # The network search, on the CPU as the command plays it (one search
        # thread: deterministic by seed).
        self.check_same_arena(["ismcts_nn(model=%s,sims=30)" % LEDUC_MODEL, "random"], deals=20)

    def test_ismcts_nn_reports_its_search(self):
        game = kibitz.load_game("leduc_poker")
        agent = kibitz.make_agent("ismcts_nn(model=%s,sims=40)" % LEDUC_MODEL, game, 5)
        state = game.new_initial_state()
        rng = kibitz.Rng(2)
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        action = agent.act(state.seat_view(state.current_player()))
        self.assertIn(action, state.legal_actions())

    def check_same_arena(self, agents, deals):
        ours = kibitz.arena("leduc_poker", agents, deals=deals, seed=3)
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "arena.json")
            subprocess.run([KIBITZ, "arena", "--game", "leduc_poker", "--agents", ",".join(agents), "--games",
                            str(2 * deals), "--seed", "3", "--quiet", "--json", out], check=True, capture_output=True)
            with open(out, encoding="utf-8") as f:
                theirs = json.load(f)
        for mine, cli in zip(ours["agents"], theirs["agent_stats"]):
            self.assertEqual(mine["spec"], cli["spec"])
            self.assertEqual(mine["mean_return"]["mean"], cli["mean_return"]["mean"])
            self.assertEqual(mine["win_rate"]["mean"], cli["win_rate"]["mean"])


class ReportTest(unittest.TestCase):
    @unittest.skipUnless(os.path.isfile(KIBITZ), "the kibitz command is not built (KIBITZ_BINARY)")
    def test_the_bluff_report_of_an_arena_file(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "spies.kzr")
            kibitz.arena("loyalist_spies(rounds=1)", ["heuristic", "random"], deals=3, seed=2, replay_path=path)
            report = kibitz.reports.replay_report(path, particles=50, kibitz_binary=KIBITZ)
            self.assertEqual(report["report"], "loyalist_spies_bluffs")
            self.assertEqual(report["records"], 6)
            kuhn = os.path.join(folder, "kuhn.kzr")
            kibitz.write_replay_file(kuhn, [kibitz.play("kuhn_poker", ["random", "random"])[1]])
            with self.assertRaisesRegex(kibitz.KibitzError, "html only"):
                kibitz.reports.replay_report(kuhn, kibitz_binary=KIBITZ)


class ReplayTest(unittest.TestCase):
    def setUp(self):
        self.records = [kibitz.play("leduc_poker", ["random", "random"], seed=s)[1] for s in range(3)]

    def test_files_round_trip_and_append(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "r.kzr")
            kibitz.write_replay_file(path, self.records[:2])
            kibitz.write_replay_file(path, self.records[2:], append=True)
            back = kibitz.read_replay_file(path)
        self.assertEqual(back, self.records)
        self.assertEqual(back[1].state(), self.records[1].state())

    def test_json_round_trips(self):
        text = kibitz.records_to_json(self.records)
        self.assertIn('"action_text"', text)
        self.assertEqual(kibitz.records_from_json(text), self.records)

    def test_verify_finds_a_wrong_return(self):
        record = self.records[0]
        self.assertEqual(record.verify(), [])
        record.returns = [r + 1 for r in record.returns]
        problems = record.verify()
        self.assertTrue(problems)
        self.assertIn("return", " ".join(problems))

    def test_a_forfeit_is_kept_and_verified(self):
        record = self.records[0]
        self.assertIsNone(record.forfeit)
        record.actions = record.actions[:3]  # both cards dealt, seat 0 moved: seat 1 to act
        record.forfeit = (1, "answered after 900 ms, past the limit of 100 ms")
        record.returns = [13.0, -13.0]
        self.assertEqual(record.verify(), [])
        self.assertEqual(kibitz.records_from_json(kibitz.records_to_json([record]))[0].forfeit, record.forfeit)
        record.forfeit = (0, "late")
        self.assertIn("not to act", " ".join(record.verify()))
        record.forfeit = None
        self.assertIn("not over", " ".join(record.verify()))

    def test_a_truncated_file_is_an_error_naming_it(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "cut.kzr")
            kibitz.write_replay_file(path, self.records)
            with open(path, "rb") as f:
                data = f.read()
            with open(path, "wb") as f:
                f.write(data[:-7])
            with self.assertRaisesRegex(kibitz.KibitzError, "cut.kzr"):
                kibitz.read_replay_file(path)

    def test_action_texts_say_each_move(self):
        record = self.records[0]
        texts = record.action_texts()
        self.assertEqual(len(texts), len(record.actions))
        state = kibitz.load_game(record.game).new_initial_state()
        for action, text in zip(record.actions, texts):
            self.assertEqual(text, state.action_to_string(state.current_player() if not state.is_chance_node()
                                                          else kibitz.CHANCE, action))
            state.apply_action(action)


if __name__ == "__main__":
    unittest.main()
