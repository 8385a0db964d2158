/// Online summary of a run (means and maxima over all samples, t = 0 included), the figures
/// the article reports. Constant memory on any horizon.
#pragma once

#include <cstdint>

#include "core/integrators/run.h"

namespace dms {

struct RunSummary {
  std::int64_t samples = 0;
  double energy0 = 0.0;
  double energyMeanDev = 0.0;  ///< mean |E_k - E_0|
  double energyMaxDev = 0.0;
  double structureMean = 0.0;
  double structureMax = 0.0;
  double structure2Max = 0.0;
  double momentumMaxDev = 0.0;  ///< max |L_k - L_0|
  double lastTime = 0.0;

  void add(const Sample& s);

 private:
  double m_energySum = 0.0, m_structureSum = 0.0;
  Vector3d m_momentum0 = Vector3d::Zero();
};

}  // namespace dms
