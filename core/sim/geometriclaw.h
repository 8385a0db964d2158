// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The geometric tracking controller of Lee, Leok and McClamroch ("Geometric tracking control
/// of a quadrotor UAV on SE(3)", CDC 2010) as a built-in control law: a law a typed expression
/// cannot write (it needs the desired attitude R_d and its angular velocity and acceleration,
/// which follow from the tracking errors through unit vectors and cross products). Its text is
/// a JSON object, accepted wherever a control law's text is (controllaw.h: `dmsim run
/// --control`, dms.run's control, a scenario's "control_law", the app's forcing panel):
///
///   {"kind": "geometric-tracking", "case": "tracking" | "flip",
///    "kx": N/m, "kv": N s/m, "kR": N m, "kOmega": N m s, "switch_psi": 1}
///
/// every field but "kind" optional: the paper's gains k_x = 16 m, k_v = 5.6 m (m the mass
/// parameter), k_R = 8.81, k_Omega = 2.54, and switch_psi = 0.01. It runs on a system whose
/// control is (f, M) (a thrust f along -R e3 and a body torque M) and whose state is x, v, R,
/// Omega, with the parameters m, g and J (principal moments): the quadrotor.
///
/// With e3 down, e_x = x - x_d, e_v = v - v_d and A = -k_x e_x - k_v e_v - m g e3 + m x_d'':
///   f = -A.(R e3),  b3_d = -A/|A|,  b2_d = (b3_d x b1_d)/|b3_d x b1_d|,  R_d = [b2_d x b3_d, b2_d,
///   b3_d] e_R = 1/2 (R_d^T R - R^T R_d)^v,  e_Omega = Omega - R^T R_d Omega_d M = -k_R e_R -
///   k_Omega e_Omega + Omega x J Omega - J (Omega^ R^T R_d Omega_d - R^T R_d Omega_d')
/// Omega_d = (R_d^T R_d')^v and Omega_d' = (R_d^T R_d'' - Omega_d^ Omega_d^)^v exactly: R_d's
/// derivatives through A's, A' and A'' from the model's own acceleration v' = g e3 - (f/m) R e3
/// and its derivative, and x_d's derivatives up to the fourth (docs/quadrotor.md).
///
/// The cases are the paper's two: "tracking", x_d(t) = (0.4 t, 0.4 sin(pi t), 0.6 cos(pi t)),
/// b1_d(t) = (cos(pi t), sin(pi t), 0); "flip", x_d = 0, b1_d = e1, from an almost upside-down
/// attitude: first the attitude mode (R_d = [b1_d, e3 x b1_d, e3] fixed, Omega_d = 0, the
/// hover thrust f = m g) until the attitude error Psi = 1/2 tr(I - R_d^T R) falls below
/// switch_psi, then the position mode above for good.
#pragma once

#include <memory>
#include <string>

#include "core/sim/controlledrun.h"

namespace dms {

enum class GeometricCase { Tracking, Flip };

struct GeometricTrackingSpec {
  GeometricCase which = GeometricCase::Tracking;
  double kx = 0.0;  ///< N/m (the paper's 16 m)
  double kv = 0.0;  ///< N s/m (5.6 m)
  double kR = 8.81;
  double kOmega = 2.54;
  double switchPsi = 0.01;
};

/// The desired trajectory at t: x_d and its derivatives to the fourth, b1_d and its first two.
struct GeometricDesired {
  Vector3d x, v, a, jerk, snap;
  Vector3d b1, b1dot, b1ddot;
};
GeometricDesired geometricDesired(GeometricCase which, double t);

/// The controller at one state: the control, the desired attitude and rates and the errors.
struct GeometricOutput {
  double f = 0.0;
  Vector3d M = Vector3d::Zero();
  Matrix3d Rd = Matrix3d::Identity();
  Vector3d Omegad = Vector3d::Zero(), OmegadDot = Vector3d::Zero();
  Vector3d ex = Vector3d::Zero(), ev = Vector3d::Zero();
  Vector3d eR = Vector3d::Zero(), eOmega = Vector3d::Zero();
  double psi = 0.0;  ///< 1/2 tr(I - R_d^T R)
  bool positionMode = true;
  std::string why;  ///< why there is no control (the desired thrust vanishes); empty otherwise
};

/// The plant's constants the controller reads.
struct GeometricPlant {
  double m = 1.0, g = 9.81;
  Matrix3d J = Matrix3d::Identity();
};

/// The position mode's control when `positionMode`, else the attitude mode's.
GeometricOutput geometricControl(const GeometricTrackingSpec& spec, const GeometricPlant& plant,
                                 double t, const Vector3d& x, const Vector3d& v, const Matrix3d& R,
                                 const Vector3d& Omega, bool positionMode);

/// Whether `text` is written as a built-in law (a JSON object: it starts with '{').
bool isBuiltinLaw(const std::string& text);

/// Reads and checks the built-in law `text` for `model` at the normalized `values`: the JSON,
/// its kind, case and gains (each named with its allowed range), and that the system takes
/// (f, M) with the state x, v, R, Omega. Throws InputError starting "--control: ".
GeometricTrackingSpec parseGeometricLaw(const SystemModel& model, const ParamValues& values,
                                        const std::string& text);

/// The law of one run of `method`: the flip case's mode is kept per run (copies of the returned
/// function share it: give each run its own). A vanishing desired thrust stops the run, saying
/// so at its step.
ControlLaw makeGeometricLaw(const GeometricTrackingSpec& spec, const SystemModel& model,
                            const ParamValues& values, Method method, double h);

/// The desired path x_d of the built-in law `text` over [0, T] at n + 1 times, for `model` at
/// `values`; empty when `text` is no built-in law or is refused (where it is checked, it is
/// explained).
std::vector<Vector3d> builtinLawReference(const SystemModel& model, const ParamValues& values,
                                          const std::string& text, double T, int n);

/// A run's tracking errors along its samples, as the law saw them: |e_x| [m] and Psi at each
/// sample of `state` parts (namedState), replaying the flip case's switch in order.
struct GeometricErrors {
  double ex = 0.0, ev = 0.0, psi = 0.0;
  bool positionMode = true;
};
class GeometricErrorTracker {
 public:
  GeometricErrorTracker(const GeometricTrackingSpec& spec, const SystemModel& model,
                        const ParamValues& values);
  /// The errors at the next sample (samples in order of t).
  GeometricErrors next(const SystemModel& model, Method method, const Sample& s);
  /// x_d at t, to draw the desired trajectory.
  Vector3d desiredPosition(double t) const { return geometricDesired(m_spec.which, t).x; }

 private:
  GeometricTrackingSpec m_spec;
  GeometricPlant m_plant;
  bool m_positionMode;
};

}  // namespace dms
