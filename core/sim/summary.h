// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Online summary of a run (means and maxima over all samples, t = 0 included), the figures
/// the article reports, and how fast the errors grow. Constant memory on any horizon.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/integrators/run.h"

namespace dms {

struct RunSummary {
  RunSummary() = default;
  /// A summary whose |L - L0| counts only the components of Sample::momentum where `mask` is 1
  /// (conservedMomentumMask(): the ones the system conserves); by default all three.
  explicit RunSummary(const Vector3d& momentumMask) : m_momentumMask(momentumMask) {}

  /// |L - L0| on the components where mask is 1.
  static double momentumDeviation(const Vector3d& mask, const Vector3d& L, const Vector3d& L0) {
    return mask.cwiseProduct(L - L0).norm();
  }

  std::int64_t samples = 0;
  double energy0 = 0.0;
  double energyMeanDev = 0.0;  ///< mean |E_k - E_0|
  double energyMaxDev = 0.0;
  double structureMean = 0.0;
  double structureMax = 0.0;
  double structure2Max = 0.0;
  double momentumMaxDev = 0.0;  ///< max |L_k - L_0| over the conserved components
  double lastTime = 0.0;

  void add(const Sample& s);
  /// The first sample's momentum (|L - L0| is measured from it).
  const Vector3d& momentum0() const { return m_momentum0; }
  const Vector3d& momentumMask() const { return m_momentumMask; }

  /// Runs shorter than this many steps have no growth exponent: three decades of t above
  /// its first ten steps.
  static constexpr std::int64_t kGrowthMinSteps = 10000;
  /// The growth exponent of the running maximum of |E - E0| (of |L - L0|): the least-squares
  /// slope of its logarithm against log t over the last three decades of the run, at about
  /// ten log-spaced times per decade. Random-walk round-off gives about 1/2 (Brouwer's law),
  /// a bias or a drift about 1. Empty for a run shorter than kGrowthMinSteps or while the
  /// maximum is exactly zero (nothing grows).
  std::optional<double> energyGrowthExponent() const;
  std::optional<double> momentumGrowthExponent() const;

 private:
  struct Record {
    double t, energyMax, momentumMax;
  };
  std::optional<double> growthExponent(double Record::*error) const;

  double m_energySum = 0.0, m_structureSum = 0.0;
  Vector3d m_momentum0 = Vector3d::Zero();
  Vector3d m_momentumMask = Vector3d::Ones();
  std::vector<Record> m_records;  // the running maxima at log-spaced sample counts
  std::int64_t m_nextRecord = 2;
};

}  // namespace dms
