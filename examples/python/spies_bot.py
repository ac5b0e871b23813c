"""A Python bot against kibitz's heuristic in Loyalist Spies, in kibitz's arena.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/spies_bot.py --deals 20

The bot is plain Python and sees only its own seat: kibitz hands it a
SeatView (its stream, legal actions, and worlds drawn from its stream). For
each legal action it draws a few worlds the seat cannot tell from the real
one, plays the action there and finishes the game with random moves, and
picks the action with the best average return: determinized Monte Carlo
(PIMC) in a dozen lines. The arena seats it against the heuristic (and
random play, for scale) with paired deals in every seating and prints each
agent's mean return with its 95% interval.
"""

import argparse

import kibitz


class RolloutBot:
    """Determinized one-step lookahead with random playouts, from the seat's view alone."""

    def __init__(self, worlds=4, seed=0):
        self.worlds = worlds
        self.rng = kibitz.Rng(seed)

    def reseed(self, seed):
        # The arena restarts every agent's randomness per game, so games
        # replay exactly whatever the thread count.
        self.rng = kibitz.Rng(seed)

    def act(self, view):
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        scores = {action: 0.0 for action in legal}
        for _ in range(self.worlds):
            world = view.sample_world(self.rng)
            for action in legal:
                state = world.clone()
                state.apply_action(action)
                scores[action] += self.playout(state)[seat]
        return max(legal, key=lambda action: scores[action])

    def playout(self, state):
        rng = self.rng
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.uniform_int(len(actions))])
        return state.returns()


def show(stats):
    for agent in stats["agents"]:
        mean = agent["mean_return"]
        print("  %-28s mean return %+.3f  [%+.3f, %+.3f]  win rate %.3f" % (
            agent["spec"], mean["mean"], mean["low"], mean["high"], agent["win_rate"]["mean"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="loyalist_spies(rounds=1)")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = kibitz.load_game(args.game)
    for opponent in ("heuristic", "random"):
        stats = kibitz.arena(game, [RolloutBot(args.worlds), opponent], deals=args.deals, seed=args.seed)
        print("%s: Python RolloutBot against %s, %d deals (%d games)" % (
            game.spec, opponent, stats["deals_used"], stats["games_used"]))
        show(stats)


if __name__ == "__main__":
    main()
