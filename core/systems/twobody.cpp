// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/twobody.h"

#include <cmath>
#include <sstream>

#include "core/integrators/standardruns.h"
#include "core/lie/so3.h"
#include "core/systems/checkedrun.h"

namespace dms {
namespace {

std::string sphereName(const char* base, int body, int i) {
  return std::string(base) + std::to_string(body) + "_" + std::to_string(i);
}

// The default spheres, 1999 KW4 (docs/numerics.md): the primary (body 1) a central sphere with
// six on its equator (the ridge of its oblate top shape), in opposite pairs so that n1 = 1, 3,
// 5, 7 keep the centre of mass at the centre; the secondary (body 2) three along its long axis
// e1. Spheres past those: small ones at the centre.
struct DefaultSphere {
  double m, r;
  Vector3d c;
};
DefaultSphere defaultSphere(int body, int i) {
  if (body == 1) {
    if (i == 1) return {1.819e12, 600.0, Vector3d::Zero()};
    if (i <= 7) {
      static const double kDeg[6] = {0.0, 180.0, 60.0, 240.0, 120.0, 300.0};
      const double a = kDeg[i - 2] * M_PI / 180.0;
      // sin(pi) and cos(pi/2) in double are 1e-16, not 0: a form would show 6.1e-14 m
      const auto exact = [](double x) { return std::fabs(x) < 1e-9 ? 0.0 : x; };
      return {8.9e10, 220.0, Vector3d(exact(500.0 * std::cos(a)), exact(500.0 * std::sin(a)), 0.0)};
    }
    return {1e10, 100.0, Vector3d::Zero()};
  }
  if (i == 1) return {6.5e10, 200.0, Vector3d::Zero()};
  if (i == 2) return {3.5e10, 150.0, Vector3d(150.0, 0.0, 0.0)};
  if (i == 3) return {3.5e10, 150.0, Vector3d(-150.0, 0.0, 0.0)};
  return {1e9, 50.0, Vector3d::Zero()};
}

std::vector<ParamSpec> twoBodySpecs(int n1, int n2) {
  std::vector<ParamSpec> s = {
      ParamSpec::scalar("G", "m^3/(kg s^2)", "gravitational constant")
          .defaultValue(6.674e-11)
          .above(0)
          .atMost(1e3)
          .slider(1e-11, 2e-10),
  };
  for (int body = 1; body <= 2; ++body)
    s.push_back(ParamSpec::scalar("n" + std::to_string(body), "",
                                  "number of spheres of body " + std::to_string(body))
                    .defaultValue(body == 1 ? 7 : 3)
                    .range(1, kTwoBodyMaxSpheres)
                    .wholeNumber()
                    .slider(1, kTwoBodyMaxSpheres));
  for (int body = 1; body <= 2; ++body) {
    const std::string b = std::to_string(body);
    for (int i = 1; i <= (body == 1 ? n1 : n2); ++i) {
      const DefaultSphere d = defaultSphere(body, i);
      const std::string k = std::to_string(i);
      s.push_back(
          ParamSpec::scalar(sphereName("m", body, i), "kg", "mass of sphere " + k + " of body " + b)
              .defaultValue(d.m)
              .above(0)
              .atMost(1e30)
              .slider(1e8, 1e13));
      s.push_back(ParamSpec::scalar(sphereName("r", body, i), "m",
                                    "radius of sphere " + k + " of body " + b)
                      .defaultValue(d.r)
                      .above(0)
                      .atMost(1e9)
                      .slider(10.0, 1000.0));
      s.push_back(ParamSpec::vector3(sphereName("c", body, i), "m",
                                     "centre of sphere " + k + " in the frame of body " + b +
                                         " (moved to the body's centre of mass)")
                      .defaultValue({d.c.x(), d.c.y(), d.c.z()})
                      .range(-1e9, 1e9)
                      .slider(-1000.0, 1000.0));
    }
  }
  // KW4's published separation, the circular speed of the model's spheres there (its period
  // 17.31 h), the primary's 2.7645 h spin tilted 0.1 rad from the orbit's normal, and the
  // synchronous secondary turned 0.15 rad from the line to the primary, so that it librates
  s.push_back(
      ParamSpec::vector3("x0", "m", "initial relative position x2 - x1 of the centres of mass")
          .defaultValue({2548.0, 0.0, 0.0})
          .range(-1e9, 1e9)
          .slider(-5000.0, 5000.0));
  s.push_back(ParamSpec::vector3("v0", "m/s", "initial relative velocity v2 - v1")
                  .defaultValue({0.0, 0.256858413723706, 0.0})
                  .range(-1e6, 1e6)
                  .slider(-1.0, 1.0));
  s.push_back(
      ParamSpec::vector3("rotvec1", "rad",
                         "initial attitude of body 1, R1 = exp(rotvec1^) (axis times angle)")
          .defaultValue({0.1, 0.0, 0.0})
          .range(-1e3, 1e3)
          .slider(-3.14, 3.14));
  s.push_back(
      ParamSpec::vector3("Omega1", "rad/s", "initial angular velocity of body 1 (body frame)")
          .defaultValue({0.0, 0.0, 6.313363183195259e-4})
          .range(-1e3, 1e3)
          .slider(-2e-3, 2e-3));
  s.push_back(
      ParamSpec::vector3("rotvec2", "rad",
                         "initial attitude of body 2, R2 = exp(rotvec2^) (axis times angle)")
          .defaultValue({0.0, 0.0, 0.15})
          .range(-1e3, 1e3)
          .slider(-3.14, 3.14));
  s.push_back(
      ParamSpec::vector3("Omega2", "rad/s", "initial angular velocity of body 2 (body frame)")
          .defaultValue({0.0, 0.0, 1.0080785467963343e-4})
          .range(-1e3, 1e3)
          .slider(-2e-3, 2e-3));
  return s;
}

// The variational step (plain or compensated sums) for FixedStepRun.
struct TwoBodyStepper {
  using State = TwoBodyStepState;
  TwoBodyParams p;
  bool compensated = false;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    int iterations = 0;
    const bool ok = twoBodyStep(p, h, x, compensated, &iterations, why);
    work.fevals += 1;  // the forces at the step's end (those at its start are kept)
    work.newton += iterations;
    return ok;
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    double y[kTwoBodyStateSize];
    Eigen::Map<Matrix3d> R1(y), R2(y + 9);
    Eigen::Map<Vector3d> X(y + 18);
    R1 = x.R[0];
    R2 = x.R[1];
    X = x.X;
    for (int i = 0; i < 2; ++i)
      Eigen::Map<Vector3d>(y + 21 + 3 * i) = p.body[i].J.llt().solve(x.R[i].transpose() * x.pi[i]);
    Eigen::Map<Vector3d>(y + 27) = x.p / p.mu;
    twoBodyFill(p, 0.0, y, s, f);
    s.t = t;
    // the angular momentum the step keeps, from its own sums
    s.momentum = x.X.cross(x.p) + x.pi[0] + x.pi[1];
  }
  std::vector<std::string> stateNames() const { return twoBodyStateNames(); }
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
    return twoBodyStepDerivative(p, h, x, d, why);
  }
  MatrixXd symplecticForm(const State& x) const {
    return twoBodySymplectic(p, x.R[0].transpose() * x.pi[0], x.R[1].transpose() * x.pi[1]);
  }
};

struct TwoBodyRhs {
  TwoBodyParams p;
  template <class Y, class DY>
  void operator()(double, const Y& y, DY& dy) const {
    twoBodyRhs(p, y.data(), dy.data());
  }
};
using TwoBodyForm = ContinuousFormT<kTwoBodyStateSize, TwoBodyRhs>;

TwoBodyForm twoBodyForm(const TwoBodyParams& p) {
  TwoBodyForm form{{}, TwoBodyRhs{p}, {}, twoBodyStateNames(), {}, {}};
  const Matrix3d R1 = p.R0 ? (*p.R0)[0] : so3Exp(p.rotvec[0]);
  const Matrix3d R2 = p.R0 ? (*p.R0)[1] : so3Exp(p.rotvec[1]);
  form.y0 << Eigen::Map<const Eigen::Matrix<double, 9, 1>>(R1.data()),
      Eigen::Map<const Eigen::Matrix<double, 9, 1>>(R2.data()), p.X0, p.Omega0[0], p.Omega0[1],
      p.V0;
  form.sample = [p](double t, const TwoBodyForm::State& y) {
    Sample s;
    twoBodyFill(p, t, y.data(), s, SampleFields::All);
    return s;
  };
  form.tangent.jacobian = [p](double, const VectorXd& y, MatrixXd& fy, MatrixXd& fu) {
    twoBodyRhsJacobian(p, y.data(), fy, fu);
  };
  // the named tangent coordinates (xi1, Omega1, x1, v1, xi2, Omega2, x2, v2) to y: dR_i =
  // R_i xi_i^, dX = dx2 - dx1, dV = dv2 - dv1
  form.tangent.in = [](const VectorXd& y) {
    MatrixXd E = MatrixXd::Zero(kTwoBodyStateSize, 24);
    const Matrix3d I = Matrix3d::Identity();
    for (int i = 0; i < 2; ++i) {
      const Eigen::Map<const Matrix3d> R(y.data() + 9 * i);
      for (int k = 0; k < 3; ++k)
        E.block<9, 1>(9 * i, 12 * i + k) =
            Eigen::Map<const Eigen::Matrix<double, 9, 1>>(Matrix3d(R * hat(I.col(k))).data());
      E.block<3, 3>(21 + 3 * i, 12 * i + 3) = I;
    }
    E.block<3, 3>(18, 6) = -I;
    E.block<3, 3>(18, 18) = I;
    E.block<3, 3>(27, 9) = -I;
    E.block<3, 3>(27, 21) = I;
    return E;
  };
  // y to the named tangent coordinates as tangentDifference reads them: xi_i = log(R_i^T (R_i +
  // dR_i)), whose derivative is the vee of the antisymmetric part of R_i^T dR_i (R_i^T R_i's
  // own departure from I is symmetric and drops out); x2 = (m1/M) X, x1 = x2 - X, the same for v
  form.tangent.out = [p](const VectorXd& y) {
    MatrixXd P = MatrixXd::Zero(24, kTwoBodyStateSize);
    const Matrix3d I = Matrix3d::Identity();
    // vee(A - A^T)/2 takes (A(2,1) - A(1,2))/2, (A(0,2) - A(2,0))/2, (A(1,0) - A(0,1))/2, and
    // A(a, b) = sum_l R(l, a) dR(l, b), dR(l, b) entry l + 3b of y's block
    static constexpr int kA[3] = {2, 0, 1}, kB[3] = {1, 2, 0};
    for (int i = 0; i < 2; ++i) {
      const Eigen::Map<const Matrix3d> R(y.data() + 9 * i);
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l) {
          P(12 * i + k, 9 * i + l + 3 * kB[k]) += 0.5 * R(l, kA[k]);
          P(12 * i + k, 9 * i + l + 3 * kA[k]) -= 0.5 * R(l, kB[k]);
        }
      P.block<3, 3>(12 * i + 3, 21 + 3 * i) = I;
    }
    const double w2 = p.body[0].mass / p.M, w1 = w2 - 1.0;
    P.block<3, 3>(6, 18) = w1 * I;
    P.block<3, 3>(18, 18) = w2 * I;
    P.block<3, 3>(9, 27) = w1 * I;
    P.block<3, 3>(21, 27) = w2 * I;
    return P;
  };
  form.tangent.symplectic = [p](const VectorXd& y) {
    return twoBodySymplectic(p, p.body[0].J * y.segment<3>(21), p.body[1].J * y.segment<3>(24));
  };
  // onto SO(3) x SO(3) x R^12
  form.project = [](TwoBodyForm::State& y) {
    for (int i = 0; i < 2; ++i) {
      Eigen::Map<Matrix3d> R(y.data() + 9 * i);
      R = nearestRotation(R);
    }
  };
  return form;
}

// RKMK4 on SO(3) x SO(3) x R^12: each R_i' = (R_i Omega_i)^ R_i, the rest as above
LieForm twoBodyLieForm(const TwoBodyParams& p) {
  const ContinuousForm c = dynamicForm(twoBodyForm(p));
  LieForm form;
  form.y0 = c.y0;
  form.rotationDim = 6;
  form.vectorDim = 12;
  form.sample = c.sample;
  form.names = c.names;
  form.generator = [p](const VectorXd& y, VectorXd& xi) {
    double dy[kTwoBodyStateSize];
    twoBodyRhs(p, y.data(), dy);
    xi.resize(18);
    for (int i = 0; i < 2; ++i)
      xi.segment<3>(3 * i) =
          Eigen::Map<const Matrix3d>(y.data() + 9 * i) * y.segment<3>(21 + 3 * i);
    xi.segment<12>(6) = Eigen::Map<const Eigen::Matrix<double, 12, 1>>(dy + 18);
  };
  form.act = [](const VectorXd& u, const VectorXd& y, VectorXd& out) {
    out.resize(kTwoBodyStateSize);
    for (int i = 0; i < 2; ++i)
      Eigen::Map<Matrix3d>(out.data() + 9 * i) =
          so3Exp(u.segment<3>(3 * i)) * Eigen::Map<const Matrix3d>(y.data() + 9 * i);
    out.tail<12>() = y.tail<12>() + u.tail<12>();
  };
  return form;
}

// the collision check of a two-body sample, from its state (R1, R2 column-major, then x)
struct NoCollision {
  TwoBodyParams p;
  std::string operator()(const Sample& s) const {
    const double* y = s.state.data();
    return twoBodyCollision(p, Eigen::Map<const Vector3d>(y + 18), Eigen::Map<const Matrix3d>(y),
                            Eigen::Map<const Matrix3d>(y + 9));
  }
};

}  // namespace

TwoBodyParams TwoBodyParams::from(const ParamValues& v) {
  TwoBodyParams p;
  p.G = scalarParam(v, "G");
  for (int b = 0; b < 2; ++b) {
    SphereBody& s = p.body[b];
    s.n = int(scalarParam(v, "n" + std::to_string(b + 1)));
    for (int i = 0; i < s.n; ++i) {
      s.m[i] = scalarParam(v, sphereName("m", b + 1, i + 1));
      s.r[i] = scalarParam(v, sphereName("r", b + 1, i + 1));
      s.c[i] = vectorParam(v, sphereName("c", b + 1, i + 1));
    }
    s.update();
    p.rotvec[b] = vectorParam(v, "rotvec" + std::to_string(b + 1));
    p.Omega0[b] = vectorParam(v, "Omega" + std::to_string(b + 1));
  }
  p.X0 = vectorParam(v, "x0");
  p.V0 = vectorParam(v, "v0");
  p.M = p.body[0].mass + p.body[1].mass;
  p.mu = p.body[0].mass * p.body[1].mass / p.M;
  return p;
}

namespace {

SystemDeclaration twoBodyDeclaration() {
  SystemDeclaration d;
  d.name = "two-body";
  d.title = "Full two-body problem on (SO(3) x R^3)^2";
  d.params = twoBodySpecs(7, 3);
  d.structuralParams = {"n1", "n2"};
  // about ten orbits (the model's period 17.31 h) and seven librations of the secondary; the
  // primary turns 0.038 rad per step
  d.settings.h = 60.0;
  d.settings.T = 6.0e5;
  // 2000 s: the primary's spin (KW4's 2.8 h) over 2 pi is 1600 s; the primary turns 0.25 rad
  // in 400 s
  d.timeScale = 2000.0;
  // 12500 s: a fifth of KW4's orbit (the model's period 17.31 h)
  d.slowTimeScale = 12500.0;
  // 12000 s, a fifth of an orbit: the error norm counts metres of a 2.5 km orbit. Longer, the
  // largest steps' errors pass the fit's ceiling (over 6e4 s vi's are 0.87 and 0.22 m; over
  // 12000 s 0.065 m); shorter, RK45's coarse tolerances all take ode45's largest step (a tenth
  // of the span), so their errors stop falling with RelTol (over 6000 s the same 5e-5 m at 1e-3
  // and 1e-4; over 12000 s a fall of 13x).
  d.sweepHorizon = 12000.0;
  d.methods = {Method::Variational, Method::Rk45,  Method::Vi4, Method::Vi6,  Method::Vi8,
               Method::Rk45Proj,    Method::Rkmk4, Method::Rk4, Method::Rk853};
  d.structure = "max_i ||I - R_i^T R_i||";
  d.hasMomentum = true;
  d.conserved = {energyQuantity(),
                 {"total angular momentum (orbit and both spins)",
                  "L = mu X x V + R1 J1 Omega1 + R2 J2 Omega2",
                  "kg m^2/s",
                  "momentum",
                  {0, 1, 2}}};
  for (const char* b : {"1", "2"}) {
    const std::string i = b;
    d.state.push_back({"R" + i, {"3", "3"}, "", "attitude of body " + i + ", row by row"});
    d.state.push_back(
        {"Omega" + i, {"3"}, "rad/s", "angular velocity of body " + i + " in its frame"});
    d.state.push_back({"x" + i, {"3"}, "m", "centre of mass of body " + i});
    d.state.push_back({"v" + i, {"3"}, "m/s", "velocity of the centre of mass of body " + i});
    d.controls.push_back({"tau" + i, {"3"}, "N m", "torque on body " + i + ", in its frame"});
    d.bodies.push_back({BodyKind::SphereCluster,
                        {"m" + i + "_i", "r" + i + "_i", "c" + i + "_i"},
                        "",
                        "n" + i,
                        "body " + i + ", a rigid set of n" + i + " spheres"});
  }
  d.tangent = {{"R1", TangentKind::Rotation}, {"Omega1"}, {"x1"}, {"v1"},
               {"R2", TangentKind::Rotation}, {"Omega2"}, {"x2"}, {"v2"}};
  d.controls.push_back({"f",
                        {"3"},
                        "N",
                        "force on body 2, inertial coordinates, with its opposite on body 1 (an "
                        "internal force: the barycentre stays at rest)"});
  return d;
}

}  // namespace

TwoBody::TwoBody() : SystemModel(twoBodyDeclaration()) {}

std::vector<ParamSpec> TwoBody::paramsFor(const ParamValues& values) const {
  int n[2] = {7, 3};
  for (int b = 0; b < 2; ++b) {
    const std::string key = "n" + std::to_string(b + 1);
    const auto it = values.find(key);
    if (it == values.end()) continue;
    checkValue(*findSpec(params(), key), it->second);
    n[b] = int(it->second.at(0));
  }
  return twoBodySpecs(n[0], n[1]);
}

ParamValues TwoBody::normalize(const ParamValues& values,
                               std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  for (int b = 1; b <= 2; ++b) {
    const int n = int(scalarParam(out, "n" + std::to_string(b)));
    double mass = 0.0, size = 0.0;
    Vector3d first = Vector3d::Zero();
    for (int i = 1; i <= n; ++i) {
      const double m = scalarParam(out, sphereName("m", b, i));
      const Vector3d c = vectorParam(out, sphereName("c", b, i));
      mass += m;
      first += m * c;
      size = std::max({size, c.norm(), scalarParam(out, sphereName("r", b, i))});
    }
    const Vector3d com = first / mass;
    if (com.norm() > 1e-12 * size) {
      for (int i = 1; i <= n; ++i) {
        const Vector3d c = vectorParam(out, sphereName("c", b, i)) - com;
        out[sphereName("c", b, i)] = {c.x(), c.y(), c.z()};
      }
      if (warnings)
        warnings->push_back("the centres c" + std::to_string(b) + "_i of body " +
                            std::to_string(b) + " have their mass-weighted mean at " +
                            formatVector(com) +
                            " m, not 0: shifted by its opposite so that the body frame is at "
                            "its centre of mass");
    }
  }
  const TwoBodyParams p = TwoBodyParams::from(out);
  const std::string hit = twoBodyCollision(p, p.X0, so3Exp(p.rotvec[0]), so3Exp(p.rotvec[1]));
  if (!hit.empty())
    throw InputError("parameter 'x0' = " + formatVector(p.X0) +
                     " is out of range: the bodies overlap at the start (" + hit +
                     "); every sphere of body 1 must lie apart from every sphere of body 2");
  return out;
}

std::vector<BodyPose> TwoBody::bodyPoses(const ParamValues& values, const Sample& s) const {
  if (s.state.size() < kTwoBodyStateSize) return SystemModel::bodyPoses(values, s);
  const TwoBodyParams p = TwoBodyParams::from(values);
  const Vector3d X = s.state.segment<3>(18);
  return {{-(p.body[1].mass / p.M) * X, Matrix3d(Eigen::Map<const Matrix3d>(s.state.data()))},
          {(p.body[0].mass / p.M) * X, Matrix3d(Eigen::Map<const Matrix3d>(s.state.data() + 9))}};
}

std::vector<StatePart> TwoBody::namedState(Method /*method*/, const Sample& s) const {
  const auto vec = [](const char* name, const Vector3d& v) {
    return StatePart{name, {3}, {v.x(), v.y(), v.z()}};
  };
  const auto mat = [&](const char* name, int at) {
    StatePart r{name, {3, 3}, {}};
    const Eigen::Map<const Matrix3d> R(s.state.data() + at);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r.values.push_back(R(i, j));
    return r;
  };
  const Vector3d X = s.state.segment<3>(18), V = s.state.segment<3>(27);
  return {mat("R1", 0),
          vec("Omega1", s.state.segment<3>(21)),
          vec("x1", s.position - X),
          vec("v1", s.velocity - V),
          mat("R2", 9),
          vec("Omega2", s.state.segment<3>(24)),
          vec("x2", s.position),
          vec("v2", s.velocity)};
}

StateError TwoBody::stateError(const Sample& a, const Sample& b) const {
  double angle2 = 0.0;
  for (int i = 0; i < 2; ++i) {
    const Matrix3d Ra = Eigen::Map<const Matrix3d>(a.state.data() + 9 * i);
    const Matrix3d Rb = Eigen::Map<const Matrix3d>(b.state.data() + 9 * i);
    const double d = so3Distance(nearestRotation(Ra), nearestRotation(Rb));
    angle2 += d * d;
  }
  StateError e;
  e.angle = std::sqrt(angle2);
  e.position = (a.state.segment<3>(18) - b.state.segment<3>(18)).norm();
  e.velocity = (a.state.segment<9>(21) - b.state.segment<9>(21)).norm();
  return e;
}

ShadowConstruction TwoBody::shadowConstruction(const ParamValues& values, Method method,
                                               double h) const {
  if (method != Method::Variational) return noShadow(method, "vi", "");
  const TwoBodyParams p = TwoBodyParams::from(values);
  ShadowConstruction c;
  c.read = [p](const Sample& s, VectorXd& q, VectorXd& pq) {
    // the raw layout: R1, R2 (column by column), X, Omega1, Omega2, V
    q.resize(21);
    pq.resize(21);
    q.head<3>() = s.state.segment<3>(18);
    pq.head<3>() = p.mu * s.state.segment<3>(27);
    for (int i = 0; i < 2; ++i) {
      const Matrix3d R = Eigen::Map<const Matrix3d>(s.state.data() + 9 * i);
      const Vector3d Omega = s.state.segment<3>(21 + 3 * i);
      Eigen::Map<Matrix3d>(q.data() + 3 + 9 * i) = R;
      Eigen::Map<Matrix3d>(pq.data() + 3 + 9 * i) = 0.5 * R * hat(Vector3d(p.body[i].J * Omega));
    }
  };
  c.lagrangian = [p, h](const VectorXd& q0, const VectorXd& q1) {
    const auto R = [](const VectorXd& q, int i) {
      return Matrix3d(Eigen::Map<const Matrix3d>(q.data() + 3 + 9 * i));
    };
    double rotation = 0.0;
    for (int i = 0; i < 2; ++i) {
      const Matrix3d& J = p.body[i].J;
      const Matrix3d Jd = 0.5 * J.trace() * Matrix3d::Identity() - J;
      rotation += (Matrix3d::Identity() - R(q0, i).transpose() * R(q1, i))
                      .cwiseProduct(Jd.transpose())
                      .sum();
    }
    const Vector3d X0 = q0.head<3>(), X1 = q1.head<3>();
    return p.mu / (2 * h) * (X1 - X0).squaredNorm() + rotation / h -
           0.5 * h *
               (twoBodyPotential(p, X0, R(q0, 0), R(q0, 1)) +
                twoBodyPotential(p, X1, R(q1, 0), R(q1, 1)));
  };
  return c;
}

namespace {

// the two-body problem's standard forms at p (its initial state included), passed to make
template <class Make>
auto withTwoBodyForms(const TwoBodyParams& p, Make make) {
  const TwoBodyStepState x0 = TwoBodyStepState::start(p);
  const auto continuous = [p] { return twoBodyForm(p); };
  const StandardForms<TwoBodyStepper, TwoBodyStepper, decltype(continuous)> forms{
      {p, false}, x0, {p, true}, x0, continuous, [p] { return twoBodyLieForm(p); }};
  return make(forms);
}

}  // namespace

std::unique_ptr<Run> TwoBody::makeRun(const ParamValues& values, Method method,
                                      const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  const TwoBodyParams p = TwoBodyParams::from(values);
  std::unique_ptr<Run> run = withTwoBodyForms(
      p, [&](const auto& forms) { return makeStandardRun(method, forms, settings); });
  if (!run) throw unavailable(method);
  // the variational step checks for a collision itself
  if (isVariationalComposition(method)) return run;
  return makeDomainCheckedRun(std::move(run), NoCollision{p}, "stopped", false);
}

std::unique_ptr<Stepping> TwoBody::makeStepping(const ParamValues& values, Method method,
                                                const IntegratorSettings& settings,
                                                const SteppingStart& start) const {
  if (!hasMethod(method)) throw unavailable(method);
  TwoBodyParams p = TwoBodyParams::from(values);
  p.control = start.control;
  if (start.state) {
    const StartState given(declaration(), *start.state);
    p.R0 = std::array<Matrix3d, 2>{given.rotation("R1"), given.rotation("R2")};
    p.Omega0 = {given.vector3("Omega1"), given.vector3("Omega2")};
    const Vector3d x1 = given.vector3("x1"), x2 = given.vector3("x2");
    const Vector3d v1 = given.vector3("v1"), v2 = given.vector3("v2");
    // the state is relative: X = x2 - x1 and V = v2 - v1 are read, the barycentre is put at
    // the origin at rest (x2 = (m1/M) X is read back). A barycentre elsewhere is not refused, so
    // that each of x1, v1, x2, v2 can move on its own (the tangent coordinates do)
    p.X0 = x2 - x1;
    p.V0 = v2 - v1;
    const std::string hit = twoBodyCollision(p, p.X0, (*p.R0)[0], (*p.R0)[1]);
    if (!hit.empty()) throw InputError("state parts 'x1', 'x2': " + hit);
  }
  std::unique_ptr<Stepping> stepping = withTwoBodyForms(
      p, [&](const auto& forms) { return makeStandardStepping(method, forms, settings); });
  if (!stepping) throw unavailable(method);
  return stepping;
}

}  // namespace dms
