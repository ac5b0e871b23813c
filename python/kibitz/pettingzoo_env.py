"""Any kibitz game as a PettingZoo AEC (agent-environment-cycle) environment.

    env = kibitz.pettingzoo_env.AECEnv("leduc_poker")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are "player_0".."player_{n-1}", one per seat. Chance never reaches
the caller: the environment samples it (a kibitz.Env inside, seeded by reset). An
observation is a dict: "observation", the seat's information-state tensor
(or observation tensor, with observation="observation"), and "action_mask",
int8 with 1 for each legal action (all 0 when the seat is not to act).

What a seat is shown comes from its own stream alone: its tensor is a
function of what it observed (kibitz's contract, proven for every game by the
conformance suite), and render() shows what a spectator sees, the public
stream. The true state, hidden cards included, is never part of an
observation.

When PettingZoo can be imported the class derives from pettingzoo.AECEnv and
its spaces are Gymnasium's; otherwise a small base class of ours provides the
same members (agent_iter, last, num_agents, max_num_agents, ...).
"""

from kibitz import _kibitz
from kibitz import spaces

try:  # pragma: no cover - depends on what is installed
    from pettingzoo import AECEnv as _AECBase
    HAVE_PETTINGZOO = True
except ImportError:  # pragma: no cover
    HAVE_PETTINGZOO = False

    class _AECBase:
        """What pettingzoo.AECEnv gives its subclasses, for use without it."""

        metadata = {}

        @property
        def num_agents(self):
            return len(self.agents)

        @property
        def max_num_agents(self):
            return len(self.possible_agents)

        def agent_iter(self, max_iter=2**63):
            """Yields agent_selection until every agent is done (or max_iter)."""
            for _ in range(max_iter):
                if not self.agents:
                    return
                yield self.agent_selection

        def last(self, observe=True):
            agent = self.agent_selection
            observation = self.observe(agent) if observe else None
            return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                    self.truncations[agent], self.infos[agent])

        @property
        def unwrapped(self):
            return self

        def close(self):
            pass

        def __str__(self):
            return self.metadata.get("name", type(self).__name__)


def agent_name(seat):
    return "player_%d" % seat


class AECEnv(_AECBase):
    """One kibitz game in PettingZoo's AEC API (see the module's text).

    The work (the kibitz step, the agents list and every agent's reward, flags
    and info in the dicts, the next agent, an observation, removing done
    agents) is done by kibitz._kibitz.AecCore in C++; this class keeps the API.
    """

    def __init__(self, game, observation="information_state", max_steps=0, render_mode=None):
        self.game = _kibitz.load_game(game) if isinstance(game, str) else game
        if render_mode not in (None, "human", "ansi"):
            raise _kibitz.KibitzError("render_mode must be None, 'human' or 'ansi', not %r" % (render_mode,))
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["human", "ansi"],
            "name": "kibitz_%s_v0" % self.game.name,
            "is_parallelizable": False,
        }
        self._core = _kibitz.AecCore(self.game, observation, max_steps)
        self.possible_agents = [agent_name(s) for s in range(self.game.num_players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        num_actions = self._core.num_actions
        self.observation_spaces = {
            agent: spaces.masked_observation_space(self._core.observation_size, num_actions)
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.discrete(num_actions) for agent in self.possible_agents}
        self._seeded = False
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """Starts episode 0 of chance stream `seed`; without a seed, the next
        episode of the current stream (stream 0 at first), so runs repeat."""
        if seed is not None:
            for space in self.action_spaces.values():
                space.seed(int(seed))
        elif not self._seeded:
            seed = 0
        self._seeded = True
        (self.agents, self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos,
         self.agent_selection) = self._core.reset(None if seed is None else int(seed))

    def observe(self, agent):
        return self._core.observe(self._seat[agent])

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of agent_selection."""
        return self._core.last(self.agent_selection, observe)

    def step(self, action):
        """The agent_selection's action; None for a done agent, which is then removed."""
        self.agent_selection = self._core.step_agent(self.agent_selection, action)

    def render(self):
        """A spectator's view (the public stream), never hidden cards."""
        if self.render_mode is None:
            return None
        lines = self._core.public_stream()
        if self.agents and not (self.terminations[self.agent_selection] or self.truncations[self.agent_selection]):
            lines.append("%s to act" % self.agent_selection)
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def env(game, **kwargs):
    """PettingZoo's constructor convention: kibitz.pettingzoo_env.env("leduc_poker")."""
    return AECEnv(game, **kwargs)
