// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The shadow (modified) energy of a variational run, computed from its samples: the energy of
/// the modified Hamiltonian H~ whose exact flow the symplectic map follows (backward error
/// analysis). E oscillates along such a run by O(h^2); H~ is conserved up to an exponentially
/// small drift, which is why E's error stays bounded. docs/shadow-energy.md has the derivation
/// and the measured figures.
///
/// The construction is the interpolation one of Skeel and Hardy, "Practical construction of
/// modified Hamiltonians", SIAM J. Sci. Comput. 23 (2001) 1172-1188, in the compact form of
/// Engle, Skeel and Drees, J. Comput. Phys. 206 (2005) 432-452 (shadow of order 2k from k + 1
/// consecutive samples). For samples a < b of a trajectory (q_k, p_k) of a variational
/// integrator with discrete Lagrangian L_d, let
///   w(a, b) = (p_a + p_b) . (q_b - q_a) - 2 sum_{n=a}^{b-1} L_d(q_n, q_{n+1}).
/// Along the modified flow the discrete action from a to b equals the integral of p dq minus
/// (t_b - t_a) H~, so w(a, b) is 2 (t_b - t_a) H~ plus the error of the chord rule for that
/// integral, an odd function of b - a whose coefficients are smooth along the curve. The shadow
/// energy of order 2k at the centre of samples i..i+k is
///   H~_[2k] = sum_{a<b} c_ab w(i + a, i + b) / (2h),
/// with the c_ab (symmetric in time) chosen so that sum c_ab (b - a) = 1 and every other term
/// of the expansion up to h^(2k-1) cancels: H~_[2k] = H~ + O(h^(2k)). For a quadratic H (the
/// mass-spring) every w(a, b) depends on b - a only and H~_[2k] is exactly conserved.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/run.h"
#include "core/params.h"
#include "core/systems/system.h"
#include "core/types.h"

namespace dms {

/// The discrete Lagrangian L_d(q_k, q_{k+1}) of a variational integrator at its step h (its
/// generating function): the action the step assigns to [t_k, t_k + h]. The shadow energy
/// belongs to the integrator as much as to H: two symplectic methods for the same H have
/// different modified Hamiltonians, and L_d is what tells them apart.
using DiscreteLagrangian = std::function<double(const VectorXd& q0, const VectorXd& q1)>;

/// The orders shadowEnergy computes: 2k for k = 1..6, from k + 1 consecutive samples.
const std::vector<int>& shadowOrders();

/// A uniform-step trajectory in canonical coordinates.
struct CanonicalTrajectory {
  double h = 0.0;           ///< the step: t_{k+1} - t_k
  std::vector<double> t;    ///< sample times
  std::vector<VectorXd> q;  ///< configurations, continuous along the run (angles unwrapped)
  std::vector<VectorXd> p;  ///< the conjugate momenta p_k of the integrator's map
};

/// The shadow energy along a trajectory. value[i] comes from samples i..i+k (k = order/2) and
/// sits at t[i] = (t_i + t_{i+k}) / 2: at sample i + k/2 for orders 4, 8 and 12 (the first and
/// last k/2 samples have none), halfway between two samples for orders 2, 6 and 10. Empty when
/// the run has fewer than k + 1 samples.
struct ShadowEnergySeries {
  int order = 0;
  std::vector<double> t;
  std::vector<double> value;
};

/// The shadow energy of order `order` (one of shadowOrders()) of a trajectory of the variational
/// integrator with discrete Lagrangian Ld, by the formula in this header's comment. Throws
/// InputError for another order, for q, p and t of different lengths, and for times that are
/// not t_0 + k h.
ShadowEnergySeries shadowEnergy(const CanonicalTrajectory& x, const DiscreteLagrangian& Ld,
                                int order);

/// Whether the shadow energy of a run of `method` can be computed from its samples, and if not,
/// why (SystemModel::shadowConstruction).
struct ShadowAvailability {
  bool available = false;
  std::string reason;  ///< empty when available
};
ShadowAvailability shadowEnergyAvailability(const SystemModel& model, const ParamValues& values,
                                            Method method);
/// The same for a registered system (CLI name) at its default parameters.
ShadowAvailability shadowEnergyAvailability(const std::string& system, Method method);

/// Reads the canonical coordinates of a run's samples in order, unwrapping an angular q.
class CanonicalReader {
 public:
  explicit CanonicalReader(const ShadowConstruction& c) : m_c(c) {}
  void read(const Sample& s, VectorXd& q, VectorXd& p);

 private:
  const ShadowConstruction& m_c;
  bool m_any = false;
  double m_previous = 0.0;
};

/// The canonical trajectory of the samples of a run (every sample of it, from t = 0, step h).
/// Throws InputError when the construction is not available (with the reason).
CanonicalTrajectory canonicalTrajectory(const ShadowConstruction& c, double h,
                                        const std::vector<Sample>& samples);
/// The same, and the step's discrete Lagrangian, for a registered system (CLI name).
CanonicalTrajectory canonicalTrajectory(const std::string& system, const ParamValues& values,
                                        Method method, double h,
                                        const std::vector<Sample>& samples);
DiscreteLagrangian discreteLagrangian(const std::string& system, const ParamValues& values,
                                      Method method, double h);
ShadowConstruction shadowConstructionOf(const std::string& system, const ParamValues& values,
                                        Method method, double h);

/// The shadow energy of a run from its samples: canonicalTrajectory, the discrete Lagrangian
/// and shadowEnergy in one call. `values` normalized (SystemModel::normalize), h the run's step.
/// Throws InputError when it is not available (with the reason) or for an unknown order.
ShadowEnergySeries shadowEnergyOfRun(const SystemModel& model, const ParamValues& values,
                                     Method method, double h, const std::vector<Sample>& samples,
                                     int order);
ShadowEnergySeries shadowEnergyOfRun(const std::string& system, const ParamValues& values,
                                     Method method, double h, const std::vector<Sample>& samples,
                                     int order);

/// The order of the shadow energy a run reports (`dmsim run`, dms.Run, the app's plot): 4, the
/// lowest that is flatter than E by a power of h, on a sample (samples i..i+2 give the value at
/// sample i+1).
constexpr int kRunShadowOrder = 4;

/// The shadow energy of a run as its samples arrive, one at a time from t = 0, in constant
/// memory: the values shadowEnergy() gives over the whole run, bit for bit (the same sums in the
/// same order). Throws InputError when the construction is not available or for an unknown
/// order.
class ShadowEnergyStream {
 public:
  ShadowEnergyStream(ShadowConstruction c, double h, int order);
  ShadowEnergyStream(const ShadowEnergyStream&) = delete;
  ShadowEnergyStream& operator=(const ShadowEnergyStream&) = delete;
  /// Takes the next sample; true when it completes a value: value() at time().
  bool take(const Sample& s);
  double time() const { return m_time; }
  double value() const { return m_value; }
  int order() const { return m_order; }
  /// Values made so far, the first of them, and max |H~ - H~_0| over them.
  std::int64_t values() const { return m_values; }
  double first() const { return m_first; }
  double maxDev() const { return m_maxDev; }

 private:
  struct Weight {
    int a, b;
    double c;
  };
  ShadowConstruction m_c;
  CanonicalReader m_reader;
  double m_h;
  int m_order, m_k;
  std::vector<Weight> m_weights;
  // the last k + 1 samples' q, p and t, and the last k steps' actions, each a ring
  std::vector<VectorXd> m_q, m_p;
  std::vector<double> m_t, m_actions;
  std::int64_t m_taken = 0, m_values = 0;
  double m_time = 0.0, m_value = 0.0, m_first = 0.0, m_maxDev = 0.0;
};

/// The shadow energy of a run for its report (`dmsim run`, dms.Run): of order
/// kRunShadowOrder over every sample, or, for a run that has none, why.
struct ShadowSummary {
  int order = 0;  ///< 0: the run has none
  std::int64_t values = 0;
  double first = 0.0;   ///< H~ at the first value
  double maxDev = 0.0;  ///< max |H~ - H~_0|
  std::string reason;   ///< why the run has none, in a user's words (empty when it has one)
};

/// Follows one run's samples with a ShadowEnergyStream of order kRunShadowOrder when the run has
/// a shadow energy (SystemModel::shadowConstruction), and keeps the reason when it has none.
class RunShadow {
 public:
  RunShadow(const SystemModel& model, const ParamValues& values, Method method, double h);
  /// Takes the next sample; true when it completes a value (stream()->value() at time()).
  bool take(const Sample& s) { return m_stream && m_stream->take(s); }
  /// Null for a run without a shadow energy.
  const ShadowEnergyStream* stream() const { return m_stream.get(); }
  ShadowSummary summary() const;

 private:
  std::unique_ptr<ShadowEnergyStream> m_stream;
  std::string m_reason;
};

}  // namespace dms
