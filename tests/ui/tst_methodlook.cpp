// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How the methods look: every two methods' colours differ clearly (CIE76 colour difference,
// computed here from sRGB), the article's pair keeps its blue and vermilion, and RATTLE, the same
// map as vi on the spherical pendulum, is drawn dashed and says so in the method picker, so that
// vi's curve stays visible under it.
#include <QCheckBox>
#include <QLabel>
#include <QRegularExpression>
#include <QtTest>
#include <array>
#include <cmath>

#include "tests/common/suitemain.h"
#include "ui/common/methodlook.h"
#include "ui/sim/methodpicker.h"

namespace tst_methodlook {

using namespace dms;
using namespace dms::ui;

// CIE L*a*b* of an sRGB colour (D65 white)
std::array<double, 3> lab(const QColor& c) {
  const auto linear = [](double v) {
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
  const double X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const double Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const auto f = [](double t) {
    return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116;
  };
  return {116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))};
}

// CIE76: the Euclidean distance in L*a*b*
double deltaE(const QColor& a, const QColor& b) {
  const std::array<double, 3> p = lab(a), q = lab(b);
  return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

class TestMethodLook : public QObject {
  Q_OBJECT
 private slots:
  void labOfKnownColours() {
    const std::array<double, 3> white = lab(Qt::white), black = lab(Qt::black);
    QVERIFY(std::fabs(white[0] - 100) < 0.01 && std::fabs(white[1]) < 0.05);
    QVERIFY(std::fabs(black[0]) < 1e-9);
    // sRGB red: L* 53.24, a* 80.09, b* 67.20
    const std::array<double, 3> red = lab(Qt::red);
    QVERIFY(std::fabs(red[0] - 53.24) < 0.05 && std::fabs(red[1] - 80.09) < 0.1 &&
            std::fabs(red[2] - 67.20) < 0.1);
  }

  // 30 apart at least: Okabe-Ito's sky blue is 26 from vi's blue and a dark yellow 25.5 from
  // RK45-quaternion's orange, pairs hard to tell apart on a projector
  void everyPairDiffersClearly() {
    double closest = 1e9;
    QString pair;
    for (const MethodInfo& a : allMethods())
      for (const MethodInfo& b : allMethods()) {
        if (a.method >= b.method) continue;
        const double d = deltaE(methodLook(a.method).color, methodLook(b.method).color);
        if (d < closest) {
          closest = d;
          pair = QString::fromStdString(a.name + " and " + b.name);
        }
      }
    qInfo("closest pair: %s, delta E %.1f", qPrintable(pair), closest);
    QVERIFY2(closest >= 30, qPrintable(QString("%1: %2").arg(pair).arg(closest)));
  }

  // the article's figures and the docs' screenshots: vi blue, RK45 vermilion (Okabe-Ito)
  void articlePairKeepsItsColours() {
    QCOMPARE(methodLook(Method::Variational).color, QColor(0x00, 0x72, 0xb2));
    QCOMPARE(methodLook(Method::Rk45).color, QColor(0xd5, 0x5e, 0x00));
    QCOMPARE(methodLook(Method::Variational).pen, Qt::SolidLine);
    QCOMPARE(methodLook(Method::Rk45).pen, Qt::SolidLine);
  }

  // every method's box says what the method is: its name and the core's description, its order,
  // whether it is symplectic, whether it keeps the configuration on its manifold (the Lie group,
  // the sphere) where the system has one, and how it steps
  void methodBoxesSayWhatTheMethodIs() {
    int boxes = 0;
    for (const SystemModel* model : allSystems()) {
      MethodPicker picker;
      picker.setSystem(model);
      for (Method m : model->methods()) {
        const MethodInfo& info = methodInfo(m);
        QCheckBox* box = picker.box(m);
        QVERIFY(box);
        ++boxes;
        const QString tip = box->toolTip();
        const QString what = QString("%1, %2: ").arg(QString::fromStdString(model->name()), tip);
        QVERIFY2(tip.contains(QString::fromStdString(info.label)), qPrintable(what));
        QVERIFY2(tip.contains(QString::fromStdString(info.description)), qPrintable(what));
        QVERIFY2(tip.contains(QRegularExpression("order [2458]")), qPrintable(what));
        QVERIFY2(tip.contains(info.symplectic ? "symplectic" : "not symplectic"), qPrintable(what));
        // a linear configuration space (the mass-spring) has no manifold to leave
        if (!model->structureName().empty())
          QVERIFY2(
              tip.contains(info.keepsStructure ? "on its manifold" : "drifts off its manifold"),
              qPrintable(what));
        QVERIFY2(tip.contains(info.adaptive ? "adaptive step" : "fixed step h"), qPrintable(what));
      }
    }
    QVERIFY(boxes >= 20);
  }

  // RATTLE's curves lie exactly on vi's: drawn dashed over vi's solid line, and the picker says
  // why, in its tooltip and, when both are chosen, in its note
  void rattleIsDashedAndExplained() {
    QVERIFY(methodLook(Method::Rattle).pen != Qt::SolidLine);
    const SystemModel* model = nullptr;
    for (const SystemModel* m : allSystems())
      if (m->hasMethod(Method::Rattle) && m->hasMethod(Method::Variational)) model = m;
    QVERIFY(model);
    MethodPicker picker;
    picker.setSystem(model);
    QCheckBox* rattle = picker.box(Method::Rattle);
    QVERIFY(rattle);
    QVERIFY2(rattle->toolTip().contains("same map as vi"), qPrintable(rattle->toolTip()));
    picker.setMethods({Method::Variational, Method::Rattle});
    QString notes;
    for (const QLabel* l : picker.findChildren<QLabel*>()) notes += l->text() + "\n";
    QVERIFY2(notes.contains("on vi's"), qPrintable(notes));
    picker.setMethods({Method::Variational, Method::Rk45});
    notes.clear();
    for (const QLabel* l : picker.findChildren<QLabel*>()) notes += l->text() + "\n";
    QVERIFY2(!notes.contains("on vi's"), qPrintable(notes));
  }
};

DMS_TEST_MAIN(TestMethodLook)
}  // namespace tst_methodlook
#include "tst_methodlook.moc"
