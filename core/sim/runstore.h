// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What the views keep of one run, with bounded memory on any horizon: a playback buffer of
/// whole samples (for the 3D view, scrubbing and CSV), a min/max envelope of the plotted
/// metrics (for the plots) and one of the run's shadow energy (computed elsewhere, from every
/// sample). All halve their resolution when full, so a run of 1e10 steps uses the same memory as
/// one of 1e5. Fed with chunks on the GUI side; no Qt here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/integrators/run.h"
#include "core/sim/summary.h"

namespace dms {

/// The numbers a state plot shows of a sample, read by the store's owner (RunStore::
/// setComponents): e.g. (q, p) of a phase plane, or a point's position and velocity.
constexpr int kComponentCount = 6;
using Components = std::array<double, kComponentCount>;
using ComponentReader = std::function<Components(const Sample&)>;

/// A metric the plots show, read off a sample (E0, L0: the run's first energy and momentum).
enum class Metric {
  EnergyDeviation = 0,    ///< |E - E0|
  Structure = 1,          ///< Sample::structure
  Structure2 = 2,         ///< Sample::structure2
  Energy = 3,             ///< E - E0, signed
  MomentumDeviation = 4,  ///< |L - L0| on the conserved components (Sample::momentum)
  Component0 = 5,         ///< component i of the reader is Component0 + i (componentMetric)
};
constexpr int kMetricCount = int(Metric::Component0) + kComponentCount;
constexpr Metric componentMetric(int i) { return Metric(int(Metric::Component0) + i); }

/// Points of a plotted curve, in time order.
struct Curve {
  std::vector<double> t;
  std::vector<double> value;
};

class RunStore {
 public:
  /// Capacities are rounded up to an even number (halving keeps every other entry).
  explicit RunStore(std::size_t playbackCapacity = 16384, std::size_t bucketCapacity = 8192);

  void clear();
  /// Appends samples in time order (a chunk from the worker).
  void append(const std::vector<Sample>& chunk);
  void append(const Sample& s);

  bool empty() const { return m_received == 0; }
  /// Samples appended since clear().
  std::int64_t received() const { return m_received; }
  double energy0() const { return m_energy0; }
  /// The latest sample (always kept at full resolution); undefined when empty().
  const Sample& last() const { return m_last; }
  double lastTime() const { return m_received ? m_last.t : 0.0; }

  /// The playback buffer: samples number 0, s, 2s, ... of the run (s = playbackStride()).
  const std::vector<Sample>& playback() const { return m_playback; }
  std::int64_t playbackStride() const { return m_stride; }
  /// The kept sample nearest to time t (the latest sample included); nullopt when empty.
  std::optional<Sample> nearest(double t) const;
  /// Positions of the kept samples with time in [t - span, t], oldest first, at most
  /// maxPoints (thinned evenly), ending at the sample nearest t, and only as far back as every
  /// segment can stand for the path: two consecutive points are at most maxStep / maxSpeed()
  /// apart in time, so that the point moved at most maxStep (a length) between them. On a
  /// horizon so long that the kept samples are further apart than that, the trail is shorter,
  /// down to the current point alone, rather than chords across the path (or, when the
  /// sampling aliases a periodic motion, a slow drift it never made).
  std::vector<Vector3d> trail(double t, double span, std::size_t maxPoints, double maxStep) const;
  /// The largest |Sample::velocity| appended since clear() (finite values only).
  double maxSpeed() const { return m_maxSpeed; }
  /// The run's summary over every sample appended (what `dmsim run` prints: the maxima of
  /// |E - E0|, of the structure errors and of |L - L0|), kept however the buffers thin out.
  const RunSummary& summary() const { return m_summary; }

  /// Samples per envelope bucket (doubles whenever the bucket list is full).
  std::int64_t bucketWidth() const { return m_metrics.width; }
  std::size_t bucketCount() const { return m_metrics.count(); }
  /// Min/max decimation for plotting: the buckets overlapping [t0, t1] are grouped into
  /// `columns` groups (one per pixel column) and each group gives its minimum and its maximum,
  /// at the times they occurred, so no spike is lost however far the curve is zoomed out.
  /// At most 2 * columns points; fewer when there are fewer buckets than columns.
  Curve decimate(Metric m, double t0, double t1, int columns) const;

  /// The value of a metric at a sample of this run (a component: 0 without a reader).
  double metric(Metric m, const Sample& s) const;
  /// What the Component metrics read off each sample appended from now on (kept by clear();
  /// empty: zeros).
  void setComponents(ComponentReader reader) { m_components = std::move(reader); }
  /// The components of Sample::momentum that |L - L0| counts (conservedMomentumMask()), for
  /// the summary and the MomentumDeviation metric of the runs appended after the next clear()
  /// (kept by clear()).
  void setMomentumMask(const Vector3d& mask) { m_momentumMask = mask; }

  /// Appends values of the run's shadow energy H~ at times t (in time order; the two vectors of
  /// one length), with the same bounded envelope as the metrics.
  void appendShadow(const std::vector<double>& t, const std::vector<double>& value);
  /// Shadow energy values appended since clear().
  std::int64_t shadowReceived() const { return m_shadowReceived; }
  /// The first of them (H~_0); 0 when there is none.
  double shadow0() const { return m_shadow0; }
  /// Min/max decimation of H~ - H~_0, as decimate().
  Curve decimateShadow(double t0, double t1, int columns) const;
  /// Why the shadow energy of this run stopped (empty: it did not).
  const std::string& shadowProblem() const { return m_shadowProblem; }
  void setShadowProblem(std::string why) { m_shadowProblem = std::move(why); }

 private:
  struct Extremum {
    double min = 0.0, max = 0.0, tMin = 0.0, tMax = 0.0;
  };
  /// A min/max envelope of N series sampled at common times: buckets of `width` consecutive
  /// values, pairs merged (and the width doubled) whenever `capacity` buckets are full.
  template <int N>
  struct Envelope {
    struct Bucket {
      double t0 = 0.0, t1 = 0.0;
      std::int64_t count = 0;
      std::array<Extremum, N> e;
      void add(const Bucket& b);
    };
    explicit Envelope(std::size_t capacity);
    void clear();
    void add(double t, const std::array<double, N>& values);
    std::size_t count() const { return buckets.size() + (open.count ? 1 : 0); }
    /// Series `i` over [t0, t1] in `columns` columns, `offset` subtracted from each value.
    Curve decimate(int i, double t0, double t1, int columns, double offset) const;

    std::size_t capacity;
    std::vector<Bucket> buckets;
    Bucket open;
    std::int64_t width = 1;
  };

  std::size_t m_playbackCapacity;
  std::vector<Sample> m_playback;
  std::int64_t m_stride = 1;
  Envelope<kMetricCount> m_metrics;
  Envelope<1> m_shadow;
  ComponentReader m_components;
  std::int64_t m_received = 0, m_shadowReceived = 0;
  double m_energy0 = 0.0, m_shadow0 = 0.0;
  Vector3d m_momentum0 = Vector3d::Zero();
  Vector3d m_momentumMask = Vector3d::Ones();
  std::string m_shadowProblem;
  double m_maxSpeed = 0.0;
  RunSummary m_summary;
  Sample m_last;
};

}  // namespace dms
