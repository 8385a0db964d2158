// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The systems in the 3D view, in a real window: every system draws, a parameter the drawing
// does not show keeps the scene, poses, trails and arrows change the picture, the mouse moves
// the camera, a capture that cannot be written reports it, a system without a drawing gets the
// placeholder (its grid and caption drawn), the typed potentials' systems caption themselves
// and a bad parameter is refused. Runs under Xvfb
// (Mesa) when there is no display.
#include <limits>

#include "core/lie/so3.h"
#include "tests/common/suitemain.h"
#include "tests/ui/scenetest.h"
#include "ui/scene3d/qt3d/pendulum3dvisual.h"
#include "ui/scene3d/qt3d/typedvisuals.h"
#include "ui/scene3d/qt3d/visualregistry.h"

namespace tst_scenesystems {

using namespace dms;
using namespace dms::ui;
using namespace dms::test::scene;
using dms::test::countHue;
using dms::test::ms;

// The first registered system but `model`: shown before it, it makes the view build `model`'s
// visual anew (a system is told apart by its registry entry, not its name).
std::string anotherSystem(const SystemModel& model) {
  for (const SystemModel* m : allSystems())
    if (m != &model) return m->name();
  return {};
}

class TestSceneSystems : public SceneFixture {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(setUp()); }

  void init() { showArticlePair(); }
  void cleanup() { resetView(); }

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
    // a system whose step is seconds (the two-body problem's 60 s) moves as much in 6000 s,
    // a tenth of KW4's orbit
    const double h0 = model->defaultSettings().h;
    const int k = int(std::lround((h0 > 1.0 ? 6000.0 : 1.5) / h0));
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

  // A parameter the drawing does not show (a mass, mu, gravity) keeps the scene (no new meshes
  // for the renderer), one it shows and cannot take in place (the dumbbell's orbit, a chain's
  // number of links; the sizes it takes in place: geometryTakenInPlace) rebuilds it, and the
  // kept scene draws a pose exactly as a rebuilt one does.
  void aParameterNotDrawnKeepsTheScene_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("hidden");   // not drawn
    QTest::addColumn<QString>("shown");    // drawn, a new visual
    QTest::addColumn<QString>("checked");  // must be positive for the drawing
    // the amplitude (q0) is taken in place
    QTest::newRow("mass-spring") << "mass-spring"
                                 << "m"
                                 << ""
                                 << "m";
    QTest::newRow("planar-pendulum") << "planar-pendulum"
                                     << "m"
                                     << ""
                                     << "l";
    QTest::newRow("spherical-pendulum") << "spherical-pendulum"
                                        << "g"
                                        << ""
                                        << "l";
    // the orbit's radius is drawn by the dumbbell's polar grid, which is built anew
    QTest::newRow("dumbbell") << "dumbbell"
                              << "mu"
                              << "x0"
                              << "mu";
    // three links for two: other parts
    QTest::newRow("pendulum-chain") << "pendulum-chain"
                                    << "g"
                                    << "n"
                                    << "l_1";
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
    if (!shown.isEmpty()) moved[shown.toStdString()][0] *= 1.5;
    const std::string name = model->name();
    QCOMPARE(scene3d::visualLayout(name, other), scene3d::visualLayout(name, base));

    const Sample pose = sampleAt(*model, Method::Variational, 10);
    m_view->setSystem(anotherSystem(*model), {});
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
    int expected = built;
    if (!shown.isEmpty()) {
      QVERIFY(scene3d::visualLayout(name, moved) != scene3d::visualLayout(name, base));
      m_view->setSystem(name, moved);
      QCOMPARE(view->visualsBuilt(), ++expected);
    }
    // a value the drawing cannot take is refused, also where the scene would be kept
    ParamValues bad = moved;
    bad[checked.toStdString()][0] = -1.0;
    QVERIFY_THROWS_EXCEPTION(InputError, m_view->setSystem(name, bad));
    QCOMPARE(view->visualsBuilt(), expected);
  }

  // The sizes of a drawing (the dumbbell's masses, rod length and sphere radius, a pendulum's
  // length, the spring's amplitude, the chain's rods, the two bodies' spheres and orbit, the
  // 3D pendulum's and the typed body's inertia): the visual resizes its parts in place (a
  // slider of them dragged would otherwise rebuild the scene at each step, and a new scene is
  // not drawn before the renderer has its meshes), and draws a pose exactly as a visual built
  // for those values does. A value the drawing cannot take is refused and changes nothing.
  void geometryTakenInPlace_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QVariantMap>("start");  // over the defaults: name to its numbers
    // each made 1.5 times larger: every component, or the k-th alone for "name[k]" (1 to 3)
    QTest::addColumn<QStringList>("sizes");
    QTest::addColumn<QString>("refused");  // set to -1 (its first component): not drawn
    QTest::newRow("dumbbell") << "dumbbell" << QVariantMap() << QStringList{"L", "r", "m1"} << "L";
    QTest::newRow("planar-pendulum")
        << "planar-pendulum" << QVariantMap() << QStringList{"l"} << "l";
    QTest::newRow("spherical-pendulum")
        << "spherical-pendulum" << QVariantMap() << QStringList{"l"} << "l";
    // a start with a velocity, so that the amplitude sqrt(q0^2 + m v0^2 / kappa) reads all four
    QTest::newRow("mass-spring") << "mass-spring" << QVariantMap{{"v0", QVariantList{0.8}}}
                                 << QStringList{"q0", "v0", "m", "kappa"} << "m";
    // the first rod's length: the chain's length and shape (both rods 1.5 times as long draw
    // the same picture, as the view frames the chain's length); another number of links is
    // another drawing (aParameterNotDrawnKeepsTheScene)
    QTest::newRow("pendulum-chain")
        << "pendulum-chain" << QVariantMap() << QStringList{"l_1"} << "l_2";
    // every sphere's mass, radius and centre, and the bodies' distance
    const SystemModel* twoBody = findSystem("two-body");
    QStringList spheres;
    for (const ParamSpec& p : twoBody->params())
      for (const char* prefix : {"m", "r", "c"})
        if (QString::fromStdString(p.name).contains(
                QRegularExpression(QStringLiteral("^%1[12]_[0-9]+$").arg(QLatin1String(prefix)))))
          spheres << QString::fromStdString(p.name);
    QTest::newRow("two-body") << "two-body" << QVariantMap() << (spheres << "x0") << "r2_1";
    // only the first body's masses, of two bodies of like mass (the example "Two dumbbells"):
    // the same shapes, each body placed elsewhere about the centre of mass
    const QVariantMap dumbbells = {
        {"n1", QVariantList{2}},
        {"m1_1", QVariantList{5e10}},
        {"r1_1", QVariantList{100}},
        {"c1_1", QVariantList{-200, 0, 0}},
        {"m1_2", QVariantList{5e10}},
        {"r1_2", QVariantList{100}},
        {"c1_2", QVariantList{200, 0, 0}},
        {"n2", QVariantList{2}},
        {"m2_1", QVariantList{3e10}},
        {"r2_1", QVariantList{80}},
        {"c2_1", QVariantList{0, -150, 0}},
        {"m2_2", QVariantList{3e10}},
        {"r2_2", QVariantList{80}},
        {"c2_2", QVariantList{0, 150, 0}},
        {"x0", QVariantList{1500, 0, 0}},
    };
    QTest::newRow("two-body, masses of body 1")
        << "two-body" << dumbbells << QStringList{"m1_1", "m1_2"} << "m1_1";
    // the 3D view draws any inertia its box can show; the core would refuse these larger
    // values (no body of that mass has these moments about its pivot), the drawing does not ask
    QTest::newRow("pendulum-3d") << "pendulum-3d" << QVariantMap() << QStringList{"m", "J", "rho"}
                                 << "m";
    QTest::newRow("pendulum-3d, heavy top")
        << "pendulum-3d"
        << QVariantMap{{"m", QVariantList{15.0}},
                       {"J", QVariantList{15.234375, 0.46875, 15.234375}},
                       {"rho", QVariantList{0.0, 1.0, 0.0}}}
        << QStringList{"m", "J", "rho"} << "m";
    // J1: the ellipsoid's shape (a J 1.5 times as large is the same ellipsoid, drawn at a fixed
    // size)
    QTest::newRow("custom-rigid-body")
        << "custom-rigid-body" << QVariantMap() << QStringList{"J[1]"} << "J";
    QTest::newRow("custom-sphere-particle")
        << "custom-sphere-particle" << QVariantMap() << QStringList{"l"} << "l";
  }

  void geometryTakenInPlace() {
    QFETCH(QString, system);
    QFETCH(QVariantMap, start);
    QFETCH(QStringList, sizes);
    QFETCH(QString, refused);
    auto* view = dynamic_cast<scene3d::Qt3DSceneView*>(m_view.get());
    QVERIFY(view);
    const SystemModel* model = findSystem(system.toStdString());
    QVERIFY(model);
    ParamValues base = start.isEmpty() ? defaultValues(model->params()) : ParamValues();
    for (auto it = start.cbegin(); it != start.cend(); ++it)
      for (const QVariant& x : it.value().toList())
        base[it.key().toStdString()].push_back(x.toDouble());
    base = model->normalize(base, nullptr);
    ParamValues larger = base;
    for (const QString& size : sizes) {
      const QRegularExpressionMatch m =
          QRegularExpression(R"(^([^\[]+)(?:\[([1-3])\])?$)").match(size);
      QVERIFY2(m.hasMatch() && larger.count(m.captured(1).toStdString()), qPrintable(size));
      std::vector<double>& v = larger[m.captured(1).toStdString()];
      if (m.captured(2).isEmpty())
        for (double& x : v) x *= 1.5;
      else
        v.at(std::size_t(m.captured(2).toInt() - 1)) *= 1.5;
    }
    const std::string name = model->name();
    QVERIFY(scene3d::visualLayout(name, larger) != scene3d::visualLayout(name, base));
    // two runs at two poses: side by side, and in the overlay, where the second run's body is
    // a ghost drawn a little larger (VisualRoots::size), which the resizing must keep
    const std::array<Sample, 2> poses = {sampleAt(*model, Method::Variational, 10),
                                         sampleAt(*model, Method::Variational, 20)};
    const auto pose = [&] {
      for (int i = 0; i < 2; ++i) m_view->setPose(i, poses[std::size_t(i)]);
    };
    for (const bool overlay : {false, true}) {
      const QString pass = overlay ? "overlay" : "side by side";
      m_view->setOverlay(overlay);
      m_view->setSystem(anotherSystem(*model), {});
      m_view->setSystem(name, larger);  // built for these values
      const int built = view->visualsBuilt();
      pose();
      const QString file =
          QString(QTest::currentDataTag()).replace(QRegularExpression("[^a-z0-9]+"), "-") +
          (overlay ? "-overlay" : "");
      const QImage fresh = grab(file + "-fresh.png");
      m_view->setSystem(name, base);
      pose();
      const QImage before = grab(file + "-before.png");
      m_view->setSystem(name, larger);
      pose();
      const QImage resized = grab(file + "-resized.png");
      QVERIFY2(view->visualsBuilt() == built,
               qPrintable(QString("%1: %2 visuals built, %3 expected")
                              .arg(pass)
                              .arg(view->visualsBuilt())
                              .arg(built)));
      QVERIFY(!fresh.isNull() && !before.isNull() && !resized.isNull());
      // the sizes changed the picture (the comparison below would pass on a drawing that
      // ignores them), and the resized one is the one built for them
      const int changed = countDifferent(before, resized);
      QVERIFY2(changed > 100, qPrintable(QString("%1: %2 pixels").arg(pass).arg(changed)));
      const int differ = countDifferent(fresh, resized);
      QVERIFY2(differ == 0, qPrintable(QString("%1: %2 pixels differ").arg(pass).arg(differ)));
      // a value the drawing cannot take is refused and changes nothing
      ParamValues bad = larger;
      bad[refused.toStdString()][0] = -1.0;
      QVERIFY_THROWS_EXCEPTION(InputError, m_view->setSystem(name, bad));
      QCOMPARE(view->visualsBuilt(), built);
      pose();
      const QImage kept = grab(file + "-kept.png");
      QVERIFY2(countDifferent(resized, kept) == 0, qPrintable(pass));
    }
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

  // a system is drawn by its first body's kind, its sizes read under the names it declares: a
  // new system whose rod is "L" and whose chain has "k" links gets its own lengths, not the
  // drawing's defaults (9.81 m for a rod; a chain's drawing refuses a chain without n)
  void declaredBodyIsDrawnWithItsOwnSizes() {
    const BodyDeclaration rod{BodyKind::BobOnRodInPlane, {"L"}};
    QCOMPARE(scene3d::visualLayout(rod, {{"L", {3.0}}}), std::vector<double>{3.0});
    const BodyDeclaration chain{BodyKind::ChainBob, {"a_i", "b_i"}, "k"};
    const ParamValues ours = {{"k", {2.0}},       {"a_1", {1.5}}, {"a_2", {0.5}},
                              {"b_1", {2.0}},     {"b_2", {1.0}}, {"q0_1", {1, 0, 0}},
                              {"q0_2", {1, 0, 0}}};
    const ParamValues named = {{"n", {2.0}},       {"l_1", {1.5}}, {"l_2", {0.5}},
                               {"m_1", {2.0}},     {"m_2", {1.0}}, {"q0_1", {1, 0, 0}},
                               {"q0_2", {1, 0, 0}}};
    QCOMPARE(scene3d::visualLayout(chain, ours), scene3d::visualLayout("pendulum-chain", named));
    // every system of the product is drawn by the kind it declares
    for (const SystemModel* m : allSystems())
      QCOMPARE(scene3d::visualLayout(m->name(), m->normalize({}, nullptr)),
               scene3d::visualLayout(m->declaration().bodies.front(), m->normalize({}, nullptr)));
  }

  // a system drawn with another's visual names itself in the caption, not the other
  void typedSystemsCaptionThemselves() {
    Qt3DCore::QEntity root;
    scene3d::VisualRoots roots;
    roots.common = &root;
    for (auto& body : roots.body) body = new Qt3DCore::QEntity(&root);
    for (const char* name : {"custom-rigid-body", "custom-sphere-particle"}) {
      const SystemModel* model = findSystem(name);
      QVERIFY(model);
      const QString caption =
          scene3d::makeVisual(name, model->normalize({}, nullptr), roots)->caption();
      QVERIFY2(caption.contains("typed potential"), qPrintable(caption));
      QVERIFY2(!caption.contains("pendulum"), qPrintable(caption));
    }
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
    // compared with a blank capture (its background alone): in the first viewport, between the
    // card at the top and the caption at the bottom, the grid; at the bottom left, the caption
    // (the camera's help is at the bottom right)
    QImage blank(img.size(), img.format());
    blank.fill(img.pixelColor(10, 80));
    const int half = img.width() / 2;
    const int grid = countDifferent(img, blank, QRect(10, 80, half - 20, img.height() - 160));
    QVERIFY2(grid > 200, qPrintable(QString::number(grid)));
    const int caption = countDifferent(img, blank, QRect(0, img.height() - 30, half - 20, 30));
    QVERIFY2(caption > 50, qPrintable(QString::number(caption)));
  }

  // the 3D pendulum's box leaves the pivot and most of the rod in sight and keeps the shape of
  // the uniform box with the body's inertia: at the default inertia that box's half-side along
  // the rod is 0.3 = |rho| (it would touch the pivot), so it is shrunk to cover kBodyReach of
  // the rod; the heavy top's thin disc is small against its rod of 1 and keeps its true size
  void pendulum3dBodyLeavesTheRodInSight_data() {
    QTest::addColumn<double>("m");
    QTest::addColumn<QVector3D>("J");
    QTest::addColumn<QVector3D>("rho");
    QTest::addColumn<double>("shrink");  // the expected scale against the uniform box
    QTest::newRow("default") << 1.0 << QVector3D(0.13f, 0.28f, 0.17f) << QVector3D(0, 0, 0.3f)
                             << scene3d::Pendulum3dVisual::kBodyReach;
    QTest::newRow("heavy top") << 15.0 << QVector3D(15.234375f, 0.46875f, 15.234375f)
                               << QVector3D(0, 1, 0) << 1.0;
  }

  void pendulum3dBodyLeavesTheRodInSight() {
    QFETCH(double, m);
    QFETCH(QVector3D, J);
    QFETCH(QVector3D, rho);
    QFETCH(double, shrink);
    const ParamValues p = {
        {"m", {m}}, {"J", {J.x(), J.y(), J.z()}}, {"rho", {rho.x(), rho.y(), rho.z()}}};
    const Vector3d side = scene3d::Pendulum3dVisual::bodySides(p);
    const Vector3d r(rho.x(), rho.y(), rho.z());
    // the box's half-width along the rod, against the rod (round-off of the float inputs)
    const double along = 0.5 * side.dot((r / r.norm()).cwiseAbs());
    QVERIFY2(along <= scene3d::Pendulum3dVisual::kBodyReach * r.norm() * (1 + 1e-6),
             qPrintable(QString::number(along)));
    // the two sides across the rod against the uniform box's: sqrt(6 (sum Jc - 2 Jc_i) / m)
    const Vector3d Jd(J.x(), J.y(), J.z());
    const Vector3d Jc = Jd - m * (r.squaredNorm() * Vector3d::Ones() - r.cwiseProduct(r));
    for (int i = 0; i < 3; ++i) {
      if (std::fabs(r[i]) > 0) continue;  // the side along the rod (thin for the top's disc)
      const double uniform = std::sqrt(6.0 * (Jc.sum() - 2.0 * Jc[i]) / m);
      QVERIFY2(
          std::fabs(side[i] - shrink * uniform) <= 1e-6 * uniform,
          qPrintable(QString("side %1: %2 against %3").arg(i).arg(side[i]).arg(shrink * uniform)));
    }
  }

  // the typed body's inertia ellipsoid: the uniform solid ellipsoid's moments about its centre,
  // M (a2^2 + a3^2) / 5 and the cyclic others, are proportional to J; its largest semi-axis is
  // the fixed size drawn; a flat body (J3 = J1 + J2) keeps the thinnest side drawn
  void typedBodyEllipsoidHasTheBodysMoments_data() {
    QTest::addColumn<QVector3D>("J");
    QTest::addColumn<int>("thin");  // the axis drawn at the thinnest size, or -1
    QTest::newRow("default") << QVector3D(0.13f, 0.28f, 0.17f) << -1;
    QTest::newRow("symmetric top") << QVector3D(1.0f, 1.0f, 0.5f) << -1;
    QTest::newRow("sphere") << QVector3D(2.0f, 2.0f, 2.0f) << -1;
    QTest::newRow("flat disc") << QVector3D(1.0f, 1.0f, 2.0f) << 2;
  }

  void typedBodyEllipsoidHasTheBodysMoments() {
    QFETCH(QVector3D, J);
    QFETCH(int, thin);
    using scene3d::TypedBodyVisual;
    const Vector3d Jd(J.x(), J.y(), J.z());
    const Vector3d a = TypedBodyVisual::semiAxes(Jd);
    // a handful of roundings (sums, a square root, a scaling) of numbers of order 1
    const double eps = 16 * std::numeric_limits<double>::epsilon();
    QVERIFY2(std::fabs(a.maxCoeff() - TypedBodyVisual::kSemiAxis) <= eps,
             qPrintable(QString::number(a.maxCoeff())));
    if (thin >= 0) {
      QVERIFY2(std::fabs(a[thin] - TypedBodyVisual::kThinnest * TypedBodyVisual::kSemiAxis) <= eps,
               qPrintable(QString::number(a[thin])));
      return;
    }
    // the moments of the ellipsoid of these semi-axes against J: one ratio for all three
    const Vector3d a2 = a.cwiseProduct(a);
    const Vector3d moments(a2[1] + a2[2], a2[0] + a2[2], a2[0] + a2[1]);
    const Vector3d ratio = moments.cwiseQuotient(Jd);
    QVERIFY2((ratio.maxCoeff() - ratio.minCoeff()) <= eps * ratio.maxCoeff(),
             qPrintable(QString("ratios %1 %2 %3").arg(ratio[0]).arg(ratio[1]).arg(ratio[2])));
  }

  // a J the core refuses (beyond the triangle inequality, not positive) the drawing refuses
  // too, naming J; the trail's point is the tip of e3's arrow, on the ray of the recorded point
  void typedBodyRefusesJAndTracksItsThirdAxis() {
    using scene3d::TypedBodyVisual;
    for (const Vector3d& J : {Vector3d(1, 1, 2.5), Vector3d(0, 1, 1)}) {
      try {
        TypedBodyVisual::semiAxes(J);
        QFAIL(qPrintable(QString::fromStdString("J = " + formatVector(J) + " was drawn")));
      } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains("'J'"), e.what());
      }
    }
    Qt3DCore::QEntity root;
    scene3d::VisualRoots roots;
    roots.common = &root;
    for (auto& body : roots.body) body = new Qt3DCore::QEntity(&root);
    const SystemModel* model = findSystem("custom-rigid-body");
    QVERIFY(model);
    const auto visual = scene3d::makeVisual(model->name(), model->normalize({}, nullptr), roots);
    const Matrix3d R = so3Exp(Vector3d(1.2, 0.4, -0.7));
    const QVector3D tip = visual->trackedPoint(R * Vector3d(0, 0, 0.3));
    const QVector3D e3 = visual->toScene(R.col(2));
    // float coordinates: a few roundings (2^-24 relative each) of numbers below 1
    QVERIFY2(std::fabs(tip.length() - 1.4f * float(TypedBodyVisual::kSemiAxis)) <= 1e-6f,
             qPrintable(QString::number(double(tip.length()))));
    QVERIFY2(
        QVector3D::crossProduct(tip, e3).length() <= 1e-6f && QVector3D::dotProduct(tip, e3) > 0,
        "the trail's point is not on e3");
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

DMS_TEST_MAIN(TestSceneSystems)
}  // namespace tst_scenesystems
#include "tst_scenesystems.moc"
