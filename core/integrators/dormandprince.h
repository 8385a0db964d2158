/// A generic Dormand-Prince 5(4) integrator for any state size, with MATLAB ode45's step-size
/// controller (the article's baseline) or SciPy's RK45 controller, and dense output.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/integrators/settings.h"
#include "core/types.h"

namespace dms {

/// Right-hand side y' = f(t, y), written into dy (preallocated, same size as y).
using OdeRhs = std::function<void(double t, const VectorXd& y, VectorXd& dy)>;

class DormandPrince {
 public:
  struct Options {
    double rtol = 1e-3;
    double atol = 1e-6;
    RkController controller = RkController::Ode45;
    /// Maximum step; 0 means ode45's default 0.1 |tf - t0| (SciPy: unbounded).
    double hmax = 0.0;
    /// ode45's initial step is min(hmax, |tspan(2) - tspan(1)|): the first output spacing.
    double firstOutputSpacing = 0.0;
    /// When set, every accepted y is projected (onto a manifold) and the next step restarts
    /// from there, f evaluated anew (one evaluation more per step).
    std::function<void(VectorXd& y)> project;
  };

  static int order() { return 5; }
  static std::string name() { return "Dormand-Prince 5(4)"; }

  /// Starts an integration of f from (t0, y0) to tf > t0. Allocates all work storage here.
  void init(OdeRhs f, double t0, const VectorXd& y0, double tf, const Options& options);

  /// Takes one accepted step (retrying rejected ones). Returns false when the step size fell
  /// below the minimum or the state became non-finite; error() then says why. Must not be
  /// called once done() is true.
  bool step();
  bool done() const { return m_done; }

  double t() const { return m_t; }
  const VectorXd& y() const { return m_y; }
  /// Start of the last accepted step.
  double tPrev() const { return m_tPrev; }
  /// State at tout in [tPrev(), t()] from the 4th-order interpolant of the last accepted step
  /// (ode45's ntrp45, or SciPy's quartic with the SciPy controller). Exact at tout == t().
  void interpolate(double tout, VectorXd& yout) const;

  std::int64_t accepted() const { return m_accepted; }
  std::int64_t rejected() const { return m_rejected; }
  std::int64_t fevals() const { return m_fevals; }
  const std::string& error() const { return m_error; }

 private:
  void stages(double h);  // fills K[1..6] from K[0] and m_ynew
  void accept(double h, double tnew);
  bool stepOde45();
  bool stepScipy();
  void initialStepOde45();
  void initialStepScipy();

  OdeRhs m_f;
  Options m_opt;
  double m_t = 0.0, m_tf = 0.0, m_tPrev = 0.0, m_t0 = 0.0;
  double m_absh = 0.0, m_hLast = 0.0, m_hmax = 0.0;
  bool m_done = false;
  VectorXd m_y, m_yPrev, m_ynew, m_tmp, m_errv;
  VectorXd m_K[7];      // stages of the current attempt; K[0] is f(t, y) (first same as last)
  VectorXd m_Kprev[7];  // stages of the last accepted step, for interpolation
  std::int64_t m_accepted = 0, m_rejected = 0, m_fevals = 0;
  std::string m_error;
};

}  // namespace dms
