"""With pettingzoo and gymnasium importable, kibitz's environments use their
classes; without them, kibitz's stand-ins.

Neither package is installed here (nothing comes from outside Debian), so
stub packages with the same module paths stand in for them, in a separate
interpreter: this checks the wiring (base classes, space types), not the
real packages' behaviour.
"""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

STUBS = {
    "pettingzoo/__init__.py": "class AECEnv:\n    stub = 'pettingzoo'\n",
    # Like gymnasium.Env, reset(seed=...) keeps the seed (its np_random), which
    # Gymnasium's env checker requires every subclass to pass on.
    "gymnasium/__init__.py": ("class Env:\n    stub = 'gymnasium'\n    reset_seeds = []\n"
                              "    def reset(self, *, seed=None, options=None):\n"
                              "        self.reset_seeds.append(seed)\n"),
    "gymnasium/spaces.py": textwrap.dedent("""\
        class Discrete:
            def __init__(self, n): self.n = n
            def seed(self, seed=None): return [seed]
        class Box:
            def __init__(self, low, high, shape, dtype): self.shape = shape
        class Dict:
            def __init__(self, spaces): self.spaces = spaces
        """),
}

CHECK = textwrap.dedent("""\
    import gymnasium, gymnasium.spaces, pettingzoo
    from kibitz import gymnasium_env, pettingzoo_env, spaces
    assert spaces.HAVE_GYMNASIUM and pettingzoo_env.HAVE_PETTINGZOO
    env = pettingzoo_env.AECEnv("kuhn_poker")
    assert isinstance(env, pettingzoo.AECEnv)
    assert isinstance(env.action_space("player_0"), gymnasium.spaces.Discrete)
    assert isinstance(env.observation_space("player_0"), gymnasium.spaces.Dict)
    single = gymnasium_env.SingleAgentEnv("kuhn_poker")
    assert isinstance(single, gymnasium.Env)
    assert isinstance(single.observation_space, gymnasium.spaces.Box)
    single.reset(seed=7)
    single.reset()
    assert single.reset_seeds == [7, None], single.reset_seeds
    print("wired")
    """)


class OptionalPackagesTest(unittest.TestCase):
    def run_check(self, code, with_stubs):
        with tempfile.TemporaryDirectory() as folder:
            path = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
            if with_stubs:
                for name, text in STUBS.items():
                    os.makedirs(os.path.join(folder, os.path.dirname(name)), exist_ok=True)
                    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                        f.write(text)
                path.insert(0, folder)
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))
            return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                  timeout=60, check=False)

    def test_their_classes_are_used_when_importable(self):
        result = self.run_check(CHECK, with_stubs=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "wired")

    def test_our_stand_ins_without_them(self):
        code = textwrap.dedent("""\
            import importlib.util
            if importlib.util.find_spec("pettingzoo") or importlib.util.find_spec("gymnasium"):
                print("installed")
            else:
                from kibitz import pettingzoo_env, spaces
                assert not spaces.HAVE_GYMNASIUM and not pettingzoo_env.HAVE_PETTINGZOO
                env = pettingzoo_env.AECEnv("kuhn_poker")
                assert isinstance(env.action_space("player_0"), spaces.Discrete)
                print("stand-ins")
            """)
        result = self.run_check(code, with_stubs=False)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(result.stdout.strip(), ("stand-ins", "installed"))


if __name__ == "__main__":
    unittest.main()
