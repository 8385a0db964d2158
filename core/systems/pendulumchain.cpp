// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/pendulumchain.h"

#include <cmath>

#include "core/integrators/standardruns.h"
#include "core/lie/so3.h"
#include "core/systems/spheresteps.h"

namespace dms {
namespace {

std::string linkName(const char* base, int i) {
  return std::string(base) + "_" + std::to_string(i);
}

std::vector<std::string> chainStateNames(int n) {
  std::vector<std::string> names;
  for (const char* part : {"q", "w"})
    for (int i = 1; i <= n; ++i)
      for (int k = 1; k <= 3; ++k)
        names.push_back(part + std::to_string(k) + "_" + std::to_string(i));
  return names;
}

// The variational step (plain or compensated sums) for FixedStepRun.
struct ChainStepper {
  using State = PendulumChainState;
  PendulumChainParams p;
  bool compensated = false;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    int iterations = 0;
    const bool ok = pendulumChainStep(p, h, x, compensated, &iterations, why);
    work.fevals += 2;  // gravity at q_k and at q_{k+1}
    work.newton += iterations;
    return ok;
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    ChainVectors omega = chainZeros();
    pendulumChainOmega(p, x.q, x.pi, omega);
    PendulumChain::fill(p, t, x.q, omega, s, f);
  }
  std::vector<std::string> stateNames() const { return chainStateNames(p.n); }
  /// The plain and the compensated step are one map in exact arithmetic: one derivative.
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why,
                 State* end = nullptr) const {
    return pendulumChainStepDerivative(p, h, x, d, why, end);
  }
  MatrixXd symplecticForm(const State& x) const {
    ChainVectors omega = chainZeros();
    pendulumChainOmega(p, x.q, x.pi, omega);
    return pendulumChainSymplectic(p, x.q, omega);
  }
};

std::vector<ParamSpec> chainSpecs(int n) {
  std::vector<ParamSpec> s = {
      ParamSpec::scalar("n", "", "number of links (bobs on massless rods from the pivot)")
          .defaultValue(2)
          .range(1, kChainMaxLinks)
          .wholeNumber()
          .slider(1, kChainMaxLinks),
      gravityParam("gravitational acceleration (along +e3)"),
  };
  for (int i = 1; i <= n; ++i) {
    const std::string k = std::to_string(i);
    s.push_back(massParam(linkName("m", i), "mass of bob " + k));
    s.push_back(lengthParam(linkName("l", i), "length of rod " + k, 1.0, 0.1, 5.0));
    s.push_back(ParamSpec::vector3(linkName("q0", i), "",
                                   "initial direction of rod " + k +
                                       " from the previous bob or the pivot (normalized; e3 = "
                                       "hanging)")
                    .defaultValue({1.0, 0.0, 0.0})
                    .range(-1e6, 1e6)
                    .slider(-1.0, 1.0));
    // the first rod starts at rest, the others turning about the vertical: the chain falls
    // from the horizontal and swings out of the plane
    s.push_back(ParamSpec::vector3(linkName("omega0", i), "rad/s",
                                   "initial angular velocity of rod " + k +
                                       ", dq/dt = omega x q (projected tangent to q0_" + k + ")")
                    .defaultValue({0.0, 0.0, i == 1 ? 0.0 : 1.0})
                    .range(-1e3, 1e3)
                    .slider(-5.0, 5.0));
  }
  return s;
}

SystemDeclaration pendulumChainDeclaration() {
  SystemDeclaration d;
  d.name = "pendulum-chain";
  d.title = "Chain of n spherical pendula on (S^2)^n";
  d.params = chainSpecs(2);
  d.structuralParams = {"n"};
  // the double pendulum's chaos over many Lyapunov times; h small enough for the fast whips
  // of the outer link (|omega_2| reaches ~10 rad/s)
  d.settings.h = 0.005;
  d.settings.T = 100.0;
  // 0.1 s: 1 over the outer link's fastest whip, |omega_2| ~ 10 rad/s
  d.timeScale = 0.1;
  // 1 s: half a link's small swing, pi sqrt(l/g) = 1.0 s (l = 1)
  d.slowTimeScale = 1.0;
  // 2 s: the double pendulum is chaotic, its errors grow exponentially, and over a tenth of its
  // 100 s the two largest steps' errors pass the fit's ceiling (vi at h = 0.01: 0.42 at 10 s,
  // 0.011 at 2 s).
  d.sweepHorizon = 2.0;
  d.methods = {Method::Variational, Method::Rk45,     Method::Vi4, Method::Vi6,
               Method::Vi8,         Method::Rk45Proj, Method::Rk4, Method::Rk853};
  d.structure = "max_i |1 - q_i^T q_i|";
  d.structure2 = "max_i |q_i.omega_i|";
  d.hasMomentum = true;
  d.conserved = {
      energyQuantity(),
      {"vertical angular momentum", "e3.sum_i m_i x_i x xdot_i", "kg m^2/s", "momentum", {2}}};
  d.state = {{"q", {"n", "3"}, "", "direction of each rod from the previous bob or the pivot"},
             {"omega", {"n", "3"}, "rad/s", "angular velocity of each rod, tangent"}};
  d.bodies = {{BodyKind::ChainBob, {"l_i", "m_i"}, "n", "", "bob i at the end of rod i"}};
  d.controls = {{"f", {"n", "3"}, "N", "force on each bob, in inertial coordinates"}};
  d.tangent = {{"q", TangentKind::UnitVectors}, {"omega", TangentKind::Entries}};
  return d;
}

}  // namespace

PendulumChain::PendulumChain() : SystemModel(pendulumChainDeclaration()) {}

PendulumChainParams PendulumChainParams::from(const ParamValues& v) {
  PendulumChainParams p;
  p.n = int(scalarParam(v, "n"));
  p.g = scalarParam(v, "g");
  for (int i = 0; i < p.n; ++i) {
    p.m[i] = scalarParam(v, linkName("m", i + 1));
    p.l[i] = scalarParam(v, linkName("l", i + 1));
    p.q0[i] = vectorParam(v, linkName("q0", i + 1));
    p.omega0[i] = vectorParam(v, linkName("omega0", i + 1));
  }
  p.update();
  return p;
}

std::vector<ParamSpec> PendulumChain::paramsFor(const ParamValues& values) const {
  const auto it = values.find("n");
  if (it == values.end()) return params();
  checkValue(params().front(), it->second);
  return chainSpecs(int(it->second.at(0)));
}

ParamValues PendulumChain::normalize(const ParamValues& values,
                                     std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  const int n = int(scalarParam(out, "n"));
  for (int i = 1; i <= n; ++i) {
    const std::string qName = linkName("q0", i), wName = linkName("omega0", i);
    Vector3d q = vectorParam(out, qName);
    const double len = q.norm();
    if (!(len > 1e-12))
      throw InputError("parameter '" + qName + "' = " + formatVector(q) +
                       " has zero length: it must be a nonzero 3-vector (it is normalized)");
    q /= len;
    Vector3d w = vectorParam(out, wName);
    const double along = w.dot(q);
    w -= along * q;
    if (warnings && std::fabs(along) > 1e-12 * std::max(1.0, w.norm()))
      warnings->push_back(wName + " is not tangent to " + qName + " (" + wName + "." + qName +
                          " = " + formatNumber(along) +
                          "): projected onto the tangent plane, removing that component");
    if (warnings && std::fabs(len - 1.0) > 1e-12)
      warnings->push_back(qName + " has length " + formatNumber(len) + ": scaled to 1");
    out[qName] = {q.x(), q.y(), q.z()};
    out[wName] = {w.x(), w.y(), w.z()};
  }
  return out;
}

ShadowConstruction PendulumChain::shadowConstruction(const ParamValues& values, Method method,
                                                     double h) const {
  if (method != Method::Variational) return noShadow(method, "vi", "");
  const PendulumChainParams p = PendulumChainParams::from(values);
  ShadowConstruction c;
  c.read = [p](const Sample& s, VectorXd& q, VectorXd& pq) {
    const int n = p.n;
    ChainVectors qs = chainZeros(), omega = chainZeros();
    for (int i = 0; i < n; ++i) {
      qs[i] = s.state.segment<3>(3 * i);
      omega[i] = s.state.segment<3>(3 * n + 3 * i);
    }
    ChainMat A;
    pendulumChainMatrix(p, qs, A);
    ChainVec w(3 * n);
    for (int i = 0; i < n; ++i) w.segment<3>(3 * i) = omega[i];
    const ChainVec pi = A * w;
    q.resize(3 * n);
    pq.resize(3 * n);
    for (int i = 0; i < n; ++i) {
      q.segment<3>(3 * i) = qs[i];
      pq.segment<3>(3 * i) = Vector3d(pi.segment<3>(3 * i)).cross(qs[i]);
    }
  };
  c.lagrangian = [p, h](const VectorXd& q0, const VectorXd& q1) {
    double kinetic = 0.0, potential = 0.0;
    for (int i = 0; i < p.n; ++i) {
      const Vector3d dqi = q1.segment<3>(3 * i) - q0.segment<3>(3 * i);
      for (int j = 0; j < p.n; ++j)
        kinetic += p.M[i][j] * dqi.dot(q1.segment<3>(3 * j) - q0.segment<3>(3 * j));
      // U = -sum_i c_i e3.q_i
      potential -= p.c[i] * (q0[3 * i + 2] + q1[3 * i + 2]);
    }
    return kinetic / (2 * h) - 0.5 * h * potential;
  };
  return c;
}

std::vector<ConservedQuantity> PendulumChain::conservedAt(const ParamValues& values) const {
  if (scalarParam(values, "g") != 0.0) return conserved();
  return withWholeMomentum(conserved(), "sum_i m_i x_i x xdot_i");
}

std::vector<BodyPose> PendulumChain::bodyPoses(const ParamValues& values, const Sample& s) const {
  const PendulumChainParams p = PendulumChainParams::from(values);
  // a sample without the chain's state (not one of its runs): its one drawn pose
  if (s.state.size() < 6 * p.n) return SystemModel::bodyPoses(values, s);
  std::vector<BodyPose> out;
  Vector3d x = Vector3d::Zero();
  for (int i = 0; i < p.n; ++i) {
    const Vector3d q = s.state.segment<3>(3 * i);
    x += p.l[i] * q;
    const Matrix3d R =
        Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitZ(), q).normalized().toRotationMatrix();
    out.push_back({x, R});
  }
  return out;
}

std::vector<StatePart> PendulumChain::namedState(Method /*method*/, const Sample& s) const {
  const int n = int(s.state.size()) / 6;
  StatePart q{"q", {n, 3}, {}, true}, w{"omega", {n, 3}, {}, true};
  for (int i = 0; i < 3 * n; ++i) {
    q.values.push_back(s.state[i]);
    w.values.push_back(s.state[3 * n + i]);
  }
  return {q, w};
}

StateError PendulumChain::stateError(const Sample& a, const Sample& b) const {
  const int n = int(std::min(a.state.size(), b.state.size())) / 6;
  double angle2 = 0.0, vel2 = 0.0;
  for (int i = 0; i < n; ++i) {
    const Vector3d qa = a.state.segment<3>(3 * i), qb = b.state.segment<3>(3 * i);
    const double angle = std::atan2(qa.cross(qb).norm(), qa.dot(qb));
    angle2 += angle * angle;
    vel2 += (a.state.segment<3>(3 * n + 3 * i) - b.state.segment<3>(3 * n + 3 * i)).squaredNorm();
  }
  StateError e;
  e.angle = std::sqrt(angle2);
  e.velocity = std::sqrt(vel2);
  return e;
}

namespace {

// the chain's standard forms from (q0, omega0), passed to make(forms)
template <class Make>
auto withChainForms(const PendulumChainParams& p, const ChainVectors& q0,
                    const ChainVectors& omega0, Make make) {
  const int n = p.n;
  PendulumChainState x0;
  x0.n = n;
  ChainMat A;
  pendulumChainMatrix(p, q0, A);
  ChainVec w0(3 * n);
  for (int i = 0; i < n; ++i) w0.segment<3>(3 * i) = omega0[i];
  const ChainVec pi0 = A * w0;  // pi = A(q) omega
  for (int i = 0; i < n; ++i) {
    x0.q[i] = q0[i];
    x0.pi[i] = pi0.segment<3>(3 * i);
  }
  VectorXd y0(6 * n);
  for (int i = 0; i < n; ++i) {
    y0.segment<3>(3 * i) = q0[i];
    y0.segment<3>(3 * n + 3 * i) = omega0[i];
  }
  const auto continuous = [p, y0, n] {
    ContinuousForm form;
    form.y0 = y0;
    form.rhs = [p](double, const VectorXd& y, VectorXd& dy) {
      pendulumChainRhs(p, y.data(), dy.data());
    };
    form.sample = [p, n](double t, const VectorXd& y) {
      Sample s;
      ChainVectors q = chainZeros(), w = chainZeros();
      for (int i = 0; i < n; ++i) {
        q[i] = y.segment<3>(3 * i);
        w[i] = y.segment<3>(3 * n + 3 * i);
      }
      PendulumChain::fill(p, t, q, w, s, SampleFields::All);
      return s;
    };
    form.names = chainStateNames(n);
    // the derivative of a step (tangent.h): f_y and f_u, delta q_i = xi_i x q_i and omega's
    // entries as given (the equations take any omega), the form of the variational step
    form.tangent.jacobian = [p](double, const VectorXd& y, MatrixXd& fy, MatrixXd& fu) {
      pendulumChainJacobian(p, y, fy, fu);
    };
    form.tangent.rhsAndJacobian = [p](double, const VectorXd& y, VectorXd& f, MatrixXd& fy,
                                      MatrixXd& fu) { pendulumChainJacobian(p, y, fy, fu, &f); };
    form.tangent.in = [n](const VectorXd& y) {
      MatrixXd E = MatrixXd::Identity(6 * n, 6 * n);
      for (int i = 0; i < n; ++i) E.block<3, 3>(3 * i, 3 * i) = -hat(Vector3d(y.segment<3>(3 * i)));
      return E;
    };
    form.tangent.out = [n](const VectorXd& y) {
      MatrixXd P = MatrixXd::Identity(6 * n, 6 * n);
      for (int i = 0; i < n; ++i)
        P.block<3, 3>(3 * i, 3 * i) = sphereCoordinates(y.segment<3>(3 * i));
      return P;
    };
    form.tangent.symplectic = [p, n](const VectorXd& y) {
      ChainVectors q = chainZeros(), w = chainZeros();
      for (int i = 0; i < n; ++i) {
        q[i] = y.segment<3>(3 * i);
        w[i] = y.segment<3>(3 * n + 3 * i);
      }
      return pendulumChainSymplectic(p, q, w);
    };
    // onto T(S^2)^n: each q_i unit, each omega_i tangent
    form.project = [n](VectorXd& y) {
      for (int i = 0; i < n; ++i) {
        const Vector3d q = y.segment<3>(3 * i).normalized();
        const Vector3d w = y.segment<3>(3 * n + 3 * i);
        y.segment<3>(3 * i) = q;
        y.segment<3>(3 * n + 3 * i) = w - w.dot(q) * q;
      }
    };
    return form;
  };
  const StandardForms<ChainStepper, ChainStepper, decltype(continuous)> forms{
      {p, false}, x0, {p, true}, x0, continuous, {}};
  return make(forms, x0);
}

}  // namespace

std::unique_ptr<Run> PendulumChain::makeRun(const ParamValues& values, Method method,
                                            const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  const PendulumChainParams p = PendulumChainParams::from(values);
  std::unique_ptr<Run> run =
      withChainForms(p, p.q0, p.omega0, [&](const auto& forms, const PendulumChainState& x0) {
        if (isVariationalComposition(method)) {
          // the first step, tried here, names h when it is too large for the implicit equation
          const double h1 = compositionGammas(method).front() * settings.h;
          PendulumChainState trial = x0;
          std::string why;
          if (settings.steps() > 0 && !pendulumChainStep(p, h1, trial, false, nullptr, &why))
            throw InputError("--h " + formatNumber(settings.h) +
                             " is too large for pendulum-chain's implicit step at the initial "
                             "state (" +
                             why + ")");
        }
        return makeStandardRun(method, forms, settings);
      });
  if (!run) throw unavailable(method);
  return run;
}

std::unique_ptr<Stepping> PendulumChain::makeStepping(const ParamValues& values, Method method,
                                                      const IntegratorSettings& settings,
                                                      const SteppingStart& start) const {
  if (!hasMethod(method)) throw unavailable(method);
  PendulumChainParams p = PendulumChainParams::from(values);
  p.control = start.control;
  ChainVectors q0 = p.q0, omega0 = p.omega0;
  if (start.state) {
    const StartState given(declaration(), *start.state);
    const StatePart& q = given.part("q");
    const StatePart& w = given.part("omega");
    if (q.shape[0] != p.n || w.shape[0] != p.n)
      throw InputError("state parts 'q' and 'omega' must have shape (n, 3) = (" +
                       std::to_string(p.n) + ", 3), got " + std::to_string(q.shape[0]) + " and " +
                       std::to_string(w.shape[0]) + " rows");
    for (int i = 0; i < p.n; ++i) {
      q0[i] = Vector3d(q.values[3 * i], q.values[3 * i + 1], q.values[3 * i + 2]);
      omega0[i] = Vector3d(w.values[3 * i], w.values[3 * i + 1], w.values[3 * i + 2]);
      if (!(std::fabs(q0[i].norm() - 1.0) <= 1e-6))
        throw InputError("state part 'q': row " + std::to_string(i + 1) +
                         " must be a unit vector (| | = " + formatNumber(q0[i].norm()) +
                         ", 1 to within 1e-6)");
      // the variational step takes omega_i's tangent part (sphereTangentPart); the
      // Runge-Kutta methods' equations take any omega
      if (isVariationalComposition(method)) omega0[i] = sphereTangentPart(q0[i], omega0[i]);
    }
  }
  std::unique_ptr<Stepping> stepping =
      withChainForms(p, q0, omega0, [&](const auto& forms, const PendulumChainState&) {
        return makeStandardStepping(method, forms, settings);
      });
  if (!stepping) throw unavailable(method);
  return stepping;
}

}  // namespace dms
