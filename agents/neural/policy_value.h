// The torch-free face of a policy-value network: its shape, the batched
// evaluation interface that a LibTorch model and the mock both implement,
// the masked softmax and the seat order of the value head. Headers that
// everyone includes stay free of LibTorch (network.h is the torch side).
//
// Value convention: the value head gives one value per seat, in seat order
// RELATIVE TO THE SEAT WHOSE TENSOR IS THE INPUT (the seat to act): value[0]
// is that seat's return, value[r] the return of seat (seat + r) % players.
// Relative order lets one set of weights serve every seat of a symmetric
// game (Loyalist Spies' encoder is viewer-relative too). Values are in the
// game's units, squashed into [value_min, value_max] (the game's return
// bounds) by a scaled tanh. to_absolute_values / to_relative_values convert.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/game.h"
#include "env/core/types.h"

namespace kibitz::neural {

// Everything that fixes a network's parameter shapes and output scale.
struct NetworkShape {
  int input_size = 0;   // encoder floats per row
  int num_actions = 0;  // policy logits: Game::num_distinct_actions
  int num_players = 0;  // values: one per seat
  // Widths of the fully connected ReLU trunk, e.g. {256, 256}; may be empty
  // (the heads then read the input directly).
  std::vector<int> hidden;
  // The value head's range: the game's min_return and max_return.
  double value_min = -1.0;
  double value_max = 1.0;

  bool operator==(const NetworkShape&) const = default;
  // "818 -> 256,256 -> 110 logits + 4 values in [-1, 1]", for messages.
  std::string to_string() const;
};

// The default trunk of the `hidden=` options: "256,256".
inline constexpr std::string_view kDefaultHidden = "256,256";

// The shape of a network for `game` with trunk `hidden`.
NetworkShape network_shape_for(const Game& game, std::vector<int> hidden);

// Whether a network of `shape` reads `game`'s information-state tensors and
// answers for its actions and seats (the trunk and value range aside).
bool network_fits(const NetworkShape& shape, const Game& game);

// "256,256" -> {256, 256}; "" -> {} (no hidden layer). Throws KibitzError
// naming the bad item (each width in [1, 65536]).
std::vector<int> parse_hidden_sizes(std::string_view text);
std::string hidden_sizes_to_string(const std::vector<int>& hidden);

// A batched policy-value function over one game's encoder: a LibTorch model
// (torch_model.h), its plain C++ copy (cpu_mlp.h) or the deterministic
// MockNetwork (mock_network.h). Not required to be thread safe:
// BatchingEvaluator serialises calls.
class PolicyValueFunction {
 public:
  virtual ~PolicyValueFunction() = default;

  // Row sizes of evaluate().
  virtual const NetworkShape& shape() const = 0;

  // Evaluates `batch` rows. `inputs` holds batch * input_size floats (the
  // acting seat's information-state tensors), `masks` batch * num_actions
  // (1 legal, 0 illegal). Writes `policy` (batch * num_actions: a masked
  // softmax, exactly 0 on every illegal action, each row summing to 1; a row
  // without a legal action gets all zeros) and `values` (batch * num_players,
  // relative seat order, in [value_min, value_max]). Spans must have exactly
  // these sizes.
  virtual void evaluate(int batch, std::span<const float> inputs, std::span<const float> masks,
                        std::span<float> policy, std::span<float> values) = 0;
};

// Checks the span sizes that PolicyValueFunction::evaluate requires for
// `batch` rows of `shape`; a mismatch is a caller's bug, reported as
// "<who>::evaluate buffers of the wrong size".
void check_evaluate_sizes(const NetworkShape& shape, int batch, std::span<const float> inputs,
                          std::span<const float> masks, std::span<const float> policy,
                          std::span<const float> values, std::string_view who);

// Softmax of `logits` over the entries where mask > 0; exactly 0 elsewhere.
// All sizes equal. A row with no legal entry gives all zeros. Numerically
// safe for any finite logits (the largest legal logit is subtracted first).
void masked_softmax(std::span<const float> logits, std::span<const float> mask,
                    std::span<float> out);

// Rotates a value row between the network's relative order (index 0 = `seat`)
// and absolute seat order. Both spans have num_players entries.
void to_absolute_values(Player seat, std::span<const float> relative, std::span<double> absolute);
void to_relative_values(Player seat, std::span<const double> absolute, std::span<float> relative);

}  // namespace kibitz::neural
