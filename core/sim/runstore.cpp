// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/runstore.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace dms {

namespace {
std::size_t even(std::size_t n) { return std::max<std::size_t>(2, n + (n & 1)); }
}  // namespace

RunStore::RunStore(std::size_t playbackCapacity, std::size_t bucketCapacity)
    : m_playbackCapacity(even(playbackCapacity)),
      m_metrics(even(bucketCapacity)),
      m_shadow(even(bucketCapacity)) {
  m_playback.reserve(m_playbackCapacity);
}

void RunStore::clear() {
  m_playback.clear();
  m_metrics.clear();
  m_shadow.clear();
  m_stride = 1;
  m_received = 0;
  m_shadowReceived = 0;
  m_energy0 = 0.0;
  m_shadow0 = 0.0;
  m_momentum0 = Vector3d::Zero();
  m_shadowProblem.clear();
  m_maxSpeed = 0.0;
  m_summary = RunSummary(m_momentumMask);
  m_last = Sample();
}

double RunStore::metric(Metric m, const Sample& s) const {
  switch (m) {
    case Metric::EnergyDeviation:
      return std::fabs(s.energy - m_energy0);
    case Metric::Structure:
      return s.structure;
    case Metric::Structure2:
      return s.structure2;
    case Metric::Energy:
      return s.energy - m_energy0;
    case Metric::MomentumDeviation:
      return RunSummary::momentumDeviation(m_momentumMask, s.momentum, m_momentum0);
    default:
      break;
  }
  const int i = int(m) - int(Metric::Component0);
  if (i < 0 || i >= kComponentCount || !m_components) return 0.0;
  return m_components(s)[std::size_t(i)];
}

template <int N>
void RunStore::Envelope<N>::Bucket::add(const Bucket& b) {
  if (count == 0) {
    *this = b;
    return;
  }
  t1 = b.t1;
  count += b.count;
  for (std::size_t i = 0; i < std::size_t(N); ++i) {
    if (b.e[i].min < e[i].min) {
      e[i].min = b.e[i].min;
      e[i].tMin = b.e[i].tMin;
    }
    if (b.e[i].max > e[i].max) {
      e[i].max = b.e[i].max;
      e[i].tMax = b.e[i].tMax;
    }
  }
}

template <int N>
RunStore::Envelope<N>::Envelope(std::size_t c) : capacity(c) {
  buckets.reserve(capacity);
}

template <int N>
void RunStore::Envelope<N>::clear() {
  buckets.clear();
  open = Bucket();
  width = 1;
}

// bucket j covers values [j w, (j + 1) w); when the list is full, merge pairs
template <int N>
void RunStore::Envelope<N>::add(double t, const std::array<double, N>& values) {
  Bucket one;
  one.t0 = one.t1 = t;
  one.count = 1;
  for (std::size_t i = 0; i < std::size_t(N); ++i) one.e[i] = {values[i], values[i], t, t};
  open.add(one);
  if (open.count == width) {
    buckets.push_back(open);
    open = Bucket();
    if (buckets.size() == capacity) {
      for (std::size_t i = 0; 2 * i < buckets.size(); ++i) {
        Bucket merged = buckets[2 * i];
        merged.add(buckets[2 * i + 1]);
        buckets[i] = merged;
      }
      buckets.resize(buckets.size() / 2);
      width *= 2;
    }
  }
}

void RunStore::append(const std::vector<Sample>& chunk) {
  for (const Sample& s : chunk) append(s);
}

void RunStore::append(const Sample& s) {
  if (m_received == 0) {
    m_energy0 = s.energy;
    m_momentum0 = s.momentum;
  }
  const std::int64_t index = m_received++;
  m_last = s;
  m_summary.add(s);
  const double speed = s.velocity.norm();
  if (std::isfinite(speed)) m_maxSpeed = std::max(m_maxSpeed, speed);

  // playback: keep sample i * stride; when full, keep every other one and double the stride
  if (index % m_stride == 0) {
    if (m_playback.size() == m_playbackCapacity) {
      for (std::size_t i = 0; 2 * i < m_playback.size(); ++i) m_playback[i] = m_playback[2 * i];
      m_playback.resize(m_playback.size() / 2);
      m_stride *= 2;
    }
    if (index % m_stride == 0) m_playback.push_back(s);
  }

  std::array<double, kMetricCount> values{};
  for (int i = 0; i < int(Metric::Component0); ++i) values[std::size_t(i)] = metric(Metric(i), s);
  if (m_components) {
    const Components c = m_components(s);
    for (int i = 0; i < kComponentCount; ++i)
      values[std::size_t(int(Metric::Component0) + i)] = c[std::size_t(i)];
  }
  m_metrics.add(s.t, values);
}

void RunStore::appendShadow(const std::vector<double>& t, const std::vector<double>& value) {
  const std::size_t n = std::min(t.size(), value.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (m_shadowReceived++ == 0) m_shadow0 = value[i];
    m_shadow.add(t[i], {value[i]});
  }
}

std::optional<Sample> RunStore::nearest(double t) const {
  if (m_received == 0) return std::nullopt;
  if (t >= m_last.t || m_playback.empty()) return m_last;
  const auto it = std::lower_bound(m_playback.begin(), m_playback.end(), t,
                                   [](const Sample& s, double x) { return s.t < x; });
  if (it == m_playback.begin()) return *it;
  // candidates: the kept sample at or after t (or the latest one) and the one before
  const Sample& after = it == m_playback.end() ? m_last : *it;
  const Sample& before = *(it - 1);
  return (t - before.t <= after.t - t) ? before : after;
}

std::vector<Vector3d> RunStore::trail(double t, double span, std::size_t maxPoints,
                                      double maxStep) const {
  std::vector<Vector3d> out;
  const std::optional<Sample> end = nearest(t);
  if (!end || maxPoints == 0) return out;
  // the longest time two consecutive points may be apart
  const double maxGap =
      m_maxSpeed > 0 ? maxStep / m_maxSpeed : std::numeric_limits<double>::infinity();
  const auto lo = std::lower_bound(m_playback.begin(), m_playback.end(), end->t - span,
                                   [](const Sample& s, double x) { return s.t < x; });
  const auto hi = std::lower_bound(lo, m_playback.end(), end->t,
                                   [](const Sample& s, double x) { return s.t < x; });
  // the kept samples before the end, newest first, as long as each gap is short enough
  std::size_t n = 0;
  double worst = 0.0, newer = end->t;
  for (auto it = hi; it != lo; --it) {
    const double gap = newer - (it - 1)->t;
    if (!(gap <= maxGap)) break;
    worst = std::max(worst, gap);
    newer = (it - 1)->t;
    ++n;
  }
  const std::size_t keep = std::min(n, maxPoints - 1);
  out.reserve(keep + 1);
  // thinned evenly, a gap between kept points spans at most ceil(n / keep) sample gaps
  const std::size_t spread = keep > 0 ? (n + keep - 1) / keep : 1;
  if (keep == 0 || double(spread) * worst <= maxGap) {
    for (std::size_t j = 0; j < keep; ++j) {
      // the oldest kept first
      const std::size_t back =
          keep == n ? n - j : n - std::size_t(double(j) * double(n) / double(keep));
      out.push_back((hi - std::ptrdiff_t(back))->position);
    }
  } else {
    // too long to thin evenly within maxGap: every f-th sample, newest first, fewer of them
    const std::size_t f = std::max<std::size_t>(1, std::size_t(maxGap / worst));
    const std::size_t count = std::min(keep, n / f);
    for (std::size_t j = count; j >= 1; --j) out.push_back((hi - std::ptrdiff_t(j * f))->position);
  }
  out.push_back(end->position);
  return out;
}

Curve RunStore::decimate(Metric m, double t0, double t1, int columns) const {
  if (m_received == 0) return {};
  return m_metrics.decimate(int(m), t0, t1, columns, 0.0);
}

Curve RunStore::decimateShadow(double t0, double t1, int columns) const {
  if (m_shadowReceived == 0) return {};
  return m_shadow.decimate(0, t0, t1, columns, m_shadow0);
}

template <int N>
Curve RunStore::Envelope<N>::decimate(int mi, double t0, double t1, int columns,
                                      double offset) const {
  Curve c;
  if (columns <= 0 || !(t1 >= t0) || mi < 0 || mi >= N) return c;
  const auto lo = std::lower_bound(buckets.begin(), buckets.end(), t0,
                                   [](const Bucket& b, double x) { return b.t1 < x; });
  const auto hi =
      std::upper_bound(lo, buckets.end(), t1, [](double x, const Bucket& b) { return x < b.t0; });
  const std::size_t nClosed = std::size_t(hi - lo);
  const bool openIn = open.count > 0 && open.t1 >= t0 && open.t0 <= t1;
  const std::size_t n = nClosed + (openIn ? 1 : 0);
  if (n == 0) return c;
  const auto bucketAt = [&](std::size_t i) -> const Bucket& {
    return i < nClosed ? *(lo + std::ptrdiff_t(i)) : open;
  };
  const auto emit = [&](const Bucket& b) {
    const Extremum& e = b.e[std::size_t(mi)];
    if (e.tMin == e.tMax) {
      c.t.push_back(e.tMin);
      c.value.push_back(e.min - offset);
    } else if (e.tMin < e.tMax) {
      c.t.push_back(e.tMin);
      c.value.push_back(e.min - offset);
      c.t.push_back(e.tMax);
      c.value.push_back(e.max - offset);
    } else {
      c.t.push_back(e.tMax);
      c.value.push_back(e.max - offset);
      c.t.push_back(e.tMin);
      c.value.push_back(e.min - offset);
    }
  };
  c.t.reserve(2 * std::min<std::size_t>(n, std::size_t(columns)));
  c.value.reserve(c.t.capacity());
  if (n <= std::size_t(columns)) {
    for (std::size_t i = 0; i < n; ++i) emit(bucketAt(i));
    return c;
  }
  // group buckets by pixel column of the time range
  const double span = (t1 - t0) / double(columns);
  Bucket group;
  int groupColumn = -1;
  for (std::size_t i = 0; i < n; ++i) {
    const Bucket& b = bucketAt(i);
    const int col = span > 0 ? std::clamp(int((b.t0 - t0) / span), 0, columns - 1) : 0;
    if (col != groupColumn && group.count > 0) {
      emit(group);
      group = Bucket();
    }
    groupColumn = col;
    group.add(b);
  }
  if (group.count > 0) emit(group);
  return c;
}

}  // namespace dms
