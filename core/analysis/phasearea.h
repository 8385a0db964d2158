// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
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
///
/// An angle (the pendulum's theta). The curve lives on the cylinder S^1 x R; its area there is
/// the area of its lift to the cover R x R, where the image of the circle is a closed curve.
/// Each vertex is lifted along its own run: its angle starts at the circle's value (which may
/// lie beyond pi) and is made continuous sample to sample (the angle moves by less than pi
/// between samples k h), so neighbours that end up turns apart stay turns apart. A rule on
/// the polygon alone (each vertex within pi of the previous one) cannot tell, and counts a
/// chord skipping a turn as if it did not: across the separatrix the ratio then jumps by
/// multiples of the separatrix's own area.
///
/// Refinement and the polygon's own error. The M vertices are taken in consecutive pairs of
/// edges (L, m, R); the triangle (L, m, R) is the area the middle vertex adds to the polygon of
/// L and R, and the slivers left on its two edges are a third of it: on a curve of curvature
/// kappa the chord l leaves kappa l^3 / 12, its halves twice kappa (l/2)^3 / 12 = kappa l^3 / 48,
/// and the triangle is the difference, kappa l^3 / 16. The ratio's error is the change of the
/// slivers since t = 0, so a pair's estimate is (tri(t) - tri(0)) / 3, and the bound is twice
/// (for the next term, as phaseAreaDiscretizationBound) the sum over the pairs, over A(0). The
/// sum is signed: on a curve sheared into a thin spiral the slivers on either side of the
/// filament are large and cancel (at T = 100 on the pendulum a pair's reaches 0.5% of A(0) while
/// the ratio stays within 3e-4 of 1). That holds only where the polygon follows the curve: a
/// pair split from another is taken as resolved when its change is at most a quarter of its
/// parent's (an eighth on a smooth curve), and otherwise counts whole and in absolute value.
///
/// With maxPoints above M, refinement runs while the bound misses, at some kept time, its aim
/// (the tolerance, or a tenth of the change the ratio shows): the pairs whose change exceeds
/// their share of the tolerance (by their length on the circle) are split, the largest first, a
/// vertex in the middle (on the circle) of each of their edges, and the new pairs are tested in
/// turn. It stops at maxPoints vertices, or for a pair where two neighbouring initial states are
/// as close as doubles allow. Near the separatrix no refinement follows a long run: a state 1e-16
/// off it turns about once per (1/w0) ln(1e16) (12 s for the pendulum), so after T = 100
/// neighbouring doubles on the circle end turns apart. RK45's vertices are not a smooth image of
/// the circle either (each run picks its own steps): on the pendulum its pairs stop shrinking as
/// their edges do. A ratio whose bound exceeds both its change and kPhaseAreaResolution is not a
/// measurement, and the result says so (PhaseAreaMethod::unresolvedFrom, PhaseAreaResult::
/// warnings).

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
/// A ratio is a measurement while the polygon's bound is below the change it shows,
/// |A(t)/A(0) - 1|, or below this (a ratio known to 1% of the area).
constexpr double kPhaseAreaResolution = 0.01;
/// The largest PhaseAreaSpec::maxPoints.
constexpr int kPhaseAreaMaxPoints = 65536;

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
  /// Refinement (the header's comment): at most this many vertices per method, in [0,
  /// kPhaseAreaMaxPoints]; at most `points` (0 included): the uniform polygon alone.
  int maxPoints = 0;
  /// The bound refinement aims at, relative to A(0), in (0, 1).
  double tolerance = 1e-3;
};

/// A system's default study: its methods, the article's h and tolerances, T a tenth of the
/// article's (rounded to 12 digits), M = 64, r = PhasePlane::defaultRadius, 8 times T/8 .. T,
/// no refinement (maxPoints 0).
/// Throws InputError when the system has no phase plane.
PhaseAreaSpec defaultPhaseArea(const SystemModel& model);

/// Checks a study: a known system with a phase plane, methods it has (no repeats), valid
/// settings, M in [8, 4096], r > 0, at least one time, the times increasing and in (0, T],
/// maxPoints in [0, kPhaseAreaMaxPoints], tolerance in (0, 1). Throws InputError naming the
/// field (--points, --radius, --times, --methods, --system, --max-points, --tolerance) and the
/// allowed range.
void validatePhaseArea(const PhaseAreaSpec& spec);

/// The polygon at one time and its area.
struct PhaseCurve {
  double t = 0.0;  ///< the sample time, k h
  /// (q, p) of the runs in their order on the circle; an angle lifted along each run (the
  /// header's comment), so that the polygon is closed in the cover of the cylinder
  std::vector<Vector2d> points;
  double area = 0.0;   ///< shoelace, positive counter-clockwise in (q, p)
  double bound = 0.0;  ///< the polygon's own error of area / A(0) (the header's comment)
};

/// One method's part of the study.
struct PhaseAreaMethod {
  Method method = Method::Variational;
  RunStatus status = RunStatus::Ok;
  std::string failure;  ///< why a run failed, with the time
  double area0 = 0.0;   ///< A(0): the initial polygon (refinement's vertices included), read off
                        ///< the runs' first samples
  std::vector<PhaseCurve> curves;  ///< one per PhaseAreaSpec::times
  std::vector<double> ratioTimes;  ///< sample times, decimated to kPhaseRatioPoints
  std::vector<double> areas;       ///< A(t) at ratioTimes
  std::vector<double> ratios;      ///< A(t)/A(0) at ratioTimes
  std::vector<double> bounds;      ///< the polygon's own error of the ratio at ratioTimes
  std::vector<double> portraitTimes;
  std::vector<Vector2d> portrait;  ///< (q, p) of the run from (q0, p0), q as read (not unwrapped)
  int points = 0;                  ///< the polygon's vertices, refinement's included
  /// Refinement stopped with the bound above its aim: at maxPoints (`capped`), or for pairs
  /// whose neighbouring initial states are as close as doubles allow (`atResolution`);
  /// unresolvedPairs of the pairs it left do not shrink as on a resolved curve.
  bool capped = false;
  bool atResolution = false;
  int unresolvedPairs = 0;
  /// The first ratio time at which the ratio is not a measurement (phaseAreaMeasured); from
  /// there on ratios and curves show the polygon's error rather than the method's. Empty when
  /// every ratio is one (every kept time's, the curves' included).
  std::optional<double> unresolvedFrom;
};

struct PhaseAreaResult {
  PhaseAreaSpec spec;
  std::string qName, qUnit, pName, pUnit;
  bool angular = false;  ///< q is an angle (PhasePlane::angular): curves are lifted, see above
  /// pi r^2 pScale: the area of the circle the polygon is inscribed in.
  double circleArea = 0.0;
  std::vector<PhaseAreaMethod> methods;  ///< in spec.methods' order
  /// The upper branch (q, p) of the separatrix over [-pi, pi]; the lower is (q, -p). Empty when
  /// the system has none.
  std::vector<Vector2d> separatrix;
  /// Whether the circle of initial states holds states on both sides of the separatrix.
  bool straddlesSeparatrix = false;
  /// Sentences for the user, one per method whose ratio is not a measurement from some time
  /// on (what, from when, the bound, why refinement stopped, what to change).
  std::vector<std::string> warnings;
};

/// Whether a ratio with this bound is a measurement: bound <= max(|ratio - 1|,
/// kPhaseAreaResolution), and both finite.
bool phaseAreaMeasured(double ratio, double bound);

/// Runs a validated study: the M + 1 runs (the vertices and the centre) of each method, then
/// refinement's runs in rounds, on `jobs` threads, each run to T keeping only what the result
/// holds (the runs' samples only while refinement may still need them). The result does not
/// depend on `jobs`. With `cancel` set, unfinished methods come back Cancelled.
/// `progress(done, total)` is called from the worker threads as each run ends; `total` grows as
/// refinement adds runs.
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

/// The ratios as CSV: t, method, area, ratio, bound, measured (1 or 0: phaseAreaMeasured), one
/// row per kept sample time and method.
void writePhaseAreaCsv(std::ostream& csv, const PhaseAreaResult& r);
/// The curves as CSV: t, method, index (0..M-1), q, p (columns named q and p whatever the
/// plane; PhaseAreaResult::qName and pName say what they are).
void writePhaseCurvesCsv(std::ostream& csv, const PhaseAreaResult& r);

}  // namespace dms
