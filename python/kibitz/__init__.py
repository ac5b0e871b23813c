"""kibitz from Python: AI agents for small imperfect-information card games.

The C++ core is mirrored by the extension module ``kibitz._kibitz`` (games,
states, seat streams, seat views, world sampling, the gym layer with zero-copy
NumPy arrays, agents, the arena, replays, checkpoints and exploitability);
this package re-exports it and adds, in pure Python:

* :class:`kibitz.pettingzoo_env.AECEnv` - PettingZoo's agent-environment-cycle API;
* :class:`kibitz.gymnasium_env.SingleAgentEnv` - one seat as a Gymnasium-style
  environment, the other seats played by kibitz agents;
* :func:`kibitz.play` and :func:`kibitz.arena` - seats given as agent specs or
  Python agents (:mod:`kibitz.seats`);
* :func:`kibitz.reports.replay_report` - ``kibitz replay report``'s JSON.

docs/python.md is the guide.
"""

from kibitz._kibitz import __version__  # noqa: F401
from kibitz._kibitz import (  # noqa: F401  (the public C++ API)
    CHANCE,
    INVALID_ACTION,
    SPECTATOR,
    TERMINAL,
    Agent,
    AgentInfo,
    Env,
    Game,
    GameInfo,
    KibitzError,
    Observation,
    ParamSpec,
    PolicyValueNet,
    ReplayRecord,
    Rng,
    SeatView,
    TimeStep,
    State,
    VectorEnv,
    derive_seed,
    deserialize_state,
    exploitability,
    find_game,
    load_game,
    make_agent,
    play_deal,
    read_checkpoint,
    read_replay_file,
    records_from_json,
    records_to_json,
    register_agent,
    registered_agents,
    registered_games,
    run_arena,
    sample_world,
    stream_to_json,
    write_checkpoint,
    write_replay_file,
)
from kibitz import gymnasium_env, pettingzoo_env, reports, spaces  # noqa: F401,E402
from kibitz.seats import arena, play  # noqa: F401,E402

__all__ = [name for name in dir() if not name.startswith("_")]
