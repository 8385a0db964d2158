// The 3D view in a real window: every system draws, each run shows in its own viewport (two
// side by side, four as two by two) in its method's colour, or with the overlay on every run in
// one viewport with one legend, poses, trails and arrows change the picture, switching the
// overlay keeps them and leaks no Qt3D node, a time stamp is burned into the capture's corner,
// a capture that cannot be written reports it, and a system without a drawing gets the
// placeholder. Runs under Xvfb (Mesa) when there is no display.
#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QWidget>
#include <QWindow>
#include <QtTest>
#include <cmath>
#include <memory>
#include <set>

#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/imagecheck.h"
#include "ui/common/exporter.h"
#include "ui/common/methodlook.h"
#include "ui/common/palette.h"
#include "ui/scene3d/qt3d/hud.h"
#include "ui/scene3d/qt3d/qt3dsceneview.h"
#include "ui/scene3d/qt3d/visualregistry.h"
#include "ui/scene3d/sceneview.h"

using namespace dms;
using namespace dms::ui;
using dms::test::countHue;
using dms::test::ms;

namespace {

struct Shot {
  bool done = false, ok = false;
  QString message;
};

int countDifferent(const QImage& a, const QImage& b) {
  int n = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      if (a.pixel(x, y) != b.pixel(x, y)) ++n;
  return n;
}

// the k-th sample of a run from the model's defaults
Sample sampleAt(const SystemModel& model, Method method, int k) {
  const ParamValues values = model.normalize(defaultValues(model.params()), nullptr);
  IntegratorSettings settings = model.defaultSettings();
  std::unique_ptr<Run> run = model.makeRun(values, method, settings);
  std::vector<Sample> out;
  while (int(out.size()) <= k && run->advance(out, std::size_t(k + 1 - int(out.size())))) {
  }
  return out.at(std::size_t(k));
}

// a planar pendulum's bob at `angle` (radians) from hanging straight down, negative to the
// left of the pivot as the view shows it
Sample bobAt(double angle, double l) {
  Sample s;
  s.position = l * Vector3d(std::sin(angle), std::cos(angle), 0.0);
  return s;
}

// pixels darker than the time stamp's text is drawn (near black; the cards' texts are lighter)
int countDark(const QImage& img, const QRect& r, QRect* bounds = nullptr) {
  int n = 0;
  QRect box;
  for (int y = std::max(r.top(), 0); y <= std::min(r.bottom(), img.height() - 1); ++y)
    for (int x = std::max(r.left(), 0); x <= std::min(r.right(), img.width() - 1); ++x)
      if (img.pixelColor(x, y).valueF() < 0.2f) {
        ++n;
        box |= QRect(x, y, 1, 1);
      }
  if (bounds) *bounds = box;
  return n;
}

int countDifferent(const QImage& a, const QImage& b, const QRect& r) {
  return countDifferent(a.copy(r), b.copy(r));
}

SceneRun sceneRun(Method m) {
  return {QString::fromStdString(methodInfo(m).label), methodSubtitle(m), methodLook(m).color};
}

QColor colorOf(Method m) { return methodLook(m).color; }

}  // namespace

class TestScene3d : public QObject {
  Q_OBJECT

  QWidget m_top;
  std::unique_ptr<SceneView> m_view;
  QTemporaryDir m_dir;
  // DMS_SCENE_SHOTS=folder keeps the captures for a look
  QString shotDir() const {
    return qEnvironmentVariableIsSet("DMS_SCENE_SHOTS") ? qEnvironmentVariable("DMS_SCENE_SHOTS")
                                                        : m_dir.path();
  }

  // the view's capture, written as a PNG to `path` (savePng, as File > Export 3D view does)
  bool shoot(const QString& path, Shot& shot) {
    shot = Shot();
    m_view->capture([&shot, path](const QImage& image, const QString& error) {
      shot.done = true;
      shot.message = error;
      shot.ok = !image.isNull() && savePng(image, path, &shot.message);
    });
    return QTest::qWaitFor([&shot] { return shot.done; }, ms(20000));
  }

  QImage grab(const QString& name) {
    Shot shot;
    const QString path = QDir(shotDir()).filePath(name);
    if (!shoot(path, shot) || !shot.ok) {
      qWarning("capture %s failed: %s", qPrintable(name), qPrintable(shot.message));
      return QImage();
    }
    return QImage(path);
  }

  QSize expectedSize() const {
    return m_view->widget()->size() * m_view->widget()->devicePixelRatio();
  }

 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_view = createSceneView(&m_top);
    auto* layout = new QVBoxLayout(&m_top);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view->widget());
    m_top.resize(900, 520);
    m_top.show();
    QVERIFY(QTest::qWaitForWindowExposed(&m_top));
  }

  // every test but the grid's shows the article's pair
  void init() { m_view->setRuns({sceneRun(Method::Variational), sceneRun(Method::Rk45)}); }
  void cleanup() {
    m_view->setOverlay(false);
    m_view->setTimeStamp(QString());
    m_view->setLabelsVisible(true);
  }

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

  // four runs: two by two, each body in its own quarter in its method's colour
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
    // below each quarter's card (its border ends at about 63 px; "- no data" makes it wider
    // when hidden); the bob of radius 0.075 l, in a view that fits a sphere of radius about l
    // into the band between the labels (some 150 of a 450 x 260 quarter's 260 px), covers
    // about 100 pixels: half of that is the threshold
    for (int i = 0; i < 4; ++i) {
      const int c = i % 2, r = i / 2;
      const QRect quarter(c * w / 2, r * h / 2 + 70, w / 2, h / 2 - 70);
      const int on = countHue(shown, quarter, colorOf(methods[std::size_t(i)]));
      const int off = countHue(hidden, quarter, colorOf(methods[std::size_t(i)]));
      QVERIFY2(on > off + 50, qPrintable(QString("run %1: %2 vs %3").arg(i).arg(on).arg(off)));
      // and not another run's colour where the bob is (sky blue and blue are near in hue:
      // only the pair's and RK4's are checked apart)
      if (methods[std::size_t(i)] == Method::Variational)
        QVERIFY(countHue(shown, quarter, colorOf(Method::Rk45)) < 50);
    }
  }

  void drawsEverySystem_data() {
    QTest::addColumn<QString>("system");
    for (const SystemModel* m : allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }

  void drawsEverySystem() {
    QFETCH(QString, system);
    std::array<Sample, 2> a, b;  // two poses per run
    const SystemModel* model = findSystem(system.toStdString());
    QVERIFY(model);
    const ParamValues params = model->normalize(defaultValues(model->params()), nullptr);
    // 1.5 s apart: a visible part of every system's motion (a quarter of the mass-spring's
    // period, a sixth of the planar pendulum's, 17 degrees of the dumbbell's orbit)
    const int k = int(std::lround(1.5 / model->defaultSettings().h));
    a = {sampleAt(*model, Method::Variational, 0), sampleAt(*model, Method::Rk45, 0)};
    b = {sampleAt(*model, Method::Variational, k), sampleAt(*model, Method::Rk45, k)};
    m_view->setSystem(system.toStdString(), params);
    m_view->setPose(0, a[0]);
    m_view->setPose(1, a[1]);
    const QImage first = grab(system + "-a.png");
    m_view->setPose(0, b[0]);
    m_view->setPose(1, b[1]);
    const QImage second = grab(system + "-b.png");
    m_view->setPose(0, std::nullopt);
    m_view->setPose(1, std::nullopt);
    const QImage hidden = grab(system + "-hidden.png");
    QVERIFY(!first.isNull() && !second.isNull() && !hidden.isNull());

    QCOMPARE(first.size(), expectedSize());
    std::set<QRgb> colours;
    for (int y = 0; y < first.height(); y += 3)
      for (int x = 0; x < first.width(); x += 3) colours.insert(first.pixel(x, y));
    QVERIFY2(colours.size() > 100, "the capture is (nearly) uniform");

    // Pixel thresholds, for this 900 x 520 window: the smallest body of a run (the dumbbell's
    // two spheres of radius 0.2 in a view of radius about 4) covers about 2 x pi x 7^2 = 300
    // pixels, so each threshold is about half of what one drawn body changes; a view that
    // drew nothing, or drew a run in the wrong half or colour, misses them by far.
    // a new pose moves something on screen
    QVERIFY(countDifferent(first, second) > 150);
    // each run's body is drawn in its own half, in its colour (below the labels, row 80 on)
    const int w = first.width(), h = first.height();
    const QRect left(0, 80, w / 2, h - 80), right(w / 2, 80, w - w / 2, h - 80);
    const QColor vi = colorOf(Method::Variational), rk = colorOf(Method::Rk45);
    const int viShown = countHue(second, left, vi);
    const int viHidden = countHue(hidden, left, vi);
    const int rkShown = countHue(second, right, rk);
    const int rkHidden = countHue(hidden, right, rk);
    QVERIFY2(viShown > viHidden + 150, qPrintable(QString("%1 vs %2").arg(viShown).arg(viHidden)));
    QVERIFY2(rkShown > rkHidden + 150, qPrintable(QString("%1 vs %2").arg(rkShown).arg(rkHidden)));
    // and not in the other half
    QVERIFY(countHue(second, right, vi) < 50);
    QVERIFY(countHue(second, left, rk) < 50);
  }

  // A parameter the drawing does not show (the first slider of each system: a mass, or mu)
  // keeps the scene (no new meshes for the renderer), one it shows rebuilds it, and the kept
  // scene draws a pose exactly as a rebuilt one does.
  void aParameterNotDrawnKeepsTheScene_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("hidden");   // not drawn
    QTest::addColumn<QString>("shown");    // drawn
    QTest::addColumn<QString>("checked");  // must be positive for the drawing
    QTest::newRow("mass-spring") << "mass-spring"
                                 << "m"
                                 << "q0"
                                 << "m";
    QTest::newRow("planar-pendulum") << "planar-pendulum"
                                     << "m"
                                     << "l"
                                     << "l";
    QTest::newRow("spherical-pendulum") << "spherical-pendulum"
                                        << "g"
                                        << "l"
                                        << "l";
    QTest::newRow("dumbbell") << "dumbbell"
                              << "mu"
                              << "L"
                              << "mu";
  }
  void aParameterNotDrawnKeepsTheScene() {
    QFETCH(QString, system);
    QFETCH(QString, hidden);
    QFETCH(QString, shown);
    QFETCH(QString, checked);
    auto* view = dynamic_cast<scene3d::Qt3DSceneView*>(m_view.get());
    QVERIFY(view);
    const SystemModel* model = findSystem(system.toStdString());
    QVERIFY(model);
    const ParamValues base = model->normalize(defaultValues(model->params()), nullptr);
    ParamValues other = base, moved = base;
    other[hidden.toStdString()][0] *= 1.5;
    moved[shown.toStdString()][0] *= 1.5;
    const std::string name = model->name();
    QCOMPARE(scene3d::visualLayout(name, other), scene3d::visualLayout(name, base));
    QVERIFY(scene3d::visualLayout(name, moved) != scene3d::visualLayout(name, base));

    const Sample pose = sampleAt(*model, Method::Variational, 10);
    m_view->setSystem(name, moved);
    m_view->setSystem(name, base);
    const int built = view->visualsBuilt();
    m_view->setPose(0, pose);
    const QImage rebuilt = grab(system + "-rebuilt.png");
    m_view->setSystem(name, other);
    QCOMPARE(view->visualsBuilt(), built);
    m_view->setPose(0, pose);
    const QImage kept = grab(system + "-kept.png");
    QVERIFY(!rebuilt.isNull() && !kept.isNull());
    QCOMPARE(countDifferent(rebuilt, kept), 0);
    m_view->setSystem(name, moved);
    QCOMPARE(view->visualsBuilt(), built + 1);
    // a value the drawing cannot take is refused, also where the scene would be kept
    ParamValues bad = moved;
    bad[checked.toStdString()][0] = -1.0;
    QVERIFY_THROWS_EXCEPTION(InputError, m_view->setSystem(name, bad));
    QCOMPARE(view->visualsBuilt(), built + 1);
  }

  void trailAndArrowsDraw() {
    const SystemModel* model = findSystem("spherical-pendulum");
    QVERIFY(model);
    m_view->setSystem(model->name(), model->normalize(defaultValues(model->params()), nullptr));
    const Sample s = sampleAt(*model, Method::Variational, 0);
    m_view->setPose(0, s);
    m_view->setPose(1, s);
    const QImage plain = grab("plain.png");
    // a circle of the bob's height, on the sphere of radius l
    const double l = s.position.norm();
    std::vector<Vector3d> trail;
    for (int k = 0; k < 3000; ++k) {
      const double a = 2 * M_PI * k / 3000.0;
      trail.push_back(l * Vector3d(0.8 * std::cos(a), 0.8 * std::sin(a), 0.6));
    }
    m_view->setTrail(0, trail);
    m_view->setTrail(1, std::vector<Vector3d>(trail.begin(), trail.begin() + 1500));
    const QImage withTrail = grab("trail.png");
    QVERIFY(countDifferent(plain, withTrail) > 300);

    SceneArrow arrow;
    arrow.origin = s.position;
    arrow.vector = Vector3d(0.4 * l, 0, 0);
    arrow.color = controlColor();
    arrow.label = "control force";
    m_view->setArrows({arrow});
    const QImage withArrow = grab("arrow.png");
    const QRect body(0, 80, withArrow.width(), withArrow.height() - 80);
    QVERIFY(countHue(withArrow, body, controlColor()) >
            countHue(withTrail, body, controlColor()) + 100);
    m_view->setArrows({});
    const QImage noArrow = grab("noarrow.png");
    QVERIFY(countHue(noArrow, body, controlColor()) <
            countHue(withArrow, body, controlColor()) - 100);
  }

  void mouseMovesTheCameraAndDoubleClickFits() {
    const SystemModel* model = findSystem("planar-pendulum");
    QVERIFY(model);
    m_view->setSystem(model->name(), model->normalize(defaultValues(model->params()), nullptr));
    const Sample s = sampleAt(*model, Method::Variational, 10);
    m_view->setPose(0, s);
    m_view->setPose(1, s);
    const QImage home = grab("home.png");
    // the 3D window inside the container
    QWindow* window = m_top.windowHandle()->findChild<QWindow*>();
    QVERIFY(window);
    const QPoint c(window->width() / 4, window->height() / 2);
    QTest::mousePress(window, Qt::LeftButton, Qt::NoModifier, c);
    QTest::mouseMove(window, c + QPoint(60, 25));
    QTest::mouseRelease(window, Qt::LeftButton, Qt::NoModifier, c + QPoint(60, 25));
    const QImage orbited = grab("orbited.png");
    QVERIFY(countDifferent(home, orbited) > 1000);
    QWheelEvent wheel(QPointF(c), window->mapToGlobal(QPointF(c)), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(window, &wheel);
    const QImage zoomed = grab("zoomed.png");
    QVERIFY(countDifferent(orbited, zoomed) > 1000);
    // back home: the same camera, so the same picture
    QTest::mouseDClick(window, Qt::LeftButton, Qt::NoModifier, c);
    const QImage again = grab("again.png");
    QCOMPARE(countDifferent(home, again), 0);
  }

  void unwritablePathReportsFailure_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("missing folder") << "/nonexistent-dms-folder/view.png";
    QTest::newRow("a folder") << QDir::tempPath();
    QTest::newRow("empty") << QString();
  }

  void unwritablePathReportsFailure() {
    QFETCH(QString, path);
    Shot shot;
    QVERIFY(shoot(path, shot));
    QVERIFY(!shot.ok);
    QVERIFY(!shot.message.isEmpty());
    if (!path.isEmpty()) QVERIFY2(shot.message.contains(path), qPrintable(shot.message));
    // and nothing was left behind beside a file that could not be written
    if (path.startsWith("/nonexistent")) QVERIFY(!QFileInfo::exists(path));
  }

  void everySystemHasADrawing() {
    for (const SystemModel* m : allSystems()) QVERIFY2(m_view->draws(m->name()), m->name().c_str());
  }

  void systemWithoutADrawingGetsThePlaceholder() {
    QVERIFY(!m_view->draws("teapot"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("no drawing for the system 'teapot'"));
    m_view->setSystem("teapot", {});
    m_view->setPose(0, Sample());
    // the placeholder's grid and its caption are drawn: the capture is not blank
    const QImage img = grab("placeholder.png");
    QVERIFY(!img.isNull());
    QCOMPARE(img.size(), expectedSize());
  }

  void badParameterIsRejected() {
    const SystemModel* model = findSystem("planar-pendulum");
    QVERIFY(model);
    ParamValues params = model->normalize(defaultValues(model->params()), nullptr);
    params["l"] = {-1.0};
    try {
      m_view->setSystem(model->name(), params);
      QFAIL("a negative rod length was drawn");
    } catch (const InputError& e) {
      const QString what = e.what();
      QVERIFY2(what.contains("'l'") && what.contains("-1"), e.what());
    }
  }
};

QTEST_MAIN(TestScene3d)
#include "tst_scene3d.moc"
