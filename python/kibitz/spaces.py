"""Action and observation spaces: Gymnasium's when it can be imported.

Without Gymnasium, :class:`Discrete`, :class:`Box` and :class:`Dict` stand in
with the attributes and methods environment code uses (``n``, ``shape``,
``dtype``, ``low``, ``high``, ``spaces``, ``sample``, ``contains``, ``seed``),
so the environments work the same with or without it.
"""

import numpy as np

try:  # pragma: no cover - depends on what is installed
    import gymnasium.spaces as _gym_spaces
except ImportError:  # pragma: no cover
    _gym_spaces = None

HAVE_GYMNASIUM = _gym_spaces is not None


class _Space:
    def __init__(self, shape, dtype, seed=None):
        self.shape = shape
        self.dtype = np.dtype(dtype) if dtype is not None else None
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def __contains__(self, x):
        return self.contains(x)


class Discrete(_Space):
    """The integers 0..n-1."""

    def __init__(self, n, seed=None):
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = 0

    def sample(self, mask=None):
        if mask is not None:
            legal = np.flatnonzero(mask)
            return int(self.np_random.choice(legal))
        return int(self.np_random.integers(self.n))

    def contains(self, x):
        if isinstance(x, (int, np.integer)):
            return 0 <= int(x) < self.n
        return False

    def __eq__(self, other):
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box(_Space):
    """A box of reals (or integers) between low and high, of one shape."""

    def __init__(self, low, high, shape, dtype=np.float32, seed=None):
        super().__init__(tuple(shape), dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self):
        low = np.where(np.isfinite(self.low), self.low, -1.0)
        high = np.where(np.isfinite(self.high), self.high, 1.0)
        return self.np_random.uniform(low, high, self.shape).astype(self.dtype)

    def contains(self, x):
        if not isinstance(x, np.ndarray) or x.shape != self.shape:
            return False
        if not np.can_cast(x.dtype, self.dtype):
            return False
        return bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __eq__(self, other):
        return (isinstance(other, Box) and other.shape == self.shape and other.dtype == self.dtype
                and np.array_equal(other.low, self.low) and np.array_equal(other.high, self.high))

    def __repr__(self):
        return "Box(%s, %s)" % (self.shape, self.dtype)


class Dict(_Space):
    """Named sub-spaces; its elements are dicts with the same keys."""

    def __init__(self, spaces, seed=None):
        super().__init__(None, None, seed)
        self.spaces = dict(spaces)

    def sample(self):
        return {key: space.sample() for key, space in self.spaces.items()}

    def contains(self, x):
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(self.spaces[key].contains(value) for key, value in x.items()))

    def __getitem__(self, key):
        return self.spaces[key]

    def __eq__(self, other):
        return isinstance(other, Dict) and other.spaces == self.spaces

    def __repr__(self):
        return "Dict(%s)" % ", ".join("%s: %r" % item for item in self.spaces.items())


def discrete(n):
    """Discrete(n), Gymnasium's when available."""
    return _gym_spaces.Discrete(n) if HAVE_GYMNASIUM else Discrete(n)


def box(low, high, shape, dtype):
    """Box(low, high, shape, dtype), Gymnasium's when available."""
    if HAVE_GYMNASIUM:
        return _gym_spaces.Box(low=low, high=high, shape=tuple(shape), dtype=dtype)
    return Box(low, high, shape, dtype)


def dict_space(spaces):
    """Dict(spaces), Gymnasium's when available."""
    return _gym_spaces.Dict(spaces) if HAVE_GYMNASIUM else Dict(spaces)


def masked_observation_space(observation_size, num_actions):
    """{"observation": float32 tensor, "action_mask": int8 0/1 per action}:
    the observation layout PettingZoo's classic card games use."""
    return dict_space({
        "observation": box(-np.inf, np.inf, (observation_size,), np.float32),
        "action_mask": box(0, 1, (num_actions,), np.int8),
    })
