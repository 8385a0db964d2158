// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/summary.h"

#include <algorithm>
#include <cmath>

#include "core/fit.h"

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
  momentumMaxDev =
      std::max(momentumMaxDev, momentumDeviation(m_momentumMask, s.momentum, m_momentum0));
  energyMeanDev = m_energySum / double(samples);
  structureMean = m_structureSum / double(samples);
  lastTime = s.t;
  if (samples == m_nextRecord) {
    m_records.push_back({s.t, energyMaxDev, momentumMaxDev});
    // ten records per decade of the sample count
    m_nextRecord = std::max(m_nextRecord + 1,
                            std::int64_t(std::ceil(double(m_nextRecord) * std::pow(10.0, 0.1))));
  }
}

std::optional<double> RunSummary::growthExponent(double Record::*error) const {
  if (samples < kGrowthMinSteps + 1 || !(lastTime > 0)) return std::nullopt;
  std::vector<double> lt, le;
  const auto use = [&](double t, double e) {
    if (t < 1e-3 * lastTime) return true;
    if (!(t > 0) || !(e > 0)) return false;
    lt.push_back(std::log(t));
    le.push_back(std::log(e));
    return true;
  };
  for (const Record& r : m_records)
    if (!use(r.t, r.*error)) return std::nullopt;
  if (!use(lastTime, error == &Record::energyMax ? energyMaxDev : momentumMaxDev))
    return std::nullopt;
  const double slope = leastSquaresSlope(lt, le);
  if (!std::isfinite(slope)) return std::nullopt;
  return slope;
}

std::optional<double> RunSummary::energyGrowthExponent() const {
  return growthExponent(&Record::energyMax);
}

std::optional<double> RunSummary::momentumGrowthExponent() const {
  return growthExponent(&Record::momentumMax);
}

}  // namespace dms
