// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Pushing a body with the mouse while the runs play, in a real window: a Ctrl + left drag on
// the 3D pendulum's body (QTest mouse events on the 3D view's window) holds a spring to the
// pointer; every method's run carries, at each step, the u the recorded push schedule gives
// that step (so every run got the same u at the same times), the push is not nothing and
// changes the motion, and Replay pushes runs the same runs again, bit for bit.
#include <QAction>
#include <QTemporaryDir>
#include <QWindow>
#include <QtTest>
#include <cmath>

#include "tests/common/deadline.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "ui/app/mainwindow.h"
#include "ui/common/playback.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/push.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_push {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

SimulationMode* sim(MainWindow& w) { return w.simulationMode(); }

// the runs of a new job done: its generation past `before`, its worker finished
bool waitForJob(MainWindow& w, quint64 before) {
  SimSession* s = sim(w)->session();
  return QTest::qWaitFor([&] { return s->generation() > before && !s->running(); }, ms(120000));
}

// the 3D view's window inside its container
QWindow* sceneWindow(MainWindow& w) {
  for (QWindow* child : w.windowHandle()->findChildren<QWindow*>())
    if (child->inherits("Qt3DExtras::Qt3DWindow")) return child;
  return nullptr;
}

// two samples the same to the last bit, in everything a run writes into them
bool sameBits(const Sample& a, const Sample& b) {
  return a.t == b.t && a.energy == b.energy && a.position == b.position &&
         a.attitude == b.attitude && a.momentum == b.momentum && a.state == b.state &&
         a.control == b.control;
}

class TestPush : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    dms::test::useOwnSettings(m_dir.filePath("settings"), "tst_push");
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  }

  void cleanupTestCase() { m_window.reset(); }

  void dragPushesEveryRunAlikeAndReplays() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("pendulum-3d"));
    ParamPanel* panel = sim(w)->paramPanel();
    panel->setMethods({});
    panel->resetToArticle();
    panel->setMethods({Method::Variational, Method::Rk45});
    panel->setValue("T", {5.0});
    quint64 before = sim(w)->session()->generation();
    sim(w)->recompute();
    QVERIFY(waitForJob(w, before));
    QVERIFY(!sim(w)->session()->job().push);
    QVERIFY(!sim(w)->replayAction()->isEnabled());
    // the free runs' ends, to tell the pushed ones from
    std::vector<Sample> free;
    for (const RunStore& s : sim(w)->session()->stores()) free.push_back(s.last());

    // playing from t = 0.5 s at real speed
    Playback* playback = w.playback();
    playback->setSpeed(1.0);
    playback->seek(0.5);
    playback->play();
    QVERIFY(QTest::qWaitFor([&] { return playback->time() > 0.6; }, ms(20000)));
    QWindow* window = sceneWindow(w);
    QVERIFY(window);

    // Ctrl + press a little off the body's centre of mass in the first run's viewport
    const SimJob& job0 = sim(w)->session()->job();
    const std::optional<Sample> now = sim(w)->session()->stores()[0].nearest(playback->time());
    QVERIFY(now);
    const std::optional<QPointF> body = w.scene()->screenPoint(0, now->position);
    QVERIFY(body);
    // the ray back through that pixel passes by the point
    const std::optional<SceneRay> ray = w.scene()->rayAt(*body);
    QVERIFY(ray);
    QCOMPARE(ray->run, 0);
    const Vector3d toBody = now->position - ray->origin;
    const double miss = (toBody - toBody.dot(ray->direction) * ray->direction).norm();
    QVERIFY2(miss < 1e-3 * toBody.norm(), qPrintable(QString("miss %1").arg(miss)));

    // paused, a Ctrl + press holds nothing
    const QPoint press = body->toPoint() + QPoint(6, 4);
    playback->pause();
    QTest::mousePress(window, Qt::LeftButton, Qt::ControlModifier, press);
    QVERIFY(!sim(w)->pushing());
    QTest::mouseRelease(window, Qt::LeftButton, Qt::ControlModifier, press);
    QVERIFY(!sim(w)->session()->job().push);
    playback->play();
    QTest::mousePress(window, Qt::LeftButton, Qt::ControlModifier, press);
    QVERIFY(sim(w)->pushing());
    QVERIFY(sim(w)->session()->job().push);
    QCOMPARE(sim(w)->session()->job().methods, job0.methods);
    // drag the pointer up and to the side over a few frames, hold it there a simulated second
    for (int i = 1; i <= 5; ++i) {
      QTest::mouseMove(window, press + QPoint(24 * i, -12 * i));
      QTest::qWait(60);
    }
    const auto [point, pointer] = sim(w)->spring();
    QVERIFY2((pointer - point).norm() > 0.05,
             qPrintable(QString("spring %1 m").arg((pointer - point).norm())));
    const double pushedAt = playback->time();
    // a picture of the window while dragging, when DMS_PUSH_SHOT names a PNG to write
    if (const QString shot = qEnvironmentVariable("DMS_PUSH_SHOT"); !shot.isEmpty()) {
      QVERIFY(QTest::qWaitFor([&] { return playback->time() > pushedAt + 0.5; }, ms(60000)));
      bool written = false, ok = false;
      QString why;
      w.screenshot(shot, [&](bool good, QString message) {
        written = true;
        ok = good;
        why = message;
      });
      QVERIFY(QTest::qWaitFor([&] { return written; }, ms(30000)));
      QVERIFY2(ok, qPrintable(why));
    }
    QVERIFY(QTest::qWaitFor([&] { return playback->time() > pushedAt + 1.0; }, ms(60000)));
    QTest::mouseRelease(window, Qt::LeftButton, Qt::ControlModifier, press + QPoint(120, -60));
    QVERIFY(!sim(w)->pushing());
    QVERIFY(QTest::qWaitFor([&] { return !sim(w)->session()->running(); }, ms(120000)));

    // a second push later on: the runs start again from t = 0 under the first push, and repeat
    // the once-pushed runs bit for bit up to the second press
    const std::size_t firstEntries = sim(w)->recordedPushes()->entries().size();
    std::vector<std::vector<Sample>> once;
    for (const RunStore& s : sim(w)->session()->stores()) once.push_back(s.playback());
    QVERIFY(QTest::qWaitFor([&] { return playback->time() > pushedAt + 1.3; }, ms(60000)));
    const double t2 = playback->time();
    const std::optional<Sample> later = sim(w)->session()->stores()[0].nearest(t2);
    QVERIFY(later);
    const std::optional<QPointF> there = w.scene()->screenPoint(0, later->position);
    QVERIFY(there);
    const QPoint press2 = there->toPoint() + QPoint(-5, 3);
    QTest::mousePress(window, Qt::LeftButton, Qt::ControlModifier, press2);
    QVERIFY(sim(w)->pushing());
    const std::int64_t secondFrom =
        std::int64_t(std::ceil(t2 / sim(w)->session()->job().settings.h));
    for (int i = 1; i <= 4; ++i) {
      QTest::mouseMove(window, press2 + QPoint(-20 * i, 10 * i));
      QTest::qWait(60);
    }
    QVERIFY(QTest::qWaitFor([&] { return playback->time() > t2 + 0.5; }, ms(60000)));
    QTest::mouseRelease(window, Qt::LeftButton, Qt::ControlModifier, press2 + QPoint(-80, 40));
    QVERIFY(QTest::qWaitFor([&] { return !sim(w)->session()->running(); }, ms(120000)));
    QVERIFY(sim(w)->recordedPushes()->entries().size() > firstEntries + 1);
    for (std::size_t r = 0; r < once.size(); ++r) {
      const std::vector<Sample>& twice = sim(w)->session()->stores()[r].playback();
      QCOMPARE(twice.size(), once[r].size());
      std::size_t same = 0;
      const double h2 = sim(w)->session()->job().settings.h;
      for (std::size_t k = 0; k < twice.size() && std::llround(twice[k].t / h2) < secondFrom; ++k) {
        QVERIFY2(sameBits(twice[k], once[r][k]),
                 qPrintable(
                     QString("run %1: sample %2 (t = %3) differs").arg(r).arg(k).arg(twice[k].t)));
        ++same;
      }
      qInfo("run %zu: %zu kept samples before the second press, the same bit for bit", r, same);
      QVERIFY(same > 50);
    }

    const std::shared_ptr<const PushSchedule> pushes = sim(w)->recordedPushes();
    QVERIFY(pushes);
    QVERIFY(pushes->closed());
    QVERIFY(sim(w)->replayAction()->isEnabled());
    // the Control view draws each run's u
    QVERIFY(sim(w)->plotPanel()->viewAvailable(PlotView::Control));
    qInfo("push schedule: %zu entries, largest |u| %.4g N m", pushes->entries().size(),
          pushes->largest());
    QVERIFY(pushes->entries().size() >= 3);  // the drag's changes, and zero at the release
    QVERIFY(pushes->largest() > 1e-3);
    QVERIFY(pushes->entries().back().u == std::vector<double>(3, 0.0));

    // every run carries at each of its samples the schedule's u at that step: the same u at the
    // same times for every method, read from the one schedule
    const SimJob& job = sim(w)->session()->job();
    const double h = job.settings.h;
    const std::vector<RunStore>& stores = sim(w)->session()->stores();
    QCOMPARE(stores.size(), std::size_t(2));
    std::vector<std::vector<Sample>> pushed;
    for (std::size_t r = 0; r < stores.size(); ++r) {
      const RunStore& store = stores[r];
      QVERIFY(!sim(w)->session()->status()[r].failure.failed);
      QCOMPARE(store.lastTime(), job.settings.T);
      std::size_t nonzero = 0;
      for (const Sample& s : store.playback()) {
        if (s.t >= job.settings.T) continue;  // the last sample holds no step
        VectorXd expected = VectorXd::Zero(3);
        pushes->addAt(std::llround(s.t / h), expected);
        QVERIFY2(s.control.size() == 3 && s.control == expected,
                 qPrintable(QString("%1 at t = %2: u (%3, %4, %5), the schedule (%6, %7, %8)")
                                .arg(QString::fromStdString(methodName(job.methods[r])))
                                .arg(s.t)
                                .arg(s.control.size() == 3 ? s.control[0] : NAN)
                                .arg(s.control.size() == 3 ? s.control[1] : NAN)
                                .arg(s.control.size() == 3 ? s.control[2] : NAN)
                                .arg(expected[0])
                                .arg(expected[1])
                                .arg(expected[2])));
        if (expected.norm() > 0.0) ++nonzero;
      }
      qInfo("%s: %zu kept samples under a push of %zu", methodName(job.methods[r]).c_str(), nonzero,
            store.playback().size());
      QVERIFY(nonzero > 5);
      // the push moved the body: its end is elsewhere than the free run's
      const double apart = (store.last().position - free[r].position).norm();
      qInfo("%s: the end moved by %.4g m", methodName(job.methods[r]).c_str(), apart);
      QVERIFY(apart > 1e-3);
      pushed.push_back(store.playback());
      pushed.back().push_back(store.last());
    }
    // the same kept times in both runs, and the same u at each
    QCOMPARE(pushed[0].size(), pushed[1].size());
    for (std::size_t k = 0; k < pushed[0].size(); ++k) {
      QCOMPARE(pushed[0][k].t, pushed[1][k].t);
      QVERIFY(pushed[0][k].control == pushed[1][k].control);
    }

    // Replay pushes: the runs again from t = 0 under the recorded schedule, the same to the bit
    before = sim(w)->session()->generation();
    sim(w)->replayAction()->trigger();
    QVERIFY(sim(w)->session()->job().push);
    QVERIFY(sim(w)->session()->job().push->closed());
    QVERIFY(sim(w)->session()->job().push->entries() == pushes->entries());
    QVERIFY(playback->time() < 0.5);
    QVERIFY(waitForJob(w, before));
    for (std::size_t r = 0; r < stores.size(); ++r) {
      std::vector<Sample> again = stores[r].playback();
      again.push_back(stores[r].last());
      QCOMPARE(again.size(), pushed[r].size());
      for (std::size_t k = 0; k < again.size(); ++k)
        QVERIFY2(sameBits(again[k], pushed[r][k]),
                 qPrintable(QString("%1: sample %2 (t = %3) differs")
                                .arg(QString::fromStdString(methodName(job.methods[r])))
                                .arg(k)
                                .arg(again[k].t)));
    }
    playback->pause();
  }

  // every kind of body takes a push through the view: picked where the view draws it, the
  // push on its channels, every run's u the schedule's at each kept step
  void everySystemTakesAPush_data() {
    QTest::addColumn<QString>("system");
    for (const char* name : {"planar-pendulum", "spherical-pendulum", "mass-spring",
                             "pendulum-chain", "dumbbell", "two-body"})
      QTest::newRow(name) << QString(name);
  }

  void everySystemTakesAPush() {
    QFETCH(QString, system);
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem(system));
    ParamPanel* panel = sim(w)->paramPanel();
    panel->setMethods({});
    panel->resetToArticle();
    const quint64 before = sim(w)->session()->generation();
    sim(w)->recompute();
    QVERIFY(waitForJob(w, before));
    const SimJob& job0 = sim(w)->session()->job();
    const double T = job0.settings.T;
    // the whole horizon in about ten seconds
    Playback* playback = w.playback();
    playback->setSpeed(T / 10.0);
    playback->seek(0.1 * T);
    playback->play();
    QVERIFY(QTest::qWaitFor([&] { return playback->time() > 0.12 * T; }, ms(20000)));
    QWindow* window = sceneWindow(w);
    QVERIFY(window);
    const double t = playback->time();
    const std::optional<Sample> now = sim(w)->session()->stores()[0].nearest(t);
    QVERIFY(now);
    // the last body (the chain's last bob, the two-body problem's secondary)
    const std::vector<BodyPose> poses = job0.model->bodyPoses(job0.values, *now);
    const std::optional<QPointF> body = w.scene()->screenPoint(0, poses.back().position);
    QVERIFY(body);
    const QPoint press = body->toPoint() + QPoint(3, 2);
    QTest::mousePress(window, Qt::LeftButton, Qt::ControlModifier, press);
    QVERIFY(sim(w)->pushing());
    for (int i = 1; i <= 4; ++i) {
      QTest::mouseMove(window, press + QPoint(15 * i, 10 * i));
      QTest::qWait(40);
    }
    // held for a few of the system's time scales (the playback slows to their pace)
    const double hold = std::min(0.08 * T, 5.0 * job0.model->declaration().timeScale.value_or(1.0));
    QVERIFY(QTest::qWaitFor([&] { return playback->time() > t + hold; }, ms(60000)));
    QTest::mouseRelease(window, Qt::LeftButton, Qt::ControlModifier, press + QPoint(60, 40));
    QVERIFY(!sim(w)->pushing());
    QVERIFY(QTest::qWaitFor([&] { return !sim(w)->session()->running(); }, ms(120000)));
    playback->pause();

    const std::shared_ptr<const PushSchedule> pushes = sim(w)->recordedPushes();
    QVERIFY(pushes && pushes->closed());
    qInfo("%s: k = %.4g, %zu entries, largest |u| %.4g", qPrintable(system),
          pushStiffness(*job0.model, job0.values), pushes->entries().size(), pushes->largest());
    QVERIFY(pushes->largest() > 0.0);
    const SimJob& job = sim(w)->session()->job();
    const double h = job.settings.h;
    for (std::size_t r = 0; r < sim(w)->session()->stores().size(); ++r) {
      const RunStore& store = sim(w)->session()->stores()[r];
      QVERIFY2(!sim(w)->session()->status()[r].failure.failed,
               sim(w)->session()->status()[r].failure.reason.c_str());
      std::size_t nonzero = 0;
      for (const Sample& s : store.playback()) {
        if (s.t >= T) continue;
        VectorXd expected = VectorXd::Zero(Eigen::Index(pushes->size()));
        pushes->addAt(std::llround(s.t / h), expected);
        QVERIFY2(s.control == expected, qPrintable(QString("run %1 at t = %2").arg(r).arg(s.t)));
        if (expected.norm() > 0.0) ++nonzero;
      }
      QVERIFY(nonzero > 0);
    }
  }

  // the force on each kind of channel: a point mass's force, a rigid body's torque about its
  // pivot in body coordinates, the planar pendulum's torque about the pivot, the rail's force
  void forceMapsOntoTheDeclaredChannels() {
    const Vector3d F(0.0, 0.0, 2.0);
    for (const char* name : {"spherical-pendulum", "planar-pendulum", "pendulum-3d"}) {
      const SystemModel* model = findSystem(name);
      QVERIFY(model);
      const ParamValues values = model->normalize(defaultValues(model->params()), nullptr);
      const std::unique_ptr<Run> run =
          model->makeRun(values, Method::Variational, model->declaration().settings);
      std::vector<Sample> first;
      run->advance(first, 1);
      QVERIFY(!first.empty());
      const Sample& s = first.front();
      const std::optional<PushGrab> grab =
          pickBody(*model, values, s, 0, s.position + Vector3d(0.01, 0.0, 5.0),
                   Vector3d(0.0, 0.0, -1.0), 1.0);
      QVERIFY2(grab, name);
      const Vector3d p = grabPoint(*model, values, s, *grab);
      const VectorXd u = pushControl(*model, values, s, *grab, p, F);
      if (std::string(name) == "spherical-pendulum") {
        QVERIFY(u == VectorXd(F));
      } else if (std::string(name) == "planar-pendulum") {
        QCOMPARE(u.size(), Eigen::Index(1));
        QCOMPARE(u[0], p.cross(F).z());
      } else {
        const Vector3d tau = s.attitude.transpose() * p.cross(F);
        QVERIFY((u - VectorXd(tau)).norm() <= 1e-12 * tau.norm());
        QVERIFY(tau.norm() > 0.0);
      }
      QVERIFY(pushStiffness(*model, values) > 0.0);
    }
  }

  // the other channels: the rail's component, the held bob's row of the chain, the dumbbell's
  // torque about its centre of mass and its force, the two-body problem's torque on the held
  // body with the pair's force on body 2 (its opposite on body 1)
  void forceMapsOntoBodiesAndPairs() {
    const Vector3d F(0.5, -1.0, 2.0);
    for (const char* name : {"mass-spring", "pendulum-chain", "dumbbell", "two-body"}) {
      const SystemModel* model = findSystem(name);
      QVERIFY(model);
      const ParamValues values = model->normalize(defaultValues(model->params()), nullptr);
      const std::unique_ptr<Run> run =
          model->makeRun(values, Method::Variational, model->declaration().settings);
      std::vector<Sample> first;
      run->advance(first, 1);
      QVERIFY(!first.empty());
      const Sample& s = first.front();
      const std::vector<BodyPose> poses = model->bodyPoses(values, s);
      for (std::size_t b = 0; b < poses.size(); ++b) {
        // a ray straight at body b, a little beside its position
        const Vector3d aim = poses[b].position + Vector3d(1e-3, 0.0, 0.0);
        const std::optional<PushGrab> grab =
            pickBody(*model, values, s, 0, aim + Vector3d(0.0, 0.0, 10.0 * (aim.norm() + 1.0)),
                     -Vector3d::UnitZ(), 1e-2);
        QVERIFY2(grab && grab->body == int(b), qPrintable(QString("%1 body %2").arg(name).arg(b)));
        const Vector3d p = grabPoint(*model, values, s, *grab);
        const VectorXd u = pushControl(*model, values, s, *grab, p, F);
        const std::string n = name;
        const Vector3d tau = poses[b].attitude.transpose() * (p - poses[b].position).cross(F);
        if (n == "mass-spring") {
          QCOMPARE(u.size(), Eigen::Index(1));
          QCOMPARE(u[0], F.x());
        } else if (n == "pendulum-chain") {
          QCOMPARE(u.size(), Eigen::Index(3 * poses.size()));
          for (std::size_t r = 0; r < poses.size(); ++r)
            QVERIFY(Vector3d(u.segment<3>(Eigen::Index(3 * r))) == (r == b ? F : Vector3d::Zero()));
        } else if (n == "dumbbell") {
          QCOMPARE(u.size(), Eigen::Index(6));
          QVERIFY(Vector3d(u.head<3>()) == tau);
          QVERIFY(tau.norm() > 0.0);
          QVERIFY(Vector3d(u.tail<3>()) == F);
        } else {
          QCOMPARE(u.size(), Eigen::Index(9));
          QVERIFY(Vector3d(u.segment<3>(Eigen::Index(3 * b))) == tau);
          QVERIFY(tau.norm() > 0.0);
          QVERIFY(Vector3d(u.segment<3>(Eigen::Index(3 * (1 - b)))) == Vector3d::Zero());
          QVERIFY(Vector3d(u.tail<3>()) == (b == 1 ? F : Vector3d(-F)));
        }
      }
    }
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

DMS_TEST_MAIN(TestPush)
}  // namespace tst_push
#include "tst_push.moc"
