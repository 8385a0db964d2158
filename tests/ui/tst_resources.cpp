// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The application icon compiled in from resources/dmstudio.qrc renders at the sizes a desktop
// asks for (Qt's SVG icon engine, from libqt6svg6, which the package declares), and the
// desktop entry and the metainfo name the icon and the entry the install puts under share/; the
// desktop entry claims the scenario files' own MIME type, which the app's shared-mime-info
// package defines.
#include <QDir>
#include <QFile>
#include <QIcon>
#include <QImage>
#include <QMimeDatabase>
#include <QPixmap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "tests/common/builtpath.h"
#include "tests/common/imagecheck.h"
#include "tests/common/suitemain.h"

namespace tst_resources {

const QString kAppId = "io.github.dms.DiscreteMechanicsStudio";
const QString kScenarioType = "application/x-dms-scenario+json";

QString readResourceFile(const QString& name) {
  QFile f(dms::test::builtPath(DMS_RESOURCES_DIR) + "/" + name);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

class TestResources : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void iconRenders_data();
  void iconRenders();
  void desktopEntryAndMetainfoNameTheApp();
  void scenarioFilesHaveTheirOwnType();

 private:
  QTemporaryDir m_data;  ///< XDG_DATA_HOME: the app's MIME package as the install puts it
};

void TestResources::initTestCase() {
  // before the first QMimeDatabase: it reads the data folders once
  QVERIFY(m_data.isValid());
  QVERIFY(QDir(m_data.path()).mkpath("mime/packages"));
  const QString package = dms::test::builtPath(DMS_RESOURCES_DIR) + "/" + kAppId + ".mime.xml";
  QVERIFY2(QFile::copy(package, m_data.filePath("mime/packages/" + kAppId + ".xml")),
           qPrintable(package));
  qputenv("XDG_DATA_HOME", m_data.path().toLocal8Bit());
}

void TestResources::iconRenders_data() {
  QTest::addColumn<int>("size");
  for (int size : {16, 32, 64, 256}) QTest::newRow(qPrintable(QString::number(size))) << size;
}

// the blue tile around, the vermillion bob at (50, 41) of the icon's 64 units
void TestResources::iconRenders() {
  QFETCH(int, size);
  const QIcon icon(":/icons/dmstudio.svg");
  QVERIFY(!icon.isNull());
  const QImage img = icon.pixmap(size, size).toImage();
  QCOMPARE(img.size(), QSize(size, size));
  const double s = size / 64.0;
  const QRect tile(int(8 * s), int(20 * s), std::max(1, int(8 * s)), std::max(1, int(8 * s)));
  const QRect bob(int(47 * s), int(38 * s), std::max(1, int(6 * s)), std::max(1, int(6 * s)));
  QVERIFY(dms::test::countHue(img, tile, QColor("#0072B2")) == tile.width() * tile.height());
  QVERIFY(dms::test::countHue(img, bob, QColor("#D55E00")) > 0);
}

void TestResources::desktopEntryAndMetainfoNameTheApp() {
  const QString desktop = readResourceFile(kAppId + ".desktop");
  const QString metainfo = readResourceFile(kAppId + ".metainfo.xml");
  QVERIFY(!desktop.isEmpty());
  QVERIFY(!metainfo.isEmpty());
  QVERIFY(QFile::exists(dms::test::builtPath(DMS_RESOURCES_DIR) + "/" + kAppId + ".svg"));
  QVERIFY(desktop.contains(QRegularExpression("^Icon=" + QRegularExpression::escape(kAppId) + "$",
                                              QRegularExpression::MultilineOption)));
  // a file manager passes the scenario file it opens (%f), a JSON file
  QVERIFY(desktop.contains(
      QRegularExpression("^Exec=dmstudio %f$", QRegularExpression::MultilineOption)));
  QVERIFY(desktop.contains(
      QRegularExpression("^MimeType=" + QRegularExpression::escape(kScenarioType) + ";$",
                         QRegularExpression::MultilineOption)));
  QVERIFY(metainfo.contains("<id>" + kAppId + "</id>"));
  QVERIFY(metainfo.contains("<launchable type=\"desktop-id\">" + kAppId + ".desktop</launchable>"));
}

// the desktop entry claims scenario files (*.dms.json), not every JSON file: the shared-mime-info
// package gives them a type of their own, a kind of JSON
void TestResources::scenarioFilesHaveTheirOwnType() {
  const QMimeDatabase db;
  const QMimeType scenario = db.mimeTypeForFile("lecture.dms.json", QMimeDatabase::MatchExtension);
  QCOMPARE(scenario.name(), kScenarioType);
  QVERIFY(scenario.inherits("application/json"));
  QVERIFY(!scenario.comment().isEmpty());
  QCOMPARE(db.mimeTypeForFile("data.json", QMimeDatabase::MatchExtension).name(),
           QString("application/json"));
}

DMS_TEST_MAIN(TestResources)
}  // namespace tst_resources
#include "tst_resources.moc"
