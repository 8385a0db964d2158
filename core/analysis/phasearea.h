/// Phase space and symplecticity: for a system with a one-degree-of-freedom
/// canonical phase plane (SystemModel::phasePlane), M runs of each method from the vertices of
/// a polygon inscribed in a small circle around the initial state (q0, p0), the polygon through
/// their states at chosen times (a curve) and its area by the shoelace formula, the ratio
/// A(t)/A(0) along the run, the centre run's trajectory (the phase portrait) and the
/// separatrix.
///
/// What the ratio measures. A symplectic map preserves the area of every region, and the M
/// vertices stay on the image of the initial circle C. The polygon's area differs from the
/// area the map transports by the M slivers between each chord and the image of the arc (or of
/// the initial edge) it spans, sum_j kappa_j l_j^3 / 12 for chords l_j on a curve of curvature
/// kappa_j, which is O(M^-2):
/// - for a linear symplectic map (vi and vi4 on the mass-spring: the midpoint rule, determinant
///   1) the image of the initial polygon is the polygon of the image vertices, so A(t)/A(0) = 1
///   up to round-off: each of the N steps rounds every vertex by about eps |z| (|z| the size of
///   the state), which moves the area of a curve of radius r by about (2/r) N eps |z| relative;
/// - for a nonlinear symplectic map (vi on the pendulum) the slivers grow as the flow shears
///   the curve, and |A(t)/A(0) - 1| = |S(t) - S(0)| / A(0) with S the slivers' area, of
///   relative size O(r s^3 d / M^2) for a curve stretched s-fold and bent by the flow's second
///   derivative d; S is proportional to M^-2 up to O(M^-4), so (4/3) |ratio_M - ratio_2M|
///   estimates it (Richardson), and phaseAreaDiscretizationBound takes twice |ratio_M -
///   ratio_2M| to cover the next term. Measured at the default set-up (r = 0.1, T = 100): vi's
///   largest |ratio - 1| is 1.7e-2 at M = 32, 4.3e-3 at M = 64, 1.1e-3 at M = 128 (a factor
///   4 per doubling). The polygon stops resolving the curve once the shear has wound it into
///   a long thin spiral (at T = 1000 with M = 64 its area even turns negative): take M or T
///   so that the bound stays small;
/// - a method that is not symplectic changes the transported area itself: RK4 on the linear
///   oscillator by exactly (1 - (w h)^6/72 + (w h)^8/576)^N, its step's determinant to the
///   power N; RK45 at the article's tolerances shrinks the mass-spring's area steadily (0.5%
///   per 100 s). On the pendulum its vertices' own errors (each run picks its own steps)
///   exceed the circle's size within T = 100, and its ratio scatters far from 1 (by 0.7 to 2.5
///   at M = 32 to 128).

#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/analysis/sweep.h"
#include "core/systems/system.h"

namespace dms {

/// The ratio A(t)/A(0) is kept at every sample time, decimated to at most this many points;
/// the centre run's trajectory to at most kPortraitPoints.
constexpr std::size_t kPhaseRatioPoints = 2000;
constexpr std::size_t kPortraitPoints = 20000;
/// The separatrix is drawn with this many points over q in [-pi, pi].
constexpr std::size_t kSeparatrixPoints = 401;

/// What a phase-area study runs.
struct PhaseAreaSpec {
  std::string system;           ///< CLI name
  ParamValues parameters;       ///< complete and normalized; (q0, p0) the circle's centre
  IntegratorSettings settings;  ///< h (the fixed step and RK45's output spacing), T, tolerances
  std::vector<Method> methods;
  int points = 64;  ///< M, the vertices of the polygon, in [8, 4096]
  /// r > 0, in q's unit: the vertices are (q0 + r cos a_j, p0 + r pScale sin a_j), a_j = 2 pi
  /// j / M, a circle in (q, p / pScale) (PhasePlane::pScale).
  double radius = 0.1;
  /// When the curve is drawn and its area kept: increasing, in (0, T]; each is taken at the
  /// nearest sample time k h.
  std::vector<double> times;
};

/// A system's default study: its methods, the article's h and tolerances, T a tenth of the
/// article's (rounded to 12 digits), M = 64, r = PhasePlane::defaultRadius, 8 times T/8 .. T.
/// Throws InputError when the system has no phase plane.
PhaseAreaSpec defaultPhaseArea(const SystemModel& model);

/// Checks a study: a known system with a phase plane, methods it has (no repeats), valid
/// settings, M in [8, 4096], r > 0, at least one time, the times increasing and in (0, T].
/// Throws InputError naming the field (--points, --radius, --times, --methods, --system) and the
/// allowed range.
void validatePhaseArea(const PhaseAreaSpec& spec);

/// The polygon at one time and its area.
struct PhaseCurve {
  double t = 0.0;                ///< the sample time, k h
  std::vector<Vector2d> points;  ///< (q, p) of the M runs; an angle unwrapped along the curve
  double area = 0.0;             ///< shoelace, positive counter-clockwise in (q, p)
};

/// One method's part of the study.
struct PhaseAreaMethod {
  Method method = Method::Variational;
  RunStatus status = RunStatus::Ok;
  std::string failure;             ///< why a run failed, with the time
  double area0 = 0.0;              ///< A(0): the initial polygon, read off the runs' first samples
  std::vector<PhaseCurve> curves;  ///< one per PhaseAreaSpec::times
  std::vector<double> ratioTimes;  ///< sample times, decimated to kPhaseRatioPoints
  std::vector<double> areas;       ///< A(t) at ratioTimes
  std::vector<double> ratios;      ///< A(t)/A(0) at ratioTimes
  std::vector<double> portraitTimes;
  std::vector<Vector2d> portrait;  ///< (q, p) of the run from (q0, p0), q as read (not unwrapped)
};

struct PhaseAreaResult {
  PhaseAreaSpec spec;
  std::string qName, qUnit, pName, pUnit;
  /// pi r^2 pScale: the area of the circle the polygon is inscribed in.
  double circleArea = 0.0;
  std::vector<PhaseAreaMethod> methods;  ///< in spec.methods' order
  /// The upper branch (q, p) of the separatrix over [-pi, pi]; the lower is (q, -p). Empty when
  /// the system has none.
  std::vector<Vector2d> separatrix;
};

/// Runs a validated study: the M + 1 runs (the vertices and the centre) of each method on
/// `jobs` threads, each run to T keeping only what the result holds (bounded memory). The
/// result does not depend on `jobs`. With `cancel` set, unfinished methods come back
/// Cancelled. `progress(done, total)` is called from the worker threads as each run ends.
PhaseAreaResult runPhaseArea(
    const PhaseAreaSpec& spec, unsigned jobs = 1, const std::atomic<bool>* cancel = nullptr,
    const std::function<void(std::size_t done, std::size_t total)>& progress = {});

/// The shoelace area of a closed polygon, positive counter-clockwise (taken about the
/// vertices' mean, so the rounding is relative to the polygon's size, not its distance from
/// the origin).
double shoelaceArea(const std::vector<Vector2d>& polygon);

/// |A(t)/A(0) - 1| that the polygon alone can cause, by comparing the ratios of a method at M
/// and at 2M vertices (the header's derivation): 2 |ratio_M - ratio_2M|, the largest over the
/// common times of the two results' ratios for `method`. Empty when either lacks the method or
/// it did not finish.
std::optional<double> phaseAreaDiscretizationBound(const PhaseAreaResult& m,
                                                   const PhaseAreaResult& twoM, Method method);

/// The ratios as CSV: t, method, area, ratio (one row per kept sample time and method).
void writePhaseAreaCsv(std::ostream& csv, const PhaseAreaResult& r);
/// The curves as CSV: t, method, index (0..M-1), q, p (columns named q and p whatever the
/// plane; PhaseAreaResult::qName and pName say what they are).
void writePhaseCurvesCsv(std::ostream& csv, const PhaseAreaResult& r);

}  // namespace dms
