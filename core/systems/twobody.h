// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The full two-body problem: two rigid bodies under their mutual gravity, each a rigid set of
/// uniform spheres, with the Lie group variational integrator of Lee, Leok and McClamroch,
/// "Lie group variational integrators for the full body problem in orbital mechanics" (Celest.
/// Mech. Dyn. Astr. 98, 2007), in relative coordinates: the centre of mass is fixed at the
/// origin, the total linear momentum is zero by construction, and the state is the attitudes
/// R1, R2 (body to inertial), the relative position X = x2 - x1 of the centres of mass, the
/// body angular velocities Omega1, Omega2 and the relative velocity V = v2 - v1.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "core/integrators/tangent.h"
#include "core/systems/system.h"

namespace dms {

/// Most spheres a body has.
constexpr int kTwoBodyMaxSpheres = 8;

/// One body: n uniform spheres (mass m_i, radius r_i, centre c_i in the body frame, whose
/// origin is the body's centre of mass: sum_i m_i c_i = 0), its mass and its inertia about its
/// centre of mass, J = sum_i m_i (2/5 r_i^2 I + |c_i|^2 I - c_i c_i^T).
struct SphereBody {
  int n = 1;
  std::array<double, kTwoBodyMaxSpheres> m{}, r{};
  std::array<Vector3d, kTwoBodyMaxSpheres> c{};
  double mass = 0.0;
  Matrix3d J = Matrix3d::Identity();
  double Jmin = 0.0;  ///< smallest eigenvalue of J (eq (42)'s root test)
  /// Sets mass, J and Jmin from the spheres.
  void update();
};

/// The parameters: G, the two bodies, the initial relative position and velocity and each
/// body's initial attitude (a rotation vector) and body angular velocity.
struct TwoBodyParams {
  double G = 6.674e-11;
  std::array<SphereBody, 2> body;
  Vector3d X0 = Vector3d::Zero(), V0 = Vector3d::Zero();
  std::array<Vector3d, 2> rotvec{Vector3d::Zero(), Vector3d::Zero()};
  std::array<Vector3d, 2> Omega0{Vector3d::Zero(), Vector3d::Zero()};
  double M = 0.0;   ///< m1 + m2
  double mu = 0.0;  ///< reduced mass m1 m2 / (m1 + m2)
  /// The initial attitudes when given as matrices (a state to restart from) rather than as
  /// rotvec: then exactly these, not exp(rotvec^).
  std::optional<std::array<Matrix3d, 2>> R0;
  /// The control held over a step, null or empty when unforced: u = (tau1, tau2, f), the
  /// torques on bodies 1 and 2 in their body coordinates [N m], and a force f on body 2 with its
  /// opposite on body 1 [N] (an internal force: the relative motion feels f, the barycentre
  /// stays at rest). Added to the potential's at both ends of the variational step (discrete
  /// Lagrange-d'Alembert) and to the vector field.
  const HeldControl* control = nullptr;
  bool forced() const { return control && control->active(); }
  /// Reads normalized values (every centre set already at its body's centre of mass).
  static TwoBodyParams from(const ParamValues& v);
};

/// U = -sum_ij G m_1i m_2j / |d_ij|, d_ij = X + R2 c_2j - R1 c_1i: exact for uniform spheres of
/// different bodies that do not overlap (each attracts as a point mass at its centre).
double twoBodyPotential(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                        const Matrix3d& R2);

/// dU/dX = sum_ij f_ij, f_ij = G m_1i m_2j d_ij / |d_ij|^3, and the body moments of eq (41),
/// M^ = dU/dR^T R - R^T dU/dR, which for dU/dR2 = sum f_ij c_2j^T and dU/dR1 = -sum f_ij
/// c_1i^T are M1 = sum_ij c_1i x (R1^T f_ij) and M2 = sum_ij (R2^T f_ij) x c_2j (the moments of
/// the forces +f_ij on body 1 and -f_ij on body 2 about their centres). R need not be
/// orthogonal (the Runge-Kutta forms drift off SO(3)).
void twoBodyForces(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                   const Matrix3d& R2, Vector3d& dUdX, Vector3d& M1, Vector3d& M2);

/// The forces' derivative at (X, R1, R2): rows dU/dX and the spatial moments tau_i = R_i M_i,
/// columns X and each rotation's left-trivialized change xi_i (dR_i = R_i xi_i^), R_i on SO(3).
/// The potential is a finite sum over sphere pairs, differentiated term by term (exact):
/// d f_ij = H_ij d d_ij, H_ij = G m_1i m_2j (I - 3 d d^T/|d|^2)/|d|^3.
using TwoBodyForceDerivative = Eigen::Matrix<double, 9, 9>;
TwoBodyForceDerivative twoBodyForceDerivative(const TwoBodyParams& p, const Vector3d& X,
                                              const Matrix3d& R1, const Matrix3d& R2);

/// Empty when no sphere of body 1 overlaps one of body 2; otherwise which two, at what
/// distance between their centres and their radii's sum.
std::string twoBodyCollision(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                             const Matrix3d& R2);

/// The variational step's state, in spatial momenta: R_i, X, p = mu V, pi_i = R_i J_i Omega_i,
/// what rounding dropped from each sum (zero for plain sums), and the forces at (X, R1, R2):
/// dU/dX and the spatial moments tau_i = R_i M_i (each step computes them once, at its end).
struct TwoBodyStepState {
  std::array<Matrix3d, 2> R{Matrix3d::Identity(), Matrix3d::Identity()};
  std::array<Matrix3d, 2> lostR{Matrix3d::Zero(), Matrix3d::Zero()};
  Vector3d X = Vector3d::Zero(), lostX = Vector3d::Zero();
  Vector3d p = Vector3d::Zero(), lostP = Vector3d::Zero();
  std::array<Vector3d, 2> pi{Vector3d::Zero(), Vector3d::Zero()};
  std::array<Vector3d, 2> lostPi{Vector3d::Zero(), Vector3d::Zero()};
  Vector3d dUdX = Vector3d::Zero();
  std::array<Vector3d, 2> tau{Vector3d::Zero(), Vector3d::Zero()};
  /// The initial state of the parameters, its forces computed.
  static TwoBodyStepState start(const TwoBodyParams& p);
};

/// One step of the LGVI of the full two-body problem in relative coordinates, each body's
/// attitude as in the one-body eqs (42)-(46) and the relative motion with the reduced mass:
///   h (J_i Omega_ik)^ + h^2/2 M_ik^ = F_ik Jd_i - Jd_i F_ik^T,  R_i,k+1 = R_ik F_ik
///   X_k+1 = X_k + h V_k - h^2/(2 mu) dU/dX_k
///   J_i Omega_i,k+1 = F_ik^T J_i Omega_ik + h/2 F_ik^T M_ik + h/2 M_i,k+1
///   mu V_k+1 = mu V_k - h/2 dU/dX_k - h/2 dU/dX_k+1
/// written in the spatial momenta as half kicks, rotations and a drift:
///   p+ = p_k - h/2 dU/dX_k,  pi_i+ = pi_ik + h/2 tau_ik
///   g_i = h R_ik^T pi_i+ (= h J_i Omega_ik + h^2/2 M_ik), F_ik from (42) (solveEq42)
///   R_i,k+1 = R_ik + R_ik (F_ik - I),  X_k+1 = X_k + (h/mu) p+
///   p_k+1 = p+ - h/2 dU/dX_k+1,  pi_i,k+1 = pi_i+ + h/2 tau_i,k+1.
/// The total angular momentum L = X x p + pi_1 + pi_2 is kept by each part whatever F's
/// accuracy (tau_1 + tau_2 = X x dU/dX, the forces between spheres being central; the drift
/// adds a multiple of p to X; a rotation leaves pi). Fails, leaving x unchanged and saying why,
/// when (42) has no converged solution for a body or the new configuration has two spheres of
/// different bodies overlapping (the collision named). With `compensated` every sum takes its
/// increment with compensation (compensated.h).
bool twoBodyStep(const TwoBodyParams& p, double h, TwoBodyStepState& x, bool compensated,
                 int* iterations, std::string* why);

/// The derivative of twoBodyStep (plain or compensated: the compensation terms change the
/// rounding, not the map) in the tangent coordinates of the named state, (xi1, Omega1, x1, v1,
/// xi2, Omega2, x2, v2) with dR_i = R_i xi_i^, through X = x2 - x1, V = v2 - v1 and back
/// (x2 = (m1/M) X, x1 = x2 - X): the chain rule through the kicks and the drift, the implicit
/// function theorem at (42)'s converged F. B's columns are u = (tau1, tau2, f), none when the
/// parameters have no control. Fails, saying why, where the step does.
bool twoBodyStepDerivative(const TwoBodyParams& p, double h, const TwoBodyStepState& x,
                           StepDerivative& d, std::string* why);

/// The symplectic form in the same coordinates, with Pi_i = J_i Omega_i: mu dX ^ dV of the
/// relative motion (degenerate along the barycentre, which the step does not carry) and for
/// each body T*SO(3)'s canonical form left-trivialized,
/// (xi, dPi), (xi', dPi') -> xi . dPi' - xi' . dPi + Pi . (xi x xi').
MatrixXd twoBodySymplectic(const TwoBodyParams& p, const Vector3d& Pi1, const Vector3d& Pi2);

/// The raw state's layout: R1 (9, column by column), R2 (9), X, Omega1, Omega2, V.
constexpr int kTwoBodyStateSize = 30;

/// The continuous equations on y (the raw layout):
///   R_i' = R_i Omega_i^,  X' = V,  J_i Omega_i' = M_i - Omega_i x J_i Omega_i,
///   mu V' = -dU/dX.
void twoBodyRhs(const TwoBodyParams& p, const double* y, double* dy);

/// f_y (30 x 30) and f_u (30 x 9, none when the parameters have no control) of twoBodyRhs at
/// y, in the raw entries (R_i off SO(3) too).
void twoBodyRhsJacobian(const TwoBodyParams& p, const double* y, MatrixXd& fy, MatrixXd& fu);

/// E = 1/2 mu |V|^2 + sum_i 1/2 Omega_i^T J_i Omega_i + U.
double twoBodyEnergy(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                     const Matrix3d& R2, const Vector3d& W1, const Vector3d& W2, const Vector3d& V);

/// The sample of a raw state y: energy, momentum L = mu X x V + R1 J1 Omega1 + R2 J2 Omega2
/// (the total angular momentum about the centre of mass; the total linear momentum is zero),
/// structure max_i ||I - R_i^T R_i||, the drawn point the secondary's centre of mass
/// x2 = (m1/M) X with velocity v2 = (m1/M) V and attitude R2, and the raw state y.
void twoBodyFill(const TwoBodyParams& p, double t, const double* y, Sample& s, SampleFields f);

/// The raw state's column names: R1_11 R1_21 ... R2_33 X1 X2 X3 W1_1 .. W2_3 V1 V2 V3.
std::vector<std::string> twoBodyStateNames();

class TwoBody final : public SystemModel {
 public:
  /// Conserves the energy and the total angular momentum (orbit and both spins) about the
  /// centre of mass, all three components of Sample::momentum.
  TwoBody();
  /// G, n1, n2, the spheres m1_i, r1_i, c1_i (i = 1..n1) and m2_j, r2_j, c2_j, then the
  /// initial values x0, v0, rotvec1, Omega1, rotvec2, Omega2. Throws InputError for n1 or n2
  /// outside [1, 8].
  std::vector<ParamSpec> paramsFor(const ParamValues& values) const override;
  /// Body 1 at x1 = -(m2/M) X with R1, body 2 at x2 = (m1/M) X with R2.
  std::vector<BodyPose> bodyPoses(const ParamValues& values, const Sample& s) const override;
  /// R1, Omega1, x1, v1, R2, Omega2, x2, v2 (inertial frame, centre of mass at the origin):
  /// x2 and v2 are the drawn point, x1 = x2 - X and v1 = v2 - V.
  std::vector<StatePart> namedState(Method method, const Sample& s) const override;
  bool namedStateNeedsPose(Method) const override { return true; }
  /// Sets each body's frame at its centre of mass (shifting the centres, with a warning, when
  /// their mass-weighted mean is not 0) and refuses spheres of different bodies that overlap
  /// at the start.
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  /// angle: sqrt(theta_1^2 + theta_2^2), theta_i the SO(3) distance between the nearest
  /// rotations of the R_i [rad]; position |X_a - X_b| [m]; velocity the norm of the differences
  /// of Omega1, Omega2 and V [rad/s, m/s].
  StateError stateError(const Sample& a, const Sample& b) const override;
  /// vi and vi4 stop at a collision or an unsolvable (42) (the step from the last good sample
  /// named); the Runge-Kutta runs are checked for collisions at their samples.
  /// vi: the rigid body's construction (rigidBodyShadow) for the pair in relative coordinates:
  /// q = (X, R1, R2) in R^21, p = (mu V, 1/2 R1 (J1 Omega1)^, 1/2 R2 (J2 Omega2)^) and
  /// L_d = (mu/2h)|X1 - X0|^2 + sum_i (1/h) tr((I - R_i0^T R_i1) Jd_i) - (h/2)(U_0 + U_1).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by a torque on each body and an internal force (TwoBodyParams::control); from the
  /// named state when given. The state is relative: only X = x2 - x1 and V = v2 - v1 are read,
  /// and the barycentre is put at the origin at rest (the tangent coordinates move x1, v1, x2,
  /// v2 each on its own).
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
};

}  // namespace dms
