// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/phasepolygon.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace dms::analysis {

namespace {

// twice the signed area of the triangle (a, b, c), about a (round-off relative to its size)
double twiceTriangle(const Vector2d& a, const Vector2d& b, const Vector2d& c) {
  const Vector2d u = b - a, v = c - a;
  return u.x() * v.y() - u.y() * v.x();
}

constexpr std::size_t kNone = std::size_t(-1);
// the pairs split in one round (their new vertices run in parallel): a fixed number, so that
// the result does not depend on the threads
constexpr std::size_t kRefineBatch = 32;

}  // namespace

// two consecutive edges (l, m, r) of the polygon, m between l and r on the circle (or, for an
// odd M, the last edge (l, r) alone, m = kNone, estimated by half the triangle over it and the
// edge before); span is u_r - u_l, in turns
struct PhasePolygon::Pair {
  std::size_t l = 0, m = kNone, r = 0;
  double span = 0.0;
  double worst = 0.0;  // max |tri(t) - tri(0)| over the kept indices
  // the worst of the pair it was split from (infinite for the first pairs, taken as resolved,
  // as phaseAreaDiscretizationBound does): on a curve the polygon resolves, each half's is an
  // eighth of it (kappa l^3); converging when at most a quarter
  double parentWorst = INFINITY;
  bool converging = true;
};

PhasePolygon::PhasePolygon(std::vector<PhaseVertex>& vs, std::size_t M, std::size_t K,
                           const PhaseAreaSpec& spec, std::size_t budget,
                           std::function<Vector2d(double)> startAt)
    : m_vs(vs),
      m_M(M),
      m_K(K),
      m_spec(spec),
      m_budget(budget),
      m_refine(budget > M),
      m_startAt(std::move(startAt)),
      m_area(K),
      m_resolved(K, 0.0),
      m_unresolved(K, 0.0) {
  // the area of the M vertices at each kept index; refinement adds each new vertex's triangle
  {
    std::vector<Vector2d> polygon(M);
    for (std::size_t i = 0; i < K; ++i) {
      for (std::size_t j = 0; j < M; ++j) polygon[j] = vs[j].rec.kept[i];
      m_area[i] = shoelaceArea(polygon);
    }
  }
  m_scale = std::fabs(m_area[0]);
  for (std::size_t j = 0; j + 2 <= M; j += 2) {
    Pair p;
    p.l = j;
    p.m = j + 1;
    p.r = (j + 2) % M;
    p.span = 2.0 / double(M);
    add(p, triangles(p));
  }
  if (M % 2 == 1) {
    Pair p;  // the last edge alone
    p.l = M - 1;
    p.r = 0;
    p.span = 1.0 / double(M);
    add(p, triangles(p));
  }
}

PhasePolygon::~PhasePolygon() = default;

// a pair's triangle at the kept indices (for a lone edge, half the one over it and the edge
// before)
std::vector<double> PhasePolygon::triangles(const Pair& p) const {
  std::vector<double> tri(m_K);
  const std::size_t l = p.m == kNone ? m_M - 2 : p.l, m = p.m == kNone ? m_M - 1 : p.m;
  const double weight = p.m == kNone ? 0.25 : 0.5;
  for (std::size_t i = 0; i < m_K; ++i)
    tri[i] =
        weight * twiceTriangle(m_vs[l].rec.kept[i], m_vs[m].rec.kept[i], m_vs[p.r].rec.kept[i]);
  return tri;
}

void PhasePolygon::count(const Pair& p, const std::vector<double>& tri, double sign) {
  for (std::size_t k = 0; k < m_K; ++k) {
    if (p.converging)
      m_resolved[k] += sign * (tri[k] - tri[0]);
    else
      m_unresolved[k] += sign * std::fabs(tri[k] - tri[0]);
  }
}

double PhasePolygon::boundAt(std::size_t k) const {
  return 2.0 * (std::fabs(m_resolved[k]) / 3.0 + std::max(0.0, m_unresolved[k])) /
         std::fabs(m_area[0]);
}

// whether the bound is what refinement aims at, at every kept index: the tolerance, or a tenth
// of the change the ratio shows
bool PhasePolygon::met() const {
  for (std::size_t k = 0; k < m_K; ++k)
    if (!(boundAt(k) <= std::max(m_spec.tolerance, 0.1 * std::fabs(m_area[k] / m_area[0] - 1.0))))
      return false;
  return true;
}

void PhasePolygon::add(Pair p, const std::vector<double>& tri) {
  p.worst = 0.0;
  for (std::size_t k = 0; k < m_K; ++k) p.worst = std::max(p.worst, std::fabs(tri[k] - tri[0]));
  p.converging = p.worst <= 0.25 * p.parentWorst;
  count(p, tri, 1.0);
  if (m_refine && p.worst > 1.5 * m_spec.tolerance * m_scale * p.span) m_open.push_back(p);
}

void PhasePolygon::refine(PhaseRuns& runs, PhaseAreaMethod& out) {
  std::vector<PhaseVertex>& vs = m_vs;
  std::vector<Pair>& open = m_open;
  const std::size_t M = m_M, K = m_K;
  // the largest estimates first (at any kept time: where the curve stretches late it
  // stretches early too), kRefineBatch pairs a round, while the budget lasts
  while (!open.empty() && !met()) {
    const auto weight = [](const Pair& p) { return p.converging ? p.worst / 3.0 : p.worst; };
    std::stable_sort(open.begin(), open.end(),
                     [&](const Pair& a, const Pair& b) { return weight(a) > weight(b); });
    std::vector<Pair> waiting, split, children;
    std::vector<std::size_t> added;  // new vertices
    for (Pair& p : open) {
      if (split.size() >= kRefineBatch || vs.size() + (p.m == kNone ? 1 : 2) > m_budget) {
        waiting.push_back(p);
        continue;
      }
      // the new vertices: the middles of (l, m) and (m, r), or of (l, r) for a lone edge
      std::vector<std::array<std::size_t, 2>> halves;
      if (p.m == kNone)
        halves.push_back({p.l, p.r});
      else
        halves = {{p.l, p.m}, {p.m, p.r}};
      std::vector<PhaseVertex> made;
      for (const auto& [a, b] : halves) {
        const double ua = vs[a].u, ub = b == 0 ? 1.0 : vs[b].u;
        PhaseVertex v;
        v.u = 0.5 * (ua + ub);
        v.start = m_startAt(2 * kPi * v.u);
        if (v.u > ua && v.u < ub && v.start != vs[a].start && v.start != vs[b].start)
          made.push_back(std::move(v));
      }
      if (made.size() < halves.size()) {  // as close as doubles allow: it stays as it is
        out.atResolution = true;
        out.unresolvedPairs += !p.converging;
        continue;
      }
      const std::size_t first = vs.size();
      for (PhaseVertex& v : made) {
        added.push_back(vs.size());
        vs.push_back(std::move(v));
      }
      if (p.m == kNone) {
        Pair c;  // an edge before, not a pair: no parent to compare with
        c.l = p.l;
        c.m = first;
        c.r = p.r;
        c.span = p.span;
        children.push_back(c);
      } else {
        Pair a, b;
        a.l = p.l;
        a.m = first;
        a.r = p.m;
        b.l = p.m;
        b.m = first + 1;
        b.r = p.r;
        a.span = b.span = 0.5 * p.span;
        a.parentWorst = b.parentWorst = p.worst;
        children.push_back(a);
        children.push_back(b);
      }
      split.push_back(p);
    }
    open = std::move(waiting);
    if (added.empty()) {
      out.capped = !open.empty();
      break;
    }
    runs.addToTotal(added.size());
    runs.run(out.method, vs, added, nullptr);
    runs.status(vs, added, nullptr, M, out);
    if (out.status != RunStatus::Ok) break;
    for (const Pair& p : split) count(p, triangles(p), -1.0);
    for (const Pair& c : children) {
      const std::vector<double> tri = triangles(c);
      for (std::size_t k = 0; k < K; ++k) m_area[k] += tri[k];
      add(c, tri);
    }
    // the samples only the open pairs still need
    std::vector<char> needed(vs.size(), 0);
    for (const Pair& p : open) {
      needed[p.l] = needed[p.r] = 1;
      if (p.m != kNone) needed[p.m] = 1;
      if (p.m == kNone) needed[M - 2] = needed[M - 1] = 1;
    }
    for (std::size_t j = 0; j < vs.size(); ++j)
      if (!needed[j]) std::vector<Vector2d>().swap(vs[j].rec.kept);
  }
  if (out.status != RunStatus::Ok) return;
  if (out.capped)
    for (const Pair& p : open) out.unresolvedPairs += !p.converging;
}

}  // namespace dms::analysis
