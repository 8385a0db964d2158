#include "core/integrators/run.h"

#include <cmath>

namespace dms {

bool sampleIsFinite(const Sample& s) {
  return std::isfinite(s.t) && std::isfinite(s.energy) && std::isfinite(s.structure) &&
         std::isfinite(s.structure2) && s.momentum.allFinite() && s.position.allFinite() &&
         s.velocity.allFinite() && s.attitude.allFinite() && s.state.allFinite();
}

}  // namespace dms
