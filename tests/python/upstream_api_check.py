"""PettingZoo's own api_test and Gymnasium's env checker on kibitz's envs.

Not part of ctest: neither package is a dependency, and nothing may be
downloaded at build or test time. Run it by hand with the real packages on
the path (docs/python.md, "Checked with PettingZoo and Gymnasium"):

    PYTHONPATH=build/python:PETTINGZOO:GYMNASIUM /usr/bin/python3 tests/python/upstream_api_check.py

It runs PettingZoo's api_test on the AEC env of every seed game and the
pokers, and Gymnasium's check_env on the single-agent env of Kuhn poker (the
only game whose every action is always legal: check_env steps with actions
drawn without the mask, which the other games refuse by raising).
"""

import sys
import warnings

import gymnasium
import pettingzoo
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from kibitz import pettingzoo_env
from kibitz.gymnasium_env import SingleAgentEnv

GAMES = ["kuhn_poker", "leduc_poker", "liars_dice", "loyalist_spies", "adulting",
         "laws_and_disorder", "tea_game(players=3,days=1)", "spoon_nomic"]


def main(games):
    warnings.simplefilter("ignore")
    for game in games:
        env = pettingzoo_env.env(game)
        assert isinstance(env, pettingzoo.AECEnv), type(env)
        api_test(env, num_cycles=300, verbose_progress=False)
        print("pettingzoo api_test passed:", game, flush=True)
    single = SingleAgentEnv("kuhn_poker", seat=0, opponents="random")
    assert isinstance(single, gymnasium.Env)
    check_env(single, skip_render_check=True)
    print("gymnasium check_env passed: kuhn_poker", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or GAMES)
