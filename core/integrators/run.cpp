#include "core/integrators/run.h"

#include <cstdint>
#include <cstring>

namespace dms {
namespace {

struct AppendSink final : SampleSink {
  explicit AppendSink(std::vector<Sample>& o) : out(o) {}
  void take(const Sample& s) override { out.push_back(s); }
  std::vector<Sample>& out;
};

// 1 when the exponent bits are all ones (an infinity or a NaN): integer work the compiler
// vectorizes, where a floating-point test would be a chain of dependent operations
inline std::uint64_t nonFinite(const double* v, int n) {
  constexpr std::uint64_t kExponent = 0x7ff0000000000000ull;
  std::uint64_t bad = 0;
  for (int i = 0; i < n; ++i) {
    std::uint64_t b;
    std::memcpy(&b, v + i, sizeof b);
    bad |= static_cast<std::uint64_t>((b & kExponent) == kExponent);
  }
  return bad;
}

}  // namespace

bool Run::advance(std::vector<Sample>& out, std::size_t maxSamples) {
  AppendSink sink(out);
  return advance(sink, maxSamples, SampleFields::All);
}

// Every run calls this on every sample.
bool sampleIsFinite(const Sample& s) {
  const double scalars[4] = {s.t, s.energy, s.structure, s.structure2};
  return (nonFinite(scalars, 4) | nonFinite(s.momentum.data(), 3) |
          nonFinite(s.position.data(), 3) | nonFinite(s.velocity.data(), 3) |
          nonFinite(s.attitude.data(), 9) | nonFinite(s.state.data(), int(s.state.size()))) == 0;
}

}  // namespace dms
