// The masked softmax (plain and LibTorch): no weight ever on an illegal
// action, rows summing to 1, and the two implementations agreeing.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "agents/neural/network.h"
#include "agents/neural/policy_value.h"
#include "env/core/error.h"
#include "env/core/rng.h"

namespace kibitz::neural {
namespace {

constexpr int kActions = 37;

// Random logits (some extreme) and a random mask with `legal` legal entries.
void random_row(Rng& rng, int legal, std::vector<float>& logits, std::vector<float>& mask) {
  logits.resize(kActions);
  mask.assign(kActions, 0.0f);
  for (float& l : logits) {
    // Mostly moderate logits, sometimes huge ones of either sign, which a
    // naive exp would overflow.
    const double scale = rng.uniform_int(5) == 0 ? 80.0 : 5.0;
    l = static_cast<float>((2 * rng.uniform_double() - 1) * scale);
  }
  std::vector<int> order(kActions);
  for (int i = 0; i < kActions; ++i) order[i] = i;
  rng.shuffle(std::span<int>(order));
  for (int i = 0; i < legal; ++i) mask[static_cast<std::size_t>(order[i])] = 1.0f;
}

TEST(MaskedSoftmax, NeverWeightsAnIllegalAction) {
  Rng rng(11);
  std::vector<float> logits, mask, out(kActions);
  for (int trial = 0; trial < 2000; ++trial) {
    const int legal = 1 + static_cast<int>(rng.uniform_int(kActions));
    random_row(rng, legal, logits, mask);
    // An illegal action with the largest logit by far must still get 0.
    for (int i = 0; i < kActions; ++i) {
      if (mask[i] == 0 && rng.uniform_int(3) == 0) logits[i] = 1e30f;
    }
    masked_softmax(logits, mask, out);
    double total = 0;
    for (int i = 0; i < kActions; ++i) {
      if (mask[i] == 0) {
        ASSERT_EQ(out[i], 0.0f) << "trial " << trial << " action " << i;
      } else {
        ASSERT_GE(out[i], 0.0f);
        ASSERT_TRUE(std::isfinite(out[i]));
      }
      total += out[i];
    }
    ASSERT_NEAR(total, 1.0, 1e-5) << "trial " << trial;
  }
}

TEST(MaskedSoftmax, SingleLegalActionGetsEverything) {
  Rng rng(12);
  std::vector<float> logits, mask, out(kActions);
  for (int trial = 0; trial < 100; ++trial) {
    random_row(rng, 1, logits, mask);
    masked_softmax(logits, mask, out);
    for (int i = 0; i < kActions; ++i) ASSERT_EQ(out[i], mask[i] > 0 ? 1.0f : 0.0f);
  }
}

TEST(MaskedSoftmax, NoLegalActionGivesZeros) {
  std::vector<float> logits(kActions, 1.0f), mask(kActions, 0.0f), out(kActions, 9.0f);
  masked_softmax(logits, mask, out);
  for (float p : out) EXPECT_EQ(p, 0.0f);
}

TEST(MaskedSoftmax, MatchesTheUnmaskedSoftmaxOnLegalEntries) {
  const std::vector<float> logits = {1.0f, 2.0f, 3.0f, 4.0f};
  const std::vector<float> mask = {1.0f, 0.0f, 1.0f, 0.0f};
  std::vector<float> out(4);
  masked_softmax(logits, mask, out);
  const double z = std::exp(1.0) + std::exp(3.0);
  EXPECT_NEAR(out[0], std::exp(1.0) / z, 1e-6);
  EXPECT_NEAR(out[2], std::exp(3.0) / z, 1e-6);
  EXPECT_EQ(out[1], 0.0f);
  EXPECT_EQ(out[3], 0.0f);
}

TEST(MaskedSoftmax, TorchVersionAgreesAndNeverWeightsIllegal) {
  Rng rng(13);
  constexpr int kRows = 500;
  std::vector<float> all_logits, all_masks, expected;
  std::vector<float> logits, mask, out(kActions);
  for (int r = 0; r < kRows; ++r) {
    // Row 0 has no legal action, rows 1..50 exactly one.
    const int legal = r == 0 ? 0 : r <= 50 ? 1 : 1 + static_cast<int>(rng.uniform_int(kActions));
    random_row(rng, legal, logits, mask);
    masked_softmax(logits, mask, out);
    all_logits.insert(all_logits.end(), logits.begin(), logits.end());
    all_masks.insert(all_masks.end(), mask.begin(), mask.end());
    expected.insert(expected.end(), out.begin(), out.end());
  }
  const torch::Tensor l = torch::from_blob(all_logits.data(), {kRows, kActions}, torch::kFloat32);
  const torch::Tensor m = torch::from_blob(all_masks.data(), {kRows, kActions}, torch::kFloat32);
  const torch::Tensor p = masked_softmax(l, m).contiguous();
  const float* got = p.data_ptr<float>();
  for (int i = 0; i < kRows * kActions; ++i) {
    if (all_masks[static_cast<std::size_t>(i)] == 0) {
      ASSERT_EQ(got[i], 0.0f) << "row " << i / kActions;
    }
    ASSERT_NEAR(got[i], expected[static_cast<std::size_t>(i)], 1e-5) << "row " << i / kActions;
  }
  // Log-softmax: finite everywhere, so target * log_p is never NaN.
  const torch::Tensor lp = masked_log_softmax(l, m);
  EXPECT_TRUE(torch::isfinite(lp).all().item<bool>());
  const torch::Tensor lp_legal = torch::exp(lp) * (m > 0);
  EXPECT_TRUE(torch::allclose(lp_legal.slice(0, 1), p.slice(0, 1), 1e-4, 1e-5));
}

TEST(ValueScale, NormalizeAndDenormalizeAreInverse) {
  NetworkShape shape;
  shape.value_min = -13;
  shape.value_max = 13;
  const torch::Tensor v = torch::tensor({-13.0f, 0.0f, 6.5f, 13.0f});
  const torch::Tensor n = normalize_values(shape, v);
  EXPECT_TRUE(torch::allclose(n, torch::tensor({-1.0f, 0.0f, 0.5f, 1.0f})));
  EXPECT_TRUE(torch::allclose(denormalize_values(shape, n), v));
}

TEST(SeatOrder, RelativeAndAbsoluteRoundTrip) {
  const std::vector<float> relative = {10, 11, 12, 13};
  std::vector<double> absolute(4);
  to_absolute_values(2, relative, absolute);
  EXPECT_EQ(absolute, (std::vector<double>{12, 13, 10, 11}));  // seat 2 gets entry 0
  std::vector<float> back(4);
  to_relative_values(2, absolute, back);
  EXPECT_EQ(back, relative);
}

TEST(HiddenSizes, ParseAndRefuse) {
  EXPECT_EQ(parse_hidden_sizes("256,256"), (std::vector<int>{256, 256}));
  EXPECT_EQ(parse_hidden_sizes("8"), (std::vector<int>{8}));
  EXPECT_TRUE(parse_hidden_sizes("").empty());
  EXPECT_EQ(hidden_sizes_to_string({64, 32}), "64,32");
  for (const char* bad : {"256,", "a", "0", "-4", "256,,2", "99999999"}) {
    EXPECT_THROW(parse_hidden_sizes(bad), KibitzError) << bad;
  }
}

}  // namespace
}  // namespace kibitz::neural
