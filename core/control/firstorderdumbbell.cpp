// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/firstorderdumbbell.h"

#include <Eigen/LU>
#include <cmath>
#include <unsupported/Eigen/AutoDiff>

#include "core/lie/so3.h"
#include "core/systems/lgvi.h"

namespace dms {
namespace {

using Ad = Eigen::AutoDiffScalar<Vector12d>;

template <class S>
using Vec3 = Eigen::Matrix<S, 3, 1>;
template <class S>
using Mat3 = Eigen::Matrix<S, 3, 3>;
template <class S>
using Mat12 = Eigen::Matrix<S, 12, 12>;

template <class S>
Mat3<S> hatT(const Vec3<S>& x) {
  Mat3<S> W;
  W << S(0.0), -x.z(), x.y(), x.z(), S(0.0), -x.x(), -x.y(), x.x(), S(0.0);
  return W;
}

// the blocks of A_k (see the header), for S = double and S = Ad
template <class S>
Mat12<S> linearizationT(const ControlledDumbbell& d, double h, const Mat3<S>& R, const Vec3<S>& x,
                        const Vec3<S>& Omega, const Vec3<S>& v, const Mat3<S>& F) {
  const Mat3<S> I = Mat3<S>::Identity();
  const Mat3<S> J = d.J.cast<S>();
  const Mat3<S> Jd = d.Jd.cast<S>();
  const Mat3<S> Jinv = d.Jinv.cast<S>();
  const S hs(h);
  const S m(d.m);

  const Mat3<S> R1 = R * F;
  const Vec3<S> x1 = x + hs * v;
  const Mat3<S> JdF = Jd * F;
  const Mat3<S> C = F * (JdF.trace() * I - JdF);
  const Mat3<S> Z = hs * C.inverse() * J;

  Mat3<S> Kx = Mat3<S>::Zero(), Keta = Mat3<S>::Zero();
  Mat3<S> Mx = Mat3<S>::Zero(), Meta = Mat3<S>::Zero();
  for (int i = 0; i < 2; ++i) {
    using std::sqrt;
    const Vec3<S> rho = d.gravity.offset(i).cast<S>();
    const Mat3<S> rhoHat = hatT<S>(rho);
    const Vec3<S> y = x1 + R1 * rho;
    const S r2 = y.squaredNorm();
    const S r = sqrt(r2);
    const S c(d.gravity.mu() * d.gravity.mass(i));
    const S r3 = r2 * r;
    const Vec3<S> Fi = (-c / r3) * y;
    const Mat3<S> Gi = (-c / r3) * I + (S(3.0) * c / (r3 * r2)) * (y * y.transpose());
    const Mat3<S> RtG = R1.transpose() * Gi;
    Kx -= Gi;
    Keta += Gi * R1 * rhoHat;
    Mx += rhoHat * RtG;
    Meta += rhoHat * (hatT<S>(Vec3<S>(R1.transpose() * Fi)) - RtG * R1 * rhoHat);
  }

  // rows of eta' and dx' in z = [eta; dx; dOmega; dv]
  Eigen::Matrix<S, 3, 12> eta1 = Eigen::Matrix<S, 3, 12>::Zero();
  eta1.template block<3, 3>(0, 0) = F.transpose();
  eta1.template block<3, 3>(0, 6) = Z;
  Eigen::Matrix<S, 3, 12> dx1 = Eigen::Matrix<S, 3, 12>::Zero();
  dx1.template block<3, 3>(0, 3) = I;
  dx1.template block<3, 3>(0, 9) = hs * I;

  Mat12<S> A;
  A.template block<3, 12>(0, 0) = eta1;
  A.template block<3, 12>(3, 0) = dx1;
  Eigen::Matrix<S, 3, 12> Jw1 = hs * (Mx * dx1 + Meta * eta1);
  Jw1.template block<3, 3>(0, 6) +=
      hatT<S>(Vec3<S>(F.transpose() * (J * Omega))) * Z + F.transpose() * J;
  A.template block<3, 12>(6, 0) = Jinv * Jw1;
  Eigen::Matrix<S, 3, 12> dv1 = (-hs / m) * (Kx * dx1 + Keta * eta1);
  dv1.template block<3, 3>(0, 9) += I;
  A.template block<3, 12>(9, 0) = dv1;
  return A;
}

}  // namespace

ControlledDumbbell::ControlledDumbbell(const DumbbellParams& p)
    : m(p.m()), J(p.J()), Jinv(p.J().inverse()), Jd(p.Jd()), gravity(p.gravity()), body(p.body()) {}

bool firstOrderRotation(const ControlledDumbbell& d, double h, const Vector3d& Omega, Matrix3d& F,
                        std::string* why) {
  const Eq42Solution sol = solveEq42(d.J, h * (d.J * Omega));
  if (!sol.converged) {
    if (why) *why = sol.why;
    return false;
  }
  F = sol.F;
  return true;
}

bool firstOrderStep(const ControlledDumbbell& d, double h, const Vector3d& uf, const Vector3d& um,
                    RigidBodyState& s, std::string* why, Matrix3d* Fout) {
  Matrix3d F;
  if (!firstOrderRotation(d, h, s.Omega, F, why)) return false;
  RigidBodyState n;
  n.R = s.R * F;
  n.x = s.x + h * s.v;
  const std::string domain = d.gravity.domainError(n.x, n.R);
  if (!domain.empty()) {
    if (why) *why = domain;
    return false;
  }
  Vector3d dU1, M1;
  d.body.forces(n.x, n.R, dU1, M1);
  n.v = s.v + (h / d.m) * (uf - dU1);
  n.Omega = d.Jinv * (F.transpose() * (d.J * s.Omega) + h * (M1 + um));
  if (!(n.R.allFinite() && n.x.allFinite() && n.v.allFinite() && n.Omega.allFinite())) {
    if (why) *why = "the state is not finite";
    return false;
  }
  s = n;
  if (Fout) *Fout = F;
  return true;
}

Matrix12d firstOrderLinearization(const ControlledDumbbell& d, double h, const RigidBodyState& s,
                                  const Matrix3d& F) {
  return linearizationT<double>(d, h, s.R, s.x, s.Omega, s.v, F);
}

void firstOrderLinearizationDerivatives(const ControlledDumbbell& d, double h,
                                        const RigidBodyState& s, const Matrix3d& F,
                                        const Matrix12d& Zs, Matrix12d& A,
                                        std::array<Matrix12d, 12>& dA) {
  // the state as AutoDiff values: z-component i carries the derivatives Zs.row(i)
  Vec3<Ad> eta, x, Omega, v;
  for (int i = 0; i < 3; ++i) {
    eta[i] = Ad(0.0, Zs.row(i).transpose());
    x[i] = Ad(s.x[i], Zs.row(3 + i).transpose());
    Omega[i] = Ad(s.Omega[i], Zs.row(6 + i).transpose());
    v[i] = Ad(s.v[i], Zs.row(9 + i).transpose());
  }
  const Mat3<Ad> R = s.R.cast<Ad>() * (Mat3<Ad>::Identity() + hatT<Ad>(eta));
  // F(Omega) of (42): dF = F zeta^ with zeta = Z dOmega (the header's derivation)
  const Matrix3d JdF = d.Jd * F;
  const Matrix3d C = F * (JdF.trace() * Matrix3d::Identity() - JdF);
  const Matrix3d Z = h * C.inverse() * d.J;
  Vec3<Ad> zeta;
  for (int i = 0; i < 3; ++i) zeta[i] = Ad(0.0, (Z.row(i) * Zs.middleRows<3>(6)).transpose());
  const Mat3<Ad> Fad = F.cast<Ad>() * (Mat3<Ad>::Identity() + hatT<Ad>(zeta));

  const Mat12<Ad> Aad = linearizationT<Ad>(d, h, R, x, Omega, v, Fad);
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 12; ++c) {
      A(r, c) = Aad(r, c).value();
      for (int j = 0; j < 12; ++j) dA[std::size_t(j)](r, c) = Aad(r, c).derivatives()[j];
    }
}

RigidBodyState retract(const RigidBodyState& s, const Vector12d& z) {
  RigidBodyState out;
  out.R = s.R * so3Exp(z.segment<3>(0));
  out.x = s.x + z.segment<3>(3);
  out.Omega = s.Omega + z.segment<3>(6);
  out.v = s.v + z.segment<3>(9);
  return out;
}

}  // namespace dms
