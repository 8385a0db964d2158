// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/dmocnlp.h"

#include <IpoptConfig.h>

#include <IpIpoptApplication.hpp>
#include <IpTNLP.hpp>
#include <cmath>
#include <limits>
#include <mutex>

namespace dms {
namespace {

using Ipopt::Index;
using Ipopt::Number;

// IPOPT's infinity for a bound: its nlp_lower/upper_bound_inf default to -+1e19
constexpr double kIpoptInf = 1e19;

double bound(double b) { return std::isfinite(b) ? b : (b > 0 ? kIpoptInf : -kIpoptInf); }

// The variables, step by step: [u_0, z_1, u_1, z_2, ..., u_{N-1}, z_N], so that the Jacobian of
// the defects is block bidiagonal; the constraints are c_0..c_{N-1}, r rows each.
class DmocTnlp final : public Ipopt::TNLP {
 public:
  DmocTnlp(DmocModel& model, const DmocNlpSettings& s, const std::vector<VectorXd>& z,
           const std::vector<VectorXd>& u, const ProgressCallback& progress)
      : m_model(model), m_s(s), m_z0(z), m_u0(u), m_progress(progress) {}

  DmocNlpResult result;

  bool get_nlp_info(Index& n, Index& m, Index& nnzJac, Index& nnzHess,
                    IndexStyleEnum& style) override {
    n = Index(N() * (M() + R()));
    m = Index(N() * R());
    nnzJac = Index(N() * (R() * M() + R()) + (N() - 1) * R() * R());
    nnzHess = 0;  // limited-memory quasi-Newton
    style = TNLP::C_STYLE;
    return true;
  }

  bool get_bounds_info(Index, Number* xl, Number* xu, Index m, Number* gl, Number* gu) override {
    for (int k = 0; k < N(); ++k) {
      for (int i = 0; i < M(); ++i) {
        xl[uIndex(k) + i] = bound(m_s.uLower[i]);
        xu[uIndex(k) + i] = bound(m_s.uUpper[i]);
      }
      for (int i = 0; i < R(); ++i) {
        const int j = zIndex(k + 1) + i;
        if (k + 1 == N() && !m_s.terminalFree) {
          xl[j] = xu[j] = m_s.zTerminal[i];
        } else {
          xl[j] = -bound(m_s.zBound[i]);
          xu[j] = bound(m_s.zBound[i]);
        }
      }
    }
    for (Index i = 0; i < m; ++i) gl[i] = gu[i] = 0.0;
    return true;
  }

  bool get_starting_point(Index, bool initX, Number* x, bool, Number*, Number*, Index, bool,
                          Number*) override {
    if (!initX) return false;
    for (int k = 0; k < N(); ++k) {
      for (int i = 0; i < M(); ++i) x[uIndex(k) + i] = m_u0[std::size_t(k)][i];
      for (int i = 0; i < R(); ++i) x[zIndex(k + 1) + i] = m_z0[std::size_t(k)][i];
    }
    return true;
  }

  bool eval_f(Index, const Number* x, bool, Number& f) override {
    f = cost(x);
    return std::isfinite(f);
  }

  bool eval_grad_f(Index n, const Number* x, bool, Number* g) override {
    for (Index i = 0; i < n; ++i) g[i] = 0.0;
    if (!m_s.typedCost) {
      for (int k = 0; k < N(); ++k)
        for (int i = 0; i < M(); ++i) g[uIndex(k) + i] = 2.0 * m_s.h * x[uIndex(k) + i];
      return true;
    }
    // each step's term reads z_k, u_k and z_{k+1}; the terminal term z_N
    double f = 0.0;
    VectorXd fz, fu, fz1;
    for (int k = 0; k < N(); ++k) {
      if (!stageCost(x, k, true, f, fz, fu, fz1)) return false;
      for (int i = 0; i < M(); ++i) g[uIndex(k) + i] += fu[i];
      for (int i = 0; i < R(); ++i) {
        if (k > 0) g[zIndex(k) + i] += fz[i];
        g[zIndex(k + 1) + i] += fz1[i];
      }
    }
    std::string why;
    const VectorXd zN = Eigen::Map<const VectorXd>(x + zIndex(N()), R());
    if (!m_model.terminalCost(zN, true, f, fz, &why) || !std::isfinite(f) || !fz.allFinite()) {
      result.costFailure = why.empty() ? "the terminal cost's gradient is not finite" : why;
      return false;
    }
    for (int i = 0; i < R(); ++i) g[zIndex(N()) + i] += fz[i];
    for (Index i = 0; i < n; ++i)
      if (!std::isfinite(g[i])) return false;
    return true;
  }

  bool eval_g(Index n, const Number* x, bool, Index, Number* g) override {
    ++m_evaluations;
    double viol = 0.0;
    for (int k = 0; k < N(); ++k) {
      if (!stage(x, k, false)) return false;
      for (int i = 0; i < R(); ++i) {
        g[k * R() + i] = m_c[i];
        viol = std::max(viol, std::fabs(m_c[i]));
      }
    }
    // the best point seen: least violation, then least cost
    const double f = cost(x);
    if (std::isfinite(viol) && std::isfinite(f) &&
        (m_best.empty() || viol < m_bestViolation || (viol == m_bestViolation && f < m_bestCost))) {
      m_best.assign(x, x + n);
      m_bestViolation = viol;
      m_bestCost = f;
    }
    return true;
  }

  bool eval_jac_g(Index, const Number* x, bool, Index, Index, Index* row, Index* col,
                  Number* values) override {
    Index e = 0;
    for (int k = 0; k < N(); ++k) {
      if (values && !stage(x, k, true)) return false;
      const int r0 = k * R();
      for (int i = 0; i < R(); ++i) {
        if (k > 0)
          for (int j = 0; j < R(); ++j, ++e) {
            if (values) {
              values[e] = m_Cz(i, j);
            } else {
              row[e] = r0 + i;
              col[e] = zIndex(k) + j;
            }
          }
        for (int j = 0; j < M(); ++j, ++e) {
          if (values) {
            values[e] = m_Cu(i, j);
          } else {
            row[e] = r0 + i;
            col[e] = uIndex(k) + j;
          }
        }
        if (values) {
          values[e] = -1.0;
        } else {
          row[e] = r0 + i;
          col[e] = zIndex(k + 1) + i;
        }
        ++e;
      }
    }
    return true;
  }

  bool intermediate_callback(Ipopt::AlgorithmMode, Index iter, Number f, Number infPr, Number,
                             Number, Number, Number, Number, Number, Index, const Ipopt::IpoptData*,
                             Ipopt::IpoptCalculatedQuantities*) override {
    IterationReport rep;
    rep.iteration = m_s.iterationOffset + int(iter);
    rep.evaluations = m_s.evaluationOffset + m_evaluations;
    rep.cost = f;
    rep.constraintViolation = infPr;
    result.history.push_back(rep);
    if (m_progress && !m_progress(rep)) {
      result.cancelled = true;
      return false;
    }
    return true;
  }

  void finalize_solution(Ipopt::SolverReturn status, Index n, const Number* x, const Number*,
                         const Number*, Index m, const Number* g, const Number*, Number f,
                         const Ipopt::IpoptData*, Ipopt::IpoptCalculatedQuantities*) override {
    result.converged = status == Ipopt::SUCCESS || status == Ipopt::STOP_AT_ACCEPTABLE_POINT;
    double viol = 0.0;
    for (Index i = 0; i < m; ++i) viol = std::max(viol, std::fabs(g[i]));
    std::vector<double> point(x, x + n);
    result.cost = f;
    if (!result.converged && !m_best.empty() && !(viol <= m_bestViolation)) {
      point = m_best;
      viol = m_bestViolation;
      result.cost = m_bestCost;
    }
    result.constraintViolation = viol;
    result.z.assign(std::size_t(N()), VectorXd(R()));
    result.u.assign(std::size_t(N()), VectorXd(M()));
    for (int k = 0; k < N(); ++k) {
      for (int i = 0; i < M(); ++i) result.u[std::size_t(k)][i] = point[std::size_t(uIndex(k) + i)];
      for (int i = 0; i < R(); ++i)
        result.z[std::size_t(k)][i] = point[std::size_t(zIndex(k + 1) + i)];
    }
  }

  int evaluations() const { return m_evaluations; }

 private:
  int N() const { return m_s.N; }
  int M() const { return m_s.m; }
  int R() const { return m_s.r; }
  int uIndex(int k) const { return k * (M() + R()); }
  // z_k for k = 1..N
  int zIndex(int k) const { return (k - 1) * (M() + R()) + M(); }

  // the cost at x; NaN where it is not finite (result.costFailure says why)
  double cost(const Number* x) {
    double f = 0.0;
    if (!m_s.typedCost) {
      for (int k = 0; k < N(); ++k)
        for (int i = 0; i < M(); ++i) f += x[uIndex(k) + i] * x[uIndex(k) + i];
      return m_s.h * f;
    }
    double fk = 0.0;
    VectorXd fz, fu, fz1;
    for (int k = 0; k < N(); ++k) {
      if (!stageCost(x, k, false, fk, fz, fu, fz1)) return std::numeric_limits<double>::quiet_NaN();
      f += fk;
    }
    std::string why;
    const VectorXd zN = Eigen::Map<const VectorXd>(x + zIndex(N()), R());
    if (!m_model.terminalCost(zN, false, fk, fz, &why) || !std::isfinite(fk)) {
      result.costFailure = why.empty() ? "the terminal cost is not finite" : why;
      return std::numeric_limits<double>::quiet_NaN();
    }
    return f + fk;
  }

  bool stageCost(const Number* x, int k, bool gradient, double& f, VectorXd& fz, VectorXd& fu,
                 VectorXd& fz1) {
    const VectorXd zk =
        k > 0 ? VectorXd(Eigen::Map<const VectorXd>(x + zIndex(k), R())) : VectorXd::Zero(R());
    const VectorXd uk = Eigen::Map<const VectorXd>(x + uIndex(k), M());
    const VectorXd zk1 = Eigen::Map<const VectorXd>(x + zIndex(k + 1), R());
    std::string why;
    const bool ok =
        m_model.stageCost(k, zk, uk, zk1, gradient, f, fz, fu, fz1, &why) && std::isfinite(f) &&
        (!gradient || (fu.allFinite() && fz1.allFinite() && (k == 0 || fz.allFinite())));
    if (!ok) result.costFailure = why.empty() ? "the cost's gradient is not finite" : why;
    return ok;
  }

  bool stage(const Number* x, int k, bool derivatives) {
    m_zk = k > 0 ? VectorXd(Eigen::Map<const VectorXd>(x + zIndex(k), R())) : VectorXd::Zero(R());
    m_uk = Eigen::Map<const VectorXd>(x + uIndex(k), M());
    m_zk1 = Eigen::Map<const VectorXd>(x + zIndex(k + 1), R());
    std::string why;
    if (!m_model.defect(k, m_zk, m_uk, m_zk1, derivatives, m_c, m_Cz, m_Cu, &why)) return false;
    return m_c.allFinite() && (!derivatives || (m_Cu.allFinite() && (k == 0 || m_Cz.allFinite())));
  }

  DmocModel& m_model;
  DmocNlpSettings m_s;
  const std::vector<VectorXd>& m_z0;
  const std::vector<VectorXd>& m_u0;
  const ProgressCallback& m_progress;
  int m_evaluations = 0;
  VectorXd m_zk, m_uk, m_zk1, m_c;
  MatrixXd m_Cz, m_Cu;
  std::vector<double> m_best;
  double m_bestViolation = std::numeric_limits<double>::infinity();
  double m_bestCost = std::numeric_limits<double>::infinity();
};

std::string statusText(Ipopt::ApplicationReturnStatus s) {
  switch (s) {
    case Ipopt::Solve_Succeeded:
      return "success";
    case Ipopt::Solved_To_Acceptable_Level:
      return "solved to an acceptable level";
    case Ipopt::Infeasible_Problem_Detected:
      return "infeasible problem detected";
    case Ipopt::Search_Direction_Becomes_Too_Small:
      return "search direction became too small";
    case Ipopt::Diverging_Iterates:
      return "iterates diverging";
    case Ipopt::User_Requested_Stop:
      return "cancelled";
    case Ipopt::Feasible_Point_Found:
      return "feasible point found";
    case Ipopt::Maximum_Iterations_Exceeded:
      return "iteration limit reached";
    case Ipopt::Restoration_Failed:
      return "restoration phase failed";
    case Ipopt::Error_In_Step_Computation:
      return "error in step computation";
    case Ipopt::Maximum_CpuTime_Exceeded:
      return "time limit reached";
    case Ipopt::Not_Enough_Degrees_Of_Freedom:
      return "not enough degrees of freedom";
    case Ipopt::Invalid_Problem_Definition:
      return "invalid problem definition";
    case Ipopt::Invalid_Option:
      return "invalid option";
    case Ipopt::Invalid_Number_Detected:
      return "a number that is not finite was detected";
    default:
      return "IPOPT failed (status " + std::to_string(int(s)) + ")";
  }
}

}  // namespace

bool DmocModel::stageCost(int, const VectorXd&, const VectorXd&, const VectorXd&, bool, double&,
                          VectorXd&, VectorXd&, VectorXd&, std::string* why) {
  if (why) *why = "the model has no typed cost";
  return false;
}

bool DmocModel::terminalCost(const VectorXd&, bool, double&, VectorXd&, std::string* why) {
  if (why) *why = "the model has no typed cost";
  return false;
}

std::string ipoptVersion() { return IPOPT_VERSION; }

DmocNlpResult solveDmocNlp(DmocModel& model, const DmocNlpSettings& settings,
                           const std::vector<VectorXd>& z, const std::vector<VectorXd>& u,
                           const ProgressCallback& progress) {
  // MUMPS's sequential library (IPOPT's linear solver on Debian) keeps global state
  static std::mutex oneAtATime;
  const std::lock_guard<std::mutex> lock(oneAtATime);
  Ipopt::SmartPtr<DmocTnlp> nlp = new DmocTnlp(model, settings, z, u, progress);
  Ipopt::SmartPtr<Ipopt::IpoptApplication> app = IpoptApplicationFactory();
  app->Options()->SetIntegerValue("print_level", 0);
  app->Options()->SetStringValue("sb", "yes");
  // no second derivatives of the step: IPOPT's L-BFGS approximation of the Lagrangian's Hessian
  app->Options()->SetStringValue("hessian_approximation", "limited-memory");
  app->Options()->SetStringValue("mu_strategy", "adaptive");
  // the bounds as given, not widened by bound_relax_factor (1e-8, relative): IPOPT 3.11 would
  // move its last point back onto a widened bound after the constraints were evaluated there,
  // so the controls returned would not be those whose defects it reports (and a thrust f >= 0
  // could end below 0)
  app->Options()->SetNumericValue("bound_relax_factor", 0.0);
  app->Options()->SetNumericValue("tol", settings.tol);
  app->Options()->SetNumericValue("constr_viol_tol", settings.constraintTol);
  app->Options()->SetIntegerValue("max_iter", settings.maxIterations);
  app->Options()->SetNumericValue("max_cpu_time", settings.maxCpuSeconds);
  DmocNlpResult out;
  Ipopt::ApplicationReturnStatus s = app->Initialize();
  if (s == Ipopt::Solve_Succeeded) s = app->OptimizeTNLP(Ipopt::SmartPtr<Ipopt::TNLP>(nlp));
  out = nlp->result;
  out.status = statusText(s);
  out.converged = s == Ipopt::Solve_Succeeded || s == Ipopt::Solved_To_Acceptable_Level;
  out.cancelled = s == Ipopt::User_Requested_Stop && nlp->result.cancelled;
  out.iterations =
      out.history.empty() ? 0 : out.history.back().iteration - settings.iterationOffset;
  out.evaluations = nlp->evaluations();
  if (out.z.empty()) {  // IPOPT stopped before finalize_solution: the guess
    out.z = z;
    out.u = u;
  }
  return out;
}

}  // namespace dms
