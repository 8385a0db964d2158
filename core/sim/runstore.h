/// What the views keep of one run, with bounded memory on any horizon: a playback buffer of
/// whole samples (for the 3D view, scrubbing and CSV) and a min/max envelope of the plotted
/// metrics (for the plots). Both halve their resolution when full, so a run of 1e10 steps uses
/// the same memory as one of 1e5. Fed with chunks on the GUI side; no Qt here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/integrators/run.h"
#include "core/sim/summary.h"

namespace dms {

/// A metric the plots show, read off a sample (E0 is the run's first energy).
enum class Metric { EnergyDeviation = 0, Structure = 1, Structure2 = 2 };
constexpr int kMetricCount = 3;

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
  std::int64_t bucketWidth() const { return m_bucketWidth; }
  std::size_t bucketCount() const { return m_buckets.size() + (m_open.count ? 1 : 0); }
  /// Min/max decimation for plotting: the buckets overlapping [t0, t1] are grouped into
  /// `columns` groups (one per pixel column) and each group gives its minimum and its maximum,
  /// at the times they occurred, so no spike is lost however far the curve is zoomed out.
  /// At most 2 * columns points; fewer when there are fewer buckets than columns.
  Curve decimate(Metric m, double t0, double t1, int columns) const;

  /// The value of a metric at a sample of this run.
  double metric(Metric m, const Sample& s) const;

 private:
  struct Extremum {
    double min = 0.0, max = 0.0, tMin = 0.0, tMax = 0.0;
  };
  struct Bucket {
    double t0 = 0.0, t1 = 0.0;
    std::int64_t count = 0;
    std::array<Extremum, kMetricCount> e;
    void add(const Bucket& b);
  };

  std::size_t m_playbackCapacity, m_bucketCapacity;
  std::vector<Sample> m_playback;
  std::int64_t m_stride = 1;
  std::vector<Bucket> m_buckets;
  Bucket m_open;
  std::int64_t m_bucketWidth = 1;
  std::int64_t m_received = 0;
  double m_energy0 = 0.0;
  double m_maxSpeed = 0.0;
  RunSummary m_summary;
  Sample m_last;
};

}  // namespace dms
