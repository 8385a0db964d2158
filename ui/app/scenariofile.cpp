#include "ui/app/scenariofile.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>

#include "ui/app/examples.h"

namespace dms::ui {

namespace {
const char* const kRecentKey = "recentScenarios";
}

ScenarioFile::ScenarioFile(QMainWindow* window, Calls calls)
    : QObject(window), m_window(window), m_calls(std::move(calls)) {
  updateTitle();
}

void ScenarioFile::addActions(QMenu* file) {
  file->addAction(tr("&Open scenario..."), QKeySequence::Open, this, [this] {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open scenario"), m_calls.folder(), tr("Scenario (*.json);;All files (*)"));
    if (!path.isEmpty()) m_calls.open(path, {});
  });
  m_recentMenu = file->addMenu(tr("Open &recent"));
  fillRecentMenu();
  QMenu* gallery = file->addMenu(tr("&Examples"));
  for (const Example& e : examples()) {
    QAction* a = gallery->addAction(e.title, this, [this, e] {
      m_calls.open(tr("example \"%1\"").arg(e.title), exampleText(e));
    });
    a->setToolTip(e.description);
    a->setStatusTip(e.description);
  }
  gallery->setToolTipsVisible(true);
  file->addAction(tr("&Save scenario"), QKeySequence::Save, this, [this] { save(); });
  file->addAction(tr("Save scenario &as..."), QKeySequence::SaveAs, this, [this] {
    const QString path = m_calls.askSavePath();
    if (!path.isEmpty()) m_calls.save(path);
  });
}

void ScenarioFile::opened(const QString& path) {
  m_path = QFileInfo(path).absoluteFilePath();
  m_modified = false;
  QStringList list = recent();
  list.removeAll(m_path);
  list.prepend(m_path);
  while (list.size() > kMaxRecent) list.removeLast();
  QSettings().setValue(kRecentKey, list);
  fillRecentMenu();
  updateTitle();
}

void ScenarioFile::forget() {
  m_path.clear();
  m_modified = false;
  updateTitle();
}

void ScenarioFile::touch() {
  if (m_modified) return;
  m_modified = true;
  updateTitle();
}

QStringList ScenarioFile::recent() const { return QSettings().value(kRecentKey).toStringList(); }

bool ScenarioFile::maybeSave() {
  if (!m_modified || m_path.isEmpty()) return true;  // untitled edits are kept in the settings
  const auto answer = QMessageBox::question(
      m_window, tr("Unsaved changes"),
      tr("The scenario %1 has changed since it was opened or saved. Save the changes?")
          .arg(QFileInfo(m_path).fileName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Cancel) return false;
  return answer == QMessageBox::Discard || save();
}

bool ScenarioFile::save() {
  if (m_path.isEmpty()) {
    const QString path = m_calls.askSavePath();
    return !path.isEmpty() && m_calls.save(path);
  }
  return m_calls.save(m_path);
}

void ScenarioFile::updateTitle() {
  const QString app = tr("Discrete Mechanics Studio");
  m_window->setWindowTitle(
      m_path.isEmpty() ? app : QStringLiteral("%1[*] — %2").arg(QFileInfo(m_path).fileName(), app));
  m_window->setWindowModified(m_modified && !m_path.isEmpty());
}

void ScenarioFile::fillRecentMenu() {
  if (!m_recentMenu) return;
  m_recentMenu->clear();
  const QStringList list = recent();
  for (int i = 0; i < list.size(); ++i) {
    const QString path = list[i];
    QAction* a = m_recentMenu->addAction(
        QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this, [this, path] {
          if (QFileInfo::exists(path)) {
            m_calls.open(path, {});
            return;
          }
          QStringList kept = recent();
          kept.removeAll(path);
          QSettings().setValue(kRecentKey, kept);
          fillRecentMenu();
          QMessageBox::warning(m_window, tr("Open recent"),
                               tr("%1 no longer exists; it is taken off the list.").arg(path));
        });
    a->setToolTip(path);
    a->setStatusTip(path);
  }
  if (!list.isEmpty()) m_recentMenu->addSeparator();
  QAction* clear = m_recentMenu->addAction(tr("Clear the list"), this, [this] {
    QSettings().remove(kRecentKey);
    fillRecentMenu();
  });
  clear->setEnabled(!list.isEmpty());
}

}  // namespace dms::ui
