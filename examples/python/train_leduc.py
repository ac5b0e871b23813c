"""Train a Leduc poker agent with PyTorch through kibitz's VectorEnv.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/train_leduc.py \
        --steps 1500000 --out leduc_run

Self-play actor-critic: one network plays both seats of every env; each
decision's advantage is the acting seat's final return minus the network's
value estimate. Observations, legal masks and seats come from the VectorEnv's
own buffers through torch.from_numpy (no copy per step).

The network has the shape of kibitz's policy-value MLP (trunk of ReLU layers,
a policy head, a tanh value head scaled to the game's returns, one value per
seat in relative order), so its weights are saved as a kibitz checkpoint
(kibitz.write_checkpoint, the format of agents/neural/checkpoint.h; no
LibTorch archive involved) that the C++ `nn` agent loads:

    kibitz arena --game leduc_poker --agents 'nn(model=leduc_run/model.pt),random'

The script then writes the network's policy at every information state of
Leduc as a policy file and reports its exact NashConv, computed with
kibitz.exploitability (the code behind `kibitz exploitability`), and with the
kibitz command itself when --kibitz names it. The policy file is evaluated
from the saved checkpoint by the nn agent's own CPU code
(kibitz.PolicyValueNet), so the NashConv is that of the file C++ loads.
Uniform play has NashConv 4.747; the checked-in PPO model (kibitz train)
reaches 0.498.
"""

import argparse
import os
import subprocess
import sys
import time

import numpy as np
import torch

import kibitz

GAME = "leduc_poker"


class PolicyValueNet(torch.nn.Module):
    """kibitz's policy-value MLP; parameter names are the checkpoint's."""

    def __init__(self, input_size, num_actions, num_players, hidden, value_scale):
        super().__init__()
        sizes = [input_size] + list(hidden)
        self.trunk = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
        self.policy = torch.nn.Linear(sizes[-1], num_actions)
        self.value = torch.nn.Linear(sizes[-1], num_players)
        self.value_scale = value_scale

    def forward(self, x):
        for layer in self.trunk:
            x = torch.relu(layer(x))
        return self.policy(x), torch.tanh(self.value(x))  # values normalized to [-1, 1]


def masked_logits(logits, masks):
    return logits.masked_fill(masks <= 0, -1e9)


class Rollouts:
    """Each env's decisions in its current episode, finished by its return."""

    def __init__(self, num_envs):
        self.open = [[] for _ in range(num_envs)]
        self.closed = []  # (observation, mask, action, seat, acting seat's return)

    def add(self, env_index, observation, mask, action, seat):
        self.open[env_index].append((observation, mask, action, seat))

    def finish(self, env_index, returns):
        for observation, mask, action, seat in self.open[env_index]:
            self.closed.append((observation, mask, action, seat, float(returns[seat])))
        self.open[env_index] = []

    def take(self):
        batch, self.closed = self.closed, []
        return batch


def train(args):
    game = kibitz.load_game(GAME)
    torch.manual_seed(args.seed)
    envs = kibitz.VectorEnv(game, num_envs=args.envs, threads=1)
    envs.reset(args.seed)
    # Zero copy: these tensors are the VectorEnv's buffers; every step rewrites them.
    observations = torch.from_numpy(envs.observations)
    masks = torch.from_numpy(envs.legal_masks)
    players = envs.players
    terminated = envs.terminated
    episode_returns = envs.episode_returns
    scale = max(abs(game.min_return), abs(game.max_return))
    net = PolicyValueNet(envs.observation_size, envs.num_actions, envs.num_players, args.hidden, scale)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    rollouts = Rollouts(args.envs)
    decisions = 0
    updates = 0
    start = time.time()
    while decisions < args.steps:
        with torch.no_grad():
            logits, _ = net(observations)
            actions = torch.distributions.Categorical(logits=masked_logits(logits, masks)).sample()
        acting = np.flatnonzero(players >= 0)
        for i in acting:  # copies: the buffers are rewritten by the step
            rollouts.add(i, observations[i].clone(), masks[i].clone(), int(actions[i]), int(players[i]))
        decisions += len(acting)
        envs.step(actions.numpy().astype(np.int32))
        for i in np.flatnonzero(terminated):
            rollouts.finish(i, episode_returns[i].copy())
        if len(rollouts.closed) >= args.batch:
            update(net, optimizer, rollouts.take(), args)
            updates += 1
    print("trained: %d decisions, %d updates, %.1f s" % (decisions, updates, time.time() - start))
    return game, net


def update(net, optimizer, batch, args):
    observation = torch.stack([b[0] for b in batch])
    mask = torch.stack([b[1] for b in batch])
    action = torch.tensor([b[2] for b in batch])
    target = torch.tensor([b[4] for b in batch]) / net.value_scale
    logits, values = net(observation)
    own_value = values[:, 0]  # relative order: slot 0 is the acting seat
    log_probs = torch.log_softmax(masked_logits(logits, mask), dim=-1)
    probs = log_probs.exp()
    advantage = (target - own_value).detach()
    policy_loss = -(log_probs.gather(1, action[:, None]).squeeze(1) * advantage).mean()
    entropy = -(probs * log_probs.masked_fill(mask <= 0, 0.0)).sum(-1).mean()
    value_loss = ((own_value - target) ** 2).mean()
    loss = policy_loss + 0.5 * value_loss - args.entropy * entropy
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


def save_checkpoint(net, game, hidden, path):
    tensors = [(name, tensor.detach().cpu().numpy()) for name, tensor in net.state_dict().items()]
    kibitz.write_checkpoint(path, game, hidden, tensors)


def information_states(game):
    """Every player node's (information state string, its tensor, its mask),
    one per information state, by walking the whole tree."""
    found = {}
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            seat = state.current_player()
            key = state.information_state_string(seat)
            if key not in found:
                found[key] = (state.information_state_tensor(seat), state.legal_action_mask())
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            stack.append(child)
    return found


def write_policy_file(checkpoint, game, path):
    """The checkpoint's policy at every information state, evaluated by the
    nn agent's C++ code, as a policy file (docs/policy_files.md)."""
    net = kibitz.PolicyValueNet.load(checkpoint, game)
    states = information_states(game)
    keys = sorted(states)
    inputs = np.stack([states[k][0] for k in keys])
    masks = np.stack([states[k][1] for k in keys])
    policy, _ = net.evaluate(inputs, masks)
    with open(path, "w", encoding="utf-8") as f:
        f.write("# kibitz-policy 1\n# policy of %s at every information state\n" % checkpoint)
        for key, row, mask in zip(keys, policy.astype(np.float64), masks):
            legal = np.flatnonzero(mask)
            probabilities = row[legal] / row[legal].sum()
            f.write("%s\t%s\n" % (key, " ".join("%d=%r" % (a, float(p)) for a, p in zip(legal, probabilities))))
    return len(keys)


def main():
    parser = argparse.ArgumentParser(description="Train a Leduc poker agent through kibitz's VectorEnv.")
    parser.add_argument("--steps", type=int, default=1500000, help="decisions to train on")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--batch", type=int, default=1024, help="decisions per update")
    parser.add_argument("--hidden", type=lambda s: [int(x) for x in s.split(",")], default=[64, 64])
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="leduc_run")
    parser.add_argument("--kibitz", help="the kibitz command, to report NashConv with it too")
    args = parser.parse_args()

    game, net = train(args)
    os.makedirs(args.out, exist_ok=True)
    checkpoint = os.path.join(args.out, "model.pt")
    save_checkpoint(net, game, args.hidden, checkpoint)
    policy_path = os.path.join(args.out, "policy.txt")
    count = write_policy_file(checkpoint, game, policy_path)
    report = kibitz.exploitability(game, policy_path)
    print("checkpoint %s (kibitz format: nn(model=%s) loads it)" % (checkpoint, checkpoint))
    print("policy file %s: %d information states" % (policy_path, count))
    print("NashConv %.6f  exploitability %.6f  (uniform play: 4.747)" % (report["nash_conv"], report["exploitability"]))
    if args.kibitz:
        command = [args.kibitz, "exploitability", "--game", GAME, "--policy", policy_path]
        print("$ " + " ".join(command), flush=True)
        sys.exit(subprocess.run(command, check=False).returncode)


if __name__ == "__main__":
    main()
