"""One seat of a kibitz game as a single-agent, Gymnasium-style environment.

    env = kibitz.gymnasium_env.SingleAgentEnv("leduc_poker", seat=0, opponents="random")
    observation, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The learner plays `seat`; every other seat is a kibitz agent built from a
spec ("random", "heuristic", "ismcts(sims=100)", ...) or a Python agent (a
callable f(view) or an object with act(view)), asked through its own
SeatView as in the arena; chance is drawn with kibitz's generator. The
observation is the learner's information-state tensor (or observation
tensor), which is a function of its own stream alone; info["action_mask"]
marks its legal actions (int8). The reward of a step is the change in the
learner's return, so an episode's rewards sum to its return.

Seeding: reset(seed) restarts the stream `seed`; reset() without a seed plays
the stream's next episode. Episode k of stream s draws chance from
Rng(derive_seed(s, "episode", k)) and seeds the agent in seat p with
derive_seed(s, "episode", k) child "seat" p, so a run repeats exactly.

With Gymnasium importable the class derives from gymnasium.Env and its spaces
are Gymnasium's; otherwise our stand-ins with the same attributes.
"""

import numpy as np

from kibitz import _kibitz
from kibitz import spaces

try:  # pragma: no cover - depends on what is installed
    from gymnasium import Env as _EnvBase
except ImportError:  # pragma: no cover
    class _EnvBase:
        """What gymnasium.Env gives its subclasses, for use without it."""

        metadata = {}

        @property
        def unwrapped(self):
            return self

        def close(self):
            pass


class SingleAgentEnv(_EnvBase):
    """The learner in `seat`, kibitz agents in the others (see the module's text)."""

    def __init__(self, game, seat=0, opponents="random", observation="information_state", render_mode=None):
        self.game = _kibitz.load_game(game) if isinstance(game, str) else game
        players = self.game.num_players
        if not 0 <= seat < players:
            raise _kibitz.KibitzError("no seat %d in %s (seats 0..%d)" % (seat, self.game.spec, players - 1))
        if observation not in ("information_state", "observation"):
            raise _kibitz.KibitzError(
                "unknown observation type %r; use 'information_state' or 'observation'" % (observation,))
        if render_mode not in (None, "ansi", "human"):
            raise _kibitz.KibitzError("render_mode must be None, 'human' or 'ansi', not %r" % (render_mode,))
        self.seat = seat
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["human", "ansi"]}
        specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * players
        if len(specs) == players - 1:
            specs.insert(seat, None)
        if len(specs) != players:
            raise _kibitz.KibitzError("%s has %d seats: give one opponent spec, or one per other seat (%d)"
                                      % (self.game.spec, players, players - 1))
        specs[seat] = None
        self.opponent_specs = specs
        self._agents = [self._agent(spec) for spec in specs]
        self._use_information_state = observation == "information_state"
        size = (self.game.information_state_tensor_size if self._use_information_state
                else self.game.observation_tensor_size)
        self.observation_space = spaces.box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = spaces.discrete(self.game.num_distinct_actions)
        self._stream_seed = 0
        self._episode = -1
        self._state = None

    def _agent(self, spec):
        """A kibitz agent for a spec string; a Python agent as it is; None for the learner."""
        if spec is None or not isinstance(spec, str):
            return spec
        return _kibitz.make_agent(spec, self.game, 0)

    def reset(self, seed=None, options=None):
        # gymnasium.Env's own bookkeeping (np_random from the seed), which its
        # env checker requires; the stand-in base has none.
        if hasattr(super(), "reset"):
            super().reset(seed=seed)
        if seed is not None:
            self._stream_seed = int(seed)
            self._episode = 0
            self.action_space.seed(int(seed))
        else:
            self._episode += 1
        episode_seed = _kibitz.derive_seed(self._stream_seed, "episode", self._episode)
        self._chance = _kibitz.Rng(episode_seed)
        seat_seeds = _kibitz.Rng(episode_seed)
        for seat, agent in enumerate(self._agents):
            if agent is None:
                continue
            for method, argument in (("reseed", seat_seeds.child("seat", seat).seed), ("new_game", seat)):
                if hasattr(agent, method):
                    getattr(agent, method)(argument)
        self._state = self.game.new_initial_state()
        self._return = 0.0
        self._advance()
        return self._observation(), self._info()

    def step(self, action):
        if self._state is None or self._state.is_terminal():
            raise _kibitz.KibitzError("step needs a reset first (the episode is over or never started)")
        self._state.apply_action(int(action))
        self._advance()
        new_return = self._state.returns()[self.seat]
        reward = new_return - self._return
        self._return = new_return
        return self._observation(), float(reward), self._state.is_terminal(), False, self._info()

    def _advance(self):
        """Plays chance and the other seats until the learner acts or the game ends."""
        state = self._state
        while not state.is_terminal():
            player = state.current_player()
            if player == self.seat:
                return
            if player == _kibitz.CHANCE:
                state.apply_action(state.sample_chance_outcome(self._chance))
            else:
                agent = self._agents[player]
                view = state.seat_view(player)
                state.apply_action(int(agent.act(view) if hasattr(agent, "act") else agent(view)))

    def _observation(self):
        if self._use_information_state:
            return self._state.information_state_tensor(self.seat)
        return self._state.observation_tensor(self.seat)

    def _info(self):
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if not self._state.is_terminal():
            mask[self._state.legal_actions()] = 1
        return {"action_mask": mask}

    def render(self):
        """The learner's own stream as text: what it has seen, nothing hidden."""
        if self.render_mode is None or self._state is None:
            return None
        text = "\n".join(observation.text for observation in self._state.seat_stream(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text
