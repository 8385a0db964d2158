// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/run.h"

namespace dms {
namespace {

struct AppendSink final : SampleSink {
  explicit AppendSink(std::vector<Sample>& o) : out(o) {}
  void take(const Sample& s) override { out.push_back(s); }
  std::vector<Sample>& out;
};

}  // namespace

bool Run::advance(std::vector<Sample>& out, std::size_t maxSamples) {
  AppendSink sink(out);
  return advance(sink, maxSamples, SampleFields::All);
}

// Every run calls this on every sample: the pose only where it was filled. Eigen's allFinite
// (x - x == 0, false for an infinity or a NaN) unrolls and vectorizes the fixed-size members,
// where a scalar comparison per value costs a third of the worker's cheapest run (the
// mass-spring's views path). A finite sample evaluates every member either way.
bool sampleIsFinite(const Sample& s, SampleFields fields) {
  const Eigen::Vector4d scalars(s.t, s.energy, s.structure, s.structure2);
  bool ok = scalars.allFinite() && s.momentum.allFinite() && s.state.allFinite();
  if (fields == SampleFields::All)
    ok = ok && s.position.allFinite() && s.velocity.allFinite() && s.attitude.allFinite();
  return ok;
}

}  // namespace dms
