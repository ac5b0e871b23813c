"""Seats filled by agent specs or by Python objects, for play and the arena.

kibitz's C++ game loop builds its agents from spec strings. A Python object
takes a seat as the spec ``python(name=...)`` once registered
(:func:`kibitz.register_agent`); :func:`play` and :func:`arena` do that for
you, for the length of the call, so any seat may be given as a spec string or
as a Python agent: a callable ``f(view) -> action`` or an object with
``act(view)`` (and optionally ``new_game(seat)``, ``reseed(seed)`` and
``game_over(seat_return, stream)``), or such an object's class: then every
agent the game loop builds (one per arena worker thread) is a fresh
instance, where one object would be shared by all threads. Keep per-game
randomness in ``reseed(seed)`` and the arena's results do not depend on the
thread count. Either way the agent is handed a
:class:`kibitz.SeatView`: its own seat's stream and what follows from it,
never the true state.
"""

import contextlib
import itertools

from kibitz import _kibitz

_names = itertools.count()


@contextlib.contextmanager
def _as_specs(seats):
    """Yields the seats as spec strings, Python agents registered meanwhile."""
    registered = []
    specs = []
    try:
        for seat in seats:
            if isinstance(seat, str):
                specs.append(seat)
                continue
            name = "py%d" % next(_names)
            _kibitz.register_agent(name, seat)
            registered.append(name)
            specs.append("python(name=%s)" % name)
        yield specs
    finally:
        for name in registered:
            _kibitz._python_agents.pop(name, None)


def _game(game):
    return _kibitz.load_game(game) if isinstance(game, str) else game


def play(game, seats, seed=0):
    """Plays one game, seats[s] in seat s (a spec or a Python agent).

    Chance and the C++ agents are seeded from ``seed`` as the arena seeds a
    deal. Returns ``(final_state, record)``: a :class:`kibitz.State` and the
    game's :class:`kibitz.ReplayRecord`.
    """
    with _as_specs(seats) as specs:
        return _kibitz.play_deal(_game(game), specs, seed)


def arena(game, agents, deals, seed=0, threads=1, replay_path=None, progress=None):
    """Plays ``deals`` paired deals, each once per seating of ``agents``.

    Returns ``kibitz arena``'s statistics as a dict: per agent its mean
    return, win rate and Bradley-Terry rating with 95% intervals, and per
    seat its mean return. Agents are spec strings or Python agents; with
    ``replay_path`` every game is written to that replay file.
    ``progress(finished, planned)`` is called about every 0.2 s; Ctrl-C (or
    an exception in ``progress``) stops the run once the games under way
    have finished, and is raised.
    """
    with _as_specs(agents) as specs:
        return _kibitz.run_arena(_game(game), specs, deals, seed, threads, replay_path, progress)
