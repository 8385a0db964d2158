// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/examples.h"

#include <QCoreApplication>
#include <QFile>

namespace dms::ui {

const std::vector<Example>& examples() {
  const auto tr = [](const char* s) { return QCoreApplication::translate("Examples", s); };
  static const std::vector<Example> list = {
      {"article-1-mass-spring.json", tr("Article, example 1: mass-spring"),
       tr("The variational integrator's energy error stays bounded; RK45's drifts.")},
      {"article-2-planar-pendulum.json", tr("Article, example 2: planar pendulum on SO(2)"),
       tr("Lie group variational integrator against RK45, 1000 s.")},
      {"article-3-spherical-pendulum.json", tr("Article, example 3: spherical pendulum on S²"),
       tr("The bob stays on the sphere to round-off with the variational integrator.")},
      {"article-4-dumbbell.json", tr("Article, example 4: dumbbell spacecraft on SE(3)"),
       tr("Orbit and attitude coupled by gravity; RK45 with rotation matrices and quaternions.")},
      {"nearly-inverted-pendulum.json", tr("Nearly inverted pendulum"),
       tr("theta0 = 3.1 rad, at rest: four methods near the unstable equilibrium.")},
      {"swirling-spherical-pendulum.json", tr("Swirling spherical pendulum"),
       tr("From the horizontal with a sideways push: RATTLE and projected RK45 beside the "
          "variational integrator.")},
      {"tumbling-dumbbell.json", tr("Tumbling dumbbell"),
       tr("A fast tumble about all three axes on the article's orbit, with the fourth-order "
          "composition vi4.")},
      {"heavy-top.json", tr("Heavy top (3D pendulum)"),
       tr("Bruls, Cardona and Arnold's benchmark: a fast top precessing on its pivot; Omega_2 "
          "and the vertical angular momentum are conserved.")},
      {"double-pendulum-chaos.json", tr("Double pendulum's chaos"),
       tr("Two links released from the horizontal: vi, vi4, RK45 and RK4 part ways within "
          "seconds, while vi keeps the vertical angular momentum to round-off.")},
      {"chain-of-eight.json", tr("A chain of eight spherical pendula"),
       tr("Eight links falling from the horizontal: the implicit variational step against "
          "RK45.")},
      {"binary-asteroid-kw4.json", tr("Binary asteroid 1999 KW4 (two-body)"),
       tr("The full two-body problem: the moon librates about the line to its oblate primary "
          "while the total angular momentum stays constant for vi.")},
      {"two-dumbbells.json", tr("Two dumbbells (two-body)"),
       tr("Two dumbbells tumbling about each other under their mutual gravity, orbit and "
          "spins exchanging angular momentum.")},
      {"magnetic-dipole.json", tr("Magnetic dipole in a uniform field (typed potential)"),
       tr("U = -mu B R33: a spinning compass needle on its pivot nutates about the field; the "
          "angular momentum about the field stays, to round-off with vi.")},
      {"gravity-gradient.json", tr("Body in a gravity-gradient field (typed potential)"),
       tr("A quadrupole potential that pulls the axis of least inertia along the vertical: "
          "the libration of a satellite, vi against RK45 over 100 s.")},
      {"double-well-sphere.json", tr("Particle on a sphere in a double well (typed potential)"),
       tr("Two wells at q3 = ±0.6, tilted by c q1: the particle stays in its well, as vi "
          "shows; RK45's drifting energy carries it over the barrier at t ≈ 9 s.")},
  };
  return list;
}

QString exampleText(const Example& e) {
  QFile file(QStringLiteral(":/examples/") + e.file);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

}  // namespace dms::ui
