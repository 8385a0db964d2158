// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The 3D view in a real window: each run shows in its own viewport (two side by side, four as
// two by two) in its method's colour, or with the overlay on every run in one viewport with one
// legend; switching the overlay keeps poses and trails and leaks no Qt3D node; a time stamp is
// burned into the capture's corner, clear of the cards. Runs under Xvfb (Mesa) when there is no
// display; the systems' drawings: tst_scenesystems.
#include "tests/common/suitemain.h"
#include "tests/ui/scenetest.h"

namespace tst_scene3d {

using namespace dms;
using namespace dms::ui;
using namespace dms::test::scene;
using dms::test::countHue;
using dms::test::ms;

class TestScene3d : public SceneFixture {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(setUp()); }

  void init() { showArticlePair(); }
  void cleanup() { resetView(); }

  // The overlay draws both runs in one viewport: two bobs left of the pivot are both in the
  // left half of the picture (side by side, the second run's is in the right half, in its own
  // viewport), the ghost too in its colour, and the two cards become one legend at the top
  // left. Off again gives the side-by-side picture back, the poses kept.
  void overlayDrawsEveryRunInOneViewport() {
    const SystemModel* model = findSystem("planar-pendulum");
    QVERIFY(model);
    const ParamValues params = model->normalize(defaultValues(model->params()), nullptr);
    const double l = params.at("l")[0];
    m_view->setSystem(model->name(), params);
    m_view->setPose(0, bobAt(-0.5, l));
    m_view->setPose(1, bobAt(-1.1, l));
    QVERIFY(!m_view->overlay());
    const QImage apart = grab("overlay-off.png");
    m_view->setOverlay(true);
    QVERIFY(m_view->overlay());
    QCOMPARE(m_view->runCount(), 2);
    const QImage one = grab("overlay-on.png");
    m_view->setOverlay(false);
    const QImage back = grab("overlay-back.png");
    m_view->setOverlay(true);
    m_view->setPose(0, std::nullopt);
    m_view->setPose(1, std::nullopt);
    const QImage hidden = grab("overlay-hidden.png");
    QVERIFY(!apart.isNull() && !one.isNull() && !back.isNull() && !hidden.isNull());

    // below the legend (two rows, about 75 px) and the cards; a bob of radius 0.075 l in a
    // view that fits about 1.2 l into some 350 px covers about 350 pixels, a ghost as many
    const int w = one.width(), h = one.height();
    const QRect left(0, 110, w / 2, h - 110), right(w / 2, 110, w - w / 2, h - 110);
    const QColor vi = colorOf(Method::Variational), rk = colorOf(Method::Rk45);
    const auto report = [&](const QImage& img) {
      return QString("vi %1 | %2, rk %3 | %4")
          .arg(countHue(img, left, vi))
          .arg(countHue(img, right, vi))
          .arg(countHue(img, left, rk))
          .arg(countHue(img, right, rk));
    };
    qInfo("side by side: %s; overlay: %s; hidden: %s", qPrintable(report(apart)),
          qPrintable(report(one)), qPrintable(report(hidden)));
    // side by side: the second run's bob in the right half
    QVERIFY2(countHue(apart, right, rk) > 150, qPrintable(report(apart)));
    QVERIFY2(countHue(apart, left, rk) < 50, qPrintable(report(apart)));
    // the overlay: both in the left half, nothing of either in the right
    QVERIFY2(countHue(one, left, vi) > countHue(hidden, left, vi) + 150, qPrintable(report(one)));
    QVERIFY2(countHue(one, left, rk) > countHue(hidden, left, rk) + 150, qPrintable(report(one)));
    QVERIFY2(countHue(one, right, rk) < 50, qPrintable(report(one)));
    QVERIFY2(countHue(one, right, vi) < countHue(hidden, right, vi) + 50, qPrintable(report(one)));
    // one legend at the top left names both runs in their colours; side by side the second
    // run's card is in the right half
    const QRect legend(0, 0, w / 2, 100);
    QVERIFY2(countHue(one, legend, vi) > 100,
             qPrintable(QString::number(countHue(one, legend, vi))));
    QVERIFY2(countHue(one, legend, rk) > 100,
             qPrintable(QString::number(countHue(one, legend, rk))));
    QVERIFY(countHue(apart, legend, rk) < 20);
    // off again: two viewports, the same picture as before
    QCOMPARE(countDifferent(apart, back), 0);
  }

  // Switching the overlay on and off keeps the poses and trails (the same pictures again),
  // draws every trail in the one viewport, and deletes the bodies it rebuilds: the scene has
  // as many Qt3D nodes after each switch as after the first one to the same side.
  void overlaySwitchKeepsTrailsAndLeaksNothing() {
    auto* view = dynamic_cast<scene3d::Qt3DSceneView*>(m_view.get());
    QVERIFY(view);
    const SystemModel* model = findSystem("spherical-pendulum");
    QVERIFY(model);
    m_view->setSystem(model->name(), model->normalize(defaultValues(model->params()), nullptr));
    const Sample s = sampleAt(*model, Method::Variational, 0);
    m_view->setPose(0, s);
    m_view->setPose(1, sampleAt(*model, Method::Rk45, 40));
    const double l = s.position.norm();
    std::vector<Vector3d> trail;
    for (int k = 0; k < 1500; ++k) {
      const double a = M_PI * k / 1500.0;
      trail.push_back(l * Vector3d(0.8 * std::cos(a), 0.8 * std::sin(a), 0.6));
    }
    m_view->setTrail(0, trail);
    for (Vector3d& p : trail) p.y() = -p.y();
    m_view->setTrail(1, trail);
    const int apartNodes = view->nodeCount();
    const QImage apart = grab("switch-off.png");
    m_view->setOverlay(true);
    const int oneNodes = view->nodeCount();
    const QImage one = grab("switch-on.png");
    for (int k = 0; k < 3; ++k) {
      m_view->setOverlay(false);
      QCOMPARE(view->nodeCount(), apartNodes);
      m_view->setOverlay(true);
      QCOMPARE(view->nodeCount(), oneNodes);
    }
    const QImage oneAgain = grab("switch-on-again.png");
    m_view->setOverlay(false);
    const QImage apartAgain = grab("switch-off-again.png");
    QVERIFY(!apart.isNull() && !one.isNull() && !oneAgain.isNull() && !apartAgain.isNull());
    QCOMPARE(countDifferent(one, oneAgain), 0);
    QCOMPARE(countDifferent(apart, apartAgain), 0);
    // both trails in the one viewport: taking the second run's away takes its colour away
    m_view->setOverlay(true);
    m_view->setTrail(1, {});
    const QImage noTrail = grab("switch-no-trail.png");
    QVERIFY(!noTrail.isNull());
    const QRect body(0, 110, one.width(), one.height() - 110);
    const QColor rk = colorOf(Method::Rk45);
    // (the trail, thin and fading, adds some 200 pixels of its colour)
    QVERIFY(countDifferent(one, noTrail, body) > 300);
    QVERIFY2(
        countHue(one, body, rk) > countHue(noTrail, body, rk) + 100,
        qPrintable(
            QString("%1 vs %2").arg(countHue(one, body, rk)).arg(countHue(noTrail, body, rk))));
  }

  // The time stamp is in the captured picture, in the top right corner: large, bold, dark
  // text where an empty stamp leaves the corner as it was, with or without the labels, and
  // nothing else in the picture changes (below the cards).
  void timeStampIsInTheCapture() {
    auto* view = dynamic_cast<scene3d::Qt3DSceneView*>(m_view.get());
    QVERIFY(view);
    const SystemModel* model = findSystem("planar-pendulum");
    QVERIFY(model);
    const ParamValues params = model->normalize(defaultValues(model->params()), nullptr);
    m_view->setSystem(model->name(), params);
    m_view->setPose(0, bobAt(-0.5, params.at("l")[0]));
    m_view->setPose(1, bobAt(0.7, params.at("l")[0]));
    const QImage plain = grab("stamp-none.png");
    m_view->setTimeStamp("t = 12.34 s");
    QVERIFY(view->timeStampShown());
    const QImage stamped = grab("stamp.png");
    m_view->setLabelsVisible(false);
    const QImage bare = grab("stamp-no-labels.png");
    m_view->setTimeStamp(QString());
    QVERIFY(!view->timeStampShown());
    const QImage bareNone = grab("stamp-no-labels-none.png");
    QVERIFY(!plain.isNull() && !stamped.isNull() && !bare.isNull() && !bareNone.isNull());

    const int w = stamped.width(), h = stamped.height();
    const QRect corner(w - 280, 0, 280, 80);
    QRect glyphs;
    const int dark = countDark(stamped, corner, &glyphs);
    qInfo("stamp: %d dark pixels in %d x %d, %d changed", dark, glyphs.width(), glyphs.height(),
          countDifferent(plain, stamped, corner));
    QVERIFY2(countDark(plain, corner) < 10, qPrintable(QString::number(countDark(plain, corner))));
    QVERIFY2(dark > 300, qPrintable(QString::number(dark)));
    // readable across a room: glyphs some 20 px tall (digits of a font of at least 22 px)
    QVERIFY2(glyphs.height() >= 16, qPrintable(QString::number(glyphs.height())));
    QVERIFY(countDifferent(plain, stamped, corner) > 1500);
    // the scene itself is the same
    const QRect below(0, 110, w, h - 110);
    QCOMPARE(countDifferent(plain, stamped, below), 0);
    // without the labels, the stamp stays
    QVERIFY(countDark(bare, corner) > 300);
    QVERIFY(countDark(bareNone, corner) < 10);
  }

  // The method cards keep their texts whole at 1024x768: three methods in the window's 3D view
  // (about 650 px wide), four in a row in presentation (1024 px); each title and subtitle on
  // at most two lines, none elided, every line inside its card.
  void methodCardsKeepTheirTexts_data() {
    QTest::addColumn<int>("runs");
    QTest::addColumn<int>("width");
    QTest::newRow("three in the window") << 3 << 650;
    QTest::newRow("four in presentation") << 4 << 1024;
  }
  void methodCardsKeepTheirTexts() {
    QFETCH(int, runs);
    QFETCH(int, width);
    const std::vector<scene3d::HudContent::Run> all = {
        {"variational", "Lie group variational, fixed step h", colorOf(Method::Variational), 1},
        {"RK45 (ode45)", "Dormand-Prince 5(4), adaptive", colorOf(Method::Rk45), 1},
        {"variational, triple jump", "variational, Yoshida triple jump, order 4",
         colorOf(Method::Vi4), 1},
        {"RK4", "classical RK4, fixed step h", colorOf(Method::Rk4), 1}};
    scene3d::HudContent c;
    c.runs.assign(all.begin(), all.begin() + runs);
    c.grid = QSize(runs, 1);
    c.stamp = scene3d::stampBox("t = 30.00 s", 390);
    QFont titleFont(QStringLiteral("DejaVu Sans")), subFont(QStringLiteral("DejaVu Sans"));
    titleFont.setPixelSize(15);
    titleFont.setBold(true);
    subFont.setPixelSize(12);
    const QFontMetrics fmT(titleFont), fmS(subFont);
    // a card's text starts 38 px into it, and the card keeps 12 px from its viewport's edges
    const int room = width / runs - 24 - 38;
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      const scene3d::HudCardText t = scene3d::hudCardText(c, i, width);
      QVERIFY(t.title.size() <= 2 && t.subtitle.size() <= 2);
      QCOMPARE(t.title.join(' '), c.runs[i].title);
      QCOMPARE(t.subtitle.join(' '), c.runs[i].subtitle);
      for (const QString& l : t.title) QVERIFY2(fmT.horizontalAdvance(l) <= room, qPrintable(l));
      for (const QString& l : t.subtitle) QVERIFY2(fmS.horizontalAdvance(l) <= room, qPrintable(l));
    }
  }

  // The stamp keeps its corner clear of the cards: in the corner beside one or two cards (a
  // card narrowed if needed), under the cards when a third column's card would be left too
  // narrow beside it.
  void timeStampKeepsClearOfTheCards() {
    const QSize window(900, 520);
    scene3d::HudContent c;
    c.stamp = scene3d::stampBox("t = 12.34 s", window.height());
    QVERIFY(c.stamp.height() >= 26);
    const scene3d::HudContent::Run run{"RK45", "Dormand-Prince 5(4), adaptive, a long subtitle",
                                       colorOf(Method::Rk45), true};
    c.runs = {run};
    QCOMPARE(scene3d::stampPosition(c, window).y(), 12.0);
    QCOMPARE(scene3d::stampPosition(c, window).x(), 900.0 - 12 - c.stamp.width());
    c.runs = {run, run};
    c.grid = QSize(2, 1);
    QCOMPARE(scene3d::stampPosition(c, window).y(), 12.0);
    c.runs = {run, run, run};
    c.grid = QSize(3, 1);
    QVERIFY(scene3d::stampPosition(c, window).y() >= scene3d::hudBands(c, 900).top);
    // the overlay's legend sits at the left: the stamp keeps the corner
    c.overlay = true;
    c.grid = QSize(1, 1);
    QCOMPARE(scene3d::stampPosition(c, window).y(), 12.0);
  }

  void setRunsKeepsAtMostFour() {
    std::vector<SceneRun> runs;
    for (const MethodInfo& m : allMethods()) runs.push_back(sceneRun(m.method));
    m_view->setRuns(runs);
    QCOMPARE(m_view->runCount(), SceneView::kMaxRuns);
    m_view->setRuns({});
    QCOMPARE(m_view->runCount(), 0);
    // an index without a run is ignored, not a crash
    m_view->setPose(5, Sample());
    m_view->setTrail(-1, {Vector3d::Zero()});
  }

  // four runs: in a row in this wide window (each viewport frames the system larger so than
  // two by two), each body in its own viewport in its method's colour
  void fourRunsInAGrid() {
    const SystemModel* model = findSystem("spherical-pendulum");
    QVERIFY(model);
    const std::array<Method, 4> methods = {Method::Variational, Method::Rk45, Method::Rk4,
                                           Method::Rkmk4};
    std::vector<SceneRun> runs;
    for (Method m : methods) runs.push_back(sceneRun(m));
    m_view->setRuns(runs);
    m_view->setSystem(model->name(), model->normalize(defaultValues(model->params()), nullptr));
    const Sample s = sampleAt(*model, Method::Variational, 0);
    for (int i = 0; i < 4; ++i) m_view->setPose(i, s);
    const QImage shown = grab("grid.png");
    for (int i = 0; i < 4; ++i) m_view->setPose(i, std::nullopt);
    const QImage hidden = grab("grid-hidden.png");
    QVERIFY(!shown.isNull() && !hidden.isNull());
    const int w = shown.width(), h = shown.height();
    // below each viewport's card (on two lines in a narrow viewport, its border ends at about
    // 95 px; "- no data" makes it wider when hidden); the bob of radius 0.075 l, in a view that
    // fits a sphere of radius about l into the narrower side of the band between the labels,
    // covers about 100 pixels: half of that is the threshold
    for (int i = 0; i < 4; ++i) {
      const QRect quarter(i * w / 4, 100, w / 4, h - 100);
      const int on = countHue(shown, quarter, colorOf(methods[std::size_t(i)]));
      const int off = countHue(hidden, quarter, colorOf(methods[std::size_t(i)]));
      QVERIFY2(on > off + 50, qPrintable(QString("run %1: %2 vs %3").arg(i).arg(on).arg(off)));
      // and not another run's colour where the bob is (sky blue and blue are near in hue:
      // only the pair's and RK4's are checked apart)
      if (methods[std::size_t(i)] == Method::Variational)
        QVERIFY(countHue(shown, quarter, colorOf(Method::Rk45)) < 50);
    }
  }
};

DMS_TEST_MAIN(TestScene3d)
}  // namespace tst_scene3d
#include "tst_scene3d.moc"
