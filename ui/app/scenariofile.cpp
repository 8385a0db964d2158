// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/scenariofile.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>

#include "ui/app/examples.h"
#include "ui/app/mainwindow.h"
#include "ui/mode/mode.h"

namespace dms::ui {

namespace {
const char* const kRecentKey = "recentScenarios";
}

ScenarioFile::ScenarioFile(MainWindow* window) : QObject(window), m_window(window) {
  m_pending.setSingleShot(true);
  m_pending.setInterval(kCoalesceMs);
  connect(&m_pending, &QTimer::timeout, this, &ScenarioFile::record);
  updateTitle();
}

void ScenarioFile::addActions(QMenu* file) {
  file->addAction(tr("&Open scenario..."), QKeySequence::Open, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open scenario"), m_window->lastDir(),
                                     tr("Scenario (*.dms.json *.json);;All files (*)"));
    if (!path.isEmpty() && maybeSave()) m_window->openScenario(path);
  });
  m_recentMenu = file->addMenu(tr("Open &recent"));
  fillRecentMenu();
  QMenu* gallery = file->addMenu(tr("&Examples"));
  for (const Example& e : examples()) {
    QAction* a = gallery->addAction(e.title, this, [this, e] {
      if (!maybeSave()) return;
      m_window->openScenario(tr("example \"%1\"").arg(e.title), exampleText(e));
    });
    a->setToolTip(e.description);
    a->setStatusTip(e.description);
  }
  gallery->setToolTipsVisible(true);
  file->addAction(tr("&Save scenario"), QKeySequence::Save, this, [this] { save(); });
  file->addAction(tr("Save scenario &as..."), QKeySequence::SaveAs, this, [this] {
    const QString path =
        m_window->askSavePath(tr("Save scenario"), ".dms.json", tr("Scenario (*.dms.json *.json)"));
    if (!path.isEmpty()) m_window->saveScenario(path);
  });

  QMenu* edit = m_window->menuBar()->addMenu(tr("&Edit"));
  m_undoAction = edit->addAction(tr("&Undo"), QKeySequence::Undo, this, &ScenarioFile::undo);
  m_redoAction = edit->addAction(tr("&Redo"), QKeySequence::Redo, this, &ScenarioFile::redo);
  updateActions();
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
  resetHistory();
}

void ScenarioFile::saved(const QString& path) {
  const std::vector<std::string> undo = m_undo, redo = m_redo;
  opened(path);
  m_undo = undo;  // saving is not an edit: the history stays
  m_redo = redo;
  updateActions();
}

void ScenarioFile::forget() {
  m_path.clear();
  m_modified = false;
  updateTitle();
  resetHistory();
}

void ScenarioFile::touch() {
  if (m_applying) return;
  m_pending.start();
  updateActions();
  updateModified();
}

void ScenarioFile::updateModified() {
  const bool modified = current() != m_saved;
  if (modified == m_modified) return;
  m_modified = modified;
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

void ScenarioFile::undo() {
  record();  // edits not yet a step become one first
  if (m_undo.empty()) return;
  m_redo.push_back(m_present);
  m_present = m_undo.back();
  m_undo.pop_back();
  apply(m_present);
}

void ScenarioFile::redo() {
  if (m_pending.isActive()) record();  // a new edit ends what could be redone
  if (m_redo.empty()) return;
  m_undo.push_back(m_present);
  m_present = m_redo.back();
  m_redo.pop_back();
  apply(m_present);
}

std::optional<Scenario> ScenarioFile::whole() const {
  const Mode* mode = m_window->scenarioMode();
  std::optional<Scenario> sc = mode ? mode->role<ComputesScenario>()->scenario() : std::nullopt;
  if (sc)
    for (const Mode* m : m_window->modes())
      if (const auto* k = m->role<AddsToScenario>()) k->addToScenario(*sc);
  return sc;
}

std::string ScenarioFile::current() const {
  const std::optional<Scenario> sc = whole();
  return sc ? scenarioToJson(*sc) : std::string();
}

void ScenarioFile::resetHistory() {
  m_pending.stop();
  m_undo.clear();
  m_redo.clear();
  m_present = current();
  m_saved = m_present;
  updateActions();
}

void ScenarioFile::record() {
  m_pending.stop();
  const std::string now = current();
  if (!now.empty() && now != m_present) {
    m_undo.push_back(m_present);
    if (m_undo.size() > std::size_t(kMaxUndo)) m_undo.erase(m_undo.begin());
    m_redo.clear();
    m_present = now;
  }
  updateActions();
}

void ScenarioFile::apply(const std::string& json) {
  Mode* mode = m_window->scenarioMode();
  if (mode && !json.empty()) {
    m_applying = true;
    const Scenario sc = parseScenario(json, nullptr);  // a scenario this window made
    mode->role<ComputesScenario>()->applyScenario(sc);
    for (Mode* m : m_window->modes())
      if (auto* k = m->role<AddsToScenario>()) k->takeFromScenario(sc);
    m_applying = false;
  }
  updateModified();  // undone back to what was opened or saved: unchanged again
  updateActions();
}

bool ScenarioFile::save() {
  if (m_path.isEmpty()) {
    const QString path =
        m_window->askSavePath(tr("Save scenario"), ".dms.json", tr("Scenario (*.dms.json *.json)"));
    return !path.isEmpty() && m_window->saveScenario(path);
  }
  return m_window->saveScenario(m_path);
}

void ScenarioFile::updateTitle() {
  const QString app = tr("Discrete Mechanics Studio");
  m_window->setWindowTitle(
      m_path.isEmpty() ? app : QStringLiteral("%1[*] — %2").arg(QFileInfo(m_path).fileName(), app));
  m_window->setWindowModified(m_modified && !m_path.isEmpty());
}

void ScenarioFile::updateActions() {
  if (m_undoAction) m_undoAction->setEnabled(canUndo());
  if (m_redoAction) m_redoAction->setEnabled(canRedo());
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
            if (maybeSave()) m_window->openScenario(path);
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
