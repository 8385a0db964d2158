#include "core/sim/summary.h"

#include <algorithm>
#include <cmath>

namespace dms {

void RunSummary::add(const Sample& s) {
  if (samples == 0) {
    energy0 = s.energy;
    m_momentum0 = s.momentum;
  }
  ++samples;
  const double dE = std::fabs(s.energy - energy0);
  m_energySum += dE;
  energyMaxDev = std::max(energyMaxDev, dE);
  m_structureSum += s.structure;
  structureMax = std::max(structureMax, s.structure);
  structure2Max = std::max(structure2Max, s.structure2);
  momentumMaxDev = std::max(momentumMaxDev, (s.momentum - m_momentum0).norm());
  energyMeanDev = m_energySum / double(samples);
  structureMean = m_structureSum / double(samples);
  lastTime = s.t;
}

}  // namespace dms
