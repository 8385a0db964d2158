// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/twobodyvisual.h"

#include <algorithm>
#include <cmath>

namespace dms::ui::scene3d {

namespace {

ParamValues normalizedTwoBody(const ParamValues& params) {
  return findSystem("two-body")->normalize(params, nullptr);
}

// the largest distance of a body's surface from its centre of mass
double bodyReach(const SphereBody& b) {
  double r = 0.0;
  for (int i = 0; i < b.n; ++i) r = std::max(r, b.c[i].norm() + b.r[i]);
  return r;
}

}  // namespace

std::vector<double> TwoBodyVisual::layout(const ParamValues& params) {
  const TwoBodyParams p = TwoBodyParams::from(normalizedTwoBody(params));
  std::vector<double> out = {double(p.body[0].n), double(p.body[1].n)};
  for (const SphereBody& b : p.body)
    for (int i = 0; i < b.n; ++i)
      out.insert(out.end(), {b.r[i], b.c[i].x(), b.c[i].y(), b.c[i].z()});
  out.push_back(p.X0.norm());
  out.push_back(p.body[0].mass / p.M);
  return out;
}

TwoBodyVisual::TwoBodyVisual(const ParamValues& params, const VisualRoots& roots)
    : m_values(normalizedTwoBody(params)), m_p(TwoBodyParams::from(m_values)), m_size(roots.size) {
  // e1 to scene x, e2 to scene -z, e3 up: the default orbit plane (e1, e2) lies flat
  m_frame << 1, 0, 0, 0, 0, 1, 0, -1, 0;
  m_caption =
      QStringLiteral("two rigid bodies of spheres: body 1 dark, body 2 light; body 2's path fades");
  // the grid's half-size is at most 24 steps (size() makes the step the power of ten below half
  // the secondary's orbit, so that orbit is less than 20 steps), and one for the rounding of
  // floor(halfSize / step)
  m_grid = std::make_unique<Grid>(roots.common, 25);
  for (std::size_t r = 0; r < VisualRoots::kRuns; ++r)
    for (int b = 0; b < 2; ++b) {
      const QColor c = b == 0 ? roots.color[r].darker(150) : roots.color[r].lighter(135);
      auto* mat = runMaterial(roots, r, c);
      const SphereBody& body = m_p.body[std::size_t(b)];
      for (int i = 0; i < body.n; ++i)
        m_balls[r][std::size_t(b)].push_back(std::make_unique<Ball>(roots.body[r], 1.0f, mat));
    }
  size();
}

bool TwoBodyVisual::relayout(const ParamValues& params) {
  ParamValues values = normalizedTwoBody(params);
  const TwoBodyParams p = TwoBodyParams::from(values);
  // another number of spheres is other parts: the view builds the bodies anew
  if (p.body[0].n != m_p.body[0].n || p.body[1].n != m_p.body[1].n) return false;
  m_values = std::move(values);
  m_p = p;
  size();
  return true;
}

void TwoBodyVisual::size() {
  const double a = m_p.X0.norm();
  const double reach1 = bodyReach(m_p.body[0]), reach2 = bodyReach(m_p.body[1]);
  m_scale = float(a);
  // a grid under the orbit plane, past the farthest the secondary goes on a near-circular orbit
  const double orbit2 = (m_p.body[0].mass / m_p.M) * a + reach2;
  const float step = float(std::pow(10.0, std::floor(std::log10(orbit2 / 2.0))));
  m_grid->set(QVector3D(0, -float(1.3 * std::max(reach1, reach2)), 0),
              float(std::ceil(1.2 * orbit2 / step) * step), step, 5);
  for (std::size_t r = 0; r < VisualRoots::kRuns; ++r)
    for (std::size_t b = 0; b < 2; ++b) {
      const SphereBody& body = m_p.body[b];
      for (int i = 0; i < body.n; ++i)
        m_balls[r][b][std::size_t(i)]->setRadius(float(body.r[i]) * m_size[r]);
    }
  m_trailRadius = float(0.004 * a);
  m_hint = ViewHint{QVector3D(0, 0, 0), float(1.1 * orbit2), 20.0f, 35.0f, {}};
  for (int k = 0; k < 48; ++k) {
    const float t = float(k) * 2.0f * float(M_PI) / 48.0f;
    m_hint.extent.push_back(
        QVector3D(float(orbit2) * std::cos(t), 0.0f, float(orbit2) * std::sin(t)));
  }
  for (const float y : {-1.0f, 1.0f})
    m_hint.extent.push_back(QVector3D(0, y * float(std::max(reach1, reach2)), 0));
}

void TwoBodyVisual::setPose(std::size_t run, const Sample& s) {
  const std::vector<BodyPose> poses = findSystem("two-body")->bodyPoses(m_values, s);
  if (poses.size() != 2) return;  // not a sample of this system
  for (std::size_t b = 0; b < 2; ++b) {
    const SphereBody& body = m_p.body[b];
    std::vector<std::unique_ptr<Ball>>& balls = m_balls[run][b];
    for (int i = 0; i < body.n && std::size_t(i) < balls.size(); ++i)
      balls[std::size_t(i)]->setCentre(
          toScene(poses[b].position + poses[b].attitude * body.c[std::size_t(i)]));
  }
}

}  // namespace dms::ui::scene3d
