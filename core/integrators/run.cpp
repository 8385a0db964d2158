#include "core/integrators/run.h"

namespace dms {
namespace {

struct AppendSink final : SampleSink {
  explicit AppendSink(std::vector<Sample>& o) : out(o) {}
  void take(const Sample& s) override { out.push_back(s); }
  std::vector<Sample>& out;
};

// x * 0 is 0 (or -0) for every finite x and NaN for an infinity or a NaN: no branch per value
inline bool allFinite(const double* v, Eigen::Index n) {
  bool ok = true;
  for (Eigen::Index i = 0; i < n; ++i) ok &= v[i] * 0.0 == 0.0;
  return ok;
}

}  // namespace

bool Run::advance(std::vector<Sample>& out, std::size_t maxSamples) {
  AppendSink sink(out);
  return advance(sink, maxSamples, SampleFields::All);
}

// Every run calls this on every sample: the pose only where it was filled.
bool sampleIsFinite(const Sample& s, SampleFields fields) {
  const double scalars[4] = {s.t, s.energy, s.structure, s.structure2};
  bool ok = allFinite(scalars, 4) & allFinite(s.momentum.data(), 3) &
            allFinite(s.state.data(), s.state.size());
  if (fields == SampleFields::All)
    ok &= allFinite(s.position.data(), 3) & allFinite(s.velocity.data(), 3) &
          allFinite(s.attitude.data(), 9);
  return ok;
}

}  // namespace dms
